// FAT names are in an OEM code page, not UTF-8.
const NAME: [u8; 11] = litenc::fat_name!("utf-8", "readme.txt");

fn main() {}
