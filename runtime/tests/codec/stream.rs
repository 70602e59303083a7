//! The streaming coders against the one-shot functions and against
//! `encoding_rs`'s `Decoder` and `Encoder`, for every encoding: each test
//! vector (valid text, each kind of error, after 0..64 ASCII characters)
//! cut at every point, and short vectors at every pair of points, into
//! output buffers of 1 to 5 bytes and larger.
//!
//! The one-shot reference of a stream with errors is the one-shot decoder
//! restarted after each error: the stream decoder goes on after an error,
//! so it must report every error the restarted one-shot decoder reports,
//! at the same absolute offsets, and write what it writes in between.

use encoding_rs::{DecoderResult as RsDecoderResult, EncoderResult as RsEncoderResult};
use litenc_runtime::stream::{CoderResult, Decoder, DecoderResult, Encoder, EncoderResult};
use litenc_runtime::{DecodeErrorKind, EncodeError, Encoding};

/// An error as compared: offset in the stream, and its kind.
type Err = (usize, DecodeErrorKind);

/// Output buffer sizes: every size up to one character of any encoding's
/// output, a few odd ones, and large.
const CAPS: [usize; 8] = [1, 2, 3, 4, 5, 7, 64, 4096];

// ---------------------------------------------------------------- references

/// The one-shot strict decoder, restarted after each error. ISO-2022-JP's
/// decoder keeps its mode after an error, which a restart would forget:
/// there the reference is `encoding_rs`'s decoder going on after each
/// error (`peer_strict`), whose first error must be the one-shot one.
fn reference_decode(enc: Encoding, bytes: &[u8]) -> (Vec<u8>, Vec<Err>) {
    if enc.name() == "ISO-2022-JP" {
        let (out, errors) = peer_strict(peer(enc).unwrap(), bytes);
        let first = enc.decode(bytes).err().map(|e| (e.valid_up_to(), e.kind()));
        assert_eq!(errors.first().copied(), first, "{enc} {bytes:02X?}");
        if first.is_none() {
            assert_eq!(out, enc.decode(bytes).unwrap().as_bytes());
        }
        return (out, errors);
    }
    restarted_decode(enc, bytes)
}

/// `encoding_rs`'s strict decoder over `bytes` in one piece, going on after
/// each error: its output, and its errors as litenc names them (an error
/// it reports only once told that the input ends is `Truncated`).
fn peer_strict(rs: &'static encoding_rs::Encoding, bytes: &[u8]) -> (Vec<u8>, Vec<Err>) {
    let mut d = rs.new_decoder_without_bom_handling();
    let mut buf = vec![0u8; 4 * bytes.len() + 16];
    let (mut out, mut errors) = (Vec::new(), Vec::new());
    let mut consumed = 0;
    for last in [false, true] {
        let mut piece = if last { &[][..] } else { bytes };
        loop {
            let (r, read, written) = d.decode_to_utf8_without_replacement(piece, &mut buf, last);
            consumed += read;
            piece = &piece[read..];
            out.extend_from_slice(&buf[..written]);
            match r {
                RsDecoderResult::Malformed(bad, after) => {
                    let at = consumed - after as usize - bad as usize;
                    let kind = if last {
                        DecodeErrorKind::Truncated
                    } else {
                        DecodeErrorKind::Malformed { len: bad as usize }
                    };
                    errors.push((at, kind));
                }
                RsDecoderResult::InputEmpty => break,
                RsDecoderResult::OutputFull => unreachable!(),
            }
        }
    }
    (out, errors)
}

/// The one-shot strict decoder, restarted after each error.
fn restarted_decode(enc: Encoding, bytes: &[u8]) -> (Vec<u8>, Vec<Err>) {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut at = 0;
    loop {
        match enc.decode(&bytes[at..]) {
            Ok(s) => {
                out.extend_from_slice(s.as_bytes());
                return (out, errors);
            }
            Err(e) => {
                let v = e.valid_up_to();
                out.extend_from_slice(enc.decode(&bytes[at..at + v]).unwrap().as_bytes());
                errors.push((at + v, e.kind()));
                match e.error_len() {
                    Some(len) => at += v + len,
                    None => return (out, errors),
                }
            }
        }
    }
}

/// The one-shot encoder, restarted after each unencodable character; for
/// ISO-2022-JP also `encoding_rs`'s encoder going on after each (both
/// return to ASCII before the error), whose first error must be the
/// one-shot one.
fn reference_encode(enc: Encoding, text: &str) -> (Vec<u8>, Vec<(usize, char)>) {
    if enc.name() == "ISO-2022-JP" {
        let (out, errors) = peer_encode(peer(enc).unwrap(), &[text]);
        let first = match enc.encode(text) {
            Ok(b) => {
                assert_eq!(out, b);
                None
            }
            Err(EncodeError::Unencodable { offset, ch, .. }) => Some((offset, ch)),
            Err(e) => panic!("{e}"),
        };
        assert_eq!(errors.first().copied(), first, "{text:?}");
        return (out, errors);
    }
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut at = 0;
    loop {
        match enc.encode(&text[at..]) {
            Ok(b) => {
                out.extend_from_slice(&b);
                return (out, errors);
            }
            Err(EncodeError::Unencodable { offset, ch, .. }) => {
                out.extend_from_slice(&enc.encode(&text[at..at + offset]).unwrap());
                errors.push((at + offset, ch));
                at += offset + ch.len_utf8();
            }
            Err(e) => panic!("{e}"),
        }
    }
}

/// `bytes` cut at `cuts` (sorted, each within `0..=bytes.len()`).
fn pieces<'a>(bytes: &'a [u8], cuts: &[usize]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    let mut from = 0;
    for &c in cuts {
        out.push(&bytes[from..c]);
        from = c;
    }
    out.push(&bytes[from..]);
    out
}

// ---------------------------------------------------------------- the coders, driven

/// How `stream_decode` calls the decoder.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Strict,
    Lossy,
    /// `decode_to_str`, strict.
    Str,
}

/// Runs a decoder over the pieces with a `cap`-byte buffer, going on after
/// errors; checks the protocol on the way.
fn stream_decode(enc: Encoding, pieces: &[&[u8]], cap: usize, mode: Mode) -> (Vec<u8>, Vec<Err>) {
    let mut d = Decoder::new(enc);
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut buf = vec![0u8; cap];
    let total: usize = pieces.iter().map(|p| p.len()).sum();
    let mut budget = 4 * (total + 8) * (8 / cap.min(8) + 1) + 64;
    let mut consumed = 0;
    // The strict output with a U+FFFD where each error was: the lossy text.
    let mut marked = Vec::new();
    for (i, piece) in pieces.iter().enumerate() {
        let last = i + 1 == pieces.len();
        let mut piece: &[u8] = piece;
        loop {
            budget -= 1;
            assert!(budget > 0, "{enc}: no progress");
            let mut as_str = None;
            let mut error = false;
            let (done, read, written) = if mode == Mode::Lossy {
                let (r, read, written, _) = d.decode_lossy(piece, &mut buf, last);
                let done = match r {
                    CoderResult::InputEmpty => {
                        assert!(!last, "{enc}: InputEmpty with last");
                        true
                    }
                    CoderResult::Finished => {
                        assert!(last, "{enc}: Finished without last");
                        true
                    }
                    CoderResult::OutputFull => false,
                };
                (done, read, written)
            } else {
                let (r, read, written) = if mode == Mode::Str {
                    let (r, read, text) = d.decode_to_str(piece, &mut buf, last);
                    as_str = Some(text.to_owned());
                    (r, read, text.len())
                } else {
                    d.decode(piece, &mut buf, last)
                };
                let done = match r {
                    DecoderResult::InputEmpty => {
                        assert!(!last, "{enc}: InputEmpty with last");
                        true
                    }
                    DecoderResult::Finished => {
                        assert!(last, "{enc}: Finished without last");
                        true
                    }
                    DecoderResult::OutputFull => false,
                    DecoderResult::Error(e) => {
                        assert_eq!(e.encoding(), enc);
                        errors.push((e.valid_up_to(), e.kind()));
                        error = true;
                        false
                    }
                };
                (done, read, written)
            };
            marked.extend_from_slice(&buf[..written]);
            if error {
                marked.extend_from_slice("\u{FFFD}".as_bytes());
            }
            assert!(read <= piece.len() && written <= cap);
            if let Some(text) = as_str {
                assert_eq!(text.as_bytes(), &buf[..written]);
            }
            consumed += read;
            // Everything before `position` is decoded; at most one
            // character's bytes wait (none once finished, a new stream).
            let pos = d.position();
            assert!(
                if done && last {
                    pos == 0
                } else {
                    pos <= consumed && consumed - pos <= 6
                },
                "{enc}: position {pos} after {consumed} bytes"
            );
            if cap >= 4 {
                assert!(
                    core::str::from_utf8(&buf[..written]).is_ok(),
                    "{enc}: a call's output is not whole characters"
                );
            }
            out.extend_from_slice(&buf[..written]);
            piece = &piece[read..];
            if done {
                assert!(piece.is_empty());
                break;
            }
        }
    }
    if mode != Mode::Lossy {
        let whole = pieces.concat();
        assert!(
            marked == enc.decode_lossy(&whole).as_bytes(),
            "{enc} {whole:02X?}: strict output and errors are not the lossy text"
        );
    }
    (out, errors)
}

/// Runs an encoder over the pieces of `text` with a `cap`-byte buffer,
/// going on after errors.
fn stream_encode(enc: Encoding, pieces: &[&str], cap: usize) -> (Vec<u8>, Vec<(usize, char)>) {
    let mut e = Encoder::new(enc);
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut buf = vec![0u8; cap];
    let total: usize = pieces.iter().map(|p| p.len()).sum();
    let mut budget = 8 * (total + 8) + 64;
    for (i, piece) in pieces.iter().enumerate() {
        let last = i + 1 == pieces.len();
        let mut piece: &str = piece;
        loop {
            budget -= 1;
            assert!(budget > 0, "{enc}: no progress");
            let (r, read, written) = e.encode(piece, &mut buf, last);
            assert!(read <= piece.len() && written <= cap);
            out.extend_from_slice(&buf[..written]);
            piece = &piece[read..];
            match r {
                EncoderResult::InputEmpty => {
                    assert!(!last && piece.is_empty());
                    break;
                }
                EncoderResult::Finished => {
                    assert!(last && piece.is_empty());
                    break;
                }
                EncoderResult::OutputFull => {}
                EncoderResult::Error(EncodeError::Unencodable {
                    encoding,
                    offset,
                    ch,
                }) => {
                    assert_eq!(encoding, enc);
                    errors.push((offset, ch));
                }
                EncoderResult::Error(other) => panic!("{other}"),
            }
        }
    }
    (out, errors)
}

// ---------------------------------------------------------------- encoding_rs

/// `encoding_rs`'s encoding of the same name, where it has one that means
/// the same (every WHATWG encoding litenc has; not MUTF-8, CESU-8, the DOS
/// pages, strict ASCII or ISO-8859-1 with C1 controls).
fn peer(enc: Encoding) -> Option<&'static encoding_rs::Encoding> {
    let rs = encoding_rs::Encoding::for_label(enc.name().as_bytes())?;
    (rs.name() == enc.name()).then_some(rs)
}

/// `encoding_rs`'s decoder over the same pieces: lossy output, and the
/// offset of each error of the strict decoder.
fn peer_decode(rs: &'static encoding_rs::Encoding, pieces: &[&[u8]]) -> (Vec<u8>, Vec<usize>) {
    let mut lossy = Vec::new();
    let mut d = rs.new_decoder_without_bom_handling();
    let mut buf = vec![0u8; 4096];
    for (i, piece) in pieces.iter().enumerate() {
        let (_, read, written, _) = d.decode_to_utf8(piece, &mut buf, i + 1 == pieces.len());
        assert_eq!(read, piece.len());
        lossy.extend_from_slice(&buf[..written]);
    }
    let mut errors = Vec::new();
    let mut d = rs.new_decoder_without_bom_handling();
    let mut consumed = 0;
    for (i, piece) in pieces.iter().enumerate() {
        let mut piece: &[u8] = piece;
        loop {
            let last = i + 1 == pieces.len();
            let (r, read, _) = d.decode_to_utf8_without_replacement(piece, &mut buf, last);
            consumed += read;
            piece = &piece[read..];
            match r {
                RsDecoderResult::Malformed(bad, after) => {
                    errors.push(consumed - after as usize - bad as usize);
                }
                RsDecoderResult::InputEmpty => break,
                RsDecoderResult::OutputFull => unreachable!(),
            }
        }
    }
    (lossy, errors)
}

/// `encoding_rs`'s encoder over the same pieces: output and unmappable
/// characters with their offsets.
fn peer_encode(
    rs: &'static encoding_rs::Encoding,
    pieces: &[&str],
) -> (Vec<u8>, Vec<(usize, char)>) {
    let mut e = rs.new_encoder();
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut buf = vec![0u8; 4096];
    let mut consumed = 0;
    let whole = pieces.concat();
    for (i, piece) in pieces.iter().enumerate() {
        let mut piece: &str = piece;
        loop {
            let (r, read, written) =
                e.encode_from_utf8_without_replacement(piece, &mut buf, i + 1 == pieces.len());
            consumed += read;
            out.extend_from_slice(&buf[..written]);
            piece = &piece[read..];
            match r {
                RsEncoderResult::Unmappable(_) => {
                    // The character read last (for ISO-2022-JP's `ESC`,
                    // `SO` and `SI`, encoding_rs names U+FFFD, as the
                    // standard does; litenc names the character).
                    let ch = whole[..consumed].chars().next_back().unwrap();
                    errors.push((consumed - ch.len_utf8(), ch));
                }
                RsEncoderResult::InputEmpty => break,
                RsEncoderResult::OutputFull => unreachable!(),
            }
        }
    }
    (out, errors)
}

// ---------------------------------------------------------------- vectors

/// Every character a single-byte encoding has, else a mix of every UTF-8
/// length, NUL, and the limits of the planes.
fn valid_text(enc: Encoding) -> String {
    if let Some(text) = script_text(enc) {
        return text.into();
    }
    if enc.is_single_byte() {
        (0u8..=255).filter_map(|b| enc.decode(&[b]).ok()).collect()
    } else if enc == Encoding::Gsm0338 {
        // Every byte of the default table, and every escape and code of the
        // extension table.
        (0u8..=255)
            .filter_map(|b| enc.decode(&[b]).ok())
            .chain((0u8..=255).filter_map(|b| enc.decode(&[0x1B, b]).ok()))
            .collect()
    } else {
        "aЖ€😀\0\u{7F}\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFD}\u{FFFF}\u{10000}\u{10FFFF}z"
            .into()
    }
}

/// Text in the script of a multi-byte encoding, every character in it
/// (and for gb18030, characters of its four-byte codes).
fn script_text(enc: Encoding) -> Option<&'static str> {
    Some(match enc.name() {
        "Shift_JIS" | "EUC-JP" => "日本語の文章、ｶﾀｶﾅは半角。漢字とひらがな「かな」と¥100‾。",
        "ISO-2022-JP" => "日本語の文章。ASCII\nと漢字「かな」¥100‾~\\ｶﾀｶﾅ、α。",
        "GBK" => "中文编码测试：简体汉字，“引号”与€符号。",
        "gb18030" => "中文编码测试：汉字，€😀\u{80}é\u{FFFD}\u{10FFFF}ḿ。",
        "Big5" => "繁體中文測試：臺灣的「引號」與標點。",
        "EUC-KR" => "한국어 텍스트입니다. 漢字와 한글을 씁니다.",
        _ => return None,
    })
}

/// Characters `enc` cannot hold, in text.
fn unencodable_text(enc: Encoding) -> Option<String> {
    let bad: String = ['😀', '\u{FFFF}', 'Ж', '€', 'é', '\u{80}']
        .into_iter()
        .filter(|c| enc.encode(&c.to_string()).is_err())
        .flat_map(|c| [c, 'x'])
        .collect();
    (!bad.is_empty()).then(|| format!("ab{bad}Жx😀"))
}

/// The ill-formed inputs of each kind, in `enc`'s bytes.
fn error_vectors(enc: Encoding) -> Vec<Vec<u8>> {
    let utf16 = |units: &[u16], odd: Option<u8>| {
        let mut v: Vec<u8> = units
            .iter()
            .flat_map(|u| {
                if enc == Encoding::Utf16Be {
                    u.to_be_bytes()
                } else {
                    u.to_le_bytes()
                }
            })
            .collect();
        v.extend(odd);
        v
    };
    let cesu: &[&[u8]] = &[
        b"\xED\xB0\x80",                         // unpaired low surrogate
        b"\xED\xA0\x80A",                        // unpaired high surrogate
        b"\xED\xA0\x80\xED\xA0\x80\xED\xB0\x80", // high, then a pair
        b"\xED\xA0\x80\xED\xB0",                 // high, then part of a low
        b"\xED\xA0\x80\xED",                     //
        b"\xED\xA0",                             // cut
        b"\xF0\x9F\x98\x80",                     // 4-byte form
        b"\xE0\x80\x80",                         // overlong
        b"\xC1\xBF",                             //
        b"\x80",                                 // lone continuation
        b"\xE2\x82A",                            // cut short
        b"\xFF",
    ];
    match enc {
        Encoding::Utf8 => [
            &b"\x80"[..],
            b"\xC0\x80",
            b"\xC2",
            b"\xE0\x80\x80",
            b"\xE2\x82A",
            b"\xE2\x82",
            b"\xED\xA0\x80",
            b"\xF0\x9F\x98",
            b"\xF4\x90\x80\x80",
            b"\xF8\x88\x80\x80\x80",
            b"\xFF",
        ]
        .iter()
        .map(|v| v.to_vec())
        .collect(),
        Encoding::Utf16Le | Encoding::Utf16Be => vec![
            utf16(&[0xDC00], None),
            utf16(&[0xD800, 0x41], None),
            utf16(&[0xD83D, 0xD83D, 0xDE00], None),
            utf16(&[0xD800], None),
            utf16(&[0x41], Some(0x42)),
            utf16(&[0xD800], Some(0x00)),
            utf16(&[], Some(0xD8)),
        ],
        Encoding::Mutf8 => {
            let mut v: Vec<Vec<u8>> = cesu.iter().map(|v| v.to_vec()).collect();
            v.extend([b"\x00".to_vec(), b"\xC0A".to_vec(), b"\xC0".to_vec()]);
            v
        }
        Encoding::Cesu8 => {
            let mut v: Vec<Vec<u8>> = cesu.iter().map(|v| v.to_vec()).collect();
            v.push(b"\xC0\x80".to_vec());
            v
        }
        _ if script_text(enc).is_some() => cjk_vectors(enc).iter().map(|v| v.to_vec()).collect(),
        _ => {
            let undefined: Vec<u8> = (0x80u8..=0xFF)
                .filter(|&b| enc.decode(&[b]).is_err())
                .collect();
            if undefined.is_empty() {
                return Vec::new();
            }
            // One bad byte, several between good ones, and all of them.
            let good = enc.encode(&valid_text(enc)).unwrap();
            let mut mixed = Vec::new();
            for (i, &b) in undefined.iter().enumerate() {
                mixed.push(b);
                mixed.push(good[(i * 7) % good.len()]);
            }
            vec![vec![undefined[0]], mixed, undefined]
        }
    }
}

/// The ill-formed inputs of each kind of a multi-byte encoding (with a few
/// well-formed sequences no encoder writes): bad lead bytes, trail bytes
/// out of range (ASCII ones, which the standard reads again, and others),
/// unmapped codes, a lead byte at the end, and the escape sequences of
/// ISO-2022-JP.
fn cjk_vectors(enc: Encoding) -> &'static [&'static [u8]] {
    match enc.name() {
        "GBK" | "gb18030" => &[
            b"\xFF",
            b"\x81",
            b"\x81\x20",
            b"\x81\x7F",
            b"\x81\xFF",
            b"\xA1\x40",
            b"\x81\x30",
            b"\x81\x30\x81",
            b"\x81\x30\x41",
            b"\x81\x30\x81\x41",
            b"\x81\x30\x81\x30",
            b"\x84\x31\xA4\x39",
            b"\x84\x31\xA5\x30",
            b"\xE3\x32\x9A\x35",
            b"\xE3\x32\x9A\x36",
            b"\x80",
        ],
        "Big5" => &[
            b"\x80",
            b"\xFF",
            b"\x81",
            b"\x81\x20",
            b"\x81\x40",
            b"\xA1\xFF",
            b"\x88\x62\x88\x64\x88\xA3\x88\xA5",
            b"\x87\x40",
            b"\xFE\xFE",
        ],
        "EUC-JP" => &[
            b"\x80",
            b"\xFF",
            b"\xA1",
            b"\x8E\xE0",
            b"\x8E\x20",
            b"\x8E\xB1",
            b"\x8F\xA1",
            b"\x8F\xA1\xA1",
            b"\x8F\xA2\xAF",
            b"\x8F\xA1\x20",
            b"\x8F\x20",
            b"\xA1\x20",
            b"\xAD\xBF",
        ],
        "ISO-2022-JP" => &[
            b"\x1B",
            b"\x1B$",
            b"\x1B(",
            b"\x1Bx",
            b"\x1B$A",
            b"\x1B(B\x1B$B",
            b"\x1B$B\x1B(J\x1B(B",
            b"\x1B$B\x30",
            b"\x1B$B\x30\x1B(B",
            b"\x1B$B\x30\n",
            b"\x1B$B\x30\x21\x7F\x21",
            b"\x1B$@\x30\x21\x1B$",
            b"\x1B(I\x31\x5F\x20\x1B(J\x5C\x7E\x80",
            b"\x0E",
            b"\x0F",
            b"\x80",
            b"\x1B$B\x1B(B",
        ],
        "Shift_JIS" => &[
            b"\x81",
            b"\x81\x20",
            b"\x81\x7F",
            b"\x85\x40",
            b"\x85\x80",
            b"\xA0",
            b"\xFD",
            b"\xF0\x40",
            b"\x80\xA1\xDF",
        ],
        "EUC-KR" => &[
            b"\x80",
            b"\xFF",
            b"\x81",
            b"\x81\x20",
            b"\x81\xFF",
            b"\xC9\xA1",
            b"\xA1\x41",
        ],
        _ => &[],
    }
}

/// `n` ASCII characters in `enc`.
fn ascii(enc: Encoding, n: usize) -> Vec<u8> {
    let text: String = (0..n).map(|i| char::from(b'a' + (i % 26) as u8)).collect();
    enc.encode(&text).unwrap()
}

/// The decoding vectors of `enc`: valid text, and each error vector alone,
/// after a character, and followed by text.
fn decode_vectors(enc: Encoding) -> Vec<Vec<u8>> {
    let valid = enc.encode(&valid_text(enc)).unwrap();
    let mut out = vec![valid.clone()];
    let tail = enc.encode("Жz").unwrap_or_else(|_| ascii(enc, 2));
    for err in error_vectors(enc) {
        out.push(err.clone());
        out.push([&ascii(enc, 1)[..], &err, &tail].concat());
        out.push([&valid[..valid.len().min(8)], &err, &err, &tail].concat());
    }
    out
}

// ---------------------------------------------------------------- the checks

/// One vector cut at `cuts`: strict and lossy, every buffer size in
/// `caps`, against the one-shot functions.
fn check_cuts(
    enc: Encoding,
    bytes: &[u8],
    cuts: &[usize],
    caps: &[usize],
    expected: &(Vec<u8>, Vec<Err>, Vec<u8>),
) {
    let p = pieces(bytes, cuts);
    for &cap in caps {
        let modes: &[Mode] = if cap >= 4 {
            &[Mode::Strict, Mode::Str]
        } else {
            &[Mode::Strict]
        };
        for &mode in modes {
            let (out, errors) = stream_decode(enc, &p, cap, mode);
            assert!(
                out == expected.0 && errors == expected.1,
                "{enc} {bytes:02X?} cut at {cuts:?}, {cap}-byte buffer: {errors:?} != {:?}",
                expected.1
            );
        }
        let (lossy, none) = stream_decode(enc, &p, cap, Mode::Lossy);
        assert!(none.is_empty());
        assert!(
            lossy == expected.2,
            "{enc} {bytes:02X?} cut at {cuts:?}, {cap}-byte buffer, lossy: {:?} != {:?}",
            String::from_utf8_lossy(&lossy),
            String::from_utf8_lossy(&expected.2)
        );
    }
}

fn expected(enc: Encoding, bytes: &[u8]) -> (Vec<u8>, Vec<Err>, Vec<u8>) {
    let (out, errors) = reference_decode(enc, bytes);
    (out, errors, enc.decode_lossy(bytes).as_bytes().to_vec())
}

#[test]
fn decode_every_cut_every_buffer() {
    let mut runs = 0usize;
    for &enc in Encoding::ALL {
        for bytes in decode_vectors(enc) {
            let exp = expected(enc, &bytes);
            for cut in 0..=bytes.len() {
                check_cuts(enc, &bytes, &[cut], &CAPS, &exp);
                runs += 2 * CAPS.len();
            }
        }
    }
    eprintln!("{runs} streams");
}

#[test]
fn decode_every_pair_of_cuts() {
    let mut runs = 0usize;
    for &enc in Encoding::ALL {
        for bytes in decode_vectors(enc).iter().filter(|b| b.len() <= 24) {
            let exp = expected(enc, bytes);
            for a in 0..=bytes.len() {
                for b in a..=bytes.len() {
                    check_cuts(enc, bytes, &[a, b], &[1, 4, 4096], &exp);
                    runs += 6;
                }
            }
        }
    }
    eprintln!("{runs} streams");
}

#[test]
fn decode_after_ascii_padding() {
    // The bulk path sees the piece whole: each length of ASCII before the
    // vector moves its characters across every block boundary of the fast
    // kernels, and each cut near the vector across the piece boundary.
    let mut runs = 0usize;
    for &enc in Encoding::ALL {
        let unit = enc.unit_size();
        for vector in decode_vectors(enc) {
            for pad in 0..64 {
                let bytes = [ascii(enc, pad), vector.clone()].concat();
                let exp = expected(enc, &bytes);
                let near = pad * unit;
                let cuts = (near.saturating_sub(3)..=(near + 13).min(bytes.len()))
                    .chain([bytes.len() / 2]);
                for cut in cuts {
                    check_cuts(enc, &bytes, &[cut], &[3, 4096], &exp);
                    runs += 4;
                }
                check_cuts(enc, &bytes, &[], &[1, 64], &exp);
            }
        }
    }
    eprintln!("{runs} streams");
}

#[test]
fn decode_against_encoding_rs() {
    let mut compared = 0usize;
    for &enc in Encoding::ALL {
        let Some(rs) = peer(enc) else { continue };
        for vector in decode_vectors(enc) {
            for pad in [0, 1, 7, 31, 32, 63] {
                let bytes = [ascii(enc, pad), vector.clone()].concat();
                let (_, errors, lossy) = expected(enc, &bytes);
                for cut in 0..=bytes.len() {
                    let p = pieces(&bytes, &[cut]);
                    let (rs_lossy, rs_errors) = peer_decode(rs, &p);
                    let ours: Vec<usize> = errors.iter().map(|e| e.0).collect();
                    assert_eq!(rs_lossy, lossy, "{enc} {bytes:02X?} cut at {cut}");
                    assert_eq!(rs_errors, ours, "{enc} {bytes:02X?} cut at {cut}");
                    let (stream_lossy, _) = stream_decode(enc, &p, 5, Mode::Lossy);
                    assert_eq!(stream_lossy, rs_lossy);
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 10_000, "{compared}");
    eprintln!("{compared} cut streams compared with encoding_rs");
}

/// The encoding vectors of `enc`: its valid text, text with characters it
/// cannot hold, and both after ASCII.
fn encode_vectors(enc: Encoding) -> Vec<String> {
    let mut v = vec![valid_text(enc), "a😀\0b".into()];
    v.extend(unencodable_text(enc));
    if enc.name() == "ISO-2022-JP" {
        // Ends in JIS X 0201 Roman after ASCII; ends in JIS X 0208; the
        // characters that would change the mode.
        v.extend(
            [
                "a¥b",
                "¥",
                "‾ab\\",
                "αa",
                "α",
                "x\u{1B}y\u{E}z\u{F}かな",
                "かな😀かな\u{1B}α¥\u{F}",
            ]
            .map(String::from),
        );
    }
    v
}

/// Every char boundary of `text` (the cuts a `&str` allows).
fn boundaries(text: &str) -> Vec<usize> {
    (0..=text.len())
        .filter(|&i| text.is_char_boundary(i))
        .collect()
}

fn str_pieces<'a>(text: &'a str, cuts: &[usize]) -> Vec<&'a str> {
    pieces(text.as_bytes(), cuts)
        .into_iter()
        .map(|p| core::str::from_utf8(p).unwrap())
        .collect()
}

#[test]
fn encode_every_cut_every_buffer() {
    let mut runs = 0usize;
    for &enc in Encoding::ALL {
        let rs = peer(enc).filter(|rs| rs.output_encoding() == *rs);
        for base in encode_vectors(enc) {
            for pad in [0usize, 1, 5, 8, 15, 16, 31, 32, 33, 63] {
                let text = format!("{}{base}", "p".repeat(pad));
                let exp = reference_encode(enc, &text);
                let cuts = boundaries(&text);
                let short = cuts.len() <= 20;
                for (k, &a) in cuts.iter().enumerate() {
                    // Padding moves the text across the kernels' blocks, which only
                    // a buffer that takes whole pieces reaches.
                    let caps: &[usize] = if pad < 2 { &CAPS } else { &[4096] };
                    for &cap in caps {
                        let got = stream_encode(enc, &str_pieces(&text, &[a]), cap);
                        assert!(
                            got == exp,
                            "{enc} {text:?} cut at {a}, {cap}-byte buffer: {:?} != {:?}",
                            got.1,
                            exp.1
                        );
                        runs += 1;
                    }
                    if short && pad == 0 {
                        for &b in &cuts[k..] {
                            for cap in [1, 3, 4096] {
                                let got = stream_encode(enc, &str_pieces(&text, &[a, b]), cap);
                                assert!(
                                    got == exp,
                                    "{enc} {text:?} cut at {a}, {b}, {cap}-byte buffer"
                                );
                                runs += 1;
                            }
                        }
                    }
                    if let Some(rs) = rs.filter(|_| [0, 1, 32].contains(&pad)) {
                        assert_eq!(
                            peer_encode(rs, &str_pieces(&text, &[a])),
                            exp,
                            "{enc} {text:?} cut at {a}"
                        );
                    }
                }
            }
        }
    }
    eprintln!("{runs} streams");
}

/// A `dst` shorter than a character: each call writes what fits of it and
/// the decoder holds the rest (`pending`). After every call, the output
/// written so far followed by `pending()` is the one-shot decoding of the
/// input before `position()`; while bytes are pending, `decode_to_str`
/// (whose output is whole characters) takes nothing, reads nothing and
/// writes nothing; the next `decode` writes them first. Every encoding's
/// valid text, into buffers of 1, 2 and 3 bytes, in one piece and cut
/// after every byte.
#[test]
fn a_dst_shorter_than_a_character_leaves_the_rest_pending() {
    for &enc in Encoding::ALL {
        let text = valid_text(enc);
        let Ok(bytes) = enc.encode(&text) else {
            continue;
        };
        for cap in 1..=3 {
            for one_piece in [true, false] {
                let mut d = Decoder::new(enc);
                let mut out = Vec::new();
                let mut buf = vec![0u8; cap];
                let mut probes = 0;
                let mut at = 0;
                let mut budget = 8 * bytes.len() + 64;
                loop {
                    budget -= 1;
                    assert!(budget > 0, "{enc}: no progress");
                    let end = if one_piece {
                        bytes.len()
                    } else {
                        (at + 1).min(bytes.len())
                    };
                    let last = end == bytes.len();
                    let (r, read, written) = d.decode(&bytes[at..end], &mut buf, last);
                    out.extend_from_slice(&buf[..written]);
                    at += read;
                    let pending = d.pending().to_vec();
                    assert!(pending.len() < 4, "{enc}: {pending:02X?}");
                    if r == DecoderResult::Finished {
                        assert!(pending.is_empty() && d.position() == 0);
                        break;
                    }
                    let pos = d.position();
                    let mut so_far = out.clone();
                    so_far.extend_from_slice(&pending);
                    assert_eq!(
                        so_far,
                        enc.decode(&bytes[..pos]).unwrap().as_bytes(),
                        "{enc}, {cap}-byte dst: output and pending vs position {pos}"
                    );
                    if !pending.is_empty() {
                        assert_eq!((r, written), (DecoderResult::OutputFull, cap), "{enc}");
                        let mut big = [0xFFu8; 16];
                        let rest = &bytes[at..];
                        assert_eq!(
                            d.decode_to_str(rest, &mut big, true),
                            (DecoderResult::OutputFull, 0, ""),
                            "{enc}: decode_to_str with pending bytes"
                        );
                        assert_eq!(big, [0xFF; 16], "{enc}: decode_to_str wrote");
                        assert_eq!(d.pending(), &pending[..]);
                        probes += 1;
                    }
                }
                // (Not always `text`: EUC-JP writes `¥` as `5C`, read back as `\`.)
                let whole = enc.decode(&bytes).unwrap();
                assert_eq!(out, whole.as_bytes(), "{enc}, {cap}-byte dst");
                if cap == 1 && text.chars().any(|c| c.len_utf8() > 1) {
                    assert!(probes > 0, "{enc}: no character was split");
                }
            }
        }
    }
}

#[test]
fn positions_are_absolute_in_long_streams() {
    // 1 MB of text in pieces of 4,099 bytes, one bad byte near the end:
    // the error is at its offset in the whole stream.
    let mut bytes = "Съешь же ещё этих мягких французских булок. "
        .repeat(13_000)
        .into_bytes();
    let bad = bytes.len() - 2; // the last '.'
    assert_eq!(bytes[bad], b'.');
    bytes[bad] = 0xFF;
    let mut d = Decoder::new(Encoding::Utf8);
    let mut buf = vec![0u8; 4096];
    let mut seen = None;
    for (i, piece) in bytes.chunks(4099).enumerate() {
        let mut piece = piece;
        let last = (i + 1) * 4099 >= bytes.len();
        loop {
            let (r, read, _) = d.decode(piece, &mut buf, last);
            piece = &piece[read..];
            match r {
                DecoderResult::Error(e) => seen = Some((e.valid_up_to(), e.error_len())),
                DecoderResult::OutputFull => {}
                _ => break,
            }
        }
    }
    assert_eq!(seen, Some((bad, Some(1))));
    assert_eq!(
        core::str::from_utf8(&bytes).unwrap_err().valid_up_to(),
        bad,
        "std agrees"
    );
}

#[test]
fn a_finished_coder_starts_a_new_stream() {
    let mut d = Decoder::new(Encoding::Utf16Be);
    let mut buf = [0u8; 8];
    assert_eq!(
        d.decode(b"\x00A\xD8", &mut buf, true).0,
        DecoderResult::Error(Encoding::Utf16Be.validate(b"\x00A\xD8").unwrap_err())
    );
    assert_eq!(
        d.decode(b"", &mut buf, true),
        (DecoderResult::Finished, 0, 0)
    );
    let (r, _, _) = d.decode(b"\xFF", &mut buf, true);
    // Offset 0 again: a new stream.
    let DecoderResult::Error(e) = r else {
        panic!("{r:?}")
    };
    assert_eq!(e.valid_up_to(), 0);
}

#[test]
fn max_lengths_are_bounds() {
    // A buffer of `max_utf8_len` / `max_len` bytes takes each piece whole,
    // strict or lossy, wherever the pieces are cut: never `OutputFull`,
    // ISO-2022-JP's return to ASCII at the end included.
    let mut runs = 0usize;
    for &enc in Encoding::ALL {
        for bytes in decode_vectors(enc) {
            for cut in 0..=bytes.len() {
                let p = pieces(&bytes, &[cut]);
                for lossy in [false, true] {
                    let mut d = Decoder::new(enc);
                    for (i, piece) in p.iter().enumerate() {
                        let last = i + 1 == p.len();
                        let mut piece: &[u8] = piece;
                        loop {
                            let mut buf = vec![0u8; d.max_utf8_len(piece.len()).unwrap()];
                            let (full, read) = if lossy {
                                let (r, read, _, _) = d.decode_lossy(piece, &mut buf, last);
                                (r == CoderResult::OutputFull, read)
                            } else {
                                let (r, read, _) = d.decode(piece, &mut buf, last);
                                (r == DecoderResult::OutputFull, read)
                            };
                            assert!(!full, "{enc} {bytes:02X?} cut at {cut}");
                            piece = &piece[read..];
                            if piece.is_empty() && (!last || d.position() == 0) {
                                break;
                            }
                        }
                    }
                    runs += 1;
                }
            }
        }
        for text in encode_vectors(enc) {
            for cut in boundaries(&text) {
                let p = str_pieces(&text, &[cut]);
                let mut e = Encoder::new(enc);
                for (i, piece) in p.iter().enumerate() {
                    let last = i + 1 == p.len();
                    let mut piece: &str = piece;
                    loop {
                        let mut buf = vec![0u8; e.max_len(piece.len()).unwrap()];
                        let (r, read, _) = e.encode(piece, &mut buf, last);
                        assert_ne!(r, EncoderResult::OutputFull, "{enc} {text:?} cut at {cut}");
                        piece = &piece[read..];
                        if matches!(r, EncoderResult::InputEmpty | EncoderResult::Finished) {
                            break;
                        }
                    }
                }
                runs += 1;
            }
        }
    }
    eprintln!("{runs} streams");
}
