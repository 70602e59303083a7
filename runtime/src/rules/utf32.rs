//! UTF-32 (Unicode §3.9, D90), as native `u32` code units and as LE or BE
//! bytes: every scalar value is one unit of four bytes. A unit that is a
//! surrogate (`D800..=DFFF`) or above U+10FFFF is ill-formed, one unit (four
//! bytes) long; one to three bytes left at the end are truncated input.

use crate::encoding::Encoding;
use crate::scalar::Step;

/// The byte form whose byte order is the target's, which is what the `u32`
/// functions report in [`DecodeError::encoding`](crate::DecodeError::encoding).
pub(crate) const NATIVE: Encoding = if cfg!(target_endian = "big") {
    Encoding::Utf32Be
} else {
    Encoding::Utf32Le
};

/// Bytes of one scalar value in the byte forms.
pub(crate) const CHAR_LEN: usize = 4;

/// Whether `unit` is a Unicode scalar value: below U+D800, or from U+E000
/// to U+10FFFF. With no branch: `unit ^ 0xD800` is below `0x800` exactly
/// for the surrogates.
#[inline]
#[allow(
    clippy::needless_bitwise_bool,
    reason = "no branch: the hot loops test four units at a time"
)]
pub(crate) const fn is_scalar(unit: u32) -> bool {
    ((unit ^ 0xD800) >= 0x800) & (unit <= 0x10_FFFF)
}

/// Writes `cp` in the byte form at `out[at..at + 4]`; returns the new cursor.
#[inline]
pub(crate) const fn write_char_bytes(
    out: &mut [u8],
    at: usize,
    cp: u32,
    big_endian: bool,
) -> usize {
    let bytes = if big_endian {
        cp.to_be_bytes()
    } else {
        cp.to_le_bytes()
    };
    out[at] = bytes[0];
    out[at + 1] = bytes[1];
    out[at + 2] = bytes[2];
    out[at + 3] = bytes[3];
    at + 4
}

/// The unit at `bytes[i..i + 4]` (`i + 4 <= bytes.len()`).
#[inline]
pub(crate) const fn get_unit(bytes: &[u8], i: usize, big_endian: bool) -> u32 {
    let quad = [bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]];
    if big_endian {
        u32::from_be_bytes(quad)
    } else {
        u32::from_le_bytes(quad)
    }
}

/// Reads one scalar value from the byte form (lengths in bytes).
#[inline]
pub(crate) const fn step_bytes(bytes: &[u8], i: usize, big_endian: bool) -> Step {
    if i + 4 > bytes.len() {
        return Step::Truncated;
    }
    step_unit(get_unit(bytes, i, big_endian), 4)
}

/// Reads one scalar value from code units (lengths in units).
#[inline]
pub(crate) const fn step_units(units: &[u32], i: usize) -> Step {
    step_unit(units[i], 1)
}

/// One unit, `len` input units long: a scalar value, or ill-formed.
#[inline]
pub(crate) const fn step_unit(unit: u32, len: usize) -> Step {
    if is_scalar(unit) {
        Step::Char { cp: unit, len }
    } else {
        Step::Malformed(len)
    }
}
