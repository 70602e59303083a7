//! UTF-8 to UTF-32 and back, portable: what runs without AVX2 (every target
//! but `x86_64` with it), where the `const fn`s ran, a character at a time:
//!
//! - **Encoding** goes through the portable UTF-16 kernel, which takes runs
//!   of ASCII and of 2- and 3-byte characters many at a step: a kilobyte of
//!   the text at a time into a block of UTF-16 on the stack (so the block
//!   stays in the L1 cache and an embedded target's stack holds it), whose
//!   units are widened in one loop that the compiler makes vector code of
//!   (a character at a time where the block holds a surrogate pair). The
//!   text is sampled once, as the UTF-16 kernel samples it. Where the
//!   samples hold a supplementary character, or 3-byte characters in short
//!   runs between ASCII (Korean), core's `Chars` runs instead, a character
//!   at a time: there the UTF-16 kernel's steps end at every word and its
//!   surrogate pairs cost emoji their gain (emoji-heavy text 0.45 GB/s
//!   through UTF-16, 0.90 by `Chars`).
//! - **Decoding** reads eight units a step: eight ASCII units are eight
//!   bytes, eight 3-byte characters (CJK) are eight 4-byte stores at fixed
//!   places, any other eight are checked and written a 4-byte store each
//!   at the length of the ones before (the next store overwrites what a
//!   short character's wrote past its end); one pass, where the `const fn`
//!   measures first. The UTF-16 route (narrowing into a block, then the
//!   UTF-16 kernel) ran Chinese faster still but Russian and Korean words
//!   between spaces a fifth slower than the `const fn`.
//!
//! Measured on `x86_64` with SSE2 only, 100 KB, GB/s, the `const fn`s →
//! these, median of 21 rounds run in turns (27 Nov):
//!
//! | text | encode | decode |
//! |---|---|---|
//! | English | 1.27 → 1.75 | 0.42 → 1.34 |
//! | Russian | 0.39 → 1.04 | 0.42 → 0.64 |
//! | Chinese | 0.56 → 2.00 | 0.43 → 0.88 |
//! | emoji | 0.45 → 1.02 | 0.49 → 0.68 |
//! | Japanese man page | 0.71 → 1.95 | 0.60 → 1.13 |
//! | Korean man page | 0.54 → 1.52 | 0.54 → 0.71 |
//! | Russian man page | 0.64 → 1.44 | 0.48 → 0.82 |
//! | simplified Chinese man page | 0.75 → 1.42 | 0.43 → 0.94 |

#![allow(
    clippy::needless_bitwise_bool,
    reason = "`|` and `&` of the tests of each unit, with no branch, so that their loops become vector code"
)]
use crate::engine::utf32::{Src, packed_utf8, utf8_len};
use crate::rules::utf32::is_scalar;
use crate::simd::portable::utf16;

/// UTF-8 to native units; `None` if `dst` is too short.
#[inline]
pub(crate) fn encode_units(text: &str, dst: &mut [u32]) -> Option<usize> {
    match plan(text) {
        Some(plan) => encode_units_with(plan, text, dst),
        None => by_chars(text, dst, |slot, c| *slot = c),
    }
}

/// A character at a time, as core's `Chars` decodes them, one slot of
/// `out` each (`put` writes it); `None` if `out` runs out first.
#[inline]
fn by_chars<W>(text: &str, out: &mut [W], put: impl Fn(&mut W, u32)) -> Option<usize> {
    let mut chars = text.chars();
    let mut n = 0;
    // `zip` takes a slot before a character: none is lost when `out` ends.
    for (slot, c) in out.iter_mut().zip(&mut chars) {
        put(slot, u32::from(c));
        n += 1;
    }
    chars.next().is_none().then_some(n)
}

/// The plan of the UTF-16 kernel for `text`, sampled once for all its
/// pieces; `None` where [`by_chars`] runs instead: the samples hold a
/// supplementary character, or the kernel's plan is short runs of 3-byte
/// characters (see the module's text).
#[inline]
fn plan(text: &str) -> Option<utf16::Plan> {
    let b = text.as_bytes();
    if b.len() < CHUNK {
        return Some(utf16::Plan::OnePart);
    }
    let samples = utf16::Samples::of(b);
    if samples.four {
        return None;
    }
    match samples.plan() {
        utf16::Plan::ShortRuns => None,
        plan => Some(plan),
    }
}

/// [`encode_units`] by `plan`.
#[inline]
fn encode_units_with(plan: utf16::Plan, text: &str, dst: &mut [u32]) -> Option<usize> {
    let mut units = [0u16; CHUNK];
    let (mut i, mut at) = (0, 0);
    while i < text.len() {
        let end = piece_end(text, i);
        // Never `None`: a text has no more UTF-16 units than bytes.
        let n = utf16::encode_units_with(plan, text.get(i..end)?, &mut units)?;
        at = widen(units.get(..n)?, dst, at)?;
        i = end;
    }
    Some(at)
}

/// UTF-8 to LE (`BE == false`) or BE bytes; `None` if `dst` is too
/// short.
#[inline]
pub(crate) fn encode_bytes<const BE: bool>(text: &str, dst: &mut [u8]) -> Option<usize> {
    let Some(plan) = plan(text) else {
        let out = dst.as_chunks_mut::<4>().0;
        let n = by_chars(text, out, |slot, c| {
            *slot = if BE { c.to_be_bytes() } else { c.to_le_bytes() };
        })?;
        return Some(4 * n);
    };
    let mut wide = [0u32; CHUNK];
    let (mut i, mut at) = (0, 0);
    while i < text.len() {
        let end = piece_end(text, i);
        let n = encode_units_with(plan, text.get(i..end)?, &mut wide)?;
        let out = dst.get_mut(at..at + 4 * n)?.as_chunks_mut::<4>().0;
        for (o, &u) in out.iter_mut().zip(&wide[..n]) {
            *o = if BE { u.to_be_bytes() } else { u.to_le_bytes() };
        }
        at += 4 * n;
        i = end;
    }
    Some(at)
}

/// Widens well-formed UTF-16 `units` (no pair cut at either end) into
/// `dst[at..]`: in one loop that the compiler makes vector code of if
/// none is a surrogate (one test of them all), else a character at a
/// time; the new cursor, or `None` if `dst` is too short.
#[inline]
fn widen(units: &[u16], dst: &mut [u32], mut at: usize) -> Option<usize> {
    if !units
        .iter()
        .fold(false, |any, &u| any | (u & 0xF800 == 0xD800))
    {
        let out = dst.get_mut(at..at + units.len())?;
        for (o, &u) in out.iter_mut().zip(units) {
            *o = u32::from(u);
        }
        return Some(at + units.len());
    }
    let mut k = 0;
    while k < units.len() {
        let (cp, taken) = char_at(units, k)?;
        k += taken;
        *dst.get_mut(at)? = cp;
        at += 1;
    }
    Some(at)
}

/// Units of UTF-32 to UTF-8, each read from a `T` by `unit`, and
/// `src` what the `const` engine reads a run of them as; `None` if one
/// is a surrogate or above U+10FFFF, or `dst` is too short (the
/// `const fn` then says which).
#[inline]
pub(crate) fn decode<'a, T: Copy>(
    src: &'a [T],
    unit: impl Fn(T) -> u32,
    engine: impl Fn(&'a [T]) -> Src<'a>,
    dst: &mut [u8],
) -> Option<usize> {
    let mut at = 0;
    let mut k = 0;
    while let Some(eight) = src.get(k..).and_then(<[T]>::first_chunk::<8>)
        && let Some(out) = dst.get_mut(at..).and_then(<[u8]>::first_chunk_mut::<32>)
    {
        let u = eight.map(&unit);
        if u.iter().fold(0, |acc, &x| acc | x) < 0x80 {
            for (o, &x) in out.iter_mut().zip(&u) {
                *o = x as u8;
            }
            at += 8;
            k += 8;
            continue;
        }
        let three = |x: u32| (0x800..=0xFFFF).contains(&x) & (x & 0xF800 != 0xD800);
        if u.iter().fold(true, |all, &x| all & three(x)) {
            // Eight 3-byte characters (CJK): each store at its place,
            // not after the length of the one before.
            for (j, &x) in u.iter().enumerate() {
                out[3 * j..3 * j + 4].copy_from_slice(&packed_utf8(x).to_le_bytes());
            }
            at += 24;
            k += 8;
            continue;
        }
        if !u.iter().fold(true, |all, &x| all & is_scalar(x)) {
            return None;
        }
        let mut n = 0;
        for x in u {
            out[n..n + 4].copy_from_slice(&packed_utf8(x).to_le_bytes());
            n += utf8_len(x);
        }
        at += n;
        k += 8;
    }
    let rest = src.get(k..)?;
    Some(at + crate::engine::utf32::decode_into(engine(rest), dst.get_mut(at..)?).ok()?)
}

/// Input bytes a stretch takes through UTF-16 at a time.
pub(crate) const CHUNK: usize = 1024;

/// Where the stretch from `i` ends: at most [`CHUNK`] bytes on, at a
/// character boundary.
#[inline]
pub(crate) fn piece_end(text: &str, i: usize) -> usize {
    let mut end = (i + CHUNK).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    end
}

/// The character whose UTF-16 starts at `units[k]` (a pair joined) and the
/// units it takes; `None` if a high surrogate is the last unit.
#[inline]
pub(crate) fn char_at(units: &[u16], k: usize) -> Option<(u32, usize)> {
    let u = u32::from(*units.get(k)?);
    if crate::scalar::is_high_surrogate(u) {
        let low = u32::from(*units.get(k + 1)?);
        Some((crate::scalar::combine_surrogates(u, low), 2))
    } else {
        Some((u, 1))
    }
}
