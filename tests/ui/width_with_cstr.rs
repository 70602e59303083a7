// A `&CStr` ends at its terminator: no padding after it.
const NAME: &core::ffi::CStr = litenc::utf8!("ab", cstr, width = 4);

fn main() {}
