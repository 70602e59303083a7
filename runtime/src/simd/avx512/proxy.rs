//! The AVX-512 kernels of [`crate::simd::proxy`]: an EBCDIC page decoded through its ASCII-ordered proxy, and the byte permutation, 64 bytes a step.

#![allow(clippy::cast_ptr_alignment, clippy::many_single_char_names)]

use crate::simd::portable::decode_scalar;
use crate::table::{Proxy, SingleByte};

/// The AVX-512 decoder of a block of text dense in non-ASCII characters
/// (Greek, Hebrew), 64 bytes a step, from the block mapped to the proxy's
/// bytes (`mapped`; `orig` is the page's): a step that is all ASCII is
/// stored as it is; in any other, the lead and the trail of each high
/// byte's character (two bytes of UTF-8) are looked up in the proxy's 128
/// high bytes (one `vpermi2b` each), paired (lead, last byte; the last byte
/// is the ASCII byte itself where there is no lead; two in-lane unpacks,
/// the input's eight-byte words put in an order that makes their output
/// the pairs in order), and the leads that are not there squeezed out with
/// `vpcompressb`, 32 input bytes at a time, each stored as a whole vector
/// where there is room (masked stores made this a sixth slower). A step
/// with a byte that is not a two-byte character in the proxy (three bytes
/// of UTF-8, such as the euro of IBM01140; undefined; a character a lower
/// byte has too) and the last bytes go byte by byte through the page's own
/// `utf8` table, from `orig`. The output's length, or `None`.
///
/// # Safety
/// The CPU has [`crate::simd::FEATURES_512`]; `orig` and `mapped` have one length.
#[cfg(target_arch = "x86_64")]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
#[inline]
pub(crate) unsafe fn decode_avx512(
    t: &SingleByte,
    p: &Proxy,
    orig: &[u8],
    mapped: &[u8],
    dst: &mut [u8],
) -> Option<usize> {
    use crate::simd::avx512::{load_bytes, load64, store_bytes};
    use core::arch::x86_64::{
        __m512i, _mm512_loadu_si512, _mm512_mask_testn_epi8_mask, _mm512_mask2_permutex2var_epi8,
        _mm512_maskz_compress_epi8, _mm512_movepi8_mask, _mm512_permutex2var_epi8,
        _mm512_permutexvar_epi64, _mm512_set_epi64, _mm512_unpackhi_epi8, _mm512_unpacklo_epi8,
        _pdep_u64, _pext_u64,
    };
    debug_assert_eq!(orig.len(), mapped.len(), "decode_avx512: lengths differ");
    // SAFETY: `lead` and `trail` are 128 readable bytes each; each load
    // reads 64 of them.
    let (l, tr): ([__m512i; 2], [__m512i; 2]) = unsafe {
        (
            [
                _mm512_loadu_si512(p.lead.as_ptr().cast()),
                _mm512_loadu_si512(p.lead.as_ptr().add(64).cast()),
            ],
            [
                _mm512_loadu_si512(p.trail.as_ptr().cast()),
                _mm512_loadu_si512(p.trail.as_ptr().add(64).cast()),
            ],
        )
    };
    // The input's eight-byte words in the order 0, 4, 1, 5, 2, 6, 3, 7, so
    // that `vpunpcklbw` of two vectors of the step pairs the bytes of words
    // 0 to 3 (input bytes 0..32, in order) and `vpunpckhbw` those of words
    // 4 to 7.
    let order = _mm512_set_epi64(7, 3, 6, 2, 5, 1, 4, 0);
    // The (lead, last byte) pairs of the `n` input bytes (of 32) whose
    // high bits are `high`, the leads of ASCII squeezed out; how many bytes
    // that is.
    let squeeze = |w: __m512i, high: u64, n: usize| {
        let keep = _pdep_u64(high, 0x5555_5555_5555_5555) | 0xAAAA_AAAA_AAAA_AAAA;
        (
            _mm512_maskz_compress_epi8(keep, w),
            n + high.count_ones() as usize,
        )
    };
    let mut i = 0;
    let mut at = 0;
    while i < mapped.len() {
        // The last step takes the `k < 64` bytes left, zeros after them
        // (ASCII, so no lead; their pairs come after the others').
        let k = (mapped.len() - i).min(64);
        let v = if k == 64 {
            // SAFETY: features; `i + 64 <= mapped.len()`.
            unsafe { load64(mapped, i) }
        } else {
            // SAFETY: features; `i + k <= mapped.len()`.
            unsafe { load_bytes(mapped, i, k) }
        };
        let high = _mm512_movepi8_mask(v);
        if high == 0 {
            if dst.len() - at >= 64 {
                // SAFETY: features; `at + 64 <= dst.len()`.
                unsafe { store64(dst, at, v) };
            } else if dst.len() - at >= k {
                // SAFETY: features; `at + k <= dst.len()`.
                unsafe { store_bytes(dst, at, v, k) };
            } else {
                return None;
            }
            at += k;
            i += k;
            continue;
        }
        let v = _mm512_permutexvar_epi64(order, v);
        let high = _mm512_movepi8_mask(v);
        let ld = _mm512_permutex2var_epi8(l[0], v, l[1]);
        if _mm512_mask_testn_epi8_mask(high, ld, ld) != 0 {
            at = decode_scalar(t, &orig[i..i + k], dst, at)?;
            i += k;
            continue;
        }
        let last = _mm512_mask2_permutex2var_epi8(tr[0], v, high, tr[1]);
        let (lo, n_lo) = squeeze(
            _mm512_unpacklo_epi8(ld, last),
            _pext_u64(high, 0x00FF_00FF_00FF_00FF),
            k.min(32),
        );
        let (hi, n_hi) = squeeze(
            _mm512_unpackhi_epi8(ld, last),
            _pext_u64(high, 0xFF00_FF00_FF00_FF00),
            k.saturating_sub(32),
        );
        if dst.len() - at >= 128 {
            // Whole vectors, the bytes past each half's output overwritten
            // by the next or left past the output.
            // SAFETY: features; `at + n_lo + 64 <= at + 128 <= dst.len()`.
            unsafe {
                store64(dst, at, lo);
                store64(dst, at + n_lo, hi);
            }
        } else if dst.len() - at >= n_lo + n_hi {
            // SAFETY: features; `at + n_lo + n_hi <= dst.len()`, both at
            // most 64.
            unsafe {
                store_bytes(dst, at, lo, n_lo);
                store_bytes(dst, at + n_lo, hi, n_hi);
            }
        } else {
            return None;
        }
        at += n_lo + n_hi;
        i += k;
    }
    Some(at)
}

/// [`map_raw`](crate::simd::proxy::map_raw) with AVX-512 VBMI.
///
/// # Safety
/// The CPU has [`crate::simd::FEATURES_512`]; the bounds of [`map_raw`](crate::simd::proxy::map_raw).
#[cfg(target_arch = "x86_64")]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
#[inline]
pub(crate) unsafe fn map_avx512(table: &[u8; 256], src: *const u8, dst: *mut u8, len: usize) {
    use core::arch::x86_64::{
        __m512i, _mm512_loadu_si512, _mm512_mask_blend_epi8, _mm512_mask_storeu_epi8,
        _mm512_maskz_loadu_epi8, _mm512_movepi8_mask, _mm512_permutex2var_epi8,
        _mm512_storeu_si512,
    };
    // SAFETY: `table` is 256 readable bytes; each load reads 64 of them.
    let t: [__m512i; 4] = unsafe {
        [
            _mm512_loadu_si512(table.as_ptr().cast()),
            _mm512_loadu_si512(table.as_ptr().add(64).cast()),
            _mm512_loadu_si512(table.as_ptr().add(128).cast()),
            _mm512_loadu_si512(table.as_ptr().add(192).cast()),
        ]
    };
    // Each byte looks up both halves by its low seven bits (two look-ups
    // that do not wait for each other, where looking up the upper half
    // first under a mask and the lower one in its result made a chain),
    // and bit 7 picks.
    let look = |idx: __m512i| {
        let lower = _mm512_permutex2var_epi8(t[0], idx, t[1]);
        let upper = _mm512_permutex2var_epi8(t[2], idx, t[3]);
        _mm512_mask_blend_epi8(_mm512_movepi8_mask(idx), lower, upper)
    };
    let mut i = 0;
    while len - i >= 64 {
        // SAFETY: `i + 64 <= len`, so the 64 bytes at `src + i` are
        // readable and those at `dst + i` writable (the caller's bounds);
        // unaligned load and store, the load first.
        let v = look(unsafe { _mm512_loadu_si512(src.add(i).cast()) });
        // SAFETY: as the load.
        unsafe { _mm512_storeu_si512(dst.add(i).cast(), v) };
        i += 64;
    }
    if i < len {
        let mask = crate::simd::avx512::low_bits(len - i);
        // SAFETY: the mask selects the `len - i` bytes left, within the
        // caller's bounds; masked loads and stores touch no other byte.
        let v = look(unsafe { _mm512_maskz_loadu_epi8(mask, src.add(i).cast()) });
        // SAFETY: as the load.
        unsafe { _mm512_mask_storeu_epi8(dst.add(i).cast(), mask, v) };
    }
}

/// Stores `v` at `dst[at..at + 64]`.
///
/// # Safety
/// The CPU has [`crate::simd::FEATURES_512`], and `at + 64 <= dst.len()`.
#[cfg(target_arch = "x86_64")]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
#[inline]
pub(crate) unsafe fn store64(dst: &mut [u8], at: usize, v: core::arch::x86_64::__m512i) {
    debug_assert!(
        at <= dst.len() && dst.len() - at >= 64,
        "store64 out of bounds"
    );
    // SAFETY: the caller guarantees `at + 64 <= dst.len()`, so the 64 bytes
    // from `dst.as_mut_ptr() + at` are within `dst`; the store is unaligned.
    unsafe { core::arch::x86_64::_mm512_storeu_si512(dst.as_mut_ptr().add(at).cast(), v) }
}
