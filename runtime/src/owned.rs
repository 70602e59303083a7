//! The `alloc` helpers behind every `encode`, `decode`, `encode_cow`,
//! `decode_cow` and `decode_lossy`: a buffer sized once, filled by the
//! run-time twins of [`crate::fast`], or no buffer at all where the input
//! already is the output.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::error::{DecodeError, EncodeError};
use crate::limits::add_len;
#[cfg(feature = "cjk")]
use crate::limits::bound;
use crate::policy::Unmappable;
use crate::rules::{self, Family};
use crate::scalar::{self, Step};
use crate::simd;
use crate::stream::{Encoder, EncoderResult};
use crate::{fast, trusted};

// Buffer sizes add and multiply through `limits` (saturating): a size past
// the address space, which a length pass over gigabytes of input can give
// on a 32-bit target, reaches the allocator as `usize::MAX` and fails there
// as `Vec::with_capacity` does ("capacity overflow"), never wrapped to a
// small buffer.
//
// The helpers take the family as the per-encoding modules pass it, a
// constant: always inlined, so that it folds away and a module links only its
// own encoding's code and tables.

/// Encodes into a new vector. A code page's kernel writes straight into
/// the spare capacity of a vector of the text's length (see
/// `simd::single_byte::encode_vec`). Else the vector is sized at the text's
/// length where no encoding of it can be longer (UTF-8 and the code pages),
/// else exactly, by the fast length pass, and filled by the fast encoder.
#[allow(clippy::inline_always, reason = "a constant family must fold away")]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn encode(f: Family, text: &str) -> Result<Vec<u8>, EncodeError> {
    if let Some(out) = simd::encode_vec(f, text) {
        return Ok(out);
    }
    encode_after(f, text, 0)
}

/// [`encode`] with a policy for the characters the encoding cannot hold:
/// `encode` first, and only if it finds such a character, the streaming
/// encoder from there (from the start for ISO-2022-JP, whose one-shot
/// encoding of a prefix ends with a return to ASCII).
#[inline]
pub(crate) fn encode_with(
    f: Family,
    text: &str,
    policy: Unmappable,
) -> Result<Vec<u8>, EncodeError> {
    let offset = match encode(f, text) {
        Err(EncodeError::Unencodable { offset, .. }) if policy != Unmappable::Error => offset,
        done => return done,
    };
    #[cfg(feature = "cjk")]
    let offset = if matches!(f, Family::Cjk(crate::rules::cjk::Cjk::Iso2022Jp)) {
        0
    } else {
        offset
    };
    let mut out = encode(f, &text[..offset])?;
    let mut encoder = Encoder::starting_at(f.encoding(), offset);
    let mut rest = &text[offset..];
    loop {
        let have = out.len();
        let room = encoder.max_len(rest.len()).unwrap_or(rest.len()).max(32);
        out.resize(have + room, 0);
        let (result, read, written) = encoder.encode_with(rest, &mut out[have..], true, policy);
        out.truncate(have + written);
        rest = &rest[read..];
        match result {
            EncoderResult::Finished => return Ok(out),
            EncoderResult::Error(e) => return Err(e),
            EncoderResult::InputEmpty | EncoderResult::OutputFull => {}
        }
    }
}

/// [`encode`] of a text whose first `k` bytes (a character boundary) encode
/// to themselves: they are copied, and the encoder starts at `k`.
#[allow(clippy::inline_always, reason = "a constant family must fold away")]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn encode_after(f: Family, text: &str, k: usize) -> Result<Vec<u8>, EncodeError> {
    let rest = &text[k..];
    // A try without the length pass first, into one and a half times the
    // rest, where that holds nearly any text (the length pass cost these
    // encoders half their speed) and the encoding holds every character
    // (or nearly: gb18030 but for U+E5E5), so that the try seldom fails:
    // - MUTF-8 and CESU-8: a supplementary character (4 bytes) becomes 6;
    //   only many U+0000 (1 byte to 2 in MUTF-8) need more.
    // - gb18030: a 4-byte code comes from a character of 2 bytes or more
    //   (twice its length only for U+0080..U+07FF outside GBK, as `ä`);
    //   Chinese is 2 bytes for 3.
    // Where the try runs out of room, the length pass sizes the buffer, as
    // for the encodings left out: ISO-2022-JP, whose texts often hold a
    // character it cannot encode, which a caller choosing an encoding for
    // a mail tries for, where the length pass fails without allocating.
    let try_first = match f {
        Family::Cesu { .. } => true,
        #[cfg(feature = "cjk")]
        Family::Cjk(rules::cjk::Cjk::Gb18030) => true,
        _ => false,
    };
    if try_first {
        let mut out = vec![0u8; k + rest.len() + rest.len() / 2];
        out[..k].copy_from_slice(&text.as_bytes()[..k]);
        if let Some(n) = simd::encode_into(f, rest, &mut out[k..]) {
            out.truncate(k + n);
            return Ok(out);
        }
    }
    let cap = if f.encoding().max_bytes_per_utf8_byte() == 1 {
        rest.len()
    } else {
        fast::family::encoded_len(f, rest).map_err(|e| e.after(k))?
    };
    let mut out = vec![0u8; add_len(k, cap)];
    out[..k].copy_from_slice(&text.as_bytes()[..k]);
    let n = fast::family::encode_into(f, rest, &mut out[k..]).map_err(|e| e.after(k))?;
    out.truncate(k + n);
    Ok(out)
}

/// Encodes, borrowing `text` when its encoding is the same bytes: one scan
/// finds the first byte that encodes otherwise (for UTF-8 there is none;
/// for UTF-16 and UTF-32 the first byte of any text), then the bytes before it are
/// copied and the fast encoder takes the rest.
#[allow(clippy::inline_always, reason = "a constant family must fold away")]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn encode_cow(f: Family, text: &str) -> Result<Cow<'_, [u8]>, EncodeError> {
    let k = match f {
        Family::Utf8 => text.len(),
        Family::Utf16 { .. } | Family::Utf32 { .. } => 0,
        Family::Cesu { java: true } => simd::cesu::encode_unchanged::<true>(text),
        Family::Cesu { java: false } => simd::cesu::encode_unchanged::<false>(text),
        Family::SingleByte(t) if !t.ascii => t.same_encode_len(text.as_bytes()),
        Family::SingleByte(_) => simd::ascii::ascii_len(text.as_bytes()),
        Family::Gsm => rules::gsm::unchanged_len(text.as_bytes()),
        #[cfg(feature = "cjk")]
        Family::Cjk(c) => cjk_unchanged(c, text.as_bytes()),
    };
    if k == text.len() {
        return Ok(Cow::Borrowed(text.as_bytes()));
    }
    encode_after(f, text, k).map(Cow::Owned)
}

/// Decodes into a new string. A code page's kernel decodes in one pass
/// (into spare capacity with AVX2, into zeroed room a chunk at a time with
/// the portable kernel) and trims the vector (see
/// `simd::single_byte::decode_vec`, which says why it does not size it
/// with the length pass first). Else the vector is sized at the input's
/// length where nothing decodes longer (UTF-8, MUTF-8, CESU-8, strict
/// ASCII), else exactly, by the fast length pass (which also finds bad
/// input before anything is allocated), and filled by the fast decoder.
/// Either way the bytes become a `String` without a second look.
#[allow(clippy::inline_always, reason = "a constant family must fold away")]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn decode(f: Family, bytes: &[u8]) -> Result<String, DecodeError> {
    if let Some(out) = simd::decode_vec(f, bytes) {
        return Ok(trusted::string(out));
    }
    // MUTF-8 and CESU-8: the scan of `decode_cow` (a validation), then
    // one copy of what decodes to itself, which is all text without
    // supplementary characters (or U+0000).
    let k = match f {
        Family::Cesu { java: true } => simd::cesu::decode_unchanged::<true>(bytes),
        Family::Cesu { java: false } => simd::cesu::decode_unchanged::<false>(bytes),
        _ => 0,
    };
    if k == bytes.len() && k > 0 {
        return Ok(trusted::string(bytes.to_vec()));
    }
    decode_after(f, bytes, k)
}

/// [`decode`] of an input whose first `k` bytes are well formed, complete
/// characters and decode to themselves: they are copied, and the decoder
/// starts at `k`.
#[allow(clippy::inline_always, reason = "a constant family must fold away")]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn decode_after(f: Family, bytes: &[u8], k: usize) -> Result<String, DecodeError> {
    let rest = &bytes[k..];
    // The multi-byte encodings: first a try without the length pass, into a
    // buffer of what ASCII and two-byte codes need (their bound where that is
    // 2 bytes a byte, else one and a half times the input); only text that
    // decodes longer (half-width katakana, one byte to three) and bad input
    // take the length pass after it.
    #[cfg(feature = "cjk")]
    if let Family::Cjk(_) = f {
        let guess = if f.max_utf8_bytes_per_byte() <= 2 {
            bound(rest.len(), 2)
        } else {
            add_len(add_len(rest.len(), rest.len() / 2), 16)
        };
        let mut out = vec![0u8; add_len(k, guess)];
        out[..k].copy_from_slice(&bytes[..k]);
        if let Some(n) = simd::decode_into(f, rest, &mut out[k..]) {
            out.truncate(k + n);
            return Ok(trusted::string(out));
        }
    }
    let cap = if f.max_utf8_bytes_per_byte() == 1 {
        rest.len()
    } else {
        fast::family::decoded_len(f, rest).map_err(|e| e.after(k))?
    };
    let mut out = vec![0u8; add_len(k, cap)];
    out[..k].copy_from_slice(&bytes[..k]);
    let n = fast::family::decode_into(f, rest, &mut out[k..]).map_err(|e| e.after(k))?;
    out.truncate(k + n);
    Ok(trusted::string(out))
}

/// Decodes, borrowing `bytes` when they already are the UTF-8 of the text:
/// one scan checks the bytes up to the first place where the decoding
/// differs (for UTF-8 there is none, and the scan is the validation; for
/// UTF-16 and UTF-32, the start), then the bytes before it are copied and the fast
/// decoder takes the rest.
#[allow(clippy::inline_always, reason = "a constant family must fold away")]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn decode_cow(f: Family, bytes: &[u8]) -> Result<Cow<'_, str>, DecodeError> {
    let k = match f {
        Family::Utf8 => {
            fast::family::validate(f, bytes)?;
            bytes.len()
        }
        Family::Utf16 { .. } | Family::Utf32 { .. } => 0,
        Family::Cesu { java: true } => simd::cesu::decode_unchanged::<true>(bytes),
        Family::Cesu { java: false } => simd::cesu::decode_unchanged::<false>(bytes),
        Family::SingleByte(t) if !t.ascii => t.same_decode_len(bytes),
        Family::SingleByte(_) => simd::ascii::ascii_len(bytes),
        Family::Gsm => rules::gsm::unchanged_len(bytes),
        #[cfg(feature = "cjk")]
        Family::Cjk(c) => cjk_unchanged(c, bytes),
    };
    if k == bytes.len() {
        return Ok(Cow::Borrowed(trusted::str(bytes)));
    }
    decode_after(f, bytes, k).map(Cow::Owned)
}

/// The input itself, if it already is the UTF-8 of its decoding.
#[allow(clippy::inline_always, reason = "a constant family must fold away")]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn borrowable(f: Family, bytes: &[u8]) -> Option<&str> {
    let s = core::str::from_utf8(bytes).ok()?;
    let same = match f {
        Family::Utf8 => true,
        // Valid UTF-8 has neither `C0 80` nor encoded surrogates, so if it
        // is also valid MUTF-8 or CESU-8, every sequence means the same.
        Family::Cesu { .. } => fast::family::validate(f, bytes).is_ok(),
        Family::SingleByte(t) if !t.ascii => t.same_decode_len(bytes) == bytes.len(),
        Family::SingleByte(_) => s.is_ascii(),
        Family::Gsm => rules::gsm::unchanged_len(bytes) == bytes.len(),
        Family::Utf16 { .. } | Family::Utf32 { .. } => s.is_empty(),
        #[cfg(feature = "cjk")]
        Family::Cjk(c) => cjk_unchanged(c, bytes) == bytes.len(),
    };
    same.then_some(s)
}

/// Decodes, one U+FFFD for each ill-formed part; borrows the input when it
/// already is the UTF-8 of the result.
#[allow(clippy::inline_always, reason = "a constant family must fold away")]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn decode_lossy(f: Family, bytes: &[u8]) -> Cow<'_, str> {
    if let Some(s) = borrowable(f, bytes) {
        return Cow::Borrowed(s);
    }
    if let Family::SingleByte(t) = f {
        return Cow::Owned(lossy_single_byte(t, bytes));
    }
    #[cfg(feature = "cjk")]
    if let Family::Cjk(c) = f {
        return Cow::Owned(match decode(f, bytes) {
            Ok(s) => s,
            Err(_) => lossy_cjk(c, bytes),
        });
    }
    if let Family::Gsm = f {
        return Cow::Owned(lossy(bytes.len(), |i| rules::gsm::lossy_step(bytes, i)));
    }
    Cow::Owned(lossy(bytes.len(), |i| rules::step(f, bytes, i)))
}

/// The replacement loop of a code page's [`decode_lossy`]: the page's table
/// is an argument, not a constant folded into the caller, and the loop is
/// [`lossy_outlined`], so that every page a program decodes shares one copy
/// (a byte is a character or one U+FFFD; nothing here is worth a copy per
/// page).
#[inline]
fn lossy_single_byte(t: &'static crate::table::SingleByte, bytes: &[u8]) -> String {
    lossy_outlined(bytes.len(), |i| match t.decode_byte(bytes[i]) {
        Some(ch) => Step::Char {
            cp: ch as u32,
            len: 1,
        },
        None => Step::Malformed(1),
    })
}

/// [`lossy`], never inlined. Generic over its step, it is compiled in the
/// crate that calls it, as the `#[inline]` functions are, but once for each
/// step, where an inlined loop would be copied into every caller: every
/// page's `decode_lossy` calls this one copy.
#[inline(never)]
fn lossy_outlined(len: usize, step: impl Fn(usize) -> Step) -> String {
    lossy(len, step)
}

/// How many bytes at the start of `bytes` are ASCII that a multi-byte
/// encoding reads and writes as itself: all ASCII, but for ISO-2022-JP's
/// `ESC` (which starts an escape sequence) and the shifts `0E` and `0F`
/// (errors in both directions).
#[cfg(feature = "cjk")]
#[allow(clippy::inline_always, reason = "a constant encoding must fold away")]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn cjk_unchanged(c: crate::rules::cjk::Cjk, bytes: &[u8]) -> usize {
    let ascii = simd::ascii::ascii_len(bytes);
    if matches!(c, crate::rules::cjk::Cjk::Iso2022Jp) {
        bytes[..ascii]
            .iter()
            .position(|b| matches!(b, 0x0E | 0x0F | 0x1B))
            .unwrap_or(ascii)
    } else {
        ascii
    }
}

/// The replacement loop of every lossy decoder: `step(i)` reads the
/// sequence at input unit `i` of `len`; each ill-formed part becomes one
/// U+FFFD, and a truncated end one more.
#[inline]
pub(crate) fn lossy(len: usize, step: impl Fn(usize) -> Step) -> String {
    let mut out = String::with_capacity(len);
    let mut i = 0;
    while i < len {
        match step(i) {
            Step::Char { cp, len } => {
                out.push(scalar::to_char(cp));
                i += len;
            }
            Step::Malformed(len) => {
                out.push(char::REPLACEMENT_CHARACTER);
                i += len;
            }
            Step::Truncated => {
                out.push(char::REPLACEMENT_CHARACTER);
                break;
            }
        }
    }
    out
}

/// The standard's decoder with replacement: one U+FFFD for each error it
/// returns, through the same steps as the strict loops of `engine::cjk`.
#[cfg(feature = "cjk")]
#[allow(clippy::inline_always, reason = "a constant encoding must fold away")]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn lossy_cjk(c: crate::rules::cjk::Cjk, bytes: &[u8]) -> String {
    use crate::rules::cjk::{Mode, Seq, decode_seq};
    let mut out = String::with_capacity(bound(bytes.len(), 2));
    let mut i = 0;
    let mut mode = Mode::Ascii;
    let mut escaped = false;
    while i < bytes.len() {
        match decode_seq(c, bytes, i, mode) {
            Seq::Char { cp, cp2, len } => {
                out.push(scalar::to_char(cp));
                if cp2 != 0 {
                    out.push(scalar::to_char(cp2));
                }
                i += len;
                escaped = false;
            }
            Seq::Escape { mode: next } => {
                // Two escape sequences in a row: an error, and the second
                // takes effect.
                if escaped {
                    out.push(char::REPLACEMENT_CHARACTER);
                }
                mode = next;
                escaped = true;
                i += 3;
            }
            Seq::Malformed { len } | Seq::Truncated { len } => {
                out.push(char::REPLACEMENT_CHARACTER);
                i += len;
                escaped = false;
            }
        }
    }
    out
}

/// [`decode`] for native UTF-16 code units.
#[inline]
pub(crate) fn decode_units(units: &[u16]) -> Result<String, DecodeError> {
    let mut out = vec![0u8; fast::utf16::decoded_units_len(units)?];
    let n = fast::utf16::decode_units_into(units, &mut out)?;
    out.truncate(n);
    Ok(trusted::string(out))
}

/// [`decode`] for native UTF-32 code units.
#[inline]
pub(crate) fn decode_utf32_units(units: &[u32]) -> Result<String, DecodeError> {
    let mut out = vec![0u8; fast::utf32::decoded_units_len(units)?];
    let n = fast::utf32::decode_units_into(units, &mut out)?;
    out.truncate(n);
    Ok(trusted::string(out))
}
