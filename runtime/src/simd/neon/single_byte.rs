//! Every code page whose bytes `00..=7F` are ASCII with NEON: decoding to
//! UTF-8, its length, and encoding from UTF-8, driven by the page's
//! [`Vectors`](crate::table::Vectors) (the tables the generator derives for
//! the AVX2 kernels of `simd::single_byte`, whose xor-coded rows are undone
//! once per call here: NEON's `tbl` looks up 64 bytes at once, so the 128
//! codes of the high bytes are two lookups and the 256 bytes of the encoder's
//! table four).
//!
//! # Decoding
//!
//! ASCII goes 64 bytes a step (one `umaxv` of the OR of four registers). In
//! any other block of 64, each register of 16 that is not ASCII looks up
//! each byte's *code* (slot of a hot lead and six trail bits, 0 where the
//! vector code does not write the character: three bytes of UTF-8, a cold
//! lead, an undefined byte) with `tbl` and `tbx` over the 128 codes; where
//! every high byte has one, the lead comes from the code's high nibble
//! (one `tbl`) and the trail from its low bits, lead and last byte (the
//! trail, or the byte itself for ASCII) are interleaved (`zip1`, `zip2`),
//! and each 8 input bytes go out through one `tbl` whose control, read from
//! [`DECOMPRESS`] by the 8 bits of the high-byte mask, drops the leads of
//! the ASCII bytes: `8 + popcount` bytes, one store. A register with a byte
//! without a code goes through the page's `utf8` table (each byte's UTF-8
//! ready made), a 4-byte store each, which also finds undefined bytes.
//!
//! # Encoding
//!
//! 16 bytes a step, with a second register one byte on (`next`: each
//! lead's trail). A byte is a hot lead if it equals one of the page's four
//! (one `cmeq` each, which also gives its slot); its code, slot and six
//! bits of the trail, indexes the page's 256-byte table (one `tbl` and
//! three `tbx` of 64 bytes); the lead's lane takes the byte (0: the page
//! lacks the character, an error), and the trails are squeezed out by one
//! `tbl` of each 8 bytes with [`COMPRESS`]'s row for them. A block with a
//! byte that is none of ASCII, a hot lead or its trail (a character of
//! three bytes, or with a cold lead) is encoded a character at a time
//! through the page's reverse map. A lead in the block's last byte takes
//! its trail from `next`, and the next block starts after it. This
//! expand/compress with shuffle tables indexed by a mask is the idea of
//! Lemire and Muła, "Transcoding Billions of Unicode Characters per Second
//! with SIMD Instructions" (2022).
//!
//! # Length
//!
//! One byte per byte, one more per high byte and one more again per byte
//! whose character is three bytes of UTF-8, and an error for an undefined
//! byte: both sets are the generator's 128-bit bitmaps, each looked up with
//! one `tbl` (the bitmap's byte by bits 3..7 of the input byte) and a
//! `cmtst` with the bit (one `ushl` of 1 by bits 0..3).

// The codec's short names (`b` input, `i` input cursor, `at` output cursor,
// `v` a vector), as in `crate::engine`.
#![allow(clippy::many_single_char_names)]

use crate::table::SingleByte;
use core::arch::aarch64::{
    uint8x8_t, uint8x16_t, uint8x16x4_t, vaddlvq_u8, vaddv_u8, vand_u8, vandq_u8, vbslq_u8,
    vceqq_u8, vceqzq_u8, vcgeq_u8, vcreate_u64, vdupq_n_u8, veorq_u8, vextq_u8, vget_high_u8,
    vget_low_u8, vld1_u8, vld1q_u8, vld1q_u8_x4, vmaxvq_u8, vmvnq_u8, vorrq_u8, vqtbl1_u8,
    vqtbl1q_u8, vqtbl4q_u8, vqtbx4q_u8, vreinterpret_u8_u64, vreinterpretq_s8_u8, vshlq_u8,
    vshrq_n_u8, vst1_u8, vst1q_u8, vst1q_u8_x4, vsubq_u8, vtstq_u8, vzip1q_u8, vzip2q_u8,
};

/// A NEON register of 16 bytes.
type V = uint8x16_t;

/// `x` in every byte.
#[inline]
#[target_feature(enable = "neon")]
fn splat(x: u8) -> V {
    vdupq_n_u8(x)
}

/// Loads a 16-byte table.
#[inline]
#[target_feature(enable = "neon")]
fn table(t: &[u8; 16]) -> V {
    // SAFETY: `t` is a reference to exactly the 16 bytes that `ld1` reads.
    unsafe { vld1q_u8(t.as_ptr()) }
}

/// Loads `b[i..i + 16]`.
///
/// # Safety
/// `i + 16 <= b.len()`.
#[inline]
#[target_feature(enable = "neon")]
unsafe fn load16(b: &[u8], i: usize) -> V {
    debug_assert!(i <= b.len() && b.len() - i >= 16, "load16 out of bounds");
    // SAFETY: the caller guarantees `i + 16 <= b.len()`.
    unsafe { vld1q_u8(b.as_ptr().add(i)) }
}

/// Loads `b[i..i + 64]` into four registers.
///
/// # Safety
/// `i + 64 <= b.len()`.
#[inline]
#[target_feature(enable = "neon")]
unsafe fn load64(b: &[u8], i: usize) -> [V; 4] {
    debug_assert!(i <= b.len() && b.len() - i >= 64, "load64 out of bounds");
    // SAFETY: the caller guarantees `i + 64 <= b.len()`.
    let t = unsafe { vld1q_u8_x4(b.as_ptr().add(i)) };
    [t.0, t.1, t.2, t.3]
}

/// Stores `v` in `dst[at..at + 16]`.
///
/// # Safety
/// `at + 16 <= dst.len()`.
#[inline]
#[target_feature(enable = "neon")]
unsafe fn store16(dst: &mut [u8], at: usize, v: V) {
    debug_assert!(
        at <= dst.len() && dst.len() - at >= 16,
        "store16 out of bounds"
    );
    // SAFETY: the caller guarantees `at + 16 <= dst.len()`.
    unsafe { vst1q_u8(dst.as_mut_ptr().add(at), v) }
}

/// Stores `v` in `dst[at..at + 8]`.
///
/// # Safety
/// `at + 8 <= dst.len()`.
#[inline]
#[target_feature(enable = "neon")]
unsafe fn store8(dst: &mut [u8], at: usize, v: uint8x8_t) {
    debug_assert!(
        at <= dst.len() && dst.len() - at >= 8,
        "store8 out of bounds"
    );
    // SAFETY: the caller guarantees `at + 8 <= dst.len()`.
    unsafe { vst1_u8(dst.as_mut_ptr().add(at), v) }
}

/// Stores four registers in `dst[at..at + 64]`.
///
/// # Safety
/// `at + 64 <= dst.len()`.
#[inline]
#[target_feature(enable = "neon")]
unsafe fn store64(dst: &mut [u8], at: usize, v: [V; 4]) {
    debug_assert!(
        at <= dst.len() && dst.len() - at >= 64,
        "store64 out of bounds"
    );
    // SAFETY: the caller guarantees `at + 64 <= dst.len()`.
    unsafe {
        vst1q_u8_x4(
            dst.as_mut_ptr().add(at),
            uint8x16x4_t(v[0], v[1], v[2], v[3]),
        );
    }
}

/// Whether the four registers are all ASCII.
#[inline]
#[target_feature(enable = "neon")]
fn ascii4(v: [V; 4]) -> bool {
    vmaxvq_u8(vorrq_u8(vorrq_u8(v[0], v[1]), vorrq_u8(v[2], v[3]))) < 0x80
}

/// The 8 bytes of each half of `v` (bytes `00` or `FF`) as bit masks, byte
/// `k` of the half in bit `k`.
#[inline]
#[target_feature(enable = "neon")]
fn half_masks(v: V) -> [u8; 2] {
    let w = vreinterpret_u8_u64(vcreate_u64(0x8040_2010_0804_0201));
    [
        vaddv_u8(vand_u8(vget_low_u8(v), w)),
        vaddv_u8(vand_u8(vget_high_u8(v), w)),
    ]
}

/// The number of bits set in each byte (one load, where `count_ones` of a
/// byte is four instructions on aarch64 without the CSSC extension).
static POPCOUNT: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut m = 0;
    while m < 256 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

/// The decoder's compaction: row `m` (bit `j` set where byte `j` of 8 is
/// high) holds the indices, in a register of the 8 bytes' (lead, last)
/// pairs, of the output bytes: the lead and the last byte of each high
/// byte, the last byte alone of each ASCII one; `0x80` (a zero from `tbl`)
/// past the end.
static DECOMPRESS: [[u8; 16]; 256] = {
    let mut t = [[0x80u8; 16]; 256];
    let mut m = 0;
    while m < 256 {
        let mut o = 0;
        let mut j = 0u8;
        while j < 8 {
            if m >> j & 1 != 0 {
                t[m][o] = 2 * j;
                o += 1;
            }
            t[m][o] = 2 * j + 1;
            o += 1;
            j += 1;
        }
        m += 1;
    }
    t
};

/// The encoder's compaction: row `m` (bit `j` set where byte `j` of 8 is
/// dropped, a trail) holds the indices of the bytes kept, in order; `0x80`
/// past the end.
static COMPRESS: [[u8; 8]; 256] = {
    let mut t = [[0x80u8; 8]; 256];
    let mut m = 0;
    while m < 256 {
        let mut o = 0;
        let mut j = 0u8;
        while j < 8 {
            if m >> j & 1 == 0 {
                t[m][o] = j;
                o += 1;
            }
            j += 1;
        }
        m += 1;
    }
    t
};

/// Rows of xor-coded 16-byte tables decoded: row `h` of the result is the
/// XOR of the stored rows `0..=h`.
#[inline]
#[target_feature(enable = "neon")]
fn unxor<const N: usize>(rows: &[[u8; 16]]) -> [V; N] {
    let mut out = [splat(0); N];
    let mut acc = splat(0);
    for (h, row) in rows.iter().take(N).enumerate() {
        acc = veorq_u8(acc, table(row));
        out[h] = acc;
    }
    out
}

// ---------------------------------------------------------------- decoding

/// The decoder's tables, loaded once per call.
#[derive(Clone, Copy)]
struct DecodeTables {
    /// The codes of the high bytes `80..=BF`.
    low: uint8x16x4_t,
    /// The codes of the high bytes `C0..=FF`.
    high: uint8x16x4_t,
    /// The lead of a code, by its high nibble.
    leads: V,
    /// What to XOR a code's low six bits with for its trail.
    trail: V,
}

impl DecodeTables {
    /// The tables of page `t`.
    #[inline]
    #[target_feature(enable = "neon")]
    fn of(t: &SingleByte) -> Self {
        let r = unxor::<8>(&t.vectors.decode_code);
        Self {
            low: uint8x16x4_t(r[0], r[1], r[2], r[3]),
            high: uint8x16x4_t(r[4], r[5], r[6], r[7]),
            leads: table(&t.vectors.decode_leads),
            trail: splat(t.vectors.decode_trail),
        }
    }
}

/// Decodes the 16 bytes `x` (not all ASCII) into `dst` at `at` with the
/// codes, if each high byte has one; the new output cursor, or `None` to
/// say that the caller must take the bytes through the scalar table.
///
/// # Safety
/// `at + 32 <= dst.len()`.
#[inline]
#[target_feature(enable = "neon")]
unsafe fn decode16(d: &DecodeTables, x: V, dst: &mut [u8], at: usize) -> Option<usize> {
    let idx = veorq_u8(x, splat(0x80));
    let code = vqtbx4q_u8(vqtbl4q_u8(d.low, idx), d.high, vsubq_u8(idx, splat(0x40)));
    let high = vcgeq_u8(x, splat(0x80));
    if vmaxvq_u8(vandq_u8(high, vceqzq_u8(code))) != 0 {
        return None;
    }
    let lead = vqtbl1q_u8(d.leads, vshrq_n_u8::<4>(code));
    let trail = veorq_u8(vandq_u8(code, splat(0x3F)), d.trail);
    let last = vbslq_u8(high, trail, x);
    let rows = half_masks(high);
    let pairs = [vzip1q_u8(lead, last), vzip2q_u8(lead, last)];
    let mut at = at;
    for (row, part) in rows.into_iter().zip(pairs) {
        // SAFETY: each half writes at most 16 bytes; the two stores end by
        // the old `at + 32 <= dst.len()` (the caller says).
        unsafe {
            store16(
                dst,
                at,
                vqtbl1q_u8(part, table(&DECOMPRESS[usize::from(row)])),
            );
        };
        at += 8 + usize::from(POPCOUNT[usize::from(row)]);
    }
    Some(at)
}

/// Decodes `b[i..i + 16]` through the page's `utf8` table into `dst` at
/// `at`, one 4-byte store a byte; the new output cursor, or `None` if a
/// byte is undefined.
///
/// # Safety
/// `i + 16 <= b.len()` and `at + 52 <= dst.len()` (16 characters of at
/// most three bytes, the last store reaching one byte further).
#[inline]
unsafe fn decode16_scalar(
    t: &SingleByte,
    b: &[u8],
    i: usize,
    dst: &mut [u8],
    at: usize,
) -> Option<usize> {
    let mut at = at;
    let mut undefined = false;
    for k in 0..16 {
        // SAFETY: `i + k < i + 16 <= b.len()`.
        let v = t.utf8[usize::from(unsafe { *b.get_unchecked(i + k) })];
        undefined |= v == 0;
        // SAFETY: `at <= old at + 3k <= old at + 45`, so the 4 bytes end
        // by `old at + 49 <= dst.len()`.
        unsafe {
            dst.as_mut_ptr()
                .add(at)
                .cast::<[u8; 4]>()
                .write(v.to_le_bytes());
        };
        at += (v >> 24) as usize;
    }
    if undefined { None } else { Some(at) }
}

/// [`decode`] with NEON.
#[target_feature(enable = "neon")]
#[inline]
fn decode_neon(t: &'static SingleByte, b: &[u8], dst: &mut [u8]) -> Option<usize> {
    let n = b.len();
    let cap = dst.len();
    let mut i = 0;
    let mut at = 0;
    if n >= 64 {
        let d = DecodeTables::of(t);
        // Each block of 64 writes at most 4 * 52 bytes (registers that go
        // through the scalar table), 64 if ASCII.
        while i + 64 <= n && at + 4 * 52 <= cap {
            // SAFETY: `i + 64 <= n`.
            let v = unsafe { load64(b, i) };
            if ascii4(v) {
                // SAFETY: `at + 64 <= cap`.
                unsafe { store64(dst, at, v) };
                i += 64;
                at += 64;
                continue;
            }
            for (k, x) in v.into_iter().enumerate() {
                if vmaxvq_u8(x) < 0x80 {
                    // SAFETY: `at + 16 <= cap`: `at` is at most `3 * 52`
                    // past the block's start, whose `at + 4 * 52 <= cap`.
                    unsafe { store16(dst, at, x) };
                    at += 16;
                    continue;
                }
                // SAFETY: as above, `at + 52 <= cap`, and `i + 16k + 16 <=
                // i + 64 <= n`.
                at = match unsafe { decode16(&d, x, dst, at) } {
                    Some(at) => at,
                    // SAFETY: as above.
                    None => unsafe { decode16_scalar(t, b, i + 16 * k, dst, at) }?,
                };
            }
            i += 64;
        }
    }
    let rest = crate::simd::portable::single_byte::decode(t, b.get(i..)?, dst.get_mut(at..)?)?;
    Some(at + rest)
}

/// Decodes `bytes` of page `t` (whose bytes `00..=7F` are ASCII) to UTF-8;
/// `None` if a byte is undefined or `dst` is too short.
#[inline]
pub(crate) fn decode(t: &'static SingleByte, bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    if !t.ascii {
        return crate::simd::portable::single_byte::decode(t, bytes, dst);
    }
    // SAFETY: NEON is part of the aarch64 base architecture.
    unsafe { decode_neon(t, bytes, dst) }
}

/// [`decoded_len`] with NEON.
#[target_feature(enable = "neon")]
#[inline]
fn decoded_len_neon(t: &'static SingleByte, b: &[u8]) -> Option<usize> {
    let n = b.len();
    let three = table(&t.vectors.three);
    let undefined = table(&t.vectors.undefined);
    let one = splat(1);
    let mut i = 0;
    let mut extra = 0usize;
    let mut bad = splat(0);
    while i + 64 <= n {
        // Each block adds at most 8 to a lane: 31 blocks stay below 256.
        let stop = if n - i > 31 * 64 { i + 31 * 64 } else { n };
        let mut acc = splat(0);
        while i + 64 <= stop {
            // SAFETY: `i + 64 <= stop <= n`.
            let v = unsafe { load64(b, i) };
            i += 64;
            if ascii4(v) {
                continue;
            }
            for x in v {
                let high = vcgeq_u8(x, splat(0x80));
                // The bitmaps' byte: bits 3..7 of the high byte (ASCII bytes
                // index past the table and find 0); the bit: `1 << (x & 7)`.
                let at = vshrq_n_u8::<3>(veorq_u8(x, splat(0x80)));
                let bit = vshlq_u8(one, vreinterpretq_s8_u8(vandq_u8(x, splat(7))));
                let is_three = vtstq_u8(vqtbl1q_u8(three, at), bit);
                bad = vorrq_u8(bad, vtstq_u8(vqtbl1q_u8(undefined, at), bit));
                acc = vsubq_u8(vsubq_u8(acc, high), is_three);
            }
        }
        extra += usize::from(vaddlvq_u8(acc));
    }
    if vmaxvq_u8(bad) != 0 {
        return None;
    }
    let rest = crate::engine::single_byte::decoded_len(t, b.get(i..)?).ok()?;
    Some(i + extra + rest)
}

/// The length of the UTF-8 of `bytes` of page `t` (whose bytes `00..=7F`
/// are ASCII); `None` if a byte is undefined.
#[inline]
pub(crate) fn decoded_len(t: &'static SingleByte, bytes: &[u8]) -> Option<usize> {
    if !t.ascii {
        return crate::engine::single_byte::decoded_len(t, bytes).ok();
    }
    // SAFETY: NEON is part of the aarch64 base architecture.
    unsafe { decoded_len_neon(t, bytes) }
}

// ---------------------------------------------------------------- encoding

/// The encoder's tables, loaded once per call.
#[derive(Clone, Copy)]
struct EncodeTables {
    /// The page's byte of each code, 64 codes a table.
    bytes: [uint8x16x4_t; 4],
    /// The hot leads, one per register (`C0`, never in UTF-8, for an
    /// unused slot).
    leads: [V; 4],
}

impl EncodeTables {
    /// The tables of page `t`.
    #[inline]
    #[target_feature(enable = "neon")]
    fn of(t: &SingleByte) -> Self {
        let lo = unxor::<8>(&t.vectors.encode[..8]);
        let hi = unxor::<8>(&t.vectors.encode[8..]);
        let l = t.vectors.leads;
        Self {
            bytes: [
                uint8x16x4_t(lo[0], lo[1], lo[2], lo[3]),
                uint8x16x4_t(lo[4], lo[5], lo[6], lo[7]),
                uint8x16x4_t(hi[0], hi[1], hi[2], hi[3]),
                uint8x16x4_t(hi[4], hi[5], hi[6], hi[7]),
            ],
            leads: [splat(l[0]), splat(l[1]), splat(l[2]), splat(l[3])],
        }
    }
}

/// What a step of [`encode16`] did.
enum Step {
    /// Encoded: the new input and output cursors.
    Done(usize, usize),
    /// Not taken: a byte is not ASCII, a hot lead or its trail.
    Scalar,
    /// The page lacks a character.
    Missing,
}

/// Encodes the 16 bytes at `b[i..]` into `dst` at `at` if each is ASCII, a
/// hot lead or the trail after one; the new cursors (`i` past the trail of
/// a lead in the last byte), [`Step::Scalar`] if some byte is none of those
/// (the caller takes the characters one at a time), or [`Step::Missing`]
/// if the page lacks a character.
///
/// # Safety
/// `i + 17 <= b.len()`, `b[i]` starts a character, and `at + 16 <=
/// dst.len()`.
#[inline]
#[target_feature(enable = "neon")]
unsafe fn encode16(e: &EncodeTables, b: &[u8], i: usize, dst: &mut [u8], at: usize) -> Step {
    // SAFETY: `i + 17 <= b.len()`.
    let (x, next) = unsafe { (load16(b, i), load16(b, i + 1)) };
    let eq = [
        vceqq_u8(x, e.leads[0]),
        vceqq_u8(x, e.leads[1]),
        vceqq_u8(x, e.leads[2]),
        vceqq_u8(x, e.leads[3]),
    ];
    let hot = vorrq_u8(vorrq_u8(eq[0], eq[1]), vorrq_u8(eq[2], eq[3]));
    // The byte after a hot lead (byte 0 starts a character: no trail).
    let trail = vextq_u8::<15>(splat(0), hot);
    let ascii = vmvnq_u8(vcgeq_u8(x, splat(0x80)));
    if vmaxvq_u8(vmvnq_u8(vorrq_u8(vorrq_u8(ascii, hot), trail))) != 0 {
        return Step::Scalar;
    }
    let slot = vorrq_u8(
        vandq_u8(eq[1], splat(0x40)),
        vorrq_u8(vandq_u8(eq[2], splat(0x80)), vandq_u8(eq[3], splat(0xC0))),
    );
    let code = vorrq_u8(slot, vandq_u8(next, splat(0x3F)));
    let mut byte = vqtbl4q_u8(e.bytes[0], code);
    byte = vqtbx4q_u8(byte, e.bytes[1], vsubq_u8(code, splat(0x40)));
    byte = vqtbx4q_u8(byte, e.bytes[2], vsubq_u8(code, splat(0x80)));
    byte = vqtbx4q_u8(byte, e.bytes[3], vsubq_u8(code, splat(0xC0)));
    if vmaxvq_u8(vandq_u8(hot, vceqzq_u8(byte))) != 0 {
        return Step::Missing;
    }
    let out = vbslq_u8(hot, byte, x);
    let rows = half_masks(trail);
    let mut at = at;
    for (k, row) in rows.into_iter().enumerate() {
        // SAFETY: `COMPRESS` rows are 8 bytes.
        let idx = unsafe { vld1_u8(COMPRESS[usize::from(row)].as_ptr()) };
        let idx = if k == 0 {
            idx
        } else {
            core::arch::aarch64::vadd_u8(idx, core::arch::aarch64::vdup_n_u8(8))
        };
        // SAFETY: each half writes 8 bytes, from at most 8 past the old
        // `at`: within `at + 16 <= dst.len()` (the caller says).
        unsafe { store8(dst, at, vqtbl1_u8(out, idx)) };
        at += 8 - usize::from(POPCOUNT[usize::from(row)]);
    }
    // A lead in the last byte: its trail (`next`'s last byte) is taken.
    let last_hot = usize::from(rows_high_bit(hot));
    Step::Done(i + 16 + last_hot, at)
}

/// Whether byte 15 of `v` (a compare) is set.
#[inline]
#[target_feature(enable = "neon")]
fn rows_high_bit(v: V) -> bool {
    core::arch::aarch64::vgetq_lane_u8::<15>(v) != 0
}

/// The characters from `b[i]` (a character's start) into `dst` at `at`
/// through the page's reverse map, until the cursor is at or past `end`;
/// the new cursors, or `None` if the page lacks a character or `dst` is
/// too short.
#[inline]
fn encode_chars(
    t: &SingleByte,
    b: &[u8],
    mut i: usize,
    end: usize,
    dst: &mut [u8],
    mut at: usize,
) -> Option<(usize, usize)> {
    while i < end {
        let lead = *b.get(i)?;
        let (byte, len) = if lead < 0x80 {
            (lead, 1)
        } else if lead < 0xE0 {
            (t.two_byte(lead, *b.get(i + 1)?), 2)
        } else if lead < 0xF0 {
            (t.three_byte(lead, *b.get(i + 1)?, *b.get(i + 2)?), 3)
        } else {
            return None;
        };
        if byte == 0 && lead != 0 {
            return None;
        }
        *dst.get_mut(at)? = byte;
        at += 1;
        i += len;
    }
    Some((i, at))
}

/// [`encode`] with NEON.
#[target_feature(enable = "neon")]
#[inline]
fn encode_neon(t: &SingleByte, text: &str, dst: &mut [u8]) -> Option<usize> {
    let b = text.as_bytes();
    let n = b.len();
    let cap = dst.len();
    let mut i = 0;
    let mut at = 0;
    if n >= 64 {
        let e = EncodeTables::of(t);
        while i + 64 <= n && at + 64 <= cap {
            // SAFETY: `i + 64 <= n`.
            let v = unsafe { load64(b, i) };
            if ascii4(v) {
                // SAFETY: `at + 64 <= cap`.
                unsafe { store64(dst, at, v) };
                i += 64;
                at += 64;
                continue;
            }
            // Blocks of 16 up to the end of these 64 bytes (a lead in a
            // block's last byte takes the next block's first byte).
            let end = i + 64;
            while i < end && i + 17 <= n && at + 16 <= cap {
                // SAFETY: `i + 16 <= n`.
                let x = unsafe { load16(b, i) };
                if vmaxvq_u8(x) < 0x80 {
                    // SAFETY: `at + 16 <= cap`.
                    unsafe { store16(dst, at, x) };
                    i += 16;
                    at += 16;
                    continue;
                }
                // SAFETY: `i + 17 <= n`, `at + 16 <= cap`, and `i` starts a
                // character (blocks end after whole characters).
                match unsafe { encode16(&e, b, i, dst, at) } {
                    Step::Done(i2, at2) => (i, at) = (i2, at2),
                    Step::Scalar => (i, at) = encode_chars(t, b, i, i + 16, dst, at)?,
                    Step::Missing => return None,
                }
            }
        }
    }
    let rest = text.get(i..)?;
    let m = crate::simd::portable::single_byte::encode(t, rest, dst.get_mut(at..)?)?;
    Some(at + m)
}

/// Encodes `text` in page `t` (whose bytes `00..=7F` are ASCII); `None` if
/// a character is not in the page or `dst` is too short.
#[inline]
pub(crate) fn encode(t: &SingleByte, text: &str, dst: &mut [u8]) -> Option<usize> {
    if !t.ascii {
        return crate::simd::portable::single_byte::encode(t, text, dst);
    }
    // SAFETY: NEON is part of the aarch64 base architecture.
    unsafe { encode_neon(t, text, dst) }
}

// ------------------------------------------------------------- byte maps

/// A 256-byte table in four groups of four registers: one `tbl` looks up
/// the first 64 entries, three `tbx` the others (each leaves the lanes
/// whose index, less 64, 128 or 192, is out of its range as they are).
#[derive(Clone, Copy)]
struct ByteMap([uint8x16x4_t; 4]);

impl ByteMap {
    /// The registers of `table`.
    #[inline]
    #[target_feature(enable = "neon")]
    fn of(table: &[u8; 256]) -> Self {
        // SAFETY: `table` has 256 bytes: four loads of 64.
        unsafe {
            Self([
                vld1q_u8_x4(table.as_ptr()),
                vld1q_u8_x4(table.as_ptr().add(64)),
                vld1q_u8_x4(table.as_ptr().add(128)),
                vld1q_u8_x4(table.as_ptr().add(192)),
            ])
        }
    }

    /// Each byte of `x` through the table.
    #[inline]
    #[target_feature(enable = "neon")]
    fn look(&self, x: V) -> V {
        let t = &self.0;
        let mut r = vqtbl4q_u8(t[0], x);
        r = vqtbx4q_u8(r, t[1], vsubq_u8(x, splat(0x40)));
        r = vqtbx4q_u8(r, t[2], vsubq_u8(x, splat(0x80)));
        vqtbx4q_u8(r, t[3], vsubq_u8(x, splat(0xC0)))
    }
}

/// `src` through the 256-byte `table` into `dst` (as long as `src`): 16
/// bytes a step, then the last 16 (overlapping), and below 16 bytes one at
/// a time. The EBCDIC pages' byte permutation (`simd::proxy`).
///
/// # Panics
/// If `dst` is shorter than `src`.
#[inline]
pub(crate) fn map(table: &[u8; 256], src: &[u8], dst: &mut [u8]) {
    // SAFETY: NEON is part of the aarch64 base architecture.
    unsafe { map_neon(table, src, dst) }
}

/// [`map`] with NEON.
#[target_feature(enable = "neon")]
#[inline]
fn map_neon(table: &[u8; 256], src: &[u8], dst: &mut [u8]) {
    let n = src.len();
    let dst = &mut dst[..n];
    if n < 16 {
        for (d, &s) in dst.iter_mut().zip(src) {
            *d = table[usize::from(s)];
        }
        return;
    }
    let m = ByteMap::of(table);
    let mut i = 0;
    while i + 16 <= n {
        // SAFETY: `i + 16 <= n`, the length of both.
        unsafe { store16(dst, i, m.look(load16(src, i))) };
        i += 16;
    }
    if i < n {
        // SAFETY: `n >= 16`.
        unsafe { store16(dst, n - 16, m.look(load16(src, n - 16))) };
    }
}

/// `buf` through the 256-byte `table`, in place: 16 bytes a step, the last
/// bytes (fewer than 16, which a second look-up must not reach) one at a
/// time.
#[inline]
pub(crate) fn map_in_place(table: &[u8; 256], buf: &mut [u8]) {
    // SAFETY: NEON is part of the aarch64 base architecture.
    unsafe { map_in_place_neon(table, buf) }
}

/// [`map_in_place`] with NEON.
#[target_feature(enable = "neon")]
#[inline]
fn map_in_place_neon(table: &[u8; 256], buf: &mut [u8]) {
    let n = buf.len();
    let mut i = 0;
    if n >= 16 {
        let m = ByteMap::of(table);
        while i + 16 <= n {
            // SAFETY: `i + 16 <= n`; the load is done before the store.
            unsafe {
                let x = load16(buf, i);
                store16(buf, i, m.look(x));
            }
            i += 16;
        }
    }
    for b in &mut buf[i..] {
        *b = table[usize::from(*b)];
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::{decode, decoded_len, encode, map, map_in_place};
    use crate::encoding::Encoding;
    use crate::rules::Family;
    use crate::simd::portable::single_byte as portable;
    use crate::simd::test_support::{MIRI, Rng, cases, sample};
    use crate::table::SingleByte;
    use std::string::String;
    use std::vec;
    use std::vec::Vec;

    /// Every single-byte page whose bytes `00..=7F` are ASCII.
    fn pages() -> Vec<&'static SingleByte> {
        Encoding::ALL
            .iter()
            .filter(|e| e.is_single_byte())
            .filter_map(|e| match e.family() {
                Family::SingleByte(t) if t.ascii => Some(t),
                _ => None,
            })
            .collect()
    }

    /// The output lengths to try around `need`.
    fn lengths(need: usize, sweep: bool) -> Vec<usize> {
        if MIRI {
            vec![need.saturating_sub(1), need]
        } else if sweep {
            (0..=need + 40).collect()
        } else {
            vec![
                0,
                need.saturating_sub(1),
                need,
                need + 1,
                need + 64,
                need + 300,
            ]
        }
    }

    /// `decode` and `decoded_len` against the `const fn`s and the portable
    /// kernel, at output lengths around the exact one.
    fn check_decode(t: &'static SingleByte, input: &[u8], sweep: bool) {
        let fam = Family::SingleByte(t);
        let mut want = vec![0u8; 3 * input.len() + 4];
        let decoded = crate::engine::decode_into(fam, input, &mut want);
        assert_eq!(
            decoded_len(t, input),
            decoded.ok(),
            "{:?} length of {input:02X?}",
            t.encoding
        );
        for len in lengths(decoded.unwrap_or(input.len()), sweep) {
            let mut dst = vec![0xAA; len];
            let got = decode(t, input, &mut dst);
            let mut peer = vec![0xAA; len];
            assert_eq!(
                got,
                portable::decode(t, input, &mut peer),
                "{:?}",
                t.encoding
            );
            match decoded {
                Ok(n) if len >= n => {
                    assert_eq!(got, Some(n), "{:?} {input:02X?} dst {len}", t.encoding);
                    assert_eq!(dst[..n], want[..n], "{:?} {input:02X?}", t.encoding);
                }
                _ => assert_eq!(got, None, "{:?} {input:02X?} dst {len}", t.encoding),
            }
        }
    }

    /// `encode` against the `const fn` and the portable kernel.
    fn check_encode(t: &'static SingleByte, text: &str, sweep: bool) {
        let fam = Family::SingleByte(t);
        let mut want = vec![0u8; text.len() + 4];
        let encoded = crate::engine::encode_into(fam, text, &mut want);
        for len in lengths(encoded.unwrap_or(text.len()), sweep) {
            let mut dst = vec![0xAA; len];
            let got = encode(t, text, &mut dst);
            let mut peer = vec![0xAA; len];
            assert_eq!(
                got,
                portable::encode(t, text, &mut peer),
                "{:?}",
                t.encoding
            );
            match encoded {
                Ok(n) if len >= n => {
                    assert_eq!(got, Some(n), "{:?} {text:?} dst {len}", t.encoding);
                    assert_eq!(dst[..n], want[..n], "{:?} {text:?}", t.encoding);
                }
                _ => assert_eq!(got, None, "{:?} {text:?} dst {len}", t.encoding),
            }
        }
    }

    /// Every high byte (defined or not) of every page, after `before` bytes
    /// of filler (ASCII, or the page's own high bytes) and before 0 to 70
    /// bytes of ASCII: every block offset of the 64-byte and 16-byte steps.
    #[test]
    fn neon_single_byte_decode_every_byte_at_every_offset() {
        for (p, t) in pages().into_iter().enumerate() {
            for byte in sample(0x80..=0xFFu8, 7) {
                for before in sample(0..80, 9) {
                    for after in [0, 3, 17, 70] {
                        let filler = if (before + p) % 2 == 0 {
                            b'a'
                        } else {
                            0xC0 | (p as u8 & 0x3F)
                        };
                        let mut input = vec![filler; before];
                        input.push(byte);
                        input.extend(core::iter::repeat_n(b'z', after));
                        check_decode(t, &input, after == 3 && before % 16 == 5);
                    }
                }
            }
        }
    }

    /// Every character of every page, and characters it lacks, at every
    /// offset after ASCII or after the page's characters, so that every
    /// kind of lead ends up in every byte of a block (the last byte, whose
    /// trail is in the next one, included).
    #[test]
    fn neon_single_byte_encode_every_character_at_every_offset() {
        for t in pages() {
            let chars: Vec<char> = (0x80..=0xFFu8)
                .filter_map(|b| t.decode_byte(b))
                .chain(['€', 'ж', 'ÿ', '世', '😀', '\u{7FF}', '\u{FFFD}'])
                .collect();
            let fillers: Vec<char> = chars.iter().copied().take(2).chain(['a']).collect();
            for c in sample(chars, 5) {
                for filler in &fillers {
                    for before in sample(0..72, 7) {
                        let mut s: String =
                            core::iter::repeat_n(*filler, before / filler.len_utf8()).collect();
                        for _ in 0..before % filler.len_utf8() {
                            s.insert(0, 'x');
                        }
                        s.push(c);
                        for _ in 0..20 {
                            s.push('q');
                        }
                        check_encode(t, &s, before % 32 == 15);
                    }
                }
            }
        }
    }

    /// Random text of each page's characters (runs of ASCII, of the page's
    /// letters, mixed) at fixed seeds, round trips, and corruptions: an
    /// undefined byte, a character the page lacks.
    #[test]
    fn neon_single_byte_random_round_trips_and_corruptions() {
        let mut rng = Rng(0x51_7CC1_B727_220A);
        for t in pages() {
            let high: Vec<u8> = (0x80..=0xFFu8)
                .filter(|&b| t.decode_byte(b).is_some())
                .collect();
            for _ in 0..cases(200, 2) {
                let len = rng.below(700) as usize;
                let dense = rng.below(4);
                let mut bytes = Vec::with_capacity(len);
                while bytes.len() < len {
                    if rng.below(4) < dense && !high.is_empty() {
                        bytes.push(high[rng.index(high.len())]);
                    } else {
                        bytes.push(b' ' + rng.below(95) as u8);
                    }
                }
                check_decode(t, &bytes, false);
                let mut text = vec![0u8; 3 * bytes.len()];
                let n =
                    crate::engine::decode_into(Family::SingleByte(t), &bytes, &mut text).unwrap();
                let text = String::from_utf8(text[..n].to_vec()).unwrap();
                check_encode(t, &text, false);
                if !bytes.is_empty() {
                    let mut c = bytes.clone();
                    let k = rng.index(c.len());
                    c[k] = rng.next() as u8;
                    check_decode(t, &c, false);
                    let mut s = text.clone();
                    let mut at = rng.index(s.len() + 1);
                    while !s.is_char_boundary(at) {
                        at -= 1;
                    }
                    let odd = ['世', '😀', 'ж', 'Ω', '€', 'ß'][rng.index(6)];
                    s.insert(at, odd);
                    check_encode(t, &s, false);
                }
            }
        }
    }

    /// The byte map against a table look-up, every length around the
    /// register's and every byte.
    #[test]
    fn neon_map_every_byte_every_length() {
        let mut table = [0u8; 256];
        let mut rng = Rng(0x1234_5678_9ABC_DEF1);
        for (k, e) in table.iter_mut().enumerate() {
            *e = (k as u8)
                .wrapping_mul(167)
                .wrapping_add(rng.next() as u8 & 1);
        }
        let src: Vec<u8> = (0..600u32).map(|k| (k * 7 + k / 256) as u8).collect();
        for len in (0..80).chain([255, 256, 257, 599]) {
            let mut dst = vec![0xAA; len + 3];
            map(&table, &src[..len], &mut dst);
            for k in 0..len {
                assert_eq!(dst[k], table[usize::from(src[k])], "len {len}, byte {k}");
            }
            assert_eq!(dst[len..], [0xAA; 3]);
            let mut buf = src[..len].to_vec();
            map_in_place(&table, &mut buf);
            assert_eq!(buf[..], dst[..len], "in place, len {len}");
        }
    }
}
