// `include_str!` of a file that does not exist.
static BAD: [u8; 3] = litenc::utf8!("head ", include_str!("data/missing.txt"));

fn main() {}
