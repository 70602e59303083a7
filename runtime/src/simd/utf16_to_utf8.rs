//! UTF-16 to UTF-8 with AVX2: native code units ([`decode_units`]) and the
//! UTF-16LE and UTF-16BE byte forms ([`decode_bytes`]), through one vector
//! loop that differs between the three only in how a block of 16 units is
//! loaded (native units and LE bytes are the same load on x86; BE bytes are
//! byte-swapped with one `vpshufb`).
//!
//! # The algorithm
//!
//! The loop takes 16 units (one `__m256i`) per step and picks one of three
//! paths by what the block holds:
//!
//! - **All ASCII** (below U+0080): the units are narrowed to bytes
//!   (`vpackuswb` and a lane permute) and stored; while the input goes on
//!   being ASCII, 32 units per step.
//! - **All below U+0800** (Cyrillic, Greek, Hebrew, Arabic, with ASCII
//!   spaces and punctuation): every unit's two-byte form (`C0 | u >> 6`,
//!   `80 | u & 3F`) is built in its own 16-bit lane, the ASCII units keep
//!   their one byte there instead, and a shuffle from the table `PACK2`,
//!   indexed by the 8-bit mask of the ASCII units of each half, squeezes out
//!   the unused byte of each ASCII unit. The two halves are stored one after
//!   the other, each advanced by `16 - popcount(mask)`.
//! - **Anything else** (the general path), with or without surrogates:
//!   every unit is widened to a 32-bit lane that holds its *first*,
//!   *middle* and *last* byte `[F, M, L, -]`. A BMP unit takes 1 (`L`), 2
//!   (`M L`) or 3 (`F M L`) of them. Two bits per unit (ASCII; at most two
//!   bytes), which one `vpmovmskb` collects, say which; each group of four
//!   units is compacted by a shuffle from the table `PACK3`, indexed by the
//!   eight bits of its units, and stored, advanced by `12 - popcount(bits)`.
//!   A block of sixteen 3-byte units (most blocks of Chinese or Japanese)
//!   takes one fixed shuffle instead.
//!
//! # Surrogates
//!
//! A surrogate pair goes through the general path too, split between its
//! two units, two bytes each: the high surrogate gives the first two bytes
//! of the 4-byte form, which depend on it alone (once 0x40 is added to its
//! ten bits, for the 0x10000 offset), and the low surrogate the last two,
//! of which the first needs the two low bits of the high surrogate: those
//! come from the same block loaded one unit earlier. Each surrogate is
//! replaced by a stand-in unit that the general formulas for two or three
//! bytes turn into exactly its two bytes, so that the rest of the path is
//! the same. (simdutf's AVX2 kernel, by contrast, converts a block with a
//! surrogate in scalar code; on text with an emoji in every few words that
//! is most blocks.)
//!
//! The pairs are checked with the same two loads: a unit is a low
//! surrogate exactly when the unit before it is a high surrogate, one
//! compare of the block with the block one unit earlier. That also covers a
//! pair split between two blocks: the high surrogate in the last lane
//! writes its two bytes and the next block checks its first lane against
//! it. So that the next block always takes the general path, a block with a
//! surrogate keeps the loop on the general path for `HOT` more blocks
//! (which also spares text full of emoji a mispredicted branch on the kind
//! of each block). Where the loop stops after a high surrogate, it takes its
//! two bytes back and leaves the pair to the tail.
//!
//! The compaction by shuffle tables indexed by a movemask is the idea of
//! Lemire and Keiser, "Transcoding billions of Unicode characters per second
//! with SIMD instructions" (Software: Practice and Experience, 2022); the
//! split of a pair into two halves of two bytes, each written by its own
//! lane, is this module's own. The tables are computed by `const fn` at
//! compile time.
//!
//! # Bounds
//!
//! Every path checks the room its stores need (16, 32 or 52 bytes from the
//! cursor) before it stores, so the loop stops within 52 bytes of the end
//! of `dst`; from there, and for the last 0..15 units, the `const` block
//! code of [`crate::engine::utf16`] checks the rest of the input (and an
//! odd trailing byte) and writes exactly what fits.

#[cfg(target_arch = "x86_64")]
use crate::engine::utf16::Src;

/// Decodes native units; `None` if ill-formed or `dst` too short.
#[inline]
pub(crate) fn decode_units(units: &[u16], dst: &mut [u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        if super::avx512() {
            let bytes = super::unit_bytes(units);
            // SAFETY: `avx512()` said that the CPU has the features the
            // kernel enables, its one precondition.
            let (i, at) = unsafe { super::avx512::utf16_to_utf8::convert::<false>(bytes, dst) }?;
            // It converts every unit.
            debug_assert_eq!(i, units.len());
            return Some(at);
        }
        if super::avx2() {
            let bytes = super::unit_bytes(units);
            // SAFETY: `avx2()` said that the CPU has the features `convert`
            // enables, its one precondition. (Native units are LE on x86.)
            let (i, at) = unsafe { avx2::convert::<false>(bytes, dst) }?;
            return finish(Src::Units(units.get(i..)?), dst, at);
        }
    }
    #[cfg(target_arch = "aarch64")]
    if super::neon() {
        return super::neon::utf16_to_utf8::decode_units(units, dst);
    }
    super::portable::utf16::decode(units, dst)
}

/// Decodes LE (`BE == false`) or BE bytes; `None` if ill-formed or `dst` too short.
#[inline]
pub(crate) fn decode_bytes<const BE: bool>(bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        if super::avx512() {
            // SAFETY: `avx512()` said that the CPU has the features the
            // kernel enables, its one precondition.
            let (i, at) = unsafe { super::avx512::utf16_to_utf8::convert::<BE>(bytes, dst) }?;
            if 2 * i == bytes.len() {
                return Some(at);
            }
            // An odd last byte: an error, which the `const fn` reports.
            let rest = bytes.get(2 * i..)?;
            let src = if BE { Src::Be(rest) } else { Src::Le(rest) };
            return finish(src, dst, at);
        }
        if super::avx2() {
            // SAFETY: `avx2()` said that the CPU has the features `convert`
            // enables, its one precondition.
            let (i, at) = unsafe { avx2::convert::<BE>(bytes, dst) }?;
            let rest = bytes.get(2 * i..)?;
            let src = if BE { Src::Be(rest) } else { Src::Le(rest) };
            return finish(src, dst, at);
        }
    }
    #[cfg(target_arch = "aarch64")]
    if super::neon() {
        return super::neon::utf16_to_utf8::decode_bytes::<BE>(bytes, dst);
    }
    super::portable::utf16::decode_bytes::<BE>(bytes, dst)
}

/// The tail after the vector loop: the units of `rest` (which starts on a
/// character boundary) into `dst[at..]`, exactly, by the `const` block code,
/// which also checks them (and an odd trailing byte); the total written.
#[cfg(target_arch = "x86_64")]
#[inline]
fn finish(rest: Src<'_>, dst: &mut [u8], at: usize) -> Option<usize> {
    let n = crate::engine::utf16::decode_into(rest, dst.get_mut(at..)?).ok()?;
    Some(at + n)
}

#[cfg(target_arch = "x86_64")]
use super::avx2::utf16_to_utf8 as avx2;

#[cfg(test)]
mod tests {
    use super::{decode_bytes, decode_units};
    use crate::encoding::Encoding;
    use crate::simd::Level;
    use crate::simd::test_support::{Rng, assert_avx2, cases, each_level, ends, sample};
    use std::vec;
    use std::vec::Vec;

    /// Runs `f` with each vector kernel this CPU has (AVX2, AVX-512; the
    /// portable code is the `const fn` the tests compare with). The vector
    /// code must be what runs here: a detection bug must not send every
    /// test to the portable fallback.
    fn each_kernel(mut f: impl FnMut()) {
        assert_avx2();
        each_level(|l| {
            if l != Level::Portable {
                f();
            }
        });
    }

    fn le(units: &[u16]) -> Vec<u8> {
        units.iter().flat_map(|u| u.to_le_bytes()).collect()
    }

    fn be(units: &[u16]) -> Vec<u8> {
        units.iter().flat_map(|u| u.to_be_bytes()).collect()
    }

    /// Compares one kernel result with the `const fn`'s, for one output length.
    fn same(
        what: &str,
        got: Option<usize>,
        got_buf: &[u8],
        want: Result<usize, crate::error::DecodeError>,
        want_buf: &[u8],
    ) {
        match want {
            Ok(n) => {
                assert_eq!(got, Some(n), "{what}");
                assert_eq!(&got_buf[..n], &want_buf[..n], "{what}");
            }
            Err(_) => assert_eq!(got, None, "{what}"),
        }
    }

    /// Every form (units, LE, BE) into every output length in `lens`. The
    /// output is the front of a longer buffer whose rest must stay as it
    /// was: no store may reach past `dst.len()`.
    fn check(units: &[u16], lens: &[usize]) {
        const CANARY: u8 = 0xA5;
        let le_b = le(units);
        let be_b = be(units);
        for &len in ends(lens) {
            let mut got = vec![CANARY; len + 64];
            let mut want = vec![0u8; len];
            let w = crate::engine::utf16::decode_into(
                crate::engine::utf16::Src::Units(units),
                &mut want,
            );
            let g = decode_units(units, &mut got[..len]);
            same("units", g, &got, w, &want);
            assert!(
                got[len..].iter().all(|&b| b == CANARY),
                "units: wrote past the end"
            );
            for (bytes, enc) in [(&le_b, Encoding::Utf16Le), (&be_b, Encoding::Utf16Be)] {
                got.fill(CANARY);
                let w = crate::engine::decode_into(enc.family(), bytes, &mut want);
                let g = if enc == Encoding::Utf16Be {
                    decode_bytes::<true>(bytes, &mut got[..len])
                } else {
                    decode_bytes::<false>(bytes, &mut got[..len])
                };
                same("bytes", g, &got, w, &want);
                assert!(
                    got[len..].iter().all(|&b| b == CANARY),
                    "bytes: wrote past the end"
                );
            }
        }
    }

    /// Every output length around the exact one, and a few big ones.
    fn all_lens(units: &[u16]) -> Vec<usize> {
        let need = match crate::engine::utf16::decoded_len(crate::engine::utf16::Src::Units(units))
        {
            Ok(n) => n,
            Err(_) => 3 * units.len() + 8,
        };
        let mut v: Vec<usize> = (0..=need + 40).collect();
        v.push(3 * units.len() + 64);
        v
    }

    fn odd(units: &[u16]) {
        // An odd trailing byte: always `None`, whatever the content.
        for bytes in [le(units), be(units)] {
            let mut b = bytes.clone();
            b.push(0x41);
            let mut out = vec![0u8; 3 * units.len() + 64];
            assert_eq!(decode_bytes::<false>(&b, &mut out), None);
            assert_eq!(decode_bytes::<true>(&b, &mut out), None);
        }
    }

    /// The unit classes: ASCII, 2-byte, 3-byte (low and high BMP), a pair,
    /// and the errors.
    const SEQS: &[&[u16]] = &[
        &[0x41],
        &[0x7F],
        &[0x80],
        &[0x416],
        &[0x7FF],
        &[0x800],
        &[0x4E2D],
        &[0xD7FF],
        &[0xE000],
        &[0xFF0C],
        &[0xFFFF],
        &[0xD800, 0xDC00],
        &[0xD83D, 0xDE00],
        &[0xDBFF, 0xDFFF],
        &[0xD83D, 0xDE00, 0xD83D, 0xDE01],
        &[0xD800],
        &[0xDBFF],
        &[0xDC00],
        &[0xDFFF],
        &[0xD800, 0xD800, 0xDC00],
        &[0xDC00, 0xD800],
        &[0xD800, 0x41],
        &[0xD800, 0x416],
        &[0x4E2D, 0xDC00],
    ];

    #[test]
    fn simd_utf16_every_offset() {
        each_kernel(|| {
            for seq in sample(SEQS, 6) {
                for pre in sample(0..64usize, 33) {
                    for post in sample([0usize, 1, 2, 3, 7, 15, 16, 17, 31, 33, 40], 10) {
                        let mut u: Vec<u16> = (0..pre).map(|k| 0x61 + (k % 26) as u16).collect();
                        u.extend_from_slice(seq);
                        u.extend((0..post).map(|k| 0x30 + (k % 10) as u16));
                        let need =
                            crate::engine::utf16::decoded_len(crate::engine::utf16::Src::Units(&u))
                                .map_or(3 * u.len(), |n| n);
                        let lens: Vec<usize> = if post == 17 || post == 3 {
                            (0..=need + 40).collect()
                        } else {
                            vec![
                                0,
                                need.saturating_sub(1),
                                need,
                                need + 1,
                                need + 20,
                                3 * u.len() + 60,
                            ]
                        };
                        check(&u, &lens);
                        if pre % 7 == 0 {
                            odd(&u);
                        }
                    }
                }
            }
        });
    }

    /// The same in non-ASCII padding: Cyrillic, Han, emoji before and after.
    #[test]
    fn simd_utf16_every_offset_mixed() {
        each_kernel(|| {
            let pads: [&[u16]; 4] = [
                &[0x416],
                &[0x4E2D],
                &[0xD83D, 0xDE00],
                &[0x41, 0x416, 0x4E2D],
            ];
            for seq in sample(SEQS, 6) {
                for pad in sample(pads, 3) {
                    for pre in sample(0..40, 39) {
                        let mut u: Vec<u16> = Vec::new();
                        while u.len() < pre {
                            u.extend_from_slice(pad);
                        }
                        u.extend_from_slice(seq);
                        for _ in 0..20 {
                            u.extend_from_slice(pad);
                        }
                        let need =
                            crate::engine::utf16::decoded_len(crate::engine::utf16::Src::Units(&u))
                                .map_or(3 * u.len(), |n| n);
                        check(
                            &u,
                            &[
                                0,
                                need.saturating_sub(1),
                                need,
                                need + 1,
                                need + 60,
                                3 * u.len() + 60,
                            ],
                        );
                    }
                }
            }
        });
    }

    #[test]
    fn simd_utf16_every_unit() {
        each_kernel(|| {
            // Each unit alone and at lanes 0, 15 and 16 of a block, in ASCII
            // padding and between Han characters.
            for x in sample(0..=0xFFFFu32, 4099) {
                let x = x as u16;
                for (pad, pre) in [
                    (0x61u16, 0usize),
                    (0x61, 15),
                    (0x61, 16),
                    (0x4E2D, 15),
                    (0x416, 31),
                ] {
                    let mut u = vec![pad; pre];
                    u.push(x);
                    u.extend(core::iter::repeat_n(pad, 20));
                    let need =
                        crate::engine::utf16::decoded_len(crate::engine::utf16::Src::Units(&u))
                            .map_or(3 * u.len(), |n| n);
                    check(&u, &[need, need + 60]);
                }
            }
        });
    }

    #[test]
    fn simd_utf16_pairs() {
        each_kernel(|| {
            // A sample of pairs: every high with a few lows and every low with
            // a few highs, at every position of a block.
            let mut pairs = Vec::new();
            for h in 0xD800..=0xDBFFu16 {
                pairs.push((h, 0xDC00 + (h & 0x3FF)));
                pairs.push((h, 0xDFFF - (h & 0x3FF)));
            }
            for l in 0xDC00..=0xDFFFu16 {
                pairs.push((0xD800 + (l & 0x3FF), l));
            }
            for (k, &(h, l)) in sample(pairs.iter().enumerate(), 1000) {
                let pre = k % 33;
                let mut u = vec![0x4E2Du16; pre];
                u.push(h);
                u.push(l);
                u.extend(core::iter::repeat_n(0x41, 18));
                let need = crate::engine::utf16::decoded_len(crate::engine::utf16::Src::Units(&u))
                    .unwrap();
                check(&u, &[need, need + 60]);
            }
        });
    }

    /// Runs of one kind (the blocks of one path: ASCII, Cyrillic, Han,
    /// emoji, and Han with emoji), of every length to 80 units, into every
    /// output length; and each with a lone surrogate at every position.
    #[test]
    fn simd_utf16_runs() {
        each_kernel(|| {
            let kinds: [&[u16]; 6] = [
                &[0x61],
                &[0x416, 0x20],
                &[0x4E2D],
                &[0xD83D, 0xDE00],
                &[0x4E2D, 0x4E2D, 0xD83D, 0xDE00, 0x416],
                &[0xFF0C, 0x3002, 0x31],
            ];
            for kind in sample(kinds, 3) {
                for len in sample(0..80, 37) {
                    let u: Vec<u16> = kind.iter().copied().cycle().take(len).collect();
                    check(&u, &all_lens(&u));
                    for at in sample(0..len, 30) {
                        for bad in [0xD800u16, 0xDC00] {
                            let mut e = u.clone();
                            e[at] = bad;
                            let need = crate::engine::utf16::decoded_len(
                                crate::engine::utf16::Src::Units(&e),
                            )
                            .map_or(3 * len, |n| n);
                            check(&e, &[need, 3 * len + 60]);
                        }
                    }
                }
            }
        });
    }

    fn random_units(rng: &mut Rng, len: usize, mix: u64) -> Vec<u16> {
        let mut u = Vec::new();
        while u.len() < len {
            let kind = rng.below(mix);
            match kind {
                0..=3 => u.push(0x20 + rng.below(0x5F) as u16),
                4 | 5 => u.push(0x80 + rng.below(0x780) as u16),
                6 | 7 => u.push(0x800 + rng.below(0xD000) as u16),
                8 => u.push(0xE000 + rng.below(0x2000) as u16),
                9 | 10 => {
                    u.push(0xD800 + rng.below(0x400) as u16);
                    u.push(0xDC00 + rng.below(0x400) as u16);
                }
                _ => u.push(0x41),
            }
        }
        u
    }

    #[test]
    fn simd_utf16_random() {
        each_kernel(|| {
            let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
            for case in 0..cases(6000, 12) {
                let len = rng.below(300) as usize;
                let mix = [4u64, 6, 8, 9, 11, 16][case % 6];
                let mut u = random_units(&mut rng, len, mix);
                // A third of the cases get an error: a lone high or low, or a
                // high at the end.
                if case % 3 == 0 && !u.is_empty() {
                    let at = rng.below(u.len() as u64) as usize;
                    match rng.below(4) {
                        0 => u[at] = 0xD800 + rng.below(0x400) as u16,
                        1 => u[at] = 0xDC00 + rng.below(0x400) as u16,
                        2 => u.push(0xD800 + rng.below(0x400) as u16),
                        _ => u.insert(at, 0xDC00 + rng.below(0x400) as u16),
                    }
                }
                let lens = if case % 20 == 0 {
                    all_lens(&u)
                } else {
                    let need =
                        crate::engine::utf16::decoded_len(crate::engine::utf16::Src::Units(&u))
                            .map_or(3 * u.len(), |n| n);
                    vec![
                        need.saturating_sub(1),
                        need,
                        need + 1 + rng.below(60) as usize,
                    ]
                };
                check(&u, &lens);
                if case % 10 == 0 {
                    odd(&u);
                }
            }
        });
    }
}
