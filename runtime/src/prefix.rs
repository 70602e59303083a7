//! [`LenPrefix`]: the length field in front of a string in binary formats,
//! written and read by `const fn`s. A leaf of the crate (it knows only the
//! error type), used by the engine's prefixed encoders and by the macros.

use crate::error::EncodeError;

/// A length prefix: an unsigned integer of one, two or four bytes, in a
/// given byte order, that counts the bytes following it. Pascal strings
/// (`U8`), Java's `DataOutput.writeUTF` and the `CONSTANT_Utf8` entries of a
/// class file (`U16Be`), and many wire formats put one in front of text.
///
/// The prefix counts the encoded bytes after it, not characters nor
/// itself; a byte-order mark or a NUL terminator written after it counts
/// too. Every byte module has
/// [`encode_prefixed_into`](crate::utf8::encode_prefixed_into), and
/// [`Encoding`](crate::Encoding) has the same as a method; the
/// compile-time macros take the options `len_u8`, `len_u16le`, `len_u16be`,
/// `len_u32le` and `len_u32be`.
///
/// ```
/// use litenc_runtime::{mutf8, LenPrefix};
///
/// // What `DataOutputStream.writeUTF("a\0é")` writes.
/// let mut buf = [0u8; 16];
/// let n = mutf8::encode_prefixed_into("a\0é", LenPrefix::U16Be, &mut buf).unwrap();
/// assert_eq!(&buf[..n], b"\x00\x05a\xC0\x80\xC3\xA9");
///
/// // And back: the payload, and what follows it.
/// let (payload, rest) = LenPrefix::U16Be.split(&buf[..n]).unwrap();
/// assert_eq!(mutf8::decode(payload).unwrap(), "a\0é");
/// assert!(rest.is_empty());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LenPrefix {
    /// One byte: at most 255.
    U8,
    /// Two bytes, little-endian: at most 65,535.
    U16Le,
    /// Two bytes, big-endian: at most 65,535 (Java's `writeUTF`).
    U16Be,
    /// Four bytes, little-endian: at most 4,294,967,295.
    U32Le,
    /// Four bytes, big-endian: at most 4,294,967,295.
    U32Be,
}

impl LenPrefix {
    /// Every prefix, in declaration order.
    pub const ALL: [LenPrefix; 5] = [
        LenPrefix::U8,
        LenPrefix::U16Le,
        LenPrefix::U16Be,
        LenPrefix::U32Le,
        LenPrefix::U32Be,
    ];

    /// The bytes the prefix itself takes: 1, 2 or 4.
    ///
    /// ```
    /// use litenc_runtime::LenPrefix;
    ///
    /// assert_eq!(LenPrefix::U8.width(), 1);
    /// assert_eq!(LenPrefix::U16Be.width(), 2);
    /// assert_eq!(LenPrefix::U32Le.width(), 4);
    /// ```
    #[must_use]
    #[inline]
    pub const fn width(self) -> usize {
        match self {
            LenPrefix::U8 => 1,
            LenPrefix::U16Le | LenPrefix::U16Be => 2,
            LenPrefix::U32Le | LenPrefix::U32Be => 4,
        }
    }

    /// The largest length the prefix can hold: 255, 65,535 or
    /// 4,294,967,295 (on a target whose `usize` is narrower, `usize::MAX`).
    ///
    /// ```
    /// assert_eq!(litenc_runtime::LenPrefix::U16Be.max_len(), 65_535);
    /// ```
    #[must_use]
    #[inline]
    pub const fn max_len(self) -> usize {
        let max: u32 = match self {
            LenPrefix::U8 => u8::MAX as u32,
            LenPrefix::U16Le | LenPrefix::U16Be => u16::MAX as u32,
            LenPrefix::U32Le | LenPrefix::U32Be => u32::MAX,
        };
        if max as u64 > usize::MAX as u64 {
            usize::MAX
        } else {
            max as usize
        }
    }

    /// The name of the macro option for this prefix: `"len_u8"`,
    /// `"len_u16le"`, `"len_u16be"`, `"len_u32le"` or `"len_u32be"`.
    ///
    /// ```
    /// use litenc_runtime::LenPrefix;
    ///
    /// assert_eq!(LenPrefix::U16Be.option_name(), "len_u16be");
    /// ```
    #[must_use]
    #[inline]
    pub const fn option_name(self) -> &'static str {
        match self {
            LenPrefix::U8 => "len_u8",
            LenPrefix::U16Le => "len_u16le",
            LenPrefix::U16Be => "len_u16be",
            LenPrefix::U32Le => "len_u32le",
            LenPrefix::U32Be => "len_u32be",
        }
    }

    /// The prefix whose [`option_name`](Self::option_name) is `name`.
    ///
    /// ```
    /// use litenc_runtime::LenPrefix;
    /// assert_eq!(LenPrefix::for_option_name("len_u16be"), Some(LenPrefix::U16Be));
    /// assert_eq!(LenPrefix::for_option_name("len_u64"), None);
    /// ```
    #[must_use]
    #[inline]
    pub fn for_option_name(name: &str) -> Option<LenPrefix> {
        LenPrefix::ALL.into_iter().find(|p| p.option_name() == name)
    }

    /// Writes `len` as this prefix into `out[..width]`; returns the width.
    ///
    /// # Errors
    /// [`EncodeError::TooLong`] if `len` is above [`max_len`](Self::max_len),
    /// then [`EncodeError::OutputTooSmall`] if `out` is shorter than the
    /// prefix. After an error `out` is as it was.
    ///
    /// ```
    /// use litenc_runtime::{EncodeError, LenPrefix};
    ///
    /// let mut out = [0u8; 4];
    /// assert_eq!(LenPrefix::U32Le.write(300, &mut out), Ok(4));
    /// assert_eq!(out, [0x2C, 0x01, 0, 0]);
    /// assert_eq!(
    ///     LenPrefix::U8.write(300, &mut out),
    ///     Err(EncodeError::TooLong { len: 300, max: 255 })
    /// );
    /// ```
    #[inline]
    pub const fn write(self, len: usize, out: &mut [u8]) -> Result<usize, EncodeError> {
        if len > self.max_len() {
            return Err(EncodeError::TooLong {
                len,
                max: self.max_len(),
            });
        }
        let width = self.width();
        if out.len() < width {
            return Err(EncodeError::OutputTooSmall {
                needed: width,
                available: out.len(),
            });
        }
        // `len` fits in `u32` (checked above).
        let v = len as u32;
        match self {
            LenPrefix::U8 => out[0] = v as u8,
            LenPrefix::U16Le | LenPrefix::U16Be => {
                let b = if matches!(self, LenPrefix::U16Le) {
                    (v as u16).to_le_bytes()
                } else {
                    (v as u16).to_be_bytes()
                };
                out[0] = b[0];
                out[1] = b[1];
            }
            LenPrefix::U32Le | LenPrefix::U32Be => {
                let b = if matches!(self, LenPrefix::U32Le) {
                    v.to_le_bytes()
                } else {
                    v.to_be_bytes()
                };
                out[0] = b[0];
                out[1] = b[1];
                out[2] = b[2];
                out[3] = b[3];
            }
        }
        Ok(width)
    }

    /// The length the prefix at the start of `bytes` holds, or `None` if
    /// `bytes` is shorter than the prefix (or, on a target with a 16-bit
    /// `usize`, the length does not fit in it).
    ///
    /// ```
    /// assert_eq!(litenc_runtime::LenPrefix::U16Le.read(b"\x05\x01rest"), Some(261));
    /// ```
    #[must_use]
    #[inline]
    pub const fn read(self, bytes: &[u8]) -> Option<usize> {
        if bytes.len() < self.width() {
            return None;
        }
        let v: u32 = match self {
            LenPrefix::U8 => bytes[0] as u32,
            LenPrefix::U16Le => u16::from_le_bytes([bytes[0], bytes[1]]) as u32,
            LenPrefix::U16Be => u16::from_be_bytes([bytes[0], bytes[1]]) as u32,
            LenPrefix::U32Le => u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]),
            LenPrefix::U32Be => u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]),
        };
        if v as u64 > usize::MAX as u64 {
            None
        } else {
            Some(v as usize)
        }
    }

    /// Splits `bytes` into the payload the prefix at its start counts and
    /// what follows the payload, or `None` if the prefix or the payload is
    /// cut short.
    ///
    /// ```
    /// use litenc_runtime::LenPrefix;
    /// assert_eq!(LenPrefix::U8.split(b"\x02hi!"), Some((&b"hi"[..], &b"!"[..])));
    /// assert_eq!(LenPrefix::U8.split(b"\x05hi"), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn split(self, bytes: &[u8]) -> Option<(&[u8], &[u8])> {
        let Some(len) = self.read(bytes) else {
            return None;
        };
        let (_, rest) = bytes.split_at(self.width());
        if rest.len() < len {
            return None;
        }
        Some(rest.split_at(len))
    }
}
