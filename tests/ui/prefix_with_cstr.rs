// A `&CStr` cannot start with a length.
const BAD: &core::ffi::CStr = litenc::utf8!("hi", cstr, len_u8);

fn main() {}
