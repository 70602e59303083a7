//! UTF-8 to native UTF-16 units, and the count of those units, with NEON.
//!
//! # Encoding
//!
//! The input is a `&str`, so nothing is checked. The vector loop takes 16
//! bytes a step and picks a path by what the step holds:
//!
//! - **ASCII** (`vmaxvq_u8` below `0x80`): the bytes are widened to units
//!   (`vmovl_u8`) and stored, then 32 bytes a step while ASCII lasts.
//! - **A run of 3-byte characters** (Chinese, Japanese), entered where the
//!   step starts with a lead `E0..=EF`: `vld3q_u8` splits 48 bytes into the
//!   leads, the second and the third bytes of 16 characters; when all 16
//!   leads are `E0..=EF` (then, the text being valid, each is followed by
//!   its two continuation bytes) two shift-and-insert instructions
//!   (`vsliq_n_u8`) give the high and the low bytes of the 16 units, which
//!   `vst2q_u8` interleaves as it stores them.
//! - **A run of 2-byte characters** (Cyrillic or Greek words), likewise
//!   with `vld2q_u8`: 16 characters of 32 bytes whose leads are all
//!   `C0..=DF`.
//! - **Any other step** (scripts mixed with ASCII spaces and punctuation,
//!   emoji): for every byte position `j` of the step, the unit that a
//!   character *ending* at `j` would give, from bytes `j`, `j - 1` and
//!   `j - 2` (the bytes before the step come from the previous register by
//!   `vextq_u8`): the low byte is byte `j` if it is ASCII, else its six
//!   payload bits under the two low bits of `j - 1`; the high byte is bits
//!   2..=5 of `j - 1` under the low nibble of `j - 2` when `j - 1` is a
//!   continuation byte. A character ends at `j` where byte `j + 1` is not a
//!   continuation byte: one compare of the bytes loaded one further gives
//!   the 16-bit mask of the units to keep. Each half of the 16 candidates
//!   (eight units, one register) is compacted by one `vqtbl1q_u8` whose
//!   control is looked up in [`COMPACT`] by its 8-bit mask (the idea of
//!   Lemire and Keiser, "Transcoding billions of Unicode characters per
//!   second with SIMD instructions", 2022: candidates per position, then a
//!   shuffle table indexed by a mask of character ends), and stored whole;
//!   the cursor advances by the number kept, so that the next store
//!   overwrites the rest. A character that starts in one step and ends in
//!   the next is emitted by the next, so the loop advances by exactly 16
//!   bytes. Steps without a 3-byte lead near them skip the term of `j - 2`.
//!
//! **4-byte characters** stay in the vector loop: their high surrogate is
//! emitted at their third byte, where the formula has computed `cp >> 6`
//! (so the surrogate is that shifted right by four, plus `0xD800 - 0x40`),
//! and the low one at their fourth, whose candidate's low ten bits are
//! `cp & 0x3FF`. Both fix-ups (two `vbslq_u16`) run only in steps with a
//! lead `F0..=F4` two or three bytes before one of their positions.
//!
//! **The end.** The loop needs the byte after the step and room for 16
//! units. Where either lacks, it stops; the last bytes, from the start of
//! the character that is open there (whose high surrogate, if emitted, is
//! taken back), go through the `const` engine's encoder, which writes
//! exactly what fits.
//!
//! # Counting
//!
//! A unit starts at every byte that is not a continuation byte, and a
//! second one at every 4-byte lead: two compares per 16 bytes, whose `-1`
//! lanes are subtracted from byte counters, summed before one can overflow.

// The codec's short names: `b` input bytes, `n` its length, `i` input
// cursor, `at` output cursor, `m` mask, `c` bytes, `p1` the bytes before.
#![allow(clippy::many_single_char_names)]

use super::utf8::load;
use core::arch::aarch64::{
    uint8x16_t, uint8x16x2_t, uint16x8_t, vaddlvq_u8, vaddq_u16, vaddv_u8, vand_u8, vandq_u8,
    vandq_u16, vbicq_u8, vbslq_u8, vbslq_u16, vceqq_u8, vcgeq_u8, vcgtq_s8, vcltq_u8, vdupq_n_s8,
    vdupq_n_u8, vdupq_n_u16, vextq_u8, vget_high_u8, vget_low_u8, vld1_u8, vld2q_u8, vld3q_u8,
    vmaxvq_u8, vminvq_u8, vmovl_high_u8, vmovl_u8, vmvnq_u8, vorrq_u8, vorrq_u16, vqtbl1q_u8,
    vreinterpretq_s8_u8, vreinterpretq_u8_u16, vreinterpretq_u16_u8, vshrq_n_u8, vshrq_n_u16,
    vsliq_n_u8, vst1q_u8, vst1q_u16, vst2q_u8, vsubq_u8, vzip1q_u8, vzip2q_u8,
};

/// The `vqtbl1q_u8` controls of the compaction, 16 bytes each, aligned to
/// 16 so that none straddles a cache line.
#[repr(C, align(16))]
struct Compact([[u8; 16]; 256]);

/// `COMPACT.0[m]`, for an 8-bit mask `m` of the 16-bit lanes to keep, is
/// the byte shuffle that moves those lanes, in order, to the front; the
/// bytes after them are zeroed (index `0xFF`), though nothing keeps them.
/// Computed at compile time: 4 KiB.
static COMPACT: Compact = Compact(compact_table());

/// `KEPT[m]`, the number of lanes that `COMPACT.0[m]` keeps: a load is
/// shorter than a population count of a general register on aarch64.
static KEPT: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut m = 0;
    while m < 256 {
        #[allow(clippy::cast_possible_truncation, reason = "at most 8")]
        {
            t[m] = (m as u8).count_ones() as u8;
        }
        m += 1;
    }
    t
};

/// Builds [`COMPACT`]: for each mask, the set bits from the lowest up.
#[allow(clippy::cast_possible_truncation, reason = "lane indices below 16")]
#[inline]
const fn compact_table() -> [[u8; 16]; 256] {
    let mut t = [[0xFFu8; 16]; 256];
    let mut m = 0usize;
    while m < 256 {
        let mut k = 0usize;
        let mut p = 0usize;
        while p < 8 {
            if (m >> p) & 1 == 1 {
                t[m][2 * k] = 2 * p as u8;
                t[m][2 * k + 1] = 2 * p as u8 + 1;
                k += 1;
            }
            p += 1;
        }
        m += 1;
    }
    t
}

/// The bit of each byte of a half register, for [`bits`].
const BITS: [u8; 8] = [1, 2, 4, 8, 16, 32, 64, 128];

/// The two 8-bit masks of the bytes of `keep` (`0xFF` or 0) that are set:
/// bytes 0..8 and bytes 8..16.
#[target_feature(enable = "neon")]
#[inline]
fn bits(keep: uint8x16_t) -> (u32, u32) {
    // SAFETY: `BITS` is 8 readable bytes.
    let w = unsafe { vld1_u8(BITS.as_ptr()) };
    (
        u32::from(vaddv_u8(vand_u8(vget_low_u8(keep), w))),
        u32::from(vaddv_u8(vand_u8(vget_high_u8(keep), w))),
    )
}

/// Stores the eight units of `v` at `dst[at..at + 8]` (a panic if they do
/// not fit, which the callers' checks rule out).
#[target_feature(enable = "neon")]
#[inline]
fn store8(dst: &mut [u16], at: usize, v: uint16x8_t) {
    let out = &mut dst[at..at + 8];
    // SAFETY: `out` is 8 writable units; `vst1q_u16` needs 2-byte
    // alignment, which a `u16` slice has.
    unsafe { vst1q_u16(out.as_mut_ptr(), v) }
}

/// Stores the 16 bytes of `v` over `dst[at..at + 8]`.
#[target_feature(enable = "neon")]
#[inline]
fn store8_bytes(dst: &mut [u16], at: usize, v: uint8x16_t) {
    let out = &mut dst[at..at + 8];
    // SAFETY: `out` is 16 writable bytes; `vst1q_u8` needs no alignment.
    unsafe { vst1q_u8(out.as_mut_ptr().cast::<u8>(), v) }
}

/// Stores 16 units whose low bytes are `lo` and high bytes `hi` at
/// `dst[at..at + 16]` (little-endian units: `vst2q_u8` interleaves them).
#[target_feature(enable = "neon")]
#[inline]
fn store16_split(dst: &mut [u16], at: usize, lo: uint8x16_t, hi: uint8x16_t) {
    let out = &mut dst[at..at + 16];
    // SAFETY: `out` is 32 writable bytes; `vst2q_u8` needs no alignment.
    unsafe { vst2q_u8(out.as_mut_ptr().cast::<u8>(), uint8x16x2_t(lo, hi)) }
}

/// Encodes `text` into native units; `None` if `dst` is too short.
#[inline]
pub(crate) fn encode_units(text: &str, dst: &mut [u16]) -> Option<usize> {
    // The stores write the bytes of little-endian units.
    if cfg!(target_endian = "big") {
        return crate::simd::portable::utf16::encode_units(text, dst);
    }
    // SAFETY: NEON is part of the base aarch64 architecture: every target
    // of this module has it, the one feature `encode` enables.
    unsafe { encode(text, dst) }
}

/// The number of UTF-16 units of `text`.
#[inline]
pub(crate) fn units_len(text: &str) -> usize {
    // SAFETY: as in `encode_units`.
    unsafe { count(text.as_bytes()) }
}

/// [`encode_units`] with NEON enabled.
#[target_feature(enable = "neon")]
#[inline]
fn encode(text: &str, dst: &mut [u16]) -> Option<usize> {
    let b = text.as_bytes();
    let n = b.len();
    let (mut i, mut at) = (0, 0);
    // The 16 bytes before `i` (zeros, which are ASCII, before the text).
    let mut prev = vdupq_n_u8(0);
    // The largest byte of `prev`: with that of the step, an upper bound of
    // the bytes two and three before each of its positions, which is all
    // that the choice of the step's variant needs (a variant for longer
    // characters is right for shorter ones too).
    let mut prev_top = 0;
    while i + 17 <= n && at + 16 <= dst.len() {
        let c = load(b, i);
        let c_top = vmaxvq_u8(c);
        if c_top < 0x80 {
            store8(dst, at, vmovl_u8(vget_low_u8(c)));
            store8(dst, at + 8, vmovl_high_u8(c));
            i += 16;
            at += 16;
            prev = c;
            while i + 32 <= n && at + 32 <= dst.len() {
                let (x, y) = (load(b, i), load(b, i + 16));
                if vmaxvq_u8(vorrq_u8(x, y)) >= 0x80 {
                    break;
                }
                store8(dst, at, vmovl_u8(vget_low_u8(x)));
                store8(dst, at + 8, vmovl_high_u8(x));
                store8(dst, at + 16, vmovl_u8(vget_low_u8(y)));
                store8(dst, at + 24, vmovl_high_u8(y));
                i += 32;
                at += 32;
                prev = y;
            }
            prev_top = 0x7F;
            continue;
        }
        let lead = b[i];
        if lead & 0xF0 == 0xE0 {
            let (j, a) = run3(b, i, dst, at);
            if j > i {
                (i, at) = (j, a);
                prev = load(b, i - 16);
                prev_top = 0xFF;
                continue;
            }
        } else if lead & 0xE0 == 0xC0 && b.get(i + 30).is_some_and(|&x| x & 0xE0 == 0xC0) {
            let (j, a) = run2(b, i, dst, at);
            if j > i {
                (i, at) = (j, a);
                prev = load(b, i - 16);
                prev_top = 0xFF;
                continue;
            }
        }
        let next = load(b, i + 1);
        let top = c_top.max(prev_top);
        at = if top < 0xE0 {
            step::<false, false>(dst, at, prev, c, next)
        } else if top < 0xF0 {
            step::<true, false>(dst, at, prev, c, next)
        } else {
            step::<true, true>(dst, at, prev, c, next)
        };
        prev = c;
        prev_top = c_top;
        i += 16;
    }
    // The rest, from the start of the character open at `i`.
    let mut k = i;
    while k > 0 && k < n && b[k] & 0xC0 == 0x80 {
        k -= 1;
    }
    if k < i && b[k] >= 0xF0 && i - k == 3 {
        // Its high surrogate was emitted at its third byte.
        at -= 1;
    }
    let rest = text.get(k..)?;
    let written = crate::engine::utf16::encode_units_into(rest, dst.get_mut(at..)?).ok()?;
    Some(at + written)
}

/// One step of 16 bytes `c` of any content, `prev` the 16 before and
/// `next` the 16 from one byte further; `THREE` where a 3-byte lead may be
/// two bytes before a position, `FOUR` where a 4-byte lead may be two or
/// three before. Writes within `dst[at..at + 16]`; returns the new `at`.
#[target_feature(enable = "neon")]
#[inline]
fn step<const THREE: bool, const FOUR: bool>(
    dst: &mut [u16],
    at: usize,
    prev: uint8x16_t,
    c: uint8x16_t,
    next: uint8x16_t,
) -> usize {
    let cont_bits = vdupq_n_u8(0xC0);
    let p1 = vextq_u8::<15>(prev, c);
    let ascii = vcltq_u8(c, vdupq_n_u8(0x80));
    let lo = vbslq_u8(ascii, c, vsliq_n_u8::<6>(c, p1));
    let mut hi = vandq_u8(vshrq_n_u8::<2>(p1), vdupq_n_u8(0x0F));
    let p2 = vextq_u8::<14>(prev, c);
    if THREE {
        let p1_cont = vceqq_u8(vandq_u8(p1, cont_bits), vdupq_n_u8(0x80));
        hi = vbslq_u8(p1_cont, vsliq_n_u8::<4>(hi, p2), hi);
    }
    let hi = vbicq_u8(hi, ascii);
    // A character ends where the next byte is no continuation byte.
    let mut keep = vmvnq_u8(vceqq_u8(vandq_u8(next, cont_bits), vdupq_n_u8(0x80)));
    let mut v0 = vreinterpretq_u16_u8(vzip1q_u8(lo, hi));
    let mut v1 = vreinterpretq_u16_u8(vzip2q_u8(lo, hi));
    if FOUR {
        let third = vcgeq_u8(p2, vdupq_n_u8(0xF0));
        let fourth = vcgeq_u8(vextq_u8::<13>(prev, c), vdupq_n_u8(0xF0));
        keep = vorrq_u8(keep, third);
        let high = |v: uint16x8_t| vaddq_u16(vshrq_n_u16::<4>(v), vdupq_n_u16(0xD800 - 0x40));
        let low = |v: uint16x8_t| vorrq_u16(vandq_u16(v, vdupq_n_u16(0x3FF)), vdupq_n_u16(0xDC00));
        let wide = |m: uint8x16_t, hi_half: bool| {
            vreinterpretq_u16_u8(if hi_half {
                vzip2q_u8(m, m)
            } else {
                vzip1q_u8(m, m)
            })
        };
        v0 = vbslq_u16(wide(third, false), high(v0), v0);
        v1 = vbslq_u16(wide(third, true), high(v1), v1);
        v0 = vbslq_u16(wide(fourth, false), low(v0), v0);
        v1 = vbslq_u16(wide(fourth, true), low(v1), v1);
    }
    let (m0, m1) = bits(keep);
    let t0 = load(&COMPACT.0[m0 as usize], 0);
    let t1 = load(&COMPACT.0[m1 as usize], 0);
    store8_bytes(dst, at, vqtbl1q_u8(vreinterpretq_u8_u16(v0), t0));
    let at = at + usize::from(KEPT[m0 as usize]);
    store8_bytes(dst, at, vqtbl1q_u8(vreinterpretq_u8_u16(v1), t1));
    at + usize::from(KEPT[m1 as usize])
}

/// The run of 3-byte characters from `b[i]`, 16 a step (48 bytes) while
/// they last and fit; the new `(i, at)` (unchanged if no step was taken).
#[target_feature(enable = "neon")]
#[inline]
fn run3(b: &[u8], mut i: usize, dst: &mut [u16], mut at: usize) -> (usize, usize) {
    while let Some(chunk) = b.get(i..i + 48)
        && at + 16 <= dst.len()
    {
        // SAFETY: `chunk` is 48 readable bytes; no alignment is needed.
        let x = unsafe { vld3q_u8(chunk.as_ptr()) };
        let leads = vceqq_u8(vandq_u8(x.0, vdupq_n_u8(0xF0)), vdupq_n_u8(0xE0));
        if vminvq_u8(leads) == 0 {
            break;
        }
        // `1110zzzz 10yyyyyy 10xxxxxx` to `zzzzyyyy yyxxxxxx`.
        let hi = vsliq_n_u8::<4>(vshrq_n_u8::<2>(x.1), x.0);
        let lo = vsliq_n_u8::<6>(x.2, x.1);
        store16_split(dst, at, lo, hi);
        i += 48;
        at += 16;
    }
    (i, at)
}

/// The run of 2-byte characters from `b[i]`, 16 a step (32 bytes) while
/// they last and fit; the new `(i, at)` (unchanged if no step was taken).
#[target_feature(enable = "neon")]
#[inline]
fn run2(b: &[u8], mut i: usize, dst: &mut [u16], mut at: usize) -> (usize, usize) {
    while let Some(chunk) = b.get(i..i + 32)
        && at + 16 <= dst.len()
    {
        // SAFETY: `chunk` is 32 readable bytes; no alignment is needed.
        let x = unsafe { vld2q_u8(chunk.as_ptr()) };
        let leads = vceqq_u8(vandq_u8(x.0, vdupq_n_u8(0xE0)), vdupq_n_u8(0xC0));
        if vminvq_u8(leads) == 0 {
            break;
        }
        // `110yyyyy 10xxxxxx` to `00000yyy yyxxxxxx`.
        let hi = vandq_u8(vshrq_n_u8::<2>(x.0), vdupq_n_u8(0x07));
        let lo = vsliq_n_u8::<6>(x.1, x.0);
        store16_split(dst, at, lo, hi);
        i += 32;
        at += 16;
    }
    (i, at)
}

/// [`units_len`] of the bytes of a `str`, with NEON enabled.
#[target_feature(enable = "neon")]
#[inline]
fn count(b: &[u8]) -> usize {
    let n = b.len();
    let mut i = 0;
    let mut total = 0;
    while i + 16 <= n {
        // Each lane gains at most 2 a step: 127 steps fit in a byte.
        let mut acc = vdupq_n_u8(0);
        let mut k = 0;
        while k < 127 && i + 16 <= n {
            let c = load(b, i);
            // Not a continuation byte: as a signed byte, above -0x41.
            let starts = vcgtq_s8(vreinterpretq_s8_u8(c), vdupq_n_s8(-0x41));
            let four = vcgeq_u8(c, vdupq_n_u8(0xF0));
            acc = vsubq_u8(acc, starts);
            acc = vsubq_u8(acc, four);
            i += 16;
            k += 1;
        }
        total += usize::from(vaddlvq_u8(acc));
    }
    for &x in &b[i..] {
        total += usize::from(x & 0xC0 != 0x80) + usize::from(x >= 0xF0);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::{encode_units, units_len};
    use crate::simd::test_support::{Rng, cases, sample};
    extern crate std;
    use std::string::String;
    use std::vec::Vec;

    /// `text` into buffers of its exact length, one unit short, and spare
    /// room, compared with `str::encode_utf16` (and, for the short ones,
    /// `None`).
    fn check(text: &str) {
        let want: Vec<u16> = text.encode_utf16().collect();
        assert_eq!(units_len(text), want.len(), "units_len of {text:?}");
        let mut lens = std::vec![want.len(), want.len() + 1, want.len() + 40];
        if !want.is_empty() {
            lens.push(want.len() - 1);
        }
        if want.len() > 16 {
            lens.push(want.len() - 16);
        }
        for len in lens {
            let mut dst = std::vec![0xAAAAu16; len];
            let got = encode_units(text, &mut dst);
            if len >= want.len() {
                assert_eq!(got, Some(want.len()), "{text:?} into {len}");
                assert_eq!(&dst[..want.len()], &want[..], "{text:?} into {len}");
            } else {
                assert_eq!(got, None, "{text:?} into {len}");
            }
        }
    }

    const CLASSES: [&str; 12] = [
        "a",
        "🤔",
        "\u{AAA55}",
        "é",
        "ж",
        "\u{7FF}",
        "\u{800}",
        "世",
        "\u{FFFF}",
        "😀",
        "\u{10000}",
        "\u{10FFFF}",
    ];

    /// Every character class, alone and in runs across steps, after 0..64
    /// ASCII bytes and followed by a few lengths of ASCII.
    #[test]
    fn neon_utf16_every_class_at_every_offset() {
        for c in CLASSES {
            for reps in [1, 2, 5, 17, 40] {
                for pad in sample(0..64, 16) {
                    for after in [0, 1, 15, 16, 33] {
                        let mut s = "x".repeat(pad);
                        s.push_str(&c.repeat(reps));
                        s.push_str(&"y".repeat(after));
                        check(&s);
                    }
                }
            }
        }
    }

    /// Every pair of classes in alternation, and words of a class between
    /// spaces, at every offset.
    #[test]
    fn neon_utf16_mixes() {
        for a in CLASSES {
            for b in CLASSES {
                for pad in sample(0..64, 25) {
                    let mut s = "q".repeat(pad);
                    for k in 0..40 {
                        s.push_str(if k % 3 == 0 { b } else { a });
                    }
                    check(&s);
                    let mut w = "q".repeat(pad);
                    for k in 0..30 {
                        w.push_str(&a.repeat(1 + k % 7));
                        w.push_str(if k % 2 == 0 { " " } else { b });
                    }
                    check(&w);
                }
            }
        }
    }

    /// Random mixes at fixed seeds.
    #[test]
    fn neon_utf16_random() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        for _ in 0..cases(4000, 100) {
            let len = rng.index(200);
            let mix = rng.index(4);
            let mut s = String::new();
            while s.len() < len {
                let k = match mix {
                    0 => rng.index(CLASSES.len()),
                    1 => [0, 7, 8][rng.index(3)],
                    2 => [0, 0, 4, 4, 9, 1][rng.index(6)],
                    _ => rng.index(4) + 7,
                };
                s.push_str(CLASSES[k]);
            }
            check(&s);
        }
    }
}
