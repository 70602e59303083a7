//! The codec of [litenc](https://docs.rs/litenc): UTF-8, UTF-16 and UTF-32
//! (native units, LE and BE bytes), C's `wchar_t` ([`wide`]), Java's
//! modified UTF-8, CESU-8, GSM 03.38, 73 single-byte code pages (every one
//! of the WHATWG Encoding Standard, the DOS pages, EBCDIC, strict ASCII,
//! true ISO-8859-1, ...) and the multi-byte encodings of Chinese, Japanese
//! and Korean (Shift_JIS, GBK, Big5, ...), with length prefixes
//! ([`LenPrefix`]) and USB string descriptors ([`usb_string`]), as
//! `const fn`, with no dependencies and no `std`.
//!
//! ```
//! use litenc_runtime::{const_encode, windows1251, EncodeError, Encoding};
//!
//! // In a `const` item, the array's length worked out too.
//! const HELLO: [u8; 6] = const_encode!(windows1251, "Привет");
//! assert_eq!(HELLO, *b"\xCF\xF0\xE8\xE2\xE5\xF2");
//!
//! // At run time, into the caller's buffer, with errors that say where.
//! let mut buf = [0u8; 16];
//! let n = windows1251::decode_into(&HELLO, &mut buf).unwrap();
//! assert_eq!(&buf[..n], "Привет".as_bytes());
//! assert_eq!(
//!     windows1251::encode_into("Grüße", &mut buf),
//!     Err(EncodeError::Unencodable { encoding: Encoding::Windows1251, offset: 2, ch: 'ü' })
//! );
//! ```
//!
//! The compile-time macros of `litenc` encode by calling this crate, so a
//! literal encoded at compile time and the same text encoded at run time give
//! the same bytes: one codec, two callers. Most programs depend on
//! [litenc](https://docs.rs/litenc), which re-exports all of this crate.
//!
//! - [The API](#the-api): the functions every encoding's module has, the
//!   `alloc` helpers, [`Encoding`] for an encoding chosen at run time, the
//!   SIMD twins of [`fast`], [`stream`] and `io` for input in pieces.
//! - [Rules](#rules): what each encoding accepts, where errors are, what
//!   lossy decoding writes; [Chinese, Japanese and
//!   Korean](#chinese-japanese-and-korean) for the multi-byte encodings.
//! - [Where other implementations differ](#where-other-implementations-differ):
//!   Python, glibc, Java and the WHATWG standard, row by row.
//! - [Cargo features](#cargo-features): `std`, `alloc` and `cjk`.
//! - Beyond the API docs: [performance](https://github.com/litenc/litenc/blob/main/docs/performance.md),
//!   [architecture](https://github.com/litenc/litenc/blob/main/docs/architecture.md)
//!   and [conformance](https://github.com/litenc/litenc/blob/main/CONFORMANCE.md).
//!
//! # The API
//!
//! Each encoding is a module ([`utf8`], [`utf16le`], [`utf16be`],
//! [`utf32le`], [`utf32be`], [`mutf8`], [`cesu8`], and one per code page:
//! [`koi8_r`], [`windows1251`],
//! [`windows1252`], [`iso8859_2`], [`ibm437`], [`ibm866`], ... (the list is
//! [`Encoding`]'s)) with the same `const fn`s:
//!
//! | function | does |
//! |---|---|
//! | `encoded_len(&str) -> Result<usize, EncodeError>` | bytes the text takes |
//! | `encode_into(&str, &mut [u8]) -> Result<usize, EncodeError>` | encode into a buffer |
//! | `encode_array::<N>(&str) -> [u8; N]` | encode into an array, for `const` items |
//! | `validate(&[u8]) -> Result<(), DecodeError>` | check input |
//! | `decoded_len(&[u8]) -> Result<usize, DecodeError>` | UTF-8 bytes the input decodes to |
//! | `decode_into(&[u8], &mut [u8]) -> Result<usize, DecodeError>` | decode to UTF-8 into a buffer |
//! | `prefixed_len(&str, LenPrefix)`, `encode_prefixed_into(&str, LenPrefix, &mut [u8])` | the same after a length prefix ([`LenPrefix`]: 1, 2 or 4 bytes, LE or BE) counting the bytes after it; too long for the prefix is [`EncodeError::TooLong`] |
//!
//! and, with the `alloc` feature, `encode`, `decode`, `decode_lossy`, and
//! `encode_cow` and `decode_cow`, which borrow their input where the output
//! would be the same bytes (ASCII in a code page, MUTF-8 without U+0000 or
//! supplementary characters, ...) and copy only from the first byte that
//! changes otherwise; a code page's module also has `decode_byte` and
//! `encode_char`. The same
//! operations are methods of [`Encoding`], for an encoding chosen at run
//! time ([`Encoding::for_label`]). A program that uses one code page through
//! its own module links only that page's tables (about 2 KB); one that uses
//! [`Encoding`]'s methods links them all. [`utf16`] works on native `u16` code
//! units, [`utf32`] on native `u32` code units, [`wide`] on the target's C
//! `wchar_t` ([`WChar`]: UTF-16 on Windows, UTF-32 elsewhere), and [`mutf8`]
//! also on code units with unpaired surrogates, as Java strings have them.
//! [`usb_string`] makes USB string descriptors (USB 2.0 §9.6.7), and with
//! [`LenPrefix::U16Be`], [`mutf8::encode_prefixed_into`] writes exactly what
//! Java's `DataOutputStream.writeUTF` writes.
//!
//! **At run time**, [`fast`] has a twin of each of these functions, not
//! `const`, with the same answers, that runs AVX2 kernels where the CPU has
//! them (several times faster on non-ASCII text; the README has the
//! figures). The `alloc` helpers call the twins already.
//!
//! **Streaming**: [`stream::Decoder`] and [`stream::Encoder`] take input in
//! pieces cut anywhere (inside a character too) and write into the
//! caller's buffers, without allocating, with the errors and the U+FFFD of
//! the one-shot functions at their offsets in the whole stream.
//!
//! [`const_encode!`] turns any `const` `&str` into an array of the right
//! length:
//!
//! ```
//! use litenc_runtime::{const_encode, windows1251};
//!
//! const GREETING: &str = "Добрый день";
//! static GREETING_1251: [u8; 11] = const_encode!(windows1251, GREETING);
//! assert_eq!(windows1251::decode(&GREETING_1251).unwrap(), GREETING);
//! ```
//!
//! No function allocates except the `alloc` helpers, and none panics on any
//! input, except `encode_array` (and `const_encode!`) when told the wrong
//! length or given text the encoding cannot hold: in a `const` item that
//! panic is a compile error in plain words.
//!
//! # Rules
//!
//! - **UTF-8** is exactly [`core::str::from_utf8`]: Unicode Table 3-7, so no
//!   overlong forms, no surrogates, nothing above U+10FFFF, no 5- or 6-byte
//!   forms.
//! - **UTF-16** (LE, BE, units) rejects unpaired surrogates; a high surrogate
//!   or an odd byte at the end is truncated input. No byte-order mark is ever
//!   written, and one in the input is kept as U+FEFF.
//! - **UTF-32** (LE, BE, units): every scalar value is one unit of four
//!   bytes; a surrogate or a value above U+10FFFF is an error of one unit
//!   (4 bytes), one to three bytes left at the end are truncated input. The
//!   label `utf-32` alone means UTF-32LE (see [`Encoding::for_label`]). BOMs
//!   as for UTF-16.
//! - **MUTF-8** to text: U+0000 only as `C0 80`; a supplementary character
//!   only as a high then a low encoded surrogate; a raw `00`, unpaired
//!   surrogates, 4-byte forms and every other overlong are ill-formed.
//!   [`mutf8::decode_units_into`] accepts unpaired surrogates, as Java does.
//! - **CESU-8**: as MUTF-8, but U+0000 is `00`, and `C0 80` is ill-formed.
//! - **Code pages**: bytes `00..=7F` are ASCII; the others map through the
//!   page's table: the WHATWG index for the WHATWG encodings (so Windows-1251
//!   `0x98` is U+0098, and windows-1252 `0x81` is U+0081), Python's codec for
//!   the DOS pages. A byte the table leaves undefined (ISO-8859-3 `0xA5`,
//!   windows-1253 `0xAA`, every byte above `0x7F` in strict ASCII, ...) is an
//!   error of one byte; only the page's characters encode.
//! - **GBK, gb18030, Big5, EUC-JP, ISO-2022-JP, Shift_JIS, EUC-KR** (the
//!   `cjk` feature): the decoders and encoders of the WHATWG Encoding
//!   Standard, step by step; see [below](#chinese-japanese-and-korean).
//!
//! Errors say where: [`DecodeError::valid_up_to`] and
//! [`DecodeError::error_len`] mean what they mean on
//! [`core::str::Utf8Error`], and for UTF-8 are what std reports.
//! [`EncodeError`] names the first character that cannot be encoded and its
//! byte offset. Encoders and decoders check the whole input before they look
//! at the output buffer, so bad input is reported as such whatever the buffer.
//!
//! **Lossy decoding** writes U+FFFD for each maximal subpart of an
//! ill-formed sequence in the 8-bit forms, as `String::from_utf8_lossy` does
//! (for MUTF-8 and CESU-8: of a 1- to 3-byte sequence, plus one per unpaired
//! encoded surrogate); for UTF-16, one per unpaired surrogate and one for a
//! truncated end (a high surrogate or odd byte, or both), as the WHATWG
//! decoder does; for UTF-32, one per ill-formed unit and one for a
//! truncated end, as Python's `utf-32-le` and `utf-32-be` do; for the
//! multi-byte encodings, one per error of the WHATWG decoder.
//!
//! # Chinese, Japanese and Korean
//!
//! With the `cjk` feature (on by default), seven more modules: [`gbk`],
//! [`gb18030`], [`big5`], [`euc_jp`], [`iso_2022_jp`], [`shift_jis`] and
//! [`euc_kr`], with the functions above, their [`fast`] twins and their
//! [`Encoding`] variants under every WHATWG name and label (`"sjis"`,
//! `"windows-31j"`, `"gb2312"`, `"big5-hkscs"`, `"windows-949"`, ...). They
//! are the WHATWG Encoding Standard's encoders and decoders over its
//! indexes (what browsers and encoding_rs do), so the encoders choose as the
//! standard does: Shift_JIS skips index jis0208's pointers 8272 to 8835
//! (NEC's copies of IBM's extensions) for the IBM originals; EUC-JP and
//! ISO-2022-JP write a code point's first pointer; Big5 writes no Hong Kong
//! extension (pointers below 5024) and the last pointer of `═ ╞ ╡ ╪ 十 卅`;
//! gb18030 writes what index gb18030 lacks as four bytes from its ranges,
//! refuses U+E5E5 (whose bytes `A3 A0` index gb18030 maps to U+3000), and
//! writes eighteen Private Use characters as GB18030-2005 did; GBK is
//! gb18030 without four-byte codes, with `€` as `80`; ISO-2022-JP writes
//! half-width katakana as full-width ones and ends in ASCII mode.
//!
//! ```
//! use litenc_runtime::{const_encode, shift_jis, Encoding};
//!
//! // A receipt line for an ESC/POS printer, at compile time.
//! const TOTAL: [u8; 14] = const_encode!(shift_jis, "合計 ¥1,200 ｶﾞ");
//! assert_eq!(&TOTAL[..5], b"\x8D\x87\x8Cv ");
//! assert_eq!(shift_jis::decode(&TOTAL).unwrap(), "合計 \\1,200 ｶﾞ");
//!
//! let enc = Encoding::for_label("csISO2022JP").unwrap();
//! assert_eq!(enc.encode("件名").unwrap(), b"\x1B$B7oL>\x1B(B");
//! ```
//!
//! (Shift_JIS and EUC-JP write `¥` and `‾` as `5C` and `7E`, which they
//! read as `\` and `~`: the standard's round trip is not the identity.)
//!
//! **Errors.** The standard's decoders sometimes *restore* bytes they have
//! read, to be read again after an error: an ASCII byte after a lead byte,
//! gb18030's second to fourth bytes when the third or fourth is out of
//! range, what follows `ESC` in ISO-2022-JP when it is no escape sequence.
//! [`DecodeError::error_len`] counts the bytes of the error without the
//! restored ones, so decoding may resume at `valid_up_to + error_len` as the
//! standard does: Shift_JIS `85 20` is an error of one byte (then a space),
//! `85 80` one of two; gb18030 `81 30 20` one of one (then `0` and a space),
//! a four-byte code outside its ranges one of four. Where the input ends
//! inside a sequence (a lead byte, `ESC`, `ESC $` at the end), `error_len`
//! is `None`, as for UTF-8. Two errors of ISO-2022-JP are put where
//! encoding_rs puts them: an escape sequence right after another is an
//! error of three bytes at the *first* (nothing was decoded in the set it
//! chose), and `ESC` after a JIS X 0208 lead byte an error of one byte at
//! the lead. Every `valid_up_to` and `error_len` is encoding_rs's
//! (`runtime/tests/codec/cjk_peer.rs` compares them on every pair of bytes).
//! [`EncodeError`] names the character as it is, also for ISO-2022-JP's
//! `ESC`, `SO` and `SI`, which the standard (and encoding_rs) report as
//! U+FFFD.
//!
//! **Tables.** One per WHATWG index, generated into the crate: the decoders
//! read a plain array per index; the encoders a compact map from code points
//! to pointers (a bit set per 64 code points and a rank), about 2 bytes per
//! character, which a `const fn` reads without a search. A program links
//! only the tables of the encodings it calls through their modules
//! (`docs/performance.md` has the sizes); choosing the encoding at run time
//! through [`Encoding`] links them all.
//!
//! # Where other implementations differ
//!
//! Each row was observed by the conformance tests of the `litenc` crate
//! (`tests/conformance_*.rs`, run by `cargo test`; `CONFORMANCE.md` has
//! the counts), against Python 3.11, glibc 2.36 `iconv`, Java 17 and the
//! web-platform-tests vectors of the WHATWG Encoding Standard.
//!
//! | input | litenc | Python | glibc `iconv` | Java | WHATWG |
//! |---|---|---|---|---|---|
//! | Windows-1251 byte `0x98` | U+0098 | `cp1251`: error; `replace`: U+FFFD | illegal input (`-c` drops it) | `windows-1251`: unmappable; replaced by U+FFFD | U+0098 |
//! | U+0098 to Windows-1251 | `0x98` | error | illegal input (`-c` drops it) | unmappable | `0x98` |
//! | MUTF-8 raw `00` | ill-formed | no codec | no codec | `readUTF`: U+0000 | no codec |
//! | MUTF-8 `C0`/`C1` + continuation (but `C0 80`), `E0 80..9F` + continuation | ill-formed (overlong) | no codec | no codec | `readUTF` decodes them | no codec |
//! | MUTF-8 text over 65,535 bytes | [`mutf8::encode_units_into`] writes it | no codec | no codec | `writeUTF` throws | no codec |
//! | CESU-8 unpaired encoded surrogate | ill-formed; lossy: one U+FFFD | no codec | no codec | `CESU-8` passes it through as a lone UTF-16 unit | no codec |
//! | CESU-8 ending in a high surrogate and part of a low one | truncated at the high surrogate; lossy: one U+FFFD | no codec | no codec | high surrogate passed through, the rest malformed (lossy: lone surrogate, U+FFFD) | no codec |
//! | UTF-8 encoded surrogate `ED A0 80` | ill-formed, 1 byte at a time; lossy: 3 U+FFFD | as litenc | not compared | one malformed 3-byte sequence; lossy: 1 U+FFFD | as litenc |
//! | UTF-16 high surrogate, then a unit that is no low surrogate | 2-byte error, then the unit on its own | as litenc | stops at the same byte | one 4-byte error; lossy: 1 U+FFFD, the unit is lost | as litenc |
//! | A leading byte-order mark | kept as U+FEFF | kept (`utf-8`, `utf-16-le`, `utf-16-be`) | kept (`UTF-16LE`, `UTF-16BE`) | kept | `TextDecoder` drops it unless `ignoreBOM` |
//!
//! Where Python, glibc and Java map a code page otherwise (undefined bytes
//! WHATWG maps to C1 controls, a few vendor variants), `CONFORMANCE.md` lists
//! every byte and character. Everything else compared agrees exactly, error
//! positions included:
//! UTF-8 with Python and std (and Java outside surrogates), UTF-32 with
//! Python, glibc and std, [`wide`] with glibc's `mbstowcs` over every scalar
//! value, UTF-16 with
//! Python, glibc and Java (an odd trailing byte is truncated input for
//! litenc, Python and glibc, a malformed last byte for Java, and one U+FFFD
//! for all), `writeUTF` and `readUTF` on
//! all valid input (unpaired surrogates included, through
//! [`mutf8::encode_units_into`] and [`mutf8::decode_units_into`]), and
//! Windows-1251 on every byte and character but `0x98`/U+0098.
//!
//! # Cargo features
//!
//! - `std` (default): implies `alloc`. (The SIMD kernels behind [`fast`]
//!   detect the CPU's features at run time with `cpuid` and `xgetbv`, with
//!   or without `std`; other targets run portable kernels on 64-bit words,
//!   and `RUSTFLAGS="--cfg litenc_portable"` makes `x86_64` run them too:
//!   see [`fast::implementation`].)
//! - `alloc`: `encode`, `decode`, `decode_lossy`, `encode_cow`,
//!   `decode_cow` and the other helpers that return `Vec`, `String` or
//!   `Cow`.
//! - `cjk` (default): the multi-byte encodings of Chinese, Japanese and
//!   Korean and their tables (about 340 KB of data in all, of which a
//!   program links only what it calls: 48 KB for Shift_JIS, 110 KB for
//!   GBK through the `const fn`s, about twice that through [`fast`], whose
//!   decoders add a UTF-8 table of the index; `docs/performance.md` has the
//!   table). Off, they are not compiled,
//!   and their [`Encoding`] variants do not exist; compiling them costs
//!   about 9 s of CPU time, 30 % of the crate's release build.
//!
//! Without `alloc` the crate needs only `core`.

#![no_std]
// On docs.rs (`--cfg docsrs`, nightly), each item behind a feature says which.
#![cfg_attr(docsrs, feature(doc_cfg))]
// `deny`, not `forbid`: two modules allow `unsafe`, each for a named
// reason: `simd` for `core::arch` (see its docs), and `trusted`, whose two
// functions turn what a litenc decoder wrote (or a litenc scan accepted)
// into a `String` or `&str` without validating it a second time.
// Everything else stays safe.
#![deny(unsafe_code)]

// On a 16-bit target (MSP430, AVR) no object can be larger than 32 KiB, and
// the tables of Big5, EUC-KR, GBK and gb18030 are: the feature that brings
// them is named here rather than by an error inside a table.
#[cfg(all(feature = "cjk", target_pointer_width = "16"))]
compile_error!(
    "litenc-runtime: the feature `cjk` cannot be built for a 16-bit target: the tables of \
     Big5, EUC-KR, GBK and gb18030 are larger than the 32 KiB an object may have there. \
     Turn it off: `default-features = false` on litenc (whose default features include \
     `cjk`) or on litenc-runtime, and do not list `cjk`. The compile-time macros \
     (`features = [\"macros\"]`) do not need it on the target."
);

#[cfg(feature = "alloc")]
extern crate alloc;
// (Tests use std whatever the features, so that the SIMD kernels' tests
// also run in builds without it: `scripts/memcheck.sh` runs them under Miri
// with AVX2 enabled at compile time.)
#[cfg(any(feature = "std", test))]
extern crate std;

// The crate reads bottom-up (docs/architecture.md draws it): the generated
// tables and the per-encoding rules, the `const` engine over them, the SIMD
// kernels and their `fast` twins over that, the `alloc` helpers, and the
// public modules as thin API on top.
mod encoding;
mod error;
#[cfg(feature = "cjk")]
mod index;
mod limits;
mod policy;
mod prefix;
mod registry;
mod registry_cjk;
mod scalar;
mod table;
mod tables;
mod trusted;

mod rules;

mod engine;

mod simd;

pub mod fast;

pub mod stream;

#[cfg(feature = "std")]
pub mod io;

#[cfg(feature = "alloc")]
mod owned;

mod api;
mod methods;

pub mod cesu8;
pub mod fat;
pub mod gsm0338;
pub mod mutf8;
pub mod utf16;
pub mod utf16be;
pub mod utf16le;
pub mod utf32;
pub mod utf32be;
pub mod utf32le;
pub mod utf8;

pub mod usb_string;
pub mod wide;

use api::code_page_modules;
registry::single_byte_encodings!(code_page_modules);

#[cfg(feature = "cjk")]
use api::cjk_modules;
#[cfg(feature = "cjk")]
registry_cjk::cjk_encodings!(cjk_modules);

pub use encoding::Encoding;
pub use prefix::LenPrefix;
pub use wide::WChar;

/// Not public API: the reference loops of the codec, which the fast paths
/// must agree with; `tests/codec/fast_paths.rs` compares the two.
#[doc(hidden)]
pub mod __reference {
    use crate::engine::reference;
    use crate::{DecodeError, EncodeError, Encoding};

    /// The reference of [`Encoding::encoded_len`].
    #[inline]
    pub const fn encoded_len(enc: Encoding, text: &str) -> Result<usize, EncodeError> {
        reference::encoded_len(enc.family(), text)
    }

    /// The reference of [`Encoding::encode_into`].
    #[inline]
    pub const fn encode_into(
        enc: Encoding,
        text: &str,
        out: &mut [u8],
    ) -> Result<usize, EncodeError> {
        reference::encode_into(enc.family(), text, out)
    }

    /// The reference of [`Encoding::decoded_len`].
    #[inline]
    pub const fn decoded_len(enc: Encoding, bytes: &[u8]) -> Result<usize, DecodeError> {
        reference::decoded_len(enc.family(), bytes)
    }

    /// The reference of [`Encoding::decode_into`].
    #[inline]
    pub const fn decode_into(
        enc: Encoding,
        bytes: &[u8],
        out: &mut [u8],
    ) -> Result<usize, DecodeError> {
        reference::decode_into(enc.family(), bytes, out)
    }

    /// The reference of [`crate::utf16::units_len`].
    #[must_use]
    #[inline]
    pub const fn units_len(text: &str) -> usize {
        reference::units_len(text)
    }

    /// The reference of [`crate::utf16::encode_units_into`].
    #[inline]
    pub const fn encode_units_into(text: &str, out: &mut [u16]) -> Result<usize, EncodeError> {
        reference::encode_units_into(text, out)
    }

    /// The reference of [`crate::utf16::decoded_units_len`].
    #[inline]
    pub const fn decoded_units_len(units: &[u16]) -> Result<usize, DecodeError> {
        reference::decoded_units_len(units)
    }

    /// The reference of [`crate::utf16::decode_units_into`].
    #[inline]
    pub const fn decode_units_into(units: &[u16], out: &mut [u8]) -> Result<usize, DecodeError> {
        reference::decode_units_into(units, out)
    }

    /// The reference of [`crate::utf32::units_len`].
    #[must_use]
    #[inline]
    pub const fn utf32_units_len(text: &str) -> usize {
        reference::utf32_units_len(text)
    }

    /// The reference of [`crate::utf32::encode_units_into`].
    #[inline]
    pub const fn utf32_encode_units_into(
        text: &str,
        out: &mut [u32],
    ) -> Result<usize, EncodeError> {
        reference::utf32_encode_units_into(text, out)
    }

    /// The reference of [`crate::utf32::decoded_units_len`].
    #[inline]
    pub const fn utf32_decoded_units_len(units: &[u32]) -> Result<usize, DecodeError> {
        reference::utf32_decoded_units_len(units)
    }

    /// The reference of [`crate::utf32::decode_units_into`].
    #[inline]
    pub const fn utf32_decode_units_into(
        units: &[u32],
        out: &mut [u8],
    ) -> Result<usize, DecodeError> {
        reference::utf32_decode_units_into(units, out)
    }
}

pub use error::{DecodeError, DecodeErrorKind, EncodeError};
pub use policy::Unmappable;

/// Encodes a `const` `&str` expression into an array whose length it works
/// out itself, for `const` and `static` items.
///
/// `const_encode!(module, TEXT)`, where `module` is one of `utf8`,
/// `utf16le`, `utf16be`, `utf32le`, `utf32be`, `mutf8`, `cesu8`, or a code
/// page's module such as `windows1251` (giving `[u8; N]`), `utf16` (giving
/// `[u16; N]` of native code units), `utf32` (`[u32; N]`), `wide`
/// (`[WChar; N]`, the target's `wchar_t`) or `usb_string` (a USB string
/// descriptor, `[u8; N]`; no `nul`). `TEXT` may be any
/// `const` expression of type `&str`: a literal, a `const` item, a `concat!`.
/// Add `nul` to append one zero unit, for C and Windows APIs; an interior
/// U+0000 is then an error, except in MUTF-8, which writes it as `C0 80`.
///
/// Text the encoding cannot hold is a compile error that names the
/// character, its U+XXXX and its byte offset.
///
/// ```
/// use litenc_runtime::const_encode;
///
/// const NAME: &str = "Žluťoučký kůň";
/// const UTF16: [u16; 13] = const_encode!(utf16, NAME);
/// const WIDE_C: [u16; 3] = const_encode!(utf16, "ab", nul);
/// static JNI: [u8; 7] = const_encode!(mutf8, "a\0b\0", nul);
///
/// assert_eq!(UTF16[0], 'Ž' as u16);
/// assert_eq!(WIDE_C, [0x61, 0x62, 0]);
/// assert_eq!(&JNI, b"a\xC0\x80b\xC0\x80\0");
/// ```
///
/// ```compile_fail
/// // error: litenc: cannot encode 'ä' (U+00E4) at byte 1 in windows-1251
/// const BAD: [u8; 2] = litenc_runtime::const_encode!(windows1251, "Bär");
/// ```
#[macro_export]
macro_rules! const_encode {
    ($encoding:ident, $text:expr $(,)?) => {
        $crate::const_encode!(@go $encoding, $text, false)
    };
    ($encoding:ident, $text:expr, nul $(,)?) => {
        $crate::const_encode!(@go $encoding, $text, true)
    };
    (@go $encoding:ident, $text:expr, $nul:expr) => {{
        const __LITENC_TEXT: &str = $text;
        const __LITENC_LEN: usize = $crate::$encoding::__const_len(__LITENC_TEXT, $nul);
        const __LITENC_ARRAY: [$crate::$encoding::__Unit; __LITENC_LEN] =
            $crate::$encoding::__const_array::<__LITENC_LEN>(__LITENC_TEXT, $nul);
        __LITENC_ARRAY
    }};
}

// The README's Rust example runs as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
