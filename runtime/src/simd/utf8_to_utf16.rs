//! UTF-8 to native UTF-16 units, and the count of those units, with AVX2.
//!
//! # Encoding: one unit per byte position, then compaction
//!
//! The input is a `&str`, so it is valid UTF-8 and nothing is checked. The
//! vector loop does not decode characters; it computes, for every byte
//! position `j` of a 32-byte block, the UTF-16 unit that a character
//! *ending* at `j` would give, from the bytes `j`, `j - 1` and `j - 2`, and
//! then keeps the units of the positions where a character does end. One
//! formula covers the 1-, 2- and 3-byte characters, in 8-bit lanes, which
//! is what makes the loop branch-free on text that mixes scripts:
//!
//! - the low byte of the unit is byte `j` itself if it is ASCII, else the
//!   six payload bits of `j` under the two low bits of `j - 1`;
//! - the high byte is 0 for ASCII, else bits 2..=5 of `j - 1` (for a 2-byte
//!   lead `110xxxxx` bit 5 is 0, so one mask `0x0F` serves the lead and the
//!   continuation byte alike) under the low nibble of `j - 2` when `j - 1`
//!   is a continuation byte (then `j - 2` is a 3-byte lead).
//!
//! Interleaving the low and the high bytes gives 32 candidate units. A
//! character ends at `j` exactly when byte `j + 1` is not a continuation
//! byte, so one compare of the block loaded one byte further gives the
//! 32-bit mask of units to keep. Characters are not kept whole within a
//! block: a character that starts in one block and ends in the next is
//! emitted by the next, whose loads at `j - 1` and `j - 2` reach back into
//! the previous one. So a block never has to look for its last character
//! boundary, and the loop advances by exactly 32 bytes.
//!
//! **4-byte characters** give two units, a high and a low surrogate. The
//! high one is emitted at the third byte of the sequence and the low one at
//! the fourth, where the formula above has already computed, for the third
//! byte, `(lead & 7) << 12 | (byte2 & 0x3F) << 6 | (byte3 & 0x3F)`, whose
//! top 12 bits shifted down are `cp >> 10`, so the high surrogate is that
//! plus `0xD800 - 0x40`; and, for the fourth byte, a value whose low ten
//! bits are `cp & 0x3FF`, so the low surrogate is those bits under
//! `0xDC00`. The positions are known from the 4-byte leads two and three
//! bytes back; both fix-ups run only in blocks that have such leads.
//!
//! **Compaction.** AVX2 has no compress instruction, so the 32 candidates
//! are packed in four groups of eight 16-bit lanes, each by one byte
//! shuffle (`vpshufb`) whose control is looked up in [`COMPACT`](crate::simd::avx2::utf8_to_utf16::COMPACT) by the
//! group's 8-bit keep mask, and stored whole (16 bytes); the cursor then
//! advances by the popcount of the mask, so the next store overwrites the
//! lanes that were not kept. The idea of computing per-position candidates
//! and compacting them through a shuffle table indexed by a mask of
//! character ends is that of Lemire and Keiser, *Transcoding billions of
//! Unicode characters per second with SIMD instructions* (2022), which
//! looks up 12-bit end masks over 12-byte windows; this kernel uses
//! fixed 32-byte blocks and the end-of-character positions instead.
//!
//! **ASCII** blocks (no high bit in 32 bytes) are widened by two
//! `vpmovzxbw` and stored, then 64 bytes a step while ASCII lasts: the
//! common case of English text, where the speed is that of the stores.
//!
//! **Runs of 3-byte characters** (Chinese, Japanese) go faster than one
//! unit per three candidates: a block whose continuation bytes follow the
//! pattern `0, 1, 1` hands over to [`run3`](crate::simd::avx2::utf8_to_utf16::run3), which converts 16 characters
//! (48 bytes) a step by fixed shuffles, with no table, while the next 49
//! bytes keep that pattern.
//!
//! **The edges.** The hot loop needs three bytes before the block and one
//! after it, and room for 32 units. The first block takes zeros for the
//! bytes before the text (a zero byte is ASCII: it continues no character),
//! shifted in with `vpalignr`. The last, with fewer than 33 bytes left, is
//! the block of the text's last 32 bytes, loaded in bounds, with the
//! positions already done masked out and the end of the text ending the
//! last character. A block that meets the end of the output writes to a
//! buffer whose units are copied out if they fit. Only texts of fewer
//! than 35 bytes copy their bytes into a zero-padded buffer first. So no
//! character is ever converted by a second, scalar, path, and a text of
//! any length takes the vector code.
//!
//! # Counting
//!
//! A UTF-16 unit starts at every byte that is not a continuation byte, and
//! a second one at every 4-byte lead. Two compares per 32 bytes give
//! both as `-1` lanes, which are subtracted from a byte-lane accumulator,
//! summed with `vpsadbw` before a lane can overflow.

/// Encodes `text` into native units; `None` if `dst` is too short.
#[inline]
pub(crate) fn encode_units(text: &str, dst: &mut [u16]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if crate::simd::avx512() {
        // SAFETY: `avx512()` said that the CPU has every feature the kernel
        // enables.
        return unsafe { crate::simd::avx512::utf8_to_utf16::encode_units(text, dst) };
    }
    #[cfg(target_arch = "x86_64")]
    if crate::simd::avx2() {
        // SAFETY: `avx2()` said that the CPU has every feature the kernel
        // enables.
        return unsafe { avx2::encode_avx2(text, dst) };
    }
    crate::simd::portable::utf16::encode_units(text, dst)
}

/// The number of UTF-16 units of `text`.
#[inline]
pub(crate) fn units_len(text: &str) -> usize {
    #[cfg(target_arch = "x86_64")]
    if crate::simd::avx2() {
        // SAFETY: `avx2()` said that the CPU has every feature the kernel
        // enables, its only precondition.
        return unsafe { avx2::units_len_avx2(text.as_bytes()) };
    }
    crate::simd::portable::utf16::units_len(text.as_bytes())
}

#[cfg(target_arch = "x86_64")]
use super::avx2::utf8_to_utf16 as avx2;
#[cfg(test)]
mod tests {
    use super::{encode_units, units_len};
    use crate::simd::Level;
    use crate::simd::test_support::{MIRI, Rng, assert_avx2, cases, each_level, ends, sample};
    use std::string::String;
    use std::vec::Vec;

    /// Runs `f` with each vector kernel this CPU has (AVX2, AVX-512; the
    /// portable code is the `const fn` the tests compare with). The vector
    /// code must be what runs on a machine that has it.
    fn each_kernel(mut f: impl FnMut()) {
        assert_avx2();
        each_level(|l| {
            if l != Level::Portable {
                f();
            }
        });
    }

    /// A sentinel that no test text encodes to in a run of 40.
    const GUARD: u16 = 0xA5A5;

    /// Compares the kernel with the `const fn` and std on `text` with
    /// output buffers of the lengths `lens` (all from 0 to exact + 40 when
    /// `None`), checking that nothing past the buffer is written. The text
    /// is followed in memory by continuation bytes, so a kernel that read
    /// past it would see them.
    fn check(text: &str, lens: Option<&[usize]>) {
        let mut backing = Vec::with_capacity(text.len() + 64);
        backing.extend_from_slice(text.as_bytes());
        backing.extend_from_slice(&[0x80; 64]);
        let text = core::str::from_utf8(&backing[..text.len()]).unwrap();

        let want: Vec<u16> = text.encode_utf16().collect();
        assert_eq!(units_len(text), want.len(), "units_len of {text:?}");
        assert_eq!(crate::engine::utf16::units_len(text), want.len());
        let all: Vec<usize> = (0..=want.len() + 40).collect();
        let lens = lens.unwrap_or(&all);
        for &cap in ends(lens) {
            let mut slow = std::vec![0u16; cap];
            let reference = crate::engine::utf16::encode_units_into(text, &mut slow);
            let mut buf = std::vec![GUARD; cap + 40];
            let got = encode_units(text, &mut buf[..cap]);
            if let Ok(n) = reference {
                assert_eq!(got, Some(n), "cap {cap} text {text:?}");
                assert_eq!(&buf[..n], &want[..], "cap {cap} text {text:?}");
                assert_eq!(&slow[..n], &want[..]);
            } else {
                assert!(cap < want.len());
                assert_eq!(got, None, "cap {cap} text {text:?}");
            }
            assert!(
                buf[cap..].iter().all(|&u| u == GUARD),
                "wrote past {cap} for {text:?}"
            );
        }
    }

    /// Characters at the edges of each UTF-8 length and surrogate range.
    const CHARS: &[char] = &[
        '\0',
        'a',
        '\x7F',
        '\u{80}',
        '\u{FF}',
        '\u{100}',
        'я',
        '\u{7FF}',
        '\u{800}',
        '世',
        '\u{D7FF}',
        '\u{E000}',
        '\u{FEFF}',
        '\u{FFFF}',
        '\u{10000}',
        '😀',
        '\u{1F9FF}',
        '\u{10FFFF}',
    ];

    #[test]
    fn every_char_class_at_every_offset() {
        each_kernel(|| {
            for &c in sample(CHARS, 5) {
                for pad in (0..64).chain([100, 127, 128, 129, 191, 192, 193]) {
                    for after in sample([0, 1, 2, 3, 5, 15, 29, 30, 31, 32, 33, 34, 40, 64], 7) {
                        let mut s = "x".repeat(pad);
                        s.push(c);
                        s.push_str(&"y".repeat(after));
                        let lens: Vec<usize>;
                        let n = s.encode_utf16().count();
                        let lens = if after % 2 == 0 {
                            None
                        } else {
                            lens = std::vec![0, n.saturating_sub(1), n, n + 1, n + 40];
                            Some(&lens[..])
                        };
                        check(&s, lens);
                    }
                }
            }
        });
    }

    #[test]
    fn runs_and_pairs_at_every_offset() {
        each_kernel(|| {
            for &c in sample(CHARS, 5) {
                for &d in sample(CHARS, 9) {
                    for pad in sample(0..64, 63) {
                        for run in sample([1, 2, 11, 17], 3) {
                            let mut s = "x".repeat(pad);
                            for _ in 0..run {
                                s.push(c);
                                s.push(d);
                            }
                            s.push_str("tail of ascii bytes, long enough");
                            let n = s.encode_utf16().count();
                            check(&s, Some(&[0, n - 1, n, n + 7]));
                        }
                    }
                }
            }
            // Long runs of one length each, every offset, every buffer length.
            for &c in sample(&['я', '世', '😀', 'a'], 2) {
                for pad in sample(0..64, 63) {
                    let mut s = "x".repeat(pad);
                    s.extend(core::iter::repeat_n(c, 90));
                    check(&s, None);
                }
            }
        });
    }

    /// Every scalar value (every third chunk in debug builds), in chunks of
    /// 997 characters after 0..64 ASCII bytes.
    #[test]
    fn every_scalar_value() {
        each_kernel(|| {
            let chars: Vec<char> = (0..=0x10_FFFFu32).filter_map(char::from_u32).collect();
            assert_eq!(chars.len(), 1_112_064);
            let step = if MIRI {
                113
            } else if cfg!(debug_assertions) {
                3
            } else {
                1
            };
            for (k, chunk) in chars.chunks(997).enumerate() {
                if k % step != 0 {
                    continue;
                }
                let mut s = "a".repeat(k % 64);
                s.extend(chunk);
                let n = s.encode_utf16().count();
                check(&s, Some(&[n, n - 1, n + 40]));
            }
        });
    }

    /// A random character of a random class, with ASCII weighted up.
    fn random_char(rng: &mut Rng) -> char {
        let cp = match rng.below(8) {
            0..=2 => rng.below(0x80) as u32,
            3 | 4 => 0x80 + rng.below(0x780) as u32,
            5 | 6 => 0x800 + rng.below(0xF800) as u32,
            _ => 0x1_0000 + rng.below(0x10_0000) as u32,
        };
        char::from_u32(cp).unwrap_or('\u{FFFD}')
    }

    #[test]
    fn random_mixes() {
        each_kernel(|| {
            let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
            let cases = cases(if cfg!(debug_assertions) { 3000 } else { 20_000 }, 10);
            for case in 0..cases {
                let bytes = rng.below(300) as usize;
                let mut s = String::new();
                // Runs of one class now and then, as in real text.
                while s.len() < bytes {
                    let c = random_char(&mut rng);
                    let run = if rng.below(4) == 0 {
                        1 + rng.below(12)
                    } else {
                        1
                    };
                    for _ in 0..run {
                        s.push(c);
                    }
                }
                if case % 8 == 0 {
                    check(&s, None);
                } else {
                    let n = s.encode_utf16().count();
                    let r = rng.below(n as u64 + 41) as usize;
                    check(&s, Some(&[0, r, n.saturating_sub(1), n, n + 1, n + 33]));
                }
            }
        });
    }

    /// Runs of 3-byte characters of every length around the 16 that the
    /// 3-byte loop takes a step, broken by each other class, at every
    /// offset.
    #[test]
    fn three_byte_runs() {
        each_kernel(|| {
            for pad in sample(0..64, 63) {
                for run in sample((0..40).chain([47, 48, 49, 50, 64, 95, 96, 97]), 12) {
                    for &brk in sample(&['a', 'я', '\u{FFFF}', '😀'], 2) {
                        // The class before the run too: a 3-byte pattern that
                        // starts with the continuation byte of a 2- or 4-byte
                        // character must not be taken for a run.
                        let mut s = "x".repeat(pad);
                        s.push(brk);
                        s.extend(core::iter::repeat_n('世', run));
                        s.push(brk);
                        s.extend(core::iter::repeat_n('\u{E000}', run / 2 + 20));
                        s.push_str("end");
                        let n = s.encode_utf16().count();
                        let lens: Vec<usize> = if run % 7 == 0 {
                            (0..=n + 40).collect()
                        } else {
                            std::vec![0, n / 2, n - 1, n, n + 1, n + 17, n + 40]
                        };
                        check(&s, Some(&lens));
                    }
                }
            }
        });
    }

    #[test]
    fn units_len_long() {
        each_kernel(|| {
            // Longer than one accumulator flush (63 steps of 64 bytes), with
            // 4-byte leads (the most a lane can gain) everywhere.
            for &c in sample(&['😀', 'я', 'a', '世'], 4) {
                for extra in sample([0, 1, 63, 64, 65], 5) {
                    let mut s: String = core::iter::repeat_n(c, 70_000 / c.len_utf8()).collect();
                    s.push_str(&"b".repeat(extra));
                    assert_eq!(units_len(&s), s.encode_utf16().count());
                }
            }
            assert_eq!(units_len(""), 0);
        });
    }
}
