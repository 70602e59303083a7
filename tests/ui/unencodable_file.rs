// Characters Windows-1251 lacks, in a file.
static BAD: [u8; 10] = litenc::include_encoded!("cp1251", "data/emoji.txt");

fn main() {}
