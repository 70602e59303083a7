//! Windows-1251. PORTABLE PLACEHOLDER: to be replaced by the AVX2 kernels.

use crate::Encoding;

/// Encodes `text`; `None` if a character is unencodable or `dst` too short.
#[inline]
pub(crate) fn encode(text: &str, dst: &mut [u8]) -> Option<usize> {
    crate::codec::encode_into(Encoding::Windows1251, text, dst).ok()
}

/// Decodes to UTF-8; `None` if `dst` is too short.
#[inline]
pub(crate) fn decode(bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    crate::codec::decode_into(Encoding::Windows1251, bytes, dst).ok()
}
