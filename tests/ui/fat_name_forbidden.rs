// A character FAT forbids in a short name.
const NAME: [u8; 11] = litenc::fat_name!("a+b.txt");

fn main() {}
