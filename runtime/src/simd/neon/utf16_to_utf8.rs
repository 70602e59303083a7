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
//! - **Surrogates** stay in the mixed path: a pair's four bytes are split
//!   two and two between its units' lanes. The high surrogate's lane
//!   writes `11110hhh 10hhhhhh` from `h`, its ten bits plus `0x40` (which
//!   is `cp >> 10`), and the low one's `10hhllll 10llllll`, whose two `h`
//!   bits come from the unit one lane earlier (`vextq_u16`); each is a
//!   2-byte lane for the table. The pairs are checked by the same shifted
//!   register: a unit must be a low surrogate exactly where the unit before
//!   is a high one. A step whose last unit is a high surrogate takes that
//!   unit's two bytes back and stops before it, so that the next step,
//!   whatever its path, never starts after an open pair.
//!
//! The compaction through shuffle tables indexed by a mask is the idea of
//! Lemire and Keiser, "Transcoding billions of Unicode characters per
//! second with SIMD instructions" (2022); the tables are computed by
//! `const fn` at compile time.
//!
//! # Bounds
//!
//! The loop runs while 16 units are left and `dst` has room for 52 bytes
//! (the mixed path's second store of its second half reaches that far); the
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
    vbicq_u16, vbslq_u16, vceqq_u16, vcltq_u16, vdupq_n_u16, veorq_u16, vextq_u16, vget_high_u16,
    vget_low_u16, vgetq_lane_u16, vld1_u8, vld1q_s16, vmaxq_u16, vmaxvq_u16, vminq_u16, vminvq_u16,
    vmovn_u16, vorrq_u16, vqtbl1q_u8, vreinterpretq_u8_u16, vreinterpretq_u16_u8, vrev16q_u8,
    vshlq_n_u16, vshlq_u16, vshrq_n_u16, vst1q_u8, vst3q_u8, vsubq_u16, vuzp1q_u8, vzip1q_u16,
    vzip2q_u16,
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
#[inline]
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
#[inline]
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
    // The byte shuffles index the lanes in little-endian order.
    if cfg!(target_endian = "big") {
        return crate::simd::portable::utf16::decode(units, dst);
    }
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
    // As in `decode_units`.
    if cfg!(target_endian = "big") {
        return crate::simd::portable::utf16::decode_bytes::<BE>(bytes, dst);
    }
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

/// Eight units into `dst[at..]` (two stores of 16 bytes, within
/// `dst[at..at + 28]`); the new `at`. With `SUR`, each surrogate of a pair
/// whose pairing the caller checked writes two bytes of the pair's four
/// (see the module's docs), `p` being the units one lane earlier; without
/// it, there are no surrogates and `p` is not read.
#[target_feature(enable = "neon")]
#[inline]
fn three_bytes<const SUR: bool>(dst: &mut [u8], at: usize, x: uint16x8_t, p: uint16x8_t) -> usize {
    let ascii = vcltq_u16(x, vdupq_n_u16(0x80));
    let mut short = vcltq_u16(x, vdupq_n_u16(0x800));
    let payload = vdupq_n_u16(0x3F);
    let mut last = vbslq_u16(
        ascii,
        x,
        vorrq_u16(vandq_u16(x, payload), vdupq_n_u16(0x80)),
    );
    // `10xxxxxx`, or `110xxxxx` for a 2-byte unit (whose bits above the
    // five are zero).
    let mut mid = vorrq_u16(
        vandq_u16(vshrq_n_u16::<6>(x), payload),
        vorrq_u16(vdupq_n_u16(0x80), vandq_u16(short, vdupq_n_u16(0x40))),
    );
    if SUR {
        // `h`, the high surrogate's ten bits plus 0x40, is `cp >> 10`: its
        // lane writes `11110hhh 10hhhhhh`, and the low surrogate's lane
        // `10hhllll 10llllll` (its middle byte with bits 4..=5 from the
        // unit before, `h & 3` being that unit's two low bits).
        let kind = vandq_u16(x, vdupq_n_u16(0xFC00));
        let is_hi = vceqq_u16(kind, vdupq_n_u16(0xD800));
        let is_lo = vceqq_u16(kind, vdupq_n_u16(0xDC00));
        let h = vaddq_u16(vandq_u16(x, vdupq_n_u16(0x3FF)), vdupq_n_u16(0x40));
        let hi_mid = vorrq_u16(vshrq_n_u16::<8>(h), vdupq_n_u16(0xF0));
        let hi_last = vorrq_u16(vandq_u16(vshrq_n_u16::<2>(h), payload), vdupq_n_u16(0x80));
        let lo_mid = vorrq_u16(
            vandq_u16(mid, vdupq_n_u16(0x8F)),
            vshlq_n_u16::<4>(vandq_u16(p, vdupq_n_u16(3))),
        );
        mid = vbslq_u16(is_hi, hi_mid, vbslq_u16(is_lo, lo_mid, mid));
        last = vbslq_u16(is_hi, hi_last, last);
        short = vorrq_u16(short, vorrq_u16(is_hi, is_lo));
    }
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
        let (sx, sy) = (sur(x), sur(y));
        if vmaxvq_u16(vorrq_u16(sx, sy)) == 0 {
            if vminvq_u16(vminq_u16(x, y)) >= 0x800 {
                all_three(dst, at, x, y);
                at += 48;
            } else {
                at = three_bytes::<false>(dst, at, x, x);
                at = three_bytes::<false>(dst, at, y, y);
            }
            i += 16;
            continue;
        }
        // Surrogates: a unit is a low surrogate exactly where the unit
        // before is a high one. The unit before the step is never a high
        // surrogate: a step that ends in one stops before it.
        let hi = |v: uint16x8_t| vceqq_u16(vandq_u16(v, vdupq_n_u16(0xFC00)), vdupq_n_u16(0xD800));
        let (hx, hy) = (hi(x), hi(y));
        let zero = vdupq_n_u16(0);
        let bad_x = veorq_u16(vbicq_u16(sx, hx), vextq_u16::<7>(zero, hx));
        let bad_y = veorq_u16(vbicq_u16(sy, hy), vextq_u16::<7>(hx, hy));
        if vmaxvq_u16(vorrq_u16(bad_x, bad_y)) != 0 {
            return None;
        }
        at = three_bytes::<true>(dst, at, x, vextq_u16::<7>(zero, x));
        at = three_bytes::<true>(dst, at, y, vextq_u16::<7>(x, y));
        if vgetq_lane_u16::<7>(hy) != 0 {
            // The pair is left to the next step (or the tail), which takes
            // its high surrogate again: its two bytes are taken back.
            i += 15;
            at -= 2;
        } else {
            i += 16;
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
    const CLASSES: [&[u16]; 15] = [
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
        &[0xD800, 0xDC00],
        &[0xD83E, 0xDD14],
        &[0xDAAA, 0xDE55],
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
