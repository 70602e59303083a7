//! The fast paths against the reference loops (`__reference`):
//! every function that has a fast path, on ASCII runs of every length 0..64
//! before and of many lengths after each kind of character and each kind of
//! error (so that every word and block boundary falls at every place of the
//! special sequence), with output buffers of every interesting length around
//! the needed one and the worst case. On success the whole buffer must
//! equal the reference's, so a fast path may not write past the length it
//! returns; on failure the errors must be equal.

use litenc_runtime::{__reference as reference, Encoding, utf16};

use crate::common::pads;

/// ASCII run lengths after the special sequence; before it, every 0..64.
const AFTER: [usize; 11] = [0, 1, 2, 3, 4, 7, 8, 9, 16, 17, 35];
/// The sentinel the output buffers are filled with.
const FILL: u8 = 0xA5;

/// `p` bytes of ASCII, varied so that no word of it is all one byte.
fn ascii(p: usize, salt: u8) -> String {
    (0..p)
        .map(|k| char::from(b'a' + ((k as u8 + salt) % 26)))
        .collect()
}

fn buffer_lens(needed: Option<usize>, worst: usize) -> Vec<usize> {
    let mut v = vec![0, worst.saturating_sub(1), worst, worst + 1];
    if let Some(n) = needed {
        for k in [0, 1, 3, 8] {
            v.push(n + k);
        }
        v.push(n.saturating_sub(1));
    }
    v.sort_unstable();
    v.dedup();
    v
}

fn check_encode(enc: Encoding, text: &str) {
    let expected = reference::encoded_len(enc, text);
    assert_eq!(
        enc.encoded_len(text),
        expected,
        "{enc} encoded_len {text:?}"
    );
    let worst = text.len() * enc.max_bytes_per_utf8_byte();
    if let Ok(n) = expected {
        assert!(n <= worst, "{enc}: {n} > worst case {worst} for {text:?}");
    }
    for len in buffer_lens(expected.ok(), worst) {
        let mut fast = vec![FILL; len];
        let mut slow = vec![FILL; len];
        let got = enc.encode_into(text, &mut fast);
        let want = reference::encode_into(enc, text, &mut slow);
        assert_eq!(got, want, "{enc} encode_into {text:?} into {len}");
        if want.is_ok() {
            assert_eq!(fast, slow, "{enc} encode_into {text:?} into {len}: bytes");
        }
    }
}

fn check_decode(enc: Encoding, bytes: &[u8]) {
    let expected = reference::decoded_len(enc, bytes);
    assert_eq!(
        enc.decoded_len(bytes),
        expected,
        "{enc} decoded_len {bytes:02X?}"
    );
    assert_eq!(
        enc.validate(bytes),
        expected.map(|_| ()),
        "{enc} validate {bytes:02X?}"
    );
    let worst = bytes.len() * enc.max_utf8_bytes_per_byte();
    if let Ok(n) = expected {
        assert!(
            n <= worst,
            "{enc}: {n} > worst case {worst} for {bytes:02X?}"
        );
    }
    for len in buffer_lens(expected.ok(), worst) {
        let mut fast = vec![FILL; len];
        let mut slow = vec![FILL; len];
        let got = enc.decode_into(bytes, &mut fast);
        let want = reference::decode_into(enc, bytes, &mut slow);
        assert_eq!(got, want, "{enc} decode_into {bytes:02X?} into {len}");
        if want.is_ok() {
            assert_eq!(
                fast, slow,
                "{enc} decode_into {bytes:02X?} into {len}: bytes"
            );
        }
    }
}

fn check_units_encode(text: &str) {
    let n = reference::units_len(text);
    assert_eq!(utf16::units_len(text), n, "units_len {text:?}");
    assert_eq!(n, text.encode_utf16().count());
    for len in buffer_lens(Some(n), text.len()) {
        let mut fast = vec![0xA5A5u16; len];
        let mut slow = vec![0xA5A5u16; len];
        let got = utf16::encode_units_into(text, &mut fast);
        let want = reference::encode_units_into(text, &mut slow);
        assert_eq!(got, want, "encode_units_into {text:?} into {len}");
        assert_eq!(fast, slow, "encode_units_into {text:?} into {len}: units");
    }
}

fn check_units_decode(units: &[u16]) {
    let expected = reference::decoded_units_len(units);
    assert_eq!(
        utf16::decoded_units_len(units),
        expected,
        "decoded_units_len {units:04X?}"
    );
    assert_eq!(
        expected.is_ok(),
        String::from_utf16(units).is_ok(),
        "std disagrees on {units:04X?}"
    );
    let worst = units.len() * 3;
    for len in buffer_lens(expected.ok(), worst) {
        let mut fast = vec![FILL; len];
        let mut slow = vec![FILL; len];
        let got = utf16::decode_units_into(units, &mut fast);
        let want = reference::decode_units_into(units, &mut slow);
        assert_eq!(got, want, "decode_units_into {units:04X?} into {len}");
        if want.is_ok() {
            assert_eq!(
                fast, slow,
                "decode_units_into {units:04X?} into {len}: bytes"
            );
        }
    }
}

/// Characters of every UTF-8 length, in and out of Windows-1251, and the
/// ones the CESU family treats specially.
const CHARS: [&str; 11] = [
    "\u{0}",
    "\u{7F}",
    "\u{80}",
    "\u{98}",
    "é",
    "Ж",
    "Ґ",
    "€",
    "中",
    "😀",
    "\u{10FFFF}",
];

#[test]
fn encoders() {
    let mut specials: Vec<String> = CHARS.iter().map(|s| (*s).to_owned()).collect();
    specials.push("Жж".into());
    specials.push("😀😀".into());
    specials.push("Привет, мир".into());
    for special in &specials {
        for p in pads() {
            for q in AFTER {
                let text = format!("{}{special}{}", ascii(p, 0), ascii(q, 7));
                for &enc in Encoding::ALL {
                    check_encode(enc, &text);
                }
                check_units_encode(&text);
            }
        }
    }
}

/// Byte sequences that each decoder must see: valid ones of every kind and
/// every kind of error, including truncation when the suffix is empty.
fn decode_specials(enc: Encoding) -> Vec<Vec<u8>> {
    let text = |s: &str| enc.encode(s).unwrap_or_default();
    match enc {
        Encoding::Utf8 => vec![
            "é".into(),
            "中".into(),
            "😀".into(),
            "Жж".into(),
            vec![0x80],
            vec![0xC0, 0x80],
            vec![0xC2],
            vec![0xE0, 0x80],
            vec![0xE2, 0x82],
            vec![0xED, 0xA0, 0x80],
            vec![0xF0, 0x9F],
            vec![0xF0, 0x9F, 0x98],
            vec![0xF4, 0x90, 0x80, 0x80],
            vec![0xFF],
            vec![0x00],
        ],
        Encoding::Mutf8 | Encoding::Cesu8 => vec![
            text("é"),
            text("中"),
            text("😀"),
            text("😀😀"),
            text("\0"),
            text("Жж"),
            vec![0xED, 0xA0, 0xBD],
            vec![0xED, 0xB8, 0x80],
            vec![0xED, 0xA0, 0xBD, 0xED],
            vec![0xED, 0xA0, 0xBD, 0xED, 0xB8],
            vec![0xED, 0xA0, 0xBD, 0x41],
            vec![0xC0, 0x80],
            vec![0x00],
            vec![0xF0, 0x9F, 0x98, 0x80],
            vec![0xC0],
            vec![0xE0, 0x80],
            vec![0x80],
            vec![0xFF],
        ],
        Encoding::Windows1251 => vec![
            vec![0x80],
            vec![0x88],
            vec![0x98],
            vec![0xC0, 0xFF],
            vec![0xB9, 0x99],
            vec![0x00],
        ],
        Encoding::Utf16Le | Encoding::Utf16Be => {
            let be = enc == Encoding::Utf16Be;
            let units = |us: &[u16]| -> Vec<u8> {
                us.iter()
                    .flat_map(|u| if be { u.to_be_bytes() } else { u.to_le_bytes() })
                    .collect()
            };
            vec![
                units(&[0x7F]),
                units(&[0x80]),
                units(&[0x7FF]),
                units(&[0x800]),
                units(&[0x416, 0x436]),
                units(&[0x4E2D]),
                units(&[0xFFFF]),
                units(&[0xD83D, 0xDE00]),
                units(&[0xD800]),
                units(&[0xDC00]),
                units(&[0xD800, 0x41]),
                units(&[0xDBFF, 0xD800]),
                units(&[0]),
            ]
        }
        enc if enc.is_single_byte() => single_byte_specials(enc)
            .into_iter()
            .map(|(b, _)| vec![b])
            .chain([(0x80..=0xFF).collect()])
            .collect(),
        _ => vec![],
    }
}

/// For a code page: its first undefined byte, and its first bytes whose
/// characters take 2 and 3 bytes of UTF-8, each with its character (`None`
/// for the undefined one).
fn single_byte_specials(enc: Encoding) -> Vec<(u8, Option<char>)> {
    let char_of = |b: u8| enc.decode(&[b]).ok().and_then(|s| s.chars().next());
    let mut v = Vec::new();
    if let Some(b) = (0x80..=0xFF).find(|&b| char_of(b).is_none()) {
        v.push((b, None));
    }
    for width in [2, 3] {
        if let Some(b) = (0x80..=0xFF).find(|&b| char_of(b).is_some_and(|c| c.len_utf8() == width))
        {
            v.push((b, char_of(b)));
        }
    }
    v
}

/// Each code page's own characters of 2 and 3 bytes of UTF-8, behind every
/// ASCII run, through its encoder.
#[test]
fn code_page_encoders() {
    for &enc in Encoding::ALL.iter().filter(|e| e.is_single_byte()) {
        for (_, ch) in single_byte_specials(enc) {
            let Some(ch) = ch else { continue };
            for p in pads() {
                for q in AFTER {
                    check_encode(enc, &format!("{}{ch}{}", ascii(p, 0), ascii(q, 7)));
                }
            }
        }
    }
}

#[test]
fn decoders() {
    for &enc in Encoding::ALL {
        let unit = enc.unit_size();
        for special in decode_specials(enc) {
            for p in pads() {
                for q in AFTER {
                    let ascii_bytes = |n: usize, salt: u8| -> Vec<u8> {
                        let s = ascii(n, salt);
                        if unit == 2 {
                            enc.encode(&s).unwrap()
                        } else {
                            s.into_bytes()
                        }
                    };
                    let mut bytes = ascii_bytes(p, 3);
                    bytes.extend_from_slice(&special);
                    bytes.extend(ascii_bytes(q, 11));
                    check_decode(enc, &bytes);
                    if unit == 2 {
                        // And with an odd byte at the end.
                        bytes.push(0x41);
                        check_decode(enc, &bytes);
                    }
                }
            }
        }
    }
}

#[test]
fn unit_decoders() {
    let specials: [&[u16]; 11] = [
        &[0x7F],
        &[0x80],
        &[0x7FF],
        &[0x800],
        &[0x4E2D, 0x416],
        &[0xFFFF],
        &[0xD83D, 0xDE00],
        &[0xD800],
        &[0xDC00],
        &[0xD800, 0x41],
        &[0xDBFF, 0xD800],
    ];
    for special in specials {
        for p in pads() {
            for q in AFTER {
                let mut units: Vec<u16> = ascii(p, 5).encode_utf16().collect();
                units.extend_from_slice(special);
                units.extend(ascii(q, 1).encode_utf16());
                check_units_decode(&units);
            }
        }
    }
}

/// The documented worst cases are reached, so they are tight, and a buffer
/// of that size always works.
#[test]
fn worst_cases() {
    let cases: [(Encoding, &str); 6] = [
        (Encoding::Utf8, "a"),
        (Encoding::Utf16Le, "a"),
        (Encoding::Utf16Be, "a"),
        (Encoding::Mutf8, "\0"),
        // 4 bytes to 6: 1.5, which the method rounds up to 2.
        (Encoding::Cesu8, "😀"),
        (Encoding::Windows1251, "a"),
    ];
    for (enc, text) in cases {
        let n = enc.encoded_len(text).unwrap();
        assert!(n <= text.len() * enc.max_bytes_per_utf8_byte());
        assert!(
            n > (enc.max_bytes_per_utf8_byte() - 1) * text.len(),
            "{enc} bound not tight"
        );
    }
    let decode_cases: [(Encoding, &[u8]); 6] = [
        (Encoding::Utf8, b"a"),
        // U+0800 is 2 bytes in and 3 out: 1.5, rounded up to 2.
        (Encoding::Utf16Le, &[0x00, 0x08]),
        (Encoding::Utf16Be, &[0x08, 0x00]),
        (Encoding::Mutf8, b"a"),
        (Encoding::Cesu8, b"a"),
        (Encoding::Windows1251, &[0x88]),
    ];
    for (enc, bytes) in decode_cases {
        let n = enc.decoded_len(bytes).unwrap();
        assert!(n <= bytes.len() * enc.max_utf8_bytes_per_byte());
        assert!(
            n > (enc.max_utf8_bytes_per_byte() - 1) * bytes.len(),
            "{enc} bound not tight"
        );
    }
}
