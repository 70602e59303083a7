//! Word helpers of the portable kernels: eight bytes or four UTF-16 units
//! as one `u64`, lane `k` in bits `8k` (or `16k`) up, whatever the target's
//! byte order.

pub(crate) use crate::engine::words::{HI, LO, continuation_bytes, load8};

/// The high bits of four 16-bit lanes above ASCII (`0x80` and up).
pub(crate) const NOT_ASCII16: u64 = 0xFF80_FF80_FF80_FF80;

/// Widens the eight bytes of `w` (byte `k` in bits `8k..8k + 8`) to
/// units `out[0..8]`.
#[inline]
pub(crate) fn widen8(out: &mut [u16], w: u64) {
    let out = &mut out[..8];
    for (k, u) in out.iter_mut().enumerate() {
        *u = (w >> (8 * k)) as u8 as u16;
    }
}

/// Stores the four 16-bit lanes of `w` (lane `k` in bits `16k..16k + 16`)
/// as units `out[0..4]`.
#[inline]
pub(crate) fn store_units4(out: &mut [u16], w: u64) {
    let out = &mut out[..4];
    for (k, u) in out.iter_mut().enumerate() {
        *u = (w >> (16 * k)) as u16;
    }
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

/// The units of four 3-byte UTF-8 characters in bytes 0..12 of `w0` and
/// `w1` (byte `k` in bits `8k` up, bytes 8.. in `w1`), one in each 16-bit
/// lane; `None` if those bytes are not four 3-byte characters.
#[inline]
pub(crate) const fn three_byte_units4(w0: u64, w1: u64) -> Option<u64> {
    // Leads E0..EF at bytes 0, 3, 6 and 9, continuation bytes between.
    if w0 & 0xC0F0_C0C0_F0C0_C0F0 != 0x80E0_8080_E080_80E0 || w1 & 0xC0C0_F0C0 != 0x8080_E080 {
        return None;
    }
    Some(
        three_byte_unit(w0)
            | three_byte_unit(w0 >> 24) << 16
            | three_byte_unit(w0 >> 48 | w1 << 16) << 32
            | three_byte_unit(w1 >> 8) << 48,
    )
}

/// The unit of the 3-byte character in bytes 0..3 of `v`.
#[inline]
const fn three_byte_unit(v: u64) -> u64 {
    (v & 0x0F) << 12 | (v & 0x3F00) >> 2 | (v >> 16) & 0x3F
}

/// The low bit of each 16-bit lane.
const LANE: u64 = 0x0001_0001_0001_0001;

/// `x` in each 16-bit lane.
#[inline]
const fn rep16(x: u16) -> u64 {
    x as u64 * LANE
}

/// Every bit of the 16-bit lanes whose bit 7 is set in `bits`.
#[inline]
const fn lane_mask(bits: u64) -> u64 {
    ((bits >> 7) & LANE).wrapping_mul(0xFFFF)
}

/// `b` in the lanes (or bits) of `m`, `a` elsewhere.
#[inline]
const fn select(m: u64, a: u64, b: u64) -> u64 {
    a ^ ((a ^ b) & m)
}

/// For each 16-bit lane of `l` (a byte `x` low, the byte `y` after it
/// high), the UTF-16 unit of the character `x` leads if it is ASCII or a
/// 2-byte lead; anything in other lanes.
#[inline]
pub(crate) const fn units_of_short(l: u64) -> u64 {
    let x = l & rep16(0xFF);
    let two = (l & rep16(0x3F)) << 6 | (l >> 8) & rep16(0x3F);
    select(lane_mask(l), x, two)
}

/// [`unit_offsets`] of a word without 4-byte leads.
#[inline]
pub(crate) const fn unit_offsets_short(w: u64) -> (u64, usize) {
    let sums = ((continuation_bytes(w) ^ HI) >> 7).wrapping_mul(LO);
    (sums << 8, (sums >> 56) as usize)
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
    fn short_units_in_both_orders() {
        // Every 1- and 2-byte character at each even and odd place of a
        // word of "яя.." (D1 8F): the lanes of the lead's place hold the
        // unit std gives, and the offsets count the characters before.
        for c in (0..0x800u32).filter_map(char::from_u32) {
            for place in 0..8 {
                let mut bytes = *b"\xD1\x8F\xD1\x8F\xD1\x8F\xD1\x8F\xD1\x8F";
                let len = c.encode_utf8(&mut bytes[place..]).len();
                let w = both_orders(bytes[..8].try_into().unwrap());
                // The word one byte on: the characters led by odd places.
                let l = both_orders(bytes[1..9].try_into().unwrap());
                for (w, l) in w.into_iter().zip(l) {
                    let units = units_of_short(if place % 2 == 0 { w } else { l });
                    let unit = (units >> (16 * (place / 2))) as u16;
                    assert_eq!(unit, std_units(&bytes[place..place + len])[0], "{c:?}");
                    let (offsets, count) = unit_offsets_short(w);
                    if let Ok(before) = std::str::from_utf8(&bytes[..place]) {
                        let before = before.chars().count();
                        assert_eq!((offsets >> (8 * place)) as u8 as usize, before);
                    }
                    let leads = bytes[..8].iter().filter(|&&b| b & 0xC0 != 0x80).count();
                    assert_eq!(count, leads);
                }
            }
        }
    }

    #[test]
    fn three_byte_words_in_both_orders() {
        // Four 3-byte characters, each of several kinds at each place, and
        // every lead byte at each place of a lead.
        let kinds = ['\u{800}', '\u{FFFF}', '中', '\u{D7FF}', '\u{E000}', '€'];
        for place in 0..4 {
            for &c in &kinds {
                let mut s: std::string::String = "中文字符".into();
                let mut v: std::vec::Vec<char> = s.chars().collect();
                v[place] = c;
                s = v.iter().collect();
                let mut bytes = [0u8; 16];
                bytes[..12].copy_from_slice(s.as_bytes());
                let w0 = both_orders(bytes[..8].try_into().unwrap());
                let w1 = both_orders(bytes[8..].try_into().unwrap());
                for (a, b) in w0.into_iter().zip(w1) {
                    let mut out = [0u16; 4];
                    store_units4(&mut out, three_byte_units4(a, b).unwrap());
                    assert_eq!(out[..], std_units(s.as_bytes())[..]);
                }
            }
            for lead in 0..=255u8 {
                let mut bytes = [0u8; 16];
                bytes[..12].copy_from_slice("中文字符".as_bytes());
                bytes[3 * place] = lead;
                let want = lead & 0xF0 == 0xE0;
                let w0 = both_orders(bytes[..8].try_into().unwrap());
                let w1 = both_orders(bytes[8..].try_into().unwrap());
                for (a, b) in w0.into_iter().zip(w1) {
                    assert_eq!(
                        three_byte_units4(a, b).is_some(),
                        want,
                        "{lead:02X} at {place}"
                    );
                }
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
            let mut out = [0u16; 8];
            widen8(&mut out, w);
            assert_eq!(out, bytes.map(u16::from));
            let mut units = [0u16; 4];
            store_units4(&mut units, w);
            let want = [0x8041, 0x007F, 0xFE12, 0x6101];
            assert_eq!(units, want);
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
}
