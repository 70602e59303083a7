//! Python and glibc `iconv` as peers, on the same
//! generated inputs:
//!
//! - Python (`tests/conformance/peer.py`, one process per test): `utf-8`,
//!   `utf-16-le`, `utf-16-be` and `cp1251`, decoding strictly (error start,
//!   end and reason against [`DecodeError`](litenc::DecodeError)) and with
//!   `errors="replace"` (against `decode_lossy`), and encoding.
//! - `iconv` (a few calls per encoding): `CP1251`, `UTF-16LE` and `UTF-16BE`
//!   from and to `UTF-8`. All inputs that should convert go through one
//!   call, compared input by input; `-c` runs all inputs of an encoding at
//!   once; and a sample of failing inputs goes one per call, since `iconv`
//!   stops at the first error: its exit status and the position it reports
//!   are compared with litenc's error.
//!
//! Every difference must match a documented rule (see `CONFORMANCE.md`);
//! any other fails the test with the input and both outputs. Without
//! `python3` or `iconv` the tests fail, saying what to install.

use crate::gen;

use std::io::Write as _;
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::Instant;

use gen::{hex, Reader, Rng, Tally, N, UTF8_SPECIALS};
use litenc::{windows1251, DecodeErrorKind, EncodeError, Encoding};

const INSTALL_ICONV: &str = "glibc's `iconv` program (Debian: `apt-get install libc-bin`)";

/// Failing inputs run through `iconv` one call each, per encoding.
const ICONV_SINGLE: usize = 300;

/// The generated inputs, the same for both peers.
struct Inputs {
    utf8_dec: Vec<Vec<u8>>,
    utf16le_dec: Vec<Vec<u8>>,
    utf16be_dec: Vec<Vec<u8>>,
    utf32le_dec: Vec<Vec<u8>>,
    utf32be_dec: Vec<Vec<u8>>,
    cp1251_dec: Vec<Vec<u8>>,
    texts: Vec<String>,
    cp1251_texts: Vec<String>,
}

fn inputs() -> &'static Inputs {
    static INPUTS: OnceLock<Inputs> = OnceLock::new();
    INPUTS.get_or_init(|| {
        let mut rng = Rng::new(0x5077_0001);
        let texts: Vec<String> = (0..N).map(|_| gen::text(&mut rng)).collect();
        let mut utf8_dec: Vec<Vec<u8>> = texts.iter().map(|s| s.as_bytes().to_vec()).collect();
        for i in 0..N {
            utf8_dec.push(if i % 4 == 0 {
                gen::random_bytes(&mut rng)
            } else {
                let valid = gen::text(&mut rng);
                gen::mutate(&mut rng, valid.as_bytes(), UTF8_SPECIALS)
            });
        }
        let mut cp1251_dec: Vec<Vec<u8>> = (0..=255u8).map(|b| vec![b]).collect();
        for _ in 0..N {
            let len = rng.below(24);
            cp1251_dec.push((0..len).map(|_| rng.below(256) as u8).collect());
        }
        let mut cp1251_texts: Vec<String> = (0..=0xFFFFu32)
            .filter_map(char::from_u32)
            .filter(|&c| c < '\u{500}' || windows1251::encode_char(c).is_some())
            .map(String::from)
            .collect();
        cp1251_texts.extend((0..N).map(|_| gen::cp1251_text(&mut rng)));
        Inputs {
            utf8_dec,
            utf16le_dec: (0..N).map(|_| gen::utf16_bytes(&mut rng, false)).collect(),
            utf16be_dec: (0..N).map(|_| gen::utf16_bytes(&mut rng, true)).collect(),
            utf32le_dec: (0..N).map(|_| gen::utf32_bytes(&mut rng, false)).collect(),
            utf32be_dec: (0..N).map(|_| gen::utf32_bytes(&mut rng, true)).collect(),
            cp1251_dec,
            texts,
            cp1251_texts,
        }
    })
}

// ---- Python --------------------------------------------------------------

const PY_0X98_DECODE: &str = "windows-1251 byte 0x98: Python's cp1251 has no mapping (strict: error 'character maps to <undefined>'; replace: U+FFFD); litenc decodes U+0098 (WHATWG)";
const PY_0X98_ENCODE: &str =
    "U+0098: Python's cp1251 cannot encode it; litenc encodes 0x98 (WHATWG)";

/// Compares one Python `dec` result with litenc; returns a rule for a known
/// difference, `Ok(None)` for none, `Err` for an unexplained one.
fn python_decode_difference(
    enc: Encoding,
    bytes: &[u8],
    r: &mut Reader<'_>,
) -> Result<Option<&'static str>, String> {
    let strict = match r.u8() {
        0 => Ok(r.bytes().to_vec()),
        _ => Err((r.u32() as usize, r.u32() as usize, r.u8() == 1)),
    };
    let replaced = r.bytes();
    let ours = enc.decode(bytes);
    let lossy = enc.decode_lossy(bytes);
    let strict_same = match (&ours, &strict) {
        (Ok(s), Ok(b)) => s.as_bytes() == b.as_slice(),
        (Err(e), Err((start, end, truncated))) => {
            let v = e.valid_up_to();
            match e.kind() {
                DecodeErrorKind::Malformed { len } => {
                    (*start, *end, *truncated) == (v, v + len, false)
                }
                DecodeErrorKind::Truncated => (*start, *end, *truncated) == (v, bytes.len(), true),
                _ => false,
            }
        }
        _ => false,
    };
    if strict_same && lossy.as_bytes() == replaced {
        return Ok(None);
    }
    let show = || {
        format!(
            "{} bytes {}\n  litenc {:?}; lossy {:?}\n  python {:?}; replace {:?}",
            enc.name(),
            hex(bytes),
            ours,
            lossy,
            strict.as_ref().map(|b| String::from_utf8_lossy(b)),
            String::from_utf8_lossy(replaced)
        )
    };
    if enc == Encoding::Windows1251 {
        if let Some(p) = bytes.iter().position(|&b| b == 0x98) {
            let fixed = lossy.replace('\u{98}', "\u{FFFD}");
            if ours.is_ok() && strict == Err((p, p + 1, false)) && fixed.as_bytes() == replaced {
                return Ok(Some(PY_0X98_DECODE));
            }
        }
    }
    Err(show())
}

#[test]
fn python_decoders_match() {
    let inp = inputs();
    let refs = |v: &'static [Vec<u8>]| v.iter().map(Vec::as_slice).collect::<Vec<_>>();
    let cases: [(Encoding, &str, &'static [Vec<u8>]); 6] = [
        (Encoding::Utf8, "utf-8", &inp.utf8_dec),
        (Encoding::Utf16Le, "utf-16-le", &inp.utf16le_dec),
        (Encoding::Utf16Be, "utf-16-be", &inp.utf16be_dec),
        (Encoding::Utf32Le, "utf-32-le", &inp.utf32le_dec),
        (Encoding::Utf32Be, "utf-32-be", &inp.utf32be_dec),
        (Encoding::Windows1251, "cp1251", &inp.cp1251_dec),
    ];
    let jobs: Vec<_> = cases
        .iter()
        .map(|(_, codec, v)| ("dec", *codec, refs(v)))
        .collect();
    let outs = gen::python_records("python-dec", &jobs);
    let mut failed = Vec::new();
    for ((enc, codec, items), out) in cases.iter().zip(&outs) {
        let mut tally = Tally::default();
        let mut r = Reader::new(out);
        for bytes in *items {
            tally.compared += 1;
            match python_decode_difference(*enc, bytes, &mut r) {
                Ok(None) => {}
                Ok(Some(rule)) => tally.classify(rule),
                Err(msg) => tally.mismatch(msg),
            }
        }
        assert!(r.is_empty());
        let what = format!("python {codec} decode (strict and replace)");
        if std::panic::catch_unwind(|| tally.finish(&what)).is_err() {
            failed.push(what);
        }
    }
    assert!(failed.is_empty(), "failed: {failed:?}");
}

#[test]
fn python_encoders_match() {
    let inp = inputs();
    let texts: Vec<&[u8]> = inp.texts.iter().map(String::as_bytes).collect();
    let cp1251: Vec<&[u8]> = inp.cp1251_texts.iter().map(String::as_bytes).collect();
    let cases: [(Encoding, &str, &[String]); 6] = [
        (Encoding::Utf8, "utf-8", &inp.texts),
        (Encoding::Utf16Le, "utf-16-le", &inp.texts),
        (Encoding::Utf16Be, "utf-16-be", &inp.texts),
        (Encoding::Utf32Le, "utf-32-le", &inp.texts),
        (Encoding::Utf32Be, "utf-32-be", &inp.texts),
        (Encoding::Windows1251, "cp1251", &inp.cp1251_texts),
    ];
    let jobs: Vec<_> = cases
        .iter()
        .map(|(enc, codec, _)| {
            let items = if *enc == Encoding::Windows1251 {
                cp1251.clone()
            } else {
                texts.clone()
            };
            ("enc", *codec, items)
        })
        .collect();
    let results = gen::python_records("python-enc", &jobs);
    let mut failed = Vec::new();
    for ((enc, codec, items), out) in cases.iter().zip(&results) {
        let mut tally = Tally::default();
        let mut r = Reader::new(out);
        for s in *items {
            tally.compared += 1;
            let theirs = match r.u8() {
                0 => Ok(r.bytes()),
                _ => Err((r.u32() as usize, r.u32() as usize)),
            };
            let ours = enc.encode(s);
            // Python stops at the first character it cannot encode (its
            // error may span a run of them): litenc's, or U+0098.
            let stop = s.char_indices().find(|&(_, c)| {
                enc.encoded_len(c.encode_utf8(&mut [0; 4])).is_err()
                    || (*enc == Encoding::Windows1251 && c == '\u{98}')
            });
            match (&ours, theirs) {
                (Ok(a), Ok(b)) if a == b => {}
                (Err(EncodeError::Unencodable { offset, .. }), Err((start, _)))
                    if stop.map(|(i, _)| i) == Some(*offset) && start == *offset => {}
                (_, Err((start, _))) if stop.is_some_and(|(i, c)| c == '\u{98}' && i == start) => {
                    tally.classify(PY_0X98_ENCODE);
                }
                (ours, theirs) => tally.mismatch(format!(
                    "{codec} text {s:?}\n  litenc {ours:?}\n  python {theirs:?}"
                )),
            }
        }
        assert!(r.is_empty());
        let what = format!("python {codec} encode");
        if std::panic::catch_unwind(|| tally.finish(&what)).is_err() {
            failed.push(what);
        }
    }
    assert!(failed.is_empty(), "failed: {failed:?}");
}

// ---- iconv ---------------------------------------------------------------

struct IconvResult {
    ok: bool,
    stdout: Vec<u8>,
    stderr: String,
}

fn iconv(args: &[&str], input: &[u8], calls: &mut usize) -> IconvResult {
    *calls += 1;
    let mut child = match Command::new("iconv")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            panic!("`iconv` not found: the conformance tests need it as a peer. Install {INSTALL_ICONV}.")
        }
        Err(e) => panic!("could not run iconv: {e}"),
    };
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    IconvResult {
        ok: out.status.success(),
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// What `iconv` says when it stops: `Some(Ok(position))` for "illegal input
/// sequence at position N", `Some(Err(()))` for "incomplete character or
/// shift sequence at end of buffer".
fn iconv_stop(stderr: &str) -> Option<Result<usize, ()>> {
    if let Some(rest) = stderr.split("illegal input sequence at position ").nth(1) {
        return rest.trim().parse().ok().map(Ok);
    }
    stderr.contains("incomplete character").then_some(Err(()))
}

/// Compares one `iconv` output with the concatenation of `expected`, input
/// by input (the outputs are split by the lengths litenc gives).
fn compare_concat(
    tally: &mut Tally,
    what: &str,
    inputs: &[&[u8]],
    expected: &[Vec<u8>],
    got: &[u8],
) {
    let mut at = 0;
    for (input, want) in inputs.iter().zip(expected) {
        tally.compared += 1;
        let end = (at + want.len()).min(got.len());
        if got[at..end] != want[..] {
            tally.mismatch(format!(
                "{what}: input {}\n  litenc {}\n  iconv  {}",
                hex(input),
                hex(want),
                hex(&got[at..end])
            ));
            return;
        }
        at = end;
    }
    if at != got.len() {
        tally.mismatch(format!("{what}: iconv wrote {} bytes more", got.len() - at));
    }
}

const ICONV_0X98_DECODE: &str = "windows-1251 byte 0x98: glibc CP1251 has no mapping (illegal input sequence; -c drops it); litenc decodes U+0098 (WHATWG)";
const ICONV_0X98_ENCODE: &str = "U+0098: glibc CP1251 cannot encode it (illegal input sequence; -c drops it); litenc encodes 0x98 (WHATWG)";

/// Where litenc says `iconv` must stop on one input.
struct Stop<'a> {
    input: &'a [u8],
    /// Byte offset of the first sequence that cannot be converted.
    at: usize,
    /// The input ends inside a sequence (iconv: "incomplete character").
    truncated: bool,
    /// What iconv writes before it stops.
    prefix: Vec<u8>,
}

/// Runs an even sample of failing inputs, one per call, and checks where
/// `iconv` stops, why, and what it wrote before.
fn iconv_single(tally: &mut Tally, calls: &mut usize, args: &[&str], failing: &[Stop<'_>]) {
    let step = failing.len().div_ceil(ICONV_SINGLE).max(1);
    for stop in failing.iter().step_by(step) {
        tally.compared += 1;
        let res = iconv(args, stop.input, calls);
        let want = if stop.truncated { Err(()) } else { Ok(stop.at) };
        if res.ok || iconv_stop(&res.stderr) != Some(want) || res.stdout != stop.prefix {
            tally.mismatch(format!(
                "iconv {args:?} input {}\n  litenc stops at {} (truncated: {}), after {}\n  iconv  ok {} stderr {:?} output {}",
                hex(stop.input),
                stop.at,
                stop.truncated,
                hex(&stop.prefix),
                res.ok,
                res.stderr.trim(),
                hex(&res.stdout)
            ));
        }
    }
}

#[test]
fn iconv_cp1251_decode_matches() {
    let inp = inputs();
    let t = Instant::now();
    let mut calls = 0;
    let mut tally = Tally::default();
    let args = ["-f", "CP1251", "-t", "UTF-8"];

    // Everything without 0x98 in one call, exactly.
    let (clean, with98): (Vec<&[u8]>, Vec<&[u8]>) = inp
        .cp1251_dec
        .iter()
        .map(Vec::as_slice)
        .partition(|b| !b.contains(&0x98));
    let expected: Vec<Vec<u8>> = clean
        .iter()
        .map(|b| windows1251::decode(b).unwrap().into_bytes())
        .collect();
    let res = iconv(&args, &clean.concat(), &mut calls);
    assert!(res.ok, "iconv {args:?} failed: {}", res.stderr);
    compare_concat(&mut tally, "CP1251 decode", &clean, &expected, &res.stdout);

    // Everything with `-c`: glibc drops 0x98, litenc decodes it.
    let all: Vec<&[u8]> = inp.cp1251_dec.iter().map(Vec::as_slice).collect();
    let expected: Vec<Vec<u8>> = all
        .iter()
        .map(|b| {
            windows1251::decode(b)
                .unwrap()
                .replace('\u{98}', "")
                .into_bytes()
        })
        .collect();
    let res = iconv(
        &["-c", "-f", "CP1251", "-t", "UTF-8"],
        &all.concat(),
        &mut calls,
    );
    compare_concat(&mut tally, "CP1251 decode -c", &all, &expected, &res.stdout);
    for _ in &with98 {
        tally.classify(ICONV_0X98_DECODE);
    }

    // A sample of the inputs with 0x98, one by one: iconv stops at the first.
    let failing: Vec<Stop<'_>> = with98
        .iter()
        .map(|b| {
            let at = b.iter().position(|&x| x == 0x98).unwrap();
            let prefix = windows1251::decode(&b[..at]).unwrap().into_bytes();
            Stop {
                input: b,
                at,
                truncated: false,
                prefix,
            }
        })
        .collect();
    iconv_single(&mut tally, &mut calls, &args, &failing);
    println!(
        "iconv CP1251 decode: {} inputs without 0x98 in one call, all {} with -c, {} with 0x98 (a sample one by one)",
        clean.len(),
        all.len(),
        with98.len()
    );
    println!(
        "iconv CP1251 decode: {calls} iconv calls in {:?}",
        t.elapsed()
    );
    tally.finish("iconv CP1251 decode");
}

#[test]
fn iconv_cp1251_encode_matches() {
    let inp = inputs();
    let t = Instant::now();
    let mut calls = 0;
    let mut tally = Tally::default();
    let args = ["-f", "UTF-8", "-t", "CP1251"];

    // What litenc encodes and has no U+0098, in one call.
    let (clean, bad): (Vec<&String>, Vec<&String>) = inp
        .cp1251_texts
        .iter()
        .partition(|s| windows1251::encode(s).is_ok() && !s.contains('\u{98}'));
    let clean_in: Vec<&[u8]> = clean.iter().map(|s| s.as_bytes()).collect();
    let expected: Vec<Vec<u8>> = clean
        .iter()
        .map(|s| windows1251::encode(s).unwrap())
        .collect();
    let res = iconv(&args, &clean_in.concat(), &mut calls);
    assert!(res.ok, "iconv {args:?} failed: {}", res.stderr);
    compare_concat(
        &mut tally,
        "CP1251 encode",
        &clean_in,
        &expected,
        &res.stdout,
    );

    // Everything with `-c`: both drop what they cannot encode; glibc also U+0098.
    let all_in: Vec<&[u8]> = inp.cp1251_texts.iter().map(String::as_bytes).collect();
    let expected: Vec<Vec<u8>> = inp
        .cp1251_texts
        .iter()
        .map(|s| {
            s.chars()
                .filter(|&c| c != '\u{98}')
                .filter_map(windows1251::encode_char)
                .collect()
        })
        .collect();
    let res = iconv(
        &["-c", "-f", "UTF-8", "-t", "CP1251"],
        &all_in.concat(),
        &mut calls,
    );
    compare_concat(
        &mut tally,
        "CP1251 encode -c",
        &all_in,
        &expected,
        &res.stdout,
    );
    for s in &inp.cp1251_texts {
        if s.contains('\u{98}') {
            tally.classify(ICONV_0X98_ENCODE);
        }
    }

    // A sample of the failing texts, one by one: iconv stops at the first
    // character that litenc cannot encode, or at U+0098.
    let failing: Vec<Stop<'_>> = bad
        .iter()
        .map(|s| {
            let (at, _) = s
                .char_indices()
                .find(|&(_, c)| c == '\u{98}' || windows1251::encode_char(c).is_none())
                .unwrap();
            let prefix = windows1251::encode(&s[..at]).unwrap();
            Stop {
                input: s.as_bytes(),
                at,
                truncated: false,
                prefix,
            }
        })
        .collect();
    iconv_single(&mut tally, &mut calls, &args, &failing);
    println!(
        "iconv CP1251 encode: {} encodable texts without U+0098 in one call, all {} with -c, {} failing (a sample one by one)",
        clean.len(),
        all_in.len(),
        bad.len()
    );
    println!(
        "iconv CP1251 encode: {calls} iconv calls in {:?}",
        t.elapsed()
    );
    tally.finish("iconv CP1251 encode");
}

#[test]
fn iconv_utf16_matches() {
    let inp = inputs();
    let t = Instant::now();
    let mut calls = 0;
    let mut tally = Tally::default();
    for (enc, name, items) in [
        (Encoding::Utf16Le, "UTF-16LE", &inp.utf16le_dec),
        (Encoding::Utf16Be, "UTF-16BE", &inp.utf16be_dec),
    ] {
        iconv_unicode_form(&mut tally, &mut calls, enc, name, items);
    }
    println!("iconv UTF-16: {calls} iconv calls in {:?}", t.elapsed());
    tally.finish("iconv UTF-16LE/BE decode and encode");
}

#[test]
fn iconv_utf32_matches() {
    let inp = inputs();
    let t = Instant::now();
    let mut calls = 0;
    let mut tally = Tally::default();
    for (enc, name, items) in [
        (Encoding::Utf32Le, "UTF-32LE", &inp.utf32le_dec),
        (Encoding::Utf32Be, "UTF-32BE", &inp.utf32be_dec),
    ] {
        iconv_unicode_form(&mut tally, &mut calls, enc, name, items);
    }
    println!("iconv UTF-32: {calls} iconv calls in {:?}", t.elapsed());
    tally.finish("iconv UTF-32LE/BE decode and encode");
}

/// One byte form of UTF-16 or UTF-32 through `iconv`, both ways.
fn iconv_unicode_form(
    tally: &mut Tally,
    calls: &mut usize,
    enc: Encoding,
    name: &str,
    items: &[Vec<u8>],
) {
    let inp = inputs();
    // Decoding: the well-formed inputs in one call.
    let args = ["-f", name, "-t", "UTF-8"];
    let (clean, bad): (Vec<&[u8]>, Vec<&[u8]>) = items
        .iter()
        .map(Vec::as_slice)
        .partition(|b| enc.validate(b).is_ok());
    let expected: Vec<Vec<u8>> = clean
        .iter()
        .map(|b| enc.decode(b).unwrap().into_bytes())
        .collect();
    let res = iconv(&args, &clean.concat(), calls);
    assert!(res.ok, "iconv {args:?} failed: {}", res.stderr);
    compare_concat(
        tally,
        &format!("{name} decode"),
        &clean,
        &expected,
        &res.stdout,
    );
    // A sample of the ill-formed ones, one by one: where iconv stops, and why.
    let failing: Vec<Stop<'_>> = bad
        .iter()
        .map(|b| {
            let e = enc.validate(b).unwrap_err();
            let at = e.valid_up_to();
            let prefix = enc.decode(&b[..at]).unwrap().into_bytes();
            let truncated = e.kind() == DecodeErrorKind::Truncated;
            Stop {
                input: b,
                at,
                truncated,
                prefix,
            }
        })
        .collect();
    iconv_single(tally, calls, &args, &failing);
    println!(
        "iconv {name} decode: {} well-formed inputs in one call, {} ill-formed (a sample of {} one by one)",
        clean.len(),
        bad.len(),
        bad.len().min(ICONV_SINGLE)
    );
    // Encoding: all texts in one call.
    let args = ["-f", "UTF-8", "-t", name];
    let texts: Vec<&[u8]> = inp.texts.iter().map(String::as_bytes).collect();
    let expected: Vec<Vec<u8>> = inp.texts.iter().map(|s| enc.encode(s).unwrap()).collect();
    let res = iconv(&args, &texts.concat(), calls);
    assert!(res.ok, "iconv {args:?} failed: {}", res.stderr);
    compare_concat(
        tally,
        &format!("{name} encode"),
        &texts,
        &expected,
        &res.stdout,
    );
}
