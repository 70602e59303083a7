//! Streaming: a [`Decoder`] and an [`Encoder`] for input that comes in
//! pieces (a file read 64 KiB at a time, a socket), into output buffers of
//! the caller's, in constant memory and without allocating.
//!
//! Input may be cut anywhere: inside a character, between the two halves
//! of a UTF-16 surrogate pair or of a CESU-8 pair, between `C0` and `80`.
//! The few bytes of a character cut at the end of a piece wait in the
//! decoder (at most 6) until the next piece completes it; everything else
//! goes through the same fast code as the one-shot functions (the AVX2
//! kernels of [`crate::fast`] where the CPU has them). Output is written up
//! to the end of `dst`; a character that does not fit waits for the next
//! call, so that each call's output is whole characters (valid UTF-8, for
//! the decoder), except when `dst` is shorter than one character, which is
//! then written across calls: what did not fit waits in the decoder
//! ([`Decoder::pending`]) and is written first by the next call.
//!
//! Each call returns how far it got, as `(result, read, written)`:
//!
//! | result | means | next call |
//! |---|---|---|
//! | `InputEmpty` | all of `src` was consumed (`read == src.len()`) | with the next piece of input |
//! | `OutputFull` | `dst` has no room for the next character | with `&src[read..]` and fresh room |
//! | `Finished` | `last` was true and everything was written | none: the coder is ready for a new stream |
//! | `Error(e)` | ill-formed input, or a character the encoding cannot hold (strict modes) | with `&src[read..]`: the bad part is consumed, and the coder goes on after it |
//!
//! Errors carry positions counted from the start of the stream, not of the
//! piece: [`DecodeError::valid_up_to`] is the byte offset of the ill-formed
//! sequence in the whole input, and [`EncodeError::Unencodable`]'s `offset`
//! the byte offset of the character in the whole UTF-8 input. They are the
//! errors the one-shot functions report for the whole input, whatever the
//! cuts; and [`Decoder::decode_lossy`] writes U+FFFD exactly where
//! [`Encoding::decode_lossy`](crate::Encoding::decode_lossy) does.
//!
//! This is the model of `encoding_rs`'s `Decoder` and `Encoder`:
//! [`Decoder::decode`] is its `decode_to_utf8_without_replacement`,
//! [`Decoder::decode_lossy`] its `decode_to_utf8`, and [`Encoder::encode`] its
//! `encode_from_utf8_without_replacement`; `Finished` is its `InputEmpty`
//! with `last` set, and a byte-order mark is text, as everywhere in litenc.
//!
//! ```
//! use litenc_runtime::stream::{Decoder, DecoderResult};
//! use litenc_runtime::Encoding;
//!
//! // "Жук 😀" in UTF-16LE, arriving in pieces cut inside characters.
//! let pieces: [&[u8]; 3] = [b"\x16\x04\x43", b"\x04\x3A\x04\x20\x00\x3D\xD8", b"\x00\xDE"];
//! let mut decoder = Decoder::new(Encoding::Utf16Le);
//! let mut text = String::new();
//! let mut buf = [0u8; 64];
//! for (i, piece) in pieces.iter().enumerate() {
//!     let last = i == pieces.len() - 1;
//!     let (result, read, written) = decoder.decode(piece, &mut buf, last);
//!     assert_eq!(read, piece.len());
//!     text.push_str(core::str::from_utf8(&buf[..written]).unwrap());
//!     let expected = if last { DecoderResult::Finished } else { DecoderResult::InputEmpty };
//!     assert_eq!(result, expected);
//! }
//! assert_eq!(text, "Жук 😀");
//! ```
//!
//! Errors name the offset in the whole stream:
//!
//! ```
//! use litenc_runtime::stream::{Decoder, DecoderResult};
//! use litenc_runtime::Encoding;
//!
//! let mut decoder = Decoder::new(Encoding::Utf8);
//! let mut buf = [0u8; 16];
//! assert_eq!(decoder.decode(b"0123456789", &mut buf, false).0, DecoderResult::InputEmpty);
//! // `E2 82` then `41`: the sequence that begins at byte 12 of the stream is cut short.
//! let (result, read, written) = decoder.decode(b"ab\xE2\x82", &mut buf, false);
//! assert_eq!((result, read, written), (DecoderResult::InputEmpty, 4, 2));
//! let (result, read, _) = decoder.decode(b"A", &mut buf, true);
//! let DecoderResult::Error(e) = result else { panic!() };
//! assert_eq!((e.valid_up_to(), e.error_len()), (12, Some(2)));
//! // `A` is read (it ended the cut sequence) but not decoded yet: it comes next.
//! let (result, _, written) = decoder.decode(&b"A"[read..], &mut buf, true);
//! assert_eq!((result, &buf[..written]), (DecoderResult::Finished, &b"A"[..]));
//! ```
//!
//! Transcoding, from one encoding to another through UTF-8, with fixed
//! buffers whatever the size of the input:
//!
//! ```
//! use litenc_runtime::stream::{Decoder, DecoderResult, Encoder, EncoderResult};
//! use litenc_runtime::Encoding;
//!
//! fn transcode(input: &[u8], from: Encoding, to: Encoding, out: &mut Vec<u8>) -> Result<(), String> {
//!     let (mut decoder, mut encoder) = (Decoder::new(from), Encoder::new(to));
//!     let (mut utf8, mut bytes) = ([0u8; 64], [0u8; 64]);
//!     let mut input = input;
//!     loop {
//!         // The next piece, as a read from a file would give it.
//!         let n = input.len().min(16);
//!         let (mut piece, last) = (&input[..n], n == input.len());
//!         input = &input[n..];
//!         loop {
//!             let (r, read, written) = decoder.decode(piece, &mut utf8, last);
//!             piece = &piece[read..];
//!             if let DecoderResult::Error(e) = r {
//!                 return Err(e.to_string());
//!             }
//!             let mut text = core::str::from_utf8(&utf8[..written]).unwrap();
//!             loop {
//!                 let end = r == DecoderResult::Finished;
//!                 let (e, read, written) = encoder.encode(text, &mut bytes, end);
//!                 out.extend_from_slice(&bytes[..written]);
//!                 text = &text[read..];
//!                 match e {
//!                     EncoderResult::OutputFull => {}
//!                     EncoderResult::Error(e) => return Err(e.to_string()),
//!                     _ => break,
//!                 }
//!             }
//!             if r != DecoderResult::OutputFull {
//!                 break;
//!             }
//!         }
//!         if last {
//!             return Ok(());
//!         }
//!     }
//! }
//!
//! let koi8 = Encoding::Koi8R.encode("Съешь же ещё этих мягких французских булок").unwrap();
//! let mut out = Vec::new();
//! transcode(&koi8, Encoding::Koi8R, Encoding::Windows1251, &mut out).unwrap();
//! assert_eq!(out, Encoding::Windows1251.encode("Съешь же ещё этих мягких французских булок").unwrap());
//! ```

// How the coders work. The decoder keeps three things between calls: the
// absolute offset of the next byte it has not decoded (`pos`), the bytes
// of a character cut at the end of the last piece (`carry`, decoded one
// `rules::step` at a time, pulling bytes from the next piece until the
// step is no longer truncated), and the part of a character that did not
// fit a `dst` shorter than one character (`pending`). Everything between
// is handed to `fast::family::decode_into` in one call, cut first where
// its output surely fits `dst` and then back to the last whole character
// (`complete_prefix`), so that the call neither runs out of room nor ends
// inside a character; an error it reports is re-read with `rules::step`,
// which is what the one-shot functions report too.
//
// An encoding with multi-byte characters and no way to find a character's
// start from its end (Shift_JIS, Big5, GBK, GB18030, EUC-KR) needs its
// `rules::step` and nothing else here: `complete_prefix` keeps the whole
// piece, the fast call then reports the cut character as truncated input
// at the end, and its valid part is decoded again (one more pass over the
// piece, only when a cut falls inside a character). Their steps are
// `rules::cjk::decode_seq`, whose errors may leave bytes to be read again
// (the standard's "restore"): a carry is stepped until it is empty. A
// stateful one (ISO-2022-JP) adds its mode (the current character set) and
// whether the last sequence was an escape sequence to the decoder, and its
// mode to the encoder, carried between calls like `pos`. The fast calls
// start in ASCII mode: the decoder copies runs of ASCII in ASCII mode and
// steps in the others; the encoder hands the fast call text from ASCII
// mode up to its last ASCII character (whose encoding ends in ASCII mode,
// or in JIS X 0201 Roman, whose closing `ESC ( B` it takes back), and
// steps in the other modes. The encoder returns to ASCII before an
// unencodable character and when `last` is set, before `Finished`.

use crate::encoding::Encoding;
use crate::error::{DecodeError, EncodeError};
use crate::fast;
use crate::policy::Unmappable;
#[cfg(feature = "cjk")]
use crate::rules::cjk::{Cjk, ESC, ISO_2022_JP_END, Mode, Seq, decode_seq};
use crate::rules::{self, Family};
use crate::scalar::{self, Step};

/// The most input bytes a character cut at a piece boundary can leave
/// behind, plus one: a CESU-8 high surrogate and two bytes of the low one
/// are five.
const CARRY: usize = 8;

/// Where a call of a lossy decoder stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CoderResult {
    /// All of the input was consumed; call again with more (or with `last`).
    InputEmpty,
    /// The output buffer has no room for the next character; call again
    /// with the rest of the input and more room.
    OutputFull,
    /// `last` was set, and all of the input was consumed and written. The
    /// coder is ready for a new stream.
    Finished,
}

/// Where a call of [`Decoder::decode`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DecoderResult {
    /// All of the input was consumed; call again with more (or with `last`).
    InputEmpty,
    /// The output buffer has no room for the next character; call again
    /// with the rest of the input and more room.
    OutputFull,
    /// `last` was set, and all of the input was consumed and written. The
    /// decoder is ready for a new stream.
    Finished,
    /// Ill-formed input, at an offset counted from the start of the stream.
    /// The ill-formed part is consumed: calling again with the rest of the
    /// input goes on after it. With `last` set, a cut character at the end
    /// is an error of [`DecodeErrorKind::Truncated`](crate::DecodeErrorKind::Truncated).
    Error(DecodeError),
}

/// Where a call of [`Encoder::encode`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EncoderResult {
    /// All of the input was consumed; call again with more (or with `last`).
    InputEmpty,
    /// The output buffer has no room for the next character; call again
    /// with the rest of the input and more room.
    OutputFull,
    /// `last` was set, and all of the input was consumed and written. The
    /// encoder is ready for a new stream.
    Finished,
    /// A character the encoding cannot hold ([`EncodeError::Unencodable`]),
    /// at a byte offset counted from the start of the stream. The character
    /// is consumed: calling again with the rest of the input goes on after
    /// it.
    Error(EncodeError),
}

/// Bytes of output a coder could not write yet, because `dst` was shorter
/// than the character.
#[derive(Clone, Copy, Debug)]
struct Pending {
    bytes: [u8; 16],
    start: u8,
    end: u8,
}

impl Pending {
    const EMPTY: Pending = Pending {
        bytes: [0; 16],
        start: 0,
        end: 0,
    };

    #[inline]
    fn is_empty(&self) -> bool {
        self.start == self.end
    }

    /// Writes what fits of the pending bytes at `dst[*written..]`.
    #[inline]
    fn flush(&mut self, dst: &mut [u8], written: &mut usize) {
        let have = &self.bytes[self.start as usize..self.end as usize];
        let n = have.len().min(dst.len() - *written);
        dst[*written..*written + n].copy_from_slice(&have[..n]);
        *written += n;
        self.start += n as u8;
    }

    /// Writes the bytes of one character at `dst[*written..]`. `false` if
    /// they do not fit but `dst` would hold them empty (the caller stops
    /// with `OutputFull`); with `split`, a `dst` shorter than the character
    /// gets what fits, and the rest waits here.
    #[inline]
    fn put(&mut self, bytes: &[u8], dst: &mut [u8], written: &mut usize, split: bool) -> bool {
        let room = dst.len() - *written;
        if bytes.len() <= room {
            dst[*written..*written + bytes.len()].copy_from_slice(bytes);
            *written += bytes.len();
            return true;
        }
        if !split || *written > 0 || room == 0 {
            return false;
        }
        self.bytes[..bytes.len()].copy_from_slice(bytes);
        self.start = 0;
        self.end = bytes.len() as u8;
        self.flush(dst, written);
        true
    }
}

/// A streaming decoder from one encoding to UTF-8.
///
/// [`decode`](Self::decode) is strict (it stops at ill-formed input with
/// its absolute position); [`decode_lossy`](Self::decode_lossy) replaces
/// each ill-formed part with U+FFFD, as
/// [`Encoding::decode_lossy`](crate::Encoding::decode_lossy) does. One
/// decoder may mix both. It is a few dozen bytes, never allocates, and
/// reads its input in place; see the [module docs](self) for the protocol.
///
/// ```
/// use litenc_runtime::stream::{CoderResult, Decoder};
/// use litenc_runtime::Encoding;
///
/// // Modified UTF-8 with U+0000 (`C0 80`) cut between its two bytes, and an
/// // unpaired surrogate, which lossy decoding replaces.
/// let mut decoder = Decoder::new(Encoding::Mutf8);
/// let mut out = [0u8; 32];
/// let (r, _, n, _) = decoder.decode_lossy(b"a\xC0", &mut out, false);
/// assert_eq!((r, n), (CoderResult::InputEmpty, 1));
/// let (r, _, m, replaced) = decoder.decode_lossy(b"\x80b\xED\xA0\x80c", &mut out[n..], true);
/// assert_eq!((r, replaced), (CoderResult::Finished, true));
/// assert_eq!(&out[..n + m], "a\0b\u{FFFD}c".as_bytes());
/// ```
#[derive(Clone, Debug)]
pub struct Decoder {
    encoding: Encoding,
    /// Offset in the stream of the first byte not decoded yet (the first
    /// byte of `carry` if any, else the next byte of the input).
    pos: usize,
    carry: [u8; CARRY],
    carry_len: u8,
    pending: Pending,
    /// ISO-2022-JP: the character set the last escape sequence chose.
    #[cfg(feature = "cjk")]
    mode: Mode,
    /// ISO-2022-JP: whether the last sequence was an escape sequence (two
    /// in a row are an error).
    #[cfg(feature = "cjk")]
    escaped: bool,
}

/// How a decoding call ended, before it is told as a [`DecoderResult`] or
/// a [`CoderResult`].
enum Stop {
    InputEmpty,
    OutputFull,
    Finished,
    Error(DecodeError),
}

impl Decoder {
    /// A decoder at the start of a stream in `encoding`.
    #[must_use]
    #[inline]
    pub const fn new(encoding: Encoding) -> Decoder {
        Decoder {
            encoding,
            pos: 0,
            carry: [0; CARRY],
            carry_len: 0,
            pending: Pending::EMPTY,
            #[cfg(feature = "cjk")]
            mode: Mode::Ascii,
            #[cfg(feature = "cjk")]
            escaped: false,
        }
    }

    /// The encoding this decoder reads.
    #[must_use]
    #[inline]
    pub const fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// Forgets the stream so far: the decoder is as [`new`](Self::new) made it.
    #[inline]
    pub fn reset(&mut self) {
        *self = Decoder::new(self.encoding);
    }

    /// The offset in the stream of the first input byte not decoded yet:
    /// the output written so far, followed by [`pending`](Self::pending),
    /// is the decoding of exactly the input before it. Bytes read past it
    /// (at most 6) wait in the decoder for the rest of their character.
    ///
    /// ```
    /// use litenc_runtime::{stream::Decoder, Encoding};
    ///
    /// let mut d = Decoder::new(Encoding::Utf16Le);
    /// let mut out = [0u8; 16];
    /// let (_, read, written) = d.decode(b"a\x00b\x00\x3D", &mut out, false);
    /// assert_eq!((read, written, d.position()), (5, 2, 4));
    /// assert!(d.pending().is_empty());
    /// ```
    #[must_use]
    #[inline]
    pub const fn position(&self) -> usize {
        self.pos
    }

    /// The output bytes that the decoder holds: the rest of a character
    /// that [`decode`](Self::decode) or [`decode_lossy`](Self::decode_lossy)
    /// decoded into a `dst` shorter than it (a `dst` of fewer than 4 bytes),
    /// and wrote what fitted of. They belong before all further output: the
    /// next `decode` or `decode_lossy` writes them first;
    /// [`decode_to_str`](Self::decode_to_str), whose output is whole
    /// characters, does not take them. Empty otherwise, and always with a
    /// `dst` of at least 4 bytes.
    ///
    /// ```
    /// use litenc_runtime::stream::{Decoder, DecoderResult};
    /// use litenc_runtime::Encoding;
    ///
    /// // "ж" is D0 B6 in UTF-8: a one-byte `dst` takes one byte at a time.
    /// let mut d = Decoder::new(Encoding::Koi8R);
    /// let mut one = [0u8; 1];
    /// let (r, read, written) = d.decode(b"\xD6", &mut one, true);
    /// assert_eq!((r, read, written, one[0]), (DecoderResult::OutputFull, 1, 1, 0xD0));
    /// assert_eq!((d.position(), d.pending()), (1, &[0xB6][..]));
    /// let (r, read, written) = d.decode(b"", &mut one, true);
    /// assert_eq!((r, read, written, one[0]), (DecoderResult::Finished, 0, 1, 0xB6));
    /// ```
    #[must_use]
    #[inline]
    pub fn pending(&self) -> &[u8] {
        &self.pending.bytes[self.pending.start as usize..self.pending.end as usize]
    }

    /// An output buffer of this many bytes always takes the whole decoding
    /// of the next `src_len` input bytes, strict or lossy (3 bytes per
    /// input byte, as a U+FFFD for one byte is 3 bytes, plus what the
    /// decoder holds), so the call cannot end with `OutputFull`. A smaller
    /// buffer works too, over more calls. `None` on overflow.
    ///
    /// ```
    /// use litenc_runtime::{stream::Decoder, Encoding};
    /// assert_eq!(Decoder::new(Encoding::Koi8R).max_utf8_len(100), Some(300));
    /// ```
    #[must_use]
    #[inline]
    pub const fn max_utf8_len(&self, src_len: usize) -> Option<usize> {
        let held = self.carry_len as usize + (self.pending.end - self.pending.start) as usize;
        match src_len.checked_add(held) {
            Some(n) => n.checked_mul(3),
            None => None,
        }
    }

    /// Decodes `src` into `dst` as UTF-8, stopping at the first ill-formed
    /// sequence; `last` says that `src` ends the stream. Returns the
    /// [`DecoderResult`], the bytes of `src` consumed and the bytes of `dst`
    /// written. `dst[..written]` is UTF-8, whole characters when `dst` is
    /// at least 4 bytes long.
    ///
    /// ```
    /// use litenc_runtime::stream::{Decoder, DecoderResult};
    /// use litenc_runtime::{DecodeErrorKind, Encoding};
    ///
    /// let mut d = Decoder::new(Encoding::Windows1253);
    /// let mut out = [0u8; 16];
    /// // 0xAA is undefined in windows-1253.
    /// let (r, read, written) = d.decode(b"\xE1\xE2\xAA\xE3", &mut out, true);
    /// let DecoderResult::Error(e) = r else { panic!() };
    /// assert_eq!((read, &out[..written]), (3, "αβ".as_bytes()));
    /// assert_eq!((e.valid_up_to(), e.kind()), (2, DecodeErrorKind::Malformed { len: 1 }));
    /// // The bad byte is consumed; the rest decodes.
    /// let (r, read, written) = d.decode(b"\xE3", &mut out, true);
    /// assert_eq!((r, read, &out[..written]), (DecoderResult::Finished, 1, "γ".as_bytes()));
    /// ```
    #[inline]
    pub fn decode(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> (DecoderResult, usize, usize) {
        let mut replaced = false;
        let (stop, read, written) = self.run(src, dst, last, false, false, &mut replaced);
        let result = match stop {
            Stop::InputEmpty => DecoderResult::InputEmpty,
            Stop::OutputFull => DecoderResult::OutputFull,
            Stop::Finished => DecoderResult::Finished,
            Stop::Error(e) => DecoderResult::Error(e),
        };
        (result, read, written)
    }

    /// [`decode`](Self::decode), giving the output as `&str`: whole
    /// characters only, so a `dst` of at least 4 bytes is needed to be
    /// sure of progress (a shorter one that cannot hold the next character
    /// gives `OutputFull`). This spares the caller a second validation of
    /// the output, for an [`Encoder`] say. The string starts at `dst[0]`.
    ///
    /// The rest of a character that an earlier `decode` or `decode_lossy`
    /// split over a `dst` shorter than it ([`pending`](Self::pending)) is no
    /// string of its own: while the decoder holds such bytes, this call
    /// reads and writes nothing and returns `OutputFull` with `""`. Take
    /// them with `decode` (even of empty input), which writes them first.
    ///
    /// ```
    /// use litenc_runtime::stream::{Decoder, DecoderResult};
    /// use litenc_runtime::Encoding;
    ///
    /// let mut d = Decoder::new(Encoding::Utf8);
    /// let mut two = [0u8; 2];
    /// // "€" is E2 82 AC: two bytes fit, the third waits.
    /// assert_eq!(d.decode(b"\xE2\x82\xACz", &mut two, true), (DecoderResult::OutputFull, 3, 2));
    /// let mut out = [0u8; 8];
    /// assert_eq!(d.decode_to_str(b"z", &mut out, true), (DecoderResult::OutputFull, 0, ""));
    /// assert_eq!(d.decode(b"", &mut out, false), (DecoderResult::InputEmpty, 0, 1));
    /// assert_eq!(out[0], 0xAC);
    /// assert_eq!(d.decode_to_str(b"z", &mut out, true), (DecoderResult::Finished, 1, "z"));
    /// ```
    ///
    /// ```
    /// use litenc_runtime::stream::{Decoder, DecoderResult};
    /// use litenc_runtime::Encoding;
    ///
    /// let mut d = Decoder::new(Encoding::Ibm866);
    /// let mut out = [0u8; 8];
    /// let (r, read, text) = d.decode_to_str(b"\x8F\xE0\xA8\xA2\xA5\xE2", &mut out, true);
    /// assert_eq!((r, read, text), (DecoderResult::OutputFull, 4, "Прив"));
    /// ```
    #[inline]
    pub fn decode_to_str<'a>(
        &mut self,
        src: &[u8],
        dst: &'a mut [u8],
        last: bool,
    ) -> (DecoderResult, usize, &'a str) {
        if !self.pending.is_empty() {
            return (DecoderResult::OutputFull, 0, "");
        }
        let mut replaced = false;
        let (stop, read, written) = self.run(src, dst, last, false, true, &mut replaced);
        let result = match stop {
            Stop::InputEmpty => DecoderResult::InputEmpty,
            Stop::OutputFull => DecoderResult::OutputFull,
            Stop::Finished => DecoderResult::Finished,
            Stop::Error(e) => DecoderResult::Error(e),
        };
        // `run` with `whole` writes whole characters only, and the pending
        // bytes, which are not, were none.
        (result, read, crate::trusted::str(&dst[..written]))
    }

    /// Decodes `src` into `dst` as UTF-8, writing U+FFFD for each
    /// ill-formed part exactly where
    /// [`Encoding::decode_lossy`](crate::Encoding::decode_lossy) writes one
    /// for the whole stream. Returns the [`CoderResult`], the bytes
    /// consumed and written, and whether this call wrote a U+FFFD for bad
    /// input.
    ///
    /// ```
    /// use litenc_runtime::stream::{CoderResult, Decoder};
    /// use litenc_runtime::Encoding;
    ///
    /// let mut d = Decoder::new(Encoding::Utf8);
    /// let mut out = [0u8; 16];
    /// let (_, _, n, _) = d.decode_lossy(b"caf\xC3", &mut out, false);
    /// // The stream ends inside `C3 xx`: one U+FFFD.
    /// let (r, _, m, replaced) = d.decode_lossy(b"", &mut out[n..], true);
    /// assert_eq!((r, replaced), (CoderResult::Finished, true));
    /// assert_eq!(&out[..n + m], "caf\u{FFFD}".as_bytes());
    /// ```
    #[inline]
    pub fn decode_lossy(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> (CoderResult, usize, usize, bool) {
        let mut replaced = false;
        let (stop, read, written) = self.run(src, dst, last, true, false, &mut replaced);
        let result = match stop {
            Stop::InputEmpty => CoderResult::InputEmpty,
            Stop::Finished => CoderResult::Finished,
            // The lossy loop never stops at an error.
            Stop::OutputFull | Stop::Error(_) => CoderResult::OutputFull,
        };
        (result, read, written, replaced)
    }

    /// Handles one failed step at `at` of `len` input bytes (`None`: the
    /// stream ends inside a character): strict, the error; lossy, a U+FFFD
    /// if it fits (`Err(OutputFull)` if not, nothing consumed). `Ok(None)`
    /// means consumed and replaced.
    #[inline]
    fn bad(
        &mut self,
        at: usize,
        len: Option<usize>,
        lossy: bool,
        dst: &mut [u8],
        written: &mut usize,
        replaced: &mut bool,
    ) -> Result<Option<DecodeError>, Stop> {
        let error = match len {
            Some(len) => DecodeError::malformed(self.encoding, at, len),
            None => DecodeError::truncated(self.encoding, at),
        };
        if lossy {
            if !self.pending.put("\u{FFFD}".as_bytes(), dst, written, true) {
                return Err(Stop::OutputFull);
            }
            *replaced = true;
            return Ok(None);
        }
        Ok(Some(error))
    }

    /// Writes the one or two decoded scalar values of a sequence (`cp2`: 0
    /// or the second), both or neither.
    #[inline]
    fn put_chars(
        &mut self,
        cp: u32,
        cp2: u32,
        dst: &mut [u8],
        written: &mut usize,
        split: bool,
    ) -> bool {
        let mut buf = [0u8; 8];
        let mut n = scalar::write_utf8(&mut buf, 0, cp);
        if cp2 != 0 {
            n = scalar::write_utf8(&mut buf, n, cp2);
        }
        self.pending.put(&buf[..n], dst, written, split)
    }

    /// Drops the first `len` bytes of the carry, which are decoded.
    #[inline]
    fn drain_carry(&mut self, len: usize) {
        let have = self.carry_len as usize;
        self.carry.copy_within(len..have, 0);
        self.carry_len = (have - len) as u8;
        self.pos = self.pos.wrapping_add(len);
    }

    /// Notes whether the last sequence was an ISO-2022-JP escape sequence.
    #[cfg_attr(not(feature = "cjk"), allow(clippy::unused_self))]
    #[inline]
    fn set_escaped(&mut self, escaped: bool) {
        #[cfg(feature = "cjk")]
        {
            self.escaped = escaped;
        }
        #[cfg(not(feature = "cjk"))]
        let _ = escaped;
    }

    /// The sequence at `bytes[i..]` (`i < bytes.len()`), in the mode the
    /// stream is in (`lossy`: as a lossy decoder reads it, which differs
    /// only for GSM 03.38's escape before an empty code).
    #[cfg_attr(not(feature = "cjk"), allow(clippy::unused_self))]
    #[inline]
    fn read_seq(&self, f: Family, bytes: &[u8], i: usize, lossy: bool) -> Read {
        #[cfg(feature = "cjk")]
        if let Family::Cjk(c) = f {
            return match decode_seq(c, bytes, i, self.mode) {
                Seq::Char { cp, cp2, len } => Read::Char { cp, cp2, len },
                Seq::Escape { mode } => Read::Escape(mode),
                Seq::Malformed { len } => Read::Malformed(len),
                Seq::Truncated { len } => Read::Truncated(len),
            };
        }
        let step = if lossy && matches!(f, Family::Gsm) {
            rules::gsm::lossy_step(bytes, i)
        } else {
            rules::step(f, bytes, i)
        };
        match step {
            Step::Char { cp, len } => Read::Char { cp, cp2: 0, len },
            Step::Malformed(len) => Read::Malformed(len),
            Step::Truncated => Read::Truncated(bytes.len() - i),
        }
    }

    /// Decodes one sequence read at `self.pos` (a `Truncated` one is the
    /// end of the stream): the input bytes it consumes, and where the call
    /// stops after it, if it does.
    #[inline]
    fn handle(
        &mut self,
        seq: Read,
        dst: &mut [u8],
        written: &mut usize,
        mode: (bool, bool),
        replaced: &mut bool,
    ) -> (usize, Option<Stop>) {
        let (lossy, whole) = mode;
        let (at, len, kind) = match seq {
            Read::Char { cp, cp2, len } => {
                if !self.put_chars(cp, cp2, dst, written, !whole) {
                    return (0, Some(Stop::OutputFull));
                }
                self.set_escaped(false);
                return (len, None);
            }
            #[cfg(feature = "cjk")]
            Read::Escape(mode) => {
                if !self.escaped {
                    self.mode = mode;
                    self.escaped = true;
                    return (3, None);
                }
                // Nothing decoded in the mode of the escape sequence before:
                // that one is the error, and this one takes effect.
                (self.pos.wrapping_sub(3), 0, Some(3))
            }
            Read::Malformed(len) => (self.pos, len, Some(len)),
            Read::Truncated(len) => (self.pos, len, None),
        };
        match self.bad(at, kind, lossy, dst, written, replaced) {
            Err(stop) => (0, Some(stop)),
            Ok(Some(e)) => {
                // Strict: a second escape sequence is read again, as the
                // first after the error.
                self.set_escaped(false);
                (len, Some(Stop::Error(e)))
            }
            Ok(None) => {
                #[cfg(feature = "cjk")]
                if let Read::Escape(mode) = seq {
                    self.mode = mode;
                    return (3, None);
                }
                self.set_escaped(false);
                (len, None)
            }
        }
    }

    /// The decoding loop of every mode (`whole`: never split a character
    /// over calls).
    #[inline]
    fn run(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
        lossy: bool,
        whole: bool,
        replaced: &mut bool,
    ) -> (Stop, usize, usize) {
        let f = self.encoding.family();
        let mut read = 0;
        let mut written = 0;
        self.pending.flush(dst, &mut written);
        if !self.pending.is_empty() {
            return (Stop::OutputFull, 0, written);
        }
        loop {
            if !self.pending.is_empty() {
                return (Stop::OutputFull, read, written);
            }
            // A character cut at the end of an earlier piece: one step at a
            // time, pulling bytes from `src` while the step is truncated.
            if self.carry_len > 0 {
                let carry_len = self.carry_len as usize;
                match self.read_seq(f, &self.carry[..carry_len], 0, lossy) {
                    Read::Truncated(_) if read < src.len() && carry_len < CARRY => {
                        self.carry[carry_len] = src[read];
                        self.carry_len += 1;
                        read += 1;
                    }
                    Read::Truncated(_) if !last => {
                        return (Stop::InputEmpty, read, written);
                    }
                    seq => {
                        let (n, stop) =
                            self.handle(seq, dst, &mut written, (lossy, whole), replaced);
                        self.drain_carry(n);
                        if let Some(stop) = stop {
                            return (stop, read, written);
                        }
                    }
                }
                continue;
            }
            if read == src.len() {
                if last {
                    self.reset();
                    return (Stop::Finished, read, written);
                }
                return (Stop::InputEmpty, read, written);
            }
            if self.bulk(f, src, dst, &mut read, &mut written) {
                continue;
            }
            // One sequence, exactly.
            match self.read_seq(f, src, read, lossy) {
                Read::Truncated(_) => {
                    // The piece ends inside a character (fewer than
                    // `CARRY` bytes): keep them for the next piece.
                    let tail = &src[read..];
                    self.carry[..tail.len()].copy_from_slice(tail);
                    self.carry_len = tail.len() as u8;
                    read = src.len();
                }
                seq => {
                    let (n, stop) = self.handle(seq, dst, &mut written, (lossy, whole), replaced);
                    read += n;
                    self.pos = self.pos.wrapping_add(n);
                    if let Some(stop) = stop {
                        return (stop, read, written);
                    }
                }
            }
        }
    }

    /// The bulk: as much of `src[*read..]` as surely fits, back to the last
    /// whole character, in one fast call. `true` if it made progress and
    /// ended on a character boundary (the loop tries the bulk again); else
    /// the next sequence is for the exact step.
    #[inline]
    fn bulk(
        &mut self,
        f: Family,
        src: &[u8],
        dst: &mut [u8],
        read: &mut usize,
        written: &mut usize,
    ) -> bool {
        let rest = &src[*read..];
        let room = dst.len() - *written;
        #[cfg(feature = "cjk")]
        if let Family::Cjk(Cjk::Iso2022Jp) = f {
            // The fast decoder starts in ASCII mode: in it, the run of
            // ASCII up to the next escape sequence (or shift, an error) is
            // its own decoding, copied; in the other modes, exact steps.
            if self.mode != Mode::Ascii {
                return false;
            }
            let rest = &rest[..rest.len().min(room)];
            let ascii = fast_ascii_len(rest);
            let k = rest[..ascii]
                .iter()
                .position(|&b| matches!(b, ESC | 0x0E | 0x0F))
                .unwrap_or(ascii);
            if k == 0 {
                return false;
            }
            dst[*written..*written + k].copy_from_slice(&rest[..k]);
            *written += k;
            *read += k;
            self.pos = self.pos.wrapping_add(k);
            self.escaped = false;
            return true;
        }
        let fits = rest.len().min(room / f.max_utf8_bytes_per_byte());
        let take = complete_prefix(f, &rest[..fits]);
        if take == 0 {
            return false;
        }
        let out = &mut dst[*written..];
        let valid = match fast::family::decode_into(f, &rest[..take], out) {
            Ok(n) => {
                *written += n;
                *read += take;
                self.pos = self.pos.wrapping_add(take);
                self.set_escaped(false);
                return true;
            }
            Err(e) => e.valid_up_to(),
        };
        // Decode the valid part again (the fast call's output is
        // unspecified after an error); the bad part is for the step.
        if valid > 0
            && let Ok(n) = fast::family::decode_into(f, &rest[..valid], out)
        {
            *written += n;
            *read += valid;
            self.pos = self.pos.wrapping_add(valid);
            self.set_escaped(false);
        }
        false
    }
}

/// One sequence as the decoder reads it, in every family.
#[derive(Clone, Copy)]
enum Read {
    /// A character: `cp`, then `cp2` unless it is 0, from `len` bytes.
    Char { cp: u32, cp2: u32, len: usize },
    /// An ISO-2022-JP escape sequence (3 bytes) into a mode.
    #[cfg(feature = "cjk")]
    Escape(Mode),
    /// An ill-formed sequence of this many bytes.
    Malformed(usize),
    /// The input ends inside a sequence; at the end of the stream, an error
    /// of this many bytes, after which decoding goes on.
    Truncated(usize),
}

/// The number of bytes at the start of `b` below `0x80`.
#[cfg(feature = "cjk")]
#[inline]
fn fast_ascii_len(b: &[u8]) -> usize {
    crate::simd::ascii::ascii_len(b)
}

/// The length of the longest prefix of `bytes` that does not end inside a
/// character, judged from its last few bytes; the rest goes through the
/// exact steps. (Only a hint: cutting too early costs a few steps, and a
/// cut inside a character is reported by the fast call as truncated.)
#[inline]
fn complete_prefix(f: Family, bytes: &[u8]) -> usize {
    let len = bytes.len();
    match f {
        Family::SingleByte(_) => len,
        // An escape at the end waits for the code after it.
        Family::Gsm => {
            if len > 0 && bytes[len - 1] == crate::rules::gsm::ESC {
                len - 1
            } else {
                len
            }
        }
        // No way back to a character's start from its end (a trail byte
        // may be a lead byte too): the whole piece, and the fast call
        // reports a character cut at its end as truncated input.
        // (ISO-2022-JP never comes here: see `Decoder::bulk`.)
        #[cfg(feature = "cjk")]
        Family::Cjk(_) => len,
        // Whole units of four bytes: any of them is a character or an
        // error of its own.
        Family::Utf32 { .. } => len & !3,
        Family::Utf16 { big_endian } => {
            let even = len & !1;
            if even >= 2 {
                let last = if big_endian {
                    bytes[even - 2]
                } else {
                    bytes[even - 1]
                };
                if (0xD8..=0xDB).contains(&last) {
                    return even - 2;
                }
            }
            even
        }
        Family::Utf8 => utf8_boundary(bytes, 4),
        Family::Cesu { .. } => {
            let end = utf8_boundary(bytes, 3);
            // A high surrogate waits for its low one.
            if end >= 3 && bytes[end - 3] == 0xED && (0xA0..=0xAF).contains(&bytes[end - 2]) {
                end - 3
            } else {
                end
            }
        }
    }
}

/// [`complete_prefix`] for the UTF-8 family, whose longest sequence is
/// `longest` bytes: back over continuation bytes to the last lead, and
/// before it if its sequence is not all there.
#[inline]
fn utf8_boundary(bytes: &[u8], longest: usize) -> usize {
    let len = bytes.len();
    let mut k = 1;
    while k < longest && k <= len {
        let b = bytes[len - k];
        if b & 0xC0 != 0x80 {
            let need = match b {
                0xC0..=0xDF => 2,
                0xE0..=0xEF => 3,
                0xF0..=0xF7 => 4,
                _ => 1,
            };
            return if need > k { len - k } else { len };
        }
        k += 1;
    }
    len
}

/// A streaming encoder from UTF-8 text to one encoding.
///
/// The input is `&str`, so pieces are cut between characters; the output
/// may be cut anywhere (a `dst` of 1 byte works). [`encode`](Self::encode)
/// stops at the first character the encoding cannot hold, with its offset
/// in the whole stream; calling again goes on after it, which is how a
/// caller skips or replaces such characters.
///
/// ```
/// use litenc_runtime::stream::{Encoder, EncoderResult};
/// use litenc_runtime::{EncodeError, Encoding};
///
/// let mut e = Encoder::new(Encoding::Koi8R);
/// let mut out = [0u8; 16];
/// assert_eq!(e.encode("Цена: ", &mut out, false), (EncoderResult::InputEmpty, 10, 6));
/// let (r, read, written) = e.encode("5€", &mut out, true);
/// assert_eq!((read, &out[..written]), (4, &b"5"[..]));
/// assert_eq!(
///     r,
///     EncoderResult::Error(EncodeError::Unencodable { encoding: Encoding::Koi8R, offset: 11, ch: '€' })
/// );
/// assert_eq!(e.encode("", &mut out, true), (EncoderResult::Finished, 0, 0));
/// ```
#[derive(Clone, Debug)]
pub struct Encoder {
    encoding: Encoding,
    /// Offset in the stream of the next byte of input.
    pos: usize,
    pending: Pending,
    /// ISO-2022-JP: the mode the encoder is in.
    #[cfg(feature = "cjk")]
    mode: Mode,
}

impl Encoder {
    /// An encoder at the start of a stream in `encoding`.
    #[must_use]
    #[inline]
    pub const fn new(encoding: Encoding) -> Encoder {
        Encoder {
            encoding,
            pos: 0,
            pending: Pending::EMPTY,
            #[cfg(feature = "cjk")]
            mode: Mode::Ascii,
        }
    }

    /// An encoder in the middle of a stream in `encoding`, `pos` bytes of
    /// text after its start, after a character boundary where the
    /// encoding holds no state (for the positions of its errors).
    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) const fn starting_at(encoding: Encoding, pos: usize) -> Encoder {
        let mut e = Encoder::new(encoding);
        e.pos = pos;
        e
    }

    /// Takes back the last `len` bytes of input, a character the last call
    /// reported as an error, so that it counts as not read.
    #[cfg(feature = "std")]
    #[inline]
    pub(crate) fn unread(&mut self, len: usize) {
        self.pos = self.pos.wrapping_sub(len);
    }

    /// The encoding this encoder writes.
    #[must_use]
    #[inline]
    pub const fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// Forgets the stream so far: the encoder is as [`new`](Self::new) made it.
    #[inline]
    pub fn reset(&mut self) {
        *self = Encoder::new(self.encoding);
    }

    /// An output buffer of this many bytes always takes the whole encoding
    /// of the next `src_len` bytes of text
    /// ([`Encoding::max_bytes_per_utf8_byte`] per byte, plus what the
    /// encoder holds, plus ISO-2022-JP's return to ASCII when it is in
    /// another mode), so the call cannot end with `OutputFull`. `None` on
    /// overflow.
    #[must_use]
    #[inline]
    pub const fn max_len(&self, src_len: usize) -> Option<usize> {
        let held = (self.pending.end - self.pending.start) as usize;
        #[cfg(feature = "cjk")]
        let held = if matches!(self.mode, Mode::Ascii) {
            held
        } else {
            held + ISO_2022_JP_END.len
        };
        match src_len.checked_mul(self.encoding.max_bytes_per_utf8_byte()) {
            Some(n) => n.checked_add(held),
            None => None,
        }
    }

    /// Encodes `src` into `dst`; `last` says that `src` ends the stream.
    /// Returns the [`EncoderResult`], the bytes of `src` consumed and the
    /// bytes of `dst` written. A character the encoding cannot hold is an
    /// error ([`Unmappable::Error`]); [`encode_with`](Self::encode_with)
    /// takes another policy.
    #[inline]
    pub fn encode(
        &mut self,
        src: &str,
        dst: &mut [u8],
        last: bool,
    ) -> (EncoderResult, usize, usize) {
        self.encode_with(src, dst, last, Unmappable::Error)
    }

    /// [`encode`](Self::encode), writing what `policy` says for each
    /// character the encoding cannot hold: nothing, a replacement
    /// character, or a numeric character reference, in the encoding (and,
    /// in ISO-2022-JP, after the escape sequence its mode needs). Only
    /// [`Unmappable::Error`], and a [`Unmappable::Replace`] whose character
    /// the encoding cannot hold either, end a call with
    /// [`EncoderResult::Error`]. Between such characters the text goes
    /// through the same fast code as [`encode`](Self::encode).
    ///
    /// A replacement can be longer than [`max_len`](Self::max_len) counts
    /// (`&#8364;` is 7 bytes for 3 of text): the call then ends with
    /// `OutputFull` and goes on in the next.
    ///
    /// ```
    /// use litenc_runtime::stream::{Encoder, EncoderResult};
    /// use litenc_runtime::{Encoding, Unmappable};
    ///
    /// let mut e = Encoder::new(Encoding::Iso2022Jp);
    /// let mut out = [0u8; 32];
    /// let (r, read, n) = e.encode_with("日本😀", &mut out, true, Unmappable::CharRef);
    /// assert_eq!((r, read), (EncoderResult::Finished, 10));
    /// assert_eq!(&out[..n], b"\x1B$BF|K\\\x1B(B&#128512;");
    /// ```
    #[inline]
    pub fn encode_with(
        &mut self,
        src: &str,
        dst: &mut [u8],
        last: bool,
        policy: Unmappable,
    ) -> (EncoderResult, usize, usize) {
        let f = self.encoding.family();
        let mut read = 0;
        let mut written = 0;
        let mut window = usize::MAX;
        self.pending.flush(dst, &mut written);
        loop {
            if !self.pending.is_empty() {
                return (EncoderResult::OutputFull, read, written);
            }
            if read == src.len() {
                if last {
                    #[cfg(feature = "cjk")]
                    if !matches!(self.mode, Mode::Ascii) {
                        // ISO-2022-JP ends in ASCII mode.
                        let end = ISO_2022_JP_END.bytes.to_le_bytes();
                        if !self.pending.put(&end[..3], dst, &mut written, true) {
                            return (EncoderResult::OutputFull, read, written);
                        }
                        self.mode = Mode::Ascii;
                        continue;
                    }
                    self.reset();
                    return (EncoderResult::Finished, read, written);
                }
                return (EncoderResult::InputEmpty, read, written);
            }
            let before = read;
            self.bulk(f, &src[read..], dst, window, &mut read, &mut written);
            if read == src.len() {
                continue;
            }
            // Text where unencodable characters are dense is handed to the
            // fast code in windows that start at 64 bytes after such a
            // character and double while the fast code fills them, so that
            // each call costs about what it encodes, not what is left.
            window = if (read - before).saturating_mul(2) >= window {
                window.saturating_mul(2)
            } else {
                64
            };
            // One character, exactly.
            let rest = &src[read..];
            let (cp, len) = scalar::next_char(rest.as_bytes(), 0);
            let mut buf = [0u8; 16];
            let n = self.encode_char(f, cp, &mut buf);
            if n == 0
                && !matches!(policy, Unmappable::Error)
                && let Some((k, mode_after)) = self.replacement(f, cp, policy, &mut buf)
            {
                if !self.pending.put(&buf[..k], dst, &mut written, true) {
                    return (EncoderResult::OutputFull, read, written);
                }
                #[cfg(feature = "cjk")]
                {
                    self.mode = mode_after;
                }
                #[cfg(not(feature = "cjk"))]
                let () = mode_after;
                read += len;
                self.pos = self.pos.wrapping_add(len);
                continue;
            }
            if n == 0 {
                // ISO-2022-JP returns to ASCII before the error, as the
                // one-shot encoder ends there, so that what the caller
                // writes next (a replacement, say) starts in ASCII.
                #[cfg(feature = "cjk")]
                if !matches!(self.mode, Mode::Ascii) {
                    let end = ISO_2022_JP_END.bytes.to_le_bytes();
                    if !self.pending.put(&end[..3], dst, &mut written, true) {
                        return (EncoderResult::OutputFull, read, written);
                    }
                    self.mode = Mode::Ascii;
                }
                let e = EncodeError::Unencodable {
                    encoding: self.encoding,
                    offset: self.pos,
                    ch: scalar::to_char(cp),
                };
                read += len;
                self.pos = self.pos.wrapping_add(len);
                return (EncoderResult::Error(e), read, written);
            }
            if !self.pending.put(&buf[..n], dst, &mut written, true) {
                return (EncoderResult::OutputFull, read, written);
            }
            #[cfg(feature = "cjk")]
            if let Family::Cjk(Cjk::Iso2022Jp) = f {
                self.mode = rules::cjk::encode_char_iso_2022_jp(cp, self.mode).1;
            }
            read += len;
            self.pos = self.pos.wrapping_add(len);
        }
    }

    /// The bytes of `cp` (a scalar value) in the encoding, in the mode the
    /// stream is in, at the start of `buf`: how many, 0 if the encoding
    /// cannot hold it.
    #[cfg_attr(not(feature = "cjk"), allow(clippy::unused_self))]
    #[inline]
    fn encode_char(&self, f: Family, cp: u32, buf: &mut [u8; 16]) -> usize {
        #[cfg(feature = "cjk")]
        if let Family::Cjk(c) = f {
            let (w, _) = crate::engine::cjk::encode_step(c, cp, self.mode);
            buf[..8].copy_from_slice(&w.bytes.to_le_bytes());
            return w.len;
        }
        if rules::char_len(f, cp) == 0 {
            return 0;
        }
        rules::write_char(f, cp, buf, 0)
    }

    /// What `policy` writes for `cp`, which the encoding cannot hold: its
    /// length at the start of `buf` and the ISO-2022-JP mode after it
    /// (else the mode the encoder is in), or `None` if the policy is to
    /// stop or the encoding cannot hold the replacement either.
    #[inline]
    fn replacement(
        &self,
        f: Family,
        cp: u32,
        policy: Unmappable,
        buf: &mut [u8; 16],
    ) -> Option<(usize, ModeAfter)> {
        // The replacement as text: one character, or `&#` and up to seven
        // digits and `;`.
        let mut text = [0u8; 10];
        let text_len = match policy {
            Unmappable::Error => return None,
            Unmappable::Skip => 0,
            Unmappable::Replace(c) => c.encode_utf8(&mut text).len(),
            Unmappable::CharRef => {
                let mut digits = [0u8; 7];
                let (mut d, mut v) = (digits.len(), cp);
                loop {
                    d -= 1;
                    digits[d] = b'0' + (v % 10) as u8;
                    v /= 10;
                    if v == 0 {
                        break;
                    }
                }
                let n = digits.len() - d;
                text[..2].copy_from_slice(b"&#");
                text[2..2 + n].copy_from_slice(&digits[d..]);
                text[2 + n] = b';';
                n + 3
            }
        };
        #[cfg(feature = "cjk")]
        let mut mode = self.mode;
        #[cfg(not(feature = "cjk"))]
        let mode = ();
        let mut len = 0;
        let mut at = 0;
        while at < text_len {
            let (c, n) = scalar::next_char(&text[..text_len], at);
            at += n;
            let mut one = [0u8; 16];
            #[cfg(feature = "cjk")]
            let k = if let Family::Cjk(Cjk::Iso2022Jp) = f {
                let (w, after) = rules::cjk::encode_char_iso_2022_jp(c, mode);
                mode = after;
                one[..8].copy_from_slice(&w.bytes.to_le_bytes());
                w.len
            } else {
                self.encode_char(f, c, &mut one)
            };
            #[cfg(not(feature = "cjk"))]
            let k = self.encode_char(f, c, &mut one);
            if k == 0 || len + k > buf.len() {
                return None;
            }
            buf[len..len + k].copy_from_slice(&one[..k]);
            len += k;
        }
        Some((len, mode))
    }

    /// The bulk: as much of `rest` as surely fits (at most `window` bytes),
    /// in one fast call, up to the first character it cannot encode; advances `read` and `written`
    /// over what it encoded.
    #[inline]
    fn bulk(
        &mut self,
        f: Family,
        rest: &str,
        dst: &mut [u8],
        window: usize,
        read: &mut usize,
        written: &mut usize,
    ) {
        let room = dst.len() - *written;
        let mut take = rest
            .len()
            .min(room / self.encoding.max_bytes_per_utf8_byte())
            .min(window);
        while !rest.is_char_boundary(take) {
            take -= 1;
        }
        #[cfg(feature = "cjk")]
        let iso = matches!(f, Family::Cjk(Cjk::Iso2022Jp));
        #[cfg(feature = "cjk")]
        if iso {
            // The fast encoder starts in ASCII mode, and ends there with
            // `ESC ( B` unless the text ends with an ASCII character: so
            // only from ASCII mode, and up to the last ASCII character.
            if !matches!(self.mode, Mode::Ascii) {
                return;
            }
            take = after_last_ascii(&rest.as_bytes()[..take]);
        }
        if take == 0 {
            return;
        }
        let out = &mut dst[*written..];
        let take = match fast::family::encode_into(f, &rest[..take], out) {
            Ok(n) => {
                self.bulk_done(f, out, n, take, read, written);
                return;
            }
            Err(EncodeError::Unencodable { offset, .. }) => offset,
            Err(_) => return,
        };
        // Encode the part before the character again (the fast call's
        // output is unspecified after an error).
        #[cfg(feature = "cjk")]
        let take = if iso {
            after_last_ascii(&rest.as_bytes()[..take])
        } else {
            take
        };
        if take > 0
            && let Ok(n) = fast::family::encode_into(f, &rest[..take], out)
        {
            self.bulk_done(f, out, n, take, read, written);
        }
    }

    /// Takes the fast encoding of `take` bytes of text, `out[..n]`.
    #[cfg_attr(not(feature = "cjk"), allow(clippy::unused_self))]
    #[inline]
    fn bulk_done(
        &mut self,
        f: Family,
        out: &[u8],
        n: usize,
        take: usize,
        read: &mut usize,
        written: &mut usize,
    ) {
        #[cfg(feature = "cjk")]
        let n = if matches!(f, Family::Cjk(Cjk::Iso2022Jp))
            && n >= 3
            && out[n - 3..n] == ISO_2022_JP_END.bytes.to_le_bytes()[..3]
        {
            // Text that ends with an ASCII character ends in ASCII mode,
            // or in JIS X 0201 Roman (after a `¥` or `‾`), which the fast
            // encoder leaves at the end: the stream stays in it.
            self.mode = Mode::Roman;
            n - 3
        } else {
            n
        };
        #[cfg(not(feature = "cjk"))]
        let _ = (f, out);
        *written += n;
        *read += take;
        self.pos = self.pos.wrapping_add(take);
    }
}

/// The ISO-2022-JP mode after a replacement (nothing without `cjk`).
#[cfg(feature = "cjk")]
type ModeAfter = Mode;
#[cfg(not(feature = "cjk"))]
type ModeAfter = ();

/// The length of `b` up to and with its last ASCII byte (0 if none).
#[cfg(feature = "cjk")]
#[inline]
fn after_last_ascii(b: &[u8]) -> usize {
    b.iter().rposition(|&x| x < 0x80).map_or(0, |k| k + 1)
}

#[cfg(test)]
mod tests {
    use super::{Family, complete_prefix};
    use crate::engine;

    /// The hint cuts valid input at most one character early, and never
    /// inside one: the prefix it keeps is well formed on its own.
    #[test]
    fn complete_prefix_keeps_whole_characters() {
        let text = "aЖ€😀\0z\u{10FFFF}\u{FFFF}ab😀😀Ж\u{800}";
        let families = [
            Family::Utf8,
            Family::Utf16 { big_endian: false },
            Family::Utf16 { big_endian: true },
            Family::Cesu { java: true },
            Family::Cesu { java: false },
            Family::Utf32 { big_endian: false },
            Family::Utf32 { big_endian: true },
        ];
        for f in families {
            let mut bytes = [0u8; 128];
            let len = engine::encode_into(f, text, &mut bytes).unwrap();
            for k in 0..=len {
                let c = complete_prefix(f, &bytes[..k]);
                assert!(c <= k && k - c < 6, "{} cut at {k}: {c}", f.encoding());
                assert!(
                    engine::validate(f, &bytes[..c]).is_ok(),
                    "{} cut at {k}: {c}",
                    f.encoding()
                );
            }
            // A cut after a whole character keeps everything.
            assert_eq!(complete_prefix(f, &bytes[..len]), len);
        }
    }
}
