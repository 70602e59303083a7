// An extension of more than 3 bytes.
const NAME: [u8; 11] = litenc::fat_name!("index.html");

fn main() {}
