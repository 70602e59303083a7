//! GSM 03.38, the 7-bit default alphabet of SMS (3GPP TS 23.038 §6.2.1)
//! and its extension table (§6.2.1.1), one septet per byte.
//!
//! A character of the default table is one byte `00..=7F` (`1B` excepted);
//! a character of the extension table is two, `1B` (escape) and its code.
//! What the codec does with an escape that is not followed by a code of
//! the extension table:
//!
//! - `1B` then a byte the extension table leaves empty (`1B` itself
//!   included): strict decoding reports an error of one byte at the escape,
//!   and the byte after it is read again as a character of its own. The
//!   standard tells a receiver to show the default table's character for
//!   such a code, and that is what lossy decoding writes, without a U+FFFD
//!   (for `1B 1B`, which the standard reserves and shows as a space, lossy
//!   decoding writes a space and goes on after both bytes).
//! - `1B` at the end of the input: truncated (more input may complete it;
//!   a streaming decoder waits for it).
//! - A byte `80..=FF` is not a septet: an error of one byte.

/// The escape to the extension table.
pub(crate) const ESC: u8 = 0x1B;

/// The default alphabet, septet to scalar value (TS 23.038 §6.2.1; `1B`,
/// the escape, as 0).
pub(crate) const DEFAULT: [u16; 128] = [
    0x0040, 0x00A3, 0x0024, 0x00A5, 0x00E8, 0x00E9, 0x00F9, 0x00EC, //
    0x00F2, 0x00C7, 0x000A, 0x00D8, 0x00F8, 0x000D, 0x00C5, 0x00E5, //
    0x0394, 0x005F, 0x03A6, 0x0393, 0x039B, 0x03A9, 0x03A0, 0x03A8, //
    0x03A3, 0x0398, 0x039E, 0x0000, 0x00C6, 0x00E6, 0x00DF, 0x00C9, //
    0x0020, 0x0021, 0x0022, 0x0023, 0x00A4, 0x0025, 0x0026, 0x0027, //
    0x0028, 0x0029, 0x002A, 0x002B, 0x002C, 0x002D, 0x002E, 0x002F, //
    0x0030, 0x0031, 0x0032, 0x0033, 0x0034, 0x0035, 0x0036, 0x0037, //
    0x0038, 0x0039, 0x003A, 0x003B, 0x003C, 0x003D, 0x003E, 0x003F, //
    0x00A1, 0x0041, 0x0042, 0x0043, 0x0044, 0x0045, 0x0046, 0x0047, //
    0x0048, 0x0049, 0x004A, 0x004B, 0x004C, 0x004D, 0x004E, 0x004F, //
    0x0050, 0x0051, 0x0052, 0x0053, 0x0054, 0x0055, 0x0056, 0x0057, //
    0x0058, 0x0059, 0x005A, 0x00C4, 0x00D6, 0x00D1, 0x00DC, 0x00A7, //
    0x00BF, 0x0061, 0x0062, 0x0063, 0x0064, 0x0065, 0x0066, 0x0067, //
    0x0068, 0x0069, 0x006A, 0x006B, 0x006C, 0x006D, 0x006E, 0x006F, //
    0x0070, 0x0071, 0x0072, 0x0073, 0x0074, 0x0075, 0x0076, 0x0077, //
    0x0078, 0x0079, 0x007A, 0x00E4, 0x00F6, 0x00F1, 0x00FC, 0x00E0, //
];

/// The character the extension table gives the code after an escape
/// (TS 23.038 §6.2.1.1), if any.
#[inline]
pub(crate) const fn extension(code: u8) -> Option<char> {
    Some(match code {
        0x0A => '\x0C',
        0x14 => '^',
        0x28 => '{',
        0x29 => '}',
        0x2F => '\\',
        0x3C => '[',
        0x3D => '~',
        0x3E => ']',
        0x40 => '|',
        0x65 => '€',
        _ => return None,
    })
}

/// The character of a septet of the default table (`None` for the escape
/// and for bytes above `7F`).
#[inline]
pub(crate) const fn default_char(byte: u8) -> Option<char> {
    if byte >= 0x80 || byte == ESC {
        return None;
    }
    char::from_u32(DEFAULT[byte as usize] as u32)
}

/// The septets of `cp`: `(first, second)`, where `second` is `None` for a
/// character of the default table and `first` is then its septet; for one
/// of the extension table `first` is the escape. `None` if GSM 03.38 has
/// no code for `cp`.
#[inline]
pub(crate) const fn encode(cp: u32) -> Option<(u8, Option<u8>)> {
    let ext = match cp {
        0x0C => 0x0A,
        0x5E => 0x14,
        0x7B => 0x28,
        0x7D => 0x29,
        0x5C => 0x2F,
        0x5B => 0x3C,
        0x7E => 0x3D,
        0x5D => 0x3E,
        0x7C => 0x40,
        0x20AC => 0x65,
        _ => 0,
    };
    if ext != 0 {
        return Some((ESC, Some(ext)));
    }
    let single = match cp {
        // The printable ASCII characters that are their own septet.
        0x20..=0x23 | 0x25..=0x3F | 0x41..=0x5A | 0x61..=0x7A | 0x0A | 0x0D => cp as u8,
        0x40 => 0x00,
        0xA3 => 0x01,
        0x24 => 0x02,
        0xA5 => 0x03,
        0xE8 => 0x04,
        0xE9 => 0x05,
        0xF9 => 0x06,
        0xEC => 0x07,
        0xF2 => 0x08,
        0xC7 => 0x09,
        0xD8 => 0x0B,
        0xF8 => 0x0C,
        0xC5 => 0x0E,
        0xE5 => 0x0F,
        0x394 => 0x10,
        0x5F => 0x11,
        0x3A6 => 0x12,
        0x393 => 0x13,
        0x39B => 0x14,
        0x3A9 => 0x15,
        0x3A0 => 0x16,
        0x3A8 => 0x17,
        0x3A3 => 0x18,
        0x398 => 0x19,
        0x39E => 0x1A,
        0xC6 => 0x1C,
        0xE6 => 0x1D,
        0xDF => 0x1E,
        0xC9 => 0x1F,
        0xA4 => 0x24,
        0xA1 => 0x40,
        0xC4 => 0x5B,
        0xD6 => 0x5C,
        0xD1 => 0x5D,
        0xDC => 0x5E,
        0xA7 => 0x5F,
        0xBF => 0x60,
        0xE4 => 0x7B,
        0xF6 => 0x7C,
        0xF1 => 0x7D,
        0xFC => 0x7E,
        0xE0 => 0x7F,
        _ => return None,
    };
    Some((single, None))
}

/// Bytes `cp` takes, or 0 if GSM 03.38 has no code for it.
#[inline]
pub(crate) const fn char_len(cp: u32) -> usize {
    match encode(cp) {
        Some((_, None)) => 1,
        Some((_, Some(_))) => 2,
        None => 0,
    }
}

/// Writes `cp` (known to be encodable) at `out[at..]`.
#[inline]
pub(crate) const fn write_char(out: &mut [u8], at: usize, cp: u32) -> usize {
    match encode(cp) {
        Some((b, None)) => {
            out[at] = b;
            at + 1
        }
        Some((b, Some(c))) => {
            out[at] = b;
            out[at + 1] = c;
            at + 2
        }
        None => at,
    }
}

/// Reads one character at `bytes[i..]` (strict).
#[inline]
pub(crate) const fn step(bytes: &[u8], i: usize) -> crate::scalar::Step {
    use crate::scalar::Step;
    let b = bytes[i];
    if b == ESC {
        if i + 1 >= bytes.len() {
            return Step::Truncated;
        }
        return match extension(bytes[i + 1]) {
            Some(ch) => Step::Char {
                cp: ch as u32,
                len: 2,
            },
            None => Step::Malformed(1),
        };
    }
    match default_char(b) {
        Some(ch) => Step::Char {
            cp: ch as u32,
            len: 1,
        },
        None => Step::Malformed(1),
    }
}

/// Reads one character at `bytes[i..]` as a receiver displays it (TS
/// 23.038 §6.2.1.1): an escape before a code the extension table leaves
/// empty shows that code's default character, `1B 1B` a space. What is
/// left is an error (a byte above `7F`, or an escape at the end).
#[inline]
pub(crate) const fn lossy_step(bytes: &[u8], i: usize) -> crate::scalar::Step {
    use crate::scalar::Step;
    let step = step(bytes, i);
    if let Step::Malformed(_) = step
        && bytes[i] == ESC
    {
        let next = bytes[i + 1];
        if next == ESC {
            return Step::Char { cp: 0x20, len: 2 };
        }
        if let Some(ch) = default_char(next) {
            return Step::Char {
                cp: ch as u32,
                len: 2,
            };
        }
    }
    step
}

/// How many bytes at the start of `b` mean the same in UTF-8 and in GSM
/// 03.38: the ASCII letters, digits, space, line feed, carriage return
/// and the punctuation both have at the same code.
#[inline]
#[cfg_attr(
    not(feature = "alloc"),
    allow(dead_code, reason = "used by `encode_cow` and `decode_cow` only")
)]
pub(crate) const fn unchanged_len(b: &[u8]) -> usize {
    let mut i = 0;
    while i < b.len() {
        if !matches!(b[i], 0x0A | 0x0D | 0x20..=0x23 | 0x25..=0x3F | 0x41..=0x5A | 0x61..=0x7A) {
            break;
        }
        i += 1;
    }
    i
}
