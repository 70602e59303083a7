//! The NEON kernels, for aarch64, where NEON (Advanced SIMD) is part of the
//! base architecture: every aarch64 CPU has it, so there is no detection and
//! [`crate::fast::implementation`] says `"neon"` with or without `std`.
//!
//! The kernels keep the contract of every kernel of [`crate::simd`]: a safe
//! function that returns `Some(written)` (or `true`) for every well-formed
//! input whose output fits, and `None` (or `false`) otherwise, after which
//! the caller asks the `const` engine for the exact error.

pub(crate) mod cesu;
pub(crate) mod single_byte;
pub(crate) mod utf16_to_utf8;
pub(crate) mod utf32;
pub(crate) mod utf8;
pub(crate) mod utf8_to_utf16;
