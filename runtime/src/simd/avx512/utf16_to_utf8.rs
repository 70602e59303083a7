//! UTF-16 (native units, LE or BE bytes) to UTF-8 with AVX-512.
//!
//! 32 units (one vector) a step, the last 1..=31 by a masked load, zeros
//! after them (which the masks below leave out). Each block takes one of
//! three paths by what it holds:
//!
//! - **ASCII**: narrowed (`vpmovwb`) and stored; 64 units a step while the
//!   input stays ASCII.
//! - **Below U+0800**: every unit's two-byte form in its 16-bit lane (the
//!   ASCII units keep their one byte there), and one `vpcompressb` keeps
//!   the low byte of every lane and the high byte of the lanes that are
//!   not ASCII: the nonzero bytes once every low byte is made nonzero
//!   (`vptestmb`), as an ASCII lane's high byte is zero and a two-byte
//!   lane's is `80..=BF`. (Building the mask in the vector unit keeps it
//!   off the round trip through general registers that a `pdep` of the
//!   unit masks would take.)
//! - **Anything else**, surrogate pairs included: the *first*, *middle* and
//!   *last* byte `[F, M, L, -]` of every unit in a 32-bit lane (two vectors
//!   of 16 units, built by `vpermt2w` from the 16-bit `F | M << 8` and `L`),
//!   and one `vpcompressb` per vector keeps `L` always, `M` for the units
//!   that are not ASCII and `F` for the three-byte ones: the nonzero bytes
//!   of the same lanes built from `FF`s under those unit masks. A surrogate
//!   pair is split between its
//!   two units, two bytes each, through the stand-in units of
//!   `crate::simd::utf16_to_utf8` (its module docs have the arithmetic);
//!   the two low bits of the high surrogate that the low one needs come
//!   from the unit before, the block shifted by one unit (`vpermt2w` of
//!   the block before and this one).
//!
//! The pairs are checked with the masks of high and low surrogates: the
//! low ones must be exactly the high ones shifted up by one unit, with the
//! last unit of the block before shifted in. A high surrogate in the last
//! unit of a block carries into the next; at the end of the input, or
//! before the zeros of a partial block, it is an error.
//!
//! A block of three-byte units only (Chinese, Japanese) skips the masks:
//! one fixed `vpermt2b` per 16 units gathers their `F M L`.
//!
//! Every store is masked to the bytes the block gives, which are checked
//! against the room left first: so nothing is written past the output,
//! and an output that does not fit stops the kernel (`None`). The ASCII
//! at the start of the input is converted before the main loop sets up
//! its constants, which is all of the work for many short inputs.

#![allow(clippy::many_single_char_names)]

use super::{Table, lanes16, load_units, load64, low_bits, splat16, store_bytes, table};
use core::arch::x86_64::{
    __m512i, _mm256_mask_storeu_epi8, _mm512_add_epi16, _mm512_and_si512, _mm512_cmpeq_epi16_mask,
    _mm512_cvtepi16_epi8, _mm512_mask_add_epi16, _mm512_mask_blend_epi16, _mm512_mask_mov_epi16,
    _mm512_mask_test_epi8_mask, _mm512_maskz_compress_epi8, _mm512_maskz_mov_epi16,
    _mm512_min_epu16, _mm512_or_si512, _mm512_permutex2var_epi8, _mm512_permutex2var_epi16,
    _mm512_set_epi64, _mm512_setzero_si512, _mm512_shuffle_epi8, _mm512_slli_epi16,
    _mm512_srli_epi16, _mm512_ternarylogic_epi32, _mm512_test_epi8_mask, _mm512_test_epi16_mask,
};

/// Converts the `src.len() / 2` whole units of `src` (native or LE order,
/// or BE if `BE`) into `dst`; returns how many units it consumed (all of
/// them) and how many bytes it wrote, or `None` if the units are not
/// well formed or their output does not fit.
///
/// # Safety
/// The CPU must have the enabled features ([`crate::simd::avx512`](fn@crate::simd::avx512)).
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
pub(crate) unsafe fn convert<const BE: bool>(src: &[u8], dst: &mut [u8]) -> Option<(usize, usize)> {
    let n = src.len() / 2;
    // The ASCII at the start, here, before the main loop sets up its
    // constants: all of many short inputs.
    let mut i = 0;
    while i < n {
        let k = if n - i >= 32 { 32 } else { n - i };
        // SAFETY: features; units `i..i + k` end by `n`, within `src`.
        let v = unsafe { load_units(src, i, k) };
        let v = if BE { swap(v) } else { v };
        if _mm512_test_epi16_mask(v, splat16(0xFF80)) != 0 {
            break;
        }
        if i + k > dst.len() {
            return None;
        }
        // SAFETY: features; `i + k <= dst.len()` (checked above).
        unsafe { store32(dst, i, _mm512_cvtepi16_epi8(v), k) };
        i += k;
    }
    if i == n {
        return Some((n, n));
    }
    // SAFETY: features; `i < n`, after ASCII (no pair is open), and `i`
    // bytes are written.
    unsafe { convert_from::<BE>(src, i, dst) }
}

/// The units of `v` that take one byte: ASCII.
#[inline]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
fn one_byte(v: __m512i) -> u32 {
    !_mm512_test_epi16_mask(v, splat16(0xFF80))
}

/// The main loop of [`convert`] from unit `i`, which follows an ASCII unit
/// (or is the first), with `i` bytes written.
///
/// # Safety
/// The CPU must have the enabled features; `i <= src.len() / 2` and
/// `i <= dst.len()`.
#[inline(never)]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
#[allow(clippy::too_many_lines, reason = "one loop, explained as a whole")]
unsafe fn convert_from<const BE: bool>(
    src: &[u8],
    mut i: usize,
    dst: &mut [u8],
) -> Option<(usize, usize)> {
    let n = src.len() / 2;
    let cap = dst.len();
    let mut at = i;
    // A high surrogate ended the block before (its two bytes are written).
    let mut carry = 0u32;
    // The block before: zeros will do, as the unit before `i` is ASCII (or
    // there is none), which a low surrogate in the first lane may not
    // follow.
    let mut last = _mm512_setzero_si512();
    // `vpermt2w` controls: the units one earlier (the last unit of the
    // block before, then this block's units 0..31), and the interleave of
    // `F | M << 8` and `L` for units 0..16 and 16..32.
    let shift1 = table(&SHIFT1);
    let lo_units = table(&LO_UNITS);
    let hi_units = table(&HI_UNITS);
    while i < n {
        let k = if n - i >= 32 { 32 } else { n - i };
        let v = if k == 32 {
            // SAFETY: features; `2 * i + 64 <= 2 * n <= src.len()`.
            unsafe { load64(src, 2 * i) }
        } else {
            // SAFETY: features; units `i..i + k` end at `n`, within `src`.
            unsafe { load_units(src, i, k) }
        };
        let v = if BE { swap(v) } else { v };
        let valid = low_bits(k) as u32;

        // ASCII (the zeros after a partial block are ASCII too).
        let ascii = one_byte(v);
        if ascii | !valid == u32::MAX {
            if carry != 0 || at + k > cap {
                return None;
            }
            // SAFETY: `at + k <= cap` (checked above), and `k <= 32`.
            unsafe { store32(dst, at, _mm512_cvtepi16_epi8(v), k) };
            at += k;
            i += k;
            last = v;
            // More ASCII is likely: 64 units a step while it lasts.
            while i + 64 <= n && at + 64 <= cap {
                // SAFETY: features; `2 * i + 128 <= 2 * n <= src.len()`.
                let (a, b) = unsafe { (load64(src, 2 * i), load64(src, 2 * i + 64)) };
                let (a, b) = if BE { (swap(a), swap(b)) } else { (a, b) };
                if _mm512_test_epi16_mask(_mm512_or_si512(a, b), splat16(0xFF80)) != 0 {
                    break;
                }
                // SAFETY: `at + 64 <= cap` (the loop condition).
                unsafe {
                    store32(dst, at, _mm512_cvtepi16_epi8(a), 32);
                    store32(dst, at + 32, _mm512_cvtepi16_epi8(b), 32);
                }
                i += 64;
                at += 64;
                last = b;
            }
            continue;
        }

        // Below U+0800: two bytes, lead byte first (`C0 | u >> 6` low,
        // `80 | u & 3F` high), or the unit itself if ASCII.
        if _mm512_test_epi16_mask(v, splat16(0xF800)) == 0 {
            if carry != 0 {
                return None;
            }
            let two = _mm512_ternarylogic_epi32::<0xFE>(
                _mm512_srli_epi16::<6>(v),
                _mm512_slli_epi16::<8>(_mm512_and_si512(v, splat16(0x3F))),
                splat16(0x80C0),
            );
            let lanes = _mm512_mask_blend_epi16(ascii, two, v);
            // The bytes to keep are the nonzero ones once the low byte of
            // every lane is made nonzero (an ASCII lane's high byte is
            // zero, a two-byte lane's is `80..=BF`), among the first `k`
            // lanes.
            let probe = _mm512_or_si512(lanes, splat16(0x00FF));
            let keep = _mm512_mask_test_epi8_mask(low_bits(2 * k), probe, probe);
            let m = k + (!ascii & valid).count_ones() as usize;
            if at + m > cap {
                return None;
            }
            // SAFETY: features; `at + m <= cap` (checked above).
            unsafe { store_bytes(dst, at, _mm512_maskz_compress_epi8(keep, lanes), m) };
            at += m;
            i += k;
            last = v;
            continue;
        }

        // The general path.
        let ten = splat16(0xFC00);
        let high = _mm512_cmpeq_epi16_mask(_mm512_and_si512(v, ten), splat16(0xD800));
        let low = _mm512_cmpeq_epi16_mask(_mm512_and_si512(v, ten), splat16(0xDC00));
        // Each low surrogate right after a high one, and each high one
        // followed by a low one (in this block, or the next: `carry`; a
        // high one before the zeros of a partial block meets no low one).
        if low != (high << 1) | carry {
            return None;
        }
        carry = high >> 31;
        let small = _mm512_test_epi16_mask(v, splat16(0xF800)) ^ u32::MAX;
        let w = if high | low != 0 {
            let prev = _mm512_permutex2var_epi16(last, shift1, v);
            // See `crate::simd::utf16_to_utf8`: the stand-ins of a high
            // surrogate (`(v - 0xD7C0) >> 2 | 0xC00`) and a low one (its
            // ten bits, the D000 of `v`, and the two low bits of the high
            // surrogate before as bits 10 and 11).
            let w_high = _mm512_or_si512(
                _mm512_srli_epi16::<2>(_mm512_add_epi16(v, splat16(0x2840))),
                splat16(0x0C00),
            );
            // (v & 0xF3FF) | ((prev << 10) & 0x0C00)
            let w_low = _mm512_ternarylogic_epi32::<0xF8>(
                _mm512_and_si512(v, splat16(0xF3FF)),
                _mm512_slli_epi16::<10>(prev),
                splat16(0x0C00),
            );
            _mm512_mask_blend_epi16(low, _mm512_mask_blend_epi16(high, v, w_high), w_low)
        } else {
            v
        };
        let two = small | high | low;
        let m40 = small | high;
        // `P = F | M << 8`: `F = E0 | w >> 12`, `M = 80 | (w >> 6) & 3F`,
        // plus 0x40 for a lead (two bytes, or a high surrogate).
        let p = _mm512_ternarylogic_epi32::<0xFE>(
            _mm512_srli_epi16::<12>(w),
            _mm512_and_si512(_mm512_slli_epi16::<2>(w), splat16(0x3F00)),
            splat16(0x80E0),
        );
        let p = _mm512_mask_add_epi16(p, m40, p, splat16(0x4000));
        // `L = 80 | w & 3F`, or `w` if ASCII: the smaller of the two.
        let l = _mm512_min_epu16(
            w,
            _mm512_or_si512(_mm512_and_si512(w, splat16(0x3F)), splat16(0x80)),
        );
        if two & valid == 0 {
            // Only three-byte units (Chinese, Japanese): `F M L` of unit
            // `j` are bytes `2j`, `2j + 1` of `p` and `2j` of `l`, gathered
            // by one fixed `vpermt2b` per 16 units.
            let m = 3 * k;
            if at + m > cap {
                return None;
            }
            let a = _mm512_permutex2var_epi8(p, table(&THREE_LO), l);
            let b = _mm512_permutex2var_epi8(p, table(&THREE_HI), l);
            let ma = if m > 48 { 48 } else { m };
            // SAFETY: features; `at + m <= cap` (checked above), and the
            // two stores write `ma` and `m - ma` bytes, each at most 48.
            unsafe {
                store_bytes(dst, at, a, ma);
                store_bytes(dst, at + ma, b, m - ma);
            }
            at += m;
            i += k;
            last = v;
            continue;
        }
        let non_ascii = !ascii & valid;
        let three = !two & valid;
        // Which bytes to keep, as the nonzero bytes of the same lanes built
        // from `FF`s: `F` of the three-byte units, `M` of those that are
        // not ASCII, `L` of every unit of the block.
        let probe_p = _mm512_mask_mov_epi16(
            _mm512_maskz_mov_epi16(non_ascii, splat16(0xFF00)),
            three,
            splat16(0xFFFF),
        );
        let probe_l = _mm512_maskz_mov_epi16(valid, splat16(0x00FF));
        for half in 0..2 {
            let order = if half == 0 { lo_units } else { hi_units };
            let lanes = _mm512_permutex2var_epi16(p, order, l);
            let probe = _mm512_permutex2var_epi16(probe_p, order, probe_l);
            let keep = _mm512_test_epi8_mask(probe, probe);
            let part = |m: u32| ((m >> (16 * half)) & 0xFFFF).count_ones() as usize;
            let m = part(valid) + part(non_ascii) + part(three);
            if at + m > cap {
                return None;
            }
            // SAFETY: features; `at + m <= cap` (checked above).
            unsafe { store_bytes(dst, at, _mm512_maskz_compress_epi8(keep, lanes), m) };
            at += m;
        }
        i += k;
        last = v;
    }
    if carry != 0 {
        return None;
    }
    Some((i, at))
}

/// The `vpermt2w` control of the units one earlier: the last unit of the
/// block before (lane 31 of the first table), then this block's units
/// 0..31 (32.. of the second).
static SHIFT1: Table = {
    let mut v = [0u16; 32];
    let mut j = 0;
    while j < 32 {
        v[j] = 31 + j as u16;
        j += 1;
    }
    lanes16(v)
};

/// The `vpermt2w` control that interleaves `F | M << 8` (the first table)
/// and `L` (the second) of the 16 units from `first`, one unit a 32-bit
/// lane.
#[inline]
const fn interleave(first: u16) -> Table {
    let mut v = [0u16; 32];
    let mut j = 0;
    while j < 32 {
        let unit = first + (j / 2) as u16;
        v[j] = if j % 2 == 0 { unit } else { 32 + unit };
        j += 1;
    }
    lanes16(v)
}

/// See [`interleave`].
static LO_UNITS: Table = interleave(0);
/// See [`interleave`].
static HI_UNITS: Table = interleave(16);

/// The `vpermt2b` control that gathers, for the 16 units from `first`,
/// the bytes `F M L` of each: bytes `2j`, `2j + 1` of the first table and
/// `2j` of the second (at 64 + `2j`); the last 16 bytes are not used.
#[inline]
const fn three_bytes(first: usize) -> Table {
    let mut t = [0u8; 64];
    let mut k = 0;
    while k < 64 {
        let c = if k / 3 < 16 { k / 3 } else { 15 };
        let j = first + c;
        t[k] = match k % 3 {
            0 => 2 * j,
            1 => 2 * j + 1,
            _ => 64 + 2 * j,
        } as u8;
        k += 1;
    }
    Table(t)
}

/// See [`three_bytes`].
static THREE_LO: Table = three_bytes(0);
/// See [`three_bytes`].
static THREE_HI: Table = three_bytes(16);

/// The two bytes of every 16-bit lane swapped (BE to native).
#[inline]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
fn swap(v: __m512i) -> __m512i {
    let lane = 0x0E0F_0C0D_0A0B_0809_i64;
    let lane_lo = 0x0607_0405_0203_0001_i64;
    let ctrl = _mm512_set_epi64(lane, lane_lo, lane, lane_lo, lane, lane_lo, lane, lane_lo);
    _mm512_shuffle_epi8(v, ctrl)
}

/// Stores the first `k` bytes of `v` at `dst[at..at + k]` (`k <= 32`).
///
/// # Safety
/// The CPU must have the enabled features, and `at + k <= dst.len()`.
#[inline]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
unsafe fn store32(dst: &mut [u8], at: usize, v: core::arch::x86_64::__m256i, k: usize) {
    debug_assert!(
        k <= 32 && at <= dst.len() && dst.len() - at >= k,
        "store32 out of bounds"
    );
    // SAFETY: the mask selects the `k` bytes from `dst.as_mut_ptr() + at`,
    // which the caller guarantees are within `dst`; a masked store writes
    // no other byte.
    unsafe { _mm256_mask_storeu_epi8(dst.as_mut_ptr().add(at).cast(), low_bits(k) as u32, v) }
}
