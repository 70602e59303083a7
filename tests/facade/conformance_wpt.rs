//! Standard vectors: the test cases of the
//! web-platform-tests `encoding/` suite for UTF-8, UTF-16LE/BE and
//! Windows-1251, in fatal (strict: `validate`/`decode`) and replacement
//! (`decode_lossy`) modes, transcribed from the files named above each
//! group (repository `web-platform-tests/wpt`; where the stored upstream
//! copy was an older `.html`, or only the `bocoup/wpt` mirror held the
//! `.any.js`, that is said). The vectors are facts about the WHATWG
//! Encoding Standard; the JS harness code is not copied.
//!
//! One policy difference is known and tested as such: the WHATWG
//! `TextDecoder` strips a leading byte-order mark by default, litenc keeps it
//! as U+FEFF, as `TextDecoder` does with `ignoreBOM: true`.

use litenc::{utf16be, utf16le, utf8, windows1251, DecodeErrorKind};

/// Swaps the bytes of each UTF-16 unit: LE vectors to BE.
fn swap16(b: &[u8]) -> Vec<u8> {
    let mut v = b.to_vec();
    for pair in v.chunks_exact_mut(2) {
        pair.swap(0, 1);
    }
    v
}

// web-platform-tests/wpt encoding/textdecoder-fatal.html (commit 7f567fa;
// upstream today encoding/textdecoder-fatal.any.js), "Fatal flag: <encoding>
// - <name>": every input must throw with `fatal: true`.
const FATAL_UTF8: &[(&str, &[u8])] = &[
    ("invalid code", &[0xFF]),
    ("ends early", &[0xC0]),
    ("ends early 2", &[0xE0]),
    ("invalid trail", &[0xC0, 0x00]),
    ("invalid trail 2", &[0xC0, 0xC0]),
    ("invalid trail 3", &[0xE0, 0x00]),
    ("invalid trail 4", &[0xE0, 0xC0]),
    ("invalid trail 5", &[0xE0, 0x80, 0x00]),
    ("invalid trail 6", &[0xE0, 0x80, 0xC0]),
    ("> 0x10FFFF", &[0xFC, 0x80, 0x80, 0x80, 0x80, 0x80]),
    ("obsolete lead byte", &[0xFE, 0x80, 0x80, 0x80, 0x80, 0x80]),
    ("overlong U+0000 - 2 bytes", &[0xC0, 0x80]),
    ("overlong U+0000 - 3 bytes", &[0xE0, 0x80, 0x80]),
    ("overlong U+0000 - 4 bytes", &[0xF0, 0x80, 0x80, 0x80]),
    ("overlong U+0000 - 5 bytes", &[0xF8, 0x80, 0x80, 0x80, 0x80]),
    (
        "overlong U+0000 - 6 bytes",
        &[0xFC, 0x80, 0x80, 0x80, 0x80, 0x80],
    ),
    ("overlong U+007F - 2 bytes", &[0xC1, 0xBF]),
    ("overlong U+007F - 3 bytes", &[0xE0, 0x81, 0xBF]),
    ("overlong U+007F - 4 bytes", &[0xF0, 0x80, 0x81, 0xBF]),
    ("overlong U+007F - 5 bytes", &[0xF8, 0x80, 0x80, 0x81, 0xBF]),
    (
        "overlong U+007F - 6 bytes",
        &[0xFC, 0x80, 0x80, 0x80, 0x81, 0xBF],
    ),
    ("overlong U+07FF - 3 bytes", &[0xE0, 0x9F, 0xBF]),
    ("overlong U+07FF - 4 bytes", &[0xF0, 0x80, 0x9F, 0xBF]),
    ("overlong U+07FF - 5 bytes", &[0xF8, 0x80, 0x80, 0x9F, 0xBF]),
    (
        "overlong U+07FF - 6 bytes",
        &[0xFC, 0x80, 0x80, 0x80, 0x9F, 0xBF],
    ),
    ("overlong U+FFFF - 4 bytes", &[0xF0, 0x8F, 0xBF, 0xBF]),
    ("overlong U+FFFF - 5 bytes", &[0xF8, 0x80, 0x8F, 0xBF, 0xBF]),
    (
        "overlong U+FFFF - 6 bytes",
        &[0xFC, 0x80, 0x80, 0x8F, 0xBF, 0xBF],
    ),
    (
        "overlong U+10FFFF - 5 bytes",
        &[0xF8, 0x84, 0x8F, 0xBF, 0xBF],
    ),
    (
        "overlong U+10FFFF - 6 bytes",
        &[0xFC, 0x80, 0x84, 0x8F, 0xBF, 0xBF],
    ),
    ("lead surrogate", &[0xED, 0xA0, 0x80]),
    ("trail surrogate", &[0xED, 0xB0, 0x80]),
    ("surrogate pair", &[0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80]),
];

#[test]
fn wpt_textdecoder_fatal_utf8() {
    for (name, bytes) in FATAL_UTF8 {
        let err = utf8::validate(bytes).expect_err(name);
        assert!(utf8::decode(bytes).is_err(), "{name}");
        // The error is where std puts it, and replacement mode is std's.
        let std_err = core::str::from_utf8(bytes).unwrap_err();
        assert_eq!(
            (err.valid_up_to(), err.error_len()),
            (std_err.valid_up_to(), std_err.error_len()),
            "{name}"
        );
        assert_eq!(
            utf8::decode_lossy(bytes),
            String::from_utf8_lossy(bytes),
            "{name}"
        );
    }
}

#[test]
fn wpt_textdecoder_fatal_utf16le_truncated_code_unit() {
    // Same file: "Fatal flag: utf-16le - truncated code unit".
    let err = utf16le::validate(&[0x00]).unwrap_err();
    assert_eq!(err.kind(), DecodeErrorKind::Truncated);
    assert_eq!(utf16le::decode_lossy(&[0x00]), "\u{FFFD}");
    // The same for BE (not in WPT: the byte order does not matter here).
    assert!(utf16be::validate(&[0x00]).is_err());
}

// web-platform-tests/wpt encoding/textdecoder-utf16-surrogates.html (commit
// 7f567fa; upstream today .any.js): "utf-16le - <name>" expects the output in
// replacement mode, and "(fatal flag set)" expects a throw. The BE inputs
// are the same units byte-swapped (not in WPT).
const UTF16_SURROGATES: &[(&str, &[u8], &str)] = &[
    ("lone surrogate lead", &[0x00, 0xD8], "\u{FFFD}"),
    ("lone surrogate trail", &[0x00, 0xDC], "\u{FFFD}"),
    (
        "unmatched surrogate lead",
        &[0x00, 0xD8, 0x00, 0x00],
        "\u{FFFD}\u{0}",
    ),
    (
        "unmatched surrogate trail",
        &[0x00, 0xDC, 0x00, 0x00],
        "\u{FFFD}\u{0}",
    ),
    (
        "swapped surrogate pair",
        &[0x00, 0xDC, 0x00, 0xD8],
        "\u{FFFD}\u{FFFD}",
    ),
];

#[test]
fn wpt_textdecoder_utf16_surrogates() {
    for (name, le, expected) in UTF16_SURROGATES {
        assert_eq!(utf16le::decode_lossy(le), *expected, "{name}");
        assert!(utf16le::validate(le).is_err(), "{name} (fatal)");
        assert!(utf16le::decode(le).is_err(), "{name} (fatal)");
        let be = swap16(le);
        assert_eq!(utf16be::decode_lossy(&be), *expected, "{name} (BE)");
        assert!(utf16be::validate(&be).is_err(), "{name} (BE, fatal)");
    }
}

// web-platform-tests/wpt encoding/textdecoder-eof.any.js, "TextDecoder
// end-of-queue handling" (UTF-8 cases), and the UTF-8 cases of "...using
// stream: true" whose chunks, joined, make one input (a streaming decoder
// gives the same text as a one-shot decode of the joined chunks).
const EOF_UTF8: &[(&[u8], &str)] = &[
    (&[0xF0], "\u{FFFD}"),
    (&[0xF0, 0x9F], "\u{FFFD}"),
    (&[0xF0, 0x9F, 0x92], "\u{FFFD}"),
    (&[0xF0, 0x9F, 0x41], "\u{FFFD}A"),
    (&[0xF0, 0x41, 0x42], "\u{FFFD}AB"),
    (&[0xF0, 0x41, 0xF0], "\u{FFFD}A\u{FFFD}"),
    (&[0xF0, 0x8F, 0x92], "\u{FFFD}\u{FFFD}\u{FFFD}"),
    (&[0xF0, 0xC2, 0x80, 0x2A], "\u{FFFD}\u{80}*"),
];

// web-platform-tests/wpt encoding/textdecoder-streaming.any.js, "Streaming
// decode: UTF-8 chunk tests": each group of chunks up to a final
// (non-streaming) decode, joined into one input.
const STREAMING_UTF8_CHUNKS: &[(&[u8], &str)] = &[
    (&[0xC1], "\u{FFFD}"),
    (&[0xF5], "\u{FFFD}"),
    (&[0xE0, 0x41, 0x42], "\u{FFFD}AB"),
    (&[0xE0, 0x80, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}"),
    (&[0xED, 0xA0, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}"),
    (&[0xF0, 0x41, 0x42, 0x43], "\u{FFFD}ABC"),
    (
        &[0xF0, 0x80, 0x80, 0x80],
        "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}",
    ),
    (
        &[0xF4, 0xA0, 0x80, 0x80],
        "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}",
    ),
    (&[0xF0, 0x90, 0x41, 0x42], "\u{FFFD}AB"),
    (&[0xF0, 0x9F, 0x92, 0xA9], "\u{1F4A9}"),
];

#[test]
fn wpt_utf8_replacement_mode() {
    for (bytes, expected) in EOF_UTF8.iter().chain(STREAMING_UTF8_CHUNKS) {
        assert_eq!(utf8::decode_lossy(bytes), *expected, "{bytes:02X?}");
        // Fatal mode: throws exactly when replacement mode replaced something.
        assert_eq!(
            utf8::decode(bytes).is_err(),
            expected.contains('\u{FFFD}'),
            "{bytes:02X?}"
        );
    }
}

// web-platform-tests/wpt encoding/textdecoder-streaming.any.js, "Streaming
// decode: <encoding>, <n> byte window": the string and its octets. Decoded
// in one go here (litenc has no streaming decoder), and encoded back.
const STREAMING_STRING: &str =
    "\u{0}123ABCabc\u{80}\u{FF}\u{100}\u{1000}\u{FFFD}\u{10000}\u{10FFFF}";
const STREAMING_UTF8: &[u8] = &[
    0x00, 0x31, 0x32, 0x33, 0x41, 0x42, 0x43, 0x61, 0x62, 0x63, 0xC2, 0x80, 0xC3, 0xBF, 0xC4, 0x80,
    0xE1, 0x80, 0x80, 0xEF, 0xBF, 0xBD, 0xF0, 0x90, 0x80, 0x80, 0xF4, 0x8F, 0xBF, 0xBF,
];
const STREAMING_UTF16LE: &[u8] = &[
    0x00, 0x00, 0x31, 0x00, 0x32, 0x00, 0x33, 0x00, 0x41, 0x00, 0x42, 0x00, 0x43, 0x00, 0x61, 0x00,
    0x62, 0x00, 0x63, 0x00, 0x80, 0x00, 0xFF, 0x00, 0x00, 0x01, 0x00, 0x10, 0xFD, 0xFF, 0x00, 0xD8,
    0x00, 0xDC, 0xFF, 0xDB, 0xFF, 0xDF,
];
const STREAMING_UTF16BE: &[u8] = &[
    0x00, 0x00, 0x00, 0x31, 0x00, 0x32, 0x00, 0x33, 0x00, 0x41, 0x00, 0x42, 0x00, 0x43, 0x00, 0x61,
    0x00, 0x62, 0x00, 0x63, 0x00, 0x80, 0x00, 0xFF, 0x01, 0x00, 0x10, 0x00, 0xFF, 0xFD, 0xD8, 0x00,
    0xDC, 0x00, 0xDB, 0xFF, 0xDF, 0xFF,
];

// web-platform-tests/wpt encoding/api-basics.html, "Encoding API basics":
// z, cent, CJK water, G clef, PUA U+F8FF, PUA U+10FFFD, U+FFFE.
const BASICS_STRING: &str = "z\u{A2}\u{6C34}\u{1D11E}\u{F8FF}\u{10FFFD}\u{FFFE}";
const BASICS_UTF8: &[u8] = &[
    0x7A, 0xC2, 0xA2, 0xE6, 0xB0, 0xB4, 0xF0, 0x9D, 0x84, 0x9E, 0xEF, 0xA3, 0xBF, 0xF4, 0x8F, 0xBF,
    0xBD, 0xEF, 0xBF, 0xBE,
];
const BASICS_UTF16LE: &[u8] = &[
    0x7A, 0x00, 0xA2, 0x00, 0x34, 0x6C, 0x34, 0xD8, 0x1E, 0xDD, 0xFF, 0xF8, 0xFF, 0xDB, 0xFD, 0xDF,
    0xFE, 0xFF,
];
const BASICS_UTF16BE: &[u8] = &[
    0x00, 0x7A, 0x00, 0xA2, 0x6C, 0x34, 0xD8, 0x34, 0xDD, 0x1E, 0xF8, 0xFF, 0xDB, 0xFF, 0xDF, 0xFD,
    0xFF, 0xFE,
];

#[test]
fn wpt_sample_strings_encode_and_decode() {
    for (string, u8s, le, be) in [
        (
            STREAMING_STRING,
            STREAMING_UTF8,
            STREAMING_UTF16LE,
            STREAMING_UTF16BE,
        ),
        (BASICS_STRING, BASICS_UTF8, BASICS_UTF16LE, BASICS_UTF16BE),
    ] {
        assert_eq!(utf8::encode(string).unwrap(), u8s);
        assert_eq!(utf8::decode(u8s).unwrap(), string);
        assert_eq!(utf16le::encode(string).unwrap(), le);
        assert_eq!(utf16le::decode(le).unwrap(), string);
        assert_eq!(utf16be::encode(string).unwrap(), be);
        assert_eq!(utf16be::decode(be).unwrap(), string);
        assert_eq!(utf16le::decode_lossy(le), string);
        assert_eq!(utf16be::decode_lossy(be), string);
    }
}

// web-platform-tests/wpt encoding/textdecoder-byte-order-marks.any.js
// ("Byte-order marks: <encoding>", from the bocoup/wpt mirror) and
// encoding/textdecoder-ignorebom.any.js ("BOM is ignored if ignoreBOM option
// is specified", same mirror). TextDecoder strips a matching BOM by default;
// litenc keeps it, which is TextDecoder's `ignoreBOM: true` behaviour.
const BOM_STRING: &str = "z\u{A2}\u{6C34}\u{1D11E}\u{10FFFD}";
const BOM_CASES: &[(&str, &[u8], &[u8])] = &[
    (
        "utf-8",
        &[0xEF, 0xBB, 0xBF],
        &[
            0x7A, 0xC2, 0xA2, 0xE6, 0xB0, 0xB4, 0xF0, 0x9D, 0x84, 0x9E, 0xF4, 0x8F, 0xBF, 0xBD,
        ],
    ),
    (
        "utf-16le",
        &[0xFF, 0xFE],
        &[
            0x7A, 0x00, 0xA2, 0x00, 0x34, 0x6C, 0x34, 0xD8, 0x1E, 0xDD, 0xFF, 0xDB, 0xFD, 0xDF,
        ],
    ),
    (
        "utf-16be",
        &[0xFE, 0xFF],
        &[
            0x00, 0x7A, 0x00, 0xA2, 0x6C, 0x34, 0xD8, 0x34, 0xDD, 0x1E, 0xDB, 0xFF, 0xDF, 0xFD,
        ],
    ),
];

fn decode_by_name(name: &str, bytes: &[u8]) -> (Result<String, litenc::DecodeError>, String) {
    match name {
        "utf-8" => (utf8::decode(bytes), utf8::decode_lossy(bytes).into_owned()),
        "utf-16le" => (
            utf16le::decode(bytes),
            utf16le::decode_lossy(bytes).into_owned(),
        ),
        _ => (
            utf16be::decode(bytes),
            utf16be::decode_lossy(bytes).into_owned(),
        ),
    }
}

#[test]
fn wpt_byte_order_marks() {
    for (name, bom, bytes) in BOM_CASES {
        assert_eq!(decode_by_name(name, bytes).0.unwrap(), BOM_STRING, "{name}");
        // Known difference: the BOM stays, as U+FEFF (ignoreBOM: true).
        let with_bom = [*bom, *bytes].concat();
        assert_eq!(
            decode_by_name(name, &with_bom).0.unwrap(),
            format!("\u{FEFF}{BOM_STRING}")
        );
        // "Mismatching BOM should not be ignored - treated as garbage bytes."
        for (other, other_bom, _) in BOM_CASES {
            if other != name {
                let (strict, lossy) = decode_by_name(name, &[*other_bom, *bytes].concat());
                assert_ne!(
                    strict.as_deref().ok(),
                    Some(BOM_STRING),
                    "{name} with {other} BOM"
                );
                assert_ne!(lossy, BOM_STRING, "{name} with {other} BOM");
            }
        }
    }
    // textdecoder-ignorebom: "BOM should be present in decoded string if ignored".
    for (name, bytes) in [
        ("utf-8", &[0xEF, 0xBB, 0xBF, 0x61, 0x62, 0x63][..]),
        (
            "utf-16le",
            &[0xFF, 0xFE, 0x61, 0x00, 0x62, 0x00, 0x63, 0x00],
        ),
        (
            "utf-16be",
            &[0xFE, 0xFF, 0x00, 0x61, 0x00, 0x62, 0x00, 0x63],
        ),
    ] {
        assert_eq!(
            decode_by_name(name, bytes).0.unwrap(),
            "\u{FEFF}abc",
            "{name}"
        );
    }
}

// web-platform-tests/wpt encoding/single-byte-decoder.any.js: the
// "windows-1251" entry of its copy of the WHATWG index (code points of bytes
// 0x80..=0xFF), which every variant (TextDecoder, document, XMLHttpRequest)
// checks byte by byte; 152 = U+0098 at 0x98.
const WPT_WINDOWS_1251: [u16; 128] = [
    1026, 1027, 8218, 1107, 8222, 8230, 8224, 8225, 8364, 8240, 1033, 8249, 1034, 1036, 1035, 1039,
    1106, 8216, 8217, 8220, 8221, 8226, 8211, 8212, 152, 8482, 1113, 8250, 1114, 1116, 1115, 1119,
    160, 1038, 1118, 1032, 164, 1168, 166, 167, 1025, 169, 1028, 171, 172, 173, 174, 1031, 176,
    177, 1030, 1110, 1169, 181, 182, 183, 1105, 8470, 1108, 187, 1112, 1029, 1109, 1111, 1040,
    1041, 1042, 1043, 1044, 1045, 1046, 1047, 1048, 1049, 1050, 1051, 1052, 1053, 1054, 1055, 1056,
    1057, 1058, 1059, 1060, 1061, 1062, 1063, 1064, 1065, 1066, 1067, 1068, 1069, 1070, 1071, 1072,
    1073, 1074, 1075, 1076, 1077, 1078, 1079, 1080, 1081, 1082, 1083, 1084, 1085, 1086, 1087, 1088,
    1089, 1090, 1091, 1092, 1093, 1094, 1095, 1096, 1097, 1098, 1099, 1100, 1101, 1102, 1103,
];

#[test]
fn wpt_single_byte_windows_1251() {
    for byte in 0..=0xFFu8 {
        let expected = if byte < 0x80 {
            char::from(byte)
        } else {
            char::from_u32(u32::from(WPT_WINDOWS_1251[usize::from(byte - 0x80)])).unwrap()
        };
        assert_eq!(windows1251::decode_byte(byte), expected, "byte {byte:#04X}");
        assert_eq!(windows1251::decode(&[byte]).unwrap(), expected.to_string());
        assert_eq!(
            windows1251::encode_char(expected),
            Some(byte),
            "{expected:?}"
        );
        // encoding/textdecoder-fatal-single-byte.any.js: windows-1251 has
        // no bad bytes, so fatal mode never throws ("Not throw: windows-1251
        // has a pointer <i>").
        assert!(windows1251::validate(&[byte]).is_ok());
    }
    let all: Vec<u8> = (0..=0xFF).collect();
    assert_eq!(
        windows1251::encode(&windows1251::decode(&all).unwrap()).unwrap(),
        all
    );
}
