// The label must come first, as a string literal.
const LABEL: &str = "utf-8";
const BAD: [u8; 2] = litenc::encode!(LABEL, "hi");

fn main() {}
