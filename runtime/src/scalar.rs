//! Cursor functions shared by the codecs: read one scalar value from valid
//! UTF-8, read one sequence from untrusted bytes (Unicode Table 3-7), and
//! write one scalar value as UTF-8. All `const fn`; each call looks at one
//! sequence, and the loops of `codec.rs` drive them.

/// The outcome of reading one sequence from untrusted input.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Step {
    /// A well-formed sequence of `len` input units encoding `cp`.
    Char { cp: u32, len: usize },
    /// The maximal subpart of an ill-formed sequence is `len` units long.
    Malformed(usize),
    /// The input ends inside a sequence.
    Truncated,
}

/// Reads the scalar value that starts at byte `i` of `b`, which must be valid
/// UTF-8 with `i` on a character boundary (the bytes of a `&str`).
#[inline]
pub(crate) const fn next_char(b: &[u8], i: usize) -> (u32, usize) {
    let b0 = b[i];
    if b0 < 0x80 {
        (b0 as u32, 1)
    } else if b0 < 0xE0 {
        ((((b0 & 0x1F) as u32) << 6) | (b[i + 1] & 0x3F) as u32, 2)
    } else if b0 < 0xF0 {
        (
            (((b0 & 0x0F) as u32) << 12)
                | (((b[i + 1] & 0x3F) as u32) << 6)
                | (b[i + 2] & 0x3F) as u32,
            3,
        )
    } else {
        (
            (((b0 & 0x07) as u32) << 18)
                | (((b[i + 1] & 0x3F) as u32) << 12)
                | (((b[i + 2] & 0x3F) as u32) << 6)
                | (b[i + 3] & 0x3F) as u32,
            4,
        )
    }
}

/// The number of UTF-8 bytes of a scalar value (or of a surrogate code
/// point, which takes three like its neighbours).
#[inline]
pub(crate) const fn utf8_len(cp: u32) -> usize {
    if cp < 0x80 {
        1
    } else if cp < 0x800 {
        2
    } else if cp < 0x1_0000 {
        3
    } else {
        4
    }
}

/// Writes `cp` as UTF-8 (surrogate code points as generalized UTF-8) at
/// `out[at..]`, which the caller has sized; returns the new cursor.
#[inline]
pub(crate) const fn write_utf8(out: &mut [u8], at: usize, cp: u32) -> usize {
    if cp < 0x80 {
        out[at] = cp as u8;
        at + 1
    } else if cp < 0x800 {
        out[at] = 0xC0 | (cp >> 6) as u8;
        out[at + 1] = 0x80 | (cp & 0x3F) as u8;
        at + 2
    } else if cp < 0x1_0000 {
        out[at] = 0xE0 | (cp >> 12) as u8;
        out[at + 1] = 0x80 | ((cp >> 6) & 0x3F) as u8;
        out[at + 2] = 0x80 | (cp & 0x3F) as u8;
        at + 3
    } else {
        out[at] = 0xF0 | (cp >> 18) as u8;
        out[at + 1] = 0x80 | ((cp >> 12) & 0x3F) as u8;
        out[at + 2] = 0x80 | ((cp >> 6) & 0x3F) as u8;
        out[at + 3] = 0x80 | (cp & 0x3F) as u8;
        at + 4
    }
}

/// Whether `b` is a continuation byte within `lo..=hi`.
#[inline]
const fn in_range(b: u8, lo: u8, hi: u8) -> bool {
    b >= lo && b <= hi
}

/// Reads one sequence of the UTF-8 family at byte `i` of `b` (`i < b.len()`),
/// by Unicode Table 3-7, reporting ill-formed input as its maximal subpart
/// (the longest prefix of a well-formed sequence, or one byte).
///
/// `surrogates`: accept `ED A0..BF xx` as a 3-byte surrogate code point (the
/// CESU-8 family's building block). `four_byte`: accept `F0..F4` leads;
/// without it they are ill-formed single bytes.
#[inline]
pub(crate) const fn utf8_family_step(
    b: &[u8],
    i: usize,
    surrogates: bool,
    four_byte: bool,
) -> Step {
    let b0 = b[i];
    if b0 < 0x80 {
        return Step::Char {
            cp: b0 as u32,
            len: 1,
        };
    }
    // The allowed range of the second byte, and the sequence length, by lead.
    let (lo, hi, len) = match b0 {
        0xC2..=0xDF => (0x80, 0xBF, 2),
        0xE0 => (0xA0, 0xBF, 3),
        0xE1..=0xEC | 0xEE..=0xEF => (0x80, 0xBF, 3),
        0xED => (0x80, if surrogates { 0xBF } else { 0x9F }, 3),
        0xF0 if four_byte => (0x90, 0xBF, 4),
        0xF1..=0xF3 if four_byte => (0x80, 0xBF, 4),
        0xF4 if four_byte => (0x80, 0x8F, 4),
        _ => return Step::Malformed(1),
    };
    if i + 1 >= b.len() {
        return Step::Truncated;
    }
    if !in_range(b[i + 1], lo, hi) {
        return Step::Malformed(1);
    }
    let mut k = 2;
    while k < len {
        if i + k >= b.len() {
            return Step::Truncated;
        }
        if !in_range(b[i + k], 0x80, 0xBF) {
            return Step::Malformed(k);
        }
        k += 1;
    }
    let cp = match len {
        2 => (((b0 & 0x1F) as u32) << 6) | (b[i + 1] & 0x3F) as u32,
        3 => {
            (((b0 & 0x0F) as u32) << 12)
                | (((b[i + 1] & 0x3F) as u32) << 6)
                | (b[i + 2] & 0x3F) as u32
        }
        _ => {
            (((b0 & 0x07) as u32) << 18)
                | (((b[i + 1] & 0x3F) as u32) << 12)
                | (((b[i + 2] & 0x3F) as u32) << 6)
                | (b[i + 3] & 0x3F) as u32
        }
    };
    Step::Char { cp, len }
}

/// Whether `cp` is a high (leading) surrogate.
#[inline]
pub(crate) const fn is_high_surrogate(cp: u32) -> bool {
    cp >= 0xD800 && cp <= 0xDBFF
}

/// Whether `cp` is a low (trailing) surrogate.
#[inline]
pub(crate) const fn is_low_surrogate(cp: u32) -> bool {
    cp >= 0xDC00 && cp <= 0xDFFF
}

/// The scalar value of a surrogate pair.
#[inline]
pub(crate) const fn combine_surrogates(high: u32, low: u32) -> u32 {
    0x1_0000 + ((high - 0xD800) << 10) + (low - 0xDC00)
}

/// The surrogate pair of a supplementary scalar value.
#[inline]
pub(crate) const fn split_surrogates(cp: u32) -> (u32, u32) {
    let v = cp - 0x1_0000;
    (0xD800 + (v >> 10), 0xDC00 + (v & 0x3FF))
}

/// The `char` of a value that the caller has checked to be a scalar value.
#[inline]
pub(crate) const fn to_char(cp: u32) -> char {
    match char::from_u32(cp) {
        Some(c) => c,
        None => char::REPLACEMENT_CHARACTER,
    }
}
