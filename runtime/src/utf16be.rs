//! UTF-16BE: UTF-16 (RFC 2781) as big-endian bytes, the byte order of Java's
//! `DataOutput.writeChars` and of most network protocols.
//!
//! The rules are those of [`utf16`](crate::utf16), with positions in bytes:
//! an unpaired surrogate is an error of 2 bytes, and an odd trailing byte,
//! like a high surrogate at the end, is truncated input. No byte-order mark
//! is written; one in the input decodes to U+FEFF.
//!
//! ```
//! use litenc_runtime::utf16be;
//!
//! // A high surrogate followed by a letter instead of a low surrogate.
//! let bytes = b"\x00a\xD8\x00\x00b";
//! let err = utf16be::validate(bytes).unwrap_err();
//! assert_eq!((err.valid_up_to(), err.error_len()), (2, Some(2)));
//! assert_eq!(utf16be::decode_lossy(bytes), "a\u{FFFD}b");
//! ```

crate::api::byte_codec_api!(
    crate::rules::Family::Utf16 { big_endian: true },
    utf16be,
    "aЖ😀",
    b"\x00a\x04\x16\xD8\x3D\xDE\x00"
);
