// `PCSTR` points to bytes, and `utf16!` gives 2-byte units.
const BAD: [u16; 3] = litenc::utf16!("hi", pcstr);

fn main() {}
