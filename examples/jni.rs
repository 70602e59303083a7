//! JNI names and signatures as `&CStr` in Java's modified UTF-8, encoded at
//! compile time: `cargo run --example jni`.
//!
//! `FindClass`, `GetMethodID`, `GetFieldID` and `NewStringUTF` take
//! NUL-terminated *modified* UTF-8 (JVM spec §4.4.7): U+0000 as `C0 80` and
//! supplementary characters as two 3-byte surrogates. `mutf8!(..., cstr)`
//! gives exactly that as a `&'static CStr`, ready for `.as_ptr()`; plain
//! UTF-8 would be wrong for any class or string holding an emoji or a NUL.
//!
//! The example does not start a JVM; it shows the bytes a JNI call receives.

use core::ffi::CStr;

use litenc::{encoded, mutf8};

/// A class, a method and its descriptor.
const CLASS: &CStr = mutf8!("com/example/Grüße", cstr);
const METHOD: &CStr = mutf8!("send", cstr);
const SIGNATURE: &CStr = mutf8!("(Ljava/lang/String;[B)V", cstr);

/// A string literal for `NewStringUTF`, with a NUL and an emoji inside.
#[encoded("java-modified-utf-8")]
static GREETING: &CStr = "key\0value 😀";

fn show(name: &str, c: &CStr) {
    println!("{name:>9}: {:02X?}", c.to_bytes_with_nul());
}

fn main() {
    show("class", CLASS);
    show("method", METHOD);
    show("signature", SIGNATURE);
    show("greeting", GREETING);

    // U+0000 is C0 80, so the only zero byte is the terminator.
    assert_eq!(&GREETING.to_bytes()[3..5], &[0xC0, 0x80]);
    // 😀 is two 3-byte surrogates, not UTF-8's 4 bytes.
    assert!(GREETING
        .to_bytes()
        .ends_with(&[0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]));
    // And the runtime decoder reads it back.
    let text = litenc::mutf8::decode(GREETING.to_bytes()).unwrap();
    assert_eq!(text, "key\0value 😀");
    println!("decoded: {text:?}");
}
