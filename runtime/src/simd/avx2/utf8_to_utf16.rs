//! The AVX2 kernels of [`crate::simd::utf8_to_utf16`].

use crate::simd::utf8::{CONT3, PHASE};

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

/// The `vpshufb` controls of the compaction, 16 bytes each and aligned to
/// 16 so that none straddles a cache line.
#[repr(C, align(16))]
pub(crate) struct Compact([[u8; 16]; 256]);

/// `COMPACT.0[m]`, for an 8-bit mask `m` of the 16-bit lanes of a 128-bit
/// register to keep, is the byte shuffle that moves those lanes, in order,
/// to the front (lane `p` is bytes `2p` and `2p + 1`); the bytes after them
/// are zeroed (index `0x80`), though nothing reads them. Computed at compile
/// time by [`compact_table`]: 4 KiB.
pub(crate) static COMPACT: Compact = Compact(compact_table());

/// Builds [`COMPACT`]: for each mask, the set bits from the lowest up.
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

/// The vector loop of [`encode_units`](crate::simd::utf8_to_utf16::encode_units); see the module docs.
///
/// Every step converts the characters that end in the bytes it covers
/// (`b[i..i + 32]`, or more in the ASCII and 3-byte loops) and advances `i`
/// past them, whatever the characters that cross its edges: so when the
/// loop ends at `i == len`, every character has been converted once.
///
/// # Safety
/// The CPU must have AVX2, BMI1, BMI2, POPCNT and LZCNT.
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
pub(crate) unsafe fn encode_avx2(text: &str, dst: &mut [u16]) -> Option<usize> {
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
#[derive(Clone, Copy)]
struct Window {
    v: __m256i,
    p1: __m256i,
    p2: __m256i,
    p3: __m256i,
}

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
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    reason = "byte constants and masks are given as the unsigned values they stand for"
)]
#[inline]
pub(crate) unsafe fn run3(
    b: &[u8],
    mut s: usize,
    dst: &mut [u16],
    mut at: usize,
) -> (usize, usize) {
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

/// The vector loop of [`units_len`](crate::simd::utf8_to_utf16::units_len); see the module docs.
///
/// # Safety
/// The CPU must have AVX2, BMI1, BMI2, POPCNT and LZCNT.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    reason = "byte constants are given as the unsigned values they stand for"
)]
#[allow(clippy::many_single_char_names, reason = "a cursor and four vectors")]
#[inline]
pub(crate) unsafe fn units_len_avx2(b: &[u8]) -> usize {
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
