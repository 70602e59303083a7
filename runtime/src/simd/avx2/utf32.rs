//! The AVX2 kernels of [`crate::simd::utf32`].

// The codec's short names: `b` input, `i` input cursor, `at` output
// cursor, `k` lane, `v`/`w` vectors.
#![allow(clippy::many_single_char_names)]

use core::arch::x86_64::{
    __m128i, __m256i, _mm_and_si128, _mm_cmpeq_epi16, _mm_loadl_epi64, _mm_loadu_si128,
    _mm_set1_epi16, _mm_testz_si128, _mm256_add_epi32, _mm256_and_si256, _mm256_cmpeq_epi32,
    _mm256_cmpgt_epi32, _mm256_cvtepu8_epi32, _mm256_cvtepu16_epi32, _mm256_extract_epi32,
    _mm256_loadu_si256, _mm256_min_epu32, _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi32,
    _mm256_setr_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_storeu_si256,
    _mm256_sub_epi32, _mm256_testz_si256,
};

// # `unsafe` here
//
// As in the other kernels: calling the `#[target_feature]` entry points
// after `crate::simd::avx2` said yes, and unaligned loads and stores
// within bounds the loops check; each helper states its bounds.

/// Swaps the four bytes of every 32-bit lane.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
fn swap32(v: __m256i) -> __m256i {
    let swap = _mm256_setr_epi8(
        3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12, 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8,
        15, 14, 13, 12,
    );
    _mm256_shuffle_epi8(v, swap)
}

/// The 32 bytes `src[at..at + 32]`.
///
/// # Safety
/// The CPU must have the enabled features, and `at + 32 <= src.len()`.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(clippy::cast_ptr_alignment, reason = "an unaligned load")]
unsafe fn load32(src: &[u8], at: usize) -> __m256i {
    debug_assert!(at + 32 <= src.len(), "load32 out of bounds");
    // SAFETY: the caller guarantees `at + 32 <= src.len()`; `loadu`
    // needs no alignment.
    unsafe { _mm256_loadu_si256(src.as_ptr().add(at).cast::<__m256i>()) }
}

/// The 8 bytes `src[at..at + 8]`, widened to eight 32-bit lanes.
///
/// # Safety
/// The CPU must have the enabled features, and `at + 8 <= src.len()`.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(clippy::cast_ptr_alignment, reason = "an unaligned load")]
unsafe fn widen8(src: &[u8], at: usize) -> __m256i {
    debug_assert!(at + 8 <= src.len(), "widen8 out of bounds");
    // SAFETY: the caller guarantees `at + 8 <= src.len()`; `loadl`
    // reads 8 bytes and needs no alignment.
    let x = unsafe { _mm_loadl_epi64(src.as_ptr().add(at).cast::<__m128i>()) };
    _mm256_cvtepu8_epi32(x)
}

/// Stores `x` at `dst[at..at + 32]`.
///
/// # Safety
/// The CPU must have the enabled features, and `at + 32 <= dst.len()`.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(clippy::cast_ptr_alignment, reason = "an unaligned store")]
unsafe fn store32(dst: &mut [u8], at: usize, x: __m256i) {
    debug_assert!(at + 32 <= dst.len(), "store32 out of bounds");
    // SAFETY: the caller guarantees `at + 32 <= dst.len()`; `storeu`
    // needs no alignment.
    unsafe { _mm256_storeu_si256(dst.as_mut_ptr().add(at).cast::<__m256i>(), x) };
}

/// Encodes `b` (valid UTF-8) into `dst` as LE or BE units, by 32-byte
/// blocks while a block's worst case (128 bytes) fits; returns the bytes
/// of `b` done (a character boundary) and of `dst` written.
///
/// # Safety
/// The CPU must have the enabled features; `b` must be valid UTF-8.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
pub(crate) unsafe fn encode<const BE: bool>(b: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let mut i = 0;
    let mut at = 0;
    while i + 32 <= b.len() && at + 128 <= dst.len() {
        // SAFETY: features; `i + 32 <= b.len()` (loop condition).
        let v = unsafe { load32(b, i) };
        if _mm256_movemask_epi8(v) == 0 {
            let mut k = 0;
            while k < 4 {
                // SAFETY: features; `i + 8 * k + 8 <= i + 32 <= b.len()`.
                let w = unsafe { widen8(b, i + 8 * k) };
                let w = if BE { swap32(w) } else { w };
                // SAFETY: features; `at + 32 * k + 32 <= at + 128 <=
                // dst.len()` (loop condition).
                unsafe { store32(dst, at + 32 * k, w) };
                k += 1;
            }
            i += 32;
            at += 128;
            continue;
        }
        // Not ASCII: the caller takes it from here.
        break;
    }
    (i, at)
}

/// Widens `units[k..k + 8]` into `dst[at..at + 32]` if none of them is
/// a surrogate; `false` (and nothing written) otherwise.
///
/// # Safety
/// The CPU must have the enabled features; `k + 8 <= units.len()` and
/// `at + 32 <= dst.len()`.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(
    clippy::cast_ptr_alignment,
    clippy::cast_possible_wrap,
    reason = "an unaligned load; bit patterns"
)]
pub(crate) unsafe fn widen_units8<const BE: bool>(
    units: &[u16],
    k: usize,
    dst: &mut [u8],
    at: usize,
) -> bool {
    debug_assert!(k + 8 <= units.len(), "widen_units8 reads out of bounds");
    // SAFETY: the caller guarantees `k + 8 <= units.len()`: the 16 bytes
    // from `units.as_ptr() + k` are within `units`; `loadu` needs no
    // alignment.
    let v = unsafe { _mm_loadu_si128(units.as_ptr().add(k).cast::<__m128i>()) };
    let surrogates = _mm_cmpeq_epi16(
        _mm_and_si128(v, _mm_set1_epi16(0xF800_u16 as i16)),
        _mm_set1_epi16(0xD800_u16 as i16),
    );
    if _mm_testz_si128(surrogates, surrogates) == 0 {
        return false;
    }
    let w = _mm256_cvtepu16_epi32(v);
    let w = if BE { swap32(w) } else { w };
    // SAFETY: features; the caller guarantees `at + 32 <= dst.len()`.
    unsafe { store32(dst, at, w) };
    true
}

/// Whether any of the eight units of `v` is not a scalar value.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(clippy::cast_possible_wrap, reason = "bit patterns, not numbers")]
fn ill_formed(v: __m256i) -> bool {
    let surrogate = _mm256_cmpeq_epi32(
        _mm256_and_si256(v, _mm256_set1_epi32(0xFFFF_F800_u32 as i32)),
        _mm256_set1_epi32(0xD800),
    );
    let in_range = _mm256_cmpeq_epi32(_mm256_min_epu32(v, _mm256_set1_epi32(0x10_FFFF)), v);
    // Bad: a surrogate, or not in range (in_range is all ones if good).
    let bad = _mm256_or_si256(
        surrogate,
        _mm256_cmpeq_epi32(in_range, _mm256_setzero_si256()),
    );
    _mm256_testz_si256(bad, bad) == 0
}

/// Decodes LE or BE units of `src` into `dst`, by blocks of eight well
/// formed units whose worst case (32 bytes) fits; returns the units
/// done and the bytes written.
///
/// # Safety
/// The CPU must have the enabled features.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(clippy::cast_sign_loss, reason = "bit patterns, not numbers")]
pub(crate) unsafe fn decode<const BE: bool>(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    // The low byte of each unit, gathered into the low four bytes of
    // each 128-bit half.
    let narrow = _mm256_setr_epi8(
        0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 4, 8, 12, -1, -1, -1, -1,
        -1, -1, -1, -1, -1, -1, -1, -1,
    );
    let mut i = 0;
    let mut at = 0;
    while 4 * i + 32 <= src.len() && at + 32 <= dst.len() {
        // SAFETY: features; `4 * i + 32 <= src.len()` (loop condition).
        let v = unsafe { load32(src, 4 * i) };
        let v = if BE { swap32(v) } else { v };
        if ill_formed(v) {
            break;
        }
        let high = _mm256_and_si256(v, _mm256_set1_epi32(!0x7F));
        if _mm256_testz_si256(high, high) != 0 {
            let bytes = _mm256_shuffle_epi8(v, narrow);
            let lo = _mm256_extract_epi32::<0>(bytes) as u32;
            let hi = _mm256_extract_epi32::<4>(bytes) as u32;
            let w = u64::from(lo) | (u64::from(hi) << 32);
            dst[at..at + 8].copy_from_slice(&w.to_le_bytes());
            i += 8;
            at += 8;
            continue;
        }
        // Each unit's UTF-8 in one 4-byte store: at most 32 bytes.
        let mut k = 0;
        while k < 8 {
            let q = 4 * (i + k);
            let quad = [src[q], src[q + 1], src[q + 2], src[q + 3]];
            let u = if BE {
                u32::from_be_bytes(quad)
            } else {
                u32::from_le_bytes(quad)
            };
            let (packed, len) = packed_utf8(u);
            dst[at..at + 4].copy_from_slice(&packed.to_le_bytes());
            at += len;
            k += 1;
        }
        i += 8;
    }
    (i, at)
}

/// The UTF-8 of a scalar value packed first byte lowest, and its length.
#[inline]
fn packed_utf8(u: u32) -> (u32, usize) {
    if u < 0x80 {
        (u, 1)
    } else if u < 0x800 {
        ((0xC0 | (u >> 6)) | ((0x80 | (u & 0x3F)) << 8), 2)
    } else if u < 0x1_0000 {
        (
            (0xE0 | (u >> 12)) | ((0x80 | ((u >> 6) & 0x3F)) << 8) | ((0x80 | (u & 0x3F)) << 16),
            3,
        )
    } else {
        (
            (0xF0 | (u >> 18))
                | ((0x80 | ((u >> 12) & 0x3F)) << 8)
                | ((0x80 | ((u >> 6) & 0x3F)) << 16)
                | ((0x80 | (u & 0x3F)) << 24),
            4,
        )
    }
}

/// Checks and measures LE or BE units of `src` by blocks of eight;
/// returns the units done and their UTF-8 length, stopping before an
/// ill-formed block (which the `const` engine then reports) and before
/// the tail.
///
/// # Safety
/// The CPU must have the enabled features.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
pub(crate) unsafe fn count<const BE: bool>(src: &[u8]) -> (usize, usize) {
    let mut i = 0;
    let mut total = 0usize;
    // Each lane grows by at most 4 a block: flush well before 2^31.
    let mut acc = _mm256_setzero_si256();
    let mut blocks = 0u32;
    while 4 * i + 32 <= src.len() {
        // SAFETY: features; `4 * i + 32 <= src.len()` (loop condition).
        let v = unsafe { load32(src, 4 * i) };
        let v = if BE { swap32(v) } else { v };
        if ill_formed(v) {
            break;
        }
        // 1 + (u > 0x7F) + (u > 0x7FF) + (u > 0xFFFF): the compares are
        // -1 where true, and a scalar value is positive as an `i32`.
        let c1 = _mm256_cmpgt_epi32(v, _mm256_set1_epi32(0x7F));
        let c2 = _mm256_cmpgt_epi32(v, _mm256_set1_epi32(0x7FF));
        let c3 = _mm256_cmpgt_epi32(v, _mm256_set1_epi32(0xFFFF));
        acc = _mm256_sub_epi32(acc, _mm256_add_epi32(_mm256_add_epi32(c1, c2), c3));
        total += 8;
        i += 8;
        blocks += 1;
        if blocks == 1 << 20 {
            total += lane_sum(acc);
            acc = _mm256_setzero_si256();
            blocks = 0;
        }
    }
    (i, total + lane_sum(acc))
}

/// The sum of the eight 32-bit lanes of `acc`.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(clippy::cast_sign_loss, reason = "lane sums, never negative")]
fn lane_sum(acc: __m256i) -> usize {
    let lanes = [
        _mm256_extract_epi32::<0>(acc),
        _mm256_extract_epi32::<1>(acc),
        _mm256_extract_epi32::<2>(acc),
        _mm256_extract_epi32::<3>(acc),
        _mm256_extract_epi32::<4>(acc),
        _mm256_extract_epi32::<5>(acc),
        _mm256_extract_epi32::<6>(acc),
        _mm256_extract_epi32::<7>(acc),
    ];
    lanes.iter().map(|&x| x as u32 as usize).sum()
}
