//! The core of the CESU-8 family, shared by [`mutf8`](crate::mutf8) (`java`
//! true) and [`cesu8`](crate::cesu8) (`java` false).
//!
//! Both are UTF-8 in which a supplementary character is written as its
//! UTF-16 surrogate pair, each surrogate as a 3-byte sequence (`ED A0..AF xx`
//! then `ED B0..BF xx`), and in which 4-byte forms do not exist. Modified
//! UTF-8 also writes U+0000 as the overlong `C0 80`, so that encoded text
//! never holds a zero byte; CESU-8 writes it as `00`.
//!
//! Decoding reads in two layers. The lower layer is Table 3-7 with `ED
//! A0..BF` allowed and `F0..F4` not, and reports ill-formed bytes as maximal
//! subparts, as for UTF-8. The upper layer pairs surrogates as UTF-16 does:
//! a high surrogate must be followed by a low one, and an unpaired surrogate
//! is one error of 3 bytes. So lossy decoding writes one U+FFFD per maximal
//! subpart and one per unpaired encoded surrogate. Input that ends inside a
//! sequence, or after a high surrogate and a prefix of a low one (`ED A0 80
//! ED B0`), is truncated: one U+FFFD for all of it, as more input could
//! complete it.

use crate::scalar::{self, Step};

/// Bytes of one scalar value.
#[inline]
pub(crate) const fn char_len(cp: u32, java: bool) -> usize {
    if cp == 0 {
        if java { 2 } else { 1 }
    } else if cp < 0x1_0000 {
        scalar::utf8_len(cp)
    } else {
        6
    }
}

/// Writes one scalar value at `out[at..]`; returns the new cursor.
#[inline]
pub(crate) const fn write_char(out: &mut [u8], at: usize, cp: u32, java: bool) -> usize {
    if cp == 0 && java {
        out[at] = 0xC0;
        out[at + 1] = 0x80;
        at + 2
    } else if cp < 0x1_0000 {
        scalar::write_utf8(out, at, cp)
    } else {
        let (high, low) = scalar::split_surrogates(cp);
        let at = scalar::write_utf8(out, at, high);
        scalar::write_utf8(out, at, low)
    }
}

/// Lower layer: one 1- to 3-byte sequence, surrogates included, so one
/// UTF-16 code unit. `C0 80` is U+0000 for modified UTF-8, and a raw `00`
/// is ill-formed there.
#[inline]
pub(crate) const fn unit_step(bytes: &[u8], i: usize, java: bool) -> Step {
    let b0 = bytes[i];
    if java {
        if b0 == 0 {
            return Step::Malformed(1);
        }
        if b0 == 0xC0 {
            if i + 1 >= bytes.len() {
                return Step::Truncated;
            }
            if bytes[i + 1] == 0x80 {
                return Step::Char { cp: 0, len: 2 };
            }
            return Step::Malformed(1);
        }
    }
    scalar::utf8_family_step(bytes, i, true, false)
}

/// Upper layer: one scalar value, a surrogate pair being one 6-byte step.
#[inline]
pub(crate) const fn step(bytes: &[u8], i: usize, java: bool) -> Step {
    let (high, len) = match unit_step(bytes, i, java) {
        Step::Char { cp, len } => (cp, len),
        other => return other,
    };
    if scalar::is_low_surrogate(high) {
        return Step::Malformed(3);
    }
    if !scalar::is_high_surrogate(high) {
        return Step::Char { cp: high, len };
    }
    // A high surrogate: the next three bytes must encode a low one. Input
    // that ends on a prefix of one is truncated, not ill-formed.
    let j = i + 3;
    let limits: [(u8, u8); 3] = [(0xED, 0xED), (0xB0, 0xBF), (0x80, 0xBF)];
    let mut k = 0;
    while k < 3 {
        if j + k >= bytes.len() {
            return Step::Truncated;
        }
        let b = bytes[j + k];
        if b < limits[k].0 || b > limits[k].1 {
            return Step::Malformed(3);
        }
        k += 1;
    }
    let low = 0xDC00 | (((bytes[j + 1] & 0x0F) as u32) << 6) | (bytes[j + 2] & 0x3F) as u32;
    Step::Char {
        cp: scalar::combine_surrogates(high, low),
        len: 6,
    }
}
