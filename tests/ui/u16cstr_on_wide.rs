// `wide!` is 16 or 32 bits by target: no `&U16CStr` from it.
const BAD: &[u16] = &litenc::wide!("hi", u16cstr);

fn main() {}
