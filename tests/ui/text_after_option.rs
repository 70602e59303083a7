// Text after an option.
const BAD: [u8; 5] = litenc::utf8!("hi", nul, "there");

fn main() {}
