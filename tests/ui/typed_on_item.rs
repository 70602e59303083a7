// The attribute makes arrays, slices and `&CStr`s, not a `&JNIStr`.
#[litenc::encoded("mutf-8", jnistr)]
const NAME: &core::ffi::CStr = "java/lang/String";

fn main() {}
