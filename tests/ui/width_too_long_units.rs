// In units for utf16!: the UTF-16 length, with its terminator, against the width.
const NAME: [u16; 4] = litenc::utf16!("abcd", nul, width = 4);

fn main() {}
