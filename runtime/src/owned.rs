//! The `alloc` helpers behind every `encode`, `decode` and `decode_lossy`:
//! a buffer sized once, filled by the run-time twins of [`crate::fast`].

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::error::{DecodeError, EncodeError};
use crate::fast;
use crate::rules::{self, Family};
use crate::scalar::{self, Step};

// The helpers take the family as the per-encoding modules pass it, a
// constant: always inlined, so that it folds away and a module links only its
// own encoding's code and tables.

/// Encodes into a new vector: sized at the text's length where no encoding
/// of it can be longer (UTF-8 and the code pages), else exactly, by the
/// fast length pass.
#[allow(clippy::inline_always, reason = "a constant family must fold away")]
#[inline(always)]
pub(crate) fn encode(f: Family, text: &str) -> Result<Vec<u8>, EncodeError> {
    let cap = if f.encoding().max_bytes_per_utf8_byte() == 1 {
        text.len()
    } else {
        fast::family::encoded_len(f, text)?
    };
    let mut out = vec![0u8; cap];
    let n = fast::family::encode_into(f, text, &mut out)?;
    out.truncate(n);
    Ok(out)
}

/// Decodes into a new string: sized at the input's length where nothing
/// decodes longer (UTF-8, MUTF-8, CESU-8, strict ASCII), else exactly, by
/// the fast length pass (which also finds bad input before anything is
/// allocated); filled by the fast decoder; and turned into a `String`
/// without a second look at the bytes.
#[allow(clippy::inline_always, reason = "a constant family must fold away")]
#[inline(always)]
pub(crate) fn decode(f: Family, bytes: &[u8]) -> Result<String, DecodeError> {
    let cap = if f.max_utf8_bytes_per_byte() == 1 {
        bytes.len()
    } else {
        fast::family::decoded_len(f, bytes)?
    };
    let mut out = vec![0u8; cap];
    let n = fast::family::decode_into(f, bytes, &mut out)?;
    out.truncate(n);
    Ok(decoded_string(out))
}

/// The bytes a decoder wrote, as a `String`, without checking them again.
///
/// The one `unsafe` outside `crate::simd`. Every decoder of this crate
/// writes UTF-8 and nothing else: the `const fn`s write through
/// `scalar::write_utf8` and tables of ready-made UTF-8, and each SIMD
/// kernel is tested against them byte for byte (every character at every
/// offset, every buffer length, the fuzz targets). A second validation
/// would cost as much as the decoding itself on ASCII-heavy text, so debug
/// builds (all of the test suite) check, and release builds trust the
/// decoders.
#[allow(unsafe_code)]
fn decoded_string(bytes: Vec<u8>) -> String {
    debug_assert!(
        core::str::from_utf8(&bytes).is_ok(),
        "a decoder wrote invalid UTF-8"
    );
    // SAFETY: `bytes` is the output of a litenc decoder, which is UTF-8 (see
    // above; checked in debug builds).
    unsafe { String::from_utf8_unchecked(bytes) }
}

/// The input itself, if it already is the UTF-8 of its decoding.
fn borrowable(f: Family, bytes: &[u8]) -> Option<&str> {
    let s = core::str::from_utf8(bytes).ok()?;
    let same = match f {
        Family::Utf8 => true,
        // Valid UTF-8 has neither `C0 80` nor encoded surrogates, so if it
        // is also valid MUTF-8 or CESU-8, every sequence means the same.
        Family::Cesu { .. } => fast::family::validate(f, bytes).is_ok(),
        Family::SingleByte(_) => s.is_ascii(),
        Family::Utf16 { .. } => s.is_empty(),
        // ASCII is itself in every one, but for ISO-2022-JP's `ESC` (which
        // starts an escape sequence) and the shifts `0E` and `0F` (errors).
        #[cfg(feature = "cjk")]
        Family::Cjk(crate::rules::cjk::Cjk::Iso2022Jp) => {
            s.is_ascii() && !s.bytes().any(|b| matches!(b, 0x0E | 0x0F | 0x1B))
        }
        #[cfg(feature = "cjk")]
        Family::Cjk(_) => s.is_ascii(),
    };
    same.then_some(s)
}

/// Decodes, one U+FFFD for each ill-formed part; borrows the input when it
/// already is the UTF-8 of the result.
#[allow(clippy::inline_always, reason = "a constant family must fold away")]
#[inline(always)]
pub(crate) fn decode_lossy(f: Family, bytes: &[u8]) -> Cow<'_, str> {
    if let Some(s) = borrowable(f, bytes) {
        return Cow::Borrowed(s);
    }
    #[cfg(feature = "cjk")]
    if let Family::Cjk(c) = f {
        return Cow::Owned(match decode(f, bytes) {
            Ok(s) => s,
            Err(_) => lossy_cjk(c, bytes),
        });
    }
    Cow::Owned(lossy(bytes.len(), |i| rules::step(f, bytes, i)))
}

/// The replacement loop of every lossy decoder: `step(i)` reads the
/// sequence at input unit `i` of `len`; each ill-formed part becomes one
/// U+FFFD, and a truncated end one more.
pub(crate) fn lossy(len: usize, step: impl Fn(usize) -> Step) -> String {
    let mut out = String::with_capacity(len);
    let mut i = 0;
    while i < len {
        match step(i) {
            Step::Char { cp, len } => {
                out.push(scalar::to_char(cp));
                i += len;
            }
            Step::Malformed(len) => {
                out.push(char::REPLACEMENT_CHARACTER);
                i += len;
            }
            Step::Truncated => {
                out.push(char::REPLACEMENT_CHARACTER);
                break;
            }
        }
    }
    out
}

/// The standard's decoder with replacement: one U+FFFD for each error it
/// returns, through the same steps as the strict loops of `engine::cjk`.
#[cfg(feature = "cjk")]
#[allow(clippy::inline_always, reason = "a constant encoding must fold away")]
#[inline(always)]
fn lossy_cjk(c: crate::rules::cjk::Cjk, bytes: &[u8]) -> String {
    use crate::rules::cjk::{decode_seq, Mode, Seq};
    let mut out = String::with_capacity(bytes.len() * 2);
    let mut i = 0;
    let mut mode = Mode::Ascii;
    let mut escaped = false;
    while i < bytes.len() {
        match decode_seq(c, bytes, i, mode) {
            Seq::Char { cp, cp2, len } => {
                out.push(scalar::to_char(cp));
                if cp2 != 0 {
                    out.push(scalar::to_char(cp2));
                }
                i += len;
                escaped = false;
            }
            Seq::Escape { mode: next } => {
                // Two escape sequences in a row: an error, and the second
                // takes effect.
                if escaped {
                    out.push(char::REPLACEMENT_CHARACTER);
                }
                mode = next;
                escaped = true;
                i += 3;
            }
            Seq::Malformed { len } | Seq::Truncated { len } => {
                out.push(char::REPLACEMENT_CHARACTER);
                i += len;
                escaped = false;
            }
        }
    }
    out
}

/// [`decode`] for native UTF-16 code units.
pub(crate) fn decode_units(units: &[u16]) -> Result<String, DecodeError> {
    let mut out = vec![0u8; fast::utf16::decoded_units_len(units)?];
    let n = fast::utf16::decode_units_into(units, &mut out)?;
    out.truncate(n);
    Ok(decoded_string(out))
}
