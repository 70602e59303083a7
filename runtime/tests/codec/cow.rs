//! `encode_cow` and `decode_cow` of every encoding: the same results and
//! errors as `encode` and `decode`, borrowed exactly when the output is the
//! input (and then the input itself, not a copy), with the first byte that
//! changes at every offset 0..=130 (and a few up to 320) of an ASCII or
//! Cyrillic run, so at every place of the 32- and 64-byte blocks of the
//! scans; and, against peers we did not write, borrowed exactly when
//! `cesu8` (MUTF-8, CESU-8) and `encoding_rs` (UTF-8, the WHATWG code
//! pages) borrow.

use crate::common;

use std::borrow::Cow;

use common::Rng;
use litenc_runtime::{DecodeError, EncodeError, Encoding};

/// `decode_cow` against `decode`: the same value or error; borrowed exactly
/// when the decoded text is the input, and then at the input's address.
fn check_decode(enc: Encoding, input: &[u8]) {
    let want = enc.decode(input);
    let got = enc.decode_cow(input);
    check_decoded(enc, input, &want, got);
}

fn check_decoded(
    enc: Encoding,
    input: &[u8],
    want: &Result<String, DecodeError>,
    got: Result<Cow<'_, str>, DecodeError>,
) {
    match (want, got) {
        (Ok(w), Ok(g)) => {
            assert_eq!(&*g, w, "{enc}: {input:02X?}");
            let same = w.as_bytes() == input;
            match g {
                Cow::Borrowed(s) => {
                    assert!(same, "{enc}: borrowed but changed: {input:02X?}");
                    assert_eq!(s.as_ptr(), input.as_ptr(), "{enc}: not the input");
                }
                Cow::Owned(_) => assert!(!same, "{enc}: copied but unchanged: {input:02X?}"),
            }
        }
        (Err(w), Err(g)) => assert_eq!(*w, g, "{enc}: {input:02X?}"),
        (w, g) => panic!("{enc}: {input:02X?}: decode {w:?}, decode_cow {g:?}"),
    }
}

/// `encode_cow` against `encode`, as [`check_decode`].
fn check_encode(enc: Encoding, text: &str) {
    let want = enc.encode(text);
    let got = enc.encode_cow(text);
    check_encoded(enc, text, &want, got);
}

fn check_encoded(
    enc: Encoding,
    text: &str,
    want: &Result<Vec<u8>, EncodeError>,
    got: Result<Cow<'_, [u8]>, EncodeError>,
) {
    match (want, got) {
        (Ok(w), Ok(g)) => {
            assert_eq!(&*g, &w[..], "{enc}: {text:?}");
            let same = &w[..] == text.as_bytes();
            match g {
                Cow::Borrowed(b) => {
                    assert!(same, "{enc}: borrowed but changed: {text:?}");
                    assert_eq!(b.as_ptr(), text.as_ptr(), "{enc}: not the input");
                }
                Cow::Owned(_) => assert!(!same, "{enc}: copied but unchanged: {text:?}"),
            }
        }
        (Err(w), Err(g)) => assert_eq!(*w, g, "{enc}: {text:?}"),
        (w, g) => panic!("{enc}: {text:?}: encode {w:?}, encode_cow {g:?}"),
    }
}

/// Byte sequences where decoding changes the bytes or fails, in one
/// encoding or another: every kind of sequence of UTF-8, MUTF-8 and
/// CESU-8 (well formed, where they differ, ill formed, cut short), bytes
/// above `0x7F` of the code pages (defined in some, undefined in others),
/// and odd lengths and surrogates for UTF-16.
const SEQUENCES: &[&[u8]] = &[
    b"",
    b"\x00",
    b"\x7F",
    b"\x80",
    b"\x81",
    b"\x98",
    b"\xA0",
    b"\xBF",
    b"\xC4\xE0",
    b"\xFF",
    b"\xC0\x80",
    b"\xC0\x80\xC0\x80",
    b"\xC3\xA9",
    b"\xD0\x96",
    b"\xE4\xB8\x96",
    b"\xEF\xBF\xBF",
    b"\xF0\x9F\x98\x80",
    b"\xF4\x8F\xBF\xBF",
    b"\xED\xA0\xBD\xED\xB8\x80",
    b"\xED\xA0\xBD\xED\xB8\x80\xED\xA0\xBD\xED\xB8\x80",
    b"\xED\xA0\x80",
    b"\xED\xB0\x80",
    b"\xED\xA0\xBD\xED",
    b"\xC0",
    b"\xC0\x81",
    b"\xC1\xBF",
    b"\xE0\x80\x80",
    b"\xE4\xB8",
    b"\xE4",
    b"\xF0\x9F\x98",
    b"\xF5\x80\x80\x80",
    b"\x00\xD8",
    b"\x00\xDC\x41",
    b"\xD8\x3D\xDE\x00",
    b"\x3D\xD8\x00\xDE",
];

/// What comes before the first changing byte: ASCII, and (unchanged in
/// UTF-8, MUTF-8 and CESU-8) Cyrillic after 0 or 1 ASCII bytes, so that
/// the scans meet multi-byte characters on every block boundary.
fn prefix(filler: &str, n: usize) -> Vec<u8> {
    let mut v = Vec::new();
    if filler.len() == 1 {
        v.extend((0..n).map(|k| b"abcdefghijklmnopqrstuvwxyz .,0123"[k % 33]));
    } else {
        v.extend(std::iter::repeat_n(b'x', n % filler.len()));
        for _ in 0..n / filler.len() {
            v.extend_from_slice(filler.as_bytes());
        }
    }
    v
}

#[test]
fn decode_cow_every_sequence_at_every_offset() {
    let mut cases = 0u64;
    for &enc in Encoding::ALL {
        for filler in ["a", "ж"] {
            for seq in SEQUENCES {
                for before in (0..=130).chain([191, 192, 193, 255, 256, 257, 320]) {
                    let mut head = prefix(filler, before);
                    head.extend_from_slice(seq);
                    for after in [0, 1, 7, 64, 70] {
                        let mut input = head.clone();
                        input.extend(std::iter::repeat_n(b'q', after));
                        check_decode(enc, &input);
                        cases += 1;
                    }
                }
            }
        }
    }
    eprintln!("{cases} inputs");
}

/// Characters where encoding changes the bytes or fails, in one encoding
/// or another.
const CHARS: &[&str] = &[
    "",
    "\0",
    "\u{7F}",
    "\u{80}",
    "é",
    "ж",
    "Ё",
    "€",
    "—",
    "\u{7FF}",
    "\u{800}",
    "世",
    "\u{FFFD}",
    "\u{FFFF}",
    "\u{10000}",
    "😀",
    "\u{10FFFF}",
    "\0😀",
    "😀\0",
    "ж😀",
];

#[test]
fn encode_cow_every_character_at_every_offset() {
    let mut cases = 0u64;
    for &enc in Encoding::ALL {
        for filler in ["a", "ж"] {
            for c in CHARS {
                for before in (0..=130).chain([191, 192, 193, 255, 256, 257, 320]) {
                    for after in [0, 1, 7, 64, 70] {
                        let mut text = String::from_utf8(prefix(filler, before)).unwrap();
                        text.push_str(c);
                        text.extend(std::iter::repeat_n('q', after));
                        check_encode(enc, &text);
                        cases += 1;
                    }
                }
            }
        }
    }
    eprintln!("{cases} texts");
}

/// Every byte and every pair of bytes after every ASCII run of 0..=64
/// bytes, in the Unicode encodings: each kind of sequence and error where
/// a scan may stop.
#[test]
fn decode_cow_every_byte_pair_after_every_run() {
    for enc in [Encoding::Utf8, Encoding::Mutf8, Encoding::Cesu8] {
        for before in 0..=64 {
            let mut input = prefix("a", before);
            for a in 0..=255u8 {
                input.push(a);
                check_decode(enc, &input);
                for b in (0..=255u8).step_by(3).chain([0x80, 0xBF]) {
                    input.push(b);
                    check_decode(enc, &input);
                    input.push(b'z');
                    check_decode(enc, &input);
                    input.truncate(input.len() - 2);
                }
                input.pop();
            }
        }
    }
    // Every byte in every code page.
    for &enc in Encoding::ALL {
        for before in [0, 1, 31, 32, 33, 63, 64, 65, 100] {
            for a in 0..=255u8 {
                let mut input = prefix("a", before);
                input.push(a);
                input.extend_from_slice(b"tail");
                check_decode(enc, &input);
            }
        }
    }
}

/// Random texts of every kind of character, their encodings, and those
/// corrupted.
#[test]
fn cow_random_texts_and_corruptions() {
    let mut rng = Rng::new(common::seed(0xC0_C0));
    for _ in 0..3_000 {
        let mut text = String::new();
        // An unchanged run first, as real text has, then anything.
        let run = rng.below(200);
        text.extend((0..run).map(|k| if k % 7 == 3 { 'ж' } else { 'e' }));
        text.push_str(&rng.string(40));
        for &enc in Encoding::ALL {
            check_encode(enc, &text);
            let Ok(bytes) = enc.encode(&text) else {
                continue;
            };
            check_decode(enc, &bytes);
            let mut bad = bytes.clone();
            if !bad.is_empty() {
                let at = rng.below(bad.len());
                bad[at] = rng.interesting_byte();
                check_decode(enc, &bad);
                bad.truncate(at);
                check_decode(enc, &bad);
            }
        }
    }
}

/// The per-encoding module functions are those of [`Encoding`].
#[test]
fn cow_module_functions() {
    type Dec = for<'a> fn(&'a [u8]) -> Result<Cow<'a, str>, DecodeError>;
    type Enc = for<'a> fn(&'a str) -> Result<Cow<'a, [u8]>, EncodeError>;
    let modules: [(Encoding, Dec, Enc); 9] = [
        (
            Encoding::Utf8,
            litenc_runtime::utf8::decode_cow,
            litenc_runtime::utf8::encode_cow,
        ),
        (
            Encoding::Utf16Le,
            litenc_runtime::utf16le::decode_cow,
            litenc_runtime::utf16le::encode_cow,
        ),
        (
            Encoding::Utf16Be,
            litenc_runtime::utf16be::decode_cow,
            litenc_runtime::utf16be::encode_cow,
        ),
        (
            Encoding::Mutf8,
            litenc_runtime::mutf8::decode_cow,
            litenc_runtime::mutf8::encode_cow,
        ),
        (
            Encoding::Cesu8,
            litenc_runtime::cesu8::decode_cow,
            litenc_runtime::cesu8::encode_cow,
        ),
        (
            Encoding::Windows1251,
            litenc_runtime::windows1251::decode_cow,
            litenc_runtime::windows1251::encode_cow,
        ),
        (
            Encoding::Koi8R,
            litenc_runtime::koi8_r::decode_cow,
            litenc_runtime::koi8_r::encode_cow,
        ),
        (
            Encoding::Ibm437,
            litenc_runtime::ibm437::decode_cow,
            litenc_runtime::ibm437::encode_cow,
        ),
        (
            Encoding::Ascii,
            litenc_runtime::ascii::decode_cow,
            litenc_runtime::ascii::encode_cow,
        ),
    ];
    for (enc, decode_cow, encode_cow) in modules {
        for c in CHARS {
            for before in [0, 5, 64, 100] {
                let mut text = String::from_utf8(prefix("a", before)).unwrap();
                text.push_str(c);
                check_encoded(enc, &text, &enc.encode(&text), encode_cow(&text));
                let bytes = enc
                    .encode(&text)
                    .unwrap_or_else(|_| text.clone().into_bytes());
                check_decoded(enc, &bytes, &enc.decode(&bytes), decode_cow(&bytes));
            }
        }
        for seq in SEQUENCES {
            check_decoded(enc, seq, &enc.decode(seq), decode_cow(seq));
        }
    }
}

/// MUTF-8 and CESU-8 against the `cesu8` crate: its encoders borrow
/// exactly when the text encodes to itself, and its decoders whenever the
/// input is valid UTF-8, which for input that decodes without error is
/// exactly when it decodes to itself.
type PeerEncode = fn(&str) -> Cow<'_, [u8]>;
type PeerDecode = fn(&[u8]) -> Result<Cow<'_, str>, cesu8::Cesu8DecodingError>;

#[test]
fn cow_borrows_as_cesu8_does() {
    let mut rng = Rng::new(common::seed(0xCE_5B));
    for _ in 0..20_000 {
        let mut text = String::from_utf8(prefix("a", rng.below(140))).unwrap();
        if rng.chance(1, 2) {
            text.push(rng.any_char());
        }
        text.push_str(&String::from_utf8(prefix("ж", rng.below(10))).unwrap());
        for java in [true, false] {
            let (enc, peer_enc, peer_dec): (Encoding, PeerEncode, PeerDecode) = if java {
                (
                    Encoding::Mutf8,
                    cesu8::to_java_cesu8,
                    cesu8::from_java_cesu8,
                )
            } else {
                (Encoding::Cesu8, cesu8::to_cesu8, cesu8::from_cesu8)
            };
            let ours = enc.encode_cow(&text).unwrap();
            let peer = peer_enc(&text);
            assert_eq!(ours, peer, "{enc}: {text:?}");
            assert_eq!(
                matches!(ours, Cow::Borrowed(_)),
                matches!(peer, Cow::Borrowed(_)),
                "{enc}: {text:?}"
            );
            let back = enc.decode_cow(&ours).unwrap();
            let peer_back = peer_dec(&ours).unwrap();
            assert_eq!(back, peer_back, "{enc}: {ours:02X?}");
            assert_eq!(
                matches!(back, Cow::Borrowed(_)),
                matches!(peer_back, Cow::Borrowed(_)),
                "{enc}: {ours:02X?}"
            );
        }
    }
}

/// UTF-8 and the WHATWG code pages against `encoding_rs`, whose decoders
/// (without replacement) and encoders borrow when the input is its own
/// output: for a code page, when it is ASCII.
#[test]
fn cow_borrows_as_encoding_rs_does() {
    let mut rng = Rng::new(common::seed(0xE4_C0));
    for &enc in Encoding::ALL {
        let Some(peer) = encoding_rs::Encoding::for_label(enc.name().as_bytes()) else {
            continue;
        };
        if peer.name() != enc.name()
            || peer == encoding_rs::UTF_16LE
            || peer == encoding_rs::UTF_16BE
        {
            continue;
        }
        for _ in 0..2_000 {
            let mut bytes = prefix("a", rng.below(140));
            if rng.chance(1, 2) {
                bytes.push(rng.interesting_byte());
                bytes.extend_from_slice(&prefix("a", rng.below(5)));
            }
            let ours = enc.decode_cow(&bytes);
            let theirs = peer.decode_without_bom_handling_and_without_replacement(&bytes);
            match (ours, theirs) {
                (Ok(o), Some(t)) => {
                    assert_eq!(o, t, "{enc}: {bytes:02X?}");
                    assert_eq!(
                        matches!(o, Cow::Borrowed(_)),
                        matches!(t, Cow::Borrowed(_)),
                        "{enc}: {bytes:02X?}"
                    );
                }
                (Err(_), None) => {}
                (o, t) => panic!("{enc}: {bytes:02X?}: ours {o:?}, encoding_rs {t:?}"),
            }
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let (theirs, _, unmappable) = peer.encode(&text);
            if let Ok(o) = enc.encode_cow(&text) {
                assert!(!unmappable, "{enc}: {text:?}");
                assert_eq!(o, theirs, "{enc}: {text:?}");
                assert_eq!(
                    matches!(o, Cow::Borrowed(_)),
                    matches!(theirs, Cow::Borrowed(_)),
                    "{enc}: {text:?}"
                );
            }
        }
    }
}
