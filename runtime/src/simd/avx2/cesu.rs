//! The AVX2 kernels of [`crate::simd::cesu`].

// The codec's short names (see `crate::engine`): `b` input bytes, `n` its
// length, `i` input cursor, `at` output cursor, `p` block, `v` a vector.
#![allow(clippy::many_single_char_names)]

use crate::simd::avx2::utf8::{Validator, high_bits, load32, splat};
use crate::simd::portable::cesu::encode_unchanged_words;
use crate::simd::utf8::{CESU8, MARK_C0, MARK_SURROGATE, MUTF8, UTF8, char_start_before, is_cont};

use core::arch::x86_64::{
    __m128i, __m256i, _mm_loadu_si128, _mm_set_epi64x, _mm_shuffle_epi8, _mm_storel_epi64,
    _mm_storeu_si128, _mm_unpackhi_epi64, _mm256_add_epi8, _mm256_add_epi64, _mm256_and_si256,
    _mm256_blendv_epi8, _mm256_castsi256_si128, _mm256_cmpeq_epi8, _mm256_extract_epi64,
    _mm256_extracti128_si256, _mm256_max_epu8, _mm256_min_epu8, _mm256_or_si256, _mm256_sad_epu8,
    _mm256_setzero_si256, _mm256_slli_epi16, _mm256_srli_epi16, _mm256_storeu_si256,
    _mm256_sub_epi8, _mm256_testz_si256, _mm256_unpackhi_epi64, _mm256_unpacklo_epi64,
};

/// Stores `v` in `dst[at..at + 32]`.
///
/// # Safety
/// The CPU must have the enabled features, and `at + 32 <= dst.len()`.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
unsafe fn store32(dst: &mut [u8], at: usize, v: __m256i) {
    debug_assert!(
        at <= dst.len() && dst.len() - at >= 32,
        "store32 out of bounds"
    );
    // SAFETY: the caller guarantees `at + 32 <= dst.len()`, so the 32 bytes
    // from `dst.as_mut_ptr() + at` are within `dst`; the store is unaligned.
    unsafe { _mm256_storeu_si256(dst.as_mut_ptr().add(at).cast(), v) }
}

/// Copies `b[i..i + 64]` to `dst[at..at + 64]`.
///
/// # Safety
/// The CPU must have the enabled features, `i + 64 <= b.len()` and
/// `at + 64 <= dst.len()`.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
unsafe fn copy64(b: &[u8], i: usize, dst: &mut [u8], at: usize) {
    // SAFETY: features; the caller guarantees both 64-byte ranges, of
    // which these are the two halves.
    unsafe {
        let x = load32(b, i);
        let y = load32(b, i + 32);
        store32(dst, at, x);
        store32(dst, at + 32, y);
    }
}

// ---------------------------------------------------------------- encoding

/// Per byte of `v` (bytes of a `&str`), all ones where the byte is not
/// copied as it is: `F0..=FF` (a 4-byte lead), and for `JAVA` also `00`.
///
/// # Safety
/// The CPU must have the enabled features.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
unsafe fn encode_special<const JAVA: bool>(v: __m256i) -> __m256i {
    if JAVA {
        // `v - 1` wraps `00` to `FF` and takes `F0..=FF` to `EF..=FE`, so
        // both are exactly the bytes with `v - 1 >= EF` (unsigned).
        let t = _mm256_add_epi8(v, splat!(0xFF));
        _mm256_cmpeq_epi8(_mm256_max_epu8(t, splat!(0xEF)), t)
    } else {
        _mm256_cmpeq_epi8(_mm256_max_epu8(v, splat!(0xF0)), v)
    }
}

/// Where each byte of 8 goes when bytes are put in before some of them:
/// row `m` (bit `j` set: a byte before byte `j`) holds, output byte by
/// output byte, the index of its source in a vector whose bytes `0..8` are
/// the 8 bytes and `8..16` the bytes put in before each of them (byte `j`'s
/// in `8 + j`); `0x80` (a zero, never stored) past the output's end.
static EXPAND: [[u8; 16]; 256] = {
    let mut t = [[0x80u8; 16]; 256];
    let mut m = 0;
    while m < 256 {
        let mut o = 0;
        let mut j = 0u8;
        while j < 8 {
            if m >> j & 1 != 0 {
                t[m][o] = 8 + j;
                o += 1;
            }
            t[m][o] = j;
            o += 1;
            j += 1;
        }
        m += 1;
    }
    t
};

/// Transcodes the 32 bytes `b[i..i + 32]` (UTF-8, `i` anywhere) into
/// `dst` at `at`: the output of every byte, each 4-byte sequence's bytes
/// as those of its two encoded surrogates, whichever of the sequence's
/// bytes are in the block; the new output cursor, and whether any byte
/// grew (a byte put in before it).
///
/// A sequence `F0..=F4 b1 b2 b3` becomes `ED x1 x2 ED x4 b3`, a byte of
/// output from each byte of input, in place, and two `ED`s put in before
/// the lead and before `b2`: with `v` the scalar value less `0x10000`,
/// `x1 = A0 | v >> 16` (the plane less one: the lead's low bits and two of
/// `b1`'s, less one), `x2 = 80 | (v >> 10 & 3F)` (`b1`'s low four bits and
/// two of `b2`'s), `x4 = B0 | (v >> 6 & F)` (`b2`'s low four bits); `b3`
/// stays. So each byte's output depends on the byte, the one after it, and
/// whether one of the two before it is a lead: four unaligned loads, a few
/// byte operations and blends, whatever the sequences' offsets. For `JAVA`,
/// a zero byte becomes `80` with a `C0` put in before it. The bytes put in
/// come from a second vector, and each 8 bytes go out through one shuffle
/// of [`EXPAND`]'s row for them: 8 to 16 bytes, one 16-byte store.
///
/// # Safety
/// The CPU must have the enabled features; `2 <= i`, `i + 33 <= b.len()`
/// (the loads at `i - 2` and `i + 1`) and `at + 64 <= dst.len()` (32 bytes
/// grow to 64 at most; the fourth store ends there).
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
#[allow(clippy::cast_ptr_alignment, reason = "unaligned loads and stores")]
unsafe fn expand32<const JAVA: bool>(
    b: &[u8],
    i: usize,
    dst: &mut [u8],
    at: usize,
) -> (usize, bool) {
    // SAFETY: features; `b[i - 2..i + 33]` is in bounds (the caller says).
    let (x, next, prev1, prev2) = unsafe {
        (
            load32(b, i),
            load32(b, i + 1),
            load32(b, i - 1),
            load32(b, i - 2),
        )
    };
    let lead = |v| _mm256_cmpeq_epi8(_mm256_max_epu8(v, splat!(0xF0)), v);
    let (lead0, lead1, lead2) = (lead(x), lead(prev1), lead(prev2));
    // Per byte `(x & F) << 2 | (next >> 4 & 3)`: the plane at a lead (its
    // low bits are those of `& 7`), `v >> 10 & 3F` at `b1`. The 16-bit
    // shifts move no bit across bytes that the masks keep.
    let low = _mm256_and_si256(x, splat!(0x0F));
    let u = _mm256_or_si256(
        _mm256_slli_epi16(low, 2),
        _mm256_and_si256(_mm256_srli_epi16(next, 4), splat!(0x03)),
    );
    let mut y = _mm256_blendv_epi8(x, _mm256_add_epi8(u, splat!(0x9F)), lead0);
    y = _mm256_blendv_epi8(y, _mm256_or_si256(u, splat!(0x80)), lead1);
    y = _mm256_blendv_epi8(y, _mm256_or_si256(low, splat!(0xB0)), lead2);
    let mut grow = _mm256_or_si256(lead0, lead2);
    let mut put_in = _mm256_and_si256(grow, splat!(0xED));
    if JAVA {
        let zero = _mm256_cmpeq_epi8(x, _mm256_setzero_si256());
        y = _mm256_or_si256(y, _mm256_and_si256(zero, splat!(0x80)));
        put_in = _mm256_or_si256(put_in, _mm256_and_si256(zero, splat!(0xC0)));
        grow = _mm256_or_si256(grow, zero);
    }
    let m = high_bits!(grow);
    // Each 128-bit lane of `lo` is 8 bytes of `y` and the 8 of `put_in`
    // that go before them: bytes 0..8 and 16..24; of `hi`, 8..16 and
    // 24..32.
    let lo = _mm256_unpacklo_epi64(y, put_in);
    let hi = _mm256_unpackhi_epi64(y, put_in);
    let parts = [
        _mm256_castsi256_si128(lo),
        _mm256_castsi256_si128(hi),
        _mm256_extracti128_si256::<1>(lo),
        _mm256_extracti128_si256::<1>(hi),
    ];
    let mut at = at;
    for (k, part) in parts.into_iter().enumerate() {
        let row = (m >> (8 * k)) as u8;
        // SAFETY: features; the row is 16 readable bytes; the store ends
        // at the old `at` plus at most 3 * 16 + 16 (each part's output is
        // at most 16 bytes), within `dst` (the caller says).
        unsafe {
            let idx = _mm_loadu_si128(EXPAND[usize::from(row)].as_ptr().cast::<__m128i>());
            _mm_storeu_si128(
                dst.as_mut_ptr().add(at).cast::<__m128i>(),
                _mm_shuffle_epi8(part, idx),
            );
        }
        at += 8 + row.count_ones() as usize;
    }
    (at, m != 0)
}

/// [`expand32`] step after step from `i`, the lead of a character, while
/// a step grows the text and the bounds allow one; the new cursors, on a
/// character boundary, or the old ones if no step could be taken.
///
/// Chinese with an emoji after each character, emoji alone, Russian with
/// an emoji after each word: one transcoded character every 5 to 20
/// bytes, where the copy loop stops at each.
///
/// # Safety
/// The CPU must have the enabled features, and `b` is UTF-8 (or a suffix
/// of it).
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline(never)]
pub(crate) unsafe fn expand_run<const JAVA: bool>(
    b: &[u8],
    mut i: usize,
    dst: &mut [u8],
    mut at: usize,
) -> (usize, usize) {
    // `i >= 2`: the step loads from `i - 2` (a later step's `i` is larger).
    if i < 2 {
        return (i, at);
    }
    let start = i;
    while i + 33 <= b.len() && at + 64 <= dst.len() {
        // SAFETY: features; the bounds (the loop's condition, and `i >=
        // 2`).
        let (at2, grew) = unsafe { expand32::<JAVA>(b, i, dst, at) };
        i += 32;
        at = at2;
        if !grew {
            break;
        }
    }
    // A step ends anywhere: if inside a 4-byte sequence, back to its lead,
    // less the output of the bytes taken (`ED x1`, `ED x1 x2`, `ED x1 x2
    // ED x4`). Inside a shorter character, each byte's output is itself,
    // and the copy loop goes on from there as it does after a block.
    if i > start {
        for back in 1..=3 {
            if b[i - back] >= 0xF0 {
                i -= back;
                at -= [2, 3, 5][back - 1];
                break;
            }
        }
    }
    (i, at)
}

/// The encoding loop over `b` into `dst`: while 64 bytes of input are left
/// and 72 bytes of room (a 64-byte store at the cursor, or eight bytes
/// written up to 63 bytes past it). Returns the input and output cursors;
/// for UTF-8 input, the input cursor is on a character boundary. Text
/// dense in characters to transcode goes 32 bytes a step ([`expand_run`]) if
/// `dense`, until it is sparse again.
///
/// # Safety
/// The CPU must have the enabled features, and every byte `F0..=FF` of `b`
/// must be followed by at least three more bytes in `b`. UTF-8 has that,
/// and so has every suffix of UTF-8, padded or not: the reads of a 4-byte
/// sequence rely on it.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
unsafe fn encode_bulk<const JAVA: bool>(b: &[u8], dst: &mut [u8], dense: bool) -> (usize, usize) {
    let n = b.len();
    let cap = dst.len();
    let mut i = 0;
    let mut at = 0;
    // Each turn loads 64 bytes and stores them at once, then asks whether
    // any needs transcoding. If not (the hot path: one load, test and store
    // per 32 bytes), the cursors move by 64, wherever characters start: the
    // bytes that need transcoding are recognised by themselves. Else the
    // stored bytes before the first such byte are right; the cursors move to
    // it, that one character is transcoded, and the next turn starts after
    // it, so several in a block cost a turn each.
    //
    // The bounds: the loads read `b[i..i + 64]`, within `b` as `i + 64 <=
    // n`; the stores write `dst[at..at + 64]`, within `dst` as `at + 72 <=
    // cap`. A byte to transcode is at `i + k` with `k < 64`, so `i + k <
    // n`; if it is `F0..=FF`, the three bytes after it, which its character
    // reads, are in `b` too (the precondition). Its writes, at most eight
    // bytes from `at + k`, end at `at + 71 < cap`.
    while i + 64 <= n && at + 72 <= cap {
        // SAFETY: features; `b[i..i + 64]` and `dst[at..at + 64]` are in
        // bounds (above).
        let (x, y) = unsafe {
            let x = load32(b, i);
            let y = load32(b, i + 32);
            store32(dst, at, x);
            store32(dst, at + 32, y);
            (x, y)
        };
        // SAFETY: features (all that `encode_special` needs).
        let (sx, sy) = unsafe { (encode_special::<JAVA>(x), encode_special::<JAVA>(y)) };
        let s = _mm256_or_si256(sx, sy);
        if _mm256_testz_si256(s, s) != 0 {
            i += 64;
            at += 64;
            continue;
        }
        let mask = u64::from(high_bits!(sx)) | (u64::from(high_bits!(sy)) << 32);
        let k = mask.trailing_zeros() as usize;
        i += k;
        at += k;
        // Two or more: maybe text dense in such characters.
        if dense && mask & (mask - 1) != 0 {
            // SAFETY: features; `b` is UTF-8 or a suffix of it (the
            // precondition: every lead is followed by its bytes) and `i` a
            // character's lead (above).
            let (i2, at2) = unsafe { expand_run::<JAVA>(b, i, dst, at) };
            if i2 > i {
                i = i2;
                at = at2;
                continue;
            }
        }
        // SAFETY: `i` is the old `i + k < n` (above).
        let b0 = unsafe { *b.get_unchecked(i) };
        if JAVA && b0 == 0 {
            // SAFETY: `at + 2 <= old at + 65 < cap` (above).
            unsafe { put(dst, at, [0xC0, 0x80]) };
            at += 2;
            i += 1;
        } else {
            // A 4-byte sequence: its scalar value, then the two surrogates,
            // each as three bytes, written as one 8-byte word.
            // SAFETY: `b0` is `F0..=FF`, so by the precondition the three
            // bytes after it are in `b`.
            let (b1, b2, b3) = unsafe {
                (
                    *b.get_unchecked(i + 1),
                    *b.get_unchecked(i + 2),
                    *b.get_unchecked(i + 3),
                )
            };
            let cp = ((u32::from(b0) & 0x07) << 18)
                | ((u32::from(b1) & 0x3F) << 12)
                | ((u32::from(b2) & 0x3F) << 6)
                | (u32::from(b3) & 0x3F);
            let v = cp - 0x1_0000;
            let hi = v >> 10;
            let lo = v & 0x3FF;
            let word = 0xED
                | (u64::from(0xA0 | (hi >> 6)) << 8)
                | (u64::from(0x80 | (hi & 0x3F)) << 16)
                | (0xED << 24)
                | (u64::from(0xB0 | (lo >> 6)) << 32)
                | (u64::from(0x80 | (lo & 0x3F)) << 40);
            // SAFETY: `at + 8 <= old at + 71 < cap` (above).
            unsafe { put(dst, at, word.to_le_bytes()) };
            at += 6;
            i += 4;
        }
    }
    // After a plain block the cursor may be inside a character; those
    // bytes were copied as they are, so step both cursors back to its lead.
    while i < n && is_cont(b[i]) {
        i -= 1;
        at -= 1;
    }
    (i, at)
}

/// [`encode`](crate::simd::cesu::encode) with AVX2.
///
/// # Safety
/// The CPU must have the enabled features ([`crate::simd::avx2`](fn@crate::simd::avx2)).
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
pub(crate) unsafe fn encode_avx2<const JAVA: bool>(text: &str, dst: &mut [u8]) -> Option<usize> {
    // SAFETY: features; `text` is UTF-8, so each byte `F0..=FF` is a
    // 4-byte lead, followed by its three continuation bytes.
    let (i, at) = unsafe { encode_bulk::<JAVA>(text.as_bytes(), dst, true) };
    let rest = text.as_bytes().get(i..)?;
    if rest.is_empty() {
        return Some(at);
    }
    // The loop stops with fewer than 64 bytes left (67 after stepping back
    // to a character's lead), or with less than 72 bytes of room; as the
    // output is never shorter than the input, more than 127 bytes left then
    // cannot fit.
    if rest.len() > TAIL_IN - 64 {
        return None;
    }
    // The rest through the same loop, padded with spaces (which the loop
    // copies as they are) so that it runs until the cursor is past the
    // real bytes: then every byte from the end of the real ones up to the
    // cursor is padding, one output byte each.
    let mut ibuf = [b' '; TAIL_IN];
    ibuf[..rest.len()].copy_from_slice(rest);
    let mut obuf = [0u8; 3 * TAIL_IN];
    // SAFETY: features; `rest` is a suffix of UTF-8, so each byte
    // `F0..=FF` in it is followed by its three continuation bytes, also in
    // `rest` (wherever `i` is), and the padding has no such bytes.
    let (j, end) = unsafe { encode_bulk::<JAVA>(&ibuf, &mut obuf, false) };
    let m = end.checked_sub(j.checked_sub(rest.len())?)?;
    dst.get_mut(at..at + m)?.copy_from_slice(&obuf[..m]);
    Some(at + m)
}

/// [`encode_unchanged`](crate::simd::cesu::encode_unchanged) with AVX2: 64 bytes a step, then a 32-byte step
/// and the last 32 bytes (overlapping), below 32 bytes words.
///
/// # Safety
/// The CPU must have the enabled features ([`crate::simd::avx2`](fn@crate::simd::avx2)).
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[cfg_attr(
    not(feature = "alloc"),
    allow(dead_code, reason = "used by `encode_cow` and `decode_cow` only")
)]
pub(crate) unsafe fn encode_unchanged_avx2<const JAVA: bool>(b: &[u8]) -> usize {
    let n = b.len();
    let mut i = 0;
    while i + 64 <= n {
        // SAFETY: features; `i + 64 <= n`, so both loads lie within `b`.
        let (sx, sy) = unsafe {
            (
                encode_special::<JAVA>(load32(b, i)),
                encode_special::<JAVA>(load32(b, i + 32)),
            )
        };
        let s = _mm256_or_si256(sx, sy);
        if _mm256_testz_si256(s, s) == 0 {
            let m = u64::from(high_bits!(sx)) | (u64::from(high_bits!(sy)) << 32);
            return i + m.trailing_zeros() as usize;
        }
        i += 64;
    }
    if n < 32 {
        return encode_unchanged_words::<JAVA>(b, i);
    }
    if i + 32 <= n {
        // SAFETY: features; `i + 32 <= n`.
        let m = high_bits!(unsafe { encode_special::<JAVA>(load32(b, i)) });
        if m != 0 {
            return i + m.trailing_zeros() as usize;
        }
        i += 32;
    }
    if i < n {
        // The last 32 bytes, of which those before `i` are checked.
        let j = n - 32;
        // SAFETY: features; `n >= 32`, so `b[n - 32..n]` is in bounds.
        let m = high_bits!(unsafe { encode_special::<JAVA>(load32(b, j)) }) >> (i - j);
        if m != 0 {
            return i + m.trailing_zeros() as usize;
        }
    }
    n
}

/// Per byte of `v`: -2 for a 4-byte lead, -1 for a zero byte (`JAVA`),
/// else 0: minus the bytes each adds to the encoded length.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
fn extra_bytes<const JAVA: bool>(v: __m256i) -> __m256i {
    let lead = _mm256_cmpeq_epi8(_mm256_max_epu8(v, splat!(0xF0)), v);
    let w = _mm256_add_epi8(lead, lead);
    if JAVA {
        _mm256_add_epi8(w, _mm256_cmpeq_epi8(v, _mm256_setzero_si256()))
    } else {
        w
    }
}

/// [`encoded_len`](crate::simd::cesu::encoded_len) with AVX2: per 64 bytes, the compares for zero bytes
/// and 4-byte leads (`-1` where they hold, once and twice) are subtracted
/// from a byte-lane accumulator, summed with `vpsadbw` before a lane can
/// overflow; the last bytes one at a time.
///
/// # Safety
/// The CPU must have the enabled features ([`crate::simd::avx2`](fn@crate::simd::avx2)).
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(
    clippy::cast_sign_loss,
    reason = "sums of byte counts, far below `i64::MAX`"
)]
pub(crate) unsafe fn encoded_len_avx2<const JAVA: bool>(b: &[u8]) -> usize {
    let n = b.len();
    let zero = _mm256_setzero_si256();
    let mut i = 0;
    let mut total = _mm256_setzero_si256();
    while i + 64 <= n {
        // Each step takes at most 4 from a byte lane (two vectors of at
        // most 2); 63 steps stay within 252.
        let stop = if n - i > 63 * 64 { i + 63 * 64 } else { n };
        let mut acc = _mm256_setzero_si256();
        while i + 64 <= stop {
            // SAFETY: features; `i + 64 <= stop <= n`: `b[i..i + 64]`.
            let (x, y) = unsafe { (load32(b, i), load32(b, i + 32)) };
            acc = _mm256_sub_epi8(
                acc,
                _mm256_add_epi8(extra_bytes::<JAVA>(x), extra_bytes::<JAVA>(y)),
            );
            i += 64;
        }
        total = _mm256_add_epi64(total, _mm256_sad_epu8(acc, zero));
    }
    let mut extra = (_mm256_extract_epi64::<0>(total)
        + _mm256_extract_epi64::<1>(total)
        + _mm256_extract_epi64::<2>(total)
        + _mm256_extract_epi64::<3>(total)) as usize;
    while i < n {
        if b[i] >= 0xF0 {
            extra += 2;
        } else if JAVA && b[i] == 0 {
            extra += 1;
        }
        i += 1;
    }
    n + extra
}

// ---------------------------------------------------------------- decoding

/// The special bytes of a vector from the validator's classification of
/// its pairs: bit `k` set where byte `k` is marked as the second byte of
/// `ED A0..=BF` (an encoded surrogate) or, for `JAVA`, of `C0 80..=BF`.
/// A 16-bit shift moves each byte's mark bit to its bit 7 (bits shifted in
/// from the byte below land in bits 0 to 2).
///
/// # Safety
/// The CPU must have the enabled features.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
unsafe fn decode_special<const JAVA: bool>(pair: __m256i) -> u32 {
    const _: () = assert!(MARK_SURROGATE == 1 << 4 && MARK_C0 == 1 << 6);
    let mut s = _mm256_slli_epi16::<3>(pair);
    if JAVA {
        s = _mm256_or_si256(s, _mm256_slli_epi16::<1>(pair));
    }
    high_bits!(s)
}

/// The special bits of a 64-byte block from which [`decode_bulk`] hands
/// the blocks after it to [`decode_run`]: four pairs (two bits each) or
/// eight `C0 80`s. Chinese or Russian with an emoji after each character
/// has seven or eight pairs in 64 bytes; emoji after each word, one or
/// two, which the copy loop takes faster.
const DENSE: u32 = 8;

/// `COMPRESS[m]`, for an 8-bit mask `m` of bytes to keep, is the shuffle of
/// 8 bytes (one control byte per byte of the `u64`, from the lowest) that
/// moves the kept bytes, in order, to the front; the rest select byte 0,
/// and are overwritten by the next store.
static COMPRESS: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut m = 0;
    while m < 256 {
        let (mut k, mut q, mut row) = (0u32, 0u64, 0u64);
        while q < 8 {
            if (m >> q) & 1 == 1 {
                row |= q << (8 * k);
                k += 1;
            }
            q += 1;
        }
        t[m] = row;
        m += 1;
    }
    t
};

/// Text dense in surrogate pairs (or `C0 80`s), 32 bytes a step whatever
/// they hold, from `p` (a character boundary up to which the validator
/// `val` has checked `b`) into `dst[at..]`; the mirror of the encoder's
/// [`expand_run`].
///
/// Each byte's output is worked out in place from it and the bytes around
/// it (four unaligned loads: at `j - 2`, `j - 1`, `j`, `j + 1`), so that
/// a character cut by the end of a step needs nothing carried but two
/// masks. With a pair `ED Ah xx ED Bl yy` (`h`, `l` its nibbles) standing
/// for `u = 0x40 + (h << 6 | xx & 0x3F)`, the top 11 bits of the code point
/// (`cp >> 10`), and `ll = l << 6 | yy & 0x3F`, its low 10 bits:
///
/// - the `Ah` byte becomes the 4-byte lead `F0 | u >> 8`, which is
///   `F0 | (h + 1) >> 2`: from the byte alone;
/// - `xx` becomes `80 | (u >> 2) & 3F`, that is `80 | ((h + 1) & 3) << 4 |
///   (xx & 3F) >> 2`, from it and the byte before;
/// - `Bl` becomes `80 | (u & 3) << 4 | l`, and `u & 3 == xx & 3`: from it and
///   the byte two before (`xx`, before the `ED`);
/// - `yy` stays as it is (`80 | cp & 3F`);
/// - both `ED`s are dropped, and so is the `C0` of a `C0 80`, whose `80`
///   becomes `00`; every other byte stays as it is.
///
/// The bytes kept are packed by one `pshufb` of each 8 bytes, whose control
/// is looked up in [`COMPRESS`] by the 8-bit mask of kept bytes, and stored
/// 8 bytes at a time, the cursor moving by the mask's popcount.
///
/// The bytes are checked as in [`decode_bulk`]: the validator over every
/// step (which allows encoded surrogates anywhere and `C0` only before
/// `80..=BF`), raw zero bytes for modified UTF-8, and two masks: each high
/// surrogate's second byte must have a low surrogate's three bytes on, and
/// every low one a high one three bytes before (the bits of the last three
/// bytes carried to the next step); each `C0` must be followed by `80`.
///
/// The run stops after a step with no such character (then no pair and no
/// `C0 80` is cut there; another character cut there is copied as it is on
/// both sides), or where the bounds of [`decode_bulk`] stop it: then a pair
/// cut there is finished here (its lead at `p - 5 ..= p - 2`) and the copy
/// cursor put after it, or a pair or `C0 80` whose lead is the last byte is
/// left to [`decode_bulk`], which steps back over a lead copied as it is
/// (the output cursor moves one byte as if it had been). Returns the
/// validator's position, the copy cursor and the output cursor; `None` at an
/// unpaired surrogate or a `C0` not followed by `80`.
///
/// # Safety
/// The CPU must have the enabled features; `p >= 2`.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline(never)]
#[allow(clippy::too_many_lines, reason = "one hot loop, explained as a whole")]
pub(crate) unsafe fn decode_run<const JAVA: bool>(
    b: &[u8],
    mut p: usize,
    dst: &mut [u8],
    mut at: usize,
    val: &mut Validator,
) -> Option<(usize, usize, usize)> {
    debug_assert!(p >= 2, "decode_run needs two bytes before the run");
    let n = b.len();
    let cap = dst.len();
    let zero = _mm256_setzero_si256();
    // High surrogates among the last three bytes of the step before, as the
    // bits of their low surrogates in this step; a `C0` as the last byte.
    let mut carry_hi = 0u32;
    let mut carry_c0 = 0u32;
    // The bounds: the loads reach `b[p - 2..p + 33]`, the stores
    // `dst[at..at + 32]`. The run goes as far into `b` as `decode_bulk`'s
    // 64-byte blocks would (to `n - 64` or less), which its padded last
    // bytes rely on; the output room is its.
    while p + 96 <= n && at + 136 <= cap {
        // SAFETY: features; `p >= 2` and `p + 33 <= n`, so the four loads
        // are within `b`.
        let (cur, prev1, prev2, next) = unsafe {
            (
                load32(b, p),
                load32(b, p - 1),
                load32(b, p - 2),
                load32(b, p + 1),
            )
        };
        // SAFETY: features (all that `check` and `flag` need).
        unsafe {
            val.check(cur);
            if JAVA {
                val.flag(_mm256_cmpeq_epi8(cur, zero));
            }
        }
        let nib = _mm256_and_si256(cur, splat!(0xF0));
        let e1 = _mm256_cmpeq_epi8(prev1, splat!(0xED));
        let e2 = _mm256_cmpeq_epi8(prev2, splat!(0xED));
        // The second bytes of the high (`hi1`) and the low (`lo1`)
        // surrogates, and the third bytes of the high ones (`hi2`).
        let hi1 = _mm256_and_si256(e1, _mm256_cmpeq_epi8(nib, splat!(0xA0)));
        let lo1 = _mm256_and_si256(e1, _mm256_cmpeq_epi8(nib, splat!(0xB0)));
        let hi2 = _mm256_and_si256(
            e2,
            _mm256_cmpeq_epi8(_mm256_and_si256(prev1, splat!(0xF0)), splat!(0xA0)),
        );
        let mh = high_bits!(hi1);
        let ml = high_bits!(lo1);
        if ml != ((mh << 3) | carry_hi) {
            return None;
        }
        carry_hi = mh >> 29;
        let mut special = mh | ml;
        // `ED` before `A0..=BF`: dropped.
        let mut drop = _mm256_and_si256(
            _mm256_cmpeq_epi8(cur, splat!(0xED)),
            _mm256_cmpeq_epi8(_mm256_and_si256(next, splat!(0xE0)), splat!(0xA0)),
        );
        // The three bytes that change (8-bit shifts as 16-bit ones, masked
        // to what stays within each byte).
        let lead = _mm256_or_si256(
            splat!(0xF0),
            _mm256_and_si256(
                _mm256_srli_epi16::<2>(_mm256_add_epi8(
                    _mm256_and_si256(cur, splat!(0x0F)),
                    splat!(1),
                )),
                splat!(0x07),
            ),
        );
        let second = _mm256_or_si256(
            _mm256_or_si256(
                splat!(0x80),
                _mm256_slli_epi16::<4>(_mm256_and_si256(
                    _mm256_add_epi8(_mm256_and_si256(prev1, splat!(0x0F)), splat!(1)),
                    splat!(0x03),
                )),
            ),
            _mm256_and_si256(_mm256_srli_epi16::<2>(cur), splat!(0x0F)),
        );
        let third = _mm256_or_si256(
            _mm256_or_si256(
                splat!(0x80),
                _mm256_slli_epi16::<4>(_mm256_and_si256(prev2, splat!(0x03))),
            ),
            _mm256_and_si256(cur, splat!(0x0F)),
        );
        let mut out = _mm256_blendv_epi8(cur, lead, hi1);
        out = _mm256_blendv_epi8(out, second, hi2);
        out = _mm256_blendv_epi8(out, third, lo1);
        if JAVA {
            let c0 = _mm256_cmpeq_epi8(cur, splat!(0xC0));
            let mc = high_bits!(c0);
            let m80 = high_bits!(_mm256_cmpeq_epi8(cur, splat!(0x80)));
            if ((mc << 1) | carry_c0) & !m80 != 0 {
                return None;
            }
            carry_c0 = mc >> 31;
            special |= mc;
            drop = _mm256_or_si256(drop, c0);
            // The `80` of `C0 80` becomes `00`.
            out = _mm256_blendv_epi8(out, zero, _mm256_cmpeq_epi8(prev1, splat!(0xC0)));
        }
        // Pack the kept bytes, 8 at a time.
        let keep = !high_bits!(drop);
        for (h, lane) in [
            _mm256_castsi256_si128(out),
            _mm256_extracti128_si256::<1>(out),
        ]
        .into_iter()
        .enumerate()
        {
            let k0 = (keep >> (16 * h)) as u8;
            let k1 = (keep >> (16 * h + 8)) as u8;
            let ctrl = _mm_set_epi64x(
                (COMPRESS[usize::from(k1)] + 0x0808_0808_0808_0808).cast_signed(),
                COMPRESS[usize::from(k0)].cast_signed(),
            );
            let packed = _mm_shuffle_epi8(lane, ctrl);
            // SAFETY: `at` moves by at most 32 in a step from below
            // `cap - 136`, so each 8-byte store is within `dst`; the stores
            // are unaligned.
            unsafe {
                _mm_storel_epi64(dst.as_mut_ptr().add(at).cast(), packed);
                at += k0.count_ones() as usize;
                _mm_storel_epi64(
                    dst.as_mut_ptr().add(at).cast(),
                    _mm_unpackhi_epi64(packed, packed),
                );
                at += k1.count_ones() as usize;
            }
        }
        p += 32;
        if special == 0 {
            break;
        }
    }
    // Stopped after a step with no pair (only its last byte may be the
    // `ED` of one), or by the bounds, maybe inside a pair or a `C0 80`.
    if JAVA && carry_c0 != 0 {
        // The `C0` at `p - 1` was dropped: as if copied.
        return Some((p, p, at + 1));
    }
    // A pair cut at `p` (its lead `ED` at `p - 5 ..= p - 2`): the run wrote
    // its 4-byte sequence's first, second and third bytes where their
    // bytes were before `p`; it is written again whole here, and the copy
    // cursor put after it. (One cut after its last byte but one needs only
    // that byte, which is copied as it is.)
    if let Some(lead) =
        (p - 5..p - 1).find(|&l| b[l] == 0xED && b[l + 1] & 0xF0 == 0xA0 && is_cont(b[l + 2]))
    {
        let written =
            usize::from(lead + 1 < p) + usize::from(lead + 2 < p) + usize::from(lead + 4 < p);
        at = at.checked_sub(written)?;
        let (b1, b2, b3, b4, b5) = (
            b[lead + 1],
            b[lead + 2],
            b[lead + 3],
            b[lead + 4],
            b[lead + 5],
        );
        if b3 != 0xED || b4 & 0xF0 != 0xB0 || !is_cont(b5) {
            return None;
        }
        let utf8 = crate::simd::portable::words::surrogates_utf8(b1, b2, b4, b5);
        // SAFETY: `at + 4 <= cap` (the run stops with `at` below `cap -
        // 104`).
        unsafe { put(dst, at, utf8.to_le_bytes()) };
        return Some((p, lead + 6, at + 4));
    }
    if b[p - 1] == 0xED && b[p] & 0xE0 == 0xA0 {
        // The `ED` at `p - 1` was dropped: as if copied.
        return Some((p, p, at + 1));
    }
    Some((p, p, at))
}

/// The decoding loop over `b` into `dst`: 64-byte blocks while 128 bytes of
/// input are left and 136 bytes of room. `None` on any error found; else
/// the input and output cursors, the input cursor at the lead of a
/// character (everything before it checked and decoded).
///
/// # Safety
/// The CPU must have the enabled features. (Any `b` and `dst` will do.)
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
#[allow(clippy::too_many_lines, reason = "one hot loop, explained as a whole")]
unsafe fn decode_bulk<const JAVA: bool>(b: &[u8], dst: &mut [u8]) -> Option<(usize, usize)> {
    let n = b.len();
    let cap = dst.len();
    // SAFETY: features (all that `Validator::new` needs).
    let mut val = unsafe { Validator::new(if JAVA { &MUTF8 } else { &CESU8 }) };
    let zero = _mm256_setzero_si256();
    // `p`: the block. `i`: the copy cursor, `b[..i]` decoded into
    // `dst[..at]`. After a plain block `i` is the block's end, maybe inside
    // a character; after a special character, the end of that character,
    // up to five bytes into the next block.
    let mut p = 0;
    let mut i = 0;
    let mut at = 0;
    // The bounds, which every unchecked access below relies on. Let `at0`
    // be `at` at the start of the block; the loop condition gives
    // `p + 128 <= n` and `at0 + 136 <= cap`.
    // - At the start of a block, `p <= i <= p + 4`: the block before ends
    //   with `i` at its end, or after a pair that began in it, at most
    //   four bytes into this one.
    // - A special character's lead is at `p - 1 ..= p + 62` (the byte
    //   before a special bit `k < 64`); its bytes, two or six, end by
    //   `lead + 6 <= p + 68 < n`. `p - 1` only for `p >= 64`: for byte 0
    //   of the first block, and after an ASCII block, the validator's byte
    //   before is zero, which marks nothing. It is `< i` only when `i = p`
    //   and the byte `p - 1` (`ED` or `C0`) was copied as it was, so
    //   `at >= 1`; every other lead is `>= i`.
    // - `at - at0 <= i - p`: each step writes no more than it consumes
    //   (plain bytes one each, `C0 80` one, a pair four for six; the step
    //   back lowers `at`). So a 64-byte copy from `i <= p + 63` reads
    //   below `p + 127 < n` and writes below `at0 + 127 < cap`, and a
    //   special character's output, at most four bytes from
    //   `at <= at0 + 62`, ends at `at0 + 66` at most.
    while p + 128 <= n && at + 136 <= cap {
        // SAFETY: features; `p + 64 <= n`.
        let (x, y) = unsafe { (load32(b, p), load32(b, p + 32)) };
        let mut mask: u64 = 0;
        if high_bits!(_mm256_or_si256(x, y)) == 0 {
            // ASCII: nothing to check but what the last block left open,
            // nothing special.
            // SAFETY: features (all that `ascii` needs).
            unsafe { val.ascii() };
        } else {
            // SAFETY: features (all that `check` and `decode_special` need).
            mask = unsafe {
                let px = val.check(x);
                let py = val.check(y);
                u64::from(decode_special::<JAVA>(px))
                    | (u64::from(decode_special::<JAVA>(py)) << 32)
            };
        }
        if JAVA {
            // A raw zero byte is ill-formed.
            // SAFETY: features (all that `flag` needs).
            unsafe { val.flag(_mm256_cmpeq_epi8(_mm256_min_epu8(x, y), zero)) };
        }
        let specials = mask.count_ones();
        if i > p {
            // The bytes before `i` belong to a pair decoded already.
            mask &= u64::MAX << (i - p + 1);
        }
        // Each special character: copy the plain bytes before it (all 64
        // from the cursor; only those before the lead count), then decode
        // it. Its lead is the byte before its special bit, which for bit 0
        // is the previous block's last byte, already copied as it was: then
        // the cursors step back over it.
        while mask != 0 {
            let lead = p + mask.trailing_zeros() as usize - 1;
            if lead >= i {
                // SAFETY: features; `i <= lead <= p + 62`, so the copy is
                // within `b` and `dst` (the bounds above).
                unsafe { copy64(b, i, dst, at) };
                at += lead - i;
            } else {
                at -= i - lead;
            }
            // SAFETY: `lead + 1 <= p + 63 < n` (the bounds above).
            let (b0, b1) = unsafe { (*b.get_unchecked(lead), *b.get_unchecked(lead + 1)) };
            if JAVA && b0 == 0xC0 {
                if b1 != 0x80 {
                    return None;
                }
                // SAFETY: `at <= at0 + 62`, below `cap` (the bounds above).
                unsafe { put(dst, at, [0]) };
                at += 1;
                i = lead + 2;
            } else {
                // `ED A0..=BF`: must be a high surrogate, then a low one.
                // SAFETY: `lead + 5 <= p + 67 < n` (the bounds above).
                let (b2, b3, b4, b5) = unsafe {
                    (
                        *b.get_unchecked(lead + 2),
                        *b.get_unchecked(lead + 3),
                        *b.get_unchecked(lead + 4),
                        *b.get_unchecked(lead + 5),
                    )
                };
                if b1 > 0xAF || !is_cont(b2) || b3 != 0xED || b4 & 0xF0 != 0xB0 || !is_cont(b5) {
                    return None;
                }
                let utf8 = crate::simd::portable::words::surrogates_utf8(b1, b2, b4, b5);
                // SAFETY: `at + 4 <= at0 + 66 < cap` (the bounds above).
                unsafe { put(dst, at, utf8.to_le_bytes()) };
                at += 4;
                i = lead + 6;
            }
            // Drop the special bits of the bytes just consumed (the low
            // surrogate's).
            let done = i - p + 1;
            mask = if done >= 64 {
                0
            } else {
                mask & (u64::MAX << done)
            };
        }
        // The rest of the block, as it is.
        if i < p + 64 {
            if i == p {
                // SAFETY: features; `at = at0` (nothing consumed), and
                // `at0 + 64 <= cap`.
                unsafe {
                    store32(dst, at, x);
                    store32(dst, at + 32, y);
                }
            } else {
                // SAFETY: features; `i < p + 64`, so the copy is within `b`
                // and `dst` (the bounds above).
                unsafe { copy64(b, i, dst, at) };
            }
            at += p + 64 - i;
            i = p + 64;
        }
        p += 64;
        // A block with four pairs or more (or as many `C0 80`s), that left
        // nothing open: the blocks after it 32 bytes a step, whatever they
        // hold, while they have such characters.
        if specials >= DENSE
            && i == p
            && p + 128 <= n
            && at + 136 <= cap
            && b[p - 1] != 0xED
            && b[p - 1] != 0xC0
        {
            // SAFETY: features; `p >= 64`, `p + 128 <= n`, and the
            // validator has checked `b[..p]`.
            (p, i, at) = unsafe { decode_run::<JAVA>(b, p, dst, at, &mut val) }?;
        }
    }
    // SAFETY: features (all that `clean` needs).
    if !unsafe { val.clean() } {
        return None;
    }
    // If the last block ends inside a character that was copied as it is,
    // the cursors step back to its lead, so that the caller decodes it
    // whole. (After a special character there is nothing open.)
    // SAFETY: features (all that `pending` needs).
    if i == p && unsafe { val.pending() } {
        let mut j = p - 1;
        while j + 3 > p && is_cont(b[j]) {
            j -= 1;
        }
        at -= p - j;
        i = j;
    }
    Some((i, at))
}

/// [`decode_unchanged`](crate::simd::cesu::decode_unchanged) with AVX2: the UTF-8 validator of [`crate::simd::utf8`]
/// over 64-byte blocks, with the test of the encoder for 4-byte leads and
/// zero bytes, and a test for errors after each block; the first block
/// with either stops it, at the start of the character that the block
/// before leaves open. After a block of ASCII, the ASCII that follows goes
/// 128 bytes a step. The last bytes go through the same code, padded
/// with spaces (so that a sequence cut by the end of the input is an
/// error).
///
/// # Safety
/// The CPU must have the enabled features ([`crate::simd::avx2`](fn@crate::simd::avx2)).
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[cfg_attr(
    not(feature = "alloc"),
    allow(dead_code, reason = "used by `encode_cow` and `decode_cow` only")
)]
pub(crate) unsafe fn decode_unchanged_avx2<const JAVA: bool>(b: &[u8]) -> usize {
    let n = b.len();
    // SAFETY: features (all that `Validator::new` needs).
    let mut val = unsafe { Validator::new(&UTF8) };
    let mut p = 0;
    let mut buf = [b' '; 64];
    while p < n {
        let block: &[u8] = if p + 64 <= n {
            &b[p..p + 64]
        } else {
            buf[..n - p].copy_from_slice(&b[p..]);
            &buf
        };
        // SAFETY: features; `block` has 64 bytes.
        let (x, y) = unsafe { (load32(block, 0), load32(block, 32)) };
        // SAFETY: features (all that these need).
        let special =
            unsafe { _mm256_or_si256(encode_special::<JAVA>(x), encode_special::<JAVA>(y)) };
        if high_bits!(_mm256_or_si256(x, y)) == 0 {
            // SAFETY: features (all that these need).
            unsafe { val.ascii() };
            // SAFETY: features (all that `clean` needs).
            if _mm256_testz_si256(special, special) == 0 || !unsafe { val.clean() } {
                return char_start_before(b, p);
            }
            // After an ASCII block, the ASCII that follows 128 bytes a
            // step, as the UTF-8 validator does: text with a character
            // other than ASCII every few hundred bytes (English with its
            // dashes and quotation marks) is mostly these steps, where a
            // block at a time ran at half the validator's speed. The
            // validator's state stays that of an ASCII block.
            // SAFETY: features.
            p = unsafe { ascii_pairs::<JAVA>(b, (p + 64).min(n)) };
            continue;
        }
        // SAFETY: features (all that these need).
        unsafe {
            val.check(x);
            val.check(y);
        }
        // SAFETY: features (all that `clean` needs).
        if _mm256_testz_si256(special, special) == 0 || !unsafe { val.clean() } {
            return char_start_before(b, p);
        }
        p += 64;
    }
    // SAFETY: features (all that `valid_end` needs).
    if unsafe { val.valid_end() } {
        n
    } else {
        // Only a sequence cut by the end of a whole last block.
        char_start_before(b, n)
    }
}

/// The end of the 128-byte pairs of ASCII (without a zero byte, for
/// `JAVA`) from `p`: one OR of the four vectors for the high bits, one
/// unsigned minimum of them for zeros.
///
/// # Safety
/// The CPU must have the enabled features ([`crate::simd::avx2`](fn@crate::simd::avx2)).
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[inline]
#[cfg_attr(
    not(feature = "alloc"),
    allow(dead_code, reason = "used by `encode_cow` and `decode_cow` only")
)]
unsafe fn ascii_pairs<const JAVA: bool>(b: &[u8], mut p: usize) -> usize {
    while let Some(pair) = b.get(p..).and_then(<[u8]>::first_chunk::<128>) {
        // SAFETY: features; `pair` has 128 bytes.
        let v = unsafe {
            [
                load32(pair, 0),
                load32(pair, 32),
                load32(pair, 64),
                load32(pair, 96),
            ]
        };
        let high = _mm256_or_si256(_mm256_or_si256(v[0], v[1]), _mm256_or_si256(v[2], v[3]));
        let stop = if JAVA {
            let low = _mm256_min_epu8(_mm256_min_epu8(v[0], v[1]), _mm256_min_epu8(v[2], v[3]));
            let zero = _mm256_cmpeq_epi8(low, _mm256_setzero_si256());
            high_bits!(_mm256_or_si256(high, zero))
        } else {
            high_bits!(high)
        };
        if stop != 0 {
            break;
        }
        p += 128;
    }
    p
}

/// Whether `b` looks dense in encoded pairs (or, for `JAVA`, `C0 80`s):
/// eight samples of 64 bytes spread over it hold 4.5 a sample on average.
/// Each encoded surrogate counts once (an `ED` before `A0..=BF`), so a
/// pair twice, and a `C0` before `80` once. Not for inputs under a
/// kilobyte, which the copy loop takes before another path would pay for
/// its set-up.
///
/// # Safety
/// The CPU must have the enabled features.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
pub(crate) unsafe fn looks_dense<const JAVA: bool>(b: &[u8]) -> bool {
    const SAMPLES: usize = 8;
    let n = b.len();
    if n < 1024 {
        return false;
    }
    let mut marks = 0;
    for k in 0..SAMPLES {
        // 64 bytes from `p`, each with the byte after it: `p + 65 <= n`.
        let p = (n - 65) * k / (SAMPLES - 1);
        for q in [p, p + 32] {
            // SAFETY: features; `q + 33 <= p + 65 <= n`.
            let (x, y) = unsafe { (load32(b, q), load32(b, q + 1)) };
            let mut m = _mm256_and_si256(
                _mm256_cmpeq_epi8(x, splat!(0xED)),
                _mm256_cmpeq_epi8(_mm256_max_epu8(y, splat!(0xA0)), y),
            );
            if JAVA {
                m = _mm256_or_si256(
                    m,
                    _mm256_and_si256(
                        _mm256_cmpeq_epi8(x, splat!(0xC0)),
                        _mm256_cmpeq_epi8(y, splat!(0x80)),
                    ),
                );
            }
            marks += high_bits!(m).count_ones();
        }
    }
    marks >= SAMPLES as u32 * 9
}

/// [`decode`](crate::simd::cesu::decode) with AVX2.
///
/// # Safety
/// The CPU must have the enabled features ([`crate::simd::avx2`](fn@crate::simd::avx2)).
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
pub(crate) unsafe fn decode_avx2<const JAVA: bool>(bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    // Text dense in pairs (or `C0 80`s), as samples of it say: with
    // AVX-512 through UTF-16 while it stays so, the rest by the copy loop;
    // with AVX2 alone, the copy loop, which hands such blocks to
    // [`decode_run`] itself.
    let dense = crate::simd::avx512() && {
        // SAFETY: features.
        unsafe { looks_dense::<JAVA>(bytes) }
    };
    let (start, out) = if dense {
        // SAFETY: `avx512()` says that the CPU has the features; `0 <=
        // bytes.len()` and `0 <= dst.len()`.
        unsafe { crate::simd::avx512::cesu::decode_dense::<JAVA>(bytes, 0, dst, 0) }?
    } else {
        (0, 0)
    };
    // SAFETY: features (all that `decode_bulk` needs). `start` is a
    // character boundary, where the loop may start as at the input's.
    let (i, at) = unsafe { decode_bulk::<JAVA>(bytes.get(start..)?, dst.get_mut(out..)?) }?;
    let (i, at) = (start + i, out + at);
    let rest = bytes.get(i..)?;
    if rest.is_empty() {
        return Some(at);
    }
    if rest.len() > DECODE_TAIL_REAL {
        // Only when the output room stopped the loop: the exact scalar code.
        let out = dst.get_mut(at..)?;
        return crate::engine::cesu::decode_into::<JAVA>(rest, out)
            .ok()
            .map(|m| at + m);
    }
    // The rest through the same loop, padded with spaces: the loop runs
    // over all the real bytes and past them, and the spaces decode to
    // themselves, one byte each.
    let mut ibuf = [b' '; DECODE_TAIL_IN];
    ibuf[..rest.len()].copy_from_slice(rest);
    let mut obuf = [0u8; DECODE_TAIL_OUT];
    // SAFETY: features (all that `decode_bulk` needs).
    let (j, end) = unsafe { decode_bulk::<JAVA>(&ibuf, &mut obuf) }?;
    let m = end.checked_sub(j.checked_sub(rest.len())?)?;
    dst.get_mut(at..at + m)?.copy_from_slice(&obuf[..m]);
    Some(at + m)
}

/// Writes `bytes` to `dst[at..at + N]` (one store for a word's bytes).
///
/// # Safety
/// `at + N <= dst.len()`.
#[inline]
unsafe fn put<const N: usize>(dst: &mut [u8], at: usize, bytes: [u8; N]) {
    debug_assert!(at <= dst.len() && dst.len() - at >= N, "put out of bounds");
    // SAFETY: the caller guarantees that `dst[at..at + N]` is in bounds, and
    // `[u8; N]` has alignment 1.
    unsafe { dst.as_mut_ptr().add(at).cast::<[u8; N]>().write(bytes) }
}

/// The padded buffer of the encoder's last bytes: the loop on it runs until
/// its cursor is past `TAIL_IN - 64`, so it takes up to that many real
/// bytes; output is at most twice that plus the padding and a store's 64.
const TAIL_IN: usize = 192;

/// The padded buffer of the decoder's last bytes. The loop runs on it while
/// `p + 128 <= 320`, and [`decode_run`] while `p + 96 <= 320`, from any `p`:
/// so it checks and decodes at least its first `320 - 127` bytes, which
/// takes up to `192 - 3` real bytes with room for spaces after them that
/// end any truncated character. Its output room: the loops need `at +
/// 136` with `at <= p + 5` (no byte decodes to more than one) and `p` up to
/// 224.
const DECODE_TAIL_IN: usize = 320;

const DECODE_TAIL_REAL: usize = 189;

const DECODE_TAIL_OUT: usize = 384;
