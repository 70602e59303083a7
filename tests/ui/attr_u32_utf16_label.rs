// `[u32; _]` needs a UTF-32 label.
#[litenc::encoded("utf-16")]
static TEXT: [u32; _] = "Да";

fn main() {}
