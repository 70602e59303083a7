//! The two error types, and the `const` message builder that lets a failure in
//! a `const` item say in plain words what went wrong.

use core::fmt;

use crate::encoding::Encoding;

/// Why text could not be encoded.
///
/// Encoders check the whole input before they look at the output buffer, so
/// [`EncodeError::Unencodable`] always names the *first* character that the
/// encoding cannot hold, whatever the size of the buffer.
///
/// ```
/// use litenc_runtime::{windows1251, EncodeError, Encoding};
///
/// let err = windows1251::encoded_len("Цена: 5€, ☃").unwrap_err();
/// assert_eq!(
///     err,
///     EncodeError::Unencodable { encoding: Encoding::Windows1251, offset: 16, ch: '☃' }
/// );
/// assert_eq!(
///     err.to_string(),
///     "cannot encode '☃' (U+2603) at byte 16 in windows-1251"
/// );
///
/// let mut small = [0u8; 2];
/// let err = windows1251::encode_into("Цена", &mut small).unwrap_err();
/// assert_eq!(err, EncodeError::OutputTooSmall { needed: 4, available: 2 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EncodeError {
    /// The character `ch`, which starts at byte `offset` of the input, has no
    /// representation in `encoding`.
    Unencodable {
        /// The encoding that was asked for.
        encoding: Encoding,
        /// Byte offset of `ch` in the input `&str`.
        offset: usize,
        /// The character.
        ch: char,
    },
    /// The encoded text takes `len` bytes, more than the `max` that its
    /// length field can count: a length prefix
    /// ([`LenPrefix::max_len`](crate::LenPrefix::max_len)), or a USB
    /// string descriptor's `bLength` (at most 252 bytes of UTF-16LE, see
    /// [`usb_string`](crate::usb_string)).
    TooLong {
        /// Bytes the encoded text takes.
        len: usize,
        /// The most the length field can count.
        max: usize,
    },
    /// The encoded text takes `len` bytes (or units), and a fixed-width
    /// field of `width` cannot hold it: `len > width`, or the padding asked
    /// for, the encoding's space, does not fill the `width - len` left
    /// (an odd gap in UTF-16 bytes, say).
    Width {
        /// Bytes (or units) the encoded text takes.
        len: usize,
        /// The width of the field.
        width: usize,
    },
    /// The text is encodable, but the output buffer holds `available` units
    /// (bytes, or `u16`/`u32` for UTF-16/UTF-32 code units) where `needed`
    /// are required.
    OutputTooSmall {
        /// Units the whole output needs.
        needed: usize,
        /// Units the buffer has.
        available: usize,
    },
}

impl EncodeError {
    /// Panics with this error's message; usable in `const` evaluation, where
    /// it becomes the compile error of a `const` item.
    #[track_caller]
    #[inline]
    pub const fn const_panic(self) -> ! {
        let mut msg = ConstMsg::new();
        msg.push_str("litenc: ");
        match self {
            EncodeError::Unencodable {
                encoding,
                offset,
                ch,
            } => {
                msg.push_str("cannot encode ");
                msg.push_quoted_char(ch);
                msg.push_str(" at byte ");
                msg.push_usize(offset);
                msg.push_str(" in ");
                msg.push_str(encoding.name());
            }
            EncodeError::TooLong { len, max } => {
                msg.push_str("encoded text too long: ");
                msg.push_usize(len);
                msg.push_str(" bytes, and its length field counts at most ");
                msg.push_usize(max);
            }
            EncodeError::Width { len, width } => {
                msg.push_str("the encoded text takes ");
                msg.push_usize(len);
                if len > width {
                    msg.push_str(" bytes, more than the field's width of ");
                    msg.push_usize(width);
                } else {
                    msg.push_str(" bytes, and whole spaces do not fill the rest of a field of ");
                    msg.push_usize(width);
                }
            }
            EncodeError::OutputTooSmall { needed, available } => {
                msg.push_str("output buffer too small: ");
                msg.push_usize(needed);
                msg.push_str(" units needed, ");
                msg.push_usize(available);
                msg.push_str(" available");
            }
        }
        msg.panic()
    }
}

impl EncodeError {
    /// The same error for a text that had `k` more bytes in front.
    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) const fn after(self, k: usize) -> Self {
        match self {
            EncodeError::Unencodable {
                encoding,
                offset,
                ch,
            } => EncodeError::Unencodable {
                encoding,
                offset: offset + k,
                ch,
            },
            EncodeError::OutputTooSmall { needed, available } => EncodeError::OutputTooSmall {
                needed: needed + k,
                available: available + k,
            },
            // Only the length-prefixed encoders report it, and they take
            // the whole text.
            EncodeError::TooLong { len, max } => EncodeError::TooLong { len, max },
            EncodeError::Width { len, width } => EncodeError::Width { len, width },
        }
    }
}

impl fmt::Display for EncodeError {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            EncodeError::Unencodable {
                encoding,
                offset,
                ch,
            } => write!(
                f,
                "cannot encode {:?} (U+{:04X}) at byte {offset} in {}",
                ch,
                ch as u32,
                encoding.name()
            ),
            EncodeError::TooLong { len, max } => write!(
                f,
                "encoded text too long: {len} bytes, and its length field counts at most {max}"
            ),
            EncodeError::Width { len, width } if len > width => write!(
                f,
                "the encoded text takes {len} bytes, more than the field's width of {width}"
            ),
            EncodeError::Width { len, width } => write!(
                f,
                "the encoded text takes {len} bytes, and whole spaces do not fill the rest of a field of {width}"
            ),
            EncodeError::OutputTooSmall { needed, available } => write!(
                f,
                "output buffer too small: {needed} units needed, {available} available"
            ),
        }
    }
}

impl core::error::Error for EncodeError {}

/// What kind of problem a [`DecodeError`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DecodeErrorKind {
    /// The `len` units at [`DecodeError::valid_up_to`] are the maximal subpart
    /// of an ill-formed sequence (or one unpaired surrogate); decoding may
    /// resume after them.
    Malformed {
        /// Length of the ill-formed part, in input units (bytes, `u16` or `u32`).
        len: usize,
    },
    /// The input ends inside a sequence that more input could complete.
    Truncated,
    /// The input is well formed, but the output buffer holds `available`
    /// units where `needed` are required.
    OutputTooSmall {
        /// Units the whole output needs.
        needed: usize,
        /// Units the buffer has.
        available: usize,
    },
}

/// Why input could not be decoded.
///
/// [`valid_up_to`](Self::valid_up_to) and [`error_len`](Self::error_len) mean
/// what they mean on [`core::str::Utf8Error`]: the input up to `valid_up_to`
/// is well formed, and `error_len` is `Some(n)` for `n` ill-formed units
/// there, or `None` when the input ends inside a sequence. Decoders check the
/// whole input before they look at the output buffer, so malformed input is
/// always reported as such, whatever the size of the buffer.
///
/// Positions count input units: bytes for the byte-oriented decoders, `u16`
/// code units for [`utf16::decode_units_into`](crate::utf16::decode_units_into),
/// `u32` code units for [`utf32::decode_units_into`](crate::utf32::decode_units_into).
///
/// ```
/// use litenc_runtime::{mutf8, DecodeErrorKind};
///
/// // A raw NUL byte is not modified UTF-8: U+0000 must be `C0 80`.
/// let err = mutf8::validate(b"ab\0c").unwrap_err();
/// assert_eq!(err.valid_up_to(), 2);
/// assert_eq!(err.error_len(), Some(1));
/// assert_eq!(err.kind(), DecodeErrorKind::Malformed { len: 1 });
/// assert_eq!(err.to_string(), "invalid MUTF-8 sequence of 1 byte at index 2");
///
/// // An encoded high surrogate at the very end may still get its pair.
/// let err = mutf8::validate(b"ab\xED\xA0\xBD").unwrap_err();
/// assert_eq!((err.valid_up_to(), err.error_len()), (2, None));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DecodeError {
    encoding: Encoding,
    valid_up_to: usize,
    kind: DecodeErrorKind,
    /// Positions count `u16` or `u32` code units rather than bytes.
    code_units: bool,
}

impl DecodeError {
    #[inline]
    pub(crate) const fn malformed(encoding: Encoding, valid_up_to: usize, len: usize) -> Self {
        DecodeError {
            encoding,
            valid_up_to,
            kind: DecodeErrorKind::Malformed { len },
            code_units: false,
        }
    }

    #[inline]
    pub(crate) const fn truncated(encoding: Encoding, valid_up_to: usize) -> Self {
        DecodeError {
            encoding,
            valid_up_to,
            kind: DecodeErrorKind::Truncated,
            code_units: false,
        }
    }

    #[inline]
    pub(crate) const fn output_too_small(
        encoding: Encoding,
        input_len: usize,
        needed: usize,
        available: usize,
    ) -> Self {
        DecodeError {
            encoding,
            valid_up_to: input_len,
            kind: DecodeErrorKind::OutputTooSmall { needed, available },
            code_units: false,
        }
    }

    /// The same error for an input that had `k` more well-formed units in
    /// front (which decode to `k` bytes, as a prefix that decodes to itself
    /// does).
    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) const fn after(mut self, k: usize) -> Self {
        self.valid_up_to += k;
        if let DecodeErrorKind::OutputTooSmall { needed, available } = self.kind {
            self.kind = DecodeErrorKind::OutputTooSmall {
                needed: needed + k,
                available: available + k,
            };
        }
        self
    }

    /// The same error, for input read as `u16` code units.
    #[inline]
    pub(crate) const fn in_code_units(mut self) -> Self {
        self.code_units = true;
        self
    }

    /// What the message calls the input and its units.
    #[inline]
    const fn input_words(&self) -> (&'static str, &'static str) {
        if self.code_units {
            match self.encoding {
                Encoding::Utf32Le | Encoding::Utf32Be => ("UTF-32", "code unit"),
                _ => ("UTF-16", "code unit"),
            }
        } else {
            (self.encoding.name(), "byte")
        }
    }

    /// The length of the well-formed prefix of the input, in input units.
    /// For [`DecodeErrorKind::OutputTooSmall`] that is the whole input.
    ///
    /// ```
    /// let err = litenc_runtime::utf8::validate(b"ok\xFF").unwrap_err();
    /// assert_eq!(err.valid_up_to(), 2);
    /// assert_eq!(err.valid_up_to(), core::str::from_utf8(b"ok\xFF").unwrap_err().valid_up_to());
    /// ```
    #[must_use]
    #[inline]
    pub const fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }

    /// `Some(n)`: `n` ill-formed units follow [`valid_up_to`](Self::valid_up_to).
    /// `None`: the input ends inside a sequence, or (see [`kind`](Self::kind))
    /// the output buffer was too small.
    ///
    /// ```
    /// use litenc_runtime::utf8;
    ///
    /// // A lone continuation byte is ill-formed; decoding may resume after it.
    /// assert_eq!(utf8::validate(b"a\x80b").unwrap_err().error_len(), Some(1));
    /// // The first two of a four-byte character: more input could complete it.
    /// assert_eq!(utf8::validate(b"a\xF0\x9F").unwrap_err().error_len(), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn error_len(&self) -> Option<usize> {
        match self.kind {
            DecodeErrorKind::Malformed { len } => Some(len),
            DecodeErrorKind::Truncated | DecodeErrorKind::OutputTooSmall { .. } => None,
        }
    }

    /// What went wrong.
    ///
    /// ```
    /// use litenc_runtime::{utf16le, DecodeErrorKind};
    ///
    /// // "hi" in UTF-16LE needs 2 bytes of UTF-8; the buffer has 1.
    /// let err = utf16le::decode_into(b"h\0i\0", &mut [0u8; 1]).unwrap_err();
    /// assert_eq!(err.kind(), DecodeErrorKind::OutputTooSmall { needed: 2, available: 1 });
    /// // An odd byte at the end is truncated input.
    /// let err = utf16le::validate(b"h\0i").unwrap_err();
    /// assert_eq!(err.kind(), DecodeErrorKind::Truncated);
    /// ```
    #[must_use]
    #[inline]
    pub const fn kind(&self) -> DecodeErrorKind {
        self.kind
    }

    /// The encoding the input was decoded as.
    ///
    /// ```
    /// use litenc_runtime::{iso8859_3, Encoding};
    ///
    /// // ISO-8859-3 leaves byte A5 undefined.
    /// let err = iso8859_3::validate(b"\xA5").unwrap_err();
    /// assert_eq!(err.encoding(), Encoding::Iso8859_3);
    /// ```
    #[must_use]
    #[inline]
    pub const fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// Panics with this error's message; usable in `const` evaluation.
    #[track_caller]
    #[inline]
    pub const fn const_panic(self) -> ! {
        let (input, unit) = self.input_words();
        let mut msg = ConstMsg::new();
        msg.push_str("litenc: ");
        match self.kind {
            DecodeErrorKind::Malformed { len } => {
                msg.push_str("invalid ");
                msg.push_str(input);
                msg.push_str(" sequence of ");
                msg.push_usize(len);
                msg.push_str(" ");
                msg.push_str(unit);
                if len != 1 {
                    msg.push_str("s");
                }
                msg.push_str(" at index ");
                msg.push_usize(self.valid_up_to);
            }
            DecodeErrorKind::Truncated => {
                msg.push_str("incomplete ");
                msg.push_str(input);
                msg.push_str(" sequence at index ");
                msg.push_usize(self.valid_up_to);
            }
            DecodeErrorKind::OutputTooSmall { needed, available } => {
                msg.push_str("output buffer too small: ");
                msg.push_usize(needed);
                msg.push_str(" units needed, ");
                msg.push_usize(available);
                msg.push_str(" available");
            }
        }
        msg.panic()
    }
}

impl fmt::Display for DecodeError {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, unit) = self.input_words();
        let at = self.valid_up_to;
        match self.kind {
            DecodeErrorKind::Malformed { len } => write!(
                f,
                "invalid {name} sequence of {len} {unit}{} at index {at}",
                if len == 1 { "" } else { "s" }
            ),
            DecodeErrorKind::Truncated => {
                write!(f, "incomplete {name} sequence at index {at}")
            }
            DecodeErrorKind::OutputTooSmall { needed, available } => write!(
                f,
                "output buffer too small: {needed} units needed, {available} available"
            ),
        }
    }
}

impl core::error::Error for DecodeError {}

/// A fixed-size message buffer that `const fn` code can format into, so that a
/// compile-time failure carries the same facts as `Display` would.
pub(crate) struct ConstMsg {
    buf: [u8; 192],
    len: usize,
}

impl ConstMsg {
    #[inline]
    pub(crate) const fn new() -> Self {
        ConstMsg {
            buf: [0; 192],
            len: 0,
        }
    }

    #[inline]
    const fn push_byte(&mut self, b: u8) {
        // Truncate silently: a long message is still better than none.
        if self.len < self.buf.len() {
            self.buf[self.len] = b;
            self.len += 1;
        }
    }

    #[inline]
    pub(crate) const fn push_str(&mut self, s: &str) {
        let b = s.as_bytes();
        // Never cut a character in two: stop where the whole of `s` no longer fits.
        if self.len + b.len() > self.buf.len() {
            return;
        }
        let mut i = 0;
        while i < b.len() {
            self.push_byte(b[i]);
            i += 1;
        }
    }

    #[inline]
    pub(crate) const fn push_usize(&mut self, mut n: usize) {
        let mut digits = [0u8; 20];
        let mut k = 0;
        loop {
            digits[k] = b'0' + (n % 10) as u8;
            k += 1;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        while k > 0 {
            k -= 1;
            self.push_byte(digits[k]);
        }
    }

    /// `'c' (U+XXXX)`, with the character itself left out when it is a
    /// control character that would garble the message.
    #[inline]
    pub(crate) const fn push_quoted_char(&mut self, ch: char) {
        let cp = ch as u32;
        if cp >= 0x20 && !(cp >= 0x7F && cp < 0xA0) {
            let mut tmp = [0u8; 4];
            let s = ch.encode_utf8(&mut tmp);
            self.push_byte(b'\'');
            self.push_str(s);
            self.push_str("' ");
        }
        self.push_str("(U+");
        let width = if cp > 0xF_FFFF {
            6
        } else if cp > 0xFFFF {
            5
        } else {
            4
        };
        let mut shift = (width - 1) * 4;
        loop {
            let nibble = ((cp >> shift) & 0xF) as u8;
            self.push_byte(if nibble < 10 {
                b'0' + nibble
            } else {
                b'A' + nibble - 10
            });
            if shift == 0 {
                break;
            }
            shift -= 4;
        }
        self.push_byte(b')');
    }

    #[track_caller]
    #[inline]
    pub(crate) const fn panic(&self) -> ! {
        let (head, _) = self.buf.split_at(self.len);
        match core::str::from_utf8(head) {
            Ok(s) => panic!("{}", s),
            Err(_) => panic!("litenc: encoding failed"),
        }
    }
}
