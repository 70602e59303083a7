// Nothing to encode.
const BAD: [u8; 0] = litenc::utf16le!();

fn main() {}
