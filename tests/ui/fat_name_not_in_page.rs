// CP437 has à but not À, the upper case a short name needs.
const NAME: [u8; 11] = litenc::fat_name!("voilà.txt");

fn main() {}
