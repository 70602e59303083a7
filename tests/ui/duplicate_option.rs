// The same option twice.
const BAD: [u8; 3] = litenc::utf8!("hi", nul, nul);

fn main() {}
