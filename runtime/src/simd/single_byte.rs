//! Every code page without a kernel of its own, encoded at run time:
//! portable code, no `unsafe`. ASCII sixteen bytes at a time; ASCII mixed
//! with two-byte characters (Latin, Greek, Cyrillic, Hebrew, Arabic text)
//! one character a step with no branch on its length: both readings are
//! made and one picked, so the switches between letters and spaces cost no
//! mispredictions; anything else one exact step. Characters are looked up
//! by their UTF-8 bytes in the page's reverse map
//! ([`SingleByte::two_byte`], [`SingleByte::three_byte`]). A character the
//! page lacks gives `None`, and the engine reports it.

use crate::table::SingleByte;

/// High bits of sixteen bytes.
const HI: u128 = 0x8080_8080_8080_8080_8080_8080_8080_8080;

/// Encodes `text` into `dst`: `Some(written)`, or `None` if a character
/// is not in the page or `dst` is too short.
pub(crate) fn encode(t: &SingleByte, text: &str, dst: &mut [u8]) -> Option<usize> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut at = 0;
    while i < b.len() {
        if let (Some(src), Some(out)) = (b.get(i..i + 16), dst.get_mut(at..at + 16)) {
            let w = u128::from_le_bytes(src.try_into().ok()?);
            if w & HI == 0 {
                out.copy_from_slice(src);
                i += 16;
                at += 16;
                continue;
            }
        }
        // Up to 16 characters of ASCII and two-byte characters. Valid
        // UTF-8 has no continuation byte in lead position, so a lead below
        // 0xE0 is ASCII or the first of two bytes.
        let mut k = 0;
        while k < 16 && i + 1 < b.len() && at < dst.len() {
            let lead = b[i];
            if lead >= 0xE0 {
                break;
            }
            let ascii = lead < 0x80;
            let two = t.two_byte(lead, b[i + 1]);
            let byte = if ascii { lead } else { two };
            if byte == 0 && !ascii {
                return None;
            }
            dst[at] = byte;
            at += 1;
            i += 2 - ascii as usize;
            k += 1;
        }
        if k == 16 || i >= b.len() {
            continue;
        }
        // One character exactly: a three-byte one, the last byte, or the
        // end of `dst`.
        let lead = b[i];
        let (byte, len) = if lead < 0x80 {
            (lead, 1)
        } else if lead < 0xE0 {
            match t.two_byte(lead, b[i + 1]) {
                0 => return None,
                byte => (byte, 2),
            }
        } else if lead < 0xF0 {
            match t.three_byte(lead, b[i + 1], b[i + 2]) {
                0 => return None,
                byte => (byte, 3),
            }
        } else {
            return None;
        };
        *dst.get_mut(at)? = byte;
        at += 1;
        i += len;
    }
    Some(at)
}
