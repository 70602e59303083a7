//! How much of MUTF-8 or CESU-8 input decodes to itself, with AVX-512: the
//! scan of `crate::simd::cesu::decode_unchanged` (valid UTF-8 with no
//! 4-byte lead and, for `JAVA`, no zero byte) with the validator of
//! [`super::utf8`], 64 bytes a step, the last 1..=63 bytes by a masked
//! load. ASCII at the start is skipped before the validator is set up, and
//! after a block of ASCII the ASCII that follows goes 128 bytes a step.

#![allow(clippy::many_single_char_names)]

use super::utf8::Validator;
use super::{ascii_end, load_bytes, load64, low_bits, splat8};
use crate::simd::utf8::UTF8;
use crate::simd::utf8::char_start_before;
use core::arch::x86_64::{
    __m512i, _mm512_cmpeq_epi8_mask, _mm512_cmpge_epu8_mask, _mm512_movepi8_mask,
    _mm512_setzero_si512,
};

/// See `crate::simd::cesu::decode_unchanged`.
///
/// # Safety
/// The CPU must have the enabled features ([`crate::simd::avx512`](fn@crate::simd::avx512)).
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
pub(crate) unsafe fn decode_unchanged<const JAVA: bool>(b: &[u8]) -> usize {
    let n = b.len();
    // ASCII (without a zero byte, for `JAVA`) needs no validator: 256
    // bytes a step, as fast as the UTF-8 validator skips ASCII.
    // SAFETY: features.
    let mut p = unsafe { ascii_end::<JAVA, 4>(b, 0) };
    let x = loop {
        if p == n {
            return n;
        }
        // SAFETY: features; `b[p..p + k]` is in bounds.
        let (x, k) = unsafe { block(b, p) };
        if _mm512_movepi8_mask(x) != 0 || special::<JAVA>(x, k) != 0 {
            break x;
        }
        p += k;
    };
    // SAFETY: features (all that `Validator::new` needs).
    let mut val = unsafe { Validator::new(&UTF8) };
    let mut x = x;
    loop {
        let k = if n - p >= 64 { 64 } else { n - p };
        if _mm512_movepi8_mask(x) == 0 {
            val.ascii();
            if special::<JAVA>(x, k) != 0 || !val.clean() {
                return char_start_before(b, p);
            }
            // After an ASCII block, the ASCII that follows 128 bytes a
            // step, as the UTF-8 validator does: text with a character
            // other than ASCII every few hundred bytes (English with its
            // dashes and quotation marks) is mostly these steps, where a
            // block at a time ran at half the validator's speed. The
            // validator's state stays that of an ASCII block.
            // SAFETY: features.
            p = unsafe { ascii_end::<JAVA, 2>(b, p + k) };
        } else {
            val.check(x);
            if special::<JAVA>(x, k) != 0 || !val.clean() {
                return char_start_before(b, p);
            }
            p += k;
        }
        if p == n {
            break;
        }
        // SAFETY: features; `b[p..]` is in bounds.
        x = unsafe { block(b, p) }.0;
    }
    if val.valid_end() {
        n
    } else {
        // Only a sequence cut by the end of a whole last block.
        char_start_before(b, n)
    }
}

/// The block at `b[p..]`: 64 bytes, or the `k < 64` that are left (zeros
/// after them), and `k`.
///
/// # Safety
/// The CPU must have the enabled features, and `p <= b.len()`.
#[inline]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
unsafe fn block(b: &[u8], p: usize) -> (__m512i, usize) {
    let k = if b.len() - p >= 64 { 64 } else { b.len() - p };
    if k == 64 {
        // SAFETY: features; `p + 64 <= b.len()`.
        (unsafe { load64(b, p) }, 64)
    } else {
        // SAFETY: features; `b[p..p + k]` is in bounds.
        (unsafe { load_bytes(b, p, k) }, k)
    }
}

/// The bytes among the first `k` of `x` that do not decode to themselves
/// where they are well formed: 4-byte leads, and for `JAVA` zero bytes.
#[inline]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
fn special<const JAVA: bool>(x: __m512i, k: usize) -> u64 {
    let leads = _mm512_cmpge_epu8_mask(x, splat8(0xF0));
    if JAVA {
        leads | (_mm512_cmpeq_epi8_mask(x, _mm512_setzero_si512()) & low_bits(k))
    } else {
        leads
    }
}
