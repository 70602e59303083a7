//! The codec's length arithmetic, in one place and free of the rest of the
//! crate, so that it can be tested near `usize::MAX` without allocating.
//!
//! The length passes add one character's length at a time. They cannot
//! overflow on 64-bit targets for the reasons below, but the argument rests
//! on facts about slices, so the sums go through [`add_len`], which
//! saturates: a length that does not fit in `usize` comes out as
//! `usize::MAX`, which no buffer has, so the caller reports
//! `OutputTooSmall` instead of wrapping to a small number and writing past a
//! buffer (a panic, under `forbid(unsafe_code)`).
//!
//! Why nothing overflows in practice, checked at compile time below:
//!
//! - a `str` or `[u8]` holds at most `isize::MAX` bytes, and no encoder
//!   but UTF-32 and ISO-2022-JP write more than twice the UTF-8 length
//!   ([`MAX_ENCODE_GROWTH`]), and `2 × isize::MAX < usize::MAX`;
//! - UTF-32 writes four bytes per ASCII byte ([`UTF32_GROWTH`]), and
//!   ISO-2022-JP up to four times the UTF-8 length
//!   ([`MAX_ENCODE_GROWTH_ISO_2022_JP`]: escape sequences around a lone
//!   two-byte character); `4 × isize::MAX` does overflow, so their lengths
//!   go through [`add_len`] and [`bound`], which saturate;
//! - a `[u16]` holds at most `isize::MAX / 2` units, and one unit is at most
//!   3 bytes of (modified) UTF-8, and `3 × isize::MAX / 2 < usize::MAX`;
//! - only Windows-1251 decoding grows by 3 per input byte
//!   ([`MAX_DECODE_GROWTH`]), and `3 × isize::MAX` does overflow: that sum
//!   must saturate (and does, through [`add_len`]).

/// The most bytes one UTF-8 byte of text becomes in any encoding but
/// UTF-32 and ISO-2022-JP: UTF-16 doubles ASCII, MUTF-8 writes U+0000 as
/// `C0 80`.
pub(crate) const MAX_ENCODE_GROWTH: usize = 2;

/// The bytes one UTF-8 byte of ASCII becomes in UTF-32.
pub(crate) const UTF32_GROWTH: usize = 4;

/// The most bytes one UTF-8 byte of text becomes in ISO-2022-JP: `α` (two
/// bytes) alone is `ESC $ B`, two bytes, `ESC ( B`.
pub(crate) const MAX_ENCODE_GROWTH_ISO_2022_JP: usize = 4;

/// The most UTF-8 bytes one input byte decodes to in any encoding:
/// Windows-1251 `0x88` is U+20AC, three bytes.
pub(crate) const MAX_DECODE_GROWTH: usize = 3;

/// The most bytes one UTF-16 code unit takes in (modified) UTF-8.
pub(crate) const MAX_BYTES_PER_UNIT: usize = 3;

/// The longest slice of `u8` (or `str`) there can be.
pub(crate) const MAX_BYTES: usize = isize::MAX as usize;

/// The longest slice of `u16` there can be.
pub(crate) const MAX_UNITS: usize = MAX_BYTES / 2;

/// `total + k`, or `usize::MAX` if that does not fit: the one addition of
/// every length pass.
#[inline]
#[must_use]
pub(crate) const fn add_len(total: usize, k: usize) -> usize {
    total.saturating_add(k)
}

/// `len × growth`, or `usize::MAX` if that does not fit: a worst-case
/// output bound for `len` input units that grow by at most `growth` each.
#[inline]
#[must_use]
pub(crate) const fn bound(len: usize, growth: usize) -> usize {
    len.saturating_mul(growth)
}

/// Whether a length pass over `len` input units, each adding at most
/// `growth`, can never reach the saturation of [`add_len`].
#[inline]
#[must_use]
pub(crate) const fn never_saturates(len: usize, growth: usize) -> bool {
    len.checked_mul(growth).is_some()
}

// The argument of the module docs, checked by the compiler.
const _: () = assert!(never_saturates(MAX_BYTES, MAX_ENCODE_GROWTH));
const _: () = assert!(bound(MAX_BYTES, MAX_ENCODE_GROWTH) < usize::MAX);
const _: () = assert!(never_saturates(MAX_UNITS, MAX_BYTES_PER_UNIT));
const _: () = assert!(!never_saturates(MAX_BYTES, MAX_DECODE_GROWTH));
const _: () = assert!(!never_saturates(MAX_BYTES, UTF32_GROWTH));
const _: () = assert!(!never_saturates(MAX_BYTES, MAX_ENCODE_GROWTH_ISO_2022_JP));

#[cfg(test)]
mod tests {
    use super::*;

    /// A length pass as the codec runs it, over `chars` characters of
    /// `k` bytes each, starting at `start` as if that much came before.
    const fn length_pass(start: usize, chars: usize, k: usize) -> usize {
        let mut n = start;
        let mut i = 0;
        while i < chars {
            n = add_len(n, k);
            i += 1;
        }
        n
    }

    #[test]
    fn add_len_saturates_near_usize_max() {
        assert_eq!(add_len(0, 0), 0);
        assert_eq!(add_len(usize::MAX - 3, 3), usize::MAX);
        assert_eq!(add_len(usize::MAX - 3, 4), usize::MAX);
        assert_eq!(add_len(usize::MAX, 1), usize::MAX);
        assert_eq!(add_len(usize::MAX, usize::MAX), usize::MAX);
        assert_eq!(add_len(usize::MAX - 10, 3), usize::MAX - 7);
    }

    #[test]
    fn a_length_pass_that_would_wrap_stops_at_usize_max() {
        // Three bytes per character from 10 below the top: exact until the
        // fourth character, then stuck at the top, never wrapped to 2.
        assert_eq!(length_pass(usize::MAX - 10, 3, 3), usize::MAX - 1);
        assert_eq!(length_pass(usize::MAX - 10, 4, 3), usize::MAX);
        assert_eq!(length_pass(usize::MAX - 10, 1000, 3), usize::MAX);
        // The worst case that can really happen, Windows-1251 tripling the
        // longest slice, reached in one step per third of the input.
        assert_eq!(
            length_pass(bound(MAX_BYTES / 3 * 2, 3), 1000, 3),
            usize::MAX
        );
    }

    #[test]
    fn bounds_of_the_longest_slices() {
        // Encoding: twice the longest `str` fits, one below `usize::MAX`.
        assert_eq!(bound(MAX_BYTES, MAX_ENCODE_GROWTH), usize::MAX - 1);
        assert!(never_saturates(MAX_BYTES, MAX_ENCODE_GROWTH));
        assert!(!never_saturates(MAX_BYTES + 1, MAX_ENCODE_GROWTH));
        // Code units: three bytes per unit of the longest `[u16]` fits.
        assert!(never_saturates(MAX_UNITS, MAX_BYTES_PER_UNIT));
        assert!(bound(MAX_UNITS, MAX_BYTES_PER_UNIT) < usize::MAX);
        // Decoding Windows-1251: three times the longest slice does not fit,
        // so its length pass must saturate.
        assert!(!never_saturates(MAX_BYTES, MAX_DECODE_GROWTH));
        assert_eq!(bound(MAX_BYTES, MAX_DECODE_GROWTH), usize::MAX);
        assert_eq!(bound(usize::MAX, 0), 0);
        assert_eq!(bound(usize::MAX, 1), usize::MAX);
        assert_eq!(bound(usize::MAX / 2 + 1, 2), usize::MAX);
        // UTF-32: four times the longest `str` does not fit, so its length
        // must saturate; a quarter of it still counts exactly.
        assert!(!never_saturates(MAX_BYTES, UTF32_GROWTH));
        assert_eq!(bound(MAX_BYTES, UTF32_GROWTH), usize::MAX);
        assert_eq!(bound(MAX_BYTES / 4, UTF32_GROWTH), MAX_BYTES - 3);
    }
}
