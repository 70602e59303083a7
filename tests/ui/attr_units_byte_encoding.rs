// `[u16; _]` needs a UTF-16 label.
#[litenc::encoded("windows-1251")]
static TEXT: [u16; _] = "Да";

fn main() {}
