// An option that does not exist.
const BAD: [u8; 3] = litenc::utf8!("hi", nulterm);

fn main() {}
