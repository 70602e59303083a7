// One macro, one value: not a `&CStr` and a `&JNIStr` at once.
const BAD: &core::ffi::CStr = litenc::mutf8!("hi", cstr, jnistr);

fn main() {}
