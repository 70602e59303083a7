//! `iconv` with litenc's streaming coders: converts a file (or standard
//! input) from one encoding to another in constant memory, whatever the
//! size of the input.
//!
//! ```text
//! cargo run --release --example iconv -- -f FROM -t TO [-c] [FILE]
//! cargo run --release --example iconv -- -l
//! ```
//!
//! `FROM` and `TO` are any litenc label (`utf-8`, `utf-16le`, `utf-16be`,
//! `mutf-8`, `cesu-8`, `koi8-r`, `cp1251`, `windows-1252`, `cp437`, ...;
//! `-l` lists them). The input is read 64 KiB at a time, decoded to UTF-8 by
//! a [`Decoder`] and encoded by an [`Encoder`]; UTF-8 input is validated
//! even when the output is UTF-8 too.
//!
//! As glibc's `iconv` (2.36, observed, and checked by `tests/iconv.rs`):
//!
//! - ill-formed input, or a character `TO` cannot hold, stops the
//!   conversion: what came before it is written, the message names its
//!   byte offset in the input, and the exit status is 1;
//! - with `-c`, ill-formed input and characters `TO` cannot hold are left
//!   out, and the exit status is 0;
//! - input that ends inside a character is an error with or without `-c`
//!   (exit status 1).
//!
//! Where the output differs from glibc's, the encodings differ, not the
//! conversion: litenc's `windows-1251` maps `0x98` to U+0098 (the WHATWG
//! table; glibc's `CP1251` leaves it undefined), and the label `utf-16`
//! means UTF-16LE without a byte-order mark (WHATWG), where glibc's `UTF-16`
//! writes one. A byte-order mark in the input is text, for both.

use std::fs::File;
use std::io::{self, Read, Write};
use std::process::ExitCode;

use litenc::stream::{Decoder, DecoderResult, Encoder, EncoderResult};
use litenc::{DecodeErrorKind, EncodeError, Encoding};

/// Input is read in pieces of this size.
const CHUNK: usize = 64 * 1024;
/// The UTF-8 of a piece, and of the few bytes of a character cut at the end
/// of the piece before: at most 3 bytes per byte
/// ([`Decoder::max_utf8_len`]).
const UTF8_BUF: usize = 3 * (CHUNK + 8);
/// The output of that UTF-8: at most 2 bytes per byte
/// ([`Encoder::max_len`]).
const OUT_BUF: usize = 2 * UTF8_BUF + 8;

/// Why a conversion stopped.
#[derive(Debug)]
pub(crate) enum Failure {
    /// Ill-formed input at this byte offset of the input.
    Invalid(usize),
    /// The input ends inside a character that starts at this offset.
    Incomplete(usize),
    /// A character the output encoding cannot hold, at this byte offset of
    /// the input.
    Unencodable(char, usize),
    /// Reading or writing failed.
    Io(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Io(e)
    }
}

/// Fills `buf` from `input` as far as it goes; 0 only at the end.
fn read_chunk(input: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match input.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// The encoding half: UTF-8 text in, `to` out.
struct Output<'a, W: Write> {
    to: Encoding,
    skip: bool,
    encoder: Encoder,
    buf: Vec<u8>,
    out: &'a mut W,
}

impl<W: Write> Output<'_, W> {
    /// Writes `whole` (the decoding of the input from byte `start` of
    /// `from` on) in the output encoding.
    fn write(&mut self, whole: &str, from: Encoding, start: usize) -> Result<(), Failure> {
        if self.to == Encoding::Utf8 {
            return Ok(self.out.write_all(whole.as_bytes())?);
        }
        let mut text = whole;
        loop {
            let (result, read, written) = self.encoder.encode(text, &mut self.buf, false);
            self.out.write_all(&self.buf[..written])?;
            text = &text[read..];
            match result {
                EncoderResult::InputEmpty => return Ok(()),
                EncoderResult::Error(EncodeError::Unencodable { ch, .. }) if !self.skip => {
                    // The character's offset in the input: the input bytes
                    // of the text before it, which were all decoded.
                    let before = whole.len() - text.len() - ch.len_utf8();
                    let at = start + from.encoded_len(&whole[..before]).unwrap_or(before);
                    return Err(Failure::Unencodable(ch, at));
                }
                EncoderResult::OutputFull | EncoderResult::Error(_) => {}
                EncoderResult::Finished => unreachable!("`last` is never set here"),
            }
        }
    }
}

/// Converts `input` from `from` to `to` into `output`; with `skip` (`-c`),
/// leaves out ill-formed input and characters `to` cannot hold. Memory is
/// fixed: a 64 KiB input buffer and the two output buffers its conversion
/// can need at most.
///
/// # Errors
/// What stopped the conversion; what came before it is written.
pub(crate) fn convert(
    from: Encoding,
    to: Encoding,
    skip: bool,
    input: &mut impl Read,
    output: &mut impl Write,
) -> Result<(), Failure> {
    let mut decoder = Decoder::new(from);
    let mut chunk = vec![0u8; CHUNK];
    let mut utf8 = vec![0u8; UTF8_BUF];
    let mut out = Output {
        to,
        skip,
        encoder: Encoder::new(to),
        buf: vec![0u8; OUT_BUF],
        out: output,
    };
    loop {
        let n = read_chunk(input, &mut chunk)?;
        let last = n == 0;
        let mut src = &chunk[..n];
        loop {
            let start = decoder.position();
            let (result, read, text) = decoder.decode_to_str(src, &mut utf8, last);
            src = &src[read..];
            out.write(text, from, start)?;
            match result {
                DecoderResult::InputEmpty => break,
                DecoderResult::Finished => {
                    out.encoder.encode("", &mut out.buf, true);
                    out.out.flush()?;
                    return Ok(());
                }
                DecoderResult::OutputFull => {}
                DecoderResult::Error(e) => match e.kind() {
                    DecodeErrorKind::Truncated => {
                        out.out.flush()?;
                        return Err(Failure::Incomplete(e.valid_up_to()));
                    }
                    _ if skip => {}
                    _ => {
                        out.out.flush()?;
                        return Err(Failure::Invalid(e.valid_up_to()));
                    }
                },
            }
        }
    }
}

fn usage() -> ExitCode {
    eprintln!("usage: iconv -f FROM -t TO [-c] [FILE]\n       iconv -l");
    ExitCode::from(2)
}

fn label(name: &str) -> Result<Encoding, ExitCode> {
    Encoding::for_label(name).ok_or_else(|| {
        eprintln!("iconv: unknown encoding {name:?} (`iconv -l` lists them)");
        ExitCode::from(2)
    })
}

fn run() -> Result<(), ExitCode> {
    let mut args = std::env::args().skip(1);
    let (mut from, mut to, mut skip, mut file) = (None, None, false, None);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-f" => from = Some(label(&args.next().ok_or_else(usage)?)?),
            "-t" => to = Some(label(&args.next().ok_or_else(usage)?)?),
            "-c" => skip = true,
            "-l" => {
                for enc in Encoding::ALL {
                    println!("{}: {}", enc.name(), enc.labels().join(", "));
                }
                return Ok(());
            }
            _ if file.is_none() && !arg.starts_with('-') || arg == "-" => file = Some(arg),
            _ => return Err(usage()),
        }
    }
    let (Some(from), Some(to)) = (from, to) else {
        return Err(usage());
    };
    let stdout = io::stdout();
    let mut output = stdout.lock();
    let result = match file.as_deref() {
        None | Some("-") => convert(from, to, skip, &mut io::stdin().lock(), &mut output),
        Some(path) => match File::open(path) {
            Ok(mut f) => convert(from, to, skip, &mut f, &mut output),
            Err(e) => {
                eprintln!("iconv: cannot open input file `{path}': {e}");
                return Err(ExitCode::from(1));
            }
        },
    };
    match result {
        Ok(()) => return Ok(()),
        Err(Failure::Invalid(at)) => {
            eprintln!("iconv: illegal input sequence at position {at} ({from})");
        }
        Err(Failure::Incomplete(at)) => eprintln!(
            "iconv: incomplete character or shift sequence at end of buffer (position {at}, {from})"
        ),
        Err(Failure::Unencodable(ch, at)) => eprintln!(
            "iconv: cannot convert {ch:?} (U+{:04X}) at position {at} to {to}",
            ch as u32
        ),
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Err(Failure::Io(e)) => eprintln!("iconv: {e}"),
    }
    Err(ExitCode::from(1))
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}
