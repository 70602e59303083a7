// A length prefix counts bytes; `utf16!` gives `u16` units.
const BAD: [u16; 3] = litenc::utf16!("hi", len_u16le);

fn main() {}
