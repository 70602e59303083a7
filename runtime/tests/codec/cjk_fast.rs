//! The run-time twins of the multi-byte encodings (`litenc_runtime::fast`,
//! one-pass kernels with blocks of four characters and AVX2 ASCII runs)
//! against their `const fn`s, which `cjk_peer.rs` checks against
//! encoding_rs: the same `Ok` value and output, the same error, for every
//! function, with every kind of character and error of each encoding at
//! every offset 0..64 behind ASCII (so at every place of an 8- and 32-byte
//! block), in long runs of two-byte characters (so at every place of a
//! block of four), and into output buffers of every length around the one
//! needed.

use litenc_runtime::{Encoding, fast};

use crate::common::{check_fast_decode, check_fast_encode as check_encode};

const CJK: [Encoding; 7] = [
    Encoding::Gbk,
    Encoding::Gb18030,
    Encoding::Big5,
    Encoding::EucJp,
    Encoding::Iso2022Jp,
    Encoding::ShiftJis,
    Encoding::EucKr,
];

/// Characters each encoding writes its own way, and characters of every
/// length: kana, kanji, hangul, hanzi, the one-byte katakana, `¥`, `‾`,
/// `€`, Greek and Cyrillic (two bytes of UTF-8), Big5's and gb18030's
/// characters above U+FFFF, gb18030's four-byte codes, and characters some
/// encodings lack (which the encoding tests expect to fail alike).
const PIECES: [&str; 24] = [
    "",
    "a",
    "\0",
    "あ",
    "漢字",
    "한글",
    "你好",
    "ｶﾞ",
    "¥",
    "‾",
    "€",
    "αβ",
    "Жё",
    "\u{80}",
    "\u{20000}",
    "\u{2A6D6}",
    "😀",
    "\u{E5E5}",
    "\u{E78D}",
    "\u{FFFF}",
    "−",
    "髙",
    "\\~",
    "\u{1B}",
];

/// `p` bytes of varied ASCII.
fn ascii(p: usize, salt: usize) -> String {
    (0..p)
        .map(|k| char::from(b" az,.-AZ09\n"[(k + salt) % 11]))
        .collect()
}

/// A run of `n` characters of the encoding's two-byte range (kana and
/// kanji for the Japanese ones, hangul for EUC-KR, hanzi for the others).
fn run(enc: Encoding, n: usize, salt: usize) -> String {
    let base: &[char] = match enc {
        Encoding::EucKr => &['한', '국', '어', '안', '녕', '하', '세', '요'],
        Encoding::Gbk | Encoding::Gb18030 => &['中', '文', '汉', '字', '测', '试', '你', '好'],
        Encoding::Big5 => &['中', '文', '漢', '字', '測', '試', '你', '好'],
        _ => &['日', '本', '語', 'の', 'テ', 'キ', 'ス', 'ト'],
    };
    (0..n).map(|k| base[(k * 5 + salt) % base.len()]).collect()
}

fn check_decode(enc: Encoding, bytes: &[u8]) {
    check_fast_decode(enc, bytes);
    assert_eq!(
        enc.decode(bytes),
        litenc_runtime::__reference::decoded_len(enc, bytes).and_then(|n| {
            let mut out = vec![0; n];
            litenc_runtime::__reference::decode_into(enc, bytes, &mut out)
                .map(|m| String::from_utf8(out[..m].to_vec()).unwrap())
        }),
        "{enc} decode {bytes:02X?}"
    );
}

#[test]
fn avx2_is_used() {
    #[cfg(all(target_arch = "x86_64", not(litenc_portable)))]
    if std::is_x86_feature_detected!("avx2") {
        assert_ne!(fast::implementation(), "portable");
    }
    #[cfg(all(target_arch = "aarch64", not(litenc_portable)))]
    assert_eq!(fast::implementation(), "neon");
    // (Every other target runs the portable kernels.)
    #[cfg(any(
        litenc_portable,
        not(any(target_arch = "x86_64", target_arch = "aarch64"))
    ))]
    assert_eq!(fast::implementation(), "portable");
}

/// Every piece behind ASCII of every length 0..64, and inside runs of
/// two-byte characters at every parity; encoded, and the bytes decoded.
#[test]
fn every_piece_at_every_offset() {
    for piece in PIECES {
        for enc in CJK {
            for before in 0..64 {
                for after in [0, 1, 2, 7, 8, 15, 16, 17, 33] {
                    let texts = [
                        format!("{}{piece}{}", ascii(before, 0), ascii(after, 3)),
                        format!("{}{piece}{}", run(enc, before, 1), run(enc, after, 2)),
                        format!(
                            "{}{}{piece}{}",
                            ascii(before % 9, 4),
                            run(enc, before, 0),
                            ascii(after, 1)
                        ),
                    ];
                    for text in &texts {
                        check_encode(enc, text);
                        if let Ok(bytes) = enc.encode(text) {
                            check_decode(enc, &bytes);
                        }
                    }
                }
            }
        }
    }
}

/// Ill-formed and special sequences of each encoding.
fn sequences(enc: Encoding) -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = vec![
        vec![0x80],
        vec![0xFF],
        vec![0x81],
        vec![0x81, 0x20],
        vec![0x81, 0x7F],
        vec![0x81, 0xFF],
        vec![0xA1, 0xA1],
        vec![0xA4, 0xA2],
        vec![0xFE, 0xFE],
        vec![0xC8, 0xA1],
        vec![0xB0, 0xA1, 0xB0],
    ];
    match enc {
        Encoding::ShiftJis => v.extend([
            vec![0xB1],
            vec![0xA0],
            vec![0x85, 0x40],
            vec![0x85, 0x80],
            vec![0xF0, 0x40],
            vec![0xFA, 0x40],
            vec![0xFD],
            vec![0xEF, 0xFC],
            vec![0x88, 0x9F, 0xB1, 0x88],
        ]),
        Encoding::EucJp => v.extend([
            vec![0x8E, 0xB1],
            vec![0x8E, 0xE0],
            vec![0x8E, 0x20],
            vec![0x8F, 0xA2, 0xAF],
            vec![0x8F, 0xA1, 0xA1],
            vec![0x8F, 0xA2],
            vec![0x8F, 0xA2, 0x20],
            vec![0xA1, 0x8E],
        ]),
        Encoding::Iso2022Jp => v.extend([
            b"\x1B$B\x30\x21\x30\x22\x1B(B".to_vec(),
            b"\x1B$B\x30\x21".to_vec(),
            b"\x1B$B\x30".to_vec(),
            b"\x1B$B\x30\x0A".to_vec(),
            b"\x1B$B\x30\x1B(B".to_vec(),
            b"\x1B(B\x1B(B".to_vec(),
            b"\x1B$B\x1B(J\\~".to_vec(),
            b"\x1B(I!_\x1B(B".to_vec(),
            b"\x1B(J\\~\x0E".to_vec(),
            b"\x1B".to_vec(),
            b"\x1B$".to_vec(),
            b"\x1B(".to_vec(),
            b"\x1Bx".to_vec(),
            b"\x1B$x".to_vec(),
            b"\x0E".to_vec(),
            b"\x0F".to_vec(),
        ]),
        Encoding::Gbk | Encoding::Gb18030 => v.extend([
            vec![0x81, 0x30, 0x81, 0x30],
            vec![0x84, 0x31, 0xA4, 0x39],
            vec![0x84, 0x31, 0xA5, 0x30],
            vec![0x90, 0x30, 0x81, 0x30],
            vec![0xE3, 0x32, 0x9A, 0x35],
            vec![0xE3, 0x32, 0x9A, 0x36],
            vec![0x81, 0x30, 0x81],
            vec![0x81, 0x30, 0x81, 0x20],
            vec![0x81, 0x30, 0x20],
            vec![0x81, 0x30],
            vec![0xA3, 0xA0],
            vec![0xA6, 0xD9],
        ]),
        Encoding::Big5 => v.extend([
            vec![0x88, 0x62],
            vec![0x88, 0x64],
            vec![0x88, 0xA3],
            vec![0x88, 0xA5],
            vec![0x87, 0x40],
            vec![0x88, 0x40],
            vec![0xFE, 0x40],
            vec![0xA1, 0x80],
            vec![0xF9, 0xFE],
        ]),
        _ => v.extend([
            vec![0xA1, 0x41],
            vec![0x81, 0x41],
            vec![0xC9, 0xA1],
            vec![0xFE, 0xA1],
        ]),
    }
    v
}

#[test]
fn every_sequence_at_every_offset() {
    for enc in CJK {
        for seq in sequences(enc) {
            for before in 0..64 {
                for after in [0, 1, 2, 8, 17, 33] {
                    for pre in [ascii(before, 3), run(enc, before / 2, 0)] {
                        let mut bytes = enc.encode(&pre).unwrap();
                        bytes.extend_from_slice(&seq);
                        bytes.extend(enc.encode(&run(enc, after, 1)).unwrap());
                        bytes.extend(enc.encode(&ascii(after, 5)).unwrap());
                        check_decode(enc, &bytes);
                    }
                }
            }
        }
    }
}

/// A small xorshift generator, so the random cases are the same every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % n as u64).unwrap()
    }
}

/// Random text of what `enc` holds: runs of its two-byte characters, ASCII
/// and the pieces.
fn random_text(rng: &mut Rng, enc: Encoding, max_len: usize) -> String {
    let mut s = String::new();
    while s.len() < max_len {
        match rng.below(4) {
            0 => s.push_str(&ascii(rng.below(40), rng.below(11))),
            1 | 2 => s.push_str(&run(enc, rng.below(30), rng.below(8))),
            _ => {
                let piece = PIECES[rng.below(PIECES.len())];
                if enc.encode(piece).is_ok() {
                    s.push_str(piece);
                }
            }
        }
    }
    s
}

#[test]
fn random_texts_and_damaged_bytes() {
    let mut rng = Rng(0x5EED_C1C1_0000_0001);
    for round in 0..400 {
        for enc in CJK {
            let text = random_text(&mut rng, enc, 1 + round % 400);
            check_encode(enc, &text);
            let bytes = enc.encode(&text).unwrap();
            check_decode(enc, &bytes);
            if !bytes.is_empty() {
                let mut bad = bytes.clone();
                let k = rng.below(bad.len());
                bad[k] ^= 1 << rng.below(8);
                check_decode(enc, &bad);
                check_decode(enc, &bad[..rng.below(bad.len())]);
            }
        }
    }
}
