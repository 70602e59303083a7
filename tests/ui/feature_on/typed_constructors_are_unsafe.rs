// The constructors behind `jnistr`, `u16cstr` and `u32cstr` trust their
// input (a `U16CStr` with an interior zero unit, a `JNIStr` that is not
// modified UTF-8 would be undefined behaviour): safe code cannot call them,
// `#[doc(hidden)]` or not.
#![forbid(unsafe_code)]

use litenc::__private::typed::{jni_str, u16cstr, u32cstr};

static UNITS16: [u16; 4] = [0x61, 0, 0x62, 0];
static UNITS32: [u32; 4] = [0x61, 0, 0x62, 0];

fn main() {
    let _ = u16cstr(&UNITS16);
    let _ = u32cstr(&UNITS32);
    let _ = jni_str(c"\xFF\xFE\xED\xA0\x80");
}
