//! Run-time twins of the codec functions: the same answers, faster, not
//! `const`.
//!
//! Every function here has a `const fn` of the same name (in the module of
//! the same name one level up, or on [`Encoding`]) and
//! returns exactly what that one returns, for every input and every buffer
//! length: the same `Ok` value and bytes, the same error with the same
//! positions. What differs:
//!
//! - **Speed.** These may use SIMD (AVX2 and AVX-512 on `x86_64`, detected at
//!   run time with `cpuid`, with or without the `std` feature) and write their
//!   output in one pass; on other targets they run portable kernels in safe
//!   Rust that work on eight or sixteen bytes at a time (SWAR). Stable Rust
//!   cannot run other code in a `const fn` at run time than at compile time,
//!   so the `const fn`s stay scalar; see the table in the README for what
//!   each gains.
//! - **The rest of `out`.** The `const fn`s check their whole input before
//!   they write, so after an error `out` is as it was, and they write
//!   nothing past the length they return. These write as they go, in whole
//!   vectors: after an error the contents of `out` are unspecified, and
//!   after `Ok(n)` the bytes past `n` may have been overwritten too (as with
//!   simdutf). The results themselves are the same.
//!
//! Use these at run time, the `const fn`s in `const` items; the `alloc`
//! helpers (`encode`, `decode`, [`utf16::encode_units`](crate::utf16::encode_units),
//! ...) already call these.
//!
//! ```
//! use litenc_runtime::fast;
//!
//! let mut units = [0u16; 16];
//! let n = fast::utf16::encode_units_into("Привет, 世界", &mut units).unwrap();
//! let mut back = [0u8; 64];
//! let m = fast::utf16::decode_units_into(&units[..n], &mut back).unwrap();
//! assert_eq!(&back[..m], "Привет, 世界".as_bytes());
//!
//! // The same error as `litenc_runtime::utf8::validate`, at the same place.
//! let e = fast::utf8::validate(b"ab\xE2\x82").unwrap_err();
//! assert_eq!((e.valid_up_to(), e.error_len()), (2, None));
//! ```

use crate::encoding::Encoding;
use crate::error::{DecodeError, EncodeError};
use crate::rules::Family;
use crate::simd;

/// Which kernels the functions of this module run on this CPU: `"avx512"`
/// (`x86_64` with AVX2, BMI1, BMI2, POPCNT and LZCNT, and AVX-512 F, BW,
/// VL, VBMI and VBMI2: Intel from Ice Lake, AMD from Zen 4), `"avx2"` (the
/// same without AVX-512), both detected once at run time by `cpuid` and
/// `xgetbv` (no `std` needed); `"neon"` on aarch64 (Apple silicon, Android,
/// Graviton, Ampere), where NEON is part of the base architecture; or
/// `"portable"`: safe Rust on 64-bit words, what every other target (wasm,
/// RISC-V, Cortex-M, 32-bit x86) and an older `x86_64` CPU run (there the code pages run their `const
/// fn`s, so that a program of one page links one fallback beside its AVX2
/// kernel). With `"avx512"`, UTF-8 validation, UTF-8 to and from UTF-16
/// and the scans of `encode_cow` and `decode_cow` run AVX-512 kernels and
/// the rest AVX2. The answers are the same either way;
/// only the speed differs.
///
/// # Running the portable kernels on any CPU
///
/// Built with `RUSTFLAGS="--cfg litenc_portable"`, this crate runs its
/// portable kernels whatever the CPU, and this function returns
/// `"portable"`: the way to test and measure on an `x86_64` machine what
/// other targets run.
///
/// ```sh
/// RUSTFLAGS="--cfg litenc_portable" cargo test --target-dir target/portable
/// ```
///
/// ```
/// let k = litenc_runtime::fast::implementation();
/// assert!(["avx512", "avx2", "neon", "portable"].contains(&k));
/// ```
#[must_use]
#[inline]
pub fn implementation() -> &'static str {
    if simd::avx512() {
        "avx512"
    } else if simd::avx2() {
        "avx2"
    } else if simd::neon() {
        "neon"
    } else {
        "portable"
    }
}

/// The twins over an encoding's [`Family`], which the modules below of the
/// encodings other than the code pages (see [`page`]), the functions over an
/// [`Encoding`] and the `alloc` helpers call with a constant family. Always
/// inlined, so that the constant folds the `match` away and a module links
/// only its own encoding's code and tables.
#[allow(clippy::inline_always, reason = "a constant family must fold away")]
pub(crate) mod family {
    use super::{DecodeError, EncodeError, Family, simd};

    /// See [`super::encoded_len`].
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn encoded_len(f: Family, text: &str) -> Result<usize, EncodeError> {
        match f {
            Family::Utf16 { .. } => Ok(2 * simd::utf8_to_utf16::units_len(text)),
            Family::Cesu { java: true } => Ok(simd::cesu::encoded_len::<true>(text)),
            Family::Cesu { java: false } => Ok(simd::cesu::encoded_len::<false>(text)),
            _ => crate::engine::encoded_len(f, text),
        }
    }

    /// See [`super::encode_into`].
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn encode_into(f: Family, text: &str, out: &mut [u8]) -> Result<usize, EncodeError> {
        match simd::encode_into(f, text, out) {
            Some(n) => Ok(n),
            None => crate::engine::encode_into(f, text, out),
        }
    }

    /// See [`super::validate`].
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn validate(f: Family, bytes: &[u8]) -> Result<(), DecodeError> {
        match simd::validate(f, bytes) {
            Some(true) => Ok(()),
            _ => crate::engine::validate(f, bytes),
        }
    }

    /// See [`super::decoded_len`].
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn decoded_len(f: Family, bytes: &[u8]) -> Result<usize, DecodeError> {
        match simd::decoded_len(f, bytes) {
            Some(n) => Ok(n),
            None => crate::engine::decoded_len(f, bytes),
        }
    }

    /// See [`super::decode_into`].
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn decode_into(
        f: Family,
        bytes: &[u8],
        out: &mut [u8],
    ) -> Result<usize, DecodeError> {
        match simd::decode_into(f, bytes, out) {
            Some(n) => Ok(n),
            None => crate::engine::decode_into(f, bytes, out),
        }
    }
}

/// The twins over one code page, which the code pages' modules below call
/// with their table: no [`Family`] to match again, so that a page's call
/// links its kernel and its `const fn` and none of the other families'
/// code, whatever the optimizer makes of a family value. Always inlined in
/// release builds, for the same reason as [`family`]: the page is a
/// constant where its kernel is chosen.
#[allow(
    clippy::inline_always,
    reason = "a constant page must fold its kernel's choice away"
)]
pub(crate) mod page {
    use super::{DecodeError, EncodeError};
    use crate::engine::single_byte as engine;
    use crate::simd::page as kernel;
    use crate::table::SingleByte;

    /// See [`super::encoded_len`].
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn encoded_len(t: &'static SingleByte, text: &str) -> Result<usize, EncodeError> {
        engine::encoded_len(t, text)
    }

    /// See [`super::encode_into`].
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn encode_into(
        t: &'static SingleByte,
        text: &str,
        out: &mut [u8],
    ) -> Result<usize, EncodeError> {
        match kernel::encode(t, text, out) {
            Some(n) => Ok(n),
            None => engine::encode_into(t, text, out),
        }
    }

    /// See [`super::validate`].
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn validate(t: &'static SingleByte, bytes: &[u8]) -> Result<(), DecodeError> {
        match kernel::validate(t, bytes) {
            Some(true) => Ok(()),
            _ => engine::decoded_len(t, bytes).map(|_| ()),
        }
    }

    /// See [`super::decoded_len`].
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn decoded_len(t: &'static SingleByte, bytes: &[u8]) -> Result<usize, DecodeError> {
        match kernel::decoded_len(t, bytes) {
            Some(n) => Ok(n),
            None => engine::decoded_len(t, bytes),
        }
    }

    /// See [`super::decode_into`].
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn decode_into(
        t: &'static SingleByte,
        bytes: &[u8],
        out: &mut [u8],
    ) -> Result<usize, DecodeError> {
        match kernel::decode(t, bytes, out) {
            Some(n) => Ok(n),
            None => engine::decode_into(t, bytes, out),
        }
    }
}

/// [`Encoding::encoded_len`] at run time.
///
/// # Errors
/// As the `const fn`.
#[inline]
pub fn encoded_len(enc: Encoding, text: &str) -> Result<usize, EncodeError> {
    family::encoded_len(enc.family(), text)
}

/// [`Encoding::encode_into`] at run time; after
/// an error the contents of `out` are unspecified.
///
/// # Errors
/// As the `const fn`.
///
/// ```
/// use litenc_runtime::{fast, Encoding};
///
/// let mut out = [0u8; 8];
/// let n = fast::encode_into(Encoding::Windows1251, "Жук", &mut out).unwrap();
/// assert_eq!(&out[..n], b"\xC6\xF3\xEA");
/// ```
#[inline]
pub fn encode_into(enc: Encoding, text: &str, out: &mut [u8]) -> Result<usize, EncodeError> {
    family::encode_into(enc.family(), text, out)
}

/// [`Encoding::validate`] at run time.
///
/// # Errors
/// As the `const fn`.
#[inline]
pub fn validate(enc: Encoding, bytes: &[u8]) -> Result<(), DecodeError> {
    family::validate(enc.family(), bytes)
}

/// [`Encoding::decoded_len`] at run time.
///
/// # Errors
/// As the `const fn`.
#[inline]
pub fn decoded_len(enc: Encoding, bytes: &[u8]) -> Result<usize, DecodeError> {
    family::decoded_len(enc.family(), bytes)
}

/// [`Encoding::decode_into`] at run time; after
/// an error the contents of `out` are unspecified.
///
/// # Errors
/// As the `const fn`.
///
/// ```
/// use litenc_runtime::{fast, Encoding};
///
/// let mut out = [0u8; 16];
/// let n = fast::decode_into(Encoding::Mutf8, b"a\xC0\x80b", &mut out).unwrap();
/// assert_eq!(&out[..n], b"a\0b");
/// ```
#[inline]
pub fn decode_into(enc: Encoding, bytes: &[u8], out: &mut [u8]) -> Result<usize, DecodeError> {
    family::decode_into(enc.family(), bytes, out)
}

/// Stamps out the run-time twins of one byte-oriented module, each a call of
/// the function of the same name in `$via` (`family` or `page`) with `$arg`
/// (the family or the page's table) first.
macro_rules! fast_byte_api {
    ($(#[$doc:meta])* $m:ident, $via:ident($arg:expr)) => {
        $(#[$doc])*
        pub mod $m {
            use crate::error::{DecodeError, EncodeError};

            #[doc = concat!("[`", stringify!($m), "::encoded_len`](crate::", stringify!($m), "::encoded_len) at run time.")]
            ///
            /// # Errors
            /// As the `const fn`.
            #[inline]
            pub fn encoded_len(text: &str) -> Result<usize, EncodeError> {
                super::$via::encoded_len($arg, text)
            }

            #[doc = concat!("[`", stringify!($m), "::encode_into`](crate::", stringify!($m), "::encode_into) at run time; after an error the contents of `out` are unspecified.")]
            ///
            /// # Errors
            /// As the `const fn`.
            #[inline]
            pub fn encode_into(text: &str, out: &mut [u8]) -> Result<usize, EncodeError> {
                super::$via::encode_into($arg, text, out)
            }

            #[doc = concat!("[`", stringify!($m), "::validate`](crate::", stringify!($m), "::validate) at run time.")]
            ///
            /// # Errors
            /// As the `const fn`.
            #[inline]
            pub fn validate(bytes: &[u8]) -> Result<(), DecodeError> {
                super::$via::validate($arg, bytes)
            }

            #[doc = concat!("[`", stringify!($m), "::decoded_len`](crate::", stringify!($m), "::decoded_len) at run time.")]
            ///
            /// # Errors
            /// As the `const fn`.
            #[inline]
            pub fn decoded_len(bytes: &[u8]) -> Result<usize, DecodeError> {
                super::$via::decoded_len($arg, bytes)
            }

            #[doc = concat!("[`", stringify!($m), "::decode_into`](crate::", stringify!($m), "::decode_into) at run time; after an error the contents of `out` are unspecified.")]
            ///
            /// # Errors
            /// As the `const fn`.
            #[inline]
            pub fn decode_into(bytes: &[u8], out: &mut [u8]) -> Result<usize, DecodeError> {
                super::$via::decode_into($arg, bytes, out)
            }
        }
    };
}

fast_byte_api!(
    /// UTF-8 at run time: validation with SIMD.
    utf8,
    family(crate::rules::Family::Utf8)
);
fast_byte_api!(
    /// UTF-16LE bytes at run time: SIMD decoding.
    utf16le,
    family(crate::rules::Family::Utf16 { big_endian: false })
);
fast_byte_api!(
    /// UTF-16BE bytes at run time: SIMD decoding.
    utf16be,
    family(crate::rules::Family::Utf16 { big_endian: true })
);
fast_byte_api!(
    /// UTF-32LE bytes at run time: SIMD validation, encoding and decoding.
    utf32le,
    family(crate::rules::Family::Utf32 { big_endian: false })
);
fast_byte_api!(
    /// UTF-32BE bytes at run time: SIMD validation, encoding and decoding.
    utf32be,
    family(crate::rules::Family::Utf32 { big_endian: true })
);
fast_byte_api!(
    /// Modified UTF-8 at run time: SIMD encoding and decoding.
    mutf8,
    family(crate::rules::Family::Cesu { java: true })
);
fast_byte_api!(
    /// CESU-8 at run time: SIMD encoding and decoding.
    cesu8,
    family(crate::rules::Family::Cesu { java: false })
);

fast_byte_api!(
    /// GSM 03.38 at run time (no SIMD kernel: the engine's loop, which is
    /// enough for messages of 160 septets).
    gsm0338,
    family(crate::rules::Family::Gsm)
);

/// The twins of every code page's module.
macro_rules! fast_single_byte {
    ($(
        $variant:ident $module:ident $table:ident $name:literal [$($label:literal),*]
        $about:literal $total:tt $sample:literal $bytes:literal
    )*) => {$(
        fast_byte_api!(
            #[doc = concat!($name, " at run time: ASCII runs and table look-ups with SIMD.")]
            $module,
            page(&crate::tables::$table)
        );
    )*};
}

crate::registry::single_byte_encodings!(fast_single_byte);

/// The twins of every multi-byte encoding's module.
#[cfg(feature = "cjk")]
macro_rules! fast_cjk {
    ([$(
        $variant:ident $module:ident $name:literal [$($label:literal),*]
        $about:literal $sample:literal $bytes:literal
    )*]) => {$(
        fast_byte_api!(
            #[doc = concat!($name, " at run time: one pass, ASCII runs with SIMD.")]
            #[cfg_attr(docsrs, doc(cfg(feature = "cjk")))]
            $module,
            family(crate::rules::Family::Cjk(crate::rules::cjk::Cjk::$variant))
        );
    )*};
}

#[cfg(feature = "cjk")]
crate::registry_cjk::cjk_encodings!(fast_cjk);

/// Native UTF-16 code units at run time: the twins of
/// [`crate::utf16`]'s unit functions.
pub mod utf16 {
    use crate::engine::utf16::Src;
    use crate::error::{DecodeError, EncodeError};
    use crate::simd::{utf8_to_utf16, utf16_to_utf8};

    /// [`utf16::units_len`](crate::utf16::units_len) at run time.
    #[inline]
    #[must_use]
    pub fn units_len(text: &str) -> usize {
        utf8_to_utf16::units_len(text)
    }

    /// [`utf16::encode_units_into`](crate::utf16::encode_units_into) at run
    /// time; after an error the contents of `out` are unspecified.
    ///
    /// # Errors
    /// As the `const fn`.
    #[inline]
    pub fn encode_units_into(text: &str, out: &mut [u16]) -> Result<usize, EncodeError> {
        match utf8_to_utf16::encode_units(text, out) {
            Some(n) => Ok(n),
            None => crate::engine::utf16::encode_units_into(text, out),
        }
    }

    /// [`utf16::decoded_units_len`](crate::utf16::decoded_units_len) at run time.
    ///
    /// # Errors
    /// As the `const fn`.
    #[inline]
    pub fn decoded_units_len(units: &[u16]) -> Result<usize, DecodeError> {
        crate::engine::utf16::decoded_len(Src::Units(units))
    }

    /// [`utf16::decode_units_into`](crate::utf16::decode_units_into) at run
    /// time; after an error the contents of `out` are unspecified.
    ///
    /// # Errors
    /// As the `const fn`.
    #[inline]
    pub fn decode_units_into(units: &[u16], out: &mut [u8]) -> Result<usize, DecodeError> {
        match utf16_to_utf8::decode_units(units, out) {
            Some(n) => Ok(n),
            None => crate::engine::utf16::decode_into(Src::Units(units), out),
        }
    }
}

/// Native UTF-32 code units at run time: the twins of
/// [`crate::utf32`]'s unit functions.
pub mod utf32 {
    use crate::engine::utf32::Src;
    use crate::error::{DecodeError, EncodeError};
    use crate::simd::utf32 as kernels;

    /// [`utf32::units_len`](crate::utf32::units_len) at run time.
    #[inline]
    #[must_use]
    pub fn units_len(text: &str) -> usize {
        crate::engine::utf32::units_len(text)
    }

    /// [`utf32::encode_units_into`](crate::utf32::encode_units_into) at run
    /// time; after an error the contents of `out` are unspecified.
    ///
    /// # Errors
    /// As the `const fn`.
    #[inline]
    pub fn encode_units_into(text: &str, out: &mut [u32]) -> Result<usize, EncodeError> {
        match kernels::encode_units(text, out) {
            Some(n) => Ok(n),
            None => crate::engine::utf32::encode_units_into(text, out),
        }
    }

    /// [`utf32::decoded_units_len`](crate::utf32::decoded_units_len) at run time.
    ///
    /// # Errors
    /// As the `const fn`.
    #[inline]
    pub fn decoded_units_len(units: &[u32]) -> Result<usize, DecodeError> {
        match kernels::decoded_units_len(units) {
            Some(n) => Ok(n),
            None => crate::engine::utf32::decoded_len(Src::Units(units)),
        }
    }

    /// [`utf32::decode_units_into`](crate::utf32::decode_units_into) at run
    /// time; after an error the contents of `out` are unspecified.
    ///
    /// # Errors
    /// As the `const fn`.
    #[inline]
    pub fn decode_units_into(units: &[u32], out: &mut [u8]) -> Result<usize, DecodeError> {
        match kernels::decode_units(units, out) {
            Some(n) => Ok(n),
            None => crate::engine::utf32::decode_into(Src::Units(units), out),
        }
    }
}
