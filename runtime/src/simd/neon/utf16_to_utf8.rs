//! UTF-16 to UTF-8 with NEON: native code units ([`decode_units`]) and the
//! UTF-16LE and UTF-16BE byte forms ([`decode_bytes`]), through one vector
//! loop that differs between them only in how 16 units are loaded (BE
//! bytes are swapped within each unit by `vrev16q_u8`).
//!
//! # The loop
//!
//! The loop takes 16 units (two registers of eight 16-bit lanes) a step
//! and picks a path by the largest unit (`vmaxvq_u16`):
//!
//! - **ASCII** (below U+0080): the units are narrowed to bytes by
//!   `vuzp1q_u8` (the low byte of each unit) and stored.
//! - **Below U+0800** (Cyrillic, Greek, Hebrew, Arabic with ASCII spaces
//!   and punctuation): each unit's 2-byte form is built in its own 16-bit
//!   lane, where an ASCII unit keeps its one byte; the eight lanes of a
//!   register are squeezed by one `vqtbl1q_u8` whose control [`PACK2`]
//!   looks up by the 8-bit mask of the ASCII units, and stored, advanced by
//!   `16 - popcount(mask)`.
//! - **No surrogate, every unit U+0800 or above** (most steps of Chinese or
//!   Japanese): the first, middle and last bytes of the 16 units, each
//!   narrowed into one register, are interleaved by `vst3q_u8` as it
//!   stores 48 bytes.
//! - **No surrogate, of mixed lengths**: each unit is widened to a 32-bit
//!   lane `[F, M, L, 0]` of its first, middle and last byte (by two
//!   `vzip`s), of which it keeps 1, 2 or 3; each group of four units is
//!   squeezed by a `vqtbl1q_u8` from [`PACK3`], indexed by the four 2-bit
//!   lengths, and advanced by the sum of those lengths.
//! - **Surrogates**: the eight units that hold one (the first eight of a
//!   step that has one, else the second), and the low half of a pair that
//!   the last of them opens, are converted by a short scalar loop that
//!   checks the pairs and rejoins the vector loop after them (the first
//!   eight of a step whose surrogates are in its second half go through
//!   the mixed path above).
//!
//! The compaction through shuffle tables indexed by a mask is the idea of
//! Lemire and Keiser, "Transcoding billions of Unicode characters per
//! second with SIMD instructions" (2022); the tables are computed by
//! `const fn` at compile time.
//!
//! # Bounds
//!
//! The loop runs while 16 units are left and `dst` has room for 52 bytes
//! (48 for 16 units, 4 for a pair that the scalar step completes); the
//! rest, which starts on a character boundary, goes through the `const`
//! engine's block code, which checks it (and an odd trailing byte) and
//! writes exactly what fits.

// The codec's short names: `src` input bytes, `i` unit cursor, `at` output
// cursor, `m` mask, `x` registers.
#![allow(clippy::many_single_char_names)]

use super::utf8::load;
use crate::engine::utf16::Src;
use core::arch::aarch64::{
    uint8x16_t, uint8x16x3_t, uint16x8_t, vaddq_u16, vaddv_u8, vaddv_u16, vand_u8, vandq_u16,
    vbslq_u16, vcltq_u16, vdupq_n_u16, vget_high_u16, vget_low_u16, vld1_u8, vld1q_s16, vmaxq_u16,
    vmaxvq_u16, vminq_u16, vminvq_u16, vmovn_u16, vorrq_u16, vqtbl1q_u8, vreinterpretq_u8_u16,
    vreinterpretq_u16_u8, vrev16q_u8, vshlq_n_u16, vshlq_u16, vshrq_n_u16, vst1q_u8, vst3q_u8,
    vsubq_u16, vuzp1q_u8, vzip1q_u16, vzip2q_u16,
};

/// 256 shuffle controls of 16 bytes, aligned so that none straddles a
/// cache line.
#[repr(C, align(16))]
struct Shuffles([[u8; 16]; 256]);

/// For eight units in 16-bit lanes, each holding the unit's 2-byte form in
/// memory order, or its one byte (and a byte to drop) if it is ASCII:
/// entry `m` (bit `k` set when unit `k` is ASCII) gathers the bytes to
/// keep, `16 - m.count_ones()` of them, to the front.
static PACK2: Shuffles = pack2();

/// For four units in 32-bit lanes `[F, M, L, 0]`: entry `m`, whose bits
/// `2k` and `2k + 1` are one less than the length of unit `k` (0, 1 or 2),
/// gathers the last `length` bytes of each lane to the front; [`LEN3`]
/// says how many that is.
static PACK3: Shuffles = pack3().0;

/// The number of bytes that entry `m` of [`PACK3`] keeps.
static LEN3: [u8; 256] = pack3().1;

/// `16 - m.count_ones()`, the bytes that entry `m` of [`PACK2`] keeps: a
/// load is shorter than a population count of a general register.
static LEN2: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut m = 0;
    while m < 256 {
        #[allow(clippy::cast_possible_truncation, reason = "at most 16")]
        {
            t[m] = 16 - (m as u8).count_ones() as u8;
        }
        m += 1;
    }
    t
};

/// Builds [`PACK2`].
#[allow(clippy::cast_possible_truncation, reason = "indices below 16")]
const fn pack2() -> Shuffles {
    let mut t = [[0xFFu8; 16]; 256];
    let mut m = 0;
    while m < 256 {
        let mut k = 0usize;
        let mut at = 0;
        while k < 8 {
            t[m][at] = 2 * k as u8;
            at += 1;
            if (m >> k) & 1 == 0 {
                t[m][at] = 2 * k as u8 + 1;
                at += 1;
            }
            k += 1;
        }
        m += 1;
    }
    Shuffles(t)
}

/// Builds [`PACK3`] and [`LEN3`]. (A 2-bit length field of 3 never occurs;
/// it keeps three bytes, as 2 does.)
#[allow(clippy::cast_possible_truncation, reason = "indices below 16")]
const fn pack3() -> (Shuffles, [u8; 256]) {
    let mut t = [[0xFFu8; 16]; 256];
    let mut lens = [0u8; 256];
    let mut m = 0;
    while m < 256 {
        let mut k = 0;
        let mut at = 0;
        while k < 4 {
            let mut len = 1 + ((m >> (2 * k)) & 3);
            if len > 3 {
                len = 3;
            }
            let mut j = 3 - len;
            while j < 3 {
                t[m][at] = (4 * k + j) as u8;
                at += 1;
                j += 1;
            }
            k += 1;
        }
        lens[m] = at as u8;
        m += 1;
    }
    (Shuffles(t), lens)
}

/// The bit of each byte of a half register.
const BITS: [u8; 8] = [1, 2, 4, 8, 16, 32, 64, 128];

/// The shift of each unit's length field in a [`PACK3`] index.
const SHIFTS: [i16; 8] = [0, 2, 4, 6, 0, 2, 4, 6];

/// Decodes native units; `None` if ill-formed or `dst` too short.
#[inline]
pub(crate) fn decode_units(units: &[u16], dst: &mut [u8]) -> Option<usize> {
    // SAFETY: the `2 * units.len()` bytes of `units` are initialized and
    // readable while it is borrowed, and `u8` needs no alignment; their
    // size is that of `units`.
    let bytes =
        unsafe { core::slice::from_raw_parts(units.as_ptr().cast::<u8>(), 2 * units.len()) };
    // SAFETY: NEON is part of the base aarch64 architecture: every target
    // of this module has it, the one feature `convert` enables.
    let (i, at) = unsafe { convert::<{ cfg!(target_endian = "big") }>(bytes, dst) }?;
    finish(Src::Units(units.get(i..)?), dst, at)
}

/// Decodes LE (`BE == false`) or BE bytes; `None` if ill-formed (an odd
/// length included) or `dst` too short.
#[inline]
pub(crate) fn decode_bytes<const BE: bool>(bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    // SAFETY: as in `decode_units`.
    let (i, at) = unsafe { convert::<BE>(bytes, dst) }?;
    let rest = bytes.get(2 * i..)?;
    finish(if BE { Src::Be(rest) } else { Src::Le(rest) }, dst, at)
}

/// The units of `rest` (which starts on a character boundary) into
/// `dst[at..]`, exactly, by the `const` engine, which also checks them;
/// the total written.
#[inline]
fn finish(rest: Src<'_>, dst: &mut [u8], at: usize) -> Option<usize> {
    let n = crate::engine::utf16::decode_into(rest, dst.get_mut(at..)?).ok()?;
    Some(at + n)
}

/// Units `i..i + 8` of `src` (bytes, BE or LE) as native lanes.
#[target_feature(enable = "neon")]
#[inline]
fn units<const BE: bool>(src: &[u8], i: usize) -> uint16x8_t {
    let x = load(src, 2 * i);
    vreinterpretq_u16_u8(if BE == cfg!(target_endian = "big") {
        x
    } else {
        vrev16q_u8(x)
    })
}

/// Stores the 16 bytes of `v` at `dst[at..at + 16]`.
#[target_feature(enable = "neon")]
#[inline]
fn store(dst: &mut [u8], at: usize, v: uint8x16_t) {
    let out = &mut dst[at..at + 16];
    // SAFETY: `out` is 16 writable bytes; no alignment is needed.
    unsafe { vst1q_u8(out.as_mut_ptr(), v) }
}

/// A 16-byte table entry as a register.
#[target_feature(enable = "neon")]
#[inline]
fn entry(t: &[u8; 16]) -> uint8x16_t {
    load(t, 0)
}

/// The 8-bit mask of the lanes of `m` (each `0xFFFF` or 0) that are set.
#[target_feature(enable = "neon")]
#[inline]
fn lane_bits(m: uint16x8_t) -> usize {
    // SAFETY: `BITS` is 8 readable bytes.
    let w = unsafe { vld1_u8(BITS.as_ptr()) };
    usize::from(vaddv_u8(vand_u8(vmovn_u16(m), w)))
}

/// The low bytes of the lanes of `x` and `y`, in order, in one register.
#[target_feature(enable = "neon")]
#[inline]
fn narrow(x: uint16x8_t, y: uint16x8_t) -> uint8x16_t {
    vuzp1q_u8(vreinterpretq_u8_u16(x), vreinterpretq_u8_u16(y))
}

/// Eight units below U+0800 into `dst[at..]` (16 bytes stored); the new
/// `at`.
#[target_feature(enable = "neon")]
#[inline]
fn two_bytes(dst: &mut [u8], at: usize, x: uint16x8_t) -> usize {
    let ascii = vcltq_u16(x, vdupq_n_u16(0x80));
    // `110yyyyy 10xxxxxx` in memory order: the lead in the low byte.
    let lead = vorrq_u16(vshrq_n_u16::<6>(x), vdupq_n_u16(0x80C0));
    let cont = vshlq_n_u16::<8>(vandq_u16(x, vdupq_n_u16(0x3F)));
    let v = vbslq_u16(ascii, x, vorrq_u16(lead, cont));
    let m = lane_bits(ascii);
    store(
        dst,
        at,
        vqtbl1q_u8(vreinterpretq_u8_u16(v), entry(&PACK2.0[m])),
    );
    at + usize::from(LEN2[m])
}

/// Eight units without surrogates into `dst[at..]` (two stores of 16
/// bytes, within `dst[at..at + 28]`); the new `at`.
#[target_feature(enable = "neon")]
#[inline]
fn three_bytes(dst: &mut [u8], at: usize, x: uint16x8_t) -> usize {
    let ascii = vcltq_u16(x, vdupq_n_u16(0x80));
    let short = vcltq_u16(x, vdupq_n_u16(0x800));
    let payload = vdupq_n_u16(0x3F);
    let last = vbslq_u16(
        ascii,
        x,
        vorrq_u16(vandq_u16(x, payload), vdupq_n_u16(0x80)),
    );
    // `10xxxxxx`, or `110xxxxx` for a 2-byte unit (whose bits above the
    // five are zero).
    let mid = vorrq_u16(
        vandq_u16(vshrq_n_u16::<6>(x), payload),
        vorrq_u16(vdupq_n_u16(0x80), vandq_u16(short, vdupq_n_u16(0x40))),
    );
    let first = vorrq_u16(vshrq_n_u16::<12>(x), vdupq_n_u16(0xE0));
    // `[F, M]` and `[L, 0]` per unit (each byte fits its lane), then
    // `[F, M, L, 0]`.
    let fm = vorrq_u16(first, vshlq_n_u16::<8>(mid));
    let w0 = vreinterpretq_u8_u16(vzip1q_u16(fm, last));
    let w1 = vreinterpretq_u8_u16(vzip2q_u16(fm, last));
    // The length less one per unit, 2 + (-1 if ASCII) + (-1 if below
    // U+0800), shifted into its field of the table index.
    let len = vaddq_u16(vaddq_u16(vdupq_n_u16(2), ascii), short);
    // SAFETY: `SHIFTS` is 8 readable lanes.
    let shifts = unsafe { vld1q_s16(SHIFTS.as_ptr()) };
    let idx = vshlq_u16(len, shifts);
    let m0 = usize::from(vaddv_u16(vget_low_u16(idx)));
    let m1 = usize::from(vaddv_u16(vget_high_u16(idx)));
    store(dst, at, vqtbl1q_u8(w0, entry(&PACK3.0[m0])));
    let at = at + usize::from(LEN3[m0]);
    store(dst, at, vqtbl1q_u8(w1, entry(&PACK3.0[m1])));
    at + usize::from(LEN3[m1])
}

/// Sixteen units of 3 bytes each (U+0800.. without surrogates) into
/// `dst[at..at + 48]`.
#[target_feature(enable = "neon")]
#[inline]
fn all_three(dst: &mut [u8], at: usize, x: uint16x8_t, y: uint16x8_t) {
    let payload = vdupq_n_u16(0x3F);
    let c80 = vdupq_n_u16(0x80);
    let first = narrow(
        vorrq_u16(vshrq_n_u16::<12>(x), vdupq_n_u16(0xE0)),
        vorrq_u16(vshrq_n_u16::<12>(y), vdupq_n_u16(0xE0)),
    );
    let mid = narrow(
        vorrq_u16(vandq_u16(vshrq_n_u16::<6>(x), payload), c80),
        vorrq_u16(vandq_u16(vshrq_n_u16::<6>(y), payload), c80),
    );
    let last = narrow(
        vorrq_u16(vandq_u16(x, payload), c80),
        vorrq_u16(vandq_u16(y, payload), c80),
    );
    let out = &mut dst[at..at + 48];
    // SAFETY: `out` is 48 writable bytes; no alignment is needed.
    unsafe { vst3q_u8(out.as_mut_ptr(), uint8x16x3_t(first, mid, last)) }
}

/// Converts whole characters from the start of `src` (UTF-16 bytes, BE or
/// LE) into `dst` while 16 units are left and `dst` has room for 52 bytes:
/// `(units read, bytes written)`, the units read ending on a character
/// boundary; `None` on an unpaired surrogate.
#[target_feature(enable = "neon")]
#[inline]
fn convert<const BE: bool>(src: &[u8], dst: &mut [u8]) -> Option<(usize, usize)> {
    let len = src.len() / 2;
    let (mut i, mut at) = (0, 0);
    while i + 16 <= len && at + 52 <= dst.len() {
        let x = units::<BE>(src, i);
        let y = units::<BE>(src, i + 8);
        let top = vmaxvq_u16(vmaxq_u16(x, y));
        if top < 0x80 {
            store(dst, at, narrow(x, y));
            i += 16;
            at += 16;
            continue;
        }
        if top < 0x800 {
            at = two_bytes(dst, at, x);
            at = two_bytes(dst, at, y);
            i += 16;
            continue;
        }
        // Units `D800..=DFFF` minus `D800` are below `0x800`.
        let sur = |v: uint16x8_t| vcltq_u16(vsubq_u16(v, vdupq_n_u16(0xD800)), vdupq_n_u16(0x800));
        if vmaxvq_u16(vorrq_u16(sur(x), sur(y))) == 0 {
            if vminvq_u16(vminq_u16(x, y)) >= 0x800 {
                all_three(dst, at, x, y);
                at += 48;
            } else {
                at = three_bytes(dst, at, x);
                at = three_bytes(dst, at, y);
            }
            i += 16;
            continue;
        }
        if vmaxvq_u16(sur(x)) == 0 {
            // The surrogates are in the second half: the first goes on in
            // the vector loop.
            at = three_bytes(dst, at, x);
            i += 8;
            continue;
        }
        (i, at) = scalar::<BE>(src, i, dst, at)?;
    }
    Some((i, at))
}

/// Units `i..i + 8` of `src`, and the low surrogate after them if the
/// last opens a pair, one character at a time; `None` on an unpaired
/// surrogate. The caller checked that 16 units are left and that
/// `dst[at..]` has room for 52 bytes.
#[allow(clippy::cast_possible_truncation, reason = "UTF-8 bytes of a unit")]
#[inline]
fn scalar<const BE: bool>(
    src: &[u8],
    mut i: usize,
    dst: &mut [u8],
    mut at: usize,
) -> Option<(usize, usize)> {
    let unit = |k: usize| -> Option<u32> {
        let pair = [*src.get(2 * k)?, *src.get(2 * k + 1)?];
        Some(u32::from(if BE {
            u16::from_be_bytes(pair)
        } else {
            u16::from_le_bytes(pair)
        }))
    };
    let end = i + 8;
    while i < end {
        let u = unit(i)?;
        i += 1;
        let cp = match u {
            0xD800..=0xDBFF => {
                let lo = unit(i)?;
                if !(0xDC00..=0xDFFF).contains(&lo) {
                    return None;
                }
                i += 1;
                0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00)
            }
            0xDC00..=0xDFFF => return None,
            _ => u,
        };
        let out = &mut dst[at..at + 4];
        if cp < 0x80 {
            out[0] = cp as u8;
            at += 1;
        } else if cp < 0x800 {
            out[0] = 0xC0 | (cp >> 6) as u8;
            out[1] = 0x80 | (cp & 0x3F) as u8;
            at += 2;
        } else if cp < 0x10000 {
            out[0] = 0xE0 | (cp >> 12) as u8;
            out[1] = 0x80 | ((cp >> 6) & 0x3F) as u8;
            out[2] = 0x80 | (cp & 0x3F) as u8;
            at += 3;
        } else {
            out[0] = 0xF0 | (cp >> 18) as u8;
            out[1] = 0x80 | ((cp >> 12) & 0x3F) as u8;
            out[2] = 0x80 | ((cp >> 6) & 0x3F) as u8;
            out[3] = 0x80 | (cp & 0x3F) as u8;
            at += 4;
        }
    }
    Some((i, at))
}

#[cfg(test)]
mod tests {
    use super::{decode_bytes, decode_units};
    use crate::encoding::Encoding;
    use crate::simd::test_support::{Rng, cases, ends, sample};
    extern crate std;
    use std::vec;
    use std::vec::Vec;

    fn le(units: &[u16]) -> Vec<u8> {
        units.iter().flat_map(|u| u.to_le_bytes()).collect()
    }

    fn be(units: &[u16]) -> Vec<u8> {
        units.iter().flat_map(|u| u.to_be_bytes()).collect()
    }

    /// `core::char::decode_utf16`'s answer: the UTF-8 bytes, or `None` on
    /// an unpaired surrogate.
    fn peer(units: &[u16]) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        for c in char::decode_utf16(units.iter().copied()) {
            let mut b = [0; 4];
            out.extend_from_slice(c.ok()?.encode_utf8(&mut b).as_bytes());
        }
        Some(out)
    }

    /// Every form (units, LE, BE) into every output length in `lens`,
    /// compared with [`peer`] and the `const` engine; the output is the
    /// front of a longer buffer whose rest must stay as it was.
    fn check(units: &[u16], lens: &[usize]) {
        const CANARY: u8 = 0xA5;
        let want = peer(units);
        let le_b = le(units);
        let be_b = be(units);
        for &len in ends(lens) {
            let mut engine = vec![0u8; len];
            let e = crate::engine::utf16::decode_into(
                crate::engine::utf16::Src::Units(units),
                &mut engine,
            )
            .ok();
            let expect = match &want {
                Some(w) if w.len() <= len => Some(w.len()),
                _ => None,
            };
            assert_eq!(e, expect, "engine vs peer, {units:04X?} into {len}");
            let mut got = vec![CANARY; len + 64];
            for form in 0..3 {
                got.fill(CANARY);
                let g = match form {
                    0 => decode_units(units, &mut got[..len]),
                    1 => decode_bytes::<false>(&le_b, &mut got[..len]),
                    _ => decode_bytes::<true>(&be_b, &mut got[..len]),
                };
                assert_eq!(g, expect, "form {form}, {units:04X?} into {len}");
                if let (Some(n), Some(w)) = (g, &want) {
                    assert_eq!(&got[..n], &w[..], "form {form}, {units:04X?} into {len}");
                }
                assert!(
                    got[len..].iter().all(|&b| b == CANARY),
                    "form {form}: wrote past the end"
                );
            }
        }
        // An odd trailing byte: always `None`.
        for (bytes, enc) in [(le_b, Encoding::Utf16Le), (be_b, Encoding::Utf16Be)] {
            let mut odd = bytes.clone();
            odd.push(0x41);
            let mut out = vec![0u8; 4 * units.len() + 8];
            let g = if enc == Encoding::Utf16Be {
                decode_bytes::<true>(&odd, &mut out)
            } else {
                decode_bytes::<false>(&odd, &mut out)
            };
            assert_eq!(g, None, "odd byte after {units:04X?}");
        }
    }

    /// The exact output length, one short, spare room (or, for ill-formed
    /// input, a large one).
    fn lens(units: &[u16]) -> Vec<usize> {
        let need = peer(units).map_or(3 * units.len() + 8, |w| w.len());
        let mut v = vec![need, need + 1, need + 60, 3 * units.len() + 64];
        if need > 0 {
            v.push(need - 1);
        }
        if need > 20 {
            v.push(need - 20);
        }
        v
    }

    /// One unit of each class, and each surrogate case (a pair, a lone
    /// high or low surrogate, a reversed pair, a high one at the end).
    const CLASSES: [&[u16]; 12] = [
        &[0x41],
        &[0x7F],
        &[0x80],
        &[0x43F],
        &[0x7FF],
        &[0x800],
        &[0x4E16],
        &[0xFFFF],
        &[0xD83D, 0xDE00],
        &[0xDBFF, 0xDFFF],
        &[0xD800],
        &[0xDC00],
    ];

    /// Each class alone and in runs across steps, after 0..64 ASCII units
    /// and followed by a few lengths of ASCII, into every output length
    /// around the exact one.
    #[test]
    fn neon_utf16_to_utf8_every_class_at_every_offset() {
        for c in CLASSES {
            for reps in [1, 3, 9, 20] {
                for pad in sample(0..64, 16) {
                    for after in [0, 1, 15, 17] {
                        let mut u: Vec<u16> = vec![0x61; pad];
                        for _ in 0..reps {
                            u.extend_from_slice(c);
                        }
                        u.extend(core::iter::repeat_n(0x7A, after));
                        check(&u, &lens(&u));
                    }
                }
            }
        }
        // A reversed pair and a high surrogate before ASCII.
        for pad in sample(0..64, 16) {
            for tail in [&[0xDC00u16, 0xD800][..], &[0xD800, 0x41]] {
                let mut u: Vec<u16> = vec![0x61; pad];
                u.extend_from_slice(tail);
                u.extend(core::iter::repeat_n(0x7A, 20));
                check(&u, &lens(&u));
            }
        }
    }

    /// Every output length from 0 up, on a few mixed inputs.
    #[test]
    fn neon_utf16_to_utf8_every_output_length() {
        let mut u: Vec<u16> = Vec::new();
        for k in 0..30u16 {
            u.extend_from_slice(&[0x41 + k, 0x430 + k, 0x4E00 + k, 0xD83D, 0xDE00 + k]);
        }
        let need = peer(&u).map_or(0, |w| w.len());
        let all: Vec<usize> = sample(0..=need + 5, 9).collect();
        check(&u, &all);
    }

    /// Random mixes of every class at fixed seeds.
    #[test]
    fn neon_utf16_to_utf8_random() {
        let mut rng = Rng(0xD1B5_4A32_D192_ED03);
        for _ in 0..cases(3000, 60) {
            let n = rng.index(120);
            let mix = rng.index(4);
            let mut u = Vec::new();
            while u.len() < n {
                let k = match mix {
                    0 => rng.index(CLASSES.len() - 2),
                    1 => [0, 3, 3, 3][rng.index(4)],
                    2 => [0, 6, 6, 8][rng.index(4)],
                    _ => rng.index(CLASSES.len()),
                };
                u.extend_from_slice(CLASSES[k]);
            }
            check(&u, &lens(&u));
        }
    }
}
