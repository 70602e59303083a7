//! The one codec engine. Every public encode/decode function of every
//! encoding ends up in one of the loops below; what differs between the
//! encodings is three step functions per encoding (the length of one
//! character, writing one character, reading one sequence), which the loops
//! pick with a `match` on [`Encoding`]. Callers pass a constant encoding, so
//! after inlining each loop is specialised to one encoding.
//!
//! Everything is two-phase, as `const` code must be: the length pass checks
//! the whole input, then the fill pass writes into a buffer known to be big
//! enough. That is also what fixes the error priority: bad input is reported
//! as such whatever the size of the output buffer.

use crate::error::ConstMsg;
use crate::limits;
use crate::scalar::{self, Step};
use crate::{blocks, cesu, utf16, utf8, windows1251, DecodeError, EncodeError, Encoding};

/// Bytes `cp` takes in `enc`, or 0 if `enc` cannot hold it.
#[inline]
const fn char_len(enc: Encoding, cp: u32) -> usize {
    match enc {
        Encoding::Utf8 => scalar::utf8_len(cp),
        Encoding::Utf16Le | Encoding::Utf16Be => utf16::char_len_bytes(cp),
        Encoding::Mutf8 => cesu::char_len(cp, true),
        Encoding::Cesu8 => cesu::char_len(cp, false),
        Encoding::Windows1251 => windows1251::char_len(cp),
    }
}

/// Writes `cp` (known to fit) at `out[at..]`; returns the new cursor.
#[inline]
const fn write_char(enc: Encoding, cp: u32, out: &mut [u8], at: usize) -> usize {
    match enc {
        Encoding::Utf8 => scalar::write_utf8(out, at, cp),
        Encoding::Utf16Le => utf16::write_char_bytes(out, at, cp, false),
        Encoding::Utf16Be => utf16::write_char_bytes(out, at, cp, true),
        Encoding::Mutf8 => cesu::write_char(out, at, cp, true),
        Encoding::Cesu8 => cesu::write_char(out, at, cp, false),
        Encoding::Windows1251 => windows1251::write_char(out, at, cp),
    }
}

/// Reads one sequence of `enc` at `bytes[i..]` (`i < bytes.len()`).
#[inline]
pub(crate) const fn decode_step(enc: Encoding, bytes: &[u8], i: usize) -> Step {
    match enc {
        Encoding::Utf8 => utf8::step(bytes, i),
        Encoding::Utf16Le => utf16::step_bytes(bytes, i, false),
        Encoding::Utf16Be => utf16::step_bytes(bytes, i, true),
        Encoding::Mutf8 => cesu::step(bytes, i, true),
        Encoding::Cesu8 => cesu::step(bytes, i, false),
        Encoding::Windows1251 => windows1251::step(bytes, i),
    }
}

/// The reference loop of [`Encoding::encoded_len`], which the fast path below
/// must agree with; the const evaluator runs it (see `encode_array`).
pub(crate) const fn reference_encoded_len(enc: Encoding, text: &str) -> Result<usize, EncodeError> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut n: usize = 0;
    while i < b.len() {
        let (cp, len) = scalar::next_char(b, i);
        let k = char_len(enc, cp);
        if k == 0 {
            return Err(EncodeError::Unencodable {
                encoding: enc,
                offset: i,
                ch: scalar::to_char(cp),
            });
        }
        // Cannot overflow: no encoding writes more than twice the UTF-8
        // length, and a `str` is at most `isize::MAX` bytes long (checked
        // at compile time in `limits`).
        n += k;
        i += len;
    }
    Ok(n)
}

/// The reference loop of [`Encoding::encode_into`], which the fast path below
/// must agree with; the const evaluator runs it (see `encode_array`).
pub(crate) const fn reference_encode_into(
    enc: Encoding,
    text: &str,
    out: &mut [u8],
) -> Result<usize, EncodeError> {
    let needed = match reference_encoded_len(enc, text) {
        Ok(n) => n,
        Err(e) => return Err(e),
    };
    if needed > out.len() {
        return Err(EncodeError::OutputTooSmall {
            needed,
            available: out.len(),
        });
    }
    Ok(fill_chars(enc, text, out))
}

/// The fill pass of [`reference_encode_into`]: `out` must hold the output.
const fn fill_chars(enc: Encoding, text: &str, out: &mut [u8]) -> usize {
    let b = text.as_bytes();
    let mut i = 0;
    let mut at = 0;
    while i < b.len() {
        let (cp, len) = scalar::next_char(b, i);
        at = write_char(enc, cp, out, at);
        i += len;
    }
    at
}

/// See [`Encoding::encoded_len`]: the fast path of each encoding
/// (`crate::blocks`, issue 4); the reference loops above are what it must agree with.
pub(crate) const fn encoded_len(enc: Encoding, text: &str) -> Result<usize, EncodeError> {
    match enc {
        Encoding::Utf8 => Ok(text.len()),
        Encoding::Utf16Le | Encoding::Utf16Be => Ok(2 * blocks::utf16::units_len(text)),
        Encoding::Mutf8 => Ok(blocks::cesu::encoded_len::<true>(text)),
        Encoding::Cesu8 => Ok(blocks::cesu::encoded_len::<false>(text)),
        Encoding::Windows1251 => blocks::windows1251::encoded_len(text),
    }
}

/// See [`Encoding::encode_into`]; fast paths as for [`encoded_len`].
pub(crate) const fn encode_into(
    enc: Encoding,
    text: &str,
    out: &mut [u8],
) -> Result<usize, EncodeError> {
    match enc {
        Encoding::Utf8 => {
            if text.len() > out.len() {
                return Err(EncodeError::OutputTooSmall {
                    needed: text.len(),
                    available: out.len(),
                });
            }
            Ok(blocks::copy(text.as_bytes(), 0, text.len(), out, 0))
        }
        Encoding::Mutf8 => blocks::cesu::encode_into::<true>(text, out),
        Encoding::Cesu8 => blocks::cesu::encode_into::<false>(text, out),
        Encoding::Windows1251 => blocks::windows1251::encode_into(text, out),
        // Every text encodes, and into at most two bytes per byte: with
        // that much room, no length pass.
        Encoding::Utf16Le | Encoding::Utf16Be if out.len() / 2 >= text.len() => {
            Ok(fill_chars(enc, text, out))
        }
        Encoding::Utf16Le | Encoding::Utf16Be => reference_encode_into(enc, text, out),
    }
}

/// See [`Encoding::decoded_len`]; fast paths as for [`encoded_len`].
pub(crate) const fn decoded_len(enc: Encoding, bytes: &[u8]) -> Result<usize, DecodeError> {
    match enc {
        Encoding::Utf8 => blocks::utf8::decoded_len(bytes),
        Encoding::Utf16Le => blocks::utf16::decoded_len(blocks::utf16::Src::Le(bytes)),
        Encoding::Utf16Be => blocks::utf16::decoded_len(blocks::utf16::Src::Be(bytes)),
        Encoding::Mutf8 => blocks::cesu::decoded_len::<true>(bytes),
        Encoding::Cesu8 => blocks::cesu::decoded_len::<false>(bytes),
        Encoding::Windows1251 => Ok(blocks::windows1251::decoded_len(bytes)),
    }
}

/// See [`Encoding::decode_into`]; fast paths as for [`encoded_len`].
pub(crate) const fn decode_into(
    enc: Encoding,
    bytes: &[u8],
    out: &mut [u8],
) -> Result<usize, DecodeError> {
    match enc {
        Encoding::Utf8 => blocks::utf8::decode_into(bytes, out),
        Encoding::Utf16Le => blocks::utf16::decode_into(blocks::utf16::Src::Le(bytes), out),
        Encoding::Utf16Be => blocks::utf16::decode_into(blocks::utf16::Src::Be(bytes), out),
        Encoding::Mutf8 => blocks::cesu::decode_into::<true>(bytes, out),
        Encoding::Cesu8 => blocks::cesu::decode_into::<false>(bytes, out),
        Encoding::Windows1251 => blocks::windows1251::decode_into(bytes, out),
    }
}

/// Turns a failed [`Step`] at `i` into the error it reports.
#[inline]
pub(crate) const fn step_error(enc: Encoding, step: Step, i: usize) -> DecodeError {
    match step {
        Step::Malformed(len) => DecodeError::malformed(enc, i, len),
        Step::Truncated | Step::Char { .. } => DecodeError::truncated(enc, i),
    }
}

/// The reference loop of [`Encoding::decoded_len`], which the fast path below
/// must agree with; the const evaluator runs it (see `encode_array`).
pub(crate) const fn reference_decoded_len(
    enc: Encoding,
    bytes: &[u8],
) -> Result<usize, DecodeError> {
    let mut i = 0;
    let mut n: usize = 0;
    while i < bytes.len() {
        match decode_step(enc, bytes, i) {
            Step::Char { cp, len } => {
                // Saturates rather than wraps: Windows-1251 triples in the
                // worst case, which a 32-bit `usize` may not hold.
                n = limits::add_len(n, scalar::utf8_len(cp));
                i += len;
            }
            step => return Err(step_error(enc, step, i)),
        }
    }
    Ok(n)
}

/// The reference loop of [`Encoding::decode_into`], which the fast path below
/// must agree with; the const evaluator runs it (see `encode_array`).
pub(crate) const fn reference_decode_into(
    enc: Encoding,
    bytes: &[u8],
    out: &mut [u8],
) -> Result<usize, DecodeError> {
    let needed = match reference_decoded_len(enc, bytes) {
        Ok(n) => n,
        Err(e) => return Err(e),
    };
    if needed > out.len() {
        return Err(DecodeError::output_too_small(
            enc,
            bytes.len(),
            needed,
            out.len(),
        ));
    }
    let mut i = 0;
    let mut at = 0;
    while i < bytes.len() {
        if let Step::Char { cp, len } = decode_step(enc, bytes, i) {
            at = scalar::write_utf8(out, at, cp);
            i += len;
        } else {
            // Unreachable: the length pass accepted every sequence.
            break;
        }
    }
    Ok(at)
}

/// The array behind every `encode_array`: encodes `text`, adding one zero
/// unit if `nul`, into exactly `N` bytes, or fails (at compile time, when
/// called from a `const` item) with a message that says what is wrong.
#[track_caller]
pub(crate) const fn encode_array<const N: usize>(enc: Encoding, text: &str, nul: bool) -> [u8; N] {
    let len = const_len(enc, text, nul);
    if len != N {
        wrong_length_panic(enc, "encode_array", N, len, "bytes");
    }
    let mut out = [0u8; N];
    // The reference loop, not the fast path: this runs in the const
    // evaluator, where the simple loop is about four times faster and
    // needs half the memory (issue 4, docs/performance.md).
    match reference_encode_into(enc, text, &mut out) {
        Ok(_) => out,
        Err(e) => e.const_panic(),
    }
}

/// The length `encode_array` needs, as `const_encode!` asks for it; fails
/// like [`encode_array`] on text the encoding cannot hold.
#[track_caller]
pub(crate) const fn const_len(enc: Encoding, text: &str, nul: bool) -> usize {
    // The reference loop, as in `encode_array`.
    let len = match reference_encoded_len(enc, text) {
        Ok(n) => n,
        Err(e) => e.const_panic(),
    };
    if !nul {
        return len;
    }
    if enc.encodes_nul_as_zero() {
        check_no_interior_nul(enc, text);
    }
    len + enc.unit_size()
}

/// Fails if a NUL-terminated `text` would hold a zero unit before its end.
#[track_caller]
pub(crate) const fn check_no_interior_nul(enc: Encoding, text: &str) {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == 0 {
            let mut msg = ConstMsg::new();
            msg.push_str("litenc: interior NUL (U+0000) at byte ");
            msg.push_usize(i);
            msg.push_str(" of a NUL-terminated ");
            msg.push_str(enc.name());
            msg.push_str(" string: the terminator would not be the first zero unit");
            msg.panic();
        }
        i += 1;
    }
}

/// The compile-time message for an array of the wrong length.
#[track_caller]
pub(crate) const fn wrong_length_panic(
    enc: Encoding,
    what: &str,
    n: usize,
    needed: usize,
    unit: &str,
) -> ! {
    let mut msg = ConstMsg::new();
    msg.push_str("litenc: ");
    msg.push_str(what);
    msg.push_str("::<");
    msg.push_usize(n);
    msg.push_str(">: the text takes ");
    msg.push_usize(needed);
    msg.push_str(" ");
    msg.push_str(unit);
    msg.push_str(" in ");
    msg.push_str(enc.name());
    msg.push_str(", so N must be ");
    msg.push_usize(needed);
    msg.push_str(" (const_encode! works N out by itself)");
    msg.panic()
}

#[cfg(feature = "alloc")]
pub(crate) use self::alloc_helpers::*;

#[cfg(feature = "alloc")]
mod alloc_helpers {
    use alloc::borrow::Cow;
    use alloc::string::String;
    use alloc::vec;
    use alloc::vec::Vec;

    use super::{decode_step, Step};
    use crate::{scalar, DecodeError, EncodeError, Encoding};

    // The `Vec` helpers run the run-time twins of `crate::fast` (SIMD where
    // there is a kernel). The buffer is the worst case when that is the
    // input's own length (no length pass at all), else exactly the length.

    pub(crate) fn encode_vec(enc: Encoding, text: &str) -> Result<Vec<u8>, EncodeError> {
        let cap = if enc.max_bytes_per_utf8_byte() == 1 {
            text.len()
        } else {
            crate::fast::encoded_len(enc, text)?
        };
        let mut out = vec![0u8; cap];
        let n = crate::fast::encode_into(enc, text, &mut out)?;
        out.truncate(n);
        Ok(out)
    }

    pub(crate) fn decode_string(enc: Encoding, bytes: &[u8]) -> Result<String, DecodeError> {
        let cap = if enc.max_utf8_bytes_per_byte() == 1 {
            bytes.len()
        } else {
            crate::fast::decoded_len(enc, bytes)?
        };
        let mut out = vec![0u8; cap];
        let n = crate::fast::decode_into(enc, bytes, &mut out)?;
        out.truncate(n);
        // The decoders write only UTF-8, so this never replaces anything; it
        // just avoids a panic path.
        Ok(String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
    }

    /// The input itself, if it already is the UTF-8 of its decoding.
    fn borrowable(enc: Encoding, bytes: &[u8]) -> Option<&str> {
        let s = core::str::from_utf8(bytes).ok()?;
        let same = match enc {
            Encoding::Utf8 => true,
            // Valid UTF-8 has neither `C0 80` nor encoded surrogates, so if it
            // is also valid MUTF-8 or CESU-8, every sequence means the same.
            Encoding::Mutf8 | Encoding::Cesu8 => crate::fast::validate(enc, bytes).is_ok(),
            Encoding::Windows1251 => s.is_ascii(),
            Encoding::Utf16Le | Encoding::Utf16Be => s.is_empty(),
        };
        same.then_some(s)
    }

    pub(crate) fn decode_lossy(enc: Encoding, bytes: &[u8]) -> Cow<'_, str> {
        if let Some(s) = borrowable(enc, bytes) {
            return Cow::Borrowed(s);
        }
        Cow::Owned(lossy(bytes.len(), |i| decode_step(enc, bytes, i)))
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
}
