//! The checks of the fuzz targets (`fuzz/src/lib.rs`) on
//! their seed corpus, so that `cargo test` runs them without libFuzzer: every
//! file of `fuzz/corpus/<target>/` through the target's check, plus a few
//! hand-made inputs per target. The fuzzers themselves run from
//! `fuzz/run.sh`; see `fuzz/README.md`.

#[allow(
    unreachable_pub,
    dead_code,
    reason = "the fuzz crate's code, shared as is"
)]
#[path = "../../../fuzz/src/lib.rs"]
mod checks;

use std::path::Path;

use litenc_runtime::Encoding;

/// Runs `check` on every file of the seed corpus of `target`.
fn corpus(target: &str, check: impl Fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/corpus")
        .join(target);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect("the seed corpus") {
        let path = entry.expect("a corpus file").path();
        let data = std::fs::read(&path).expect("a readable corpus file");
        check(&data);
        n += 1;
    }
    assert!(n > 0, "no seed corpus in {}", dir.display());
}

/// Hand-made inputs every target also gets: empty, every single byte, and
/// every pair of bytes around the interesting ranges.
fn extra_inputs() -> Vec<Vec<u8>> {
    let mut v = vec![Vec::new()];
    v.extend((0..=u8::MAX).map(|b| vec![b]));
    let edges = [
        0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xD8, 0xDC, 0xE0, 0xED, 0xF0, 0xFF,
    ];
    for a in edges {
        for b in edges {
            v.push(vec![a, b]);
            v.push(vec![a, b, 0x80, 0x80]);
        }
    }
    v
}

fn run(target: &str, check: impl Fn(&[u8])) {
    corpus(target, &check);
    for input in extra_inputs() {
        check(&input);
    }
}

#[test]
fn decode_targets() {
    for (target, enc) in [
        ("decode_utf8", Encoding::Utf8),
        ("decode_utf16le", Encoding::Utf16Le),
        ("decode_utf16be", Encoding::Utf16Be),
        ("decode_utf32", Encoding::Utf32Le),
        ("decode_utf32", Encoding::Utf32Be),
        ("decode_mutf8", Encoding::Mutf8),
        ("decode_cesu8", Encoding::Cesu8),
        ("decode_windows1251", Encoding::Windows1251),
    ] {
        run(target, |data| checks::check_decode(enc, data));
    }
    run("decode_cjk", |data| {
        for enc in checks::cjk_encodings() {
            checks::check_decode(enc, data);
        }
    });
}

#[test]
fn decode_single_byte_target() {
    corpus("decode_single_byte", checks::check_decode_single_byte);
    // The hand-made inputs in every single-byte encoding (the first byte
    // picks it).
    let pages = checks::single_byte_encodings();
    assert_eq!(pages.len(), 44);
    for k in 0..pages.len() {
        for input in extra_inputs() {
            let mut data = vec![u8::try_from(k).unwrap()];
            data.extend_from_slice(&input);
            checks::check_decode_single_byte(&data);
        }
    }
    // The seed corpus holds each of them.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus/decode_single_byte");
    let mut picked = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let data = std::fs::read(entry.unwrap().path()).unwrap();
        picked.insert(usize::from(data[0]) % pages.len());
    }
    assert_eq!(
        picked.len(),
        pages.len(),
        "a seed for every single-byte encoding"
    );
}

#[test]
fn encode_target() {
    run("encode", |data| {
        checks::check_encode(&String::from_utf8_lossy(data));
    });
}

#[test]
fn unit_targets() {
    run("mutf8_units", |data| {
        checks::check_mutf8_units(&checks::units_le(data));
    });
    run("utf16_units", |data| {
        checks::check_utf16_units(&checks::units_le(data));
    });
}

#[test]
fn transcode_target() {
    run("transcode", checks::check_transcode);
}

#[test]
fn stream_target() {
    run("stream", checks::check_stream);
}
