//! Decoding a code page whose letters are three bytes of UTF-8 (Thai in
//! windows-874, the Arabic and Urdu presentation forms of IBM864 and
//! IBM1006), with AVX-512 VBMI.
//!
//! The code-page decoder of `super::super::single_byte` writes the
//! two-byte characters of a block with vector look-ups and sends every
//! three-byte one through the scalar table; for these pages that is nearly
//! every character. Here each byte of a step of 16 gets all three bytes of
//! its UTF-8 at once:
//!
//! - four `vpermi2b` look up, in tables the call derives from the page's
//!   `utf8` table, the byte's length and the last three bytes of its UTF-8
//!   right-aligned (`lead`, `mid`, `last`: a two-byte character has no
//!   `lead`, ASCII only a `last`, which is the byte itself);
//! - the three planes, put side by side in one vector, are interleaved
//!   with one `vpermb` into 48 slots, `lead mid last` per input byte;
//! - `vpcompressb` keeps the slots the lengths ask for (`last` always,
//!   `mid` from two bytes, `lead` at three), and the step stores a whole
//!   vector and moves on by the count.
//!
//! An undefined byte returns `None` (the caller runs the `const` engine,
//! which gives the error); ASCII goes 64 bytes a step when the step before
//! was ASCII; the last bytes go through the `utf8` table one by one.

// The codec's short names (`t` page, `b` input, `i` input cursor, `at`
// output cursor, `x` and `v` vectors), as in `crate::simd::single_byte`.
#![allow(clippy::many_single_char_names)]

use super::load64;
use crate::table::SingleByte;
use core::arch::x86_64::{
    __m512i, _mm_loadu_si128, _mm_storeu_si128, _mm512_and_si512, _mm512_castsi512_si128,
    _mm512_cvtepi32_epi8, _mm512_inserti32x4, _mm512_loadu_si512, _mm512_mask_blend_epi8,
    _mm512_mask_cmpeq_epi8_mask, _mm512_mask_cmpge_epu8_mask, _mm512_maskz_compress_epi8,
    _mm512_maskz_mov_epi8, _mm512_movepi8_mask, _mm512_permutex2var_epi8, _mm512_permutexvar_epi8,
    _mm512_set1_epi8, _mm512_set1_epi32, _mm512_setzero_si512, _mm512_slli_epi32,
    _mm512_sllv_epi32, _mm512_srli_epi32, _mm512_storeu_si512, _mm512_sub_epi32,
    _mm512_zextsi128_si512, _pdep_u64,
};
use core::mem::MaybeUninit;

/// Whether [`decode`] is the decoder for page `t`: more than half of its
/// 128 high bytes are characters of three bytes of UTF-8 (windows-874,
/// IBM864, IBM1006). A constant where the page is.
#[inline]
pub(crate) fn wanted(t: &SingleByte) -> bool {
    // One load and one count, not a loop: the optimizer folds it where the
    // page is a constant before it unrolls loops.
    u128::from_le_bytes(t.vectors.three).count_ones() > 64
}

/// Bits `3k + SLOT` for `k < 16`: the slots of one plane among the 48.
#[inline]
const fn slots(slot: u32) -> u64 {
    let mut m = 0;
    let mut k = 0;
    while k < 16 {
        m |= 1 << (3 * k + slot);
        k += 1;
    }
    m
}

/// The slots of the `lead`, `mid` and `last` bytes.
const LEADS: u64 = slots(0);
const MIDS: u64 = slots(1);
const LASTS: u64 = slots(2);

/// The `vpermb` indexes that interleave the planes (`lead` in bytes 0..16,
/// `mid` in 16..32, `last` in 32..48) into `lead mid last` per input byte.
const INTERLEAVE: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut s = 0;
    while s < 48 {
        t[s] = ((s % 3) * 16 + s / 3) as u8;
        s += 1;
    }
    t
};

/// The page's high bytes `0x80..=0xFF` as four tables of 128 entries (two
/// vectors each, for `vpermi2b`): the length of each byte's UTF-8 (0 if
/// undefined), and its last three bytes right-aligned, `lead`, `mid` and
/// `last`.
///
/// Each `u32` of `utf8` holds the UTF-8 in its low bytes and the length in
/// its high one; shifted left by `8 * (3 - length)` within 24 bits, its
/// three low bytes are `lead mid last`; `vpmovdb` takes one byte of each
/// of sixteen entries at a time.
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
#[inline]
fn planes(t: &SingleByte) -> [[__m512i; 2]; 4] {
    let mut bytes = [[0u8; 128]; 4];
    let mut q = 0;
    while q < 8 {
        let at = 128 + 16 * q;
        let entries: &[u32; 16] = t.utf8[at..at + 16]
            .try_into()
            .unwrap_or_else(|_| unreachable!("16 entries"));
        // SAFETY: `entries` is 64 readable bytes.
        let v = unsafe { _mm512_loadu_si512(entries.as_ptr().cast()) };
        let len = _mm512_srli_epi32::<24>(v);
        let shift = _mm512_slli_epi32::<3>(_mm512_sub_epi32(_mm512_set1_epi32(3), len));
        let r = _mm512_sllv_epi32(_mm512_and_si512(v, _mm512_set1_epi32(0x00FF_FFFF)), shift);
        let parts = [
            len,
            r,
            _mm512_srli_epi32::<8>(r),
            _mm512_srli_epi32::<16>(r),
        ];
        let mut p = 0;
        while p < 4 {
            let out: &mut [u8; 16] = (&mut bytes[p][16 * q..16 * q + 16])
                .try_into()
                .unwrap_or_else(|_| unreachable!("16 bytes"));
            // SAFETY: `out` is 16 writable bytes; the store is unaligned.
            unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), _mm512_cvtepi32_epi8(parts[p])) };
            p += 1;
        }
        q += 1;
    }
    // SAFETY: each table is 128 readable bytes; each load reads 64 of them.
    bytes.map(|b| unsafe {
        [
            _mm512_loadu_si512(b.as_ptr().cast()),
            _mm512_loadu_si512(b.as_ptr().add(64).cast()),
        ]
    })
}

/// Decodes `b` in page `t` into `dst`: the output's length, or `None` for
/// an undefined byte or no room. Each of the first `n` bytes of `dst` is
/// written when it returns `Some(n)`.
///
/// # Safety
/// The CPU has [`crate::simd::FEATURES_512`]; the page's bytes `00..=7F`
/// are ASCII.
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
#[inline]
pub(crate) unsafe fn decode(
    t: &SingleByte,
    b: &[u8],
    dst: &mut [MaybeUninit<u8>],
) -> Option<usize> {
    let [len, lead, mid, last] = planes(t);
    // SAFETY: `INTERLEAVE` is 64 readable bytes.
    let order = unsafe { _mm512_loadu_si512(INTERLEAVE.as_ptr().cast()) };
    let three = _mm512_set1_epi8(3);
    let two = _mm512_set1_epi8(2);
    let mut i = 0;
    let mut at = 0;
    let mut ascii = true;
    // Each step reads `b[i..i + 16]` (or 64 bytes of ASCII) and stores a
    // whole vector at `dst[at..at + 64]`.
    while i + 16 <= b.len() && dst.len() - at >= 64 {
        if ascii && b.len() - i >= 64 {
            // SAFETY: features; `i + 64 <= b.len()`.
            let v = unsafe { load64(b, i) };
            if _mm512_movepi8_mask(v) == 0 {
                // SAFETY: `at + 64 <= dst.len()` (the loop condition).
                unsafe { store64(dst, at, v) };
                i += 64;
                at += 64;
                continue;
            }
        }
        // SAFETY: `i + 16 <= b.len()` (the loop condition); the load is
        // unaligned.
        let x = _mm512_zextsi128_si512(unsafe { _mm_loadu_si128(b.as_ptr().add(i).cast()) });
        let high = _mm512_movepi8_mask(x);
        ascii = high == 0;
        let look = |p: [__m512i; 2]| _mm512_permutex2var_epi8(p[0], x, p[1]);
        let n = _mm512_maskz_mov_epi8(high, look(len));
        if _mm512_mask_cmpeq_epi8_mask(high, n, _mm512_setzero_si512()) != 0 {
            return None;
        }
        let is3 = _mm512_mask_cmpeq_epi8_mask(high, n, three);
        let is2 = _mm512_mask_cmpge_epu8_mask(high, n, two);
        let planes = _mm512_inserti32x4::<2>(
            _mm512_inserti32x4::<1>(look(lead), _mm512_castsi512_si128(look(mid))),
            _mm512_castsi512_si128(_mm512_mask_blend_epi8(high, x, look(last))),
        );
        let interleaved = _mm512_permutexvar_epi8(order, planes);
        let keep = _pdep_u64(is3, LEADS) | _pdep_u64(is2, MIDS) | LASTS;
        // SAFETY: `at + 64 <= dst.len()` (the loop condition).
        unsafe { store64(dst, at, _mm512_maskz_compress_epi8(keep, interleaved)) };
        at += keep.count_ones() as usize;
        i += 16;
    }
    for &byte in &b[i..] {
        let v = t.utf8[usize::from(byte)];
        let n = (v >> 24) as usize;
        if n == 0 {
            return None;
        }
        let out = dst.get_mut(at..at + n)?;
        for (d, s) in out.iter_mut().zip(v.to_le_bytes()) {
            d.write(s);
        }
        at += n;
    }
    Some(at)
}

/// Stores `v` at `dst[at..at + 64]`.
///
/// # Safety
/// The CPU has [`crate::simd::FEATURES_512`], and `at + 64 <= dst.len()`.
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
#[inline]
unsafe fn store64(dst: &mut [MaybeUninit<u8>], at: usize, v: __m512i) {
    debug_assert!(
        at <= dst.len() && dst.len() - at >= 64,
        "store64 out of bounds"
    );
    // SAFETY: the caller guarantees `at + 64 <= dst.len()`, so the 64 bytes
    // from `dst.as_mut_ptr() + at` are within `dst`; the store is unaligned.
    unsafe { _mm512_storeu_si512(dst.as_mut_ptr().add(at).cast(), v) }
}
