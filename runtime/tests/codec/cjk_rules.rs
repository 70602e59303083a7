//! The places where the WHATWG Encoding Standard's encoders choose among
//! several codes, and the decoders' special cases, checked against the
//! index files themselves (read here by a parser of this file's own) and
//! the rules as the standard writes them:
//!
//! - Shift_JIS skips index jis0208's pointers 8272 to 8835 (NEC's copies of
//!   IBM's extensions) for the IBM originals; EUC-JP and ISO-2022-JP take
//!   the first pointer of every duplicate;
//! - Big5 never writes a pointer below (0xA1 - 0x81) × 157 (the Hong Kong
//!   extensions), and writes the last pointer of U+2550, U+255E, U+2561,
//!   U+256A, U+5341 and U+5345, the first of the other duplicates;
//! - gb18030 writes what index gb18030 lacks as four bytes of its ranges,
//!   refuses U+E5E5 and writes its own table's eighteen Private Use
//!   characters; GBK writes none of the four-byte codes, and `€` as `80`;
//! - the decoders: Shift_JIS's end-user-defined area, Big5's four codes of
//!   two code points, gb18030's ranges and their ends.

use std::collections::BTreeMap;

use litenc_runtime::{Encoding, big5, euc_jp, gb18030, gbk, iso_2022_jp, shift_jis};

/// `(pointer, code point)` of `data/whatwg/index-<name>.txt`.
fn index(name: &str) -> Vec<(u32, u32)> {
    let path = format!(
        "{}/../data/whatwg/index-{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut f = l.split('\t');
            let p = f.next().unwrap().trim().parse().unwrap();
            let c =
                u32::from_str_radix(f.next().unwrap().trim().trim_start_matches("0x"), 16).unwrap();
            (p, c)
        })
        .collect()
}

/// Every pointer of each code point, in order.
fn pointers_of(entries: &[(u32, u32)]) -> BTreeMap<u32, Vec<u32>> {
    let mut m: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for &(p, c) in entries {
        m.entry(c).or_default().push(p);
    }
    for v in m.values_mut() {
        v.sort_unstable();
    }
    m
}

fn sjis_bytes(p: u32) -> Vec<u8> {
    let lead = p / 188;
    let trail = p % 188;
    let lo = if lead < 0x1F { 0x81 } else { 0xC1 };
    let off = if trail < 0x3F { 0x40 } else { 0x41 };
    vec![(lead + lo) as u8, (trail + off) as u8]
}

fn s(c: u32) -> String {
    char::from_u32(c).unwrap().to_string()
}

#[test]
fn jis0208_duplicates_and_the_shift_jis_skip() {
    let entries = index("jis0208");
    let mut checked = 0;
    for (c, ps) in pointers_of(&entries) {
        // U+2212 is written as U+FF0D; its own pointers are never used.
        if c == 0xFF0D || c == 0x2212 {
            continue;
        }
        let first = ps[0];
        let eucjp = vec![(first / 94 + 0xA1) as u8, (first % 94 + 0xA1) as u8];
        assert_eq!(euc_jp::encode(&s(c)).unwrap(), eucjp, "EUC-JP U+{c:04X}");
        let iso = [
            &b"\x1B$B"[..],
            &[(first / 94 + 0x21) as u8, (first % 94 + 0x21) as u8],
            b"\x1B(B",
        ]
        .concat();
        assert_eq!(
            iso_2022_jp::encode(&s(c)).unwrap(),
            iso,
            "ISO-2022-JP U+{c:04X}"
        );
        let sjis = *ps.iter().find(|p| !(8272..=8835).contains(*p)).unwrap();
        assert_eq!(
            shift_jis::encode(&s(c)).unwrap(),
            sjis_bytes(sjis),
            "Shift_JIS U+{c:04X}"
        );
        if ps.len() > 1 {
            checked += 1;
        }
    }
    // 396 code points have two pointers or more; 373 first ones are in the
    // skipped range.
    assert_eq!(checked, 396);
    let skipped = entries
        .iter()
        .filter(|&&(p, c)| (8272..=8835).contains(&p) && pointers_of(&entries)[&c][0] == p)
        .count();
    assert_eq!(skipped, 373);
    // U+2212 and U+FF0D: both the code of U+FF0D.
    assert_eq!(
        shift_jis::encode("\u{2212}").unwrap(),
        shift_jis::encode("\u{FF0D}").unwrap()
    );
    assert_eq!(euc_jp::encode("\u{2212}").unwrap(), b"\xA1\xDD");
}

#[test]
fn big5_encoder_choices() {
    let entries = index("big5");
    let last = [0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345];
    let bytes = |p: u32| {
        let t = p % 157;
        vec![
            (p / 157 + 0x81) as u8,
            (t + if t < 0x3F { 0x40 } else { 0x62 }) as u8,
        ]
    };
    let mut hk_only = 0;
    for (c, ps) in pointers_of(&entries) {
        let kept: Vec<u32> = ps
            .iter()
            .copied()
            .filter(|&p| p >= (0xA1 - 0x81) * 157)
            .collect();
        let text = s(c);
        match (kept.first(), kept.last()) {
            (None, _) => {
                hk_only += 1;
                assert!(
                    big5::encode(&text).is_err(),
                    "U+{c:04X} is only in the Hong Kong part"
                );
            }
            (Some(&first), Some(&l)) => {
                let want = if last.contains(&c) { l } else { first };
                assert_eq!(big5::encode(&text).unwrap(), bytes(want), "U+{c:04X}");
            }
            _ => unreachable!(),
        }
    }
    assert!(hk_only > 3000, "{hk_only}");
    for c in last {
        let ps = &pointers_of(&entries)[&c];
        assert!(ps.len() >= 2, "U+{c:04X} has one pointer");
    }
}

#[test]
fn gb18030_encoder_choices() {
    let entries = index("gb18030");
    let map = pointers_of(&entries);
    let ranges = index("gb18030-ranges");
    let four = |mut p: u32| {
        let b1 = p / 12600;
        p %= 12600;
        let b2 = p / 1260;
        p %= 1260;
        vec![
            (b1 + 0x81) as u8,
            (b2 + 0x30) as u8,
            (p / 10 + 0x81) as u8,
            (p % 10 + 0x30) as u8,
        ]
    };
    let pua: BTreeMap<u32, [u8; 2]> = [
        (0xE78D, [0xA6, 0xD9]),
        (0xE78E, [0xA6, 0xDA]),
        (0xE78F, [0xA6, 0xDB]),
        (0xE790, [0xA6, 0xDC]),
        (0xE791, [0xA6, 0xDD]),
        (0xE792, [0xA6, 0xDE]),
        (0xE793, [0xA6, 0xDF]),
        (0xE794, [0xA6, 0xEC]),
        (0xE795, [0xA6, 0xED]),
        (0xE796, [0xA6, 0xF3]),
        (0xE81E, [0xFE, 0x59]),
        (0xE826, [0xFE, 0x61]),
        (0xE82B, [0xFE, 0x66]),
        (0xE82C, [0xFE, 0x67]),
        (0xE832, [0xFE, 0x6D]),
        (0xE843, [0xFE, 0x7E]),
        (0xE854, [0xFE, 0x90]),
        (0xE864, [0xFE, 0xA0]),
    ]
    .into_iter()
    .collect();
    for cp in (0x80..=0x10_FFFFu32)
        .step_by(1)
        .filter(|&c| c <= 0xFFFF || c % 37 == 0)
    {
        let Some(ch) = char::from_u32(cp) else {
            continue;
        };
        let text = ch.to_string();
        let got = gb18030::encode(&text).ok();
        let want = if cp == 0xE5E5 {
            None
        } else if let Some(b) = pua.get(&cp) {
            Some(b.to_vec())
        } else if let Some(ps) = map.get(&cp) {
            let p = ps[0];
            let t = p % 190;
            Some(vec![
                (p / 190 + 0x81) as u8,
                (t + if t < 0x3F { 0x40 } else { 0x41 }) as u8,
            ])
        } else {
            let pointer = if cp == 0xE7C7 {
                7457
            } else {
                let &(p, c) = ranges.iter().rfind(|&&(_, c)| c <= cp).unwrap();
                p + cp - c
            };
            Some(four(pointer))
        };
        assert_eq!(got, want, "gb18030 U+{cp:04X}");
        // GBK: the same two-byte codes, no four-byte ones, € as 80.
        let gbk_want = match &want {
            _ if cp == 0x20AC => Some(vec![0x80]),
            Some(b) if b.len() == 2 => want.clone(),
            _ => None,
        };
        assert_eq!(gbk::encode(&text).ok(), gbk_want, "GBK U+{cp:04X}");
    }
}

#[test]
fn decoders_special_cases() {
    // Shift_JIS: the end-user-defined area, pointers 8836..=10715.
    assert_eq!(shift_jis::decode(&sjis_bytes(8836)).unwrap(), "\u{E000}");
    assert_eq!(shift_jis::decode(&sjis_bytes(10715)).unwrap(), "\u{E757}");
    assert!(shift_jis::encode("\u{E000}").is_err());
    // Big5: four codes of two code points; the encoder writes no Hong Kong
    // code, and these characters have no other.
    for (b, t) in [
        (b"\x88\x62", "\u{CA}\u{304}"),
        (b"\x88\x64", "\u{CA}\u{30C}"),
        (b"\x88\xA3", "\u{EA}\u{304}"),
        (b"\x88\xA5", "\u{EA}\u{30C}"),
    ] {
        assert_eq!(big5::decode(b).unwrap(), t);
        assert!(big5::encode(t).is_err());
    }
    // gb18030: the ends of the ranges, and U+E7C7's pointer.
    let four = |b: &[u8]| gb18030::decode(b);
    assert_eq!(four(b"\x81\x30\x81\x30").unwrap(), "\u{80}");
    assert_eq!(four(b"\x84\x31\xA4\x39").unwrap(), "\u{FFFF}");
    assert!(four(b"\x84\x31\xA5\x30").is_err());
    assert_eq!(four(b"\x90\x30\x81\x30").unwrap(), "\u{10000}");
    assert_eq!(four(b"\xE3\x32\x9A\x35").unwrap(), "\u{10FFFF}");
    assert!(four(b"\xE3\x32\x9A\x36").is_err());
    assert_eq!(four(b"\x81\x35\xF4\x37").unwrap(), "\u{E7C7}");
    assert_eq!(four(b"\xA3\xA0").unwrap(), "\u{3000}");
    assert_eq!(gbk::decode(b"\x80\x81\x30\x81\x30").unwrap(), "€\u{80}");
    // The encodings' names are the standard's.
    let names: Vec<&str> = Encoding::ALL
        .iter()
        .filter(|e| e.is_cjk())
        .map(|e| e.name())
        .collect();
    assert_eq!(
        names,
        [
            "GBK",
            "gb18030",
            "Big5",
            "EUC-JP",
            "ISO-2022-JP",
            "Shift_JIS",
            "EUC-KR"
        ]
    );
}

const CJK: [Encoding; 7] = [
    Encoding::Gbk,
    Encoding::Gb18030,
    Encoding::Big5,
    Encoding::EucJp,
    Encoding::Iso2022Jp,
    Encoding::ShiftJis,
    Encoding::EucKr,
];

/// `max_bytes_per_utf8_byte` and `max_utf8_bytes_per_byte` are the true
/// worst cases: the largest ratio of any character (rounded up) is the
/// bound, and every text stays within it, since a text's output is the sum
/// of its characters' (ISO-2022-JP's escape sequences aside: every pair of
/// characters of its kinds is checked, each with the escape sequences it
/// brings and the one the text ends with).
#[test]
fn buffer_bounds_are_the_worst_cases() {
    for enc in CJK {
        let mut grow = 0;
        for ch in (0..=0x10_FFFFu32).filter_map(char::from_u32) {
            let text = ch.to_string();
            if let Ok(n) = enc.encoded_len(&text) {
                grow = grow.max(n.div_ceil(text.len()));
            }
        }
        assert_eq!(grow, enc.max_bytes_per_utf8_byte(), "{enc} encoding");
        // Every byte alone and every pair of bytes: the sequences of one
        // or two bytes; EUC-JP's three-byte and gb18030's four-byte codes
        // give at most four bytes of UTF-8 for three or four.
        let mut shrink = 0;
        for n in 0..=0xFFFFu32 {
            for input in [&[n as u8][..], &[(n >> 8) as u8, n as u8]] {
                if let Ok(len) = enc.decoded_len(input) {
                    shrink = shrink.max(len.div_ceil(input.len()));
                }
            }
        }
        if enc == Encoding::Iso2022Jp {
            // One byte a character after `ESC ( I`, three bytes of UTF-8.
            let katakana = [&b"\x1B(I"[..], &[0x21; 300]].concat();
            let len = enc.decoded_len(&katakana).unwrap();
            assert_eq!(len, 900);
            shrink = shrink.max(len.div_ceil(katakana.len()));
        }
        assert_eq!(shrink, enc.max_utf8_bytes_per_byte(), "{enc} decoding");
    }
    // ISO-2022-JP: every pair of characters of each kind it writes apart.
    let kinds = ['a', '\\', '~', '¥', '‾', 'α', 'あ', 'ｱ', '\0'];
    for a in kinds {
        for b in kinds {
            for text in [format!("{a}{b}"), format!("{a}"), format!("{a}{b}{a}")] {
                let n = Encoding::Iso2022Jp.encoded_len(&text).unwrap();
                assert!(n <= 4 * text.len(), "{text:?}: {n}");
            }
        }
    }
    assert_eq!(Encoding::Iso2022Jp.encoded_len("α"), Ok(8));
}
