//! The typed strings of the FFI crates, for the macros' options `jnistr`
//! (`jni`), `pcstr` and `pcwstr` (`windows-strings`), `u16cstr` and
//! `u32cstr` (`widestring`).
//!
//! A proc macro cannot see the features of the facade, so it leaves the
//! last step to a `macro_rules!` macro defined here once per state of the
//! feature: with it, the macro turns the literal (a `c"..."` literal, or a
//! `&'static` slice of units ending in their zero unit) into the type; without
//! it, the macro is a `compile_error!` that names the feature, at the option
//! word. The types are built in `const` items, in code compiled for the
//! target, so `PCWSTR` follows the target as `wide!` does.
//!
//! `JNIStr` and `U16CStr`/`U32CStr` have no checked `const` constructor
//! that costs nothing: `JNIStr::from_cstr` validates in a `const` loop
//! (about 20 s for 1.9 MB, past the compiler's
//! `long_running_const_eval` limit) and widestring's checked constructors
//! are not `const`. So `jni_str`, `u16cstr` and `u32cstr` call the
//! unchecked ones, and are `unsafe fn` themselves: what they rely on is
//! the caller's to guarantee. The one caller is litenc-macros, whose
//! expansion holds the `unsafe` block, with its `SAFETY:` comment in
//! `expand.rs`, around the call on text it encoded itself; the
//! `macro_rules!` macros here take the finished value and hold no
//! `unsafe`. An `unsafe` block inside a `macro_rules!` macro of another
//! crate is not seen by the caller's `#![forbid(unsafe_code)]`, so such a
//! macro would let any safe code pass its own units; a proc macro's
//! expansion is not seen either, but the proc macro only ever passes
//! units it encoded and checked. See docs/architecture.md, "`unsafe` in
//! the facade".

#[cfg(any(feature = "jni", all(feature = "windows-strings", windows)))]
use core::ffi::CStr;

#[cfg(feature = "jni")]
pub use jni::strings::JNIStr;
#[cfg(feature = "widestring")]
pub use widestring::{U16CStr, U32CStr};
#[cfg(all(feature = "windows-strings", windows))]
pub use windows_strings::{PCSTR, PCWSTR};

/// Whether `units` ends with a zero unit: the terminator the typed strings
/// need, checked in O(1) (the macros reject interior zero units).
#[cfg(any(feature = "widestring", all(feature = "windows-strings", windows)))]
macro_rules! assert_terminated {
    ($units:expr, $what:literal) => {
        assert!(
            !$units.is_empty() && $units[$units.len() - 1] == 0,
            concat!("litenc: ", $what, " needs units that end with a zero unit")
        );
    };
}

/// The `&'static JNIStr` of a `mutf8!(.., jnistr)` literal.
///
/// # Safety
/// `mutf8` must be Java's modified UTF-8 (what the MUTF-8 encoder of
/// litenc writes, and all that the macros pass); a `&CStr` is already
/// NUL-terminated with no interior NUL.
#[cfg(feature = "jni")]
#[allow(unsafe_code)]
#[must_use]
pub const unsafe fn jni_str(mutf8: &'static CStr) -> &'static JNIStr {
    // SAFETY: `from_cstr_unchecked` needs Java's modified UTF-8, which the
    // caller guarantees (this function's contract); `tests/ffi_types.rs`
    // holds what the macros pass to jni's own checker, `JNIStr::from_cstr`.
    unsafe { JNIStr::from_cstr_unchecked(mutf8) }
}

/// The `&'static U16CStr` of a `utf16!(.., u16cstr)` literal: `units`
/// ends with its one zero unit.
///
/// # Safety
/// `units` must hold no zero unit but its last (the macros refuse text
/// with U+0000 under `u16cstr`, the only character that gives a zero
/// UTF-16 unit).
///
/// # Panics
/// If `units` does not end with a zero unit (in a `const`, a compile
/// error); the macros never pass such units.
#[cfg(feature = "widestring")]
#[allow(unsafe_code)]
#[must_use]
pub const unsafe fn u16cstr(units: &'static [u16]) -> &'static U16CStr {
    assert_terminated!(units, "u16cstr");
    // SAFETY: `from_slice_unchecked` needs a slice that ends with a zero
    // unit and holds no other: the last unit is zero (asserted above, so the
    // slice is not empty either), and the caller guarantees there is no
    // other (this function's contract).
    unsafe { U16CStr::from_slice_unchecked(units) }
}

/// The `&'static U32CStr` of a `utf32!(.., u32cstr)` literal, as
/// `u16cstr`.
///
/// # Safety
/// `units` must hold no zero unit but its last.
///
/// # Panics
/// If `units` does not end with a zero unit; the macros never pass such
/// units.
#[cfg(feature = "widestring")]
#[allow(unsafe_code)]
#[must_use]
pub const unsafe fn u32cstr(units: &'static [u32]) -> &'static U32CStr {
    assert_terminated!(units, "u32cstr");
    // SAFETY: as in `u16cstr`: the last unit is zero (asserted), and the
    // caller guarantees there is no other.
    unsafe { U32CStr::from_slice_unchecked(units) }
}

/// The `PCWSTR` of a `utf16!(.., pcwstr)` (or, on Windows, `wide!`)
/// literal: a pointer to `units`, which end with their zero unit.
///
/// # Panics
/// If `units` does not end with a zero unit; the macros never pass such
/// units.
#[cfg(all(feature = "windows-strings", windows))]
#[must_use]
pub const fn pcwstr(units: &'static [u16]) -> PCWSTR {
    assert_terminated!(units, "pcwstr");
    PCWSTR::from_raw(units.as_ptr())
}

/// The `PCSTR` of a `utf8!(.., pcstr)` (or any byte macro's) literal.
#[cfg(all(feature = "windows-strings", windows))]
#[must_use]
pub const fn pcstr(bytes: &'static CStr) -> PCSTR {
    PCSTR::from_raw(bytes.as_ptr().cast())
}

/// `mutf8!(.., jnistr)`: the `&'static JNIStr` that the expansion built
/// (with `jni_str`, in the `unsafe` block of the proc macro's output), as a
/// `const`.
#[cfg(feature = "jni")]
#[doc(hidden)]
#[macro_export]
macro_rules! __litenc_jnistr {
    ($value:expr) => {{
        const __LITENC_JNISTR: &$crate::__private::typed::JNIStr = $value;
        __LITENC_JNISTR
    }};
}

/// `mutf8!(.., jnistr)` without the feature `jni`: an error that says so.
#[cfg(not(feature = "jni"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __litenc_jnistr {
    ($($input:tt)*) => {
        ::core::compile_error!(::core::concat!(
            "option `jnistr` gives a `&JNIStr` of the crate jni (0.22), and litenc ",
            "was built without its feature \"jni\"\n= help: ",
            "enable the feature \"jni\" of litenc: litenc = { version = \"0.1\", ",
            "features = [\"jni\"] }",
        ))
    };
}

/// `utf16!(.., u16cstr)`: the `&'static U16CStr` that the expansion built
/// (with `u16cstr`), as a `const`.
#[cfg(feature = "widestring")]
#[doc(hidden)]
#[macro_export]
macro_rules! __litenc_u16cstr {
    ($value:expr) => {{
        const __LITENC_U16CSTR: &$crate::__private::typed::U16CStr = $value;
        __LITENC_U16CSTR
    }};
}

/// `utf32!(.., u32cstr)`: the `&'static U32CStr` that the expansion built
/// (with `u32cstr`), as a `const`.
#[cfg(feature = "widestring")]
#[doc(hidden)]
#[macro_export]
macro_rules! __litenc_u32cstr {
    ($value:expr) => {{
        const __LITENC_U32CSTR: &$crate::__private::typed::U32CStr = $value;
        __LITENC_U32CSTR
    }};
}

/// `utf16!(.., u16cstr)` without the feature `widestring`.
#[cfg(not(feature = "widestring"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __litenc_u16cstr {
    ($($input:tt)*) => {
        ::core::compile_error!(::core::concat!(
            "option `u16cstr` gives a `&U16CStr` of the crate widestring (1), and ",
            "litenc was built without its feature \"widestring\"\n= help: ",
            "enable the feature \"widestring\" of litenc: litenc = { version = ",
            "\"0.1\", features = [\"widestring\"] }",
        ))
    };
}

/// `utf32!(.., u32cstr)` without the feature `widestring`.
#[cfg(not(feature = "widestring"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __litenc_u32cstr {
    ($($input:tt)*) => {
        ::core::compile_error!(::core::concat!(
            "option `u32cstr` gives a `&U32CStr` of the crate widestring (1), and ",
            "litenc was built without its feature \"widestring\"\n= help: ",
            "enable the feature \"widestring\" of litenc: litenc = { version = ",
            "\"0.1\", features = [\"widestring\"] }",
        ))
    };
}

/// `utf16!(.., pcwstr)` and `wide!(.., pcwstr)`: the `PCWSTR` of units
/// (`WChar` is `u16` on Windows).
#[cfg(all(feature = "windows-strings", windows))]
#[doc(hidden)]
#[macro_export]
macro_rules! __litenc_pcwstr {
    ($kind:ident, $units:expr) => {{
        const __LITENC_PCWSTR: $crate::__private::typed::PCWSTR =
            $crate::__private::typed::pcwstr($units);
        __LITENC_PCWSTR
    }};
}

/// `utf8!(.., pcstr)` and the other byte macros: the `PCSTR` of a
/// `c"..."` literal.
#[cfg(all(feature = "windows-strings", windows))]
#[doc(hidden)]
#[macro_export]
macro_rules! __litenc_pcstr {
    ($bytes:expr) => {{
        const __LITENC_PCSTR: $crate::__private::typed::PCSTR =
            $crate::__private::typed::pcstr($bytes);
        __LITENC_PCSTR
    }};
}

/// `pcwstr` for a target other than Windows, where windows-strings 0.5
/// defines no `PCWSTR`.
#[cfg(all(feature = "windows-strings", not(windows)))]
#[doc(hidden)]
#[macro_export]
macro_rules! __litenc_pcwstr {
    (utf16, $($input:tt)*) => {
        ::core::compile_error!(::core::concat!(
            "option `pcwstr` gives a `PCWSTR` of the crate windows-strings (0.5), ",
            "which defines it only for Windows targets, and this build is for ",
            "another target\n= help: ",
            "put the item under #[cfg(windows)]; for NUL-terminated UTF-16 on every ",
            "target, use `utf16!(\"text\", nul)`",
        ))
    };
    (wide, $($input:tt)*) => {
        ::core::compile_error!(::core::concat!(
            "option `pcwstr` gives a `PCWSTR` of the crate windows-strings (0.5), ",
            "which defines it only for Windows targets, where `wchar_t` has 16 ",
            "bits, and this build is for another target (whose `wchar_t`, ",
            "`litenc::WChar`, has 32 bits unless the target is Cygwin, UEFI, AVR or MSP430)\n= help: ",
            "put the item under #[cfg(windows)]; for the target's `wchar_t` use ",
            "`wide!(\"text\", nul)`, for UTF-16 `utf16!(\"text\", nul)`",
        ))
    };
}

/// `pcstr` for a target other than Windows, where windows-strings 0.5
/// defines no `PCSTR`.
#[cfg(all(feature = "windows-strings", not(windows)))]
#[doc(hidden)]
#[macro_export]
macro_rules! __litenc_pcstr {
    ($($input:tt)*) => {
        ::core::compile_error!(::core::concat!(
            "option `pcstr` gives a `PCSTR` of the crate windows-strings (0.5), ",
            "which defines it only for Windows targets, and this build is for ",
            "another target\n= help: ",
            "put the item under #[cfg(windows)]; for a NUL-terminated string on ",
            "every target, use `cstr` (a `&CStr`)",
        ))
    };
}

/// `pcwstr` without the feature `windows-strings`.
#[cfg(not(feature = "windows-strings"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __litenc_pcwstr {
    ($($input:tt)*) => {
        ::core::compile_error!(::core::concat!(
            "option `pcwstr` gives a `PCWSTR` of the crate windows-strings (0.5), ",
            "and litenc was built without its feature \"windows-strings\"\n= help: ",
            "enable the feature \"windows-strings\" of litenc: litenc = { version = ",
            "\"0.1\", features = [\"windows-strings\"] } (windows-strings defines ",
            "`PCWSTR` for Windows targets only)",
        ))
    };
}

/// `pcstr` without the feature `windows-strings`.
#[cfg(not(feature = "windows-strings"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __litenc_pcstr {
    ($($input:tt)*) => {
        ::core::compile_error!(::core::concat!(
            "option `pcstr` gives a `PCSTR` of the crate windows-strings (0.5), and ",
            "litenc was built without its feature \"windows-strings\"\n= help: ",
            "enable the feature \"windows-strings\" of litenc: litenc = { version = ",
            "\"0.1\", features = [\"windows-strings\"] } (windows-strings defines ",
            "`PCSTR` for Windows targets only)",
        ))
    };
}

#[cfg(test)]
#[allow(unsafe_code)] // the `unsafe fn`s above, on units that meet their contract
mod tests {
    #[cfg(feature = "widestring")]
    #[test]
    fn u16cstr_and_u32cstr_take_the_terminated_units() {
        static UNITS: [u16; 3] = [0x48, 0xD83D, 0];
        // SAFETY: no zero unit but the last.
        let s = unsafe { super::u16cstr(&UNITS) };
        assert_eq!(s.as_slice_with_nul(), UNITS);
        assert_eq!(s.len(), 2);
        // SAFETY: as above.
        let s = unsafe { super::u32cstr(&[0x1F600, 0]) };
        assert_eq!(s.as_slice(), [0x1F600]);
        // SAFETY: as above.
        assert!(unsafe { super::u32cstr(&[0]) }.is_empty());
    }

    #[cfg(feature = "widestring")]
    #[test]
    #[should_panic(expected = "u16cstr needs units that end with a zero unit")]
    fn u16cstr_refuses_unterminated_units() {
        // SAFETY: no zero unit at all (the assertion panics first).
        let _ = unsafe { super::u16cstr(&[0x48]) };
    }

    #[cfg(feature = "widestring")]
    #[test]
    #[should_panic(expected = "u32cstr needs units that end with a zero unit")]
    fn u32cstr_refuses_the_empty_slice() {
        // SAFETY: empty (the assertion panics first).
        let _ = unsafe { super::u32cstr(&[]) };
    }

    #[cfg(feature = "jni")]
    #[test]
    fn jni_str_keeps_the_bytes() {
        // SAFETY: modified UTF-8.
        let s = unsafe { super::jni_str(c"a\xC0\x80b") };
        assert_eq!(s.to_bytes(), b"a\xC0\x80b");
        assert_eq!(s.to_str(), "a\0b");
    }

    #[cfg(all(feature = "windows-strings", windows))]
    #[test]
    #[should_panic(expected = "pcwstr needs units that end with a zero unit")]
    fn pcwstr_refuses_unterminated_units() {
        let _ = super::pcwstr(&[0x48]);
    }
}
