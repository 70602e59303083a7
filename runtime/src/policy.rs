//! [`Unmappable`]: what an encoder does with a character its encoding
//! cannot hold.

/// What an encoder writes for a character that the encoding cannot hold
/// (`€` in KOI8-R, `Ж` in windows-1252, `😀` in Shift_JIS).
///
/// [`Encoding::encode`](crate::Encoding::encode) and the streaming
/// [`Encoder::encode`](crate::stream::Encoder::encode) stop at such a
/// character ([`Unmappable::Error`]); [`Encoding::encode_with`](crate::Encoding::encode_with),
/// [`Encoder::encode_with`](crate::stream::Encoder::encode_with) and the
/// `std::io` writer (`io::EncodeWriter`) take a policy. The policies are
/// Python's error handlers of the same purpose: `Skip` is `errors="ignore"`,
/// `Replace('?')` is `errors="replace"`, `CharRef` is
/// `errors="xmlcharrefreplace"` (and what the WHATWG encoders write for
/// HTML forms).
///
/// Only the characters the encoding cannot hold are concerned: text that
/// the encoding holds is written as [`Encoding::encode`](crate::Encoding::encode)
/// writes it, whatever the policy. The Unicode encodings (UTF-8, UTF-16,
/// UTF-32, MUTF-8, CESU-8) hold every character.
///
/// ```
/// use litenc_runtime::{Encoding, Unmappable};
///
/// let koi8 = Encoding::Koi8R;
/// assert_eq!(koi8.encode_with("5€", Unmappable::Skip).unwrap(), b"5");
/// assert_eq!(koi8.encode_with("5€", Unmappable::Replace('?')).unwrap(), b"5?");
/// assert_eq!(koi8.encode_with("5€", Unmappable::CharRef).unwrap(), b"5&#8364;");
/// assert!(koi8.encode_with("5€", Unmappable::Error).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Unmappable {
    /// Stop with [`EncodeError::Unencodable`](crate::EncodeError::Unencodable),
    /// which names the character and its byte offset in the text (the
    /// default, and what `encode` does).
    #[default]
    Error,
    /// Leave the character out.
    Skip,
    /// Write this character instead, in the encoding. If the encoding
    /// cannot hold it either, the original character is an error, as with
    /// [`Error`](Self::Error).
    Replace(char),
    /// Write a decimal numeric character reference, `&#8364;` for `€`,
    /// in the encoding (ASCII in every encoding that can lack a
    /// character).
    CharRef,
}
