//! C's `wchar_t` strings: [`WChar`] is the target's `wchar_t`, and these
//! functions encode text into it and decode it, as UTF-16 where `wchar_t`
//! has 16 bits (Windows, Cygwin, UEFI, AVR, MSP430) and as UTF-32
//! everywhere else.
//!
//! The choice is the *target's*: `WChar` is defined by `#[cfg]` in this
//! crate, which is compiled for the target, so a build for Windows on Linux
//! gets 16-bit units. (The compile-time macro `litenc::wide!` leaves the
//! choice to `WChar` too: it emits both forms and the target's `WChar`
//! picks one.)
//!
//! Decoding follows the form's rules ([`utf16`](crate::utf16) or
//! [`utf32`](crate::utf32)); a negative signed `wchar_t` is never a scalar
//! value and decodes as an error of one unit. Positions count units.
//!
//! ```
//! use litenc_runtime::{const_encode, wide, WChar};
//!
//! // A NUL-terminated wide string for `wcslen`, `wprintf`, `MessageBoxW`.
//! static TITLE: [WChar; 8] = const_encode!(wide, "Привет!", nul);
//! assert_eq!(TITLE[0], 0x041F as WChar);
//! assert_eq!(TITLE[7], 0);
//!
//! // An emoji is one unit of UTF-32, or a surrogate pair of UTF-16.
//! let units = wide::encode_units("😀");
//! assert_eq!(units.len(), if WChar::BITS == 16 { 2 } else { 1 });
//! assert_eq!(wide::decode_units(&units).unwrap(), "😀");
//! ```

// `as` between `WChar` and `u32` is the point of this module: `WChar` is
// `u16`, `i32` or `u32` by target, every value written is a code unit that
// fits, and a negative `i32` read back becomes a `u32` above U+10FFFF,
// which decoding rejects.
#![allow(
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    clippy::unnecessary_cast
)]

use crate::engine::{self, reference};
use crate::error::{DecodeError, EncodeError};
use crate::rules::{utf16, utf32};
use crate::scalar::{self, Step};

/// Defines [`WChar`] by `#[cfg]`, and the same rules as text for the tests,
/// which check them against `rustc --print cfg` of every target.
macro_rules! wchar_t {
    ($($ty:ty: cfg($($rule:tt)*);)*) => {
        $(
            /// The target's C `wchar_t`: `u16` on Windows, Cygwin and UEFI
            /// (UTF-16); `i16` on AVR and MSP430, whose `wchar_t` is C's
            /// `int`, 16 bits there (UTF-16 too); elsewhere 32 bits
            /// (UTF-32), unsigned (`u32`) where
            /// the C ABI makes it `unsigned int` (Arm and `AArch64` outside
            /// Apple's and the BSDs' ABIs, QNX, AIX, ...) and `i32` on the
            /// others (x86, x86-64, RISC-V, PowerPC, MIPS, Apple, ...).
            /// It is the same type as `libc::wchar_t` on every target libc
            /// has, which the tests check.
            // Each target has a `WChar`: the docs show no list of targets.
            #[cfg_attr(docsrs, doc(auto_cfg = false))]
            #[cfg($($rule)*)]
            pub type WChar = $ty;
        )*

        // Not public API: the rules above as text, for the tests.
        #[doc(hidden)]
        pub const __WCHAR_RULES: &[(&str, &str)] = &[$((stringify!($ty), stringify!($($rule)*)),)*];
    };
}

// AVR and MSP430: `wchar_t` is `int`, which has 16 bits there: clang's
// `AVRTargetInfo` and `MSP430TargetInfo` keep `TargetInfo`'s default
// `WCharType = SignedInt` with `IntWidth = 16` (clang 14 predefines
// `__WCHAR_TYPE__ int`, `__WCHAR_WIDTH__ 16` for `--target=avr` and
// `--target=msp430`), and so does avr-gcc (`WCHAR_TYPE "int"`,
// `__WCHAR_MAX__ 0x7fff`); libc has neither target.
wchar_t! {
    u16: cfg(any(windows, target_os = "cygwin", target_os = "uefi"));
    i16: cfg(any(target_arch = "avr", target_arch = "msp430"));
    u32: cfg(all(
        not(any(
            windows,
            target_os = "cygwin",
            target_os = "uefi",
            target_arch = "avr",
            target_arch = "msp430"
        )),
        any(
            all(
                any(
                    target_arch = "aarch64",
                    target_arch = "arm",
                    target_arch = "csky",
                    target_arch = "hexagon"
                ),
                not(any(
                    target_vendor = "apple",
                    target_os = "netbsd",
                    target_os = "openbsd",
                    target_os = "haiku",
                    target_os = "redox",
                    target_os = "hurd",
                    target_os = "qurt"
                ))
            ),
            all(target_os = "android", target_arch = "riscv64"),
            all(
                target_os = "vxworks",
                any(target_arch = "powerpc", target_arch = "powerpc64")
            ),
            target_os = "aix",
            target_os = "espidf",
            target_os = "nto",
            target_os = "rtems",
            target_os = "teeos",
            target_os = "xous"
        )
    ));
    i32: cfg(not(any(
        windows,
        target_os = "cygwin",
        target_os = "uefi",
        target_arch = "avr",
        target_arch = "msp430",
        all(
            any(
                target_arch = "aarch64",
                target_arch = "arm",
                target_arch = "csky",
                target_arch = "hexagon"
            ),
            not(any(
                target_vendor = "apple",
                target_os = "netbsd",
                target_os = "openbsd",
                target_os = "haiku",
                target_os = "redox",
                target_os = "hurd",
                target_os = "qurt"
            ))
        ),
        all(target_os = "android", target_arch = "riscv64"),
        all(
            target_os = "vxworks",
            any(target_arch = "powerpc", target_arch = "powerpc64")
        ),
        target_os = "aix",
        target_os = "espidf",
        target_os = "nto",
        target_os = "rtems",
        target_os = "teeos",
        target_os = "xous"
    )));
}

/// Whether [`WChar`] holds UTF-16 (16 bits) rather than UTF-32.
pub const IS_UTF16: bool = WChar::BITS == 16;

/// The encoding errors report: the byte form of the units in the target's
/// byte order.
const NATIVE: crate::encoding::Encoding = if IS_UTF16 {
    utf16::NATIVE
} else {
    utf32::NATIVE
};

/// The number of `wchar_t` units of `text`: UTF-16 code units or
/// characters, by target.
#[must_use]
#[inline]
pub const fn units_len(text: &str) -> usize {
    if IS_UTF16 {
        engine::utf16::units_len(text)
    } else {
        engine::utf32::units_len(text)
    }
}

/// Writes `text` into `out`, which holds its [`units_len`].
#[inline]
const fn fill(text: &str, out: &mut [WChar]) -> usize {
    let b = text.as_bytes();
    let mut i = 0;
    let mut at = 0;
    while i < b.len() {
        let (cp, len) = scalar::next_char(b, i);
        if IS_UTF16 && cp >= 0x1_0000 {
            let (high, low) = scalar::split_surrogates(cp);
            out[at] = unit_of(high);
            out[at + 1] = unit_of(low);
            at += 2;
        } else {
            out[at] = unit_of(cp);
            at += 1;
        }
        i += len;
    }
    at
}

/// Encodes `text` into `wchar_t` units, returning the number written (no
/// terminator: see [`const_encode!`](crate::const_encode)'s `nul`, or write
/// a 0 after them).
///
/// # Errors
/// [`EncodeError::OutputTooSmall`] (counted in units) if `out` is shorter
/// than [`units_len`].
///
/// ```
/// use litenc_runtime::{wide, WChar};
/// let mut buf: [WChar; 8] = [0; 8];
/// let n = wide::encode_units_into("Hé", &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0x48, 0xE9]);
/// ```
#[inline]
pub const fn encode_units_into(text: &str, out: &mut [WChar]) -> Result<usize, EncodeError> {
    let needed = units_len(text);
    if needed > out.len() {
        return Err(EncodeError::OutputTooSmall {
            needed,
            available: out.len(),
        });
    }
    Ok(fill(text, out))
}

/// Encodes `text` into exactly `N` units, for `const` and `static` items;
/// [`const_encode!`](crate::const_encode) works `N` out (which differs
/// between 16- and 32-bit targets for text beyond U+FFFF).
///
/// # Panics
/// If `text` does not take exactly `N` units; in a `const` item that is a
/// compile error that says which `N` is right.
#[track_caller]
#[must_use]
pub const fn encode_units_array<const N: usize>(text: &str) -> [WChar; N] {
    __const_array::<N>(text, false)
}

/// Defines the conversions between a `wchar_t` type and the `u32` of a
/// code unit: for [`WChar`], and in the tests for every type `WChar` is on
/// some target, so that each is tested on this machine.
macro_rules! unit_conversions {
    ($ty:ty, $value:ident, $unit:ident) => {
        /// The value of a unit: its 16 bits where the type has 16 (an
        /// `i16` unit of a surrogate is negative), else the `u32` of its
        /// bits (a negative `i32` is above U+10FFFF, which decoding
        /// rejects).
        #[allow(dead_code)]
        #[inline]
        const fn $value(unit: $ty) -> u32 {
            if <$ty>::BITS == 16 {
                unit as u16 as u32
            } else {
                unit as u32
            }
        }

        /// The unit of a code unit's value (below 2^16 where the type
        /// has 16 bits): the same bits.
        #[allow(dead_code)]
        #[inline]
        const fn $unit(value: u32) -> $ty {
            value as $ty
        }
    };
}

unit_conversions!(WChar, unit_value, unit_of);

/// Reads one scalar value from `units` at `i`.
#[inline]
const fn step(units: &[WChar], i: usize) -> Step {
    let unit = unit_value(units[i]);
    if !IS_UTF16 {
        return utf32::step_unit(unit, 1);
    }
    if scalar::is_high_surrogate(unit) {
        if i + 1 >= units.len() {
            return Step::Truncated;
        }
        let low = unit_value(units[i + 1]);
        if scalar::is_low_surrogate(low) {
            return Step::Char {
                cp: scalar::combine_surrogates(unit, low),
                len: 2,
            };
        }
        return Step::Malformed(1);
    }
    if scalar::is_low_surrogate(unit) {
        return Step::Malformed(1);
    }
    Step::Char { cp: unit, len: 1 }
}

/// The number of UTF-8 bytes `units` decodes to.
///
/// # Errors
/// A [`DecodeError`] with positions in units: an unpaired surrogate, a
/// value above U+10FFFF (or negative); on 16-bit targets a high surrogate
/// at the end is truncated input.
#[inline]
pub const fn decoded_units_len(units: &[WChar]) -> Result<usize, DecodeError> {
    let mut i = 0;
    let mut n: usize = 0;
    while i < units.len() {
        match step(units, i) {
            Step::Char { cp, len } => {
                n += scalar::utf8_len(cp);
                i += len;
            }
            s => return Err(engine::step_error(NATIVE, s, i).in_code_units()),
        }
    }
    Ok(n)
}

/// Checks that `units` is well-formed UTF-16 or UTF-32, by target.
///
/// # Errors
/// As [`decoded_units_len`].
#[inline]
pub const fn validate_units(units: &[WChar]) -> Result<(), DecodeError> {
    match decoded_units_len(units) {
        Ok(_) => Ok(()),
        Err(e) => Err(e),
    }
}

/// Decodes `wchar_t` units into `out` as UTF-8, returning the number of
/// bytes written.
///
/// # Errors
/// As [`decoded_units_len`], and
/// [`DecodeErrorKind::OutputTooSmall`](crate::DecodeErrorKind::OutputTooSmall)
/// if `out` is too short.
#[inline]
pub const fn decode_units_into(units: &[WChar], out: &mut [u8]) -> Result<usize, DecodeError> {
    let needed = match decoded_units_len(units) {
        Ok(n) => n,
        Err(e) => return Err(e),
    };
    if needed > out.len() {
        return Err(
            DecodeError::output_too_small(NATIVE, units.len(), needed, out.len()).in_code_units(),
        );
    }
    let mut i = 0;
    let mut at = 0;
    while i < units.len() {
        if let Step::Char { cp, len } = step(units, i) {
            at = scalar::write_utf8(out, at, cp);
            i += len;
        } else {
            break;
        }
    }
    Ok(at)
}

/// Encodes `text` into a new vector of `wchar_t` units.
#[cfg(feature = "alloc")]
#[must_use]
#[inline]
pub fn encode_units(text: &str) -> alloc::vec::Vec<WChar> {
    let mut out = alloc::vec![0; units_len(text)];
    let n = fill(text, &mut out);
    debug_assert_eq!(n, out.len());
    out
}

/// Decodes `wchar_t` units into a new string.
///
/// # Errors
/// As [`decoded_units_len`].
#[cfg(feature = "alloc")]
#[inline]
pub fn decode_units(units: &[WChar]) -> Result<alloc::string::String, DecodeError> {
    let mut out = alloc::vec![0u8; decoded_units_len(units)?];
    let n = decode_units_into(units, &mut out)?;
    out.truncate(n);
    // Valid UTF-8: written by `scalar::write_utf8` from scalar values.
    Ok(alloc::string::String::from_utf8(out).unwrap_or_default())
}

/// Decodes `wchar_t` units, one U+FFFD per ill-formed unit (and one for a
/// truncated end).
#[cfg(feature = "alloc")]
#[must_use]
#[inline]
pub fn decode_units_lossy(units: &[WChar]) -> alloc::string::String {
    crate::owned::lossy(units.len(), |i| step(units, i))
}

// Not public API: the hooks of `const_encode!`.
#[doc(hidden)]
pub type __Unit = WChar;

#[doc(hidden)]
#[track_caller]
#[must_use]
#[inline]
pub const fn __const_len(text: &str, nul: bool) -> usize {
    let n = if IS_UTF16 {
        reference::units_len(text)
    } else {
        reference::utf32_units_len(text)
    };
    if nul {
        engine::check_no_interior_nul(NATIVE, text);
        n + 1
    } else {
        n
    }
}

#[doc(hidden)]
#[track_caller]
#[must_use]
pub const fn __const_array<const N: usize>(text: &str, nul: bool) -> [WChar; N] {
    let needed = __const_len(text, nul);
    if needed != N {
        engine::wrong_length_panic(NATIVE, "wide::encode_units_array", N, needed, "units");
    }
    let mut out = [0; N];
    fill(text, &mut out);
    out
}

#[cfg(test)]
mod tests {
    unit_conversions!(i16, value_i16, unit_i16);
    unit_conversions!(u16, value_u16, unit_u16);
    unit_conversions!(i32, value_i32, unit_i32);
    unit_conversions!(u32, value_u32, unit_u32);

    /// Every UTF-16 code unit through the 16-bit types (`i16` on AVR and
    /// MSP430, `u16` on Windows), and every scalar value through the 32-bit
    /// ones, come back as they went; a negative `i32` reads as a value above
    /// U+10FFFF.
    #[test]
    fn units_keep_their_value_in_every_wchar_type() {
        for v in 0..=0xFFFF_u32 {
            assert_eq!(value_i16(unit_i16(v)), v);
            assert_eq!(value_u16(unit_u16(v)), v);
        }
        assert_eq!(unit_i16(0xD83D), -10179);
        for v in (0..=0x10_FFFF_u32).step_by(7).chain([0x10_FFFF]) {
            assert_eq!(value_i32(unit_i32(v)), v);
            assert_eq!(value_u32(unit_u32(v)), v);
        }
        assert!(value_i32(-1) > 0x10_FFFF);
    }
}
