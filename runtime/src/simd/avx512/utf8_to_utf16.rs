//! UTF-8 to native UTF-16 units with AVX-512: the method of
//! `crate::simd::utf8_to_utf16` (a candidate unit for every byte position
//! where a character ends, computed from that byte and the two before it,
//! then the units of the positions where one does end kept in order), on
//! 64-byte blocks, with these differences:
//!
//! - The bytes one, two and three places back come from the block before
//!   and this one by one `vpermt2b` each (zeros before the text), so each
//!   block is one load.
//! - The candidates are computed in 16-bit lanes, 32 positions a vector:
//!   `v & 3F | (p1 & 3F) << 6`, with `p2 << 12` where `p1` is a
//!   continuation byte, or `v` itself where `v` is not a continuation
//!   byte; the third and fourth bytes of a 4-byte sequence turn into the
//!   high and the low surrogate as in the AVX2 kernel.
//! - `vpcompressw` keeps the units of the positions where a character ends
//!   (the next byte is not a continuation byte) and of the third bytes of
//!   4-byte sequences: no shuffle tables.
//! - The last 1..=63 bytes are one masked load, zeros after them (the zero
//!   after the text ends its last character); the stores are masked to the
//!   units each block gives, after a check of the room left, so nothing is
//!   written past the output, and an output that does not fit stops the
//!   kernel (`None`).
//!
//! ASCII blocks are widened (`vpmovzxbw`), 128 bytes a step while the text
//! stays ASCII. The ASCII at the start of the text is converted before the
//! main loop sets up its constants, which is all of the work for many
//! short texts. Runs of 3-byte characters (Chinese, Japanese) go 16
//! characters a step through a fixed `vpermb` ([`run3`]), as in the AVX2
//! kernel.

#![allow(clippy::many_single_char_names)]

use super::{Table, load_bytes, load64, low_bits, splat8, splat16, table};
use crate::simd::utf8::{CONT3, PHASE};
use core::arch::x86_64::{
    __m256i, __m512i, _mm256_storeu_si256, _mm512_add_epi16, _mm512_and_si512,
    _mm512_castsi512_si256, _mm512_cmpge_epu8_mask, _mm512_cmplt_epi8_mask, _mm512_cvtepi32_epi16,
    _mm512_cvtepu8_epi16, _mm512_extracti64x4_epi64, _mm512_madd_epi16, _mm512_maddubs_epi16,
    _mm512_mask_blend_epi16, _mm512_maskz_compress_epi16, _mm512_movepi8_mask, _mm512_or_si512,
    _mm512_permutex2var_epi8, _mm512_permutexvar_epi8, _mm512_set1_epi32, _mm512_setzero_si512,
    _mm512_slli_epi16, _mm512_srli_epi16, _mm512_ternarylogic_epi32,
};

/// Encodes `text` into native units; `None` if `dst` is too short.
///
/// # Safety
/// The CPU must have the enabled features ([`crate::simd::avx512`](fn@crate::simd::avx512)).
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
#[inline]
pub(crate) unsafe fn encode_units(text: &str, dst: &mut [u16]) -> Option<usize> {
    // SAFETY: features.
    unsafe { units(text.as_bytes(), dst) }
}

/// [`encode_units`] of bytes that are UTF-8, or CESU-8 or modified UTF-8
/// that the caller has validated: the method takes a 3-byte sequence to
/// its unit whatever it is, so an encoded surrogate becomes that
/// surrogate, and `C0 80` (two bytes) U+0000. `None` if `dst` is too
/// short. Other bytes give some units, and nothing is read or written out
/// of bounds.
///
/// # Safety
/// The CPU must have the enabled features ([`crate::simd::avx512`](fn@crate::simd::avx512)).
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
#[inline]
pub(crate) unsafe fn units(b: &[u8], dst: &mut [u16]) -> Option<usize> {
    let n = b.len();
    // The ASCII at the start, here, before the main loop sets up its
    // constants: all of many short texts.
    let mut i = 0;
    while i < n {
        let k = if n - i >= 64 { 64 } else { n - i };
        // SAFETY: features; `b[i..i + k]` is in bounds.
        let v = unsafe { load_bytes(b, i, k) };
        if _mm512_movepi8_mask(v) != 0 {
            break;
        }
        if i + k > dst.len() {
            return None;
        }
        // SAFETY: features; `i + k <= dst.len()` (checked above).
        unsafe { widen(dst, i, v, k) };
        i += k;
    }
    if i == n {
        return Some(n);
    }
    // SAFETY: features; `i < n` is on a character boundary (after ASCII),
    // and `i` units are written.
    unsafe { encode_from(b, i, dst) }
}

/// The main loop of [`encode_units`] from `b[i..]`, where `i` is on a
/// character boundary and the units of `b[..i]`, `i` of them (ASCII), are
/// written.
///
/// # Safety
/// The CPU must have the enabled features; `i <= b.len()` and
/// `i <= dst.len()`.
#[inline(never)]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
#[allow(clippy::too_many_lines, reason = "one loop, explained as a whole")]
unsafe fn encode_from(b: &[u8], mut i: usize, dst: &mut [u16]) -> Option<usize> {
    let n = b.len();
    let cap = dst.len();
    let mut at = i;
    // The block before: as `i` is on a character boundary, none of its
    // bytes matters, so zeros (ASCII, which continues no character).
    let mut prev = _mm512_setzero_si512();
    let back1 = table(&BACK1);
    let back2 = table(&BACK2);
    let back3 = table(&BACK3);
    while i < n {
        let k = if n - i >= 64 { 64 } else { n - i };
        let v = if k == 64 {
            // SAFETY: features; `i + 64 <= n`.
            unsafe { load64(b, i) }
        } else {
            // SAFETY: features; `b[i..n]` is in bounds.
            unsafe { load_bytes(b, i, k) }
        };
        if _mm512_movepi8_mask(v) == 0 {
            if at + k > cap {
                return None;
            }
            // SAFETY: `at + k <= cap` (checked above).
            unsafe { widen(dst, at, v, k) };
            i += k;
            at += k;
            prev = v;
            // More ASCII is likely: 128 bytes a step while it lasts.
            while i + 128 <= n && at + 128 <= cap {
                // SAFETY: features; `i + 128 <= n`: both loads are in `b`.
                let (x, y) = unsafe { (load64(b, i), load64(b, i + 64)) };
                if _mm512_movepi8_mask(_mm512_or_si512(x, y)) != 0 {
                    break;
                }
                // SAFETY: `at + 128 <= cap` (the loop condition).
                unsafe {
                    widen(dst, at, x, 64);
                    widen(dst, at + 64, y, 64);
                }
                i += 128;
                at += 128;
                prev = y;
            }
            continue;
        }
        let valid = low_bits(k);
        // Continuation bytes are 0x80..=0xBF, as `i8` the values below
        // -64 (0xC0).
        let cont_below = splat8(0xC0);
        let cont = _mm512_cmplt_epi8_mask(v, cont_below);
        // A block of 3-byte characters only (Chinese, Japanese) shows the
        // continuation pattern `0, 1, 1` repeated, in one of three phases,
        // which its first two bits tell: then try the 3-byte loop from the
        // start of the character that holds byte `i` (`d` bytes back; its
        // unit is not written yet, as only a character's last byte, or the
        // third of a 4-byte one, writes). It checks what it converts; if
        // it converts nothing, this block goes the general way.
        let d = (PHASE >> (2 * (cont & 3))) & 3;
        if k == 64 && (cont ^ (CONT3 >> d)) as u32 == 0 {
            let s = i - d as usize;
            // SAFETY: features; `s <= i <= n` and `at <= cap`.
            let (s2, at2) = unsafe { run3(b, s, dst, at) };
            if s2 != s {
                i = s2;
                at = at2;
                // `i` is on a character boundary, so no character crosses
                // into the next block, and the bytes before it do not
                // matter.
                prev = _mm512_setzero_si512();
                continue;
            }
        }
        // A character ends at `j` when byte `j + 1` does not continue it:
        // for the last position of a whole block, the first byte of the
        // next; after the text (and in the zeros of a partial block),
        // nothing does.
        let next_cont = i + 64 < n && b[i + 64] & 0xC0 == 0x80;
        let ends = !((cont >> 1) | (u64::from(next_cont) << 63));
        let p1 = _mm512_permutex2var_epi8(prev, back1, v);
        let p2 = _mm512_permutex2var_epi8(prev, back2, v);
        let cont1 = _mm512_cmplt_epi8_mask(p1, cont_below);
        // The third and fourth bytes of 4-byte sequences: a lead
        // `F0..=F4` two or three bytes back.
        let third = _mm512_cmpge_epu8_mask(p2, splat8(0xF0));
        let fourth = if third == 0 && _mm512_cmpge_epu8_mask(prev, splat8(0xF0)) == 0 {
            0
        } else {
            let p3 = _mm512_permutex2var_epi8(prev, back3, v);
            _mm512_cmpge_epu8_mask(p3, splat8(0xF0))
        };
        let keep = (ends | third) & valid;
        for half in 0..2u32 {
            let (vh, p1h, p2h) = if half == 0 {
                (
                    _mm512_cvtepu8_epi16(_mm512_castsi512_si256(v)),
                    _mm512_cvtepu8_epi16(_mm512_castsi512_si256(p1)),
                    _mm512_cvtepu8_epi16(_mm512_castsi512_si256(p2)),
                )
            } else {
                (
                    _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64::<1>(v)),
                    _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64::<1>(p1)),
                    _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64::<1>(p2)),
                )
            };
            let part = |m: u64| (m >> (32 * half)) as u32;
            // `v & 3F | (p1 << 6) & 0FC0`, and `p2 << 12` (its low nibble,
            // a 3-byte lead's payload, or a 4-byte lead's three bits) where
            // `p1` is a continuation byte too.
            let t = _mm512_ternarylogic_epi32::<0xF8>(
                _mm512_and_si512(vh, splat16(0x3F)),
                _mm512_slli_epi16::<6>(p1h),
                splat16(0x0FC0),
            );
            let t = _mm512_mask_blend_epi16(
                part(cont1),
                t,
                _mm512_or_si512(t, _mm512_slli_epi16::<12>(p2h)),
            );
            let mut u = _mm512_mask_blend_epi16(part(cont), vh, t);
            if (third | fourth) != 0 {
                // The third byte has `cp >> 6`: the high surrogate is
                // `0xD7C0 + (cp >> 10)`; the fourth has `cp & 0x3FF` as
                // its low ten bits: the low surrogate is those under
                // `0xDC00`.
                u = _mm512_mask_blend_epi16(
                    part(third),
                    u,
                    _mm512_add_epi16(_mm512_srli_epi16::<4>(u), splat16(0xD7C0)),
                );
                u = _mm512_mask_blend_epi16(
                    part(fourth),
                    u,
                    _mm512_ternarylogic_epi32::<0xF8>(splat16(0xDC00), u, splat16(0x03FF)),
                );
            }
            let kh = part(keep);
            let m = kh.count_ones() as usize;
            if at + m > cap {
                return None;
            }
            // SAFETY: features; `at + m <= cap` (checked above).
            unsafe { super::store_units(dst, at, _mm512_maskz_compress_epi16(kh, u), m) };
            at += m;
        }
        i += k;
        prev = v;
    }
    Some(at)
}

/// Converts 3-byte characters, 16 (48 bytes) a step, from `s`, which the
/// caller believes to start one, while the next 49 bytes are sure to be 16
/// of them and one more character start (the continuation bits of bytes
/// `s..s + 49` are [`CONT3`]'s: in valid UTF-8 that pattern proves them);
/// returns the new `s` (unchanged if none was) and cursor.
///
/// One `vpermb` puts each character in a 32-bit lane as
/// `[byte3, byte2, lead, 0]`; after a mask to the payload bits,
/// `vpmaddubsw` by `[1, 64, 1, 0]` and `vpmaddwd` by `[1, 4096]` join them
/// into the unit (as the AVX2 kernel does), and `vpmovdw` narrows the 16
/// lanes to 16 units.
///
/// # Safety
/// The CPU must have the enabled features; `s <= b.len()` and
/// `at <= dst.len()`.
#[inline]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
unsafe fn run3(b: &[u8], mut s: usize, dst: &mut [u16], mut at: usize) -> (usize, usize) {
    let n = b.len();
    let cap = dst.len();
    let gather = table(&GATHER3);
    let payload = _mm512_set1_epi32(0x000F_3F3F);
    let weights8 = _mm512_set1_epi32(0x0001_4001);
    let weights16 = _mm512_set1_epi32(0x1000_0001);
    let pattern = CONT3 & low_bits(49);
    // Each load reads `b[s..s + 64]`; each store writes 16 units.
    while s + 64 <= n && at + 16 <= cap {
        // SAFETY: features; `s + 64 <= n`.
        let x = unsafe { load64(b, s) };
        if _mm512_cmplt_epi8_mask(x, splat8(0xC0)) & low_bits(49) != pattern {
            break;
        }
        let lanes = _mm512_and_si512(_mm512_permutexvar_epi8(gather, x), payload);
        let units = _mm512_madd_epi16(_mm512_maddubs_epi16(lanes, weights8), weights16);
        // SAFETY: `at + 16 <= cap` (the loop condition).
        unsafe { store16(dst, at, _mm512_cvtepi32_epi16(units)) };
        s += 48;
        at += 16;
    }
    (s, at)
}

/// Stores 16 units at `dst[at..at + 16]`.
///
/// # Safety
/// `at + 16 <= dst.len()`.
#[inline]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
unsafe fn store16(dst: &mut [u16], at: usize, v: __m256i) {
    debug_assert!(
        at <= dst.len() && dst.len() - at >= 16,
        "store16 out of bounds"
    );
    // SAFETY: the caller guarantees `at + 16 <= dst.len()`, so the 32 bytes
    // from `dst.as_mut_ptr() + at` are within `dst`; the store is unaligned.
    unsafe { _mm256_storeu_si256(dst.as_mut_ptr().add(at).cast(), v) }
}

/// Widens the first `k` bytes of `v` (ASCII) to units at `dst[at..at + k]`.
///
/// # Safety
/// The CPU must have the enabled features, and `at + k <= dst.len()`.
#[inline]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
unsafe fn widen(dst: &mut [u16], at: usize, v: __m512i, k: usize) {
    let lo = _mm512_cvtepu8_epi16(_mm512_castsi512_si256(v));
    // SAFETY: features; `at + min(k, 32) <= at + k <= dst.len()`.
    unsafe { super::store_units(dst, at, lo, if k > 32 { 32 } else { k }) };
    if k > 32 {
        let hi = _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64::<1>(v));
        // SAFETY: features; `at + 32 + (k - 32) = at + k <= dst.len()`.
        unsafe { super::store_units(dst, at + 32, hi, k - 32) };
    }
}

/// The `vpermt2b` control that gives, at byte `j`, the byte `d` places
/// back in the 128 bytes of the block before (0..64) and this one
/// (64..128).
#[inline]
const fn back(d: usize) -> Table {
    let mut t = [0u8; 64];
    let mut j = 0;
    while j < 64 {
        t[j] = (64 + j - d) as u8;
        j += 1;
    }
    Table(t)
}

/// See [`back`].
static BACK1: Table = back(1);
/// See [`back`].
static BACK2: Table = back(2);
/// See [`back`].
static BACK3: Table = back(3);

/// The `vpermb` control of [`run3`]: for character `c` of 16, bytes
/// `3c + 2`, `3c + 1`, `3c` and (masked out later) 0.
static GATHER3: Table = {
    let mut t = [0u8; 64];
    let mut j = 0;
    while j < 64 {
        let c = j / 4;
        t[j] = match j % 4 {
            0 => 3 * c + 2,
            1 => 3 * c + 1,
            2 => 3 * c,
            _ => 0,
        } as u8;
        j += 1;
    }
    Table(t)
};
