//! CESU-8 and modified UTF-8 (`java`) from and to UTF-8.
//!
//! **Encoding** copies the text byte for byte except for two things: a
//! 4-byte sequence (lead `F0..=F4`) becomes two 3-byte encoded surrogates,
//! and, in modified UTF-8, a zero byte becomes `C0 80`. Since the input is
//! valid UTF-8, a byte `F0` or above is always a lead, wherever the cursor
//! is, so the loop need not track character boundaries: a word with neither
//! such a byte nor (for `java`) a zero byte ([`four_byte_leads`],
//! [`zero_bytes`]) is copied as it is, eight bytes at a time.
//!
//! **Decoding** leans on the fact that the two encodings differ from UTF-8
//! only in a few places: valid UTF-8 with no 4-byte sequence and (for
//! `java`) no zero byte is valid CESU-8 and MUTF-8 and decodes to itself. So
//! `core::str::from_utf8` validates the input up to the first place where
//! it differs (an encoded surrogate `ED A0..`, `C0 80`, or an error); the
//! word loop copies that stretch while it checks it for 4-byte leads and
//! zero bytes; and the reference step function reads the one sequence at
//! the stop (a surrogate pair becomes one 4-byte sequence). Text without
//! supplementary characters is one `from_utf8` call and one copy. The walk
//! runs twice, first without writing (the length pass, so that `out` is
//! left as it was on bad input), then writing.

use super::step_error;
use super::words::{LO, four_byte_leads, load8, store8, zero_bytes};
use crate::encoding::Encoding;
use crate::error::{DecodeError, EncodeError};
use crate::rules::cesu;
use crate::scalar::{self, Step};

#[inline]
const fn special(w: u64, java: bool) -> bool {
    four_byte_leads(w) != 0 || (java && zero_bytes(w) != 0)
}

/// See [`Encoding::encoded_len`]: the text's length, plus 2 per 4-byte
/// sequence, plus (for `java`) 1 per zero byte.
pub(crate) const fn encoded_len<const JAVA: bool>(text: &str) -> usize {
    let java = JAVA;
    let b = text.as_bytes();
    let mut i = 0;
    let mut n = b.len();
    while i + 8 <= b.len() {
        let w = load8(b, i);
        n += 2 * four_byte_leads(w).count_ones() as usize;
        if java {
            // `zero_bytes` may flag a 0x01 byte above a zero one; count
            // exactly, bytewise, in the rare words that hold a zero.
            if zero_bytes(w) != 0 {
                let mut k = 0;
                while k < 8 {
                    if b[i + k] == 0 {
                        n += 1;
                    }
                    k += 1;
                }
            }
        }
        i += 8;
    }
    while i < b.len() {
        if b[i] >= 0xF0 {
            n += 2;
        } else if java && b[i] == 0 {
            n += 1;
        }
        i += 1;
    }
    n
}

/// Encodes into `out`, which must hold the output.
const fn encode_fill<const JAVA: bool>(text: &str, out: &mut [u8]) -> usize {
    let java = JAVA;
    let b = text.as_bytes();
    let mut i = 0;
    let mut at = 0;
    while i < b.len() {
        if i + 16 <= b.len() && at + 16 <= out.len() {
            let w = load8(b, i);
            let v = load8(b, i + 8);
            if !special(w, java) && !special(v, java) {
                store8(out, at, w);
                store8(out, at + 8, v);
                i += 16;
                at += 16;
                continue;
            }
        }
        if i + 8 <= b.len() && at + 8 <= out.len() {
            let w = load8(b, i);
            if !special(w, java) {
                store8(out, at, w);
                i += 8;
                at += 8;
                continue;
            }
        }
        let x = b[i];
        if x >= 0xF0 {
            let (cp, _) = scalar::next_char(b, i);
            at = cesu::write_char(out, at, cp, java);
            i += 4;
        } else if java && x == 0 {
            out[at] = 0xC0;
            out[at + 1] = 0x80;
            at += 2;
            i += 1;
        } else {
            out[at] = x;
            at += 1;
            i += 1;
        }
    }
    at
}

/// See [`Encoding::encode_into`]: never fails on the text, only on `out`.
pub(crate) const fn encode_into<const JAVA: bool>(
    text: &str,
    out: &mut [u8],
) -> Result<usize, EncodeError> {
    let java = JAVA;
    // The worst case is 2 bytes per byte (`java`: zero bytes), else 1.5
    // (4-byte sequences become 6 bytes).
    let worst = if java {
        text.len().saturating_mul(2)
    } else {
        text.len().saturating_add(text.len() / 2)
    };
    if out.len() < worst {
        let needed = encoded_len::<JAVA>(text);
        if needed > out.len() {
            return Err(EncodeError::OutputTooSmall {
                needed,
                available: out.len(),
            });
        }
    }
    Ok(encode_fill::<JAVA>(text, out))
}

#[inline]
const fn enc(java: bool) -> Encoding {
    if java {
        Encoding::Mutf8
    } else {
        Encoding::Cesu8
    }
}

/// The first byte in `b[i..end]` that is a 4-byte lead or (for `java`) zero.
#[inline]
const fn find_special<const JAVA: bool>(b: &[u8], mut i: usize, end: usize) -> usize {
    let java = JAVA;
    while i + 8 <= end {
        if special(load8(b, i), java) {
            break;
        }
        i += 8;
    }
    while i < end {
        if b[i] >= 0xF0 || (java && b[i] == 0) {
            return i;
        }
        i += 1;
    }
    end
}

/// The end of the valid UTF-8 at `b[i..]`, and whether that is the end of `b`.
#[inline]
const fn utf8_run(b: &[u8], i: usize) -> (usize, bool) {
    let (_, rest) = b.split_at(i);
    match core::str::from_utf8(rest) {
        Ok(_) => (b.len(), true),
        Err(e) => (i + e.valid_up_to(), false),
    }
}

/// See [`Encoding::decoded_len`].
pub(crate) const fn decoded_len<const JAVA: bool>(b: &[u8]) -> Result<usize, DecodeError> {
    let java = JAVA;
    let mut i = 0;
    let mut n = 0;
    loop {
        let (end, done) = utf8_run(b, i);
        let stop = find_special::<JAVA>(b, i, end);
        n += stop - i;
        i = stop;
        if done && stop == end {
            return Ok(n);
        }
        match cesu::step(b, i, java) {
            Step::Char { cp, len } => {
                n += scalar::utf8_len(cp);
                i += len;
            }
            step => return Err(step_error(enc(java), step, i)),
        }
    }
}

/// Decodes input that the length pass has found valid into `out`, which
/// holds the output. Valid input differs from its UTF-8 only at two kinds
/// of sequence, which both start with a byte that never starts anything
/// else: a surrogate pair (`ED A0..=AF xx ED B0..=BF xx`, becoming one
/// 4-byte sequence) and, for `java`, `C0 80` (becoming `00`). So a word
/// holding neither `ED` nor (`java`) `C0` is copied as it is, wherever the
/// cursor is (`ED` and `C0` are never continuation bytes), and every other
/// byte goes one at a time. Korean text (`ED 80..=9F xx`, Hangul) takes the
/// byte path more often, and is copied all the same.
const fn decode_fill_valid<const JAVA: bool>(b: &[u8], out: &mut [u8]) -> usize {
    let mut i = 0;
    let mut at = 0;
    while i < b.len() {
        if i + 8 <= b.len() && at + 8 <= out.len() {
            let w = load8(b, i);
            if zero_bytes(w ^ (0xED * LO)) == 0 && (!JAVA || zero_bytes(w ^ (0xC0 * LO)) == 0) {
                store8(out, at, w);
                i += 8;
                at += 8;
                continue;
            }
        }
        let x = b[i];
        if x == 0xED && b[i + 1] >= 0xA0 {
            // A high surrogate, so (the input being valid) a pair.
            if let Step::Char { cp, len } = cesu::step(b, i, JAVA) {
                at = scalar::write_utf8(out, at, cp);
                i += len;
            } else {
                break;
            }
        } else if JAVA && x == 0xC0 {
            out[at] = 0;
            at += 1;
            i += 2;
        } else {
            out[at] = x;
            at += 1;
            i += 1;
        }
    }
    at
}

/// See [`Encoding::decode_into`]: the checking length pass first, always,
/// so that on bad input `out` is left as it was; then the fill.
pub(crate) const fn decode_into<const JAVA: bool>(
    b: &[u8],
    out: &mut [u8],
) -> Result<usize, DecodeError> {
    let java = JAVA;
    {
        let needed = match decoded_len::<JAVA>(b) {
            Ok(n) => n,
            Err(e) => return Err(e),
        };
        if needed > out.len() {
            return Err(DecodeError::output_too_small(
                enc(java),
                b.len(),
                needed,
                out.len(),
            ));
        }
    }
    Ok(decode_fill_valid::<JAVA>(b, out))
}

// Modified UTF-8 on UTF-16 code units, unpaired surrogates included, as
// `DataOutput.writeUTF` and `DataInput.readUTF` have it.

/// Bytes of one code unit, as `writeUTF` writes it.
#[inline]
const fn unit_len(unit: u16) -> usize {
    if unit == 0 {
        2
    } else {
        scalar::utf8_len(unit as u32)
    }
}

/// See [`mutf8::encoded_units_len`](crate::mutf8::encoded_units_len).
#[inline]
pub(crate) const fn java_units_len(units: &[u16]) -> usize {
    let mut i = 0;
    let mut n = 0;
    while i < units.len() {
        // Cannot overflow: at most 3 bytes per unit, and a slice of `u16`
        // holds at most `isize::MAX / 2` units.
        n += unit_len(units[i]);
        i += 1;
    }
    n
}

/// See [`mutf8::encode_units_into`](crate::mutf8::encode_units_into).
#[inline]
pub(crate) const fn java_encode_units(units: &[u16], out: &mut [u8]) -> Result<usize, EncodeError> {
    let needed = java_units_len(units);
    if needed > out.len() {
        return Err(EncodeError::OutputTooSmall {
            needed,
            available: out.len(),
        });
    }
    let mut i = 0;
    let mut at = 0;
    while i < units.len() {
        // Each unit on its own, surrogates included: `write_char` writes a
        // BMP code point (or `C0 80` for zero) exactly as `writeUTF` does.
        at = cesu::write_char(out, at, units[i] as u32, true);
        i += 1;
    }
    Ok(at)
}

/// See [`mutf8::decoded_units_len`](crate::mutf8::decoded_units_len).
#[inline]
pub(crate) const fn java_decoded_units_len(bytes: &[u8]) -> Result<usize, DecodeError> {
    let mut i = 0;
    let mut n = 0;
    while i < bytes.len() {
        match cesu::unit_step(bytes, i, true) {
            Step::Char { len, .. } => {
                n += 1;
                i += len;
            }
            step => return Err(step_error(Encoding::Mutf8, step, i)),
        }
    }
    Ok(n)
}

/// See [`mutf8::decode_units_into`](crate::mutf8::decode_units_into).
#[inline]
pub(crate) const fn java_decode_units(bytes: &[u8], out: &mut [u16]) -> Result<usize, DecodeError> {
    let needed = match java_decoded_units_len(bytes) {
        Ok(n) => n,
        Err(e) => return Err(e),
    };
    if needed > out.len() {
        return Err(DecodeError::output_too_small(
            Encoding::Mutf8,
            bytes.len(),
            needed,
            out.len(),
        ));
    }
    let mut i = 0;
    let mut at = 0;
    while i < bytes.len() {
        if let Step::Char { cp, len } = cesu::unit_step(bytes, i, true) {
            out[at] = cp as u16;
            at += 1;
            i += len;
        } else {
            break;
        }
    }
    Ok(at)
}
