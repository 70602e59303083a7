// A file with characters Big5 lacks.
static BAD: [u8; 10] = litenc::include_encoded!("big5", "data/cjk_mixed.txt");

fn main() {}
