// The file must be UTF-8.
static BAD: [u8; 3] = litenc::include_encoded!("cp1251", "data/latin1.txt");

fn main() {}
