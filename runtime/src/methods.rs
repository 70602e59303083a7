//! The codec operations of [`Encoding`], for an encoding chosen at run time:
//! each forwards to the engine (or the `alloc` helpers) with the encoding's
//! family. Calling these links every code page's tables into the program;
//! the per-encoding modules link only their own.

use crate::encoding::Encoding;
use crate::engine;
use crate::error::{DecodeError, EncodeError};
use crate::prefix::LenPrefix;

impl Encoding {
    /// The most UTF-8 bytes one input byte of this encoding decodes to, so
    /// that `input.len() * max_utf8_bytes_per_byte()` always suffices for
    /// [`decode_into`](Self::decode_into), without calling
    /// [`decoded_len`](Self::decoded_len):
    ///
    /// | encoding | bound | reached by |
    /// |---|---|---|
    /// | UTF-8, MUTF-8, CESU-8, strict ASCII | 1 | ASCII (`C0 80` and surrogate pairs shrink) |
    /// | UTF-16LE, UTF-16BE | 2 (1.5 rounded up) | U+0800..U+FFFF: 2 bytes to 3 |
    /// | UTF-32LE, UTF-32BE | 1 | ASCII and U+10000 up: 4 bytes to 1 or 4 |
    /// | a code page whose characters are all below U+0800 (ISO-8859-1 to -10, -13, KOI8-R, IBM866, ...) | 2 | any byte above `0x7F` |
    /// | a code page with a character from U+0800 up (`€`, `…`, box drawing, Thai: windows-125x, CP437, ...) | 3 | such a byte |
    ///
    /// For [`utf16::decode_units_into`](crate::utf16::decode_units_into) the
    /// bound is 3 bytes per `u16` unit. For a code page that defines every
    /// byte, a buffer this large also lets decoding skip the length pass.
    ///
    /// ```
    /// use litenc_runtime::Encoding;
    ///
    /// let bytes = [0x88, 0x41];
    /// let enc = Encoding::Windows1251;
    /// let mut buf = vec![0u8; bytes.len() * enc.max_utf8_bytes_per_byte()];
    /// let n = enc.decode_into(&bytes, &mut buf).unwrap();
    /// assert_eq!(&buf[..n], "€A".as_bytes());
    /// ```
    #[must_use]
    #[inline]
    pub const fn max_utf8_bytes_per_byte(self) -> usize {
        self.family().max_utf8_bytes_per_byte()
    }

    /// The number of bytes `text` takes in this encoding.
    ///
    /// # Errors
    /// [`EncodeError::Unencodable`] for the first character the encoding
    /// cannot hold (only the single-byte encodings have such characters).
    ///
    /// ```
    /// use litenc_runtime::Encoding;
    /// assert_eq!(Encoding::Mutf8.encoded_len("a\0😀"), Ok(9));
    /// assert!(Encoding::Windows1251.encoded_len("😀").is_err());
    /// ```
    #[inline]
    pub const fn encoded_len(self, text: &str) -> Result<usize, EncodeError> {
        engine::encoded_len(self.family(), text)
    }

    /// Encodes `text` into `out`, returning the number of bytes written.
    ///
    /// # Errors
    /// [`EncodeError::Unencodable`] as for [`encoded_len`](Self::encoded_len);
    /// [`EncodeError::OutputTooSmall`] if `out` is shorter than that length.
    /// After an error `out` is as it was.
    ///
    /// ```
    /// use litenc_runtime::Encoding;
    /// let mut buf = [0u8; 8];
    /// let n = Encoding::Utf16Be.encode_into("Ж", &mut buf).unwrap();
    /// assert_eq!(&buf[..n], [0x04, 0x16]);
    /// ```
    #[inline]
    pub const fn encode_into(self, text: &str, out: &mut [u8]) -> Result<usize, EncodeError> {
        engine::encode_into(self.family(), text, out)
    }

    /// The number of bytes [`encode_prefixed_into`](Self::encode_prefixed_into)
    /// writes: the prefix's width and [`encoded_len`](Self::encoded_len).
    ///
    /// # Errors
    /// As [`encoded_len`](Self::encoded_len), and [`EncodeError::TooLong`]
    /// if the encoded text is longer than the prefix can count.
    ///
    /// ```
    /// use litenc_runtime::{EncodeError, Encoding, LenPrefix};
    ///
    /// // Java's `writeUTF`: a big-endian 16-bit length, then MUTF-8.
    /// assert_eq!(Encoding::Mutf8.prefixed_len("héllo", LenPrefix::U16Be), Ok(2 + 6));
    /// let long = "a".repeat(256);
    /// assert_eq!(
    ///     Encoding::Utf8.prefixed_len(&long, LenPrefix::U8),
    ///     Err(EncodeError::TooLong { len: 256, max: 255 })
    /// );
    /// ```
    #[inline]
    pub const fn prefixed_len(self, text: &str, prefix: LenPrefix) -> Result<usize, EncodeError> {
        engine::prefixed_len(self.family(), text, prefix)
    }

    /// Encodes `text` into `out` after a [`LenPrefix`] that counts the
    /// encoded bytes after it; returns the number of bytes written, prefix
    /// included.
    ///
    /// # Errors
    /// As [`prefixed_len`](Self::prefixed_len), and
    /// [`EncodeError::OutputTooSmall`] if `out` is too short. After an
    /// error `out` is as it was.
    ///
    /// ```
    /// use litenc_runtime::{Encoding, LenPrefix};
    /// let mut buf = [0u8; 16];
    /// let n = Encoding::Utf16Le.encode_prefixed_into("Жук", LenPrefix::U32Le, &mut buf).unwrap();
    /// assert_eq!(&buf[..n], b"\x06\0\0\0\x16\x04\x43\x04\x3A\x04");
    /// ```
    #[inline]
    pub const fn encode_prefixed_into(
        self,
        text: &str,
        prefix: LenPrefix,
        out: &mut [u8],
    ) -> Result<usize, EncodeError> {
        engine::encode_prefixed_into(self.family(), text, prefix, out)
    }

    /// Checks that `bytes` is well formed in this encoding.
    ///
    /// # Errors
    /// A [`DecodeError`] with the position of the first ill-formed sequence.
    ///
    /// ```
    /// use litenc_runtime::Encoding;
    /// assert!(Encoding::Cesu8.validate(b"\xED\xA0\xBD\xED\xB8\x80").is_ok());
    /// let err = Encoding::Cesu8.validate(b"\xC0\x80").unwrap_err();
    /// assert_eq!((err.valid_up_to(), err.error_len()), (0, Some(1)));
    /// ```
    #[inline]
    pub const fn validate(self, bytes: &[u8]) -> Result<(), DecodeError> {
        engine::validate(self.family(), bytes)
    }

    /// The number of UTF-8 bytes `bytes` decodes to.
    ///
    /// # Errors
    /// As [`validate`](Self::validate).
    ///
    /// ```
    /// use litenc_runtime::Encoding;
    /// // 0x88 is U+20AC, three bytes of UTF-8.
    /// assert_eq!(Encoding::Windows1251.decoded_len(b"\x88"), Ok(3));
    /// ```
    #[inline]
    pub const fn decoded_len(self, bytes: &[u8]) -> Result<usize, DecodeError> {
        engine::decoded_len(self.family(), bytes)
    }

    /// Decodes `bytes` into `out` as UTF-8, returning the number of bytes
    /// written; `core::str::from_utf8(&out[..n])` always succeeds.
    ///
    /// # Errors
    /// As [`validate`](Self::validate), and
    /// [`DecodeErrorKind::OutputTooSmall`](crate::DecodeErrorKind::OutputTooSmall)
    /// for well-formed input that does not fit.
    ///
    /// ```
    /// use litenc_runtime::{DecodeErrorKind, Encoding};
    /// let mut buf = [0u8; 2];
    /// let err = Encoding::Utf16Le.decode_into(b"\x16\x04\x16\x04", &mut buf).unwrap_err();
    /// assert_eq!(err.kind(), DecodeErrorKind::OutputTooSmall { needed: 4, available: 2 });
    /// ```
    #[inline]
    pub const fn decode_into(self, bytes: &[u8], out: &mut [u8]) -> Result<usize, DecodeError> {
        engine::decode_into(self.family(), bytes, out)
    }

    /// Encodes `text` into a new vector.
    ///
    /// # Errors
    /// As [`encoded_len`](Self::encoded_len).
    ///
    /// ```
    /// use litenc_runtime::Encoding;
    /// assert_eq!(Encoding::Windows1251.encode("Да").unwrap(), [0xC4, 0xE0]);
    /// ```
    #[cfg(feature = "alloc")]
    #[inline]
    pub fn encode(self, text: &str) -> Result<alloc::vec::Vec<u8>, EncodeError> {
        crate::owned::encode(self.family(), text)
    }

    /// Encodes `text` into a new vector, writing what `policy` says for
    /// each character the encoding cannot hold ([`Unmappable`](crate::Unmappable): skip it,
    /// write a replacement, or a numeric character reference, as Python's
    /// `errors="ignore"`, `"replace"` and `"xmlcharrefreplace"` do).
    ///
    /// Text that the encoding holds whole is encoded by
    /// [`encode`](Self::encode), at its speed; only from the first
    /// character it cannot hold on does the streaming
    /// [`Encoder`](crate::stream::Encoder) take over, which is as fast
    /// between such characters.
    ///
    /// # Errors
    /// With [`Unmappable::Error`](crate::Unmappable::Error), as [`encode`](Self::encode); with
    /// [`Unmappable::Replace`](crate::Unmappable::Replace) whose character the encoding cannot hold
    /// either, the error of the first character it had to replace.
    ///
    /// ```
    /// use litenc_runtime::{Encoding, Unmappable};
    ///
    /// let text = "Привет, 世界 €";
    /// let enc = Encoding::Windows1251;
    /// assert_eq!(enc.encode_with(text, Unmappable::Skip).unwrap(), b"\xCF\xF0\xE8\xE2\xE5\xF2,  \x88");
    /// assert_eq!(
    ///     enc.encode_with(text, Unmappable::CharRef).unwrap(),
    ///     b"\xCF\xF0\xE8\xE2\xE5\xF2, &#19990;&#30028; \x88"
    /// );
    /// assert!(Encoding::Koi8R.encode_with("€", Unmappable::Replace('¤')).is_err());
    /// ```
    #[cfg(feature = "alloc")]
    #[inline]
    pub fn encode_with(
        self,
        text: &str,
        policy: crate::Unmappable,
    ) -> Result<alloc::vec::Vec<u8>, EncodeError> {
        crate::owned::encode_with(self.family(), text, policy)
    }

    /// Decodes `bytes` into a new string.
    ///
    /// # Errors
    /// As [`validate`](Self::validate).
    ///
    /// ```
    /// use litenc_runtime::Encoding;
    /// assert_eq!(Encoding::Mutf8.decode(b"a\xC0\x80").unwrap(), "a\0");
    /// ```
    #[cfg(feature = "alloc")]
    #[inline]
    pub fn decode(self, bytes: &[u8]) -> Result<alloc::string::String, DecodeError> {
        crate::owned::decode(self.family(), bytes)
    }

    /// Encodes `text`, borrowing it when its encoding is the same bytes,
    /// else into a new vector as [`encode`](Self::encode) does:
    ///
    /// | encoding | borrowed when the text has |
    /// |---|---|
    /// | UTF-8 | anything (always) |
    /// | MUTF-8 | no U+0000 and no supplementary character |
    /// | CESU-8 | no supplementary character |
    /// | a code page, strict ASCII | only ASCII |
    /// | UTF-16LE, UTF-16BE | nothing (only the empty text) |
    ///
    /// One scan finds the first character that encodes otherwise; the
    /// bytes before it are copied, not encoded again.
    ///
    /// # Errors
    /// As [`encode`](Self::encode).
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use litenc_runtime::Encoding;
    ///
    /// assert!(matches!(Encoding::Mutf8.encode_cow("java/lang/String"), Ok(Cow::Borrowed(_))));
    /// let owned = Encoding::Mutf8.encode_cow("a\0b").unwrap();
    /// assert!(matches!(owned, Cow::Owned(_)));
    /// assert_eq!(owned, &b"a\xC0\x80b"[..]);
    /// ```
    #[cfg(feature = "alloc")]
    #[inline]
    pub fn encode_cow(self, text: &str) -> Result<alloc::borrow::Cow<'_, [u8]>, EncodeError> {
        crate::owned::encode_cow(self.family(), text)
    }

    /// Decodes `bytes`, borrowing them when they are well formed and
    /// already the UTF-8 of the text, else into a new string as
    /// [`decode`](Self::decode) does (with the same errors):
    ///
    /// | encoding | borrowed when the bytes have |
    /// |---|---|
    /// | UTF-8 | anything well formed (always) |
    /// | MUTF-8 | no `C0 80` (U+0000) and no encoded surrogates (supplementary characters) |
    /// | CESU-8 | no encoded surrogates |
    /// | a code page, strict ASCII | only bytes `00..=7F` |
    /// | UTF-16LE, UTF-16BE | nothing (only the empty input) |
    ///
    /// One scan checks the bytes up to the first place where the decoding
    /// differs; the bytes before it are copied, not decoded again.
    ///
    /// # Errors
    /// As [`validate`](Self::validate).
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use litenc_runtime::Encoding;
    ///
    /// let text = Encoding::Windows1251.decode_cow(b"plain ASCII").unwrap();
    /// assert!(matches!(text, Cow::Borrowed("plain ASCII")));
    /// let text = Encoding::Windows1251.decode_cow(b"\xC4\xE0").unwrap();
    /// assert!(matches!(text, Cow::Owned(ref s) if s == "Да"));
    /// assert!(Encoding::Mutf8.decode_cow(b"a\0").is_err());
    /// ```
    #[cfg(feature = "alloc")]
    #[inline]
    pub fn decode_cow(self, bytes: &[u8]) -> Result<alloc::borrow::Cow<'_, str>, DecodeError> {
        crate::owned::decode_cow(self.family(), bytes)
    }

    /// Decodes `bytes`, replacing each ill-formed part with U+FFFD; borrows
    /// `bytes` when they are already the UTF-8 of the result.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use litenc_runtime::Encoding;
    /// assert!(matches!(Encoding::Windows1251.decode_lossy(b"plain ASCII"), Cow::Borrowed(_)));
    /// assert_eq!(Encoding::Utf16Le.decode_lossy(b"a\x00\x00\xDC"), "a\u{FFFD}");
    /// ```
    #[cfg(feature = "alloc")]
    #[must_use]
    #[inline]
    pub fn decode_lossy(self, bytes: &[u8]) -> alloc::borrow::Cow<'_, str> {
        crate::owned::decode_lossy(self.family(), bytes)
    }
}

impl core::fmt::Display for Encoding {
    #[inline]
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}
