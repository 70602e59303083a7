//! UTF-8 to UTF-16 and back, on native `u16` units and (decoding only) on
//! the LE and BE byte forms.
//!
//! **Counting** UTF-16 units of valid UTF-8 needs no decoding: every byte
//! that is not a continuation byte starts one unit, and a 4-byte lead starts
//! a second one. Both are bit tests on a word ([`continuation_bytes`],
//! [`four_byte_leads`]), counted with `count_ones`, eight bytes at a time
//! with no branch.
//!
//! **Encoding** decodes one sequence at a time, ordered by frequency; on an
//! ASCII byte it tries a whole word of ASCII and widens it to eight units,
//! and on a two-byte lead it tries two two-byte sequences at once (the
//! common case in Cyrillic, Greek, Hebrew and Arabic text): one 4-byte load
//! and one mask compare check both, and the two units come out by shifts.
//!
//! **Decoding** reads one unit at a time (from the slice of units or from
//! pairs of bytes, by [`Src`], which inlining folds away) and writes its
//! UTF-8 with one 4-byte store while there is room, checking surrogates as
//! it goes; on an ASCII unit it tries four ASCII units at once.

use super::words::{HI, continuation_bytes, four_byte_leads, load8, store4, store8};
use crate::encoding::Encoding;
use crate::error::{DecodeError, EncodeError};
use crate::rules::Family;
use crate::rules::utf16::NATIVE;
use crate::scalar;

/// The number of UTF-16 units of `text` (see [`crate::utf16::units_len`]).
#[inline]
pub(crate) const fn units_len(text: &str) -> usize {
    let b = text.as_bytes();
    let mut i = 0;
    let mut n = 0;
    while i + 8 <= b.len() {
        let w = load8(b, i);
        n += 8 - continuation_bytes(w).count_ones() as usize
            + four_byte_leads(w).count_ones() as usize;
        i += 8;
    }
    while i < b.len() {
        let x = b[i];
        if x & 0xC0 != 0x80 {
            n += 1;
        }
        if x >= 0xF0 {
            n += 1;
        }
        i += 1;
    }
    n
}

/// UTF-8 to UTF-16 bytes in the order `BIG_ENDIAN` says (see
/// [`Encoding::encode_into`]): with room for two bytes per byte of text,
/// which every text fits, one pass; else the reference loop's two.
///
/// The order is a constant of its own, not a field of the caller's family:
/// see the UTF-16 arm of [`super::encode_into`].
#[inline]
pub(crate) const fn encode_bytes_into<const BIG_ENDIAN: bool>(
    text: &str,
    out: &mut [u8],
) -> Result<usize, EncodeError> {
    let f = Family::Utf16 {
        big_endian: BIG_ENDIAN,
    };
    if out.len() / 2 >= text.len() {
        Ok(super::reference::fill_chars(f, text, out))
    } else {
        super::reference::encode_into(f, text, out)
    }
}

/// See [`utf16::encode_units_into`](crate::utf16::encode_units_into).
#[inline]
pub(crate) const fn encode_units_into(text: &str, out: &mut [u16]) -> Result<usize, EncodeError> {
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
    Ok(encode_units(text, out))
}

/// The code point of the 1- to 3-byte character at `b[i..]` (valid UTF-8,
/// `i + 2 < b.len()`) and its length, with no branch: the three decodings
/// are computed and one picked. Not for 4-byte characters.
#[inline]
pub(crate) const fn decode_bmp(b: &[u8], i: usize) -> (u32, usize) {
    let lead = b[i] as u32;
    let t1 = (b[i + 1] & 0x3F) as u32;
    let t2 = (b[i + 2] & 0x3F) as u32;
    let two = ((lead & 0x1F) << 6) | t1;
    let three = ((lead & 0x0F) << 12) | (t1 << 6) | t2;
    let len = 1 + (lead >= 0xC0) as usize + (lead >= 0xE0) as usize;
    let cp = if lead < 0x80 {
        lead
    } else if lead < 0xE0 {
        two
    } else {
        three
    };
    (cp, len)
}

/// Widens the eight ASCII bytes of `w` (little-endian order) into
/// `out[at..at + 8]`, which the caller has checked to exist; LLVM makes this
/// one unpack.
#[inline]
const fn widen_ascii8(out: &mut [u16], at: usize, w: u64) {
    let (_, rest) = out.split_at_mut(at);
    if let Some(dst) = rest.first_chunk_mut::<8>() {
        let s = w.to_le_bytes();
        *dst = [
            s[0] as u16,
            s[1] as u16,
            s[2] as u16,
            s[3] as u16,
            s[4] as u16,
            s[5] as u16,
            s[6] as u16,
            s[7] as u16,
        ];
    }
}

/// Encodes `text` into `out`, which must hold [`units_len`] units.
///
/// The hot loop takes eight input bytes at a time while sixteen are left
/// (four characters never read past them) and eight units of room: a word
/// of ASCII is widened to eight units; otherwise four characters are decoded
/// by [`decode_bmp`] with no branch, unless the word holds a 4-byte lead, in
/// which case one character goes the exact way. So text that alternates
/// between ASCII and Cyrillic or Han costs no mispredictions.
#[inline]
pub(crate) const fn encode_units(text: &str, out: &mut [u16]) -> usize {
    let b = text.as_bytes();
    let mut i = 0;
    let mut at = 0;
    while i + 16 <= b.len() && at + 8 <= out.len() {
        let w = load8(b, i);
        if w & HI == 0 {
            widen_ascii8(out, at, w);
            i += 8;
            at += 8;
            continue;
        }
        // Four two-byte characters (`110xxxxx 10xxxxxx` four times: Cyrillic,
        // Greek, Hebrew, Arabic words): the units come out by shifts.
        if w & 0xC0E0_C0E0_C0E0_C0E0 == 0x80C0_80C0_80C0_80C0 {
            let mut k = 0;
            while k < 4 {
                let pair = w >> (16 * k);
                out[at + k] = (((pair & 0x1F) << 6) | ((pair >> 8) & 0x3F)) as u16;
                k += 1;
            }
            i += 8;
            at += 4;
            continue;
        }
        // Four characters start in the next 12 bytes at most; any 4-byte
        // one among them has its lead there.
        if four_byte_leads(w) == 0 && four_byte_leads(load8(b, i + 8) & 0xFFFF_FFFF) == 0 {
            let (c0, l0) = decode_bmp(b, i);
            let (c1, l1) = decode_bmp(b, i + l0);
            let (c2, l2) = decode_bmp(b, i + l0 + l1);
            let (c3, l3) = decode_bmp(b, i + l0 + l1 + l2);
            out[at] = c0 as u16;
            out[at + 1] = c1 as u16;
            out[at + 2] = c2 as u16;
            out[at + 3] = c3 as u16;
            at += 4;
            i += l0 + l1 + l2 + l3;
            continue;
        }
        let (cp, len) = scalar::next_char(b, i);
        at = crate::rules::utf16::write_char_units(out, at, cp);
        i += len;
    }
    while i < b.len() {
        let lead = b[i];
        if lead < 0x80 {
            if i + 8 <= b.len() && at + 8 <= out.len() {
                let w = load8(b, i);
                if w & HI == 0 {
                    widen_ascii8(out, at, w);
                    i += 8;
                    at += 8;
                    continue;
                }
            }
            out[at] = lead as u16;
            i += 1;
            at += 1;
        } else if lead < 0xE0 {
            // Two two-byte sequences at once: `110xxxxx 10xxxxxx` twice,
            // which is the mask `E0 C0 E0 C0` giving `C0 80 C0 80`.
            if i + 4 <= b.len() && at + 2 <= out.len() {
                let w = u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
                if w & 0xC0E0_C0E0 == 0x80C0_80C0 {
                    out[at] = (((w & 0x1F) << 6) | ((w >> 8) & 0x3F)) as u16;
                    out[at + 1] = (((w >> 10) & 0x7C0) | ((w >> 24) & 0x3F)) as u16;
                    i += 4;
                    at += 2;
                    continue;
                }
            }
            out[at] = ((((lead & 0x1F) as u32) << 6) | (b[i + 1] & 0x3F) as u32) as u16;
            i += 2;
            at += 1;
        } else if lead < 0xF0 {
            out[at] = ((((lead & 0x0F) as u32) << 12)
                | (((b[i + 1] & 0x3F) as u32) << 6)
                | (b[i + 2] & 0x3F) as u32) as u16;
            i += 3;
            at += 1;
        } else {
            let (cp, _) = scalar::next_char(b, i);
            let (high, low) = scalar::split_surrogates(cp);
            out[at] = high as u16;
            out[at + 1] = low as u16;
            i += 4;
            at += 2;
        }
    }
    at
}

/// Where decoding reads its units from. The decoding functions are
/// `#[inline(always)]` so that each caller, which passes one constant kind
/// of source, gets a loop with the `match`es on it folded away.
#[derive(Clone, Copy)]
pub(crate) enum Src<'a> {
    /// Native code units.
    Units(&'a [u16]),
    /// Little-endian byte pairs.
    Le(&'a [u8]),
    /// Big-endian byte pairs.
    Be(&'a [u8]),
}

impl Src<'_> {
    /// The number of whole units.
    #[inline(always)]
    const fn len(self) -> usize {
        match self {
            Src::Units(u) => u.len(),
            Src::Le(b) | Src::Be(b) => b.len() / 2,
        }
    }

    /// Whether an odd byte follows the last whole unit.
    #[inline(always)]
    const fn odd(self) -> bool {
        match self {
            Src::Units(_) => false,
            Src::Le(b) | Src::Be(b) => b.len() % 2 == 1,
        }
    }

    #[inline(always)]
    const fn at(self, i: usize) -> u32 {
        match self {
            Src::Units(u) => u[i] as u32,
            Src::Le(b) => u16::from_le_bytes([b[2 * i], b[2 * i + 1]]) as u32,
            Src::Be(b) => u16::from_be_bytes([b[2 * i], b[2 * i + 1]]) as u32,
        }
    }

    /// Four units at `i` as one word of four 16-bit lanes, in order.
    #[inline(always)]
    const fn at4(self, i: usize) -> u64 {
        match self {
            Src::Units(u) => {
                let (_, rest) = u.split_at(i);
                match rest.first_chunk::<4>() {
                    Some(c) => {
                        (c[0] as u64)
                            | ((c[1] as u64) << 16)
                            | ((c[2] as u64) << 32)
                            | ((c[3] as u64) << 48)
                    }
                    None => 0,
                }
            }
            Src::Le(b) => load8(b, 2 * i),
            Src::Be(b) => {
                let w = load8(b, 2 * i);
                // Swap the bytes within each 16-bit lane.
                ((w >> 8) & 0x00FF_00FF_00FF_00FF) | ((w & 0x00FF_00FF_00FF_00FF) << 8)
            }
        }
    }

    /// The error for a failed step at unit `i`, in this source's terms.
    #[cold]
    #[inline]
    const fn error(self, i: usize, truncated: bool) -> DecodeError {
        match self {
            Src::Units(_) => {
                if truncated {
                    DecodeError::truncated(NATIVE, i).in_code_units()
                } else {
                    DecodeError::malformed(NATIVE, i, 1).in_code_units()
                }
            }
            Src::Le(_) | Src::Be(_) => {
                let enc = if matches!(self, Src::Le(_)) {
                    Encoding::Utf16Le
                } else {
                    Encoding::Utf16Be
                };
                if truncated {
                    DecodeError::truncated(enc, 2 * i)
                } else {
                    DecodeError::malformed(enc, 2 * i, 2)
                }
            }
        }
    }
}

/// The UTF-8 length of `src`, checking it as the reference step does.
#[inline(always)]
pub(crate) const fn decoded_len(src: Src<'_>) -> Result<usize, DecodeError> {
    let n = src.len();
    let mut i = 0;
    let mut len = 0usize;
    // Four units at a time while they hold no surrogate: each adds 1, plus
    // 1 if it is 0x80 or above, plus 1 if it is 0x800 or above, with no
    // branch. A block with a surrogate, and the tail, go unit by unit.
    while i + 4 <= n {
        let w = src.at4(i);
        if has_surrogate(w) {
            break;
        }
        let mut k = 0;
        while k < 4 {
            let u = (w >> (16 * k)) & 0xFFFF;
            len += 1 + (u >= 0x80) as usize + (u >= 0x800) as usize;
            k += 1;
        }
        i += 4;
    }
    while i < n {
        if i + 4 <= n && !has_surrogate(src.at4(i)) {
            let w = src.at4(i);
            let mut k = 0;
            while k < 4 {
                let u = (w >> (16 * k)) & 0xFFFF;
                len += 1 + (u >= 0x80) as usize + (u >= 0x800) as usize;
                k += 1;
            }
            i += 4;
            continue;
        }
        let u = src.at(i);
        if u < 0x80 {
            len += 1;
        } else if u < 0x800 {
            len += 2;
        } else if !scalar::is_high_surrogate(u) && !scalar::is_low_surrogate(u) {
            len += 3;
        } else if scalar::is_high_surrogate(u) {
            if i + 1 >= n {
                return Err(src.error(i, true));
            }
            if !scalar::is_low_surrogate(src.at(i + 1)) {
                return Err(src.error(i, false));
            }
            len += 4;
            i += 1;
        } else {
            return Err(src.error(i, false));
        }
        i += 1;
    }
    if src.odd() {
        return Err(src.error(n, true));
    }
    Ok(len)
}

/// One unit of the BMP that is not a surrogate, as UTF-8 in one 4-byte
/// store with no branch (the three encodings are computed and one picked);
/// returns the new cursor. The store reaches up to three bytes past the
/// character's end, which the caller has room for and overwrites.
#[inline]
pub(crate) const fn put_bmp(out: &mut [u8], at: usize, u: u32) -> usize {
    let two = u >= 0x80;
    let three = u >= 0x800;
    let v2 = (0xC0 | (u >> 6)) | ((0x80 | (u & 0x3F)) << 8);
    let v3 = (0xE0 | (u >> 12)) | ((0x80 | ((u >> 6) & 0x3F)) << 8) | ((0x80 | (u & 0x3F)) << 16);
    let v = if three {
        v3
    } else if two {
        v2
    } else {
        u
    };
    store4(out, at, v);
    at + 1 + two as usize + three as usize
}

/// Per 16-bit lane of four units: the lanes are surrogates (`D800..=DFFF`).
#[inline]
pub(crate) const fn has_surrogate(w: u64) -> bool {
    const LANES: u64 = 0x0001_0001_0001_0001;
    let x = (w & (0xF800 * LANES)) ^ (0xD800 * LANES);
    x.wrapping_sub(LANES) & !x & (0x8000 * LANES) != 0
}

/// Four ASCII units (16-bit lanes of `w`, in order) as four bytes, in the
/// order a little-endian 4-byte store writes them.
#[inline(always)]
const fn narrow4(w: u64) -> u32 {
    ((w & 0x7F) | ((w >> 8) & 0x7F00) | ((w >> 16) & 0x7F_0000) | ((w >> 24) & 0x7F00_0000)) as u32
}

/// Decodes `src` into `out`, checking as it goes; `out` must hold the output.
///
/// The hot loop takes four units at a time while four more follow (their
/// output overwrites the byte the last 4-byte store reaches past) and the
/// worst case of the block fits (five units, if a pair ends past the block:
/// 13 bytes, plus 3 of store): four ASCII units are narrowed into one
/// 4-byte store; four units with no surrogate among them go through
/// [`put_bmp`] with no branch, so text that mixes ASCII with Cyrillic or Han
/// costs no mispredictions; a block with a surrogate goes unit by unit; the
/// tail goes unit by unit with exact stores.
#[inline(always)]
const fn decode_fill_valid(src: Src<'_>, out: &mut [u8]) -> usize {
    let n = src.len();
    let mut i = 0;
    let mut at = 0;
    while i + 8 <= n && at + 16 <= out.len() {
        let w = src.at4(i);
        if i + 12 <= n && (w | src.at4(i + 4)) & 0xFF80_FF80_FF80_FF80 == 0 {
            // Eight ASCII units: two narrowed words.
            let v = src.at4(i + 4);
            store8(out, at, (narrow4(w) as u64) | ((narrow4(v) as u64) << 32));
            i += 8;
            at += 8;
            continue;
        }
        if w & 0xFF80_FF80_FF80_FF80 == 0 {
            store4(out, at, narrow4(w));
        } else if !has_surrogate(w) {
            at = put_bmp(out, at, (w & 0xFFFF) as u32);
            at = put_bmp(out, at, ((w >> 16) & 0xFFFF) as u32);
            at = put_bmp(out, at, ((w >> 32) & 0xFFFF) as u32);
            at = put_bmp(out, at, (w >> 48) as u32);
            i += 4;
            continue;
        } else {
            // A block with a surrogate: its units one by one (a pair that
            // starts in the last lane ends in the next block, which exists).
            let end = i + 4;
            while i < end {
                let u = src.at(i);
                if scalar::is_high_surrogate(u) {
                    // Valid input: a low surrogate follows.
                    let low = src.at(i + 1);
                    at = scalar::write_utf8(out, at, scalar::combine_surrogates(u, low));
                    i += 2;
                } else {
                    at = put_bmp(out, at, u);
                    i += 1;
                }
            }
            continue;
        }
        i += 4;
        at += 4;
    }
    while i < n {
        let u = src.at(i);
        if u < 0x80 {
            // Four ASCII units at once: narrow them into four bytes.
            if i + 4 <= n && at + 4 <= out.len() {
                let w = src.at4(i);
                if w & 0xFF80_FF80_FF80_FF80 == 0 {
                    store4(out, at, narrow4(w));
                    i += 4;
                    at += 4;
                    continue;
                }
            }
            out[at] = u as u8;
            at += 1;
        } else if u < 0x800 {
            out[at] = 0xC0 | (u >> 6) as u8;
            out[at + 1] = 0x80 | (u & 0x3F) as u8;
            at += 2;
        } else if !scalar::is_high_surrogate(u) && !scalar::is_low_surrogate(u) {
            // One byte too many, which the next unit overwrites.
            if at + 4 <= out.len() && i + 1 < n {
                let v = (0xE0 | (u >> 12))
                    | ((0x80 | ((u >> 6) & 0x3F)) << 8)
                    | ((0x80 | (u & 0x3F)) << 16);
                store4(out, at, v);
            } else {
                out[at] = 0xE0 | (u >> 12) as u8;
                out[at + 1] = 0x80 | ((u >> 6) & 0x3F) as u8;
                out[at + 2] = 0x80 | (u & 0x3F) as u8;
            }
            at += 3;
        } else {
            // Valid input: `u` is a high surrogate and a low one follows.
            let low = src.at(i + 1);
            at = scalar::write_utf8(out, at, scalar::combine_surrogates(u, low));
            i += 1;
        }
        i += 1;
    }
    at
}

/// Decoding: the checking length pass first, always, so that on bad input
/// `out` is left as it was; then the fill.
#[inline(always)]
pub(crate) const fn decode_into(src: Src<'_>, out: &mut [u8]) -> Result<usize, DecodeError> {
    {
        let needed = match decoded_len(src) {
            Ok(n) => n,
            Err(e) => return Err(e),
        };
        if needed > out.len() {
            return Err(match src {
                Src::Units(u) => DecodeError::output_too_small(NATIVE, u.len(), needed, out.len())
                    .in_code_units(),
                Src::Le(b) => {
                    DecodeError::output_too_small(Encoding::Utf16Le, b.len(), needed, out.len())
                }
                Src::Be(b) => {
                    DecodeError::output_too_small(Encoding::Utf16Be, b.len(), needed, out.len())
                }
            });
        }
    }
    Ok(decode_fill_valid(src, out))
}
