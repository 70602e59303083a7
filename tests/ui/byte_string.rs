// A byte string is already bytes.
const BAD: [u8; 2] = litenc::utf8!(b"hi");

fn main() {}
