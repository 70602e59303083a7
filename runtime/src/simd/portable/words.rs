//! Word helpers of the portable kernels: eight bytes or four UTF-16 units
//! as one `u64`, lane `k` in bits `8k` (or `16k`) up, whatever the target's
//! byte order.

pub(crate) use crate::engine::words::{HI, load8};

/// The high bits of four 16-bit lanes above ASCII (`0x80` and up).
pub(crate) const NOT_ASCII16: u64 = 0xFF80_FF80_FF80_FF80;

/// Stores the four 16-bit lanes of `w` (lane `k` in bits `16k..16k + 16`)
/// as units `out[0..4]`, a lane at a time: beside another such store, the
/// compiler makes one vector store of both.
#[inline]
pub(crate) fn store_units4(out: &mut [u16], w: u64) {
    let out = &mut out[..4];
    for (k, u) in out.iter_mut().enumerate() {
        *u = (w >> (16 * k)) as u16;
    }
}

/// [`store_units4`] as one store of the word: the units from its
/// little-endian bytes, which on a little-endian target are the word's own
/// (alone, a lane at a time was four stores).
#[inline]
pub(crate) fn store_word_units4(out: &mut [u16], w: u64) {
    let b = w.to_le_bytes();
    let units = [
        u16::from_le_bytes([b[0], b[1]]),
        u16::from_le_bytes([b[2], b[3]]),
        u16::from_le_bytes([b[4], b[5]]),
        u16::from_le_bytes([b[6], b[7]]),
    ];
    out[..4].copy_from_slice(&units);
}

/// Narrows the four 16-bit lanes of `w` (each below `0x100`) to bytes
/// `out[0..4]`.
#[inline]
pub(crate) fn narrow4(out: &mut [u8], w: u64) {
    let out = &mut out[..4];
    for (k, b) in out.iter_mut().enumerate() {
        *b = (w >> (16 * k)) as u8;
    }
}

/// Four units as the lanes of one word, unit `k` in bits `16k..16k + 16`.
#[inline]
pub(crate) fn units4(u: &[u16], i: usize) -> u64 {
    let u = &u[i..i + 4];
    u[0] as u64 | (u[1] as u64) << 16 | (u[2] as u64) << 32 | (u[3] as u64) << 48
}

/// Swaps the two bytes of each 16-bit lane: big-endian units read as
/// little-endian ones, or back.
#[inline]
pub(crate) const fn swap16(w: u64) -> u64 {
    (w >> 8) & 0x00FF_00FF_00FF_00FF | (w & 0x00FF_00FF_00FF_00FF) << 8
}

/// `x` in each 16-bit lane.
#[inline]
pub(crate) const fn rep16(x: u16) -> u64 {
    x as u64 * 0x0001_0001_0001_0001
}

/// Zero in each 16-bit lane of `v` that holds a 2-byte character (its lead
/// `110xxxxx` in the low byte, a continuation byte in the high one),
/// non-zero in the others: from a character boundary, the trailing zeros
/// over 16 count the leading 2-byte characters.
#[inline]
pub(crate) const fn not_two_byte_lanes(v: u64) -> u64 {
    (v & rep16(0xC0E0)) ^ rep16(0x80C0)
}

/// For each 16-bit lane of `v` that holds a 2-byte character (see
/// [`not_two_byte_lanes`]), its unit; anything in the others.
#[inline]
pub(crate) const fn two_byte_units(v: u64) -> u64 {
    (v & rep16(0x1F)) << 6 | (v >> 8) & rep16(0x3F)
}

/// How many 3-byte characters in a row bytes 0..12 of `w0`, `w1` (bytes
/// 8.. in `w1`) start with, 0 to 4: leads `1110xxxx` at bytes 0, 3, 6 and
/// 9, continuation bytes between.
#[inline]
pub(crate) const fn three_byte_run(w0: u64, w1: u64) -> usize {
    let (x0, x1) = not_three_byte(w0, w1);
    // The first bit that differs ends the run (bit 96, byte 12, ends it
    // anyway).
    let bad = ((x1 | 1 << 32) as u128) << 64 | x0 as u128;
    (bad.trailing_zeros() / 24) as usize
}

/// Whether bytes 0..12 of `w0`, `w1` are four 3-byte characters
/// ([`three_byte_run`] is 4, in fewer steps).
#[inline]
pub(crate) const fn three_byte_chars4(w0: u64, w1: u64) -> bool {
    let (x0, x1) = not_three_byte(w0, w1);
    x0 | x1 == 0
}

/// The bits where bytes 0..12 of `w0`, `w1` differ from four 3-byte
/// characters (`1110xxxx 10xxxxxx 10xxxxxx`), in the words' places.
#[inline]
const fn not_three_byte(w0: u64, w1: u64) -> (u64, u64) {
    (
        (w0 & 0xC0F0_C0C0_F0C0_C0F0) ^ 0x80E0_8080_E080_80E0,
        (w1 & 0xC0C0_F0C0) ^ 0x8080_E080,
    )
}

/// The units of the 3-byte characters that bytes 0, 3, 6 and 9 of `w0`,
/// `w1` (bytes 8.. in `w1`) lead, one a lane (those of a run of
/// [`three_byte_run`]; anything past it).
#[inline]
pub(crate) const fn three_byte_units(w0: u64, w1: u64) -> u64 {
    three_byte_pair(w0) | three_byte_pair(w0 >> 48 | w1 << 16) << 32
}

/// The units of the 3-byte characters in bytes 0..3 and 3..6 of `v`, in
/// lanes 0 and 1: both worked out at once, each in its 24 bits (twelve
/// operations for two characters, where one at a time took nine each).
#[inline]
const fn three_byte_pair(v: u64) -> u64 {
    // Bits 0..4 of the lead to 12..16, bits 0..6 of the first continuation
    // byte (bits 8..14) to 6..12 and of the second (bits 16..22) to 0..6,
    // in each character's 24 bits; nothing lands in bits 16..24 of either.
    let x = (v & 0x0F00_000F) << 12 | (v >> 2) & 0x000F_C000_0FC0 | (v >> 16) & 0x3F00_003F;
    x & 0xFFFF | (x >> 8) & 0xFFFF_0000
}

/// Whether bytes 0..7 of `w`, at a character boundary of UTF-8, are a
/// 3-byte character and a 4-byte one (Chinese with an emoji after each
/// character): a byte `1110xxxx` there starts a 3-byte character, so the
/// byte three on is the next one's lead.
#[inline]
pub(crate) const fn three_then_four(w: u64) -> bool {
    w & 0xF000_00F0 == 0xF000_00E0
}

/// Whether bytes 0..6 of `w`, at a character boundary of UTF-8, are a
/// 2-byte character and a 4-byte one (Cyrillic with an emoji after each
/// letter): a byte `110xxxxx` there starts a 2-byte character, so the byte
/// two on is the next one's lead.
#[inline]
pub(crate) const fn two_then_four(w: u64) -> bool {
    w & 0xF8_00E0 == 0xF0_00C0
}

/// The four UTF-8 bytes of the supplementary character `c` (U+10000 up),
/// as a little-endian word: the lead in bits 0..8.
#[inline]
pub(crate) const fn utf8_supplementary(c: u32) -> u32 {
    0x8080_80F0 | c >> 18 | (c >> 12 & 0x3F) << 8 | (c >> 6 & 0x3F) << 16 | (c & 0x3F) << 24
}

/// Whether the eight bytes of `w` are two 4-byte characters (`11110xxx
/// 10xxxxxx 10xxxxxx 10xxxxxx`, each as [`surrogates`] reads it).
#[inline]
pub(crate) const fn four_byte_chars2(w: u64) -> bool {
    w & 0xC0C0_C0F8_C0C0_C0F8 == 0x8080_80F0_8080_80F0
}

/// The two surrogates of the 4-byte character in bytes 0..4 of `w`: the
/// high one in lane 0, the low one in lane 1.
#[inline]
pub(crate) const fn surrogates(w: u64) -> u64 {
    let c = (w & 0x07) << 18 | (w & 0x3F00) << 4 | (w >> 10) & 0xFC0 | (w >> 24) & 0x3F;
    // (c - 0x1_0000) >> 10 = (c >> 10) - 0x40.
    (0xD7C0 + (c >> 10)) | (0xDC00 | (c & 0x3FF)) << 16
}

/// `x` in both halves of a word: a constant for each 32-bit lane of the
/// two-character steps.
#[inline]
pub(crate) const fn rep32(x: u64) -> u64 {
    x | x << 32
}

/// The surrogates of the two 4-byte characters in bytes 0..4 and 4..8 of
/// `w` ([`four_byte_chars2`]), in lanes 0 to 3: [`surrogates`] of both at
/// once, each in its 32 bits (no bit crosses from one half to the other:
/// each shift's bits from the other half are masked off).
#[inline]
pub(crate) const fn surrogates2(w: u64) -> u64 {
    let c = (w & rep32(0x07)) << 18
        | (w & rep32(0x3F00)) << 4
        | (w >> 10) & rep32(0xFC0)
        | (w >> 24) & rep32(0x3F);
    let high = rep32(0xD7C0) + ((c >> 10) & rep32(0x7FF));
    let low = rep32(0xDC00) | (c & rep32(0x3FF));
    high | low << 16
}

/// Whether the 32 bytes of `block` are all ASCII: four words OR-ed and
/// tested once. Byte order does not matter (every byte's high bit is
/// tested, wherever it lands).
#[inline]
pub(crate) fn ascii32(block: &[u8; 32]) -> bool {
    let (words, _) = block.as_chunks::<8>();
    let mut acc = 0u64;
    for w in words {
        acc |= u64::from_le_bytes(*w);
    }
    acc & HI == 0
}

/// Copies the leading 32-byte blocks of `src` that are all ASCII to `dst`,
/// as many as both have room for, and returns how many bytes that is (a
/// multiple of 32; 0 if the first block is not ASCII). Fixed-size blocks
/// and no index arithmetic, so that a target with vector registers gets a
/// few vector loads, an OR, one test and vector stores per block.
#[inline]
pub(crate) fn copy_ascii32(src: &[u8], dst: &mut [u8]) -> usize {
    let (blocks, _) = src.as_chunks::<32>();
    let (outs, _) = dst.as_chunks_mut::<32>();
    let mut n = 0;
    for (block, out) in blocks.iter().zip(outs) {
        if !ascii32(block) {
            break;
        }
        *out = *block;
        n += 32;
    }
    n
}

/// The bits where the eight bytes of `w` differ from two ASCII bytes each
/// followed by a 3-byte character (`Han Han` set with spaces between: `20
/// E5 BF 85 20 E9 A0 88`), in the word's places: zero where they are.
#[inline]
pub(crate) const fn not_spaced_pairs2(w: u64) -> u64 {
    (w & 0xC0C0_F080_C0C0_F080) ^ 0x8080_E000_8080_E000
}

/// The four units of such bytes ([`not_spaced_pairs2`]), one a lane: each
/// 4-byte group `a l t1 t2` to `a` and `(l & 0F) << 12 | (t1 & 3F) << 6 |
/// t2 & 3F`, in place.
#[inline]
pub(crate) const fn spaced_units4(w: u64) -> u64 {
    (w & 0x0000_00FF_0000_00FF)
        | (w & 0x0000_0F00_0000_0F00) << 20
        | (w & 0x003F_0000_003F_0000) << 6
        | (w & 0x3F00_0000_3F00_0000) >> 8
}

/// The four UTF-8 bytes (a little-endian word) of the supplementary
/// character whose encoded surrogates are `ED b1 b2 ED b4 b5`.
#[inline]
pub(crate) const fn surrogates_utf8(b1: u8, b2: u8, b4: u8, b5: u8) -> u32 {
    let c = 0x1_0000
        + ((((b1 as u32) & 0x0F) << 6 | (b2 as u32) & 0x3F) << 10)
        + (((b4 as u32) & 0x0F) << 6 | (b5 as u32) & 0x3F);
    utf8_supplementary(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A word of `bytes` in input order: as `load8` makes it, and as a
    /// big-endian target's native load followed by `swap_bytes` would.
    fn both_orders(bytes: [u8; 8]) -> [u64; 2] {
        let le = u64::from_le_bytes(bytes);
        let be = u64::from_be_bytes(bytes).swap_bytes();
        assert_eq!(le, load8(&bytes, 0));
        [le, be]
    }

    /// The UTF-16 units std gives for `bytes` (whole characters).
    fn std_units(bytes: &[u8]) -> std::vec::Vec<u16> {
        std::str::from_utf8(bytes).unwrap().encode_utf16().collect()
    }

    #[test]
    fn two_byte_lanes_in_both_orders() {
        // Every pair of bytes in each lane of a word of "яяяя" (D1 8F): the
        // lane is zero exactly where the pair is a lead `110xxxxx` and a
        // continuation byte, the other lanes stay zero, and the unit of a
        // well-formed pair is the one std gives.
        for place in 0..4 {
            for x in 0..=255u8 {
                for y in 0..=255u8 {
                    let mut bytes = *b"\xD1\x8F\xD1\x8F\xD1\x8F\xD1\x8F";
                    bytes[2 * place] = x;
                    bytes[2 * place + 1] = y;
                    let two = x & 0xE0 == 0xC0 && y & 0xC0 == 0x80;
                    for w in both_orders(bytes) {
                        let bad = not_two_byte_lanes(w);
                        let lane = (bad >> (16 * place)) as u16;
                        assert_eq!(lane == 0, two, "{x:02X} {y:02X}");
                        assert_eq!(bad & !(0xFFFF << (16 * place)), 0);
                        let units = two_byte_units(w);
                        assert_eq!(
                            units & !(0xFFFF << (16 * place)),
                            0x044F_044F_044F_044F & !(0xFFFF << (16 * place))
                        );
                        if two && x >= 0xC2 {
                            let unit = (units >> (16 * place)) as u16;
                            assert_eq!(unit, std_units(&[x, y])[0]);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn three_byte_words_in_both_orders() {
        // Four 3-byte characters, each of several kinds at each place; and
        // every byte at each place of the twelve, which ends the run at its
        // character where it does not fit.
        let kinds = ['\u{800}', '\u{FFFF}', '中', '\u{D7FF}', '\u{E000}', '€'];
        let base = "中文字符".as_bytes();
        for place in 0..4 {
            for &c in &kinds {
                let mut v: std::vec::Vec<char> = "中文字符".chars().collect();
                v[place] = c;
                let s: std::string::String = v.iter().collect();
                let mut bytes = [0u8; 16];
                bytes[..12].copy_from_slice(s.as_bytes());
                let w0 = both_orders(bytes[..8].try_into().unwrap());
                let w1 = both_orders(bytes[8..].try_into().unwrap());
                for (a, b) in w0.into_iter().zip(w1) {
                    assert!(three_byte_chars4(a, b));
                    assert_eq!(three_byte_run(a, b), 4);
                    let mut out = [0u16; 4];
                    store_units4(&mut out, three_byte_units(a, b));
                    assert_eq!(out[..], std_units(s.as_bytes())[..]);
                }
            }
        }
        for at in 0..12 {
            for x in 0..=255u8 {
                let mut bytes = [0u8; 16];
                bytes[..12].copy_from_slice(base);
                bytes[at] = x;
                let fits = if at % 3 == 0 {
                    x & 0xF0 == 0xE0
                } else {
                    x & 0xC0 == 0x80
                };
                let w0 = both_orders(bytes[..8].try_into().unwrap());
                let w1 = both_orders(bytes[8..].try_into().unwrap());
                for (a, b) in w0.into_iter().zip(w1) {
                    assert_eq!(three_byte_chars4(a, b), fits, "{x:02X} at {at}");
                    assert_eq!(three_byte_run(a, b), if fits { 4 } else { at / 3 });
                }
            }
        }
    }

    #[test]
    fn two_surrogate_pairs_in_both_orders() {
        // Pairs of supplementary characters, a step apart that meets every
        // plane and every value of each byte.
        let all: std::vec::Vec<char> = (0x1_0000..=0x10_FFFF)
            .step_by(97)
            .filter_map(char::from_u32)
            .collect();
        for (k, &a) in all.iter().enumerate() {
            let b = all[(k * 7 + 3) % all.len()];
            let mut bytes = [0u8; 8];
            a.encode_utf8(&mut bytes[..4]);
            b.encode_utf8(&mut bytes[4..]);
            let mut want = [0u16; 4];
            a.encode_utf16(&mut want[..2]);
            b.encode_utf16(&mut want[2..]);
            for w in both_orders(bytes) {
                assert!(four_byte_chars2(w), "{a:?} {b:?}");
                let units = surrogates2(w);
                let got: [u16; 4] = core::array::from_fn(|j| (units >> (16 * j)) as u16);
                assert_eq!(got, want, "{a:?} {b:?}");
            }
        }
        // Anything else in either half is not two 4-byte characters.
        for (text, _) in [
            ("😀中a", 0),
            ("a😀😀", 0),
            ("中中😀", 0),
            ("😀ab\u{7FF}", 0),
        ] {
            let bytes: [u8; 8] = text.as_bytes()[..8].try_into().unwrap();
            for w in both_orders(bytes) {
                assert!(!four_byte_chars2(w), "{text:?}");
            }
        }
    }

    #[test]
    fn surrogates_in_both_orders() {
        // Every supplementary character, with three other bytes after it.
        for c in (0x1_0000..=0x10_FFFF).filter_map(char::from_u32) {
            let mut bytes = *b"....abcd";
            c.encode_utf8(&mut bytes);
            for w in both_orders(bytes) {
                let pair = surrogates(w);
                let mut want = [0u16; 2];
                c.encode_utf16(&mut want);
                assert_eq!([pair as u16, (pair >> 16) as u16], want, "{c:?}");
            }
        }
    }

    #[test]
    fn ascii_blocks() {
        // One high byte at each place of each of three blocks, each value
        // of it: the copy stops at that byte's block, and copies the
        // blocks before it exactly; and never past the shorter side.
        let base: std::vec::Vec<u8> = (0..96u8).map(|k| b' ' + k % 95).collect();
        for place in 0..96 {
            for high in 0x80..=0xFFu8 {
                let mut src = base.clone();
                src[place] = high;
                let block = (place / 32) * 32;
                assert!(!ascii32(src[block..][..32].try_into().unwrap()));
                let mut dst = [0u8; 100];
                assert_eq!(copy_ascii32(&src, &mut dst), block, "{place} {high:02X}");
                assert_eq!(dst[..block], src[..block]);
                assert!(dst[block..].iter().all(|&x| x == 0));
            }
        }
        let mut dst = [0u8; 70];
        assert_eq!(copy_ascii32(&base, &mut dst), 64);
        assert_eq!(copy_ascii32(&base[..63], &mut [0u8; 100]), 32);
        assert_eq!(copy_ascii32(&base[..31], &mut [0u8; 100]), 0);
        assert!(ascii32(base[..32].try_into().unwrap()));
    }

    #[test]
    fn lanes_in_both_orders() {
        let bytes = [0x41, 0x80, 0x7F, 0x00, 0x12, 0xFE, 0x01, 0x61];
        for w in both_orders(bytes) {
            let mut units = [0u16; 4];
            store_units4(&mut units, w);
            let want = [0x8041, 0x007F, 0xFE12, 0x6101];
            assert_eq!(units, want);
            let mut word = [0u16; 4];
            store_word_units4(&mut word, w);
            assert_eq!(word, want);
            assert_eq!(units4(&want, 0), w);
            store_units4(&mut units, swap16(w));
            assert_eq!(units, want.map(u16::swap_bytes));
            // The high bits of bytes 1 (0x80) and 5 (0xFE), at their places.
            assert_eq!(w & HI, 0x80 << 8 | 0x80 << 40);
        }
        let ascii = [0x41u16, 0x7F, 0x00, 0x20];
        let w = units4(&ascii, 0);
        assert_eq!(w & NOT_ASCII16, 0);
        let mut out = [0u8; 4];
        narrow4(&mut out, w);
        assert_eq!(out, [0x41, 0x7F, 0x00, 0x20]);
        for u in [0x80u16, 0x100, 0xFFFF, 0xD800] {
            assert_ne!(
                units4(&[0x41, u, 0x41, 0x41], 0) & NOT_ASCII16,
                0,
                "{u:04X}"
            );
        }
    }

    #[test]
    fn spaced_pairs_in_both_orders() {
        // Every 3-byte character in each pair of the word, after each of
        // four ASCII bytes: the units are std's.
        for c in (0x800..=0xFFFF).filter_map(char::from_u32) {
            for (place, a) in [(0, 0x00), (0, b' '), (1, b'a'), (1, 0x7F)] {
                let mut bytes = *b" \xE4\xB8\xAD \xE6\x96\x87";
                bytes[4 * place] = a;
                c.encode_utf8(&mut bytes[4 * place + 1..]);
                for w in both_orders(bytes) {
                    assert_eq!(not_spaced_pairs2(w), 0, "{c:?}");
                    let mut out = [0u16; 4];
                    store_units4(&mut out, spaced_units4(w));
                    assert_eq!(out[..], std_units(&bytes)[..], "{c:?}");
                }
            }
        }
        // Every byte at each place: the pair it is in, and only that one,
        // differs where the byte does not fit.
        for at in 0..8 {
            for x in 0..=255u8 {
                let mut bytes = *b" \xE4\xB8\xAD \xE6\x96\x87";
                bytes[at] = x;
                let fits = match at % 4 {
                    0 => x < 0x80,
                    1 => x & 0xF0 == 0xE0,
                    _ => x & 0xC0 == 0x80,
                };
                for w in both_orders(bytes) {
                    let bad = not_spaced_pairs2(w);
                    assert_eq!(bad == 0, fits, "{x:02X} at {at}");
                    assert_eq!(bad & !(0xFFFF_FFFF << (32 * (at / 4))), 0);
                }
            }
        }
    }
}
