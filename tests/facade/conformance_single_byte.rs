//! Every single-byte encoding against Python's codecs and glibc's `iconv`,
//! exhaustively: each of the 256 bytes decoded and each of the 1,112,064
//! scalar values encoded.
//!
//! - Python (`tests/conformance/peer.py`, one process per test): each byte
//!   alone and all 256 in one input, strict (error start and end) and with
//!   `errors="replace"`; every scalar value in one string, strict (an error
//!   handler records every character the codec refuses) and with `replace`;
//!   and random texts and byte strings per page, strict and `replace`.
//! - `iconv` (four calls per page): decoding, every byte but `0x0A` on a line
//!   of its own with `-c` (an undefined byte leaves its line empty), and all
//!   256 bytes strictly (where it stops, and what it wrote before);
//!   encoding, every scalar value but U+000A on a line of its own with `-c`,
//!   and the same input strictly.
//!
//! Every difference must match a rule (`tests/conformance/single_byte.rs`), and the differences found
//! must be exactly those `CONFORMANCE.md` lists (blocks `text differences
//! python` and `text differences glibc`); any other difference, or an entry
//! that no longer differs, fails the test. Without `python3` or `iconv` the
//! tests fail, saying what to install.

use crate::differences;
use crate::gen;
use crate::sb;

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::Instant;

use differences::{decode_item, encode_item, Difference};
use gen::{hex, put_bytes, Reader, Rng, Tally};
use litenc::{EncodeError, Encoding};
use sb::{
    all_scalar_values, decode_rule, encode_rule, ours_char, scalar_index, Peer, Rule, PAGES,
    SCALARS,
};

const INSTALL_ICONV: &str = "glibc's `iconv` program (Debian: `apt-get install libc-bin`)";

/// The pages Python has a codec for (the 256-byte pages are compared with
/// Python by `tests/facade/conformance_full_pages.rs`).
fn python_pages() -> &'static [(Encoding, &'static str, &'static str)] {
    static P: OnceLock<Vec<(Encoding, &str, &str)>> = OnceLock::new();
    P.get_or_init(|| PAGES.iter().copied().filter(|p| !p.1.is_empty()).collect())
}

/// The pages glibc has a converter for.
fn glibc_pages() -> &'static [(Encoding, &'static str, &'static str)] {
    static P: OnceLock<Vec<(Encoding, &str, &str)>> = OnceLock::new();
    P.get_or_init(|| PAGES.iter().copied().filter(|p| !p.2.is_empty()).collect())
}

#[test]
fn every_code_page_has_peer_names() {
    let pages: Vec<Encoding> = PAGES.iter().map(|p| p.0).collect();
    let single: Vec<Encoding> = Encoding::ALL
        .iter()
        .copied()
        .filter(|e| e.is_single_byte())
        .collect();
    assert_eq!(pages, single);
}

fn conformance_md() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("CONFORMANCE.md")
}

/// The differences found, per peer, to compare with `CONFORMANCE.md`.
#[derive(Default)]
struct Found(BTreeSet<Difference>);

impl Found {
    fn add(&mut self, enc: Encoding, dir: &str, rule: Rule, item: String) {
        self.0.insert((
            enc.name().to_owned(),
            dir.to_owned(),
            rule.name().to_owned(),
            item,
        ));
    }

    fn count(&self, enc: Encoding) -> usize {
        self.0.iter().filter(|d| d.0 == enc.name()).count()
    }
}

// ---- Python ------------------------------------------------------------------

/// A Python `dec` result: strict `Ok(text)` or `Err((start, end))`, and the
/// text with `replace`.
fn read_python_decode(r: &mut Reader<'_>) -> (Result<String, (usize, usize)>, String) {
    let strict = if r.u8() == 0 {
        Ok(String::from_utf8(r.bytes().to_vec()).unwrap())
    } else {
        let (start, end) = (r.u32() as usize, r.u32() as usize);
        assert_eq!(r.u8(), 0, "a single-byte codec never reports truncation");
        Err((start, end))
    };
    let replaced = String::from_utf8(r.bytes().to_vec()).unwrap();
    (strict, replaced)
}

/// What `bytes` decode to, strict and lossy, when each byte decodes as
/// `view` says.
fn decode_by(view: &[Option<char>; 256], bytes: &[u8]) -> (Result<String, (usize, usize)>, String) {
    let lossy: String = bytes
        .iter()
        .map(|&b| view[usize::from(b)].unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect();
    let strict = match bytes.iter().position(|&b| view[usize::from(b)].is_none()) {
        Some(at) => Err((at, at + 1)),
        None => Ok(lossy.clone()),
    };
    (strict, lossy)
}

/// Random byte strings for one page, half of them ASCII-heavy.
fn random_byte_strings(rng: &mut Rng, n: usize) -> Vec<Vec<u8>> {
    (0..n)
        .map(|_| {
            let len = rng.below(32);
            (0..len)
                .map(|_| {
                    if rng.chance(50) {
                        rng.below(0x80) as u8
                    } else {
                        rng.below(256) as u8
                    }
                })
                .collect()
        })
        .collect()
}

/// Per page: each byte alone, all 256 in one input, then 1,000 random byte
/// strings; strict and `replace`.
#[test]
fn python_decodes_every_byte() {
    let t = Instant::now();
    let mut rng = Rng::new(0x5B1E_0001);
    let inputs: Vec<Vec<Vec<u8>>> = python_pages()
        .iter()
        .map(|_| {
            let mut v: Vec<Vec<u8>> = (0..=255u8).map(|b| vec![b]).collect();
            v.push((0..=255u8).collect());
            v.extend(random_byte_strings(&mut rng, 1_000));
            v
        })
        .collect();
    let jobs: Vec<_> = python_pages()
        .iter()
        .zip(&inputs)
        .map(|(&(_, codec, _), items)| {
            let mut file = Vec::new();
            for b in items {
                put_bytes(&mut file, b);
            }
            ("dec", codec, file)
        })
        .collect();
    let results = gen::python_jobs("python-sb-dec", &jobs);
    let mut found = Found::default();
    let mut tally = Tally::default();
    for ((&(enc, codec, _), items), out) in python_pages().iter().zip(&inputs).zip(&results) {
        let mut r = Reader::new(out);
        // What Python decodes each byte to, where litenc's differs by a rule.
        let mut view: [Option<char>; 256] = std::array::from_fn(|b| ours_char(enc, b as u8));
        for b in 0..=255u8 {
            tally.compared += 1;
            let (strict, replaced) = read_python_decode(&mut r);
            let ours = ours_char(enc, b);
            let peer = strict.as_ref().ok().map(String::as_str);
            let ours_text = ours.map(String::from);
            // The strict error is the byte itself; `replace` writes U+FFFD.
            let consistent = match &strict {
                Ok(s) => replaced == *s,
                Err(e) => *e == (0, 1) && replaced == "\u{FFFD}",
            };
            if !consistent {
                tally.mismatch(format!(
                    "{codec} byte {b:02X}: {strict:?}, replace {replaced:?}"
                ));
            } else if ours_text.as_deref() != peer {
                match decode_rule(enc, b, ours, peer, Peer::Python) {
                    Some(rule) => {
                        tally.classify(rule.name());
                        found.add(
                            enc,
                            "decode",
                            rule,
                            decode_item(b, ours_text.as_deref(), peer),
                        );
                        view[usize::from(b)] = peer.and_then(|s| s.chars().next());
                    }
                    None => tally.mismatch(format!(
                        "{codec} byte {b:02X}: litenc {ours:?}, python {strict:?}"
                    )),
                }
            }
        }
        // Longer inputs: exactly what the bytes give, with the differences
        // above, error positions included.
        let mine: [Option<char>; 256] = std::array::from_fn(|b| ours_char(enc, b as u8));
        for bytes in &items[256..] {
            tally.compared += 1;
            let (strict, replaced) = read_python_decode(&mut r);
            let want = decode_by(&view, bytes);
            if (strict.clone(), replaced.clone()) != want {
                tally.mismatch(format!(
                    "{codec} bytes {}: python {strict:?} / {replaced:?}, expected {want:?}",
                    hex(bytes)
                ));
            }
            // And litenc gives what its own bytes give.
            let ours = (
                enc.decode(bytes)
                    .map_err(|e| (e.valid_up_to(), e.valid_up_to() + 1)),
                enc.decode_lossy(bytes).into_owned(),
            );
            assert_eq!(ours, decode_by(&mine, bytes), "{enc} {}", hex(bytes));
        }
        assert!(r.is_empty());
    }
    for &(enc, codec, _) in python_pages() {
        println!(
            "python {codec} for {}: {} bytes differ",
            enc.name(),
            found.count(enc)
        );
    }
    tally.finish("python single-byte decode (strict and replace)");
    differences::check(&conformance_md(), "python", &["decode"], &found.0);
    println!("python decode: {:?}", t.elapsed());
}

/// A Python `sbenc` result: what the codec encodes, and the `replace`
/// output of every scalar value.
struct PythonEncodes {
    encodes: BTreeMap<char, Vec<u8>>,
    replaced: Vec<u8>,
}

fn read_python_sbenc(out: &[u8]) -> PythonEncodes {
    let mut r = Reader::new(out);
    let n = r.u32();
    let mut encodes = BTreeMap::new();
    for _ in 0..n {
        let c = char::from_u32(r.u32()).unwrap();
        encodes.insert(c, r.bytes().to_vec());
    }
    // The runs of refused characters and the encoded ones cover every
    // scalar value once, in order.
    let runs = r.u32();
    let mut covered = encodes.len();
    let mut last = None;
    for _ in 0..runs {
        let first = char::from_u32(r.u32()).unwrap();
        let end = char::from_u32(r.u32()).unwrap();
        assert!(last < Some(first) && first <= end);
        covered += scalar_index(end) - scalar_index(first) + 1;
        assert!(encodes.range(first..=end).next().is_none());
        last = Some(end);
    }
    assert_eq!(covered, SCALARS, "every scalar value encoded or refused");
    let replaced = r.bytes().to_vec();
    assert!(r.is_empty());
    PythonEncodes { encodes, replaced }
}

/// Random texts for one page: mostly its own characters, some others.
fn random_texts(rng: &mut Rng, repertoire: &[char], n: usize) -> Vec<String> {
    (0..n)
        .map(|_| {
            let len = rng.below(24);
            (0..len)
                .map(|_| {
                    if rng.chance(4) {
                        loop {
                            let cp = if rng.chance(50) {
                                rng.range(0x80, 0x2FFF)
                            } else {
                                rng.range(0, 0x10_FFFF)
                            };
                            if let Some(c) = char::from_u32(cp) {
                                break c;
                            }
                        }
                    } else {
                        repertoire[rng.below(repertoire.len())]
                    }
                })
                .collect()
        })
        .collect()
}

/// Python's `sbenc` output `out` for one page against litenc: which
/// characters either encodes, and the `replace` output. Returns what Python
/// encodes each character to.
fn python_every_scalar_value(
    enc: Encoding,
    codec: &str,
    out: &[u8],
    tally: &mut Tally,
    found: &mut Found,
) -> BTreeMap<char, Vec<u8>> {
    let py = read_python_sbenc(out);
    let ours = sb::ours_encodes(enc);
    // Python's view: litenc's bytes, with the differences applied.
    let mut view: BTreeMap<char, Vec<u8>> = ours.iter().map(|(&c, &b)| (c, vec![b])).collect();
    let mut keys: BTreeSet<char> = ours.keys().copied().collect();
    keys.extend(py.encodes.keys());
    for c in keys {
        let (a, b) = (ours.get(&c).copied(), py.encodes.get(&c));
        if a.map(|x| vec![x]).as_ref() == b {
            continue;
        }
        match encode_rule(enc, c, a, b.map(Vec::as_slice), Peer::Python) {
            Some(rule) => {
                tally.classify(rule.name());
                found.add(
                    enc,
                    "encode",
                    rule,
                    encode_item(
                        c,
                        a.as_ref().map(std::slice::from_ref),
                        b.map(Vec::as_slice),
                    ),
                );
                match b {
                    Some(b) => view.insert(c, b.clone()),
                    None => view.remove(&c),
                };
            }
            None => tally.mismatch(format!(
                "{codec} U+{:04X}: litenc {a:02X?}, python {b:02X?}",
                c as u32
            )),
        }
    }
    tally.compared += SCALARS;
    // `replace`: one `?` for each refused character, in place.
    let mut want = vec![b'?'; SCALARS];
    for (&c, b) in &view {
        assert_eq!(b.len(), 1, "{codec} U+{:04X}", c as u32);
        want[scalar_index(c)] = b[0];
    }
    if py.replaced != want {
        let at = py.replaced.iter().zip(&want).position(|(a, b)| a != b);
        tally.mismatch(format!(
            "{codec} replace: {} bytes, first difference at scalar value #{at:?}",
            py.replaced.len()
        ));
    }
    view
}

/// Per page: every scalar value in one string, strict (which characters
/// the codec refuses) and `replace`; then 1,000 random texts strictly (the
/// offset of the first refused character).
#[test]
fn python_encodes_every_scalar_value() {
    let t = Instant::now();
    let mut rng = Rng::new(0x5B1E_0002);
    let texts: Vec<Vec<String>> = python_pages()
        .iter()
        .map(|&(enc, _, _)| {
            let repertoire: Vec<char> = (0..=255u8).filter_map(|b| ours_char(enc, b)).collect();
            random_texts(&mut rng, &repertoire, 1_000)
        })
        .collect();
    let mut jobs = Vec::new();
    for (&(_, codec, _), texts) in python_pages().iter().zip(&texts) {
        jobs.push(("sbenc", codec, Vec::new()));
        let mut file = Vec::new();
        for s in texts {
            put_bytes(&mut file, s.as_bytes());
        }
        jobs.push(("enc", codec, file));
    }
    let results = gen::python_jobs("python-sb-enc", &jobs);
    let mut found = Found::default();
    let mut tally = Tally::default();
    for (k, &(enc, codec, _)) in python_pages().iter().enumerate() {
        let view = python_every_scalar_value(enc, codec, &results[2 * k], &mut tally, &mut found);
        // Random texts: the bytes, or where the first refused character is.
        let mut r = Reader::new(&results[2 * k + 1]);
        for s in &texts[k] {
            tally.compared += 1;
            let theirs = match r.u8() {
                0 => Ok(r.bytes().to_vec()),
                _ => Err((r.u32() as usize, r.u32() as usize)),
            };
            let want: Result<Vec<u8>, (usize, usize)> = s
                .char_indices()
                .map(|(i, c)| view.get(&c).map(|b| b[0]).ok_or((i, i + c.len_utf8())))
                .collect();
            let theirs = theirs.map_err(|(start, end)| {
                // Python's error spans the run of refused characters; the
                // first of them is where litenc stops.
                let first = s[start..]
                    .chars()
                    .next()
                    .map_or(start, |c| start + c.len_utf8());
                assert!(end >= first);
                (start, first)
            });
            if theirs != want {
                tally.mismatch(format!(
                    "{codec} text {s:?}: python {theirs:?}, expected {want:?}"
                ));
            }
            let got = enc.encode(s).map_err(|e| match e {
                EncodeError::Unencodable { offset, ch, .. } => (offset, offset + ch.len_utf8()),
                other => panic!("{other:?}"),
            });
            let ours = sb::ours_encodes(enc);
            let mine: Result<Vec<u8>, (usize, usize)> = s
                .char_indices()
                .map(|(i, c)| ours.get(&c).copied().ok_or((i, i + c.len_utf8())))
                .collect();
            assert_eq!(got, mine, "{enc} {s:?}");
        }
        assert!(r.is_empty());
    }
    for &(enc, codec, _) in python_pages() {
        println!(
            "python {codec} for {}: {} characters differ",
            enc.name(),
            found.count(enc)
        );
    }
    tally.finish("python single-byte encode (strict and replace)");
    differences::check(&conformance_md(), "python", &["encode"], &found.0);
    println!("python encode: {:?}", t.elapsed());
}

// ---- iconv -------------------------------------------------------------------

struct IconvResult {
    ok: bool,
    stdout: Vec<u8>,
    stderr: String,
}

fn iconv(args: &[&str], input: &[u8]) -> IconvResult {
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

/// The position in "illegal input sequence at position N".
fn iconv_position(stderr: &str) -> Option<usize> {
    stderr
        .split("illegal input sequence at position ")
        .nth(1)
        .and_then(|rest| rest.trim().parse().ok())
}

/// Per page: every byte but `0x0A` on its own line with `-c`, then all 256
/// bytes strictly.
#[test]
fn iconv_decodes_every_byte() {
    let t = Instant::now();
    let mut found = Found::default();
    let mut tally = Tally::default();
    let lines: Vec<u8> = (0..=255u8)
        .filter(|&b| b != b'\n')
        .flat_map(|b| [b, b'\n'])
        .collect();
    let all: Vec<u8> = (0..=255u8).collect();
    for &(enc, _, name) in glibc_pages() {
        let res = iconv(&["-c", "-f", name, "-t", "UTF-8"], &lines);
        assert!(res.stderr.is_empty(), "iconv -c {name}: {}", res.stderr);
        let out = String::from_utf8(res.stdout).expect("UTF-8 from iconv");
        let got: Vec<&str> = out.split_terminator('\n').collect();
        assert_eq!(got.len(), 255, "iconv {name}: one line per byte");
        let mut view: [Option<String>; 256] =
            std::array::from_fn(|b| ours_char(enc, b as u8).map(String::from));
        for (b, line) in (0..=255u8).filter(|&b| b != b'\n').zip(got) {
            tally.compared += 1;
            let ours = ours_char(enc, b);
            let peer = (!line.is_empty()).then_some(line);
            if ours.map(String::from).as_deref() == peer {
                continue;
            }
            match decode_rule(enc, b, ours, peer, Peer::Glibc) {
                Some(rule) => {
                    tally.classify(rule.name());
                    found.add(
                        enc,
                        "decode",
                        rule,
                        decode_item(b, ours.map(String::from).as_deref(), peer),
                    );
                    view[usize::from(b)] = peer.map(str::to_owned);
                }
                None => tally.mismatch(format!(
                    "{name} byte {b:02X}: litenc {ours:?}, iconv {peer:?}"
                )),
            }
        }
        // All 256 bytes strictly: it stops at the first byte it cannot
        // decode, having written what comes before.
        tally.compared += 1;
        let res = iconv(&["-f", name, "-t", "UTF-8"], &all);
        let stop = view.iter().position(Option::is_none);
        let before: String = view[..stop.unwrap_or(256)]
            .iter()
            .map(|c| c.as_deref().unwrap())
            .collect();
        if res.ok != stop.is_none()
            || (stop.is_some() && iconv_position(&res.stderr) != stop)
            || res.stdout != before.as_bytes()
        {
            tally.mismatch(format!(
                "{name} all 256 bytes: expected a stop at {stop:?} after {}; iconv ok {} {:?}, wrote {}",
                hex(before.as_bytes()),
                res.ok,
                res.stderr.trim(),
                hex(&res.stdout)
            ));
        }
    }
    for &(enc, _, name) in glibc_pages() {
        println!(
            "iconv {name} for {}: {} bytes differ",
            enc.name(),
            found.count(enc)
        );
    }
    tally.finish("iconv single-byte decode");
    differences::check(&conformance_md(), "glibc", &["decode"], &found.0);
    println!(
        "iconv decode: {} calls in {:?}",
        2 * glibc_pages().len(),
        t.elapsed()
    );
}

/// glibc's CP1255 and CP1258 decoders compose a base letter and a following
/// combining mark into one precomposed character (the other direction of
/// [`Rule::GlibcDecomposes`]); litenc, one byte to one character, does not.
/// Two vectors show it; `CONFORMANCE.md` says so.
#[test]
fn iconv_composes_what_litenc_keeps_apart() {
    for (enc, name, bytes, composed, back) in [
        (
            Encoding::Windows1255,
            "CP1255",
            &[0xE0, 0xC8][..],
            "\u{FB2F}",
            &[0xE0, 0xC8][..],
        ),
        (
            Encoding::Windows1258,
            "CP1258",
            &[0x41, 0xCC],
            "\u{C0}",
            &[0xC0],
        ),
    ] {
        let res = iconv(&["-f", name, "-t", "UTF-8"], bytes);
        assert!(res.ok, "{}", res.stderr);
        assert_eq!(String::from_utf8(res.stdout).unwrap(), composed);
        let ours = enc.decode(bytes).unwrap();
        assert_eq!(ours.chars().count(), 2, "{ours:?}");
        // glibc writes the composed character back as the two bytes where
        // the page has no byte for it (CP1255), as its own byte where it
        // has one (CP1258, as litenc would).
        let res = iconv(&["-f", "UTF-8", "-t", name], composed.as_bytes());
        assert_eq!(res.stdout, back);
    }
}

/// Every scalar value but U+000A, each on its own line: the input of the
/// encoding calls, built once.
fn scalar_lines() -> &'static [u8] {
    static LINES: OnceLock<Vec<u8>> = OnceLock::new();
    LINES.get_or_init(|| {
        let mut s = String::with_capacity(5_600_000);
        for c in all_scalar_values().filter(|&c| c != '\n') {
            s.push(c);
            s.push('\n');
        }
        s.into_bytes()
    })
}

/// The lines of `out` that are not empty, by line number, and the number
/// of lines.
fn nonempty_lines(out: &[u8]) -> (BTreeMap<usize, &[u8]>, usize) {
    let mut found = BTreeMap::new();
    let mut line = 0;
    let mut start = 0;
    for (i, &b) in out.iter().enumerate() {
        if b == b'\n' {
            if i > start {
                found.insert(line, &out[start..i]);
            }
            line += 1;
            start = i + 1;
        }
    }
    assert_eq!(start, out.len(), "a last line without a newline");
    (found, line)
}

/// Per page: every scalar value but U+000A on its own line with `-c` (a
/// character it cannot encode leaves its line empty), then the same input
/// strictly.
fn iconv_encodes(pages: &[(Encoding, &str, &str)]) {
    let t = Instant::now();
    let input = scalar_lines();
    let chars: Vec<char> = all_scalar_values().filter(|&c| c != '\n').collect();
    let mut found = Found::default();
    let mut tally = Tally::default();
    for &(enc, _, name) in pages {
        let ours = sb::ours_encodes(enc);
        let res = iconv(&["-c", "-f", "UTF-8", "-t", name], input);
        // What litenc would write: its byte (or nothing) and a newline for
        // each character.
        let line_of = |c: char| scalar_index(c) - usize::from(c > '\n');
        let mut expected = Vec::with_capacity(chars.len() + 256);
        let mut next = 0;
        for (&c, &b) in ours.iter().filter(|(&c, _)| c != '\n') {
            expected.resize(expected.len() + line_of(c) - next, b'\n');
            expected.extend_from_slice(&[b, b'\n']);
            next = line_of(c) + 1;
        }
        expected.resize(expected.len() + chars.len() - next, b'\n');
        let mut view: BTreeMap<char, Vec<u8>> = ours.iter().map(|(&c, &b)| (c, vec![b])).collect();
        tally.compared += chars.len();
        if res.stdout != expected {
            // The lines that are not empty, on either side.
            let (theirs, lines) = nonempty_lines(&res.stdout);
            assert_eq!(lines, chars.len(), "iconv {name}: one line per character");
            let mut at: BTreeSet<usize> = theirs.keys().copied().collect();
            at.extend(ours.keys().filter(|&&c| c != '\n').map(|&c| line_of(c)));
            for line in at {
                let c = chars[line];
                let a = ours.get(&c).copied();
                let peer = theirs.get(&line).copied();
                if a.map(|x| vec![x]).as_deref() == peer {
                    continue;
                }
                match encode_rule(enc, c, a, peer, Peer::Glibc) {
                    Some(rule) => {
                        tally.classify(rule.name());
                        found.add(
                            enc,
                            "encode",
                            rule,
                            encode_item(c, a.as_ref().map(std::slice::from_ref), peer),
                        );
                        match peer {
                            Some(b) => view.insert(c, b.to_vec()),
                            None => view.remove(&c),
                        };
                    }
                    None => tally.mismatch(format!(
                        "{name} U+{:04X}: litenc {a:02X?}, iconv {peer:02X?}",
                        c as u32
                    )),
                }
            }
        }
        // Strictly: it stops at the first character it cannot encode.
        tally.compared += 1;
        let res = iconv(&["-f", "UTF-8", "-t", name], input);
        let mut at = 0;
        let mut before = Vec::new();
        let mut stop = None;
        for &c in &chars {
            let Some(b) = view.get(&c) else {
                stop = Some(at);
                break;
            };
            before.extend_from_slice(b);
            before.push(b'\n');
            at += c.len_utf8() + 1;
        }
        if res.ok != stop.is_none()
            || (stop.is_some() && iconv_position(&res.stderr) != stop)
            || res.stdout != before
        {
            tally.mismatch(format!(
                "{name} strict: expected a stop at byte {stop:?} after {} bytes; iconv ok {} {:?}, wrote {} bytes",
                before.len(),
                res.ok,
                res.stderr.trim(),
                res.stdout.len()
            ));
        }
    }
    for &(enc, _, name) in pages {
        println!(
            "iconv {name} for {}: {} characters differ",
            enc.name(),
            found.count(enc)
        );
    }
    tally.finish("iconv single-byte encode");
    differences::check(&conformance_md(), "glibc", &["encode"], &found.0);
    println!(
        "iconv encode: {} calls in {:?}",
        2 * pages.len(),
        t.elapsed()
    );
}

#[test]
fn iconv_encodes_every_scalar_value() {
    iconv_encodes(glibc_pages());
}
