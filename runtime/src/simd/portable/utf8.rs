//! UTF-8 validation, portable: whether bytes are well-formed UTF-8, the
//! answer of `core::str::from_utf8(b).is_ok()`, in the manner of the
//! MUTF-8 scan ([`super::scan`]) with the 4-byte rows of Unicode Table 3-7.
//!
//! std's `from_utf8` takes ASCII a word or two at a time and every other
//! character alone, with a branch on its length: on Russian or Chinese
//! text that is a mispredicted branch every few bytes, and about 1 GB/s.
//! Here whether a byte may stand where it stands is worked out from it and
//! the three bytes before it, sixteen bytes at a time with no branch per
//! byte, as a plain loop over an array of bytes that the compiler turns
//! into the target's vector instructions where it has them:
//!
//! - a byte after a lead `C0..=FF`, two after a lead `E0..=FF` or three
//!   after a lead `F0..=FF` is a continuation byte `80..=BF`, and no other
//!   byte is one;
//! - `C0`, `C1` and `F5..=FF` stand nowhere;
//! - after `E0` comes `A0..=BF` (`80..=9F` would be an overlong form), after
//!   `ED` comes `80..=9F` (`A0..=BF` is a surrogate), after `F0` comes
//!   `90..=BF` (overlong below) and after `F4` comes `80..=8F` (above
//!   U+10FFFF beyond).
//!
//! These are the rules of Keiser and Lemire's validator ("Validating UTF-8
//! in less than one instruction per byte", 2021), written as byte compares
//! rather than its nibble tables, which need a byte shuffle that portable
//! code does not have. Text moves between the two modes of the MUTF-8
//! scan: ASCII 128, then 64 bytes a step, eight bytes a word; and the
//! rules, a part a step, until a part ends in eight ASCII bytes and the
//! block after it is all ASCII. Text of a kilobyte or more whose samples
//! hold 2-byte characters and few longer ones takes the scan's blocks of
//! ASCII and 2-byte characters in place of both modes (see
//! [`super::scan`]): in `scripts/ab_runtime.py` (portable, 29 Nov) the
//! Spanish man pages 37.8 GB/s, 2.59x std's `from_utf8` (22.3 before),
//! the Polish ones 31.3 (4.12x; 19.2), the French ones 61.6 (1.91x;
//! 45.3). An input shorter than a part and its three bytes before goes to
//! std's loop, and one shorter than 128 bytes that is all ASCII is
//! answered by one pass of words.
//!
//! Only the answer is worked out here; where it is "no", the caller asks
//! `core::str::from_utf8` (through the `const fn`s) where and why.

// The pieces are inlined into the loops, whatever the heuristics say: the
// loops over byte arrays become vector code only there.
#![allow(clippy::inline_always)]

use super::scan::{
    after_ascii, after_char, ascii_block, ascii_pairs, ascii_parts, char_part, chunk,
    two_byte_blocks, two_byte_text,
};
use crate::engine::words::HI;

/// The bytes of a block of ASCII.
const BLOCK: usize = 64;
/// The bytes of a part tested by the rules.
const PART: usize = 16;
/// A part and the three bytes before it.
pub(crate) const WIN: usize = PART + 3;
/// Text shorter than this is validated without the plan of
/// [`two_byte_text`].
const PLAN_MIN: usize = 1024;

/// Which bytes of `win[3..]` may not stand where they stand, given the
/// three bytes before each (see the module's rules): the high bit of each
/// such byte of the result set.
#[inline(always)]
fn rules(win: &[u8; WIN]) -> [u8; PART] {
    let mask = |t: bool| 0u8.wrapping_sub(u8::from(t));
    let mut bad = [0; PART];
    for (k, x) in bad.iter_mut().enumerate() {
        let (p3, p2, p1, c) = (win[k], win[k + 1], win[k + 2], win[k + 3]);
        // After a lead `C0..`, two after `E0..` or three after `F0..`: the
        // high bit set exactly then.
        let need = p1.saturating_sub(0x40) | p2.saturating_sub(0x60) | p3.saturating_sub(0x70);
        // `80..=BF`: bit 7 set, bit 6 clear.
        let cont = c & !(c << 1);
        // `F5..=FF`, `C0`, `C1`.
        let banned = c.saturating_sub(0x75) | mask((c & 0xFE) == 0xC0);
        // The second byte's range after `E0`, `ED` (`low_e`: `80..=9F`),
        // `F0` and `F4` (`low_f`: `80..=8F`); an ASCII byte after them fails
        // `need`.
        let low_e = mask(c.cast_signed() < -0x60);
        let low_f = mask(c.cast_signed() < -0x70);
        let second = (mask(p1 == 0xE0) & low_e)
            | (mask(p1 == 0xED) & !low_e)
            | (mask(p1 == 0xF0) & low_f)
            | (mask(p1 == 0xF4) & !low_f);
        *x = (need ^ cont) | banned | second;
    }
    bad
}

/// Whether no byte of `win[3..]` breaks the rules, and whether its last
/// eight bytes are ASCII.
#[inline(always)]
fn part(win: &[u8; WIN]) -> (bool, bool) {
    let mut any = 0;
    for x in rules(win) {
        any |= x;
    }
    let ascii = u64::from_le_bytes(*win.last_chunk::<8>().unwrap_or(&[0x80; 8])) & HI == 0;
    (any < 0x80, ascii)
}

/// Whether `b` is well-formed UTF-8.
#[inline]
pub(crate) fn is_valid(b: &[u8]) -> bool {
    let n = b.len();
    // A short input: std's loop, which takes it a character a step, is as
    // fast as a part by the rules would be.
    if n < WIN {
        return core::str::from_utf8(b).is_ok();
    }
    // Shorter than a block pair (a name, a line, a message): all ASCII,
    // by words (the last one overlapping), is the common answer.
    if n < 2 * BLOCK {
        let (words, _) = b.as_chunks::<8>();
        let mut acc = u64::from_le_bytes(*b.last_chunk::<8>().unwrap_or(&[0; 8]));
        for w in words {
            acc |= u64::from_le_bytes(*w);
        }
        if acc & HI == 0 {
            return true;
        }
    }
    if n >= PLAN_MIN && two_byte_text(b) {
        is_valid_two_byte(b)
    } else {
        is_valid_by_parts(b)
    }
}

/// [`is_valid`] of an input of `WIN` bytes or more (any such input; the
/// tests run it on every one) by the blocks of text of ASCII and 2-byte
/// characters, [`two_byte_blocks`]; not inlined, so that the other text's
/// loop is compiled as it was without them.
#[inline(never)]
pub(crate) fn is_valid_two_byte(b: &[u8]) -> bool {
    let rules = |i: usize| {
        let (ok, _) = match i.checked_sub(3) {
            Some(s) => part(chunk::<WIN>(b, s)?),
            None => first_part(b),
        };
        Some(if ok { Ok(()) } else { Err(()) })
    };
    two_byte_blocks::<false, _>(b, rules).is_ok_and(|i| ends_well(b, i))
}

/// [`is_valid`] of an input of `WIN` bytes or more, by the rules a part a
/// step where ASCII ends.
#[inline]
fn is_valid_by_parts(b: &[u8]) -> bool {
    // `b[..i]` is well formed but for a character that may be open at `i`.
    let mut i = 0;
    'ascii: loop {
        // `i` starts a character: ASCII, two blocks a step; then the part
        // from the first byte that is not, and on in ASCII if the part ends
        // in it. Near the end, ASCII a block a step, then past the parts of
        // ASCII at the start of the block that is not.
        i += 2 * BLOCK * ascii_pairs::<false>(&b[i..]);
        let mut blocks = true;
        if let Some((p, (ok, ascii))) = char_part::<false, WIN, _>(b, i, part) {
            if !ok {
                return false;
            }
            let back;
            (i, back) = after_char::<false>(b, p + PART, ascii);
            if back {
                continue 'ascii;
            }
            blocks = false;
        }
        while blocks && let Some(blk) = chunk::<BLOCK>(b, i) {
            if ascii_block::<false, BLOCK>(blk) {
                i += BLOCK;
            } else {
                i += PART * ascii_parts::<false>(blk);
                break;
            }
        }
        // By the rules, a part a step, until a part ends in ASCII.
        loop {
            let (ok, ascii) = match i.checked_sub(3) {
                Some(s) => match chunk::<WIN>(b, s) {
                    Some(win) => part(win),
                    None => break 'ascii,
                },
                None => first_part(b),
            };
            if !ok {
                return false;
            }
            i += PART;
            if ascii {
                let back;
                (i, back) = after_ascii::<false>(b, i);
                if back {
                    continue 'ascii;
                }
            }
        }
    }
    ends_well(b, i)
}

/// Whether the last bytes of `b`, fewer than `PART` after `i` (often none,
/// after ASCII), are well formed: the last part again, which overlaps
/// bytes that passed (they pass again).
#[inline(always)]
fn ends_well(b: &[u8], i: usize) -> bool {
    let n = b.len();
    if i < n && !chunk::<WIN>(b, n - WIN).is_some_and(|w| part(w).0) {
        return false;
    }
    // And no character is cut off by the end: no lead in the last three
    // bytes asks for more bytes than follow it.
    b[n - 1] < 0xC0 && b[n - 2] < 0xE0 && b[n - 3] < 0xF0
}

/// [`part`] at the start of the input, after three spaces
/// (`b.len() >= WIN`).
#[inline]
fn first_part(b: &[u8]) -> (bool, bool) {
    let mut win = [b' '; WIN];
    win[3..].copy_from_slice(&b[..PART]);
    part(&win)
}
