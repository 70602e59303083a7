//! The multi-byte encodings (`crate::rules::cjk`) in the `const` engine.
//!
//! Two sets of loops, each in two passes (a length pass that checks the
//! whole input, then a fill pass into a buffer known to be big enough, so
//! that `out` is untouched on any error):
//!
//! - the **reference loops** (`reference_*`), one sequence or character at
//!   a time through `decode_seq` and `encode_char`, which the hidden
//!   `crate::__reference` exposes and the const evaluator runs for
//!   `encode_array` and `const_encode!`;
//! - the **const fast paths** (`encoded_len`, `encode_into`, `decoded_len`,
//!   `decode_into`), which every `const fn` of the API runs: the same steps,
//!   with runs of ASCII taken eight bytes at a time, each loop
//!   monomorphised per encoding (a `const` parameter) so that the step of
//!   one encoding is all that is left of the `match` on it.
//!
//! ISO-2022-JP carries its mode from one sequence to the next, and the
//! standard's "output" flag (whether the last sequence was an escape
//! sequence: two in a row are an error); the other encodings start every
//! sequence afresh. Neither the length passes nor the fill passes of the
//! encoders can overflow: they add through `limits::add_len`, which
//! saturates, since ISO-2022-JP writes up to four bytes per byte of UTF-8.

use super::words::{HI, LO, load8, store8, zero_bytes};
use crate::error::{DecodeError, EncodeError};
use crate::limits;
use crate::rules::cjk::{
    Bytes, Cjk, ISO_2022_JP_END, Mode, Seq, decode_seq, encode_char, encode_char_iso_2022_jp,
    encoding,
};
use crate::scalar;

// The `const` parameter of the monomorphised loops: one per encoding.
const GBK: u8 = 0;
const GB18030: u8 = 1;
const BIG5: u8 = 2;
const EUC_JP: u8 = 3;
const ISO_2022_JP: u8 = 4;
const SHIFT_JIS: u8 = 5;
const EUC_KR: u8 = 6;

/// The encoding of a loop's `const` parameter.
#[inline(always)]
const fn cjk(id: u8) -> Cjk {
    match id {
        GBK => Cjk::Gbk,
        GB18030 => Cjk::Gb18030,
        BIG5 => Cjk::Big5,
        EUC_JP => Cjk::EucJp,
        ISO_2022_JP => Cjk::Iso2022Jp,
        SHIFT_JIS => Cjk::ShiftJis,
        _ => Cjk::EucKr,
    }
}

/// The encoder's step for `cp` in `mode` (which only ISO-2022-JP changes).
#[inline(always)]
pub(crate) const fn encode_step(c: Cjk, cp: u32, mode: Mode) -> (Bytes, Mode) {
    if let Cjk::Iso2022Jp = c {
        encode_char_iso_2022_jp(cp, mode)
    } else {
        (encode_char(c, cp), mode)
    }
}

/// Writes `w` at `out[at..]` (which has room); returns the new cursor.
#[inline(always)]
pub(crate) const fn put(out: &mut [u8], at: usize, w: Bytes) -> usize {
    let mut k = 0;
    while k < w.len {
        out[at + k] = (w.bytes >> (8 * k)) as u8;
        k += 1;
    }
    at + w.len
}

#[cold]
#[inline]
const fn unencodable(c: Cjk, i: usize, cp: u32) -> EncodeError {
    EncodeError::Unencodable {
        encoding: encoding(c),
        offset: i,
        ch: scalar::to_char(cp),
    }
}

/// The UTF-8 length of what a `Seq::Char` decodes to.
#[inline(always)]
const fn chars_len(cp: u32, cp2: u32) -> usize {
    scalar::utf8_len(cp) + if cp2 == 0 { 0 } else { scalar::utf8_len(cp2) }
}

// ---------------------------------------------------------------------------
// The reference loops.

/// The reference of [`Encoding::encoded_len`](crate::Encoding::encoded_len).
#[inline]
pub(crate) const fn reference_encoded_len(c: Cjk, text: &str) -> Result<usize, EncodeError> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut n: usize = 0;
    let mut mode = Mode::Ascii;
    while i < b.len() {
        let (cp, len) = scalar::next_char(b, i);
        let (w, next) = encode_step(c, cp, mode);
        if w.len == 0 {
            return Err(unencodable(c, i, cp));
        }
        n = limits::add_len(n, w.len);
        mode = next;
        i += len;
    }
    if !matches!(mode, Mode::Ascii) {
        n = limits::add_len(n, ISO_2022_JP_END.len);
    }
    Ok(n)
}

/// The reference of [`Encoding::encode_into`](crate::Encoding::encode_into).
#[inline]
pub(crate) const fn reference_encode_into(
    c: Cjk,
    text: &str,
    out: &mut [u8],
) -> Result<usize, EncodeError> {
    let needed = match reference_encoded_len(c, text) {
        Ok(n) => n,
        Err(e) => return Err(e),
    };
    if needed > out.len() {
        return Err(EncodeError::OutputTooSmall {
            needed,
            available: out.len(),
        });
    }
    let b = text.as_bytes();
    let mut i = 0;
    let mut at = 0;
    let mut mode = Mode::Ascii;
    while i < b.len() {
        let (cp, len) = scalar::next_char(b, i);
        let (w, next) = encode_step(c, cp, mode);
        at = put(out, at, w);
        mode = next;
        i += len;
    }
    if !matches!(mode, Mode::Ascii) {
        at = put(out, at, ISO_2022_JP_END);
    }
    Ok(at)
}

/// The reference of [`Encoding::decoded_len`](crate::Encoding::decoded_len).
#[inline]
pub(crate) const fn reference_decoded_len(c: Cjk, b: &[u8]) -> Result<usize, DecodeError> {
    let enc = encoding(c);
    let mut i = 0;
    let mut n: usize = 0;
    let mut mode = Mode::Ascii;
    // The standard's ISO-2022-JP "output" flag: the last sequence was an
    // escape sequence.
    let mut escaped = false;
    while i < b.len() {
        match decode_seq(c, b, i, mode) {
            Seq::Char { cp, cp2, len } => {
                n = limits::add_len(n, chars_len(cp, cp2));
                i += len;
                escaped = false;
            }
            Seq::Escape { mode: next } => {
                if escaped {
                    // Nothing decoded in the mode of the last escape
                    // sequence: that one is the error (as `encoding_rs` has it).
                    return Err(DecodeError::malformed(enc, i - 3, 3));
                }
                mode = next;
                escaped = true;
                i += 3;
            }
            Seq::Malformed { len } => return Err(DecodeError::malformed(enc, i, len)),
            Seq::Truncated { .. } => return Err(DecodeError::truncated(enc, i)),
        }
    }
    Ok(n)
}

/// The reference of [`Encoding::decode_into`](crate::Encoding::decode_into).
#[inline]
pub(crate) const fn reference_decode_into(
    c: Cjk,
    b: &[u8],
    out: &mut [u8],
) -> Result<usize, DecodeError> {
    let needed = match reference_decoded_len(c, b) {
        Ok(n) => n,
        Err(e) => return Err(e),
    };
    if needed > out.len() {
        return Err(DecodeError::output_too_small(
            encoding(c),
            b.len(),
            needed,
            out.len(),
        ));
    }
    let mut i = 0;
    let mut at = 0;
    let mut mode = Mode::Ascii;
    while i < b.len() {
        match decode_seq(c, b, i, mode) {
            Seq::Char { cp, cp2, len } => {
                at = scalar::write_utf8(out, at, cp);
                if cp2 != 0 {
                    at = scalar::write_utf8(out, at, cp2);
                }
                i += len;
            }
            Seq::Escape { mode: next } => {
                mode = next;
                i += 3;
            }
            // Unreachable: the length pass accepted every sequence.
            Seq::Malformed { .. } | Seq::Truncated { .. } => break,
        }
    }
    Ok(at)
}

// ---------------------------------------------------------------------------
// The const fast paths.

/// Whether the word `w` of ASCII holds one of the bytes ISO-2022-JP gives a
/// meaning of its own even in ASCII mode: `ESC`, and the shifts `0E`, `0F`.
#[inline(always)]
const fn iso_2022_jp_controls(w: u64) -> bool {
    (zero_bytes(w ^ (0x1B * LO)) | zero_bytes(w ^ (0x0E * LO)) | zero_bytes(w ^ (0x0F * LO))) != 0
}

/// Whether eight bytes at `b[i..]` are ASCII that decodes to itself.
#[inline(always)]
const fn ascii_word<const E: u8>(b: &[u8], i: usize, mode: Mode) -> bool {
    if i + 8 > b.len() {
        return false;
    }
    let w = load8(b, i);
    if w & HI != 0 {
        return false;
    }
    if E == ISO_2022_JP {
        matches!(mode, Mode::Ascii) && !iso_2022_jp_controls(w)
    } else {
        true
    }
}

/// The length pass of decoding, for the encoding of `E`.
const fn decoded_len_of<const E: u8>(b: &[u8]) -> Result<usize, DecodeError> {
    let c = cjk(E);
    let mut i = 0;
    let mut n: usize = 0;
    let mut mode = Mode::Ascii;
    let mut escaped = false;
    while i < b.len() {
        if ascii_word::<E>(b, i, mode) {
            i += 8;
            n = limits::add_len(n, 8);
            escaped = false;
            continue;
        }
        match decode_seq(c, b, i, mode) {
            Seq::Char { cp, cp2, len } => {
                n = limits::add_len(n, chars_len(cp, cp2));
                i += len;
                escaped = false;
            }
            Seq::Escape { mode: next } => {
                if escaped {
                    return Err(DecodeError::malformed(encoding(c), i - 3, 3));
                }
                mode = next;
                escaped = true;
                i += 3;
            }
            Seq::Malformed { len } => return Err(DecodeError::malformed(encoding(c), i, len)),
            Seq::Truncated { .. } => return Err(DecodeError::truncated(encoding(c), i)),
        }
    }
    Ok(n)
}

/// The fill pass of decoding input the length pass accepted into `out`,
/// which holds the output.
const fn decode_fill<const E: u8>(b: &[u8], out: &mut [u8]) -> usize {
    let c = cjk(E);
    let mut i = 0;
    let mut at = 0;
    let mut mode = Mode::Ascii;
    while i < b.len() {
        if at + 8 <= out.len() && ascii_word::<E>(b, i, mode) {
            store8(out, at, load8(b, i));
            i += 8;
            at += 8;
            continue;
        }
        match decode_seq(c, b, i, mode) {
            Seq::Char { cp, cp2, len } => {
                at = scalar::write_utf8(out, at, cp);
                if cp2 != 0 {
                    at = scalar::write_utf8(out, at, cp2);
                }
                i += len;
            }
            Seq::Escape { mode: next } => {
                mode = next;
                i += 3;
            }
            Seq::Malformed { .. } | Seq::Truncated { .. } => break,
        }
    }
    at
}

/// Decoding into `out`: both passes.
const fn decode_into_of<const E: u8>(b: &[u8], out: &mut [u8]) -> Result<usize, DecodeError> {
    let needed = match decoded_len_of::<E>(b) {
        Ok(n) => n,
        Err(e) => return Err(e),
    };
    if needed > out.len() {
        return Err(DecodeError::output_too_small(
            encoding(cjk(E)),
            b.len(),
            needed,
            out.len(),
        ));
    }
    Ok(decode_fill::<E>(b, out))
}

/// The length pass of encoding, for the encoding of `E`.
const fn encoded_len_of<const E: u8>(text: &str) -> Result<usize, EncodeError> {
    let c = cjk(E);
    let b = text.as_bytes();
    let mut i = 0;
    let mut n: usize = 0;
    let mut mode = Mode::Ascii;
    while i < b.len() {
        if ascii_word::<E>(b, i, mode) {
            i += 8;
            n = limits::add_len(n, 8);
            continue;
        }
        let (cp, len) = scalar::next_char(b, i);
        let (w, next) = encode_step(c, cp, mode);
        if w.len == 0 {
            return Err(unencodable(c, i, cp));
        }
        n = limits::add_len(n, w.len);
        mode = next;
        i += len;
    }
    if !matches!(mode, Mode::Ascii) {
        n = limits::add_len(n, ISO_2022_JP_END.len);
    }
    Ok(n)
}

/// The fill pass of encoding text the length pass accepted into `out`,
/// which holds the output.
const fn encode_fill<const E: u8>(text: &str, out: &mut [u8]) -> usize {
    let c = cjk(E);
    let b = text.as_bytes();
    let mut i = 0;
    let mut at = 0;
    let mut mode = Mode::Ascii;
    while i < b.len() {
        if at + 8 <= out.len() && ascii_word::<E>(b, i, mode) {
            store8(out, at, load8(b, i));
            i += 8;
            at += 8;
            continue;
        }
        let (cp, len) = scalar::next_char(b, i);
        let (w, next) = encode_step(c, cp, mode);
        at = put(out, at, w);
        mode = next;
        i += len;
    }
    if !matches!(mode, Mode::Ascii) {
        at = put(out, at, ISO_2022_JP_END);
    }
    at
}

/// Encoding into `out`: both passes.
const fn encode_into_of<const E: u8>(text: &str, out: &mut [u8]) -> Result<usize, EncodeError> {
    let needed = match encoded_len_of::<E>(text) {
        Ok(n) => n,
        Err(e) => return Err(e),
    };
    if needed > out.len() {
        return Err(EncodeError::OutputTooSmall {
            needed,
            available: out.len(),
        });
    }
    Ok(encode_fill::<E>(text, out))
}

/// Calls `$f::<E>($args)` with the `E` of `$c`.
macro_rules! per_encoding {
    ($c:expr, $f:ident($($arg:expr),*)) => {
        match $c {
            Cjk::Gbk => $f::<GBK>($($arg),*),
            Cjk::Gb18030 => $f::<GB18030>($($arg),*),
            Cjk::Big5 => $f::<BIG5>($($arg),*),
            Cjk::EucJp => $f::<EUC_JP>($($arg),*),
            Cjk::Iso2022Jp => $f::<ISO_2022_JP>($($arg),*),
            Cjk::ShiftJis => $f::<SHIFT_JIS>($($arg),*),
            Cjk::EucKr => $f::<EUC_KR>($($arg),*),
        }
    };
}

/// See [`Encoding::encoded_len`](crate::Encoding::encoded_len).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) const fn encoded_len(c: Cjk, text: &str) -> Result<usize, EncodeError> {
    per_encoding!(c, encoded_len_of(text))
}

/// See [`Encoding::encode_into`](crate::Encoding::encode_into).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) const fn encode_into(c: Cjk, text: &str, out: &mut [u8]) -> Result<usize, EncodeError> {
    per_encoding!(c, encode_into_of(text, out))
}

/// See [`Encoding::decoded_len`](crate::Encoding::decoded_len).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) const fn decoded_len(c: Cjk, b: &[u8]) -> Result<usize, DecodeError> {
    per_encoding!(c, decoded_len_of(b))
}

/// See [`Encoding::decode_into`](crate::Encoding::decode_into).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) const fn decode_into(c: Cjk, b: &[u8], out: &mut [u8]) -> Result<usize, DecodeError> {
    per_encoding!(c, decode_into_of(b, out))
}
