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

use crate::codec;
use crate::scalar::{self, Step};
use crate::{DecodeError, EncodeError, Encoding};

/// The byte form whose byte order is the target's, which is what the `u16`
/// functions report in [`DecodeError::encoding`].
pub(crate) const NATIVE: Encoding = if cfg!(target_endian = "big") {
    Encoding::Utf16Be
} else {
    Encoding::Utf16Le
};

/// Units of one scalar value.
#[inline]
const fn char_units(cp: u32) -> usize {
    if cp < 0x1_0000 {
        1
    } else {
        2
    }
}

/// Bytes of one scalar value in the byte forms.
#[inline]
pub(crate) const fn char_len_bytes(cp: u32) -> usize {
    2 * char_units(cp)
}

#[inline]
const fn put_unit(out: &mut [u8], at: usize, unit: u32, big_endian: bool) {
    let [hi, lo] = (unit as u16).to_be_bytes();
    if big_endian {
        out[at] = hi;
        out[at + 1] = lo;
    } else {
        out[at] = lo;
        out[at + 1] = hi;
    }
}

/// Writes `cp` as one unit or a surrogate pair at `out[at..]`, which the
/// caller has sized; returns the new cursor.
#[inline]
pub(crate) const fn write_char_units(out: &mut [u16], at: usize, cp: u32) -> usize {
    if cp < 0x1_0000 {
        out[at] = cp as u16;
        at + 1
    } else {
        let (high, low) = scalar::split_surrogates(cp);
        out[at] = high as u16;
        out[at + 1] = low as u16;
        at + 2
    }
}

/// Writes `cp` in the byte form at `out[at..]`; returns the new cursor.
#[inline]
pub(crate) const fn write_char_bytes(
    out: &mut [u8],
    at: usize,
    cp: u32,
    big_endian: bool,
) -> usize {
    if cp < 0x1_0000 {
        put_unit(out, at, cp, big_endian);
        at + 2
    } else {
        let (high, low) = scalar::split_surrogates(cp);
        put_unit(out, at, high, big_endian);
        put_unit(out, at + 2, low, big_endian);
        at + 4
    }
}

#[inline]
const fn get_unit(bytes: &[u8], i: usize, big_endian: bool) -> u32 {
    let pair = [bytes[i], bytes[i + 1]];
    (if big_endian {
        u16::from_be_bytes(pair)
    } else {
        u16::from_le_bytes(pair)
    }) as u32
}

/// Reads one scalar value from the byte form (lengths in bytes).
///
/// A high surrogate with fewer than four bytes left is truncated, even where
/// the byte that is there already rules a low surrogate out: that is what
/// the WHATWG decoder does at the end of the input, so lossy output matches.
#[inline]
pub(crate) const fn step_bytes(bytes: &[u8], i: usize, big_endian: bool) -> Step {
    if i + 2 > bytes.len() {
        return Step::Truncated;
    }
    let unit = get_unit(bytes, i, big_endian);
    if scalar::is_high_surrogate(unit) {
        if i + 4 > bytes.len() {
            return Step::Truncated;
        }
        let low = get_unit(bytes, i + 2, big_endian);
        if scalar::is_low_surrogate(low) {
            return Step::Char {
                cp: scalar::combine_surrogates(unit, low),
                len: 4,
            };
        }
        return Step::Malformed(2);
    }
    if scalar::is_low_surrogate(unit) {
        return Step::Malformed(2);
    }
    Step::Char { cp: unit, len: 2 }
}

/// Reads one scalar value from code units (lengths in units).
#[inline]
const fn step_units(units: &[u16], i: usize) -> Step {
    let unit = units[i] as u32;
    if scalar::is_high_surrogate(unit) {
        if i + 1 >= units.len() {
            return Step::Truncated;
        }
        let low = units[i + 1] as u32;
        if scalar::is_low_surrogate(low) {
            return Step::Char {
                cp: scalar::combine_surrogates(unit, low),
                len: 2,
            };
        }
        return Step::Malformed(1);
    }
    if scalar::is_low_surrogate(unit) {
        return Step::Malformed(1);
    }
    Step::Char { cp: unit, len: 1 }
}

/// The number of UTF-16 code units of `text` (what `text.encode_utf16().count()` says).
///
/// ```
/// assert_eq!(litenc_runtime::utf16::units_len("aЖ😀"), 4);
/// ```
#[must_use]
pub const fn units_len(text: &str) -> usize {
    crate::blocks::utf16::units_len(text)
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
pub const fn encode_units_into(text: &str, out: &mut [u16]) -> Result<usize, EncodeError> {
    // A text never has more units than bytes: one pass if `out` is that
    // long, else count first.
    if out.len() < text.len() {
        let needed = units_len(text);
        if needed > out.len() {
            return Err(EncodeError::OutputTooSmall {
                needed,
                available: out.len(),
            });
        }
    }
    Ok(crate::blocks::utf16::encode_units(text, out))
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
pub const fn decoded_units_len(units: &[u16]) -> Result<usize, DecodeError> {
    crate::blocks::utf16::decoded_len(crate::blocks::utf16::Src::Units(units))
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
pub const fn decode_units_into(units: &[u16], out: &mut [u8]) -> Result<usize, DecodeError> {
    crate::blocks::utf16::decode_into(crate::blocks::utf16::Src::Units(units), out)
}

/// Encodes `text` into a new vector of native code units.
///
/// ```
/// assert_eq!(litenc_runtime::utf16::encode_units("Ж"), [0x416]);
/// ```
#[cfg(feature = "alloc")]
#[must_use]
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
pub fn decode_units(units: &[u16]) -> Result<alloc::string::String, DecodeError> {
    let mut out = alloc::vec![0u8; decoded_units_len(units)?];
    crate::fast::utf16::decode_units_into(units, &mut out)?;
    // The decoder writes only UTF-8; `from_utf8_lossy` never replaces here
    // and, unlike `expect`, cannot panic.
    Ok(alloc::string::String::from_utf8_lossy(&out).into_owned())
}

/// Decodes native code units, one U+FFFD per unpaired surrogate (as
/// `String::from_utf16_lossy`).
///
/// ```
/// assert_eq!(litenc_runtime::utf16::decode_units_lossy(&[0x61, 0xD800, 0x62]), "a\u{FFFD}b");
/// ```
#[cfg(feature = "alloc")]
#[must_use]
pub fn decode_units_lossy(units: &[u16]) -> alloc::string::String {
    codec::lossy(units.len(), |i| step_units(units, i))
}

// Not public API: the hooks of `const_encode!`.
#[doc(hidden)]
pub type __Unit = u16;

#[doc(hidden)]
#[track_caller]
#[must_use]
pub const fn __const_len(text: &str, nul: bool) -> usize {
    // The reference loops here and in `__const_array`: they run in the
    // const evaluator, where they are about four times faster than the fast
    // paths and need half the memory (issue 4, docs/performance.md).
    if nul {
        codec::check_no_interior_nul(NATIVE, text);
        reference_units_len(text) + 1
    } else {
        reference_units_len(text)
    }
}

#[doc(hidden)]
#[track_caller]
#[must_use]
pub const fn __const_array<const N: usize>(text: &str, nul: bool) -> [u16; N] {
    let needed = __const_len(text, nul);
    if needed != N {
        codec::wrong_length_panic(NATIVE, "encode_units_array", N, needed, "units");
    }
    let mut out = [0u16; N];
    match reference_encode_units_into(text, &mut out) {
        Ok(_) => out,
        Err(e) => e.const_panic(),
    }
}

// The reference loops the fast paths of the functions above must agree with
// (issue 4; `runtime/tests/fast_paths.rs` compares them through
// `crate::__reference`).

/// The reference of [`units_len`].
pub(crate) const fn reference_units_len(text: &str) -> usize {
    let b = text.as_bytes();
    let mut i = 0;
    let mut n = 0;
    while i < b.len() {
        // A 4-byte UTF-8 sequence is a surrogate pair, anything else one unit.
        let lead = b[i];
        if lead < 0x80 {
            i += 1;
            n += 1;
        } else if lead < 0xE0 {
            i += 2;
            n += 1;
        } else if lead < 0xF0 {
            i += 3;
            n += 1;
        } else {
            i += 4;
            n += 2;
        }
    }
    n
}

/// The reference of [`encode_units_into`].
pub(crate) const fn reference_encode_units_into(
    text: &str,
    out: &mut [u16],
) -> Result<usize, EncodeError> {
    let needed = reference_units_len(text);
    if needed > out.len() {
        return Err(EncodeError::OutputTooSmall {
            needed,
            available: out.len(),
        });
    }
    let b = text.as_bytes();
    let mut i = 0;
    let mut at = 0;
    while i < b.len() {
        let (cp, len) = scalar::next_char(b, i);
        at = crate::utf16::write_char_units(out, at, cp);
        i += len;
    }
    Ok(at)
}

/// The reference of [`decoded_units_len`].
pub(crate) const fn reference_decoded_units_len(units: &[u16]) -> Result<usize, DecodeError> {
    let mut i = 0;
    let mut n: usize = 0;
    while i < units.len() {
        match step_units(units, i) {
            Step::Char { cp, len } => {
                n += scalar::utf8_len(cp);
                i += len;
            }
            step => return Err(codec::step_error(NATIVE, step, i).in_code_units()),
        }
    }
    Ok(n)
}

/// The reference of [`decode_units_into`].
pub(crate) const fn reference_decode_units_into(
    units: &[u16],
    out: &mut [u8],
) -> Result<usize, DecodeError> {
    let needed = match reference_decoded_units_len(units) {
        Ok(n) => n,
        Err(e) => return Err(e),
    };
    if needed > out.len() {
        return Err(
            DecodeError::output_too_small(NATIVE, units.len(), needed, out.len()).in_code_units(),
        );
    }
    let mut i = 0;
    let mut at = 0;
    while i < units.len() {
        if let Step::Char { cp, len } = step_units(units, i) {
            at = scalar::write_utf8(out, at, cp);
            i += len;
        } else {
            break;
        }
    }
    Ok(at)
}
