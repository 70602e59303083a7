//! The scan of modified UTF-8 (`JAVA`) and CESU-8 decoding, portable: the
//! length of the longest prefix that is well formed and decodes to itself,
//! in one pass that validates and finds what the encoding forbids or
//! changes at once.
//!
//! Such a prefix is UTF-8 without 4-byte sequences and, for `JAVA`, without
//! zero bytes; whatever else either encoding allows (an encoded surrogate
//! `ED A0..=BF`, `C0 80`) is ill-formed UTF-8, so the scan stops there too
//! and the decoder takes over. Whether a byte may stand where it stands
//! depends only on it and the two bytes before it (Unicode Table 3-7 without
//! its 4-byte rows):
//!
//! - a byte after a lead `C0..=FF`, or two after a lead `E0..=FF`, is a
//!   continuation byte `80..=BF`, and no other byte is one;
//! - `C0`, `C1` and `F0..=FF` stand nowhere (`C0 80` is the decoder's, the
//!   rest ill-formed or a 4-byte lead);
//! - after `E0` comes `A0..=BF` (`80..=9F` would be an overlong form), after
//!   `ED` comes `80..=9F` (`A0..=BF` is a surrogate);
//! - for `JAVA`, no byte is `00`.
//!
//! So the scan tests 64 bytes at a time by these rules, each byte with the
//! two before it, as plain loops over arrays of bytes that the compiler
//! turns into the target's vector instructions where it has them (SSE2 on
//! `x86_64`, NEON on aarch64, `simd128` on wasm) and into word code
//! elsewhere; the answer is one "any byte wrong" per block, the same in
//! either. Blocks of ASCII (none zero, for `JAVA`) that start a character
//! take a cheaper test (every byte's high bit clear, and for `JAVA` that of
//! the byte less one too). The first block that fails sends the scan back
//! to the start of the character it opens in, from where a
//! character-at-a-time loop finds the exact end of the prefix. The last
//! bytes, fewer than 64, are tested in a block padded with spaces, so that
//! a sequence cut off by the end fails there.

/// The bytes of a block of ASCII.
const BLOCK: usize = 64;
/// The bytes of a block tested by the rules.
const PART: usize = 16;

/// Whether the bytes of `blk` are all ASCII (and, for `JAVA`, none is
/// zero): the high bit of every byte clear, and for `JAVA` that of the byte
/// less one too (only zero wraps to `FF`).
#[inline(always)]
pub(crate) fn ascii_block<const JAVA: bool, const N: usize>(blk: &[u8; N]) -> bool {
    let mut acc = [0u8; 16];
    for chunk in blk.as_chunks::<16>().0 {
        for (a, &c) in acc.iter_mut().zip(chunk) {
            *a |= if JAVA { c | c.wrapping_sub(1) } else { c };
        }
    }
    let mut bad = false;
    for a in acc {
        bad |= a >= 0x80;
    }
    !bad
}

/// Whether every byte of `win[2..]` may stand where it stands, given the
/// two bytes before it (see the module's rules). Each rule sets the high
/// bit of a byte that breaks it: masks of compares, or bytes whose high bit
/// says the thing by itself (`x - 40` saturated is `80` or more exactly
/// for `x >= C0`).
#[inline(always)]
pub(crate) fn clean_block<const JAVA: bool, const W: usize>(win: &[u8; W]) -> bool {
    let mask = |t: bool| 0u8.wrapping_sub(u8::from(t));
    let mut bad = false;
    for k in 0..W - 2 {
        let (p2, p1, c) = (win[k], win[k + 1], win[k + 2]);
        // After a lead `C0..`, or two after a lead `E0..`.
        let need = p1.saturating_sub(0x40) | p2.saturating_sub(0x60);
        // `80..=BF`: bit 7 set, bit 6 clear.
        let cont = c & !(c << 1);
        // `F0..=FF`, `C0`, `C1`.
        let banned = c.saturating_sub(0x70) | mask(c & 0xFE == 0xC0);
        // `E0 80..=9F`; `ED A0..` (an ASCII byte after `ED` fails `need`).
        let low = mask(c.cast_signed() < -0x60);
        let e0_ed = (mask(p1 == 0xE0) & low) | (mask(p1 == 0xED) & !low);
        let zero = if JAVA { mask(c == 0) } else { 0 };
        bad |= ((need ^ cont) | banned | e0_ed | zero) >= 0x80;
    }
    !bad
}

/// Whether the character before `i` ends there, `b[..i]` being well
/// formed up to the possibly open last character.
#[inline(always)]
fn closed(b: &[u8], i: usize) -> bool {
    (i < 1 || b[i - 1] < 0xC0) && (i < 2 || b[i - 2] < 0xE0)
}

/// The start of the character that `i` is in (`b[..i]` as in [`closed`]).
#[inline(always)]
fn char_start(b: &[u8], i: usize) -> usize {
    if i >= 1 && b[i - 1] >= 0xC0 {
        i - 1
    } else if i >= 2 && b[i - 2] >= 0xE0 {
        i - 2
    } else {
        i
    }
}

/// The scan from the character start `i` on, one character a step: the
/// index of the first character that is ill-formed, cut off, a 4-byte
/// sequence, `C0 80`, an encoded surrogate or (`JAVA`) U+0000, or
/// `b.len()`.
#[inline]
pub(crate) fn chars<const JAVA: bool>(b: &[u8], mut i: usize) -> usize {
    let cont = |k: usize| b.get(k).is_some_and(|&x| x & 0xC0 == 0x80);
    while let Some(&c) = b.get(i) {
        let len = match c {
            0 if JAVA => return i,
            0..=0x7F => 1,
            0xC2..=0xDF if cont(i + 1) => 2,
            0xE0..=0xEF => {
                let (lo, hi) = match c {
                    0xE0 => (0xA0, 0xBF),
                    0xED => (0x80, 0x9F),
                    _ => (0x80, 0xBF),
                };
                match b.get(i + 1) {
                    Some(&t) if t >= lo && t <= hi && cont(i + 2) => 3,
                    _ => return i,
                }
            }
            _ => return i,
        };
        i += len;
    }
    i
}

/// The length of the longest prefix of `b` that is UTF-8 without 4-byte
/// sequences and (for `JAVA`) zero bytes: well formed in the encoding, and
/// the same bytes in UTF-8.
#[inline]
pub(crate) fn unchanged_len<const JAVA: bool>(b: &[u8]) -> usize {
    let n = b.len();
    if n < PART + 2 {
        return chars::<JAVA>(b, 0);
    }
    // The bytes before `i` are well formed but for a character that may
    // be open at `i`.
    let mut i = 0;
    loop {
        // ASCII from a character's start: two blocks a step, then one.
        if closed(b, i) {
            while let Some(blk) = b.get(i..).and_then(<[u8]>::first_chunk::<{ 2 * BLOCK }>)
                && ascii_block::<JAVA, { 2 * BLOCK }>(blk)
            {
                i += 2 * BLOCK;
            }
            if let Some(blk) = b.get(i..).and_then(<[u8]>::first_chunk::<BLOCK>)
                && ascii_block::<JAVA, BLOCK>(blk)
            {
                i += BLOCK;
            }
        }
        // One block by the rules.
        let ok = match i
            .checked_sub(2)
            .and_then(|s| b.get(s..)?.first_chunk::<{ BLOCK + 2 }>())
        {
            Some(win) => clean_block::<JAVA, { BLOCK + 2 }>(win),
            None if i + BLOCK <= n => {
                // At the start of the input: two ASCII bytes before it.
                let mut win = [b' '; BLOCK + 2];
                win[2..].copy_from_slice(&b[..BLOCK]);
                clean_block::<JAVA, { BLOCK + 2 }>(&win)
            }
            None => break,
        };
        if !ok {
            return chars::<JAVA>(b, char_start(b, i));
        }
        i += BLOCK;
    }
    while i + PART <= n {
        if !part::<JAVA>(b, i) {
            return chars::<JAVA>(b, char_start(b, i));
        }
        i += PART;
    }
    // The last bytes: the last part again, which overlaps bytes already
    // tested (they pass again), and whether the last character ends.
    if (i < n && !part::<JAVA>(b, n - PART)) || !closed(b, n) {
        return chars::<JAVA>(b, char_start(b, i));
    }
    n
}

/// Whether `b[i..i + PART]` passes the rules, the bytes before it being
/// well formed (`i + PART <= b.len()`).
#[inline(always)]
fn part<const JAVA: bool>(b: &[u8], i: usize) -> bool {
    if let Some(p) = b[i..].first_chunk::<PART>()
        && ascii_block::<JAVA, PART>(p)
        && closed(b, i)
    {
        return true;
    }
    match i.checked_sub(2) {
        Some(s) => b[s..]
            .first_chunk::<{ PART + 2 }>()
            .is_some_and(clean_block::<JAVA, { PART + 2 }>),
        None => {
            // At the start of the input: two ASCII bytes before it.
            let mut win = [b' '; PART + 2];
            win[2 - i..].copy_from_slice(&b[..i + PART]);
            clean_block::<JAVA, { PART + 2 }>(&win)
        }
    }
}
