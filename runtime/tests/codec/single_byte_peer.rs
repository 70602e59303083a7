//! Every single-byte encoding against a peer that is not litenc, exhaustively:
//! each of the 256 bytes decoded and each of the 1,112,064 scalar values
//! encoded, through every function of the page's module, the `Encoding`
//! methods and the run-time twins in `fast`.
//!
//! The peers: `encoding_rs` for the 28 WHATWG encodings, the `oem_cp` crate
//! (Microsoft's tables) for the 14 DOS pages, whose litenc tables come from
//! Python's codecs, and std for strict ASCII (`u8::is_ascii`) and true
//! ISO-8859-1 (`char::from(u8)`). Agreement must be exact, error offsets and
//! characters included, except for the differences in [`KNOWN`], each with
//! its reason; `known_differences_are_exactly_those_found` fails on a
//! difference missing from the list and on an entry that no longer differs,
//! and unless `CONFORMANCE.md` shows the same list (blocks `text
//! differences encoding_rs`, `oem_cp` and `std`).
//!
//! Inputs are padded with 0 to 63 ASCII bytes, so that every byte and every
//! character also sits at every place of the fast paths' blocks.

use crate::common;
#[allow(
    unreachable_pub,
    reason = "shared with the facade's tests, which read the same document"
)]
#[path = "../../../tests/conformance/differences.rs"]
mod differences;

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::OnceLock;

use common::{CodePage, Rng};
use litenc_runtime::{DecodeErrorKind, EncodeError, Encoding, fast};

// ---- the known differences ----------------------------------------------

/// Where litenc and the peer differ: a byte decoded or a character encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum At {
    Byte(u8),
    Char(char),
}

/// One known difference: what litenc and the peer give at `at` (a code
/// point for a byte, a byte for a character; `None`: undefined, or cannot
/// encode), and why.
#[derive(Clone, Copy, Debug)]
struct Known {
    enc: Encoding,
    at: At,
    litenc: Option<u32>,
    peer: Option<u32>,
    why: Why,
}

/// The reason for a difference, and the name `CONFORMANCE.md` gives it.
#[derive(Clone, Copy, Debug)]
struct Why {
    name: &'static str,
    text: &'static str,
}

const fn byte(enc: Encoding, b: u8, litenc: Option<u32>, peer: Option<u32>, why: Why) -> Known {
    Known {
        enc,
        at: At::Byte(b),
        litenc,
        peer,
        why,
    }
}

const fn char_(enc: Encoding, ch: char, litenc: Option<u32>, peer: Option<u32>, why: Why) -> Known {
    Known {
        enc,
        at: At::Char(ch),
        litenc,
        peer,
        why,
    }
}

/// Every difference between litenc and its in-process peer.
const KNOWN: &[Known] = &[
    byte(Encoding::Ibm869, 0x80, None, Some(0x80), OEM_869_C1),
    byte(Encoding::Ibm869, 0x81, None, Some(0x81), OEM_869_C1),
    byte(Encoding::Ibm869, 0x82, None, Some(0x82), OEM_869_C1),
    byte(Encoding::Ibm869, 0x83, None, Some(0x83), OEM_869_C1),
    byte(Encoding::Ibm869, 0x84, None, Some(0x84), OEM_869_C1),
    byte(Encoding::Ibm869, 0x85, None, Some(0x85), OEM_869_C1),
    byte(Encoding::Ibm869, 0x87, None, Some(0x87), OEM_869_C1),
    byte(Encoding::Ibm869, 0x93, None, Some(0x93), OEM_869_C1),
    byte(Encoding::Ibm869, 0x94, None, Some(0x94), OEM_869_C1),
    char_(Encoding::Ibm869, '\u{80}', None, Some(0x80), OEM_869_C1),
    char_(Encoding::Ibm869, '\u{81}', None, Some(0x81), OEM_869_C1),
    char_(Encoding::Ibm869, '\u{82}', None, Some(0x82), OEM_869_C1),
    char_(Encoding::Ibm869, '\u{83}', None, Some(0x83), OEM_869_C1),
    char_(Encoding::Ibm869, '\u{84}', None, Some(0x84), OEM_869_C1),
    char_(Encoding::Ibm869, '\u{85}', None, Some(0x85), OEM_869_C1),
    char_(Encoding::Ibm869, '\u{87}', None, Some(0x87), OEM_869_C1),
    char_(Encoding::Ibm869, '\u{93}', None, Some(0x93), OEM_869_C1),
    char_(Encoding::Ibm869, '\u{94}', None, Some(0x94), OEM_869_C1),
];

/// Why IBM869 differs from `oem_cp`.
const OEM_869_C1: Why = Why {
    name: "oem-c1",
    text: "the nine bytes CP869 has no character for (0x80..=0x85, 0x87, 0x93, \
     0x94): oem_cp maps each to the C1 control of the same number, as Windows' converter does; \
     litenc's table is Python's cp869 (from Unicode's MICSFT/PC/CP869.TXT), which leaves them \
     undefined, so litenc reports a one-byte error and cannot encode those controls",
};

fn known(enc: Encoding, at: At) -> Option<&'static Known> {
    KNOWN.iter().find(|k| k.enc == enc && k.at == at)
}

// ---- what the peer says, with the known differences applied --------------

/// The index of a scalar value among all of them (U+0000 is 0, U+E000 is
/// 0xD800).
fn scalar_index(ch: char) -> usize {
    let cp = ch as usize;
    if cp >= 0xE000 { cp - 0x800 } else { cp }
}

/// The code pages with a peer library here (`encoding_rs`, `oem_cp`, std): the
/// WHATWG pages, the DOS pages, ASCII and ISO-8859-1. The pages of 256-byte
/// tables (EBCDIC, the rest of Python's codecs, the LCD ROMs) would have only
/// their own index file as a peer; `tests/facade/conformance_full_pages.rs` compares
/// them with Python, glibc and the JDK on every byte and character, and
/// `device_pages.rs` the fast paths with the `const fn`s.
fn pages() -> Vec<common::CodePage> {
    common::code_pages()
        .into_iter()
        .filter(|p| {
            !matches!(
                common::single_byte_peer(p.module.enc),
                common::SingleBytePeer::Index(_)
            )
        })
        .collect()
}

/// One page as its peer has it: the 256 bytes, and every scalar value the
/// peer encodes (by the index of [`scalar_index`]).
struct PeerPage {
    chars: [Option<char>; 256],
    encodes: Vec<(char, u8)>,
}

/// The peer's view of every code page, asked once per test binary: every
/// byte, and every one of the 1,112,064 scalar values.
fn peer_pages() -> &'static [PeerPage] {
    static PAGES: OnceLock<Vec<PeerPage>> = OnceLock::new();
    PAGES.get_or_init(|| {
        let pages = pages();
        let all: String = common::all_scalar_values().collect();
        let all = all.as_str();
        std::thread::scope(|s| {
            let handles: Vec<_> = pages
                .chunks(pages.len().div_ceil(2))
                .map(|chunk| {
                    s.spawn(move || {
                        chunk
                            .iter()
                            .map(|p| PeerPage {
                                chars: std::array::from_fn(|b| {
                                    common::peer_char_of(p.module.enc, b as u8)
                                }),
                                encodes: peer_encodes(p.module.enc, all),
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap())
                .collect()
        })
    })
}

/// Every character of `all` (every scalar value, in order) that the peer of
/// `enc` encodes, with its byte. `encoding_rs` goes through the whole text
/// with one encoder, which stops at each character it cannot encode; the
/// others are asked character by character, as `common::peer_byte_of` does.
fn peer_encodes(enc: Encoding, all: &str) -> Vec<(char, u8)> {
    use encoding_rs::EncoderResult;
    let common::SingleBytePeer::EncodingRs(peer) = common::single_byte_peer(enc) else {
        return all
            .chars()
            .filter_map(|c| common::peer_byte_of(enc, c).map(|b| (c, b)))
            .collect();
    };
    let mut encoder = peer.new_encoder();
    let mut out = vec![0u8; 4096];
    let mut found = Vec::new();
    let mut rest = all;
    let mut chars = all.chars();
    loop {
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(rest, &mut out, true);
        // Each character read and not reported was written as one byte.
        let unmappable = match result {
            EncoderResult::Unmappable(c) => Some(c),
            _ => None,
        };
        let good = read - unmappable.map_or(0, char::len_utf8);
        let mut taken = 0;
        let mut k = 0;
        while taken < good {
            let c = chars.next().unwrap();
            taken += c.len_utf8();
            found.push((c, out[k]));
            k += 1;
        }
        assert_eq!(k, written, "{enc}: one byte per character");
        if let Some(c) = unmappable {
            assert_eq!(chars.next(), Some(c));
        }
        rest = &rest[read..];
        if result == EncoderResult::InputEmpty {
            break;
        }
    }
    assert!(chars.next().is_none());
    found
}

fn peer_page(enc: Encoding) -> &'static PeerPage {
    let i = pages().iter().position(|p| p.module.enc == enc).unwrap();
    &peer_pages()[i]
}

fn code(c: Option<char>) -> Option<u32> {
    c.map(|c| c as u32)
}

/// What litenc must decode `b` to: the peer's character, or the known
/// difference's.
fn expected_char(enc: Encoding, b: u8) -> Option<char> {
    let peer = peer_page(enc).chars[usize::from(b)];
    match known(enc, At::Byte(b)) {
        Some(k) => {
            assert_eq!(k.peer, code(peer), "{enc} byte {b:#04X}: the peer changed");
            k.litenc.map(|c| char::from_u32(c).unwrap())
        }
        None => peer,
    }
}

/// What litenc must encode each character to, by [`scalar_index`]: the
/// peer's byte, or the known difference's.
fn expected_bytes(enc: Encoding) -> Vec<Option<u8>> {
    let mut v = vec![None; 1_112_064];
    for &(c, b) in &peer_page(enc).encodes {
        v[scalar_index(c)] = Some(b);
    }
    for k in KNOWN.iter().filter(|k| k.enc == enc) {
        if let At::Char(c) = k.at {
            let slot = &mut v[scalar_index(c)];
            assert_eq!(
                slot.map(u32::from),
                k.peer,
                "{enc} U+{:04X}: the peer changed",
                c as u32
            );
            *slot = k.litenc.map(|b| u8::try_from(b).unwrap());
        }
    }
    v
}

// ---- the list itself -------------------------------------------------------

#[test]
fn code_pages_are_complete() {
    let pages = common::code_pages();
    let single: Vec<Encoding> = Encoding::ALL
        .iter()
        .copied()
        .filter(|e| e.is_single_byte())
        .collect();
    assert_eq!(
        pages.iter().map(|p| p.module.enc).collect::<Vec<_>>(),
        single
    );
    for p in &pages {
        assert_eq!(p.module.enc.__module(), p.name);
    }
    assert_eq!(pages.len(), 73);
}

/// The name `CONFORMANCE.md` gives the peer of `enc`.
fn peer_name(enc: Encoding) -> &'static str {
    match common::single_byte_peer(enc) {
        common::SingleBytePeer::EncodingRs(_) => "encoding_rs",
        common::SingleBytePeer::OemCp(_) => "oem_cp",
        common::SingleBytePeer::Ascii | common::SingleBytePeer::Latin1 => "std",
        common::SingleBytePeer::Index(_) => "index",
    }
}

fn show(at: At) -> String {
    match at {
        At::Byte(b) => format!("byte {b:#04X}"),
        At::Char(c) => format!("U+{:04X}", c as u32),
    }
}

/// Every place where litenc's `decode_byte`/`encode_char` and the peer
/// differ, as `Known` entries without a reason.
fn found_differences() -> Vec<(Encoding, At, Option<u32>, Option<u32>)> {
    let mut found = Vec::new();
    for (p, peer) in pages().iter().zip(peer_pages()) {
        let enc = p.module.enc;
        for b in 0..=255u8 {
            let ours = (p.decode_byte)(b);
            if ours != peer.chars[usize::from(b)] {
                found.push((
                    enc,
                    At::Byte(b),
                    code(ours),
                    code(peer.chars[usize::from(b)]),
                ));
            }
        }
        // Every character either side encodes; every other one neither does.
        let theirs: BTreeMap<char, u8> = peer.encodes.iter().copied().collect();
        let mut ours: BTreeMap<char, u8> = BTreeMap::new();
        for c in common::all_scalar_values() {
            if let Some(b) = (p.encode_char)(c) {
                ours.insert(c, b);
            }
        }
        let mut all: Vec<char> = theirs.keys().chain(ours.keys()).copied().collect();
        all.sort_unstable();
        all.dedup();
        for c in all {
            let (a, b) = (ours.get(&c), theirs.get(&c));
            if a != b {
                found.push((
                    enc,
                    At::Char(c),
                    a.map(|&x| u32::from(x)),
                    b.map(|&x| u32::from(x)),
                ));
            }
        }
    }
    found
}

#[test]
fn known_differences_are_exactly_those_found() {
    let t = std::time::Instant::now();
    peer_pages();
    println!("peers asked in {:?}", t.elapsed());
    let found = found_differences();
    println!("differences found in {:?}", t.elapsed());
    let mut missing = Vec::new();
    for &(enc, at, ours, peer) in &found {
        match known(enc, at) {
            Some(k) if k.litenc == ours && k.peer == peer => {}
            _ => missing.push(format!(
                "{enc} {}: litenc {ours:X?}, peer {peer:X?}",
                show(at)
            )),
        }
    }
    let stale: Vec<String> = KNOWN
        .iter()
        .filter(|k| !found.iter().any(|f| f.0 == k.enc && f.1 == k.at))
        .map(|k| format!("{} {}", k.enc, show(k.at)))
        .collect();
    let mut per_page: BTreeMap<String, usize> = BTreeMap::new();
    for f in &found {
        *per_page.entry(f.0.name().to_owned()).or_default() += 1;
    }
    println!("differences found, per encoding: {per_page:?}");
    assert!(
        missing.is_empty() && stale.is_empty(),
        "differences not in KNOWN ({}):\n{}\nentries of KNOWN that no longer differ: {stale:?}",
        missing.len(),
        missing.join("\n")
    );
    // Each reason is stated once per kind of difference, not left empty.
    assert!(KNOWN.iter().all(|k| k.why.text.len() > 20));

    // CONFORMANCE.md lists the same, per peer.
    let doc = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../CONFORMANCE.md");
    for peer in ["encoding_rs", "oem_cp", "std"] {
        let listed: std::collections::BTreeSet<differences::Difference> = KNOWN
            .iter()
            .filter(|k| peer_name(k.enc) == peer)
            .map(|k| {
                let (dir, item) = match k.at {
                    At::Byte(b) => {
                        let side =
                            |c: Option<u32>| c.map(|c| char::from_u32(c).unwrap().to_string());
                        let (ours, theirs) = (side(k.litenc), side(k.peer));
                        (
                            "decode",
                            differences::decode_item(b, ours.as_deref(), theirs.as_deref()),
                        )
                    }
                    At::Char(c) => {
                        let side = |b: Option<u32>| b.map(|b| vec![u8::try_from(b).unwrap()]);
                        let (ours, theirs) = (side(k.litenc), side(k.peer));
                        (
                            "encode",
                            differences::encode_item(c, ours.as_deref(), theirs.as_deref()),
                        )
                    }
                };
                (
                    k.enc.name().to_owned(),
                    dir.to_owned(),
                    k.why.name.to_owned(),
                    item,
                )
            })
            .collect();
        differences::check(&doc, peer, &["decode", "encode"], &listed);
    }
}

// ---- decoding: every byte, behind every padding ----------------------------

/// `n` bytes of varied ASCII (no NUL), starting at `salt`.
fn ascii(n: usize, salt: usize) -> String {
    (0..n)
        .map(|k| char::from(b' ' + u8::try_from((k + salt) % 95).unwrap()))
        .collect()
}

/// Asserts that `got` is the error of one undefined byte at `at`.
fn assert_undefined_at<T: std::fmt::Debug>(
    got: Result<T, litenc_runtime::DecodeError>,
    enc: Encoding,
    at: usize,
    what: &str,
) {
    let e = got.expect_err(what);
    assert_eq!(
        (e.encoding(), e.valid_up_to(), e.error_len(), e.kind()),
        (enc, at, Some(1), DecodeErrorKind::Malformed { len: 1 }),
        "{what}"
    );
}

/// Every decoding function of `p` on `input`, which is `want` (its UTF-8)
/// or has one undefined byte at `Err(at)`; `lossy` is what `decode_lossy`
/// must give.
fn check_decode(p: &CodePage, input: &[u8], want: Result<&str, usize>, lossy: &str) {
    let enc = p.module.enc;
    let what = |f: &str| format!("{enc} {f} {input:02X?}");
    let v = [
        (p.module.validate)(input),
        (p.fast.validate)(input),
        enc.validate(input),
        fast::validate(enc, input),
    ];
    let lens = [
        (p.module.decoded_len)(input),
        (p.fast.decoded_len)(input),
        enc.decoded_len(input),
        fast::decoded_len(enc, input),
    ];
    let mut buf = vec![0u8; 3 * input.len() + 8];
    let n = want.map_or(0, str::len);
    let into = |f: &dyn Fn(&mut [u8]) -> Result<usize, litenc_runtime::DecodeError>,
                buf: &mut Vec<u8>,
                name: &str| {
        match want {
            Ok(text) => {
                buf.fill(0xA5);
                assert_eq!(f(&mut buf[..n]), Ok(n), "{}", what(name));
                assert_eq!(&buf[..n], text.as_bytes(), "{}", what(name));
                if n > 0 {
                    let e = f(&mut buf[..n - 1]).expect_err("too small");
                    assert_eq!(
                        e.kind(),
                        DecodeErrorKind::OutputTooSmall {
                            needed: n,
                            available: n - 1
                        },
                        "{}",
                        what(name)
                    );
                }
            }
            Err(at) => assert_undefined_at(f(&mut buf[..]), enc, at, &what(name)),
        }
    };
    into(
        &|o| (p.module.decode_into)(input, o),
        &mut buf,
        "decode_into",
    );
    into(
        &|o| (p.fast.decode_into)(input, o),
        &mut buf,
        "fast decode_into",
    );
    into(
        &|o| enc.decode_into(input, o),
        &mut buf,
        "Encoding::decode_into",
    );
    into(
        &|o| fast::decode_into(enc, input, o),
        &mut buf,
        "fast::decode_into",
    );
    match want {
        Ok(text) => {
            assert!(v.iter().all(Result::is_ok), "{}", what("validate"));
            assert!(lens.iter().all(|l| *l == Ok(n)), "{}", what("decoded_len"));
            assert_eq!((p.module.decode)(input).as_deref(), Ok(text));
            assert_eq!(enc.decode(input).as_deref(), Ok(text));
        }
        Err(at) => {
            for r in v {
                assert_undefined_at(r, enc, at, &what("validate"));
            }
            for r in lens {
                assert_undefined_at(r, enc, at, &what("decoded_len"));
            }
            assert_undefined_at((p.module.decode)(input), enc, at, &what("decode"));
            assert_undefined_at(enc.decode(input), enc, at, &what("Encoding::decode"));
        }
    }
    for l in [(p.module.decode_lossy)(input), enc.decode_lossy(input)] {
        assert_eq!(l, lossy, "{}", what("decode_lossy"));
        assert_eq!(
            matches!(l, Cow::Borrowed(_)),
            lossy.as_bytes() == input,
            "{}: borrowed exactly when unchanged (on ASCII, but for the pages whose 00..=7F \
             are not ASCII)",
            what("decode_lossy")
        );
    }
}

/// Each of the 256 bytes of every page, alone and behind 0 to 63 ASCII bytes
/// (with some ASCII after), through every decoding function; then all 256
/// in one input.
#[test]
fn every_byte_decodes_as_the_peer_says() {
    let mut checked = 0usize;
    for p in pages() {
        let enc = p.module.enc;
        // The padding here is ASCII bytes that decode to themselves; the
        // pages whose 00..=7F are not ASCII have `device_pages.rs`.
        if enc.decode(b"AZaz09 ").ok().as_deref() != Some("AZaz09 ") {
            continue;
        }
        let mut all = Vec::new();
        let mut all_lossy = String::new();
        let mut first_undefined = None;
        for b in 0..=255u8 {
            let want = expected_char(enc, b);
            assert_eq!((p.decode_byte)(b), want, "{enc} decode_byte({b:#04X})");
            if let Some(c) = want {
                assert_eq!((p.encode_char)(c), Some(b), "{enc} encode_char({c:?})");
            }
            for pad in 0..64 {
                let pre = ascii(pad, usize::from(b));
                let post = ascii((pad + usize::from(b)) % 37, 11);
                let mut input = pre.clone().into_bytes();
                input.push(b);
                input.extend_from_slice(post.as_bytes());
                let ch = want.unwrap_or(char::REPLACEMENT_CHARACTER);
                let text = format!("{pre}{ch}{post}");
                check_decode(&p, &input, want.map(|_| text.as_str()).ok_or(pad), &text);
                checked += 1;
            }
            all.push(b);
            all_lossy.push(want.unwrap_or(char::REPLACEMENT_CHARACTER));
            if want.is_none() && first_undefined.is_none() {
                first_undefined = Some(usize::from(b));
            }
        }
        let all_text = all_lossy.clone();
        check_decode(
            &p,
            &all,
            first_undefined.map_or(Ok(all_text.as_str()), Err),
            &all_lossy,
        );
    }
    println!("{checked} padded single-byte inputs decoded, 16 functions each");
}

// ---- encoding: every scalar value, behind every padding ---------------------

/// Every scalar value in order, each behind `k % 64` bytes of ASCII (`k` its
/// index), in one string; `starts[k]` is where the padding of character `k`
/// begins. Built once per test binary.
struct Padded {
    text: String,
    starts: Vec<usize>,
}

fn padded() -> &'static Padded {
    static PADDED: OnceLock<Padded> = OnceLock::new();
    PADDED.get_or_init(|| {
        let pads: Vec<String> = (0..64).map(|n| ascii(n, n)).collect();
        let mut text = String::with_capacity(40 << 20);
        let mut starts = Vec::with_capacity(1_112_065);
        for (k, c) in common::all_scalar_values().enumerate() {
            starts.push(text.len());
            text.push_str(&pads[k % 64]);
            text.push(c);
        }
        starts.push(text.len());
        assert_eq!(starts.len(), 1_112_065);
        Padded { text, starts }
    })
}

/// In the supplementary planes (94% of the scalar values, which no code page
/// holds), each character goes through `encode_char`, the `Encoding` methods
/// and one of three groups of the other functions in turn, to keep the run
/// short; in the BMP, each goes through every function.
const SUPPLEMENTARY_TURNS: usize = 3;

/// Unless `LITENC_EXHAUSTIVE=1` (release mode in `.ci/run`), only one run of
/// [`SUPPLEMENTARY_TURNS`] supplementary characters in this many goes on from
/// `encode_char` to the other functions (half a minute of CPU less in
/// `cargo test`):
///
/// ```text
/// LITENC_EXHAUSTIVE=1 cargo test --release -p litenc-runtime --test codec single_byte_peer::every_scalar_value
/// ```
const SUPPLEMENTARY_SAMPLE: usize = 16;

/// One character `ch` behind `pad` ASCII bytes (`text`), which the page must
/// encode to `want` (`None`: cannot), through the string functions of the
/// groups `mine` says.
fn check_encode_char(
    p: &CodePage,
    text: &str,
    pad: usize,
    ch: char,
    want: Option<u8>,
    mine: &dyn Fn(usize) -> bool,
    buf: &mut [u8],
) {
    let enc = p.module.enc;
    let Some(byte) = want else {
        let e = Err(EncodeError::Unencodable {
            encoding: enc,
            offset: pad,
            ch,
        });
        assert_eq!(enc.encoded_len(text), e, "{enc} U+{:04X}", ch as u32);
        assert_eq!(enc.encode_into(text, buf), e);
        assert_eq!(enc.encode(text).map(|_| 0), e);
        if mine(1) {
            assert_eq!((p.module.encoded_len)(text), e);
            assert_eq!((p.fast.encoded_len)(text), e);
            assert_eq!(fast::encoded_len(enc, text), e);
            assert_eq!((p.module.encode)(text).map(|_| 0), e);
            // Bad input is reported as such whatever the buffer.
            assert_eq!((p.module.encode_into)(text, &mut []), e);
        }
        if mine(2) {
            assert_eq!((p.module.encode_into)(text, buf), e);
            assert_eq!((p.fast.encode_into)(text, buf), e);
            assert_eq!(fast::encode_into(enc, text, buf), e);
            assert_eq!((p.fast.encode_into)(text, &mut buf[..pad]), e);
        }
        return;
    };
    let n = pad + 1;
    let check = |got: Result<usize, EncodeError>, out: &[u8], what: &str| {
        assert_eq!(got, Ok(n), "{enc} {what} U+{:04X}", ch as u32);
        assert_eq!(&out[..pad], &text.as_bytes()[..pad]);
        assert_eq!(out[pad], byte, "{enc} {what} U+{:04X}", ch as u32);
    };
    assert_eq!(enc.encoded_len(text), Ok(n));
    let got = enc.encode_into(text, buf);
    check(got, buf, "Encoding::encode_into");
    let e = enc.encode(text).unwrap();
    check(Ok(e.len()), &e, "Encoding::encode");
    if mine(1) {
        assert_eq!((p.module.encoded_len)(text), Ok(n));
        assert_eq!((p.fast.encoded_len)(text), Ok(n));
        assert_eq!(fast::encoded_len(enc, text), Ok(n));
        let got = (p.module.encode_into)(text, buf);
        check(got, buf, "encode_into");
        let e = (p.module.encode)(text).unwrap();
        check(Ok(e.len()), &e, "encode");
    }
    if mine(2) {
        let got = (p.fast.encode_into)(text, buf);
        check(got, buf, "fast encode_into");
        let got = fast::encode_into(enc, text, buf);
        check(got, buf, "fast::encode_into");
        let small = Err(EncodeError::OutputTooSmall {
            needed: n,
            available: pad,
        });
        assert_eq!((p.module.encode_into)(text, &mut buf[..pad]), small);
        assert_eq!((p.fast.encode_into)(text, &mut buf[..pad]), small);
        assert_eq!(enc.encode_into(text, &mut buf[..pad]), small);
    }
}

/// Every scalar value through every encoding function of the pages
/// `first..first + count` (of `pages()`).
fn every_scalar_value_encodes(first: usize, count: usize) {
    let every = std::env::var_os("LITENC_EXHAUSTIVE").is_some_and(|v| v == "1");
    let padded = padded();
    let mut buf = vec![0u8; 128];
    for p in pages().iter().skip(first).take(count) {
        let enc = p.module.enc;
        let want = expected_bytes(enc);
        // The index of the first character at or after each one that the
        // page cannot encode (`want.len()` for none).
        let mut next_bad = vec![want.len(); want.len() + 1];
        for k in (0..want.len()).rev() {
            next_bad[k] = if want[k].is_none() {
                k
            } else {
                next_bad[k + 1]
            };
        }
        for (k, c) in common::all_scalar_values().enumerate() {
            assert_eq!(scalar_index(c), k);
            let start = padded.starts[k];
            let text = &padded.text[start..padded.starts[k + 1]];
            assert_eq!((p.encode_char)(c), want[k], "{enc} encode_char({c:?})");
            let turn = (c.len_utf8() == 4).then_some(k % SUPPLEMENTARY_TURNS);
            if turn.is_some()
                && !every
                && !(k / SUPPLEMENTARY_TURNS).is_multiple_of(SUPPLEMENTARY_SAMPLE)
            {
                continue;
            }
            let mine = |t: usize| turn.is_none_or(|x| x == t);
            if mine(0) {
                // All the rest of the text: the first error is the next
                // character the page cannot encode.
                let j = next_bad[k];
                let far = (j < want.len()).then(|| {
                    let at = padded.starts[j] + j % 64;
                    EncodeError::Unencodable {
                        encoding: enc,
                        offset: at - start,
                        ch: padded.text[at..].chars().next().unwrap(),
                    }
                });
                assert_eq!(
                    (p.module.encoded_len)(&padded.text[start..]).err(),
                    far,
                    "{enc} encoded_len of the rest from U+{:04X}",
                    c as u32
                );
            }
            check_encode_char(p, text, k % 64, c, want[k], &mine, &mut buf);
        }
    }
}

#[test]
fn every_scalar_value_encodes_as_the_peer_says_1() {
    every_scalar_value_encodes(0, 11);
}

#[test]
fn every_scalar_value_encodes_as_the_peer_says_2() {
    every_scalar_value_encodes(11, 11);
}

#[test]
fn every_scalar_value_encodes_as_the_peer_says_3() {
    every_scalar_value_encodes(22, 11);
}

#[test]
fn every_scalar_value_encodes_as_the_peer_says_4() {
    every_scalar_value_encodes(33, 11);
}

#[test]
fn every_scalar_value_encodes_as_the_peer_says_5() {
    every_scalar_value_encodes(44, 10);
}

#[test]
fn every_scalar_value_encodes_as_the_peer_says_6() {
    every_scalar_value_encodes(54, 10);
}

#[test]
fn every_scalar_value_encodes_as_the_peer_says_7() {
    every_scalar_value_encodes(64, 9);
}

// ---- random text and bytes ---------------------------------------------------

/// Random texts, mostly of the page's own characters (so that errors come
/// after multi-byte prefixes), and random byte strings, through the string
/// functions: the bytes, or the offset and character of the first
/// character the page cannot encode; the text, or the first undefined byte.
#[test]
fn random_texts_and_bytes_as_the_peer_says() {
    let mut rng = Rng::new(common::seed(44));
    let mut buf = vec![0u8; 256];
    for p in pages() {
        let enc = p.module.enc;
        let want = expected_bytes(enc);
        let repertoire: Vec<char> = (0..=255u8).filter_map(|b| expected_char(enc, b)).collect();
        for _ in 0..2_000 {
            let text: String = (0..rng.below(48))
                .map(|_| {
                    if rng.chance(1, 30) {
                        rng.any_char()
                    } else {
                        rng.pick(&repertoire)
                    }
                })
                .collect();
            let expected: Result<Vec<u8>, EncodeError> = text
                .char_indices()
                .map(|(offset, ch)| {
                    want[scalar_index(ch)].ok_or(EncodeError::Unencodable {
                        encoding: enc,
                        offset,
                        ch,
                    })
                })
                .collect();
            assert_eq!((p.module.encode)(&text), expected, "{enc} {text:?}");
            assert_eq!(enc.encode(&text), expected);
            let len = expected.as_ref().map(Vec::len).map_err(|e| *e);
            assert_eq!((p.module.encoded_len)(&text), len);
            assert_eq!((p.fast.encoded_len)(&text), len);
            for f in [p.module.encode_into, p.fast.encode_into] {
                let got = f(&text, &mut buf);
                assert_eq!(got, len, "{enc} {text:?}");
                if let Ok(bytes) = &expected {
                    assert_eq!(&buf[..bytes.len()], &bytes[..]);
                }
            }
            if let Ok(bytes) = &expected {
                assert_eq!((p.module.decode)(bytes).as_deref(), Ok(text.as_str()));
            }
        }
        for _ in 0..2_000 {
            let bytes: Vec<u8> = (0..rng.below(80))
                .map(|_| {
                    if rng.chance(1, 2) {
                        rng.below(0x80) as u8
                    } else {
                        rng.next_u64() as u8
                    }
                })
                .collect();
            let chars: Vec<Option<char>> = bytes.iter().map(|&b| expected_char(enc, b)).collect();
            let lossy: String = chars
                .iter()
                .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
                .collect();
            let first_bad = chars.iter().position(Option::is_none);
            let text = first_bad.is_none().then(|| lossy.clone());
            check_decode(
                &p,
                &bytes,
                text.as_deref().ok_or(first_bad.unwrap_or(0)),
                &lossy,
            );
        }
    }
}
