//! The code-page kernels, portable: one pass each, writing as they go
//! (the `const fn`s check the whole input first, since they promise an
//! untouched buffer on error).
//!
//! Runs of ASCII go 32 bytes a step ([`copy_ascii32`]: four words OR-ed
//! and tested once, the block copied whole), entered after one word of
//! eight has shown ASCII, so that text of another script, where a run of
//! ASCII is a space or a comma, pays one word's test for it.
//!
//! The decoder takes any other eight bytes through the page's table of
//! ready-made UTF-8 with no branch per byte (as the `const fn` does), and
//! notes an undefined byte on the way instead of looking for one in a
//! length pass first. The encoder looks a character of two or three UTF-8
//! bytes up in the page's reverse map by those bytes directly
//! (`crate::table::Reverse`: two or three loads, no search), in a loop
//! that stays in a run of such characters, and takes a run of fewer than
//! eight ASCII bytes between them (a space, a comma and a space, the
//! unaccented letters of a word of Latin script) in one step.

use super::words::{HI, copy_ascii32, load8};
use crate::rules::Family;
use crate::table::SingleByte;

/// Copies the ASCII run at `b[i..]` to `dst[at..]`: eight bytes if they
/// are ASCII, then 32-byte blocks while they are; the new cursors, or
/// `None` if the first eight bytes are not all ASCII (or not there, or no
/// room for them).
#[inline]
fn ascii_run(b: &[u8], i: usize, dst: &mut [u8], at: usize) -> Option<(usize, usize)> {
    let src = b.get(i..)?.first_chunk::<8>()?;
    if u64::from_le_bytes(*src) & HI != 0 {
        return None;
    }
    *dst.get_mut(at..)?.first_chunk_mut::<8>()? = *src;
    let (i, at) = (i + 8, at + 8);
    let n = copy_ascii32(&b[i..], &mut dst[at..]);
    Some((i + n, at + n))
}

/// The output window of one block of the decoder: room for its worst case
/// (eight characters of three bytes, the last store reaching one byte
/// past them), and a margin that lets the index mask of [`put`] prove
/// every store in bounds.
const WINDOW: usize = 44;

/// Byte `J` of a block through the table into the block's window: its
/// UTF-8 stored as one 4-byte word (reaching up to three bytes past the
/// character, which the next ones overwrite); returns the new `o`.
///
/// With `CHECK` (a page with undefined bytes), `o` counts the bytes of
/// UTF-8 beyond one per input byte so far (at most 14 before the block's
/// last byte), the store goes to `o + J`, and an undefined byte (an entry
/// of 0) adds 255 to `o`, which the caller checks once per block instead of
/// a test per byte. Without, `o` is the block's output so far (at most 21)
/// and the store goes to `o`. The mask of `o` changes nothing for defined
/// bytes, and keeps every store in the window (no bounds check) whatever
/// `o` is.
#[inline]
fn put<const J: usize, const CHECK: bool>(
    t: &SingleByte,
    win: &mut [u8; WINDOW],
    o: usize,
    byte: u8,
) -> usize {
    let v = t.utf8[usize::from(byte)];
    let k = (o & 31) + if CHECK { J } else { 0 };
    win[k..k + 4].copy_from_slice(&v.to_le_bytes());
    if CHECK {
        o + (v.wrapping_sub(0x0100_0000) >> 24) as usize
    } else {
        o + (v >> 24) as usize
    }
}

/// The blocks of eight of [`decode`]: the cursors where they stop, and
/// whether an undefined byte went by (only with `CHECK`).
#[inline]
fn decode_blocks<const CHECK: bool>(
    t: &SingleByte,
    bytes: &[u8],
    dst: &mut [u8],
) -> (usize, usize, bool) {
    let n = bytes.len();
    let mut i = 0;
    let mut at = 0;
    // With `CHECK`, the OR of each block's UTF-8 bytes beyond one per input
    // byte (at most 16): below 32, unless an undefined byte went by.
    let mut extra = 0usize;
    // Blocks of eight while eight more input bytes follow (so the bytes the
    // 4-byte stores reach past a block's output are the next block's) and
    // the output has a whole window left.
    while i + 16 <= n {
        let Some(win) = dst
            .get_mut(at..)
            .and_then(<[u8]>::first_chunk_mut::<WINDOW>)
        else {
            break;
        };
        let w = load8(bytes, i);
        if w & HI == 0 {
            win[..8].copy_from_slice(&w.to_le_bytes());
            let copied = copy_ascii32(&bytes[i + 8..], &mut dst[at + 8..]);
            i += 8 + copied;
            at += 8 + copied;
            continue;
        }
        let b = w.to_le_bytes();
        let mut o = put::<0, CHECK>(t, win, 0, b[0]);
        o = put::<1, CHECK>(t, win, o, b[1]);
        o = put::<2, CHECK>(t, win, o, b[2]);
        o = put::<3, CHECK>(t, win, o, b[3]);
        o = put::<4, CHECK>(t, win, o, b[4]);
        o = put::<5, CHECK>(t, win, o, b[5]);
        o = put::<6, CHECK>(t, win, o, b[6]);
        o = put::<7, CHECK>(t, win, o, b[7]);
        if CHECK {
            extra |= o;
            at += 8 + o;
        } else {
            at += o;
        }
        i += 8;
    }
    (i, at, extra >= 32)
}

/// Decodes `bytes` of page `t` to UTF-8; `None` if a byte is undefined or
/// `dst` is too short.
#[inline]
pub(crate) fn decode(t: &'static SingleByte, bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    if !t.ascii {
        return crate::engine::decode_into(Family::SingleByte(t), bytes, dst).ok();
    }
    let n = bytes.len();
    // A page that defines every byte needs no check, and its blocks are a
    // step shorter.
    let (mut i, mut at, undefined) = if t.total {
        decode_blocks::<false>(t, bytes, dst)
    } else {
        decode_blocks::<true>(t, bytes, dst)
    };
    if undefined {
        return None;
    }
    // The tail: exact stores.
    while i < n {
        if let Some((next_i, next_at)) = ascii_run(bytes, i, dst, at) {
            (i, at) = (next_i, next_at);
            continue;
        }
        let v = t.utf8[usize::from(bytes[i])];
        let len = (v >> 24) as usize;
        if len == 0 {
            return None;
        }
        let out = dst.get_mut(at..at + len)?;
        for (d, s) in out.iter_mut().zip(v.to_le_bytes()) {
            *d = s;
        }
        at += len;
        i += 1;
    }
    Some(at)
}

/// Characters one by one from `b[i..]` into `dst[at..]`, and the ASCII
/// between them, until eight bytes of ASCII follow (then the words are
/// worth a try again), two ASCII bytes come with fewer than eight bytes of
/// input or of room from the second, or the text ends; the new cursors, or
/// `None` if a character is not in the page or `dst` is too short.
///
/// After two ASCII bytes in a row, the eight bytes from the second are
/// stored whole, and the run ends at the first of them with its high bit
/// set (those after it are overwritten by what follows). Going back to the
/// words there would take the rest of a short run a byte per turn: text of
/// Latin script with a letter outside ASCII every few words runs up to
/// twice as fast this way (Czech, Polish and Hungarian read once; see
/// docs/performance.md). The byte after each character is read once: the
/// test of where the run ends, and the next character's lead.
#[inline]
fn chars(
    t: &SingleByte,
    b: &[u8],
    mut i: usize,
    dst: &mut [u8],
    mut at: usize,
) -> Option<(usize, usize)> {
    let mut lead = b[i];
    loop {
        if lead < 0x80 {
            *dst.get_mut(at)? = lead;
            i += 1;
            at += 1;
            match b.get(i) {
                Some(&x) if x >= 0x80 => {
                    lead = x;
                    continue;
                }
                Some(_) => {
                    let (Some(src), Some(out)) = (
                        b[i..].first_chunk::<8>(),
                        dst.get_mut(at..).and_then(<[u8]>::first_chunk_mut::<8>),
                    ) else {
                        break;
                    };
                    let high = u64::from_le_bytes(*src) & HI;
                    if high == 0 {
                        break;
                    }
                    *out = *src;
                    // The first byte with its high bit set is the lowest
                    // lane.
                    let k = (high.trailing_zeros() / 8) as usize;
                    i += k;
                    at += k;
                    lead = b[i];
                    continue;
                }
                None => break,
            }
        }
        let byte = if lead < 0xE0 {
            let byte = t.two_byte(lead, *b.get(i + 1)?);
            i += 2;
            byte
        } else if lead < 0xF0 {
            let &[b1, b2] = b.get(i + 1..i + 3)? else {
                return None;
            };
            i += 3;
            t.three_byte(lead, b1, b2)
        } else {
            return None;
        };
        if byte == 0 {
            return None;
        }
        *dst.get_mut(at)? = byte;
        at += 1;
        let Some(&next) = b.get(i) else { break };
        lead = next;
    }
    Some((i, at))
}

/// Encodes `text` in page `t`; `None` if a character is not in the page or
/// `dst` is too short.
#[inline]
pub(crate) fn encode(t: &SingleByte, text: &str, dst: &mut [u8]) -> Option<usize> {
    let b = text.as_bytes();
    let n = b.len();
    let mut i = 0;
    let mut at = 0;
    while i < n {
        if let Some((next_i, next_at)) = ascii_run(b, i, dst, at) {
            (i, at) = (next_i, next_at);
            continue;
        }
        (i, at) = chars(t, b, i, dst, at)?;
    }
    Some(at)
}
