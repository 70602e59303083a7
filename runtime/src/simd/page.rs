//! Every code page, whatever its bytes `00..=7F`: the kernels of
//! [`super::single_byte`] where they are ASCII, the byte permutation of
//! [`super::proxy`] where the page has one (EBCDIC), and no kernel for the
//! rest (`None`, so that the caller runs the `const fn`). Both
//! [`crate::simd`]'s dispatch over a family and the code pages' own run-time
//! functions ([`crate::fast::page`], which have the table and no family)
//! come here, above the two kernels, which know nothing of each other but
//! that the proxy runs the ASCII pages' kernel on its proxy page. Each is
//! always inlined in release builds: the page is a constant where the choice
//! folds, and where the kernel's loops are chosen.

#![allow(
    clippy::inline_always,
    reason = "the page must be a constant where the kernel is chosen"
)]

use super::proxy;
use super::single_byte;
use crate::table::SingleByte;
#[cfg(feature = "alloc")]
use alloc::vec::Vec;

/// Encodes `text`; `None` if there is no kernel for the page, a
/// character is not in it, or `dst` is too short.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn encode(t: &'static SingleByte, text: &str, dst: &mut [u8]) -> Option<usize> {
    if t.ascii {
        single_byte::encode(t, text, dst)
    } else {
        proxy::encode(t, t.proxy?, text, dst)
    }
}

/// Whether `bytes` is all defined in the page; `None` where no kernel
/// can tell (the `const fn` decides, and says where the error is).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn validate(t: &'static SingleByte, bytes: &[u8]) -> Option<bool> {
    if t.total {
        Some(true)
    } else if t.ascii {
        Some(single_byte::decoded_len(t, bytes).is_some())
    } else {
        // `None` from the proxy is not an answer: the engine decides.
        proxy::decoded_len(t.proxy?, bytes).map(|_| true)
    }
}

/// The length of the UTF-8 of `bytes`; `None` if there is no kernel for
/// the page or a byte is undefined.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn decoded_len(t: &'static SingleByte, bytes: &[u8]) -> Option<usize> {
    if t.ascii {
        single_byte::decoded_len(t, bytes)
    } else {
        proxy::decoded_len(t.proxy?, bytes)
    }
}

/// Decodes `bytes` to UTF-8; `None` if there is no kernel for the page,
/// a byte is undefined or `dst` is too short.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn decode(t: &'static SingleByte, bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    if t.ascii {
        single_byte::decode(t, bytes, dst)
    } else {
        proxy::decode(t, t.proxy?, bytes, dst)
    }
}

/// [`single_byte::encode_vec`] for a page whose bytes `00..=7F` are ASCII;
/// `None` for the others.
#[cfg(feature = "alloc")]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn encode_vec(t: &'static SingleByte, text: &str) -> Option<Vec<u8>> {
    if t.ascii {
        single_byte::encode_vec(t, text)
    } else {
        None
    }
}

/// [`single_byte::decode_vec`] for a page whose bytes `00..=7F` are ASCII;
/// `None` for the others.
#[cfg(feature = "alloc")]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn decode_vec(t: &'static SingleByte, bytes: &[u8]) -> Option<Vec<u8>> {
    if t.ascii {
        single_byte::decode_vec(t, bytes)
    } else {
        None
    }
}
