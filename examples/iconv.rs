//! `iconv` with litenc's `std::io` adapters: converts a file (or standard
//! input) from one encoding to another in constant memory, whatever the
//! size of the input.
//!
//! ```text
//! cargo run --release --example iconv -- -f FROM -t TO [-c | --replace[=CHAR] | --charref] [FILE]
//! cargo run --release --example iconv -- -l
//! ```
//!
//! `FROM` and `TO` are any litenc label (`utf-8`, `utf-16le`, `utf-16be`,
//! `mutf-8`, `cesu-8`, `koi8-r`, `cp1251`, `windows-1252`, `cp437`, ...;
//! `-l` lists them). A [`DecodeReader`] reads the input as UTF-8 and an
//! [`EncodeWriter`] writes it in `TO`; UTF-8 input is validated even when
//! the output is UTF-8 too.
//!
//! As glibc's `iconv` (2.36, observed, and checked by `tests/facade/iconv.rs`):
//!
//! - ill-formed input, or a character `TO` cannot hold, stops the
//!   conversion: what came before it is written, the message names its
//!   byte offset in the input, and the exit status is 1;
//! - with `-c`, ill-formed input and characters `TO` cannot hold are left
//!   out ([`Unmappable::Skip`]), and the exit status is 0;
//! - input that ends inside a character is an error with or without `-c`
//!   (exit status 1).
//!
//! Not in glibc: `--replace` writes U+FFFD for ill-formed input and `?` (or
//! `CHAR`, with `--replace=CHAR`) for characters `TO` cannot hold, as
//! Python's `errors="replace"`; `--charref` writes those as `&#NNNN;`, as
//! Python's `errors="xmlcharrefreplace"`.
//!
//! Where the output differs from glibc's, the encodings differ, not the
//! conversion: litenc's `windows-1251` maps `0x98` to U+0098 (the WHATWG
//! table; glibc's `CP1251` leaves it undefined), and the label `utf-16`
//! means UTF-16LE without a byte-order mark (WHATWG), where glibc's `UTF-16`
//! writes one. A byte-order mark in the input is text, for both.

use std::fs::File;
use std::io::{self, BufRead, Read, Write};
use std::process::ExitCode;

use litenc::io::{DecodeReader, EncodeWriter};
use litenc::{DecodeError, DecodeErrorKind, EncodeError, Encoding, Unmappable};

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

/// What to do with ill-formed input and with characters `TO` cannot hold.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Mode {
    /// Stop (glibc's default).
    Strict,
    /// Leave them out (`-c`).
    Skip,
    /// U+FFFD for ill-formed input, and this policy for the characters.
    Replace(Unmappable),
}

/// Converts `input` from `from` to `to` into `output`; with `skip` (`-c`),
/// leaves out ill-formed input and characters `to` cannot hold.
///
/// # Errors
/// What stopped the conversion; what came before it is written.
#[allow(dead_code, reason = "the glibc comparisons of the tests call it")]
pub(crate) fn convert(
    from: Encoding,
    to: Encoding,
    skip: bool,
    input: &mut impl Read,
    output: &mut impl Write,
) -> Result<(), Failure> {
    let mode = if skip { Mode::Skip } else { Mode::Strict };
    convert_with(from, to, mode, input, output)
}

/// [`convert`], with any [`Mode`].
pub(crate) fn convert_with(
    from: Encoding,
    to: Encoding,
    mode: Mode,
    input: &mut impl Read,
    output: &mut impl Write,
) -> Result<(), Failure> {
    let (mut reader, policy) = match mode {
        Mode::Strict => (DecodeReader::new(input, from), Unmappable::Error),
        Mode::Skip => (DecodeReader::new(input, from), Unmappable::Skip),
        Mode::Replace(policy) => (DecodeReader::lossy(input, from), policy),
    };
    let mut writer = EncodeWriter::new(output, to).unmappable(policy);
    // The UTF-8 text written so far, for the offset of an error.
    let mut written = 0;
    loop {
        let start = reader.position();
        let text = match reader.fill_buf() {
            Ok([]) => break,
            Ok(text) => text,
            Err(e) => match inner::<DecodeError>(&e).map(|d| (d.kind(), d.valid_up_to())) {
                Some((DecodeErrorKind::Truncated, at)) => return Err(Failure::Incomplete(at)),
                Some(_) if matches!(mode, Mode::Skip) => continue,
                Some((_, at)) => return Err(Failure::Invalid(at)),
                None => return Err(Failure::Io(e)),
            },
        };
        if let Err(e) = writer.write_all(text) {
            let Some(&EncodeError::Unencodable { ch, offset, .. }) = inner::<EncodeError>(&e)
            else {
                return Err(Failure::Io(e));
            };
            // Its offset in the input: where this text starts, and the
            // input bytes of the text before it in this text.
            let before = std::str::from_utf8(&text[..offset - written]).expect("whole characters");
            let at = start + from.encoded_len(before).unwrap_or(before.len());
            return Err(Failure::Unencodable(ch, at));
        }
        let n = text.len();
        reader.consume(n);
        written += n;
    }
    writer.finish()?;
    Ok(())
}

/// The codec's error inside an `io::Error` of the adapters.
fn inner<E: std::error::Error + 'static>(e: &io::Error) -> Option<&E> {
    e.get_ref()?.downcast_ref::<E>()
}

fn usage() -> ExitCode {
    eprintln!(
        "usage: iconv -f FROM -t TO [-c | --replace[=CHAR] | --charref] [FILE]\n       iconv -l"
    );
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
    let (mut from, mut to, mut mode, mut file) = (None, None, Mode::Strict, None);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-f" => from = Some(label(&args.next().ok_or_else(usage)?)?),
            "-t" => to = Some(label(&args.next().ok_or_else(usage)?)?),
            "-c" => mode = Mode::Skip,
            "--replace" => mode = Mode::Replace(Unmappable::Replace('?')),
            "--charref" => mode = Mode::Replace(Unmappable::CharRef),
            "-l" => {
                for enc in Encoding::ALL {
                    println!("{}: {}", enc.name(), enc.labels().join(", "));
                }
                return Ok(());
            }
            _ if arg.starts_with("--replace=") => {
                let mut c = arg["--replace=".len()..].chars();
                let (Some(c), None) = (c.next(), c.next()) else {
                    return Err(usage());
                };
                mode = Mode::Replace(Unmappable::Replace(c));
            }
            _ if file.is_none() && !arg.starts_with('-') || arg == "-" => file = Some(arg),
            _ => return Err(usage()),
        }
    }
    let (Some(from), Some(to)) = (from, to) else {
        return Err(usage());
    };
    let mut output = io::stdout().lock();
    let result = match file.as_deref() {
        None | Some("-") => convert_with(from, to, mode, &mut io::stdin().lock(), &mut output),
        Some(path) => match File::open(path) {
            Ok(mut f) => convert_with(from, to, mode, &mut f, &mut output),
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
