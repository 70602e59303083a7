//! UTF-8 validation and the ASCII scan with NEON.
//!
//! # Validation
//!
//! The "lookup" algorithm of Keiser and Lemire, "Validating UTF-8 In Less
//! Than One Instruction Per Byte" (Software: Practice and Experience,
//! 2021), with the nibble tables that `simd::utf8` derives from the rules
//! of Unicode Table 3-7 ([`UTF8`]): every pair (previous byte, byte) of a
//! 16-byte register is classified by three lookups (`vqtbl1q_u8`) of the
//! high and low nibble of the previous byte and the high nibble of the
//! byte, whose AND has a bit set for each kind of error the pair is. The
//! previous bytes come from the register before, by `vextq_u8`, which also
//! gives the bytes two and three places back: where one of those is a 3-
//! or 4-byte lead, two continuation bytes in a row are required, and
//! elsewhere they are an error (the XOR with bit 7 of the classification).
//!
//! The input goes 64 bytes (four registers) a step. A step whose bytes are
//! all ASCII (one `vmaxvq_u8` of their OR) is skipped, after adding the
//! pending "incomplete" flags of the step before (a lead among the last
//! three bytes that asks for more bytes than followed it). Errors gather
//! in one register, tested once at the end. The last partial step is
//! copied into a zeroed 64-byte block: zero bytes are ASCII, so a
//! character cut by the end of the input is an error of that block.
//!
//! # ASCII
//!
//! [`ascii_len`]: 64 bytes a step while `vmaxvq_u8` of their OR is below
//! `0x80`; the first high byte of a register from the 64-bit mask that
//! `vshrn_n_u16` makes of its compare (four bits per byte).

// The codec's short names: `b` input, `n` its length, `i` cursor, `x`
// registers.
#![allow(clippy::many_single_char_names)]

use crate::simd::utf8::UTF8;
use core::arch::aarch64::{
    uint8x16_t, vandq_u8, vcgeq_u8, vdupq_n_u8, veorq_u8, vextq_u8, vget_lane_u64, vld1q_u8,
    vmaxvq_u8, vorrq_u8, vqsubq_u8, vqtbl1q_u8, vreinterpret_u64_u8, vreinterpretq_u16_u8,
    vshrn_n_u16, vshrq_n_u8,
};

/// An unaligned load of `b[i..i + 16]`; callers check `i + 16 <= b.len()`
/// first (a panic otherwise, never a stray read).
#[target_feature(enable = "neon")]
#[inline]
pub(crate) fn load(b: &[u8], i: usize) -> uint8x16_t {
    let chunk: &[u8; 16] = b[i..i + 16].try_into().unwrap_or(&[0; 16]);
    // SAFETY: `chunk` is 16 readable bytes; `vld1q_u8` needs no alignment.
    unsafe { vld1q_u8(chunk.as_ptr()) }
}

/// A 64-bit mask with the four bits of byte `k` set where byte `k` of `x`
/// is `0x80` or above (four bits per byte, byte 0 lowest).
#[target_feature(enable = "neon")]
#[inline]
pub(crate) fn high_nibbles(x: uint8x16_t) -> u64 {
    let m = vcgeq_u8(x, vdupq_n_u8(0x80));
    vget_lane_u64::<0>(vreinterpret_u64_u8(vshrn_n_u16::<4>(vreinterpretq_u16_u8(
        m,
    ))))
}

/// The tables and the state of a validation between registers.
struct Validator {
    /// [`UTF8`]'s three nibble tables.
    prev_hi: uint8x16_t,
    prev_lo: uint8x16_t,
    cur_hi: uint8x16_t,
    /// The 16 bytes before the next register (zero at the start).
    prev: uint8x16_t,
    /// Nonzero where `prev` ends inside a character.
    incomplete: uint8x16_t,
    /// Nonzero where an error was seen.
    error: uint8x16_t,
}

/// Per byte of a register, the largest value that does not start a
/// character longer than what is left of it (see `simd::utf8`).
const INCOMPLETE: [u8; 16] = [
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xEF, 0xDF, 0xBF,
];

impl Validator {
    /// A validator at the start of the input.
    #[target_feature(enable = "neon")]
    #[inline]
    fn new() -> Self {
        Self {
            prev_hi: load(&UTF8.prev_hi, 0),
            prev_lo: load(&UTF8.prev_lo, 0),
            cur_hi: load(&UTF8.cur_hi, 0),
            prev: vdupq_n_u8(0),
            incomplete: vdupq_n_u8(0),
            error: vdupq_n_u8(0),
        }
    }

    /// Classifies the pairs of `cur` and the bytes before it; remembers
    /// `cur` as the previous register.
    #[target_feature(enable = "neon")]
    #[inline]
    fn check(&mut self, cur: uint8x16_t) {
        let p1 = vextq_u8::<15>(self.prev, cur);
        let low = vdupq_n_u8(0x0F);
        let a = vqtbl1q_u8(self.prev_hi, vshrq_n_u8::<4>(p1));
        let b = vqtbl1q_u8(self.prev_lo, vandq_u8(p1, low));
        let c = vqtbl1q_u8(self.cur_hi, vshrq_n_u8::<4>(cur));
        let pairs = vandq_u8(vandq_u8(a, b), c);
        // Bit 7 set where the byte two back is `E0..` or three back `F0..`:
        // there a continuation must follow a continuation.
        let p2 = vextq_u8::<14>(self.prev, cur);
        let p3 = vextq_u8::<13>(self.prev, cur);
        let must = vorrq_u8(
            vqsubq_u8(p2, vdupq_n_u8(0xE0 - 0x80)),
            vqsubq_u8(p3, vdupq_n_u8(0xF0 - 0x80)),
        );
        let must = vandq_u8(must, vdupq_n_u8(0x80));
        self.error = vorrq_u8(self.error, veorq_u8(must, pairs));
        self.prev = cur;
    }

    /// Four registers, from `b[i..i + 64]` (which the caller checked).
    #[target_feature(enable = "neon")]
    #[inline]
    fn block(&mut self, b: &[u8], i: usize) {
        let x = [
            load(b, i),
            load(b, i + 16),
            load(b, i + 32),
            load(b, i + 48),
        ];
        let any = vorrq_u8(vorrq_u8(x[0], x[1]), vorrq_u8(x[2], x[3]));
        if vmaxvq_u8(any) < 0x80 {
            // ASCII ends every character: a pending one is an error.
            self.error = vorrq_u8(self.error, self.incomplete);
            self.incomplete = vdupq_n_u8(0);
            self.prev = x[3];
            return;
        }
        for v in x {
            self.check(v);
        }
        self.incomplete = vqsubq_u8(x[3], load(&INCOMPLETE, 0));
    }
}

/// Whether `b` is well-formed UTF-8 (`core::str::from_utf8(b).is_ok()`).
#[inline]
pub(crate) fn is_valid(b: &[u8]) -> bool {
    // SAFETY: NEON is part of the base aarch64 architecture: every target
    // of this module has it, the one feature `validate` enables.
    unsafe { validate(b) }
}

/// [`is_valid`], in a function that enables NEON, so that the value
/// intrinsics are safe to call and the helpers inline.
#[target_feature(enable = "neon")]
#[inline]
fn validate(b: &[u8]) -> bool {
    let n = b.len();
    let mut v = Validator::new();
    let mut i = 0;
    while i + 64 <= n {
        v.block(b, i);
        i += 64;
    }
    if i < n {
        let mut last = [0u8; 64];
        last[..n - i].copy_from_slice(&b[i..]);
        v.block(&last, 0);
    }
    let error = vorrq_u8(v.error, v.incomplete);
    vmaxvq_u8(error) == 0
}

/// The number of bytes at the start of `b` below `0x80`.
#[inline]
pub(crate) fn ascii_len(b: &[u8]) -> usize {
    // The masks of `high_nibbles` are in little-endian lane order.
    if cfg!(target_endian = "big") {
        return crate::simd::portable::scan::ascii_len_words(b, 0);
    }
    // SAFETY: as in `is_valid`: every aarch64 target has NEON.
    unsafe { ascii_scan(b) }
}

/// [`ascii_len`] with NEON enabled.
#[target_feature(enable = "neon")]
#[inline]
fn ascii_scan(b: &[u8]) -> usize {
    let n = b.len();
    let mut i = 0;
    while i + 64 <= n {
        let x = [
            load(b, i),
            load(b, i + 16),
            load(b, i + 32),
            load(b, i + 48),
        ];
        let any = vorrq_u8(vorrq_u8(x[0], x[1]), vorrq_u8(x[2], x[3]));
        if vmaxvq_u8(any) >= 0x80 {
            for (k, v) in x.into_iter().enumerate() {
                let m = high_nibbles(v);
                if m != 0 {
                    return i + 16 * k + (m.trailing_zeros() / 4) as usize;
                }
            }
        }
        i += 64;
    }
    while i + 16 <= n {
        let m = high_nibbles(load(b, i));
        if m != 0 {
            return i + (m.trailing_zeros() / 4) as usize;
        }
        i += 16;
    }
    if i < n && n >= 16 {
        // The last 16 bytes, of which those before `i` are ASCII already.
        let j = n - 16;
        let m = high_nibbles(load(b, j)) >> (4 * (i - j));
        return i + ((m.trailing_zeros() / 4) as usize).min(n - i);
    }
    while i < n && b[i] < 0x80 {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::{ascii_len, is_valid};
    use crate::simd::test_support::{Rng, cases, sample};
    extern crate std;
    use std::vec::Vec;

    fn check(b: &[u8]) {
        assert_eq!(
            is_valid(b),
            core::str::from_utf8(b).is_ok(),
            "input {b:02X?} (len {})",
            b.len()
        );
    }

    /// `seq` after 0..64 bytes of ASCII, of 2-byte or of 3-byte characters,
    /// followed by a few lengths of ASCII, and cut at every byte.
    fn at_offsets(seq: &[u8], buf: &mut Vec<u8>) {
        for filler in ["a", "ж", "世"] {
            let f = filler.as_bytes();
            for before in sample(0..80, 49) {
                let head = |buf: &mut Vec<u8>| {
                    buf.clear();
                    buf.extend(core::iter::repeat_n(b'a', before % f.len()));
                    for _ in 0..before / f.len() {
                        buf.extend_from_slice(f);
                    }
                };
                for after in [0, 1, 2, 3, 17, 64] {
                    head(buf);
                    buf.extend_from_slice(seq);
                    buf.extend(core::iter::repeat_n(b'z', after));
                    check(buf);
                }
                for cut in 1..seq.len() {
                    head(buf);
                    buf.extend_from_slice(&seq[..cut]);
                    check(buf);
                }
            }
        }
    }

    /// Every byte and every pair of bytes: every truncation, stray
    /// continuation, overlong lead and banned byte.
    #[test]
    fn neon_utf8_every_one_and_two_byte_sequence() {
        let mut buf = Vec::new();
        for a in 0..=255u8 {
            at_offsets(&[a], &mut buf);
            for c in sample(0..=255u8, 100) {
                at_offsets(&[a, c], &mut buf);
            }
        }
    }

    /// Every second byte after each lead that restricts it (overlongs,
    /// surrogates `ED A0..=BF`, above U+10FFFF), with every third byte class
    /// and a fourth.
    #[test]
    fn neon_utf8_three_and_four_byte_sequences() {
        let mut buf = Vec::new();
        let leads = [
            0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF8,
        ];
        for lead in leads {
            for second in sample(0x70..=0xC5u8, 16) {
                for third in [0x41, 0x80, 0x9F, 0xA0, 0xBF, 0xC3] {
                    at_offsets(&[lead, second, third], &mut buf);
                    for fourth in [0x20, 0x80, 0xBF, 0xC0] {
                        at_offsets(&[lead, second, third, fourth], &mut buf);
                    }
                }
            }
        }
    }

    /// Every valid character kind at every offset, alone and in runs
    /// across blocks, whole and cut.
    #[test]
    fn neon_utf8_valid_runs() {
        let mut buf = Vec::new();
        for c in [
            'a',
            'ß',
            'ж',
            'ࠀ',
            '世',
            '\u{FFFF}',
            '😀',
            '\u{10000}',
            '\u{10FFFF}',
        ] {
            let mut s = [0u8; 4];
            let seq = c.encode_utf8(&mut s).as_bytes();
            at_offsets(seq, &mut buf);
            let run: Vec<u8> = seq.iter().copied().cycle().take(seq.len() * 70).collect();
            at_offsets(&run, &mut buf);
        }
    }

    /// Random text of mixed characters at fixed seeds, then each with one
    /// byte replaced by a random one.
    #[test]
    fn neon_utf8_random_text_and_corruptions() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let chars = ['a', ' ', 'é', 'ж', '世', '😀', '\u{10FFFF}', 'ऄ'];
        for _ in 0..cases(3000, 50) {
            let len = rng.index(300);
            let mut s = std::string::String::new();
            while s.len() < len {
                s.push(chars[rng.index(chars.len())]);
            }
            let mut b = s.into_bytes();
            check(&b);
            if !b.is_empty() {
                let at = rng.index(b.len());
                b[at] = u8::try_from(rng.below(256)).unwrap_or(0);
                check(&b);
            }
        }
    }

    #[test]
    fn neon_ascii_len_every_length_and_position() {
        for n in 0..300 {
            let mut b: Vec<u8> = (0..n).map(|k| (k % 128) as u8).collect();
            assert_eq!(ascii_len(&b), n);
            for at in 0..n {
                for high in [0x80, 0xC3, 0xFF] {
                    let keep = b[at];
                    b[at] = high;
                    assert_eq!(ascii_len(&b), at, "length {n}, byte {high:02X} at {at}");
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
