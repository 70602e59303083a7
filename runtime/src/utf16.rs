//! UTF-16 (RFC 2781) as native `u16` code units, and the core shared by the
//! byte forms [`utf16le`](crate::utf16le) and [`utf16be`](crate::utf16be).
//!
//! Rules: a scalar value below U+10000 is one unit, any other a surrogate
//! pair. Decoding rejects an unpaired surrogate (`error_len` 1 unit, or 2
//! bytes) and reports a high surrogate at the very end as truncated
//! (`error_len() == None`); for the byte forms an odd trailing byte is
//! truncated too. No byte-order mark is ever written, and one in the input
//! is kept as U+FEFF. Lossy decoding writes one U+FFFD per unpaired surrogate
//! and one for a truncated end, as the WHATWG decoder (and `encoding_rs`) does.
//!
//! ```
//! use litenc_runtime::utf16;
//!
//! // Windows wide strings: NUL-terminated UTF-16 in a `const`.
//! const TITLE: [u16; 7] = litenc_runtime::const_encode!(utf16, "Привет", nul);
//! assert_eq!(TITLE[0], 0x041F);
//! assert_eq!(TITLE[6], 0);
//!
//! let err = utf16::validate_units(&[0x61, 0xDC00, 0x62]).unwrap_err();
//! assert_eq!((err.valid_up_to(), err.error_len()), (1, Some(1)));
//! ```

use crate::engine::utf16::Src;
use crate::engine::{self, reference};
use crate::error::{DecodeError, EncodeError};
use crate::rules::utf16::NATIVE;

/// The number of UTF-16 code units of `text` (what `text.encode_utf16().count()` says).
///
/// ```
/// assert_eq!(litenc_runtime::utf16::units_len("aЖ😀"), 4);
/// ```
#[must_use]
#[inline]
pub const fn units_len(text: &str) -> usize {
    engine::utf16::units_len(text)
}

/// Encodes `text` into native code units, returning the number written.
///
/// # Errors
/// [`EncodeError::OutputTooSmall`] (counted in units) if `out` is shorter
/// than [`units_len`].
///
/// ```
/// let mut buf = [0u16; 8];
/// let n = litenc_runtime::utf16::encode_units_into("a😀", &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0x61, 0xD83D, 0xDE00]);
/// ```
#[inline]
pub const fn encode_units_into(text: &str, out: &mut [u16]) -> Result<usize, EncodeError> {
    engine::utf16::encode_units_into(text, out)
}

/// Encodes `text` into exactly `N` native code units, for `const` and
/// `static` items; [`const_encode!`](crate::const_encode) works `N` out.
///
/// # Panics
/// If `text` does not take exactly `N` units; in a `const` item that is a
/// compile error that says which `N` is right.
///
/// ```
/// const WIDE: [u16; 2] = litenc_runtime::utf16::encode_units_array("hi");
/// assert_eq!(WIDE, [0x68, 0x69]);
/// ```
#[track_caller]
#[must_use]
pub const fn encode_units_array<const N: usize>(text: &str) -> [u16; N] {
    __const_array::<N>(text, false)
}

/// Checks that `units` is well-formed UTF-16 (no unpaired surrogate).
///
/// # Errors
/// A [`DecodeError`] with positions in units.
///
/// ```
/// use litenc_runtime::utf16;
///
/// assert!(utf16::validate_units(&[0x0061, 0xD83D, 0xDE00]).is_ok()); // "a😀"
/// let err = utf16::validate_units(&[0x0061, 0xDE00, 0x0062]).unwrap_err();
/// assert_eq!((err.valid_up_to(), err.error_len()), (1, Some(1)));
/// ```
#[inline]
pub const fn validate_units(units: &[u16]) -> Result<(), DecodeError> {
    match decoded_units_len(units) {
        Ok(_) => Ok(()),
        Err(e) => Err(e),
    }
}

/// The number of UTF-8 bytes `units` decodes to.
///
/// # Errors
/// As [`validate_units`].
///
/// ```
/// assert_eq!(litenc_runtime::utf16::decoded_units_len(&[0x41, 0x416]), Ok(3));
/// ```
#[inline]
pub const fn decoded_units_len(units: &[u16]) -> Result<usize, DecodeError> {
    engine::utf16::decoded_len(Src::Units(units))
}

/// Decodes native code units into `out` as UTF-8, returning the number of
/// bytes written.
///
/// # Errors
/// As [`validate_units`], and
/// [`DecodeErrorKind::OutputTooSmall`](crate::DecodeErrorKind::OutputTooSmall)
/// if `out` is too short.
///
/// ```
/// let mut buf = [0u8; 16];
/// let n = litenc_runtime::utf16::decode_units_into(&[0x41, 0xD83D, 0xDE00], &mut buf).unwrap();
/// assert_eq!(&buf[..n], "A😀".as_bytes());
/// ```
#[inline]
pub const fn decode_units_into(units: &[u16], out: &mut [u8]) -> Result<usize, DecodeError> {
    engine::utf16::decode_into(Src::Units(units), out)
}

/// Encodes `text` into a new vector of native code units.
///
/// ```
/// assert_eq!(litenc_runtime::utf16::encode_units("Ж"), [0x416]);
/// ```
#[cfg(feature = "alloc")]
#[must_use]
#[inline]
pub fn encode_units(text: &str) -> alloc::vec::Vec<u16> {
    let mut out = alloc::vec![0u16; crate::fast::utf16::units_len(text)];
    let n = crate::fast::utf16::encode_units_into(text, &mut out).unwrap_or(0);
    debug_assert_eq!(n, out.len());
    out
}

/// Decodes native code units into a new string.
///
/// # Errors
/// As [`validate_units`].
///
/// ```
/// assert_eq!(litenc_runtime::utf16::decode_units(&[0x416]).unwrap(), "Ж");
/// assert!(litenc_runtime::utf16::decode_units(&[0xD800]).is_err());
/// ```
#[cfg(feature = "alloc")]
#[inline]
pub fn decode_units(units: &[u16]) -> Result<alloc::string::String, DecodeError> {
    crate::owned::decode_units(units)
}

/// Decodes native code units, one U+FFFD per unpaired surrogate (as
/// `String::from_utf16_lossy`).
///
/// ```
/// assert_eq!(litenc_runtime::utf16::decode_units_lossy(&[0x61, 0xD800, 0x62]), "a\u{FFFD}b");
/// ```
#[cfg(feature = "alloc")]
#[must_use]
#[inline]
pub fn decode_units_lossy(units: &[u16]) -> alloc::string::String {
    crate::owned::lossy(units.len(), |i| crate::rules::utf16::step_units(units, i))
}

// Not public API: the hooks of `const_encode!`.
#[doc(hidden)]
pub type __Unit = u16;

#[doc(hidden)]
#[track_caller]
#[must_use]
#[inline]
pub const fn __const_len(text: &str, nul: bool) -> usize {
    // The reference loops here and in `__const_array`: they run in the
    // const evaluator, where they are about four times faster than the fast
    // paths and need half the memory (docs/performance.md).
    if nul {
        engine::check_no_interior_nul(NATIVE, text);
        reference::units_len(text) + 1
    } else {
        reference::units_len(text)
    }
}

#[doc(hidden)]
#[track_caller]
#[must_use]
pub const fn __const_array<const N: usize>(text: &str, nul: bool) -> [u16; N] {
    let needed = __const_len(text, nul);
    if needed != N {
        engine::wrong_length_panic(NATIVE, "encode_units_array", N, needed, "units");
    }
    let mut out = [0u16; N];
    match reference::encode_units_into(text, &mut out) {
        Ok(_) => out,
        Err(e) => e.const_panic(),
    }
}
