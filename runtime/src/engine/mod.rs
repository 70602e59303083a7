//! The `const` engine: every public encode and decode function of every
//! encoding ends up here, at compile time and at run time alike. What
//! differs between encodings is their [`Family`] (the rules of
//! `crate::rules`, and for a code page its tables); the entry points below
//! take it as a constant from the per-encoding modules, so after inlining
//! each is specialised to one encoding.
//!
//! Everything is two-phase, as `const` code must be: the length pass checks
//! the whole input, then the fill pass writes into a buffer known to be big
//! enough. That is also what fixes the error priority: bad input is reported
//! as such whatever the size of the output buffer. The engine never calls
//! the run-time kernels of `crate::simd`; they call it.
//!
//! # Two layers

//!
//! Every public encode and decode function of litenc is a `const fn`, so that
//! a literal encoded at compile time and the same text encoded at run time go
//! through one codec. Stable Rust has no way for a `const fn` to run other
//! code at run time than at compile time (`const_eval_select` is unstable),
//! so SIMD cannot sit behind them. The speed therefore comes in two layers:
//!
//! - **Here**, scalar `const fn` block code, which every `const fn` of the
//!   API runs, at compile time and at run time.
//! - **`crate::simd`**, AVX2 kernels behind the non-`const` twins in
//!   [`crate::fast`] (and the `alloc` helpers), which fall back to the code
//!   here for the blocks they do not take and on CPUs without AVX2.
//!
//! The code here is written in the subset of
//! Rust that `const` allows and that LLVM still compiles well:
//!
//! - **Words, not bytes.** ASCII, which most text is mostly made of, is
//!   checked and copied eight bytes at a time through `u64::from_le_bytes`
//!   on an 8-byte chunk (`first_chunk`) and `to_le_bytes` into one; LLVM
//!   turns both into single unaligned loads and stores.
//! - **`core::str::from_utf8` is `const`.** It is std's validator (an ASCII
//!   word loop plus a table-driven state machine), so UTF-8 validation, and
//!   the part of CESU-8 and modified UTF-8 decoding that is plain UTF-8,
//!   call it rather than a loop of our own: that is std's speed by
//!   construction.
//! - **One pass where nothing can fail.** The reference engine
//!   (`reference.rs`) works in two passes, a length pass that checks
//!   the whole input and a fill pass, so that bad input is reported whatever
//!   the buffer and `out` is left as it was on any error. Where the input
//!   cannot be bad (encoding to UTF-16, CESU-8 and MUTF-8, where every
//!   `&str` encodes; decoding a code page that defines every byte) and
//!   the output buffer has the worst-case size (see
//!   [`Encoding::max_bytes_per_utf8_byte`] and
//!   [`Encoding::max_utf8_bytes_per_byte`]), the output cannot fail either,
//!   and the fast paths skip the length pass. Everywhere else both passes
//!   stay, each fast.
//! - **Tables, not searches.** A code page encodes through its two-level
//!   reverse map, looked up by the UTF-8 bytes themselves (no decoding to a
//!   code point first), and decodes through a table of ready-made UTF-8
//!   (see `crate::table`).
//! - **Slack, not tail checks.** Writers store a whole word (or 4 bytes for
//!   a 3-byte sequence) while at least that much room is left, and fall
//!   back to exact writes only in the last few bytes of the buffer.
//!
//! Everything here is safe code. The benchmark (`bench/`,
//! `docs/performance.md`) shows what this layer reaches: on non-ASCII text
//! the SIMD peers (simdutf, simdutf8) are several times faster than any
//! scalar code, which is why `crate::simd` exists.
//!
//! - **Blocks without branches.** Text that alternates between ASCII
//!   (spaces, punctuation) and another script defeats branch prediction in
//!   a loop that branches on each character's length. The hot loops
//!   therefore take blocks of four or eight characters and compute every
//!   candidate (the 1-, 2- and 3-byte decodings, or the table entries) and
//!   pick one with selects; a branch per block sends the rare case (a
//!   supplementary character, an error) to the exact loop. Where a block
//!   is a run of one kind (eight ASCII bytes, four characters of one table block) it is handled as one word.
//!
//! Each fast path is checked against the reference loops (`reference.rs`; the hidden `crate::__reference` exposes them)
//! by `runtime/tests/codec/fast_paths.rs`: ASCII runs of every length 0..64
//! before, and of 11 lengths from 0 to 35 after, each kind of character and
//! each kind of error, into output buffers of every interesting length
//! (0; needed - 1, needed, + 1, + 3, + 8; worst case and one either side), comparing
//! results, errors and the whole buffer, so that no fast path writes past
//! the length it returns.
//!
//! # Measured
//!
//! On a 2-core Xeon (AVX-512), shared with other work, on 100 KB inputs
//! (`docs/performance.md` has the full table and how it was taken; its
//! `litenc_reference` column is the reference engine these paths replace).
//! One more measurement decided where the fast paths do *not* go: in the
//! const evaluator they are about four times slower than the simple loops
//! and need twice the memory (200,000 characters to UTF-16: 45 s against
//! 11 s), so `const_encode!` and `encode_array` call the reference loops.
//!
//! [`Encoding::max_bytes_per_utf8_byte`]: crate::Encoding::max_bytes_per_utf8_byte
//! [`Encoding::max_utf8_bytes_per_byte`]: crate::Encoding::max_utf8_bytes_per_byte

// The loops use the codec's short names throughout: `b` input bytes, `i`
// input cursor, `at` output cursor, `n` count, `w` a word. A hot loop stays
// in one piece, however long, so that its comment can explain it whole, and
// `&` between booleans is on purpose: it avoids a branch per test; and
// `#[inline(always)]` is on the few functions whose callers pass a constant
// that must fold away (see `super::utf16::Src`). The family dispatch below
// is `#[inline(always)]` in release builds only: at `opt-level` 0 nothing
// folds, and each per-encoding function would carry a copy of every
// family's arm (docs/architecture.md, "Compile time").
#![allow(
    clippy::inline_always,
    clippy::many_single_char_names,
    clippy::similar_names,
    clippy::too_many_lines,
    clippy::needless_bitwise_bool
)]

pub(crate) mod cesu;
#[cfg(feature = "cjk")]
pub(crate) mod cjk;
pub(crate) mod reference;
pub(crate) mod single_byte;
pub(crate) mod utf16;
pub(crate) mod utf32;
pub(crate) mod utf8;
pub(crate) mod words;

use crate::encoding::Encoding;
use crate::error::ConstMsg;
use crate::error::{DecodeError, EncodeError};
use crate::prefix::LenPrefix;
use crate::rules::Family;
use crate::scalar::Step;

/// See [`Encoding::encoded_len`].
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) const fn encoded_len(f: Family, text: &str) -> Result<usize, EncodeError> {
    match f {
        Family::Utf8 => Ok(text.len()),
        Family::Utf16 { .. } => Ok(2 * utf16::units_len(text)),
        Family::Utf32 { .. } => Ok(utf32::encoded_len(text)),
        Family::Cesu { java: true } => Ok(cesu::encoded_len::<true>(text)),
        Family::Cesu { java: false } => Ok(cesu::encoded_len::<false>(text)),
        Family::SingleByte(t) => single_byte::encoded_len(t, text),
        // SMS are short: the reference loop, one character at a time. The
        // reference loops get a family of their own, never `f`: they take it
        // by reference, and a reference to `f` would keep the optimizer from
        // folding every `match f` of the caller to the one arm of its
        // constant family, so that a program that encodes KOI8-R would link
        // every kernel (930 KB instead of 26 KB).
        Family::Gsm => reference::encoded_len(Family::Gsm, text),
        #[cfg(feature = "cjk")]
        Family::Cjk(c) => cjk::encoded_len(c, text),
    }
}

/// See [`Encoding::encode_into`].
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) const fn encode_into(
    f: Family,
    text: &str,
    out: &mut [u8],
) -> Result<usize, EncodeError> {
    match f {
        Family::Utf8 => {
            if text.len() > out.len() {
                return Err(EncodeError::OutputTooSmall {
                    needed: text.len(),
                    available: out.len(),
                });
            }
            Ok(words::copy(text.as_bytes(), 0, text.len(), out, 0))
        }
        Family::Cesu { java: true } => cesu::encode_into::<true>(text, out),
        Family::Cesu { java: false } => cesu::encode_into::<false>(text, out),
        Family::SingleByte(t) => single_byte::encode_into(t, text, out),
        Family::Gsm => reference::encode_into(Family::Gsm, text, out),
        #[cfg(feature = "cjk")]
        Family::Cjk(c) => cjk::encode_into(c, text, out),
        // The byte order as a constant of each arm, not read from `f`: the
        // compiler's value numbering takes `Family::Utf16 { big_endian }`
        // rebuilt from `f`'s field for `f` itself, and where the calling
        // convention passes a family by reference (as on 32-bit ARM), the
        // reference loops would get `f`'s address. Then `f` is a constant
        // no more, in this `match` or in the caller's: on
        // `thumbv7m-none-eabi` a firmware whose one call was
        // `fast::windows1251::encode_into` linked every encoder and the CJK
        // tables (over 200 KB of flash instead of 5).
        // `bench/size/run.py --target thumbv7m-none-eabi` keeps it so.
        Family::Utf16 { big_endian: false } => utf16::encode_bytes_into::<false>(text, out),
        Family::Utf16 { big_endian: true } => utf16::encode_bytes_into::<true>(text, out),
        Family::Utf32 { big_endian } => utf32::encode_into(text, out, big_endian),
    }
}

/// See [`Encoding::decoded_len`].
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) const fn decoded_len(f: Family, bytes: &[u8]) -> Result<usize, DecodeError> {
    match f {
        Family::Utf8 => utf8::decoded_len(bytes),
        Family::Utf16 { big_endian: false } => utf16::decoded_len(utf16::Src::Le(bytes)),
        Family::Utf16 { big_endian: true } => utf16::decoded_len(utf16::Src::Be(bytes)),
        Family::Utf32 { big_endian: false } => utf32::decoded_len(utf32::Src::Le(bytes)),
        Family::Utf32 { big_endian: true } => utf32::decoded_len(utf32::Src::Be(bytes)),
        Family::Cesu { java: true } => cesu::decoded_len::<true>(bytes),
        Family::Cesu { java: false } => cesu::decoded_len::<false>(bytes),
        Family::SingleByte(t) => single_byte::decoded_len(t, bytes),
        Family::Gsm => reference::decoded_len(Family::Gsm, bytes),
        #[cfg(feature = "cjk")]
        Family::Cjk(c) => cjk::decoded_len(c, bytes),
    }
}

/// See [`Encoding::validate`].
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) const fn validate(f: Family, bytes: &[u8]) -> Result<(), DecodeError> {
    match decoded_len(f, bytes) {
        Ok(_) => Ok(()),
        Err(e) => Err(e),
    }
}

/// See [`Encoding::decode_into`].
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) const fn decode_into(
    f: Family,
    bytes: &[u8],
    out: &mut [u8],
) -> Result<usize, DecodeError> {
    match f {
        Family::Utf8 => utf8::decode_into(bytes, out),
        Family::Utf16 { big_endian: false } => utf16::decode_into(utf16::Src::Le(bytes), out),
        Family::Utf16 { big_endian: true } => utf16::decode_into(utf16::Src::Be(bytes), out),
        Family::Utf32 { big_endian: false } => utf32::decode_into(utf32::Src::Le(bytes), out),
        Family::Utf32 { big_endian: true } => utf32::decode_into(utf32::Src::Be(bytes), out),
        Family::Cesu { java: true } => cesu::decode_into::<true>(bytes, out),
        Family::Cesu { java: false } => cesu::decode_into::<false>(bytes, out),
        Family::SingleByte(t) => single_byte::decode_into(t, bytes, out),
        Family::Gsm => reference::decode_into(Family::Gsm, bytes, out),
        #[cfg(feature = "cjk")]
        Family::Cjk(c) => cjk::decode_into(c, bytes, out),
    }
}

/// See [`Encoding::prefixed_len`].
#[inline]
pub(crate) const fn prefixed_len(
    f: Family,
    text: &str,
    prefix: LenPrefix,
) -> Result<usize, EncodeError> {
    let len = match encoded_len(f, text) {
        Ok(n) => n,
        Err(e) => return Err(e),
    };
    if len > prefix.max_len() {
        return Err(EncodeError::TooLong {
            len,
            max: prefix.max_len(),
        });
    }
    Ok(prefix.width() + len)
}

/// See [`Encoding::encode_prefixed_into`].
#[inline]
pub(crate) const fn encode_prefixed_into(
    f: Family,
    text: &str,
    prefix: LenPrefix,
    out: &mut [u8],
) -> Result<usize, EncodeError> {
    let needed = match prefixed_len(f, text, prefix) {
        Ok(n) => n,
        Err(e) => return Err(e),
    };
    if needed > out.len() {
        return Err(EncodeError::OutputTooSmall {
            needed,
            available: out.len(),
        });
    }
    let (head, body) = out.split_at_mut(prefix.width());
    // Neither can fail: the text encodes, fits, and its length fits the
    // prefix (checked above).
    let n = match encode_into(f, text, body) {
        Ok(n) => n,
        Err(e) => return Err(e),
    };
    match prefix.write(n, head) {
        Ok(w) => Ok(w + n),
        Err(e) => Err(e),
    }
}

/// See `encode_padded_into` of the byte modules: `text` encoded, then
/// `pad` (or, if `None`, the encoding of U+0020, whole) to exactly `width`
/// bytes, into `out[..width]`.
#[inline]
pub(crate) const fn encode_padded_into(
    f: Family,
    text: &str,
    width: usize,
    pad: Option<u8>,
    out: &mut [u8],
) -> Result<usize, EncodeError> {
    let len = match encoded_len(f, text) {
        Ok(n) => n,
        Err(e) => return Err(e),
    };
    let mut space = [0u8; 4];
    let space_len = match pad {
        Some(b) => {
            space[0] = b;
            1
        }
        // The dispatch, not a reference loop, so that `f` stays a constant.
        None => match encode_into(f, " ", &mut space) {
            Ok(n) => n,
            Err(e) => return Err(e),
        },
    };
    if len > width || !(width - len).is_multiple_of(space_len) {
        return Err(EncodeError::Width { len, width });
    }
    if width > out.len() {
        return Err(EncodeError::OutputTooSmall {
            needed: width,
            available: out.len(),
        });
    }
    let (body, rest) = out.split_at_mut(len);
    // Cannot fail: the text encodes and `body` has its length.
    if let Err(e) = encode_into(f, text, body) {
        return Err(e);
    }
    let mut at = 0;
    while at < width - len {
        rest[at] = space[at % space_len];
        at += 1;
    }
    Ok(width)
}

/// Turns a failed [`Step`] at `i` into the error it reports.
#[inline]
pub(crate) const fn step_error(enc: Encoding, step: Step, i: usize) -> DecodeError {
    match step {
        Step::Malformed(len) => DecodeError::malformed(enc, i, len),
        Step::Truncated | Step::Char { .. } => DecodeError::truncated(enc, i),
    }
}

/// The array behind every `encode_array`: encodes `text`, adding one zero
/// unit if `nul`, into exactly `N` bytes, or fails (at compile time, when
/// called from a `const` item) with a message that says what is wrong.
#[track_caller]
pub(crate) const fn encode_array<const N: usize>(f: Family, text: &str, nul: bool) -> [u8; N] {
    let len = const_len(f, text, nul);
    if len != N {
        wrong_length_panic(f.encoding(), "encode_array", N, len, "bytes");
    }
    let mut out = [0u8; N];
    // The reference loop, not the fast path: this runs in the const
    // evaluator, where the simple loop is about four times faster and
    // needs half the memory (docs/performance.md).
    match reference::encode_into(f, text, &mut out) {
        Ok(_) => out,
        Err(e) => e.const_panic(),
    }
}

/// The length `encode_array` needs, as `const_encode!` asks for it; fails
/// like [`encode_array`] on text the encoding cannot hold.
#[track_caller]
#[inline]
pub(crate) const fn const_len(f: Family, text: &str, nul: bool) -> usize {
    // The reference loop, as in `encode_array`.
    let len = match reference::encoded_len(f, text) {
        Ok(n) => n,
        Err(e) => e.const_panic(),
    };
    if !nul {
        return len;
    }
    let enc = f.encoding();
    if enc.encodes_nul_as_zero() {
        check_no_interior_nul(enc, text);
    }
    len + enc.unit_size()
}

/// Fails if a NUL-terminated `text` would hold a zero unit before its end.
#[track_caller]
#[inline]
pub(crate) const fn check_no_interior_nul(enc: Encoding, text: &str) {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == 0 {
            let mut msg = ConstMsg::new();
            msg.push_str("litenc: interior NUL (U+0000) at byte ");
            msg.push_usize(i);
            msg.push_str(" of a NUL-terminated ");
            msg.push_str(enc.name());
            msg.push_str(" string: the terminator would not be the first zero unit");
            msg.panic();
        }
        i += 1;
    }
}

/// The compile-time message for an array of the wrong length.
#[track_caller]
#[inline]
pub(crate) const fn wrong_length_panic(
    enc: Encoding,
    what: &str,
    n: usize,
    needed: usize,
    unit: &str,
) -> ! {
    let mut msg = ConstMsg::new();
    msg.push_str("litenc: ");
    msg.push_str(what);
    msg.push_str("::<");
    msg.push_usize(n);
    msg.push_str(">: the text takes ");
    msg.push_usize(needed);
    msg.push_str(" ");
    msg.push_str(unit);
    msg.push_str(" in ");
    msg.push_str(enc.name());
    msg.push_str(", so N must be ");
    msg.push_usize(needed);
    msg.push_str(" (const_encode! works N out by itself)");
    msg.panic()
}
