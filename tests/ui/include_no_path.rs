// `include_encoded!` needs a path after the label.
static BAD: [u8; 3] = litenc::include_encoded!("utf-8");

fn main() {}
