//! The run-time twins of `litenc_runtime::fast` against the `const fn`s they
//! stand for: the same `Ok` value and output, the same error (positions,
//! character, length needed), for every function, on inputs built so that
//! every SIMD block boundary (32 and 64 bytes) falls at every place of every
//! kind of character and error, into output buffers of every length around
//! the one needed.
//!
//! The kernels run here with AVX2 when the CPU has it (detected at run time:
//! `std` is a default feature); `avx2_is_used` makes sure a detection bug
//! cannot quietly send every test down the scalar path.

use litenc_runtime::{Encoding, fast, utf16};

use crate::common::{
    check_fast_decode as check_decode, check_fast_encode as check_encode, pads,
    same_at_every_length,
};

/// Texts of each kind a kernel may treat apart: ASCII, Cyrillic, Latin-1,
/// the Windows-1251 punctuation from U+2000, CJK, emoji, U+0000, characters
/// Windows-1251 cannot hold, and the last scalar values of each length.
const PIECES: [&str; 16] = [
    "",
    "a",
    "\0",
    "Ж",
    "ё",
    "Ё",
    "é",
    "€",
    "—«»…",
    "世",
    "界世界",
    "😀",
    "😀😀",
    "\u{7FF}\u{800}",
    "\u{FFFF}\u{10000}",
    "\u{10FFFF}",
];

/// `p` bytes of varied ASCII.
fn ascii(p: usize, salt: usize) -> String {
    (0..p)
        .map(|k| char::from(b'a' + u8::try_from((k + salt) % 26).unwrap()))
        .collect()
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

/// A random text mixing runs of ASCII with the other pieces, as real text
/// in Russian, Chinese or emoji chat does.
fn random_text(rng: &mut Rng, max_len: usize) -> String {
    let mut s = String::new();
    while s.len() < max_len {
        match rng.below(4) {
            0 => s.push_str(&ascii(rng.below(40), rng.below(26))),
            1 => {
                for _ in 0..rng.below(20) {
                    s.push(char::from_u32(0x410 + u32::try_from(rng.below(64)).unwrap()).unwrap());
                }
            }
            2 => {
                for _ in 0..rng.below(12) {
                    s.push(
                        char::from_u32(0x4E00 + u32::try_from(rng.below(0x5000)).unwrap()).unwrap(),
                    );
                }
            }
            _ => s.push_str(PIECES[rng.below(PIECES.len())]),
        }
    }
    s
}

fn check_units(text: &str) {
    assert_eq!(
        fast::utf16::units_len(text),
        utf16::units_len(text),
        "units_len {text:?}"
    );
    same_at_every_length(
        &|| format!("encode_units_into {text:?}"),
        utf16::units_len(text),
        text.len(),
        |out| utf16::encode_units_into(text, out),
        |out| fast::utf16::encode_units_into(text, out),
    );
    let units: Vec<u16> = text.encode_utf16().collect();
    check_decode_units(&units);
}

fn check_decode_units(units: &[u16]) {
    let want_len = utf16::decoded_units_len(units);
    assert_eq!(
        fast::utf16::decoded_units_len(units),
        want_len,
        "decoded_units_len {units:04X?}"
    );
    same_at_every_length(
        &|| format!("decode_units_into {units:04X?}"),
        want_len.unwrap_or(units.len()),
        3 * units.len(),
        |out| utf16::decode_units_into(units, out),
        |out| fast::utf16::decode_units_into(units, out),
    );
}

/// Every encoding's encoded form of `text`, where it has one.
fn encodings_of(text: &str) -> Vec<(Encoding, Vec<u8>)> {
    Encoding::ALL
        .iter()
        .filter_map(|&e| e.encode(text).ok().map(|b| (e, b)))
        .collect()
}

#[test]
fn avx2_is_used() {
    // A detection bug must not quietly send every test here down the
    // portable path: on a CPU with AVX2 (and `std` on), the kernels run,
    // and with AVX-512 the AVX-512 ones.
    #[cfg(all(target_arch = "x86_64", not(litenc_portable)))]
    {
        let has = std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("lzcnt");
        let has512 = has
            && std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx512vl")
            && std::is_x86_feature_detected!("avx512vbmi")
            && std::is_x86_feature_detected!("avx512vbmi2");
        let want = match (has, has512) {
            (_, true) => "avx512",
            (true, false) => "avx2",
            _ => "portable",
        };
        assert_eq!(fast::implementation(), want);
    }
    // Built with `--cfg litenc_portable`, the portable kernels on any CPU.
    #[cfg(all(target_arch = "aarch64", not(litenc_portable)))]
    assert_eq!(fast::implementation(), "neon");
    #[cfg(any(
        not(any(target_arch = "x86_64", target_arch = "aarch64")),
        litenc_portable
    ))]
    assert_eq!(fast::implementation(), "portable");
}

#[test]
fn every_piece_at_every_offset() {
    for piece in PIECES {
        for before in pads() {
            for after in [0, 1, 2, 3, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65] {
                let text = format!("{}{piece}{}", ascii(before, 0), ascii(after, 7));
                for &enc in Encoding::ALL {
                    check_encode(enc, &text);
                }
                for (enc, bytes) in encodings_of(&text) {
                    check_decode(enc, &bytes);
                }
                check_units(&text);
            }
        }
    }
}

/// Ill-formed sequences of each encoding, each put at every offset.
fn bad_sequences(enc: Encoding) -> Vec<Vec<u8>> {
    let utf8_family: Vec<Vec<u8>> = vec![
        vec![0x80],
        vec![0xBF],
        vec![0xC0, 0x80],
        vec![0xC1, 0xBF],
        vec![0xC2],
        vec![0xC2, 0x41],
        vec![0xE0, 0x80, 0x80],
        vec![0xE0, 0x9F, 0xBF],
        vec![0xE2, 0x82],
        vec![0xE2, 0x82, 0x41],
        vec![0xED, 0xA0, 0x80],
        vec![0xED, 0xBF, 0xBF],
        vec![0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80],
        vec![0xED, 0xB8, 0x80, 0xED, 0xA0, 0xBD],
        vec![0xED, 0xA0, 0xBD, 0x41],
        vec![0xF0, 0x80, 0x80, 0x80],
        vec![0xF0, 0x9F, 0x98, 0x80],
        vec![0xF0, 0x9F, 0x98],
        vec![0xF4, 0x90, 0x80, 0x80],
        vec![0xF5, 0x80, 0x80, 0x80],
        vec![0xF8, 0x88, 0x80, 0x80, 0x80],
        vec![0xFF],
        vec![0x00],
    ];
    match enc {
        Encoding::Utf8 | Encoding::Mutf8 | Encoding::Cesu8 => utf8_family,
        Encoding::Utf16Le => vec![
            vec![0x00, 0xD8],
            vec![0x00, 0xDC],
            vec![0x00, 0xD8, 0x41, 0x00],
            vec![0x00, 0xDC, 0x00, 0xD8],
            vec![0x41],
        ],
        Encoding::Utf16Be => vec![
            vec![0xD8, 0x00],
            vec![0xDC, 0x00],
            vec![0xD8, 0x00, 0x00, 0x41],
            vec![0xDC, 0x00, 0xD8, 0x00],
            vec![0x41],
        ],
        // A code page: its first, middle and last undefined byte, if any.
        enc => {
            let undefined: Vec<u8> = (0x80..=0xFF)
                .filter(|&b| enc.decode(&[b]).is_err())
                .collect();
            let mut v: Vec<Vec<u8>> = [0, undefined.len() / 2, undefined.len().saturating_sub(1)]
                .iter()
                .filter_map(|&i| undefined.get(i).map(|&b| vec![b]))
                .collect();
            v.dedup();
            v
        }
    }
}

#[test]
fn every_error_at_every_offset() {
    for &enc in Encoding::ALL {
        for bad in bad_sequences(enc) {
            for before in pads() {
                for after in [0, 1, 2, 3, 8, 31, 32, 33, 64] {
                    // The padding in the encoding's own form of ASCII.
                    let pre = enc.encode(&ascii(before, 3)).unwrap();
                    let post = enc.encode(&ascii(after, 5)).unwrap();
                    let mut bytes = pre;
                    bytes.extend_from_slice(&bad);
                    bytes.extend_from_slice(&post);
                    check_decode(enc, &bytes);
                }
            }
        }
    }
    for bad in [
        &[0xD800][..],
        &[0xDC00],
        &[0xD800, 0x41],
        &[0xDC00, 0xD800],
        &[0xDBFF],
    ] {
        for before in pads() {
            for after in [0, 1, 2, 15, 16, 17, 33] {
                let mut units: Vec<u16> = ascii(before, 1).encode_utf16().collect();
                units.extend_from_slice(bad);
                units.extend(ascii(after, 2).encode_utf16());
                check_decode_units(&units);
            }
        }
    }
}

#[test]
fn random_texts() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for round in 0..600 {
        let text = random_text(&mut rng, 1 + round % 300);
        for &enc in Encoding::ALL {
            check_encode(enc, &text);
        }
        for (enc, bytes) in encodings_of(&text) {
            check_decode(enc, &bytes);
            // The same input with one byte changed: most such changes make it
            // ill-formed somewhere in the middle of a block.
            if !bytes.is_empty() {
                let mut bad = bytes.clone();
                let k = rng.below(bad.len());
                bad[k] ^= 1 << rng.below(8);
                check_decode(enc, &bad);
                check_decode(enc, &bad[..rng.below(bad.len())]);
            }
        }
        check_units(&text);
        let mut units: Vec<u16> = text.encode_utf16().collect();
        if !units.is_empty() {
            let k = rng.below(units.len());
            units[k] = 0xD800 + u16::try_from(rng.below(0x800)).unwrap();
            check_decode_units(&units);
        }
    }
}

#[test]
fn every_code_page_in_runs() {
    // Every character of every code page, alone and in words between
    // spaces and ASCII runs (the switches the encoders' blocks see), with
    // one character the page lacks at the end, shifted to every offset.
    for &enc in Encoding::ALL.iter().filter(|e| e.is_single_byte()) {
        let chars: Vec<char> = (0x80..=0xFFu8)
            .filter_map(|b| enc.decode(&[b]).ok()?.chars().next())
            .collect();
        let mut text = String::new();
        for (i, c) in chars.iter().enumerate() {
            text.push(*c);
            match i % 7 {
                0 => text.push(' '),
                3 => text.push_str("a, b"),
                5 => text.push_str(&ascii(17, i)),
                _ => {}
            }
        }
        // A two-byte and a three-byte character the page lacks.
        let lacks = |range: core::ops::RangeInclusive<u32>| {
            range
                .filter_map(char::from_u32)
                .find(|c| enc.encode(&c.to_string()).is_err())
                .unwrap()
        };
        let (two, three) = (lacks(0xA0..=0x7FF), lacks(0x2000..=0xFFFF));
        let half = text
            .char_indices()
            .nth(chars.len() / 2)
            .map_or(0, |(i, _)| i);
        for before in pads() {
            let padded = format!("{}{text}{text}", ascii(before, 2));
            check_encode(enc, &padded);
            check_decode(enc, &enc.encode(&padded).unwrap());
            // The kernel's blocks are 16 bytes: every offset in one.
            if before > 16 {
                continue;
            }
            for bad in [two, three, '😀'] {
                check_encode(enc, &format!("{padded}{bad}"));
                let (a, b) = text.split_at(half);
                check_encode(enc, &format!("{}{a}{bad}{b}", ascii(before, 2)));
            }
        }
    }
}

#[test]
fn utf16_bytes_across_blocks() {
    // UTF-16 bytes are written a block of text at a time: characters of
    // every length across the blocks' ends, at every shift.
    let unit = "aЖ€😀 東京 \u{10FFFF}";
    for before in 0..8 {
        let text = format!("{}{}", ascii(before, 3), unit.repeat(90));
        assert!(text.len() > 1500);
        for enc in [Encoding::Utf16Le, Encoding::Utf16Be] {
            check_encode(enc, &text);
        }
    }
}

#[test]
fn every_code_page_all_characters_in_runs() {
    // Every character of every code page, in runs long enough for several
    // blocks, shifted to every offset, both ways.
    for &enc in Encoding::ALL.iter().filter(|e| e.is_single_byte()) {
        let all: String = (0..=255u8).filter_map(|b| enc.decode(&[b]).ok()).collect();
        for before in pads() {
            let text = format!("{}{all}{all}", ascii(before, 4));
            check_encode(enc, &text);
            let bytes = enc.encode(&text).unwrap();
            check_decode(enc, &bytes);
        }
    }
}

#[test]
fn alloc_helpers_agree() {
    let mut rng = Rng(7);
    for round in 0..200 {
        let text = random_text(&mut rng, 1 + round * 3);
        assert_eq!(
            utf16::encode_units(&text),
            text.encode_utf16().collect::<Vec<_>>()
        );
        let units: Vec<u16> = text.encode_utf16().collect();
        assert_eq!(utf16::decode_units(&units).unwrap(), text);
        for (enc, bytes) in encodings_of(&text) {
            assert_eq!(enc.decode(&bytes).unwrap(), text, "{enc}");
            assert_eq!(enc.decode_lossy(&bytes), text, "{enc}");
        }
    }
}

/// Long texts to and from UTF-16 and UTF-32 bytes in both orders, against
/// the `const fn`s and std: texts of 256 bytes to 3 KB go through the
/// kernels in pieces (512 bytes of text to UTF-16 units, a kilobyte to
/// UTF-32, 256 units back from UTF-16), all by the plan sampled from the
/// whole text, so each text here is of one kind the samples tell apart
/// (Hangul in short runs between spaces, Han characters each after a space,
/// long runs of Han, every kind mixed) with another kind put somewhere the
/// samples may miss, and some decoded with a unit made a lone surrogate.
#[test]
fn utf16_and_utf32_bytes_long_texts() {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let kinds: [&[&str]; 4] = [
        &["이", "명령은", "정보를", "보여", "줍니다.", "a", "\n"],
        &["必", "須", "為", "唯", "一", "ID", "。"],
        &[
            "此命令會顯示四段訊息",
            "這些訊息均可藉由",
            "chfn",
            "命令逐一改變",
        ],
        &["Привет", "мир", "😀", "中文", "abc", "é", "\u{FFFF}", "\0"],
    ];
    let odd = ["é", "😀", "Ж", "·"];
    for round in 0..600 {
        let words = kinds[round % 4];
        let len = 256 + next(2_800);
        let mut text = String::new();
        while text.len() < len {
            text.push_str(words[next(words.len())]);
            if round % 4 < 2 || next(2) == 0 {
                text.push(' ');
            }
        }
        if round % 3 == 0 {
            let at = text.floor_char_boundary(next(text.len()));
            text.insert_str(at, odd[next(odd.len())]);
        }
        // Each encoding with its unit's width, byte order and std's units.
        let units16 = || text.encode_utf16().map(u32::from).collect::<Vec<_>>();
        let units32 = || text.chars().map(u32::from).collect::<Vec<_>>();
        let cases: [(Encoding, usize, bool, Vec<u32>); 4] = [
            (Encoding::Utf16Le, 2, false, units16()),
            (Encoding::Utf16Be, 2, true, units16()),
            (Encoding::Utf32Le, 4, false, units32()),
            (Encoding::Utf32Be, 4, true, units32()),
        ];
        let to_bytes = |unit: u32, width: usize, be: bool| {
            let b = if be {
                unit.to_be_bytes()
            } else {
                unit.to_le_bytes()
            };
            if be {
                b[4 - width..].to_vec()
            } else {
                b[..width].to_vec()
            }
        };
        for (enc, width, be, std_units) in cases {
            let mut out = vec![0u8; 4 * text.len()];
            let n = fast::encode_into(enc, &text, &mut out).unwrap();
            let std_bytes: Vec<u8> = std_units
                .iter()
                .flat_map(|&u| to_bytes(u, width, be))
                .collect();
            assert_eq!(out[..n], std_bytes[..], "{enc} {text:?}");
            check_encode(enc, &text);
            let mut back = vec![0u8; 3 * text.len()];
            let m = fast::decode_into(enc, &std_bytes, &mut back).unwrap();
            assert_eq!(back[..m], *text.as_bytes(), "{enc} {text:?}");
            let mut bytes = std_bytes;
            if round % 5 == 0 {
                let at = width * next(bytes.len() / width);
                let lone = [0xD800u32, 0xDC00][next(2)];
                bytes[at..at + width].copy_from_slice(&to_bytes(lone, width, be));
            }
            check_decode(enc, &bytes);
        }
        // The UTF-32 units' kernel, whose plan is the same.
        let mut units = vec![0u32; text.len()];
        let n = fast::utf32::encode_units_into(&text, &mut units).unwrap();
        assert_eq!(units[..n], units32()[..], "{text:?}");
    }
}
