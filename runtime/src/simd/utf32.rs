//! UTF-8 to UTF-32 and back (native `u32` units, LE and BE bytes), with
//! AVX2 and portable.
//!
//! UTF-32 is one unit per character, so the vector code has little to do
//! but what it does fast:
//!
//! - **Encoding** widens 32 ASCII bytes into 32 units with four
//!   `vpmovzxbd` and four 32-byte stores (a `vpshufb` swaps the bytes of
//!   each unit for big-endian output). At a block that is not all ASCII,
//!   the next kilobyte (to a character boundary) goes through the UTF-16
//!   kernel ([`super::utf8_to_utf16`]) into a buffer on the stack, whose
//!   units are widened eight at a time by `vpmovzxwd` (surrogate pairs are
//!   joined by scalar code); then the ASCII loop goes on.
//! - **Decoding** checks eight units per vector (a surrogate is `u & !0x7FF
//!   == 0xD800`; above U+10FFFF is `min(u, 0x10FFFF) != u`) and stops at
//!   the first block with an ill-formed unit, which the `const fn` then
//!   reports exactly. Eight ASCII units are narrowed by one `vpshufb` into
//!   eight bytes; any other block writes each unit's UTF-8 with one 4-byte
//!   store. Unlike the `const fn`, there is no separate length pass.
//! - **Counting** (`decoded_len`, `validate`) checks and measures eight
//!   units per vector: the UTF-8 length of a scalar value is 1, plus 1 for
//!   each of `u > 0x7F`, `u > 0x7FF`, `u > 0xFFFF`, three compares whose
//!   `-1` lanes are subtracted from an accumulator.
//!
//! What the vector loops leave (the tail, a block that does not fit the
//! output, an ill-formed block) goes to the `const` engine, which gives the
//! exact answer; so every result is the `const fn`'s.
//!
//! Without AVX2, [`portable`] encodes through the portable UTF-16 kernel
//! and decodes eight units a step.

#[cfg(not(target_arch = "x86_64"))]
use super::portable::utf32 as portable;
#[cfg(target_arch = "x86_64")]
use super::portable::utf32::{self as portable, CHUNK, piece_end};
use crate::engine::utf32::Src;

/// Encodes `text` as LE (`BE == false`) or BE bytes; `None` if `dst` is too short.
#[inline]
pub(crate) fn encode_bytes<const BE: bool>(text: &str, dst: &mut [u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if super::avx2() {
        // SAFETY: `avx2()` said that the CPU has every feature that
        // `encode_avx2` enables.
        return unsafe { encode_avx2::<BE>(text, dst) };
    }
    portable::encode_bytes::<BE>(text, dst)
}

/// Encodes `text` into native units; `None` if `dst` is too short.
#[inline]
pub(crate) fn encode_units(text: &str, dst: &mut [u32]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if super::avx2() {
        // SAFETY: the `4 * dst.len()` bytes of `dst` are initialized and
        // writable while `dst` is borrowed, and every bit pattern is a valid
        // `u32`; `u8` needs no alignment; their size is that of `dst`.
        let bytes = unsafe {
            core::slice::from_raw_parts_mut(dst.as_mut_ptr().cast::<u8>(), 4 * dst.len())
        };
        // Native units are LE on x86.
        // SAFETY: `avx2()` said that the CPU has every feature that
        // `encode_avx2` enables.
        return unsafe { encode_avx2::<false>(text, bytes) }.map(|n| n / 4);
    }
    portable::encode_units(text, dst)
}

/// The vector encoder: ASCII blocks directly, other stretches through the
/// UTF-16 kernel and a widening, the tail by the `const` engine.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
fn encode_avx2<const BE: bool>(text: &str, dst: &mut [u8]) -> Option<usize> {
    let b = text.as_bytes();
    let (mut i, mut at) = (0, 0);
    loop {
        // SAFETY: this function's `target_feature` holds the features that
        // `encode` enables, its one precondition but the next; `b[i..]`
        // starts on a character boundary, so it is valid UTF-8.
        let (di, dat) = unsafe { avx2::encode::<BE>(b.get(i..)?, dst.get_mut(at..)?) };
        i += di;
        at += dat;
        if b.len() - i < 32 || dst.len() - at < 128 {
            break;
        }
        let end = piece_end(text, i);
        let mut units = [0u16; CHUNK];
        // Never `None`: a text has no more UTF-16 units than bytes.
        let n = super::utf8_to_utf16::encode_units(text.get(i..end)?, &mut units)?;
        at = widen::<BE>(units.get(..n)?, dst, at)?;
        i = end;
    }
    let n = crate::engine::utf32::encode_into(text.get(i..)?, dst.get_mut(at..)?, BE).ok()?;
    Some(at + n)
}

/// Widens well-formed UTF-16 `units` (no pair cut at either end) into
/// UTF-32 at `dst[at..]`: eight a vector while they hold no surrogate;
/// `None` if `dst` is too short.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
fn widen<const BE: bool>(units: &[u16], dst: &mut [u8], mut at: usize) -> Option<usize> {
    let mut k = 0;
    while k < units.len() {
        if k + 8 <= units.len() && at + 32 <= dst.len() {
            // SAFETY: features (this function's `target_feature`); `k + 8 <=
            // units.len()` and `at + 32 <= dst.len()` (checked above).
            if unsafe { avx2::widen_units8::<BE>(units, k, dst, at) } {
                k += 8;
                at += 32;
                continue;
            }
        }
        let (cp, taken) = portable::char_at(units, k)?;
        k += taken;
        let unit = if BE {
            cp.to_be_bytes()
        } else {
            cp.to_le_bytes()
        };
        dst.get_mut(at..at + 4)?.copy_from_slice(&unit);
        at += 4;
    }
    Some(at)
}

/// Decodes native units; `None` if ill-formed or `dst` too short.
#[inline]
pub(crate) fn decode_units(units: &[u32], dst: &mut [u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if super::avx2() {
        // SAFETY: the `4 * units.len()` bytes of `units` are initialized and
        // readable while `units` is borrowed, and `u8` needs no alignment.
        let bytes =
            unsafe { core::slice::from_raw_parts(units.as_ptr().cast::<u8>(), 4 * units.len()) };
        // SAFETY: as in `encode_bytes`. (Native units are LE on x86.)
        let (i, at) = unsafe { avx2::decode::<false>(bytes, dst) };
        return finish(Src::Units(units.get(i..)?), dst, at);
    }
    portable::decode(units, |u| u, Src::Units, dst)
}

/// Decodes LE (`BE == false`) or BE bytes; `None` if ill-formed or `dst`
/// too short.
#[inline]
pub(crate) fn decode_bytes<const BE: bool>(bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if super::avx2() {
        // SAFETY: as in `encode_bytes`.
        let (i, at) = unsafe { avx2::decode::<BE>(bytes, dst) };
        let rest = bytes.get(4 * i..)?;
        return finish(if BE { Src::Be(rest) } else { Src::Le(rest) }, dst, at);
    }
    let (units, odd) = bytes.as_chunks::<4>();
    if !odd.is_empty() {
        return None;
    }
    portable::decode(units, from_bytes::<BE>, src_of::<BE>, dst)
}

/// Units of four bytes as the `const` engine reads them.
#[inline]
fn src_of<const BE: bool>(units: &[[u8; 4]]) -> Src<'_> {
    if BE {
        Src::Be(units.as_flattened())
    } else {
        Src::Le(units.as_flattened())
    }
}

/// The unit of four bytes in the order `BE` says.
#[inline]
fn from_bytes<const BE: bool>(b: [u8; 4]) -> u32 {
    if BE {
        u32::from_be_bytes(b)
    } else {
        u32::from_le_bytes(b)
    }
}

/// The UTF-8 length of LE or BE bytes, if they are well formed; `None`
/// otherwise.
#[inline]
pub(crate) fn decoded_len<const BE: bool>(bytes: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if super::avx2() {
        // SAFETY: as in `encode_bytes`.
        let (i, len) = unsafe { avx2::count::<BE>(bytes) };
        let rest = bytes.get(4 * i..)?;
        let src = if BE { Src::Be(rest) } else { Src::Le(rest) };
        return Some(len + crate::engine::utf32::decoded_len(src).ok()?);
    }
    let src = if BE { Src::Be(bytes) } else { Src::Le(bytes) };
    crate::engine::utf32::decoded_len(src).ok()
}

/// [`decoded_len`] of native units.
#[inline]
pub(crate) fn decoded_units_len(units: &[u32]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if super::avx2() {
        // SAFETY: as in `decode_units`.
        let bytes =
            unsafe { core::slice::from_raw_parts(units.as_ptr().cast::<u8>(), 4 * units.len()) };
        // SAFETY: as in `encode_bytes`.
        let (i, len) = unsafe { avx2::count::<false>(bytes) };
        return Some(len + crate::engine::utf32::decoded_len(Src::Units(units.get(i..)?)).ok()?);
    }
    crate::engine::utf32::decoded_len(Src::Units(units)).ok()
}

/// The rest after the vector loop, by the `const` engine, into `dst[at..]`.
#[cfg(target_arch = "x86_64")]
#[inline]
fn finish(rest: Src<'_>, dst: &mut [u8], at: usize) -> Option<usize> {
    let n = crate::engine::utf32::decode_into(rest, dst.get_mut(at..)?).ok()?;
    Some(at + n)
}

#[cfg(target_arch = "x86_64")]
// The codec's short names: `b` input, `i` input cursor, `at` output
// cursor, `k` lane, `v`/`w` vectors.
#[allow(clippy::many_single_char_names)]
mod avx2 {
    use core::arch::x86_64::{
        __m128i, __m256i, _mm_and_si128, _mm_cmpeq_epi16, _mm_loadl_epi64, _mm_loadu_si128,
        _mm_set1_epi16, _mm_testz_si128, _mm256_add_epi32, _mm256_and_si256, _mm256_cmpeq_epi32,
        _mm256_cmpgt_epi32, _mm256_cvtepu8_epi32, _mm256_cvtepu16_epi32, _mm256_extract_epi32,
        _mm256_loadu_si256, _mm256_min_epu32, _mm256_movemask_epi8, _mm256_or_si256,
        _mm256_set1_epi32, _mm256_setr_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8,
        _mm256_storeu_si256, _mm256_sub_epi32, _mm256_testz_si256,
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
            3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12, 3, 2, 1, 0, 7, 6, 5, 4, 11, 10,
            9, 8, 15, 14, 13, 12,
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
    pub(super) unsafe fn encode<const BE: bool>(b: &[u8], dst: &mut [u8]) -> (usize, usize) {
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
    pub(super) unsafe fn widen_units8<const BE: bool>(
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
    pub(super) unsafe fn decode<const BE: bool>(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
        // The low byte of each unit, gathered into the low four bytes of
        // each 128-bit half.
        let narrow = _mm256_setr_epi8(
            0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 4, 8, 12, -1, -1, -1,
            -1, -1, -1, -1, -1, -1, -1, -1, -1,
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
                (0xE0 | (u >> 12))
                    | ((0x80 | ((u >> 6) & 0x3F)) << 8)
                    | ((0x80 | (u & 0x3F)) << 16),
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
    pub(super) unsafe fn count<const BE: bool>(src: &[u8]) -> (usize, usize) {
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
}

#[cfg(test)]
mod tests {
    use super::{
        decode_bytes, decode_units, decoded_len, decoded_units_len, encode_bytes, encode_units,
    };
    use crate::engine::utf32::Src;
    use crate::simd::test_support::{Rng, assert_avx2, each_level};
    use std::string::{String, ToString};
    use std::vec;
    use std::vec::Vec;

    fn bytes(units: &[u32], be: bool) -> Vec<u8> {
        units
            .iter()
            .flat_map(|u| if be { u.to_be_bytes() } else { u.to_le_bytes() })
            .collect()
    }

    /// [`check_level`] at every kernel level the CPU has (portable, AVX2).
    fn check(text: &str, units: &[u32]) {
        each_level(|_| check_level(text, units));
    }

    /// Every kernel on `text` and on `units` (which may be ill formed),
    /// against the `const` engine, into every output length around the
    /// exact one and the worst case.
    fn check_level(text: &str, units: &[u32]) {
        let good: Vec<u32> = text.chars().map(u32::from).collect();
        let exact = 4 * good.len();
        for len in (exact.saturating_sub(9)..=exact + 9).chain([4 * text.len()]) {
            for be in [false, true] {
                let mut got = vec![0u8; len];
                let mut want = vec![0u8; len];
                let g = if be {
                    encode_bytes::<true>(text, &mut got)
                } else {
                    encode_bytes::<false>(text, &mut got)
                };
                let w = crate::engine::utf32::encode_into(text, &mut want, be).ok();
                assert_eq!(g, w, "encode be={be} into {len}: {text:?}");
                if let Some(n) = g {
                    assert_eq!(got[..n], want[..n]);
                }
            }
            let mut got = vec![0u32; len / 4];
            let g = encode_units(text, &mut got);
            let w = crate::engine::utf32::encode_units_into(text, &mut vec![0u32; len / 4]).ok();
            assert_eq!(g, w, "encode units into {}", len / 4);
            if let Some(n) = g {
                assert_eq!(got[..n], good[..]);
            }
        }
        let out_len = 4 * units.len();
        for len in (0..=out_len.min(12)).chain(out_len.saturating_sub(12)..=out_len + 4) {
            for be in [false, true] {
                let b = bytes(units, be);
                let src = if be { Src::Be(&b) } else { Src::Le(&b) };
                let mut got = vec![0u8; len];
                let mut want = vec![0u8; len];
                let g = if be {
                    decode_bytes::<true>(&b, &mut got)
                } else {
                    decode_bytes::<false>(&b, &mut got)
                };
                let w = crate::engine::utf32::decode_into(src, &mut want).ok();
                assert_eq!(g, w, "decode be={be} into {len}: {units:X?}");
                if let Some(n) = g {
                    assert_eq!(got[..n], want[..n]);
                }
                let l = if be {
                    decoded_len::<true>(&b)
                } else {
                    decoded_len::<false>(&b)
                };
                assert_eq!(l, crate::engine::utf32::decoded_len(src).ok());
            }
            let mut got = vec![0u8; len];
            let mut want = vec![0u8; len];
            let g = decode_units(units, &mut got);
            let w = crate::engine::utf32::decode_into(Src::Units(units), &mut want).ok();
            assert_eq!(g, w, "decode units into {len}");
            if let Some(n) = g {
                assert_eq!(got[..n], want[..n]);
            }
            assert_eq!(
                decoded_units_len(units),
                crate::engine::utf32::decoded_len(Src::Units(units)).ok()
            );
        }
    }

    #[test]
    fn simd_utf32_every_offset() {
        assert_avx2();
        let specials = ['é', 'Ж', '€', '世', '😀', '\u{10FFFF}', '\u{7F}', '\0'];
        for pad in 0..80 {
            for &ch in &specials {
                let text: String = "a".repeat(pad) + &ch.to_string() + &"b".repeat(40);
                let units: Vec<u32> = text.chars().map(u32::from).collect();
                check(&text, &units);
                // The same units with one ill-formed unit where the
                // character was, and a value above U+10FFFF.
                for bad in [0xD800, 0xDFFF, 0x11_0000, 0xFFFF_FFFF] {
                    let mut broken = units.clone();
                    broken[pad] = bad;
                    check(&text, &broken);
                }
            }
        }
    }

    /// Long non-ASCII stretches: several kilobyte chunks through UTF-16,
    /// with pairs and 4-byte characters at every chunk boundary.
    #[test]
    fn simd_utf32_long_stretches() {
        assert_avx2();
        let mut rng = Rng(0x3232_0002);
        let pool = ['é', 'Ж', '€', '世', '😀', 'a', ' ', '\u{10FFFF}'];
        for pad in 0..40 {
            let mut text = "a".repeat(pad);
            for _ in 0..1500 {
                text.push(pool[rng.index(pool.len())]);
            }
            text.push_str(&"z".repeat(pad));
            let units: Vec<u32> = text.chars().map(u32::from).collect();
            check(&text, &units);
        }
    }

    /// Texts longer than a piece of the portable encoder (1 KB) with no
    /// supplementary character where it samples the text, so that they go
    /// through UTF-16 piece by piece: of 2- and 3-byte characters and
    /// ASCII, and the same with one supplementary character at each place
    /// around the pieces' ends (its surrogate pair widened back); and the
    /// same units decoded with an ill-formed unit among them.
    #[test]
    fn simd_utf32_pieces() {
        assert_avx2();
        let mut rng = Rng(0x3232_0003);
        let pool = ['é', 'Ж', '€', '世', 'a', ' ', '\u{FFFF}', '\u{E000}'];
        for len in [300, 341, 1000, 1400] {
            let mut text = String::new();
            for _ in 0..len {
                text.push(pool[rng.index(pool.len())]);
            }
            let units: Vec<u32> = text.chars().map(u32::from).collect();
            check(&text, &units);
            let mut broken = units.clone();
            let at = rng.index(units.len());
            broken[at] = [0xD800, 0x11_0000][rng.index(2)];
            check(&text, &broken);
            // A supplementary character near each 1 KB boundary.
            for byte in [1000, 1020, 1023, 1024, 1025, 2040, 2048] {
                let Some(at) = (byte..text.len()).find(|&b| text.is_char_boundary(b)) else {
                    continue;
                };
                let mut t = text.clone();
                t.insert(at, '😀');
                let u: Vec<u32> = t.chars().map(u32::from).collect();
                check(&t, &u);
            }
        }
    }

    /// Text that the portable encoder takes a character at a time: short
    /// words of Hangul between ASCII, and emoji among other characters,
    /// longer than a piece, at every output length around the exact one.
    #[test]
    fn simd_utf32_by_chars() {
        assert_avx2();
        for (word, n) in [
            ("한국어 ", 300),
            ("가 ", 500),
            ("😀é ", 400),
            ("ab😀 ", 300),
        ] {
            for pad in 0..3 {
                let text = "x".repeat(pad) + &word.repeat(n);
                let units: Vec<u32> = text.chars().map(u32::from).collect();
                check(&text, &units);
            }
        }
    }

    #[test]
    fn simd_utf32_random() {
        assert_avx2();
        let mut rng = Rng(0x3232_0001);
        let pool = ['a', ' ', 'é', 'Ж', '€', '世', '😀', '\u{FFFF}', '\u{10000}'];
        for _ in 0..400 {
            let len = rng.index(300);
            let ascii = rng.index(4) == 0;
            let text: String = (0..len)
                .map(|_| {
                    if ascii {
                        'x'
                    } else {
                        pool[rng.index(pool.len())]
                    }
                })
                .collect();
            let mut units: Vec<u32> = text.chars().map(u32::from).collect();
            if !units.is_empty() && rng.index(3) == 0 {
                let at = rng.index(units.len());
                units[at] = [0xDC00, 0x11_0000, 0x8000_0041][rng.index(3)];
            }
            check(&text, &units);
        }
    }
}
