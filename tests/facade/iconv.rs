//! `examples/iconv.rs` against glibc's `iconv` on real text: the man pages
//! of this machine (Russian, Ukrainian, German, French, Japanese, as
//! installed) and this repository's documents, converted UTF-8 ↔ UTF-16LE,
//! UTF-8 ↔ windows-1251 and UTF-8 ↔ KOI8-R, with and without `-c`, and
//! with ill-formed input: the output must be the same bytes, the exit
//! status the same, and where the conversion stops, the byte offset that
//! glibc names must be the one litenc names.
//!
//! The example's conversion is called as a function (the example's source
//! is a module here), on the whole file and in one-byte reads.

#[path = "../../examples/iconv.rs"]
#[allow(dead_code, reason = "the example's `main` is not called here")]
mod example;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

use example::Failure;
use litenc::Encoding;

/// A temporary directory for the inputs glibc reads.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("litenc-iconv-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The texts: up to three man pages per language, decompressed, and the
/// repository's README and CHANGELOG.
fn texts() -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for lang in ["ru", "uk", "de", "fr", "ja"] {
        let mut pages: Vec<PathBuf> = ["man1", "man5", "man8"]
            .iter()
            .filter_map(|sec| std::fs::read_dir(format!("/usr/share/man/{lang}/{sec}")).ok())
            .flatten()
            .filter_map(|e| Some(e.ok()?.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "gz"))
            .collect();
        pages.sort();
        for page in pages.iter().take(3) {
            let text = Command::new("gzip").arg("-dc").arg(page).output().unwrap();
            if text.status.success() && std::str::from_utf8(&text.stdout).is_ok() {
                out.push((page.display().to_string(), text.stdout));
            }
        }
    }
    assert!(
        out.len() >= 4,
        "fewer than 4 man pages under /usr/share/man/{{ru,uk,de,fr,ja}}: the test compares with \
         glibc on real text (Debian ships Russian pages with psmisc, passwd and man-db)"
    );
    for doc in ["README.md", "CHANGELOG.md"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(doc);
        out.push((doc.into(), std::fs::read(path).unwrap()));
    }
    out
}

/// What a conversion did: output bytes, exit status, and the byte offset
/// named in the message, if any.
#[derive(Debug, PartialEq)]
struct Outcome {
    output: Vec<u8>,
    status: i32,
    position: Option<usize>,
}

fn glibc(input: &Path, from: &str, to: &str, skip: bool) -> Outcome {
    let mut cmd = Command::new("iconv");
    cmd.args(["-f", from, "-t", to]);
    if skip {
        cmd.arg("-c");
    }
    let out = cmd
        .arg(input)
        .output()
        .expect("glibc iconv (apt-get install libc-bin)");
    let stderr = String::from_utf8_lossy(&out.stderr);
    Outcome {
        output: out.stdout,
        status: out.status.code().unwrap(),
        position: stderr
            .split_once("at position ")
            .map(|(_, n)| n.trim().parse().unwrap()),
    }
}

/// Reads one byte at a time: every cut a stream can have.
struct Trickle<'a>(&'a [u8]);

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let Some((&first, rest)) = self.0.split_first() else {
            return Ok(0);
        };
        if buf.is_empty() {
            return Ok(0);
        }
        buf[0] = first;
        self.0 = rest;
        Ok(1)
    }
}

fn litenc(input: &[u8], from: &str, to: &str, skip: bool, trickle: bool) -> Outcome {
    let (from, to) = (
        Encoding::for_label(from).unwrap(),
        Encoding::for_label(to).unwrap(),
    );
    let mut output = Vec::new();
    let result = if trickle {
        example::convert(from, to, skip, &mut Trickle(input), &mut output)
    } else {
        example::convert(from, to, skip, &mut &input[..], &mut output)
    };
    let (status, position) = match result {
        Ok(()) => (0, None),
        Err(Failure::Invalid(at) | Failure::Unencodable(_, at)) => (1, Some(at)),
        Err(Failure::Incomplete(_)) => (1, None),
        Err(Failure::Io(e)) => panic!("{e}"),
    };
    Outcome {
        output,
        status,
        position,
    }
}

/// One conversion, both ways of reading, against glibc.
fn compare(name: &str, input: &[u8], from: &str, to: &str, skip: bool) -> Outcome {
    let path = scratch().join("input");
    std::fs::write(&path, input).unwrap();
    let want = glibc(&path, from, to, skip);
    let c = if skip { " -c" } else { "" };
    for trickle in [false, true] {
        let got = litenc(input, from, to, skip, trickle);
        assert!(
            got == want,
            "{name}: -f {from} -t {to}{c} (one byte at a time: {trickle}): status {} at {:?}, \
             {} bytes; glibc: status {} at {:?}, {} bytes",
            got.status,
            got.position,
            got.output.len(),
            want.status,
            want.position,
            want.output.len()
        );
    }
    want
}

/// The ill-formed sequences put into the UTF-8 text, one every few hundred
/// bytes (at a character boundary).
const BAD_UTF8: [&[u8]; 8] = [
    b"\xFF",
    b"\x80",
    b"\xC0\x80",
    b"\xE2\x82",
    b"\xED\xA0\x80",
    b"\xF0\x9F\x98",
    b"\xF4\x90\x80\x80",
    b"\xC2",
];

/// `text` with one of `bad` put before the first byte at or after every
/// `every` bytes where `boundary` says a character starts.
fn with_errors(
    text: &[u8],
    bad: &[&[u8]],
    every: usize,
    boundary: impl Fn(&[u8], usize) -> bool,
) -> Vec<u8> {
    let mut out = Vec::new();
    let (mut due, mut n) = (false, 0);
    for (i, &b) in text.iter().enumerate() {
        due |= i > 0 && i % every == 0;
        if due && boundary(text, i) {
            out.extend_from_slice(bad[n % bad.len()]);
            n += 1;
            due = false;
        }
        out.push(b);
    }
    out
}

#[test]
fn same_bytes_as_glibc_iconv() {
    // glibc's names are litenc labels too.
    let mut conversions = 0;
    for (name, utf8) in texts() {
        let utf8 = &utf8[..];
        // UTF-8 ↔ UTF-16LE: every text converts.
        let utf16 = compare(&name, utf8, "UTF-8", "UTF-16LE", false);
        assert_eq!(utf16.status, 0, "{name}");
        let units = &utf16.output[..];
        compare(&name, units, "UTF-16LE", "UTF-8", false);
        // UTF-8 ↔ the code pages: without -c both stop at the same
        // character (if the text has one the page lacks); with -c both
        // leave such characters out; and back.
        for page in ["CP1251", "KOI8-R"] {
            let strict = compare(&name, utf8, "UTF-8", page, false);
            let paged = compare(&name, utf8, "UTF-8", page, true);
            assert_eq!(paged.status, 0);
            assert_eq!(strict.status == 0, strict.output == paged.output, "{name}");
            compare(&name, &paged.output, page, "UTF-8", false);
            conversions += 3;
        }
        // Ill-formed input, with and without -c; -c drops exactly the bad
        // bytes.
        let bad8 = with_errors(utf8, &BAD_UTF8, 301, |t, i| t[i] & 0xC0 != 0x80);
        assert_eq!(compare(&name, &bad8, "UTF-8", "UTF-16LE", false).status, 1);
        let skipped = compare(&name, &bad8, "UTF-8", "UTF-16LE", true);
        assert_eq!(skipped.output, units, "{name}");
        let lone: [&[u8]; 3] = [b"\x00\xDC", b"\x3D\xD8", b"\x00\xD8\x00\xD8"];
        let bad16 = with_errors(units, &lone, 402, |t, i| {
            i % 2 == 0 && !(0xDC..=0xDF).contains(&t[i + 1])
        });
        assert_eq!(compare(&name, &bad16, "UTF-16LE", "UTF-8", false).status, 1);
        let skipped = compare(&name, &bad16, "UTF-16LE", "UTF-8", true);
        assert_eq!(skipped.output, utf8, "{name}");
        // Input that ends inside a character: an error, with -c too.
        for skip in [false, true] {
            let cut8 = [utf8, b"\xE2\x82"].concat();
            assert_eq!(compare(&name, &cut8, "UTF-8", "UTF-16LE", skip).status, 1);
            for tail in [&b"\x3D"[..], b"\x3D\xD8", b"\x3D\xD8\x00"] {
                let cut16 = [units, tail].concat();
                assert_eq!(compare(&name, &cut16, "UTF-16LE", "UTF-8", skip).status, 1);
            }
        }
        conversions += 14;
    }
    eprintln!("{conversions} conversions compared with glibc iconv");
}

/// Up to `n` man pages in `lang`, decompressed, that are UTF-8.
fn pages(lang: &str, n: usize) -> Vec<(String, Vec<u8>)> {
    let mut paths: Vec<PathBuf> = ["man1", "man5", "man8"]
        .iter()
        .filter_map(|sec| std::fs::read_dir(format!("/usr/share/man/{lang}/{sec}")).ok())
        .flatten()
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "gz"))
        .collect();
    paths.sort();
    paths
        .iter()
        .take(n)
        .filter_map(|page| {
            let text = Command::new("gzip").arg("-dc").arg(page).output().ok()?;
            (text.status.success() && std::str::from_utf8(&text.stdout).is_ok())
                .then(|| (page.display().to_string(), text.stdout))
        })
        .collect()
}

#[test]
fn multi_byte_same_bytes_as_glibc_iconv() {
    // Japanese, Chinese and Korean man pages, to each multi-byte encoding
    // of their script and back, where glibc converts the whole text: glibc
    // and WHATWG differ on a few characters (glibc's EUC-KR is KS X 1001
    // alone, WHATWG's is the UHC superset, so Korean pages with hangul
    // outside KS X 1001 are compared as CP949 in glibc's name).
    let mut conversions = 0;
    let sets: [(&str, &[(&str, &str)]); 4] = [
        (
            "ja",
            &[
                ("SHIFT_JIS", "SHIFT_JIS"),
                ("EUC-JP", "EUC-JP"),
                ("ISO-2022-JP", "ISO-2022-JP"),
            ],
        ),
        ("zh_CN", &[("GBK", "GBK"), ("GB18030", "GB18030")]),
        ("zh_TW", &[("BIG5", "BIG5")]),
        ("ko", &[("EUC-KR", "EUC-KR"), ("CP949", "EUC-KR")]),
    ];
    for (lang, encodings) in sets {
        for (name, utf8) in pages(lang, 3) {
            for &(glibc_name, ours) in encodings {
                let path = scratch().join("probe");
                std::fs::write(&path, &utf8).unwrap();
                let want = glibc(&path, "UTF-8", glibc_name, false);
                if want.status != 0 {
                    eprintln!("{name}: glibc cannot write all of it in {glibc_name}");
                    continue;
                }
                // litenc writes glibc's bytes and reads them back as the
                // text. (glibc reads its own Shift_JIS `5C` as `¥`, JIS X
                // 0201, where WHATWG reads `\`: the way back is litenc's.)
                let got = iconv_both_ways(&name, &utf8, ours, &want.output);
                assert!(got == utf8, "{name}: {ours} and back");
                conversions += 2;
            }
        }
    }
    assert!(conversions >= 6, "{conversions}");
    eprintln!("{conversions} multi-byte conversions compared with glibc iconv");
}

/// litenc's `iconv` from UTF-8 to `enc` (which must give `want`, glibc's
/// bytes) and back, on the whole text and one byte at a time; the text back.
fn iconv_both_ways(name: &str, utf8: &[u8], enc: &str, want: &[u8]) -> Vec<u8> {
    let mut back = Vec::new();
    for trickle in [false, true] {
        let there = litenc(utf8, "UTF-8", enc, false, trickle);
        assert_eq!(there.status, 0, "{name}: to {enc}");
        assert!(
            there.output == want,
            "{name}: to {enc}, one byte at a time: {trickle}"
        );
        let again = litenc(want, enc, "UTF-8", false, trickle);
        assert_eq!(again.status, 0, "{name}: from {enc}");
        back = again.output;
    }
    back
}
