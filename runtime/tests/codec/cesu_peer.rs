//! MUTF-8 and CESU-8 against the `cesu8` crate (encoding, and decoding of
//! valid input) and against a reference decoder written here from the specs
//! (JVM spec §4.4.7 for modified UTF-8, Unicode TR #26 for CESU-8, Unicode
//! §3.9 D93b for the maximal subpart that an error covers) for everything
//! the `cesu8` crate does not do: error positions, lossy decoding, and
//! modified UTF-8 to UTF-16 code units with unpaired surrogates.
//!
//! The rules, as `runtime/src/cesu.rs` states them:
//! - lower layer: one 1- to 3-byte sequence of Unicode Table 3-7, with
//!   `ED A0..BF xx` (encoded surrogates) allowed and `F0..F4` leads not;
//!   modified UTF-8 adds `C0 80` for U+0000 and forbids the byte `00`;
//!   an ill-formed sequence is reported as its maximal subpart (the longest
//!   prefix of a well-formed sequence, at least one byte), and input that
//!   ends inside a sequence is truncated;
//! - upper layer: a high surrogate must be followed by a low one (the pair
//!   is one 6-byte character); an unpaired surrogate is one 3-byte error,
//!   except that a high surrogate followed only by a (possibly empty) prefix
//!   of an encoded low surrogate is truncated input;
//! - lossy: one U+FFFD per error, and one for a truncated end.

use crate::common;

use std::borrow::Cow;

use common::{Rng, pos};
use litenc_runtime::{DecodeError, DecodeErrorKind, Encoding, cesu8 as cesu, mutf8};

type Pos = (usize, Option<usize>);

/// One well-formed sequence: the allowed range of each of its bytes.
type Row = &'static [(u8, u8)];

const CONT: (u8, u8) = (0x80, 0xBF);

/// The well-formed 1- to 3-byte sequences of CESU-8: Table 3-7 up to
/// `EF BF BF`, with `ED A0..BF xx` (surrogates) allowed.
const CESU8_ROWS: &[Row] = &[
    &[(0x00, 0x7F)],
    &[(0xC2, 0xDF), CONT],
    &[(0xE0, 0xE0), (0xA0, 0xBF), CONT],
    &[(0xE1, 0xEC), CONT, CONT],
    &[(0xED, 0xED), CONT, CONT],
    &[(0xEE, 0xEF), CONT, CONT],
];

/// Modified UTF-8: as CESU-8, but no `00`, and `C0 80` for U+0000.
const MUTF8_ROWS: &[Row] = &[
    &[(0x01, 0x7F)],
    &[(0xC0, 0xC0), (0x80, 0x80)],
    &[(0xC2, 0xDF), CONT],
    &[(0xE0, 0xE0), (0xA0, 0xBF), CONT],
    &[(0xE1, 0xEC), CONT, CONT],
    &[(0xED, 0xED), CONT, CONT],
    &[(0xEE, 0xEF), CONT, CONT],
];

/// UTF-8 by the same method, Table 3-7 exactly: used only to check the
/// method itself against `core::str::from_utf8`.
const UTF8_ROWS: &[Row] = &[
    &[(0x00, 0x7F)],
    &[(0xC2, 0xDF), CONT],
    &[(0xE0, 0xE0), (0xA0, 0xBF), CONT],
    &[(0xE1, 0xEC), CONT, CONT],
    &[(0xED, 0xED), (0x80, 0x9F), CONT],
    &[(0xEE, 0xEF), CONT, CONT],
    &[(0xF0, 0xF0), (0x90, 0xBF), CONT, CONT],
    &[(0xF1, 0xF3), CONT, CONT, CONT],
    &[(0xF4, 0xF4), (0x80, 0x8F), CONT, CONT],
];

/// The encoded low surrogates.
const LOW_SURROGATE: Row = &[(0xED, 0xED), (0xB0, 0xBF), CONT];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RefStep {
    /// A code point (a surrogate, in the lower layer) and its length.
    Char(u32, usize),
    Malformed(usize),
    Truncated,
}

/// How far `rest` runs along `row`: the number of leading bytes in range.
fn matched(row: Row, rest: &[u8]) -> usize {
    row.iter()
        .zip(rest)
        .take_while(|&(&(lo, hi), &b)| lo <= b && b <= hi)
        .count()
}

/// The code point of a complete sequence, by the bit layout of UTF-8
/// (`C0 80` gives 0, as modified UTF-8 wants).
fn value(seq: &[u8]) -> u32 {
    let payload = |b: u8| u32::from(b & 0x3F);
    match *seq {
        [a] => u32::from(a),
        [a, b] => (u32::from(a & 0x1F) << 6) | payload(b),
        [a, b, c] => (u32::from(a & 0x0F) << 12) | (payload(b) << 6) | payload(c),
        [a, b, c, d] => {
            (u32::from(a & 0x07) << 18) | (payload(b) << 12) | (payload(c) << 6) | payload(d)
        }
        _ => unreachable!(),
    }
}

/// Lower layer: the sequence at the start of `rest` (not empty). D93b: the
/// maximal subpart is the longest prefix of `rest` that is a prefix of some
/// well-formed sequence; if it is a whole sequence, that is a character; if
/// it is all of `rest`, the input is truncated; otherwise it (or one byte,
/// if it is empty) is ill-formed.
fn lower_step(rows: &[Row], rest: &[u8]) -> RefStep {
    let mut longest = 0;
    for &row in rows {
        let k = matched(row, rest);
        if k == row.len() {
            return RefStep::Char(value(&rest[..k]), k);
        }
        longest = longest.max(k);
    }
    if longest == rest.len() {
        RefStep::Truncated
    } else {
        RefStep::Malformed(longest.max(1))
    }
}

/// Upper layer: one scalar value, pairing surrogates.
fn upper_step(rows: &[Row], rest: &[u8]) -> RefStep {
    match lower_step(rows, rest) {
        RefStep::Char(cp, len) if (0xDC00..=0xDFFF).contains(&cp) => RefStep::Malformed(len),
        RefStep::Char(high, 3) if (0xD800..=0xDBFF).contains(&high) => {
            let after = &rest[3..];
            let k = matched(LOW_SURROGATE, after);
            if k == 3 {
                let low = value(&after[..3]);
                let cp = 0x1_0000 + ((high - 0xD800) << 10) + (low - 0xDC00);
                RefStep::Char(cp, 6)
            } else if k == after.len() {
                RefStep::Truncated
            } else {
                RefStep::Malformed(3)
            }
        }
        other => other,
    }
}

fn rows(java: bool) -> &'static [Row] {
    if java { MUTF8_ROWS } else { CESU8_ROWS }
}

/// Reference strict decoding to text.
fn ref_decode(bytes: &[u8], java: bool) -> Result<String, Pos> {
    let mut out = String::new();
    let mut i = 0;
    while i < bytes.len() {
        match upper_step(rows(java), &bytes[i..]) {
            RefStep::Char(cp, len) => {
                out.push(char::from_u32(cp).expect("the upper layer yields scalar values"));
                i += len;
            }
            RefStep::Malformed(len) => return Err((i, Some(len))),
            RefStep::Truncated => return Err((i, None)),
        }
    }
    Ok(out)
}

/// Reference lossy decoding: one U+FFFD per error, one for a truncated end.
fn ref_lossy(bytes: &[u8], java: bool) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < bytes.len() {
        match upper_step(rows(java), &bytes[i..]) {
            RefStep::Char(cp, len) => {
                out.push(char::from_u32(cp).unwrap());
                i += len;
            }
            RefStep::Malformed(len) => {
                out.push('\u{FFFD}');
                i += len;
            }
            RefStep::Truncated => {
                out.push('\u{FFFD}');
                break;
            }
        }
    }
    out
}

/// Reference modified UTF-8 to code units: the lower layer only.
fn ref_decode_units(bytes: &[u8]) -> Result<Vec<u16>, Pos> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match lower_step(MUTF8_ROWS, &bytes[i..]) {
            RefStep::Char(cp, len) => {
                out.push(u16::try_from(cp).unwrap());
                i += len;
            }
            RefStep::Malformed(len) => return Err((i, Some(len))),
            RefStep::Truncated => return Err((i, None)),
        }
    }
    Ok(out)
}

/// Both ends of the ranges of Table 3-7.
const UTF8_ENDS: [u8; 14] = [
    0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xF0, 0xF4,
];

/// The reference method, with the rows of Table 3-7, is `from_utf8`: a check
/// of the method (not of litenc) on every 1-, 2- and 3-byte input behind
/// one ASCII byte, so that the reference is not merely litenc's reading
/// of the spec twice.
#[test]
fn reference_method_is_std_on_utf8() {
    let ref_utf8 = |bytes: &[u8]| -> Result<(), Pos> {
        let mut i = 0;
        while i < bytes.len() {
            match lower_step(UTF8_ROWS, &bytes[i..]) {
                RefStep::Char(_, len) => i += len,
                RefStep::Malformed(len) => return Err((i, Some(len))),
                RefStep::Truncated => return Err((i, None)),
            }
        }
        Ok(())
    };
    let mut check = |bytes: &[u8]| {
        let std = core::str::from_utf8(bytes)
            .map(|_| ())
            .map_err(common::std_pos);
        assert_eq!(ref_utf8(bytes), std, "{bytes:02X?}");
    };
    common::for_every_input(1, &mut check);
    common::for_every_input(2, &mut check);
    // Three bytes, and four for the leads F0..F4 with the other bytes from a
    // set of range ends.
    for a in 0..=0xFF_u8 {
        for &b in &UTF8_ENDS {
            for &c in &UTF8_ENDS {
                check(&[a, b, c]);
                for &d in &UTF8_ENDS {
                    check(&[a, b, c, d]);
                }
            }
        }
    }
}

/// `validate`, `decoded_len`, `decode` and `decode_lossy` of one module.
type Api = (
    fn(&[u8]) -> Result<(), DecodeError>,
    fn(&[u8]) -> Result<usize, DecodeError>,
    fn(&[u8]) -> Result<String, DecodeError>,
    for<'a> fn(&'a [u8]) -> Cow<'a, str>,
);

/// Everything litenc says about `bytes` in both encodings, against the
/// reference.
fn check(bytes: &[u8]) {
    for java in [true, false] {
        let (validate, decoded_len, decode, decode_lossy): Api = if java {
            (
                mutf8::validate,
                mutf8::decoded_len,
                mutf8::decode,
                mutf8::decode_lossy,
            )
        } else {
            (
                cesu::validate,
                cesu::decoded_len,
                cesu::decode,
                cesu::decode_lossy,
            )
        };
        let reference = ref_decode(bytes, java);
        let ours = validate(bytes);
        assert_eq!(
            ours.map_err(pos),
            reference.as_ref().map(|_| ()).map_err(|&e| e),
            "java {java} {bytes:02X?}"
        );
        if let Ok(text) = &reference {
            assert_eq!(decoded_len(bytes), Ok(text.len()));
            assert_eq!(decode(bytes).as_ref(), Ok(text));
        } else {
            let err = ours.unwrap_err();
            let kind = match err.error_len() {
                Some(len) => DecodeErrorKind::Malformed { len },
                None => DecodeErrorKind::Truncated,
            };
            assert_eq!(err.kind(), kind);
            assert_eq!(decoded_len(bytes), Err(err));
            assert_eq!(decode(bytes), Err(err));
        }
        // `decode_into` with room for the worst case (the one-pass path;
        // `decode` above sizes its buffer exactly, the two-pass path).
        let enc = if java {
            Encoding::Mutf8
        } else {
            Encoding::Cesu8
        };
        let mut big = vec![0u8; bytes.len() * enc.max_utf8_bytes_per_byte()];
        let ours = enc.decode_into(bytes, &mut big);
        match &reference {
            Ok(text) => {
                assert_eq!(ours, Ok(text.len()));
                assert_eq!(&big[..text.len()], text.as_bytes());
            }
            Err(e) => assert_eq!(ours.map_err(pos), Err(*e), "{bytes:02X?}"),
        }
        let lossy = decode_lossy(bytes);
        assert_eq!(
            lossy,
            ref_lossy(bytes, java),
            "lossy, java {java} {bytes:02X?}"
        );
        // Borrowed exactly when the input is valid and is also valid UTF-8.
        let borrowable = reference.is_ok() && core::str::from_utf8(bytes).is_ok();
        assert_eq!(
            matches!(lossy, Cow::Borrowed(_)),
            borrowable,
            "{bytes:02X?}"
        );
    }
    let units = ref_decode_units(bytes);
    assert_eq!(
        mutf8::decoded_units_len(bytes).map_err(pos),
        units.as_ref().map(Vec::len).map_err(|&e| e)
    );
    let mut out = [0u16; 256];
    let ours = mutf8::decode_units_into(bytes, &mut out[..bytes.len()]);
    match units {
        Ok(units) => {
            assert_eq!(ours, Ok(units.len()));
            assert_eq!(&out[..units.len()], &units[..]);
        }
        Err(e) => assert_eq!(ours.map_err(pos), Err(e), "units {bytes:02X?}"),
    }
}

#[test]
fn every_1_and_2_byte_input() {
    common::for_every_input(1, check);
    common::for_every_input(2, check);
}

/// The errors of `bytes` in both encodings, and as code units: the cheap
/// part of [`check`].
fn check_errors(bytes: &[u8]) {
    let strip = |r: Result<String, Pos>| r.map(|_| ());
    assert_eq!(
        mutf8::validate(bytes).map_err(pos),
        strip(ref_decode(bytes, true)),
        "{bytes:02X?}"
    );
    assert_eq!(
        cesu::validate(bytes).map_err(pos),
        strip(ref_decode(bytes, false)),
        "{bytes:02X?}"
    );
    assert_eq!(
        mutf8::decoded_units_len(bytes).map_err(pos),
        ref_decode_units(bytes).map(|u| u.len()),
        "units {bytes:02X?}"
    );
}

/// Bytes that stand for every byte in the second and third place: both
/// ends of every range the rules name (`80..BF`, `80..9F`, `A0..BF`,
/// `B0..BF`, `C0 80`, the leads) and ASCII and `00`.
const ENDS: [u8; 27] = [
    0x00, 0x01, 0x41, 0x7F, 0x80, 0x81, 0x8F, 0x90, 0x9F, 0xA0, 0xAF, 0xB0, 0xBF, 0xC0, 0xC1, 0xC2,
    0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
];

/// The ends of the ranges a third byte is checked against (`80..BF`,
/// `A0..BF`, `B0..BF`), and one byte of each other kind.
const THIRD: [u8; 14] = [
    0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xAF, 0xB0, 0xBF, 0xC0, 0xED, 0xFF,
];

/// Three-byte inputs: the first two bytes take every value and the third
/// every value of [`THIRD`] (917,504 inputs), through `validate` of both
/// encodings and `decoded_units_len`; and every first byte with the other
/// two from [`ENDS`] (186,624 inputs) through everything, lossy decoding
/// included. All 16,777,216 through everything would take about two minutes
/// in a debug build (the reference is deliberately naive), so that bulk
/// sweep runs when `LITENC_EXHAUSTIVE=1`, in release mode in `.ci/run`.
fn three_byte_inputs_with_lead(leads: core::ops::RangeInclusive<u8>) {
    if std::env::var_os("LITENC_EXHAUSTIVE").is_some_and(|v| v == "1") {
        for a in leads {
            for b in 0..=0xFF_u8 {
                for c in 0..=0xFF_u8 {
                    check(&[a, b, c]);
                }
            }
        }
        return;
    }
    for a in leads {
        for b in 0..=0xFF_u8 {
            for c in THIRD {
                check_errors(&[a, b, c]);
            }
        }
        for b in ENDS {
            for c in ENDS {
                check(&[a, b, c]);
            }
        }
    }
}

#[test]
fn three_byte_inputs_lead_00_to_7f() {
    three_byte_inputs_with_lead(0x00..=0x7F);
}

#[test]
fn three_byte_inputs_lead_80_to_ff() {
    three_byte_inputs_with_lead(0x80..=0xFF);
}

/// The encoded surrogate `ED xx yy` of `unit`.
fn encoded_surrogate(unit: u16) -> [u8; 3] {
    let mut buf = [0u8; 3];
    assert_eq!(mutf8::encode_units_into(&[unit], &mut buf), Ok(3));
    buf
}

/// Bytes of a broken low surrogate after a high one.
const FEW: [u8; 9] = [0x41, 0x80, 0xA0, 0xAF, 0xB0, 0xBF, 0xC0, 0xED, 0xFF];

/// Six-byte sequences: every high surrogate before each of 33 low ones, and
/// every low surrogate after each of 33 high ones (67,584 inputs); and 9
/// high surrogates each before every 1- and 2-byte prefix made of [`ENDS`]
/// and every 3-byte one made of [`FEW`] (truncated and broken pairs),
/// alone and after a byte of ASCII. All through everything.
#[test]
fn surrogate_pairs_and_broken_pairs() {
    let sample = |base: u16| {
        (0..0x400_u16)
            .step_by(32)
            .chain([0x3FF])
            .map(move |k| base + k)
    };
    let mut buf = Vec::with_capacity(8);
    let mut run = |parts: &[&[u8]]| {
        for pad in [&b""[..], b"a"] {
            buf.clear();
            buf.extend_from_slice(pad);
            for part in parts {
                buf.extend_from_slice(part);
            }
            check(&buf);
        }
    };
    let pair = |high: u16, low: u16| -> [u8; 6] {
        let mut both = [0u8; 6];
        both[..3].copy_from_slice(&encoded_surrogate(high));
        both[3..].copy_from_slice(&encoded_surrogate(low));
        both
    };
    for high in 0xD800..=0xDBFF_u16 {
        for low in sample(0xDC00) {
            check(&pair(high, low));
        }
    }
    for low in 0xDC00..=0xDFFF_u16 {
        for high in sample(0xD800) {
            check(&pair(high, low));
        }
    }
    for high in (0xD800..=0xDBFF_u16).step_by(128).chain([0xDBFF]) {
        let high = encoded_surrogate(high);
        run(&[&high]);
        for a in ENDS {
            run(&[&high, &[a]]);
            for b in ENDS {
                run(&[&high, &[a, b]]);
            }
        }
        for a in FEW {
            for b in FEW {
                for c in FEW {
                    run(&[&high, &[a, b, c]]);
                }
            }
        }
    }
}

/// Random input: valid text encoded by the `cesu8` crate, cut, spliced and
/// with bytes changed, through everything.
#[test]
fn random_inputs() {
    let mut rng = Rng::new(common::seed(26));
    for _ in 0..20_000 {
        let text = rng.string(12);
        let mut bytes = if rng.chance(1, 2) {
            cesu8::to_java_cesu8(&text).into_owned()
        } else {
            cesu8::to_cesu8(&text).into_owned()
        };
        for _ in 0..rng.below(4) {
            match rng.below(4) {
                0 if !bytes.is_empty() => {
                    let k = rng.below(bytes.len());
                    bytes[k] = rng.interesting_byte();
                }
                1 if !bytes.is_empty() => {
                    let k = rng.below(bytes.len());
                    bytes.truncate(k);
                }
                2 => {
                    let k = rng.below(bytes.len() + 1);
                    bytes.insert(k, rng.interesting_byte());
                }
                _ => {
                    let k = rng.below(bytes.len() + 1);
                    let more = encoded_surrogate(0xD800 + rng.below(0x800) as u16);
                    bytes.splice(k..k, more);
                }
            }
        }
        if rng.chance(1, 2) {
            // ASCII runs long enough for word-at-a-time loops.
            let ascii = rng.ascii_run(40);
            bytes.splice(0..0, ascii);
            bytes.extend(rng.ascii_run(20));
        }
        check(&bytes);
    }
}

/// Encoding against the `cesu8` crate on random text of every script, NUL
/// and supplementary characters included (every scalar value is in
/// `scalar_roundtrip.rs`), and decoding of that valid input against the
/// crate's decoders.
#[test]
fn random_text_against_the_cesu8_crate() {
    let mut rng = Rng::new(common::seed(27));
    for _ in 0..20_000 {
        let text = rng.string(40);
        let java = cesu8::to_java_cesu8(&text);
        let plain = cesu8::to_cesu8(&text);
        assert_eq!(mutf8::encode(&text).unwrap(), java.as_ref(), "{text:?}");
        assert_eq!(cesu::encode(&text).unwrap(), plain.as_ref(), "{text:?}");
        assert_eq!(mutf8::encoded_len(&text), Ok(java.len()));
        assert_eq!(cesu::encoded_len(&text), Ok(plain.len()));

        let java_back = cesu8::from_java_cesu8(&java).unwrap();
        let plain_back = cesu8::from_cesu8(&plain).unwrap();
        assert_eq!(java_back, text);
        assert_eq!(mutf8::decode(&java).unwrap(), java_back);
        assert_eq!(mutf8::decode_lossy(&java), java_back);
        assert_eq!(cesu::decode(&plain).unwrap(), plain_back);
        assert_eq!(cesu::decode_lossy(&plain), plain_back);
        // The crates agree on which valid input is also UTF-8 (it borrows).
        assert_eq!(
            matches!(mutf8::decode_lossy(&java), Cow::Borrowed(_)),
            matches!(java_back, Cow::Borrowed(_))
        );
        assert_eq!(
            matches!(cesu::decode_lossy(&plain), Cow::Borrowed(_)),
            matches!(plain_back, Cow::Borrowed(_))
        );
    }
}

/// `writeUTF` without its length prefix, straight from the JVM spec
/// §4.4.7: each code unit on its own, U+0000 as `C0 80`, 1 to 3 bytes.
fn ref_encode_units(units: &[u16]) -> Vec<u8> {
    let mut out = Vec::new();
    for &u in units {
        let u = u32::from(u);
        match u {
            0x01..=0x7F => out.push(u as u8),
            0x00 | 0x80..=0x7FF => out.extend([0xC0 | (u >> 6) as u8, 0x80 | (u & 0x3F) as u8]),
            _ => out.extend([
                0xE0 | (u >> 12) as u8,
                0x80 | ((u >> 6) & 0x3F) as u8,
                0x80 | (u & 0x3F) as u8,
            ]),
        }
    }
    out
}

/// The `u16` API of `mutf8` round-trips any code units, unpaired surrogates
/// included, writing what the spec says; on units that are valid UTF-16 it
/// writes what the `cesu8` crate writes for their text.
#[test]
fn units_round_trip() {
    let mut rng = Rng::new(common::seed(28));
    let mut inputs: Vec<Vec<u16>> = (0..=0xFFFF_u16).map(|u| vec![u]).collect();
    inputs.extend((0..30_000).map(|_| rng.units(40)));
    for units in inputs {
        let expected = ref_encode_units(&units);
        assert_eq!(mutf8::encoded_units_len(&units), expected.len());
        let mut buf = vec![0u8; expected.len()];
        assert_eq!(
            mutf8::encode_units_into(&units, &mut buf),
            Ok(expected.len())
        );
        assert_eq!(buf, expected, "{units:04X?}");
        assert_eq!(mutf8::encode_units(&units), expected);
        if let Ok(text) = String::from_utf16(&units) {
            assert_eq!(expected, cesu8::to_java_cesu8(&text).as_ref());
        }

        assert_eq!(mutf8::decoded_units_len(&expected), Ok(units.len()));
        let mut back = vec![0u16; units.len()];
        assert_eq!(
            mutf8::decode_units_into(&expected, &mut back),
            Ok(units.len())
        );
        assert_eq!(back, units);
        assert_eq!(mutf8::decode_units(&expected).unwrap(), units);
        assert_eq!(ref_decode_units(&expected).unwrap(), units);
    }
}
