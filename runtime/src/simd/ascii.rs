//! How long the ASCII run at the start of a byte string is: the part that
//! every single-byte code page decodes to itself, and the part of a text
//! that every code page encodes as itself.
//!
//! 64 bytes a step (one OR and one `vpmovmskb` of two vectors); in the
//! block with a byte `80..=FF`, the position of the first from the masks of
//! its two halves. Of the last 32..=63 bytes, a 32-byte step and then the
//! last 32 bytes of the input, overlapping what is checked already (whose
//! bits are shifted out of the mask); below 32 bytes, 8-byte words.
//! Without AVX2, the portable scans' ASCII steps (128 bytes a step, then
//! the first byte that is not found a word at a time), then 8-byte words.

// The codec's short names (see `crate::engine`): `b` input bytes, `n` its
// length, `i` cursor, `m` mask, `x`, `y` vectors.
#![allow(clippy::many_single_char_names)]
// Elsewhere only the portable loop is used. (Without `alloc` the module's
// declaration allows `dead_code` already, and clippy rejects a second.)
#![cfg_attr(all(not(target_arch = "x86_64"), feature = "alloc"), allow(dead_code))]
#![cfg_attr(not(target_arch = "x86_64"), allow(unused_imports))]

/// The number of bytes at the start of `b` below `0x80`.
#[inline]
pub(crate) fn ascii_len(b: &[u8]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        if super::avx2() {
            // SAFETY: `avx2()` said that this CPU has every feature that
            // `ascii_len_avx2` enables.
            return unsafe { avx2::ascii_len_avx2(b) };
        }
    }
    #[cfg(target_arch = "aarch64")]
    if super::neon() {
        return super::neon::utf8::ascii_len(b);
    }
    // The portable scans' ASCII test, 128 bytes a step, and their search of
    // the block pair that is not all ASCII; the last bytes by words.
    let i = 128 * super::portable::scan::ascii_pairs::<false>(b);
    super::portable::scan::first_in_pair::<false>(b, i)
        .unwrap_or_else(|| super::portable::scan::ascii_len_words(b, i))
}

#[cfg(target_arch = "x86_64")]
use super::avx2::ascii as avx2;
#[cfg(test)]
mod tests {
    use super::ascii_len;
    use crate::simd::test_support::{assert_avx2, each_level};
    extern crate std;
    use std::vec::Vec;

    #[test]
    fn ascii_len_every_length_and_position() {
        assert_avx2();
        each_level(|_| every_length_and_position());
    }

    fn every_length_and_position() {
        for n in 0..300 {
            let mut b: Vec<u8> = (0..n).map(|k| (k % 128) as u8).collect();
            assert_eq!(ascii_len(&b), n);
            for at in 0..n {
                for high in [0x80, 0xC3, 0xFF] {
                    let keep = b[at];
                    b[at] = high;
                    assert_eq!(ascii_len(&b), at, "length {n}, byte {high:02X} at {at}");
                    // A second one later changes nothing.
                    if at + 1 < n {
                        let k2 = b[n - 1];
                        b[n - 1] = 0x90;
                        assert_eq!(ascii_len(&b), at);
                        b[n - 1] = k2;
                    }
                    b[at] = keep;
                }
            }
        }
    }
}
