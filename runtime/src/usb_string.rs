//! USB string descriptors (USB 2.0 §9.6.7): `bLength` (the whole
//! descriptor's length in bytes), `bDescriptorType` 3 (`STRING`), then the
//! text as UTF-16LE, with no terminator. `bLength` is one byte, so the text
//! may take at most [`MAX_UNITS`] (126) UTF-16 code units: 2 + 2 × 126 =
//! 254 bytes.
//!
//! What a device answers to `GET_DESCRIPTOR(STRING, i)`, built by the same
//! codec at compile time (`litenc::usb_string!`, or
//! [`const_encode!`](crate::const_encode)`(usb_string, TEXT)` for any
//! `const` text) and at run time ([`encode_into`], into a caller's buffer,
//! without allocating). Descriptor 0, the list of language IDs, is not a
//! string and is not made here.
//!
//! ```
//! use litenc_runtime::{const_encode, usb_string, utf16le};
//!
//! static PRODUCT: [u8; 14] = const_encode!(usb_string, "Gadget");
//! assert_eq!(PRODUCT[..4], [14, 3, b'G', 0]);
//!
//! // A serial number known only at run time, into a driver's buffer.
//! let mut buf = [0u8; usb_string::MAX_LEN];
//! let n = usb_string::encode_into("SN-0042", &mut buf).unwrap();
//! assert_eq!(&buf[..4], [16, 3, b'S', 0]);
//! // The host reads it back as UTF-16LE after the two header bytes.
//! assert_eq!(utf16le::decode(&buf[2..n]).unwrap(), "SN-0042");
//! ```

use crate::engine::{self, reference};
use crate::error::{ConstMsg, EncodeError};
use crate::rules::Family;

const UTF16LE: Family = Family::Utf16 { big_endian: false };

/// `bDescriptorType` of a string descriptor.
pub const DESCRIPTOR_TYPE: u8 = 3;

/// The most UTF-16 code units a string descriptor holds: `bLength` is one
/// byte and counts the two header bytes too.
pub const MAX_UNITS: usize = 126;

/// The longest string descriptor, in bytes: 254.
pub const MAX_LEN: usize = 2 + 2 * MAX_UNITS;

/// The length of the descriptor of `text` in bytes (its `bLength`).
///
/// # Errors
/// [`EncodeError::TooLong`] when the text takes more than [`MAX_UNITS`]
/// UTF-16 code units; `len` and `max` then count the bytes after the
/// header (`max` is 252).
///
/// ```
/// use litenc_runtime::{usb_string, EncodeError};
/// assert_eq!(usb_string::encoded_len("Gadget 😀"), Ok(2 + 2 * 9));
/// assert_eq!(
///     usb_string::encoded_len(&"x".repeat(127)),
///     Err(EncodeError::TooLong { len: 254, max: 252 })
/// );
/// ```
#[inline]
pub const fn encoded_len(text: &str) -> Result<usize, EncodeError> {
    check_units(engine::utf16::units_len(text))
}

#[inline]
const fn check_units(units: usize) -> Result<usize, EncodeError> {
    if units > MAX_UNITS {
        return Err(EncodeError::TooLong {
            len: 2 * units,
            max: 2 * MAX_UNITS,
        });
    }
    Ok(2 + 2 * units)
}

/// Writes the string descriptor of `text` into `out`; returns its length.
/// The whole text is checked before `out` is looked at, so after an error
/// `out` is as it was.
///
/// # Errors
/// As [`encoded_len`], and [`EncodeError::OutputTooSmall`] if `out` is
/// shorter than the descriptor ([`MAX_LEN`] bytes always suffice).
///
/// ```
/// use litenc_runtime::usb_string;
///
/// let mut buf = [0u8; usb_string::MAX_LEN];
/// let n = usb_string::encode_into("Hi", &mut buf).unwrap();
/// // bLength, bDescriptorType 3 (STRING), then UTF-16LE.
/// assert_eq!(&buf[..n], [6, 3, b'H', 0, b'i', 0]);
/// ```
#[inline]
pub const fn encode_into(text: &str, out: &mut [u8]) -> Result<usize, EncodeError> {
    let needed = match encoded_len(text) {
        Ok(n) => n,
        Err(e) => return Err(e),
    };
    if needed > out.len() {
        return Err(EncodeError::OutputTooSmall {
            needed,
            available: out.len(),
        });
    }
    let (head, body) = out.split_at_mut(2);
    head[0] = needed as u8;
    head[1] = DESCRIPTOR_TYPE;
    match engine::encode_into(UTF16LE, text, body) {
        Ok(n) => Ok(2 + n),
        Err(e) => Err(e),
    }
}

/// The string descriptor of `text` as an array of exactly `N` bytes, for
/// `const` and `static` items; [`const_encode!`](crate::const_encode) works
/// `N` out.
///
/// # Panics
/// If the text is too long or does not take exactly `N` bytes; in a
/// `const` item that is a compile error saying why.
///
/// ```
/// const LANG_FREE: [u8; 8] = litenc_runtime::usb_string::encode_array("Abc");
/// assert_eq!(LANG_FREE, [8, 3, b'A', 0, b'b', 0, b'c', 0]);
/// ```
#[track_caller]
#[must_use]
pub const fn encode_array<const N: usize>(text: &str) -> [u8; N] {
    __const_array::<N>(text, false)
}

// Not public API: the hooks of `const_encode!`.
#[doc(hidden)]
pub type __Unit = u8;

#[doc(hidden)]
#[track_caller]
#[must_use]
#[inline]
pub const fn __const_len(text: &str, nul: bool) -> usize {
    assert!(
        !nul,
        "litenc: a USB string descriptor has no NUL terminator: `bLength` gives its length"
    );
    // The reference loop, as for `utf16`: the faster choice in the const
    // evaluator.
    match check_units(reference::units_len(text)) {
        Ok(n) => n,
        Err(_) => too_long_panic(reference::units_len(text)),
    }
}

#[track_caller]
#[inline]
const fn too_long_panic(units: usize) -> ! {
    let mut msg = ConstMsg::new();
    msg.push_str("litenc: the text takes ");
    msg.push_usize(units);
    msg.push_str(" UTF-16 code units, and a USB string descriptor holds at most 126");
    msg.panic()
}

#[doc(hidden)]
#[track_caller]
#[must_use]
pub const fn __const_array<const N: usize>(text: &str, nul: bool) -> [u8; N] {
    let needed = __const_len(text, nul);
    if needed != N {
        let mut msg = ConstMsg::new();
        msg.push_str("litenc: usb_string::encode_array::<");
        msg.push_usize(N);
        msg.push_str(">: the descriptor takes ");
        msg.push_usize(needed);
        msg.push_str(" bytes, so N must be ");
        msg.push_usize(needed);
        msg.push_str(" (const_encode! works N out by itself)");
        msg.panic();
    }
    let mut out = [0u8; N];
    let (head, body) = out.split_at_mut(2);
    head[0] = N as u8;
    head[1] = DESCRIPTOR_TYPE;
    match reference::encode_into(UTF16LE, text, body) {
        Ok(_) => out,
        Err(e) => e.const_panic(),
    }
}
