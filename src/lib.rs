//! **litenc** turns string literals into validated, encoded byte arrays at
//! compile time, and gives the very same codec, as `const fn`, to code that
//! has its text only at run time.
//!
//! ```
//! use litenc::{utf16, windows1251, Encoding};
//!
//! // At compile time: a literal in the encoding the API wants.
//! static CAPTION: [u16; 7] = utf16!("Привет", nul); // for a `W` API
//! const ANSI: [u8; 6] = windows1251!("Привет"); // for an `A` API
//!
//! // At run time, the same codec, for an encoding chosen by name.
//! let enc = Encoding::for_label("cp1251").unwrap();
//! assert_eq!(enc.encode("Привет").unwrap(), ANSI);
//! assert_eq!(enc.decode(&ANSI).unwrap(), "Привет");
//! # assert_eq!(CAPTION[6], 0);
//! ```
//!
//! - [Literals encoded at compile time](#literals-encoded-at-compile-time):
//!   the macros and their options (`nul`, `cstr`, `bom`, length prefixes);
//!   [`const_encode!`] for any `const` string.
//! - [Typed strings of the FFI crates](#typed-strings-of-the-ffi-crates):
//!   `&JNIStr`, `PCWSTR`, `&U16CStr` and others, straight from a literal.
//! - The codec at run time: a module per encoding
//!   ([`utf16le`](mod@utf16le), [`windows1251`](mod@windows1251),
//!   [`shift_jis`], ...), [`Encoding`], the SIMD twins of
//!   [`fast`], and [`stream`] and `io` for input that comes in pieces. The
//!   rules of each encoding, the errors, and where litenc differs from
//!   Python, glibc and Java are in the docs of [`litenc_runtime`], which
//!   this crate re-exports whole.
//! - [Cargo features](#cargo-features): what each one turns on.
//! - Beyond the API docs: the
//!   [README](https://github.com/litenc/litenc#readme) (set-up, a tour,
//!   comparisons), [performance](https://github.com/litenc/litenc/blob/main/docs/performance.md),
//!   [architecture](https://github.com/litenc/litenc/blob/main/docs/architecture.md),
//!   [conformance](https://github.com/litenc/litenc/blob/main/CONFORMANCE.md)
//!   and the [changelog](https://github.com/litenc/litenc/blob/main/CHANGELOG.md).
//!
//! # Encodings
//!
//! UTF-8, UTF-16 (native `u16` units, LE and BE bytes), UTF-32 (native
//! `u32` units, LE and BE bytes), C's `wchar_t` ([`WChar`], the target's),
//! Java's modified UTF-8 (MUTF-8), CESU-8, GSM 03.38 (the SMS alphabet),
//! 73 single-byte code pages: every one of the WHATWG Encoding Standard
//! (Windows-1251, KOI8-R, ISO-8859-x, ...), the DOS pages (CP437, CP850,
//! CP866, ...), EBCDIC (IBM037, IBM1047, ...), the rest of Python's
//! single-byte codecs, CP437 with glyphs, two HD44780 LCD ROMs, strict
//! 7-bit ASCII and true ISO-8859-1; and, with the `cjk` feature, the
//! multi-byte encodings of the WHATWG Encoding Standard: GBK, gb18030,
//! Big5, EUC-JP, ISO-2022-JP, Shift_JIS and EUC-KR. Byte output may start
//! with a length prefix ([`LenPrefix`]); [`usb_string!`] makes USB string
//! descriptors and [`fat_name!`] FAT short file names.
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
//! | [`utf8!`], [`utf16le!`], [`utf16be!`], [`utf32le!`], [`utf32be!`], [`mutf8!`], [`cesu8!`], [`windows1251!`] / [`cp1251!`] | `[u8; N]` |
//! | [`utf16!`] | `[u16; N]`, native code units |
//! | [`utf32!`] | `[u32; N]`, native code units (one per character) |
//! | [`wide!`] | `[WChar; N]`: the target's C `wchar_t`, UTF-16 on Windows, UTF-32 elsewhere |
//! | [`usb_string!`] | `[u8; N]`: a USB string descriptor (`bLength`, 3, UTF-16LE) |
//! | [`encode!`]`("label", ...)` | `[u8; N]` in the encoding [`Encoding::for_label`] finds: any of them, code pages included |
//! | [`include_encoded!`]`("label", "file")` | a UTF-8 file, encoded; the build depends on the file |
//! | [`#[encoded("label")]`](macro@encoded) | on a `const`/`static` of type `[u8; _]`, `[u16; _]`, `[u32; _]`, `&[u8]`, `&[u16]`, `&[u32]` or `&CStr` |
//!
//! The text is one or more string literals (plain or raw), concatenated;
//! `concat!`, `env!` and `include_str!` in it are evaluated. Options follow
//! the text: `nul` (a zero unit at the end), `cstr` (a `&'static CStr`, for
//! the byte encodings, or another [typed string](#typed-strings-of-the-ffi-crates)),
//! `bom` (UTF-8, UTF-16, UTF-32) and a length prefix
//! for byte output, `len_u8`, `len_u16le`, `len_u16be`, `len_u32le` or
//! `len_u32be`, counting the bytes after it, terminator included
//! (`mutf8!(text, len_u16be)` is Java's `writeUTF`). The bytes come from the
//! same codec as the run-time functions. Mistakes are compile errors that
//! name the encoding and every offending character with its U+XXXX, index
//! and context. For a `const` that is not a literal, use [`const_encode!`].
//!
//! A million-character literal costs about what `include_bytes!` of the
//! same bytes costs: the expansion is one byte-string literal, with no
//! `const` loop, and it compiles in crates that `#![forbid(unsafe_code)]`.
//!
//! # Typed strings of the FFI crates
//!
//! One option makes a macro give, instead of an array, the NUL-terminated
//! string type that an FFI crate takes. Each type but `&CStr` is behind the
//! optional feature named after its crate (off by default; the codec,
//! `litenc-runtime`, has no dependency either way):
//!
//! | option | feature | on | gives |
//! |---|---|---|---|
//! | `cstr` | none | the byte macros | `&'static CStr` |
//! | `jnistr` | `jni` | [`mutf8!`], [`encode!`]`("mutf-8", ..)` | `&'static jni::strings::JNIStr` (jni 0.22) |
//! | `pcstr` | `windows-strings` | the byte macros | `windows_strings::PCSTR` (0.5) |
//! | `pcwstr` | `windows-strings` | [`utf16!`], [`wide!`] | `windows_strings::PCWSTR` (0.5) |
//! | `u16cstr` | `widestring` | [`utf16!`] | `&'static widestring::U16CStr` (1) |
//! | `u32cstr` | `widestring` | [`utf32!`] | `&'static widestring::U32CStr` (1) |
//!
//! ```
//! # #[cfg(all(feature = "jni", feature = "widestring"))] {
//! use jni::strings::JNIStr;
//! use widestring::U16CStr;
//!
//! const CLASS: &JNIStr = litenc::mutf8!("java/lang/String", jnistr); // for `Env::find_class`
//! const TITLE: &U16CStr = litenc::utf16!("Привет 👋", u16cstr);
//! assert_eq!(CLASS.to_str(), "java/lang/String");
//! assert_eq!(TITLE.to_string().unwrap(), "Привет 👋");
//! # }
//! ```
//!
//! As with `nul`, text holding U+0000 is a compile error, except in
//! MUTF-8, which writes it as `C0 80`. An option whose feature is off is a
//! compile error that says which feature to enable, at the option. The
//! value is a `const`, and the macros still compile under
//! `#![forbid(unsafe_code)]`: the unchecked constructors of `JNIStr`,
//! `U16CStr` and `U32CStr` are `unsafe fn`s, called only in the macro's own
//! expansion, on the text it encoded and checked.
//!
//! windows-strings 0.5 (the `PCWSTR` and `PCSTR` that the `windows` crate
//! 0.62 re-exports as `windows::core::PCWSTR`) defines its types for
//! Windows targets only: there `wide!(.., pcwstr)` gives the same 16-bit
//! units as `utf16!(.., pcwstr)`, and on any other target `pcwstr` and
//! `pcstr` are compile errors that say so (and, for `wide!`, that the
//! target's `wchar_t` is not 16 bits). `wide!` takes neither `u16cstr` nor
//! `u32cstr`: its units are 16 or 32 bits by target.
//!
//! # Cargo features
//!
//! - `std` (default): implies `alloc`. The SIMD kernels behind [`fast`]
//!   detect the CPU's features at run time with `cpuid`, with or without
//!   `std`; `RUSTFLAGS="--cfg litenc_portable"` makes them run the
//!   portable kernels of other targets instead (see
//!   [`fast::implementation`]).
//! - `alloc`: the helpers that return `Vec` or `String`.
//! - `macros` (default): the compile-time macros ([`utf8!`], [`utf16!`],
//!   [`encode!`], [`include_encoded!`], [`macro@encoded`], ...), from the
//!   `litenc-macros` crate. Without it litenc has no dependency but
//!   `litenc-runtime` (no `syn`), and [`const_encode!`] still encodes any
//!   `const` string at compile time. It turns on the runtime's `cjk` too:
//!   the macros run on the host with a copy of the runtime that has it,
//!   and when both copies have the same features Cargo builds the runtime
//!   once instead of twice (a second less of a first build).
//! - `cjk` (default): the multi-byte encodings of Chinese, Japanese and
//!   Korean (GBK, gb18030, Big5, EUC-JP, ISO-2022-JP, Shift_JIS, EUC-KR) at
//!   run time: their modules ([`shift_jis`], [`gbk`], ...), [`Encoding`]
//!   variants and tables. The macros know them with or without it (they run
//!   on the host, with a runtime of their own), and turn it on: it is off
//!   only in a build without `macros`. On by default because it costs
//!   nothing at run time: a program links only the tables of the encodings
//!   it calls (`docs/performance.md` measures it); what it costs is
//!   compiling the tables (measured there too), which a build without
//!   `macros` saves with `default-features = false`.
//! - `jni`: the option `jnistr`, a `&'static JNIStr` of the `jni` crate
//!   (0.22, without its default features). Implies `macros`.
//! - `windows-strings`: the options `pcwstr` and `pcstr`, `PCWSTR` and
//!   `PCSTR` of the `windows-strings` crate (0.5, the version of `windows`
//!   0.62; without its default features). They exist on Windows targets
//!   only. Implies `macros`.
//! - `widestring`: the options `u16cstr` and `u32cstr`, a `&'static
//!   U16CStr` or `&'static U32CStr` of the `widestring` crate (1, without
//!   its default features). Implies `macros`.

#![no_std]
// On docs.rs (`--cfg docsrs`, nightly), each item behind a feature says which.
#![cfg_attr(docsrs, feature(doc_cfg))]
// `deny`, not `forbid`, for two named exceptions, each documented and
// tested where it is: `from_ne_bytes` in `__private` turns the bytes of a
// literal into `[u16; N]`, `[u32; N]` or `[WChar; N]` for `utf16!`,
// `utf32!` and `wide!`; the `unsafe fn`s `jni_str`, `u16cstr` and
// `u32cstr` in `__private::typed` (features `jni`, `widestring`) call the
// unchecked `const` constructors of `JNIStr` and `U16CStr`/`U32CStr`,
// since the checked ones are not `const` or cost a `const` loop over the
// text; the macros' expansions call them on literals they encoded and
// terminated (docs/architecture.md, "`unsafe` in the facade").
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
/// - `pcstr` (feature `windows-strings`, Windows targets): give a `PCSTR`
///   instead, for the byte encodings; the other
///   [typed strings](crate#typed-strings-of-the-ffi-crates) are `jnistr`
///   on [`mutf8!`], `pcwstr` and `u16cstr` on [`utf16!`], `u32cstr` on
///   [`utf32!`];
/// - `bom`: prepend the byte-order mark (UTF-8, UTF-16 and UTF-32 only);
/// - `len_u8`, `len_u16le`, `len_u16be`, `len_u32le`, `len_u32be`: start
///   with a length prefix of that width and byte order ([`LenPrefix`]),
///   counting the bytes that follow it: the text, and the byte-order mark
///   and the NUL terminator if asked for. Text longer than the prefix can
///   count is a compile error that names the limit and the length. Not
///   with `cstr`, and only for bytes (not `utf16!`, `utf32!`, `wide!`).
///
/// The other Unicode encodings have a macro each, with the same input and
/// options: [`utf16!`], [`utf16le!`], [`utf16be!`], [`utf32!`],
/// [`utf32le!`], [`utf32be!`], [`mutf8!`], [`cesu8!`]; so has Windows-1251
/// ([`windows1251!`], alias [`cp1251!`]); and C's `wchar_t` has [`wide!`].
/// [`encode!`]
/// takes a label, and reaches every encoding, each code page included. For
/// a `const` name or other expression, use [`const_encode!`] instead.
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
/// // A Pascal string: one length byte, then the text.
/// assert_eq!(litenc::utf8!("héllo", len_u8), *b"\x06h\xC3\xA9llo");
/// ```
///
/// ```compile_fail
/// // error: the text takes 256 bytes in UTF-8, and `len_u8` counts at most 255
/// const LONG: [u8; 257] = litenc::utf8!(
///     "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
///     "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
///     "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
///     "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
///     len_u8
/// );
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
///
/// With the feature `windows-strings`, `pcwstr` gives the `PCWSTR` of
/// windows-strings 0.5 (as `windows::core::PCWSTR` of `windows` 0.62), on
/// Windows targets; with `widestring`, `u16cstr` gives a `&'static
/// U16CStr`. Both end with one zero unit, and text with U+0000 is a
/// compile error.
///
/// ```
/// # #[cfg(feature = "widestring")] {
/// use widestring::U16CStr;
///
/// const TITLE: &U16CStr = litenc::utf16!("Привет 👋", u16cstr);
/// assert_eq!(TITLE.as_slice_with_nul()[7..], [0xD83D, 0xDC4B, 0]);
/// # }
/// # #[cfg(all(feature = "windows-strings", windows))] {
/// use windows_strings::PCWSTR;
///
/// const CAPTION: PCWSTR = litenc::utf16!("Привет 👋", pcwstr); // for `MessageBoxW`
/// # }
/// ```
#[cfg(feature = "macros")]
#[doc(inline)]
pub use crate::__private::native::utf16;

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

/// Native UTF-32 code units of string literals, as `[u32; N]`: one unit per
/// character, as `char` holds it. Same input as [`utf8!`]; options `nul`
/// and `bom` (a leading U+FEFF unit), and, with the feature `widestring`,
/// `u32cstr` (a `&'static U32CStr`, terminated; text with U+0000 is a
/// compile error).
///
/// ```
/// const CHARS: [u32; 4] = litenc::utf32!("Aж😀", nul);
/// assert_eq!(CHARS, [0x41, 0x436, 0x1F600, 0]);
/// assert_eq!(litenc::utf32!("a€𝄞").len(), 3);
/// # #[cfg(feature = "widestring")]
/// assert_eq!(litenc::utf32!("Aж😀", u32cstr).as_slice(), [0x41, 0x436, 0x1F600]);
/// ```
#[cfg(feature = "macros")]
#[doc(inline)]
pub use crate::__private::native::utf32;

/// UTF-32 little-endian bytes of string literals, as `[u8; N]`, four per
/// character; options as for [`utf8!`], except `cstr`. (`"utf-32"` in
/// [`encode!`] is this form too; see [`Encoding::for_label`].)
///
/// ```
/// const DATA: [u8; 12] = litenc::utf32le!("h€", bom);
/// assert_eq!(DATA, [0xFF, 0xFE, 0, 0, b'h', 0, 0, 0, 0xAC, 0x20, 0, 0]);
/// ```
#[cfg(feature = "macros")]
#[doc(inline)]
pub use litenc_macros::utf32le;

/// UTF-32 big-endian bytes of string literals, as `[u8; N]`; options as
/// for [`utf8!`], except `cstr`.
///
/// ```
/// const DATA: [u8; 12] = litenc::utf32be!("h😀", nul);
/// assert_eq!(DATA, [0, 0, 0, b'h', 0, 0x01, 0xF6, 0, 0, 0, 0, 0]);
/// ```
#[cfg(feature = "macros")]
#[doc(inline)]
pub use litenc_macros::utf32be;

/// C `wchar_t` strings from string literals, as `[`[`WChar`]`; N]`, where
/// `WChar` is the target's `wchar_t`: UTF-16 units on Windows (and Cygwin,
/// UEFI, and AVR and MSP430, where it is the 16-bit `int`, `i16`), UTF-32
/// units elsewhere, signed or not as the target's C ABI says (`i32` on
/// x86-64 Linux, `u32` on `AArch64` Linux). Options `nul` (for
/// `wcslen`, `wprintf`, `MessageBoxW`) and `bom`; and, with the feature
/// `windows-strings`, `pcwstr`: on Windows, where `wchar_t` is 16 bits, the
/// same `PCWSTR` as `utf16!(.., pcwstr)`; on any other target a compile
/// error, since windows-strings has no `PCWSTR` there (and `wchar_t` is
/// mostly 32 bits). `u16cstr` and `u32cstr` are compile errors: `wide!`'s
/// width depends on the target; use `utf16!` or `utf32!` for them.
///
/// The macro runs on the host but follows the target: litenc, compiled
/// for the target, gives the macro of the target's `wchar_t` (and byte
/// order), so a build from Linux for Windows gets 16-bit units. Text
/// beyond U+FFFF takes two units on 16-bit targets and one elsewhere, so
/// for such text let the compiler infer the array's length (`let`), or
/// compute it with [`wide::units_len`] in a `const`.
///
/// ```
/// use litenc::WChar;
///
/// static GREETING: [WChar; 7] = litenc::wide!("Привет", nul);
/// assert_eq!(GREETING[0], 0x041F as WChar);
/// assert_eq!(GREETING[6], 0);
/// let emoji = litenc::wide!("😀");
/// assert_eq!(emoji.len(), if WChar::BITS == 16 { 2 } else { 1 });
/// assert_eq!(litenc::wide::decode_units(&emoji).unwrap(), "😀");
/// ```
#[cfg(feature = "macros")]
#[doc(inline)]
pub use crate::__private::native::wide;

/// A USB string descriptor (USB 2.0 §9.6.7) of a string literal, as
/// `[u8; N]`: `bLength`, `bDescriptorType` 3, then the text as UTF-16LE,
/// with no terminator. Text of more than 126 UTF-16 code units does not
/// fit the one-byte `bLength` and is a compile error. No options. At run
/// time: [`usb_string::encode_into`].
///
/// ```
/// static PRODUCT: [u8; 20] = litenc::usb_string!("Термометр");
/// assert_eq!(PRODUCT[..4], [20, 3, 0x22, 0x04]);
/// assert_eq!(litenc::utf16le::decode(&PRODUCT[2..]).unwrap(), "Термометр");
/// ```
///
/// ```compile_fail
/// // error: the text takes 127 UTF-16 code units, and a USB string
/// //        descriptor holds at most 126 (...)
/// const LONG: [u8; 256] = litenc::usb_string!(
///     "0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456"
/// );
/// ```
#[cfg(feature = "macros")]
#[doc(inline)]
pub use litenc_macros::usb_string;

/// Java's modified UTF-8 of string literals, as `[u8; N]` or, with `cstr`,
/// `&'static CStr`: what JNI's `FindClass` and `GetMethodID` take.
///
/// U+0000 is written as `C0 80`, so text holding it may still be
/// NUL-terminated; supplementary characters are two encoded surrogates.
///
/// With `len_u16be` the array is exactly what Java's
/// `DataOutputStream.writeUTF` writes for the same string (a big-endian
/// `u16` length, then the bytes), which is also a class file's
/// `CONSTANT_Utf8` entry after its tag; like `writeUTF`, litenc refuses
/// more than 65,535 bytes. At run time:
/// [`mutf8::encode_prefixed_into`]`(text, LenPrefix::U16Be, out)`.
///
/// ```
/// const UTF: [u8; 7] = litenc::mutf8!("a\0é", len_u16be);
/// assert_eq!(UTF, [0, 5, b'a', 0xC0, 0x80, 0xC3, 0xA9]);
/// ```
///
/// With the feature `jni`, `jnistr` gives the `&'static JNIStr` of the jni
/// crate (0.22), which its `Env` methods take for class, method and field
/// names and signatures; like jni's own `jni_str!`, but the bytes come
/// from litenc's encoder and the text may hold U+0000.
///
/// ```
/// # #[cfg(feature = "jni")] {
/// use jni::strings::JNIStr;
///
/// const CLASS: &JNIStr = litenc::mutf8!("java/lang/String", jnistr);
/// const KEY: &JNIStr = litenc::mutf8!("a\0😀", jnistr);
/// assert_eq!(CLASS.as_cstr(), c"java/lang/String");
/// assert_eq!(KEY.to_bytes(), b"a\xC0\x80\xED\xA0\xBD\xED\xB8\x80");
/// # }
/// ```
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
/// //          'ä' (U+00E4) at character index 1: "B[ä]r"
/// //        = help: windows-1251 (Windows Cyrillic) holds only its 256
/// //          characters: replace these, or choose an encoding that holds
/// //          all of Unicode, e.g. `utf8!`
/// const BAD: [u8; 3] = litenc::windows1251!("Bär");
/// ```
///
/// The other code pages have no macro of their own: name them to
/// [`encode!`], e.g. `encode!("koi8-r", ...)`.
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
/// `&'static CStr` with `cstr`, or another
/// [typed string](crate#typed-strings-of-the-ffi-crates): `pcstr`, and
/// `jnistr` for MUTF-8): `encode!("label", text..., options...)`.
///
/// Every label works that [`Encoding::for_label`] knows, ASCII
/// case-insensitive: the Unicode encodings (`"utf-8"`, `"UTF-16BE"`,
/// `"java-modified-utf-8"`, `"cesu-8"`, ...); every label of the WHATWG
/// Encoding Standard (`"cp1251"`, `"koi8-r"`, `"iso-8859-7"`, `"greek"`,
/// `"macintosh"`, `"windows-874"`, ...); the DOS pages (`"cp437"`,
/// `"ibm850"`, `"866"`, ...); strict 7-bit ASCII (`"ascii-7bit"`) and true
/// ISO-8859-1 with the C1 controls (`"iso-8859-1-c1"`). The labels mean
/// what WHATWG says: `"utf-16"` is little-endian bytes, and `"ascii"`,
/// `"us-ascii"`, `"latin1"` and `"iso-8859-1"` are windows-1252. A
/// character the encoding lacks is a compile error, as for
/// [`windows1251!`].
///
/// ```
/// const A: [u8; 4] = litenc::encode!("UTF-16BE", "hi");
/// const B: [u8; 3] = litenc::encode!("x-cp1251", "Щи", nul);
/// // KOI8-R, the Cyrillic of Unix mail; the same bytes as `koi8_r::encode`.
/// const C: [u8; 6] = litenc::encode!("koi8-r", "Привет");
/// assert_eq!(A, [0, b'h', 0, b'i']);
/// assert_eq!(B, [0xD9, 0xE8, 0]);
/// assert_eq!(C, [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4]);
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

/// The 11-byte name of a FAT directory entry (an 8.3 short name), at
/// compile time: `fat_name!("readme.txt")` in CP437, the page of most
/// media, or `fat_name!("cp850", "readme.txt")` in another OEM page.
/// The name is upper-cased in the page, base and extension are padded with
/// spaces to 8 and 3 bytes, and a first byte `E5` is stored as `05`. A
/// name that breaks a rule (a character FAT forbids, one whose upper case
/// is not in the page, a base over 8 or an extension over 3 bytes, two
/// dots, an empty base) is a compile error that names the rule. The same
/// at run time: [`fat::short_name`], which this macro calls.
///
/// ```
/// const README: [u8; 11] = litenc::fat_name!("readme.txt");
/// assert_eq!(&README, b"README  TXT");
/// const MENU: [u8; 11] = litenc::fat_name!("cp850", "menú.cfg");
/// assert_eq!(&MENU, b"MEN\xE9    CFG");
/// assert_eq!(litenc::fat_name!(".."), *b"..         ");
/// ```
#[cfg(feature = "macros")]
#[doc(inline)]
pub use litenc_macros::fat_name;

/// A UTF-8 file, encoded at compile time: `include_encoded!("label",
/// "path", options...)`, with the path relative to the calling source file
/// as for `include_bytes!`. The build depends on the file: editing it
/// rebuilds the crate. The label is any that [`encode!`] takes, code pages
/// included.
///
/// ```ignore
/// static HELP_1251: [u8; 1234] = litenc::include_encoded!("cp1251", "help.txt");
/// static HELP_WIDE: &[u8] = &litenc::include_encoded!("utf-16le", "help.txt", bom);
/// // For the character set of a receipt printer (ESC/POS, CP437):
/// static RECEIPT: &[u8] = &litenc::include_encoded!("cp437", "receipt.txt");
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
/// `&[u8]`, `&[u16]` or `&CStr`. The label is any that [`encode!`] takes,
/// code pages included.
///
/// ```
/// use core::ffi::CStr;
///
/// #[litenc::encoded("windows-1251")]
/// static MENU: [u8; _] = "Файл";
/// #[litenc::encoded("cp437", nul)]
/// static FRAME: [u8; _] = "╔═╗"; // box drawing of the IBM PC
/// #[litenc::encoded("utf-16", nul)]
/// const WIDE: [u16; _] = "Edit";
/// #[litenc::encoded("mutf-8")]
/// const SIG: &CStr = "(Ljava/lang/String;)V";
///
/// assert_eq!(MENU, [0xD4, 0xE0, 0xE9, 0xEB]);
/// assert_eq!(FRAME, [0xC9, 0xCD, 0xBB, 0]);
/// assert_eq!(WIDE, [0x45, 0x64, 0x69, 0x74, 0]);
/// assert_eq!(SIG.to_bytes(), b"(Ljava/lang/String;)V");
/// ```
#[cfg(feature = "macros")]
#[doc(inline)]
pub use crate::__private::native::encoded;

// Not public API.
//
// What the expansions of the macros call; no semver guarantee.
#[doc(hidden)]
pub mod __private {
    pub mod typed;

    /// The macros that give code units, as the proc macros' entry points
    /// for this target's byte order and `wchar_t`: the proc macros run on
    /// the host, this crate is compiled for the target, so its `cfg` picks
    /// the entry point and the expansion holds the target's array alone.
    #[cfg(feature = "macros")]
    pub mod native {
        #[cfg(not(target_endian = "little"))]
        pub use litenc_macros::{
            encoded_be as encoded, utf16_units_be as utf16, utf32_units_be as utf32,
        };
        #[cfg(target_endian = "little")]
        pub use litenc_macros::{
            encoded_le as encoded, utf16_units_le as utf16, utf32_units_le as utf32,
        };
        pub use wchar::wide;

        /// `wide!` of a 16-bit `wchar_t` (as `WChar`'s own definition says).
        #[cfg(any(
            windows,
            target_os = "cygwin",
            target_os = "uefi",
            target_arch = "avr",
            target_arch = "msp430"
        ))]
        mod wchar {
            pub(super) const BITS: u32 = 16;
            #[cfg(not(target_endian = "little"))]
            pub use litenc_macros::wide16_be as wide;
            #[cfg(target_endian = "little")]
            pub use litenc_macros::wide16_le as wide;
        }

        /// `wide!` of a 32-bit `wchar_t`.
        #[cfg(not(any(
            windows,
            target_os = "cygwin",
            target_os = "uefi",
            target_arch = "avr",
            target_arch = "msp430"
        )))]
        mod wchar {
            pub(super) const BITS: u32 = 32;
            #[cfg(not(target_endian = "little"))]
            pub use litenc_macros::wide32_be as wide;
            #[cfg(target_endian = "little")]
            pub use litenc_macros::wide32_le as wide;
        }

        // The `wide!` chosen here and `WChar` agree on every target this
        // crate builds for.
        const _: () = assert!(
            crate::WChar::BITS == wchar::BITS,
            "litenc: the wide! of this target and WChar disagree on the size of wchar_t"
        );
    }

    /// The bytes of `text` as an array, for the long `[u8; N]` literals
    /// that are UTF-8.
    ///
    /// # Panics
    /// If `text` is not `N` bytes long: in a `const` block, a compile error.
    /// The macros never emit such a call.
    #[must_use]
    pub const fn str_bytes<const N: usize>(text: &str) -> [u8; N] {
        match text.as_bytes().first_chunk::<N>() {
            Some(bytes) if text.len() == N => *bytes,
            _ => panic!("litenc: str_bytes got a text of the wrong length"),
        }
    }

    /// A module with `from_ne_bytes`, for one unit type: `[unit; N]` from
    /// the native-endian bytes of `N` units, the one conversion `utf16!`,
    /// `utf32!` and `wide!` need, done by a single copy so that a long
    /// literal costs no `const` loop.
    macro_rules! from_ne_bytes_module {
        ($m:ident, $unit:ty) => {
            #[allow(unsafe_code)]
            pub mod $m {
                /// The two views of the same `B` bytes. `#[repr(C)]` puts
                /// both fields at offset 0; the union is aligned for the
                /// unit.
                #[repr(C)]
                union Pun<const N: usize, const B: usize> {
                    bytes: [u8; B],
                    units: [$unit; N],
                }

                /// Reads `bytes` (the native-endian bytes of `N` units, so
                /// `B == N * size_of::<unit>()`) as `[unit; N]`.
                ///
                /// # Panics
                /// If `B` is not `N` units: in a `const` item, a compile
                /// error. The macros never emit such a call.
                #[must_use]
                pub const fn from_ne_bytes<const N: usize, const B: usize>(
                    bytes: &[u8; B],
                ) -> [$unit; N] {
                    assert!(
                        B == N * core::mem::size_of::<$unit>(),
                        "litenc: from_ne_bytes needs exactly one unit's bytes per unit"
                    );
                    let pun = Pun::<N, B> { bytes: *bytes };
                    // SAFETY: `B` is the size of `[unit; N]` (checked
                    // above), so `bytes` and `units` cover the same, fully
                    // initialised, bytes of `pun`; every bit pattern is a
                    // valid integer; the union's alignment is the unit's, so
                    // `units` is aligned whatever the alignment of the
                    // input, which was copied in by value.
                    unsafe { pun.units }
                }
            }
        };
    }

    from_ne_bytes_module!(utf16, u16);
    from_ne_bytes_module!(utf32, u32);
    from_ne_bytes_module!(wchar, crate::WChar);

    #[cfg(test)]
    mod tests {
        use super::{utf16::from_ne_bytes, utf32};

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
            let mut bytes = [0u8; 12];
            for (k, u) in [0x41u32, 0x1F600, 0x10_FFFF].into_iter().enumerate() {
                bytes[4 * k..4 * k + 4].copy_from_slice(&u.to_ne_bytes());
            }
            let units = utf32::from_ne_bytes::<3, 12>(&bytes);
            assert_eq!(units, [0x41, 0x1F600, 0x10_FFFF]);
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
            let unit = utf32::from_ne_bytes::<1, 4>(odd);
            assert_eq!(unit[0], u32::from_ne_bytes([0x12, 0x34, 0x56, 0x78]));
        }

        #[test]
        fn large() {
            let bytes = [0xABu8; 4096];
            let units = from_ne_bytes::<2048, 4096>(&bytes);
            assert!(units.iter().all(|&u| u == 0xABAB));
        }

        #[test]
        #[should_panic(expected = "one unit's bytes per unit")]
        fn wrong_size() {
            let _ = from_ne_bytes::<2, 3>(&[0, 0, 0]);
        }

        #[test]
        fn str_bytes() {
            const BYTES: [u8; 5] = crate::__private::str_bytes::<5>("aПр");
            assert_eq!(&BYTES, "aПр".as_bytes());
        }

        #[test]
        #[should_panic(expected = "wrong length")]
        fn str_bytes_of_the_wrong_length() {
            let _ = crate::__private::str_bytes::<2>("abc");
        }
    }
}

// The README's Rust examples run as doctests.
#[cfg(all(doctest, feature = "macros", feature = "alloc"))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
