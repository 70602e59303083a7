//! UTF-16LE: UTF-16 (RFC 2781) as little-endian bytes, the byte order of
//! Windows wide strings on disk and on the wire.
//!
//! The rules are those of [`utf16`](crate::utf16), with positions in bytes:
//! an unpaired surrogate is an error of 2 bytes, and an odd trailing byte,
//! like a high surrogate at the end, is truncated input. No byte-order mark
//! is written; one in the input decodes to U+FEFF.
//!
//! ```
//! use litenc_runtime::utf16le;
//!
//! // A lone low surrogate, then an odd trailing byte.
//! let bytes = b"a\x00\x00\xDCb\x00c";
//! let err = utf16le::validate(bytes).unwrap_err();
//! assert_eq!((err.valid_up_to(), err.error_len()), (2, Some(2)));
//! assert_eq!(utf16le::decode_lossy(bytes), "a\u{FFFD}b\u{FFFD}");
//! ```

crate::api::byte_codec_api!(
    crate::rules::Family::Utf16 { big_endian: false },
    utf16le,
    "aЖ😀",
    b"a\x00\x16\x04\x3D\xD8\x00\xDE"
);
