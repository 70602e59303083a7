//! UTF-8 to UTF-32 and back, on native `u32` units and on the LE and BE byte
//! forms.
//!
//! **Counting** needs no decoding: every byte of valid UTF-8 that is not a
//! continuation byte starts one scalar value, and each is one unit of four
//! bytes. [`continuation_bytes`] finds them eight bytes at a time.
//!
//! **Encoding** takes eight input bytes at a time, as UTF-16's encoder
//! does: a word of eight ASCII bytes is widened into eight units; four
//! two-byte characters (Cyrillic, Greek, Hebrew, Arabic) come out of one
//! word by shifts; otherwise four characters of one to three bytes are
//! decoded with no branch ([`decode_bmp`]); only a block with a 4-byte
//! character goes one character at a time.
//!
//! **Decoding** reads four units at a time with one bounds check, checks
//! and measures them with no branch (the validity of each unit and its
//! UTF-8 length are bit tests, summed), going unit by unit only in a block
//! with an error, to find it; then it writes four ASCII units as one store,
//! and any other unit's UTF-8 with one 4-byte store while there is room.

use super::utf16::decode_bmp;
use super::words::{HI, continuation_bytes, four_byte_leads, load8, store4, store8};
use crate::encoding::Encoding;
use crate::error::{DecodeError, EncodeError};
use crate::limits;
use crate::rules::utf32::{NATIVE, is_scalar};
use crate::scalar;

/// The number of scalar values of `text`: one UTF-32 unit each.
#[inline]
pub(crate) const fn units_len(text: &str) -> usize {
    let b = text.as_bytes();
    let mut i = 0;
    let mut n = 0;
    while i + 8 <= b.len() {
        n += 8 - continuation_bytes(load8(b, i)).count_ones() as usize;
        i += 8;
    }
    while i < b.len() {
        if b[i] & 0xC0 != 0x80 {
            n += 1;
        }
        i += 1;
    }
    n
}

/// The number of bytes of `text` in the byte forms: four per scalar value,
/// saturating (four times the longest `str` does not fit in `usize`; see
/// `crate::limits`).
#[inline]
pub(crate) const fn encoded_len(text: &str) -> usize {
    limits::bound(units_len(text), 4)
}

/// See [`utf32le::encode_into`](crate::utf32le::encode_into).
#[inline]
pub(crate) const fn encode_into(
    text: &str,
    out: &mut [u8],
    big_endian: bool,
) -> Result<usize, EncodeError> {
    // A text never has more scalar values than bytes: one pass if `out`
    // holds four bytes per byte, else count first.
    if out.len() / 4 < text.len() {
        let needed = encoded_len(text);
        if needed > out.len() {
            return Err(EncodeError::OutputTooSmall {
                needed,
                available: out.len(),
            });
        }
    }
    Ok(if big_endian {
        fill_bytes::<true>(text, out)
    } else {
        fill_bytes::<false>(text, out)
    })
}

/// Eight ASCII bytes (`w`, little-endian order) as eight units in the byte
/// form, four 8-byte stores at `out[at..at + 32]`, which exist.
#[inline(always)]
const fn widen_ascii8_bytes<const BE: bool>(out: &mut [u8], at: usize, w: u64) {
    let mut k = 0;
    while k < 4 {
        let a = (w >> (16 * k)) & 0xFF;
        let b = (w >> (16 * k + 8)) & 0xFF;
        // Little-endian: `a 0 0 0 b 0 0 0`; big-endian: `0 0 0 a 0 0 0 b`.
        let pair = if BE {
            (a << 24) | (b << 56)
        } else {
            a | (b << 32)
        };
        store8(out, at + 8 * k, pair);
        k += 1;
    }
}

/// Four characters of the block at `b[i..]` (`i + 16 <= b.len()`, no
/// 4-byte character among them), with the number of bytes they take: four
/// two-byte characters by shifts, else [`decode_bmp`] four times.
#[inline(always)]
const fn four_bmp(b: &[u8], i: usize, w: u64) -> ([u32; 4], usize) {
    if w & 0xC0E0_C0E0_C0E0_C0E0 == 0x80C0_80C0_80C0_80C0 {
        let mut cps = [0u32; 4];
        let mut k = 0;
        while k < 4 {
            let pair = w >> (16 * k);
            cps[k] = (((pair & 0x1F) << 6) | ((pair >> 8) & 0x3F)) as u32;
            k += 1;
        }
        return (cps, 8);
    }
    let (c0, l0) = decode_bmp(b, i);
    let (c1, l1) = decode_bmp(b, i + l0);
    let (c2, l2) = decode_bmp(b, i + l0 + l1);
    let (c3, l3) = decode_bmp(b, i + l0 + l1 + l2);
    ([c0, c1, c2, c3], l0 + l1 + l2 + l3)
}

/// Whether the four characters that start in `b[i..i + 12]` (of `w`, the
/// first eight bytes) are all below U+10000: no 4-byte lead among them.
#[inline(always)]
const fn no_four_byte(b: &[u8], i: usize, w: u64) -> bool {
    four_byte_leads(w) == 0 && four_byte_leads(load8(b, i + 8) & 0xFFFF_FFFF) == 0
}

/// Encodes `text` into `out`, which holds its [`encoded_len`]: blocks of
/// eight input bytes while sixteen are left (four characters never read
/// past them) and 32 bytes of room, then one character at a time.
const fn fill_bytes<const BE: bool>(text: &str, out: &mut [u8]) -> usize {
    let b = text.as_bytes();
    let mut i = 0;
    let mut at = 0;
    while i + 16 <= b.len() && at + 32 <= out.len() {
        let w = load8(b, i);
        if w & HI == 0 {
            widen_ascii8_bytes::<BE>(out, at, w);
            i += 8;
            at += 32;
            continue;
        }
        if no_four_byte(b, i, w) {
            let (c, len) = four_bmp(b, i, w);
            let (p, q) = if BE {
                (
                    ((c[0].swap_bytes() as u64) | ((c[1].swap_bytes() as u64) << 32)),
                    ((c[2].swap_bytes() as u64) | ((c[3].swap_bytes() as u64) << 32)),
                )
            } else {
                (
                    (c[0] as u64) | ((c[1] as u64) << 32),
                    (c[2] as u64) | ((c[3] as u64) << 32),
                )
            };
            store8(out, at, p);
            store8(out, at + 8, q);
            i += len;
            at += 16;
            continue;
        }
        let (cp, len) = scalar::next_char(b, i);
        store4(out, at, if BE { cp.swap_bytes() } else { cp });
        i += len;
        at += 4;
    }
    while i < b.len() {
        if b[i] < 0x80 && i + 8 <= b.len() && at + 32 <= out.len() {
            let w = load8(b, i);
            if w & HI == 0 {
                widen_ascii8_bytes::<BE>(out, at, w);
                i += 8;
                at += 32;
                continue;
            }
        }
        let (cp, len) = scalar::next_char(b, i);
        store4(out, at, if BE { cp.swap_bytes() } else { cp });
        i += len;
        at += 4;
    }
    at
}

/// See [`utf32::encode_units_into`](crate::utf32::encode_units_into).
#[inline]
pub(crate) const fn encode_units_into(text: &str, out: &mut [u32]) -> Result<usize, EncodeError> {
    if out.len() < text.len() {
        let needed = units_len(text);
        if needed > out.len() {
            return Err(EncodeError::OutputTooSmall {
                needed,
                available: out.len(),
            });
        }
    }
    Ok(encode_units(text, out))
}

/// Widens the eight ASCII bytes of `w` into `out[at..at + 8]`, which
/// exists.
#[inline(always)]
const fn widen_ascii8_units(out: &mut [u32], at: usize, w: u64) {
    let (_, rest) = out.split_at_mut(at);
    if let Some(dst) = rest.first_chunk_mut::<8>() {
        let s = w.to_le_bytes();
        *dst = [
            s[0] as u32,
            s[1] as u32,
            s[2] as u32,
            s[3] as u32,
            s[4] as u32,
            s[5] as u32,
            s[6] as u32,
            s[7] as u32,
        ];
    }
}

/// Encodes `text` into `out`, which holds its [`units_len`]; the blocks of
/// [`fill_bytes`].
#[inline]
pub(crate) const fn encode_units(text: &str, out: &mut [u32]) -> usize {
    let b = text.as_bytes();
    let mut i = 0;
    let mut at = 0;
    while i + 16 <= b.len() && at + 8 <= out.len() {
        let w = load8(b, i);
        if w & HI == 0 {
            widen_ascii8_units(out, at, w);
            i += 8;
            at += 8;
            continue;
        }
        if no_four_byte(b, i, w) {
            let (c, len) = four_bmp(b, i, w);
            let (_, rest) = out.split_at_mut(at);
            if let Some(dst) = rest.first_chunk_mut::<4>() {
                *dst = c;
            }
            i += len;
            at += 4;
            continue;
        }
        let (cp, len) = scalar::next_char(b, i);
        out[at] = cp;
        i += len;
        at += 1;
    }
    while i < b.len() {
        if b[i] < 0x80 && i + 8 <= b.len() && at + 8 <= out.len() {
            let w = load8(b, i);
            if w & HI == 0 {
                widen_ascii8_units(out, at, w);
                i += 8;
                at += 8;
                continue;
            }
        }
        let (cp, len) = scalar::next_char(b, i);
        out[at] = cp;
        i += len;
        at += 1;
    }
    at
}

/// Where decoding reads its units from. The decoding functions are
/// `#[inline(always)]` so that each caller, which passes one constant kind
/// of source, gets a loop with the `match`es on it folded away.
#[derive(Clone, Copy)]
pub(crate) enum Src<'a> {
    /// Native code units.
    Units(&'a [u32]),
    /// Little-endian groups of four bytes.
    Le(&'a [u8]),
    /// Big-endian groups of four bytes.
    Be(&'a [u8]),
}

impl Src<'_> {
    /// The number of whole units.
    #[inline(always)]
    const fn len(self) -> usize {
        match self {
            Src::Units(u) => u.len(),
            Src::Le(b) | Src::Be(b) => b.len() / 4,
        }
    }

    /// Whether one to three bytes follow the last whole unit.
    #[inline(always)]
    const fn partial(self) -> bool {
        match self {
            Src::Units(_) => false,
            Src::Le(b) | Src::Be(b) => b.len() % 4 != 0,
        }
    }

    /// Units `i..i + 4` (which exist), with one bounds check.
    #[inline(always)]
    const fn at4(self, i: usize) -> [u32; 4] {
        match self {
            Src::Units(u) => {
                let (_, rest) = u.split_at(i);
                match rest.first_chunk::<4>() {
                    Some(q) => *q,
                    None => [0; 4],
                }
            }
            Src::Le(b) | Src::Be(b) => {
                let (_, rest) = b.split_at(4 * i);
                let Some(q) = rest.first_chunk::<16>() else {
                    return [0; 4];
                };
                let mut out = [0u32; 4];
                let mut k = 0;
                while k < 4 {
                    let quad = [q[4 * k], q[4 * k + 1], q[4 * k + 2], q[4 * k + 3]];
                    out[k] = if matches!(self, Src::Be(_)) {
                        u32::from_be_bytes(quad)
                    } else {
                        u32::from_le_bytes(quad)
                    };
                    k += 1;
                }
                out
            }
        }
    }

    #[inline(always)]
    const fn at(self, i: usize) -> u32 {
        match self {
            Src::Units(u) => u[i],
            Src::Le(b) => u32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]]),
            Src::Be(b) => u32::from_be_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]]),
        }
    }

    /// The encoding errors name.
    #[inline(always)]
    const fn encoding(self) -> Encoding {
        match self {
            Src::Units(_) => NATIVE,
            Src::Le(_) => Encoding::Utf32Le,
            Src::Be(_) => Encoding::Utf32Be,
        }
    }

    /// The error for an ill-formed unit `i`, or (`truncated`) for the
    /// partial unit at the end, in this source's terms.
    #[cold]
    #[inline]
    const fn error(self, i: usize, truncated: bool) -> DecodeError {
        match self {
            Src::Units(_) => DecodeError::malformed(NATIVE, i, 1).in_code_units(),
            Src::Le(_) | Src::Be(_) => {
                if truncated {
                    DecodeError::truncated(self.encoding(), 4 * i)
                } else {
                    DecodeError::malformed(self.encoding(), 4 * i, 4)
                }
            }
        }
    }

    /// The input length, in the units errors count.
    #[inline(always)]
    const fn input_len(self) -> usize {
        match self {
            Src::Units(u) => u.len(),
            Src::Le(b) | Src::Be(b) => b.len(),
        }
    }
}

/// UTF-8 bytes of a unit (any `u32`; exact for scalar values), no branch.
#[inline(always)]
pub(crate) const fn utf8_len(u: u32) -> usize {
    1 + (u >= 0x80) as usize + (u >= 0x800) as usize + (u >= 0x1_0000) as usize
}

/// The UTF-8 length of `src`, checking every unit.
#[inline(always)]
pub(crate) const fn decoded_len(src: Src<'_>) -> Result<usize, DecodeError> {
    let n = src.len();
    let mut i = 0;
    let mut len = 0usize;
    // Four units at a time: a block with an ill-formed unit goes unit by
    // unit, to report the first. (No overflow: at most four bytes per unit
    // of four bytes, or of a `u32`.)
    while i < n {
        if i + 4 <= n {
            let [a, b, c, d] = src.at4(i);
            if is_scalar(a) & is_scalar(b) & is_scalar(c) & is_scalar(d) {
                len += utf8_len(a) + utf8_len(b) + utf8_len(c) + utf8_len(d);
                i += 4;
                continue;
            }
        }
        let u = src.at(i);
        if !is_scalar(u) {
            return Err(src.error(i, false));
        }
        len += utf8_len(u);
        i += 1;
    }
    if src.partial() {
        return Err(src.error(n, true));
    }
    Ok(len)
}

/// The UTF-8 of a scalar value packed into a `u32`, first byte lowest, as
/// a little-endian 4-byte store writes it; no branch.
#[inline(always)]
pub(crate) const fn packed_utf8(u: u32) -> u32 {
    let v2 = (0xC0 | (u >> 6)) | ((0x80 | (u & 0x3F)) << 8);
    let v3 = (0xE0 | (u >> 12)) | ((0x80 | ((u >> 6) & 0x3F)) << 8) | ((0x80 | (u & 0x3F)) << 16);
    let v4 = (0xF0 | (u >> 18))
        | ((0x80 | ((u >> 12) & 0x3F)) << 8)
        | ((0x80 | ((u >> 6) & 0x3F)) << 16)
        | ((0x80 | (u & 0x3F)) << 24);
    if u < 0x80 {
        u
    } else if u < 0x800 {
        v2
    } else if u < 0x1_0000 {
        v3
    } else {
        v4
    }
}

/// Decodes valid `src` into `out[..end]`, where `end` is its exact UTF-8
/// length: each unit as one 4-byte store while four bytes are left before
/// `end` (what a short character's store writes past its end, the next
/// characters overwrite, and nothing is written past `end`), four ASCII
/// units as one store, and exact writes in the last bytes.
#[inline(always)]
const fn decode_fill_valid(src: Src<'_>, out: &mut [u8], end: usize) -> usize {
    let n = src.len();
    let mut i = 0;
    let mut at = 0;
    // Four units while their worst case (16 bytes) fits before `end`.
    while i + 4 <= n && at + 16 <= end {
        let [a, b, c, d] = src.at4(i);
        if (a | b | c | d) < 0x80 {
            store4(out, at, a | (b << 8) | (c << 16) | (d << 24));
            at += 4;
        } else {
            store4(out, at, packed_utf8(a));
            at += utf8_len(a);
            store4(out, at, packed_utf8(b));
            at += utf8_len(b);
            store4(out, at, packed_utf8(c));
            at += utf8_len(c);
            store4(out, at, packed_utf8(d));
            at += utf8_len(d);
        }
        i += 4;
    }
    while i < n {
        let u = src.at(i);
        if at + 4 <= end {
            store4(out, at, packed_utf8(u));
            at += utf8_len(u);
        } else {
            at = scalar::write_utf8(out, at, u);
        }
        i += 1;
    }
    at
}

/// Decoding: the checking length pass first, always, so that on bad input
/// `out` is left as it was; then the fill.
#[inline(always)]
pub(crate) const fn decode_into(src: Src<'_>, out: &mut [u8]) -> Result<usize, DecodeError> {
    let needed = match decoded_len(src) {
        Ok(n) => n,
        Err(e) => return Err(e),
    };
    if needed > out.len() {
        let e = DecodeError::output_too_small(src.encoding(), src.input_len(), needed, out.len());
        return Err(match src {
            Src::Units(_) => e.in_code_units(),
            Src::Le(_) | Src::Be(_) => e,
        });
    }
    Ok(decode_fill_valid(src, out, needed))
}
