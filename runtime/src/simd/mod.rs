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
//! [`avx512`](fn@avx512) says whether the AVX-512 kernels ([`avx512`](mod@avx512): UTF-8
//! validation, UTF-8 to and from UTF-16, the MUTF-8/CESU-8 scan) may run,
//! [`avx2`](fn@avx2) whether the AVX2 ones may: run-time detection with the `std`
//! feature (once, cached in one byte), compile-time `target_feature`
//! without it. Each operation runs the best kernel it has; where neither
//! says yes, and on other architectures, the `const` engine of
//! `crate::engine`, which is also what the vector loops fall back to for a
//! block they do not handle. The EBCDIC pages, whose bytes `00..=7F` are not
//! ASCII, go through the code-page kernels by way of a byte permutation
//! ([`proxy`]); the other such pages (the LCD ROMs, CP437 with glyphs) have
//! no kernel.
//!
//! # `unsafe`
//!
//! Only here, and only for three things: calling `#[target_feature]`
//! functions after [`avx2`](fn@avx2) or [`avx512`](fn@avx512) said yes, unaligned vector loads
//! and stores within bounds the surrounding code has checked, and masked
//! loads and stores whose selected bytes are within such bounds. Each block
//! says so in a `SAFETY:` comment. The unit tests of every kernel run once
//! per level the CPU has (`test_support::each_level`), and
//! `runtime/tests/codec/fast_api.rs` compares the public functions with the
//! `const fn`s on every prefix length 0..64 and every output length around
//! the exact one.

#![allow(unsafe_code)]
// Every unsafe operation in its own block with its own `SAFETY:` comment,
// also inside `unsafe fn`s (as edition 2024 has it).
#![warn(unsafe_op_in_unsafe_fn, clippy::undocumented_unsafe_blocks)]

#[cfg_attr(
    not(feature = "alloc"),
    allow(
        dead_code,
        reason = "the ASCII scan of `encode_cow` and `decode_cow` only"
    )
)]
pub(crate) mod ascii;
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx512;
pub(crate) mod cesu;
#[cfg(feature = "cjk")]
pub(crate) mod cjk;
#[cfg(target_arch = "aarch64")]
pub(crate) mod neon;
pub(crate) mod page;
pub(crate) mod portable;
pub(crate) mod proxy;
pub(crate) mod single_byte;
pub(crate) mod utf16_to_utf8;
pub(crate) mod utf32;
pub(crate) mod utf8;
pub(crate) mod utf8_to_utf16;

use crate::rules::Family;

/// The native units of `units` as bytes, as the UTF-16 kernels read them.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) fn unit_bytes(units: &[u16]) -> &[u8] {
    // SAFETY: the `2 * units.len()` bytes of `units` are initialized and
    // readable while `units` is borrowed, at its address, and `u8` needs
    // no alignment; their size is that of `units`, so at most
    // `isize::MAX`.
    unsafe { core::slice::from_raw_parts(units.as_ptr().cast::<u8>(), 2 * units.len()) }
}

/// Whether the AVX2 kernels may run on this CPU: AVX2 with the BMI1, BMI2,
/// POPCNT and LZCNT that every AVX2 CPU has (x86-64-v3 less FMA and MOVBE).
/// The kernels enable exactly [`FEATURES`].
#[inline]
pub(crate) fn avx2() -> bool {
    cfg!(target_arch = "x86_64") && level() >= Level::Avx2 as u8
}

/// Whether the NEON kernels (`simd/neon/`) may run: always on
/// aarch64, where NEON is part of the base architecture, unless the crate
/// is built with `--cfg litenc_portable` (or a test holds this thread at
/// the portable level); never elsewhere.
#[inline]
pub(crate) fn neon() -> bool {
    cfg!(target_arch = "aarch64") && level() >= Level::Neon as u8
}

/// Whether the AVX-512 kernels may run on this CPU: [`avx2`](fn@avx2) and
/// AVX-512 F, BW, VL, VBMI and VBMI2 (Ice Lake, Zen 4 and later). They
/// enable exactly [`FEATURES_512`].
#[inline]
pub(crate) fn avx512() -> bool {
    // On aarch64 the level is `Neon`, which is numbered above `Avx512`.
    cfg!(target_arch = "x86_64") && level() >= Level::Avx512 as u8
}

/// The kernels this CPU can run, from the least to the most.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
#[repr(u8)]
pub(crate) enum Level {
    /// The scalar code of the `const fn`s.
    #[cfg_attr(
        all(target_arch = "aarch64", not(any(test, litenc_portable))),
        allow(dead_code, reason = "every aarch64 CPU has NEON")
    )]
    Portable = 1,
    /// [`FEATURES`].
    Avx2 = 2,
    /// [`FEATURES_512`].
    Avx512 = 3,
    /// NEON, on aarch64 (the one level there above [`Level::Portable`]).
    Neon = 4,
}

/// The [`Level`] of this CPU, as a byte: detected once (with `std`) and
/// cached, so that a call on a short input pays one load and one compare
/// rather than a test of every feature.
#[inline]
fn level() -> u8 {
    #[cfg(test)]
    {
        let forced = test_support::FORCED.get();
        if forced != 0 {
            return forced.min(detected());
        }
    }
    detected()
}

/// [`level`] as detected; always [`Level::Portable`] when the crate is
/// built with `--cfg litenc_portable`, so that the portable kernels, which
/// other targets run, can be measured and tested on any CPU; at most
/// [`Level::Avx2`] with `--cfg litenc_avx2`, so that what a CPU without
/// AVX-512 runs can be measured on one with it.
#[inline]
fn detected() -> u8 {
    #[cfg(litenc_portable)]
    {
        Level::Portable as u8
    }
    #[cfg(all(not(litenc_portable), litenc_avx2))]
    {
        detected_cpu().min(Level::Avx2 as u8)
    }
    #[cfg(all(not(litenc_portable), not(litenc_avx2)))]
    {
        detected_cpu()
    }
}

/// The [`Level`] of this CPU, detected once and cached.
#[cfg(not(litenc_portable))]
#[inline]
fn detected_cpu() -> u8 {
    #[cfg(target_arch = "x86_64")]
    {
        use core::sync::atomic::{AtomicU8, Ordering};
        // 0 until the first call has detected the features. Two threads
        // that both see 0 both detect, and store the same value.
        static LEVEL: AtomicU8 = AtomicU8::new(0);
        let l = LEVEL.load(Ordering::Relaxed);
        if l != 0 {
            return l;
        }
        let l = detect() as u8;
        LEVEL.store(l, Ordering::Relaxed);
        l
    }
    #[cfg(target_arch = "aarch64")]
    {
        Level::Neon as u8
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        Level::Portable as u8
    }
}

/// Detects the [`Level`] of this CPU with `cpuid` and `xgetbv`, with or
/// without `std`: a feature counts only when the CPU has it *and* the
/// operating system saves the registers it uses (XCR0), as
/// `is_x86_feature_detected!` and the `cpufeatures` crate decide.
#[cfg(all(target_arch = "x86_64", not(litenc_portable)))]
#[cold]
#[inline]
fn detect() -> Level {
    let f = cpu::features();
    if f.avx2 {
        if f.avx512 {
            return Level::Avx512;
        }
        return Level::Avx2;
    }
    Level::Portable
}

/// `cpuid` and `xgetbv`, from `core::arch` (no `std`).
#[cfg(all(target_arch = "x86_64", any(test, not(litenc_portable))))]
pub(crate) mod cpu {
    use core::arch::x86_64::{__cpuid, __cpuid_count, _xgetbv, CpuidResult};

    /// What the kernels need, as [`features`] finds it.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub(crate) struct Features {
        /// [`super::FEATURES`] with the YMM state saved by the OS.
        pub(crate) avx2: bool,
        /// [`super::FEATURES_512`] with the opmask and ZMM state saved too.
        pub(crate) avx512: bool,
    }

    /// Whether bit `n` of `x` is set.
    #[inline]
    const fn bit(x: u32, n: u32) -> bool {
        x >> n & 1 == 1
    }

    /// `cpuid` of `leaf`, sub-leaf `sub`.
    #[allow(
        unused_unsafe,
        reason = "`__cpuid_count` is safe from Rust 1.87 on some targets"
    )]
    #[inline]
    fn cpuid(leaf: u32, sub: u32) -> CpuidResult {
        // SAFETY: every x86_64 CPU has `cpuid` (it is part of the base
        // instruction set of the architecture); an unknown leaf returns
        // zeros or the highest basic leaf, read only after the maximum
        // leaf was checked.
        unsafe { __cpuid_count(leaf, sub) }
    }

    /// The highest leaf of the basic (`0`) or extended (`0x8000_0000`)
    /// range.
    #[allow(
        unused_unsafe,
        reason = "`__cpuid` is safe from Rust 1.87 on some targets"
    )]
    #[inline]
    fn max_leaf(base: u32) -> u32 {
        // SAFETY: as in `cpuid`.
        unsafe { __cpuid(base) }.eax
    }

    /// XCR0, the register states the OS saves; call only when `cpuid`
    /// says OSXSAVE.
    #[target_feature(enable = "xsave")]
    #[inline]
    unsafe fn xcr0() -> u64 {
        // SAFETY: the caller checked OSXSAVE, so `xgetbv` exists and the
        // OS enabled it; register 0 always exists.
        unsafe { _xgetbv(0) }
    }

    /// Reads the features of this CPU (a few hundred cycles: cache it).
    #[inline]
    pub(crate) fn features() -> Features {
        let none = Features {
            avx2: false,
            avx512: false,
        };
        if max_leaf(0) < 7 {
            return none;
        }
        let l1 = cpuid(1, 0);
        // OSXSAVE (the OS uses XSAVE, so XCR0 is readable), AVX, POPCNT.
        if !(bit(l1.ecx, 27) && bit(l1.ecx, 28) && bit(l1.ecx, 23)) {
            return none;
        }
        // SAFETY: `cpuid` said OSXSAVE.
        let xcr0 = unsafe { xcr0() };
        // SSE (bit 1) and AVX (bit 2) state: the YMM registers are saved.
        if xcr0 & 0b110 != 0b110 {
            return none;
        }
        let l7 = cpuid(7, 0);
        let lzcnt = max_leaf(0x8000_0000) >= 0x8000_0001 && bit(cpuid(0x8000_0001, 0).ecx, 5);
        // BMI1 (ebx 3), AVX2 (ebx 5), BMI2 (ebx 8); LZCNT (ABM).
        let avx2 = bit(l7.ebx, 3) && bit(l7.ebx, 5) && bit(l7.ebx, 8) && lzcnt;
        // AVX-512 F (ebx 16), BW (ebx 30), VL (ebx 31), VBMI (ecx 1),
        // VBMI2 (ecx 6); the opmask (bit 5) and ZMM (6, 7) states saved.
        let avx512 = avx2
            && bit(l7.ebx, 16)
            && bit(l7.ebx, 30)
            && bit(l7.ebx, 31)
            && bit(l7.ecx, 1)
            && bit(l7.ecx, 6)
            && xcr0 & 0b1110_0000 == 0b1110_0000;
        Features { avx2, avx512 }
    }

    #[cfg(test)]
    mod tests {
        extern crate std;

        /// The detection without `std` finds what `std` finds.
        #[test]
        fn cpuid_agrees_with_std() {
            let avx2 = std::is_x86_feature_detected!("avx2")
                && std::is_x86_feature_detected!("bmi1")
                && std::is_x86_feature_detected!("bmi2")
                && std::is_x86_feature_detected!("popcnt")
                && std::is_x86_feature_detected!("lzcnt");
            let avx512 = avx2
                && std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx512bw")
                && std::is_x86_feature_detected!("avx512vl")
                && std::is_x86_feature_detected!("avx512vbmi")
                && std::is_x86_feature_detected!("avx512vbmi2");
            assert_eq!(super::features(), super::Features { avx2, avx512 });
        }
    }
}

/// The `target_feature` list of every AVX2 kernel (documentation: the
/// attribute itself must be a literal).
#[allow(dead_code)]
pub(crate) const FEATURES: &str = "avx2,bmi1,bmi2,popcnt,lzcnt";

/// The `target_feature` list of every AVX-512 kernel.
#[allow(dead_code)]
pub(crate) const FEATURES_512: &str =
    "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt";

/// Whether `b` is well-formed UTF-8 (exactly `core::str::from_utf8`), by
/// the best kernel this CPU has.
#[inline]
pub(crate) fn utf8_is_valid(b: &[u8]) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        if avx512() {
            // SAFETY: `avx512()` said that this CPU has every feature that
            // the AVX-512 kernel enables.
            return unsafe { avx512::utf8::is_valid(b) };
        }
        if avx2() {
            // SAFETY: `avx2()` said that this CPU has every feature that
            // `is_valid_avx2` enables.
            return unsafe { avx2::utf8::is_valid_avx2(b) };
        }
    }
    #[cfg(target_arch = "aarch64")]
    if neon() {
        return neon::utf8::is_valid(b);
    }
    portable::utf8::is_valid(b)
}

/// `encode_into(f, text, dst)` where a kernel exists and succeeds.
#[allow(clippy::inline_always, reason = "a constant family must fold away")]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn encode_into(f: Family, text: &str, dst: &mut [u8]) -> Option<usize> {
    match f {
        Family::Utf8 => {
            let out = dst.get_mut(..text.len())?;
            out.copy_from_slice(text.as_bytes());
            Some(text.len())
        }
        Family::Cesu { java: true } => cesu::encode::<true>(text, dst),
        Family::Cesu { java: false } => cesu::encode::<false>(text, dst),
        Family::Utf16 { big_endian } => encode_utf16_bytes(text, dst, big_endian),
        Family::Utf32 { big_endian: false } => utf32::encode_bytes::<false>(text, dst),
        Family::Utf32 { big_endian: true } => utf32::encode_bytes::<true>(text, dst),
        // A page whose low half is not ASCII goes through its proxy, if it
        // has one, else the engine.
        Family::SingleByte(t) => page::encode(t, text, dst),
        // No kernel: the engine's loop (an SMS is 160 septets).
        Family::Gsm => None,
        #[cfg(feature = "cjk")]
        Family::Cjk(c) => cjk::encode(c, text, dst),
    }
}

/// UTF-8 to UTF-16 bytes: the unit kernel into a block on the stack, then
/// the units as bytes in the wanted order (a loop LLVM vectorizes). The
/// portable kernel's plan is sampled once, from the whole text, for every
/// block: against a plan sampled for each block of 512 bytes, as its
/// `encode_units` would, Japanese, Korean, Chinese, English and emoji text
/// ran 1.16x to 1.46x as fast, Russian and Traditional Chinese 1.04x to
/// 1.13x (28 Nov).
#[inline]
fn encode_utf16_bytes(text: &str, dst: &mut [u8], big_endian: bool) -> Option<usize> {
    if avx2() || neon() {
        return encode_utf16_bytes_by(text, dst, big_endian, utf8_to_utf16::encode_units);
    }
    let plan = portable::utf16::text_plan(text.as_bytes());
    encode_utf16_bytes_by(text, dst, big_endian, |piece, units| {
        portable::utf16::encode_units_with(plan, piece, units)
    })
}

/// [`encode_utf16_bytes`] by `encode`, the unit kernel.
#[inline]
fn encode_utf16_bytes_by(
    text: &str,
    dst: &mut [u8],
    big_endian: bool,
    encode: impl Fn(&str, &mut [u16]) -> Option<usize>,
) -> Option<usize> {
    /// Bytes of text per block: never more units than bytes.
    const BLOCK: usize = 512;
    let mut units = [0u16; BLOCK];
    let mut at = 0;
    let mut i = 0;
    while i < text.len() {
        let mut end = (i + BLOCK).min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let n = encode(&text[i..end], &mut units)?;
        let out = dst.get_mut(at..at + 2 * n)?;
        for (pair, unit) in out.chunks_exact_mut(2).zip(&units[..n]) {
            pair.copy_from_slice(&if big_endian {
                unit.to_be_bytes()
            } else {
                unit.to_le_bytes()
            });
        }
        at += 2 * n;
        i = end;
    }
    Some(at)
}

/// `validate(f, bytes).is_ok()`, fast where a kernel exists; `None` where
/// none does.
#[allow(clippy::inline_always, reason = "a constant family must fold away")]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn validate(f: Family, bytes: &[u8]) -> Option<bool> {
    match f {
        Family::Utf8 => Some(utf8_is_valid(bytes)),
        Family::SingleByte(t) => page::validate(t, bytes),
        Family::Utf32 { big_endian: false } => Some(utf32::decoded_len::<false>(bytes).is_some()),
        Family::Utf32 { big_endian: true } => Some(utf32::decoded_len::<true>(bytes).is_some()),
        // `None` (bad input): the engine says where.
        Family::Cesu { java: true } => cesu::decoded_len::<true>(bytes).map(|_| true),
        Family::Cesu { java: false } => cesu::decoded_len::<false>(bytes).map(|_| true),
        #[cfg(feature = "cjk")]
        Family::Cjk(c) => Some(cjk::decoded_len(c, bytes).is_some()),
        _ => None,
    }
}

/// `decoded_len(f, bytes).ok()` where a kernel exists; `None` where none
/// does or the input is bad.
#[allow(clippy::inline_always, reason = "a constant family must fold away")]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn decoded_len(f: Family, bytes: &[u8]) -> Option<usize> {
    match f {
        Family::Utf8 => utf8_is_valid(bytes).then_some(bytes.len()),
        Family::SingleByte(t) => page::decoded_len(t, bytes),
        Family::Utf32 { big_endian: false } => utf32::decoded_len::<false>(bytes),
        Family::Utf32 { big_endian: true } => utf32::decoded_len::<true>(bytes),
        Family::Cesu { java: true } => cesu::decoded_len::<true>(bytes),
        Family::Cesu { java: false } => cesu::decoded_len::<false>(bytes),
        #[cfg(feature = "cjk")]
        Family::Cjk(c) => cjk::decoded_len(c, bytes),
        _ => None,
    }
}

/// `decode_into(f, bytes, dst)` where a kernel exists and succeeds.
#[allow(clippy::inline_always, reason = "a constant family must fold away")]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn decode_into(f: Family, bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    match f {
        Family::Utf8 => {
            let out = dst.get_mut(..bytes.len())?;
            if !utf8_is_valid(bytes) {
                return None;
            }
            out.copy_from_slice(bytes);
            Some(bytes.len())
        }
        Family::Utf16 { big_endian: false } => utf16_to_utf8::decode_bytes::<false>(bytes, dst),
        Family::Utf16 { big_endian: true } => utf16_to_utf8::decode_bytes::<true>(bytes, dst),
        Family::Cesu { java: true } => cesu::decode::<true>(bytes, dst),
        Family::Cesu { java: false } => cesu::decode::<false>(bytes, dst),
        Family::Utf32 { big_endian: false } => utf32::decode_bytes::<false>(bytes, dst),
        Family::Utf32 { big_endian: true } => utf32::decode_bytes::<true>(bytes, dst),
        Family::SingleByte(t) => page::decode(t, bytes, dst),
        Family::Gsm => None,
        #[cfg(feature = "cjk")]
        Family::Cjk(c) => cjk::decode(c, bytes, dst),
    }
}

/// `encode_into(f, text, ..)` into a new vector, where a kernel does that
/// and succeeds; `None` otherwise.
#[cfg(feature = "alloc")]
#[allow(clippy::inline_always, reason = "a constant family must fold away")]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn encode_vec(f: Family, text: &str) -> Option<alloc::vec::Vec<u8>> {
    match f {
        Family::SingleByte(t) => page::encode_vec(t, text),
        _ => None,
    }
}

/// `decode_into(f, bytes, ..)` into a new vector of exactly the output's
/// length, where a kernel does that and succeeds; `None` otherwise.
#[cfg(feature = "alloc")]
#[allow(clippy::inline_always, reason = "a constant family must fold away")]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn decode_vec(f: Family, bytes: &[u8]) -> Option<alloc::vec::Vec<u8>> {
    match f {
        Family::SingleByte(t) => page::decode_vec(t, bytes),
        _ => None,
    }
}

/// What the kernels' unit tests share.
#[cfg(test)]
pub(crate) mod test_support {
    extern crate std;

    std::thread_local! {
        /// The [`super::Level`] that [`super::level`] reports on this
        /// thread (at most the detected one), or 0 for the detected one.
        pub(super) static FORCED: core::cell::Cell<u8> = const { core::cell::Cell::new(0) };
    }

    /// Runs `f` once for each kernel level this CPU has (portable, AVX2,
    /// AVX-512), with the dispatch of this thread held at that level, so
    /// that every test of a kernel tests each of its versions.
    #[inline]
    pub(crate) fn each_level(mut f: impl FnMut(super::Level)) {
        use super::Level;
        let levels: &[Level] = if cfg!(target_arch = "aarch64") {
            &[Level::Portable, Level::Neon]
        } else {
            &[Level::Portable, Level::Avx2, Level::Avx512]
        };
        for &l in levels {
            if l as u8 > super::detected() {
                break;
            }
            FORCED.set(l as u8);
            f(l);
        }
        FORCED.set(0);
    }

    /// Fails if the CPU has AVX2 (or AVX-512) but [`super::avx2`] (or
    /// [`super::avx512`]) says no, so that a detection bug cannot quietly
    /// send every test down the portable path.
    #[inline]
    pub(crate) fn assert_avx2() {
        #[cfg(litenc_portable)]
        assert!(
            !super::avx2(),
            "built with litenc_portable but a SIMD level is on"
        );
        #[cfg(all(target_arch = "x86_64", not(litenc_portable)))]
        {
            if std::is_x86_feature_detected!("avx2") {
                assert!(super::avx2(), "AVX2 present but not detected");
            }
            if std::is_x86_feature_detected!("avx512vbmi2") {
                assert!(super::avx512(), "AVX-512 present but not detected");
            }
        }
        #[cfg(all(target_arch = "aarch64", not(litenc_portable)))]
        assert!(super::neon(), "NEON is part of aarch64 but not on");
    }

    /// Whether the tests run under Miri (`scripts/memcheck.sh`), which is
    /// some ten thousand times slower than a native test build: then each
    /// test tries a small sample of its cases, which still takes every path
    /// of the kernels (vector blocks, the hand-overs to scalar code, the
    /// tails, short buffers), for what Miri is for (memory errors and
    /// undefined behaviour), while native runs check every case.
    pub(crate) const MIRI: bool = cfg!(miri);

    /// Whether the tests run under an emulator (`qemu-user`, or Node's WASI
    /// on one thread, which `scripts/cross.sh` runs other targets' tests
    /// under and builds them for with `--cfg litenc_emulated`), some 5 to 50
    /// times slower than a native run: then the sweeps take a step between Miri's and none (the
    /// square root of Miri's), so that each test still crosses every block
    /// boundary and kind of input, at a fraction of the cases.
    pub(crate) const EMULATED: bool = cfg!(litenc_emulated);

    /// The step between the cases a sweep tries, for a sweep that Miri
    /// takes every `n`th case of: `n` under Miri, about its square root
    /// under an emulator, 1 natively.
    #[inline]
    pub(crate) const fn step(n: usize) -> usize {
        if MIRI {
            n
        } else if EMULATED {
            if n.isqrt() > 1 { n.isqrt() } else { 1 }
        } else {
            1
        }
    }

    /// The items of `items`, or under Miri every `n`th of them from the
    /// first (under an emulator, every [`step`]th).
    pub(crate) fn sample<I: IntoIterator>(items: I, n: usize) -> core::iter::StepBy<I::IntoIter> {
        items.into_iter().step_by(step(n))
    }

    /// All of `items`, or under Miri the first and the last: the buffer
    /// lengths to try.
    pub(crate) fn ends<T>(items: &[T]) -> core::iter::StepBy<core::slice::Iter<'_, T>> {
        let step = if MIRI { items.len().max(2) - 1 } else { 1 };
        items.iter().step_by(step)
    }

    /// `native`, or `miri` under Miri: a number of random cases (under an
    /// emulator, a sixteenth of `native`, and at least `miri`).
    #[inline]
    pub(crate) const fn cases(native: usize, miri: usize) -> usize {
        if MIRI {
            miri
        } else if EMULATED {
            if native / 16 > miri {
                native / 16
            } else {
                miri
            }
        } else {
            native
        }
    }

    /// xorshift64: fixed seeds, so the random cases are the same every run.
    pub(crate) struct Rng(pub(crate) u64);

    impl Rng {
        #[inline]
        pub(crate) fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        /// A number below `n`.
        #[inline]
        pub(crate) fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }

        /// An index below `n`.
        #[inline]
        pub(crate) fn index(&mut self, n: usize) -> usize {
            usize::try_from(self.below(n as u64)).unwrap_or(0)
        }
    }
}
