//! The [`Unmappable`] policies against Python's error handlers, on every
//! code page and multi-byte encoding and every scalar value:
//! `Replace('?')` against `errors="replace"`, `Skip` against `"ignore"`,
//! `CharRef` against `"xmlcharrefreplace"`.
//!
//! First Python says, character by character, what each codec encodes
//! (`sbenc`); the characters where its table and litenc's differ (a
//! character one of them encodes and the other does not, or encodes to
//! other bytes; `CONFORMANCE.md` lists those differences, and
//! `conformance_single_byte.rs` and `conformance_cjk.rs` test them) are
//! left out, and every other scalar value goes, in one string, through
//! both encoders with each policy (`polset`); then a shuffled sample of
//! them, so that characters of every kind meet (ISO-2022-JP's modes). The
//! bytes must be the same. The streaming `Encoder` gets the same text in
//! pieces, and must write the same bytes too.
//!
//! Every scalar value is asked with `LITENC_EXHAUSTIVE=1`, as `.ci/run`
//! does in release mode:
//!
//! ```text
//! LITENC_EXHAUSTIVE=1 cargo test --release --test facade conformance_policies::
//! ```
//!
//! Otherwise (a minute of CPU less in `cargo test`), every scalar value of
//! the Basic Multilingual Plane, where every code page's characters are,
//! and every 61st of the supplementary planes, which only gb18030 encodes.

use crate::gen;
use crate::sb;

use std::collections::BTreeMap;

use gen::{Reader, Rng};
use litenc::stream::{Encoder, EncoderResult};
use litenc::{Encoding, Unmappable};

const POLICIES: [Unmappable; 3] = [
    Unmappable::Replace('?'),
    Unmappable::Skip,
    Unmappable::CharRef,
];

/// Every code page and multi-byte encoding, with its Python codec.
fn codecs() -> Vec<(Encoding, &'static str)> {
    let mut v: Vec<(Encoding, &'static str)> = sb::PAGES
        .iter()
        .filter(|p| !p.1.is_empty())
        .map(|&(e, c, _)| (e, c))
        .collect();
    #[cfg(feature = "cjk")]
    v.extend(gen::CJK_CODECS);
    v
}

/// Whether to ask every scalar value (`LITENC_EXHAUSTIVE=1`).
fn exhaustive() -> bool {
    std::env::var_os("LITENC_EXHAUSTIVE").is_some_and(|v| v == "1")
}

/// The scalar values asked: see the module's documentation.
fn scalar_values() -> Vec<char> {
    let every = exhaustive();
    sb::all_scalar_values()
        .filter(|&c| every || u32::from(c) < 0x1_0000 || u32::from(c).is_multiple_of(61))
        .collect()
}

/// `chars` as the input of a Python job: each code point as a big-endian `u32`.
fn code_point_file(chars: &[char]) -> Vec<u8> {
    chars
        .iter()
        .flat_map(|&c| u32::from(c).to_be_bytes())
        .collect()
}

/// Python's `sbenc` output: the bytes of each character its codec encodes.
fn python_encodes(out: &[u8]) -> BTreeMap<u32, Vec<u8>> {
    let mut r = Reader::new(out);
    let n = r.u32();
    (0..n)
        .map(|_| {
            let cp = r.u32();
            (cp, r.bytes().to_vec())
        })
        .collect()
}

/// The streaming encoder's bytes for `text` with `policy`, fed in pieces
/// of `piece` bytes (at character boundaries) into a 64-byte buffer.
fn streamed(enc: Encoding, text: &str, policy: Unmappable, piece: usize) -> Vec<u8> {
    let mut e = Encoder::new(enc);
    let mut out = Vec::new();
    let mut buf = [0u8; 64];
    let mut rest = text;
    loop {
        let mut k = piece.min(rest.len());
        while !rest.is_char_boundary(k) {
            k += 1;
        }
        let last = k == rest.len();
        let mut src = &rest[..k];
        loop {
            let (r, read, written) = e.encode_with(src, &mut buf, last, policy);
            out.extend_from_slice(&buf[..written]);
            src = &src[read..];
            match r {
                EncoderResult::OutputFull => {}
                EncoderResult::Error(err) => panic!("{enc} {policy:?}: {err}"),
                EncoderResult::InputEmpty | EncoderResult::Finished => break,
            }
        }
        rest = &rest[k..];
        if last {
            return out;
        }
    }
}

/// The one documented difference (CONFORMANCE.md, "Policies"): in
/// ISO-2022-JP's JIS X 0201 Roman mode (after `¥` or `‾`), Python returns to
/// ASCII (`ESC ( B`) before it writes `?` or `&#NNNN;`, which Roman holds
/// as they are; litenc stays in Roman, as the WHATWG encoder does. The two
/// outputs must decode to the same text, and differ by escapes only.
fn iso_2022_jp_roman(enc: Encoding, ours: &[u8], theirs: &[u8]) -> bool {
    let strip = |b: &[u8]| {
        let s = String::from_utf8_lossy(b)
            .replace("\x1B(B", "")
            .replace("\x1B(J", "");
        s
    };
    enc.name() == "ISO-2022-JP"
        && enc.decode(ours).is_ok()
        && enc.decode(ours) == enc.decode(theirs)
        && strip(ours) == strip(theirs)
}

fn first_difference(a: &[u8], b: &[u8]) -> String {
    let at = a
        .iter()
        .zip(b)
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()));
    let show = |v: &[u8]| format!("{:02X?}", &v[at.saturating_sub(8)..(at + 16).min(v.len())]);
    format!(
        "{} / {} bytes, first difference at {at}: {} / {}",
        a.len(),
        b.len(),
        show(a),
        show(b)
    )
}

#[test]
fn policies_match_python_error_handlers_on_every_scalar_value() {
    let codecs = codecs();
    let asked = scalar_values();
    // Python's `sbenc` asks every scalar value of an empty input.
    let asked_file = if exhaustive() {
        Vec::new()
    } else {
        code_point_file(&asked)
    };
    let sbenc: Vec<(&str, &str, Vec<u8>)> = codecs
        .iter()
        .map(|&(_, c)| ("sbenc", c, asked_file.clone()))
        .collect();
    let tables = gen::python_jobs("policies-sbenc", &sbenc);
    let mut failures = Vec::new();
    let mut compared = 0usize;
    let mut roman = 0;
    // A few codecs per Python run: the outputs of all of them at once would
    // take half a gigabyte.
    for (group, outs) in codecs.chunks(8).zip(tables.chunks(8)) {
        let mut jobs = Vec::new();
        let mut samples = Vec::new();
        let mut kept = Vec::new();
        for (&(enc, codec), out) in group.iter().zip(outs) {
            let theirs = python_encodes(out);
            let mut left_out = 0usize;
            let mut same = Vec::new();
            let mut buf = [0u8; 16];
            for &c in &asked {
                let ours = enc.encode_into(c.encode_utf8(&mut [0; 4]), &mut buf).ok();
                if ours.map(|n| &buf[..n]) == theirs.get(&(c as u32)).map(Vec::as_slice) {
                    same.push(c);
                } else {
                    left_out += 1;
                }
            }
            let mut rng = Rng::new(0x0123_4567 ^ enc as u64);
            let sample: String = (0..100_000).map(|_| same[rng.below(same.len())]).collect();
            eprintln!(
                "{codec}: {} scalar values compared, {} left out",
                same.len(),
                left_out
            );
            compared += same.len() + 100_000;
            jobs.push(("polset", codec, code_point_file(&same)));
            let mut rec = Vec::new();
            gen::put_bytes(&mut rec, sample.as_bytes());
            jobs.push(("polenc", codec, rec));
            samples.push(sample);
            kept.push(same);
        }
        let outs = gen::python_jobs("policies", &jobs);
        for (k, &(enc, codec)) in group.iter().enumerate() {
            let all: String = kept[k].iter().collect();
            for (text, out, what) in [
                (&all, &outs[2 * k], "every scalar value"),
                (&samples[k], &outs[2 * k + 1], "shuffled"),
            ] {
                let mut r = Reader::new(out);
                for policy in POLICIES {
                    let want = r.bytes();
                    let got = enc.encode_with(text, policy).unwrap();
                    if got != want && iso_2022_jp_roman(enc, &got, want) {
                        roman += 1;
                    } else if got != want {
                        failures.push(format!(
                            "{codec} {policy:?} ({what}): {}",
                            first_difference(&got, want)
                        ));
                    }
                    if what == "shuffled" {
                        for piece in [1, 7, 1000] {
                            let s = streamed(enc, text, policy, piece);
                            if s != got {
                                failures.push(format!(
                                    "{codec} {policy:?} streamed in pieces of {piece}: {}",
                                    first_difference(&s, &got)
                                ));
                            }
                        }
                    }
                }
            }
        }
    }
    eprintln!(
        "{compared} characters compared with Python's error handlers, 3 policies each; \
         {roman} ISO-2022-JP outputs differ only by Python's return to ASCII before a replacement"
    );
    #[cfg(feature = "cjk")]
    assert!(
        roman > 0,
        "the ISO-2022-JP rule of CONFORMANCE.md no longer applies: remove it"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `Replace` with a character the encoding cannot hold either is the
/// error of the character it was to replace.
#[test]
fn replacement_the_encoding_lacks_is_an_error() {
    let err = Encoding::Koi8R
        .encode_with("ab€c", Unmappable::Replace('¤'))
        .unwrap_err();
    assert_eq!(
        err,
        litenc::EncodeError::Unencodable {
            encoding: Encoding::Koi8R,
            offset: 2,
            ch: '€'
        }
    );
    // Text with nothing to replace is `encode`'s, whatever the policy.
    for enc in [Encoding::Windows1251, Encoding::Utf16Le, Encoding::Mutf8] {
        for policy in POLICIES {
            assert_eq!(enc.encode_with("Привет", policy), enc.encode("Привет"));
        }
    }
}
