//! The AVX2 kernels, their tables and their scalar steps.

// The codec's short names (`b` input, `i` input cursor, `at` output cursor,
// `v` a vector, `f` a position in a block), as in `crate::engine`.
#![allow(clippy::many_single_char_names)]
// Every pointer cast to a vector type goes to an unaligned load or store
// (`loadu`, `storeu`, `storel`), which need no alignment.
#![allow(clippy::cast_ptr_alignment)]

use crate::table::{SingleByte, Vectors};
use core::arch::x86_64::{
    __m128i, __m256i, _mm_loadl_epi64, _mm_loadu_si128, _mm_setzero_si128, _mm_storel_epi64,
    _mm_storeu_si128, _mm_unpackhi_epi64, _mm_unpacklo_epi64, _mm_xor_si128, _mm256_add_epi8,
    _mm256_and_si256, _mm256_blendv_epi8, _mm256_broadcastsi128_si256, _mm256_castsi128_si256,
    _mm256_castsi256_si128, _mm256_cmpeq_epi8, _mm256_extracti128_si256, _mm256_inserti128_si256,
    _mm256_loadu_si256, _mm256_mask_blend_epi8, _mm256_movemask_epi8, _mm256_movepi8_mask,
    _mm256_or_si256, _mm256_permutex2var_epi8, _mm256_set_epi64x, _mm256_set1_epi8,
    _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_srli_epi16, _mm256_storeu_si256,
    _mm256_sub_epi8, _mm256_test_epi8_mask, _mm256_unpackhi_epi8, _mm256_unpacklo_epi8,
    _mm256_xor_si256,
};
use core::mem::MaybeUninit;

// ---------------------------------------------------------------------------
// Tables shared by every page, computed at compile time.

/// The `vpshufb` control that packs the bytes whose bit is set in the
/// index to the front of 8, in order, then zero bytes (`0x80`); one
/// little-endian word per 8-bit keep mask.
static COMPRESS: [u64; 256] = compress_table();

/// Added to a [`COMPRESS`] word for the upper 8 bytes of a 16-byte lane.
const PLUS8: u64 = 0x0808_0808_0808_0808;

#[inline]
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

/// The `vpshufb` control that writes the UTF-8 of 8 input bytes from
/// their interleaved (lead, last byte) pairs, indexed by the mask of the
/// two-byte ones: for input byte `j`, `2j` (the lead) if it is one, then
/// `2j + 1` (the last byte: the trail, or the ASCII byte itself); then
/// zero bytes (`0x80`). `8 + popcount` bytes, at most 16.
static EXPAND: [[u8; 16]; 256] = expand_table();

#[inline]
const fn expand_table() -> [[u8; 16]; 256] {
    let mut t = [[0x80u8; 16]; 256];
    let mut m = 0usize;
    while m < 256 {
        let (mut j, mut k) = (0usize, 0usize);
        while j < 8 {
            if (m >> j) & 1 != 0 {
                t[m][k] = 2 * j as u8;
                k += 1;
            }
            t[m][k] = 2 * j as u8 + 1;
            k += 1;
            j += 1;
        }
        m += 1;
    }
    t
}

/// The high bit of each byte of a word.
const HI: u64 = 0x8080_8080_8080_8080;

/// Bit `n & 7` of each byte `n`: the bit of a byte in its row of a
/// [`Vectors`] bitmap.
static BITS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];

// ---------------------------------------------------------------------------
// Scalar steps, for the characters the vector loops hand over and the tail.

/// Whether `lead` is a hot lead (a two-byte lead the vector encoder
/// looks up).
#[inline]
fn hot_lead(tv: &Vectors, lead: u8) -> bool {
    lead & 0xE0 == 0xC0 && (tv.lead_bits >> (lead & 0x1F)) & 1 != 0
}

/// Writes the UTF-8 `v` (bytes in bits 0..24, length in 24..32) at
/// `dst[at..]`: as one 4-byte store where there is room (the bytes past
/// the length are overwritten later, or past the output), else exactly;
/// `None` if it does not fit.
#[inline]
fn write_utf8(dst: &mut [MaybeUninit<u8>], at: usize, v: u32) -> Option<()> {
    let bytes = v.to_le_bytes();
    if let Some(out) = dst.get_mut(at..).and_then(<[_]>::first_chunk_mut::<4>) {
        *out = bytes.map(MaybeUninit::new);
    } else {
        let len = (v >> 24) as usize;
        for (d, &s) in dst.get_mut(at..at + len)?.iter_mut().zip(&bytes) {
            d.write(s);
        }
    }
    Some(())
}

/// Writes the UTF-8 of `byte` at `dst[at..]`; the new cursor, or `None`
/// if the byte is undefined or does not fit.
#[inline]
fn decode_one(t: &SingleByte, byte: u8, dst: &mut [MaybeUninit<u8>], at: usize) -> Option<usize> {
    let v = t.utf8[usize::from(byte)];
    let len = (v >> 24) as usize;
    if len == 0 {
        return None;
    }
    write_utf8(dst, at, v)?;
    Some(at + len)
}

/// Decodes the byte at `b[i]` (high, not one the vector decoder writes)
/// and the run that follows: the bytes the vector decoder hands over (a
/// dash, `—»`, Thai) and the ASCII between them. Eight bytes at a time,
/// while there is room for their worst case: a table look-up and a
/// 4-byte store each, no branch per byte; the run ends after eight
/// bytes with a two-byte character (the vector decoder's own) or before
/// eight of ASCII. Byte by byte at the end of the input or the output.
/// The new cursors, or `None`.
#[inline]
fn decode_run(
    t: &SingleByte,
    b: &[u8],
    mut i: usize,
    dst: &mut [MaybeUninit<u8>],
    mut at: usize,
) -> Option<(usize, usize)> {
    let mut first = true;
    while let Some(w) = b.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        if at + 25 > dst.len() {
            break;
        }
        if u64::from_le_bytes(*w) & HI == 0 {
            return Some((i, at));
        }
        // Bit `len` set for each UTF-8 length seen, 0 for undefined.
        let mut lens = 0u32;
        for &byte in w {
            let v = t.utf8[usize::from(byte)];
            // SAFETY: `at + 25 <= dst.len()` before the word, and each
            // byte moves `at` by at most 3, so `at + 4 <= dst.len()`.
            unsafe { store4(dst, at, v) };
            at += (v >> 24) as usize;
            lens |= 1 << (v >> 24);
        }
        if lens & 1 != 0 {
            return None;
        }
        i += 8;
        if lens & 4 != 0 {
            return Some((i, at));
        }
        first = false;
    }
    while let Some(&c) = b.get(i) {
        let v = t.utf8[usize::from(c)];
        if c < 0x80 || v >> 24 == 2 && !first {
            break;
        }
        if v == 0 {
            return None;
        }
        write_utf8(dst, at, v)?;
        at += (v >> 24) as usize;
        i += 1;
        first = false;
    }
    Some((i, at))
}

/// Decodes `b[i..]` into `dst[at..]`: eight bytes at a time while there
/// is room for their worst case (as in [`decode_run`]), then one at a
/// time with exact writes. The total written, or `None`.
#[inline]
fn decode_tail(
    t: &SingleByte,
    b: &[u8],
    mut i: usize,
    dst: &mut [MaybeUninit<u8>],
    mut at: usize,
) -> Option<usize> {
    while let Some(w) = b.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        if at + 25 > dst.len() {
            break;
        }
        let mut undefined = false;
        for &byte in w {
            let v = t.utf8[usize::from(byte)];
            // SAFETY: `at + 25 <= dst.len()` before the word, and each
            // byte moves `at` by at most 3, so `at + 4 <= dst.len()`.
            unsafe { store4(dst, at, v) };
            at += (v >> 24) as usize;
            undefined |= v == 0;
        }
        if undefined {
            return None;
        }
        i += 8;
    }
    while i < b.len() {
        at = decode_one(t, b[i], dst, at)?;
        i += 1;
    }
    Some(at)
}

/// The byte of the non-ASCII character at `b[*i..]` (valid UTF-8), with
/// `*i` moved past it; `None` if the page does not have it (or the
/// text ends inside it). A branch per length, each moving the cursor by
/// its own constant (see [`encode_run`]).
#[inline(always)]
#[allow(clippy::inline_always, reason = "the step of the encoder's runs")]
fn encode_one(t: &SingleByte, b: &[u8], i: &mut usize) -> Option<u8> {
    let lead = b[*i];
    let byte = if lead < 0xE0 {
        let byte = t.two_byte(lead, *b.get(*i + 1)?);
        *i += 2;
        byte
    } else if lead < 0xF0 {
        let &[b1, b2] = b.get(*i + 1..*i + 3)? else {
            return None;
        };
        *i += 3;
        t.three_byte(lead, b1, b2)
    } else {
        return None;
    };
    (byte != 0).then_some(byte)
}

/// Encodes the character at `b[i..]` (non-ASCII, not with a hot lead)
/// and the run that follows: the characters the vector encoder hands
/// over (a dash, `—»`, Thai) and the ASCII between them, one at a
/// time; the run ends before a hot lead or eight bytes of ASCII. The
/// new cursors, or `None` if a character is not in the page or `dst`
/// is too short.
#[inline]
fn encode_run(
    t: &SingleByte,
    b: &[u8],
    mut i: usize,
    dst: &mut [MaybeUninit<u8>],
    mut at: usize,
) -> Option<(usize, usize)> {
    // The byte after each character is read once, for the test of
    // where the run ends, and is the next character's lead. Thai, where
    // this loop takes every character, ran 1.42 GB/s when the byte and
    // its UTF-8 length came back as a pair and the lead was read again
    // at the loop's top, 1.82 GB/s so (windows-874, 100 KB, AVX-512
    // build, 29 Nov 2026; encoding_rs 0.48).
    let mut c = b[i];
    loop {
        if c < 0x80 {
            dst.get_mut(at)?.write(c);
            i += 1;
        } else {
            let byte = encode_one(t, b, &mut i)?;
            dst.get_mut(at)?.write(byte);
        }
        at += 1;
        let Some(&next) = b.get(i) else {
            return Some((i, at));
        };
        if next < 0x80 {
            if let Some(w) = b.get(i..).and_then(<[u8]>::first_chunk::<8>)
                && u64::from_le_bytes(*w) & HI == 0
            {
                return Some((i, at));
            }
        } else if hot_lead(&t.vectors, next) {
            return Some((i, at));
        }
        c = next;
    }
}

/// Encodes `b[i..]` (whole characters) into `dst[at..]` one character at a
/// time, with exact writes; the total written, or `None`.
#[inline]
fn encode_tail(
    t: &SingleByte,
    b: &[u8],
    mut i: usize,
    dst: &mut [MaybeUninit<u8>],
    mut at: usize,
) -> Option<usize> {
    while i < b.len() {
        let c = b[i];
        if c < 0x80 {
            dst.get_mut(at)?.write(c);
            i += 1;
        } else {
            let byte = encode_one(t, b, &mut i)?;
            dst.get_mut(at)?.write(byte);
        }
        at += 1;
    }
    Some(at)
}

// ---------------------------------------------------------------------------
// AVX2.

// # `unsafe` here
//
// Only two things here need `unsafe`: calling the kernels, whose one
// precondition is that the CPU has the enabled features,
// [`crate::simd::FEATURES`] (the caller checked [`crate::simd::avx2`]),
// and the unaligned loads and stores, each within bounds that the code
// checked. The load and store helpers are `unsafe fn`s for their bounds
// (and, being `#[target_feature]`, for the features); inside a kernel the
// features hold, so the `SAFETY:` comments of their calls say "features"
// and which check gives the bounds. Helpers with no other precondition
// are safe `#[target_feature]` functions, and value-only intrinsics are
// safe: both are called without `unsafe` from any function that enables
// the same features.

/// The 16 bytes of `t` in both lanes.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
fn broadcast16(t: &[u8; 16]) -> __m256i {
    // SAFETY: `t` is a reference to 16 bytes, exactly what the
    // unaligned 128-bit load reads.
    _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(t.as_ptr().cast::<__m128i>()) })
}

/// The `vpshufb` control that packs the bytes of each quarter of a
/// block whose bits are set in `keep` to the front of it: the
/// [`COMPRESS`] words of its four bytes, those of the odd quarters
/// plus 8 (they index the upper half of their lane).
///
/// The words are read with vector loads: read as four `u64` and put
/// together with `_mm256_set_epi64x`, the compiler made a `vpgatherqq`
/// of them where AVX-512 is enabled, and that made the encoder a fifth
/// slower on German.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
fn compress_ctrl(keep: u32) -> __m256i {
    let [k0, k1, k2, k3] = keep.to_le_bytes();
    let lo = _mm_unpacklo_epi64(compress_word(k0), compress_word(k1));
    let hi = _mm_unpacklo_epi64(compress_word(k2), compress_word(k3));
    let ctrl = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
    _mm256_or_si256(
        ctrl,
        _mm256_set_epi64x(PLUS8.cast_signed(), 0, PLUS8.cast_signed(), 0),
    )
}

/// `COMPRESS[k]` in the low 8 bytes of a vector.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
fn compress_word(k: u8) -> __m128i {
    let word: &u64 = &COMPRESS[usize::from(k)];
    // SAFETY: `word` is a reference to 8 bytes, exactly what the
    // unaligned 64-bit load reads.
    unsafe { _mm_loadl_epi64(core::ptr::from_ref(word).cast::<__m128i>()) }
}

/// The 16 bytes of `t`.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
fn load16(t: &[u8; 16]) -> __m128i {
    // SAFETY: `t` is a reference to 16 bytes, exactly what the
    // unaligned 128-bit load reads.
    unsafe { _mm_loadu_si128(t.as_ptr().cast::<__m128i>()) }
}

/// Eight rows of 16 bytes, each in both lanes of a vector.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
fn broadcast_rows(rows: &[[u8; 16]]) -> [__m256i; 8] {
    [
        broadcast16(&rows[0]),
        broadcast16(&rows[1]),
        broadcast16(&rows[2]),
        broadcast16(&rows[3]),
        broadcast16(&rows[4]),
        broadcast16(&rows[5]),
        broadcast16(&rows[6]),
        broadcast16(&rows[7]),
    ]
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

/// Entry `idx` of a 128-byte table stored as eight xor-coded rows (see
/// [`Vectors`]), for each byte of `idx` below `0x80`; unspecified for
/// the others.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
fn lookup128(rows: &[__m256i; 8], idx: __m256i) -> __m256i {
    let x10 = _mm256_set1_epi8(0x10);
    let i1 = _mm256_sub_epi8(idx, x10);
    let i2 = _mm256_sub_epi8(i1, x10);
    let i3 = _mm256_sub_epi8(i2, x10);
    let i4 = _mm256_sub_epi8(i3, x10);
    let i5 = _mm256_sub_epi8(i4, x10);
    let i6 = _mm256_sub_epi8(i5, x10);
    let i7 = _mm256_sub_epi8(i6, x10);
    let r01 = _mm256_xor_si256(
        _mm256_shuffle_epi8(rows[0], idx),
        _mm256_shuffle_epi8(rows[1], i1),
    );
    let r23 = _mm256_xor_si256(
        _mm256_shuffle_epi8(rows[2], i2),
        _mm256_shuffle_epi8(rows[3], i3),
    );
    let r45 = _mm256_xor_si256(
        _mm256_shuffle_epi8(rows[4], i4),
        _mm256_shuffle_epi8(rows[5], i5),
    );
    let r67 = _mm256_xor_si256(
        _mm256_shuffle_epi8(rows[6], i6),
        _mm256_shuffle_epi8(rows[7], i7),
    );
    _mm256_xor_si256(_mm256_xor_si256(r01, r23), _mm256_xor_si256(r45, r67))
}

/// Rows 4 to 7 of a table of eight xor-coded rows, xor-coded on their
/// own, for [`lookup64`]: row 4 undone from its coding (the XOR of
/// rows 0 to 4), rows 5 to 7 as they are (each is already the XOR of
/// its entries and those of the row before).
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
fn upper_rows(rows: &[__m256i; 8]) -> [__m256i; 4] {
    let r01 = _mm256_xor_si256(rows[0], rows[1]);
    let r23 = _mm256_xor_si256(rows[2], rows[3]);
    let plain4 = _mm256_xor_si256(_mm256_xor_si256(r01, r23), rows[4]);
    [plain4, rows[5], rows[6], rows[7]]
}

/// Entry `idx` of the last 64 bytes of a 128-byte table, from its
/// [`upper_rows`], for each byte of `idx` below `0x40`: four rounds
/// where [`lookup128`] takes eight.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
fn lookup64(rows: &[__m256i; 4], idx: __m256i) -> __m256i {
    let x10 = _mm256_set1_epi8(0x10);
    let i1 = _mm256_sub_epi8(idx, x10);
    let i2 = _mm256_sub_epi8(i1, x10);
    let i3 = _mm256_sub_epi8(i2, x10);
    _mm256_xor_si256(
        _mm256_xor_si256(
            _mm256_shuffle_epi8(rows[0], idx),
            _mm256_shuffle_epi8(rows[1], i1),
        ),
        _mm256_xor_si256(
            _mm256_shuffle_epi8(rows[2], i2),
            _mm256_shuffle_epi8(rows[3], i3),
        ),
    )
}

/// If `b[i..i + 64]` is ASCII, stores it at `dst[at..]` as it is and
/// says so: the step of both loops over text that is mostly ASCII.
///
/// # Safety
/// The CPU must have the enabled features, `i + 64 <= b.len()` and
/// `at + 64 <= dst.len()`.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
unsafe fn copy_ascii64(b: &[u8], i: usize, dst: &mut [MaybeUninit<u8>], at: usize) -> bool {
    // SAFETY: features; the caller guarantees `i + 64 <= b.len()`, so
    // both 32-byte loads, at `i` and `i + 32`, are in `b`.
    let (v0, v1) = unsafe { (load32(b, i), load32(b, i + 32)) };
    if _mm256_movemask_epi8(_mm256_or_si256(v0, v1)) != 0 {
        return false;
    }
    // SAFETY: features; the caller guarantees `at + 64 <= dst.len()`,
    // so both 32-byte stores are in `dst`.
    unsafe {
        store32(dst, at, v0);
        store32(dst, at + 32, v1);
    }
    true
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
unsafe fn store32(dst: &mut [MaybeUninit<u8>], at: usize, v: __m256i) {
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
unsafe fn store16(dst: &mut [MaybeUninit<u8>], at: usize, v: __m128i) {
    debug_assert!(at + 16 <= dst.len(), "store16 out of bounds");
    // SAFETY: the caller guarantees `at + 16 <= dst.len()`, so the 16
    // bytes from `dst.as_mut_ptr() + at` are within `dst`; the store is
    // unaligned.
    unsafe { _mm_storeu_si128(dst.as_mut_ptr().add(at).cast::<__m128i>(), v) };
}

/// Stores `v` little-endian at `dst[at..at + 4]`.
///
/// # Safety
/// `at + 4 <= dst.len()`.
#[inline]
unsafe fn store4(dst: &mut [MaybeUninit<u8>], at: usize, v: u32) {
    debug_assert!(at + 4 <= dst.len(), "store4 out of bounds");
    // SAFETY: the caller guarantees `at + 4 <= dst.len()`, so the 4
    // bytes from `dst.as_mut_ptr() + at` are within `dst`; the store is
    // unaligned.
    unsafe {
        dst.as_mut_ptr()
            .add(at)
            .cast::<u32>()
            .write_unaligned(v.to_le());
    };
}

/// Stores the low 8 bytes of `v` at `dst[at..at + 8]`.
///
/// # Safety
/// The CPU must have the enabled features, and `at + 8 <= dst.len()`.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
unsafe fn store8(dst: &mut [MaybeUninit<u8>], at: usize, v: __m128i) {
    debug_assert!(at + 8 <= dst.len(), "store8 out of bounds");
    // SAFETY: the caller guarantees `at + 8 <= dst.len()`, so the 8
    // bytes from `dst.as_mut_ptr() + at` are within `dst`.
    // `_mm_storel_epi64` stores unaligned, whatever its pointer type.
    unsafe { _mm_storel_epi64(dst.as_mut_ptr().add(at).cast::<__m128i>(), v) };
}

/// The decoder; see the module documentation.
///
/// # Safety
/// The CPU must have AVX2, BMI1, BMI2, POPCNT and LZCNT.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
pub(crate) unsafe fn decode(
    t: &SingleByte,
    loops: Loops,
    b: &[u8],
    dst: &mut [MaybeUninit<u8>],
) -> Option<usize> {
    // The pages whose letters are three bytes of UTF-8 (Thai), which
    // the loops below send through the scalar table, have a decoder
    // of their own with AVX-512, for input long enough to pay for the
    // tables it derives (about 15 ns; 64 bytes of Thai, 190 of UTF-8,
    // take about as long through the scalar table).
    if loops.three && b.len() >= 64 && crate::simd::avx512() {
        // SAFETY: `avx512()` said that this CPU has every feature the
        // decoder enables; a page with vector tables has ASCII as its
        // bytes `00..=7F`.
        return unsafe { crate::simd::avx512::single_byte::decode(t, b, dst) };
    }
    // The VBMI version only for the pages whose letters make no runs
    // (no row of `C0..=FF` is one: the KOI8 pages), whose blocks take
    // the table nearly always; the others keep the AVX2 loop, so that
    // a program links one decoder loop per page.
    if loops.runless && crate::simd::avx512() {
        // SAFETY: `avx512()` said that this CPU has every feature the
        // VBMI decoder enables, `crate::simd::FEATURES_512`.
        unsafe { decode_vbmi(t, b, dst) }
    } else {
        decode_with(t, b, dst)
    }
}

/// Whether no row of `C0..=FF` of the page is a run.
#[inline]
pub(crate) fn runless(tv: &Vectors) -> bool {
    // One load, not a loop, so that it folds early (see `Loops`).
    let [.., c, d, e, f] = tv.decode_run_lead;
    u32::from_le_bytes([c, d, e, f]) == 0
}

/// The decoder's table of codes as AVX2 looks it up: its eight rows,
/// and rows 4 to 7 on their own ([`upper_rows`]).
struct DecodeRounds {
    rows: [__m256i; 8],
    upper: [__m256i; 4],
}

#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
fn decode_rounds(tv: &Vectors) -> DecodeRounds {
    let rows = broadcast_rows(&tv.decode_code);
    DecodeRounds {
        rows,
        upper: upper_rows(&rows),
    }
}

/// The code of each byte of `v` whose bit is set in `high`: where every
/// high byte is `C0..=FF` (the letters of the KOI8 pages, in an order
/// that makes no runs), the last four rows of the table are enough,
/// half the rounds.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
#[allow(clippy::cast_sign_loss, reason = "movemask bits")]
fn code_rounds(r: &DecodeRounds, v: __m256i, high: u32) -> __m256i {
    let top = _mm256_movemask_epi8(_mm256_and_si256(v, _mm256_add_epi8(v, v))) as u32;
    if top & high == high {
        lookup64(
            &r.upper,
            _mm256_xor_si256(v, _mm256_set1_epi8(0xC0u8.cast_signed())),
        )
    } else {
        lookup128(
            &r.rows,
            _mm256_xor_si256(v, _mm256_set1_epi8(0x80u8.cast_signed())),
        )
    }
}

/// The decoder's table of codes in plain order, 32 codes a vector, for
/// `vpermi2b` (see [`plain`]).
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
#[inline]
fn decode_plain(tv: &Vectors) -> [__m256i; 4] {
    let mut out = [_mm256_setzero_si256(); 4];
    let mut row = _mm_setzero_si128();
    let mut r = 0;
    while r < 8 {
        let lo = _mm_xor_si128(row, load16(&tv.decode_code[r]));
        row = _mm_xor_si128(lo, load16(&tv.decode_code[r + 1]));
        out[r / 2] = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), row, 1);
        r += 2;
    }
    out
}

/// The code of each high byte of `v`: two `vpermi2b`, bit 6 picking.
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
#[inline]
fn code_plain(t: &[__m256i; 4], v: __m256i, _high: u32) -> __m256i {
    _mm256_mask_blend_epi8(
        _mm256_test_epi8_mask(v, _mm256_set1_epi8(0x40)),
        _mm256_permutex2var_epi8(t[0], v, t[1]),
        _mm256_permutex2var_epi8(t[2], v, t[3]),
    )
}

/// Stamps the decoder's loop, written once, with the given attributes
/// (its CPU features), looking its table of codes up with `$code` over
/// what `$table` prepares, as `encoder!` does for the encoder.
macro_rules! decoder {
    ($(#[$attr:meta])* $name:ident: $table:ident, $code:ident, $sparse:literal) => {
        $(#[$attr])*
        #[allow(clippy::cast_sign_loss, reason = "movemask bits")]
        #[allow(clippy::cast_possible_wrap, reason = "byte constants")]
        #[allow(clippy::too_many_lines, reason = "one hot loop, explained as a whole")]
        // Compiled only where a page's decoder is called, as every
        // function of the crate.
        #[inline]
        fn $name(t: &SingleByte, b: &[u8], dst: &mut [MaybeUninit<u8>]) -> Option<usize> {
            let tv = &t.vectors;
            let (mut i, mut at) = (0usize, 0usize);

            let x0f = _mm256_set1_epi8(0x0F);
            let x3f = _mm256_set1_epi8(0x3F);
            let zero = _mm256_setzero_si256();
            let trail = _mm256_set1_epi8(tv.decode_trail as i8);
            let leads = broadcast16(&tv.decode_leads);
            let run_lead = broadcast16(&tv.decode_run_lead);
            let run_trail = broadcast16(&tv.decode_run_trail);
            let table = $table(tv);

            // Whether the block before was ASCII: then this one is checked for
            // 64 bytes of ASCII first (text that is mostly ASCII), else not (text
            // in another script, where that check would only cost).
            let mut ascii = true;
            // Whether the block before had at most eight non-ASCII bytes: then
            // this one is tested for one or two (text in a Latin script), else
            // not (text in another script, where the test would only cost).
            let mut sparse = $sparse;
            // The hot loop: 32 input bytes, at most 64 output bytes, as four
            // 16-byte stores each starting at most 48 bytes after `at`.
            while i + 32 <= b.len() && at + 64 <= dst.len() {
                // SAFETY: features; `i + 64 <= b.len()` (checked first) and
                // `at + 64 <= dst.len()` (the loop condition).
                if ascii && i + 64 <= b.len() && unsafe { copy_ascii64(b, i, dst, at) } {
                    i += 64;
                    at += 64;
                    continue;
                }
                // SAFETY: features; `i + 32 <= b.len()` (the loop condition).
                let v = unsafe { load32(b, i) };
                let high = _mm256_movemask_epi8(v) as u32;
                ascii = high == 0;
                if ascii {
                    // SAFETY: features; `at + 64 <= dst.len()` (the loop
                    // condition).
                    unsafe { store32(dst, at, v) };
                    i += 32;
                    at += 32;
                    sparse = $sparse;
                    continue;
                }
                // One or two non-ASCII bytes (text in a Latin script, or English
                // with a dash): each from the `utf8` table with one 4-byte store,
                // and the ASCII around them moved by 32-byte copies from the
                // input, without a branch (a block with one counts a second at
                // byte 32, whose output the next block overwrites).
                let rest = high & (high - 1);
                if sparse
                    && rest & rest.wrapping_sub(1) == 0
                    && i + 65 <= b.len()
                    && at + 72 <= dst.len()
                {
                    let (f1, f2) = (
                        high.trailing_zeros() as usize,
                        rest.trailing_zeros() as usize,
                    );
                    let (c1, c2) = (
                        t.utf8[usize::from(b[i + f1])],
                        t.utf8[usize::from(b[i + f2])],
                    );
                    let l1 = (c1 >> 24) as usize;
                    let l2 = if rest == 0 { 1 } else { (c2 >> 24) as usize };
                    if l1 == 0 || l2 == 0 {
                        return None;
                    }
                    let o1 = at + f1 + l1;
                    let o2 = o1 + (f2 - f1 - 1);
                    let o3 = o2 + l2;
                    // SAFETY: features; `i + f2 + 1 + 32 <= i + 65 <= b.len()`
                    // (`f2 <= 32`), so the loads are in `b`; `o3 <= at + 32 + 2 +
                    // 3`, so the stores end by `at + 69`, and `at + 72 <=
                    // dst.len()` (checked above).
                    unsafe {
                        store32(dst, at, v);
                        store4(dst, at + f1, c1);
                        store32(dst, o1, load32(b, i + f1 + 1));
                        store4(dst, o2, c2);
                        store32(dst, o3, load32(b, i + f2 + 1));
                    }
                    at = o3 + 31 - f2;
                    i += 32;
                    continue;
                }
                // The lead and the last byte (the trail, or an ASCII byte itself)
                // of each input byte. Where every high byte is in a row of 16
                // that is a run (see `Vectors`), two `vpshufb` by the high nibble
                // give them; else the codes of the table do, and 0 codes mark the
                // bytes the vector code does not write (`bad`).
                let nibble = _mm256_and_si256(_mm256_srli_epi16(v, 4), x0f);
                let lead_of_run = _mm256_shuffle_epi8(run_lead, nibble);
                let runs = _mm256_movemask_epi8(lead_of_run) as u32;
                let (lead, last, bad) = if runs & high == high {
                    (
                        lead_of_run,
                        _mm256_add_epi8(v, _mm256_shuffle_epi8(run_trail, nibble)),
                        0,
                    )
                } else {
                    let code = $code(&table, v, high);
                    let bad = _mm256_movemask_epi8(_mm256_cmpeq_epi8(code, zero)) as u32 & high;
                    if bad & high.wrapping_neg() != 0 {
                        // The first non-ASCII byte is not one the vector code
                        // writes (a dash or a quote in English): the ASCII before
                        // it is stored as it is, and it and its run go through
                        // the table.
                        // SAFETY: features; `at + 64 <= dst.len()` (the loop
                        // condition).
                        unsafe { store32(dst, at, v) };
                        let f = high.trailing_zeros() as usize;
                        (i, at) = decode_run(t, b, i + f, dst, at + f)?;
                        continue;
                    }
                    let lead =
                        _mm256_shuffle_epi8(leads, _mm256_and_si256(_mm256_srli_epi16(code, 4), x0f));
                    let trail = _mm256_xor_si256(_mm256_and_si256(code, x3f), trail);
                    (lead, _mm256_blendv_epi8(v, trail, v), bad)
                };
                // (lead, last) pairs of input bytes 0..8 of each lane in `lo`,
                // 8..16 in `hi`: quarters 0 and 2 of the block, then 1 and 3.
                let lo = _mm256_unpacklo_epi8(lead, last);
                let hi = _mm256_unpackhi_epi8(lead, last);
                let m = high as usize;
                let ra =
                    _mm256_shuffle_epi8(lo, load_lanes(&EXPAND[m & 0xFF], &EXPAND[(m >> 16) & 0xFF]));
                let rb =
                    _mm256_shuffle_epi8(hi, load_lanes(&EXPAND[(m >> 8) & 0xFF], &EXPAND[m >> 24]));
                let a1 = at + 8 + (high & 0xFF).count_ones() as usize;
                let a2 = a1 + 8 + ((high >> 8) & 0xFF).count_ones() as usize;
                let a3 = a2 + 8 + ((high >> 16) & 0xFF).count_ones() as usize;
                // SAFETY: features; `at < a1 < a2 < a3 <= at + 48` (each step is
                // 8 plus a popcount of 8 bits, at most 16) and `at + 64 <=
                // dst.len()` (the loop condition), so each 16-byte store is in
                // `dst`.
                unsafe {
                    store16(dst, at, _mm256_castsi256_si128(ra));
                    store16(dst, a1, _mm256_castsi256_si128(rb));
                    store16(dst, a2, _mm256_extracti128_si256(ra, 1));
                    store16(dst, a3, _mm256_extracti128_si256(rb, 1));
                }
                sparse = $sparse && high.count_ones() <= 8;
                if bad == 0 {
                    at += 32 + high.count_ones() as usize;
                    i += 32;
                } else {
                    // The output of the bytes before `f` is right; the byte at `f`
                    // and its run go through the table.
                    let f = bad.trailing_zeros();
                    at += f as usize + (high & ((1 << f) - 1)).count_ones() as usize;
                    (i, at) = decode_run(t, b, i + f as usize, dst, at)?;
                }
            }
            decode_tail(t, b, i, dst, at)
        }
    };
}

decoder!(
    /// The AVX2 decoder.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    decode_with: decode_rounds,
    code_rounds,
    true
);

decoder!(
    /// [`decode_with`] with AVX-512 VBMI's table lookup.
    ///
    /// # Safety
    /// The CPU must have `crate::simd::FEATURES_512`.
    #[target_feature(
        enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
    )]
    decode_vbmi: decode_plain,
    code_plain,
    false
);

/// The length pass of the decoder; see the module documentation.
///
/// # Safety
/// The CPU must have AVX2, BMI1, BMI2, POPCNT and LZCNT.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(clippy::cast_sign_loss, reason = "movemask bits")]
#[allow(clippy::cast_possible_wrap, reason = "byte constants")]
#[inline]
pub(crate) unsafe fn decoded_len(t: &SingleByte, b: &[u8]) -> Option<usize> {
    let tv = &t.vectors;
    let x07 = _mm256_set1_epi8(0x07);
    let x0f = _mm256_set1_epi8(0x0F);
    let zero = _mm256_setzero_si256();
    let bits = broadcast16(&BITS);
    let three = broadcast16(&tv.three);
    let undefined = broadcast16(&tv.undefined);
    // Output bytes beyond one per input byte.
    let mut extra = 0usize;
    let mut i = 0;
    while i + 32 <= b.len() {
        if i + 64 <= b.len() {
            // SAFETY: features; `i + 64 <= b.len()` (checked just above).
            let (v0, v1) = unsafe { (load32(b, i), load32(b, i + 32)) };
            if _mm256_movemask_epi8(_mm256_or_si256(v0, v1)) == 0 {
                i += 64;
                continue;
            }
        }
        // SAFETY: features; `i + 32 <= b.len()` (the loop condition).
        let v = unsafe { load32(b, i) };
        let high = _mm256_movemask_epi8(v) as u32;
        if high != 0 {
            // Each byte's row and bit in the bitmaps (an ASCII byte finds
            // those of the byte 0x80 above it; `high` masks them).
            let row = _mm256_and_si256(_mm256_srli_epi16(v, 3), x0f);
            let bit = _mm256_shuffle_epi8(bits, _mm256_and_si256(v, x07));
            let not3 =
                _mm256_cmpeq_epi8(_mm256_and_si256(_mm256_shuffle_epi8(three, row), bit), zero);
            let defined = _mm256_cmpeq_epi8(
                _mm256_and_si256(_mm256_shuffle_epi8(undefined, row), bit),
                zero,
            );
            if !(_mm256_movemask_epi8(defined) as u32) & high != 0 {
                return None;
            }
            let is3 = !(_mm256_movemask_epi8(not3) as u32) & high;
            extra += (high.count_ones() + is3.count_ones()) as usize;
        }
        i += 32;
    }
    while i < b.len() {
        let len = (t.utf8[usize::from(b[i])] >> 24) as usize;
        if len == 0 {
            return None;
        }
        extra += len - 1;
        i += 1;
    }
    Some(b.len() + extra)
}

/// The encoder; see the module documentation.
///
/// # Safety
/// The CPU must have AVX2, BMI1, BMI2, POPCNT and LZCNT.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
pub(crate) unsafe fn encode(
    t: &SingleByte,
    loops: Loops,
    text: &str,
    dst: &mut [MaybeUninit<u8>],
) -> Option<usize> {
    // The VBMI version only where the table has two halves (the Latin
    // pages with `C3`, `C4` and `C5`, Tajik, ...): its sixteen rounds
    // are four `vpermi2b`, where a page with one half saves half as
    // much, and a program that encodes such a page links one encoder
    // loop, not two (each is about 1.4 KB).
    if !loops.wide {
        encode_with::<false>(t, text, dst)
    } else if crate::simd::avx512() {
        // SAFETY: `avx512()` said that this CPU has every feature the
        // VBMI encoder enables, `crate::simd::FEATURES_512`.
        unsafe { encode_vbmi::<true>(t, text, dst) }
    } else {
        encode_with::<true>(t, text, dst)
    }
}

/// The encoder's table of codes as AVX2 looks it up: its rows of 16,
/// xor-coded as stored, each in both lanes ([`lookup128`]); the upper
/// half only for a page with more than two hot leads (`WIDE`).
struct Rounds {
    lower: [__m256i; 8],
    upper: [__m256i; 8],
}

#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
fn rounds<const WIDE: bool>(tv: &Vectors) -> Rounds {
    let lower = broadcast_rows(&tv.encode[..8]);
    let upper = if WIDE {
        broadcast_rows(&tv.encode[8..])
    } else {
        [_mm256_setzero_si256(); 8]
    };
    Rounds { lower, upper }
}

/// The byte of each code of `idx` (below `0x80` unless `WIDE`) by
/// eight (sixteen) rounds of `vpshufb`.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
fn lookup_rounds<const WIDE: bool>(r: &Rounds, idx: __m256i) -> __m256i {
    if WIDE {
        let x80 = _mm256_set1_epi8(0x80u8.cast_signed());
        _mm256_blendv_epi8(
            lookup128(&r.lower, idx),
            lookup128(&r.upper, _mm256_xor_si256(idx, x80)),
            idx,
        )
    } else {
        lookup128(&r.lower, idx)
    }
}

/// The encoder's table of codes in plain order, 32 codes a vector (the
/// first four vectors only unless `WIDE`), for `vpermi2b`: the stored
/// rows undone from their xor-coding (row `r` of a half is the XOR of
/// its stored rows `0..=r`), when an encoding starts, so that the table
/// costs no byte more of a page's tables.
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
#[inline]
fn plain<const WIDE: bool>(tv: &Vectors) -> [__m256i; 8] {
    let mut out = [_mm256_setzero_si256(); 8];
    let halves = if WIDE { 2 } else { 1 };
    let mut h = 0;
    while h < halves {
        let mut row = _mm_setzero_si128();
        let mut r = 0;
        while r < 8 {
            let lo = _mm_xor_si128(row, load16(&tv.encode[8 * h + r]));
            row = _mm_xor_si128(lo, load16(&tv.encode[8 * h + r + 1]));
            out[4 * h + r / 2] = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), row, 1);
            r += 2;
        }
        h += 1;
    }
    out
}

/// The byte of each code of `idx` (below `0x80` unless `WIDE`): one
/// `vpermi2b` per 64 codes, and bits 6 and 7 of the code pick among
/// them.
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
#[inline]
fn lookup_plain<const WIDE: bool>(t: &[__m256i; 8], idx: __m256i) -> __m256i {
    let bit6 = _mm256_test_epi8_mask(idx, _mm256_set1_epi8(0x40));
    let low = _mm256_mask_blend_epi8(
        bit6,
        _mm256_permutex2var_epi8(t[0], idx, t[1]),
        _mm256_permutex2var_epi8(t[2], idx, t[3]),
    );
    if WIDE {
        let high = _mm256_mask_blend_epi8(
            bit6,
            _mm256_permutex2var_epi8(t[4], idx, t[5]),
            _mm256_permutex2var_epi8(t[6], idx, t[7]),
        );
        _mm256_mask_blend_epi8(_mm256_movepi8_mask(idx), low, high)
    } else {
        low
    }
}

/// Stamps the encoder's loop, written once, as a function with the
/// given attributes (its CPU features) that looks its table up with
/// `$lookup` over what `$table` prepares. The AVX2 version and the
/// AVX-512 one differ only there: the table path of a block that is
/// not all runs (the Latin letters of Turkish, Icelandic or Croatian)
/// costs sixteen rounds of `vpshufb` with AVX2 and four `vpermi2b` with
/// VBMI.
macro_rules! encoder {
    ($(#[$attr:meta])* fn $name:ident<const WIDE: bool>, $table:ident, $lookup:ident) => {
        $(#[$attr])*
        #[allow(clippy::cast_sign_loss, reason = "movemask bits and u64 control words")]
        #[allow(clippy::cast_possible_wrap, reason = "the same")]
        #[allow(clippy::too_many_lines, reason = "one hot loop, explained as a whole")]
        fn $name<const WIDE: bool>(
            t: &SingleByte,
            text: &str,
            dst: &mut [MaybeUninit<u8>],
        ) -> Option<usize> {
            let tv = &t.vectors;
            let b = text.as_bytes();
            let (mut i, mut at) = (0usize, 0usize);

            let x3f = _mm256_set1_epi8(0x3F);
            let x40 = _mm256_set1_epi8(0x40);
            let x80 = _mm256_set1_epi8(0x80u8 as i8);
            let hot0 = _mm256_set1_epi8(tv.leads[0] as i8);
            let hot1 = _mm256_set1_epi8(tv.leads[1] as i8);
            let hot2 = _mm256_set1_epi8(tv.leads[2] as i8);
            let hot3 = _mm256_set1_epi8(tv.leads[3] as i8);
            let x0f = _mm256_set1_epi8(0x0F);
            let delta = broadcast16(&tv.encode_delta);
            let run_rows = broadcast16(&tv.encode_run);
            let table = $table::<WIDE>(tv);

            // The hot loop, 32 input bytes a step. `carry` is 1 if the block
            // before ended with a hot lead, whose character it wrote (its trail
            // was the 33rd byte it read): then byte 0 of this block is that
            // trail, to be dropped. Else `i` is on a character boundary. The next
            // block starts 32 bytes on whatever the bytes are, so that its loads
            // never wait for this block's results. Each block reads
            // `b[i..i + 33]` (the block and, for the look-ahead vector `next`,
            // one byte more) and writes at most 32 bytes at `dst[at..]`.
            let mut carry = 0u32;
            // Whether the block before was ASCII (see the decoder).
            let mut ascii = true;
            while i + 33 <= b.len() && at + 32 <= dst.len() {
                if ascii
                    && i + 64 <= b.len()
                    && at + 64 <= dst.len()
                    // SAFETY: features; both bounds checked just before.
                    && unsafe { copy_ascii64(b, i, dst, at) }
                {
                    i += 64;
                    at += 64;
                    continue;
                }
                // SAFETY: features; `i + 33 <= b.len()` (the loop condition), so
                // the 32 bytes at `i` and those at `i + 1` are in `b`.
                let (v, next) = unsafe { (load32(b, i), load32(b, i + 1)) };
                let high = _mm256_movemask_epi8(v) as u32;
                ascii = high == 0;
                if ascii {
                    // ASCII (and so `carry` is 0).
                    // SAFETY: features; `at + 32 <= dst.len()` (the loop
                    // condition).
                    unsafe { store32(dst, at, v) };
                    i += 32;
                    at += 32;
                    continue;
                }
                // The hot leads, and each one's slot in bits 6 and 7.
                let (hot, slot) = if WIDE {
                    let (e0, e1) = (_mm256_cmpeq_epi8(v, hot0), _mm256_cmpeq_epi8(v, hot1));
                    let (e2, e3) = (_mm256_cmpeq_epi8(v, hot2), _mm256_cmpeq_epi8(v, hot3));
                    (
                        _mm256_or_si256(_mm256_or_si256(e0, e1), _mm256_or_si256(e2, e3)),
                        _mm256_or_si256(
                            _mm256_and_si256(_mm256_or_si256(e1, e3), x40),
                            _mm256_and_si256(_mm256_or_si256(e2, e3), x80),
                        ),
                    )
                } else {
                    let (e0, e1) = (_mm256_cmpeq_epi8(v, hot0), _mm256_cmpeq_epi8(v, hot1));
                    (_mm256_or_si256(e0, e1), _mm256_and_si256(e1, x40))
                };
                let leads = _mm256_movemask_epi8(hot) as u32;
                // The non-ASCII bytes of the block's own characters.
                let own = high & !carry;
                if own & own.wrapping_neg() & !leads != 0 {
                    // The first non-ASCII character is not one the vector code
                    // looks up (a dash or a quote in English): the ASCII before it
                    // is stored as it is, and it and its run go through the
                    // tables.
                    let f = own.trailing_zeros() as usize;
                    let ascii = if carry == 0 { v } else { next };
                    // SAFETY: features; `at + 32 <= dst.len()` (the loop
                    // condition).
                    unsafe { store32(dst, at, ascii) };
                    (i, at) = encode_run(t, b, i + f, dst, at + f - carry as usize)?;
                    carry = 0;
                    continue;
                }
                // At each hot lead, the character's code (its slot and the low six
                // bits of the trail, the next byte), and its byte (0: not in the
                // page); unspecified elsewhere. When every hot lead's code is in a
                // row that is a run, one `vpshufb` gives them; else the table
                // does.
                let idx = _mm256_or_si256(slot, _mm256_and_si256(next, x3f));
                let row = _mm256_and_si256(_mm256_srli_epi16(idx, 4), x0f);
                let runs = _mm256_movemask_epi8(_mm256_shuffle_epi8(run_rows, row)) as u32;
                let byte = if runs & leads == leads {
                    _mm256_add_epi8(idx, _mm256_shuffle_epi8(delta, row))
                } else {
                    $lookup::<WIDE>(&table, idx)
                };
                let found = _mm256_movemask_epi8(byte) as u32;
                let out = _mm256_blendv_epi8(v, byte, hot);
                // Keep all but the trails of hot leads (the one of the block
                // before's included). The block is bad from the first non-ASCII
                // byte that is neither a hot lead nor such a trail, or the first
                // hot lead whose character is not in the page (every byte a page
                // has for a non-ASCII character is 0x80 or more, so `found` has
                // its bit).
                let keep = !(leads << 1 | carry);
                let bad = (high & !leads & keep) | (leads & !found);

                // Compress each 8 bytes (the controls of the odd quarters index the
                // upper half of their lane, hence + 8) and store them one after
                // the other.
                let packed = _mm256_shuffle_epi8(out, compress_ctrl(keep));
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
                    at += keep.count_ones() as usize;
                    i += 32;
                    carry = leads >> 31;
                } else {
                    // The output of the whole characters before position `f` is
                    // right; the character at `f` and its run go through the
                    // tables.
                    let f = bad.trailing_zeros();
                    at += (keep & ((1 << f) - 1)).count_ones() as usize;
                    (i, at) = encode_run(t, b, i + f as usize, dst, at)?;
                    carry = 0;
                }
            }
            // Past the trail the last block took, if it did.
            i += carry as usize;
            encode_tail(t, b, i, dst, at)
        }
    };
}

encoder!(
    /// The encoder of a page with (`WIDE`) or without more than two
    /// hot leads: whether its table has one half or two.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    fn encode_with<const WIDE: bool>,
    rounds,
    lookup_rounds
);

encoder!(
    /// [`encode_with`] with AVX-512 VBMI's table lookup.
    ///
    /// # Safety
    /// The CPU must have `crate::simd::FEATURES_512`.
    #[target_feature(
        enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
    )]
    fn encode_vbmi<const WIDE: bool>,
    plain,
    lookup_plain
);

/// Which of its loops a kernel runs for a page, worked out by the caller
/// from the page's tables rather than by the kernel: the kernels are not
/// inlined (they enable CPU features their callers do not), but their
/// callers are, into the function of the page, where the page and so
/// these are constants. If every call in a program passes the same value,
/// the optimizer folds the kernel's test and drops the loop that no page
/// of the program asks for (a program of pages without Thai links no Thai
/// decoder, one whose pages all have two-half tables no one-half encoder).
#[derive(Clone, Copy)]
pub(crate) struct Loops {
    /// The page's letters are three bytes of UTF-8 (Thai): the AVX-512
    /// decoder of such pages.
    pub(crate) three: bool,
    /// No row `C0..=FF` of the page is a run (the KOI8 pages): the VBMI
    /// decoder loop.
    pub(crate) runless: bool,
    /// The page's encoding table has both halves: the encoder loop with
    /// the upper half (VBMI where the CPU has it).
    pub(crate) wide: bool,
}
