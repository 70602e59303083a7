//! Every `const fn` of the public API called in a `const` item, so that
//! losing `const` on any of them fails to compile; the values computed at
//! compile time are then compared at run time with what a peer (std,
//! `encoding_rs`, the `cesu8` crate) computes. `EncodeError::const_panic`
//! and `DecodeError::const_panic` are used in the non-taken arms of the
//! `match`es below (a taken one would be a compile error).

use crate::common;

use litenc_runtime::{
    DecodeError, DecodeErrorKind, EncodeError, Encoding, const_encode, mutf8, utf16, utf32,
    windows1251,
};

const TEXT: &str = "Aé Жя € 😀 \u{98}";
const TEXT_1251: &str = "Привет, мир! € \u{98}";
const TEXT_NO_NUL: &str = "a\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}";

/// `match` on a `Result` in a `const`, failing to compile on `Err`.
macro_rules! ok {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(e) => e.const_panic(),
        }
    };
}

/// The whole byte API of one module in `const` items: lengths, an array, a
/// buffer encode, validation (of good and bad input) and decoding back, with
/// the error of the bad input taken apart by the `DecodeError` accessors.
macro_rules! const_module {
    ($name:ident, $m:ident, $text:expr, $bad:expr) => {
        mod $name {
            use super::*;

            pub(super) const LEN: usize = ok!(litenc_runtime::$m::encoded_len($text));
            pub(super) const ARRAY: [u8; LEN] = litenc_runtime::$m::encode_array::<LEN>($text);
            pub(super) const INTO: ([u8; 64], usize) = {
                let mut buf = [0u8; 64];
                let n = ok!(litenc_runtime::$m::encode_into($text, &mut buf));
                (buf, n)
            };
            pub(super) const VALID: bool = litenc_runtime::$m::validate(&ARRAY).is_ok();
            pub(super) const DECODED_LEN: usize = ok!(litenc_runtime::$m::decoded_len(&ARRAY));
            pub(super) const DECODED: ([u8; 64], usize) = {
                let mut buf = [0u8; 64];
                let n = ok!(litenc_runtime::$m::decode_into(&ARRAY, &mut buf));
                (buf, n)
            };
            pub(super) const BAD: &[u8] = $bad;
            pub(super) const BAD_ERR: DecodeError = match litenc_runtime::$m::validate(BAD) {
                Ok(()) => panic!("the bad input is valid"),
                Err(e) => e,
            };
            pub(super) const BAD_POS: (usize, Option<usize>, DecodeErrorKind, Encoding) = (
                BAD_ERR.valid_up_to(),
                BAD_ERR.error_len(),
                BAD_ERR.kind(),
                BAD_ERR.encoding(),
            );
            pub(super) const BAD_LEN_ERR: Option<DecodeError> =
                match litenc_runtime::$m::decoded_len(BAD) {
                    Ok(_) => None,
                    Err(e) => Some(e),
                };
            pub(super) const BAD_INTO_ERR: Option<DecodeError> = {
                let mut buf = [0u8; 64];
                match litenc_runtime::$m::decode_into(BAD, &mut buf) {
                    Ok(_) => None,
                    Err(e) => Some(e),
                }
            };
            pub(super) const SMALL: Option<EncodeError> = {
                let mut buf = [0u8; 1];
                match litenc_runtime::$m::encode_into($text, &mut buf) {
                    Ok(_) => None,
                    Err(e) => Some(e),
                }
            };
            pub(super) const MACRO: [u8; LEN] = const_encode!($m, $text);
        }
    };
}

const_module!(c_utf8, utf8, TEXT, b"ok\xE0\x80");
const_module!(c_utf16le, utf16le, TEXT, b"o\0\x00\xDCk\0");
const_module!(c_utf16be, utf16be, TEXT, b"\0o\xD8\x00");
const_module!(c_utf32le, utf32le, TEXT, b"o\0\0\0\x00\xD8\0\0");
const_module!(c_utf32be, utf32be, TEXT, b"\0\0\0o\0\x11\0\0");
const_module!(c_mutf8, mutf8, TEXT, b"ok\xC0A");
const_module!(c_cesu8, cesu8, TEXT, b"ok\xED\xB0\x80");

// Windows-1251 decodes every byte, so its "bad input" is good: check the
// module by hand.
mod c_windows1251 {
    use super::*;

    pub(super) const LEN: usize = ok!(windows1251::encoded_len(TEXT_1251));
    pub(super) const ARRAY: [u8; LEN] = windows1251::encode_array::<LEN>(TEXT_1251);
    pub(super) const INTO: ([u8; 64], usize) = {
        let mut buf = [0u8; 64];
        let n = ok!(windows1251::encode_into(TEXT_1251, &mut buf));
        (buf, n)
    };
    pub(super) const VALID: bool = windows1251::validate(&ARRAY).is_ok();
    pub(super) const DECODED_LEN: usize = ok!(windows1251::decoded_len(&ARRAY));
    pub(super) const DECODED: ([u8; 64], usize) = {
        let mut buf = [0u8; 64];
        let n = ok!(windows1251::decode_into(&ARRAY, &mut buf));
        (buf, n)
    };
    pub(super) const UNENCODABLE: Result<usize, EncodeError> = windows1251::encoded_len(TEXT);
    pub(super) const BYTE_98: char = windows1251::decode_byte(0x98);
    pub(super) const BYTE_C0: char = windows1251::decode_byte(0xC0);
    pub(super) const EURO: Option<u8> = windows1251::encode_char('€');
    pub(super) const UMLAUT: Option<u8> = windows1251::encode_char('ä');
    pub(super) const MACRO: [u8; LEN] = const_encode!(windows1251, TEXT_1251);
}

// `utf16`: the `u16` API.
const UNITS_LEN: usize = utf16::units_len(TEXT);
const UNITS_ARRAY: [u16; UNITS_LEN] = utf16::encode_units_array::<UNITS_LEN>(TEXT);
const UNITS_INTO: ([u16; 32], usize) = {
    let mut buf = [0u16; 32];
    let n = ok!(utf16::encode_units_into(TEXT, &mut buf));
    (buf, n)
};
const UNITS_VALID: bool = utf16::validate_units(&UNITS_ARRAY).is_ok();
const UNITS_BAD: [u16; 3] = [0x61, 0xDC00, 0x62];
const UNITS_BAD_ERR: Result<(), DecodeError> = utf16::validate_units(&UNITS_BAD);
const UNITS_DECODED_LEN: usize = ok!(utf16::decoded_units_len(&UNITS_ARRAY));
const UNITS_DECODED: ([u8; 64], usize) = {
    let mut buf = [0u8; 64];
    let n = ok!(utf16::decode_units_into(&UNITS_ARRAY, &mut buf));
    (buf, n)
};

// `utf32`: the `u32` API.
const U32_LEN: usize = utf32::units_len(TEXT);
const U32_ARRAY: [u32; U32_LEN] = utf32::encode_units_array::<U32_LEN>(TEXT);
const U32_INTO: ([u32; 32], usize) = {
    let mut buf = [0u32; 32];
    let n = ok!(utf32::encode_units_into(TEXT, &mut buf));
    (buf, n)
};
const U32_VALID: bool = utf32::validate_units(&U32_ARRAY).is_ok();
const U32_BAD_ERR: Result<(), DecodeError> = utf32::validate_units(&[0x61, 0xDFFF, 0x62]);
const U32_DECODED_LEN: usize = ok!(utf32::decoded_units_len(&U32_ARRAY));
const U32_DECODED: ([u8; 64], usize) = {
    let mut buf = [0u8; 64];
    let n = ok!(utf32::decode_units_into(&U32_ARRAY, &mut buf));
    (buf, n)
};
const M_UTF32: [u32; U32_LEN] = const_encode!(utf32, TEXT);
const M_UTF32_NUL: [u32; U32_LEN + 1] = const_encode!(utf32, TEXT, nul);
const M_UTF32LE_NUL: [u8; c_utf32le::LEN + 4] = const_encode!(utf32le, TEXT, nul);
const M_UTF32BE: [u8; c_utf32be::LEN] = const_encode!(utf32be, TEXT);

// `mutf8`: the `u16` API, with an unpaired surrogate.
const JAVA_UNITS: [u16; 4] = [0x61, 0, 0xDC00, 0xD83D];
const JAVA_LEN: usize = mutf8::encoded_units_len(&JAVA_UNITS);
const JAVA_BYTES: ([u8; 16], usize) = {
    let mut buf = [0u8; 16];
    let n = ok!(mutf8::encode_units_into(&JAVA_UNITS, &mut buf));
    (buf, n)
};
const JAVA_UNITS_LEN: usize = ok!(mutf8::decoded_units_len(
    JAVA_BYTES.0.split_at(JAVA_BYTES.1).0
));
const JAVA_BACK: ([u16; 8], usize) = {
    let mut buf = [0u16; 8];
    let n = ok!(mutf8::decode_units_into(
        JAVA_BYTES.0.split_at(JAVA_BYTES.1).0,
        &mut buf
    ));
    (buf, n)
};
const JAVA_MAX: usize = mutf8::JAVA_UTF_MAX_LEN;
const JAVA_UTF_LEN: Result<usize, mutf8::JavaUtfTooLong> = mutf8::java_utf_len(&JAVA_UNITS);
const JAVA_UTF_LEN_STR: Result<usize, mutf8::JavaUtfTooLong> = mutf8::java_utf_len_str(TEXT);
/// 21,846 units of U+0800: one 3-byte unit more than `writeUTF` takes.
const LONG_UNITS: usize = 21_846;
const TOO_LONG: usize = {
    let units = [0x800_u16; LONG_UNITS];
    match mutf8::java_utf_len(&units) {
        Ok(_) => panic!("21,846 units of 3 bytes fit"),
        Err(e) => e.encoded_len(),
    }
};

// `const_encode!` for every module, with and without `nul`.
const M_UTF8: [u8; c_utf8::LEN] = const_encode!(utf8, TEXT);
const M_UTF8_NUL: [u8; c_utf8::LEN + 1] = const_encode!(utf8, TEXT, nul);
const M_UTF16: [u16; UNITS_LEN] = const_encode!(utf16, TEXT);
const M_UTF16_NUL: [u16; UNITS_LEN + 1] = const_encode!(utf16, TEXT, nul);
const M_UTF16LE: [u8; c_utf16le::LEN] = const_encode!(utf16le, TEXT);
const M_UTF16LE_NUL: [u8; c_utf16le::LEN + 2] = const_encode!(utf16le, TEXT, nul);
const M_UTF16BE: [u8; c_utf16be::LEN] = const_encode!(utf16be, TEXT);
const M_UTF16BE_NUL: [u8; c_utf16be::LEN + 2] = const_encode!(utf16be, TEXT, nul);
const M_MUTF8: [u8; c_mutf8::LEN] = const_encode!(mutf8, TEXT);
const M_MUTF8_NUL: [u8; 13] = const_encode!(mutf8, "a\0b\0\u{10000}", nul);
const M_CESU8: [u8; c_cesu8::LEN] = const_encode!(cesu8, TEXT);
const M_CESU8_NUL: [u8; 22] = const_encode!(cesu8, TEXT_NO_NUL, nul);
const M_1251: [u8; c_windows1251::LEN] = const_encode!(windows1251, TEXT_1251);
const M_1251_NUL: [u8; c_windows1251::LEN + 1] = const_encode!(windows1251, TEXT_1251, nul);
static M_STATIC: [u16; 3] = const_encode!(utf16, "hi", nul);

// `Encoding`: every `const` method, for every encoding.
const ALL: &[Encoding] = Encoding::ALL;
const N: usize = Encoding::ALL.len();
const NAMES: [&str; N] = {
    let mut out = [""; N];
    let mut k = 0;
    while k < N {
        out[k] = ALL[k].name();
        k += 1;
    }
    out
};
const LABELS: [&[&str]; N] = {
    let mut out: [&[&str]; N] = [&[]; N];
    let mut k = 0;
    while k < N {
        out[k] = ALL[k].labels();
        k += 1;
    }
    out
};
const BOMS: [Option<&[u8]>; N] = {
    let mut out = [None; N];
    let mut k = 0;
    while k < N {
        out[k] = ALL[k].bom();
        k += 1;
    }
    out
};
/// `(unit_size, encodes_nul_as_zero, max_bytes_per_utf8_byte,
/// max_utf8_bytes_per_byte)` of each encoding.
const SHAPES: [(usize, bool, usize, usize); N] = {
    let mut out = [(0, false, 0, 0); N];
    let mut k = 0;
    while k < N {
        let e = ALL[k];
        out[k] = (
            e.unit_size(),
            e.encodes_nul_as_zero(),
            e.max_bytes_per_utf8_byte(),
            e.max_utf8_bytes_per_byte(),
        );
        k += 1;
    }
    out
};
/// `(encoded_len, encode_into's buffer, its result, validate is ok,
/// decoded_len, decode_into's buffer, its result)`.
type Trip = (usize, [u8; 64], usize, bool, usize, [u8; 64], usize);

/// Through `Encoding`: encoded length, encoding into a buffer, validation,
/// decoded length and decoding back, of [`TEXT_NO_NUL`] (Windows-1251: of
/// [`TEXT_1251`]).
const VIA_ENCODING: [Trip; N] = {
    let mut out = [(0, [0u8; 64], 0, false, 0, [0u8; 64], 0); N];
    let mut k = 0;
    while k < N {
        let e = ALL[k];
        let text = via_text(e);
        let len = ok!(e.encoded_len(text));
        let mut buf = [0u8; 64];
        let n = ok!(e.encode_into(text, &mut buf));
        let bytes = buf.split_at(n).0;
        let valid = e.validate(bytes).is_ok();
        let decoded_len = ok!(e.decoded_len(bytes));
        let mut back = [0u8; 64];
        let m = ok!(e.decode_into(bytes, &mut back));
        out[k] = (len, buf, n, valid, decoded_len, back, m);
        k += 1;
    }
    out
};

/// The text [`VIA_ENCODING`] encodes in `e`.
const fn via_text(e: Encoding) -> &'static str {
    if matches!(e, Encoding::Windows1251) {
        TEXT_1251
    } else if matches!(e, Encoding::Gsm0338) {
        // The default table and the extension table.
        "plain text @ 5€ {Δ}"
    } else if e.is_cjk() {
        // Two characters every one of them has.
        "中文 text"
    } else if e.is_single_byte() {
        "plain ASCII text"
    } else {
        TEXT_NO_NUL
    }
}

/// The bytes of a single-byte encoding (those it defines, but 0), their
/// decoding and its encoding back, each with its length.
type Page = ([u8; 256], usize, [u8; 768], usize, [u8; 256], usize);

/// Every single-byte encoding's defined bytes decoded and encoded back,
/// all in `const` (an empty row for the other encodings).
#[allow(clippy::large_const_arrays, reason = "a test's table, read once")]
const PAGES: [Page; N] = {
    let mut out = [([0u8; 256], 0, [0u8; 768], 0, [0u8; 256], 0); N];
    let mut k = 0;
    while k < N {
        let e = ALL[k];
        if e.is_single_byte() {
            let (mut bytes, mut n) = ([0u8; 256], 0);
            let mut b: u8 = 1;
            loop {
                if e.validate(&[b]).is_ok() {
                    bytes[n] = b;
                    n += 1;
                }
                if b == u8::MAX {
                    break;
                }
                b += 1;
            }
            let input = bytes.split_at(n).0;
            let mut text = [0u8; 768];
            let t = ok!(e.decode_into(input, &mut text));
            let Ok(text_str) = core::str::from_utf8(text.split_at(t).0) else {
                panic!("decoders write UTF-8")
            };
            let mut back = [0u8; 256];
            let m = ok!(e.encode_into(text_str, &mut back));
            out[k] = (bytes, n, text, t, back, m);
        }
        k += 1;
    }
    out
};

fn peer(enc: Encoding, text: &str) -> Vec<u8> {
    common::peer_encode(enc, text).expect("the peer encodes it")
}

#[test]
fn module_consts_match_peers() {
    macro_rules! check {
        ($c:ident, $enc:expr, $text:expr) => {{
            let expected = peer($enc, $text);
            assert_eq!($c::LEN, expected.len(), "{:?}", $enc);
            assert_eq!($c::ARRAY[..], expected[..]);
            assert_eq!($c::INTO.0[..$c::INTO.1], expected[..]);
            assert_eq!($c::MACRO[..], expected[..]);
            assert!($c::VALID);
            assert_eq!($c::DECODED_LEN, $text.len());
            assert_eq!(&$c::DECODED.0[..$c::DECODED.1], $text.as_bytes());
        }};
    }
    check!(c_utf8, Encoding::Utf8, TEXT);
    check!(c_utf16le, Encoding::Utf16Le, TEXT);
    check!(c_utf16be, Encoding::Utf16Be, TEXT);
    check!(c_utf32le, Encoding::Utf32Le, TEXT);
    check!(c_utf32be, Encoding::Utf32Be, TEXT);
    check!(c_mutf8, Encoding::Mutf8, TEXT);
    check!(c_cesu8, Encoding::Cesu8, TEXT);
    check!(c_windows1251, Encoding::Windows1251, TEXT_1251);

    // An output buffer of 1 byte is too small for each of them.
    for (enc, small) in [
        (Encoding::Utf8, c_utf8::SMALL),
        (Encoding::Utf16Le, c_utf16le::SMALL),
        (Encoding::Utf16Be, c_utf16be::SMALL),
        (Encoding::Utf32Le, c_utf32le::SMALL),
        (Encoding::Utf32Be, c_utf32be::SMALL),
        (Encoding::Mutf8, c_mutf8::SMALL),
        (Encoding::Cesu8, c_cesu8::SMALL),
    ] {
        let needed = peer(enc, TEXT).len();
        assert_eq!(
            small,
            Some(EncodeError::OutputTooSmall {
                needed,
                available: 1
            })
        );
    }
}

#[test]
fn decode_errors_in_consts_match_peers() {
    // UTF-8: std's positions.
    let std = core::str::from_utf8(std::hint::black_box(c_utf8::BAD)).unwrap_err();
    let kind = DecodeErrorKind::Malformed {
        len: std.error_len().unwrap(),
    };
    assert_eq!(
        c_utf8::BAD_POS,
        (std.valid_up_to(), std.error_len(), kind, Encoding::Utf8)
    );
    // UTF-16: where `char::decode_utf16` meets its first error.
    for (bytes, pos, big_endian, enc) in [
        (c_utf16le::BAD, c_utf16le::BAD_POS, false, Encoding::Utf16Le),
        (c_utf16be::BAD, c_utf16be::BAD_POS, true, Encoding::Utf16Be),
    ] {
        let units: Vec<u16> = bytes
            .chunks(2)
            .map(|p| {
                if big_endian {
                    u16::from_be_bytes([p[0], p[1]])
                } else {
                    u16::from_le_bytes([p[0], p[1]])
                }
            })
            .collect();
        let first = char::decode_utf16(units.iter().copied())
            .position(|r| r.is_err())
            .unwrap();
        let truncated = first + 1 == units.len() && (0xD800..0xDC00).contains(&units[first]);
        let len = if truncated { None } else { Some(2) };
        let kind = len.map_or(DecodeErrorKind::Truncated, |len| {
            DecodeErrorKind::Malformed { len }
        });
        assert_eq!(pos, (2 * first, len, kind, enc));
    }
    // MUTF-8 and CESU-8: the `cesu8` crate rejects them (it accepts any
    // valid UTF-8, so the bad inputs are not), and decodes the valid prefix.
    for (bytes, pos, java) in [
        (c_mutf8::BAD, c_mutf8::BAD_POS, true),
        (c_cesu8::BAD, c_cesu8::BAD_POS, false),
    ] {
        let decode = if java {
            cesu8::from_java_cesu8
        } else {
            cesu8::from_cesu8
        };
        assert!(decode(bytes).is_err());
        assert_eq!(decode(&bytes[..pos.0]).unwrap(), "ok");
        assert_eq!(pos.1, Some(if java { 1 } else { 3 }));
    }
    // `decoded_len` and `decode_into` report the same error as `validate`.
    for (err, len_err, into_err) in [
        (c_utf8::BAD_ERR, c_utf8::BAD_LEN_ERR, c_utf8::BAD_INTO_ERR),
        (
            c_utf16le::BAD_ERR,
            c_utf16le::BAD_LEN_ERR,
            c_utf16le::BAD_INTO_ERR,
        ),
        (
            c_utf16be::BAD_ERR,
            c_utf16be::BAD_LEN_ERR,
            c_utf16be::BAD_INTO_ERR,
        ),
        (
            c_utf32le::BAD_ERR,
            c_utf32le::BAD_LEN_ERR,
            c_utf32le::BAD_INTO_ERR,
        ),
        (
            c_utf32be::BAD_ERR,
            c_utf32be::BAD_LEN_ERR,
            c_utf32be::BAD_INTO_ERR,
        ),
        (
            c_mutf8::BAD_ERR,
            c_mutf8::BAD_LEN_ERR,
            c_mutf8::BAD_INTO_ERR,
        ),
        (
            c_cesu8::BAD_ERR,
            c_cesu8::BAD_LEN_ERR,
            c_cesu8::BAD_INTO_ERR,
        ),
    ] {
        assert_eq!(len_err, Some(err));
        assert_eq!(into_err, Some(err));
    }
}

#[test]
fn windows1251_consts_match_encoding_rs() {
    let (decoded, _) = encoding_rs::WINDOWS_1251.decode_without_bom_handling(&[0x98, 0xC0]);
    assert_eq!(
        format!("{}{}", c_windows1251::BYTE_98, c_windows1251::BYTE_C0),
        decoded
    );
    assert_eq!(
        c_windows1251::EURO,
        Some(common::encoding_rs_1251("€").unwrap()[0])
    );
    assert_eq!(c_windows1251::UMLAUT, None);
    assert!(common::encoding_rs_1251("ä").is_err());
    let (offset, ch) = common::encoding_rs_1251(TEXT).unwrap_err();
    assert_eq!(
        c_windows1251::UNENCODABLE,
        Err(EncodeError::Unencodable {
            encoding: Encoding::Windows1251,
            offset,
            ch
        })
    );
}

#[test]
fn utf16_consts_match_std() {
    let expected: Vec<u16> = TEXT.encode_utf16().collect();
    assert_eq!(UNITS_LEN, expected.len());
    assert_eq!(UNITS_ARRAY[..], expected[..]);
    assert_eq!(UNITS_INTO.0[..UNITS_INTO.1], expected[..]);
    assert_eq!(UNITS_VALID, String::from_utf16(&UNITS_ARRAY).is_ok());
    assert_eq!(UNITS_DECODED_LEN, TEXT.len());
    assert_eq!(&UNITS_DECODED.0[..UNITS_DECODED.1], TEXT.as_bytes());
    let first = char::decode_utf16(UNITS_BAD)
        .position(|r| r.is_err())
        .unwrap();
    let err = UNITS_BAD_ERR.unwrap_err();
    assert_eq!((err.valid_up_to(), err.error_len()), (first, Some(1)));
    assert!(String::from_utf16(&UNITS_BAD).is_err());
}

#[test]
fn mutf8_unit_consts_match_the_spec() {
    // `writeUTF` of the units: the first two by the `cesu8` crate, the
    // unpaired surrogates (which `&str` cannot hold) by the JVM spec's
    // 3-byte form: 1110xxxx 10xxxxxx 10xxxxxx.
    let mut expected = cesu8::to_java_cesu8("a\0").into_owned();
    for unit in [0xDC00_u16, 0xD83D] {
        expected.extend([
            0xE0 | (unit >> 12) as u8,
            0x80 | ((unit >> 6) & 0x3F) as u8,
            0x80 | (unit & 0x3F) as u8,
        ]);
    }
    assert_eq!(JAVA_LEN, expected.len());
    assert_eq!(JAVA_BYTES.0[..JAVA_BYTES.1], expected[..]);
    assert_eq!(JAVA_UNITS_LEN, JAVA_UNITS.len());
    assert_eq!(JAVA_BACK.0[..JAVA_BACK.1], JAVA_UNITS[..]);
    assert_eq!(JAVA_MAX, usize::from(u16::MAX));
    // `writeUTF`'s limit: the length of the `cesu8` crate's output, if it
    // fits in the u16 length prefix.
    assert_eq!(JAVA_UTF_LEN, Ok(expected.len()));
    assert_eq!(JAVA_UTF_LEN_STR, Ok(cesu8::to_java_cesu8(TEXT).len()));
    let long = cesu8::to_java_cesu8(&"\u{800}".repeat(LONG_UNITS)).len();
    assert!(u16::try_from(long).is_err());
    assert_eq!(TOO_LONG, long);
}

#[test]
fn const_encode_matches_peers() {
    let nul = |mut v: Vec<u8>, width: usize| {
        v.extend(std::iter::repeat_n(0, width));
        v
    };
    assert_eq!(M_UTF8[..], peer(Encoding::Utf8, TEXT)[..]);
    assert_eq!(M_UTF8_NUL[..], nul(peer(Encoding::Utf8, TEXT), 1)[..]);
    let units: Vec<u16> = TEXT.encode_utf16().collect();
    assert_eq!(M_UTF16[..], units[..]);
    assert_eq!(M_UTF16_NUL[..], [&units[..], &[0]].concat()[..]);
    assert_eq!(M_UTF16LE[..], peer(Encoding::Utf16Le, TEXT)[..]);
    assert_eq!(M_UTF16LE_NUL[..], nul(peer(Encoding::Utf16Le, TEXT), 2)[..]);
    assert_eq!(M_UTF16BE[..], peer(Encoding::Utf16Be, TEXT)[..]);
    assert_eq!(M_UTF16BE_NUL[..], nul(peer(Encoding::Utf16Be, TEXT), 2)[..]);
    assert_eq!(M_MUTF8[..], peer(Encoding::Mutf8, TEXT)[..]);
    // MUTF-8 may hold U+0000 before the terminator: it is `C0 80`.
    assert_eq!(
        M_MUTF8_NUL[..],
        nul(peer(Encoding::Mutf8, "a\0b\0\u{10000}"), 1)[..]
    );
    assert_eq!(M_CESU8[..], peer(Encoding::Cesu8, TEXT)[..]);
    assert_eq!(
        M_CESU8_NUL[..],
        nul(peer(Encoding::Cesu8, TEXT_NO_NUL), 1)[..]
    );
    assert_eq!(M_1251[..], peer(Encoding::Windows1251, TEXT_1251)[..]);
    assert_eq!(
        M_1251_NUL[..],
        nul(peer(Encoding::Windows1251, TEXT_1251), 1)[..]
    );
    assert_eq!(M_STATIC, *"hi\0".encode_utf16().collect::<Vec<_>>());
    // UTF-32: std's `char`s.
    let chars: Vec<u32> = TEXT.chars().map(u32::from).collect();
    assert_eq!(M_UTF32[..], chars[..]);
    assert_eq!(M_UTF32_NUL[..], [&chars[..], &[0]].concat()[..]);
    assert_eq!(M_UTF32LE_NUL[..], nul(peer(Encoding::Utf32Le, TEXT), 4)[..]);
    assert_eq!(M_UTF32BE[..], peer(Encoding::Utf32Be, TEXT)[..]);
}

#[test]
fn utf32_units_in_consts_match_std() {
    let chars: Vec<u32> = TEXT.chars().map(u32::from).collect();
    assert_eq!(U32_LEN, chars.len());
    assert_eq!(U32_ARRAY[..], chars[..]);
    assert_eq!(U32_INTO.0[..U32_INTO.1], chars[..]);
    assert_eq!(U32_VALID, std_valid(&U32_ARRAY));
    let e = U32_BAD_ERR.unwrap_err();
    // std refuses the surrogate at index 1.
    assert_eq!(char::from_u32(0xDFFF), None);
    assert_eq!((e.valid_up_to(), e.error_len()), (1, Some(1)));
    assert_eq!(U32_DECODED_LEN, TEXT.len());
    assert_eq!(&U32_DECODED.0[..U32_DECODED.1], TEXT.as_bytes());
    // The byte forms' bad inputs: a surrogate at byte 4, a value above
    // U+10FFFF at byte 4.
    for (err, enc) in [
        (c_utf32le::BAD_POS, Encoding::Utf32Le),
        (c_utf32be::BAD_POS, Encoding::Utf32Be),
    ] {
        assert_eq!(
            err,
            (4, Some(4), DecodeErrorKind::Malformed { len: 4 }, enc)
        );
    }
}

/// `name`, `labels` and `bom` against `encoding_rs` (for the encodings the
/// WHATWG standard has) and std; the rest against what the encodings do.
#[test]
fn encoding_consts_match_peers() {
    for (k, &enc) in ALL.iter().enumerate() {
        // GSM 03.38's peer is Perl, in `gsm_peer.rs`.
        if enc == Encoding::Gsm0338 {
            continue;
        }
        let whatwg = match enc {
            Encoding::Utf8 => Some(encoding_rs::UTF_8),
            Encoding::Utf16Le => Some(encoding_rs::UTF_16LE),
            Encoding::Utf16Be => Some(encoding_rs::UTF_16BE),
            e if e.is_single_byte() || e.is_cjk() => {
                encoding_rs::Encoding::for_label(e.name().as_bytes())
            }
            _ => None,
        };
        if let Some(peer_enc) = whatwg {
            assert_eq!(NAMES[k], peer_enc.name());
            for label in LABELS[k] {
                assert_eq!(
                    encoding_rs::Encoding::for_label(label.as_bytes()),
                    Some(peer_enc),
                    "{label}"
                );
            }
        } else {
            for label in LABELS[k] {
                assert_eq!(
                    encoding_rs::Encoding::for_label(label.as_bytes()),
                    None,
                    "{label}"
                );
            }
        }
        for label in LABELS[k] {
            assert_eq!(Encoding::for_label(label), Some(enc));
        }
        // The BOM is U+FEFF in the encoding, for those that have one.
        let bom = BOMS[k];
        if let Some(bom) = bom {
            assert_eq!(bom, peer(enc, "\u{FEFF}"));
        }
        // (WHATWG dropped UTF-32; it has a byte-order mark all the same.)
        let utf32 = matches!(enc, Encoding::Utf32Le | Encoding::Utf32Be);
        assert_eq!(
            bom.is_some(),
            (whatwg.is_some() || utf32) && !enc.is_single_byte() && !enc.is_cjk()
        );

        let (unit, nul_is_zero, grow, shrink) = SHAPES[k];
        let text = via_text(enc);
        // A NUL is one zero unit, unless the encoding writes it otherwise;
        // on an LCD, byte 0 is CGRAM 0 (U+E000), and U+0000 is not there.
        let zero = if enc.decode(&[0]).is_ok_and(|s| s == "\u{E000}") {
            "\u{E000}"
        } else {
            "\0"
        };
        let nul = peer(enc, zero);
        assert_eq!(nul_is_zero, nul.iter().all(|&b| b == 0));
        if nul_is_zero {
            assert_eq!(nul.len(), unit);
        }
        // The growth bounds hold for every scalar value the encoding has, and
        // are tight (the ceiling of the largest ratio is the largest
        // ceiling of a ratio).
        let (mut max_grow, mut max_shrink) = (0, 0);
        // A code page's characters are the 256 its peer decodes its bytes
        // to; other encodings have every scalar value, here a sample.
        let page: Vec<char> = (0..=255u8)
            .filter_map(|b| {
                enc.is_single_byte()
                    .then(|| common::peer_char_of(enc, b))
                    .flatten()
            })
            .collect();
        let sample = if enc.is_single_byte() { 0x11_0000 } else { 7 };
        for ch in common::all_scalar_values()
            .step_by(sample)
            // The worst cases of the multi-byte encodings: `€` is one byte
            // of GBK, `ｱ` one of Shift_JIS, `α` alone eight of ISO-2022-JP.
            .chain(['\0', '\u{88}', '\u{800}', '\u{10000}', '€', 'ｱ', 'α'])
            .chain(page)
        {
            if let Ok(bytes) = common::peer_encode(enc, ch.encode_utf8(&mut [0; 4])) {
                max_grow = max_grow.max(bytes.len().div_ceil(ch.len_utf8()));
                // Decoding: only the characters whose bytes decode back to
                // them (EUC-JP writes `‾` as `7E`, which is `~`).
                if enc.decode(&bytes).is_ok_and(|back| back == ch.to_string()) {
                    max_shrink = max_shrink.max(ch.len_utf8().div_ceil(bytes.len()));
                }
            }
        }
        // And input no encoder writes, by encoding_rs where WHATWG has the
        // encoding: the bytes that decode alone (gb18030's `80` is `€`,
        // which it writes as two bytes), and a long run of ISO-2022-JP's
        // half-width katakana, one byte each after `ESC ( I`.
        let katakana = [&b"\x1B(I"[..], &[b'!'; 300]].concat();
        let inputs = (0..=255u8).map(|b| vec![b]).chain([katakana]);
        for input in inputs {
            let text = match whatwg {
                Some(peer_enc) if enc.is_cjk() => peer_enc
                    .decode_without_bom_handling_and_without_replacement(&input)
                    .map(std::borrow::Cow::into_owned),
                _ => None,
            };
            if let Some(text) = text {
                max_shrink = max_shrink.max(text.len().div_ceil(input.len()));
            }
        }
        assert_eq!(grow, max_grow, "{enc:?}");
        assert_eq!(shrink, max_shrink, "{enc:?}");

        let (len, buf, n, valid, decoded_len, back, m) = VIA_ENCODING[k];
        let expected = peer(enc, text);
        assert_eq!((len, n), (expected.len(), expected.len()));
        assert_eq!(buf[..n], expected[..]);
        assert!(valid);
        assert_eq!(decoded_len, text.len());
        assert_eq!(&back[..m], text.as_bytes());
    }
}

/// Each code page's defined bytes, decoded and encoded back in `const`:
/// the text is what the page's peer (`encoding_rs`, `oem_cp`, std) says
/// wherever the peer defines the byte, and the bytes come back.
#[test]
fn every_page_round_trips_in_const() {
    let mut pages = 0;
    for (k, &enc) in ALL.iter().enumerate() {
        let (bytes, n, text, t, back, m) = PAGES[k];
        if !enc.is_single_byte() {
            assert_eq!((n, t, m), (0, 0, 0));
            continue;
        }
        pages += 1;
        let text = std::str::from_utf8(&text[..t]).unwrap();
        assert_eq!(text.chars().count(), n, "{enc:?}");
        // Every byte comes back, but where two bytes decode to one
        // character, which encodes to the lower one.
        assert_eq!(m, n, "{enc:?}");
        for (&b, &again) in bytes[..n].iter().zip(&back[..m]) {
            assert!(
                b == again || (again < b && enc.decode(&[again]).ok() == enc.decode(&[b]).ok()),
                "{enc:?} {b:#04X} came back as {again:#04X}"
            );
        }
        let mut agree = 0;
        for (&b, ch) in bytes[..n].iter().zip(text.chars()) {
            if let Some(peer) = common::peer_char_of(enc, b) {
                if enc
                    .labels()
                    .iter()
                    .any(|l| l.starts_with("cp") || l.len() == 3)
                {
                    // The DOS pages: `oem_cp` follows Microsoft where Python
                    // does not; CONFORMANCE.md lists those bytes.
                    agree += usize::from(peer == ch);
                } else {
                    assert_eq!(peer, ch, "{enc:?} byte {b:#04X}");
                    agree += 1;
                }
            }
        }
        assert!(agree >= n - 8, "{enc:?}: {agree} of {n} as the peer");
    }
    assert_eq!(pages, ALL.iter().filter(|e| e.is_single_byte()).count());
    assert!(pages >= 44);
}

/// Whether std takes every unit for a `char`.
fn std_valid(units: &[u32]) -> bool {
    units.iter().all(|&u| char::from_u32(u).is_some())
}
