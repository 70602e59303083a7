//! The multi-byte encodings of the WHATWG Encoding Standard (GBK, gb18030,
//! Big5, EUC-JP, ISO-2022-JP, Shift_JIS, EUC-KR), step by step as the
//! standard's decoders and encoders run, over the indexes of `tables/`.
//!
//! # Decoding: one sequence at a time
//!
//! The standard's decoders read one byte at a time and keep what they have
//! read in their state (a lead byte, gb18030's first three bytes). Between
//! two sequences that state is empty for every encoding but ISO-2022-JP,
//! which keeps its [`Mode`] (the character set the last escape sequence
//! chose) and whether the last sequence was an escape sequence. So
//! [`decode_seq`] reads one whole sequence from a sequence boundary, in a
//! mode, and says what the standard's decoder would have made of it
//! ([`Seq`]); the loops of `crate::engine::cjk` carry the mode and the
//! escape flag.
//!
//! # Errors, and the bytes the standard reads again
//!
//! Where a decoder's step returns *error*, the standard sometimes
//! *restores* bytes it has read to the input, to be read again as the start
//! of what follows: an ASCII byte after a lead byte (`81 41` is a
//! character in Shift_JIS, but `85 20` is an error and a space), gb18030's
//! second to fourth bytes when the fourth or third is out of range, the
//! byte after `ESC` in ISO-2022-JP. litenc reports such an error as
//! [`Seq::Malformed`] of the bytes the decoder consumed, *without* the
//! restored ones: `error_len` of a `DecodeError` is 1 for `85 20`, and
//! decoding resumes at the space, which is what the standard and
//! `encoding_rs` do. Bytes a decoder consumes for an error and does not
//! restore are part of the error (`85 80`: 2 bytes; a JIS X 0208 lead
//! byte followed by a newline in ISO-2022-JP: 2).
//!
//! Two errors of ISO-2022-JP are reported where `encoding_rs` reports them,
//! which is not where the standard's decoder notices them:
//!
//! - an escape sequence right after another (nothing decoded in the mode
//!   the first chose): the error is the *first* escape sequence (3 bytes),
//!   and the second one takes effect;
//! - an `ESC` after a JIS X 0208 lead byte: the error is the lead byte
//!   (1 byte), and the `ESC` starts an escape sequence.
//!
//! An error that only the end of the input causes (a lead byte, gb18030's
//! first one to three bytes, `ESC`, `ESC $` or `ESC (` last) is
//! [`Seq::Truncated`]: `error_len` is `None`, as for UTF-8.
//!
//! # Encoding: one character at a time
//!
//! [`encode_char`] is the encoder's step for one scalar value, for every
//! encoding but ISO-2022-JP, whose encoder has a state too and writes
//! escape sequences: [`encode_char_iso_2022_jp`] and [`ISO_2022_JP_END`].

use crate::encoding::Encoding;
use crate::tables::big5::{BIG5, BIG5_ASTRAL, BIG5_POINTERS};
use crate::tables::euc_kr::{EUC_KR, EUC_KR_POINTERS};
use crate::tables::gb18030::{GB18030, GB18030_POINTERS};
use crate::tables::gb18030_ranges::GB18030_RANGES;
use crate::tables::iso_2022_jp_katakana::ISO_2022_JP_KATAKANA;
use crate::tables::jis0208::{JIS0208, JIS0208_POINTERS, SHIFT_JIS_POINTERS};
use crate::tables::jis0212::JIS0212;

/// Which multi-byte encoding.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Cjk {
    /// GBK: gb18030's decoder, and its encoder without four-byte codes.
    Gbk,
    /// gb18030.
    Gb18030,
    /// Big5.
    Big5,
    /// EUC-JP.
    EucJp,
    /// ISO-2022-JP.
    Iso2022Jp,
    /// Shift_JIS.
    ShiftJis,
    /// EUC-KR.
    EucKr,
}

/// The `Encoding` of each member of the family.
#[inline]
pub(crate) const fn encoding(c: Cjk) -> Encoding {
    match c {
        Cjk::Gbk => Encoding::Gbk,
        Cjk::Gb18030 => Encoding::Gb18030,
        Cjk::Big5 => Encoding::Big5,
        Cjk::EucJp => Encoding::EucJp,
        Cjk::Iso2022Jp => Encoding::Iso2022Jp,
        Cjk::ShiftJis => Encoding::ShiftJis,
        Cjk::EucKr => Encoding::EucKr,
    }
}

/// The most UTF-8 bytes one input byte decodes to (rounded up): three for
/// the encodings with a one-byte character above U+07FF (Shift_JIS and
/// ISO-2022-JP's half-width katakana, GBK's and gb18030's `0x80` for
/// `€`), two for the others (a two-byte code for a character of three
/// bytes of UTF-8; Big5's four codes for two characters and its codes for
/// characters above U+FFFF: two bytes for four).
#[inline]
pub(crate) const fn max_utf8_bytes_per_byte(c: Cjk) -> usize {
    match c {
        Cjk::Gbk | Cjk::Gb18030 | Cjk::Iso2022Jp | Cjk::ShiftJis => 3,
        Cjk::Big5 | Cjk::EucJp | Cjk::EucKr => 2,
    }
}

/// The character set ISO-2022-JP is in: the state of its decoder and of
/// its encoder between characters (the encoder has no katakana mode).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Mode {
    /// ASCII (`ESC ( B`), the initial mode.
    Ascii,
    /// JIS X 0201 Roman (`ESC ( J`): ASCII, with `5C` as `¥` and `7E` as `‾`.
    Roman,
    /// JIS X 0201 katakana (`ESC ( I`), half-width, one byte each.
    Katakana,
    /// JIS X 0208 (`ESC $ @` or `ESC $ B`), two bytes a character.
    Jis0208,
}

/// What a decoder reads from a sequence boundary.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Seq {
    /// `len` bytes that decode to `cp`, followed by `cp2` where that is not
    /// 0 (four Big5 codes decode to two code points).
    Char {
        /// The code point.
        cp: u32,
        /// The second code point, or 0.
        cp2: u32,
        /// Bytes read.
        len: usize,
    },
    /// An ISO-2022-JP escape sequence (3 bytes) into `mode`.
    Escape {
        /// The mode it chooses.
        mode: Mode,
    },
    /// The `len` bytes here are an error; decoding goes on after them (see
    /// the module docs for what is counted).
    Malformed {
        /// Bytes in the error.
        len: usize,
    },
    /// The input ends inside a sequence: an error of the bytes from here,
    /// after which the standard reads on from `len` bytes further (the end
    /// of the input but for ISO-2022-JP's `ESC $` and `ESC (`, whose second
    /// byte it reads again).
    Truncated {
        /// Bytes in the error.
        len: usize,
    },
}

/// The decoded step of one code point.
#[inline]
const fn char1(cp: u32, len: usize) -> Seq {
    Seq::Char { cp, cp2: 0, len }
}

/// The error after a lead byte: the standard restores an ASCII trail byte
/// (reading it again) and consumes any other.
#[inline]
const fn bad_trail(trail: u8) -> Seq {
    Seq::Malformed {
        len: if trail < 0x80 { 1 } else { 2 },
    }
}

/// The code point at `pointer` of a decode table, or 0.
#[inline]
const fn at(table: &[[u8; 2]], pointer: usize) -> u32 {
    if pointer < table.len() {
        u16::from_le_bytes(table[pointer]) as u32
    } else {
        0
    }
}

/// The sequence at `b[i..]` (`i < b.len()`) of `enc`, ISO-2022-JP in
/// `mode` (the other encodings ignore it).
#[inline]
pub(crate) const fn decode_seq(enc: Cjk, b: &[u8], i: usize, mode: Mode) -> Seq {
    match enc {
        Cjk::Gbk | Cjk::Gb18030 => gb18030_seq(b, i),
        Cjk::Big5 => big5_seq(b, i),
        Cjk::EucJp => euc_jp_seq(b, i),
        Cjk::Iso2022Jp => iso_2022_jp_seq(b, i, mode),
        Cjk::ShiftJis => shift_jis_seq(b, i),
        Cjk::EucKr => euc_kr_seq(b, i),
    }
}

/// The tail of the input from `i`, as a truncated sequence.
#[inline]
const fn truncated(b: &[u8], i: usize) -> Seq {
    Seq::Truncated { len: b.len() - i }
}

/// The gb18030 (and GBK) decoder.
#[inline]
pub(crate) const fn gb18030_seq(b: &[u8], i: usize) -> Seq {
    let first = b[i];
    if first < 0x80 {
        return char1(first as u32, 1);
    }
    if first == 0x80 {
        return char1(0x20AC, 1);
    }
    if first == 0xFF {
        return Seq::Malformed { len: 1 };
    }
    if i + 1 >= b.len() {
        return truncated(b, i);
    }
    let second = b[i + 1];
    if second >= 0x30 && second <= 0x39 {
        if i + 2 >= b.len() {
            return truncated(b, i);
        }
        let third = b[i + 2];
        if !(third >= 0x81 && third <= 0xFE) {
            // The second and third bytes are read again.
            return Seq::Malformed { len: 1 };
        }
        if i + 3 >= b.len() {
            return truncated(b, i);
        }
        let fourth = b[i + 3];
        if !(fourth >= 0x30 && fourth <= 0x39) {
            return Seq::Malformed { len: 1 };
        }
        let pointer = (first as u32 - 0x81) * (10 * 126 * 10)
            + (second as u32 - 0x30) * (10 * 126)
            + (third as u32 - 0x81) * 10
            + fourth as u32
            - 0x30;
        return match gb18030_ranges_code_point(pointer) {
            Some(cp) => char1(cp, 4),
            None => Seq::Malformed { len: 4 },
        };
    }
    if (second >= 0x40 && second <= 0x7E) || (second >= 0x80 && second <= 0xFE) {
        let offset = if second < 0x7F { 0x40 } else { 0x41 };
        let pointer = (first as usize - 0x81) * 190 + (second as usize - offset);
        let cp = at(GB18030, pointer);
        if cp != 0 {
            return char1(cp, 2);
        }
    }
    bad_trail(second)
}

/// The index gb18030 ranges code point of `pointer`.
#[inline]
pub(crate) const fn gb18030_ranges_code_point(pointer: u32) -> Option<u32> {
    if (pointer > 39419 && pointer < 189_000) || pointer > 1_237_575 {
        return None;
    }
    if pointer == 7457 {
        return Some(0xE7C7);
    }
    // The last range that starts at or before `pointer`.
    let mut lo = 0;
    let mut hi = GB18030_RANGES.len();
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if GB18030_RANGES[mid].0 <= pointer {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let (offset, cp) = GB18030_RANGES[lo];
    Some(cp + pointer - offset)
}

/// The index gb18030 ranges pointer of `cp`, which index gb18030 does not
/// have.
#[inline]
pub(crate) const fn gb18030_ranges_pointer(cp: u32) -> u32 {
    if cp == 0xE7C7 {
        return 7457;
    }
    let mut lo = 0;
    let mut hi = GB18030_RANGES.len();
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if GB18030_RANGES[mid].1 <= cp {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let (pointer, offset) = GB18030_RANGES[lo];
    pointer + cp - offset
}

/// The Big5 decoder.
#[inline]
pub(crate) const fn big5_seq(b: &[u8], i: usize) -> Seq {
    let lead = b[i];
    if lead < 0x80 {
        return char1(lead as u32, 1);
    }
    if lead == 0x80 || lead == 0xFF {
        return Seq::Malformed { len: 1 };
    }
    if i + 1 >= b.len() {
        return truncated(b, i);
    }
    let trail = b[i + 1];
    if (trail >= 0x40 && trail <= 0x7E) || (trail >= 0xA1 && trail <= 0xFE) {
        let offset = if trail < 0x7F { 0x40 } else { 0x62 };
        let pointer = (lead as usize - 0x81) * 157 + (trail as usize - offset);
        if let Some((cp, cp2)) = big5_pair(pointer) {
            return Seq::Char { cp, cp2, len: 2 };
        }
        let cp = big5_code_point(pointer);
        if cp != 0 {
            return char1(cp, 2);
        }
    }
    bad_trail(trail)
}

/// The two code points of the four Big5 pointers that decode to two.
#[inline]
pub(crate) const fn big5_pair(pointer: usize) -> Option<(u32, u32)> {
    match pointer {
        1133 => Some((0x00CA, 0x0304)),
        1135 => Some((0x00CA, 0x030C)),
        1164 => Some((0x00EA, 0x0304)),
        1166 => Some((0x00EA, 0x030C)),
        _ => None,
    }
}

/// The code point of a Big5 pointer in index Big5, or 0.
#[inline]
pub(crate) const fn big5_code_point(pointer: usize) -> u32 {
    let v = at(BIG5, pointer);
    if v & 0xF800 == 0xD800 {
        BIG5_ASTRAL[(v - 0xD800) as usize]
    } else {
        v
    }
}

/// The EUC-JP decoder.
#[inline]
pub(crate) const fn euc_jp_seq(b: &[u8], i: usize) -> Seq {
    let lead = b[i];
    if lead < 0x80 {
        return char1(lead as u32, 1);
    }
    if !(lead == 0x8E || lead == 0x8F || (lead >= 0xA1 && lead <= 0xFE)) {
        return Seq::Malformed { len: 1 };
    }
    if i + 1 >= b.len() {
        return truncated(b, i);
    }
    let byte = b[i + 1];
    if lead == 0x8E && byte >= 0xA1 && byte <= 0xDF {
        return char1(0xFF61 - 0xA1 + byte as u32, 2);
    }
    if lead == 0x8F && byte >= 0xA1 && byte <= 0xFE {
        // JIS X 0212: `byte` is the lead of a pair that follows.
        if i + 2 >= b.len() {
            return truncated(b, i);
        }
        let trail = b[i + 2];
        if trail >= 0xA1 && trail <= 0xFE {
            let pointer = (byte as usize - 0xA1) * 94 + (trail as usize - 0xA1);
            let cp = at(JIS0212, pointer);
            if cp != 0 {
                return char1(cp, 3);
            }
        }
        return Seq::Malformed {
            len: if trail < 0x80 { 2 } else { 3 },
        };
    }
    if lead >= 0xA1 && byte >= 0xA1 && byte <= 0xFE {
        let pointer = (lead as usize - 0xA1) * 94 + (byte as usize - 0xA1);
        let cp = at(JIS0208, pointer);
        if cp != 0 {
            return char1(cp, 2);
        }
    }
    bad_trail(byte)
}

/// `ESC`, which starts every escape sequence of ISO-2022-JP.
pub(crate) const ESC: u8 = 0x1B;

/// The ISO-2022-JP decoder, in `mode`.
#[inline]
pub(crate) const fn iso_2022_jp_seq(b: &[u8], i: usize, mode: Mode) -> Seq {
    let byte = b[i];
    if byte == ESC {
        if i + 1 >= b.len() {
            return Seq::Truncated { len: 1 };
        }
        let lead = b[i + 1];
        if lead != b'$' && lead != b'(' {
            return Seq::Malformed { len: 1 };
        }
        if i + 2 >= b.len() {
            // The standard reads `$` or `(` again, in `mode`.
            return Seq::Truncated { len: 1 };
        }
        let mode = match (lead, b[i + 2]) {
            (b'(', b'B') => Mode::Ascii,
            (b'(', b'J') => Mode::Roman,
            (b'(', b'I') => Mode::Katakana,
            (b'$', b'@' | b'B') => Mode::Jis0208,
            // Both bytes after `ESC` are read again.
            _ => return Seq::Malformed { len: 1 },
        };
        return Seq::Escape { mode };
    }
    match mode {
        Mode::Ascii => {
            if byte < 0x80 && byte != 0x0E && byte != 0x0F {
                char1(byte as u32, 1)
            } else {
                Seq::Malformed { len: 1 }
            }
        }
        Mode::Roman => match byte {
            0x5C => char1(0xA5, 1),
            0x7E => char1(0x203E, 1),
            0x0E | 0x0F | 0x80..=0xFF => Seq::Malformed { len: 1 },
            _ => char1(byte as u32, 1),
        },
        Mode::Katakana => {
            if byte >= 0x21 && byte <= 0x5F {
                char1(0xFF61 - 0x21 + byte as u32, 1)
            } else {
                Seq::Malformed { len: 1 }
            }
        }
        Mode::Jis0208 => {
            if !(byte >= 0x21 && byte <= 0x7E) {
                return Seq::Malformed { len: 1 };
            }
            if i + 1 >= b.len() {
                return Seq::Truncated { len: 1 };
            }
            let trail = b[i + 1];
            if trail == ESC {
                return Seq::Malformed { len: 1 };
            }
            if trail >= 0x21 && trail <= 0x7E {
                let pointer = (byte as usize - 0x21) * 94 + (trail as usize - 0x21);
                let cp = at(JIS0208, pointer);
                if cp != 0 {
                    return char1(cp, 2);
                }
            }
            // Any other trail byte is consumed with the lead.
            Seq::Malformed { len: 2 }
        }
    }
}

/// The Shift_JIS decoder.
#[inline]
pub(crate) const fn shift_jis_seq(b: &[u8], i: usize) -> Seq {
    let lead = b[i];
    if lead <= 0x80 {
        return char1(lead as u32, 1);
    }
    if lead >= 0xA1 && lead <= 0xDF {
        return char1(0xFF61 - 0xA1 + lead as u32, 1);
    }
    if !((lead >= 0x81 && lead <= 0x9F) || (lead >= 0xE0 && lead <= 0xFC)) {
        return Seq::Malformed { len: 1 };
    }
    if i + 1 >= b.len() {
        return truncated(b, i);
    }
    let trail = b[i + 1];
    if (trail >= 0x40 && trail <= 0x7E) || (trail >= 0x80 && trail <= 0xFC) {
        let offset = if trail < 0x7F { 0x40 } else { 0x41 };
        let lead_offset = if lead < 0xA0 { 0x81 } else { 0xC1 };
        let pointer = (lead as usize - lead_offset) * 188 + trail as usize - offset;
        if pointer >= 8836 && pointer <= 10715 {
            // Windows' end-user-defined characters, in the Private Use Area.
            return char1(0xE000 - 8836 + pointer as u32, 2);
        }
        let cp = at(JIS0208, pointer);
        if cp != 0 {
            return char1(cp, 2);
        }
    }
    bad_trail(trail)
}

/// The EUC-KR decoder.
#[inline]
pub(crate) const fn euc_kr_seq(b: &[u8], i: usize) -> Seq {
    let lead = b[i];
    if lead < 0x80 {
        return char1(lead as u32, 1);
    }
    if lead == 0x80 || lead == 0xFF {
        return Seq::Malformed { len: 1 };
    }
    if i + 1 >= b.len() {
        return truncated(b, i);
    }
    let trail = b[i + 1];
    if trail >= 0x41 && trail <= 0xFE {
        let pointer = (lead as usize - 0x81) * 190 + (trail as usize - 0x41);
        let cp = at(EUC_KR, pointer);
        if cp != 0 {
            return char1(cp, 2);
        }
    }
    bad_trail(trail)
}

/// The bytes an encoder writes for one character: `bytes` packed
/// little-endian (the first byte in bits 0..8), `len` of them; `len` 0 if
/// the encoding does not have the character.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Bytes {
    /// The bytes, the first in the low bits.
    pub(crate) bytes: u64,
    /// How many (0 to 5).
    pub(crate) len: usize,
}

/// Nothing: a character the encoding does not have.
pub(crate) const UNENCODABLE: Bytes = Bytes { bytes: 0, len: 0 };

/// Two bytes.
#[inline]
const fn two(first: u32, second: u32) -> Bytes {
    Bytes {
        bytes: (first | second << 8) as u64,
        len: 2,
    }
}

/// The code points of the gb18030 encoder's own table (GB18030-2005's
/// mappings of Private Use code points, kept for compatibility) and their
/// two bytes, from the standard's gb18030 encoder.
const GB18030_PUA: [(u32, u8, u8); 18] = [
    (0xE78D, 0xA6, 0xD9),
    (0xE78E, 0xA6, 0xDA),
    (0xE78F, 0xA6, 0xDB),
    (0xE790, 0xA6, 0xDC),
    (0xE791, 0xA6, 0xDD),
    (0xE792, 0xA6, 0xDE),
    (0xE793, 0xA6, 0xDF),
    (0xE794, 0xA6, 0xEC),
    (0xE795, 0xA6, 0xED),
    (0xE796, 0xA6, 0xF3),
    (0xE81E, 0xFE, 0x59),
    (0xE826, 0xFE, 0x61),
    (0xE82B, 0xFE, 0x66),
    (0xE82C, 0xFE, 0x67),
    (0xE832, 0xFE, 0x6D),
    (0xE843, 0xFE, 0x7E),
    (0xE854, 0xFE, 0x90),
    (0xE864, 0xFE, 0xA0),
];

/// The encoder's step for `cp` (a scalar value) in `enc`, which is not
/// ISO-2022-JP.
#[inline]
pub(crate) const fn encode_char(enc: Cjk, cp: u32) -> Bytes {
    if cp < 0x80 {
        return Bytes {
            bytes: cp as u64,
            len: 1,
        };
    }
    match enc {
        Cjk::Gbk => gb18030_char(cp, true),
        Cjk::Gb18030 => gb18030_char(cp, false),
        Cjk::Big5 => match BIG5_POINTERS.get(cp) {
            Some(pointer) => {
                let pointer = pointer as u32;
                let trail = pointer % 157;
                let offset = if trail < 0x3F { 0x40 } else { 0x62 };
                two(pointer / 157 + 0x81, trail + offset)
            }
            None => UNENCODABLE,
        },
        Cjk::EucJp => euc_jp_char(cp),
        // Not called for ISO-2022-JP (`encode_char_iso_2022_jp`).
        Cjk::Iso2022Jp => UNENCODABLE,
        Cjk::ShiftJis => shift_jis_char(cp),
        Cjk::EucKr => match EUC_KR_POINTERS.get(cp) {
            Some(pointer) => {
                let pointer = pointer as u32;
                two(pointer / 190 + 0x81, pointer % 190 + 0x41)
            }
            None => UNENCODABLE,
        },
    }
}

/// The gb18030 encoder (`gbk`: GBK's), for a non-ASCII `cp`.
#[inline]
const fn gb18030_char(cp: u32, gbk: bool) -> Bytes {
    if cp == 0xE5E5 {
        // Index gb18030 maps its bytes to U+3000.
        return UNENCODABLE;
    }
    if gbk && cp == 0x20AC {
        return Bytes {
            bytes: 0x80,
            len: 1,
        };
    }
    if cp >= 0xE78D && cp <= 0xE864 {
        let mut k = 0;
        while k < GB18030_PUA.len() {
            let (pua, first, second) = GB18030_PUA[k];
            if pua == cp {
                return two(first as u32, second as u32);
            }
            k += 1;
        }
    }
    if let Some(pointer) = GB18030_POINTERS.get(cp) {
        let pointer = pointer as u32;
        let trail = pointer % 190;
        let offset = if trail < 0x3F { 0x40 } else { 0x41 };
        return two(pointer / 190 + 0x81, trail + offset);
    }
    if gbk {
        return UNENCODABLE;
    }
    let mut pointer = gb18030_ranges_pointer(cp);
    let byte1 = pointer / (10 * 126 * 10);
    pointer %= 10 * 126 * 10;
    let byte2 = pointer / (10 * 126);
    pointer %= 10 * 126;
    let byte3 = pointer / 10;
    let byte4 = pointer % 10;
    Bytes {
        bytes: ((byte1 + 0x81) | (byte2 + 0x30) << 8 | (byte3 + 0x81) << 16 | (byte4 + 0x30) << 24)
            as u64,
        len: 4,
    }
}

/// The index pointer of `cp` in index jis0208 as the EUC-JP and
/// ISO-2022-JP encoders look it up (U+2212 as U+FF0D).
#[inline]
const fn jis0208_pointer(cp: u32) -> Option<u32> {
    let cp = if cp == 0x2212 { 0xFF0D } else { cp };
    match JIS0208_POINTERS.get(cp) {
        Some(pointer) => Some(pointer as u32),
        None => None,
    }
}

/// The EUC-JP encoder, for a non-ASCII `cp`.
#[inline]
const fn euc_jp_char(cp: u32) -> Bytes {
    if cp == 0xA5 {
        return Bytes {
            bytes: 0x5C,
            len: 1,
        };
    }
    if cp == 0x203E {
        return Bytes {
            bytes: 0x7E,
            len: 1,
        };
    }
    if cp >= 0xFF61 && cp <= 0xFF9F {
        return two(0x8E, cp - 0xFF61 + 0xA1);
    }
    match jis0208_pointer(cp) {
        Some(pointer) => two(pointer / 94 + 0xA1, pointer % 94 + 0xA1),
        None => UNENCODABLE,
    }
}

/// The Shift_JIS encoder, for a non-ASCII `cp`.
#[inline]
const fn shift_jis_char(cp: u32) -> Bytes {
    if cp == 0x80 {
        return Bytes {
            bytes: 0x80,
            len: 1,
        };
    }
    if cp == 0xA5 {
        return Bytes {
            bytes: 0x5C,
            len: 1,
        };
    }
    if cp == 0x203E {
        return Bytes {
            bytes: 0x7E,
            len: 1,
        };
    }
    if cp >= 0xFF61 && cp <= 0xFF9F {
        return Bytes {
            bytes: (cp - 0xFF61 + 0xA1) as u64,
            len: 1,
        };
    }
    let Some(mut pointer) = jis0208_pointer(cp) else {
        return UNENCODABLE;
    };
    if pointer >= 8272 && pointer <= 8835 {
        // The index Shift_JIS pointer skips NEC's copies of IBM's
        // extensions for the IBM originals.
        pointer = SHIFT_JIS_POINTERS[pointer as usize - 8272] as u32;
    }
    let lead = pointer / 188;
    let lead_offset = if lead < 0x1F { 0x81 } else { 0xC1 };
    let trail = pointer % 188;
    let offset = if trail < 0x3F { 0x40 } else { 0x41 };
    two(lead + lead_offset, trail + offset)
}

/// The escape sequence ISO-2022-JP's encoder ends with when it is not in
/// ASCII mode: `ESC ( B`.
pub(crate) const ISO_2022_JP_END: Bytes = Bytes {
    bytes: 0x42_28_1B,
    len: 3,
};

/// The ISO-2022-JP encoder's step for `cp` in `mode`: the bytes (an escape
/// sequence into the mode the character needs, then the character: up to
/// five bytes) and the mode after. `U+000E`, `U+000F` and `U+001B`, which
/// would change the meaning of what follows, cannot be encoded.
#[inline]
pub(crate) const fn encode_char_iso_2022_jp(cp: u32, mode: Mode) -> (Bytes, Mode) {
    if cp == 0x0E || cp == 0x0F || cp == ESC as u32 {
        return (UNENCODABLE, mode);
    }
    if cp < 0x80 {
        if matches!(mode, Mode::Ascii) || (matches!(mode, Mode::Roman) && cp != 0x5C && cp != 0x7E)
        {
            return (
                Bytes {
                    bytes: cp as u64,
                    len: 1,
                },
                mode,
            );
        }
        return (
            Bytes {
                bytes: ISO_2022_JP_END.bytes | (cp as u64) << 24,
                len: 4,
            },
            Mode::Ascii,
        );
    }
    if cp == 0xA5 || cp == 0x203E {
        let byte = if cp == 0xA5 { 0x5C } else { 0x7E };
        if matches!(mode, Mode::Roman) {
            return (
                Bytes {
                    bytes: byte,
                    len: 1,
                },
                mode,
            );
        }
        // `ESC ( J`, then the byte.
        return (
            Bytes {
                bytes: 0x4A_28_1B | byte << 24,
                len: 4,
            },
            Mode::Roman,
        );
    }
    let cp = if cp >= 0xFF61 && cp <= 0xFF9F {
        ISO_2022_JP_KATAKANA[(cp - 0xFF61) as usize] as u32
    } else {
        cp
    };
    let Some(pointer) = jis0208_pointer(cp) else {
        return (UNENCODABLE, mode);
    };
    let pair = (pointer / 94 + 0x21) | (pointer % 94 + 0x21) << 8;
    if matches!(mode, Mode::Jis0208) {
        return (
            Bytes {
                bytes: pair as u64,
                len: 2,
            },
            mode,
        );
    }
    // `ESC $ B`, then the pair.
    (
        Bytes {
            bytes: 0x42_24_1B | (pair as u64) << 24,
            len: 5,
        },
        Mode::Jis0208,
    )
}
