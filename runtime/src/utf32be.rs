//! UTF-32BE: UTF-32 as big-endian bytes, four per character: the byte
//! order Unicode gives the UTF-32 encoding scheme when there is no
//! byte-order mark, and the one of glibc's `iconv -t UCS-4`.
//!
//! The rules are those of [`utf32`](crate::utf32), with positions in bytes:
//! a surrogate or a value above U+10FFFF is an error of 4 bytes, and one to
//! three bytes left at the end are truncated input. No byte-order mark is
//! written; one in the input decodes to U+FEFF.
//!
//! ```
//! use litenc_runtime::utf32be;
//!
//! // 0x110000 is one past the last code point.
//! let err = utf32be::validate(b"\0\0\0a\0\x11\0\0").unwrap_err();
//! assert_eq!((err.valid_up_to(), err.error_len()), (4, Some(4)));
//! ```

crate::api::byte_codec_api!(
    crate::rules::Family::Utf32 { big_endian: true },
    utf32be,
    "aЖ😀",
    b"\x00\x00\x00a\x00\x00\x04\x16\x00\x01\xF6\x00"
);
