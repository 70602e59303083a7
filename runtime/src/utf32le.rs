//! UTF-32LE: UTF-32 as little-endian bytes, four per character, as Linux
//! and macOS keep `wchar_t` strings in memory on x86 and ARM.
//!
//! The rules are those of [`utf32`](crate::utf32), with positions in bytes:
//! a surrogate or a value above U+10FFFF is an error of 4 bytes (one
//! U+FFFD when decoding lossily), and one to three bytes left at the end
//! are truncated input. No byte-order mark is written; one in the input
//! decodes to U+FEFF.
//!
//! ```
//! use litenc_runtime::utf32le;
//!
//! // A surrogate (U+D800), then a letter, then two stray bytes.
//! let bytes = b"a\0\0\0\x00\xD8\0\0b\0\0\0c\0";
//! let err = utf32le::validate(bytes).unwrap_err();
//! assert_eq!((err.valid_up_to(), err.error_len()), (4, Some(4)));
//! assert_eq!(utf32le::decode_lossy(bytes), "a\u{FFFD}b\u{FFFD}");
//! ```

crate::api::byte_codec_api!(
    crate::rules::Family::Utf32 { big_endian: false },
    utf32le,
    "aЖ😀",
    b"a\x00\x00\x00\x16\x04\x00\x00\x00\xF6\x01\x00"
);
