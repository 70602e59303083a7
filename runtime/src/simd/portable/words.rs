//! Word helpers of the portable kernels: eight bytes or four UTF-16 units
//! as one `u64`, lane `k` in bits `8k` (or `16k`) up, whatever the target's
//! byte order.

pub(crate) use crate::engine::words::{HI, load8};

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

/// Whether the eight bytes of `w` are four 2-byte UTF-8 characters, each
/// a lead `C0..=DF` in an even lane and a continuation byte after it.
#[inline]
pub(crate) const fn four_two_byte(w: u64) -> bool {
    w & 0xC0E0_C0E0_C0E0_C0E0 == 0x80C0_80C0_80C0_80C0
}

/// The UTF-16 units of the four 2-byte characters of `w` (see
/// [`four_two_byte`]), one in each 16-bit lane.
#[inline]
pub(crate) const fn two_byte_units(w: u64) -> u64 {
    (w & 0x001F_001F_001F_001F) << 6 | (w >> 8) & 0x003F_003F_003F_003F
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

    #[test]
    fn two_byte_words_in_both_orders() {
        // Every 2-byte character at each of the four places of a word of
        // "яя.." (D1 8F), and every other lead there: the units are those
        // std gives, and only 2-byte leads with a continuation pass.
        for c in (0x80u32..0x800).filter_map(char::from_u32) {
            for place in 0..4 {
                let mut bytes = *b"\xD1\x8F\xD1\x8F\xD1\x8F\xD1\x8F";
                c.encode_utf8(&mut bytes[2 * place..2 * place + 2]);
                for w in both_orders(bytes) {
                    assert!(four_two_byte(w));
                    let units: std::vec::Vec<u16> = std::str::from_utf8(&bytes)
                        .unwrap()
                        .encode_utf16()
                        .collect();
                    let mut out = [0u16; 4];
                    store_units4(&mut out, two_byte_units(w));
                    assert_eq!(out[..], units[..]);
                }
            }
        }
        for lead in 0..=255u8 {
            for trail in [0x00, 0x41, 0x80, 0xBF, 0xC0, 0xFF] {
                let mut bytes = *b"\xD1\x8F\xD1\x8F\xD1\x8F\xD1\x8F";
                bytes[4] = lead;
                bytes[5] = trail;
                let want = lead & 0xE0 == 0xC0 && trail & 0xC0 == 0x80;
                for w in both_orders(bytes) {
                    assert_eq!(four_two_byte(w), want, "{lead:02X} {trail:02X}");
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
