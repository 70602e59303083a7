// Options come after the text.
const BAD: [u8; 3] = litenc::utf8!(nul, "hi");

fn main() {}
