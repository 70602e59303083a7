//! UTF-16 to UTF-8. PORTABLE PLACEHOLDER: to be replaced by the AVX2 kernels.

use crate::Encoding;

/// Decodes native units; `None` if ill-formed or `dst` too short.
#[inline]
pub(crate) fn decode_units(units: &[u16], dst: &mut [u8]) -> Option<usize> {
    crate::utf16::decode_units_into(units, dst).ok()
}

/// Decodes LE (`BE == false`) or BE bytes; `None` if ill-formed or `dst` too short.
#[inline]
pub(crate) fn decode_bytes<const BE: bool>(bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    let enc = if BE { Encoding::Utf16Be } else { Encoding::Utf16Le };
    crate::codec::decode_into(enc, bytes, dst).ok()
}
