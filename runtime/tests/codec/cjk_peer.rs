//! GBK, gb18030, Big5, EUC-JP, ISO-2022-JP, Shift_JIS and EUC-KR against
//! encoding_rs, which implements the same WHATWG Encoding Standard: the
//! same text, the same errors at the same places, the same lossy text.
//!
//! - Decoding: every pair of bytes (every lead with every trail byte, and
//!   every other pair), behind ASCII padding of 0 to 64 bytes so that the
//!   word-at-a-time and SIMD loops meet each pair at every offset of their
//!   blocks, with and without an ASCII byte after it; for EUC-JP every
//!   `8F` + pair (JIS X 0212), for gb18030 every four-byte sequence of its
//!   ranges' shape (in the full sweep); for ISO-2022-JP the pairs and every
//!   `ESC` + pair in each of its four modes. Each input goes through
//!   `validate`, `decoded_len`, `decode_into` (const and `fast`), the
//!   reference loops, `decode` and `decode_lossy`.
//! - Encoding: every scalar value, alone and behind ASCII, through
//!   `encoded_len`, `encode_into` (const and `fast`), the reference loops
//!   and `encode`; and random mixes of characters (for ISO-2022-JP's modes).
//!
//! `cargo test` runs each pair behind one padding (the pair's index mod 65)
//! and the scalar values of the BMP and plane 2 with a sample of the
//! others; the whole sweep runs with `LITENC_EXHAUSTIVE=1`:
//!
//! ```text
//! LITENC_EXHAUSTIVE=1 cargo test --release -p litenc-runtime --test codec cjk_peer::
//! ```
//!
//! encoding_rs reports a malformed sequence as the number of bad bytes and
//! the number of bytes read after them; the error starts where those end,
//! and it is litenc's `Truncated` (`error_len() == None`) exactly when
//! encoding_rs does not report it until it is told the input has ended.

use crate::common;

use common::{Rng, seed};
use encoding_rs::DecoderResult;
use litenc_runtime::{DecodeError, EncodeError, Encoding, fast};

/// Each multi-byte encoding with encoding_rs's.
const PEERS: [(Encoding, &encoding_rs::Encoding); 7] = [
    (Encoding::Gbk, encoding_rs::GBK),
    (Encoding::Gb18030, encoding_rs::GB18030),
    (Encoding::Big5, encoding_rs::BIG5),
    (Encoding::EucJp, encoding_rs::EUC_JP),
    (Encoding::Iso2022Jp, encoding_rs::ISO_2022_JP),
    (Encoding::ShiftJis, encoding_rs::SHIFT_JIS),
    (Encoding::EucKr, encoding_rs::EUC_KR),
];

/// A `decode_into` of litenc, with the encoding as an argument.
type DecodeInto = fn(Encoding, &[u8], &mut [u8]) -> Result<usize, DecodeError>;

/// An `encode_into` of litenc, with the encoding as an argument.
type EncodeInto = fn(Encoding, &str, &mut [u8]) -> Result<usize, EncodeError>;

/// The most ASCII padding in front of an input.
const MAX_PAD: usize = 64;

fn exhaustive() -> bool {
    std::env::var_os("LITENC_EXHAUSTIVE").is_some()
}

/// encoding_rs's first error in `bytes`: `(start, bad bytes)`, with the
/// input's end as the end (`last`) or not.
fn peer_first_error(
    peer: &'static encoding_rs::Encoding,
    bytes: &[u8],
    last: bool,
) -> Option<(usize, usize)> {
    let mut d = peer.new_decoder_without_bom_handling();
    let cap = d
        .max_utf8_buffer_length_without_replacement(bytes.len())
        .unwrap();
    let mut out = vec![0u8; cap];
    let (r, read, _) = d.decode_to_utf8_without_replacement(bytes, &mut out, last);
    match r {
        DecoderResult::InputEmpty => None,
        DecoderResult::OutputFull => panic!("{peer:?}: output full"),
        DecoderResult::Malformed(bad, after) => {
            Some((read - after as usize - bad as usize, bad as usize))
        }
    }
}

/// What encoding_rs makes of `bytes`: the text, or `(valid_up_to, error_len)`.
fn peer_decode(
    peer: &'static encoding_rs::Encoding,
    bytes: &[u8],
) -> Result<String, (usize, Option<usize>)> {
    match peer_first_error(peer, bytes, true) {
        None => Ok(peer
            .decode_without_bom_handling_and_without_replacement(bytes)
            .expect("no error")
            .into_owned()),
        Some((start, bad)) => {
            if peer_first_error(peer, bytes, false).is_some() {
                Err((start, Some(bad)))
            } else {
                Err((start, None))
            }
        }
    }
}

fn pos(e: &DecodeError) -> (usize, Option<usize>) {
    (e.valid_up_to(), e.error_len())
}

/// Every decoding function of litenc on `bytes` against encoding_rs.
fn check_decode(enc: Encoding, peer: &'static encoding_rs::Encoding, bytes: &[u8]) {
    let want = peer_decode(peer, bytes);
    let ours = enc.decode(bytes);
    match (&want, &ours) {
        (Ok(w), Ok(o)) => assert_eq!(o, w, "{enc} {bytes:02X?}"),
        (Err(w), Err(o)) => assert_eq!(pos(o), *w, "{enc} {bytes:02X?}"),
        _ => panic!("{enc} {bytes:02X?}: litenc {ours:?}, encoding_rs {want:?}"),
    }
    let want_len = want.as_ref().map(String::len).map_err(|&p| p);
    let mut out = vec![0u8; bytes.len() * enc.max_utf8_bytes_per_byte()];
    let lens = [
        enc.decoded_len(bytes).map_err(|e| pos(&e)),
        enc.validate(bytes)
            .map(|()| want_len.unwrap_or(0))
            .map_err(|e| pos(&e)),
        litenc_runtime::__reference::decoded_len(enc, bytes).map_err(|e| pos(&e)),
        fast::decoded_len(enc, bytes).map_err(|e| pos(&e)),
    ];
    for (k, len) in lens.into_iter().enumerate() {
        assert_eq!(len, want_len, "{enc} {bytes:02X?} length {k}");
    }
    let fills: [(&str, DecodeInto); 3] = [
        ("const", |e, b, o| e.decode_into(b, o)),
        ("reference", litenc_runtime::__reference::decode_into),
        ("fast", fast::decode_into),
    ];
    for (what, f) in fills {
        let r = f(enc, bytes, &mut out).map_err(|e| pos(&e));
        match (&want, r) {
            (Ok(w), Ok(n)) => assert_eq!(&out[..n], w.as_bytes(), "{enc} {what} {bytes:02X?}"),
            (Err(w), Err(p)) => assert_eq!(p, *w, "{enc} {what} {bytes:02X?}"),
            (w, r) => panic!("{enc} {what} {bytes:02X?}: litenc {r:?}, encoding_rs {w:?}"),
        }
    }
    let (lossy, _) = peer.decode_without_bom_handling(bytes);
    assert_eq!(enc.decode_lossy(bytes), lossy, "{enc} lossy {bytes:02X?}");
}

/// `pad` ASCII bytes, `mode` (an ISO-2022-JP escape sequence, or nothing),
/// then `tail`.
fn padded(mode: &[u8], pad: usize, tail: &[u8]) -> Vec<u8> {
    let mut v: Vec<u8> = (0..pad).map(|k| b"a b,c\nd"[k % 7]).collect();
    v.extend_from_slice(mode);
    v.extend_from_slice(tail);
    v
}

/// The ISO-2022-JP escape sequences into each of its modes (ASCII first:
/// no escape sequence).
const MODES: [&[u8]; 4] = [b"", b"\x1B(J", b"\x1B(I", b"\x1B$B"];

/// Every pair of bytes, behind padding, with and without an ASCII byte
/// after it; for ISO-2022-JP in every mode.
#[test]
fn every_byte_pair() {
    for (enc, peer) in PEERS {
        let modes: &[&[u8]] = if enc == Encoding::Iso2022Jp {
            &MODES
        } else {
            &[b""]
        };
        for mode in modes {
            for n in 0..=0xFFFFusize {
                let pair = [(n >> 8) as u8, n as u8];
                let pads = if exhaustive() {
                    0..=MAX_PAD
                } else {
                    n % 65..=n % 65
                };
                for pad in pads {
                    check_decode(enc, peer, &padded(mode, pad, &pair));
                    if n % 3 == 0 || exhaustive() {
                        let mut tail = pair.to_vec();
                        tail.push(b'Z');
                        check_decode(enc, peer, &padded(mode, pad, &tail));
                    }
                }
            }
        }
    }
}

/// Every single byte, and every byte before the end after a lead byte:
/// truncated input.
#[test]
fn every_byte_alone_and_at_the_end() {
    for (enc, peer) in PEERS {
        for b in 0..=0xFFu8 {
            for pad in 0..=MAX_PAD {
                check_decode(enc, peer, &padded(b"", pad, &[b]));
            }
        }
    }
}

/// EUC-JP's three-byte codes (JIS X 0212): `8F` and every pair after it.
#[test]
fn euc_jp_every_jis0212_sequence() {
    for n in 0..=0xFFFFusize {
        let seq = [0x8F, (n >> 8) as u8, n as u8];
        let pads = if exhaustive() {
            0..=MAX_PAD
        } else {
            n % 65..=n % 65
        };
        for pad in pads {
            check_decode(
                Encoding::EucJp,
                encoding_rs::EUC_JP,
                &padded(b"", pad, &seq),
            );
        }
    }
}

/// ISO-2022-JP: `ESC` and every pair after it, in every mode, so every
/// escape sequence there is and every one there is not.
#[test]
fn iso_2022_jp_every_escape() {
    for mode in MODES {
        for n in 0..=0xFFFFusize {
            let seq = [0x1B, (n >> 8) as u8, n as u8];
            check_decode(
                Encoding::Iso2022Jp,
                encoding_rs::ISO_2022_JP,
                &padded(mode, n % 65, &seq),
            );
            // And followed by what would be a character in most modes.
            let mut seq2 = seq.to_vec();
            seq2.extend_from_slice(b"\x30\x21");
            check_decode(
                Encoding::Iso2022Jp,
                encoding_rs::ISO_2022_JP,
                &padded(mode, n % 9, &seq2),
            );
        }
    }
    // Escape sequences in a row, and around nothing.
    let escapes: [&[u8]; 5] = [b"\x1B(B", b"\x1B(J", b"\x1B(I", b"\x1B$@", b"\x1B$B"];
    for a in escapes {
        for b in escapes {
            for c in [&b""[..], b"a", b"\x30\x21", b"\x1B(B"] {
                let input = [a, b, c].concat();
                check_decode(Encoding::Iso2022Jp, encoding_rs::ISO_2022_JP, &input);
                let input = [b"x", a, c, b, c].concat();
                check_decode(Encoding::Iso2022Jp, encoding_rs::ISO_2022_JP, &input);
            }
        }
    }
}

/// gb18030's four-byte codes: every first, third byte and digits in the
/// full sweep; the edges of every range and a sample otherwise.
#[test]
fn gb18030_four_byte_sequences() {
    let mut rng = Rng::new(seed(18030));
    let check = |seq: [u8; 4], pad: usize| {
        for (enc, peer) in [
            (Encoding::Gb18030, encoding_rs::GB18030),
            (Encoding::Gbk, encoding_rs::GBK),
        ] {
            check_decode(enc, peer, &padded(b"", pad, &seq));
        }
    };
    if exhaustive() {
        for first in 0x81..=0xFEu8 {
            for second in 0x30..=0x39u8 {
                for third in 0x81..=0xFEu8 {
                    for fourth in 0..=0xFFu8 {
                        check([first, second, third, fourth], fourth as usize % 65);
                    }
                }
            }
        }
    } else {
        for first in [
            0x81, 0x82, 0x84, 0x85, 0x8F, 0x90, 0x95, 0xE3, 0xE4, 0xFD, 0xFE,
        ] {
            for second in [0x30, 0x31, 0x35, 0x39] {
                for third in [0x81, 0x82, 0xA4, 0xD2, 0xFE] {
                    for fourth in [0x2F, 0x30, 0x35, 0x39, 0x3A, 0x81] {
                        check([first, second, third, fourth], rng.below(65));
                    }
                }
            }
        }
        for _ in 0..100_000 {
            let seq = [
                0x81 + rng.below(126) as u8,
                0x30 + rng.below(10) as u8,
                0x81 + rng.below(126) as u8,
                0x30 + rng.below(10) as u8,
            ];
            check(seq, rng.below(65));
        }
    }
}

/// What encoding_rs makes of `text`: the bytes, or the offset and character
/// of the first one it cannot encode.
fn peer_encode(peer: &'static encoding_rs::Encoding, text: &str) -> Result<Vec<u8>, (usize, char)> {
    common::encoding_rs_encode(peer, text)
}

fn unencodable(e: EncodeError) -> (usize, char) {
    match e {
        EncodeError::Unencodable { offset, ch, .. } => (offset, ch),
        e => panic!("{e}"),
    }
}

/// Every encoding function of litenc on `text` against encoding_rs.
fn check_encode(enc: Encoding, peer: &'static encoding_rs::Encoding, text: &str) {
    let want = peer_encode(peer, text);
    let ours = enc.encode(text).map_err(unencodable);
    assert_eq!(ours, want, "{enc} {text:?}");
    let want_len = want.as_ref().map(Vec::len).map_err(|&e| e);
    assert_eq!(
        enc.encoded_len(text).map_err(unencodable),
        want_len,
        "{enc} {text:?}"
    );
    assert_eq!(
        litenc_runtime::__reference::encoded_len(enc, text).map_err(unencodable),
        want_len,
        "{enc} {text:?} reference"
    );
    assert_eq!(
        fast::encoded_len(enc, text).map_err(unencodable),
        want_len,
        "{enc} {text:?} fast"
    );
    let mut out = vec![0u8; text.len() * enc.max_bytes_per_utf8_byte()];
    let fills: [(&str, EncodeInto); 3] = [
        ("const", |e, t, o| e.encode_into(t, o)),
        ("reference", litenc_runtime::__reference::encode_into),
        ("fast", fast::encode_into),
    ];
    for (what, f) in fills {
        match (f(enc, text, &mut out).map_err(unencodable), &want) {
            (Ok(n), Ok(w)) => assert_eq!(&out[..n], &w[..], "{enc} {what} {text:?}"),
            (r, w) => assert_eq!(
                r.map(|_| ()),
                w.as_ref().map(|_| ()).map_err(|&e| e),
                "{enc} {what} {text:?}"
            ),
        }
    }
}

/// gb18030's allocating encoders try a buffer of one and a half times the
/// text before they measure it: texts that need more (`ä`, 2 bytes of
/// UTF-8, is a 4-byte code), then an error after them, behind ASCII of
/// every length (which `encode_cow` passes before it allocates).
#[test]
fn gb18030_past_the_first_buffer() {
    let (enc, peer) = (Encoding::Gb18030, encoding_rs::GB18030);
    for pad in 0..=MAX_PAD {
        for n in [1, 2, 3, 4, 10, 100, 1000] {
            let mut text = "x".repeat(pad);
            text.extend(std::iter::repeat_n('ä', n));
            let want = peer_encode(peer, &text).expect("gb18030 has every character but one");
            if pad == 0 && n >= 4 {
                // More than the first buffer holds.
                assert!(want.len() > text.len() + text.len() / 2);
            }
            check_encode(enc, peer, &text);
            assert_eq!(
                enc.encode_cow(&text).map(std::borrow::Cow::into_owned).ok(),
                Some(want)
            );
            text.push('\u{E5E5}');
            check_encode(enc, peer, &text);
            assert_eq!(
                enc.encode_cow(&text).map_err(unencodable),
                Err((text.len() - 3, '\u{E5E5}')),
                "{pad} {n}"
            );
        }
    }
}

/// Every scalar value alone and behind ASCII (BMP and plane 2, with every
/// 97th other one, unless exhaustive).
#[test]
fn every_scalar_value() {
    for (enc, peer) in PEERS {
        for cp in 0..=0x10_FFFFu32 {
            let Some(ch) = char::from_u32(cp) else {
                continue;
            };
            if !exhaustive() && cp > 0xFFFF && cp >> 16 != 2 && cp % 97 != 0 {
                continue;
            }
            let mut buf = [0u8; 4];
            check_encode(enc, peer, ch.encode_utf8(&mut buf));
            let pad = cp as usize % (MAX_PAD + 1);
            let mut text = "x".repeat(pad);
            text.push(ch);
            text.push('y');
            if exhaustive() || cp % 7 == 0 {
                check_encode(enc, peer, &text);
            }
        }
    }
}

/// Random mixes of what each encoding writes in different ways (ASCII, `¥`,
/// `‾`, kana of both widths, kanji, hangul, Greek, the characters of the
/// encoders' special cases, and characters none has).
#[test]
fn random_mixes() {
    const CHARS: &[char] = &[
        'a',
        ' ',
        '\\',
        '~',
        '\n',
        '\0',
        '\u{1B}',
        '\u{0E}',
        '\u{0F}',
        '\u{80}',
        '¥',
        '‾',
        '−',
        '－',
        'ｱ',
        'ﾞ',
        'ﾟ',
        '｡',
        'あ',
        'ア',
        '漢',
        '字',
        '你',
        '好',
        '한',
        '글',
        'α',
        'Ж',
        '€',
        '═',
        '十',
        '卅',
        '\u{E5E5}',
        '\u{E78D}',
        '\u{E7C7}',
        '\u{3000}',
        '\u{2116}',
        '\u{2170}',
        '\u{FFE2}',
        '\u{9ED1}',
        '😀',
        '\u{20000}',
        '\u{2A6D6}',
        '\u{FFFF}',
        'ß',
    ];
    let mut rng = Rng::new(seed(20));
    let rounds = if exhaustive() { 200_000 } else { 20_000 };
    for _ in 0..rounds {
        let len = rng.below(24);
        let mut text: String = (0..len).map(|_| rng.pick(CHARS)).collect();
        for (enc, peer) in PEERS {
            check_encode(enc, peer, &text);
            // Whatever encodes decodes back; the bytes also as input.
            if let Ok(bytes) = peer_encode(peer, &text) {
                check_decode(enc, peer, &bytes);
            }
        }
        // And with what no encoding here has removed, so that it encodes.
        text.retain(|c| !matches!(c, '\u{1B}' | '\u{0E}' | '\u{0F}' | '\u{E5E5}'));
        for (enc, peer) in PEERS {
            check_encode(enc, peer, &text);
        }
    }
}

/// Random bytes of the lead and trail ranges, for errors after long valid
/// runs and in every state.
#[test]
fn random_bytes() {
    let mut rng = Rng::new(seed(21));
    let rounds = if exhaustive() { 1_000_000 } else { 30_000 };
    for _ in 0..rounds {
        let len = rng.below(40);
        let mut bytes: Vec<u8> = rng.ascii_run(MAX_PAD);
        for _ in 0..len {
            bytes.push(match rng.below(6) {
                0 => rng.below(0x80) as u8,
                1 => 0x1B,
                2 => *b"$(BJI@".get(rng.below(6)).unwrap_or(&b'B'),
                3 => 0x21 + rng.below(0x5E) as u8,
                4 => 0x30 + rng.below(10) as u8,
                _ => 0x80 + rng.below(0x80) as u8,
            });
        }
        for (enc, peer) in PEERS {
            check_decode(enc, peer, &bytes);
        }
    }
}
