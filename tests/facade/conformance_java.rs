//! Java as a live peer: `tests/conformance/Peer.java` is
//! compiled with `javac` at test time (once per version of it) and run once
//! per test, in batch, over 100,000 generated inputs plus fixed edge cases:
//!
//! - `DataOutputStream.writeUTF` against [`mutf8::encode_units_into`] (and
//!   [`mutf8::encode`] where the units are valid UTF-16);
//! - `DataInputStream.readUTF` against [`mutf8::decode_units_into`], on valid
//!   and on malformed input;
//! - the `CESU-8` charset against [`cesu8`];
//! - the `windows-1251` charset against [`windows1251`];
//! - every single-byte charset Java has that litenc has too (41 of the 44
//!   code pages; not ISO-8859-10 and ISO-8859-14), all 256 bytes and every
//!   scalar value, against the `Encoding` methods;
//! - the `UTF-8`, `UTF-16LE` and `UTF-16BE` charsets against litenc's, to
//!   check what the crate docs say about Java there.
//!
//! Every difference must match a rule below (and is listed in
//! `CONFORMANCE.md`); any other fails the test with the input and both
//! outputs. The JDK is a requirement of these tests: without `javac` they
//! fail, saying what to install.

use crate::differences;
use crate::gen;
use crate::sb;

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Instant;

use gen::{hex, hex16, put_bytes, put_units, Reader, Rng, Tally, N, UTF8_SPECIALS};
use litenc::{cesu8, mutf8, windows1251, DecodeErrorKind, EncodeError, LenPrefix};

const INSTALL_JDK: &str = "a JDK 17 or later (Debian: `apt-get install openjdk-17-jdk-headless`)";

/// Compiles `Peer.java` once per version of its source (the class directory
/// is named by a hash of it and kept under Cargo's tmp dir); returns it.
fn peer_classes() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance/Peer.java");
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        std::fs::read(&src).unwrap().hash(&mut hasher);
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("conformance-peer-{:016x}", hasher.finish()));
        if dir.join("Peer.class").exists() {
            return dir;
        }
        // Compile aside, then move into place, so that a concurrent run
        // never sees a half-written directory.
        let tmp = gen::work_dir("javac");
        gen::run_ok(
            Command::new("javac")
                .arg("-encoding")
                .arg("UTF-8")
                .arg("-d")
                .arg(&tmp)
                .arg(&src),
            INSTALL_JDK,
        );
        if std::fs::rename(&tmp, &dir).is_err() {
            // Another run got there first.
            let _ = std::fs::remove_dir_all(&tmp);
        }
        assert!(dir.join("Peer.class").exists(), "javac wrote no Peer.class");
        dir
    })
}

/// One JVM for all `jobs` (`mode`, `charset`, input records); returns the
/// output file of each job.
fn java(name: &str, jobs: &[(&str, &str, &[u8])]) -> Vec<Vec<u8>> {
    let classes = peer_classes();
    let dir = gen::work_dir(name);
    let mut cmd = Command::new("java");
    cmd.arg("-Xss8m").arg("-cp").arg(classes).arg("Peer");
    let mut outs = Vec::new();
    for (i, (mode, charset, input)) in jobs.iter().enumerate() {
        let inp = dir.join(format!("{i}.in"));
        let out = dir.join(format!("{i}.out"));
        std::fs::write(&inp, input).unwrap();
        cmd.arg(format!(
            "{mode}:{charset}:{}:{}",
            inp.display(),
            out.display()
        ));
        outs.push(out);
    }
    let t = Instant::now();
    gen::run_ok(&mut cmd, INSTALL_JDK);
    println!("{name}: JVM ran {} jobs in {:?}", jobs.len(), t.elapsed());
    let res = outs.iter().map(|p| std::fs::read(p).unwrap()).collect();
    let _ = std::fs::remove_dir_all(&dir);
    res
}

fn utf16(s: &str) -> Vec<u16> {
    s.encode_utf16().collect()
}

/// Fixed edge cases for `writeUTF`: the empty string, NUL, every kind of
/// surrogate, the ends of each length class, and both sides of the 65,535
/// byte limit of the length prefix.
fn writeutf_edges() -> Vec<Vec<u16>> {
    let mut v: Vec<Vec<u16>> = vec![
        vec![],
        vec![0],
        vec![0, 0],
        vec![0x7F, 0x80, 0x7FF, 0x800, 0xFFFF],
        vec![0xD800],
        vec![0xDC00],
        vec![0xDBFF, 0xDFFF],
        vec![0xDC00, 0xD800],
        vec![0xD800, 0x41, 0xDC00],
        vec![0xFEFF, 0xFFFE, 0xFFFD],
    ];
    v.push(vec![0x41; 65_535]);
    v.push(vec![0x41; 65_536]);
    v.push(vec![0; 32_767]);
    v.push(vec![0; 32_768]);
    v.push(vec![0x800; 21_845]);
    v.push(vec![0x800; 21_846]);
    v.push(vec![0xD800; 21_845]);
    v
}

#[test]
fn java_writeutf_matches_encode_units_into() {
    let mut rng = Rng::new(0x11AA_0001);
    let mut inputs = writeutf_edges();
    inputs.extend((0..N).map(|_| gen::java_units(&mut rng)));
    let mut file = Vec::new();
    for u in &inputs {
        put_units(&mut file, u);
    }
    let out = java("writeutf", &[("writeutf", "", &file)]);
    let mut r = Reader::new(&out[0]);
    let mut tally = Tally::default();
    let mut buf = vec![0u8; 3 * 65_536 + 8];
    for units in &inputs {
        tally.compared += 1;
        let needed = mutf8::encoded_units_len(units);
        let n = mutf8::encode_units_into(units, &mut buf).unwrap();
        assert_eq!(n, needed);
        let ours = &buf[..n];
        if r.u8() == 1 {
            // writeUTF refuses what its u16 length prefix cannot hold.
            if needed > mutf8::JAVA_UTF_MAX_LEN {
                tally.classify("writeUTF throws above JAVA_UTF_MAX_LEN (65,535 bytes); encode_units_into has no limit");
            } else {
                tally.mismatch(format!(
                    "writeUTF threw on {} ({needed} bytes)",
                    hex16(&units[..units.len().min(40)])
                ));
            }
            continue;
        }
        let theirs = r.bytes();
        if ours != theirs {
            tally.mismatch(format!(
                "units {}\n  litenc {}\n  java   {}",
                hex16(units),
                hex(ours),
                hex(theirs)
            ));
        }
        // The `&str` API must agree too where the units are valid UTF-16.
        if let Ok(s) = String::from_utf16(units) {
            if mutf8::encode(&s).unwrap() != theirs {
                tally.mismatch(format!("mutf8::encode({s:?}) differs from writeUTF"));
            }
        }
    }
    assert!(r.is_empty());
    tally.finish("writeUTF vs mutf8::encode_units_into");
}

/// The texts of [`java_writeutf_is_mutf8_with_len_u16be`], as literals for
/// the macro and as strings for Java.
const PREFIXED_LITERALS: [&str; 6] = [
    "",
    "java/lang/Object",
    "a\0b",
    "Привет, 世界 😀",
    "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}",
    "(Ljava/lang/String;[I)V",
];

#[test]
fn java_writeutf_is_mutf8_with_len_u16be() {
    // The macro, at compile time.
    let from_macro: [&[u8]; 6] = [
        &litenc::mutf8!("", len_u16be),
        &litenc::mutf8!("java/lang/Object", len_u16be),
        &litenc::mutf8!("a\0b", len_u16be),
        &litenc::mutf8!("Привет, 世界 😀", len_u16be),
        &litenc::mutf8!(
            "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}",
            len_u16be
        ),
        &litenc::encode!("java-modified-utf-8", "(Ljava/lang/String;[I)V", len_u16be),
    ];
    // Exactly 65,535 bytes (10,922 x 6 + 3), from a file.
    let at_limit: &[u8] =
        &litenc::include_encoded!("mutf-8", "../macros_data/mutf8_65535.txt", len_u16be);
    let limit_text = include_str!("../macros_data/mutf8_65535.txt");
    // The run-time function, on random Java strings (valid UTF-16, so that
    // they are `&str`s) and on the edges of the limit.
    let mut rng = Rng::new(0x11AA_0010);
    let mut texts: Vec<String> = PREFIXED_LITERALS.iter().map(|s| (*s).to_owned()).collect();
    texts.push(limit_text.to_owned());
    texts.push(format!("{limit_text}a"));
    texts.push("\0".repeat(32_767) + "a");
    texts.push("\0".repeat(32_768));
    while texts.len() < N {
        if let Ok(s) = String::from_utf16(&gen::java_units(&mut rng)) {
            texts.push(s);
        }
    }
    let mut file = Vec::new();
    for t in &texts {
        put_units(&mut file, &utf16(t));
    }
    let out = java("writeutfall", &[("writeutfall", "", &file)]);
    let mut r = Reader::new(&out[0]);
    let mut tally = Tally::default();
    let mut buf = vec![0u8; 3 * 65_536 + 8];
    let mut thrown = 0;
    for (k, text) in texts.iter().enumerate() {
        tally.compared += 1;
        let ours = mutf8::encode_prefixed_into(text, LenPrefix::U16Be, &mut buf);
        if r.u8() == 1 {
            // writeUTF threw: litenc must refuse as well, with the length.
            thrown += 1;
            match ours {
                Err(EncodeError::TooLong { len, max: 65_535 }) if len > 65_535 => {}
                other => tally.mismatch(format!("writeUTF threw, litenc gave {other:?}")),
            }
            continue;
        }
        let theirs = r.bytes();
        match ours {
            Ok(n) if buf[..n] == theirs[..] => {}
            other => tally.mismatch(format!(
                "{:?}: litenc {other:?} {}, java {}",
                &text.chars().take(20).collect::<String>(),
                hex(&buf[..other.unwrap_or(0).min(64)]),
                hex(&theirs[..theirs.len().min(64)])
            )),
        }
        if k < from_macro.len() && from_macro[k] != theirs {
            tally.mismatch(format!("mutf8!({text:?}, len_u16be) differs from writeUTF"));
        }
        if text == limit_text && at_limit != theirs {
            tally.mismatch("include_encoded! of 65,535 bytes differs from writeUTF".to_owned());
        }
    }
    assert!(r.is_empty());
    assert_eq!(
        thrown, 2,
        "writeUTF should refuse exactly the two texts over 65,535 bytes"
    );
    assert_eq!(at_limit.len(), 65_537);
    tally.finish("writeUTF vs mutf8!(.., len_u16be) and mutf8::encode_prefixed_into");
}

/// Why litenc rejects modified UTF-8 that `readUTF` accepts, by design; the
/// rule is read off the bytes at litenc's error position.
fn readutf_laxness(bytes: &[u8], at: usize) -> Option<&'static str> {
    let b0 = bytes[at];
    let b1 = bytes.get(at + 1).copied();
    let cont = |b: Option<u8>| b.is_some_and(|b| b & 0xC0 == 0x80);
    if b0 == 0 {
        Some("raw 00: readUTF decodes it as U+0000, litenc wants C0 80")
    } else if (b0 == 0xC0 || b0 == 0xC1) && cont(b1) {
        Some("overlong 2-byte form (C0/C1 xx other than C0 80): readUTF accepts, litenc rejects")
    } else if b0 == 0xE0
        && b1.is_some_and(|b| (0x80..=0x9F).contains(&b))
        && cont(bytes.get(at + 2).copied())
    {
        Some("overlong 3-byte form (E0 80..9F xx): readUTF accepts, litenc rejects")
    } else {
        None
    }
}

#[test]
fn java_readutf_matches_decode_units_into() {
    let mut rng = Rng::new(0x11AA_0002);
    let mut inputs: Vec<Vec<u8>> = vec![
        vec![],
        b"\xC0\x80".to_vec(),
        b"\x00".to_vec(),
        b"\xC0\x81".to_vec(),
        b"\xC1\xBF".to_vec(),
        b"\xE0\x80\x80".to_vec(),
        b"\xE0\x9F\xBF".to_vec(),
        b"\xED\xA0\x80".to_vec(),
        b"\xED\xB0\x80\xED\xA0\x80".to_vec(),
        b"\xF0\x9F\x98\x80".to_vec(),
        b"\xC0".to_vec(),
        b"\xE2\x82".to_vec(),
        b"\x80".to_vec(),
        b"\xF8\x88\x80\x80\x80".to_vec(),
        b"\xFF".to_vec(),
        vec![0x41; 65_535],
    ];
    // Valid: what encode_units_into makes of Java strings.
    for _ in 0..N {
        inputs.push(mutf8::encode_units(&gen::java_units(&mut rng)));
    }
    // Malformed (mostly): those with bytes changed, and random bytes.
    for i in 0..N {
        let b = if i % 4 == 0 {
            gen::random_bytes(&mut rng)
        } else {
            let valid = mutf8::encode_units(&gen::java_units(&mut rng));
            gen::mutate(&mut rng, &valid, UTF8_SPECIALS)
        };
        inputs.push(b);
    }
    let mut file = Vec::new();
    for b in &inputs {
        put_bytes(&mut file, b);
    }
    let out = java("readutf", &[("readutf", "", &file)]);
    let mut r = Reader::new(&out[0]);
    let mut tally = Tally::default();
    let (mut both_ok, mut both_err) = (0, 0);
    for bytes in &inputs {
        tally.compared += 1;
        let ours = mutf8::decode_units(bytes);
        let status = r.u8();
        let theirs = (status == 0).then(|| r.units());
        match (&ours, &theirs) {
            (Ok(a), Some(b)) => {
                both_ok += 1;
                if a != b {
                    tally.mismatch(format!(
                        "bytes {}\n  litenc {}\n  java   {}",
                        hex(bytes),
                        hex16(a),
                        hex16(b)
                    ));
                }
                // And the text API, where the units are valid UTF-16.
                if let Ok(s) = String::from_utf16(b) {
                    if mutf8::decode(bytes).as_deref() != Ok(s.as_str()) {
                        tally.mismatch(format!(
                            "mutf8::decode({}) differs from readUTF",
                            hex(bytes)
                        ));
                    }
                }
            }
            (Err(_), None) => both_err += 1,
            (Err(e), Some(b)) => {
                let at = e.valid_up_to();
                let rule = match e.kind() {
                    DecodeErrorKind::Malformed { .. } => readutf_laxness(bytes, at),
                    _ => None,
                };
                // Up to the error both read the same units.
                let prefix = mutf8::decode_units(&bytes[..at]).unwrap();
                match rule {
                    Some(rule) if b.starts_with(&prefix) => tally.classify(rule),
                    _ => tally.mismatch(format!(
                        "bytes {}\n  litenc error {e}\n  java   accepts {}",
                        hex(bytes),
                        hex16(b)
                    )),
                }
            }
            (Ok(a), None) => tally.mismatch(format!(
                "bytes {}\n  litenc accepts {}\n  java   throws ({})",
                hex(bytes),
                hex16(a),
                if status == 1 {
                    "UTFDataFormatException"
                } else {
                    "EOFException"
                }
            )),
        }
    }
    assert!(r.is_empty());
    println!("readUTF: both accept {both_ok}, both reject {both_err}");
    tally.finish("readUTF vs mutf8::decode_units_into");
}

/// A Java `dec` result: the strict outcome, then the lossy string.
struct JavaDecode {
    /// `Ok(units)` or `Err((malformed, at, len))`.
    strict: Result<Vec<u16>, (bool, usize, usize)>,
    lossy: Vec<u16>,
}

fn read_java_decode(r: &mut Reader<'_>) -> JavaDecode {
    let strict = match r.u8() {
        0 => Ok(r.units()),
        s => Err((s == 1, r.u32() as usize, r.u32() as usize)),
    };
    JavaDecode {
        strict,
        lossy: r.units(),
    }
}

fn show_java(j: &JavaDecode) -> String {
    let strict = match &j.strict {
        Ok(u) => format!("ok {}", hex16(u)),
        Err((m, at, len)) => format!(
            "{} at {at} len {len}",
            if *m { "malformed" } else { "unmappable" }
        ),
    };
    format!("{strict}; lossy {}", hex16(&j.lossy))
}

#[test]
fn java_cesu8_charset_encoder_matches_cesu8() {
    let mut rng = Rng::new(0x11AA_0003);
    // Valid text, and Java strings with unpaired surrogates (which cesu8
    // cannot take as `&str`; Java must refuse exactly those).
    let texts: Vec<String> = (0..N).map(|_| gen::text(&mut rng)).collect();
    let java_strings: Vec<Vec<u16>> = (0..N / 10).map(|_| gen::java_units(&mut rng)).collect();
    let mut file = Vec::new();
    for s in &texts {
        put_units(&mut file, &utf16(s));
    }
    for u in &java_strings {
        put_units(&mut file, u);
    }
    let out = java("cesu8-enc", &[("enc", "CESU-8", &file)]);
    let mut tally = Tally::default();
    let mut r = Reader::new(&out[0]);
    for s in &texts {
        tally.compared += 1;
        let ours = cesu8::encode(s).unwrap();
        if r.u8() == 0 {
            let theirs = r.bytes();
            if ours != theirs {
                tally.mismatch(format!(
                    "text {s:?}\n  litenc {}\n  java   {}",
                    hex(&ours),
                    hex(theirs)
                ));
            }
        } else {
            let (at, len) = (r.u32(), r.u32());
            tally.mismatch(format!("text {s:?}: java refuses at {at} len {len}"));
        }
    }
    for u in &java_strings {
        tally.compared += 1;
        let status = r.u8();
        if let Ok(s) = String::from_utf16(u) {
            let theirs = if status == 0 { Some(r.bytes()) } else { None };
            if theirs != Some(cesu8::encode(&s).unwrap().as_slice()) {
                tally.mismatch(format!("units {}: java differs", hex16(u)));
            }
        } else if status == 1 && (r.u32() as usize, r.u32()) == (first_unpaired(u), 1) {
            // Java reports the first unpaired surrogate as malformed.
            tally.classify("unpaired surrogate: Java's CESU-8 encoder reports it malformed (len 1); litenc's &str cannot hold one");
        } else {
            tally.mismatch(format!("units {}: java status {status}", hex16(u)));
        }
    }
    assert!(r.is_empty());
    tally.finish("CESU-8 encode vs cesu8::encode");
}

#[test]
fn java_cesu8_charset_decoder_matches_cesu8() {
    let mut rng = Rng::new(0x11AA_0005);
    // Valid encodings, and malformed ones.
    let mut inputs: Vec<Vec<u8>> = vec![
        vec![],
        b"\x00".to_vec(),
        b"\xC0\x80".to_vec(),
        b"\xED\xA0\x80".to_vec(),
        b"\xED\xB0\x80".to_vec(),
        b"\xED\xA0\xBD\xED\xB8\x80".to_vec(),
        b"\xED\xA0\xBD".to_vec(),
        b"\xED\xA0\xBD\xED".to_vec(),
        b"\xED\xA0\xBD\x41".to_vec(),
        b"\xF0\x9F\x98\x80".to_vec(),
        b"\xE0\x80\x80".to_vec(),
        b"\xE2\x82".to_vec(),
    ];
    for i in 0..2 * N {
        let valid = cesu8::encode(&gen::text(&mut rng)).unwrap();
        inputs.push(if i % 2 == 0 {
            valid
        } else if i % 8 == 1 {
            gen::random_bytes(&mut rng)
        } else {
            gen::mutate(&mut rng, &valid, UTF8_SPECIALS)
        });
    }
    let mut file = Vec::new();
    for b in &inputs {
        put_bytes(&mut file, b);
    }
    let out = java("cesu8-dec", &[("dec", "CESU-8", &file)]);
    let mut tally = Tally::default();
    let mut r = Reader::new(&out[0]);
    for bytes in &inputs {
        tally.compared += 1;
        let j = read_java_decode(&mut r);
        let ours = cesu8::decode(bytes);
        let lossy = utf16(&cesu8::decode_lossy(bytes));
        let strict_same = match (&ours, &j.strict) {
            (Ok(s), Ok(u)) => utf16(s) == *u,
            (Err(e), Err((true, at, len))) => {
                e.valid_up_to() == *at && e.error_len().unwrap_or(bytes.len() - at) == *len
            }
            _ => false,
        };
        if strict_same && lossy == j.lossy {
            continue;
        }
        match cesu8_difference(bytes, &ours, &j, &lossy) {
            Some(rule) => tally.classify(rule),
            None => tally.mismatch(format!(
                "bytes {}\n  litenc {}; lossy {}\n  java   {}",
                hex(bytes),
                match &ours {
                    Ok(s) => format!("ok {}", hex16(&utf16(s))),
                    Err(e) => format!("{e}"),
                },
                hex16(&lossy),
                show_java(&j)
            )),
        }
    }
    assert!(r.is_empty());
    tally.finish("CESU-8 decode vs cesu8::decode / decode_lossy");
}

/// The index of the first unpaired surrogate in `u`.
fn first_unpaired(u: &[u16]) -> usize {
    let mut i = 0;
    while i < u.len() {
        let x = u[i];
        if (0xD800..0xDC00).contains(&x)
            && u.get(i + 1).is_some_and(|y| (0xDC00..0xE000).contains(y))
        {
            i += 2;
        } else if (0xD800..0xE000).contains(&x) {
            return i;
        } else {
            i += 1;
        }
    }
    u.len()
}

/// `bytes[at..]` starts with an encoded surrogate (`ED A0..BF`).
fn encoded_surrogate_at(bytes: &[u8], at: usize) -> bool {
    bytes.get(at) == Some(&0xED) && bytes.get(at + 1).is_some_and(|b| (0xA0..=0xBF).contains(b))
}

/// The input ends in an encoded high surrogate and 1 or 2 bytes of a low
/// one; returns where the high surrogate starts.
fn high_then_partial_low_at_end(bytes: &[u8]) -> Option<usize> {
    let n = bytes.len();
    let high = |at: usize| {
        bytes[at] == 0xED && (0xA0..=0xAF).contains(&bytes[at + 1]) && bytes[at + 2] & 0xC0 == 0x80
    };
    if n >= 4 && bytes[n - 1] == 0xED && high(n - 4) {
        Some(n - 4)
    } else if n >= 5 && bytes[n - 2] == 0xED && (0xB0..=0xBF).contains(&bytes[n - 1]) && high(n - 5)
    {
        Some(n - 5)
    } else {
        None
    }
}

/// Java's lossy output with each unpaired surrogate replaced by U+FFFD.
fn unpaired_to_fffd(u: &[u16]) -> Vec<u16> {
    let mut out = u.to_vec();
    let mut i = 0;
    while i < out.len() {
        let x = out[i];
        if (0xD800..0xDC00).contains(&x)
            && out.get(i + 1).is_some_and(|y| (0xDC00..0xE000).contains(y))
        {
            i += 2;
            continue;
        }
        if (0xD800..0xE000).contains(&x) {
            out[i] = 0xFFFD;
        }
        i += 1;
    }
    out
}

const CESU_LONE_SURROGATE: &str = "unpaired encoded surrogate: Java's CESU-8 decoder passes it through as a lone UTF-16 unit; litenc rejects it (strict) and writes one U+FFFD for it (lossy)";
const CESU_TRUNCATED_PAIR: &str = "input ends in a high surrogate and part of a low one: litenc reports truncated input at the high surrogate and writes one U+FFFD; Java passes the high surrogate through and reports the partial low one as malformed (lossy: lone surrogate then U+FFFD)";

/// Classifies a difference between Java's CESU-8 decoder and litenc's.
fn cesu8_difference(
    bytes: &[u8],
    ours: &Result<String, litenc::DecodeError>,
    j: &JavaDecode,
    lossy: &[u16],
) -> Option<&'static str> {
    let tail = high_then_partial_low_at_end(bytes);
    let strict_rule = match (ours, &j.strict) {
        (Ok(s), Ok(u)) if utf16(s) == *u => None,
        (Err(e), Err((true, at, len)))
            if e.valid_up_to() == *at && e.error_len().unwrap_or(bytes.len() - at) == *len =>
        {
            None
        }
        (Err(e), Err((true, at, len)))
            if e.kind() == DecodeErrorKind::Truncated
                && tail == Some(e.valid_up_to())
                && *at == e.valid_up_to() + 3
                && *len == bytes.len() - at =>
        {
            Some(CESU_TRUNCATED_PAIR)
        }
        (Err(e), java) if encoded_surrogate_at(bytes, e.valid_up_to()) => match java {
            Ok(_) => Some(CESU_LONE_SURROGATE),
            Err((true, at, _)) if *at > e.valid_up_to() => Some(CESU_LONE_SURROGATE),
            _ => return None,
        },
        _ => return None,
    };
    let mut expected = lossy.to_vec();
    let mut lossy_rule = None;
    if tail.is_some() {
        expected.push(0xFFFD);
    }
    let java_lossy = unpaired_to_fffd(&j.lossy);
    if java_lossy != j.lossy {
        lossy_rule = Some(CESU_LONE_SURROGATE);
    }
    if java_lossy == expected {
        if tail.is_some() {
            lossy_rule = Some(CESU_TRUNCATED_PAIR);
        }
    } else if java_lossy != lossy {
        return None;
    }
    strict_rule.or(lossy_rule)
}

#[test]
fn java_windows1251_charset_matches_windows1251() {
    let mut rng = Rng::new(0x11AA_0004);
    // Decode: each byte alone, then random byte strings.
    let mut dec_inputs: Vec<Vec<u8>> = (0..=255u8).map(|b| vec![b]).collect();
    dec_inputs.push((0..=255u8).collect());
    for _ in 0..N {
        let len = rng.below(24);
        dec_inputs.push((0..len).map(|_| rng.below(256) as u8).collect());
    }
    // Encode: every scalar value of the BMP alone, some supplementary ones,
    // then generated text.
    let mut enc_inputs: Vec<String> = (0..=0xFFFFu32)
        .filter_map(char::from_u32)
        .map(String::from)
        .collect();
    enc_inputs.extend(["😀", "\u{10000}", "\u{10FFFF}"].map(String::from));
    enc_inputs.extend((0..N).map(|_| gen::cp1251_text(&mut rng)));
    let mut dec_file = Vec::new();
    for b in &dec_inputs {
        put_bytes(&mut dec_file, b);
    }
    let mut enc_file = Vec::new();
    for s in &enc_inputs {
        put_units(&mut enc_file, &utf16(s));
    }
    let out = java(
        "windows1251",
        &[
            ("dec", "windows-1251", &dec_file),
            ("enc", "windows-1251", &enc_file),
        ],
    );

    let mut tally = Tally::default();
    let mut r = Reader::new(&out[0]);
    for bytes in &dec_inputs {
        tally.compared += 1;
        let j = read_java_decode(&mut r);
        let ours = utf16(&windows1251::decode(bytes).unwrap());
        let first_98 = bytes.iter().position(|&b| b == 0x98);
        match (&j.strict, first_98) {
            (Ok(u), None) if *u == ours && j.lossy == ours => {}
            (Err((false, at, 1)), Some(p)) if *at == p => {
                // Java: unmappable (strict), U+FFFD (lossy); litenc: U+0098.
                let fixed: Vec<u16> = bytes
                    .iter()
                    .zip(&ours)
                    .map(|(&b, &u)| if b == 0x98 { 0xFFFD } else { u })
                    .collect();
                if j.lossy == fixed {
                    tally.classify("byte 0x98: Java reports it unmappable (lossy: U+FFFD), litenc decodes it to U+0098 (WHATWG)");
                } else {
                    tally.mismatch(format!(
                        "bytes {}: java lossy {}",
                        hex(bytes),
                        hex16(&j.lossy)
                    ));
                }
            }
            _ => tally.mismatch(format!(
                "bytes {}\n  litenc {}\n  java   {}",
                hex(bytes),
                hex16(&ours),
                show_java(&j)
            )),
        }
    }
    assert!(r.is_empty());
    tally.finish("windows-1251 decode vs windows1251::decode");

    let mut tally = Tally::default();
    let mut r = Reader::new(&out[1]);
    for s in &enc_inputs {
        tally.compared += 1;
        let ours = windows1251::encode(s);
        let status = r.u8();
        let theirs = if status == 0 {
            Ok(r.bytes())
        } else {
            Err((status, r.u32() as usize, r.u32() as usize))
        };
        // Where Java stops: the first character litenc cannot encode, or
        // U+0098, which Java's table lacks.
        let java_stop = s
            .char_indices()
            .find(|&(_, c)| c == '\u{98}' || windows1251::encode_char(c).is_none());
        let java_expected = java_stop.map(|(i, c)| (s[..i].encode_utf16().count(), c.len_utf16()));
        match (&ours, theirs) {
            (Ok(a), Ok(b)) if a == b => {}
            (Err(litenc::EncodeError::Unencodable { offset, .. }), Err((2, at, len)))
                if java_stop.map(|(i, _)| i) == Some(*offset)
                    && java_expected == Some((at, len)) => {}
            (_, Err((2, at, len)))
                if java_stop.is_some_and(|(_, c)| c == '\u{98}')
                    && java_expected == Some((at, len)) =>
            {
                tally.classify(
                    "U+0098: Java reports it unmappable, litenc encodes it as 0x98 (WHATWG)",
                );
            }
            (ours, theirs) => tally.mismatch(format!(
                "text {s:?}\n  litenc {ours:?}\n  java   {theirs:?}"
            )),
        }
    }
    assert!(r.is_empty());
    tally.finish("windows-1251 encode vs windows1251::encode");
}

/// A decoder outcome as Java reports it: strict `Ok(units)` or
/// `Err((at, len))` (an error at the end of the input counts as `len` up to
/// the end, as Java reports it), and the lossy units.
type Outcome = (Result<Vec<u16>, (usize, usize)>, Vec<u16>);

/// The decoding rules of UTF-8, with one switch: `java_surrogates` makes
/// `ED A0..BF` a valid prefix (as Java's `UTF-8` decoder has it), so an
/// encoded surrogate is one ill-formed 3-byte sequence (or a 2-byte prefix)
/// instead of three (or two) 1-byte ones. Off, this is Unicode Table 3-7
/// with maximal subparts, as std and the WHATWG decoder have it.
fn utf8_model(bytes: &[u8], java_surrogates: bool) -> Outcome {
    let mut strict = None;
    let mut units = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b0 = bytes[i];
        let (need, lo, hi) = match b0 {
            0x00..=0x7F => (0, 0x80, 0xBF),
            0xC2..=0xDF => (1, 0x80, 0xBF),
            0xE0 => (2, 0xA0, 0xBF),
            0xED if java_surrogates => (2, 0x80, 0xBF),
            0xED => (2, 0x80, 0x9F),
            0xE1..=0xEF => (2, 0x80, 0xBF),
            0xF0 => (3, 0x90, 0xBF),
            0xF1..=0xF3 => (3, 0x80, 0xBF),
            0xF4 => (3, 0x80, 0x8F),
            _ => (usize::MAX, 0, 0),
        };
        let mut k = 1;
        if need != usize::MAX {
            while k <= need && i + k < bytes.len() {
                let byte = bytes[i + k];
                let (min, max) = if k == 1 { (lo, hi) } else { (0x80, 0xBF) };
                if byte < min || byte > max {
                    break;
                }
                k += 1;
            }
        }
        let complete = need != usize::MAX && k == need + 1;
        let s = std::str::from_utf8(&bytes[i..i + k]).ok();
        if let (true, Some(s)) = (complete, s) {
            units.extend(s.encode_utf16());
        } else {
            // Ill-formed: `k` bytes (a complete encoded surrogate is 3).
            strict.get_or_insert((i, k));
            units.push(0xFFFD);
        }
        i += k;
    }
    (strict.map_or_else(|| Ok(units.clone()), Err), units)
}

/// The decoding rules of UTF-16, with one switch: `java_pairs` makes an
/// unpaired high surrogate followed by any other unit one ill-formed 4-byte
/// sequence (one U+FFFD for both: the unit after it is lost), as Java's
/// `UTF-16LE`/`UTF-16BE` decoders have it. Off, the WHATWG rules: 2 bytes,
/// and the next unit is decoded on its own.
fn utf16_model(bytes: &[u8], big_endian: bool, java_pairs: bool) -> Outcome {
    let unit = |i: usize| {
        let b = [bytes[i], bytes[i + 1]];
        if big_endian {
            u16::from_be_bytes(b)
        } else {
            u16::from_le_bytes(b)
        }
    };
    let is_high = |u: u16| (0xD800..0xDC00).contains(&u);
    let is_low = |u: u16| (0xDC00..0xE000).contains(&u);
    let mut strict = None;
    let mut units = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let rest = bytes.len() - i;
        let bad = if rest == 1 {
            Some(1)
        } else {
            let u = unit(i);
            if is_low(u) {
                Some(2)
            } else if is_high(u) {
                if rest < 4 {
                    Some(rest)
                } else if is_low(unit(i + 2)) {
                    units.extend([u, unit(i + 2)]);
                    i += 4;
                    continue;
                } else if java_pairs {
                    Some(4)
                } else {
                    Some(2)
                }
            } else {
                units.push(u);
                i += 2;
                continue;
            }
        };
        let len = bad.unwrap();
        strict.get_or_insert((i, len));
        units.push(0xFFFD);
        i += len;
    }
    (strict.map_or_else(|| Ok(units.clone()), Err), units)
}

/// litenc's outcome, in the form of [`Outcome`].
fn litenc_outcome(enc: litenc::Encoding, bytes: &[u8]) -> Outcome {
    let strict = match enc.decode(bytes) {
        Ok(s) => Ok(utf16(&s)),
        Err(e) => Err((
            e.valid_up_to(),
            e.error_len().unwrap_or(bytes.len() - e.valid_up_to()),
        )),
    };
    (strict, utf16(&enc.decode_lossy(bytes)))
}

const JAVA_UTF8_SURROGATE: &str = "UTF-8 encoded surrogate (ED A0..BF): Java's UTF-8 decoder takes ED A0..BF as a valid prefix, so a complete encoded surrogate is one malformed 3-byte sequence (lossy: one U+FFFD) and ED A0..BF alone a 2-byte one; litenc, std, Python and WHATWG: ED is a 1-byte maximal subpart (lossy: one U+FFFD per byte)";
const JAVA_UTF16_HIGH: &str = "UTF-16 high surrogate followed by a unit that is not a low surrogate: Java reports both units as one malformed 4-byte sequence (lossy: one U+FFFD, so the unit after it is lost); litenc, Python, glibc and WHATWG: a 2-byte error, then the next unit on its own";

/// Java's `UTF-8`, `UTF-16LE` and `UTF-16BE` decoders, strict and lossy,
/// against litenc, on 50,000 inputs each (these go beyond the issue, so
/// they get half the inputs, to keep the test quick); every difference must
/// be explained by the one rule that `utf8_model`/`utf16_model` switch on.
#[test]
fn java_utf8_utf16_decoders_match() {
    let mut rng = Rng::new(0x11AA_0006);
    let mut utf8_inputs: Vec<Vec<u8>> = Vec::new();
    for i in 0..N / 2 {
        let valid = gen::text(&mut rng).into_bytes();
        utf8_inputs.push(match i % 4 {
            0 => valid,
            1 => gen::random_bytes(&mut rng),
            _ => gen::mutate(&mut rng, &valid, UTF8_SPECIALS),
        });
    }
    let le: Vec<Vec<u8>> = (0..N / 2)
        .map(|_| gen::utf16_bytes(&mut rng, false))
        .collect();
    let be: Vec<Vec<u8>> = (0..N / 2)
        .map(|_| gen::utf16_bytes(&mut rng, true))
        .collect();
    let cases = [
        (litenc::Encoding::Utf8, "UTF-8", &utf8_inputs),
        (litenc::Encoding::Utf16Le, "UTF-16LE", &le),
        (litenc::Encoding::Utf16Be, "UTF-16BE", &be),
    ];
    let files: Vec<Vec<u8>> = cases
        .iter()
        .map(|(_, _, items)| {
            let mut f = Vec::new();
            for b in *items {
                put_bytes(&mut f, b);
            }
            f
        })
        .collect();
    let jobs: Vec<(&str, &str, &[u8])> = cases
        .iter()
        .zip(&files)
        .map(|((_, charset, _), f)| ("dec", *charset, f.as_slice()))
        .collect();
    let out = java("utf8-utf16-dec", &jobs);
    let mut failed = Vec::new();
    for ((enc, _, items), out) in cases.iter().zip(&out) {
        let (model, rule): (fn(&[u8], bool) -> Outcome, _) = match enc {
            litenc::Encoding::Utf8 => (utf8_model, JAVA_UTF8_SURROGATE),
            litenc::Encoding::Utf16Le => (|b, j| utf16_model(b, false, j), JAVA_UTF16_HIGH),
            _ => (|b, j| utf16_model(b, true, j), JAVA_UTF16_HIGH),
        };
        let mut tally = Tally::default();
        let mut r = Reader::new(out);
        for bytes in *items {
            tally.compared += 1;
            let j = read_java_decode(&mut r);
            let theirs: Outcome = (
                j.strict.clone().map_err(|(_, at, len)| (at, len)),
                j.lossy.clone(),
            );
            let ours = litenc_outcome(*enc, bytes);
            if ours == theirs {
                continue;
            }
            if ours == model(bytes, false) && theirs == model(bytes, true) {
                tally.classify(rule);
            } else {
                tally.mismatch(format!(
                    "{} bytes {}\n  litenc {:?}\n  java   {}",
                    enc.name(),
                    hex(bytes),
                    ours,
                    show_java(&j)
                ));
            }
        }
        assert!(r.is_empty());
        let what = format!("java {} decode", enc.name());
        if std::panic::catch_unwind(|| tally.finish(&what)).is_err() {
            failed.push(what);
        }
    }
    assert!(failed.is_empty(), "failed: {failed:?}");
}

/// Java's `UTF-8`, `UTF-16LE` and `UTF-16BE` encoders against litenc.
#[test]
fn java_utf8_utf16_encoders_match() {
    let mut rng = Rng::new(0x11AA_0007);
    let texts: Vec<String> = (0..N / 2).map(|_| gen::text(&mut rng)).collect();
    let mut file = Vec::new();
    for s in &texts {
        put_units(&mut file, &utf16(s));
    }
    let encodings = [
        (litenc::Encoding::Utf8, "UTF-8"),
        (litenc::Encoding::Utf16Le, "UTF-16LE"),
        (litenc::Encoding::Utf16Be, "UTF-16BE"),
    ];
    let jobs: Vec<(&str, &str, &[u8])> = encodings
        .iter()
        .map(|(_, charset)| ("enc", *charset, file.as_slice()))
        .collect();
    let out = java("utf8-utf16-enc", &jobs);
    for ((enc, _), out) in encodings.iter().zip(&out) {
        let mut tally = Tally::default();
        let mut r = Reader::new(out);
        for s in &texts {
            tally.compared += 1;
            let ours = enc.encode(s).unwrap();
            let theirs = if r.u8() == 0 {
                Ok(r.bytes())
            } else {
                Err((r.u32(), r.u32()))
            };
            if theirs != Ok(ours.as_slice()) {
                tally.mismatch(format!(
                    "{} text {s:?}\n  litenc {}\n  java   {theirs:?}",
                    enc.name(),
                    hex(&ours)
                ));
            }
        }
        assert!(r.is_empty());
        tally.finish(&format!("java {} encode", enc.name()));
    }
}

// ---- every single-byte charset ---------------------------------------------

/// The Java charset of each code page (`Charset.availableCharsets()` of
/// `OpenJDK` 17); Java has no ISO-8859-10 and no ISO-8859-14. Java's
/// `x-MacUkraine` is the Mac OS Cyrillic that WHATWG's x-mac-cyrillic is
/// (its `x-MacCyrillic` is the older one, without Ґ and ґ).
const JAVA_PAGES: &[(litenc::Encoding, Option<&str>)] = {
    use litenc::Encoding as E;
    &[
        (E::Ibm866, Some("IBM866")),
        (E::Iso8859_2, Some("ISO-8859-2")),
        (E::Iso8859_3, Some("ISO-8859-3")),
        (E::Iso8859_4, Some("ISO-8859-4")),
        (E::Iso8859_5, Some("ISO-8859-5")),
        (E::Iso8859_6, Some("ISO-8859-6")),
        (E::Iso8859_7, Some("ISO-8859-7")),
        (E::Iso8859_8, Some("ISO-8859-8")),
        (E::Iso8859_8I, Some("ISO-8859-8")),
        (E::Iso8859_10, None),
        (E::Iso8859_13, Some("ISO-8859-13")),
        (E::Iso8859_14, None),
        (E::Iso8859_15, Some("ISO-8859-15")),
        (E::Iso8859_16, Some("ISO-8859-16")),
        (E::Koi8R, Some("KOI8-R")),
        (E::Koi8U, Some("KOI8-U")),
        (E::Macintosh, Some("x-MacRoman")),
        (E::Windows874, Some("x-windows-874")),
        (E::Windows1250, Some("windows-1250")),
        (E::Windows1251, Some("windows-1251")),
        (E::Windows1252, Some("windows-1252")),
        (E::Windows1253, Some("windows-1253")),
        (E::Windows1254, Some("windows-1254")),
        (E::Windows1255, Some("windows-1255")),
        (E::Windows1256, Some("windows-1256")),
        (E::Windows1257, Some("windows-1257")),
        (E::Windows1258, Some("windows-1258")),
        (E::XMacCyrillic, Some("x-MacUkraine")),
        (E::Ibm437, Some("IBM437")),
        (E::Ibm737, Some("x-IBM737")),
        (E::Ibm775, Some("IBM775")),
        (E::Ibm850, Some("IBM850")),
        (E::Ibm852, Some("IBM852")),
        (E::Ibm855, Some("IBM855")),
        (E::Ibm857, Some("IBM857")),
        (E::Ibm858, Some("IBM00858")),
        (E::Ibm860, Some("IBM860")),
        (E::Ibm861, Some("IBM861")),
        (E::Ibm862, Some("IBM862")),
        (E::Ibm863, Some("IBM863")),
        (E::Ibm865, Some("IBM865")),
        (E::Ibm869, Some("IBM869")),
        (E::Ibm037, None),
        (E::Ibm273, None),
        (E::Ibm424, None),
        (E::Ibm500, None),
        (E::Ibm875, None),
        (E::Ibm1026, None),
        (E::Ibm1140, None),
        (E::Ibm1047, None),
        (E::Cp720, None),
        (E::Ibm856, None),
        (E::Ibm864, None),
        (E::Ibm1006, None),
        (E::Ibm1125, None),
        (E::Kz1048, None),
        (E::Ptcp154, None),
        (E::Koi8T, None),
        (E::HpRoman8, None),
        (E::PalmOs, None),
        (E::MacArabic, None),
        (E::MacCroatian, None),
        (E::MacFarsi, None),
        (E::MacGreek, None),
        (E::MacIceland, None),
        (E::MacLatin2, None),
        (E::MacRomanian, None),
        (E::MacTurkish, None),
        (E::Ibm437Graphic, None),
        (E::Hd44780A00, None),
        (E::Hd44780A02, None),
        (E::Ascii, Some("US-ASCII")),
        (E::Latin1, Some("ISO-8859-1")),
    ]
};

/// The differences found with Java, to compare with `CONFORMANCE.md`.
type Found = std::collections::BTreeSet<differences::Difference>;

fn add(found: &mut Found, enc: litenc::Encoding, dir: &str, rule: sb::Rule, item: String) {
    found.insert((
        enc.name().to_owned(),
        dir.to_owned(),
        rule.name().to_owned(),
        item,
    ));
}

/// Java's decoding of each byte alone, then of all 256 in one input (the
/// `dec` job's output `out`).
fn java_single_bytes(
    enc: litenc::Encoding,
    cs: &str,
    out: &[u8],
    tally: &mut Tally,
    found: &mut Found,
) {
    use sb::{decode_rule, ours_char, Peer};
    let mut reader = Reader::new(out);
    // What Java decodes each byte to, where litenc's differs by a rule.
    let mut view: [Option<char>; 256] = std::array::from_fn(|b| ours_char(enc, b as u8));
    for b in 0..=255u8 {
        tally.compared += 1;
        let j = read_java_decode(&mut reader);
        let ours = ours_char(enc, b);
        let peer = match &j.strict {
            Ok(u) if j.lossy == *u => Some(String::from_utf16(u).unwrap()),
            Err((_, 0, 1)) if j.lossy == [0xFFFD] => None,
            _ => {
                tally.mismatch(format!("{cs} byte {b:02X}: java {}", show_java(&j)));
                continue;
            }
        };
        let ours_text = ours.map(String::from);
        if ours_text == peer {
            continue;
        }
        match decode_rule(enc, b, ours, peer.as_deref(), Peer::Java) {
            Some(rule) => {
                tally.classify(rule.name());
                let item = differences::decode_item(b, ours_text.as_deref(), peer.as_deref());
                add(found, enc, "decode", rule, item);
                view[usize::from(b)] = peer.and_then(|s| s.chars().next());
            }
            None => tally.mismatch(format!(
                "{cs} byte {b:02X}: litenc {ours:?}, java {}",
                show_java(&j)
            )),
        }
    }
    tally.compared += 1;
    let j = read_java_decode(&mut reader);
    let lossy: Vec<u16> = view
        .iter()
        .map(|c| c.map_or(0xFFFD, |c| u16::try_from(c as u32).unwrap()))
        .collect();
    let want_strict = match view.iter().position(Option::is_none) {
        Some(at) => Err(at),
        None => Ok(lossy.clone()),
    };
    let got_strict = j.strict.clone().map_err(|(_, at, len)| {
        assert_eq!(len, 1);
        at
    });
    if got_strict != want_strict || j.lossy != lossy {
        tally.mismatch(format!("{cs} all 256 bytes: java {}", show_java(&j)));
    }
    assert!(reader.is_empty());
}

/// Java's encoding of every scalar value with `REPLACE` (the `encall`
/// job's output `all`): one byte each, `?` where Java cannot encode it.
/// Returns what Java encodes each character to.
fn java_every_scalar_value(
    enc: litenc::Encoding,
    cs: &str,
    all: &[u8],
    tally: &mut Tally,
    found: &mut Found,
) -> std::collections::BTreeMap<char, u8> {
    use sb::{encode_rule, scalar_index, Peer, SCALARS};
    let ours = sb::ours_encodes(enc);
    assert_eq!(all.len(), SCALARS, "{cs}: one byte per scalar value");
    let mut want = vec![b'?'; SCALARS];
    for (&c, &b) in ours {
        want[scalar_index(c)] = b;
    }
    tally.compared += SCALARS;
    let mut view = ours.clone();
    if all == want {
        return view;
    }
    for (c, (&got, &mine)) in sb::all_scalar_values().zip(all.iter().zip(&want)) {
        if got == mine {
            continue;
        }
        let a = ours.get(&c).copied();
        let peer = (got != b'?' || c == '?').then_some(got);
        let (a_bytes, peer_bytes) = (
            a.as_ref().map(std::slice::from_ref),
            peer.as_ref().map(std::slice::from_ref),
        );
        match encode_rule(enc, c, a, peer_bytes, Peer::Java) {
            Some(rule) => {
                tally.classify(rule.name());
                let item = differences::encode_item(c, a_bytes, peer_bytes);
                add(found, enc, "encode", rule, item);
                match peer {
                    Some(b) => view.insert(c, b),
                    None => view.remove(&c),
                };
            }
            None => tally.mismatch(format!(
                "{cs} U+{:04X}: litenc {a:02X?}, java {peer:02X?}",
                c as u32
            )),
        }
    }
    view
}

/// Random texts of one page, mostly its own characters.
fn single_byte_texts(rng: &mut Rng, enc: litenc::Encoding) -> Vec<String> {
    let repertoire: Vec<char> = (0..=255u8).filter_map(|b| sb::ours_char(enc, b)).collect();
    (0..500)
        .map(|_| {
            (0..rng.below(20))
                .map(|_| {
                    if rng.chance(5) {
                        char::from_u32(rng.range(0x80, 0x3000)).unwrap_or('\u{FFFD}')
                    } else {
                        repertoire[rng.below(repertoire.len())]
                    }
                })
                .collect()
        })
        .collect()
}

/// Every code page, each byte alone and all 256 in one input (strict and
/// lossy), every scalar value in one string (`REPLACE`: one `?` for each
/// character Java cannot encode), and 500 random texts strictly (where the
/// first unmappable character is). Every difference must match a rule of
/// `tests/conformance/single_byte.rs` and be listed in `CONFORMANCE.md`
/// (block `text differences java`).
#[test]
fn java_single_byte_charsets_match() {
    let start = Instant::now();
    let pages: Vec<litenc::Encoding> = JAVA_PAGES.iter().map(|p| p.0).collect();
    let single: Vec<litenc::Encoding> = litenc::Encoding::ALL
        .iter()
        .copied()
        .filter(|e| e.is_single_byte())
        .collect();
    assert_eq!(pages, single, "JAVA_PAGES names every code page");

    let mut rng = Rng::new(0x11AA_0005);
    let mut dec_file = Vec::new();
    for b in 0..=255u8 {
        put_bytes(&mut dec_file, &[b]);
    }
    put_bytes(&mut dec_file, &(0..=255u8).collect::<Vec<_>>());
    let with_java: Vec<(litenc::Encoding, &str)> = JAVA_PAGES
        .iter()
        .filter_map(|&(enc, cs)| cs.map(|cs| (enc, cs)))
        .collect();
    let texts: Vec<Vec<String>> = with_java
        .iter()
        .map(|&(enc, _)| single_byte_texts(&mut rng, enc))
        .collect();
    let mut jobs: Vec<(&str, &str, Vec<u8>)> = Vec::new();
    for (&(_, cs), page_texts) in with_java.iter().zip(&texts) {
        let mut enc_file = Vec::new();
        for s in page_texts {
            put_units(&mut enc_file, &utf16(s));
        }
        jobs.push(("dec", cs, dec_file.clone()));
        jobs.push(("encall", cs, Vec::new()));
        jobs.push(("enc", cs, enc_file));
    }
    let job_refs: Vec<(&str, &str, &[u8])> = jobs
        .iter()
        .map(|(m, c, f)| (*m, *c, f.as_slice()))
        .collect();
    let out = java("single-byte", &job_refs);

    let mut found = Found::new();
    let mut tally = Tally::default();
    for (k, &(enc, cs)) in with_java.iter().enumerate() {
        java_single_bytes(enc, cs, &out[3 * k], &mut tally, &mut found);
        let view = java_every_scalar_value(enc, cs, &out[3 * k + 1], &mut tally, &mut found);
        // Random texts strictly: the bytes, or the first unmappable
        // character (its offset and length in UTF-16 units).
        let mut reader = Reader::new(&out[3 * k + 2]);
        for s in &texts[k] {
            tally.compared += 1;
            let theirs = match reader.u8() {
                0 => Ok(reader.bytes().to_vec()),
                status => Err((status, reader.u32() as usize, reader.u32() as usize)),
            };
            let want = s
                .chars()
                .scan(0, |at, c| {
                    let here = *at;
                    *at += c.len_utf16();
                    Some(view.get(&c).copied().ok_or((2, here, c.len_utf16())))
                })
                .collect::<Result<Vec<u8>, _>>();
            if theirs != want {
                tally.mismatch(format!(
                    "{cs} text {s:?}: java {theirs:?}, expected {want:?}"
                ));
            }
        }
        assert!(reader.is_empty());
    }
    tally.finish("java single-byte charsets, both ways");
    let doc = Path::new(env!("CARGO_MANIFEST_DIR")).join("CONFORMANCE.md");
    differences::check(&doc, "java", &["decode", "encode"], &found);
    println!("java single-byte: {:?}", start.elapsed());
}
