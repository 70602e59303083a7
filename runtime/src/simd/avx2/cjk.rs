//! The same loops compiled with AVX2, and their ASCII runs.

// The codec's short names, as in `crate::engine`; a hot loop in one piece,
// `&` between booleans to spare a branch, `#[inline(always)]` where a
// constant parameter must fold away, as there.
#![allow(
    clippy::many_single_char_names,
    clippy::inline_always,
    clippy::too_many_lines,
    clippy::needless_bitwise_bool
)]
// Every pointer cast to a vector type goes to an unaligned load or store
// (`loadu`, `storeu`), which need no alignment.
#![allow(clippy::cast_ptr_alignment)]

use core::arch::x86_64::{
    __m128i, __m256i, _mm_loadu_si128, _mm_storeu_si128, _mm256_and_si256, _mm256_cmpeq_epi8,
    _mm256_cmpgt_epi8, _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8,
    _mm256_storeu_si256, _mm256_xor_si256,
};

use crate::simd::cjk::{
    BLOCK_READ, BLOCK_ROOM, E_SHIFT_JIS, decode_of, encode_of, max_pointer, pointer_bytes_of,
};

/// [`crate::simd::cjk::decode_of`] with AVX2.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
pub(crate) fn decode<const E: u8, const WRITE: bool>(src: &[u8], dst: &mut [u8]) -> Option<usize> {
    // SAFETY: this function's `target_feature` enables AVX2, which the
    // caller checked the CPU has.
    unsafe { decode_of::<E, WRITE, true>(src, dst, 0) }
}

/// [`crate::simd::cjk::encode_of`] with AVX2.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
pub(crate) fn encode<const E: u8>(text: &str, dst: &mut [u8]) -> Option<usize> {
    // SAFETY: as in `decode`.
    unsafe { encode_of::<E, true>(text, dst) }
}

/// Copies the ASCII at `src[i..]` to `dst[at..]` 32 bytes at a time
/// while both have 32 (whole blocks are stored, so up to 32 bytes past
/// the run); returns how many bytes were ASCII.
///
/// # Safety
/// The CPU must have AVX2.
#[inline(always)]
pub(crate) unsafe fn ascii_run(src: &[u8], i: usize, dst: &mut [u8], at: usize) -> usize {
    let mut k = 0;
    while i + k + 32 <= src.len() && at + k + 32 <= dst.len() {
        // SAFETY: `src[i + k..i + k + 32]` is in bounds (checked just
        // above); the load is unaligned. AVX2 is there (this function's
        // contract).
        let v = unsafe { _mm256_loadu_si256(src.as_ptr().add(i + k).cast::<__m256i>()) };
        // SAFETY: `dst[at + k..at + k + 32]` is in bounds (checked
        // above); the store is unaligned.
        unsafe { _mm256_storeu_si256(dst.as_mut_ptr().add(at + k).cast::<__m256i>(), v) };
        // SAFETY: a register operation, AVX2 present as above.
        let mask = unsafe { _mm256_movemask_epi8(v) }.cast_unsigned();
        if mask != 0 {
            return k + mask.trailing_zeros() as usize;
        }
        k += 32;
    }
    k
}

/// [`ascii_run`] for ISO-2022-JP in ASCII mode: also stops at `ESC`,
/// `SO` and `SI`.
///
/// # Safety
/// The CPU must have AVX2.
#[inline(always)]
pub(crate) unsafe fn ascii_run_iso_2022_jp(
    src: &[u8],
    i: usize,
    dst: &mut [u8],
    at: usize,
) -> usize {
    let mut k = 0;
    while i + k + 32 <= src.len() && at + k + 32 <= dst.len() {
        // SAFETY: in bounds (checked just above); unaligned load and
        // store; AVX2 present as in `ascii_run`.
        let mask = unsafe {
            let v = _mm256_loadu_si256(src.as_ptr().add(i + k).cast::<__m256i>());
            _mm256_storeu_si256(dst.as_mut_ptr().add(at + k).cast::<__m256i>(), v);
            let controls = _mm256_or_si256(
                _mm256_cmpeq_epi8(v, _mm256_set1_epi8(0x1B)),
                _mm256_or_si256(
                    _mm256_cmpeq_epi8(v, _mm256_set1_epi8(0x0E)),
                    _mm256_cmpeq_epi8(v, _mm256_set1_epi8(0x0F)),
                ),
            );
            _mm256_movemask_epi8(_mm256_or_si256(v, controls)).cast_unsigned()
        };
        if mask != 0 {
            return k + mask.trailing_zeros() as usize;
        }
        k += 32;
    }
    k
}

/// Copies `src[i..i + 32]` to `dst[at..at + 32]`.
///
/// # Safety
/// The CPU must have AVX2.
#[inline(always)]
unsafe fn copy32(src: &[u8], i: usize, dst: &mut [u8], at: usize) {
    assert!(i + 32 <= src.len() && at + 32 <= dst.len());
    // SAFETY: both ranges are in bounds (asserted above; the callers'
    // guards make the assertion always hold); unaligned load and store,
    // AVX2 present (this function's contract).
    unsafe {
        let v = _mm256_loadu_si256(src.as_ptr().add(i).cast::<__m256i>());
        _mm256_storeu_si256(dst.as_mut_ptr().add(at).cast::<__m256i>(), v);
    }
}

/// The bytes of `v` that are characters of their own in Shift_JIS but
/// not ASCII: `80` and the one-byte katakana `A1..=DF`.
///
/// # Safety
/// The CPU must have AVX2.
#[inline(always)]
unsafe fn one_byte_codes(v: __m256i) -> u64 {
    // SAFETY: register operations, AVX2 present (this function's
    // contract). `x` is the byte minus 0x80: `A1..=DF`
    // are `21..=5F`, `80` is 0, and ASCII is negative as `i8`.
    let mask = unsafe {
        let x = _mm256_xor_si256(v, _mm256_set1_epi8(-128));
        let kana = _mm256_and_si256(
            _mm256_cmpgt_epi8(x, _mm256_set1_epi8(0x20)),
            _mm256_cmpgt_epi8(_mm256_set1_epi8(0x60), x),
        );
        let c1 = _mm256_cmpeq_epi8(x, _mm256_set1_epi8(0));
        _mm256_movemask_epi8(_mm256_or_si256(kana, c1))
    };
    u64::from(mask.cast_unsigned())
}

/// The characters of the leads of a mixed block (see [`mixed_block`]),
/// and the ASCII before each (copied 32 bytes at a time if `WIDE`, else
/// 16): the AND of their UTF-8 (which has `80` in its second byte for
/// every character of the common case) and how many there were.
///
/// # Safety
/// The CPU must have AVX2; `i + BLOCK_READ <= src.len()`, and, if
/// `WRITE`, `at + BLOCK_ROOM <= dst.len()`; bit 63 of `leads` clear;
/// every entry of `utf8` a pointer can reach.
#[inline(always)]
unsafe fn walk<const E: u8, const WRITE: bool, const WIDE: bool>(
    src: &[u8],
    i: usize,
    dst: &mut [u8],
    at: usize,
    utf8: &[[u8; 4]],
    leads: u64,
) -> (u32, usize) {
    if WRITE {
        // SAFETY: AVX2 (this function's contract).
        unsafe { copy32(src, i, dst, at) };
    }
    let bytes = pointer_bytes_of::<E>();
    let last = utf8.len() - 1;
    let mut all = u32::MAX;
    let mut j = 0;
    let mut l = leads;
    let sp = src[i..].as_ptr();
    let dp = if WRITE {
        dst[at..].as_mut_ptr()
    } else {
        core::ptr::null_mut()
    };
    while l != 0 {
        let k = l.trailing_zeros() as usize;
        // SAFETY: `k` is at most 62 (bit 63 is cleared by the caller),
        // so `src[i + k + 1]` is in bounds (`i + BLOCK_READ <=
        // src.len()`, asserted by the caller).
        let (lead, trail) = unsafe { (*sp.add(k), *sp.add(k + 1)) };
        // Bytes in range give a pointer below the table's last entry
        // (`max_pointer`), a byte out of range one past it, taken to
        // the last, which is 0.
        let pointer = usize::from(bytes.lead[usize::from(lead)])
            + usize::from(bytes.trail[usize::from(trail)]);
        let pointer = pointer.min(last);
        // SAFETY: `pointer <= last < utf8.len()`.
        let w = u32::from_le_bytes(unsafe { *utf8.as_ptr().add(pointer) });
        all &= w;
        if WRITE {
            // SAFETY: `k + j + 3 + 32 <= 62 + 31 + 35 = 128` bytes from
            // `at`, and `at + BLOCK_ROOM <= dst.len()` (asserted by the
            // caller when `WRITE`); `k + 2 + 32 <= 96` bytes from `i`,
            // and `i + BLOCK_READ <= src.len()`. Unaligned accesses,
            // AVX2 present.
            unsafe {
                dp.add(k + j).cast::<u32>().write_unaligned(w.to_le());
                if WIDE {
                    let v = _mm256_loadu_si256(sp.add(k + 2).cast::<__m256i>());
                    _mm256_storeu_si256(dp.add(k + j + 3).cast::<__m256i>(), v);
                } else {
                    let v = _mm_loadu_si128(sp.add(k + 2).cast::<__m128i>());
                    _mm_storeu_si128(dp.add(k + j + 3).cast::<__m128i>(), v);
                }
            }
        }
        j += 1;
        l &= l - 1;
    }
    (all, j)
}

/// Decodes a block of 32 bytes at `src[i..]` (which has 64) that holds
/// ASCII and two-byte codes of the common case only, into `dst[at..]`
/// (which has 128 bytes of room), without a branch per character:
///
/// - every byte from `80` up is a lead or a trail (not so for
///   Shift_JIS's one-byte katakana, which send the block back);
/// - a run of such bytes starts on a character (after ASCII or after a
///   trail), so its leads are every other byte from the run's start:
///   with `h` the bit set of those bytes and `starts` the first of each
///   run, `h + (starts & EVEN)` carries through exactly the runs that
///   start at an even position, which tells each byte's parity in its
///   run without a loop (the trick of simdjson's escaped quotes);
/// - a lead's trail is the byte after it, whatever it is (an ASCII-range
///   trail of GBK, Big5 or Shift_JIS included), and every byte that is
///   neither is ASCII;
/// - the `j`-th lead, at `k`, writes its three bytes at `k + j` (each
///   lead before it added one byte), and the ASCII after its trail is
///   copied, 32 bytes at once, to `k + 2 + j + 1`: no store waits for
///   another's position, only for `trailing_zeros` of the lead mask.
///
/// A lead in the last byte is left for the next block. `None` if a pair
/// is not of the common case (errors, gb18030's four-byte codes,
/// EUC-JP's `8E` and `8F`, Big5's pairs of code points, characters
/// below U+0800); what was written then is to be written again.
///
/// # Safety
/// The CPU must have AVX2.
#[inline(always)]
pub(crate) unsafe fn mixed_block<const E: u8, const WRITE: bool>(
    src: &[u8],
    i: usize,
    dst: &mut [u8],
    at: usize,
    utf8: &[[u8; 4]],
) -> Option<(usize, usize)> {
    const EVEN: u64 = 0x5555_5555_5555_5555;
    assert!(i + BLOCK_READ <= src.len() && (!WRITE || at + BLOCK_ROOM <= dst.len()));
    assert!(utf8.len() > max_pointer::<E>() + 1 && utf8[utf8.len() - 1] == [0; 4]);
    // SAFETY: `src[i..i + 64]` is in bounds (asserted); unaligned
    // loads; AVX2 present as in `copy32`.
    let (v0, v1) = unsafe {
        (
            _mm256_loadu_si256(src.as_ptr().add(i).cast::<__m256i>()),
            _mm256_loadu_si256(src.as_ptr().add(i + 32).cast::<__m256i>()),
        )
    };
    // SAFETY: register operations, AVX2 present.
    let h = unsafe {
        u64::from(_mm256_movemask_epi8(v0).cast_unsigned())
            | u64::from(_mm256_movemask_epi8(v1).cast_unsigned()) << 32
    };
    let starts = h & !(h << 1);
    // The carry out of a run that reaches bit 63 is lost, as it should.
    let from_even = h & !h.wrapping_add(starts & EVEN);
    let mut leads = (from_even & EVEN) | (h & !from_even & !EVEN);
    // The ASCII is copied 32 bytes at a time, from the block's start
    // and after each lead's trail: with a run of more than 32 bytes of
    // ASCII, only the first half of the block is decoded.
    // The ASCII is copied 16 or 32 bytes at a time, from the block's
    // start and after each lead's trail (16 where no run of ASCII is
    // longer, half the stores); with a run of more than 32 bytes, only
    // the first half of the block is decoded.
    let mut ascii = !(leads | leads << 1);
    ascii &= ascii >> 1;
    ascii &= ascii >> 2;
    ascii &= ascii >> 4;
    ascii &= ascii >> 8;
    let over16 = ascii & ascii >> 1;
    ascii &= ascii >> 16;
    ascii &= ascii >> 1;
    let half = if ascii == 0 { 64 } else { 32 };
    leads &= u64::MAX >> (64 - half);
    let mut len = half;
    if leads & 1 << (half - 1) != 0 {
        leads ^= 1 << (half - 1);
        len = half - 1;
    }
    // SAFETY: AVX2 (this function's contract).
    if E == E_SHIFT_JIS && unsafe { one_byte_codes(v0) | one_byte_codes(v1) << 32 } & leads != 0 {
        return None;
    }
    // SAFETY: AVX2 (this function's contract); the bounds and the table
    // are asserted above, and bit 63 of `leads` is clear (`half` is at
    // most 64 and a lead in the last byte was dropped).
    let (all, j) = unsafe {
        if over16 & u64::MAX >> (64 - half) == 0 {
            walk::<E, WRITE, false>(src, i, dst, at, utf8, leads)
        } else {
            walk::<E, WRITE, true>(src, i, dst, at, utf8, leads)
        }
    };
    if all & 0x8000 == 0 {
        None
    } else {
        Some((len, len + j))
    }
}
