//! UTF-16 (RFC 2781), as native `u16` code units and as LE or BE bytes: a
//! scalar value below U+10000 is one unit, any other a surrogate pair; an
//! unpaired surrogate is ill-formed, and a high surrogate (or an odd byte) at
//! the end is truncated input.

use crate::encoding::Encoding;
use crate::scalar::{self, Step};

/// The byte form whose byte order is the target's, which is what the `u16`
/// functions report in [`DecodeError::encoding`](crate::error::DecodeError::encoding).
pub(crate) const NATIVE: Encoding = if cfg!(target_endian = "big") {
    Encoding::Utf16Be
} else {
    Encoding::Utf16Le
};

/// Units of one scalar value.
#[inline]
const fn char_units(cp: u32) -> usize {
    if cp < 0x1_0000 { 1 } else { 2 }
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
pub(crate) const fn step_units(units: &[u16], i: usize) -> Step {
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
