// `const_encode!` with `nul` and an interior U+0000.
const BAD: [u16; 4] = litenc::const_encode!(utf16, "a\0b", nul);

fn main() {}
