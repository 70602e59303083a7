//! Python's codecs as peers of the multi-byte encodings: `shift_jis`,
//! `euc_jp`, `iso2022_jp`, `gbk`, `gb18030`, `big5` and `euc_kr` against
//! litenc's Shift_JIS, EUC-JP, ISO-2022-JP, GBK, gb18030, Big5 and EUC-KR
//! (`tests/conformance/peer.py`, one process per test).
//!
//! Python's codecs are the national standards (JIS X 0208 and 0212, GB2312
//! with GBK, GB 18030-2005, Big5 without the Hong Kong extensions, KS X
//! 1001 without the Unified Hangul Code), where litenc is the WHATWG
//! Encoding Standard, what browsers read: Windows' code pages and their
//! extensions. So they differ a lot, and in known ways. Every code is
//! compared on its own, so that each difference is one code and one rule:
//!
//! - decoding: every byte alone, every pair of a byte from `80` up and any
//!   byte, EUC-JP's `8F` and every pair, gb18030's and GBK's four-byte
//!   codes of the BMP (every one) and of the planes above (a sample),
//!   ISO-2022-JP's every pair in JIS X 0208 mode and every byte in its
//!   other modes; strict (the text, or the error's start and length, and
//!   whether it is a truncated end) and with `errors="replace"`;
//! - encoding: every scalar value of the BMP and of plane 2, and every 97th
//!   of the other planes, alone.
//!
//! Each difference must match a rule of `CONFORMANCE.md` (section "Chinese,
//! Japanese and Korean"), which names it and says why; the test counts the
//! inputs of each kind and checks the counts against the ones written
//! there ([`COUNTS`]), and the decodings to other characters one by one
//! ([`MAPPED`]), so that the document says what the test sees. Any other
//! difference fails, printing the input and both outputs.

use crate::gen;

use std::collections::BTreeMap;

use gen::{hex, Reader, CJK_CODECS as CODECS};
use litenc::{DecodeErrorKind, Encoding};

/// The inputs of the decoding comparison for `enc`.
fn decode_inputs(enc: Encoding) -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = (0x80..=0xFFu8).map(|b| vec![b]).collect();
    if enc == Encoding::Iso2022Jp {
        // Every pair in JIS X 0208 mode, every byte in the other modes.
        for l in 0x21..=0x7Eu8 {
            for t in 0x21..=0x7Eu8 {
                v.push([&b"\x1B$B"[..], &[l, t], b"\x1B(B"].concat());
            }
        }
        for mode in [&b"\x1B(J"[..], b"\x1B(I", b"\x1B$@"] {
            for b in 0..=0xFFu8 {
                v.push([mode, &[b], b"\x1B(B"].concat());
            }
        }
        v.extend((0..=0xFFu8).map(|b| vec![b]));
        return v;
    }
    // Every lead byte of the encoding with every byte after it: one code
    // each (or an error and the byte after it).
    for l in 0x80..=0xFFu8 {
        if !is_lead(enc, l) {
            continue;
        }
        for t in 0..=0xFFu8 {
            v.push(vec![l, t]);
        }
    }
    if enc == Encoding::EucJp {
        for l in 0xA1..=0xFEu8 {
            for t in 0xA1..=0xFEu8 {
                v.push(vec![0x8F, l, t]);
            }
        }
    }
    if matches!(enc, Encoding::Gb18030 | Encoding::Gbk) {
        // Every four-byte code of the BMP (pointers 0..=39419), the first
        // ones of the planes above and every 997th after them.
        let four = |p: u32| {
            vec![
                0x81 + (p / 12600) as u8,
                0x30 + (p / 1260 % 10) as u8,
                0x81 + (p / 10 % 126) as u8,
                0x30 + (p % 10) as u8,
            ]
        };
        v.extend((0..=39_419).map(four));
        v.extend((189_000..189_100).map(four));
        v.extend((189_100..=1_237_575).step_by(997).map(four));
    }
    v
}

/// Whether `b` starts a code of two or more bytes in `enc` (not
/// ISO-2022-JP), as the WHATWG decoder has it.
fn is_lead(enc: Encoding, b: u8) -> bool {
    match enc {
        Encoding::ShiftJis => matches!(b, 0x81..=0x9F | 0xE0..=0xFC),
        Encoding::EucJp => matches!(b, 0x8E | 0xA1..=0xFE),
        _ => matches!(b, 0x81..=0xFE),
    }
}

/// What one side made of one input.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Strict {
    Text(String),
    /// Start, length, truncated end.
    Error(usize, usize, bool),
}

fn ours_strict(enc: Encoding, bytes: &[u8]) -> Strict {
    match enc.decode(bytes) {
        Ok(s) => Strict::Text(s),
        Err(e) => match e.kind() {
            DecodeErrorKind::Malformed { len } => Strict::Error(e.valid_up_to(), len, false),
            _ => Strict::Error(e.valid_up_to(), bytes.len() - e.valid_up_to(), true),
        },
    }
}

fn theirs_strict(r: &mut Reader<'_>) -> Strict {
    if r.u8() == 0 {
        Strict::Text(String::from_utf8(r.bytes().to_vec()).unwrap())
    } else {
        let (start, end) = (r.u32() as usize, r.u32() as usize);
        Strict::Error(start, end - start, r.u8() == 1)
    }
}

/// A job of `peer.py`: mode, codec, records.
type Job<'a> = (&'a str, &'a str, Vec<Vec<u8>>);

/// The counts of each kind of difference.
type Counts = BTreeMap<(Encoding, Way, Kind), usize>;

/// Which way a comparison goes.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Way {
    Decode,
    Encode,
}

/// The kinds of difference (`CONFORMANCE.md` says what each is, encoding
/// by encoding).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Kind {
    /// litenc decodes (or encodes) a code Python's codec does not have.
    OnlyLitenc,
    /// Python decodes (or encodes) what litenc refuses.
    OnlyPython,
    /// Both decode (or encode), to different characters (bytes).
    Mapped,
    /// Both refuse, from the same byte, but the error covers other bytes
    /// (or one says truncated where the other does not).
    ErrorExtent,
    /// Both refuse, from different bytes.
    ErrorStart,
}

/// The counts of `CONFORMANCE.md`: every difference of each kind, per
/// encoding and way.
const COUNTS: &[(Encoding, Way, Kind, usize)] = &[
    (Encoding::Gbk, Way::Decode, Kind::OnlyLitenc, 42722),
    (Encoding::Gbk, Way::Decode, Kind::ErrorExtent, 1387),
    (Encoding::Gbk, Way::Encode, Kind::OnlyLitenc, 2166),
    (Encoding::Gb18030, Way::Decode, Kind::OnlyLitenc, 1),
    (Encoding::Gb18030, Way::Decode, Kind::Mapped, 21),
    (Encoding::Gb18030, Way::Decode, Kind::ErrorExtent, 127),
    (Encoding::Gb18030, Way::Encode, Kind::OnlyPython, 1),
    (Encoding::Gb18030, Way::Encode, Kind::Mapped, 20),
    (Encoding::Big5, Way::Decode, Kind::OnlyLitenc, 4884),
    (Encoding::Big5, Way::Decode, Kind::Mapped, 260),
    (Encoding::Big5, Way::Decode, Kind::ErrorExtent, 5078),
    (Encoding::Big5, Way::Encode, Kind::OnlyLitenc, 956),
    (Encoding::Big5, Way::Encode, Kind::OnlyPython, 9),
    (Encoding::Big5, Way::Encode, Kind::Mapped, 256),
    (Encoding::EucJp, Way::Decode, Kind::OnlyLitenc, 457),
    (Encoding::EucJp, Way::Decode, Kind::Mapped, 7),
    (Encoding::EucJp, Way::Decode, Kind::ErrorExtent, 7562),
    (Encoding::EucJp, Way::Encode, Kind::OnlyLitenc, 173),
    (Encoding::EucJp, Way::Encode, Kind::OnlyPython, 5791),
    (Encoding::EucJp, Way::Encode, Kind::Mapped, 280),
    (Encoding::Iso2022Jp, Way::Decode, Kind::OnlyLitenc, 520),
    (Encoding::Iso2022Jp, Way::Decode, Kind::OnlyPython, 37),
    (Encoding::Iso2022Jp, Way::Decode, Kind::Mapped, 6),
    (Encoding::Iso2022Jp, Way::Decode, Kind::ErrorExtent, 96),
    (Encoding::Iso2022Jp, Way::Decode, Kind::ErrorStart, 193),
    (Encoding::Iso2022Jp, Way::Encode, Kind::OnlyLitenc, 516),
    (Encoding::Iso2022Jp, Way::Encode, Kind::OnlyPython, 8),
    (Encoding::ShiftJis, Way::Decode, Kind::OnlyLitenc, 2726),
    (Encoding::ShiftJis, Way::Decode, Kind::Mapped, 6),
    (Encoding::ShiftJis, Way::Decode, Kind::ErrorExtent, 1382),
    (Encoding::ShiftJis, Way::Encode, Kind::OnlyLitenc, 454),
    (Encoding::ShiftJis, Way::Encode, Kind::OnlyPython, 5),
    (Encoding::EucKr, Way::Decode, Kind::OnlyLitenc, 8823),
    (Encoding::EucKr, Way::Decode, Kind::ErrorExtent, 2688),
    (Encoding::EucKr, Way::Encode, Kind::Mapped, 8822),
];

/// The differences where both decode, to other characters, as
/// `CONFORMANCE.md` lists them: `(encoding, bytes, litenc, Python)`
/// (Big5's 260 are counted only).
const MAPPED: &[(Encoding, &[u8], &str, &str)] = &[
    (Encoding::EucJp, &[0xA1, 0xC1], "～", "〜"),
    (Encoding::EucJp, &[0xA1, 0xC2], "∥", "‖"),
    (Encoding::EucJp, &[0xA1, 0xDD], "－", "−"),
    (Encoding::EucJp, &[0xA1, 0xF1], "￠", "¢"),
    (Encoding::EucJp, &[0xA1, 0xF2], "￡", "£"),
    (Encoding::EucJp, &[0xA2, 0xCC], "￢", "¬"),
    (Encoding::EucJp, &[0x8F, 0xA2, 0xB7], "～", "~"),
    (Encoding::Gb18030, &[0xA3, 0xA0], "\u{3000}", "\u{e5e5}"),
    (Encoding::Gb18030, &[0xA6, 0xD9], "︐", "\u{e78d}"),
    (Encoding::Gb18030, &[0xA6, 0xDA], "︒", "\u{e78e}"),
    (Encoding::Gb18030, &[0xA6, 0xDB], "︑", "\u{e78f}"),
    (Encoding::Gb18030, &[0xA6, 0xDC], "︓", "\u{e790}"),
    (Encoding::Gb18030, &[0xA6, 0xDD], "︔", "\u{e791}"),
    (Encoding::Gb18030, &[0xA6, 0xDE], "︕", "\u{e792}"),
    (Encoding::Gb18030, &[0xA6, 0xDF], "︖", "\u{e793}"),
    (Encoding::Gb18030, &[0xA6, 0xEC], "︗", "\u{e794}"),
    (Encoding::Gb18030, &[0xA6, 0xED], "︘", "\u{e795}"),
    (Encoding::Gb18030, &[0xA6, 0xF3], "︙", "\u{e796}"),
    (Encoding::Gb18030, &[0xA8, 0xBC], "ḿ", "\u{e7c7}"),
    (Encoding::Gb18030, &[0xFE, 0x59], "龴", "\u{e81e}"),
    (Encoding::Gb18030, &[0xFE, 0x61], "龵", "\u{e826}"),
    (Encoding::Gb18030, &[0xFE, 0x66], "龶", "\u{e82b}"),
    (Encoding::Gb18030, &[0xFE, 0x67], "龷", "\u{e82c}"),
    (Encoding::Gb18030, &[0xFE, 0x6D], "龸", "\u{e832}"),
    (Encoding::Gb18030, &[0xFE, 0x7E], "龹", "\u{e843}"),
    (Encoding::Gb18030, &[0xFE, 0x90], "龺", "\u{e854}"),
    (Encoding::Gb18030, &[0xFE, 0xA0], "龻", "\u{e864}"),
    (
        Encoding::Gb18030,
        &[0x81, 0x35, 0xF4, 0x37],
        "\u{e7c7}",
        "ḿ",
    ),
    (
        Encoding::Iso2022Jp,
        &[0x1B, 0x24, 0x42, 0x21, 0x41, 0x1B, 0x28, 0x42],
        "～",
        "〜",
    ),
    (
        Encoding::Iso2022Jp,
        &[0x1B, 0x24, 0x42, 0x21, 0x42, 0x1B, 0x28, 0x42],
        "∥",
        "‖",
    ),
    (
        Encoding::Iso2022Jp,
        &[0x1B, 0x24, 0x42, 0x21, 0x5D, 0x1B, 0x28, 0x42],
        "－",
        "−",
    ),
    (
        Encoding::Iso2022Jp,
        &[0x1B, 0x24, 0x42, 0x21, 0x71, 0x1B, 0x28, 0x42],
        "￠",
        "¢",
    ),
    (
        Encoding::Iso2022Jp,
        &[0x1B, 0x24, 0x42, 0x21, 0x72, 0x1B, 0x28, 0x42],
        "￡",
        "£",
    ),
    (
        Encoding::Iso2022Jp,
        &[0x1B, 0x24, 0x42, 0x22, 0x4C, 0x1B, 0x28, 0x42],
        "￢",
        "¬",
    ),
    (Encoding::ShiftJis, &[0x81, 0x60], "～", "〜"),
    (Encoding::ShiftJis, &[0x81, 0x61], "∥", "‖"),
    (Encoding::ShiftJis, &[0x81, 0x7C], "－", "−"),
    (Encoding::ShiftJis, &[0x81, 0x91], "￠", "¢"),
    (Encoding::ShiftJis, &[0x81, 0x92], "￡", "£"),
    (Encoding::ShiftJis, &[0x81, 0xCA], "￢", "¬"),
];

fn kind(ours: &Strict, theirs: &Strict) -> Kind {
    match (ours, theirs) {
        (Strict::Text(_), Strict::Text(_)) => Kind::Mapped,
        (Strict::Text(_), Strict::Error(..)) => Kind::OnlyLitenc,
        (Strict::Error(..), Strict::Text(_)) => Kind::OnlyPython,
        (Strict::Error(a, ..), Strict::Error(x, ..)) if a == x => Kind::ErrorExtent,
        (Strict::Error(..), Strict::Error(..)) => Kind::ErrorStart,
    }
}

/// Every scalar value of the BMP and plane 2, and every 97th above, alone.
fn encode_inputs() -> Vec<Vec<u8>> {
    (0..=0x10_FFFFu32)
        .filter(|&cp| cp <= 0xFFFF || cp >> 16 == 2 || cp % 97 == 0)
        .filter_map(char::from_u32)
        .map(|c| c.to_string().into_bytes())
        .collect()
}

/// Runs both comparisons; returns the counts and the unexplained
/// differences (as text).
fn compare() -> (Counts, Vec<String>) {
    let dec: Vec<Vec<Vec<u8>>> = CODECS.iter().map(|&(e, _)| decode_inputs(e)).collect();
    let texts = encode_inputs();
    let mut jobs: Vec<Job<'_>> = Vec::new();
    for ((_, codec), items) in CODECS.iter().zip(&dec) {
        jobs.push(("dec", codec, items.clone()));
    }
    for (_, codec) in CODECS {
        jobs.push(("enc", codec, texts.clone()));
    }
    let records: Vec<(&str, &str, Vec<&[u8]>)> = jobs
        .iter()
        .map(|(mode, codec, items)| (*mode, *codec, items.iter().map(Vec::as_slice).collect()))
        .collect();
    let outs = gen::python_records("cjk", &records);
    let mut counts = BTreeMap::new();
    let mut wrong = Vec::new();
    for (((enc, codec), items), out) in CODECS.iter().zip(&dec).zip(&outs) {
        let mut r = Reader::new(out);
        for bytes in items {
            let theirs = theirs_strict(&mut r);
            let replaced = String::from_utf8(r.bytes().to_vec()).unwrap();
            let mine = ours_strict(*enc, bytes);
            let lossy = enc.decode_lossy(bytes);
            if mine == theirs {
                if lossy != replaced {
                    wrong.push(format!(
                        "{codec} {}: lossy {lossy:?}, python replace {replaced:?}",
                        hex(bytes)
                    ));
                }
                continue;
            }
            let k = kind(&mine, &theirs);
            if k == Kind::Mapped && *enc != Encoding::Big5 {
                let listed = MAPPED.iter().any(|&(e, b, l, p)| {
                    e == *enc
                        && b == bytes.as_slice()
                        && mine == Strict::Text(l.into())
                        && theirs == Strict::Text(p.into())
                });
                if !listed {
                    wrong.push(format!(
                        "{codec} {}: litenc {mine:?}, python {theirs:?}",
                        hex(bytes)
                    ));
                }
            }
            *counts.entry((*enc, Way::Decode, k)).or_default() += 1;
        }
        assert!(r.is_empty());
    }
    for ((enc, codec), out) in CODECS.iter().zip(&outs[CODECS.len()..]) {
        let mut r = Reader::new(out);
        for text in &texts {
            let text = std::str::from_utf8(text).unwrap();
            let theirs = if r.u8() == 0 {
                Some(r.bytes().to_vec())
            } else {
                let _ = (r.u32(), r.u32());
                None
            };
            let written = enc.encode(text).ok();
            if written == theirs {
                continue;
            }
            let k = match (&written, &theirs) {
                (Some(_), Some(_)) => Kind::Mapped,
                (Some(_), None) => Kind::OnlyLitenc,
                _ => Kind::OnlyPython,
            };
            if std::env::var_os("LITENC_CJK_DUMP").is_some() {
                wrong.push(format!(
                    "{codec} encode {text:?} {k:?}: litenc {written:02X?}, python {theirs:02X?}"
                ));
            }
            *counts.entry((*enc, Way::Encode, k)).or_default() += 1;
        }
        assert!(r.is_empty());
    }
    (counts, wrong)
}

#[test]
fn python_differs_only_as_documented() {
    let (counts, wrong) = compare();
    for ((enc, way, kind), n) in &counts {
        println!("{enc} {way:?} {kind:?}: {n}");
    }
    if let Ok(path) = std::env::var("LITENC_CJK_DUMP") {
        std::fs::write(path, wrong.join("\n")).unwrap();
    }
    assert!(
        wrong.is_empty(),
        "unexplained differences:\n{}",
        wrong[..wrong.len().min(30)].join("\n")
    );
    let want: BTreeMap<_, _> = COUNTS.iter().map(|&(e, w, k, n)| ((e, w, k), n)).collect();
    assert_eq!(counts, want, "the counts of CONFORMANCE.md");
}
