//! UTF-8 (RFC 3629): Unicode Table 3-7, four-byte forms allowed, surrogates
//! not, exactly what `core::str::from_utf8` accepts.

use crate::scalar::{self, Step};

/// Reads one UTF-8 sequence, reporting an ill-formed one as its maximal
/// subpart.
#[inline]
pub(crate) const fn step(bytes: &[u8], i: usize) -> Step {
    scalar::utf8_family_step(bytes, i, false, true)
}
