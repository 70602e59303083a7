//! The [`Encoding`] enum: names, labels, and the codec chosen at run time.

use crate::{codec, DecodeError, EncodeError};

/// One of the encodings litenc speaks.
///
/// Every operation of the per-encoding modules is also a method here, for code
/// that picks the encoding at run time:
///
/// ```
/// use litenc_runtime::Encoding;
///
/// let enc = Encoding::for_label(" CP1251 ").unwrap();
/// assert_eq!(enc, Encoding::Windows1251);
/// assert_eq!(enc.name(), "windows-1251");
///
/// const LEN: usize = match Encoding::Utf16Le.encoded_len("Привет") {
///     Ok(n) => n,
///     Err(e) => e.const_panic(),
/// };
/// assert_eq!(LEN, 12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Encoding {
    /// UTF-8 (RFC 3629), exactly as [`core::str::from_utf8`] accepts it.
    Utf8,
    /// UTF-16 (RFC 2781), little-endian bytes, no byte-order mark.
    Utf16Le,
    /// UTF-16 (RFC 2781), big-endian bytes, no byte-order mark.
    Utf16Be,
    /// Java's modified UTF-8 (JVM spec §4.4.7, `DataOutput.writeUTF`):
    /// U+0000 as `C0 80`, supplementary characters as two encoded surrogates.
    Mutf8,
    /// CESU-8 (Unicode TR #26): supplementary characters as two encoded
    /// surrogates, U+0000 as `00`.
    Cesu8,
    /// Windows-1251 as the WHATWG Encoding Standard defines it.
    Windows1251,
}

impl Encoding {
    /// Every encoding, in declaration order.
    pub const ALL: [Encoding; 6] = [
        Encoding::Utf8,
        Encoding::Utf16Le,
        Encoding::Utf16Be,
        Encoding::Mutf8,
        Encoding::Cesu8,
        Encoding::Windows1251,
    ];

    /// The canonical name: `"UTF-8"`, `"UTF-16LE"`, `"UTF-16BE"`, `"MUTF-8"`,
    /// `"CESU-8"` or `"windows-1251"` (WHATWG names where WHATWG has one).
    ///
    /// ```
    /// assert_eq!(litenc_runtime::Encoding::Mutf8.name(), "MUTF-8");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf16Le => "UTF-16LE",
            Encoding::Utf16Be => "UTF-16BE",
            Encoding::Mutf8 => "MUTF-8",
            Encoding::Cesu8 => "CESU-8",
            Encoding::Windows1251 => "windows-1251",
        }
    }

    /// The labels [`for_label`](Self::for_label) accepts for this encoding,
    /// in lower case: the WHATWG labels, plus `mutf-8`, `modified-utf-8`,
    /// `java-modified-utf-8` and `cesu-8`.
    ///
    /// ```
    /// use litenc_runtime::Encoding;
    /// assert_eq!(Encoding::Windows1251.labels(), ["cp1251", "windows-1251", "x-cp1251"]);
    /// ```
    #[must_use]
    pub const fn labels(self) -> &'static [&'static str] {
        match self {
            Encoding::Utf8 => &[
                "unicode-1-1-utf-8",
                "unicode11utf8",
                "unicode20utf8",
                "utf-8",
                "utf8",
                "x-unicode20utf8",
            ],
            Encoding::Utf16Le => &[
                "csunicode",
                "iso-10646-ucs-2",
                "ucs-2",
                "unicode",
                "unicodefeff",
                "utf-16",
                "utf-16le",
            ],
            Encoding::Utf16Be => &["unicodefffe", "utf-16be"],
            Encoding::Mutf8 => &["java-modified-utf-8", "modified-utf-8", "mutf-8"],
            Encoding::Cesu8 => &["cesu-8"],
            Encoding::Windows1251 => &["cp1251", "windows-1251", "x-cp1251"],
        }
    }

    /// Looks an encoding up by label, as the WHATWG Encoding Standard's "get an
    /// encoding" does: ASCII case-insensitive, leading and trailing ASCII
    /// whitespace ignored. Note that WHATWG maps `utf-16` to UTF-16LE.
    ///
    /// ```
    /// use litenc_runtime::Encoding;
    /// assert_eq!(Encoding::for_label("\tUTF-16BE\n"), Some(Encoding::Utf16Be));
    /// assert_eq!(Encoding::for_label("Java-Modified-UTF-8"), Some(Encoding::Mutf8));
    /// assert_eq!(Encoding::for_label("koi8-r"), None);
    /// ```
    #[must_use]
    pub fn for_label(label: &str) -> Option<Encoding> {
        let label = label.trim_matches(|c| matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' '));
        Encoding::ALL.into_iter().find(|enc| {
            enc.labels()
                .iter()
                .any(|known| known.eq_ignore_ascii_case(label))
        })
    }

    /// The byte-order mark of the encoding, for the encodings that have one
    /// (UTF-8, UTF-16LE, UTF-16BE). litenc never writes it by itself.
    ///
    /// ```
    /// use litenc_runtime::Encoding;
    /// assert_eq!(Encoding::Utf16Be.bom(), Some(&[0xFE, 0xFF][..]));
    /// assert_eq!(Encoding::Windows1251.bom(), None);
    /// ```
    #[must_use]
    pub const fn bom(self) -> Option<&'static [u8]> {
        match self {
            Encoding::Utf8 => Some(&[0xEF, 0xBB, 0xBF]),
            Encoding::Utf16Le => Some(&[0xFF, 0xFE]),
            Encoding::Utf16Be => Some(&[0xFE, 0xFF]),
            Encoding::Mutf8 | Encoding::Cesu8 | Encoding::Windows1251 => None,
        }
    }

    /// The width of one code unit in bytes: 2 for the UTF-16 forms, else 1.
    /// A NUL terminator is one zero unit of this width.
    #[must_use]
    pub const fn unit_size(self) -> usize {
        match self {
            Encoding::Utf16Le | Encoding::Utf16Be => 2,
            _ => 1,
        }
    }

    /// Whether U+0000 is written as a zero unit, so that text holding it
    /// cannot be NUL-terminated unambiguously. False only for MUTF-8, which
    /// writes U+0000 as `C0 80` precisely so that it never is.
    #[must_use]
    pub const fn encodes_nul_as_zero(self) -> bool {
        !matches!(self, Encoding::Mutf8)
    }

    /// The most bytes this encoding writes for one byte of UTF-8 input, so
    /// that `input.len() * max_bytes_per_utf8_byte()` always suffices for
    /// [`encode_into`](Self::encode_into), without calling
    /// [`encoded_len`](Self::encoded_len):
    ///
    /// | encoding | bound | reached by |
    /// |---|---|---|
    /// | UTF-8, Windows-1251 | 1 | ASCII (Windows-1251 never grows text) |
    /// | UTF-16LE, UTF-16BE | 2 | ASCII: 1 byte to 2 |
    /// | MUTF-8 | 2 | U+0000: `00` to `C0 80` |
    /// | CESU-8 | 2 (1.5 rounded up) | supplementary characters: 4 bytes to 6 |
    ///
    /// A buffer this large also makes `encode_into` faster for the encodings
    /// every text fits (all but Windows-1251): it cannot be too short, so the
    /// text is written in one pass, without the length pass. The bounds are
    /// tested against these worst cases (`tests/fast_paths.rs`).
    ///
    /// ```
    /// use litenc_runtime::Encoding;
    ///
    /// let text = "a\0😀";
    /// for enc in [Encoding::Utf16Le, Encoding::Mutf8, Encoding::Cesu8] {
    ///     let mut buf = vec![0u8; text.len() * enc.max_bytes_per_utf8_byte()];
    ///     assert!(enc.encode_into(text, &mut buf).is_ok());
    /// }
    /// ```
    #[must_use]
    pub const fn max_bytes_per_utf8_byte(self) -> usize {
        match self {
            Encoding::Utf8 | Encoding::Windows1251 => 1,
            Encoding::Utf16Le | Encoding::Utf16Be | Encoding::Mutf8 | Encoding::Cesu8 => 2,
        }
    }

    /// The most UTF-8 bytes one input byte of this encoding decodes to, so
    /// that `input.len() * max_utf8_bytes_per_byte()` always suffices for
    /// [`decode_into`](Self::decode_into), without calling
    /// [`decoded_len`](Self::decoded_len):
    ///
    /// | encoding | bound | reached by |
    /// |---|---|---|
    /// | UTF-8, MUTF-8, CESU-8 | 1 | ASCII (`C0 80` and surrogate pairs shrink) |
    /// | UTF-16LE, UTF-16BE | 2 (1.5 rounded up) | U+0800..U+FFFF: 2 bytes to 3 |
    /// | Windows-1251 | 3 | `0x88` (U+20AC) and the other U+2000 block bytes: 1 byte to 3 |
    ///
    /// For [`utf16::decode_units_into`](crate::utf16::decode_units_into) the
    /// bound is 3 bytes per `u16` unit. For Windows-1251, where every byte
    /// decodes, a buffer this large also lets decoding skip the length pass.
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
    pub const fn max_utf8_bytes_per_byte(self) -> usize {
        match self {
            Encoding::Utf8 | Encoding::Mutf8 | Encoding::Cesu8 => 1,
            Encoding::Utf16Le | Encoding::Utf16Be => 2,
            Encoding::Windows1251 => 3,
        }
    }

    /// The number of bytes `text` takes in this encoding.
    ///
    /// # Errors
    /// [`EncodeError::Unencodable`] for the first character the encoding
    /// cannot hold (only Windows-1251 has such characters).
    ///
    /// ```
    /// use litenc_runtime::Encoding;
    /// assert_eq!(Encoding::Mutf8.encoded_len("a\0😀"), Ok(9));
    /// assert!(Encoding::Windows1251.encoded_len("😀").is_err());
    /// ```
    pub const fn encoded_len(self, text: &str) -> Result<usize, EncodeError> {
        codec::encoded_len(self, text)
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
    pub const fn encode_into(self, text: &str, out: &mut [u8]) -> Result<usize, EncodeError> {
        codec::encode_into(self, text, out)
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
    pub const fn validate(self, bytes: &[u8]) -> Result<(), DecodeError> {
        match codec::decoded_len(self, bytes) {
            Ok(_) => Ok(()),
            Err(e) => Err(e),
        }
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
    pub const fn decoded_len(self, bytes: &[u8]) -> Result<usize, DecodeError> {
        codec::decoded_len(self, bytes)
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
    pub const fn decode_into(self, bytes: &[u8], out: &mut [u8]) -> Result<usize, DecodeError> {
        codec::decode_into(self, bytes, out)
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
    pub fn encode(self, text: &str) -> Result<alloc::vec::Vec<u8>, EncodeError> {
        codec::encode_vec(self, text)
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
    pub fn decode(self, bytes: &[u8]) -> Result<alloc::string::String, DecodeError> {
        codec::decode_string(self, bytes)
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
    pub fn decode_lossy(self, bytes: &[u8]) -> alloc::borrow::Cow<'_, str> {
        codec::decode_lossy(self, bytes)
    }
}

impl core::fmt::Display for Encoding {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}
