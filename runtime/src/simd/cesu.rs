//! MUTF-8 (`JAVA`) and CESU-8. PORTABLE PLACEHOLDER: to be replaced by the AVX2 kernels.

use crate::Encoding;

const fn enc(java: bool) -> Encoding {
    if java {
        Encoding::Mutf8
    } else {
        Encoding::Cesu8
    }
}

/// Encodes `text`; `None` if `dst` is too short.
#[inline]
pub(crate) fn encode<const JAVA: bool>(text: &str, dst: &mut [u8]) -> Option<usize> {
    crate::codec::encode_into(enc(JAVA), text, dst).ok()
}

/// Decodes to UTF-8; `None` if `bytes` is ill-formed or `dst` too short.
#[inline]
pub(crate) fn decode<const JAVA: bool>(bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    crate::codec::decode_into(enc(JAVA), bytes, dst).ok()
}
