//! The code-page encoder, portable: one pass, writing as it goes (the
//! `const fn` needs a length pass first, since it promises an untouched
//! buffer on error). ASCII sixteen bytes a step; a character of two or
//! three UTF-8 bytes is looked up in the page's reverse map by those bytes
//! directly (`crate::table::Reverse`: two or three loads, no search), in a
//! loop that stays in a run of such characters. The decoder of the
//! `const fn`s is already one pass with a buffer of the worst-case size
//! (eight bytes a step through a table of ready-made UTF-8) and is used as
//! it is.

use super::words::{HI, load8};
use crate::table::SingleByte;

/// Encodes `text` in page `t`; `None` if a character is not in the page or
/// `dst` is too short.
#[inline]
pub(crate) fn encode(t: &SingleByte, text: &str, dst: &mut [u8]) -> Option<usize> {
    let b = text.as_bytes();
    let n = b.len();
    let mut i = 0;
    let mut at = 0;
    while i < n {
        while i + 16 <= n && at + 16 <= dst.len() {
            let (w0, w1) = (load8(b, i), load8(b, i + 8));
            if (w0 | w1) & HI != 0 {
                if w0 & HI == 0 {
                    dst[at..at + 8].copy_from_slice(&b[i..i + 8]);
                    i += 8;
                    at += 8;
                }
                break;
            }
            dst[at..at + 16].copy_from_slice(&b[i..i + 16]);
            i += 16;
            at += 16;
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
