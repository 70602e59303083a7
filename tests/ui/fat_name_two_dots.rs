// A short name has one dot at most.
const NAME: [u8; 11] = litenc::fat_name!("archive.tar.gz");

fn main() {}
