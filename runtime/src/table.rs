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
//! decoders and the 0.5 KB of [`Vectors`], the tables of the AVX2 kernels,
//! which the generator derives from the decode tables and checks (every
//! byte encodes back, to the lower byte where two share a character;
//! nothing else is in the reverse map) before it writes them out as plain
//! values: no table is computed when the crate is compiled.
//!
//! A page whose bytes `00..=7F` are not ASCII but which has every ASCII
//! character (EBCDIC) also has a [`Proxy`], a second, generated page that
//! is its bytes permuted so that ASCII is ASCII, through which the `fast`
//! kernels of the ASCII pages serve it.

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

/// A page's *proxy*: the page with its bytes permuted so that ASCII is
/// ASCII, for a page whose bytes `00..=7F` are not (EBCDIC), so that the
/// `fast` kernels of the ASCII pages serve it too (`crate::simd::proxy`).
///
/// The permutation sends each byte that decodes to an ASCII character to
/// that character's byte, and the other bytes, defined or not, to
/// `80..=FF` in their order: a byte undefined in the page is undefined in
/// the proxy, and where two bytes share a character, the lower one (which
/// the character encodes to) stays the lower. So decoding `bytes` is
/// decoding them mapped through `to_proxy` in the proxy page, and encoding
/// is encoding in the proxy and mapping the output through `from_proxy`,
/// with the same answers, errors at the same places. The generator
/// (`xtask`) derives both and the proxy's tables, and checks them.
#[allow(
    clippy::struct_field_names,
    reason = "to and from the proxy: the names say the direction"
)]
#[cfg_attr(
    not(target_arch = "x86_64"),
    allow(
        dead_code,
        reason = "the proxy serves the x86_64 kernels (and their tests) only"
    )
)]
pub(crate) struct Proxy {
    /// The proxy page (`ascii: true`, with its `Vectors`).
    pub(crate) page: &'static SingleByte,
    /// The proxy's byte of each byte of the page.
    pub(crate) to_proxy: [u8; 256],
    /// The page's byte of each byte of the proxy: the inverse.
    pub(crate) from_proxy: [u8; 256],
    /// The first of the two bytes of UTF-8 of each byte `0x80 + i` of the
    /// proxy; 0 where its character is not two bytes long or it is
    /// undefined (the AVX-512 decoder of `crate::simd::proxy`).
    pub(crate) lead: [u8; 128],
    /// The second of those two bytes; 0 where `lead` is.
    pub(crate) trail: [u8; 128],
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
    #[cfg_attr(
        not(target_arch = "x86_64"),
        allow(dead_code, reason = "the AVX2 kernels' tables, read on x86_64 only")
    )]
    pub(crate) vectors: Vectors,
    /// For a page whose bytes `00..=7F` are not ASCII but which has every
    /// ASCII character once (EBCDIC), its [`Proxy`]; `None` for the others.
    pub(crate) proxy: Option<&'static Proxy>,
}

impl SingleByte {
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
    #[cfg_attr(
        not(feature = "alloc"),
        allow(dead_code, reason = "used by `encode_cow` and `decode_cow` only")
    )]
    #[inline]
    pub(crate) fn same_decode_len(&self, bytes: &[u8]) -> usize {
        bytes
            .iter()
            .position(|&b| self.utf8[b as usize] != (1 << 24 | u32::from(b)))
            .unwrap_or(bytes.len())
    }

    /// How many bytes at the start of `text` (UTF-8) encode to themselves:
    /// what `encode_cow` may borrow.
    #[cfg_attr(
        not(feature = "alloc"),
        allow(dead_code, reason = "used by `encode_cow` and `decode_cow` only")
    )]
    #[inline]
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
