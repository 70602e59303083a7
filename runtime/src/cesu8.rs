//! CESU-8 (Unicode Technical Report #26): UTF-8 in which a supplementary
//! character is written as its UTF-16 surrogate pair, each surrogate as a
//! 3-byte sequence. Oracle databases and some Java and JDBC components speak it.
//!
//! - U+0000 is `00`; the overlong `C0 80` is ill-formed (unlike
//!   [`mutf8`](crate::mutf8)).
//! - U+0001 to U+FFFF are as in UTF-8; 4-byte forms are ill-formed.
//! - A high surrogate must be followed by a low one; every unpaired
//!   surrogate is one error of 3 bytes.
//!
//! Lossy decoding writes one U+FFFD per maximal subpart of an ill-formed
//! 1- to 3-byte sequence and one per unpaired encoded surrogate.
//!
//! ```
//! use litenc_runtime::cesu8;
//!
//! // A low surrogate with no high surrogate before it.
//! let err = cesu8::validate(b"ab\xED\xB8\x80").unwrap_err();
//! assert_eq!((err.valid_up_to(), err.error_len()), (2, Some(3)));
//! assert_eq!(cesu8::decode_lossy(b"ab\xED\xB8\x80c"), "ab\u{FFFD}c");
//! ```

crate::api::byte_codec_api!(
    crate::rules::Family::Cesu { java: false },
    cesu8,
    "a\0é😀",
    b"a\x00\xC3\xA9\xED\xA0\xBD\xED\xB8\x80"
);
