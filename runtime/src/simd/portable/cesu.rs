//! Modified UTF-8 (`JAVA`) and CESU-8 from and to UTF-8, portable: the
//! bytes that are the same in both (everything but U+0000 in modified
//! UTF-8 and the supplementary characters) are found eight bytes a step and
//! copied as one slice, and only the characters between are transcoded.
//!
//! Decoding, validation and the decoded length run the one-pass scan of
//! [`super::scan`] over each stretch that decodes to itself (it validates
//! and stops at whatever the encoding forbids or changes: a zero byte in
//! modified UTF-8, a 4-byte lead, `C0 80`, an encoded surrogate); where it
//! stops, the one character (a surrogate pair, or `C0 80`) is decoded and
//! checked here.

use super::words::load8;
use crate::engine::words::{four_byte_leads, zero_bytes};

/// The index of the first byte at or after `i` that is a 4-byte lead (or,
/// for `JAVA`, zero), or `b.len()`: eight bytes a step.
#[inline]
pub(crate) fn unchanged<const JAVA: bool>(b: &[u8], mut i: usize) -> usize {
    while i + 16 <= b.len() {
        let (w0, w1) = (load8(b, i), load8(b, i + 8));
        let s0 = four_byte_leads(w0) | if JAVA { zero_bytes(w0) } else { 0 };
        let s1 = four_byte_leads(w1) | if JAVA { zero_bytes(w1) } else { 0 };
        if s0 | s1 != 0 {
            // The lowest flag of each is exact (`zero_bytes` may flag bytes
            // above a true zero only).
            return if s0 != 0 {
                i + (s0.trailing_zeros() / 8) as usize
            } else {
                i + 8 + (s1.trailing_zeros() / 8) as usize
            };
        }
        i += 16;
    }
    while i < b.len() && b[i] < 0xF0 && !(JAVA && b[i] == 0) {
        i += 1;
    }
    i
}

/// Encodes `text`; `None` if `dst` is too short.
pub(crate) fn encode<const JAVA: bool>(text: &str, dst: &mut [u8]) -> Option<usize> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut at = 0;
    loop {
        let end = unchanged::<JAVA>(b, i);
        let run = end - i;
        dst.get_mut(at..at + run)?.copy_from_slice(&b[i..end]);
        at += run;
        i = end;
        let Some(&lead) = b.get(i) else {
            return Some(at);
        };
        if lead == 0 {
            dst.get_mut(at..at + 2)?.copy_from_slice(&[0xC0, 0x80]);
            i += 1;
            at += 2;
            continue;
        }
        let &[_, t1, t2, t3] = b.get(i..i + 4)? else {
            return None;
        };
        let c = (u32::from(lead & 0x07) << 18
            | u32::from(t1 & 0x3F) << 12
            | u32::from(t2 & 0x3F) << 6
            | u32::from(t3 & 0x3F))
            - 0x1_0000;
        let hi = 0xD800 | c >> 10;
        let lo = 0xDC00 | (c & 0x3FF);
        dst.get_mut(at..at + 6)?.copy_from_slice(&[
            0xED,
            0x80 | (hi >> 6 & 0x3F) as u8,
            0x80 | (hi & 0x3F) as u8,
            0xED,
            0x80 | (lo >> 6 & 0x3F) as u8,
            0x80 | (lo & 0x3F) as u8,
        ]);
        i += 4;
        at += 6;
    }
}

/// The length of the longest prefix of `b` that is valid in both the
/// encoding and UTF-8 and the same bytes in both.
#[inline]
pub(crate) fn decode_unchanged<const JAVA: bool>(b: &[u8]) -> usize {
    super::scan::unchanged_len::<JAVA>(b)
}

/// The sequence at the start of `rest` where the encoding differs from
/// UTF-8, if it is one that decodes: `C0 80` (for `JAVA`) or a high then a
/// low encoded surrogate; its length and the character's scalar value.
#[inline]
fn special<const JAVA: bool>(rest: &[u8]) -> Option<(usize, u32)> {
    match *rest {
        [0xC0, 0x80, ..] if JAVA => Some((2, 0)),
        // A high surrogate (`ED A0..=AF xx`) then a low one (`ED
        // B0..=BF xx`).
        [0xED, h1, h2, 0xED, l1, l2, ..]
            if h1 & 0xF0 == 0xA0 && l1 & 0xF0 == 0xB0 && h2 & 0xC0 == 0x80 && l2 & 0xC0 == 0x80 =>
        {
            let hi = u32::from(h1 & 0x0F) << 6 | u32::from(h2 & 0x3F);
            let lo = u32::from(l1 & 0x0F) << 6 | u32::from(l2 & 0x3F);
            Some((6, 0x1_0000 + (hi << 10 | lo)))
        }
        _ => None,
    }
}

/// The length of the UTF-8 decoding; `None` if ill-formed.
#[inline]
pub(crate) fn decoded_len<const JAVA: bool>(bytes: &[u8]) -> Option<usize> {
    decoded_len_after::<JAVA>(bytes, 0)
}

/// [`decoded_len`] of `bytes` whose first `start` bytes are known to
/// decode to themselves and end at a character (as the scan with SIMD
/// says, which may stop a block before the first sequence that changes):
/// the run from there, then a sequence that changes and the run after it,
/// until the end.
#[inline]
pub(crate) fn decoded_len_after<const JAVA: bool>(bytes: &[u8], start: usize) -> Option<usize> {
    // The scan starts at 0 or after two bytes of the text (see
    // `unchanged_end`).
    let start = if start < 2 { 0 } else { start };
    let mut i = super::scan::unchanged_end::<JAVA>(bytes, start, true);
    let mut n = i;
    while i < bytes.len() {
        let (len, c) = special::<JAVA>(&bytes[i..])?;
        i += len;
        n += if c == 0 { 1 } else { 4 };
        let end = super::scan::unchanged_end::<JAVA>(bytes, i, false);
        n += end - i;
        i = end;
    }
    Some(n)
}

/// Decodes to UTF-8; `None` if ill-formed or `dst` is too short.
pub(crate) fn decode<const JAVA: bool>(bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    let mut i = 0;
    let mut at = 0;
    loop {
        let end = super::scan::unchanged_end::<JAVA>(bytes, i, i == 0);
        let run = end - i;
        dst.get_mut(at..at + run)?.copy_from_slice(&bytes[i..end]);
        at += run;
        i = end;
        if i == bytes.len() {
            return Some(at);
        }
        let (len, c) = special::<JAVA>(&bytes[i..])?;
        i += len;
        if c == 0 {
            *dst.get_mut(at)? = 0;
            at += 1;
        } else {
            dst.get_mut(at..at + 4)?.copy_from_slice(&[
                0xF0 | (c >> 18) as u8,
                0x80 | (c >> 12 & 0x3F) as u8,
                0x80 | (c >> 6 & 0x3F) as u8,
                0x80 | (c & 0x3F) as u8,
            ]);
            at += 4;
        }
    }
}
