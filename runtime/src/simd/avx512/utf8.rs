//! UTF-8 validation with AVX-512: the algorithm of [`crate::simd::utf8`]
//! (the same nibble tables, the same test for the third and fourth bytes),
//! on 64-byte vectors, one per block instead of two, with the three-way
//! ANDs and the XOR in `vpternlogd`. The byte before each byte comes from
//! the previous vector by `valignq` (the 16 bytes before each 128-bit lane)
//! and `vpalignr`. The last 0..=63 bytes are one masked load, zeros after
//! them (ASCII, so a sequence that the end of the input cuts is an error of
//! that block). ASCII at the start of the input is skipped before any
//! state is set up (one load and one mask test per 64 bytes), which is all
//! of the work for many short inputs.
//!
//! [`Validator`] is the state between blocks; `crate::simd::cesu` drives
//! one over MUTF-8 and CESU-8 with their tables.

#![allow(clippy::many_single_char_names)]

use super::{load_bytes, load64, splat8};
use crate::simd::utf8::{Tables, UTF8};
use core::arch::x86_64::{
    __m512i, _mm_loadu_si128, _mm512_alignr_epi8, _mm512_alignr_epi64, _mm512_and_si512,
    _mm512_broadcast_i32x4, _mm512_castsi512_si256, _mm512_extracti64x4_epi64, _mm512_movepi8_mask,
    _mm512_or_si512, _mm512_setzero_si512, _mm512_shuffle_epi8, _mm512_srli_epi16,
    _mm512_subs_epu8, _mm512_ternarylogic_epi32, _mm512_test_epi8_mask,
};

/// Whether `b` is well-formed UTF-8 (exactly `core::str::from_utf8`).
///
/// # Safety
/// The CPU must have the enabled features ([`crate::simd::avx512`](fn@crate::simd::avx512)).
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
#[inline]
pub(crate) unsafe fn is_valid(b: &[u8]) -> bool {
    let n = b.len();
    if n <= 64 {
        // One block, straight through.
        // SAFETY: features; `b[..n]` is in bounds.
        let x = unsafe { load_bytes(b, 0, n) };
        if _mm512_movepi8_mask(x) == 0 {
            return true;
        }
        // On two 32-byte halves with the AVX2 validator: the same work in
        // two chains of lower latency, which is what one block costs.
        // SAFETY: features (a superset of the AVX2 validator's).
        return unsafe {
            let mut v = crate::simd::avx2::utf8::Validator::new(&UTF8);
            v.check(_mm512_castsi512_si256(x));
            v.check(_mm512_extracti64x4_epi64::<1>(x));
            v.valid_end()
        };
    }
    // The ASCII at the start, before any state is set up: 256 bytes a
    // step, then a block at a time.
    // SAFETY: features.
    let mut i = unsafe { super::ascii_end::<false, 4>(b, 0) };
    let first = loop {
        if i + 64 <= n {
            // SAFETY: features; `i + 64 <= n`.
            let x = unsafe { load64(b, i) };
            if _mm512_movepi8_mask(x) == 0 {
                i += 64;
                continue;
            }
            break x;
        }
        // SAFETY: features; `b[i..n]` is in bounds.
        if i == n || _mm512_movepi8_mask(unsafe { load_bytes(b, i, n - i) }) == 0 {
            return true;
        }
        break _mm512_setzero_si512();
    };
    // SAFETY: features (this function's own precondition).
    let mut v = unsafe { Validator::new(&UTF8) };
    if i + 64 <= n {
        // The block that ended the ASCII.
        v.check(first);
        i += 64;
    }
    // 128 bytes a turn while they are ASCII (one OR and one mask test),
    // else 64: errors are tested once, after the loop.
    while i + 64 <= n {
        // SAFETY: features; `i + 64 <= n`.
        let x = unsafe { load64(b, i) };
        if _mm512_movepi8_mask(x) == 0 {
            v.ascii();
            i += 64;
            // SAFETY: features.
            i = unsafe { super::ascii_end::<false, 2>(b, i) };
            continue;
        }
        v.check(x);
        i += 64;
    }
    if i < n {
        // SAFETY: features; `b[i..n]` is in bounds.
        v.check(unsafe { load_bytes(b, i, n - i) });
    }
    v.valid_end()
}

/// Per byte of a vector, the largest value that does not start a sequence
/// longer than what is left of the vector (see `crate::simd::utf8`).
static INCOMPLETE: [u8; 64] = {
    let mut t = [0xFF; 64];
    t[61] = 0xEF;
    t[62] = 0xDF;
    t[63] = 0xBF;
    t
};

/// The state of a validation between 64-byte vectors, as
/// `crate::simd::avx2::utf8::Validator` has it for 32-byte ones.
#[derive(Clone, Copy)]
pub(crate) struct Validator {
    prev_hi: __m512i,
    prev_lo: __m512i,
    cur_hi: __m512i,
    incomplete_max: __m512i,
    /// The bits of the classification that are errors (not marks).
    keep: __m512i,
    /// The 64 bytes before the next vector (zero, which is ASCII, at the
    /// start and after an ASCII block).
    prev: __m512i,
    /// Nonzero where `prev` ends inside a sequence.
    incomplete: __m512i,
    /// Nonzero where an error was seen.
    error: __m512i,
}

/// The 16 bytes of `t` in each 128-bit lane of a vector.
#[inline]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
fn table(t: &[u8; 16]) -> __m512i {
    // SAFETY: `t` is a reference to 16 bytes, exactly what the unaligned
    // 128-bit load reads.
    let v = unsafe { _mm_loadu_si128(t.as_ptr().cast()) };
    _mm512_broadcast_i32x4(v)
}

impl Validator {
    /// A validator at the start of the input, or at any character boundary.
    ///
    /// # Safety
    /// The CPU must have the enabled features.
    #[inline]
    #[target_feature(
        enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
    )]
    pub(crate) unsafe fn new(t: &Tables) -> Self {
        // SAFETY: features; `INCOMPLETE` has the 64 bytes that `load64`
        // reads at 0.
        let incomplete_max = unsafe { load64(&INCOMPLETE, 0) };
        Validator {
            prev_hi: table(&t.prev_hi),
            prev_lo: table(&t.prev_lo),
            cur_hi: table(&t.cur_hi),
            incomplete_max,
            keep: splat8(!t.marks),
            prev: _mm512_setzero_si512(),
            incomplete: _mm512_setzero_si512(),
            error: _mm512_setzero_si512(),
        }
    }

    /// Checks the 64 bytes `cur` that follow the bytes checked so far, and
    /// returns the classification of each pair (byte before, byte).
    #[inline]
    #[target_feature(
        enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
    )]
    pub(crate) fn check(&mut self, cur: __m512i) -> __m512i {
        // The 16 bytes before each 128-bit lane of `cur` (`valignq` by six
        // quadwords of `prev:cur`), then `vpalignr` within the lanes.
        let before = _mm512_alignr_epi64::<6>(cur, self.prev);
        let prev1 = _mm512_alignr_epi8::<15>(cur, before);
        let prev2 = _mm512_alignr_epi8::<14>(cur, before);
        let prev3 = _mm512_alignr_epi8::<13>(cur, before);
        let low = splat8(0x0F);
        let a = _mm512_shuffle_epi8(
            self.prev_hi,
            _mm512_and_si512(_mm512_srli_epi16::<4>(prev1), low),
        );
        let b = _mm512_shuffle_epi8(self.prev_lo, _mm512_and_si512(prev1, low));
        let c = _mm512_shuffle_epi8(
            self.cur_hi,
            _mm512_and_si512(_mm512_srli_epi16::<4>(cur), low),
        );
        // a & b & c
        let pair = _mm512_ternarylogic_epi32::<0x80>(a, b, c);
        let third = _mm512_subs_epu8(prev2, splat8(0xE0 - 0x80));
        let fourth = _mm512_subs_epu8(prev3, splat8(0xF0 - 0x80));
        // (third | fourth) & 0x80
        let must = _mm512_ternarylogic_epi32::<0xA8>(third, fourth, splat8(0x80));
        // (pair & keep) ^ must
        let errors = _mm512_ternarylogic_epi32::<0x6A>(pair, self.keep, must);
        self.error = _mm512_or_si512(self.error, errors);
        self.incomplete = _mm512_subs_epu8(cur, self.incomplete_max);
        self.prev = cur;
        pair
    }

    /// Skips 64 or more bytes known to be ASCII.
    #[inline]
    #[target_feature(
        enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
    )]
    pub(crate) fn ascii(&mut self) {
        self.error = _mm512_or_si512(self.error, self.incomplete);
        self.incomplete = _mm512_setzero_si512();
        self.prev = _mm512_setzero_si512();
    }

    /// Whether no error has been seen, not counting a sequence that the
    /// last vector leaves open.
    #[inline]
    #[target_feature(
        enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
    )]
    #[cfg_attr(
        not(feature = "alloc"),
        allow(dead_code, reason = "used by `encode_cow` and `decode_cow` only")
    )]
    pub(crate) fn clean(&self) -> bool {
        _mm512_test_epi8_mask(self.error, self.error) == 0
    }

    /// Whether the input checked so far is well formed, if it ends here.
    #[inline]
    #[target_feature(
        enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
    )]
    pub(crate) fn valid_end(&self) -> bool {
        let e = _mm512_or_si512(self.error, self.incomplete);
        _mm512_test_epi8_mask(e, e) == 0
    }
}
