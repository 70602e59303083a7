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
//! So the scan tests sixteen bytes at a time by these rules, each byte
//! with the two before it, as a plain loop over an array of bytes that the
//! compiler turns into the target's vector instructions where it has them
//! (SSE2 on `x86_64`, NEON on aarch64, `simd128` on wasm) and into scalar
//! code elsewhere; the answer is one "any byte wrong" per part, the same
//! either way. Text moves between two modes:
//!
//! - **ASCII**, from the start of a character: 128, then 64 bytes a step,
//!   tested eight bytes a word (every byte's high bit clear, and for `JAVA`
//!   that of the byte less one too, so no zero byte). In the block pair
//!   that is not all ASCII, a word at a time finds the first byte that is
//!   not; where that is one character followed by sixteen ASCII bytes (a
//!   dash or a quotation mark in English text), it is tested a byte at a
//!   time and the scan goes on in ASCII after it; else the part that starts
//!   there is tested by the rules; if it ends in ASCII and the block after
//!   it is all ASCII, the scan goes on in ASCII (so a character amid
//!   English text costs one part by the rules), else by the rules from
//!   there. Near the end of the input, ASCII goes a
//!   block a step, and the block that is not all ASCII is entered at its
//!   first part that is not.
//! - **The rules**, a part a step, until a part ends in eight ASCII bytes
//!   (then a character starts after it) and the block after it is all
//!   ASCII: then the scan is back in ASCII. Where that block is not, its
//!   parts of ASCII are passed and the rules go on. Russian or Chinese
//!   text stays here, and so does Latin text whose letters with accents
//!   come every few words: no branch depends on where its characters
//!   start.
//! - **Blocks of ASCII and 2-byte characters**, in place of both modes,
//!   for a text of a kilobyte or more whose samples hold 2-byte characters
//!   and few longer ones ([`two_byte_text`]: Latin letters with accents,
//!   Cyrillic, Greek, Hebrew, Arabic): 64 bytes a step, all ASCII or else
//!   each byte tested with the one before it alone, about half the rules'
//!   work ([`two_byte_block`], [`two_byte_blocks`]). The one branch is on
//!   whether a block is all ASCII; Spanish text, a letter with an accent
//!   every few words, had sent the modes back and forth on each. A block
//!   that this cannot pass (a dash or a quotation mark of three bytes, or
//!   something wrong) is tested by the rules, a part a step, sixteen parts,
//!   and twice as many each time the next block fails too. Only the scan of
//!   a whole text ([`unchanged_len`]) makes the plan, not the decoders'
//!   pieces between the sequences that change; UTF-8 validation
//!   ([`super::utf8`]) takes the same blocks. Measured in
//!   `scripts/ab_runtime.py` (portable, 29 Nov), MUTF-8 `decode_cow` of
//!   the man pages of this machine ran 1.82x as fast as with the modes in
//!   Spanish (32.9 against 18.1 GB/s), 1.71x in Polish and 1.31x in French.
//!   Text whose samples hold longer characters more than an eighth as
//!   often as 2-byte ones (English, Chinese, emoji), and text whose samples
//!   are all ASCII (German), take the modes.
//!
//! The first part that fails sends the scan back to the start of the
//! character it opens in, from where a character-at-a-time loop finds the
//! exact end of the prefix. The last bytes, fewer than sixteen, are tested
//! as the last part of the input (which overlaps bytes that passed, and
//! they pass again), and the input must not end inside a character.
//! Nothing here reads a word in the target's byte order: the rules go byte
//! by byte, and the ASCII test asks one question of all eight bytes of a
//! word at once.

// The pieces of the scan are inlined into its loops, whatever the
// heuristics say: the loops over byte arrays become vector code only there.
#![allow(clippy::inline_always)]

use crate::engine::words::{HI, LO};

/// The bytes of a block of ASCII.
const BLOCK: usize = 64;
/// The bytes of a block tested by the rules.
pub(crate) const PART: usize = 16;
/// The parts tested by the rules after a block that [`two_byte_block`]
/// could not pass, before it is tried again.
const SKIP_PARTS: usize = 16;
/// The most parts tested by the rules before it is tried again, after
/// blocks that it could not pass in a row.
const MAX_SKIP_PARTS: usize = 1024;
/// Text shorter than this is scanned without the plan of [`two_byte_text`].
const PLAN_MIN: usize = 1024;

/// Whether the bytes of `blk` are all ASCII (and, for `JAVA`, none is
/// zero).
///
/// For `JAVA`, a block of 64 bytes or more is tested a byte at a time as a
/// signed number less one, saturated: negative exactly for `00` and
/// `80..=FF` (`00 - 1` is `-1`, `-128 - 1` stays `-128`), sixteen lanes
/// per part or-ed together, and the answer the high bits of the sixteen:
/// one saturating subtraction and one or per sixteen bytes where a vector
/// unit has them (`paddsb` and `por` in SSE2, then one `pmovmskb`), against
/// a subtraction and two ors for the word test below. (As a compare above
/// zero and-ed together, the same count, the answer took seven more
/// instructions a block; with the loop over block pairs as an iterator,
/// pure ASCII ran 1.11x to 1.39x as fast and English 1.19x to 1.38x in
/// `scripts/ab_runtime.py`, 27 Nov.) The single parts that [`ascii_parts`]
/// tests keep the word test: by signed bytes, English ran 0.7x to 0.87x as
/// fast.
///
/// Otherwise eight bytes a word: the high bit of every byte clear, and for
/// `JAVA` that of the word less `01` in each byte too. (A zero byte, the
/// lowest in its word, wraps to `FF`, whatever a borrow out of it does to
/// the bytes above; with no zero byte and no high bit there is no borrow.)
/// Either way the answer is about all the bytes at once, so the byte order
/// of the words does not matter.
#[inline(always)]
pub(crate) fn ascii_block<const JAVA: bool, const N: usize>(blk: &[u8; N]) -> bool {
    if JAVA && N >= 64 {
        let parts = blk.as_chunks::<16>().0;
        // Lane by lane across the parts: the loop over the lanes is the one
        // the compiler makes vector code of.
        let mut bad = [0u8; 16];
        #[allow(
            clippy::needless_range_loop,
            reason = "the lanes are the outer loop: so it became vector code, and faster than as an iterator"
        )]
        for k in 0..16 {
            for p in parts {
                bad[k] |= p[k].cast_signed().saturating_sub(1).cast_unsigned();
            }
        }
        return bad.iter().all(|x| x.cast_signed() >= 0);
    }
    let mut acc = 0;
    for w in blk.as_chunks::<8>().0 {
        let w = u64::from_le_bytes(*w);
        acc |= if JAVA { w | w.wrapping_sub(LO) } else { w };
    }
    acc & HI == 0
}

/// Which bytes of `win[2..]` may not stand where they stand, given the two
/// bytes before each (see the module's rules): the high bit of each such
/// byte of the result set. Each rule sets the high bit of a byte that
/// breaks it: masks of compares, or bytes whose high bit says the thing by
/// itself (`x - 40` saturated is `80` or more exactly for `x >= C0`).
#[inline(always)]
pub(crate) fn rules<const JAVA: bool>(win: &[u8; PART + 2]) -> [u8; PART] {
    let mask = |t: bool| 0u8.wrapping_sub(u8::from(t));
    let mut bad = [0; PART];
    for (k, x) in bad.iter_mut().enumerate() {
        let (p2, p1, c) = (win[k], win[k + 1], win[k + 2]);
        // After a lead `C0..`, or two after a lead `E0..`.
        let need = p1.saturating_sub(0x40) | p2.saturating_sub(0x60);
        // `80..=BF`: bit 7 set, bit 6 clear.
        let cont = c & !(c << 1);
        // `F0..=FF`, `C0`, `C1`.
        let banned = c.saturating_sub(0x70) | mask((c & 0xFE) == 0xC0);
        // `E0 80..=9F`; `ED A0..` (an ASCII byte after `ED` fails `need`).
        let low = mask(c.cast_signed() < -0x60);
        let e0_ed = (mask(p1 == 0xE0) & low) | (mask(p1 == 0xED) & !low);
        let zero = if JAVA { mask(c == 0) } else { 0 };
        *x = (need ^ cont) | banned | e0_ed | zero;
    }
    bad
}

/// Whether the `BLOCK` bytes of `win[3..]` are ASCII and 2-byte characters
/// that pass the rules (and, for `JAVA`, hold no zero byte), `win[..3]`
/// being the three bytes before them. A "yes" means the rules pass there
/// too (the scan's, and UTF-8's of [`super::utf8`], whose 4-byte rows need
/// a lead from `F0` up); a "no" says nothing (a 3-byte character is a
/// "no"), and the parts are then tested by the rules.
///
/// A continuation byte must follow a lead and nothing else, as in the
/// rules; but with no lead from `E0` up allowed in the block, one byte
/// before is all that a byte is tested with. Each lane keeps four answers
/// across the block's four parts, one operation each where a vector unit
/// has it (SSE2's `psubusb`, `pcmpgtb`, `pxor`, `por`, `pmaxub`,
/// `pminub`), and they are put together once a block:
///
/// - whether a byte after a lead `C0..` is not a continuation byte
///   `80..=BF` or one after anything else is (the pair's high bits
///   differ);
/// - the greatest byte, which must be below `E0`;
/// - the least byte xor `C0`, which is `00` or `01` for `C0` and `C1`;
/// - for `JAVA`, the least byte, which must not be `00`.
///
/// Before the block (after parts by the rules) a longer character may be
/// open: a lead `E0..` one or two bytes before it or `F0..` three before
/// fails the block, as does any continuation byte of such a character in
/// the block, which follows no lead.
#[inline(always)]
pub(crate) fn two_byte_block<const JAVA: bool>(win: &[u8; BLOCK + 3]) -> bool {
    let mask = |t: bool| 0u8.wrapping_sub(u8::from(t));
    let mut pairs = [0u8; PART];
    let mut max = [0u8; PART];
    let mut low = [0xFFu8; PART];
    let mut min = [0xFFu8; PART];
    for j in 0..BLOCK / PART {
        for k in 0..PART {
            let (p1, c) = (win[PART * j + k + 2], win[PART * j + k + 3]);
            pairs[k] |= p1.saturating_sub(0x40) ^ mask(c.cast_signed() < -0x40);
            max[k] = max[k].max(c);
            low[k] = low[k].min(c ^ 0xC0);
            if JAVA {
                min[k] = min[k].min(c);
            }
        }
    }
    let mut bad = [0u8; PART];
    for k in 0..PART {
        let zero = if JAVA { mask(min[k] == 0) } else { 0 };
        bad[k] = pairs[k] | max[k].saturating_sub(0x60) | mask(low[k] < 2) | zero;
    }
    let open = win[0] >= 0xF0 || win[1] >= 0xE0 || win[2] >= 0xE0;
    bad.iter().all(|x| x.cast_signed() >= 0) && !open
}

/// The loop of text of ASCII and 2-byte characters ([`two_byte_text`]),
/// MUTF-8's scan's and UTF-8 validation's: a block of `BLOCK` bytes a
/// step, all ASCII or else passed by [`two_byte_block`]; where a block
/// fails (a 3-byte character, or something wrong), `rules(i)` tests the
/// part at `i` by the rules, a part a step, [`SKIP_PARTS`] parts and
/// twice as many each time the next block fails too. The first part is by
/// the rules too (a block needs three bytes before it). Returns where
/// fewer than a part is left (`rules` says `None` there), or the first
/// part's error.
///
/// No branch depends on where characters are in a block, only on whether
/// the block is all ASCII. After two blocks of ASCII in a row, ASCII goes
/// on a block pair a step ([`ascii_pairs`]), as in the scan of other text:
/// Portuguese and Swedish man pages, a letter with an accent in a line or
/// two, ran 1.25x to 1.3x as fast so (UTF-8 validation and `decode_cow`,
/// `scripts/ab_runtime.py`, 29 Nov). After each block of ASCII they ran
/// as fast, and Spanish 5 % slower: there the pair after a block of ASCII
/// is seldom all ASCII.
#[inline(always)]
pub(crate) fn two_byte_blocks<const JAVA: bool, E>(
    b: &[u8],
    mut rules: impl FnMut(usize) -> Option<Result<(), E>>,
) -> Result<usize, E> {
    let mut i = 0;
    let (mut parts, mut skip) = (1, SKIP_PARTS);
    loop {
        for _ in 0..parts {
            match rules(i) {
                None => return Ok(i),
                Some(Err(e)) => return Err(e),
                Some(Ok(())) => i += PART,
            }
        }
        // Whether a character may be open at `i`: not after a block of
        // ASCII, nor after one that does not end in a lead. (`i` is past a
        // part, so a block's window of three bytes before it is in `b`.)
        let mut open = true;
        let mut passed = false;
        // Whether the block before was all ASCII.
        let mut run = false;
        while let Some(win) = chunk::<{ BLOCK + 3 }>(b, i - 3) {
            if !open && ascii_block::<JAVA, BLOCK>(win.last_chunk().unwrap_or(&[0x80; BLOCK])) {
                i += BLOCK;
                if run {
                    i += 2 * BLOCK * ascii_pairs::<JAVA>(&b[i..]);
                }
                run = true;
            } else if two_byte_block::<JAVA>(win) {
                i += BLOCK;
                open = win[BLOCK + 2] >= 0xC0;
                run = false;
            } else {
                break;
            }
            passed = true;
        }
        if passed {
            skip = SKIP_PARTS;
        }
        parts = skip;
        skip = (2 * skip).min(MAX_SKIP_PARTS);
    }
}

/// The index in `win[2..]` of the first byte that breaks the rules, if one
/// does; and whether the last eight bytes are ASCII.
#[inline(always)]
pub(crate) fn part<const JAVA: bool>(win: &[u8; PART + 2]) -> (Option<usize>, bool) {
    let bad = rules::<JAVA>(win);
    let mut any = false;
    for x in bad {
        any |= x >= 0x80;
    }
    let ascii = u64::from_le_bytes(*win.last_chunk::<8>().unwrap_or(&[0x80; 8])) & HI == 0;
    if !any {
        return (None, ascii);
    }
    // Byte `k` of a word is bits `8k..8k + 8`, whatever the target.
    let at = bad
        .as_chunks::<8>()
        .0
        .iter()
        .enumerate()
        .find_map(|(j, w)| {
            let m = u64::from_le_bytes(*w) & HI;
            (m != 0).then(|| 8 * j + (m.trailing_zeros() / 8) as usize)
        });
    (at, ascii)
}

/// The start of the character that `i` is in, `b[..i]` being well formed
/// up to the possibly open last character.
#[inline(always)]
pub(crate) fn char_start(b: &[u8], i: usize) -> usize {
    if i >= 1 && b[i - 1] >= 0xC0 {
        i - 1
    } else if i >= 2 && b[i - 2] >= 0xE0 {
        i - 2
    } else {
        i
    }
}

/// The length of the longest prefix of `b` that is UTF-8 without 4-byte
/// sequences and (for `JAVA`) zero bytes: well formed in the encoding, and
/// the same bytes in UTF-8.
///
/// Text of ASCII and 2-byte characters ([`two_byte_text`]) is scanned a
/// block at a time where it is not all ASCII; other text as the pieces of
/// [`unchanged_end`] are.
#[inline]
pub(crate) fn unchanged_len<const JAVA: bool>(b: &[u8]) -> usize {
    if b.len() >= PLAN_MIN && two_byte_text(b) {
        two_byte_scan::<JAVA>(b)
    } else {
        scan::<JAVA>(b, 0, true)
    }
}

/// [`unchanged_len`] from `start` on: the end of the longest stretch from
/// `start` that is well formed and decodes to itself. A character ends at
/// `start`, and `start` is 0 or at least 2 and the two bytes before it are
/// not leads (as after
/// `C0 80` or an encoded surrogate, where the decoders call it); the scan
/// begins by the rules unless `ascii_first` (text after a supplementary
/// character is seldom long runs of ASCII).
#[inline]
pub(crate) fn unchanged_end<const JAVA: bool>(b: &[u8], start: usize, ascii_first: bool) -> usize {
    scan::<JAVA>(b, start, ascii_first)
}

/// Whether `b` (at least 64 bytes) looks like text of ASCII and 2-byte
/// characters (Latin letters with accents, Cyrillic, Greek, Arabic,
/// Hebrew): whether its samples (64 bytes each, four to 32, one in 2 KB,
/// until they hold 128 leads) hold 2-byte leads, and longer ones no more
/// than an eighth as many. Eight bytes a word: a byte's high bit and-ed
/// with its next two bits (the word shifted up by one and two) says `C0..`
/// and `E0..`, in each byte's own high bit whatever the byte order; a
/// sample that is all ASCII costs one test.
///
/// The blocks pass a rare longer character by sixteen parts by the rules.
/// So Romanian man pages, 3,600 2-byte characters and 32 quotation marks
/// of three bytes in 100 KB, take them (validation 8.7 → 25.2 GB/s,
/// `decode_cow` 8.5 → 23.5; `scripts/ab_runtime.py`, portable, 29 Nov),
/// and so do Russian texts with a dash now and then (the Russian corpus:
/// 6.6 → 10.5 and 10.3 → 15.4). Where letters with accents come every few
/// hundred bytes, eight samples seldom held one, and the modes paid a
/// mispredicted exit from the ASCII loop for each: with up to 32 samples,
/// the Italian, Portuguese and Swedish man pages ran validation 1.37x to
/// 1.42x as fast and `decode_cow` 1.36x to 1.52x. English, whose samples
/// hold its dashes and quotation marks alone, keeps the modes: sent through
/// the blocks, each such character would cost sixteen parts.
#[inline]
pub(crate) fn two_byte_text(b: &[u8]) -> bool {
    let n = (b.len() / 2048).clamp(4, 32);
    let Some(stride) = b.len().checked_sub(BLOCK).map(|r| r / (n - 1)) else {
        return false;
    };
    let (mut two, mut long) = (0, 0);
    for k in 0..n {
        let Some(s) = chunk::<BLOCK>(b, stride * k) else {
            return false;
        };
        if ascii_block::<false, BLOCK>(s) {
            continue;
        }
        // The leads of each kind, counted in each byte of a word (eight at
        // most), then summed by one multiplication (64 at most).
        let (mut t2, mut t3) = (0, 0);
        for w in s.as_chunks::<8>().0 {
            let w = u64::from_le_bytes(*w);
            let top2 = w & w << 1 & HI;
            let top3 = top2 & w << 2;
            t2 += (top2 ^ top3) >> 7;
            t3 += top3 >> 7;
        }
        two += t2.wrapping_mul(LO) >> 56;
        long += t3.wrapping_mul(LO) >> 56;
        if two + long >= 128 {
            break;
        }
    }
    two > 0 && 8 * long <= two
}

/// [`unchanged_len`] by the loop of [`two_byte_blocks`], whatever the
/// text holds (the tests call it on any text; the scan is
/// right on every input, and fast on text of 2-byte characters). Not
/// inlined: inlined into [`unchanged_len`] beside the other text's scan,
/// it cost English text 8 % (the other loop compiled otherwise).
#[inline(never)]
pub(crate) fn two_byte_scan<const JAVA: bool>(b: &[u8]) -> usize {
    if b.len() < PART + 2 {
        return short::<JAVA>(b);
    }
    let rules = |i: usize| {
        let (bad, _) = match i.checked_sub(2) {
            Some(s) => part::<JAVA>(chunk::<{ PART + 2 }>(b, s)?),
            None => first_part::<JAVA>(b),
        };
        Some(bad.map_or(Ok(()), |k| Err(char_start(b, i + k))))
    };
    match two_byte_blocks::<JAVA, _>(b, rules) {
        Ok(i) => end::<JAVA>(b, i),
        Err(at) => at,
    }
}

/// [`unchanged_end`] by the rules a part a step where ASCII ends.
#[inline]
fn scan<const JAVA: bool>(b: &[u8], start: usize, ascii_first: bool) -> usize {
    debug_assert!(start != 1 && start <= b.len());
    let n = b.len();
    if n - start < PART + 2 {
        return start + short::<JAVA>(&b[start..]);
    }
    // The bytes from `start` to `i` are well formed but for a character
    // that may be open at `i`.
    let mut i = start;
    let mut ascii_first = ascii_first || start == 0;
    'ascii: loop {
        // `i` starts a character: ASCII, two blocks a step; then the part
        // from the first byte that is not, and on in ASCII if the part ends
        // in it. Near the end, ASCII a block a step, then past the parts of
        // ASCII at the start of the block that is not.
        if ascii_first {
            i += 2 * BLOCK * ascii_pairs::<JAVA>(&b[i..]);
            let p = first_in_pair::<JAVA>(b, i);
            if let Some(next) = p.and_then(|p| lone_char::<JAVA>(b, p)) {
                i = next;
                continue 'ascii;
            }
            if let Some(p) = p
                && let Some(win) = p.checked_sub(2).and_then(|s| chunk::<{ PART + 2 }>(b, s))
            {
                let (bad, ascii) = part::<JAVA>(win);
                if let Some(k) = bad {
                    return char_start(b, p + k);
                }
                let back;
                (i, back) = after_char::<JAVA>(b, p + PART, ascii);
                if back {
                    continue 'ascii;
                }
                ascii_first = false;
            }
        }
        while ascii_first && let Some(blk) = chunk::<BLOCK>(b, i) {
            if ascii_block::<JAVA, BLOCK>(blk) {
                i += BLOCK;
            } else {
                i += PART * ascii_parts::<JAVA>(blk);
                break;
            }
        }
        ascii_first = true;
        // By the rules, a part a step, until a part ends in ASCII.
        loop {
            let (bad, ascii) = match i.checked_sub(2) {
                Some(s) => match chunk::<{ PART + 2 }>(b, s) {
                    Some(win) => part::<JAVA>(win),
                    None => break 'ascii,
                },
                None => first_part::<JAVA>(b),
            };
            if let Some(k) = bad {
                return char_start(b, i + k);
            }
            i += PART;
            if ascii {
                let back;
                (i, back) = after_ascii::<JAVA>(b, i);
                if back {
                    continue 'ascii;
                }
            }
        }
    }
    end::<JAVA>(b, i)
}

/// The end of the scan where fewer than `PART` bytes are left after `i`
/// (`b` holds `PART + 2` bytes or more): the last part again, which
/// overlaps bytes that passed (they pass again), and whether the last
/// character ends.
#[inline(always)]
fn end<const JAVA: bool>(b: &[u8], i: usize) -> usize {
    let n = b.len();
    let s = n - PART;
    if i < n
        && let Some(win) = chunk::<{ PART + 2 }>(b, s - 2)
        && let (Some(k), _) = part::<JAVA>(win)
    {
        return char_start(b, s + k);
    }
    char_start(b, n)
}

/// [`unchanged_len`] of fewer than `PART + 2` bytes: two parts, padded
/// with spaces (so that a character cut off by the end fails at the first
/// space).
#[inline(never)]
fn short<const JAVA: bool>(b: &[u8]) -> usize {
    let mut win = [b' '; 2 * PART + 2];
    win[2..2 + b.len()].copy_from_slice(b);
    let lo = win.first_chunk::<{ PART + 2 }>();
    let hi = win.last_chunk::<{ PART + 2 }>();
    let bad = match (lo.map(part::<JAVA>), hi.map(part::<JAVA>)) {
        (Some((Some(k), _)), _) => k,
        (_, Some((Some(k), _))) => PART + k,
        _ => return b.len(),
    };
    char_start(b, bad.min(b.len()))
}

/// Where the scan goes on in ASCII if the character at `p` (a byte that
/// is not ASCII, where a character starts) decodes to itself and sixteen
/// ASCII bytes follow it: the first address that is a multiple of `PART`
/// among them (any of them starts a character). English text has a dash
/// or a quotation mark every few hundred bytes; tested a byte at a time,
/// such a character costs a few compares where the rules cost a part:
/// `decode_cow` of English, French and Polish text ran 3 % to 5 % faster
/// (medians of five, three and three runs, 28 Nov).
#[inline(always)]
fn lone_char<const JAVA: bool>(b: &[u8], p: usize) -> Option<usize> {
    let win = chunk::<{ 3 + PART }>(b, p)?;
    let cont = |x: u8| x & 0xC0 == 0x80;
    let len = match win[0] {
        0xC2..=0xDF if cont(win[1]) => 2,
        0xE0 if (0xA0..=0xBF).contains(&win[1]) && cont(win[2]) => 3,
        0xE1..=0xEC | 0xEE | 0xEF if cont(win[1]) && cont(win[2]) => 3,
        0xED if (0x80..=0x9F).contains(&win[1]) && cont(win[2]) => 3,
        _ => return None,
    };
    let after = win[len..].first_chunk::<PART>()?;
    if !ascii_block::<JAVA, PART>(after) {
        return None;
    }
    let q = p + len;
    Some(q + (PART - b.as_ptr().addr().wrapping_add(q) % PART) % PART)
}

/// `b[i..i + N]`, if that long.
#[inline(always)]
pub(crate) fn chunk<const N: usize>(b: &[u8], i: usize) -> Option<&[u8; N]> {
    b.get(i..)?.first_chunk::<N>()
}

/// [`part`] at the start of the input, with two spaces before it
/// (`b.len() >= PART`).
#[cold]
#[inline(never)]
fn first_part<const JAVA: bool>(b: &[u8]) -> (Option<usize>, bool) {
    let mut win = [b' '; PART + 2];
    win[2..].copy_from_slice(&b[..PART]);
    part::<JAVA>(&win)
}

/// Where the first byte is that is not ASCII (or, for `JAVA`, is zero) in
/// the block pair at `i`, if `b` holds one there (`i + 128` if the pair is
/// all ASCII, which its callers, after [`ascii_pairs`], know it is not).
///
/// Sought a word at a time, the first word with a high bit set ending the
/// loop; the first such bit of a word read as little-endian is its first
/// such byte (for `JAVA` too: a borrow out of a byte of `w - 01..01` comes
/// only from a zero byte below it). Found, the rules test the part that
/// starts there: a character amid ASCII (a dash, a quotation mark, a letter
/// with an accent in English text) costs one part by the rules and then
/// the scan is back in ASCII. Going through the blocks and their parts
/// instead (the pair, then the block, then its parts, then the part that
/// holds the character, often cut by a part's end) cost English text about
/// a tenth more time, and in one branchless form (a select per word) a
/// third more.
#[inline(always)]
pub(crate) fn first_in_pair<const JAVA: bool>(b: &[u8], i: usize) -> Option<usize> {
    let pair = chunk::<{ 2 * BLOCK }>(b, i)?;
    for (k, w) in pair.as_chunks::<8>().0.iter().enumerate() {
        let w = u64::from_le_bytes(*w);
        let m = (if JAVA { w | w.wrapping_sub(LO) } else { w }) & HI;
        if m != 0 {
            return Some(i + 8 * k + (m.trailing_zeros() / 8) as usize);
        }
    }
    Some(i + 2 * BLOCK)
}

/// The part that starts at the first byte of the block pair at `i` that
/// is not ASCII ([`first_in_pair`]), tested by `part` with the `W - PART`
/// bytes before it: where it starts and what `part` says of it (its answer
/// and whether the part ends in ASCII). `None` where `b` holds no block
/// pair at `i` or that byte is too near the start.
#[inline(always)]
pub(crate) fn char_part<const JAVA: bool, const W: usize, T>(
    b: &[u8],
    i: usize,
    part: impl Fn(&[u8; W]) -> (T, bool),
) -> Option<(usize, (T, bool))> {
    let p = first_in_pair::<JAVA>(b, i)?;
    let win = chunk::<W>(b, p.checked_sub(W - PART)?)?;
    Some((p, part(win)))
}

/// Where the scan goes on after a part that [`char_part`] placed, which
/// ends at `i`: if the part ends in ASCII (`ascii`), [`after_ascii`]; and
/// where that sends the scan back to the blocks of ASCII (`true`), at the
/// last address before it that is a multiple of `PART` within the block of
/// ASCII that it passed (any byte of which starts a character). The parts
/// placed by characters start anywhere, and the blocks after them would
/// too: then one load in four of sixteen bytes straddles two cache lines,
/// and German text, a character in a few hundred bytes of ASCII, ran a
/// tenth slower than with the blocks where they were.
#[inline(always)]
pub(crate) fn after_char<const JAVA: bool>(b: &[u8], i: usize, ascii: bool) -> (usize, bool) {
    if !ascii {
        return (i, false);
    }
    let (j, back) = after_ascii::<JAVA>(b, i);
    let aligned = j - b.as_ptr().addr().wrapping_add(j) % PART;
    (if aligned >= i { aligned } else { j }, back)
}

/// How many block pairs at the start of `b` are all ASCII (and, for
/// `JAVA`, hold no zero byte): the blocks as an iterator over whole pairs,
/// so that the loop tests only its end.
#[inline(always)]
pub(crate) fn ascii_pairs<const JAVA: bool>(b: &[u8]) -> usize {
    b.as_chunks::<{ 2 * BLOCK }>()
        .0
        .iter()
        .take_while(|blk| ascii_block::<JAVA, { 2 * BLOCK }>(blk))
        .count()
}

/// Where the rules go on after a part that ends in ASCII, at `i` (a
/// character starts there): past the next block if it is all ASCII, and
/// back to the blocks of ASCII (`true`); else past the parts of it that
/// are, still by the rules (`false`). So text where characters other than
/// ASCII come every few words (Polish, Turkish, Hungarian) stays by the
/// rules, where going back to the blocks of ASCII after every part that
/// ends in ASCII tested a pair of blocks and a block that failed, and
/// mispredicted the loops' exits, before each character.
#[inline(always)]
pub(crate) fn after_ascii<const JAVA: bool>(b: &[u8], i: usize) -> (usize, bool) {
    match chunk::<BLOCK>(b, i) {
        None => (i, true),
        Some(blk) if ascii_block::<JAVA, BLOCK>(blk) => (i + BLOCK, true),
        Some(blk) => (i + PART * ascii_parts::<JAVA>(blk), false),
    }
}

/// How many parts at the start of `blk` are all ASCII (not all of them).
#[inline(always)]
pub(crate) fn ascii_parts<const JAVA: bool>(blk: &[u8; BLOCK]) -> usize {
    let mut not = 1 << (BLOCK / PART - 1);
    for (k, part) in blk.as_chunks::<PART>().0.iter().enumerate() {
        not |= usize::from(!ascii_block::<JAVA, PART>(part)) << k;
    }
    not.trailing_zeros() as usize
}

/// [`ascii_len`](crate::simd::ascii::ascii_len) from `i` on, where `b[..i]` is ASCII: eight bytes a step,
/// then one.
#[inline]
pub(crate) fn ascii_len_words(b: &[u8], mut i: usize) -> usize {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    while let Some(chunk) = b.get(i..i + 8) {
        let mut w = [0u8; 8];
        w.copy_from_slice(chunk);
        let high = u64::from_le_bytes(w) & HIGH;
        if high != 0 {
            return i + (high.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < b.len() && b[i] < 0x80 {
        i += 1;
    }
    i
}
