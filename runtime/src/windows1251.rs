//! Windows-1251 (Cyrillic) as the WHATWG Encoding Standard defines it.
//!
//! Bytes `00..7F` are ASCII; bytes `80..FF` map through the WHATWG index
//! `index-windows-1251.txt` (checked in under `data/`, turned into
//! `windows1251_table.rs` by `cargo run -p xtask -- gen-tables`). Every byte
//! decodes, so decoding never fails; only the 256 characters of the table
//! encode, and any other is [`EncodeError::Unencodable`](crate::EncodeError::Unencodable).
//!
//! **`0x98` is U+0098**, a C1 control, as in WHATWG, browsers and
//! `encoding_rs`. Microsoft's table leaves the byte undefined, and so Python's
//! `cp1251`, glibc's `iconv` and Java's `windows-1251` reject it (or decode
//! it as U+FFFD) and refuse to encode U+0098. Data that must round-trip
//! through those should not hold U+0098.
//!
//! ```
//! use litenc_runtime::windows1251;
//!
//! assert_eq!(windows1251::decode_byte(0x98), '\u{98}');
//! assert_eq!(windows1251::encode_char('€'), Some(0x88));
//! let err = windows1251::encode("Привет 😀").unwrap_err();
//! assert_eq!(err.to_string(), "cannot encode '😀' (U+1F600) at byte 13 in windows-1251");
//! ```

use crate::scalar::Step;
use crate::windows1251_table::{DECODE, ENCODE};
use crate::Encoding;

/// The character a byte stands for.
///
/// ```
/// assert_eq!(litenc_runtime::windows1251::decode_byte(0xC0), 'А');
/// ```
#[must_use]
pub const fn decode_byte(byte: u8) -> char {
    crate::scalar::to_char(decode_cp(byte))
}

#[inline]
const fn decode_cp(byte: u8) -> u32 {
    if byte < 0x80 {
        byte as u32
    } else {
        DECODE[(byte - 0x80) as usize] as u32
    }
}

/// The byte of a character, if Windows-1251 has it.
///
/// ```
/// use litenc_runtime::windows1251::encode_char;
/// assert_eq!(encode_char('я'), Some(0xFF));
/// assert_eq!(encode_char('ä'), None);
/// ```
#[must_use]
pub const fn encode_char(ch: char) -> Option<u8> {
    encode_cp(ch as u32)
}

/// Binary search of the sorted inverse table.
#[inline]
const fn encode_cp(cp: u32) -> Option<u8> {
    if cp < 0x80 {
        return Some(cp as u8);
    }
    let (mut lo, mut hi) = (0, ENCODE.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let (code, byte) = ENCODE[mid];
        let code = code as u32;
        if code == cp {
            return Some(byte);
        }
        if code < cp {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    None
}

/// Bytes of one scalar value: 1, or 0 if it has no byte.
#[inline]
pub(crate) const fn char_len(cp: u32) -> usize {
    if encode_cp(cp).is_some() {
        1
    } else {
        0
    }
}

/// Writes the byte of `cp`, which the length pass found.
#[inline]
pub(crate) const fn write_char(out: &mut [u8], at: usize, cp: u32) -> usize {
    if let Some(byte) = encode_cp(cp) {
        out[at] = byte;
    }
    at + 1
}

/// Every byte is one character.
#[inline]
pub(crate) const fn step(bytes: &[u8], i: usize) -> Step {
    Step::Char {
        cp: decode_cp(bytes[i]),
        len: 1,
    }
}

crate::api::byte_codec_api!(
    Encoding::Windows1251,
    windows1251,
    r#""Привет, мир! €""#,
    r#"b"\xCF\xF0\xE8\xE2\xE5\xF2, \xEC\xE8\xF0! \x88""#
);
