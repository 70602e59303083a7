//! UTF-32 as native `u32` code units: one unit per Unicode scalar value,
//! what `char` holds, what `wchar_t` is outside Windows ([`wide`](crate::wide)),
//! and what many text engines index by. The byte forms are
//! [`utf32le`](crate::utf32le) and [`utf32be`](crate::utf32be).
//!
//! Rules: every scalar value is its own unit. Decoding rejects a surrogate
//! (`D800..=DFFF`) or a value above U+10FFFF as an error of one unit, at its
//! exact position; there is no truncated input in units. No byte-order mark
//! is ever written, and one in the input is kept as U+FEFF. Lossy decoding
//! writes one U+FFFD per ill-formed unit, as Python's `utf-32` codecs do.
//!
//! ```
//! use litenc_runtime::utf32;
//!
//! const CODE_POINTS: [u32; 4] = litenc_runtime::const_encode!(utf32, "Aж😀", nul);
//! assert_eq!(CODE_POINTS, [0x41, 0x436, 0x1F600, 0]);
//!
//! let err = utf32::validate_units(&[0x61, 0xDFFF, 0x62]).unwrap_err();
//! assert_eq!((err.valid_up_to(), err.error_len()), (1, Some(1)));
//! let err = utf32::validate_units(&[0x11_0000]).unwrap_err();
//! assert_eq!(err.to_string(), "invalid UTF-32 sequence of 1 code unit at index 0");
//! ```

use crate::engine::utf32::Src;
use crate::engine::{self, reference};
use crate::error::{DecodeError, EncodeError};
use crate::rules::utf32::NATIVE;

/// The number of UTF-32 code units of `text`: its number of characters
/// (what `text.chars().count()` says).
///
/// ```
/// assert_eq!(litenc_runtime::utf32::units_len("aЖ😀"), 3);
/// ```
#[must_use]
#[inline]
pub const fn units_len(text: &str) -> usize {
    engine::utf32::units_len(text)
}

/// Encodes `text` into native code units, returning the number written.
///
/// # Errors
/// [`EncodeError::OutputTooSmall`] (counted in units) if `out` is shorter
/// than [`units_len`].
///
/// ```
/// let mut buf = [0u32; 8];
/// let n = litenc_runtime::utf32::encode_units_into("a😀", &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0x61, 0x1F600]);
/// ```
#[inline]
pub const fn encode_units_into(text: &str, out: &mut [u32]) -> Result<usize, EncodeError> {
    engine::utf32::encode_units_into(text, out)
}

/// Encodes `text` into exactly `N` native code units, for `const` and
/// `static` items; [`const_encode!`](crate::const_encode) works `N` out.
///
/// # Panics
/// If `text` does not take exactly `N` units; in a `const` item that is a
/// compile error that says which `N` is right.
///
/// ```
/// const CHARS: [u32; 2] = litenc_runtime::utf32::encode_units_array("hé");
/// assert_eq!(CHARS, [0x68, 0xE9]);
/// ```
#[track_caller]
#[must_use]
pub const fn encode_units_array<const N: usize>(text: &str) -> [u32; N] {
    __const_array::<N>(text, false)
}

/// Checks that every unit is a Unicode scalar value.
///
/// # Errors
/// A [`DecodeError`] with positions in units: the first surrogate or value
/// above U+10FFFF, `error_len` 1.
///
/// ```
/// use litenc_runtime::utf32;
///
/// assert!(utf32::validate_units(&[0x61, 0x1F600]).is_ok());
/// let err = utf32::validate_units(&[0x61, 0x11_0000]).unwrap_err();
/// assert_eq!((err.valid_up_to(), err.error_len()), (1, Some(1)));
/// ```
#[inline]
pub const fn validate_units(units: &[u32]) -> Result<(), DecodeError> {
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
/// assert_eq!(litenc_runtime::utf32::decoded_units_len(&[0x41, 0x416, 0x1F600]), Ok(7));
/// ```
#[inline]
pub const fn decoded_units_len(units: &[u32]) -> Result<usize, DecodeError> {
    engine::utf32::decoded_len(Src::Units(units))
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
/// let n = litenc_runtime::utf32::decode_units_into(&[0x41, 0x1F600], &mut buf).unwrap();
/// assert_eq!(&buf[..n], "A😀".as_bytes());
/// ```
#[inline]
pub const fn decode_units_into(units: &[u32], out: &mut [u8]) -> Result<usize, DecodeError> {
    engine::utf32::decode_into(Src::Units(units), out)
}

/// Encodes `text` into a new vector of native code units.
///
/// ```
/// assert_eq!(litenc_runtime::utf32::encode_units("Ж😀"), [0x416, 0x1F600]);
/// ```
#[cfg(feature = "alloc")]
#[must_use]
#[inline]
pub fn encode_units(text: &str) -> alloc::vec::Vec<u32> {
    let mut out = alloc::vec![0u32; crate::fast::utf32::units_len(text)];
    let n = crate::fast::utf32::encode_units_into(text, &mut out).unwrap_or(0);
    debug_assert_eq!(n, out.len());
    out
}

/// Decodes native code units into a new string.
///
/// # Errors
/// As [`validate_units`].
///
/// ```
/// assert_eq!(litenc_runtime::utf32::decode_units(&[0x416]).unwrap(), "Ж");
/// assert!(litenc_runtime::utf32::decode_units(&[0xD800]).is_err());
/// ```
#[cfg(feature = "alloc")]
#[inline]
pub fn decode_units(units: &[u32]) -> Result<alloc::string::String, DecodeError> {
    crate::owned::decode_utf32_units(units)
}

/// Decodes native code units, one U+FFFD per ill-formed unit.
///
/// ```
/// assert_eq!(litenc_runtime::utf32::decode_units_lossy(&[0x61, 0xD800, 0x62]), "a\u{FFFD}b");
/// ```
#[cfg(feature = "alloc")]
#[must_use]
#[inline]
pub fn decode_units_lossy(units: &[u32]) -> alloc::string::String {
    crate::owned::lossy(units.len(), |i| crate::rules::utf32::step_units(units, i))
}

// Not public API: the hooks of `const_encode!`.
#[doc(hidden)]
pub type __Unit = u32;

#[doc(hidden)]
#[track_caller]
#[must_use]
#[inline]
pub const fn __const_len(text: &str, nul: bool) -> usize {
    // The reference loops, as for `utf16`: they are the faster choice in
    // the const evaluator.
    if nul {
        engine::check_no_interior_nul(NATIVE, text);
        reference::utf32_units_len(text) + 1
    } else {
        reference::utf32_units_len(text)
    }
}

#[doc(hidden)]
#[track_caller]
#[must_use]
pub const fn __const_array<const N: usize>(text: &str, nul: bool) -> [u32; N] {
    let needed = __const_len(text, nul);
    if needed != N {
        engine::wrong_length_panic(NATIVE, "encode_units_array", N, needed, "units");
    }
    let mut out = [0u32; N];
    match reference::utf32_encode_units_into(text, &mut out) {
        Ok(_) => out,
        Err(e) => e.const_panic(),
    }
}
