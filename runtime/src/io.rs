//! `std::io` adapters over the streaming coders: a [`DecodeReader`] that
//! reads bytes in any encoding and yields UTF-8 through [`Read`] and
//! [`BufRead`], and an [`EncodeWriter`] that takes UTF-8 through [`Write`]
//! and [`fmt::Write`] and writes another encoding.
//!
//! Both keep two buffers of fixed size, whatever the size of the stream,
//! and hand their bulk to the same fast code as the one-shot functions
//! ([`crate::stream::Decoder`] and [`crate::stream::Encoder`] underneath). Errors are
//! `io::Error`s of kind [`io::ErrorKind::InvalidData`] whose inner error is
//! the codec's: a [`DecodeError`] or an [`EncodeError`], with its byte
//! offset in the whole stream. Get it back with
//! `e.get_ref().and_then(|e| e.downcast_ref::<DecodeError>())`.
//!
//! ```
//! use std::io::{self, BufRead};
//! use litenc_runtime::io::{DecodeReader, EncodeWriter};
//! use litenc_runtime::{Encoding, Unmappable};
//!
//! // Windows-1251 in, lines of text out.
//! let file: &[u8] = b"\xCF\xF0\xE8\xE2\xE5\xF2\r\n\xEC\xE8\xF0\r\n";
//! let lines: Vec<String> = DecodeReader::new(file, Encoding::Windows1251)
//!     .lines()
//!     .collect::<io::Result<_>>()?;
//! assert_eq!(lines, ["Привет", "мир"]);
//!
//! // UTF-16LE with a byte-order mark in, KOI8-R out, `€` as a reference.
//! let input: &[u8] = b"\xFF\xFE\x1F\x04\x38\x04 \x00\xAC\x20";
//! let reader = DecodeReader::new(input, Encoding::Windows1252).sniff_bom();
//! let mut writer = EncodeWriter::new(Vec::new(), Encoding::Koi8R).unmappable(Unmappable::CharRef);
//! io::copy(&mut io::BufReader::new(reader), &mut writer)?;
//! assert_eq!(writer.finish()?, b"\xF0\xC9 &#8364;");
//! # Ok::<(), io::Error>(())
//! ```

use alloc::boxed::Box;
use alloc::vec;
use core::fmt;
use std::io::{self, BufRead, Read, Write};

use crate::encoding::Encoding;
use crate::error::{DecodeError, EncodeError};
use crate::policy::Unmappable;
use crate::stream::{CoderResult, Decoder, DecoderResult, Encoder, EncoderResult};

/// Bytes read from the inner reader at a time.
const READ_BUF: usize = 64 * 1024;
/// Bytes of UTF-8 a [`DecodeReader`] keeps for [`BufRead`].
const TEXT_BUF: usize = 32 * 1024;
/// Reads into buffers shorter than this go through the [`BufRead`] buffer.
const SMALL_READ: usize = 64;
/// Bytes of output an [`EncodeWriter`] gathers before it writes them.
const WRITE_BUF: usize = 32 * 1024;

#[inline]
fn invalid(e: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, e)
}

/// Where a [`DecodeReader`] is in its stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Waiting for the first bytes, to look for a byte-order mark.
    Sniff,
    /// Decoding.
    Running,
    /// The inner reader ended and everything was decoded.
    Done,
}

/// A reader of text in any encoding that yields it as UTF-8, through
/// [`Read`] and [`BufRead`]: `read_to_string`, `lines`, `io::copy` work on
/// it as on a UTF-8 file.
///
/// [`new`](Self::new) is strict: ill-formed input is an `io::Error` of
/// kind [`InvalidData`](io::ErrorKind::InvalidData) whose inner error is
/// the [`DecodeError`], with the offset of the ill-formed bytes in the
/// whole stream; every byte of text before them is delivered first, by the
/// reads before the one that fails. A read after the error goes on after
/// the ill-formed bytes (which is how a caller skips them). [`lossy`](Self::lossy)
/// writes U+FFFD instead, exactly where [`Encoding::decode_lossy`] does for
/// the whole input.
///
/// A byte-order mark is text by default (U+FEFF), as in the one-shot
/// functions; [`sniff_bom`](Self::sniff_bom) lets one choose the encoding
/// and removes it.
///
/// The inner reader may return short reads and
/// [`Interrupted`](io::ErrorKind::Interrupted) (which is retried), and cut
/// characters anywhere. The reader reads it 64 KiB at a time, so wrapping
/// it in a `BufReader` first is not needed; reads into a buffer of the
/// caller's are decoded straight into it. Its end is where the inner reader
/// first returns 0.
///
/// ```
/// use std::io::Read;
/// use litenc_runtime::io::DecodeReader;
/// use litenc_runtime::{DecodeError, Encoding};
///
/// let input: &[u8] = b"caf\xC3\xA9 \xC3(";
/// let mut text = String::new();
/// let err = DecodeReader::new(input, Encoding::Utf8).read_to_string(&mut text).unwrap_err();
/// let e = err.get_ref().unwrap().downcast_ref::<DecodeError>().unwrap();
/// assert_eq!((e.valid_up_to(), e.error_len()), (6, Some(1)));
///
/// let mut text = String::new();
/// DecodeReader::lossy(input, Encoding::Utf8).read_to_string(&mut text)?;
/// assert_eq!(text, "café \u{FFFD}(");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct DecodeReader<R> {
    inner: R,
    decoder: Decoder,
    lossy: bool,
    state: State,
    /// Bytes of the stream before what the decoder reads: a byte-order
    /// mark it removed.
    base: usize,
    /// Bytes of the stream consumed so far (the mark included).
    consumed: usize,
    /// Input read and not decoded yet: `input[in_start..in_end]`.
    input: Box<[u8]>,
    in_start: usize,
    in_end: usize,
    /// Text decoded for [`BufRead`] and not consumed yet:
    /// `text[text_start..text_end]`.
    text: Box<[u8]>,
    text_start: usize,
    text_end: usize,
    /// An error to report at the next read, once the text before it is
    /// delivered.
    error: Option<DecodeError>,
}

impl<R: Read> DecodeReader<R> {
    /// A strict reader of `inner`, in `encoding`.
    #[inline]
    pub fn new(inner: R, encoding: Encoding) -> DecodeReader<R> {
        DecodeReader {
            inner,
            decoder: Decoder::new(encoding),
            lossy: false,
            state: State::Running,
            base: 0,
            consumed: 0,
            input: vec![0u8; READ_BUF].into_boxed_slice(),
            in_start: 0,
            in_end: 0,
            text: Box::default(),
            text_start: 0,
            text_end: 0,
            error: None,
        }
    }

    /// A reader of `inner`, in `encoding`, that writes U+FFFD for each
    /// ill-formed part.
    ///
    /// ```
    /// use std::io::Read;
    /// use litenc_runtime::{io::DecodeReader, Encoding};
    ///
    /// let mut text = String::new();
    /// DecodeReader::lossy(&b"a\x00\x00\xD8b\x00"[..], Encoding::Utf16Le).read_to_string(&mut text)?;
    /// assert_eq!(text, "a\u{FFFD}b");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[inline]
    pub fn lossy(inner: R, encoding: Encoding) -> DecodeReader<R> {
        DecodeReader {
            lossy: true,
            ..DecodeReader::new(inner, encoding)
        }
    }

    /// Looks for a byte-order mark at the start of the stream
    /// ([`Encoding::for_bom`]: UTF-8, UTF-16LE/BE, UTF-32LE/BE): if there
    /// is one, it chooses the encoding in place of the one given and is
    /// removed; if not, the encoding given reads the stream from its first
    /// byte. The reader reads up to 4 bytes before it decides. Without
    /// effect once reading began.
    ///
    /// ```
    /// use std::io::Read;
    /// use litenc_runtime::{io::DecodeReader, Encoding};
    ///
    /// for input in [&b"\xEF\xBB\xBFh\xC3\xA9"[..], b"\xFE\xFF\x00h\x00\xE9", b"h\xE9"] {
    ///     let mut text = String::new();
    ///     DecodeReader::new(input, Encoding::Windows1252).sniff_bom().read_to_string(&mut text)?;
    ///     assert_eq!(text, "hé");
    /// }
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn sniff_bom(mut self) -> DecodeReader<R> {
        if self.state == State::Running && self.decoder.position() == 0 && self.in_end == 0 {
            self.state = State::Sniff;
        }
        self
    }

    /// The encoding being read: the one given, or the one a byte-order
    /// mark chose (once the reader has read it).
    #[inline]
    pub fn encoding(&self) -> Encoding {
        self.decoder.encoding()
    }

    /// The offset in the input stream of the first byte not decoded yet
    /// (a byte-order mark counts): the text decoded so far, whether read
    /// out or still buffered for [`BufRead`], is the decoding of the input
    /// before it. A character cut at the end of the input read so far
    /// waits in the decoder, after it.
    ///
    /// ```
    /// use std::io::BufRead;
    /// use litenc_runtime::{io::DecodeReader, Encoding};
    ///
    /// let mut r = DecodeReader::new(&b"\xFF\xFEh\x00i\x00"[..], Encoding::Utf8).sniff_bom();
    /// assert_eq!(r.fill_buf()?, b"hi");
    /// assert_eq!((r.encoding(), r.position()), (Encoding::Utf16Le, 6));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[inline]
    pub fn position(&self) -> usize {
        self.base + self.decoder.position()
    }

    /// The inner reader.
    #[inline]
    pub fn get_ref(&self) -> &R {
        &self.inner
    }

    /// The inner reader, mutably. Reading from it directly loses the
    /// place in the stream.
    #[inline]
    pub fn get_mut(&mut self) -> &mut R {
        &mut self.inner
    }

    /// The inner reader. Input it returned and this reader did not decode
    /// yet is lost.
    #[inline]
    pub fn into_inner(self) -> R {
        self.inner
    }

    /// Reads more input into `input[in_end..]`, retrying on `Interrupted`;
    /// 0 at the end of the inner reader.
    #[inline]
    fn fill_input(&mut self) -> io::Result<usize> {
        if self.in_start == self.in_end {
            self.in_start = 0;
            self.in_end = 0;
        }
        loop {
            match self.inner.read(&mut self.input[self.in_end..]) {
                Ok(n) => {
                    self.in_end += n;
                    return Ok(n);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// Reads the first bytes and lets a byte-order mark choose.
    #[inline]
    fn sniff(&mut self) -> io::Result<()> {
        while self.in_end < 4 {
            if self.fill_input()? == 0 {
                break;
            }
        }
        if let Some((enc, len)) = Encoding::for_bom(&self.input[..self.in_end]) {
            self.decoder = Decoder::new(enc);
            self.in_start = len;
            self.base = len;
            self.consumed = len;
        }
        self.state = State::Running;
        Ok(())
    }

    /// Decodes into `dst` (not empty) what the buffered input gives,
    /// reading more when it is empty; 0 only at the end of the stream.
    #[inline]
    fn decode_into(&mut self, dst: &mut [u8]) -> io::Result<usize> {
        if let Some(e) = self.error.take() {
            return Err(invalid(e));
        }
        if self.state == State::Sniff {
            self.sniff()?;
        }
        loop {
            if self.state == State::Done {
                return Ok(0);
            }
            let last = if self.in_start == self.in_end {
                self.fill_input()? == 0
            } else {
                false
            };
            let src = &self.input[self.in_start..self.in_end];
            let (finished, read, written, error) = if self.lossy {
                let (r, read, written, _) = self.decoder.decode_lossy(src, dst, last);
                (r == CoderResult::Finished, read, written, None)
            } else {
                match self.decoder.decode(src, dst, last) {
                    (DecoderResult::Error(e), read, written) => (false, read, written, Some(e)),
                    (r, read, written) => (r == DecoderResult::Finished, read, written, None),
                }
            };
            self.in_start += read;
            self.consumed += read;
            if finished {
                // The decoder starts over at 0: all of the stream is decoded.
                self.state = State::Done;
                self.base = self.consumed;
            }
            if let Some(e) = error {
                let e = e.after(self.base);
                if written == 0 {
                    return Err(invalid(e));
                }
                self.error = Some(e);
            }
            if written > 0 {
                return Ok(written);
            }
        }
    }
}

impl<R: Read> Read for DecodeReader<R> {
    #[inline]
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        if self.text_start < self.text_end || buf.len() < SMALL_READ {
            // Buffered text first; and a small buffer gets its text through
            // the buffer, so that the decoder never cuts a character.
            let text = self.fill_buf()?;
            let n = text.len().min(buf.len());
            buf[..n].copy_from_slice(&text[..n]);
            self.consume(n);
            return Ok(n);
        }
        self.decode_into(buf)
    }
}

impl<R: Read> BufRead for DecodeReader<R> {
    /// The next decoded text, whole characters (UTF-8 on its own), empty
    /// only at the end of the stream.
    #[inline]
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.text_start == self.text_end {
            if self.text.is_empty() {
                self.text = vec![0u8; TEXT_BUF].into_boxed_slice();
            }
            let mut text = core::mem::take(&mut self.text);
            let n = self.decode_into(&mut text);
            self.text = text;
            self.text_start = 0;
            self.text_end = 0;
            self.text_end = n?;
        }
        Ok(&self.text[self.text_start..self.text_end])
    }

    #[inline]
    fn consume(&mut self, amt: usize) {
        self.text_start = (self.text_start + amt).min(self.text_end);
    }
}

/// A writer that takes UTF-8 text, through [`Write`] (bytes, which may cut
/// characters anywhere) or [`fmt::Write`] (`write!`), and writes it to an
/// inner writer in another encoding.
///
/// Ill-formed UTF-8 is an `io::Error` of kind
/// [`InvalidData`](io::ErrorKind::InvalidData) whose inner error is a
/// UTF-8 [`DecodeError`]; a character the encoding cannot hold is one whose
/// inner error is [`EncodeError::Unencodable`], naming it, both with the
/// byte offset in the whole UTF-8 stream. The text before either is
/// written (the write that meets it returns the bytes before it; the next
/// one fails, consuming nothing, so a retry fails the same way). A policy
/// ([`unmappable`](Self::unmappable)) may skip or replace unencodable
/// characters instead.
///
/// Output is gathered in a 32 KiB buffer and written to the inner writer
/// when it is full, on [`flush`](Write::flush), and on
/// [`finish`](Self::finish), which also writes what the encoding needs at
/// the end (ISO-2022-JP's return to ASCII) and returns the inner writer.
/// Dropped without `finish`, the writer does the same as far as it can,
/// ignoring errors (and never panics); call `finish` to know they did not
/// happen.
///
/// ```
/// use std::fmt::Write as _;
/// use std::io;
/// use litenc_runtime::{io::EncodeWriter, EncodeError, Encoding};
///
/// let mut w = EncodeWriter::new(Vec::new(), Encoding::Iso2022Jp);
/// write!(w, "{}年", 2024).unwrap();
/// io::Write::write_all(&mut w, "東京\u{3000}".as_bytes())?;
/// let err = io::Write::write_all(&mut w, "€".as_bytes()).unwrap_err();
/// let e = err.get_ref().unwrap().downcast_ref::<EncodeError>().unwrap();
/// assert!(matches!(e, EncodeError::Unencodable { ch: '€', offset: 16, .. }));
/// assert_eq!(w.finish()?, b"2024\x1B$BG/El5~!!\x1B(B");
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct EncodeWriter<W: Write> {
    /// `None` only once `finish` took it.
    inner: Option<W>,
    encoder: Encoder,
    policy: Unmappable,
    /// Output not written to `inner` yet: `out[..out_len]`.
    out: Box<[u8]>,
    out_len: usize,
    /// The first bytes of a character cut at the end of the last write.
    partial: [u8; 4],
    partial_len: usize,
    /// Offset in the UTF-8 stream of the next byte of input.
    pos: usize,
}

#[allow(
    clippy::missing_panics_doc,
    reason = "`inner` is `None` only once `finish` took it, and `finish` consumes the writer"
)]
impl<W: Write> EncodeWriter<W> {
    /// A writer into `inner`, in `encoding`; a character the encoding
    /// cannot hold is an error ([`Unmappable::Error`]).
    #[inline]
    pub fn new(inner: W, encoding: Encoding) -> EncodeWriter<W> {
        EncodeWriter {
            inner: Some(inner),
            encoder: Encoder::new(encoding),
            policy: Unmappable::Error,
            out: vec![0u8; WRITE_BUF].into_boxed_slice(),
            out_len: 0,
            partial: [0; 4],
            partial_len: 0,
            pos: 0,
        }
    }

    /// Sets what to write for a character the encoding cannot hold (see
    /// [`Unmappable`]).
    ///
    /// ```
    /// use std::io::Write;
    /// use litenc_runtime::{io::EncodeWriter, Encoding, Unmappable};
    ///
    /// let mut w = EncodeWriter::new(Vec::new(), Encoding::Ibm437).unmappable(Unmappable::Replace('?'));
    /// w.write_all("Grüße, Ελλάδα".as_bytes())?;
    /// assert_eq!(w.finish()?, b"Gr\x81\xE1e, ????\xEB\xE0");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn unmappable(mut self, policy: Unmappable) -> EncodeWriter<W> {
        self.policy = policy;
        self
    }

    /// The encoding written.
    #[inline]
    pub fn encoding(&self) -> Encoding {
        self.encoder.encoding()
    }

    /// The inner writer.
    #[inline]
    pub fn get_ref(&self) -> &W {
        self.inner.as_ref().expect("taken only by `finish`")
    }

    /// The inner writer, mutably. Writing to it directly puts bytes
    /// before the output still gathered here.
    #[inline]
    pub fn get_mut(&mut self) -> &mut W {
        self.inner.as_mut().expect("taken only by `finish`")
    }

    /// Ends the stream: writes the output gathered and what the encoding
    /// needs at the end (ISO-2022-JP's return to ASCII), flushes the inner
    /// writer and returns it.
    ///
    /// # Errors
    /// A character cut at the end of the text (the UTF-8 was cut short:
    /// `InvalidData`, with a [`DecodeError`] of kind
    /// [`Truncated`](crate::DecodeErrorKind::Truncated)); or the inner
    /// writer's error, then the writer is dropped, and with it what was not
    /// written.
    #[inline]
    pub fn finish(mut self) -> io::Result<W> {
        self.end()?;
        let mut inner = self.inner.take().expect("taken only by `finish`");
        inner.flush()?;
        Ok(inner)
    }

    /// Writes the end of the stream to `out` and all of `out` to `inner`.
    #[inline]
    fn end(&mut self) -> io::Result<()> {
        if self.partial_len > 0 {
            let at = self.pos - self.partial_len;
            self.partial_len = 0;
            return Err(invalid(DecodeError::truncated(Encoding::Utf8, at)));
        }
        loop {
            let (r, _, written) =
                self.encoder
                    .encode_with("", &mut self.out[self.out_len..], true, self.policy);
            self.out_len += written;
            if r == EncoderResult::Finished {
                break;
            }
            self.flush_out()?;
        }
        self.flush_out()
    }

    /// Writes the gathered output to the inner writer.
    #[inline]
    fn flush_out(&mut self) -> io::Result<()> {
        if self.out_len > 0 {
            let inner = self.inner.as_mut().expect("taken only by `finish`");
            let n = self.out_len;
            self.out_len = 0;
            inner.write_all(&self.out[..n])?;
        }
        Ok(())
    }

    /// Encodes `text` (whole characters, at stream offset `self.pos`);
    /// returns the bytes of it consumed, all of them unless a character
    /// could not be encoded: then `Err` if it is the first.
    #[inline]
    fn encode_str(&mut self, text: &str) -> io::Result<usize> {
        let mut done = 0;
        loop {
            if self.out.len() - self.out_len < 16 {
                self.flush_out()?;
            }
            let (r, read, written) = self.encoder.encode_with(
                &text[done..],
                &mut self.out[self.out_len..],
                false,
                self.policy,
            );
            self.out_len += written;
            done += read;
            match r {
                EncoderResult::InputEmpty => {
                    self.pos += done;
                    return Ok(done);
                }
                EncoderResult::OutputFull => self.flush_out()?,
                EncoderResult::Error(e) => {
                    // The character is not taken: the next write starts
                    // with it, and fails the same way.
                    let len = match e {
                        EncodeError::Unencodable { ch, .. } => ch.len_utf8(),
                        _ => 0,
                    };
                    self.encoder.unread(len);
                    done -= len;
                    self.pos += done;
                    if done == 0 {
                        return Err(invalid(e));
                    }
                    return Ok(done);
                }
                EncoderResult::Finished => unreachable!("`last` is not set"),
            }
        }
    }
}

impl<W: Write> Write for EncodeWriter<W> {
    #[inline]
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        if self.partial_len > 0 {
            // Complete the character cut at the end of the last write.
            let have = self.partial_len;
            let need = match self.partial[0] {
                0xF0..=0xFF => 4,
                0xE0..=0xEF => 3,
                _ => 2,
            }
            .max(have + 1);
            let take = (need - have).min(buf.len());
            let mut ch = [0u8; 4];
            ch[..have].copy_from_slice(&self.partial[..have]);
            ch[have..have + take].copy_from_slice(&buf[..take]);
            let start = self.pos - have;
            match crate::fast::utf8::validate(&ch[..have + take]) {
                Ok(()) => {
                    let text = crate::trusted::str(&ch[..have + take]);
                    self.pos = start;
                    self.partial_len = 0;
                    return match self.encode_str(text) {
                        Ok(_) => Ok(take),
                        Err(e) => {
                            // Not taken: the character stays cut.
                            self.partial_len = have;
                            self.pos = start + have;
                            Err(e)
                        }
                    };
                }
                Err(e) if e.error_len().is_none() => {
                    // Still cut: keep what came.
                    self.partial[have..have + take].copy_from_slice(&buf[..take]);
                    self.partial_len += take;
                    self.pos += take;
                    return Ok(take);
                }
                Err(e) => {
                    // What the cut character had is ill-formed: drop it,
                    // so that the writer goes on after it.
                    let len = e.error_len().unwrap_or(1).min(have);
                    self.partial.copy_within(len..have, 0);
                    self.partial_len -= len;
                    return Err(invalid(DecodeError::malformed(
                        Encoding::Utf8,
                        start,
                        e.error_len().unwrap_or(1),
                    )));
                }
            }
        }
        let (text, cut) = match crate::fast::utf8::validate(buf) {
            Ok(()) => (crate::trusted::str(buf), 0),
            Err(e) => {
                let good = e.valid_up_to();
                if good == 0
                    && let Some(len) = e.error_len()
                {
                    return Err(invalid(DecodeError::malformed(
                        Encoding::Utf8,
                        self.pos,
                        len,
                    )));
                }
                // A character cut at the end waits for the next write; an
                // ill-formed one is for the next write to report.
                let cut = if e.error_len().is_none() {
                    buf.len() - good
                } else {
                    0
                };
                (crate::trusted::str(&buf[..good]), cut)
            }
        };
        let n = if text.is_empty() {
            0
        } else {
            self.encode_str(text)?
        };
        if n < text.len() || cut == 0 {
            return Ok(n);
        }
        self.partial[..cut].copy_from_slice(&buf[n..]);
        self.partial_len = cut;
        self.pos += cut;
        Ok(n + cut)
    }

    /// Writes the gathered output to the inner writer and flushes it. A
    /// character cut at the end of the text so far waits for its end, and
    /// ISO-2022-JP stays in its mode (only [`finish`](Self::finish) ends
    /// the stream).
    #[inline]
    fn flush(&mut self) -> io::Result<()> {
        self.flush_out()?;
        self.get_mut().flush()
    }
}

impl<W: Write> fmt::Write for EncodeWriter<W> {
    /// Encodes `s`; any error (unencodable character, inner writer) is
    /// `fmt::Error`, as `fmt::Write` has no other.
    #[inline]
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.partial_len > 0 {
            return Err(fmt::Error);
        }
        let mut rest = s;
        while !rest.is_empty() {
            match self.encode_str(rest) {
                Ok(n) => rest = &rest[n..],
                Err(_) => return Err(fmt::Error),
            }
        }
        Ok(())
    }
}

impl<W: Write> Drop for EncodeWriter<W> {
    #[inline]
    fn drop(&mut self) {
        if self.inner.is_some() {
            let _ = self.end();
            if let Some(inner) = self.inner.as_mut() {
                let _ = inner.flush();
            }
        }
    }
}

impl<W: Write + fmt::Debug> fmt::Debug for EncodeWriter<W> {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EncodeWriter")
            .field("inner", &self.inner)
            .field("encoding", &self.encoder.encoding())
            .field("policy", &self.policy)
            .field("buffered", &self.out_len)
            .field("position", &self.pos)
            .finish_non_exhaustive()
    }
}
