//! UTF-8 (RFC 3629), with exactly the rules of [`core::str::from_utf8`].
//!
//! Decoding accepts the well-formed sequences of Unicode Table 3-7 and
//! nothing else: no overlong forms, no surrogates (`ED A0..BF`), nothing
//! above U+10FFFF, no 5- or 6-byte forms. Errors carry the `valid_up_to` and
//! `error_len` that `from_utf8` reports, and [`decode_lossy`] writes one
//! U+FFFD per maximal subpart, as `String::from_utf8_lossy` does.
//!
//! ```
//! use litenc_runtime::utf8;
//!
//! // `E0 80` is the start of an overlong form: `E0` must be followed by A0..BF.
//! let err = utf8::validate(b"ab\xE0\x80z").unwrap_err();
//! assert_eq!((err.valid_up_to(), err.error_len()), (2, Some(1)));
//! assert_eq!(utf8::decode_lossy(b"ab\xE0\x80z"), "ab\u{FFFD}\u{FFFD}z");
//! ```

crate::api::byte_codec_api!(
    crate::rules::Family::Utf8,
    utf8,
    "héllo, 世界 😀",
    b"h\xC3\xA9llo, \xE4\xB8\x96\xE7\x95\x8C \xF0\x9F\x98\x80"
);
