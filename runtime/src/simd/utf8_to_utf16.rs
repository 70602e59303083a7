//! UTF-8 to native UTF-16 units, and the count of those units, with AVX2.
//!
//! # Encoding: one unit per byte position, then compaction
//!
//! The input is a `&str`, so it is valid UTF-8 and nothing is checked. The
//! vector loop does not decode characters; it computes, for every byte
//! position `j` of a 32-byte block, the UTF-16 unit that a character
//! *ending* at `j` would give, from the bytes `j`, `j - 1` and `j - 2`, and
//! then keeps the units of the positions where a character does end. One
//! formula covers the 1-, 2- and 3-byte characters, in 8-bit lanes, which
//! is what makes the loop branch-free on text that mixes scripts:
//!
//! - the low byte of the unit is byte `j` itself if it is ASCII, else the
//!   six payload bits of `j` under the two low bits of `j - 1`;
//! - the high byte is 0 for ASCII, else bits 2..=5 of `j - 1` (for a 2-byte
//!   lead `110xxxxx` bit 5 is 0, so one mask `0x0F` serves the lead and the
//!   continuation byte alike) under the low nibble of `j - 2` when `j - 1`
//!   is a continuation byte (then `j - 2` is a 3-byte lead).
//!
//! Interleaving the low and the high bytes gives 32 candidate units. A
//! character ends at `j` exactly when byte `j + 1` is not a continuation
//! byte, so one compare of the block loaded one byte further gives the
//! 32-bit mask of units to keep. Characters are not kept whole within a
//! block: a character that starts in one block and ends in the next is
//! emitted by the next, whose loads at `j - 1` and `j - 2` reach back into
//! the previous one. So a block never has to look for its last character
//! boundary, and the loop advances by exactly 32 bytes.
//!
//! **4-byte characters** give two units, a high and a low surrogate. The
//! high one is emitted at the third byte of the sequence and the low one at
//! the fourth, where the formula above has already computed, for the third
//! byte, `(lead & 7) << 12 | (byte2 & 0x3F) << 6 | (byte3 & 0x3F)`, whose
//! top 12 bits shifted down are `cp >> 10`, so the high surrogate is that
//! plus `0xD800 - 0x40`; and, for the fourth byte, a value whose low ten
//! bits are `cp & 0x3FF`, so the low surrogate is those bits under
//! `0xDC00`. The positions are known from the 4-byte leads two and three
//! bytes back; both fix-ups run only in blocks that have such leads.
//!
//! **Compaction.** AVX2 has no compress instruction, so the 32 candidates
//! are packed in four groups of eight 16-bit lanes, each by one byte
//! shuffle (`vpshufb`) whose control is looked up in [`COMPACT`] by the
//! group's 8-bit keep mask, and stored whole (16 bytes); the cursor then
//! advances by the popcount of the mask, so the next store overwrites the
//! lanes that were not kept. The idea of computing per-position candidates
//! and compacting them through a shuffle table indexed by a mask of
//! character ends is that of Lemire and Keiser, *Transcoding billions of
//! Unicode characters per second with SIMD instructions* (2022), which
//! looks up 12-bit end masks over 12-byte windows; this kernel uses
//! fixed 32-byte blocks and the end-of-character positions instead.
//!
//! **ASCII** blocks (no high bit in 32 bytes) are widened by two
//! `vpmovzxbw` and stored, then 64 bytes a step while ASCII lasts: the
//! common case of English text, where the speed is that of the stores.
//!
//! **Runs of 3-byte characters** (Chinese, Japanese) go faster than one
//! unit per three candidates: a block whose continuation bytes follow the
//! pattern `0, 1, 1` hands over to [`run3`], which converts 16 characters
//! (48 bytes) a step by fixed shuffles, with no table, while the next 49
//! bytes keep that pattern.
//!
//! **The edges.** The hot loop needs three bytes before the block and one
//! after it, and room for 32 units. The first block takes zeros for the
//! bytes before the text (a zero byte is ASCII: it continues no character),
//! shifted in with `vpalignr`. The last, with fewer than 33 bytes left, is
//! the block of the text's last 32 bytes, loaded in bounds, with the
//! positions already done masked out and the end of the text ending the
//! last character. A block that meets the end of the output writes to a
//! buffer whose units are copied out if they fit. Only texts of fewer
//! than 35 bytes copy their bytes into a zero-padded buffer first. So no
//! character is ever converted by a second, scalar, path, and a text of
//! any length takes the vector code.
//!
//! # Counting
//!
//! A UTF-16 unit starts at every byte that is not a continuation byte, and
//! a second one at every 4-byte lead. Two compares per 32 bytes give
//! both as `-1` lanes, which are subtracted from a byte-lane accumulator,
//! summed with `vpsadbw` before a lane can overflow.

#[cfg(target_arch = "x86_64")]
use super::utf8::{CONT3, PHASE};
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::{
    __m128i, __m256i, _mm_loadu_si128, _mm_storeu_si128, _mm256_add_epi8, _mm256_add_epi16,
    _mm256_add_epi64, _mm256_alignr_epi8, _mm256_and_si256, _mm256_blendv_epi8,
    _mm256_castsi128_si256, _mm256_castsi256_si128, _mm256_cmpgt_epi8, _mm256_cvtepu8_epi16,
    _mm256_extract_epi64, _mm256_extracti128_si256, _mm256_inserti128_si256, _mm256_loadu_si256,
    _mm256_madd_epi16, _mm256_maddubs_epi16, _mm256_max_epu8, _mm256_movemask_epi8,
    _mm256_or_si256, _mm256_packus_epi32, _mm256_permute2x128_si256, _mm256_sad_epu8,
    _mm256_set1_epi8, _mm256_set1_epi16, _mm256_set1_epi32, _mm256_setr_epi8, _mm256_setzero_si256,
    _mm256_shuffle_epi8, _mm256_slli_epi16, _mm256_srli_epi16, _mm256_storeu_si256,
    _mm256_sub_epi8, _mm256_testz_si256, _mm256_unpackhi_epi8, _mm256_unpacklo_epi8,
};

/// Encodes `text` into native units; `None` if `dst` is too short.
#[inline]
pub(crate) fn encode_units(text: &str, dst: &mut [u16]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if crate::simd::avx512() {
        // SAFETY: `avx512()` said that the CPU has every feature the kernel
        // enables.
        return unsafe { crate::simd::avx512::utf8_to_utf16::encode_units(text, dst) };
    }
    #[cfg(target_arch = "x86_64")]
    if crate::simd::avx2() {
        // SAFETY: `avx2()` said that the CPU has every feature the kernel
        // enables.
        return unsafe { encode_avx2(text, dst) };
    }
    crate::simd::portable::utf16::encode_units(text, dst)
}

/// The number of UTF-16 units of `text`.
#[inline]
pub(crate) fn units_len(text: &str) -> usize {
    #[cfg(target_arch = "x86_64")]
    if crate::simd::avx2() {
        // SAFETY: `avx2()` said that the CPU has every feature the kernel
        // enables, its only precondition.
        return unsafe { units_len_avx2(text.as_bytes()) };
    }
    crate::simd::portable::utf16::units_len(text.as_bytes())
}

/// The `vpshufb` controls of the compaction, 16 bytes each and aligned to
/// 16 so that none straddles a cache line.
#[cfg(target_arch = "x86_64")]
#[repr(C, align(16))]
struct Compact([[u8; 16]; 256]);

/// `COMPACT.0[m]`, for an 8-bit mask `m` of the 16-bit lanes of a 128-bit
/// register to keep, is the byte shuffle that moves those lanes, in order,
/// to the front (lane `p` is bytes `2p` and `2p + 1`); the bytes after them
/// are zeroed (index `0x80`), though nothing reads them. Computed at compile
/// time by [`compact_table`]: 4 KiB.
#[cfg(target_arch = "x86_64")]
static COMPACT: Compact = Compact(compact_table());

/// Builds [`COMPACT`]: for each mask, the set bits from the lowest up.
#[cfg(target_arch = "x86_64")]
#[inline]
const fn compact_table() -> [[u8; 16]; 256] {
    let mut t = [[0x80u8; 16]; 256];
    let mut m = 0usize;
    while m < 256 {
        let mut k = 0usize;
        let mut p = 0usize;
        while p < 8 {
            if (m >> p) & 1 == 1 {
                t[m][2 * k] = 2 * p as u8;
                t[m][2 * k + 1] = 2 * p as u8 + 1;
                k += 1;
            }
            p += 1;
        }
        m += 1;
    }
    t
}

// `unsafe` here: `encode_avx2`, `units_len_avx2` and the helpers below are
// `#[target_feature]` functions; those that are `unsafe fn` state what they
// need in a `# Safety` section, and a call from a kernel that enables the
// same features needs nothing more for the CPU ("features" in the
// `SAFETY:` comments). The other unsafe operations are the unaligned loads
// and stores of the helpers, each within the bounds that the helper's
// caller checks; `debug_assert!`s recheck them in debug builds.

/// An unaligned load of `b[i..i + 32]`.
///
/// # Safety
/// The CPU must have AVX2, and `i + 32 <= b.len()`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
#[allow(clippy::cast_ptr_alignment, reason = "an unaligned load")]
unsafe fn load32(b: &[u8], i: usize) -> __m256i {
    debug_assert!(i <= b.len() && b.len() - i >= 32, "load32 out of bounds");
    // SAFETY: the caller guarantees `i + 32 <= b.len()`, so the offset and
    // the 32 bytes read from it are within `b`; `loadu` needs no alignment.
    unsafe { _mm256_loadu_si256(b.as_ptr().add(i).cast::<__m256i>()) }
}

/// An unaligned load of `b[i..i + 16]`.
///
/// # Safety
/// The CPU must have AVX2 (SSE2 is not part of every `x86_64` target:
/// `x86_64-unknown-none` turns it off), and `i + 16 <= b.len()`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
#[allow(clippy::cast_ptr_alignment, reason = "an unaligned load")]
unsafe fn load16(b: &[u8], i: usize) -> __m128i {
    debug_assert!(i <= b.len() && b.len() - i >= 16, "load16 out of bounds");
    // SAFETY: the caller guarantees `i + 16 <= b.len()`, so the offset and
    // the 16 bytes read from it are within `b`; `loadu` needs no alignment,
    // and its SSE2 comes with this function's AVX2.
    unsafe { _mm_loadu_si128(b.as_ptr().add(i).cast::<__m128i>()) }
}

/// A row of [`COMPACT`] as a vector (with AVX2, so only from the AVX2
/// kernels or after a check of the CPU).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
#[allow(clippy::cast_ptr_alignment, reason = "an unaligned load")]
fn load_row(row: &[u8; 16]) -> __m128i {
    // SAFETY: `row` is a reference to 16 readable bytes, all that the load
    // reads; `loadu` needs no alignment, and its SSE2 comes with this
    // function's AVX2.
    unsafe { _mm_loadu_si128(row.as_ptr().cast::<__m128i>()) }
}

/// An unaligned store of 16 units at `dst[at..at + 16]`.
///
/// # Safety
/// The CPU must have AVX2, and `at + 16 <= dst.len()`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
#[allow(clippy::cast_ptr_alignment, reason = "an unaligned store")]
unsafe fn store16(dst: &mut [u16], at: usize, v: __m256i) {
    debug_assert!(
        at <= dst.len() && dst.len() - at >= 16,
        "store16 out of bounds"
    );
    // SAFETY: the caller guarantees `at + 16 <= dst.len()`, so the offset and
    // the 16 units written from it are within `dst`; `storeu` needs no
    // alignment.
    unsafe { _mm256_storeu_si256(dst.as_mut_ptr().add(at).cast::<__m256i>(), v) }
}

/// An unaligned store of 8 units at `dst[at..at + 8]`.
///
/// # Safety
/// The CPU must have AVX2 (for the SSE2 of the store), and `at + 8 <=
/// dst.len()`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
#[allow(clippy::cast_ptr_alignment, reason = "an unaligned store")]
unsafe fn store8(dst: &mut [u16], at: usize, v: __m128i) {
    debug_assert!(
        at <= dst.len() && dst.len() - at >= 8,
        "store8 out of bounds"
    );
    // SAFETY: the caller guarantees `at + 8 <= dst.len()`, so the offset and
    // the 8 units written from it are within `dst`; `storeu` needs no
    // alignment, and its SSE2 comes with this function's AVX2.
    unsafe { _mm_storeu_si128(dst.as_mut_ptr().add(at).cast::<__m128i>(), v) }
}

/// The vector loop of [`encode_units`]; see the module docs.
///
/// Every step converts the characters that end in the bytes it covers
/// (`b[i..i + 32]`, or more in the ASCII and 3-byte loops) and advances `i`
/// past them, whatever the characters that cross its edges: so when the
/// loop ends at `i == len`, every character has been converted once.
///
/// # Safety
/// The CPU must have AVX2, BMI1, BMI2, POPCNT and LZCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    reason = "byte and lane constants are given as the unsigned values they stand for"
)]
#[allow(
    clippy::many_single_char_names,
    reason = "the cursors and vectors of the module docs"
)]
#[inline]
unsafe fn encode_avx2(text: &str, dst: &mut [u16]) -> Option<usize> {
    let b = text.as_bytes();
    let len = b.len();
    let cap = dst.len();
    let mut i = 0;
    // The output cursor. `at <= cap` throughout: every step writes its
    // units within `dst` (the stores check their room) and moves `at` to
    // the end of them.
    let mut at = 0;

    // The first block, with the bytes before the text shifted in as zeros.
    if len >= 33 {
        // SAFETY: features; `len >= 33`: `b[0..32]` is in bounds.
        let v = unsafe { load32(b, 0) };
        if _mm256_movemask_epi8(v) == 0 && cap >= 32 {
            // SAFETY: features; `cap >= 32`: `dst[0..32]` is in bounds.
            unsafe { widen32(v, dst, 0) };
            at = 32;
        } else {
            // SAFETY: features; `len >= 33`: `b[1..33]` is in bounds.
            let next = unsafe { load32(b, 1) };
            // SAFETY: features; the cursor, 0, is within `dst`.
            at = unsafe { emit(Window::first(v), cont_mask(next), u32::MAX, dst, 0) }?;
        }
        i = 32;
    }

    loop {
        // The hot loop: a block reads `b[i - 3 .. i + 33]` and writes at
        // most 32 units at `dst[at..]`, in bounds as `i >= 3`,
        // `i + 33 <= len` and `at + 32 <= cap` on entry to each step; the
        // ASCII and 3-byte loops check their own bounds.
        while i >= 3 && i + 33 <= len && at + 32 <= cap {
            // SAFETY: features; `i + 33 <= len`: `b[i..i + 32]`.
            let v = unsafe { load32(b, i) };
            if _mm256_movemask_epi8(v) == 0 {
                // 32 ASCII bytes: each is its unit.
                // SAFETY: features; `at + 32 <= cap`: `dst[at..at + 32]`.
                unsafe { widen32(v, dst, at) };
                i += 32;
                at += 32;
                // More ASCII is likely: 64 bytes a step while it lasts, with
                // one test for both halves and the widening loads folded
                // into `vpmovzxbw`.
                while i + 64 <= len && at + 64 <= cap {
                    // SAFETY: features; `i + 64 <= len`: `b[i..i + 64]`.
                    let (x, y) = unsafe { (load32(b, i), load32(b, i + 32)) };
                    if _mm256_movemask_epi8(_mm256_or_si256(x, y)) != 0 {
                        break;
                    }
                    for k in 0..4 {
                        // SAFETY: features; `k < 4`, `i + 64 <= len` and
                        // `at + 64 <= cap`: the load reads
                        // `b[i + 16k .. i + 16k + 16]` and the store writes
                        // `dst[at + 16k .. at + 16k + 16]`.
                        unsafe {
                            let w = _mm256_cvtepu8_epi16(load16(b, i + 16 * k));
                            store16(dst, at + 16 * k, w);
                        }
                    }
                    i += 64;
                    at += 64;
                }
                continue;
            }
            // A block of 3-byte characters only (Chinese, Japanese) shows
            // the continuation pattern `0, 1, 1` repeated, in one of three
            // phases, which its first two bits tell. Then try the 3-byte
            // loop from the start of the character that holds byte `i`
            // (`d` bytes back: those units are not written yet, as only a
            // character's last byte, or the third of a 4-byte one, writes).
            // It checks what it converts itself; when it makes no progress
            // this block goes the general way.
            let cm = cont_mask(v);
            let d = (PHASE >> (2 * (cm & 3))) & 3;
            if cm == (CONT3 >> d) as u32 {
                let s = i - d as usize;
                // SAFETY: features; `s <= i <= len` and `at <= cap`.
                let (s2, at2) = unsafe { run3(b, s, dst, at) };
                if s2 != s {
                    i = s2;
                    at = at2;
                    continue;
                }
            }
            // SAFETY: features; `i >= 3` and `i + 33 <= len`:
            // `b[i - 3 .. i + 29]` and `b[i + 1 .. i + 33]`.
            let (p1, p2, p3, next) = unsafe {
                (
                    load32(b, i - 1),
                    load32(b, i - 2),
                    load32(b, i - 3),
                    load32(b, i + 1),
                )
            };
            let w = Window { v, p1, p2, p3 };
            // SAFETY: features; `at + 32 <= cap`: `dst[at..at + 32]`.
            at += unsafe { block(w, cont_mask(next), u32::MAX, dst, at) };
            i += 32;
        }
        if i >= len {
            return Some(at);
        }
        let rest = len - i;
        if rest >= 33 {
            // Fewer than 32 units of room: the same block, through `emit`'s
            // buffer.
            // SAFETY: features; `i >= 3` (the first block is done, as
            // `len >= 33`, so `i >= 32`) and `i + 33 <= len`:
            // `b[i - 3 .. i + 32]` and `b[i + 1 .. i + 33]`.
            let (w, next) = unsafe { (Window::load(b, i), load32(b, i + 1)) };
            // SAFETY: features; `at <= cap`.
            at = unsafe { emit(w, cont_mask(next), u32::MAX, dst, at) }?;
            i += 32;
            continue;
        }
        if len >= 35 {
            // The last 1..=32 bytes: the block of the last 32 bytes of the
            // text, whose positions before `i` are done and masked out. The
            // byte after the text ends the last character: shifting the
            // block's own continuation bits down brings in a 0 for it.
            // SAFETY: features; `len >= 35`: `len - 32 >= 3`, and the loads
            // read `b[len - 35 .. len]`.
            let w = unsafe { Window::load(b, len - 32) };
            let done = 32 - rest;
            // All ASCII, the bytes before `i` too: they are the last `done`
            // units written (each of those bytes wrote one, so `at >= done`
            // always; the test only keeps the store's bound local), which
            // the widened block writes again, unchanged.
            if _mm256_movemask_epi8(w.v) == 0 && at >= done && at + rest <= cap {
                // SAFETY: features; `at >= done` and
                // `at - done + 32 == at + rest <= cap`:
                // `dst[at - done .. at + rest]`.
                unsafe { widen32(w.v, dst, at - done) };
                return Some(at + rest);
            }
            // SAFETY: features; `at <= cap`.
            return unsafe { emit(w, cont_mask(w.v) >> 1, u32::MAX << done, dst, at) };
        }

        // Texts of fewer than 35 bytes: the block's bytes, with the three
        // before it (zeros before the text) and the one after (a zero
        // after the text, which ends the last character), are copied to a
        // buffer, and the block runs there, with the positions past the
        // text masked out.
        let n = if rest < 32 { rest } else { 32 };
        let before = if i < 3 { i } else { 3 };
        let after = if rest > 32 { 33 } else { rest };
        let mut buf = [0u8; 3 + 33];
        buf[3 - before..3 + after].copy_from_slice(&b[i - before..i + after]);
        let limit = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        // SAFETY: features; `buf` has 36 bytes: the window at 3 reads
        // `buf[0..35]`, the next bytes `buf[4..36]`.
        let (w, next) = unsafe { (Window::load(&buf, 3), load32(&buf, 4)) };
        // SAFETY: features; `at <= cap`.
        at = unsafe { emit(w, cont_mask(next), limit, dst, at) }?;
        i += n;
    }
}

/// The four vectors a block reads: bytes `j`, `j - 1`, `j - 2`, `j - 3`
/// for the 32 positions `j` of the block.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct Window {
    v: __m256i,
    p1: __m256i,
    p2: __m256i,
    p3: __m256i,
}

#[cfg(target_arch = "x86_64")]
impl Window {
    /// The window of the block at `b[i..i + 32]`.
    ///
    /// # Safety
    /// The CPU must have AVX2; `i >= 3` and `i + 32 <= b.len()`.
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn load(b: &[u8], i: usize) -> Self {
        debug_assert!(i >= 3, "Window::load before the start");
        // SAFETY: features; the caller guarantees `b[i - 3 .. i + 32]`,
        // which holds each of the four 32-byte ranges.
        unsafe {
            Window {
                v: load32(b, i),
                p1: load32(b, i - 1),
                p2: load32(b, i - 2),
                p3: load32(b, i - 3),
            }
        }
    }

    /// The window of the first block of a text, `v` its first 32 bytes:
    /// the bytes before the text are taken as zeros (ASCII, which neither
    /// continues nor starts a character that matters), shifted in with
    /// `vpalignr` across the two halves.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn first(v: __m256i) -> Self {
        // `[0, low half of v]`: what `vpalignr` shifts in below each half.
        let below = _mm256_permute2x128_si256::<0x08>(v, v);
        Window {
            v,
            p1: _mm256_alignr_epi8::<15>(v, below),
            p2: _mm256_alignr_epi8::<14>(v, below),
            p3: _mm256_alignr_epi8::<13>(v, below),
        }
    }
}

/// Widens 32 ASCII bytes to 32 units at `dst[at..at + 32]`.
///
/// # Safety
/// The CPU must have AVX2, and `at + 32 <= dst.len()`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn widen32(v: __m256i, dst: &mut [u16], at: usize) {
    let lo = _mm256_cvtepu8_epi16(_mm256_castsi256_si128(v));
    let hi = _mm256_cvtepu8_epi16(_mm256_extracti128_si256::<1>(v));
    // SAFETY: features; the caller guarantees `dst[at..at + 32]`, whose
    // halves these two stores write.
    unsafe {
        store16(dst, at, lo);
        store16(dst, at + 16, hi);
    }
}

/// The continuation bytes among 32 bytes, as a bit mask.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
#[allow(
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    reason = "a byte constant and a bit mask"
)]
fn cont_mask(x: __m256i) -> u32 {
    // 0x80..=0xBF are, as `i8`, the values below -64 (0xC0).
    _mm256_movemask_epi8(_mm256_cmpgt_epi8(_mm256_set1_epi8(0xC0u8 as i8), x)) as u32
}

/// Writes the units of the block `w` at `dst[at..]` if they fit (directly
/// when 32 units of room are left, else through a buffer); returns the new
/// cursor, or `None` if they do not fit.
///
/// # Safety
/// The CPU must have AVX2, BMI1, BMI2, POPCNT and LZCNT; `at <= dst.len()`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
unsafe fn emit(w: Window, cont_next: u32, limit: u32, dst: &mut [u16], at: usize) -> Option<usize> {
    if at + 32 <= dst.len() {
        // SAFETY: features; `at + 32 <= dst.len()` (no overflow, as
        // `at <= dst.len()`): the 32 units of room that `block` needs.
        return Some(at + unsafe { block(w, cont_next, limit, dst, at) });
    }
    let mut units = [0u16; 32];
    // SAFETY: features; `units` has the 32 units that `block` needs.
    let k = unsafe { block(w, cont_next, limit, &mut units, 0) };
    dst.get_mut(at..at + k)?.copy_from_slice(&units[..k]);
    Some(at + k)
}

/// Converts the characters that end in the block `w` (at the positions of
/// `limit` only), writing their units at `dst[at..]`; returns how many.
/// `cont_next` has bit `j` set when byte `j + 1` is a continuation byte.
/// See the module docs for the formula, the surrogates and the compaction.
///
/// # Safety
/// The CPU must have AVX2, BMI1, BMI2, POPCNT and LZCNT, and
/// `at + 32 <= dst.len()`: the block writes up to 32 units, and a store may
/// write lanes past the units it keeps.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    reason = "byte and lane constants are given as the unsigned values they stand for"
)]
#[inline]
unsafe fn block(w: Window, cont_next: u32, limit: u32, dst: &mut [u16], at: usize) -> usize {
    let cont_below = _mm256_set1_epi8(0xC0u8 as i8);
    let lead4_above = _mm256_set1_epi8(0xEFu8 as i8);
    let low6 = _mm256_set1_epi8(0x3F);
    let top2 = _mm256_set1_epi8(0xC0u8 as i8);
    let low4 = _mm256_set1_epi8(0x0F);
    let top4 = _mm256_set1_epi8(0xF0u8 as i8);
    let Window { v, p1, p2, p3 } = w;

    // Continuation bytes are 0x80..=0xBF, as `i8` the values below -64
    // (0xC0): one signed compare each, for `j` and `j - 1`.
    let c0 = _mm256_cmpgt_epi8(cont_below, v);
    let c1 = _mm256_cmpgt_epi8(cont_below, p1);
    // A character ends at `j` when `j + 1` does not continue it.
    let mut keep = !cont_next;

    // The low byte: `j` itself (ASCII), or its six payload bits under the
    // two low bits of `j - 1` (the 16-bit shift moves the other byte's
    // bits in, which the mask drops).
    let joined = _mm256_or_si256(
        _mm256_and_si256(v, low6),
        _mm256_and_si256(_mm256_slli_epi16::<6>(p1), top2),
    );
    let low = _mm256_blendv_epi8(v, joined, c0);
    // The high byte: 0 for ASCII; bits 2..=5 of `j - 1`, under the low
    // nibble of `j - 2` when `j - 1` is a continuation byte.
    let mid = _mm256_and_si256(_mm256_srli_epi16::<2>(p1), low4);
    let top = _mm256_and_si256(_mm256_and_si256(_mm256_slli_epi16::<4>(p2), top4), c1);
    let high = _mm256_and_si256(_mm256_or_si256(mid, top), c0);

    // Units for positions 0..8 and 16..24 (`ua`), 8..16 and 24..32 (`ub`):
    // the unpacks work within 128-bit halves.
    let mut ua = _mm256_unpacklo_epi8(low, high);
    let mut ub = _mm256_unpackhi_epi8(low, high);

    // 4-byte leads two bytes back (the third byte: high surrogate) or three
    // bytes back (the fourth byte: low surrogate): the bytes whose unsigned
    // `max` with 0xEF is above 0xEF (a signed compare alone would take
    // ASCII too). One test for both first.
    let any4 = _mm256_cmpgt_epi8(
        _mm256_max_epu8(_mm256_max_epu8(p2, p3), lead4_above),
        lead4_above,
    );
    if _mm256_testz_si256(any4, any4) == 0 {
        let hi_surrogate = _mm256_set1_epi16(0xD7C0u16 as i16);
        let ten_bits = _mm256_set1_epi16(0x03FF);
        let lo_surrogate = _mm256_set1_epi16(0xDC00u16 as i16);
        let third = _mm256_cmpgt_epi8(_mm256_max_epu8(p2, lead4_above), lead4_above);
        let fourth = _mm256_cmpgt_epi8(_mm256_max_epu8(p3, lead4_above), lead4_above);
        keep |= _mm256_movemask_epi8(third) as u32;
        let third_a = _mm256_unpacklo_epi8(third, third);
        let third_b = _mm256_unpackhi_epi8(third, third);
        let fourth_a = _mm256_unpacklo_epi8(fourth, fourth);
        let fourth_b = _mm256_unpackhi_epi8(fourth, fourth);
        ua = _mm256_blendv_epi8(
            ua,
            _mm256_add_epi16(_mm256_srli_epi16::<4>(ua), hi_surrogate),
            third_a,
        );
        ub = _mm256_blendv_epi8(
            ub,
            _mm256_add_epi16(_mm256_srli_epi16::<4>(ub), hi_surrogate),
            third_b,
        );
        ua = _mm256_blendv_epi8(
            ua,
            _mm256_or_si256(_mm256_and_si256(ua, ten_bits), lo_surrogate),
            fourth_a,
        );
        ub = _mm256_blendv_epi8(
            ub,
            _mm256_or_si256(_mm256_and_si256(ub, ten_bits), lo_surrogate),
            fourth_b,
        );
    }
    keep &= limit;

    // Compaction: the controls of the two groups of each register are
    // joined into one 256-bit shuffle; each half is stored whole and the
    // cursor advances by its popcount. The table rows are indexed by a
    // byte (< 256, so the indexing never fails).
    let k0 = (keep & 0xFF) as usize;
    let k1 = ((keep >> 8) & 0xFF) as usize;
    let k2 = ((keep >> 16) & 0xFF) as usize;
    let k3 = (keep >> 24) as usize;
    let ctrl_a = _mm256_inserti128_si256::<1>(
        _mm256_castsi128_si256(load_row(&COMPACT.0[k0])),
        load_row(&COMPACT.0[k2]),
    );
    let ctrl_b = _mm256_inserti128_si256::<1>(
        _mm256_castsi128_si256(load_row(&COMPACT.0[k1])),
        load_row(&COMPACT.0[k3]),
    );
    let sa = _mm256_shuffle_epi8(ua, ctrl_a);
    let sb = _mm256_shuffle_epi8(ub, ctrl_b);
    // The four stores write 8 units each, from `at` plus the popcounts of
    // the masks before them, each at most 8: so from at most `at`,
    // `at + 8`, `at + 16` and `at + 24`, and all end by `at + 32`.
    let mut end = at;
    // SAFETY: `end == at`: `dst[at .. at + 8]`, within the caller's
    // `at + 32 <= dst.len()`.
    unsafe { store8(dst, end, _mm256_castsi256_si128(sa)) };
    end += k0.count_ones() as usize;
    // SAFETY: `end <= at + 8`: the store ends by `at + 16 <= dst.len()`.
    unsafe { store8(dst, end, _mm256_castsi256_si128(sb)) };
    end += k1.count_ones() as usize;
    // SAFETY: `end <= at + 16`: the store ends by `at + 24 <= dst.len()`.
    unsafe { store8(dst, end, _mm256_extracti128_si256::<1>(sa)) };
    end += k2.count_ones() as usize;
    // SAFETY: `end <= at + 24`: the store ends by `at + 32 <= dst.len()`.
    unsafe { store8(dst, end, _mm256_extracti128_si256::<1>(sb)) };
    end - at + k3.count_ones() as usize
}

/// Converts 3-byte characters, 16 (48 bytes) a step, from `s`, which the
/// caller believes to start one, while the next 49 bytes are sure to be 16
/// of them and one more character start; returns the new `s` (unchanged if
/// none was) and cursor.
///
/// The test: the continuation bits of bytes `s..s + 49` are [`CONT3`]. In
/// valid UTF-8 a byte that is not a continuation starts a character, and a
/// start followed by exactly two continuation bytes and another start is a
/// 3-byte lead, so that pattern proves the 16 characters.
///
/// The conversion: each 128-bit half of a register gets 16 input bytes
/// whose first 12 are four characters (halves from `s`, `s + 24`, and
/// `s + 12`, `s + 36`); one byte shuffle puts each character in a 32-bit
/// lane as `[byte3, byte2, lead, 0]`; after a mask to the payload bits,
/// `vpmaddubsw` by `[1, 64, 1, 0]` gives `byte2 << 6 | byte3` and the
/// lead's nibble in the two 16-bit halves, and `vpmaddwd` by `[1, 4096]`
/// joins them into the unit. `vpackusdw` of the two registers interleaves
/// their halves, which is why the second takes the characters 4..8 and
/// 12..16: the 16 units come out in order, in one store.
///
/// # Safety
/// The CPU must have AVX2, BMI1, BMI2, POPCNT and LZCNT; `s <= b.len()`
/// and `at <= dst.len()` (so that the bound checks below cannot overflow).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    reason = "byte constants and masks are given as the unsigned values they stand for"
)]
#[inline]
unsafe fn run3(b: &[u8], mut s: usize, dst: &mut [u16], mut at: usize) -> (usize, usize) {
    let len = b.len();
    let cap = dst.len();
    let cont_below = _mm256_set1_epi8(0xC0u8 as i8);
    // Per character: `[byte3, byte2, lead, zero]` from bytes `3k..3k + 3`.
    let gather = _mm256_setr_epi8(
        2, 1, 0, -1, 5, 4, 3, -1, 8, 7, 6, -1, 11, 10, 9, -1, //
        2, 1, 0, -1, 5, 4, 3, -1, 8, 7, 6, -1, 11, 10, 9, -1,
    );
    let payload = _mm256_set1_epi32(0x000F_3F3F);
    let weights8 = _mm256_set1_epi32(0x0001_4001);
    let weights16 = _mm256_set1_epi32(0x1000_0001);
    // The pattern of bytes `s + 20 .. s + 49`, as the bits of a load at
    // `s + 20`.
    let tail_pattern = ((CONT3 >> 20) & 0x1FFF_FFFF) as u32;
    // Every load below ends by `s + 52 <= len`; the one 16-unit store ends
    // by `at + 16 <= cap`.
    while s + 52 <= len && at + 16 <= cap {
        // SAFETY: features; `s + 52 <= len`: `b[s..s + 32]` and
        // `b[s + 20..s + 52]`.
        let (head, tail) = unsafe { (load32(b, s), load32(b, s + 20)) };
        let mh = _mm256_movemask_epi8(_mm256_cmpgt_epi8(cont_below, head)) as u32;
        let mt = _mm256_movemask_epi8(_mm256_cmpgt_epi8(cont_below, tail)) as u32;
        if mh != CONT3 as u32 || mt & 0x1FFF_FFFF != tail_pattern {
            break;
        }
        // SAFETY: `s + 52 <= len`: the 16-byte loads at `s`, `s + 24`,
        // `s + 12` and `s + 36` end by `s + 52`.
        let (x0, x1, y0, y1) = unsafe {
            (
                load16(b, s),
                load16(b, s + 24),
                load16(b, s + 12),
                load16(b, s + 36),
            )
        };
        let x = _mm256_inserti128_si256::<1>(_mm256_castsi128_si256(x0), x1);
        let y = _mm256_inserti128_si256::<1>(_mm256_castsi128_si256(y0), y1);
        let ux = _mm256_madd_epi16(
            _mm256_maddubs_epi16(
                _mm256_and_si256(_mm256_shuffle_epi8(x, gather), payload),
                weights8,
            ),
            weights16,
        );
        let uy = _mm256_madd_epi16(
            _mm256_maddubs_epi16(
                _mm256_and_si256(_mm256_shuffle_epi8(y, gather), payload),
                weights8,
            ),
            weights16,
        );
        // SAFETY: features; `at + 16 <= cap`: `dst[at..at + 16]`.
        unsafe { store16(dst, at, _mm256_packus_epi32(ux, uy)) };
        s += 48;
        at += 16;
    }
    (s, at)
}

/// The vector loop of [`units_len`]; see the module docs.
///
/// # Safety
/// The CPU must have AVX2, BMI1, BMI2, POPCNT and LZCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    reason = "byte constants are given as the unsigned values they stand for"
)]
#[allow(clippy::many_single_char_names, reason = "a cursor and four vectors")]
#[inline]
unsafe fn units_len_avx2(b: &[u8]) -> usize {
    let len = b.len();
    let mut i = 0;
    let mut total = _mm256_setzero_si256();
    // Not a continuation byte: above -65 as `i8` (ASCII and the leads);
    // a 4-byte lead: unsigned `max` with 0xEF above 0xEF (as `i8`, the
    // values 0xF0..=0xFF above -17).
    let not_cont = _mm256_set1_epi8(-65);
    let lead4_above = _mm256_set1_epi8(0xEFu8 as i8);
    while i + 64 <= len {
        // Each 64-byte step adds at most 4 to a byte lane; 63 steps stay
        // below 256.
        let stop = if len - i > 63 * 64 { i + 63 * 64 } else { len };
        let mut acc = _mm256_setzero_si256();
        while i + 64 <= stop {
            // SAFETY: features; `i + 64 <= stop <= len`: `b[i..i + 64]`.
            let (v, w) = unsafe { (load32(b, i), load32(b, i + 32)) };
            // Each compare is -1 where it holds; four-byte leads are the
            // bytes whose unsigned `max` with 0xEF exceeds 0xEF.
            let a = _mm256_add_epi8(
                _mm256_cmpgt_epi8(v, not_cont),
                _mm256_cmpgt_epi8(_mm256_max_epu8(v, lead4_above), lead4_above),
            );
            let c = _mm256_add_epi8(
                _mm256_cmpgt_epi8(w, not_cont),
                _mm256_cmpgt_epi8(_mm256_max_epu8(w, lead4_above), lead4_above),
            );
            acc = _mm256_sub_epi8(acc, _mm256_add_epi8(a, c));
            i += 64;
        }
        total = _mm256_add_epi64(total, _mm256_sad_epu8(acc, _mm256_setzero_si256()));
    }
    let mut n = (_mm256_extract_epi64::<0>(total)
        + _mm256_extract_epi64::<1>(total)
        + _mm256_extract_epi64::<2>(total)
        + _mm256_extract_epi64::<3>(total)) as usize;
    while i < len {
        let x = b[i];
        n += (x & 0xC0 != 0x80) as usize + (x >= 0xF0) as usize;
        i += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::{encode_units, units_len};
    use crate::simd::Level;
    use crate::simd::test_support::{MIRI, Rng, assert_avx2, cases, each_level, ends, sample};
    use std::string::String;
    use std::vec::Vec;

    /// Runs `f` with each vector kernel this CPU has (AVX2, AVX-512; the
    /// portable code is the `const fn` the tests compare with). The vector
    /// code must be what runs on a machine that has it.
    fn each_kernel(mut f: impl FnMut()) {
        assert_avx2();
        each_level(|l| {
            if l != Level::Portable {
                f();
            }
        });
    }

    /// A sentinel that no test text encodes to in a run of 40.
    const GUARD: u16 = 0xA5A5;

    /// Compares the kernel with the `const fn` and std on `text` with
    /// output buffers of the lengths `lens` (all from 0 to exact + 40 when
    /// `None`), checking that nothing past the buffer is written. The text
    /// is followed in memory by continuation bytes, so a kernel that read
    /// past it would see them.
    fn check(text: &str, lens: Option<&[usize]>) {
        let mut backing = Vec::with_capacity(text.len() + 64);
        backing.extend_from_slice(text.as_bytes());
        backing.extend_from_slice(&[0x80; 64]);
        let text = core::str::from_utf8(&backing[..text.len()]).unwrap();

        let want: Vec<u16> = text.encode_utf16().collect();
        assert_eq!(units_len(text), want.len(), "units_len of {text:?}");
        assert_eq!(crate::engine::utf16::units_len(text), want.len());
        let all: Vec<usize> = (0..=want.len() + 40).collect();
        let lens = lens.unwrap_or(&all);
        for &cap in ends(lens) {
            let mut slow = std::vec![0u16; cap];
            let reference = crate::engine::utf16::encode_units_into(text, &mut slow);
            let mut buf = std::vec![GUARD; cap + 40];
            let got = encode_units(text, &mut buf[..cap]);
            if let Ok(n) = reference {
                assert_eq!(got, Some(n), "cap {cap} text {text:?}");
                assert_eq!(&buf[..n], &want[..], "cap {cap} text {text:?}");
                assert_eq!(&slow[..n], &want[..]);
            } else {
                assert!(cap < want.len());
                assert_eq!(got, None, "cap {cap} text {text:?}");
            }
            assert!(
                buf[cap..].iter().all(|&u| u == GUARD),
                "wrote past {cap} for {text:?}"
            );
        }
    }

    /// Characters at the edges of each UTF-8 length and surrogate range.
    const CHARS: &[char] = &[
        '\0',
        'a',
        '\x7F',
        '\u{80}',
        '\u{FF}',
        '\u{100}',
        'я',
        '\u{7FF}',
        '\u{800}',
        '世',
        '\u{D7FF}',
        '\u{E000}',
        '\u{FEFF}',
        '\u{FFFF}',
        '\u{10000}',
        '😀',
        '\u{1F9FF}',
        '\u{10FFFF}',
    ];

    #[test]
    fn every_char_class_at_every_offset() {
        each_kernel(|| {
            for &c in sample(CHARS, 5) {
                for pad in (0..64).chain([100, 127, 128, 129, 191, 192, 193]) {
                    for after in sample([0, 1, 2, 3, 5, 15, 29, 30, 31, 32, 33, 34, 40, 64], 7) {
                        let mut s = "x".repeat(pad);
                        s.push(c);
                        s.push_str(&"y".repeat(after));
                        let lens: Vec<usize>;
                        let n = s.encode_utf16().count();
                        let lens = if after % 2 == 0 {
                            None
                        } else {
                            lens = std::vec![0, n.saturating_sub(1), n, n + 1, n + 40];
                            Some(&lens[..])
                        };
                        check(&s, lens);
                    }
                }
            }
        });
    }

    #[test]
    fn runs_and_pairs_at_every_offset() {
        each_kernel(|| {
            for &c in sample(CHARS, 5) {
                for &d in sample(CHARS, 9) {
                    for pad in sample(0..64, 63) {
                        for run in sample([1, 2, 11, 17], 3) {
                            let mut s = "x".repeat(pad);
                            for _ in 0..run {
                                s.push(c);
                                s.push(d);
                            }
                            s.push_str("tail of ascii bytes, long enough");
                            let n = s.encode_utf16().count();
                            check(&s, Some(&[0, n - 1, n, n + 7]));
                        }
                    }
                }
            }
            // Long runs of one length each, every offset, every buffer length.
            for &c in sample(&['я', '世', '😀', 'a'], 2) {
                for pad in sample(0..64, 63) {
                    let mut s = "x".repeat(pad);
                    s.extend(core::iter::repeat_n(c, 90));
                    check(&s, None);
                }
            }
        });
    }

    /// Every scalar value (every third chunk in debug builds), in chunks of
    /// 997 characters after 0..64 ASCII bytes.
    #[test]
    fn every_scalar_value() {
        each_kernel(|| {
            let chars: Vec<char> = (0..=0x10_FFFFu32).filter_map(char::from_u32).collect();
            assert_eq!(chars.len(), 1_112_064);
            let step = if MIRI {
                113
            } else if cfg!(debug_assertions) {
                3
            } else {
                1
            };
            for (k, chunk) in chars.chunks(997).enumerate() {
                if k % step != 0 {
                    continue;
                }
                let mut s = "a".repeat(k % 64);
                s.extend(chunk);
                let n = s.encode_utf16().count();
                check(&s, Some(&[n, n - 1, n + 40]));
            }
        });
    }

    /// A random character of a random class, with ASCII weighted up.
    fn random_char(rng: &mut Rng) -> char {
        let cp = match rng.below(8) {
            0..=2 => rng.below(0x80) as u32,
            3 | 4 => 0x80 + rng.below(0x780) as u32,
            5 | 6 => 0x800 + rng.below(0xF800) as u32,
            _ => 0x1_0000 + rng.below(0x10_0000) as u32,
        };
        char::from_u32(cp).unwrap_or('\u{FFFD}')
    }

    #[test]
    fn random_mixes() {
        each_kernel(|| {
            let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
            let cases = cases(if cfg!(debug_assertions) { 3000 } else { 20_000 }, 10);
            for case in 0..cases {
                let bytes = rng.below(300) as usize;
                let mut s = String::new();
                // Runs of one class now and then, as in real text.
                while s.len() < bytes {
                    let c = random_char(&mut rng);
                    let run = if rng.below(4) == 0 {
                        1 + rng.below(12)
                    } else {
                        1
                    };
                    for _ in 0..run {
                        s.push(c);
                    }
                }
                if case % 8 == 0 {
                    check(&s, None);
                } else {
                    let n = s.encode_utf16().count();
                    let r = rng.below(n as u64 + 41) as usize;
                    check(&s, Some(&[0, r, n.saturating_sub(1), n, n + 1, n + 33]));
                }
            }
        });
    }

    /// Runs of 3-byte characters of every length around the 16 that the
    /// 3-byte loop takes a step, broken by each other class, at every
    /// offset.
    #[test]
    fn three_byte_runs() {
        each_kernel(|| {
            for pad in sample(0..64, 63) {
                for run in sample((0..40).chain([47, 48, 49, 50, 64, 95, 96, 97]), 12) {
                    for &brk in sample(&['a', 'я', '\u{FFFF}', '😀'], 2) {
                        // The class before the run too: a 3-byte pattern that
                        // starts with the continuation byte of a 2- or 4-byte
                        // character must not be taken for a run.
                        let mut s = "x".repeat(pad);
                        s.push(brk);
                        s.extend(core::iter::repeat_n('世', run));
                        s.push(brk);
                        s.extend(core::iter::repeat_n('\u{E000}', run / 2 + 20));
                        s.push_str("end");
                        let n = s.encode_utf16().count();
                        let lens: Vec<usize> = if run % 7 == 0 {
                            (0..=n + 40).collect()
                        } else {
                            std::vec![0, n / 2, n - 1, n, n + 1, n + 17, n + 40]
                        };
                        check(&s, Some(&lens));
                    }
                }
            }
        });
    }

    #[test]
    fn units_len_long() {
        each_kernel(|| {
            // Longer than one accumulator flush (63 steps of 64 bytes), with
            // 4-byte leads (the most a lane can gain) everywhere.
            for &c in sample(&['😀', 'я', 'a', '世'], 4) {
                for extra in sample([0, 1, 63, 64, 65], 5) {
                    let mut s: String = core::iter::repeat_n(c, 70_000 / c.len_utf8()).collect();
                    s.push_str(&"b".repeat(extra));
                    assert_eq!(units_len(&s), s.encode_utf16().count());
                }
            }
            assert_eq!(units_len(""), 0);
        });
    }
}
