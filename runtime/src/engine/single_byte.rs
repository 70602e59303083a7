//! Every code page, through its tables (`crate::table`).
//!
//! Decoding: eight bytes at a time, a word copy if they are ASCII, else
//! eight branch-free table steps: each byte is one load of its ready-made
//! UTF-8 from the page's `utf8` table (bytes in the low 24 bits, length in
//! the top 8), stored as one 4-byte word, the cursor moved by the length.
//! A page that leaves bytes undefined (length 0) is checked first, by the
//! length pass; a page that defines every byte cannot fail, and with a
//! buffer of the worst-case size skips that pass.
//!
//! Encoding: ASCII eight bytes at a time; any other block of four characters
//! through the branch-free [`lookup_branchless`], which looks each up in
//! the page's reverse map by its UTF-8 bytes. A zero byte, or a four-byte
//! character, is one the page does not have, and the exact loop reports it.
//! Encoding never grows the text, so a buffer as long as the text always
//! suffices.
//!
//! A page whose bytes `00..=7F` are not ASCII (`!t.ascii`: EBCDIC, an LCD
//! ROM) takes no ASCII shortcut: every byte goes through the table, and
//! every character below U+0080 through `encode_low`, eight at a time
//! where all eight are ASCII (eight independent loads instead of the
//! reverse map's chains: three times faster on EBCDIC).

use super::words::{HI, load8, store4, store8};
use crate::error::{DecodeError, EncodeError};
use crate::limits;
use crate::scalar;
use crate::table::SingleByte;

/// The UTF-8 length of byte `b` (0 if undefined).
#[inline]
const fn utf8_len(t: &SingleByte, b: u8) -> usize {
    (t.utf8[b as usize] >> 24) as usize
}

/// For a page whose `00..=7F` are not ASCII: the bytes of the eight ASCII
/// characters `w` as one word, if the page has all eight and none is byte
/// 0 (which the exact loop tells from a character the page lacks).
#[inline]
const fn encode_ascii8(t: &SingleByte, w: u64) -> Option<u64> {
    let b = w.to_le_bytes();
    let mut word = 0u64;
    let mut zero = false;
    let mut k = 0;
    while k < 8 {
        let c = t.encode_low[b[k] as usize];
        zero |= c == 0;
        word |= (c as u64) << (8 * k);
        k += 1;
    }
    if zero { None } else { Some(word) }
}

/// See [`Encoding::decoded_len`](crate::Encoding::decoded_len).
#[inline]
pub(crate) const fn decoded_len(t: &SingleByte, bytes: &[u8]) -> Result<usize, DecodeError> {
    let mut i = 0;
    let mut n = 0usize;
    while i < bytes.len() {
        // Saturating (see `limits`), as the reference: three bytes out per
        // byte in may not fit a `usize`.
        if t.ascii && i + 8 <= bytes.len() && load8(bytes, i) & HI == 0 {
            i += 8;
            n = limits::add_len(n, 8);
            continue;
        }
        let len = utf8_len(t, bytes[i]);
        if len == 0 {
            return Err(DecodeError::malformed(t.encoding, i, 1));
        }
        n = limits::add_len(n, len);
        i += 1;
    }
    Ok(n)
}

/// One byte through the table: its UTF-8 stored as one 4-byte word, the
/// cursor moved by its length. The store reaches up to three bytes past
/// the character's last; the caller makes sure that enough output follows
/// to overwrite them, or that this is not the last character.
#[inline]
const fn put(t: &SingleByte, out: &mut [u8], at: usize, byte: u8) -> usize {
    let v = t.utf8[byte as usize];
    store4(out, at, v);
    at + (v >> 24) as usize
}

/// Decodes into `out`, which must hold the output, of input the length pass
/// accepted (every byte defined).
///
/// The hot loop works on blocks of eight input bytes while there are at
/// least eight more input bytes after the block (so every byte the 4-byte
/// stores reach past a block's output is overwritten by the next block's)
/// and room for the worst case of the block (24 bytes, plus 1 for the last
/// store). A block of ASCII is one word copy; any other block is eight
/// table steps with no branch at all, so text that switches between ASCII
/// (spaces, punctuation) and letters costs no mispredictions. The tail
/// goes byte by byte, with exact stores.
#[inline]
const fn decode_fill(t: &SingleByte, bytes: &[u8], out: &mut [u8]) -> usize {
    let mut i = 0;
    let mut at = 0;
    while i + 16 <= bytes.len() && at + 25 <= out.len() {
        let w = load8(bytes, i);
        if t.ascii && w & HI == 0 {
            // ASCII: this word, and the next if it is ASCII too (it is in
            // the input, and 16 bytes of room are there).
            store8(out, at, w);
            let v = load8(bytes, i + 8);
            if v & HI == 0 && i + 24 <= bytes.len() {
                store8(out, at + 8, v);
                at += 16;
                i += 16;
                continue;
            }
            at += 8;
        } else {
            let b = w.to_le_bytes();
            at = put(t, out, at, b[0]);
            at = put(t, out, at, b[1]);
            at = put(t, out, at, b[2]);
            at = put(t, out, at, b[3]);
            at = put(t, out, at, b[4]);
            at = put(t, out, at, b[5]);
            at = put(t, out, at, b[6]);
            at = put(t, out, at, b[7]);
        }
        i += 8;
    }
    while i < bytes.len() {
        let v = t.utf8[bytes[i] as usize];
        let len = (v >> 24) as usize;
        if len > 0 {
            out[at] = v as u8;
        }
        if len > 1 {
            out[at + 1] = (v >> 8) as u8;
        }
        if len > 2 {
            out[at + 2] = (v >> 16) as u8;
        }
        at += len;
        i += 1;
    }
    at
}

/// See [`Encoding::decode_into`](crate::Encoding::decode_into).
#[inline]
pub(crate) const fn decode_into(
    t: &SingleByte,
    bytes: &[u8],
    out: &mut [u8],
) -> Result<usize, DecodeError> {
    // A page that defines every byte cannot fail, and `max_utf8` bytes out
    // per byte in is its worst case: with that much room, no length pass.
    if !t.total || out.len() / t.max_utf8 < bytes.len() {
        let needed = match decoded_len(t, bytes) {
            Ok(n) => n,
            Err(e) => return Err(e),
        };
        if needed > out.len() {
            return Err(DecodeError::output_too_small(
                t.encoding,
                bytes.len(),
                needed,
                out.len(),
            ));
        }
    }
    Ok(decode_fill(t, bytes, out))
}

/// The byte of the character at `b[i..]` (valid UTF-8; not ASCII if the
/// page is `ascii`), and its UTF-8 length; byte 0 if the page does not have
/// it (or it is the page's `nul`).
#[inline]
const fn lookup(t: &SingleByte, b: &[u8], i: usize) -> (u8, usize) {
    let lead = b[i];
    if lead < 0x80 {
        (t.encode_low[lead as usize], 1)
    } else if lead < 0xE0 {
        (t.two_byte(lead, b[i + 1]), 2)
    } else if lead < 0xF0 {
        (t.three_byte(lead, b[i + 1], b[i + 2]), 3)
    } else {
        (0, 4)
    }
}

/// Whether the character at `b[i..]` is the page's `nul`, the one that
/// encodes to byte 0.
#[inline]
const fn is_nul(t: &SingleByte, b: &[u8], i: usize) -> bool {
    scalar::next_char(b, i).0 == t.nul
}

#[cold]
#[inline]
const fn unencodable(t: &SingleByte, b: &[u8], i: usize) -> EncodeError {
    EncodeError::Unencodable {
        encoding: t.encoding,
        offset: i,
        ch: scalar::to_char(scalar::next_char(b, i).0),
    }
}

/// The byte of the character at `b[i..]` (valid UTF-8, `i + 3 < b.len()`)
/// and its UTF-8 length, with no branch: both look-ups are made (their
/// indices are in range whatever the bytes) and one result picked. Byte 0
/// for a non-ASCII character means "not in the page"; 4-byte characters
/// never are.
#[inline]
const fn lookup_branchless(t: &SingleByte, b: &[u8], i: usize) -> (u8, usize) {
    let lead = b[i];
    let two = t.two_byte(lead, b[i + 1]);
    let three = t.three_byte(lead, b[i + 1], b[i + 2]);
    let len = 1 + (lead >= 0xC0) as usize + (lead >= 0xE0) as usize + (lead >= 0xF0) as usize;
    let byte = if lead < 0x80 {
        t.encode_low[lead as usize]
    } else if lead < 0xE0 {
        two
    } else if lead < 0xF0 {
        three
    } else {
        0
    };
    (byte, len)
}

/// The bytes of the four characters at `b[i..]` (sixteen bytes are left),
/// and the input bytes they take; `None` if one of them is not in the page
/// or is U+0000, and the exact loop decides. The one block step of both
/// passes.
#[inline]
const fn encode_block(t: &SingleByte, b: &[u8], i: usize) -> Option<([u8; 4], usize)> {
    let (c0, l0) = lookup_branchless(t, b, i);
    let (c1, l1) = lookup_branchless(t, b, i + l0);
    let (c2, l2) = lookup_branchless(t, b, i + l0 + l1);
    let (c3, l3) = lookup_branchless(t, b, i + l0 + l1 + l2);
    if (c0 == 0) | (c1 == 0) | (c2 == 0) | (c3 == 0) {
        return None;
    }
    Some(([c0, c1, c2, c3], l0 + l1 + l2 + l3))
}

/// See [`Encoding::encoded_len`](crate::Encoding::encoded_len): one byte
/// per character, if all encode.
///
/// The same blocks as [`encode_fill`] without the stores: a word of ASCII
/// counts 8, any other block four characters through [`encode_block`]; a
/// block with a character the page lacks goes to the exact loop, which
/// finds it.
#[inline]
pub(crate) const fn encoded_len(t: &SingleByte, text: &str) -> Result<usize, EncodeError> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut n = 0;
    while i + 16 <= b.len() {
        let w = load8(b, i);
        if w & HI == 0 && (t.ascii || encode_ascii8(t, w).is_some()) {
            i += 8;
            n += 8;
            continue;
        }
        match encode_block(t, b, i) {
            Some((_, len)) => {
                i += len;
                n += 4;
            }
            None => break,
        }
    }
    while i < b.len() {
        if b[i] < 0x80 && t.ascii {
            i += 1;
            n += 1;
            continue;
        }
        let (byte, len) = lookup(t, b, i);
        if byte == 0 && !is_nul(t, b, i) {
            return Err(unencodable(t, b, i));
        }
        i += len;
        n += 1;
    }
    Ok(n)
}

/// Encodes into `out`, checking as it goes; `out` must hold the output.
///
/// The hot loop takes eight input bytes at a time while sixteen are left
/// (so every look-up in [`lookup_branchless`] stays in the input): a word of
/// ASCII is copied; otherwise four characters go through the branch-free
/// look-up, and one test per block (a zero byte from a non-ASCII
/// character) sends the block to the exact loop, which reports the error.
/// Text that alternates between ASCII and letters costs no mispredictions.
#[inline]
const fn encode_fill(t: &SingleByte, text: &str, out: &mut [u8]) -> Result<usize, EncodeError> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut at = 0;
    while i + 16 <= b.len() && at + 8 <= out.len() {
        let w = load8(b, i);
        if w & HI == 0 {
            let word = if t.ascii {
                Some(w)
            } else {
                encode_ascii8(t, w)
            };
            if let Some(word) = word {
                store8(out, at, word);
                i += 8;
                at += 8;
                continue;
            }
        }
        match encode_block(t, b, i) {
            Some(([c0, c1, c2, c3], len)) => {
                out[at] = c0;
                out[at + 1] = c1;
                out[at + 2] = c2;
                out[at + 3] = c3;
                at += 4;
                i += len;
            }
            // A character the page lacks, or U+0000 (fine, but rare): the
            // exact loop from the block's start decides.
            None => break,
        }
    }
    while i < b.len() {
        let lead = b[i];
        if lead < 0x80 && t.ascii {
            if i + 8 <= b.len() && at + 8 <= out.len() {
                let w = load8(b, i);
                if w & HI == 0 {
                    store8(out, at, w);
                    i += 8;
                    at += 8;
                    continue;
                }
            }
            out[at] = lead;
            i += 1;
            at += 1;
            continue;
        }
        let (byte, len) = lookup(t, b, i);
        if byte == 0 && !is_nul(t, b, i) {
            return Err(unencodable(t, b, i));
        }
        out[at] = byte;
        at += 1;
        i += len;
    }
    Ok(at)
}

/// See [`Encoding::encode_into`](crate::Encoding::encode_into): the length
/// pass first, always, so that on bad text `out` is left as it was (the
/// crate's promise: the whole input is checked before `out` is looked at).
#[inline]
pub(crate) const fn encode_into(
    t: &SingleByte,
    text: &str,
    out: &mut [u8],
) -> Result<usize, EncodeError> {
    let needed = match encoded_len(t, text) {
        Ok(n) => n,
        Err(e) => return Err(e),
    };
    if needed > out.len() {
        return Err(EncodeError::OutputTooSmall {
            needed,
            available: out.len(),
        });
    }
    encode_fill(t, text, out)
}
