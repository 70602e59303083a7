// A length prefix counts bytes; a `&U32CStr` holds units.
const BAD: [u32; 3] = litenc::utf32!("hi", u32cstr, len_u8);

fn main() {}
