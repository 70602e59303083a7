// UTF-16 has zero bytes in its units: no `&CStr`.
const BAD: &core::ffi::CStr = litenc::utf16le!("hi", cstr);

fn main() {}
