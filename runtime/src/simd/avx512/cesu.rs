//! MUTF-8 and CESU-8 with AVX-512.
//!
//! # What decodes to itself
//!
//! The scan of `crate::simd::cesu::decode_unchanged` (valid UTF-8 with no
//! 4-byte lead and, for `JAVA`, no zero byte) with the validator of
//! [`super::utf8`], 64 bytes a step, the last 1..=63 bytes by a masked
//! load. ASCII at the start is skipped before the validator is set up, and
//! after a block of ASCII the ASCII that follows goes 128 bytes a step.
//!
//! # Text dense in surrogate pairs
//!
//! Where pairs come every few bytes (emoji after every word or letter,
//! historic scripts), the AVX2 decoding loop of `crate::simd::cesu` would
//! stop at each one. Such text goes instead through UTF-16, a chunk of up
//! to 1,024 bytes at a time into a buffer that stays in the L1 cache: the
//! validator with the tables of the encoding (each surrogate taken alone),
//! CESU-8 to UTF-16 (the UTF-8 kernel: an encoded surrogate is a 3-byte
//! sequence like any other, `C0 80` a 2-byte one), then UTF-16 to UTF-8,
//! which joins the pairs and refuses a surrogate outside one. The decoding
//! loop stops at a pair for little, and ran text with a pair every twenty
//! bytes (emoji amid words) 10 % faster than UTF-16 did; a test for such
//! text in its blocks cost it 5 % there. So samples of the input decide
//! (`crate::simd::cesu::looks_dense`): text with 4.5 pairs (or `C0 80`s)
//! per 64 bytes in them is decoded through UTF-16 from its start, while
//! each chunk holds three per 64 bytes, and the rest by the copy loop.
//! (Encoding needs no such path: the AVX2 loop transcodes dense text 32
//! bytes a step.)

#![allow(clippy::many_single_char_names)]

use super::utf8::Validator;
use super::{ascii_end, load_bytes, load64, low_bits, splat8};
use crate::simd::unit_bytes;
use crate::simd::utf8::{CESU8, MUTF8, UTF8};
use crate::simd::utf8::{char_start_before, is_cont};
use core::arch::x86_64::{
    __m512i, _mm512_cmpeq_epi8_mask, _mm512_cmpge_epu8_mask, _mm512_movepi8_mask,
    _mm512_setzero_si512,
};

/// See `crate::simd::cesu::decode_unchanged`.
///
/// # Safety
/// The CPU must have the enabled features ([`crate::simd::avx512`](fn@crate::simd::avx512)).
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
pub(crate) unsafe fn decode_unchanged<const JAVA: bool>(b: &[u8]) -> usize {
    let n = b.len();
    // ASCII (without a zero byte, for `JAVA`) needs no validator: 256
    // bytes a step, as fast as the UTF-8 validator skips ASCII.
    // SAFETY: features.
    let mut p = unsafe { ascii_end::<JAVA, 4>(b, 0) };
    let x = loop {
        if p == n {
            return n;
        }
        // SAFETY: features; `b[p..p + k]` is in bounds.
        let (x, k) = unsafe { block(b, p) };
        if _mm512_movepi8_mask(x) != 0 || special::<JAVA>(x, k) != 0 {
            break x;
        }
        p += k;
    };
    // SAFETY: features (all that `Validator::new` needs).
    let mut val = unsafe { Validator::new(&UTF8) };
    let mut x = x;
    loop {
        let k = if n - p >= 64 { 64 } else { n - p };
        if _mm512_movepi8_mask(x) == 0 {
            val.ascii();
            if special::<JAVA>(x, k) != 0 || !val.clean() {
                return char_start_before(b, p);
            }
            // After an ASCII block, the ASCII that follows 128 bytes a
            // step, as the UTF-8 validator does: text with a character
            // other than ASCII every few hundred bytes (English with its
            // dashes and quotation marks) is mostly these steps, where a
            // block at a time ran at half the validator's speed. The
            // validator's state stays that of an ASCII block.
            // SAFETY: features.
            p = unsafe { ascii_end::<JAVA, 2>(b, p + k) };
        } else {
            val.check(x);
            if special::<JAVA>(x, k) != 0 || !val.clean() {
                return char_start_before(b, p);
            }
            p += k;
        }
        if p == n {
            break;
        }
        // SAFETY: features; `b[p..]` is in bounds.
        x = unsafe { block(b, p) }.0;
    }
    if val.valid_end() {
        n
    } else {
        // Only a sequence cut by the end of a whole last block.
        char_start_before(b, n)
    }
}

/// The block at `b[p..]`: 64 bytes, or the `k < 64` that are left (zeros
/// after them), and `k`.
///
/// # Safety
/// The CPU must have the enabled features, and `p <= b.len()`.
#[inline]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
unsafe fn block(b: &[u8], p: usize) -> (__m512i, usize) {
    let k = if b.len() - p >= 64 { 64 } else { b.len() - p };
    if k == 64 {
        // SAFETY: features; `p + 64 <= b.len()`.
        (unsafe { load64(b, p) }, 64)
    } else {
        // SAFETY: features; `b[p..p + k]` is in bounds.
        (unsafe { load_bytes(b, p, k) }, k)
    }
}

/// The bytes among the first `k` of `x` that do not decode to themselves
/// where they are well formed: 4-byte leads, and for `JAVA` zero bytes.
#[inline]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
fn special<const JAVA: bool>(x: __m512i, k: usize) -> u64 {
    let leads = _mm512_cmpge_epu8_mask(x, splat8(0xF0));
    if JAVA {
        leads | (_mm512_cmpeq_epi8_mask(x, _mm512_setzero_si512()) & low_bits(k))
    } else {
        leads
    }
}

// ------------------------------------------------- text dense in pairs

/// The input bytes of a chunk: its units fit a 2 KB buffer.
const CHUNK: usize = 1024;

/// The fewest input bytes left for which the dense path sets up its
/// buffer (2 KB to zero): the last bytes of a text go the AVX2 way.
const MIN_DENSE: usize = 256;

/// Whether a chunk of `len` input bytes whose output is `diff` bytes
/// shorter holds `half_per_64 / 2` surrogate pairs (or `C0 80`s) per 64
/// bytes on average: each changes the length by two bytes (by one for `C0
/// 80`).
#[inline]
const fn dense(diff: usize, len: usize, half_per_64: usize) -> bool {
    64 * diff >= half_per_64 * len
}

/// Decodes `b[s..]` (CESU-8, or modified UTF-8 if `JAVA`, from the lead of
/// a character) to UTF-8 into `dst[at..]`, a chunk at a time through
/// UTF-16, while the text stays dense in surrogate pairs (or `C0 80`) and
/// the room left takes a chunk's output. Returns the new cursors, on a
/// character boundary, everything before them checked; unchanged if no
/// chunk was taken; `None` if a chunk is ill-formed.
///
/// # Safety
/// The CPU must have the enabled features ([`crate::simd::avx512`](fn@crate::simd::avx512)),
/// and `s <= b.len()`, `at <= dst.len()`.
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
pub(crate) unsafe fn decode_dense<const JAVA: bool>(
    b: &[u8],
    mut s: usize,
    dst: &mut [u8],
    mut at: usize,
) -> Option<(usize, usize)> {
    let n = b.len();
    // Too little left, or no room for the first chunk: nothing to set up.
    if n - s < MIN_DENSE || dst.len() - at < CHUNK.min(n - s) {
        return Some((s, at));
    }
    let mut units = [0u16; CHUNK];
    while s < n {
        // Up to `CHUNK` bytes, back to the lead of a character (three
        // steps at most: a fourth continuation byte is an error that the
        // check finds), and before a high surrogate whose low one the
        // chunk would cut off.
        let mut e = if n - s > CHUNK { s + CHUNK } else { n };
        let end = e;
        while e < n && end - e < 3 && is_cont(b[e]) {
            e -= 1;
        }
        if e < n && b[e] == 0xED && e + 1 < n && b[e + 1] & 0xF0 == 0xB0 && e - s >= 3 {
            e -= 3;
        }
        let len = e - s;
        // Nothing decodes longer.
        if dst.len() - at < len {
            break;
        }
        let c = &b[s..e];
        // SAFETY: features.
        if !unsafe { well_formed::<JAVA>(c) } {
            return None;
        }
        // SAFETY: features. The units of `len` bytes are at most `len`, so
        // they fit.
        let k = unsafe { super::utf8_to_utf16::units(c, &mut units) }?;
        // The pairs are checked here: a surrogate that is not in one is
        // `None`, as the output fits (the room checked above).
        // SAFETY: features.
        let (_, m) = unsafe {
            super::utf16_to_utf8::convert::<false>(unit_bytes(&units[..k]), &mut dst[at..])
        }?;
        s = e;
        at += m;
        // Three pairs per 64 bytes: below, the copy loop is as fast.
        if !dense(len - m, len, 6) {
            break;
        }
    }
    Some((s, at))
}

/// Whether `c` is well formed once its surrogates are taken as the
/// characters they encode, each alone (the pairs are checked after): the
/// validator with the tables of CESU-8 or modified UTF-8, and for `JAVA`
/// no zero byte, and `80` after every `C0` (the tables allow `C0 80..=BF`
/// and leave the `80` to their caller).
///
/// # Safety
/// The CPU must have the enabled features ([`crate::simd::avx512`](fn@crate::simd::avx512)).
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
)]
unsafe fn well_formed<const JAVA: bool>(c: &[u8]) -> bool {
    // SAFETY: features (all that `Validator::new` needs).
    let mut val = unsafe { Validator::new(if JAVA { &MUTF8 } else { &CESU8 }) };
    // Bits of bad bytes (`JAVA`), and the `C0` that ended the block before.
    let mut bad = 0;
    let mut carry = 0;
    let mut p = 0;
    while p < c.len() {
        // SAFETY: features; `p < c.len()`.
        let (x, k) = unsafe { block(c, p) };
        val.check(x);
        if JAVA {
            let c0 = _mm512_cmpeq_epi8_mask(x, splat8(0xC0)) & low_bits(k);
            let after_c0 = (c0 << 1) | carry;
            bad |= (_mm512_cmpeq_epi8_mask(x, _mm512_setzero_si512()) & low_bits(k))
                | (after_c0 & !_mm512_cmpeq_epi8_mask(x, splat8(0x80)));
            carry = c0 >> 63;
        }
        p += k;
    }
    bad == 0 && val.valid_end()
}
