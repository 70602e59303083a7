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

// The steps after a sequence that changes are inlined into the decoder's
// and encoder's loops whatever the heuristics say: the loops over byte
// arrays of the scan's rules become vector code only there.
#![allow(clippy::inline_always)]

use super::words::{HI, load8, three_then_four, two_then_four, utf8_supplementary};
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
///
/// The run before the first character that changes is found by
/// [`unchanged`] and copied as one slice; after each such character,
/// [`after_special`] goes on sixteen bytes a step. Where samples of the
/// rest show 3- and 4-byte characters (see [`pairs_likely`]), it also
/// takes pairs of a 3-byte character and a 4-byte one at once.
pub(crate) fn encode<const JAVA: bool>(text: &str, dst: &mut [u8]) -> Option<usize> {
    let b = text.as_bytes();
    let i = unchanged::<JAVA>(b, 0);
    dst.get_mut(..i)?.copy_from_slice(&b[..i]);
    if i == b.len() {
        return Some(i);
    }
    match pairs_likely(&b[i..]) {
        3 => encode_from::<JAVA, 3>(b, i, dst),
        2 => encode_from::<JAVA, 2>(b, i, dst),
        _ => encode_from::<JAVA, 0>(b, i, dst),
    }
}

/// Which pairs `rest` (the text from its first character that changes)
/// may hold, by the length of the character before a 4-byte one: 3 if it
/// is short, or samples of it hold 3- and 4-byte characters (see
/// [`super::utf16::Samples`]); 2 if they hold a 2-byte character before a
/// 4-byte one three times a sample or more (Cyrillic with an emoji after
/// each letter); else 0. Russian with emoji after words, whose samples
/// hold no 3-byte character, ran `encode_cow` 15 % slower with the test
/// for 3-byte pairs in [`after_special`] than without.
#[inline]
pub(crate) fn pairs_likely(rest: &[u8]) -> usize {
    if rest.len() < 1024 {
        return 3;
    }
    let s = super::utf16::Samples::of(rest);
    if s.three && s.four {
        3
    } else if s.two_four >= 3 * s.n {
        2
    } else {
        0
    }
}

/// [`encode`] from byte `i`, a character that changes (and the output
/// cursor): with `PAIRS` 3 or 2, [`after_special`] takes pairs of a
/// character of that length and a 4-byte one at once.
#[inline(never)]
fn encode_from<const JAVA: bool, const PAIRS: usize>(
    b: &[u8],
    mut i: usize,
    dst: &mut [u8],
) -> Option<usize> {
    let mut at = i;
    loop {
        (i, at) = after_special::<JAVA, PAIRS>(b, i, dst, at)?;
        let end = unchanged::<JAVA>(b, i);
        let run = end - i;
        dst.get_mut(at..at + run)?.copy_from_slice(&b[i..end]);
        at += run;
        i = end;
        if i == b.len() {
            return Some(at);
        }
    }
}

/// The character at `i` that encodes otherwise (a 4-byte sequence, or for
/// `JAVA` a zero byte) into `dst` at `at`, and the text after it while
/// another such character comes within 64 bytes: sixteen bytes a step,
/// stored at the output cursor before they are tested, both cursors moved
/// to the first byte that encodes otherwise (or by sixteen), that
/// character transcoded there. So emoji every few words (or one after
/// another) cost neither a scan of their own nor a copy of a length known
/// only at run time; after four steps without one, the text goes back to
/// [`unchanged`] and one copy. With `PAIRS` 3 or 2, pairs of a character
/// of that length and a 4-byte one go at once ([`pairs_run`]). The new
/// cursors (a character boundary, or sixteen bytes a step past one), or
/// `None` if `dst` is too short.
#[inline(always)]
fn after_special<const JAVA: bool, const PAIRS: usize>(
    b: &[u8],
    mut i: usize,
    dst: &mut [u8],
    mut at: usize,
) -> Option<(usize, usize)> {
    let mut plain = 0;
    loop {
        // The character, and those like it right after it (emoji one
        // after another).
        loop {
            at = encode_special::<JAVA>(b, i, dst, at)?;
            // (`JAVA &&` first: without it, CESU-8 waited on the load of
            // `b[i]` to move the cursor, and ran emoji alone 1.00 GB/s, where
            // modified UTF-8 ran 1.83.)
            i += if JAVA && b[i] == 0 { 1 } else { 4 };
            match b.get(i) {
                Some(&x) if x >= 0xF0 || (JAVA && x == 0) => {}
                // A 3-byte character (Chinese with an emoji after each
                // character, maybe), or a 2-byte one (Cyrillic with an
                // emoji after each letter).
                Some(&x) if PAIRS == 3 && x >= 0xE0 => {
                    (i, at) = pairs_run::<3>(b, i, dst, at);
                    break;
                }
                Some(&x) if PAIRS == 2 && x >= 0xC0 => {
                    (i, at) = pairs_run::<2>(b, i, dst, at);
                    break;
                }
                _ => break,
            }
        }
        loop {
            let (Some(win), Some(out)) = (
                super::scan::chunk::<16>(b, i),
                dst.get_mut(at..).and_then(<[u8]>::first_chunk_mut::<16>),
            ) else {
                return Some((i, at));
            };
            out.copy_from_slice(win);
            let (w0, w1) = (load8(win, 0), load8(win, 8));
            let s0 = four_byte_leads(w0) | if JAVA { zero_bytes(w0) } else { 0 };
            let s1 = four_byte_leads(w1) | if JAVA { zero_bytes(w1) } else { 0 };
            let s = u128::from(s1) << 64 | u128::from(s0);
            if s == 0 {
                i += 16;
                at += 16;
                plain += 1;
                if plain == 4 {
                    return Some((i, at));
                }
                continue;
            }
            // The lowest flag is exact (`zero_bytes` may flag bytes above
            // a true zero only); the text is UTF-8, so it starts a
            // character.
            let k = (s.trailing_zeros() / 8) as usize;
            i += k;
            at += k;
            plain = 0;
            break;
        }
    }
}

/// Pairs of a character of `FIRST` bytes (3 or 2) and a 4-byte one
/// (Chinese with an emoji after each character, Cyrillic with one after
/// each letter) at `i` into `dst` at `at`, one pair a turn from one word,
/// `FIRST + 4` bytes in and `FIRST + 6` out, the cursors moved by
/// constants, while they come and 16 bytes of room are left; the new
/// cursors. The text is UTF-8, so a byte `1110xxxx` (`110xxxxx`) starts a
/// 3-byte (2-byte) character and the byte three (two) on is the next
/// character's lead. Out of [`after_special`], whose window loop ran
/// Russian with emoji 15 % slower with this loop in it.
#[inline(never)]
fn pairs_run<const FIRST: usize>(
    b: &[u8],
    mut i: usize,
    dst: &mut [u8],
    mut at: usize,
) -> (usize, usize) {
    while let Some(w) = super::scan::chunk::<8>(b, i)
        && let Some(out) = dst.get_mut(at..).and_then(<[u8]>::first_chunk_mut::<16>)
        && let w = u64::from_le_bytes(*w)
        && if FIRST == 3 {
            three_then_four(w)
        } else {
            two_then_four(w)
        }
    {
        out[..FIRST].copy_from_slice(&b[i..i + FIRST]);
        out[FIRST..FIRST + 6].copy_from_slice(&surrogates_cesu(w >> (8 * FIRST)));
        i += FIRST + 4;
        at += FIRST + 6;
    }
    (i, at)
}

/// The character at `b[i]`, a zero byte (`JAVA`) or a 4-byte lead, in the
/// encoding into `dst` at `at`; the new output cursor, or `None` if `dst`
/// is too short.
#[inline(always)]
fn encode_special<const JAVA: bool>(
    b: &[u8],
    i: usize,
    dst: &mut [u8],
    at: usize,
) -> Option<usize> {
    if JAVA && b[i] == 0 {
        dst.get_mut(at..at + 2)?.copy_from_slice(&[0xC0, 0x80]);
        return Some(at + 2);
    }
    let &[lead, t1, t2, t3] = b.get(i..i + 4)? else {
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
    Some(at + 6)
}

/// The two encoded surrogates (six bytes, `ED A0..=AF xx ED B0..=BF xx`)
/// of the 4-byte character in bytes 0..4 of `w` (byte `k` in bits
/// `8k..8k + 8`).
#[inline(always)]
fn surrogates_cesu(w: u64) -> [u8; 6] {
    // The code point less 0x10000: ten bits for each surrogate.
    let c = ((w & 0x07) << 18 | (w >> 8 & 0x3F) << 12 | (w >> 16 & 0x3F) << 6 | (w >> 24 & 0x3F))
        - 0x1_0000;
    let (hi, lo) = (c >> 10, c & 0x3FF);
    [
        0xED,
        0xA0 | (hi >> 6) as u8,
        0x80 | (hi & 0x3F) as u8,
        0xED,
        0xB0 | (lo >> 6) as u8,
        0x80 | (lo & 0x3F) as u8,
    ]
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
///
/// Each stretch that decodes to itself is found by the scan of
/// [`super::scan`] and copied as one slice; after each sequence that
/// changes, [`after_sequence`] takes the sequences that follow within 32
/// bytes.
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
        (i, at) = after_sequence::<JAVA>(bytes, i, dst, at)?;
    }
}

/// The bytes of a window of [`after_sequence`]: two parts of the scan.
const WINDOW: usize = 32;

/// The sequence that changes at `i` (where the scan stopped) decoded into
/// `dst` at `at`, and those that follow it while the next starts within
/// [`WINDOW`] bytes: a surrogate pair right after another (emoji one after
/// another) at once, else the window after the sequence tested by the
/// scan's rules ([`super::scan::rules`], two parts, each byte with the two
/// before it), stored at the output cursor before the answer is known, and
/// both cursors moved to the start of the character where the rules first
/// fail, which must be a sequence that changes. Emoji every few words so
/// cost no scan of their own, and no copy of a length known only at run
/// time. A window that passes whole goes back to the scan, from the
/// character boundary after the sequence (the two bytes before it are not
/// leads, as the scan needs). The new cursors, or `None` if the input is
/// ill-formed or `dst` too short.
#[inline(always)]
fn after_sequence<const JAVA: bool>(
    bytes: &[u8],
    mut i: usize,
    dst: &mut [u8],
    mut at: usize,
) -> Option<(usize, usize)> {
    use super::scan::{PART, chunk, rules};
    const HI128: u128 = (HI as u128) << 64 | HI as u128;
    loop {
        let (len, c) = special::<JAVA>(&bytes[i..])?;
        i += len;
        at = put_char(dst, at, c)?;
        // A 3-byte lead next (an encoded surrogate, or a character): the
        // loops below may take it. Russian with emoji, a space after each
        // emoji, skips both.
        if bytes.get(i).is_some_and(|&x| x >= 0xE0) {
            // Surrogate pairs one after another (emoji alone), each from one
            // word.
            while let Some(w) = chunk::<8>(bytes, i)
                && let Some(out) = dst.get_mut(at..).and_then(<[u8]>::first_chunk_mut::<4>)
                && let Some(utf8) = pair_utf8(u64::from_le_bytes(*w))
            {
                *out = utf8.to_le_bytes();
                i += 6;
                at += 4;
            }
            // A 3-byte character and a surrogate pair after it (Chinese with
            // an emoji after each character).
            (i, at) = char_then_pairs::<3>(bytes, i, dst, at);
        } else if bytes.get(i).is_some_and(|&x| x >= 0xC2) {
            // A 2-byte character and a surrogate pair after it (Cyrillic
            // with an emoji after each letter).
            (i, at) = char_then_pairs::<2>(bytes, i, dst, at);
        }
        // `i` is at least 2: after a sequence.
        let (Some(win), Some(out)) = (
            chunk::<{ WINDOW + 2 }>(bytes, i - 2),
            dst.get_mut(at..)
                .and_then(<[u8]>::first_chunk_mut::<WINDOW>),
        ) else {
            return Some((i, at));
        };
        // The first part, and the second only if the first passes (a
        // character and an emoji after it, as Chinese text with emoji has
        // them, need only the first).
        let m = u128::from_le_bytes(rules::<JAVA>(win.first_chunk::<{ PART + 2 }>()?)) & HI128;
        let k = if m != 0 {
            m.trailing_zeros() / 8
        } else {
            let m = u128::from_le_bytes(rules::<JAVA>(win.last_chunk::<{ PART + 2 }>()?)) & HI128;
            if m == 0 {
                return Some((i, at));
            }
            16 + m.trailing_zeros() / 8
        } as usize;
        out.copy_from_slice(&win[2..]);
        // The bytes before `i + k` passed the rules: well formed up to
        // the character they may leave open, whose start is at or after
        // `i` (the bytes before `i` end a sequence).
        let p = super::scan::char_start(bytes, i + k);
        at += p - i;
        i = p;
    }
}

/// Pairs of a well-formed character of `LEN` bytes (3 or 2) and a
/// surrogate pair at `i` into `dst` at `at`, each from two words, `LEN +
/// 6` bytes in and `LEN + 4` out, while they come; the new cursors. A
/// 2-byte character's lead is `C2..=DF`: not `C0` or `C1`, an overlong
/// form (or `C0 80`).
#[inline(always)]
fn char_then_pairs<const LEN: usize>(
    bytes: &[u8],
    mut i: usize,
    dst: &mut [u8],
    mut at: usize,
) -> (usize, usize) {
    while let Some(w) = super::scan::chunk::<16>(bytes, i)
        && let Some(out) = dst.get_mut(at..).and_then(<[u8]>::first_chunk_mut::<8>)
        && let w0 = load8(w, 0)
        && if LEN == 3 {
            three_byte_char(w0)
        } else {
            w0 & 0xC0E0 == 0x80C0 && w0 & 0x1E != 0
        }
        && let Some(utf8) = pair_utf8(load8(w, LEN))
    {
        let first = w0 & ((1 << (8 * LEN)) - 1);
        *out = (first | u64::from(utf8) << (8 * LEN)).to_le_bytes();
        i += LEN + 6;
        at += LEN + 4;
    }
    (i, at)
}

/// The UTF-8 of the surrogate pair in bytes 0..6 of `w` (byte `k` in bits
/// `8k..8k + 8`), as a little-endian word, if they are one: a high
/// surrogate (`ED A0..=AF 80..=BF`) and a low one (`ED B0..=BF 80..=BF`),
/// tested by one mask.
#[inline(always)]
fn pair_utf8(w: u64) -> Option<u32> {
    if w & 0x0000_C0F0_FFC0_F0FF != 0x0000_80B0_ED80_A0ED {
        return None;
    }
    // The code point less 0x10000: the high surrogate's ten bits, then
    // the low one's.
    let c =
        ((w >> 8 & 0x0F) << 16 | (w >> 16 & 0x3F) << 10 | (w >> 32 & 0x0F) << 6 | w >> 40 & 0x3F)
            + 0x1_0000;
    Some(utf8_supplementary(c as u32))
}

/// Whether bytes 0..3 of `w` are a well-formed 3-byte character that is
/// not an encoded surrogate (Table 3-7: after `E0` comes `A0..=BF`, after
/// `ED` comes `80..=9F`).
#[inline(always)]
fn three_byte_char(w: u64) -> bool {
    let (lead, second) = (w & 0xFF, w >> 8 & 0xFF);
    w & 0xC0_C0F0 == 0x80_80E0
        && !(lead == 0xE0 && second < 0xA0)
        && !(lead == 0xED && second >= 0xA0)
}

/// The UTF-8 of `c` (U+0000 or a supplementary character) into `dst` at
/// `at`; the new output cursor, or `None` if `dst` is too short.
#[inline(always)]
fn put_char(dst: &mut [u8], at: usize, c: u32) -> Option<usize> {
    if c == 0 {
        *dst.get_mut(at)? = 0;
        return Some(at + 1);
    }
    dst.get_mut(at..at + 4)?
        .copy_from_slice(&utf8_supplementary(c).to_le_bytes());
    Some(at + 4)
}

/// [`encode_unchanged`](crate::simd::cesu::encode_unchanged) from `i` on: eight bytes a step, then one.
#[inline]
#[cfg_attr(
    not(feature = "alloc"),
    allow(dead_code, reason = "used by `encode_cow` and `decode_cow` only")
)]
pub(crate) fn encode_unchanged_words<const JAVA: bool>(b: &[u8], mut i: usize) -> usize {
    use crate::engine::words::{four_byte_leads, zero_bytes};
    while let Some(chunk) = b.get(i..i + 8) {
        let mut w = [0u8; 8];
        w.copy_from_slice(chunk);
        let w = u64::from_le_bytes(w);
        // The lowest bit of `zero_bytes` is exact (it flags only bytes
        // above a true zero wrongly).
        let special = four_byte_leads(w) | if JAVA { zero_bytes(w) } else { 0 };
        if special != 0 {
            return i + (special.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < b.len() && b[i] < 0xF0 && !(JAVA && b[i] == 0) {
        i += 1;
    }
    i
}
