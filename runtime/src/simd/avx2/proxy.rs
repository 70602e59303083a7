//! The AVX2 kernel of [`crate::simd::proxy`]: a byte permutation of 32 bytes a step.

#![allow(clippy::cast_ptr_alignment)]

/// [`map_raw`](crate::simd::proxy::map_raw) with AVX2.
///
/// # Safety
/// The CPU has [`crate::simd::FEATURES`]; the bounds of [`map_raw`](crate::simd::proxy::map_raw).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
pub(crate) unsafe fn map_avx2(table: &[u8; 256], src: *const u8, dst: *mut u8, len: usize) {
    use core::arch::x86_64::{
        __m128i, __m256i, _mm_loadu_si128, _mm256_blendv_epi8, _mm256_broadcastsi128_si256,
        _mm256_loadu_si256, _mm256_set1_epi8, _mm256_shuffle_epi8, _mm256_storeu_si256,
        _mm256_sub_epi8, _mm256_xor_si256,
    };
    // Each half of the table as eight xor-coded rows (row `h` XOR row
    // `h - 1`), in both lanes.
    let mut rows = [[0u8; 16]; 16];
    for (h, row) in rows.iter_mut().enumerate() {
        for (k, e) in row.iter_mut().enumerate() {
            *e = table[16 * h + k];
            if h % 8 != 0 {
                *e ^= table[16 * (h - 1) + k];
            }
        }
    }
    let rows: [__m256i; 16] = core::array::from_fn(|h| {
        // SAFETY: each row is 16 readable bytes, what the load reads.
        let row = unsafe { _mm_loadu_si128(rows[h].as_ptr().cast::<__m128i>()) };
        _mm256_broadcastsi128_si256(row)
    });
    let x10 = _mm256_set1_epi8(0x10);
    let x80 = _mm256_set1_epi8(i8::MIN);
    // Entry `idx` of the half whose rows start at `h0`, for `idx < 0x80`.
    let half = |h0: usize, idx: __m256i| {
        let mut acc = _mm256_shuffle_epi8(rows[h0], idx);
        let mut k = idx;
        for r in &rows[h0 + 1..h0 + 8] {
            k = _mm256_sub_epi8(k, x10);
            acc = _mm256_xor_si256(acc, _mm256_shuffle_epi8(*r, k));
        }
        acc
    };
    let look = |idx: __m256i| {
        let lo = half(0, idx);
        let hi = half(8, _mm256_xor_si256(idx, x80));
        _mm256_blendv_epi8(lo, hi, idx)
    };
    let mut i = 0;
    while len - i >= 32 {
        // SAFETY: `i + 32 <= len`, so the 32 bytes at `src + i` are
        // readable and those at `dst + i` writable (the caller's bounds);
        // unaligned load and store, the load first.
        let v = look(unsafe { _mm256_loadu_si256(src.add(i).cast::<__m256i>()) });
        // SAFETY: as the load.
        unsafe { _mm256_storeu_si256(dst.add(i).cast::<__m256i>(), v) };
        i += 32;
    }
    while i < len {
        // SAFETY: `i < len`: the byte at `src + i` is readable, the one at
        // `dst + i` writable.
        let x = table[usize::from(unsafe { *src.add(i) })];
        // SAFETY: as the read.
        unsafe { *dst.add(i) = x };
        i += 1;
    }
}
