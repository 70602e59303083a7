//! The AVX-512 kernels: UTF-8 validation, UTF-8 to UTF-16 and UTF-16 to
//! UTF-8, for CPUs with AVX-512 F, BW, VL, VBMI and VBMI2 (Intel from Ice
//! Lake, AMD from Zen 4), which [`super::avx512`](fn@super::avx512) detects. The AVX2
//! kernels stay for every other `x86_64` CPU with AVX2.
//!
//! Beside twice the width, they use what AVX2 lacks:
//!
//! - **Masked loads and stores.** A load under a mask reads only the bytes
//!   the mask selects, as a zero for the others, and faults on none of the
//!   others; a masked store writes only its selected bytes. So the last
//!   bytes of an input go through the vector code as they are, with no
//!   copy into a padded buffer and no scalar tail, and the output gets
//!   exactly its bytes: short inputs (a line, a file name) cost little
//!   more than one block.
//! - **Compress** (`vpcompressb`, `vpcompressw`, VBMI2): the bytes or units
//!   a mask selects, packed to the front, in one instruction, where AVX2
//!   needs a shuffle table indexed by the mask, eight or sixteen lanes at a
//!   time.
//! - **Mask registers** for per-byte tests and blends, and `vpternlogd`
//!   for three-input logic.
//!
//! # `unsafe` here
//!
//! As in the AVX2 kernels: every `#[target_feature]` function that is an
//! `unsafe fn` needs the CPU to have the enabled features,
//! [`super::FEATURES_512`], and whatever else its `# Safety` says; calling
//! one from another that enables the same features needs only the rest
//! ("features" in the `SAFETY:` comments). Value intrinsics are safe in
//! such functions. The other unsafe operations are the loads and stores
//! of the helpers below, each within bounds its caller checks
//! (`debug_assert!`s recheck them); a masked load or store touches only
//! the bytes its mask selects, so only those need to be in bounds.

#[cfg_attr(
    not(feature = "alloc"),
    allow(dead_code, reason = "the scan of `decode_cow` only")
)]
pub(crate) mod cesu;
pub(crate) mod proxy;
pub(crate) mod single_byte;
pub(crate) mod utf16_to_utf8;
pub(crate) mod utf8;
pub(crate) mod utf8_to_utf16;

use core::arch::x86_64::{
    __m512i, _mm512_cmpeq_epi8_mask, _mm512_loadu_si512, _mm512_mask_storeu_epi8,
    _mm512_mask_storeu_epi16, _mm512_maskz_loadu_epi8, _mm512_maskz_loadu_epi16, _mm512_min_epu8,
    _mm512_movepi8_mask, _mm512_or_si512, _mm512_set1_epi8, _mm512_set1_epi16,
    _mm512_setzero_si512,
};

/// The low `k` bits set (`k <= 64`).
#[inline]
pub(crate) const fn low_bits(k: usize) -> u64 {
    if k >= 64 { u64::MAX } else { (1u64 << k) - 1 }
}

/// `b` in every byte.
#[inline]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
pub(crate) fn splat8(b: u8) -> __m512i {
    _mm512_set1_epi8(i8::from_ne_bytes([b]))
}

/// `u` in every 16-bit lane.
#[inline]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
pub(crate) fn splat16(u: u16) -> __m512i {
    _mm512_set1_epi16(i16::from_ne_bytes(u.to_ne_bytes()))
}

/// A 64-byte table (a shuffle or permutation control), aligned so that it is
/// one cache line.
#[repr(C, align(64))]
pub(crate) struct Table(pub(crate) [u8; 64]);

/// The table `t` as a vector.
#[inline]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
pub(crate) fn table(t: &Table) -> __m512i {
    // SAFETY: `t` is a reference to 64 readable bytes, all that the load
    // reads.
    unsafe { _mm512_loadu_si512(t.0.as_ptr().cast()) }
}

/// A table of 16-bit lanes from 32 values (each below 2^16), little-endian.
#[inline]
pub(crate) const fn lanes16(v: [u16; 32]) -> Table {
    let mut t = [0u8; 64];
    let mut j = 0;
    while j < 32 {
        let b = v[j].to_le_bytes();
        t[2 * j] = b[0];
        t[2 * j + 1] = b[1];
        j += 1;
    }
    Table(t)
}

/// Loads `b[i..i + 64]`.
///
/// # Safety
/// The CPU must have the enabled features, and `i + 64 <= b.len()`.
#[inline]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
pub(crate) unsafe fn load64(b: &[u8], i: usize) -> __m512i {
    debug_assert!(i <= b.len() && b.len() - i >= 64, "load64 out of bounds");
    // SAFETY: the caller guarantees `i + 64 <= b.len()`, so the 64 bytes
    // from `b.as_ptr() + i` are within `b`; the load is unaligned.
    unsafe { _mm512_loadu_si512(b.as_ptr().add(i).cast()) }
}

/// The end of the ASCII from `p` (with no zero byte too, if `NO_ZERO`), in
/// steps of `VECTORS` vectors (2 or 4) while a whole step is left: the ORs
/// of the vectors for the high bits and, for zeros, their unsigned minimum,
/// each a tree.
///
/// # Safety
/// The CPU must have the enabled features.
#[inline]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
pub(crate) unsafe fn ascii_end<const NO_ZERO: bool, const VECTORS: usize>(
    b: &[u8],
    mut p: usize,
) -> usize {
    const { assert!(VECTORS == 2 || VECTORS == 4) };
    while p <= b.len() && b.len() - p >= 64 * VECTORS {
        // SAFETY: features; `p + 64 * VECTORS <= b.len()`.
        let (v0, v1) = unsafe { (load64(b, p), load64(b, p + 64)) };
        let (mut high, mut low) = (_mm512_or_si512(v0, v1), _mm512_min_epu8(v0, v1));
        if VECTORS == 4 {
            // SAFETY: as above.
            let (v2, v3) = unsafe { (load64(b, p + 128), load64(b, p + 192)) };
            high = _mm512_or_si512(high, _mm512_or_si512(v2, v3));
            low = _mm512_min_epu8(low, _mm512_min_epu8(v2, v3));
        }
        let zero = if NO_ZERO {
            _mm512_cmpeq_epi8_mask(low, _mm512_setzero_si512())
        } else {
            0
        };
        if _mm512_movepi8_mask(high) | zero != 0 {
            break;
        }
        p += 64 * VECTORS;
    }
    p
}

/// Loads the `k` bytes `b[i..i + k]` (`k <= 64`), zeros after them.
///
/// # Safety
/// The CPU must have the enabled features, and `i + k <= b.len()`.
#[inline]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
pub(crate) unsafe fn load_bytes(b: &[u8], i: usize, k: usize) -> __m512i {
    debug_assert!(
        k <= 64 && i <= b.len() && b.len() - i >= k,
        "load_bytes out of bounds"
    );
    // SAFETY: the mask selects the `k` bytes from `b.as_ptr() + i`, which
    // the caller guarantees are within `b`; a masked load reads no other
    // byte (and faults on none). `i <= b.len()`, so the pointer is in
    // bounds or one past the end.
    unsafe { _mm512_maskz_loadu_epi8(low_bits(k), b.as_ptr().add(i).cast()) }
}

/// Loads the `k` units `u[i..i + k]` (`k <= 32`), zeros after them.
///
/// # Safety
/// The CPU must have the enabled features, and `i + k <= u.len()`.
#[inline]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
pub(crate) unsafe fn load_units(u: &[u8], i: usize, k: usize) -> __m512i {
    debug_assert!(
        k <= 32 && 2 * i <= u.len() && u.len() - 2 * i >= 2 * k,
        "load_units out of bounds"
    );
    // SAFETY: `u` holds 16-bit units as bytes; the mask selects the `k`
    // units (`2 * k` bytes) from `u.as_ptr() + 2 * i`, which the caller
    // guarantees are within `u`; a masked load reads no other byte.
    unsafe { _mm512_maskz_loadu_epi16(low_bits(k) as u32, u.as_ptr().add(2 * i).cast()) }
}

/// Stores the first `k` bytes of `v` at `dst[at..at + k]` (`k <= 64`).
///
/// # Safety
/// The CPU must have the enabled features, and `at + k <= dst.len()`.
#[inline]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
pub(crate) unsafe fn store_bytes(dst: &mut [u8], at: usize, v: __m512i, k: usize) {
    debug_assert!(
        k <= 64 && at <= dst.len() && dst.len() - at >= k,
        "store_bytes out of bounds"
    );
    // SAFETY: the mask selects the `k` bytes from `dst.as_mut_ptr() + at`,
    // which the caller guarantees are within `dst`; a masked store writes
    // (and touches) no other byte.
    unsafe { _mm512_mask_storeu_epi8(dst.as_mut_ptr().add(at).cast(), low_bits(k), v) }
}

/// Stores the first `k` units of `v` at `dst[at..at + k]` (`k <= 32`).
///
/// # Safety
/// The CPU must have the enabled features, and `at + k <= dst.len()`.
#[inline]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
pub(crate) unsafe fn store_units(dst: &mut [u16], at: usize, v: __m512i, k: usize) {
    debug_assert!(
        k <= 32 && at <= dst.len() && dst.len() - at >= k,
        "store_units out of bounds"
    );
    // SAFETY: the mask selects the `k` units from `dst.as_mut_ptr() + at`,
    // which the caller guarantees are within `dst`; a masked store writes
    // (and touches) no other unit.
    unsafe { _mm512_mask_storeu_epi16(dst.as_mut_ptr().add(at).cast(), low_bits(k) as u32, v) }
}
