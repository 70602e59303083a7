//! The AVX2 kernels of [`crate::simd::utf8`].

// The codec's short names (see `crate::engine`): `b` input bytes, `n` its
// length, `i` input cursor, `at` output cursor, `p` block, `v` a vector.
#![allow(clippy::many_single_char_names)]

use core::arch::x86_64::{
    __m256i, _mm_loadu_si128, _mm256_alignr_epi8, _mm256_and_si256, _mm256_broadcastsi128_si256,
    _mm256_loadu_si256, _mm256_or_si256, _mm256_permute2x128_si256, _mm256_setzero_si256,
    _mm256_shuffle_epi8, _mm256_srli_epi16, _mm256_subs_epu8, _mm256_testz_si256, _mm256_xor_si256,
};

use crate::simd::utf8::{INCOMPLETE, Tables, UTF8};

/// The state of a validation between vectors: the three tables, the last
/// vector, its incomplete end, and the errors so far.
#[derive(Clone, Copy)]
pub(crate) struct Validator {
    prev_hi: __m256i,
    prev_lo: __m256i,
    cur_hi: __m256i,
    incomplete_max: __m256i,
    /// The bits of the classification that are errors (not marks).
    keep: __m256i,
    /// The 32 bytes before the next vector (zero, which is ASCII, at the
    /// start and after an ASCII block).
    prev: __m256i,
    /// Nonzero where `prev` ends inside a sequence.
    incomplete: __m256i,
    /// Nonzero where an error was seen.
    error: __m256i,
}

// # `unsafe` here
//
// Every `#[target_feature]` function of this module (and of `simd::cesu`)
// is an `unsafe fn` whose `# Safety` contract includes that the CPU has the
// enabled features, `crate::simd::FEATURES` (`crate::simd::avx2()` says so). Inside one
// of them that holds, so calling another one (which enables the same
// features) from it needs nothing more: the `SAFETY:` comments of such
// calls say "features" and whatever else the callee requires. (Safe
// `#[target_feature]` functions, Rust 1.86, would make those calls safe;
// the kernels of this file keep the `unsafe fn` form, which every
// supported compiler accepts.) Value-only intrinsics and the two macros
// below need no `unsafe` in such a function (Rust 1.87, the crate's
// `rust-version`).

/// `$b` (a `u8`) in every byte of a vector.
///
/// A macro rather than a function so that it is exactly as safe as the
/// intrinsic: usable without `unsafe` in any function that enables AVX2,
/// and not elsewhere (see "`unsafe` here" above).
macro_rules! splat {
    ($b:expr) => {
        core::arch::x86_64::_mm256_set1_epi8(i8::from_ne_bytes([$b]))
    };
}
pub(crate) use splat;

/// The high bit of each byte of the vector `$v`, byte 0 in bit 0, as a
/// `u32`. A macro for the same reason as [`splat!`].
macro_rules! high_bits {
    ($v:expr) => {
        u32::from_ne_bytes(core::arch::x86_64::_mm256_movemask_epi8($v).to_ne_bytes())
    };
}
pub(crate) use high_bits;

/// Loads the 32 bytes `b[i..i + 32]`.
///
/// # Safety
/// The CPU must have the enabled features, and `i + 32 <= b.len()`.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
pub(crate) unsafe fn load32(b: &[u8], i: usize) -> __m256i {
    debug_assert!(i <= b.len() && b.len() - i >= 32, "load32 out of bounds");
    // SAFETY: the caller guarantees `i + 32 <= b.len()`, so the 32 bytes
    // from `b.as_ptr() + i` are within `b`; the load is unaligned.
    unsafe { _mm256_loadu_si256(b.as_ptr().add(i).cast()) }
}

/// The 16 bytes of `t` in both lanes of a vector.
///
/// # Safety
/// The CPU must have the enabled features.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
unsafe fn table(t: &[u8; 16]) -> __m256i {
    // SAFETY: `t` is a reference to 16 bytes, exactly what the unaligned
    // 128-bit load reads.
    let v = unsafe { _mm_loadu_si128(t.as_ptr().cast()) };
    _mm256_broadcastsi128_si256(v)
}

// Every method of `Validator` is an `unsafe fn` only for its target
// features: its one precondition is that the CPU has them.
impl Validator {
    /// A validator at the start of the input, or at any character boundary.
    ///
    /// # Safety
    /// The CPU must have the enabled features.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub(crate) unsafe fn new(t: &Tables) -> Self {
        // SAFETY: features (this function's own precondition); `INCOMPLETE`
        // has the 32 bytes that `load32` reads at 0.
        let (prev_hi, prev_lo, cur_hi, incomplete_max) = unsafe {
            (
                table(&t.prev_hi),
                table(&t.prev_lo),
                table(&t.cur_hi),
                load32(&INCOMPLETE, 0),
            )
        };
        Validator {
            prev_hi,
            prev_lo,
            cur_hi,
            incomplete_max,
            keep: splat!(!t.marks),
            prev: _mm256_setzero_si256(),
            incomplete: _mm256_setzero_si256(),
            error: _mm256_setzero_si256(),
        }
    }

    /// Checks the 32 bytes `cur` that follow the bytes checked so far.
    /// Returns the classification of each pair (byte before, byte), whose
    /// mark bits (see [`Tables`]) the caller may want.
    ///
    /// # Safety
    /// The CPU must have the enabled features.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub(crate) unsafe fn check(&mut self, cur: __m256i) -> __m256i {
        // `vpalignr` shifts within 128-bit lanes, so first the vector whose
        // low lane is the high lane of `prev` and whose high lane is the low
        // lane of `cur`: the 16 bytes before each lane of `cur`.
        let before = _mm256_permute2x128_si256::<0x21>(self.prev, cur);
        let prev1 = _mm256_alignr_epi8::<15>(cur, before);
        let prev2 = _mm256_alignr_epi8::<14>(cur, before);
        let prev3 = _mm256_alignr_epi8::<13>(cur, before);
        // The three nibbles of each pair through the three tables. The
        // 16-bit shift pulls bits of the neighbouring byte in; the mask
        // drops them (and keeps `vpshufb` off its "zero" bit 7).
        let low = splat!(0x0F);
        let pair = _mm256_and_si256(
            _mm256_and_si256(
                _mm256_shuffle_epi8(
                    self.prev_hi,
                    _mm256_and_si256(_mm256_srli_epi16::<4>(prev1), low),
                ),
                _mm256_shuffle_epi8(self.prev_lo, _mm256_and_si256(prev1, low)),
            ),
            _mm256_shuffle_epi8(
                self.cur_hi,
                _mm256_and_si256(_mm256_srli_epi16::<4>(cur), low),
            ),
        );
        // Bit 7 where this byte must be a continuation after a
        // continuation: `E0..` two bytes back, or `F0..` three back. The
        // subtractions leave bit 7 set exactly then (`DF - 60` and
        // `EF - 70` are `7F`).
        let third = _mm256_subs_epu8(prev2, splat!(0xE0 - 0x80));
        let fourth = _mm256_subs_epu8(prev3, splat!(0xF0 - 0x80));
        let must = _mm256_and_si256(_mm256_or_si256(third, fourth), splat!(0x80));
        let errors = _mm256_and_si256(pair, self.keep);
        self.error = _mm256_or_si256(self.error, _mm256_xor_si256(errors, must));
        self.incomplete = _mm256_subs_epu8(cur, self.incomplete_max);
        self.prev = cur;
        pair
    }

    /// Skips bytes known to be ASCII: they complete nothing that the last
    /// vector left open, and start nothing.
    ///
    /// # Safety
    /// The CPU must have the enabled features.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub(crate) unsafe fn ascii(&mut self) {
        self.error = _mm256_or_si256(self.error, self.incomplete);
        self.incomplete = _mm256_setzero_si256();
        self.prev = _mm256_setzero_si256();
    }

    /// Counts every nonzero byte of `bad` as an error.
    ///
    /// # Safety
    /// The CPU must have the enabled features.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub(crate) unsafe fn flag(&mut self, bad: __m256i) {
        self.error = _mm256_or_si256(self.error, bad);
    }

    /// Whether no error has been seen, not counting a sequence that the
    /// last vector leaves open.
    ///
    /// # Safety
    /// The CPU must have the enabled features.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub(crate) unsafe fn clean(&self) -> bool {
        _mm256_testz_si256(self.error, self.error) != 0
    }

    /// Whether the last vector ends inside a sequence.
    ///
    /// # Safety
    /// The CPU must have the enabled features.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub(crate) unsafe fn pending(&self) -> bool {
        _mm256_testz_si256(self.incomplete, self.incomplete) == 0
    }

    /// Whether the input checked so far is well formed, if it ends here.
    ///
    /// # Safety
    /// The CPU must have the enabled features.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub(crate) unsafe fn valid_end(&self) -> bool {
        let e = _mm256_or_si256(self.error, self.incomplete);
        _mm256_testz_si256(e, e) != 0
    }
}

/// Whether `b` is well-formed UTF-8 (exactly `core::str::from_utf8`),
/// with AVX2 (`crate::simd::utf8_is_valid` chooses the kernel).
///
/// # Safety
/// The CPU must have the enabled features ([`crate::simd::avx2`](fn@crate::simd::avx2)).
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
pub(crate) unsafe fn is_valid_avx2(b: &[u8]) -> bool {
    // SAFETY: features (this function's own precondition).
    let mut v = unsafe { Validator::new(&UTF8) };
    let n = b.len();
    let mut i = 0;
    // 64 bytes a turn: an ASCII block is one OR and one mask test, anything
    // else is classified, two vectors; errors are tested after the loop.
    // (Measured: an inner loop over ASCII runs, or checking the few
    // characters of a mostly-ASCII block by scalar code, is slower on
    // English text: the branch mispredictions at the ends of the runs cost
    // more than the vector work they save.)
    while i + 64 <= n {
        // SAFETY: features; `i + 64 <= n`, so both loads lie within `b`.
        let (x, y) = unsafe { (load32(b, i), load32(b, i + 32)) };
        if high_bits!(_mm256_or_si256(x, y)) == 0 {
            // SAFETY: features (all that `ascii` needs).
            unsafe { v.ascii() };
        } else {
            // SAFETY: features (all that `check` needs).
            unsafe {
                v.check(x);
                v.check(y);
            }
        }
        i += 64;
    }
    // The last 0..=63 bytes, zero-padded: the zeros are ASCII, so a
    // sequence that the end of `b` cuts is an error here.
    if i < n {
        let mut buf = [0u8; 64];
        buf[..n - i].copy_from_slice(&b[i..]);
        // SAFETY: features; `buf` has the 64 bytes that the loads read.
        unsafe {
            v.check(load32(&buf, 0));
            v.check(load32(&buf, 32));
        }
    }
    // SAFETY: features (all that `valid_end` needs).
    unsafe { v.valid_end() }
}
