//! Bytes this crate wrote or checked itself, as text, without a second
//! validation: the one place outside `crate::simd` where `unsafe` is allowed.
//!
//! Every decoder of this crate writes UTF-8 and nothing else: the `const
//! fn`s write through `scalar::write_utf8` and tables of ready-made UTF-8,
//! and each SIMD kernel is tested against them byte for byte (every
//! character and error at every offset, every buffer length, the fuzz
//! targets). The scans that let `decode_cow` borrow its input (the UTF-8
//! validator, `simd::cesu::decode_unchanged`, `simd::ascii::ascii_len`) are
//! tested against `core::str::from_utf8` the same way. Validating their
//! output again would cost as much as the decoding on ASCII-heavy text, so
//! release builds trust them, and debug builds (the whole test suite, the
//! fuzz targets) check every call.

#![allow(unsafe_code)]

/// Bytes a litenc decoder wrote in whole characters, or that a litenc scan
/// accepted as UTF-8, as `&str`.
#[inline]
pub(crate) fn str(bytes: &[u8]) -> &str {
    debug_assert!(
        core::str::from_utf8(bytes).is_ok(),
        "litenc wrote or accepted invalid UTF-8"
    );
    // SAFETY: `bytes` was written by a litenc decoder or accepted by a
    // litenc scan, which produce and accept UTF-8 only (see the module
    // docs; checked in debug builds).
    unsafe { core::str::from_utf8_unchecked(bytes) }
}

/// What a litenc decoder wrote, as a `String`.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn string(bytes: alloc::vec::Vec<u8>) -> alloc::string::String {
    debug_assert!(
        core::str::from_utf8(&bytes).is_ok(),
        "a litenc decoder wrote invalid UTF-8"
    );
    // SAFETY: as for `str`: the output of a litenc decoder is UTF-8.
    unsafe { alloc::string::String::from_utf8_unchecked(bytes) }
}
