//! The form of a single-byte encoding: one [`SingleByte`] per code page,
//! generated into `tables/` by `cargo run -p xtask -- gen-tables`, and the
//! rules every code page shares.
//!
//! Bytes `00..=7F` are ASCII in most pages litenc has, and no other byte
//! decodes to ASCII there. Bytes `80..=FF` map through `decode`, where 0
//! marks a byte the page leaves undefined (no page maps a high byte to
//! U+0000). The other pages (EBCDIC, the LCD ROMs, CP437 with glyphs, and
//! two Mac pages whose high half repeats ASCII) also have `low`, the
//! characters of `00..=7F`, byte 0 always defined (U+0000, or U+E000 on an
//! LCD); their reverse map holds the characters below U+0080 too, in the
//! blocks of the leads `C0` and `C1`, which no UTF-8 has (a code point below
//! `0x80` is `two[cp >> 6]`, as any below `0x800`). Where two bytes decode to
//! one character, it encodes to the lower one. Encoding goes the other way through
//! [`Reverse`], a two-level map keyed by the character's UTF-8 bytes, so that
//! an encoder reading UTF-8 looks a character up without decoding it first:
//!
//! - a two-byte character (`C2..=DF`, then a continuation byte; U+0080 to
//!   U+07FF) is `blocks[two[lead & 0x1F]][trail & 0x3F]`;
//! - a three-byte character (`E0..=EF`, then two; U+0800 to U+FFFF) is
//!   `blocks[rows[three[lead & 0x0F]][second & 0x3F]][third & 0x3F]`;
//! - a four-byte character is in no page.
//!
//! Block 0 and row 0 are all zeros, so a character a page does not have
//! finds byte 0, which no non-ASCII character encodes to. A page's tables take
//! about 2 KB: 256 bytes of `decode`, 48 bytes of leads, 64 bytes per row
//! and per block (10 to 20 of them), and the 1 KB `utf8` table of the
//! decoders, which [`SingleByte::new`] derives at compile time, as it does
//! the 0.5 KB of [`Vectors`], the tables of the AVX2 kernels.

mod vectors;

pub(crate) use vectors::Vectors;

use crate::encoding::Encoding;
use crate::scalar;

/// The inverse of a decode table; see the module docs.
pub(crate) struct Reverse {
    /// The block of each two-byte lead `C0 + i`.
    pub(crate) two: &'static [u8; 32],
    /// The row of each three-byte lead `E0 + i`.
    pub(crate) three: &'static [u8; 16],
    /// The block of each second byte's low six bits, per row.
    pub(crate) rows: &'static [[u8; 64]],
    /// The byte of each third (or last) byte's low six bits, per block.
    pub(crate) blocks: &'static [[u8; 64]],
}

/// One single-byte encoding.
pub(crate) struct SingleByte {
    /// Which encoding this is, for errors and names.
    pub(crate) encoding: Encoding,
    /// The code point of each byte `0x80 + i`, 0 if undefined.
    pub(crate) decode: &'static [u16; 128],
    /// The code point of each byte `0x00 + i` where they are not ASCII
    /// (0 if undefined, but for byte 0); `None` for a page whose bytes
    /// `00..=7F` are ASCII and whose other bytes are not.
    pub(crate) low: Option<&'static [u16; 128]>,
    /// `low.is_none()`: ASCII bytes are ASCII characters and the other way
    /// round, so that the ASCII shortcuts and the AVX2 kernels apply.
    pub(crate) ascii: bool,
    /// The character of byte 0 (U+0000, or CGRAM 0 of an LCD, U+E000):
    /// the one character whose look-up in `reverse` gives the byte 0, which
    /// elsewhere means "not in the page".
    pub(crate) nul: u32,
    /// The byte of each character below U+0080 (identity for an ASCII
    /// page; 0 where the page lacks it, and for U+0000 unless `nul` is 0).
    pub(crate) encode_low: [u8; 128],
    /// The inverse of `decode`.
    pub(crate) reverse: Reverse,
    /// The UTF-8 of each byte (ASCII included), little-endian in bits 0..24,
    /// its length in bits 24..32; 0 for an undefined byte.
    pub(crate) utf8: [u32; 256],
    /// Whether every byte is defined, so that decoding cannot fail.
    pub(crate) total: bool,
    /// The most UTF-8 bytes one byte decodes to (1 to 3).
    pub(crate) max_utf8: usize,
    /// The tables of the AVX2 kernels (`crate::simd::single_byte`).
    pub(crate) vectors: Vectors,
}

impl SingleByte {
    /// The tables of one encoding, with what the codec derives from them,
    /// checked: `reverse` must map every defined byte's character back to
    /// that byte and hold nothing else (a failed check is a compile error).
    pub(crate) const fn new(
        encoding: Encoding,
        decode: &'static [u16; 128],
        low: Option<&'static [u16; 128]>,
        reverse: Reverse,
    ) -> SingleByte {
        let mut utf8 = [0u32; 256];
        let mut total = true;
        let mut max_utf8 = 1;
        let mut defined = 0;
        let nul = match low {
            Some(l) => l[0] as u32,
            None => 0,
        };
        let mut encode_low = [0u8; 128];
        let mut i = 0;
        while i < 256 {
            let cp = if i >= 0x80 {
                decode[i - 0x80] as u32
            } else if let Some(l) = low {
                l[i] as u32
            } else {
                i as u32
            };
            if i > 0 && cp == 0 {
                total = false;
            } else {
                let mut buf = [0u8; 4];
                let len = scalar::write_utf8(&mut buf, 0, cp);
                utf8[i] = (len as u32) << 24
                    | (buf[2] as u32) << 16
                    | (buf[1] as u32) << 8
                    | buf[0] as u32;
                if len > max_utf8 {
                    max_utf8 = len;
                }
                // The byte the character encodes to: this one, or a lower
                // one of the same character.
                let back = if i == 0 {
                    0
                } else if cp < 0x80 && low.is_none() {
                    cp as u8
                } else {
                    lookup(&reverse, cp)
                };
                assert!(
                    back as usize == i
                        || (back != 0 || cp == nul)
                            && (back as usize) < i
                            && utf8[back as usize] == utf8[i],
                    "litenc tables: a byte does not encode back"
                );
                if cp < 0x80 && (back != 0 || cp == nul) {
                    encode_low[cp as usize] = back;
                }
                if back as usize == i && i > 0 && (i >= 0x80 || low.is_some()) {
                    defined += 1;
                }
            }
            i += 1;
        }
        // Nothing else in the blocks: as many bytes as defined ones, and no
        // block reached from two places (where a byte would count twice).
        let entries = block_entries(&reverse);
        assert!(
            entries == defined,
            "litenc tables: the reverse map holds extra characters"
        );
        let ascii = low.is_none();
        let vectors = if ascii {
            Vectors::new(decode, &reverse)
        } else {
            Vectors::EMPTY
        };
        SingleByte {
            encoding,
            decode,
            low,
            ascii,
            nul,
            encode_low,
            reverse,
            utf8,
            total,
            max_utf8,
            vectors,
        }
    }

    /// The character of a byte, if the encoding defines it.
    #[inline]
    pub(crate) const fn decode_byte(&self, byte: u8) -> Option<char> {
        let cp = if byte >= 0x80 {
            self.decode[(byte - 0x80) as usize]
        } else if let Some(low) = self.low {
            if byte == 0 {
                return Some(scalar::to_char(self.nul));
            }
            low[byte as usize]
        } else {
            return Some(byte as char);
        };
        match cp {
            0 => None,
            cp => Some(scalar::to_char(cp as u32)),
        }
    }

    /// The byte of a character, if the encoding has it.
    #[inline]
    pub(crate) const fn encode_char(&self, ch: char) -> Option<u8> {
        let cp = ch as u32;
        if cp < 0x80 && self.ascii {
            return Some(cp as u8);
        }
        match lookup(&self.reverse, cp) {
            0 if cp == self.nul => Some(0),
            0 => None,
            byte => Some(byte),
        }
    }

    /// How many bytes at the start of `bytes` decode to themselves (one byte
    /// of UTF-8 equal to the byte): what `decode_cow` may borrow.
    pub(crate) fn same_decode_len(&self, bytes: &[u8]) -> usize {
        bytes
            .iter()
            .position(|&b| self.utf8[b as usize] != (1 << 24 | u32::from(b)))
            .unwrap_or(bytes.len())
    }

    /// How many bytes at the start of `text` (UTF-8) encode to themselves:
    /// what `encode_cow` may borrow.
    pub(crate) fn same_encode_len(&self, text: &[u8]) -> usize {
        text.iter()
            .position(|&c| c >= 0x80 || self.encode_low[c as usize] != c || c == 0 && self.nul != 0)
            .unwrap_or(text.len())
    }

    /// The byte of the two-byte UTF-8 character `lead`, `trail` (valid
    /// UTF-8), or 0.
    #[inline]
    pub(crate) const fn two_byte(&self, lead: u8, trail: u8) -> u8 {
        let r = &self.reverse;
        r.blocks[r.two[(lead & 0x1F) as usize] as usize][(trail & 0x3F) as usize]
    }

    /// The byte of the three-byte UTF-8 character `lead`, `b1`, `b2` (valid
    /// UTF-8), or 0.
    #[inline]
    pub(crate) const fn three_byte(&self, lead: u8, b1: u8, b2: u8) -> u8 {
        let r = &self.reverse;
        let block = r.rows[r.three[(lead & 0x0F) as usize] as usize][(b1 & 0x3F) as usize];
        r.blocks[block as usize][(b2 & 0x3F) as usize]
    }
}

/// The bytes in the blocks of `reverse`, checked to be reached each from
/// exactly one place (a failed check is a compile error).
const fn block_entries(reverse: &Reverse) -> usize {
    let mut entries = 0;
    let mut block = 1;
    while block < reverse.blocks.len() {
        let mut k = 0;
        while k < 64 {
            if reverse.blocks[block][k] != 0 {
                entries += 1;
            }
            k += 1;
        }
        let mut uses = 0;
        let mut j = 0;
        while j < 32 {
            if reverse.two[j] as usize == block {
                uses += 1;
            }
            j += 1;
        }
        let mut row = 1;
        while row < reverse.rows.len() {
            let mut k = 0;
            while k < 64 {
                if reverse.rows[row][k] as usize == block {
                    uses += 1;
                }
                k += 1;
            }
            row += 1;
        }
        assert!(uses == 1, "litenc tables: a block is not used exactly once");
        block += 1;
    }
    entries
}

/// The byte of a non-ASCII code point in `r`, or 0.
#[inline]
pub(crate) const fn lookup(r: &Reverse, cp: u32) -> u8 {
    if cp < 0x800 {
        r.blocks[r.two[(cp >> 6) as usize] as usize][(cp & 0x3F) as usize]
    } else if cp < 0x1_0000 {
        let block = r.rows[r.three[(cp >> 12) as usize] as usize][((cp >> 6) & 0x3F) as usize];
        r.blocks[block as usize][(cp & 0x3F) as usize]
    } else {
        0
    }
}
