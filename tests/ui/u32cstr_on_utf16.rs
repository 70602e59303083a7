// `&U32CStr` holds UTF-32 units, and `utf16!` gives UTF-16.
const BAD: &[u16] = &litenc::utf16!("hi", u32cstr);

fn main() {}
