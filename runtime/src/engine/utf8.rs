//! UTF-8 to UTF-8: validation is `core::str::from_utf8` (std's own
//! validator, `const` since Rust 1.63: an ASCII fast path a word at a time
//! and a table-driven check of Table 3-7), and decoding is a word copy.

use super::words::copy;
use crate::encoding::Encoding;
use crate::error::DecodeError;

/// The litenc error for a `from_utf8` error: the same `valid_up_to` and
/// `error_len`, which is what the reference step function reports too.
#[inline]
pub(crate) const fn error(enc: Encoding, e: core::str::Utf8Error, base: usize) -> DecodeError {
    match e.error_len() {
        Some(len) => DecodeError::malformed(enc, base + e.valid_up_to(), len),
        None => DecodeError::truncated(enc, base + e.valid_up_to()),
    }
}

/// See [`Encoding::decoded_len`]: UTF-8 decodes to itself.
#[inline]
pub(crate) const fn decoded_len(bytes: &[u8]) -> Result<usize, DecodeError> {
    match core::str::from_utf8(bytes) {
        Ok(_) => Ok(bytes.len()),
        Err(e) => Err(error(Encoding::Utf8, e, 0)),
    }
}

/// See [`Encoding::decode_into`]: validate, then copy.
#[inline]
pub(crate) const fn decode_into(bytes: &[u8], out: &mut [u8]) -> Result<usize, DecodeError> {
    if let Err(e) = decoded_len(bytes) {
        return Err(e);
    }
    if bytes.len() > out.len() {
        return Err(DecodeError::output_too_small(
            Encoding::Utf8,
            bytes.len(),
            bytes.len(),
            out.len(),
        ));
    }
    Ok(copy(bytes, 0, bytes.len(), out, 0))
}
