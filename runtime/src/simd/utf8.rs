//! UTF-8 validation with AVX2: the "lookup" algorithm of Keiser and Lemire,
//! "Validating UTF-8 In Less Than One Instruction Per Byte" (Software:
//! Practice and Experience, 2021), written afresh for this crate, with
//! tables that a `const fn` derives from the rules below.
//!
//! # The idea
//!
//! Every error of UTF-8 shows in a window of at most four consecutive
//! bytes, and nearly all of them in a window of two: a lead byte followed
//! by something that is not a continuation byte, a continuation byte that
//! follows an ASCII byte, an overlong or surrogate or too-large second
//! byte. So the validator looks at every pair `(previous byte, byte)` of
//! the input at once, 32 pairs per vector: the vector of bytes and the same
//! vector shifted by one byte (with the last byte of the previous vector
//! shifted in). A pair is classified by three nibbles, the high and low
//! nibble of the previous byte and the high nibble of the byte, each looked
//! up in a 16-entry table with one `vpshufb`. Each bit of a table entry
//! stands for one kind of error; a table's entry for a nibble has the bit
//! set when that nibble is allowed in that position of a pair of that
//! kind. The AND of the three lookups has a bit set exactly when the pair
//! is of that kind, as long as each kind is a product of three nibble sets
//! (which [`RULES`] are, by construction).
//!
//! One kind is not an error by itself: two continuation bytes in a row
//! (bit 7). That is right exactly where the byte is the third byte of a
//! 3- or 4-byte sequence or the fourth of a 4-byte one, which the byte two
//! places back (`>= 0xE0`) or three places back (`>= 0xF0`) says. Those two
//! tests, saturating subtractions that leave bit 7 set exactly when they
//! hold, give a vector with bit 7 where a continuation *must* follow a
//! continuation; its XOR with the classified pairs is zero where the input
//! is right. The last bytes of a vector may begin a sequence that the next
//! vector completes; a vector that says which of its last three bytes need
//! more bytes than the vector has (`incomplete`) is kept, and added (OR)
//! to the errors where the next block is ASCII or the input ends.
//!
//! Errors are gathered (OR) in one vector and tested once, at the end:
//! well-formed input, the common case, never pays for an early exit.
//!
//! # Blocks
//!
//! [`is_valid_avx2`](crate::simd::avx2::utf8::is_valid_avx2) reads 64 bytes at a time. A block of 64 ASCII bytes (one
//! OR, one `vpmovmskb`) is skipped: it can only complete an error, never
//! start one, so it costs one OR of the pending `incomplete` vector. Any
//! other block goes through the classification, two vectors. The last
//! partial block is copied into a zeroed 64-byte buffer and goes through the
//! same code: zero bytes are ASCII, so a sequence cut by the end of the
//! input is an error of the block itself.
//!
//! [`Validator`](crate::simd::avx2::utf8::Validator) is the state between blocks; `simd::cesu` drives one over
//! CESU-8 and modified UTF-8 with its own tables ([`CESU8`], [`MUTF8`]).

// The codec's short names (see `crate::engine`): `b` input bytes, `n` its
// length, `i` input cursor, `at` output cursor, `p` block, `v` a vector.
#![allow(clippy::many_single_char_names)]
// Elsewhere only the portable fallbacks are used.
#![cfg_attr(not(target_arch = "x86_64"), allow(dead_code, unused_imports))]

/// Whether a byte is a continuation byte (`80..=BF`).
#[inline]
pub(crate) const fn is_cont(b: u8) -> bool {
    b & 0xC0 == 0x80
}

/// `p`, or, if valid UTF-8 `b[..p]` ends inside a character (which the
/// bytes after `p` may or may not complete), the start of that character.
#[cfg_attr(
    not(feature = "alloc"),
    allow(dead_code, reason = "used by `encode_cow` and `decode_cow` only")
)]
#[inline]
pub(crate) fn char_start_before(b: &[u8], p: usize) -> usize {
    let mut j = p;
    while j > 0 && p - j < 3 && is_cont(b[j - 1]) {
        j -= 1;
    }
    if j > 0 && b[j - 1] >= 0xC0 {
        let lead = j - 1;
        let len = match b[lead] {
            0xF0.. => 4,
            0xE0.. => 3,
            _ => 2,
        };
        if lead + len > p {
            return lead;
        }
    }
    p
}

/// Bit `k` set where byte `k` of a run of 3-byte characters that starts at
/// byte 0 is a continuation byte (`k % 3 != 0`).
#[cfg(target_arch = "x86_64")]
pub(crate) const CONT3: u64 = {
    let mut m = 0u64;
    let mut k = 0;
    while k < 64 {
        if k % 3 != 0 {
            m |= 1 << k;
        }
        k += 1;
    }
    m
};

/// The phase `d` of a 3-byte run (byte `i` is byte `d` of its character)
/// from the continuation bits of bytes `i` and `i + 1`, two bits per
/// value of those bits: `0b10` gives 0, `0b11` gives 1, `0b01` gives 2
/// (`0b00` matches no phase; it gives 0, whose pattern it fails).
#[cfg(target_arch = "x86_64")]
pub(crate) const PHASE: u32 = 0b01_00_10_00;

// The kinds of pair, one bit each. Bit 7 must be `TWO_CONTS`: it meets the
// bit 7 of the "third or fourth byte" test.

/// A lead byte followed by ASCII or by another lead.
const TOO_SHORT: u8 = 1 << 0;
/// ASCII followed by a continuation byte.
const TOO_LONG: u8 = 1 << 1;
/// `C0` or `C1` (in modified UTF-8 only `C1`) and a continuation byte.
const OVERLONG_2: u8 = 1 << 2;
/// `E0 80..=9F`.
const OVERLONG_3: u8 = 1 << 3;
/// `ED A0..=BF`, an encoded surrogate (allowed in CESU-8).
const SURROGATE: u8 = 1 << 4;
/// `F4..=FF` and `90..=BF`: above U+10FFFF. In CESU-8: any `F0..=FF` lead.
const TOO_LARGE: u8 = 1 << 5;
/// `F0 80..=8F` (overlong) and `F5..=FF 80..=8F` (too large).
const OVERLONG_4: u8 = 1 << 6;
/// Two continuation bytes: an error unless a 3- or 4-byte lead is two or
/// three bytes back.
const TWO_CONTS: u8 = 1 << 7;

/// Sets of nibbles, bit `n` for nibble `n`.
const ASCII: u16 = 0x00FF;
const CONT: u16 = 0x0F00;
const LEAD: u16 = 0xF000;
const ANY: u16 = 0xFFFF;
#[inline]
const fn nib(n: u32) -> u16 {
    1 << n
}

/// One kind of pair: those whose previous byte has its high nibble in
/// `prev_hi` and its low nibble in `prev_lo`, and whose byte has its high
/// nibble in `cur_hi`.
#[derive(Clone, Copy)]
struct Rule {
    bit: u8,
    prev_hi: u16,
    prev_lo: u16,
    cur_hi: u16,
}

/// The pairs that UTF-8 (Unicode Table 3-7) forbids, or allows only as the
/// inside of a longer sequence (`TWO_CONTS`).
const RULES: [Rule; 8] = [
    Rule {
        bit: TOO_SHORT,
        prev_hi: LEAD,
        prev_lo: ANY,
        cur_hi: ASCII | LEAD,
    },
    Rule {
        bit: TOO_LONG,
        prev_hi: ASCII,
        prev_lo: ANY,
        cur_hi: CONT,
    },
    Rule {
        bit: OVERLONG_2,
        prev_hi: nib(0xC),
        prev_lo: nib(0) | nib(1),
        cur_hi: CONT,
    },
    Rule {
        bit: OVERLONG_3,
        prev_hi: nib(0xE),
        prev_lo: nib(0),
        cur_hi: nib(8) | nib(9),
    },
    Rule {
        bit: SURROGATE,
        prev_hi: nib(0xE),
        prev_lo: nib(0xD),
        cur_hi: nib(0xA) | nib(0xB),
    },
    Rule {
        bit: TOO_LARGE,
        prev_hi: nib(0xF),
        // F4..=FF
        prev_lo: 0xFFF0,
        cur_hi: nib(9) | nib(0xA) | nib(0xB),
    },
    Rule {
        bit: OVERLONG_4,
        prev_hi: nib(0xF),
        // F0 and F5..=FF
        prev_lo: 0xFFE1,
        cur_hi: nib(8),
    },
    Rule {
        bit: TWO_CONTS,
        prev_hi: CONT,
        prev_lo: ANY,
        cur_hi: CONT,
    },
];

/// In CESU-8 and modified UTF-8, where `SURROGATE` is no error, its bit
/// marks the pairs `ED A0..=BF` instead: the second byte of every encoded
/// surrogate, which `simd::cesu` decodes apart.
pub(crate) const MARK_SURROGATE: u8 = SURROGATE;
/// In modified UTF-8, where 4-byte sequences do not exist, `OVERLONG_4`'s
/// bit marks the pairs `C0 80..=BF` instead (of which `C0 80` is U+0000).
pub(crate) const MARK_C0: u8 = OVERLONG_4;

/// `C0` followed by a continuation byte.
const C0_PAIR: Rule = Rule {
    bit: MARK_C0,
    prev_hi: nib(0xC),
    prev_lo: nib(0),
    cur_hi: CONT,
};

/// The three nibble tables of one flavour of UTF-8, and which of their bits
/// are marks rather than errors.
pub(crate) struct Tables {
    pub(crate) prev_hi: [u8; 16],
    pub(crate) prev_lo: [u8; 16],
    pub(crate) cur_hi: [u8; 16],
    pub(crate) marks: u8,
}

/// Which flavour: `surrogates` turns `ED A0..=BF` from an error into a
/// mark and forbids every `F0..=FF` lead (CESU-8, modified UTF-8); `c0`
/// turns `C0 80..=BF` from an error into a mark (modified UTF-8; the caller
/// checks the `80`).
#[inline]
const fn tables(surrogates: bool, c0: bool) -> Tables {
    // The mark of `C0` takes the bit of the 4-byte overlong.
    assert!(!c0 || surrogates);
    let mut t = Tables {
        prev_hi: [0; 16],
        prev_lo: [0; 16],
        cur_hi: [0; 16],
        marks: 0,
    };
    let mut r = 0;
    while r < RULES.len() {
        let mut rule = RULES[r];
        r += 1;
        if surrogates {
            match rule.bit {
                SURROGATE => t.marks |= MARK_SURROGATE,
                OVERLONG_4 => continue,
                TOO_LARGE => {
                    rule.prev_lo = ANY;
                    rule.cur_hi = ANY;
                }
                _ => {}
            }
        }
        if c0 && rule.bit == OVERLONG_2 {
            rule.prev_lo = nib(1);
        }
        add_rule(&mut t, rule);
    }
    if c0 {
        add_rule(&mut t, C0_PAIR);
        t.marks |= MARK_C0;
    }
    t
}

/// Sets the bit of `rule` in the table entries of its nibbles.
#[inline]
const fn add_rule(t: &mut Tables, rule: Rule) {
    let mut n = 0;
    while n < 16 {
        if rule.prev_hi & nib(n) != 0 {
            t.prev_hi[n as usize] |= rule.bit;
        }
        if rule.prev_lo & nib(n) != 0 {
            t.prev_lo[n as usize] |= rule.bit;
        }
        if rule.cur_hi & nib(n) != 0 {
            t.cur_hi[n as usize] |= rule.bit;
        }
        n += 1;
    }
}

/// UTF-8.
pub(crate) const UTF8: Tables = tables(false, false);
/// CESU-8: encoded surrogates are 3-byte sequences like any other (and
/// marked), and 4-byte sequences do not exist.
pub(crate) const CESU8: Tables = tables(true, false);
/// Modified UTF-8: as CESU-8, and `C0` may lead a 2-byte sequence (marked).
pub(crate) const MUTF8: Tables = tables(true, true);

/// Per byte of a vector, the largest value that does not start a sequence
/// longer than what is left of the vector: anything in the first 29 bytes,
/// below `F0` three from the end, below `E0` two from the end, below `C0` at
/// the end. A saturating subtraction of this leaves a nonzero byte exactly
/// where a sequence is cut by the end of the vector.
pub(crate) const INCOMPLETE: [u8; 32] = {
    let mut t = [0xFF; 32];
    t[29] = 0xEF;
    t[30] = 0xDF;
    t[31] = 0xBF;
    t
};

#[cfg(test)]
mod tests {
    use crate::simd::test_support::{Rng, assert_avx2, cases, each_level, sample};
    extern crate std;
    use crate::simd::Level;
    use crate::simd::utf8_is_valid as is_valid;
    use std::vec::Vec;

    fn check(b: &[u8]) {
        assert_eq!(
            is_valid(b),
            core::str::from_utf8(b).is_ok(),
            "input {b:02X?} (len {})",
            b.len()
        );
    }

    /// Runs `f` with each SIMD kernel (AVX2, AVX-512) this CPU has; the
    /// portable validator has tests of its own in `simd::portable`, on the
    /// inputs that reach each of its paths (these took a third more time
    /// with it).
    fn each_kernel(mut f: impl FnMut()) {
        assert_avx2();
        each_level(|l| {
            if l != Level::Portable {
                f();
            }
        });
    }

    /// `seq` at every offset 0..64 of a block (0..200 after ASCII, past
    /// the 128-byte ASCII steps), after ASCII or after 2- or 3-byte
    /// characters (so that the blocks before it are checked too), followed
    /// by a few lengths of ASCII, and cut at every byte.
    fn check_at_offsets(seq: &[u8], pre: &mut Vec<u8>) {
        for filler in sample(["a", "ж", "世"], 2) {
            let f = filler.as_bytes();
            let offsets = if f.len() == 1 { 200 } else { 64 };
            for before in sample(0..offsets, 33) {
                let head = |pre: &mut Vec<u8>| {
                    pre.clear();
                    pre.extend(core::iter::repeat_n(b'a', before % f.len()));
                    for _ in 0..before / f.len() {
                        pre.extend_from_slice(f);
                    }
                };
                for after in sample([0, 1, 2, 3, 31, 64], 4) {
                    head(pre);
                    pre.extend_from_slice(seq);
                    pre.extend(core::iter::repeat_n(b'z', after));
                    check(pre);
                }
                for cut in sample(1..seq.len(), 2) {
                    head(pre);
                    pre.extend_from_slice(&seq[..cut]);
                    check(pre);
                }
            }
        }
    }

    #[test]
    fn utf8_every_one_and_two_byte_input_at_every_offset() {
        each_kernel(|| {
            let mut buf = Vec::new();
            for a in sample(0..=255u8, 85) {
                check_at_offsets(&[a], &mut buf);
            }
            // All 65,536 pairs at every offset of a block, at the end of the
            // input and followed by an ASCII byte.
            for a in sample(0..=255u8, 85) {
                for b in sample(0..=255u8, 85) {
                    for before in sample(0..64, 63) {
                        buf.clear();
                        buf.extend(core::iter::repeat_n(b' ', before));
                        buf.extend_from_slice(&[a, b]);
                        check(&buf);
                        buf.push(b'.');
                        check(&buf);
                    }
                }
            }
            // Pairs that start with a lead byte: every offset.
            for a in sample(0xC0..=0xFFu8, 16) {
                for b in (0..=255u8)
                    .step_by(7)
                    .chain([0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0])
                {
                    check_at_offsets(&[a, b], &mut buf);
                }
            }
        });
    }

    #[test]
    fn utf8_three_byte_inputs() {
        each_kernel(|| {
            let mut buf = Vec::new();
            // Every lead E0..=F4 (and a few others) with every second byte in
            // 80..=BF and every third byte, at every offset of a block; at the
            // end of the input, and followed by a continuation or ASCII byte.
            for a in sample((0xE0..=0xF5u8).chain([0xC2, 0xDF, 0xF8, 0xFF]), 7) {
                for b in sample(0x80..=0xBFu8, 32) {
                    for c in sample(0..=255u8, 64) {
                        for before in sample(0..64, 63) {
                            buf.clear();
                            buf.extend(core::iter::repeat_n(b'x', before));
                            buf.extend_from_slice(&[a, b, c]);
                            check(&buf);
                            if c >= 0x80 {
                                buf.push(0x80);
                                check(&buf);
                                buf.pop();
                                buf.push(b'!');
                                check(&buf);
                            }
                        }
                    }
                }
            }
        });
    }

    #[test]
    fn utf8_every_valid_character_kind_at_every_offset() {
        each_kernel(|| {
            let mut buf = Vec::new();
            let samples: &[&str] = &[
                "a",
                "\u{80}",
                "\u{7FF}",
                "ж",
                "\u{800}",
                "\u{FFF}",
                "\u{D7FF}",
                "\u{E000}",
                "\u{FFFD}",
                "\u{FFFF}",
                "世",
                "\u{10000}",
                "\u{3FFFF}",
                "\u{40000}",
                "😀",
                "\u{FFFFF}",
                "\u{100000}",
                "\u{10FFFF}",
            ];
            for s in sample(samples, 6) {
                check_at_offsets(s.as_bytes(), &mut buf);
                // Invalid neighbours.
                for bad in [
                    &[0x80u8][..],
                    &[0xC0, 0x80],
                    &[0xED, 0xA0, 0x80],
                    &[0xF4, 0x90, 0x80, 0x80],
                ] {
                    let mut seq = s.as_bytes().to_vec();
                    seq.extend_from_slice(bad);
                    check_at_offsets(&seq, &mut buf);
                    let mut seq = bad.to_vec();
                    seq.extend_from_slice(s.as_bytes());
                    check_at_offsets(&seq, &mut buf);
                }
            }
        });
    }

    #[test]
    fn utf8_random_text_and_corruptions() {
        each_kernel(|| {
            let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
            let pool: Vec<char> =
                "az .,\n\u{0}\u{7F}ßжЯ€世界\u{FFFD}\u{FFFF}\u{D7FF}\u{E000}😀🎉\u{10FFFF}\u{10000}"
                    .chars()
                    .collect();
            for _ in 0..cases(100_000, 20) {
                let len = rng.below(300) as usize;
                let mut s = std::string::String::new();
                // Runs of one character kind, as real text has.
                while s.len() < len {
                    let c = pool[rng.below(pool.len() as u64) as usize];
                    for _ in 0..=rng.below(8) {
                        s.push(c);
                    }
                }
                let mut b = s.into_bytes();
                check(&b);
                for _ in 0..4 {
                    if b.is_empty() {
                        break;
                    }
                    let mut c = b.clone();
                    let at = rng.below(c.len() as u64) as usize;
                    match rng.below(4) {
                        0 => c[at] = rng.next() as u8,
                        1 => c[at] ^= 1 << rng.below(8),
                        2 => {
                            c.truncate(at);
                        }
                        _ => {
                            c.remove(at);
                        }
                    }
                    check(&c);
                }
                b.clear();
            }
        });
    }
}
