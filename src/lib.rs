//! **litenc** turns string literals into validated, encoded byte arrays at
//! compile time, and gives the very same codec, as `const fn`, to code that
//! has its text only at run time.
//!
//! Encodings: UTF-8, UTF-16 (native `u16` units, LE and BE bytes), Java's
//! modified UTF-8 (MUTF-8), CESU-8, Windows-1251 and the other single-byte
//! code pages, and GBK, gb18030, Big5, EUC-JP, ISO-2022-JP, Shift_JIS and
//! EUC-KR, per the WHATWG Encoding Standard. Everything of [`litenc_runtime`] is re-exported here: the
//! per-encoding modules, [`Encoding`], the errors and [`const_encode!`].
//!
//! ```
//! use litenc::{const_encode, utf16le, Encoding};
//!
//! // At compile time, from any `const` string:
//! const WIDE: [u16; 6] = const_encode!(utf16, "Hello", nul);
//! assert_eq!(WIDE, [0x48, 0x65, 0x6C, 0x6C, 0x6F, 0]);
//!
//! // At run time, with the same codec:
//! let text = String::from("Привет");
//! assert_eq!(utf16le::encode(&text).unwrap().len(), 12);
//! let enc = Encoding::for_label("cp1251").unwrap();
//! assert_eq!(enc.decode(&enc.encode(&text).unwrap()).unwrap(), text);
//! ```
//!
//! The rules of each encoding, the error positions and where litenc differs
//! from Python, glibc and Java are in the docs of [`litenc_runtime`].
//!
//! # Literals encoded at compile time
//!
//! With the default feature `macros`, string literals become arrays (or
//! `&CStr`s) in the encoding you name, in `const`, `static` and `let`:
//!
//! ```
//! use core::ffi::CStr;
//! use litenc::{encode, mutf8, utf16, windows1251};
//!
//! static CAPTION: [u16; 7] = utf16!("Привет", nul); // for a `W` API
//! const ANSI: [u8; 6] = windows1251!("Привет"); // for an `A` API
//! const CLASS: &CStr = mutf8!("java/lang/String", cstr); // for JNI
//! const LABELLED: [u8; 4] = encode!("UTF-16BE", "hi");
//!
//! #[litenc::encoded("cp1251", nul)]
//! static MENU: [u8; _] = "Файл"; // the length is filled in
//!
//! assert_eq!(CAPTION[6], 0);
//! assert_eq!(ANSI[0], 0xCF);
//! assert_eq!(MENU, [0xD4, 0xE0, 0xE9, 0xEB, 0]);
//! # let _ = (CLASS, LABELLED);
//! ```
//!
//! | macro | gives |
//! |---|---|
//! | [`utf8!`], [`utf16le!`], [`utf16be!`], [`mutf8!`], [`cesu8!`], [`windows1251!`] / [`cp1251!`] | `[u8; N]` |
//! | [`utf16!`] | `[u16; N]`, native code units |
//! | [`encode!`]`("label", ...)` | `[u8; N]` in the encoding [`Encoding::for_label`] finds |
//! | [`include_encoded!`]`("label", "file")` | a UTF-8 file, encoded; the build depends on the file |
//! | [`#[encoded("label")]`](macro@encoded) | on a `const`/`static` of type `[u8; _]`, `[u16; _]`, `&[u8]`, `&[u16]` or `&CStr` |
//!
//! The text is one or more string literals (plain or raw), concatenated;
//! `concat!`, `env!` and `include_str!` in it are evaluated. Options follow
//! the text: `nul` (a zero unit at the end), `cstr` (a `&'static CStr`, for
//! the byte encodings) and `bom` (UTF-8 and UTF-16). The bytes come from the
//! same codec as the run-time functions. Mistakes are compile errors that
//! name the encoding and every offending character with its U+XXXX, index
//! and context. For a `const` that is not a literal, use [`const_encode!`].
//!
//! A million-character literal costs about what `include_bytes!` of the
//! same bytes costs: the expansion is one byte-string literal, with no
//! `const` loop, and it compiles in crates that `#![forbid(unsafe_code)]`.
//!
//! # Cargo features
//!
//! - `std` (default): implies `alloc`; the SIMD kernels behind
//!   [`fast`] detect the CPU's features at run time. Without it
//!   they run only where the target enables them at compile time.
//! - `alloc`: the helpers that return `Vec` or `String`.
//! - `macros` (default): the compile-time macros ([`utf8!`], [`utf16!`],
//!   [`encode!`], [`include_encoded!`], [`macro@encoded`], ...), from the
//!   `litenc-macros` crate. Without it litenc has no dependency but
//!   `litenc-runtime` (no `syn`), and [`const_encode!`] still encodes any
//!   `const` string at compile time.
//! - `cjk` (default): the multi-byte encodings of Chinese, Japanese and
//!   Korean (GBK, gb18030, Big5, EUC-JP, ISO-2022-JP, Shift_JIS, EUC-KR) at
//!   run time: their modules ([`shift_jis`], [`gbk`], ...), [`Encoding`]
//!   variants and tables. The macros know them with or without it (they run
//!   on the host, with a runtime of their own), so `encode!("shift_jis",
//!   ...)` works in a build without it. On by default because it costs
//!   nothing at run time: a program links only the tables of the encodings
//!   it calls (`docs/performance.md` measures it); what it costs is
//!   compiling the tables (a few seconds, measured there too), which a
//!   firmware build that does not need them saves with
//!   `default-features = false`.

#![no_std]
// `deny`, not `forbid`: issue 3's one exception, `__private::utf16`, turns
// the bytes of a literal into `[u16; N]` for `utf16!` and is the only
// `unsafe` of the crate (documented and tested there).
#![deny(unsafe_code)]

pub use litenc_runtime;
pub use litenc_runtime::*;

/// UTF-8 bytes of string literals, as `[u8; N]`, checked and measured at
/// compile time.
///
/// `utf8!("text", ...)` takes one or more string literals (plain or raw;
/// `concat!`, `env!` and `include_str!` are evaluated), concatenates them,
/// and gives the bytes as an array usable in `const`, `static` and `let`.
/// Options after the text:
///
/// - `nul`: append one zero unit (interior U+0000 is then an error);
/// - `cstr`: give a `&'static CStr` instead (for the byte encodings);
/// - `bom`: prepend the byte-order mark (UTF-8 and UTF-16 only).
///
/// The other encodings have a macro each, with the same input and options:
/// [`utf16!`], [`utf16le!`], [`utf16be!`], [`mutf8!`], [`cesu8!`],
/// [`windows1251!`] (alias [`cp1251!`]); [`encode!`] takes a label. For a
/// `const` name or other expression, use [`const_encode!`] instead.
///
/// ```
/// use core::ffi::CStr;
///
/// const HELLO: [u8; 5] = litenc::utf8!("he", r"llo");
/// static WITH_BOM: [u8; 5] = litenc::utf8!("é", bom);
/// const NAME: &CStr = litenc::utf8!("résumé", cstr);
///
/// assert_eq!(&HELLO, b"hello");
/// assert_eq!(WITH_BOM, [0xEF, 0xBB, 0xBF, 0xC3, 0xA9]);
/// assert_eq!(NAME.to_bytes(), "résumé".as_bytes());
/// assert_eq!(litenc::utf8!(concat!("v", 1, '.', 2), nul), *b"v1.2\0");
/// ```
#[cfg(feature = "macros")]
#[doc(inline)]
pub use litenc_macros::utf8;

/// Native UTF-16 code units of string literals, as `[u16; N]`: what
/// `wchar_t` strings are on Windows, and what Java's and JavaScript's
/// strings hold.
///
/// Same input as [`utf8!`]; options `nul` (a wide C string for the `W`
/// functions of Windows) and `bom` (a leading U+FEFF unit). The units are
/// built without any `const` loop, so a literal of a million characters
/// costs about what `include_bytes!` of the same bytes does.
///
/// ```
/// static TITLE: [u16; 10] = litenc::utf16!("Привет 👋", nul);
/// assert_eq!(TITLE[0], 0x041F);
/// assert_eq!(TITLE[7..], [0xD83D, 0xDC4B, 0]);
/// const LEN: usize = litenc::utf16!("a€𝄞").len();
/// assert_eq!(LEN, 4);
/// ```
#[cfg(feature = "macros")]
#[doc(inline)]
pub use litenc_macros::utf16;

/// UTF-16 little-endian bytes of string literals, as `[u8; N]` (as in files
/// and on the wire); options as for [`utf8!`], except `cstr`.
///
/// ```
/// const DATA: [u8; 6] = litenc::utf16le!("hé", bom);
/// assert_eq!(DATA, [0xFF, 0xFE, b'h', 0, 0xE9, 0]);
/// ```
#[cfg(feature = "macros")]
#[doc(inline)]
pub use litenc_macros::utf16le;

/// UTF-16 big-endian bytes of string literals, as `[u8; N]`; options as for
/// [`utf8!`], except `cstr`.
///
/// ```
/// const DATA: [u8; 6] = litenc::utf16be!("hé", nul);
/// assert_eq!(DATA, [0, b'h', 0, 0xE9, 0, 0]);
/// ```
#[cfg(feature = "macros")]
#[doc(inline)]
pub use litenc_macros::utf16be;

/// Java's modified UTF-8 of string literals, as `[u8; N]` or, with `cstr`,
/// `&'static CStr`: what JNI's `FindClass` and `GetMethodID` take.
///
/// U+0000 is written as `C0 80`, so text holding it may still be
/// NUL-terminated; supplementary characters are two encoded surrogates.
///
/// ```
/// use core::ffi::CStr;
///
/// const CLASS: &CStr = litenc::mutf8!("java/lang/String", cstr);
/// const ODD: [u8; 5] = litenc::mutf8!("a\0b", nul);
/// assert_eq!(CLASS.to_bytes(), b"java/lang/String");
/// assert_eq!(ODD, [b'a', 0xC0, 0x80, b'b', 0]);
/// assert_eq!(litenc::mutf8!("😀").len(), 6);
/// ```
#[cfg(feature = "macros")]
#[doc(inline)]
pub use litenc_macros::mutf8;

/// CESU-8 of string literals, as `[u8; N]` or, with `cstr`, `&'static
/// CStr`: supplementary characters as two encoded surrogates, U+0000 as
/// `00`.
///
/// ```
/// const SMILE: [u8; 6] = litenc::cesu8!("😀");
/// assert_eq!(SMILE, [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]);
/// ```
#[cfg(feature = "macros")]
#[doc(inline)]
pub use litenc_macros::cesu8;

/// Windows-1251 (WHATWG) of string literals, as `[u8; N]` or, with `cstr`,
/// `&'static CStr`: for the `A` functions of Windows in a Cyrillic locale
/// and for legacy file formats.
///
/// A character the encoding lacks is a compile error that lists every such
/// character of the text, with its U+XXXX, index and surroundings.
///
/// ```
/// static GREETING: [u8; 7] = litenc::windows1251!("Привет!");
/// assert_eq!(GREETING[..2], [0xCF, 0xF0]);
/// assert_eq!(litenc::windows1251!("№ €", nul), [0xB9, b' ', 0x88, 0]);
/// ```
///
/// ```compile_fail
/// // error: windows-1251 cannot encode this character of the text:
/// //          'ä' (U+00E4) at character 1: "B[ä]r"
/// const BAD: [u8; 3] = litenc::windows1251!("Bär");
/// ```
#[cfg(feature = "macros")]
#[doc(inline)]
pub use litenc_macros::windows1251;

/// The same as [`windows1251!`], under the label's other name.
///
/// ```
/// assert_eq!(litenc::cp1251!("Да"), litenc::windows1251!("Да"));
/// ```
#[cfg(feature = "macros")]
#[doc(inline)]
pub use litenc_macros::cp1251;

/// String literals encoded in the encoding a label names, as `[u8; N]` (or
/// `&'static CStr` with `cstr`): `encode!("label", text..., options...)`.
///
/// The label is any that [`Encoding::for_label`] knows (`"utf-8"`,
/// `"cp1251"`, `"UTF-16BE"`, `"java-modified-utf-8"`, ...); note that
/// `"utf-16"` means little-endian bytes, as WHATWG has it.
///
/// ```
/// const A: [u8; 4] = litenc::encode!("UTF-16BE", "hi");
/// const B: [u8; 3] = litenc::encode!("x-cp1251", "Щи", nul);
/// assert_eq!(A, [0, b'h', 0, b'i']);
/// assert_eq!(B, [0xD9, 0xE8, 0]);
///
/// // The multi-byte encodings too, for LCDs and receipt printers:
/// const LCD: [u8; 7] = litenc::encode!("shift_jis", "ｵﾝﾄﾞ 25");
/// const GB: [u8; 4] = litenc::encode!("gb2312", "温度");
/// assert_eq!(LCD, [0xB5, 0xDD, 0xC4, 0xDE, b' ', b'2', b'5']);
/// assert_eq!(GB, [0xCE, 0xC2, 0xB6, 0xC8]);
/// ```
#[cfg(feature = "macros")]
#[doc(inline)]
pub use litenc_macros::encode;

/// A UTF-8 file, encoded at compile time: `include_encoded!("label",
/// "path", options...)`, with the path relative to the calling source file
/// as for `include_bytes!`. The build depends on the file: editing it
/// rebuilds the crate.
///
/// ```ignore
/// static HELP_1251: [u8; 1234] = litenc::include_encoded!("cp1251", "help.txt");
/// static HELP_WIDE: &[u8] = &litenc::include_encoded!("utf-16le", "help.txt", bom);
/// ```
///
/// (`ignore`d here only because a doctest has no file beside it; the
/// integration tests include real files.)
#[cfg(feature = "macros")]
#[doc(inline)]
pub use litenc_macros::include_encoded;

/// Encodes the string literal that initialises a `const` or `static`, and
/// fills in the length of its type: `#[litenc::encoded("label",
/// options...)]` on an item of type `[u8; _]`, `[u16; _]` (a UTF-16 label),
/// `&[u8]`, `&[u16]` or `&CStr`.
///
/// ```
/// use core::ffi::CStr;
///
/// #[litenc::encoded("windows-1251")]
/// static MENU: [u8; _] = "Файл";
/// #[litenc::encoded("utf-16", nul)]
/// const WIDE: [u16; _] = "Edit";
/// #[litenc::encoded("mutf-8")]
/// const SIG: &CStr = "(Ljava/lang/String;)V";
///
/// assert_eq!(MENU, [0xD4, 0xE0, 0xE9, 0xEB]);
/// assert_eq!(WIDE, [0x45, 0x64, 0x69, 0x74, 0]);
/// assert_eq!(SIG.to_bytes(), b"(Ljava/lang/String;)V");
/// ```
#[cfg(feature = "macros")]
#[doc(inline)]
pub use litenc_macros::encoded;

// Not public API.
//
// What the expansions of the macros call; no semver guarantee.
#[doc(hidden)]
pub mod __private {
    /// `[u16; N]` from the native-endian bytes of `N` code units: the one
    /// conversion `utf16!` needs, done by a single copy so that a long
    /// literal costs no `const` loop.
    #[allow(unsafe_code)]
    pub mod utf16 {
        /// The two views of the same `2 * N` bytes. `#[repr(C)]` puts both
        /// fields at offset 0; the union is aligned for `u16`.
        #[repr(C)]
        union Pun<const N: usize, const B: usize> {
            bytes: [u8; B],
            units: [u16; N],
        }

        /// Reads `bytes` (the native-endian bytes of `N` UTF-16 code units,
        /// so `B == 2 * N`) as `[u16; N]`.
        ///
        /// # Panics
        /// If `B != 2 * N`: in a `const` item, a compile error. The macro
        /// never emits such a call.
        #[must_use]
        pub const fn from_ne_bytes<const N: usize, const B: usize>(bytes: &[u8; B]) -> [u16; N] {
            assert!(
                B == 2 * N,
                "litenc: from_ne_bytes needs exactly two bytes per unit"
            );
            let pun = Pun::<N, B> { bytes: *bytes };
            // SAFETY: `B == 2 * N` (checked above), so `bytes` and `units`
            // cover the same, fully initialised, bytes of `pun`; every bit
            // pattern is a valid `u16`; the union's alignment is that of
            // `u16`, so `units` is aligned whatever the alignment of the
            // input, which was copied in by value.
            unsafe { pun.units }
        }

        #[cfg(test)]
        mod tests {
            use super::from_ne_bytes;

            #[test]
            fn native_order() {
                const UNITS: [u16; 3] = from_ne_bytes::<3, 6>(&{
                    let mut b = [0u8; 6];
                    let (x, y, z) = (
                        0x0041u16.to_ne_bytes(),
                        0xD83Du16.to_ne_bytes(),
                        0xFFFFu16.to_ne_bytes(),
                    );
                    b[0] = x[0];
                    b[1] = x[1];
                    b[2] = y[0];
                    b[3] = y[1];
                    b[4] = z[0];
                    b[5] = z[1];
                    b
                });
                assert_eq!(UNITS, [0x0041, 0xD83D, 0xFFFF]);
            }

            #[test]
            fn empty_and_unaligned_input() {
                assert_eq!(from_ne_bytes::<0, 0>(&[]), [0u16; 0]);
                // A byte array at an odd address still gives aligned units.
                let storage = [0u8, 0x12, 0x34, 0x56, 0x78];
                let odd: &[u8; 4] = storage[1..].try_into().unwrap();
                let units = from_ne_bytes::<2, 4>(odd);
                assert_eq!(units[0], u16::from_ne_bytes([0x12, 0x34]));
                assert_eq!(units[1], u16::from_ne_bytes([0x56, 0x78]));
            }

            #[test]
            fn large() {
                let bytes = [0xABu8; 4096];
                let units = from_ne_bytes::<2048, 4096>(&bytes);
                assert!(units.iter().all(|&u| u == 0xABAB));
            }

            #[test]
            #[should_panic(expected = "two bytes per unit")]
            fn wrong_size() {
                let _ = from_ne_bytes::<2, 3>(&[0, 0, 0]);
            }
        }
    }
}

// The README's Rust examples run as doctests.
#[cfg(all(doctest, feature = "macros", feature = "alloc"))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
