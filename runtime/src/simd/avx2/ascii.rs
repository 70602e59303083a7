//! The AVX2 kernels of [`crate::simd::ascii`].

// The codec's short names (see `crate::engine`): `b` input bytes, `n` its
// length, `i` cursor, `m` mask, `x`, `y` vectors.
#![allow(clippy::many_single_char_names)]

use crate::simd::avx2::utf8::{high_bits, load32};
use crate::simd::portable::scan::ascii_len_words;

use core::arch::x86_64::_mm256_or_si256;

/// [`ascii_len`](crate::simd::ascii::ascii_len) with AVX2.
///
/// # Safety
/// The CPU must have the enabled features ([`crate::simd::avx2`](fn@crate::simd::avx2)).
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
pub(crate) unsafe fn ascii_len_avx2(b: &[u8]) -> usize {
    let n = b.len();
    let mut i = 0;
    while i + 64 <= n {
        // SAFETY: features; `i + 64 <= n`, so both loads lie within `b`.
        let (x, y) = unsafe { (load32(b, i), load32(b, i + 32)) };
        if high_bits!(_mm256_or_si256(x, y)) != 0 {
            let m = u64::from(high_bits!(x)) | (u64::from(high_bits!(y)) << 32);
            return i + m.trailing_zeros() as usize;
        }
        i += 64;
    }
    if n < 32 {
        return ascii_len_words(b, i);
    }
    if i + 32 <= n {
        // SAFETY: features; `i + 32 <= n`.
        let m = high_bits!(unsafe { load32(b, i) });
        if m != 0 {
            return i + m.trailing_zeros() as usize;
        }
        i += 32;
    }
    if i < n {
        // The last 32 bytes, of which the `i - (n - 32)` before `i` are
        // known to be ASCII already.
        let j = n - 32;
        // SAFETY: features; `n >= 32`, so `b[n - 32..n]` is in bounds.
        let m = high_bits!(unsafe { load32(b, j) }) >> (i - j);
        if m != 0 {
            return i + m.trailing_zeros() as usize;
        }
    }
    n
}
