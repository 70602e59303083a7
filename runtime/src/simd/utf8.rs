//! UTF-8 validation. PORTABLE PLACEHOLDER: to be replaced by the AVX2 kernel.

/// Whether `b` is well-formed UTF-8 (exactly `core::str::from_utf8`).
#[inline]
pub(crate) fn is_valid(b: &[u8]) -> bool {
    core::str::from_utf8(b).is_ok()
}
