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
//! that stays in a run of such characters.

use super::words::{HI, copy_ascii32, load8};
use crate::engine::words::store4;
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

/// Decodes `bytes` of page `t` to UTF-8; `None` if a byte is undefined or
/// `dst` is too short.
#[inline]
pub(crate) fn decode(t: &'static SingleByte, bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    if !t.ascii {
        return crate::engine::decode_into(Family::SingleByte(t), bytes, dst).ok();
    }
    let n = bytes.len();
    let mut i = 0;
    let mut at = 0;
    // Bit 31 set once an undefined byte (a table entry of 0) went by.
    let mut undefined = 0u32;
    // Blocks of eight while eight more input bytes follow (so the bytes the
    // 4-byte stores reach past a block's output are the next block's) and
    // there is room for a block's worst case (24 bytes, and 1 for the last
    // store's reach).
    while i + 16 <= n && dst.len().saturating_sub(at) >= 25 {
        if let Some((next_i, next_at)) = ascii_run(bytes, i, dst, at) {
            (i, at) = (next_i, next_at);
            continue;
        }
        for &byte in load8(bytes, i).to_le_bytes().iter() {
            let v = t.utf8[usize::from(byte)];
            undefined |= v.wrapping_sub(1);
            store4(dst, at, v);
            at += (v >> 24) as usize;
        }
        i += 8;
    }
    if !t.total && undefined >> 31 != 0 {
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
        dst.get_mut(at..at + len)?
            .copy_from_slice(&v.to_le_bytes()[..len]);
        at += len;
        i += 1;
    }
    Some(at)
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
        // Characters one by one, until an ASCII byte follows a non-ASCII
        // character (then the words are worth a try again).
        while i < n {
            let lead = b[i];
            if lead < 0x80 {
                *dst.get_mut(at)? = lead;
                i += 1;
                at += 1;
                if b.get(i).is_some_and(|&x| x < 0x80) {
                    break;
                }
                continue;
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
        }
    }
    Some(at)
}
