//! The reference loops: the simplest correct codec, one character at a time
//! through the rules of `crate::rules`, in two passes (check and count, then
//! write). The fast paths of the engine and the SIMD kernels must agree with
//! them (`runtime/tests/codec/fast_paths.rs` compares them through the hidden
//! `litenc_runtime::__reference`), and the const evaluator runs them for
//! `encode_array` and `const_encode!`, where they are the faster choice.

use crate::error::{DecodeError, EncodeError};
use crate::limits;
use crate::rules::{self, Family, utf16::NATIVE, utf32};
use crate::scalar::{self, Step};

use super::step_error;

// Each entry point below sends the multi-byte encodings to their own loops
// (`super::cjk`) and every other family to a loop over its characters
// (`char_*`), and is always inlined in release builds: where the family is a
// constant (the engine's arms for GSM and UTF-16, `usb_string`), the test
// folds, and the loop, which the compiler keeps out of line and shares
// between its callers, carries no call of the CJK loops and their tables.
// A firmware that encodes GSM 03.38 and UTF-16 so links neither.

/// The reference of [`Encoding::encoded_len`](crate::Encoding::encoded_len).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) const fn encoded_len(f: Family, text: &str) -> Result<usize, EncodeError> {
    #[cfg(feature = "cjk")]
    if let Family::Cjk(c) = f {
        return super::cjk::reference_encoded_len(c, text);
    }
    char_encoded_len(f, text)
}

/// [`encoded_len`] of a family of one character at a time (not CJK).
#[inline]
const fn char_encoded_len(f: Family, text: &str) -> Result<usize, EncodeError> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut n: usize = 0;
    while i < b.len() {
        let (cp, len) = scalar::next_char(b, i);
        let k = rules::char_len(f, cp);
        if k == 0 {
            return Err(EncodeError::Unencodable {
                encoding: f.encoding(),
                offset: i,
                ch: scalar::to_char(cp),
            });
        }
        // Saturates rather than wraps: UTF-32 writes four bytes per
        // character, and four times the longest `str` does not fit in
        // `usize` (see `limits`).
        n = limits::add_len(n, k);
        i += len;
    }
    Ok(n)
}

/// The reference of [`Encoding::encode_into`](crate::Encoding::encode_into).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) const fn encode_into(
    f: Family,
    text: &str,
    out: &mut [u8],
) -> Result<usize, EncodeError> {
    #[cfg(feature = "cjk")]
    if let Family::Cjk(c) = f {
        return super::cjk::reference_encode_into(c, text, out);
    }
    char_encode_into(f, text, out)
}

/// [`encode_into`] of a family of one character at a time (not CJK).
#[inline]
const fn char_encode_into(f: Family, text: &str, out: &mut [u8]) -> Result<usize, EncodeError> {
    let needed = match char_encoded_len(f, text) {
        Ok(n) => n,
        Err(e) => return Err(e),
    };
    if needed > out.len() {
        return Err(EncodeError::OutputTooSmall {
            needed,
            available: out.len(),
        });
    }
    Ok(fill_chars(f, text, out))
}

/// The fill pass of [`encode_into`]: `out` must hold the output.
#[inline]
pub(crate) const fn fill_chars(f: Family, text: &str, out: &mut [u8]) -> usize {
    let b = text.as_bytes();
    let mut i = 0;
    let mut at = 0;
    while i < b.len() {
        let (cp, len) = scalar::next_char(b, i);
        at = rules::write_char(f, cp, out, at);
        i += len;
    }
    at
}

/// The reference of [`Encoding::decoded_len`](crate::Encoding::decoded_len).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) const fn decoded_len(f: Family, bytes: &[u8]) -> Result<usize, DecodeError> {
    #[cfg(feature = "cjk")]
    if let Family::Cjk(c) = f {
        return super::cjk::reference_decoded_len(c, bytes);
    }
    char_decoded_len(f, bytes)
}

/// [`decoded_len`] of a family of one character at a time (not CJK).
#[inline]
const fn char_decoded_len(f: Family, bytes: &[u8]) -> Result<usize, DecodeError> {
    let mut i = 0;
    let mut n: usize = 0;
    while i < bytes.len() {
        match rules::step(f, bytes, i) {
            Step::Char { cp, len } => {
                // Saturates rather than wraps: a code page may triple its
                // input, which a 32-bit `usize` may not hold.
                n = limits::add_len(n, scalar::utf8_len(cp));
                i += len;
            }
            step => return Err(step_error(f.encoding(), step, i)),
        }
    }
    Ok(n)
}

/// The reference of [`Encoding::decode_into`](crate::Encoding::decode_into).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) const fn decode_into(
    f: Family,
    bytes: &[u8],
    out: &mut [u8],
) -> Result<usize, DecodeError> {
    #[cfg(feature = "cjk")]
    if let Family::Cjk(c) = f {
        return super::cjk::reference_decode_into(c, bytes, out);
    }
    char_decode_into(f, bytes, out)
}

/// [`decode_into`] of a family of one character at a time (not CJK).
#[inline]
const fn char_decode_into(f: Family, bytes: &[u8], out: &mut [u8]) -> Result<usize, DecodeError> {
    let needed = match char_decoded_len(f, bytes) {
        Ok(n) => n,
        Err(e) => return Err(e),
    };
    if needed > out.len() {
        return Err(DecodeError::output_too_small(
            f.encoding(),
            bytes.len(),
            needed,
            out.len(),
        ));
    }
    let mut i = 0;
    let mut at = 0;
    while i < bytes.len() {
        if let Step::Char { cp, len } = rules::step(f, bytes, i) {
            at = scalar::write_utf8(out, at, cp);
            i += len;
        } else {
            // Unreachable: the length pass accepted every sequence.
            break;
        }
    }
    Ok(at)
}

/// The reference of [`utf16::units_len`](crate::utf16::units_len).
#[inline]
pub(crate) const fn units_len(text: &str) -> usize {
    let b = text.as_bytes();
    let mut i = 0;
    let mut n = 0;
    while i < b.len() {
        // A 4-byte UTF-8 sequence is a surrogate pair, anything else one unit.
        let lead = b[i];
        if lead < 0x80 {
            i += 1;
            n += 1;
        } else if lead < 0xE0 {
            i += 2;
            n += 1;
        } else if lead < 0xF0 {
            i += 3;
            n += 1;
        } else {
            i += 4;
            n += 2;
        }
    }
    n
}

/// The reference of [`utf16::encode_units_into`](crate::utf16::encode_units_into).
#[inline]
pub(crate) const fn encode_units_into(text: &str, out: &mut [u16]) -> Result<usize, EncodeError> {
    let needed = units_len(text);
    if needed > out.len() {
        return Err(EncodeError::OutputTooSmall {
            needed,
            available: out.len(),
        });
    }
    let b = text.as_bytes();
    let mut i = 0;
    let mut at = 0;
    while i < b.len() {
        let (cp, len) = scalar::next_char(b, i);
        at = rules::utf16::write_char_units(out, at, cp);
        i += len;
    }
    Ok(at)
}

/// The reference of [`utf16::decoded_units_len`](crate::utf16::decoded_units_len).
#[inline]
pub(crate) const fn decoded_units_len(units: &[u16]) -> Result<usize, DecodeError> {
    let mut i = 0;
    let mut n: usize = 0;
    while i < units.len() {
        match rules::utf16::step_units(units, i) {
            Step::Char { cp, len } => {
                n += scalar::utf8_len(cp);
                i += len;
            }
            step => return Err(step_error(NATIVE, step, i).in_code_units()),
        }
    }
    Ok(n)
}

/// The reference of [`utf16::decode_units_into`](crate::utf16::decode_units_into).
#[inline]
pub(crate) const fn decode_units_into(units: &[u16], out: &mut [u8]) -> Result<usize, DecodeError> {
    let needed = match decoded_units_len(units) {
        Ok(n) => n,
        Err(e) => return Err(e),
    };
    if needed > out.len() {
        return Err(
            DecodeError::output_too_small(NATIVE, units.len(), needed, out.len()).in_code_units(),
        );
    }
    let mut i = 0;
    let mut at = 0;
    while i < units.len() {
        if let Step::Char { cp, len } = rules::utf16::step_units(units, i) {
            at = scalar::write_utf8(out, at, cp);
            i += len;
        } else {
            break;
        }
    }
    Ok(at)
}

/// The reference of [`utf32::units_len`](crate::utf32::units_len): one unit
/// per character.
#[inline]
pub(crate) const fn utf32_units_len(text: &str) -> usize {
    let b = text.as_bytes();
    let mut i = 0;
    let mut n = 0;
    while i < b.len() {
        let (_, len) = scalar::next_char(b, i);
        i += len;
        n += 1;
    }
    n
}

/// The reference of [`utf32::encode_units_into`](crate::utf32::encode_units_into).
#[inline]
pub(crate) const fn utf32_encode_units_into(
    text: &str,
    out: &mut [u32],
) -> Result<usize, EncodeError> {
    let needed = utf32_units_len(text);
    if needed > out.len() {
        return Err(EncodeError::OutputTooSmall {
            needed,
            available: out.len(),
        });
    }
    let b = text.as_bytes();
    let mut i = 0;
    let mut at = 0;
    while i < b.len() {
        let (cp, len) = scalar::next_char(b, i);
        out[at] = cp;
        at += 1;
        i += len;
    }
    Ok(at)
}

/// The reference of [`utf32::decoded_units_len`](crate::utf32::decoded_units_len).
#[inline]
pub(crate) const fn utf32_decoded_units_len(units: &[u32]) -> Result<usize, DecodeError> {
    let mut i = 0;
    let mut n: usize = 0;
    while i < units.len() {
        match utf32::step_units(units, i) {
            Step::Char { cp, len } => {
                n += scalar::utf8_len(cp);
                i += len;
            }
            step => return Err(step_error(utf32::NATIVE, step, i).in_code_units()),
        }
    }
    Ok(n)
}

/// The reference of [`utf32::decode_units_into`](crate::utf32::decode_units_into).
#[inline]
pub(crate) const fn utf32_decode_units_into(
    units: &[u32],
    out: &mut [u8],
) -> Result<usize, DecodeError> {
    let needed = match utf32_decoded_units_len(units) {
        Ok(n) => n,
        Err(e) => return Err(e),
    };
    if needed > out.len() {
        return Err(
            DecodeError::output_too_small(utf32::NATIVE, units.len(), needed, out.len())
                .in_code_units(),
        );
    }
    let mut i = 0;
    let mut at = 0;
    while i < units.len() {
        if let Step::Char { cp, len } = utf32::step_units(units, i) {
            at = scalar::write_utf8(out, at, cp);
            i += len;
        } else {
            break;
        }
    }
    Ok(at)
}
