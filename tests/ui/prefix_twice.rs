// Two different length prefixes.
const BAD: [u8; 3] = litenc::utf8!("hi", len_u8, len_u16be);

fn main() {}
