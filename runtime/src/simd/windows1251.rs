//! Windows-1251 with AVX2: encoding from UTF-8 and decoding to UTF-8, 32
//! input bytes per step.
//!
//! # Encoding
//!
//! Russian text is ASCII (spaces, digits, punctuation) and the two-byte
//! sequences `D0 xx` and `D1 xx` of U+0400..=U+047F. Windows-1251 has
//! U+0410..=U+044F (the 64 letters of the Russian alphabet) at bytes
//! `C0..=FF` in order, and sixteen more of U+0400..=U+045F (Ё, ё, Ђ, ...,
//! џ) at scattered bytes. A block of 32 bytes that holds only ASCII and
//! such sequences is encoded with vector code:
//!
//! - at each lead byte (`D0` or `D1`), `idx = (lead & 1) << 6 | (next &
//!   0x3F)` is the character's offset from U+0400 (`next` is the block
//!   loaded one byte further on, so it holds each lead's continuation
//!   byte, also for a lead at the block's last position);
//! - `idx` in `0x10..=0x4F` (the letters) gives `idx + 0xB0` (wrapping:
//!   `C0..=FF`); `idx` in `0x00..=0x0F` and `0x50..=0x5F` gives a
//!   16-entry table (`vpshufb`) of the row `D0 8x` or `D1 9x`; `idx` from
//!   `0x60` (U+0460 and up) gives `idx + 0xB0`, which is below `0x80`.
//!   Every byte Windows-1251 has for a non-ASCII character is `0x80` or
//!   more, so a result below `0x80` (also the table's 0 for U+0400,
//!   U+040D, U+0450 and U+045D) marks a character the vector code cannot
//!   encode;
//! - the result replaces the lead byte, and the continuation bytes are
//!   dropped: a shuffle per eight input bytes, its control read from
//!   `COMPRESS` indexed by the eight bits of the keep mask, and an
//!   8-byte store whose cursor then moves by the mask's popcount. This is
//!   the "compress with a lookup table" idea of Lemire and Muła,
//!   "Transcoding Billions of Unicode Characters per Second with SIMD
//!   Instructions" (2022); the code and tables here are our own.
//!
//! ASCII is checked and stored 64 bytes at a time, then 32. Every other
//! block is stored as it is too, which is its output up to its first
//! non-ASCII byte; if the character there is not Cyrillic (dashes and
//! quotes in English text), it goes through the scalar tables at once and
//! the loop starts again after it. Otherwise, in the vector code, the
//! first byte that is neither ASCII nor part of an encodable
//! `D0`/`D1` sequence starts a character (everything before it is whole
//! characters): the block's output up to that character is kept, that one
//! character goes through the page's reverse map (« », the dashes and
//! quotes, …, €, №, ™), and the
//! vector loop starts again right after it. A block that ends with a lead
//! byte takes its continuation byte too (33 bytes), so every block starts
//! on a character boundary.
//!
//! # Decoding
//!
//! ASCII is checked and stored 64 bytes at a time, then 32; every other
//! block is stored as it is too, which is its output up to its first
//! non-ASCII byte, and if that byte is not a letter it is decoded at once
//! from the scalar table and the loop starts again after it (this is the
//! case of dashes and quotes in English). A block of ASCII and the
//! letters `C0..=FF` (two UTF-8 bytes each: `C0..=EF` are `D0 90..=BF`,
//! `F0..=FF` are `D1 80..=8F`) is expanded with vector code: two vectors
//! hold what each input byte contributes, the lead (`D0`, `D1`) and the
//! last byte (the continuation byte, or the ASCII byte itself), both from
//! the high nibble through a 16-entry table; then for each eight input
//! bytes one shuffle, its control read from `EXPAND` indexed by the
//! eight bits of the letter mask, puts the bytes in their places (a letter
//! twice, once as lead and once as continuation, told apart by bit 6 of
//! the control byte, which `vpshufb` ignores), and a 16-byte store moves
//! the cursor by `8 + popcount`. Any other byte (`80..=BF`: Ё, ё, « », №,
//! dashes, quotes, ...) is decoded on its own from the scalar table
//! `utf8` table after the block's output before it, and the vector loop
//! starts again after it.
//!
//! Both kernels finish the input (the last bytes, or those whose output
//! would reach past the room the vector stores need) with scalar code that
//! writes exactly, checking the room for each character.

// The codec's short names (`b` input, `i` input cursor, `at` output cursor,
// `v` a vector, `f` a position in a block), as in `crate::engine`.
#![allow(clippy::many_single_char_names)]
// Every pointer cast to a vector type goes to an unaligned load or store
// (`loadu`, `storeu`, `storel`), which need no alignment. (Not `storeh_pd`:
// its `f64` store must be 8-byte aligned; see `store8`.)
#![allow(clippy::cast_ptr_alignment)]

use crate::rules::Family;
use crate::tables::WINDOWS1251;

const F: Family = Family::SingleByte(&WINDOWS1251);

/// Encodes `text`; `None` if a character is unencodable or `dst` too short.
#[inline]
pub(crate) fn encode(text: &str, dst: &mut [u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::simd::avx2() {
            // SAFETY: `avx2()` said that this CPU has every feature the
            // function enables.
            return unsafe { avx2::encode(text, dst) };
        }
    }
    crate::engine::encode_into(F, text, dst).ok()
}

/// Decodes to UTF-8; `None` if `dst` is too short.
#[inline]
pub(crate) fn decode(bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::simd::avx2() {
            // SAFETY: `avx2()` said that this CPU has every feature the
            // function enables.
            return unsafe { avx2::decode(bytes, dst) };
        }
    }
    crate::engine::decode_into(F, bytes, dst).ok()
}

/// The AVX2 kernels, their tables and their scalar steps.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use crate::tables::WINDOWS1251;
    use core::arch::x86_64::{
        __m128i, __m256i, _mm256_add_epi8, _mm256_and_si256, _mm256_blendv_epi8,
        _mm256_broadcastsi128_si256, _mm256_castsi128_si256, _mm256_castsi256_si128,
        _mm256_cmpeq_epi8, _mm256_extracti128_si256, _mm256_inserti128_si256, _mm256_loadu_si256,
        _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8, _mm256_set_epi64x,
        _mm256_shuffle_epi8, _mm256_slli_epi16, _mm256_srli_epi16, _mm256_storeu_si256,
        _mm_loadu_si128, _mm_storel_epi64, _mm_storeu_si128, _mm_unpackhi_epi64,
    };

    // ---------------------------------------------------------------------------
    // Tables, all computed at compile time from the generated ones.

    /// The byte of U+0080..=U+07FF `cp`, 0 if none.
    const fn two_byte(cp: u32) -> u8 {
        WINDOWS1251.two_byte(0xC0 | (cp >> 6) as u8, 0x80 | (cp & 0x3F) as u8)
    }

    // The vector encoder's arithmetic: U+0410 + k is byte 0xC0 + k (k < 64).
    const _: () = {
        let mut k = 0;
        while k < 64 {
            assert!(two_byte(0x410 + k) as u32 == 0xC0 + k);
            k += 1;
        }
    };

    /// The byte of U+0400 + `j` (`D0 80+j`), 0 if none: the row the vector
    /// encoder looks up for `idx` in `0x00..=0x0F`.
    static ENC_ROW_0400: [u8; 16] = enc_row(0x400);
    /// The byte of U+0450 + `j` (`D1 90+j`), 0 if none: the row for `idx` in
    /// `0x50..=0x5F`.
    static ENC_ROW_0450: [u8; 16] = enc_row(0x450);

    const fn enc_row(base: u32) -> [u8; 16] {
        let mut row = [0u8; 16];
        let mut j = 0;
        while j < 16 {
            row[j] = two_byte(base + j as u32);
            j += 1;
        }
        row
    }

    /// `0xFF` for the rows (`idx >> 4`) that [`ENC_ROW_0400`] and
    /// [`ENC_ROW_0450`] hold, 0 for the rows of arithmetic.
    static ENC_TABLE_ROWS: [u8; 16] = [0xFF, 0, 0, 0, 0, 0xFF, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

    /// The `vpshufb` control that packs the bytes whose bit is set in the
    /// index to the front of 8, in order, then zero bytes (`0x80`); one
    /// little-endian word per 8-bit keep mask.
    static COMPRESS: [u64; 256] = compress_table();

    /// Added to a [`COMPRESS`] word for the upper 8 bytes of a 16-byte lane.
    const PLUS8: u64 = 0x0808_0808_0808_0808;

    const fn compress_table() -> [u64; 256] {
        let mut t = [0u64; 256];
        let mut m = 0usize;
        while m < 256 {
            let mut ctrl = [0x80u8; 8];
            let (mut j, mut k) = (0usize, 0usize);
            while j < 8 {
                if (m >> j) & 1 != 0 {
                    ctrl[k] = j as u8;
                    k += 1;
                }
                j += 1;
            }
            t[m] = u64::from_le_bytes(ctrl);
            m += 1;
        }
        t
    }

    // The vector decoder's arithmetic: byte 0xC0 + k is U+0410 + k, whose UTF-8
    // is D0 90+k (k < 48) or D1 80+k-48, two bytes.
    const _: () = {
        let mut k = 0;
        while k < 64 {
            let want = if k < 48 {
                0x0200_0000 | (0x90 + k) << 8 | 0xD0
            } else {
                0x0200_0000 | (0x80 + k - 48) << 8 | 0xD1
            };
            assert!(WINDOWS1251.utf8[0xC0 + k as usize] == want);
            k += 1;
        }
    };

    /// What to add to a byte, by its high nibble, for its last UTF-8 byte: 0
    /// for ASCII, `-0x30` for `C0..=EF`, `-0x70` for `F0..=FF` (rows 8 to B
    /// are never used).
    static DEC_ADD: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xD0, 0xD0, 0xD0, 0x90];
    /// The UTF-8 lead of a letter, by its high nibble.
    static DEC_LEAD: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xD0, 0xD0, 0xD0, 0xD1];

    /// The `vpshufb` control that writes the UTF-8 of 8 input bytes of ASCII
    /// and letters, indexed by the letter mask: the index of each input byte,
    /// once for ASCII, twice for a letter (first with bit 6 set: "take the
    /// lead"), then zero bytes (`0x80`). At most 16 bytes, `8 + popcount`.
    static EXPAND: [[u8; 16]; 256] = expand_table();

    const fn expand_table() -> [[u8; 16]; 256] {
        let mut t = [[0x80u8; 16]; 256];
        let mut m = 0usize;
        while m < 256 {
            let (mut j, mut k) = (0usize, 0usize);
            while j < 8 {
                if (m >> j) & 1 != 0 {
                    t[m][k] = 0x40 | j as u8;
                    k += 1;
                }
                t[m][k] = j as u8;
                k += 1;
                j += 1;
            }
            m += 1;
        }
        t
    }

    // ---------------------------------------------------------------------------
    // Scalar steps, for the characters the vector loops hand over and the tail.

    /// The byte of the non-ASCII character at `b[i..]` (valid UTF-8) and its
    /// UTF-8 length; byte 0 if Windows-1251 does not have it.
    #[inline]
    fn encode_one(b: &[u8], i: usize) -> (u8, usize) {
        let lead = b[i];
        if lead < 0xE0 {
            (WINDOWS1251.two_byte(lead, b[i + 1]), 2)
        } else if lead < 0xF0 {
            (WINDOWS1251.three_byte(lead, b[i + 1], b[i + 2]), 3)
        } else {
            (0, 4)
        }
    }

    /// Encodes `b[i..]` (whole characters) into `dst[at..]` one character at a
    /// time, with exact writes; the total written, or `None`.
    #[inline]
    fn encode_tail(b: &[u8], mut i: usize, dst: &mut [u8], mut at: usize) -> Option<usize> {
        while i < b.len() {
            let c = b[i];
            let (byte, len) = if c < 0x80 { (c, 1) } else { encode_one(b, i) };
            if byte == 0 && c != 0 {
                return None;
            }
            *dst.get_mut(at)? = byte;
            at += 1;
            i += len;
        }
        Some(at)
    }

    /// Writes the UTF-8 of `byte` at `dst[at..]`; the new cursor, or `None` if
    /// it does not fit.
    #[inline]
    fn decode_one(byte: u8, dst: &mut [u8], at: usize) -> Option<usize> {
        let v = WINDOWS1251.utf8[usize::from(byte)];
        let len = (v >> 24) as usize;
        if let Some(out) = dst.get_mut(at..at + 4) {
            // One 4-byte store; the bytes past `len` are overwritten later or
            // past the output.
            out.copy_from_slice(&v.to_le_bytes());
        } else {
            let out = dst.get_mut(at..at + len)?;
            out.copy_from_slice(&v.to_le_bytes()[..len]);
        }
        Some(at + len)
    }

    // ---------------------------------------------------------------------------
    // AVX2.

    // # `unsafe` here
    //
    // Only two things here need `unsafe`: calling the kernels `encode` and
    // `decode`, whose one precondition is that the CPU has the enabled
    // features, [`crate::simd::FEATURES`] (the caller checked
    // [`crate::simd::avx2`]), and the unaligned loads and stores, each
    // within bounds that the code checked. The load and store helpers are
    // `unsafe fn`s for their bounds (and, being `#[target_feature]`, for the
    // features); inside a kernel the features hold, so the `SAFETY:`
    // comments of their calls say "features" and which check gives the
    // bounds. Helpers with no other precondition are safe
    // `#[target_feature]` functions (Rust 1.86), and value-only intrinsics
    // are safe (1.87): both are called without `unsafe` from any function
    // that enables the same features.

    /// The 16 bytes of `t` in both lanes.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    fn broadcast16(t: &[u8; 16]) -> __m256i {
        // SAFETY: `t` is a reference to 16 bytes, exactly what the
        // unaligned 128-bit load reads.
        _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(t.as_ptr().cast::<__m128i>()) })
    }

    /// `lo` in the low lane, `hi` in the high lane.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    fn load_lanes(lo: &[u8; 16], hi: &[u8; 16]) -> __m256i {
        // SAFETY: `lo` and `hi` are references to 16 bytes each, exactly
        // what each unaligned 128-bit load reads.
        let (lo, hi) = unsafe {
            (
                _mm_loadu_si128(lo.as_ptr().cast::<__m128i>()),
                _mm_loadu_si128(hi.as_ptr().cast::<__m128i>()),
            )
        };
        _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1)
    }

    /// The 32 bytes `b[i..i + 32]`.
    ///
    /// # Safety
    /// The CPU must have the enabled features, and `i + 32 <= b.len()`.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    unsafe fn load32(b: &[u8], i: usize) -> __m256i {
        debug_assert!(i + 32 <= b.len(), "load32 out of bounds");
        // SAFETY: the caller guarantees `i + 32 <= b.len()`, so the 32 bytes
        // from `b.as_ptr() + i` are within `b`; the load is unaligned.
        unsafe { _mm256_loadu_si256(b.as_ptr().add(i).cast::<__m256i>()) }
    }

    /// Stores `v` at `dst[at..at + 32]`.
    ///
    /// # Safety
    /// The CPU must have the enabled features, and `at + 32 <= dst.len()`.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    unsafe fn store32(dst: &mut [u8], at: usize, v: __m256i) {
        debug_assert!(at + 32 <= dst.len(), "store32 out of bounds");
        // SAFETY: the caller guarantees `at + 32 <= dst.len()`, so the 32
        // bytes from `dst.as_mut_ptr() + at` are within `dst`; the store is
        // unaligned.
        unsafe { _mm256_storeu_si256(dst.as_mut_ptr().add(at).cast::<__m256i>(), v) };
    }

    /// Stores `v` at `dst[at..at + 16]`.
    ///
    /// # Safety
    /// The CPU must have the enabled features, and `at + 16 <= dst.len()`.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    unsafe fn store16(dst: &mut [u8], at: usize, v: __m128i) {
        debug_assert!(at + 16 <= dst.len(), "store16 out of bounds");
        // SAFETY: the caller guarantees `at + 16 <= dst.len()`, so the 16
        // bytes from `dst.as_mut_ptr() + at` are within `dst`; the store is
        // unaligned.
        unsafe { _mm_storeu_si128(dst.as_mut_ptr().add(at).cast::<__m128i>(), v) };
    }

    /// Stores the low 8 bytes of `v` at `dst[at..at + 8]`.
    ///
    /// # Safety
    /// The CPU must have the enabled features, and `at + 8 <= dst.len()`.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    unsafe fn store8(dst: &mut [u8], at: usize, v: __m128i) {
        debug_assert!(at + 8 <= dst.len(), "store8 out of bounds");
        // SAFETY: the caller guarantees `at + 8 <= dst.len()`, so the 8
        // bytes from `dst.as_mut_ptr() + at` are within `dst`.
        // `_mm_storel_epi64` stores unaligned, whatever its pointer type
        // (not so `_mm_storeh_pd`: that one is a typed `f64` store, which
        // must be 8-byte aligned).
        unsafe { _mm_storel_epi64(dst.as_mut_ptr().add(at).cast::<__m128i>(), v) };
    }

    /// The encoder; see the module documentation.
    ///
    /// # Safety
    /// The CPU must have AVX2, BMI1, BMI2, POPCNT and LZCNT.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[allow(clippy::cast_sign_loss, reason = "movemask bits and u64 control words")]
    #[allow(clippy::cast_possible_wrap, reason = "the same")]
    #[allow(clippy::too_many_lines, reason = "one hot loop, explained as a whole")]
    pub(super) unsafe fn encode(text: &str, dst: &mut [u8]) -> Option<usize> {
        let b = text.as_bytes();
        let (mut i, mut at) = (0usize, 0usize);

        let x0f = _mm256_set1_epi8(0x0F);
        let x3f = _mm256_set1_epi8(0x3F);
        let x40 = _mm256_set1_epi8(0x40);
        let xfe = _mm256_set1_epi8(0xFEu8 as i8);
        let xd0 = _mm256_set1_epi8(0xD0u8 as i8);
        let xb0 = _mm256_set1_epi8(0xB0u8 as i8);
        let row_0400 = broadcast16(&ENC_ROW_0400);
        let row_0450 = broadcast16(&ENC_ROW_0450);
        let table_rows = broadcast16(&ENC_TABLE_ROWS);

        // The hot loop. `i` is always on a character boundary. Each block reads
        // `b[i..i + 33]` (the block and, for the look-ahead vector `next`, one
        // byte more) and writes at most 32 bytes at `dst[at..]`, all of them
        // 8-byte stores that start at most 24 bytes after `at`.
        while i + 33 <= b.len() && at + 32 <= dst.len() {
            if i + 64 <= b.len() && at + 64 <= dst.len() {
                // SAFETY: features; `i + 64 <= b.len()` (checked just above),
                // so both 32-byte loads, at `i` and `i + 32`, are in `b`.
                let (v0, v1) = unsafe { (load32(b, i), load32(b, i + 32)) };
                if _mm256_movemask_epi8(_mm256_or_si256(v0, v1)) == 0 {
                    // SAFETY: features; `at + 64 <= dst.len()` (checked
                    // above), so both 32-byte stores are in `dst`.
                    unsafe {
                        store32(dst, at, v0);
                        store32(dst, at + 32, v1);
                    }
                    i += 64;
                    at += 64;
                    continue;
                }
            }
            // SAFETY: features; `i + 33 <= b.len()` (the loop condition), so
            // the 32 bytes at `i` and those at `i + 1` are in `b`.
            let (v, next) = unsafe { (load32(b, i), load32(b, i + 1)) };
            // The block as it is: all of the output if it is ASCII, and right
            // up to its first other byte anyway.
            // SAFETY: features; `at + 32 <= dst.len()` (the loop condition).
            unsafe { store32(dst, at, v) };
            let high = _mm256_movemask_epi8(v) as u32;
            if high == 0 {
                i += 32;
                at += 32;
                continue;
            }
            let f = high.trailing_zeros() as usize;
            if b[i + f] & 0xFE != 0xD0 {
                // The first non-ASCII character is not Cyrillic (the case of
                // the dashes and quotes in English): the ASCII before it is
                // stored, it goes through the tables.
                i += f;
                let (byte, len) = encode_one(b, i);
                if byte == 0 {
                    return None;
                }
                // `at + f < dst.len()`: `f < 32`.
                dst[at + f] = byte;
                at += f + 1;
                i += len;
                continue;
            }
            // Lead bytes D0 and D1, and the offset from U+0400 of the character
            // each starts (bit 0 of the lead, six bits of the next byte).
            let lead = _mm256_cmpeq_epi8(_mm256_and_si256(v, xfe), xd0);
            let leads = _mm256_movemask_epi8(lead) as u32;
            let idx = _mm256_or_si256(
                _mm256_and_si256(next, x3f),
                _mm256_and_si256(_mm256_slli_epi16(v, 6), x40),
            );
            // Rows 0 and 5 of `idx` through the tables (their column is the
            // next byte's low nibble; `slli 7` moves the lead's bit 0, D1, to
            // the bit `blendv` tests), the others `idx + 0xB0`.
            let col = _mm256_and_si256(next, x0f);
            let looked_up = _mm256_blendv_epi8(
                _mm256_shuffle_epi8(row_0400, col),
                _mm256_shuffle_epi8(row_0450, col),
                _mm256_slli_epi16(v, 7),
            );
            let row = _mm256_and_si256(_mm256_srli_epi16(idx, 4), x0f);
            let byte = _mm256_blendv_epi8(
                _mm256_add_epi8(idx, xb0),
                looked_up,
                _mm256_shuffle_epi8(table_rows, row),
            );
            let out = _mm256_blendv_epi8(v, byte, lead);
            // Keep all but the bytes after a lead. The block is bad from the
            // first non-ASCII byte that is neither a lead nor after one, or the
            // first lead whose byte is below 0x80.
            let keep = !(leads << 1);
            let bad = (high & !leads & keep) | (leads & !(_mm256_movemask_epi8(byte) as u32));

            // Compress each 8 bytes (the controls of the odd quarters index the
            // upper half of their lane, hence + 8) and store them one after
            // the other.
            let k = keep as usize;
            let ctrl = _mm256_set_epi64x(
                (COMPRESS[k >> 24] | PLUS8) as i64,
                COMPRESS[(k >> 16) & 0xFF] as i64,
                (COMPRESS[(k >> 8) & 0xFF] | PLUS8) as i64,
                COMPRESS[k & 0xFF] as i64,
            );
            let packed = _mm256_shuffle_epi8(out, ctrl);
            let q0 = _mm256_castsi256_si128(packed);
            let q2 = _mm256_extracti128_si256(packed, 1);
            // The high 8 bytes of each lane, moved down for `store8`.
            let q1 = _mm_unpackhi_epi64(q0, q0);
            let q3 = _mm_unpackhi_epi64(q2, q2);
            let a1 = at + (keep & 0xFF).count_ones() as usize;
            let a2 = a1 + ((keep >> 8) & 0xFF).count_ones() as usize;
            let a3 = a2 + ((keep >> 16) & 0xFF).count_ones() as usize;
            // SAFETY: features; `at <= a1 <= a2 <= a3 <= at + 24` (each
            // popcount of 8 bits is at most 8) and `at + 32 <= dst.len()`
            // (the loop condition), so each 8-byte store is in `dst`.
            unsafe {
                store8(dst, at, q0);
                store8(dst, a1, q1);
                store8(dst, a2, q2);
                store8(dst, a3, q3);
            }
            if bad == 0 {
                // A lead in the last position took its continuation byte, the
                // 33rd.
                at += keep.count_ones() as usize;
                i += 32 + (leads >> 31) as usize;
            } else {
                // The output of the whole characters before position `f` is
                // right; the character at `f` goes through the tables.
                let f = bad.trailing_zeros();
                at += (keep & ((1 << f) - 1)).count_ones() as usize;
                i += f as usize;
                let (byte, len) = encode_one(b, i);
                if byte == 0 {
                    return None;
                }
                // `at < dst.len()`: at most 31 bytes were kept.
                dst[at] = byte;
                at += 1;
                i += len;
            }
        }
        encode_tail(b, i, dst, at)
    }

    /// The decoder; see the module documentation.
    ///
    /// # Safety
    /// The CPU must have AVX2, BMI1, BMI2, POPCNT and LZCNT.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[allow(clippy::cast_sign_loss, reason = "movemask bits")]
    pub(super) unsafe fn decode(b: &[u8], dst: &mut [u8]) -> Option<usize> {
        let (mut i, mut at) = (0usize, 0usize);

        let x0f = _mm256_set1_epi8(0x0F);
        // + 8 in the controls of the upper halves of the lanes.
        let plus8 = _mm256_set1_epi8(8);
        let add = broadcast16(&DEC_ADD);
        let leads = broadcast16(&DEC_LEAD);

        // The hot loop: 32 input bytes, at most 64 output bytes, as four
        // 16-byte stores each starting at most 48 bytes after `at`.
        while i + 32 <= b.len() && at + 64 <= dst.len() {
            if i + 64 <= b.len() {
                // SAFETY: features; `i + 64 <= b.len()` (checked just above),
                // so both 32-byte loads, at `i` and `i + 32`, are in `b`.
                let (v0, v1) = unsafe { (load32(b, i), load32(b, i + 32)) };
                if _mm256_movemask_epi8(_mm256_or_si256(v0, v1)) == 0 {
                    // SAFETY: features; `at + 64 <= dst.len()` (the loop
                    // condition), so both 32-byte stores are in `dst`.
                    unsafe {
                        store32(dst, at, v0);
                        store32(dst, at + 32, v1);
                    }
                    i += 64;
                    at += 64;
                    continue;
                }
            }
            // SAFETY: features; `i + 32 <= b.len()` (the loop condition).
            let v = unsafe { load32(b, i) };
            // The block as it is: all of the output if it is ASCII, and right
            // up to its first other byte anyway.
            // SAFETY: features; `at + 64 <= dst.len()` (the loop condition).
            unsafe { store32(dst, at, v) };
            let high = _mm256_movemask_epi8(v) as u32;
            if high == 0 {
                i += 32;
                at += 32;
                continue;
            }
            // Bytes 80..=BF (bit 7 set, bit 6 clear) are not letters.
            let bit6 = _mm256_movemask_epi8(_mm256_slli_epi16(v, 1)) as u32;
            let bad = high & !bit6;
            if bad & high.wrapping_neg() & high != 0 {
                // The first non-ASCII byte is not a letter (the case of the
                // dashes and quotes in English): the ASCII before it is stored,
                // it goes through the table.
                let f = high.trailing_zeros() as usize;
                i += f;
                at = decode_one(b[i], dst, at + f)?;
                i += 1;
                continue;
            }
            // The last byte and the lead of each input byte.
            let nibble = _mm256_and_si256(_mm256_srli_epi16(v, 4), x0f);
            let last = _mm256_add_epi8(v, _mm256_shuffle_epi8(add, nibble));
            let lead = _mm256_shuffle_epi8(leads, nibble);
            // Quarters 0 and 2 (the low halves of the lanes) in `ra`, 1 and 3
            // in `rb`; bit 6 of a control byte, moved to bit 7 by `slli 1`,
            // picks the lead.
            let m = high as usize;
            let ca = load_lanes(&EXPAND[m & 0xFF], &EXPAND[(m >> 16) & 0xFF]);
            let cb = _mm256_or_si256(
                load_lanes(&EXPAND[(m >> 8) & 0xFF], &EXPAND[m >> 24]),
                plus8,
            );
            let ra = _mm256_blendv_epi8(
                _mm256_shuffle_epi8(last, ca),
                _mm256_shuffle_epi8(lead, ca),
                _mm256_slli_epi16(ca, 1),
            );
            let rb = _mm256_blendv_epi8(
                _mm256_shuffle_epi8(last, cb),
                _mm256_shuffle_epi8(lead, cb),
                _mm256_slli_epi16(cb, 1),
            );
            let a1 = at + 8 + (high & 0xFF).count_ones() as usize;
            let a2 = a1 + 8 + ((high >> 8) & 0xFF).count_ones() as usize;
            let a3 = a2 + 8 + ((high >> 16) & 0xFF).count_ones() as usize;
            let (q0, q1) = (_mm256_castsi256_si128(ra), _mm256_castsi256_si128(rb));
            let (q2, q3) = (
                _mm256_extracti128_si256(ra, 1),
                _mm256_extracti128_si256(rb, 1),
            );
            // SAFETY: features; `at < a1 < a2 < a3 <= at + 48` (each step is
            // 8 plus a popcount of 8 bits, at most 16) and `at + 64 <=
            // dst.len()` (the loop condition), so each 16-byte store is in
            // `dst`.
            unsafe {
                store16(dst, at, q0);
                store16(dst, a1, q1);
                store16(dst, a2, q2);
                store16(dst, a3, q3);
            }
            if bad == 0 {
                at += 32 + high.count_ones() as usize;
                i += 32;
            } else {
                // The output of the bytes before `f` is right; the byte at `f`
                // goes through the table.
                let f = bad.trailing_zeros();
                at += f as usize + (high & ((1 << f) - 1)).count_ones() as usize;
                i += f as usize;
                at = decode_one(b[i], dst, at)?;
                i += 1;
            }
        }
        while i < b.len() {
            at = decode_one(b[i], dst, at)?;
            i += 1;
        }
        Some(at)
    }
}

#[cfg(test)]
mod tests {
    use super::F;
    use super::{decode, encode};
    use crate::simd::test_support::{assert_avx2, Rng};
    use crate::tables::WINDOWS1251;
    use std::string::String;
    use std::vec;
    use std::vec::Vec;

    /// The kernel against the `const fn` for every `dst` length from 0 to
    /// the needed one (or the text's length) + 40.
    fn check_encode(text: &str) {
        let mut big = vec![0u8; text.len() + 64];
        let want = crate::engine::encode_into(F, text, &mut big);
        let top = match want {
            Ok(n) => n,
            Err(_) => text.len(),
        } + 40;
        for len in 0..=top {
            let mut a = vec![0xAAu8; len];
            let mut b = vec![0x55u8; len];
            let got = encode(text, &mut a);
            let want = crate::engine::encode_into(F, text, &mut b);
            match (got, want) {
                (Some(n), Ok(m)) => {
                    assert_eq!(n, m, "{text:?} into {len}");
                    assert_eq!(a[..n], b[..m], "{text:?} into {len}");
                }
                (None, Err(_)) => {}
                (got, want) => panic!("{text:?} into {len}: {got:?} but {want:?}"),
            }
        }
    }

    /// The kernel against the `const fn` for every `dst` length from 0 to
    /// the needed one + 40.
    fn check_decode(bytes: &[u8]) {
        let mut big = vec![0u8; bytes.len() * 3 + 64];
        let need = crate::engine::decode_into(F, bytes, &mut big).unwrap();
        for len in 0..=need + 40 {
            let mut a = vec![0xAAu8; len];
            let mut b = vec![0x55u8; len];
            let got = decode(bytes, &mut a);
            let want = crate::engine::decode_into(F, bytes, &mut b);
            match (got, want) {
                (Some(n), Ok(m)) => {
                    assert_eq!(n, m, "{bytes:x?} into {len}");
                    assert_eq!(a[..n], b[..m], "{bytes:x?} into {len}");
                }
                (None, Err(_)) => {}
                (got, want) => panic!("{bytes:x?} into {len}: {got:?} but {want:?}"),
            }
        }
    }

    /// Every character Windows-1251 has.
    fn encodable() -> Vec<char> {
        (0..=255u8)
            .filter_map(|b| WINDOWS1251.decode_byte(b))
            .collect()
    }

    /// A sample of characters it does not have, of each UTF-8 length, next
    /// to those it has.
    fn unencodable() -> Vec<char> {
        let mut v: Vec<char> = (0x80..=0xFFu32)
            .filter_map(char::from_u32)
            .filter(|c| WINDOWS1251.encode_char(*c).is_none())
            .collect();
        for cp in [
            0x100, 0x3FF, 0x400, 0x40D, 0x450, 0x45D, 0x460, 0x47F, 0x480, 0x48F, 0x492, 0x4BF,
            0x4C0, 0x4FF, 0x500, 0x7FF, 0x800, 0x1FFF, 0x2000, 0x2012, 0x2015, 0x2017, 0x201F,
            0x203B, 0x203F, 0x2040, 0x20AB, 0x20AD, 0x20BF, 0x20C0, 0x2115, 0x2117, 0x2121, 0x2123,
            0x213F, 0x2140, 0x4E2D, 0xFFFD, 0xFFFF, 0x1_0000, 0x1_F600, 0x10_FFFF,
        ] {
            v.push(char::from_u32(cp).unwrap());
        }
        v
    }

    /// Fillers around the character under test: ASCII, Cyrillic letters
    /// (two bytes each), and a mix.
    const FILL: [&str; 3] = [
        "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ.,",
        "абвгдежзийклмнопрстуфхцчшщъыьэюяАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ",
        "ж x ё, Щ! я. Ђ q џ-Ё (ю) ",
    ];

    /// The first `n` characters of `s`, cycled.
    fn chars(s: &str, n: usize) -> String {
        s.chars().cycle().take(n).collect()
    }

    #[test]
    fn encode_every_char_at_every_offset() {
        assert_avx2();
        let mut all = encodable();
        all.extend(unencodable());
        for ch in all {
            for fill in FILL {
                for pre in 0..64 {
                    for post in [0, 1, 2, 3, 7, 16, 31, 33, 40] {
                        let text = chars(fill, pre) + &String::from(ch) + &chars(fill, post);
                        let mut a = vec![0u8; text.len()];
                        let mut b = vec![0u8; text.len()];
                        let got = encode(&text, &mut a);
                        let want = crate::engine::encode_into(F, &text, &mut b);
                        assert_eq!(got, want.ok(), "{text:?}");
                        if let Some(n) = got {
                            assert_eq!(a[..n], b[..n], "{text:?}");
                        }
                    }
                }
                // Every output length, for one offset in each block position.
                for pre in [0, 5, 31, 32, 33, 40] {
                    check_encode(&(chars(fill, pre) + &String::from(ch) + &chars(fill, 35)));
                }
            }
        }
    }

    #[test]
    fn encode_random_mixes() {
        assert_avx2();
        let enc = encodable();
        let bad = unencodable();
        let letters: Vec<char> = ('А'..='я').collect();
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        for case in 0..6000 {
            let target = rng.index(300);
            let mut text = String::new();
            while text.len() < target {
                let ch = match rng.index(100) {
                    0..=39 => letters[rng.index(letters.len())],
                    40..=69 => char::from(b' ' + rng.index(95) as u8),
                    70..=97 => enc[rng.index(enc.len())],
                    // Most cases encode; some have one bad character.
                    _ if case % 4 == 0 => bad[rng.index(bad.len())],
                    _ => 'ё',
                };
                // Runs, so that blocks of one kind happen too.
                for _ in 0..=rng.index(4) {
                    text.push(ch);
                }
            }
            check_encode(&text);
        }
    }

    #[test]
    fn decode_every_byte_at_every_offset() {
        assert_avx2();
        let ascii: Vec<u8> = FILL[0].bytes().collect();
        let letters: Vec<u8> = (0xC0..=0xFF).collect();
        let mixed: Vec<u8> = b"\xE6 x \xB8, \xD9! \xFF. \x80 q \x9F-\xA8 (\xFE) ".to_vec();
        for byte in 0..=255u8 {
            for fill in [&ascii, &letters, &mixed] {
                let cycle = |n: usize| fill.iter().copied().cycle().take(n);
                for pre in 0..64 {
                    for post in [0, 1, 2, 3, 7, 16, 31, 33, 40] {
                        let bytes: Vec<u8> = cycle(pre).chain([byte]).chain(cycle(post)).collect();
                        let mut a = vec![0u8; bytes.len() * 3];
                        let mut b = vec![0u8; bytes.len() * 3];
                        let got = decode(&bytes, &mut a);
                        let want = crate::engine::decode_into(F, &bytes, &mut b);
                        assert_eq!(got, want.ok(), "{bytes:x?}");
                        let n = got.unwrap();
                        assert_eq!(a[..n], b[..n], "{bytes:x?}");
                    }
                }
                for pre in [0, 5, 31, 32, 33, 40] {
                    let bytes: Vec<u8> = cycle(pre).chain([byte]).chain(cycle(35)).collect();
                    check_decode(&bytes);
                }
            }
        }
    }

    #[test]
    fn decode_random_bytes() {
        assert_avx2();
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for case in 0..6000 {
            let len = rng.index(300);
            let bytes: Vec<u8> = (0..len)
                .map(|_| match case % 3 {
                    0 => rng.next() as u8,
                    // Mostly ASCII and letters, the vector blocks' content.
                    _ => match rng.index(100) {
                        0..=44 => 0xC0 + rng.index(64) as u8,
                        45..=96 => rng.index(128) as u8,
                        _ => rng.next() as u8,
                    },
                })
                .collect();
            check_decode(&bytes);
        }
    }
}
