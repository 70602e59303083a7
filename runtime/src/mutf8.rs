//! Java's modified UTF-8 (MUTF-8): the encoding of JNI strings
//! (`NewStringUTF`, `GetStringUTFChars`), of `.class` file constant pools
//! (JVM spec §4.4.7) and of `java.io.DataOutput.writeUTF`.
//!
//! - U+0000 is `C0 80`, so encoded text never holds a zero byte and can be
//!   NUL-terminated; a raw `00` is ill-formed.
//! - U+0001 to U+FFFF are as in UTF-8.
//! - A supplementary character is its UTF-16 surrogate pair, each surrogate
//!   encoded on its own as 3 bytes (6 bytes in all); 4-byte forms are
//!   ill-formed.
//! - Every other overlong form, and every unpaired surrogate, is ill-formed
//!   when decoding to text. Java itself is laxer (`DataInputStream.readUTF`
//!   accepts raw `00` and overlong 2- and 3-byte forms); see the crate docs.
//!
//! Java strings are UTF-16 and may hold unpaired surrogates, which `&str`
//! cannot. [`encode_units_into`] and [`decode_units_into`] work on `u16` code
//! units instead and are lossless for every Java string, exactly as
//! `writeUTF` and `readUTF` are (without their 2-byte length prefix).
//!
//! Lossy decoding writes one U+FFFD per maximal subpart of an ill-formed
//! 1- to 3-byte sequence and one per unpaired encoded surrogate.
//!
//! ```
//! use litenc_runtime::mutf8;
//!
//! // A JNI class name as a NUL-terminated constant.
//! const CLASS: [u8; 17] = litenc_runtime::const_encode!(mutf8, "java/lang/String", nul);
//! assert_eq!(&CLASS[..4], b"java");
//! assert_eq!(CLASS[16], 0);
//!
//! let err = mutf8::validate(b"a\xF0\x9F\x98\x80").unwrap_err();
//! assert_eq!((err.valid_up_to(), err.error_len()), (1, Some(1)));
//! assert_eq!(mutf8::decode_lossy(b"a\x00b"), "a\u{FFFD}b");
//! ```

use crate::engine::cesu as engine;
use crate::error::{DecodeError, EncodeError};

crate::api::byte_codec_api!(
    crate::rules::Family::Cesu { java: true },
    mutf8,
    "a\0é😀",
    b"a\xC0\x80\xC3\xA9\xED\xA0\xBD\xED\xB8\x80"
);

/// The longest encoded string `DataOutput.writeUTF` accepts (its length
/// prefix is a `u16`), in bytes.
pub const JAVA_UTF_MAX_LEN: usize = 65_535;

/// The number of bytes [`encode_units_into`] writes for `units`.
///
/// ```
/// assert_eq!(litenc_runtime::mutf8::encoded_units_len(&[0x41, 0, 0xD800]), 6);
/// ```
#[must_use]
#[inline]
pub const fn encoded_units_len(units: &[u16]) -> usize {
    engine::java_units_len(units)
}

/// Encodes UTF-16 code units, unpaired surrogates included, into `out` as
/// `DataOutput.writeUTF` does (without the length prefix); returns the number
/// of bytes written.
///
/// # Errors
/// [`EncodeError::OutputTooSmall`] if `out` is shorter than
/// [`encoded_units_len`].
///
/// ```
/// let mut buf = [0u8; 16];
/// let n = litenc_runtime::mutf8::encode_units_into(&[0x61, 0, 0xDC00], &mut buf).unwrap();
/// assert_eq!(&buf[..n], b"a\xC0\x80\xED\xB0\x80");
/// ```
#[inline]
pub const fn encode_units_into(units: &[u16], out: &mut [u8]) -> Result<usize, EncodeError> {
    engine::java_encode_units(units, out)
}

/// The number of UTF-16 code units `bytes` decodes to with
/// [`decode_units_into`].
///
/// # Errors
/// As [`decode_units_into`].
#[inline]
pub const fn decoded_units_len(bytes: &[u8]) -> Result<usize, DecodeError> {
    engine::java_decoded_units_len(bytes)
}

/// Decodes modified UTF-8 into UTF-16 code units, accepting unpaired
/// surrogates as Java does; returns the number of units written.
///
/// # Errors
/// A raw `00`, a 4-byte form, an overlong form other than `C0 80`, or any
/// other sequence that is not 1 to 3 bytes of Table 3-7 (with `ED A0..BF`
/// allowed) is malformed; see [`DecodeError`]. A too-short `out` is
/// [`DecodeErrorKind::OutputTooSmall`](crate::DecodeErrorKind::OutputTooSmall).
///
/// ```
/// let mut buf = [0u16; 8];
/// let n = litenc_runtime::mutf8::decode_units_into(b"a\xC0\x80\xED\xB0\x80", &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0x61, 0, 0xDC00]);
/// ```
#[inline]
pub const fn decode_units_into(bytes: &[u8], out: &mut [u16]) -> Result<usize, DecodeError> {
    engine::java_decode_units(bytes, out)
}

/// Encodes UTF-16 code units into a new vector, as [`encode_units_into`].
///
/// ```
/// assert_eq!(litenc_runtime::mutf8::encode_units(&[0]), b"\xC0\x80");
/// ```
#[cfg(feature = "alloc")]
#[must_use]
#[inline]
pub fn encode_units(units: &[u16]) -> alloc::vec::Vec<u8> {
    let mut out = alloc::vec![0u8; encoded_units_len(units)];
    let n = encode_units_into(units, &mut out).unwrap_or(0);
    debug_assert_eq!(n, out.len());
    out
}

/// Decodes modified UTF-8 into a new vector of UTF-16 code units, as
/// [`decode_units_into`].
///
/// # Errors
/// As [`decode_units_into`].
///
/// ```
/// assert_eq!(litenc_runtime::mutf8::decode_units(b"\xED\xA0\x80").unwrap(), [0xD800]);
/// ```
#[cfg(feature = "alloc")]
#[inline]
pub fn decode_units(bytes: &[u8]) -> Result<alloc::vec::Vec<u16>, DecodeError> {
    let mut out = alloc::vec![0u16; decoded_units_len(bytes)?];
    decode_units_into(bytes, &mut out)?;
    Ok(out)
}

/// `DataOutput.writeUTF` refuses a string whose modified UTF-8 takes more
/// than [`JAVA_UTF_MAX_LEN`] (65,535) bytes: its length prefix is a `u16`.
/// Java throws `UTFDataFormatException` ("encoded string too long"); the
/// helpers [`java_utf_len`] and [`java_utf_len_str`] return this error.
///
/// ```
/// use litenc_runtime::mutf8;
///
/// let err = mutf8::java_utf_len(&vec![0; 32_768]).unwrap_err();
/// assert_eq!(err.encoded_len(), 65_536);
/// assert_eq!(
///     err.to_string(),
///     "encoded string too long: 65536 bytes (writeUTF takes at most 65535)"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JavaUtfTooLong {
    len: usize,
}

impl JavaUtfTooLong {
    /// The number of bytes the string takes in modified UTF-8, which is more
    /// than [`JAVA_UTF_MAX_LEN`].
    #[must_use]
    #[inline]
    pub const fn encoded_len(self) -> usize {
        self.len
    }
}

impl core::fmt::Display for JavaUtfTooLong {
    #[inline]
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "encoded string too long: {} bytes (writeUTF takes at most {JAVA_UTF_MAX_LEN})",
            self.len
        )
    }
}

impl core::error::Error for JavaUtfTooLong {}

/// The length `DataOutput.writeUTF` gives the code units `units` (a Java
/// `String`, unpaired surrogates allowed) in its 2-byte prefix, if it
/// accepts them: it writes [`encoded_units_len`] bytes after the prefix and
/// refuses more than [`JAVA_UTF_MAX_LEN`] (65,535).
///
/// Each unit takes 1 to 3 bytes (U+0000 takes 2), so a string of up to
/// 21,845 units always fits, and one of more than 65,535 units never does.
///
/// # Errors
/// [`JavaUtfTooLong`] with the encoded length when it is above 65,535
/// bytes, where `writeUTF` throws `UTFDataFormatException`.
///
/// ```
/// use litenc_runtime::mutf8::{java_utf_len, JAVA_UTF_MAX_LEN};
///
/// // 21,845 × U+0800 (3 bytes each) is exactly the limit.
/// assert_eq!(java_utf_len(&vec![0x0800; 21_845]), Ok(JAVA_UTF_MAX_LEN));
/// assert_eq!(java_utf_len(&vec![0x0800; 21_846]).unwrap_err().encoded_len(), 65_538);
/// // 65,535 ASCII units fit, 65,536 do not.
/// assert_eq!(java_utf_len(&vec![0x41; 65_535]), Ok(65_535));
/// assert!(java_utf_len(&vec![0x41; 65_536]).is_err());
/// ```
#[inline]
pub const fn java_utf_len(units: &[u16]) -> Result<usize, JavaUtfTooLong> {
    check_java_utf_len(encoded_units_len(units))
}

/// [`java_utf_len`] for text: the length `writeUTF` gives `text` (as the
/// Java `String` with the same characters), if it accepts it.
///
/// # Errors
/// [`JavaUtfTooLong`] when the modified UTF-8 of `text` takes more than
/// [`JAVA_UTF_MAX_LEN`] bytes.
///
/// ```
/// use litenc_runtime::mutf8::java_utf_len_str;
///
/// const CLASS: usize = match java_utf_len_str("java/lang/Object") {
///     Ok(n) => n,
///     Err(_) => panic!("too long for a class file"),
/// };
/// assert_eq!(CLASS, 16);
/// // A supplementary character is two surrogates, 3 bytes each.
/// assert_eq!(java_utf_len_str("😀"), Ok(6));
/// assert!(java_utf_len_str(&"😀".repeat(10_923)).is_err()); // 65,538 bytes
/// ```
#[inline]
pub const fn java_utf_len_str(text: &str) -> Result<usize, JavaUtfTooLong> {
    match encoded_len(text) {
        Ok(n) => check_java_utf_len(n),
        // Unreachable: modified UTF-8 encodes every character.
        Err(_) => Err(JavaUtfTooLong { len: usize::MAX }),
    }
}

#[inline]
const fn check_java_utf_len(len: usize) -> Result<usize, JavaUtfTooLong> {
    if len <= JAVA_UTF_MAX_LEN {
        Ok(len)
    } else {
        Err(JavaUtfTooLong { len })
    }
}
