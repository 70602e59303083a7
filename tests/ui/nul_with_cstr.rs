// `cstr` already ends with NUL.
const BAD: &core::ffi::CStr = litenc::utf8!("hi", cstr, nul);

fn main() {}
