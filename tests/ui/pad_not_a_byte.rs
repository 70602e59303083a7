// A pad that a byte cannot hold.
const NAME: [u8; 4] = litenc::utf8!("ab", width = 4, pad = 256);

fn main() {}
