//! The typed strings of the FFI crates (`jnistr`, `u16cstr`, `u32cstr`,
//! `pcwstr`, `pcstr`), each read back through its own crate's API and held
//! to that crate's own literal macro: `jni::jni_str!`, `widestring::u16cstr!`
//! and `u32cstr!`, `windows_strings::w!` and `s!`.
//!
//! The file forbids `unsafe`, as a user's crate may; the reads that take it
//! (`PCWSTR::as_wide`, ...) are in `ffi_windows.rs`. (The lint does not look
//! into a macro's output, so that the expansions hold no `unsafe` is checked
//! on their tokens, in `litenc-macros`.)
//! Run with `cargo test --features jni,windows-strings,widestring`; the
//! Windows types exist on Windows targets only (`.ci/run` runs them under
//! Miri for `x86_64-pc-windows-gnu`).

#![cfg(feature = "macros")]
#![forbid(unsafe_code)]

/// Calls `$check!(text)` for texts that cross every UTF-16 and MUTF-8
/// form: ASCII, two- and three-byte characters, the ends of the BMP,
/// surrogate pairs, the last scalar value, and a raw string.
#[cfg_attr(
    not(any(feature = "jni", feature = "widestring")),
    allow(unused_macros, reason = "only the FFI features use it")
)]
macro_rules! each_text {
    ($check:ident) => {
        $check!("");
        $check!("hello, world");
        $check!("Привет, мир");
        $check!("Grüße, 東京, مرحبا");
        $check!("😀");
        $check!("x😀y🎉\u{10000}\u{10FFFF}");
        $check!("\u{7F}\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFD}\u{FFFF}");
        $check!(r"C:\Windows\System32");
    };
}

#[cfg(feature = "jni")]
mod jni_str {
    use core::ffi::CStr;

    use jni::strings::JNIStr;
    use litenc::{encode, include_encoded, mutf8};

    const CLASS: &JNIStr = mutf8!("java/lang/String", jnistr);
    const LABELLED: &JNIStr = encode!("java-modified-utf-8", "a\0b😀", jnistr);
    static FILE: &JNIStr = include_encoded!("mutf-8", "macros_data/mixed.txt", jnistr);

    /// jni's checker accepts the bytes, jni's decoder reads the text back,
    /// and they are the bytes of jni's own `jni_str!` and of `cstr`.
    macro_rules! check {
        ($text:tt) => {{
            let s: &'static JNIStr = mutf8!($text, jnistr);
            let text: &str = $text;
            assert_eq!(JNIStr::from_cstr(s.as_cstr()), Some(s), "{text:?}");
            assert_eq!(s.to_str(), text);
            assert_eq!(s, jni::jni_str!($text));
            let c: &CStr = mutf8!($text, cstr);
            assert_eq!(s.as_cstr(), c);
            assert_eq!(s.to_bytes(), litenc::mutf8::encode(text).unwrap());
        }};
    }

    #[test]
    fn jni_reads_what_litenc_wrote() {
        each_text!(check);
        // U+0000 is `C0 80` in MUTF-8, so a `JNIStr` may hold it.
        check!("a\0b\0");
        check!("\0");
        // Both concatenate their literals.
        assert_eq!(
            mutf8!("java/", "lang/", r"String", jnistr),
            jni::jni_str!("java/", "lang/", r"String")
        );
    }

    #[test]
    fn const_static_encode_and_include() {
        assert_eq!(CLASS.to_str(), "java/lang/String");
        assert_eq!(CLASS.as_cstr(), c"java/lang/String");
        assert_eq!(LABELLED.to_bytes(), b"a\xC0\x80b\xED\xA0\xBD\xED\xB8\x80");
        assert_eq!(LABELLED.to_str(), "a\0b😀");
        let mixed = include_str!("macros_data/mixed.txt");
        assert_eq!(FILE.to_str(), mixed);
        assert_eq!(JNIStr::from_cstr(FILE.as_cstr()), Some(FILE));
    }
}

#[cfg(feature = "widestring")]
mod widestring_cstr {
    use litenc::{utf16, utf32};
    use widestring::{U16CStr, U32CStr};

    const WIDE: &U16CStr = utf16!("Привет 👋", u16cstr);
    const CHARS: &U32CStr = utf32!("Aж😀", u32cstr);
    const MARKED: &U16CStr = utf16!("hi", bom, u16cstr);

    /// widestring reads the text back, and the units are those of its own
    /// macros and of `nul`.
    macro_rules! check {
        ($text:tt) => {{
            let text: &str = $text;
            let s16: &'static U16CStr = utf16!($text, u16cstr);
            assert_eq!(s16.to_string().unwrap(), text);
            assert_eq!(s16, widestring::u16cstr!($text));
            assert_eq!(s16.as_slice_with_nul(), utf16!($text, nul));
            assert_eq!(s16.len(), text.encode_utf16().count());
            assert_eq!(U16CStr::from_slice(s16.as_slice_with_nul()).ok(), Some(s16));
            let s32: &'static U32CStr = utf32!($text, u32cstr);
            assert_eq!(s32.to_string().unwrap(), text);
            assert_eq!(s32, widestring::u32cstr!($text));
            assert_eq!(s32.as_slice_with_nul(), utf32!($text, nul));
            assert_eq!(s32.len(), text.chars().count());
        }};
    }

    #[test]
    fn widestring_reads_what_litenc_wrote() {
        each_text!(check);
    }

    #[test]
    fn consts_and_the_mark() {
        assert_eq!(WIDE.to_string().unwrap(), "Привет 👋");
        assert_eq!(WIDE.as_slice_with_nul()[7..], [0xD83D, 0xDC4B, 0]);
        assert_eq!(CHARS.as_slice(), [0x41, 0x436, 0x1F600]);
        assert_eq!(MARKED.as_slice(), [0xFEFF, 0x68, 0x69]);
    }
}

/// Built here under `forbid(unsafe_code)`; what they point at is read in
/// `ffi_windows.rs`, since reading a `PCWSTR` takes `unsafe`.
#[cfg(all(feature = "windows-strings", windows))]
mod windows_strings_ptr {
    use litenc::{utf16, utf8, wide, windows1251};
    use windows_strings::{PCSTR, PCWSTR};

    const CAPTION: PCWSTR = utf16!("Привет 👋", pcwstr);
    const WIDE: PCWSTR = wide!("Grüße", pcwstr);
    const ANSI: PCSTR = windows1251!("Привет", pcstr);
    const UTF8: PCSTR = utf8!("héllo", pcstr);

    #[test]
    fn built_without_unsafe() {
        assert!(!CAPTION.is_null() && !WIDE.is_null());
        assert!(!ANSI.is_null() && !UTF8.is_null());
        let local = utf16!("x", pcwstr);
        assert!(!local.is_null());
    }
}
