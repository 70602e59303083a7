// A `&U16CStr` would end at the U+0000.
const BAD: [u16; 4] = litenc::utf16!("a\0b", u16cstr);

fn main() {}
