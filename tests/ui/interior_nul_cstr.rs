// The same for `cstr`.
const BAD: &core::ffi::CStr = litenc::utf8!("a\0b", "\0", cstr);

fn main() {}
