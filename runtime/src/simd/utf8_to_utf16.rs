//! UTF-8 to UTF-16 units. PORTABLE PLACEHOLDER: to be replaced by the AVX2 kernel.

/// Encodes `text` into native units; `None` if `dst` is too short.
#[inline]
pub(crate) fn encode_units(text: &str, dst: &mut [u16]) -> Option<usize> {
    crate::utf16::encode_units_into(text, dst).ok()
}

/// The number of UTF-16 units of `text`.
#[inline]
pub(crate) fn units_len(text: &str) -> usize {
    crate::utf16::units_len(text)
}
