// `PCWSTR` points to UTF-16 code units, and `utf16le!` gives bytes.
const BAD: [u8; 4] = litenc::utf16le!("hi", pcwstr);

fn main() {}
