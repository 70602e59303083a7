//! UTF-8 to UTF-16 and back, portable.
//!
//! UTF-8 to UTF-16: ASCII sixteen bytes a step (two words tested at once);
//! ASCII and 2-byte characters (Cyrillic, Greek, Hebrew, Arabic with their
//! spaces) eight bytes a step without a branch on where one character
//! ends: the unit of the character each byte would lead is computed for all
//! eight at once (two words of four 16-bit lanes), and each is stored at
//! the count of leads before it, so that a continuation byte's store is
//! overwritten by the next character's; 3-byte characters (CJK) four at a
//! time where two words' bits say so; the rest a character at a time. The
//! input is a `&str`, so nothing is checked but the room.
//!
//! UTF-16 to UTF-8: ASCII eight units a step, everything else one unit a
//! step in a loop that stays out of the ASCII test until an ASCII unit
//! comes, but for runs of 3-byte characters (CJK), four units a step with
//! a 4-byte store each; a surrogate must be a high one followed by a low
//! one, or the kernel says `None`.

use super::words::{
    HI, NOT_ASCII16, continuation_bytes, load8, narrow4, store_units4, swap16, three_byte_units4,
    unit_offsets_short, units_of_short, units4, widen8,
};

/// Encodes `text` into UTF-16 units; `None` if `dst` is too short.
#[inline]
pub(crate) fn encode_units(text: &str, dst: &mut [u16]) -> Option<usize> {
    let b = text.as_bytes();
    let (i, at) = encode_blocks::<32>(b, dst, 0, 0);
    // The last 16 to 31 bytes (all of a short text) in the same steps, the
    // ones that look up to sixteen bytes on left out.
    let (i, at) = encode_blocks::<16>(b, dst, i, at);
    encode_rest(b, i, at, dst)
}

/// The bulk of [`encode_units`] from byte `i` and unit `at`, while `N`
/// bytes of input (16 or 32) and 24 units of room are left, a step at a
/// time: sixteen bytes of ASCII; or eight or
/// sixteen bytes of ASCII and 2-byte characters mixed in any way (Cyrillic,
/// Greek, Hebrew, Arabic text with its spaces and punctuation) without a
/// branch on their characters; or four or eight 3-byte characters (CJK)
/// (sixteen and eight only if `N` is 32);
/// else the characters led by the next eight bytes one at a time. Every
/// step starts at a character and writes whole characters (the last one
/// may end up to three bytes after the step's bytes); returns where the
/// input and the output stop.
#[inline]
fn encode_blocks<const N: usize>(
    b: &[u8],
    dst: &mut [u16],
    mut i: usize,
    mut at: usize,
) -> (usize, usize) {
    while let (Some(win), Some(out)) = (
        b.get(i..).and_then(<[u8]>::first_chunk::<N>),
        dst.get_mut(at..).and_then(<[u16]>::first_chunk_mut::<24>),
    ) {
        let (w0, w1) = (load8(win, 0), load8(win, 8));
        if (w0 | w1) & HI == 0 {
            widen8(&mut out[..8], w0);
            widen8(&mut out[8..16], w1);
            i += 16;
            at += 16;
            continue;
        }
        if no_three_up(w0) {
            // No 3- or 4-byte lead: eight bytes without a branch on their
            // characters, sixteen if the next eight have none either.
            let mut count = short_block(w0, load8(win, 1), &mut out[..8]);
            let (next, len) = if N >= 32 && no_three_up(w1) {
                count += short_block(w1, load8(win, 9), &mut out[count & 15..][..8]);
                (load8(win, 16), 16)
            } else {
                (w1, 8)
            };
            // The next step starts at the first character that starts
            // after these bytes (at most three continuation bytes on).
            i += len + ((continuation_bytes(next) ^ HI).trailing_zeros() / 8) as usize;
            at += count;
            continue;
        }
        if let Some(units) = three_byte_units4(w0, w1) {
            store_units4(&mut out[..4], units);
            let more = if N >= 32 {
                three_byte_units4(load8(win, 12), load8(win, 20))
            } else {
                None
            };
            if let Some(more) = more {
                store_units4(&mut out[4..8], more);
                i += 24;
                at += 8;
            } else {
                i += 12;
                at += 4;
            }
            continue;
        }
        let (p, q) = mixed_block(win, out);
        i += p;
        at += q;
    }
    (i, at)
}

/// The characters led by the first eight bytes of `win`, which hold 3- or
/// 4-byte characters among others, a character at a time into `out`:
/// returns how many bytes (to the end of the last character) and units.
#[inline]
fn mixed_block<const N: usize>(win: &[u8; N], out: &mut [u16; 24]) -> (usize, usize) {
    let (mut p, mut q) = (0, 0);
    while p < 8 {
        let lead = win[p];
        // At most one unit a byte so far, so `q < 8`.
        let q1 = q & 7;
        if lead < 0x80 {
            out[q1] = u16::from(lead);
            p += 1;
            q += 1;
        } else if lead < 0xE0 {
            out[q1] = u16::from(lead & 0x1F) << 6 | u16::from(win[p + 1] & 0x3F);
            p += 2;
            q += 1;
        } else if lead < 0xF0 {
            out[q1] = u16::from(lead & 0x0F) << 12
                | u16::from(win[p + 1] & 0x3F) << 6
                | u16::from(win[p + 2] & 0x3F);
            p += 3;
            q += 1;
        } else {
            let c = u32::from(lead & 0x07) << 18
                | u32::from(win[p + 1] & 0x3F) << 12
                | u32::from(win[p + 2] & 0x3F) << 6
                | u32::from(win[p + 3] & 0x3F);
            // (c - 0x1_0000) >> 10 = (c >> 10) - 0x40.
            out[q1] = 0xD7C0 + (c >> 10) as u16;
            out[q1 + 1] = 0xDC00 | (c & 0x3FF) as u16;
            p += 4;
            q += 2;
        }
    }
    (p, q)
}

/// Whether no byte of `w` is `E0` or above (a 3- or 4-byte lead).
#[inline]
const fn no_three_up(w: u64) -> bool {
    w & (w << 1) & (w << 2) & HI == 0
}

/// The units of the characters led by the eight bytes of `w` (which lead
/// no 3- or 4-byte character; `l` is the eight bytes from its second on,
/// for the last lead's continuation byte) into `out[..count]`; returns
/// `count` (`out` has eight units). Byte k leads (or continues) the character whose unit goes to
/// `out[offset k]`; the units of the characters led by even bytes are the
/// lanes of `even`, by odd ones of `odd`. A continuation byte writes
/// anything at the place of the next unit, which that unit then
/// overwrites (or which is past `count`).
#[inline]
fn short_block(w: u64, l: u64, out: &mut [u16]) -> usize {
    let (offsets, count) = unit_offsets_short(w);
    let (even, odd) = (units_of_short(w), units_of_short(l));
    for k in 0..8 {
        let lane = if k % 2 == 0 { even } else { odd } >> (16 * (k / 2));
        out[(offsets >> (8 * k)) as usize & 7] = lane as u16;
    }
    count
}

/// [`encode_units`] from byte `i` (a character boundary) and unit `at` on,
/// a character at a time, checking the room for each.
#[inline]
fn encode_rest(b: &[u8], mut i: usize, mut at: usize, dst: &mut [u16]) -> Option<usize> {
    let n = b.len();
    while i < n {
        let lead = b[i];
        if lead < 0x80 {
            *dst.get_mut(at)? = u16::from(lead);
            i += 1;
            at += 1;
        } else if lead < 0xE0 {
            let &[l, t] = b.get(i..i + 2)? else {
                return None;
            };
            *dst.get_mut(at)? = u16::from(l & 0x1F) << 6 | u16::from(t & 0x3F);
            i += 2;
            at += 1;
        } else if lead < 0xF0 {
            let &[l, t1, t2] = b.get(i..i + 3)? else {
                return None;
            };
            *dst.get_mut(at)? =
                u16::from(l & 0x0F) << 12 | u16::from(t1 & 0x3F) << 6 | u16::from(t2 & 0x3F);
            i += 3;
            at += 1;
        } else {
            let &[l, t1, t2, t3] = b.get(i..i + 4)? else {
                return None;
            };
            let c = u32::from(l & 0x07) << 18
                | u32::from(t1 & 0x3F) << 12
                | u32::from(t2 & 0x3F) << 6
                | u32::from(t3 & 0x3F);
            let c = c - 0x1_0000;
            let out = dst.get_mut(at..at + 2)?;
            out[0] = 0xD800 | (c >> 10) as u16;
            out[1] = 0xDC00 | (c & 0x3FF) as u16;
            i += 4;
            at += 2;
        }
    }
    Some(at)
}

/// Where the units come from: a slice of native units, or bytes in either
/// order.
pub(crate) trait Units {
    /// The number of whole units.
    fn len(&self) -> usize;
    /// Unit `i` (`i < len()`).
    fn at(&self, i: usize) -> u16;
    /// Units `i..i + 4` (`i + 4 <= len()`), unit `k` in bits `16k` up.
    fn four(&self, i: usize) -> u64;
}

impl Units for &[u16] {
    #[inline]
    fn len(&self) -> usize {
        <[u16]>::len(self)
    }
    #[inline]
    fn at(&self, i: usize) -> u16 {
        self[i]
    }
    #[inline]
    fn four(&self, i: usize) -> u64 {
        units4(self, i)
    }
}

/// Bytes, little-endian (`BE == false`) or big-endian units; an odd last
/// byte is not a unit.
pub(crate) struct Bytes<'a, const BE: bool>(pub(crate) &'a [u8]);

impl<const BE: bool> Units for Bytes<'_, BE> {
    #[inline]
    fn len(&self) -> usize {
        self.0.len() / 2
    }
    #[inline]
    fn at(&self, i: usize) -> u16 {
        let pair = [self.0[2 * i], self.0[2 * i + 1]];
        if BE {
            u16::from_be_bytes(pair)
        } else {
            u16::from_le_bytes(pair)
        }
    }
    #[inline]
    fn four(&self, i: usize) -> u64 {
        let w = load8(self.0, 2 * i);
        if BE { swap16(w) } else { w }
    }
}

/// Decodes the units of `src` to UTF-8; `None` if one is an unpaired
/// surrogate or `dst` is too short. (An odd last byte of [`Bytes`] is the
/// caller's to reject.)
#[inline]
pub(crate) fn decode<S: Units>(src: &S, dst: &mut [u8]) -> Option<usize> {
    let n = src.len();
    let mut i = 0;
    let mut at = 0;
    while i < n {
        while i + 8 <= n && at + 8 <= dst.len() {
            let (w0, w1) = (src.four(i), src.four(i + 4));
            if (w0 | w1) & NOT_ASCII16 != 0 {
                break;
            }
            narrow4(&mut dst[at..], w0);
            narrow4(&mut dst[at + 4..], w1);
            i += 8;
            at += 8;
        }
        // One unit at a time, until an ASCII unit has been written after a
        // run of others (then the words are worth a try again).
        while i < n {
            let u = src.at(i);
            if u < 0x80 {
                *dst.get_mut(at)? = u as u8;
                i += 1;
                at += 1;
                break;
            }
            if u < 0x800 {
                let out = dst.get_mut(at..at + 2)?;
                out[0] = 0xC0 | (u >> 6) as u8;
                out[1] = 0x80 | (u & 0x3F) as u8;
                i += 1;
                at += 2;
            } else if u & 0xF800 != 0xD800 {
                let out = dst.get_mut(at..at + 3)?;
                out[0] = 0xE0 | (u >> 12) as u8;
                out[1] = 0x80 | (u >> 6 & 0x3F) as u8;
                out[2] = 0x80 | (u & 0x3F) as u8;
                i += 1;
                at += 3;
                // Where one 3-byte character is, more follow (CJK, Thai,
                // Indic scripts): four at a time while four are.
                while i + 4 <= n
                    && let Some(out) = dst.get_mut(at..).and_then(<[u8]>::first_chunk_mut::<13>)
                    && three_byte_utf8_4(src.four(i), out)
                {
                    i += 4;
                    at += 12;
                }
            } else {
                // A high surrogate, then a low one.
                if u >= 0xDC00 || i + 1 >= n {
                    return None;
                }
                let lo = src.at(i + 1);
                if lo & 0xFC00 != 0xDC00 {
                    return None;
                }
                let c = 0x1_0000 + ((u32::from(u) & 0x3FF) << 10 | (u32::from(lo) & 0x3FF));
                let out = dst.get_mut(at..at + 4)?;
                out[0] = 0xF0 | (c >> 18) as u8;
                out[1] = 0x80 | (c >> 12 & 0x3F) as u8;
                out[2] = 0x80 | (c >> 6 & 0x3F) as u8;
                out[3] = 0x80 | (c & 0x3F) as u8;
                i += 2;
                at += 4;
            }
        }
    }
    Some(at)
}

/// Writes the UTF-8 of the four units of `w` (unit `k` in bits `16k` up)
/// to `out[..12]` if each is a character of three bytes of UTF-8
/// (`0800..=FFFF` but for the surrogates) and says whether they were; each
/// character is one 4-byte store, whose last byte the next one overwrites
/// (the last one's is `out[12]`, past the twelve).
#[inline]
fn three_byte_utf8_4(w: u64, out: &mut [u8; 13]) -> bool {
    let mut all = true;
    for k in 0..4 {
        let top = (w >> (16 * k)) as u16 & 0xF800;
        all &= top != 0 && top != 0xD800;
    }
    if all {
        for k in 0..4 {
            let u = u32::from((w >> (16 * k)) as u16);
            let c = 0x0080_80E0 | u >> 12 | (u >> 6 & 0x3F) << 8 | (u & 0x3F) << 16;
            out[3 * k..3 * k + 4].copy_from_slice(&c.to_le_bytes());
        }
    }
    all
}

/// UTF-16 bytes (`BE` or little-endian) to UTF-8; `None` if ill-formed (an
/// odd last byte included) or `dst` is too short.
#[inline]
pub(crate) fn decode_bytes<const BE: bool>(bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    if !bytes.len().is_multiple_of(2) {
        return None;
    }
    decode(&Bytes::<BE>(bytes), dst)
}
