// A base name of more than 8 bytes.
const NAME: [u8; 11] = litenc::fat_name!("longfilename.txt");

fn main() {}
