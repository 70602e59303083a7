//! Word-at-a-time helpers of the engine's fast paths: eight bytes as one
//! `u64`, loaded and stored through `first_chunk`, and bit tricks on them.

/// The high bit of each byte of a word.
pub(crate) const HI: u64 = 0x8080_8080_8080_8080;
/// The low bit of each byte of a word.
pub(crate) const LO: u64 = 0x0101_0101_0101_0101;

/// The eight bytes at `b[i..i + 8]` as a little-endian word (`i + 8 <= b.len()`).
#[inline]
pub(crate) const fn load8(b: &[u8], i: usize) -> u64 {
    let (_, rest) = b.split_at(i);
    match rest.first_chunk::<8>() {
        Some(chunk) => u64::from_le_bytes(*chunk),
        None => 0,
    }
}

/// Stores `w` little-endian at `out[at..at + 8]` (`at + 8 <= out.len()`).
#[inline]
///
/// Every caller checks the room first: out of room, the store is a bug of
/// that check, which debug builds (the tests, the fuzz targets) report by
/// panicking instead of skipping the write; release builds skip it.
pub(crate) const fn store8(out: &mut [u8], at: usize, w: u64) {
    debug_assert!(at <= out.len() && out.len() - at >= 8, "store8 out of room");
    let (_, rest) = out.split_at_mut(at);
    if let Some(chunk) = rest.first_chunk_mut::<8>() {
        *chunk = w.to_le_bytes();
    }
}

/// Stores `w` little-endian at `out[at..at + 4]` (`at + 4 <= out.len()`).
#[inline]
///
/// Every caller checks the room first: out of room, the store is a bug of
/// that check, which debug builds (the tests, the fuzz targets) report by
/// panicking instead of skipping the write; release builds skip it.
pub(crate) const fn store4(out: &mut [u8], at: usize, w: u32) {
    debug_assert!(at <= out.len() && out.len() - at >= 4, "store4 out of room");
    let (_, rest) = out.split_at_mut(at);
    if let Some(chunk) = rest.first_chunk_mut::<4>() {
        *chunk = w.to_le_bytes();
    }
}

/// The high bit of each zero byte of `w` set (and possibly of bytes above
/// a zero byte, so only "any zero byte?" is exact).
#[inline]
pub(crate) const fn zero_bytes(w: u64) -> u64 {
    w.wrapping_sub(LO) & !w & HI
}

/// The high bit of each byte of `w` that is `0xF0` or above (a 4-byte lead
/// in UTF-8) set. Exact per byte: bits 4 to 7 all set.
#[inline]
pub(crate) const fn four_byte_leads(w: u64) -> u64 {
    w & (w << 1) & (w << 2) & (w << 3) & HI
}

/// The high bit of each continuation byte (`10xxxxxx`) of `w` set. Exact
/// per byte: the shifted-in bit 6 of a byte lands on its own bit 7.
#[inline]
pub(crate) const fn continuation_bytes(w: u64) -> u64 {
    w & !(w << 1) & HI
}

/// Copies `src[i..end]` to `out[at..]`, which has room; returns the new cursor.
#[inline]
pub(crate) const fn copy(
    src: &[u8],
    mut i: usize,
    end: usize,
    out: &mut [u8],
    mut at: usize,
) -> usize {
    // Eight bytes at a time while both sides have eight left, then bytes.
    while i + 8 <= end && at + 8 <= out.len() {
        store8(out, at, load8(src, i));
        i += 8;
        at += 8;
    }
    while i < end {
        out[at] = src[i];
        i += 1;
        at += 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::{store4, store8};

    #[test]
    fn stores_write_little_endian_words() {
        let mut out = [0u8; 12];
        store8(&mut out, 4, 0x0807_0605_0403_0201);
        store4(&mut out, 0, 0x0C0B_0A09);
        assert_eq!(out, [9, 10, 11, 12, 1, 2, 3, 4, 5, 6, 7, 8]);
    }

    #[test]
    #[cfg(debug_assertions)]
    #[cfg_attr(
        panic = "abort",
        ignore = "a panic ends the whole test program where panics abort (wasm32-wasip1)"
    )]
    #[should_panic(expected = "store8 out of room")]
    fn store8_out_of_room_is_caught() {
        store8(&mut [0u8; 12], 5, 1);
    }

    #[test]
    #[cfg(debug_assertions)]
    #[cfg_attr(
        panic = "abort",
        ignore = "a panic ends the whole test program where panics abort (wasm32-wasip1)"
    )]
    #[should_panic(expected = "store4 out of room")]
    fn store4_out_of_room_is_caught() {
        store4(&mut [0u8; 3], 0, 1);
    }
}
