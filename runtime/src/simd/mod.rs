//! The run-time kernels behind [`crate::fast`]: the one module of this crate
//! where `unsafe` is allowed, for `core::arch` SIMD on `x86_64`.
//!
//! # The contract of a kernel
//!
//! Every kernel is a safe function that converts (or checks) its whole input
//! in one pass and returns `Some(written)` (or `true`) when the input is
//! well formed and the output fits in `dst`, and `None` (or `false`)
//! otherwise. It never says *why*: on `None` the caller,
//! [`crate::fast`], runs the `const fn` of the same name, which gives the
//! exact error (`valid_up_to`, `error_len`, the offending character, the
//! length needed). So the answers of the fast functions are the answers of
//! the `const fn`s by construction, and the kernels only ever have to be
//! right about "well formed and fits". After `None`, `dst` holds whatever
//! the kernel wrote.
//!
//! A kernel must return `Some` for *every* well-formed input whose output
//! fits, whatever its content (an emoji in Chinese text, a tail of one
//! byte): it handles the blocks that its vector loop does not by scalar code
//! of its own, so a `None` never costs a second pass on good input.
//!
//! # Dispatch
//!
//! [`avx2`] says whether the AVX2 kernels may run: run-time detection with
//! the `std` feature (cached by std), compile-time `target_feature` without
//! it. Where it is false, and on other architectures, each kernel runs the
//! `const` engine of `crate::engine`, which is also what the vector
//! loops fall back to for a block they do not handle.
//!
//! # `unsafe`
//!
//! Only here, and only for two things: calling `#[target_feature]`
//! functions after [`avx2`] said yes, and unaligned vector loads and stores
//! within bounds the surrounding code has checked. Each block says so in a
//! `SAFETY:` comment. The tests in `runtime/tests/fast_api.rs` compare every
//! kernel with the `const fn`s on every prefix length 0..64 and every
//! output length around the exact one.

#![allow(unsafe_code)]
// Every unsafe operation in its own block with its own `SAFETY:` comment,
// also inside `unsafe fn`s (as edition 2024 has it).
#![warn(unsafe_op_in_unsafe_fn, clippy::undocumented_unsafe_blocks)]

pub(crate) mod cesu;
#[cfg(feature = "cjk")]
pub(crate) mod cjk;
pub(crate) mod utf16_to_utf8;
pub(crate) mod utf8;
pub(crate) mod utf8_to_utf16;
pub(crate) mod windows1251;

use crate::encoding::Encoding;
use crate::rules::Family;

/// Whether the AVX2 kernels may run on this CPU: AVX2 with the BMI1, BMI2,
/// POPCNT and LZCNT that every AVX2 CPU has (x86-64-v3 less FMA and MOVBE).
/// The kernels enable exactly [`FEATURES`].
#[inline]
pub(crate) fn avx2() -> bool {
    #[cfg(all(target_arch = "x86_64", feature = "std"))]
    {
        std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("lzcnt")
    }
    #[cfg(all(target_arch = "x86_64", not(feature = "std")))]
    {
        cfg!(all(
            target_feature = "avx2",
            target_feature = "bmi1",
            target_feature = "bmi2",
            target_feature = "popcnt",
            target_feature = "lzcnt"
        ))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The `target_feature` list of every AVX2 kernel (documentation: the
/// attribute itself must be a literal).
#[allow(dead_code)]
pub(crate) const FEATURES: &str = "avx2,bmi1,bmi2,popcnt,lzcnt";

/// `encode_into(f, text, dst)` where a kernel exists and succeeds.
#[allow(clippy::inline_always, reason = "a constant family must fold away")]
#[inline(always)]
pub(crate) fn encode_into(f: Family, text: &str, dst: &mut [u8]) -> Option<usize> {
    match f {
        Family::Utf8 => {
            let out = dst.get_mut(..text.len())?;
            out.copy_from_slice(text.as_bytes());
            Some(text.len())
        }
        Family::Cesu { java: true } => cesu::encode::<true>(text, dst),
        Family::Cesu { java: false } => cesu::encode::<false>(text, dst),
        Family::SingleByte(t) if matches!(t.encoding, Encoding::Windows1251) => {
            windows1251::encode(text, dst)
        }
        Family::SingleByte(_) | Family::Utf16 { .. } => None,
        #[cfg(feature = "cjk")]
        Family::Cjk(c) => cjk::encode(c, text, dst),
    }
}

/// `validate(f, bytes).is_ok()`, fast where a kernel exists; `None` where
/// none does.
#[allow(clippy::inline_always, reason = "a constant family must fold away")]
#[inline(always)]
pub(crate) fn validate(f: Family, bytes: &[u8]) -> Option<bool> {
    match f {
        Family::Utf8 => Some(utf8::is_valid(bytes)),
        Family::SingleByte(t) if t.total => Some(true),
        #[cfg(feature = "cjk")]
        Family::Cjk(c) => Some(cjk::decoded_len(c, bytes).is_some()),
        _ => None,
    }
}

/// `decode_into(f, bytes, dst)` where a kernel exists and succeeds.
#[allow(clippy::inline_always, reason = "a constant family must fold away")]
#[inline(always)]
pub(crate) fn decode_into(f: Family, bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    match f {
        Family::Utf8 => {
            let out = dst.get_mut(..bytes.len())?;
            if !utf8::is_valid(bytes) {
                return None;
            }
            out.copy_from_slice(bytes);
            Some(bytes.len())
        }
        Family::Utf16 { big_endian: false } => utf16_to_utf8::decode_bytes::<false>(bytes, dst),
        Family::Utf16 { big_endian: true } => utf16_to_utf8::decode_bytes::<true>(bytes, dst),
        Family::Cesu { java: true } => cesu::decode::<true>(bytes, dst),
        Family::Cesu { java: false } => cesu::decode::<false>(bytes, dst),
        Family::SingleByte(t) if matches!(t.encoding, Encoding::Windows1251) => {
            windows1251::decode(bytes, dst)
        }
        Family::SingleByte(_) => None,
        #[cfg(feature = "cjk")]
        Family::Cjk(c) => cjk::decode(c, bytes, dst),
    }
}

/// What the kernels' unit tests share.
#[cfg(test)]
pub(crate) mod test_support {
    /// Fails if the CPU has AVX2 but [`super::avx2`] says no, so that a
    /// detection bug cannot quietly send every test down the portable path.
    pub(crate) fn assert_avx2() {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") {
            assert!(super::avx2(), "AVX2 present but not detected");
        }
    }

    /// xorshift64: fixed seeds, so the random cases are the same every run.
    pub(crate) struct Rng(pub(crate) u64);

    impl Rng {
        pub(crate) fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        /// A number below `n`.
        pub(crate) fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }

        /// An index below `n`.
        pub(crate) fn index(&mut self, n: usize) -> usize {
            usize::try_from(self.below(n as u64)).unwrap_or(0)
        }
    }
}
