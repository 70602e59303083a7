// UTF-32LE has zero bytes in its units: no `&CStr`.
const BAD: &core::ffi::CStr = litenc::utf32le!("hi", cstr);

fn main() {}
