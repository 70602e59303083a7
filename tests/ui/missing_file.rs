// A file that does not exist.
static BAD: [u8; 3] = litenc::include_encoded!("utf-8", "data/no-such-file.txt");

fn main() {}
