//! The portable kernels: what `fast` runs where no SIMD kernel may (aarch64,
//! wasm, RISC-V, Cortex-M, 32-bit x86, an `x86_64` CPU without AVX2, and
//! any build with `--cfg litenc_portable`).
//!
//! Safe Rust on 64-bit words (SWAR, "SIMD within a register"), in the
//! manner of std's ASCII fast paths and encoding_rs's ALU code: runs of
//! ASCII go eight or sixteen bytes (or four or eight UTF-16 units) a step,
//! runs of 2-byte characters four a step where the bit pattern of a word
//! says they are all 2-byte, and everything else one character a step in
//! a loop that stays in its run. Unlike the `const fn`s, which check the
//! whole input before they write, these write as they go, in one pass, and
//! return `None` on bad input or a full buffer, as every kernel of
//! `crate::simd` does; `fast` then runs the `const fn`, which gives the
//! exact error.
//!
//! **Byte order.** Every word is read with `from_le_bytes` and taken apart
//! with shifts, so byte `k` of the input is bits `8k..8k + 8` of the word
//! whatever the target's byte order: the same answers on a big-endian
//! target, where the load costs a byte swap. The tests of [`words`] run
//! the helpers on words built both ways.

#![forbid(unsafe_code)]
// The codec's short names (see `crate::engine`).
#![allow(clippy::many_single_char_names)]
// On `x86_64` with AVX2 the SIMD kernels take over; these stay for the
// tests and `--cfg litenc_portable`.
#![allow(dead_code)]

pub(crate) mod cesu;
pub(crate) mod scan;
// An `x86_64` CPU without AVX2 runs the code pages' `const fn`s instead
// (see `simd::single_byte::decode`); the tests still check these kernels.
#[cfg(any(not(target_arch = "x86_64"), litenc_portable, test))]
pub(crate) mod single_byte;
pub(crate) mod utf16;
pub(crate) mod utf32;
pub(crate) mod utf8;
pub(crate) mod words;

/// Decodes `b[i..end]` byte by byte through the page's own `utf8` table
/// into `dst[at..]`: the new cursor, or `None` for an undefined byte or no
/// room.
#[inline]
pub(crate) fn decode_scalar(
    t: &crate::table::SingleByte,
    b: &[u8],
    dst: &mut [u8],
    mut at: usize,
) -> Option<usize> {
    for &byte in b {
        let v = t.utf8[usize::from(byte)];
        let len = (v >> 24) as usize;
        if len == 0 {
            return None;
        }
        // Four bytes where there is room (those past the character are
        // overwritten next, or left past the output), else exactly.
        if let Some(out) = dst.get_mut(at..).and_then(<[u8]>::first_chunk_mut::<4>) {
            *out = v.to_le_bytes();
        } else {
            dst.get_mut(at..at + len)?
                .copy_from_slice(&v.to_le_bytes()[..len]);
        }
        at += len;
    }
    Some(at)
}

/// The portable kernels against the `const fn`s, called directly (so they
/// run in every `cargo test`, whatever the CPU): every piece behind ASCII
/// of every length 0..64 and before ASCII of several lengths, in runs, at
/// every output length around the exact one.
#[cfg(test)]
mod tests {
    extern crate std;
    use crate::encoding::Encoding;
    use crate::engine::utf16::Src;
    use crate::rules::Family;
    // (`sample`: every case natively; under an emulator a sample that still
    // puts each piece at offsets of every kind.)
    use crate::simd::test_support::{Rng, sample};
    use std::string::String;
    use std::vec::Vec;

    /// Characters of every UTF-8 length and class, alone and in runs.
    const PIECES: &[&str] = &[
        "",
        "é",
        "я",
        "\u{7F}",
        "\u{80}",
        "\u{7FF}",
        "\u{800}",
        "\u{D7FF}",
        "\u{E000}",
        "\u{FFFF}",
        "\u{10000}",
        "\u{10FFFF}",
        "😀",
        "\0",
        "€",
        "Привет",
        "Привет, мир! Съешь же ещё этих мягких французских булок",
        "中文字符串的测试",
        "a😀b😀😀c",
        "ЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖ",
        "ยินดีต้อนรับ",
        "Ω≈ç√∫",
        "a\0b\0\0c",
        "я€я€яя",
        // Runs that fill the blocks of UTF-8 to UTF-16: 2-byte words and
        // spaces for sixteen bytes and more, 3-byte characters eight at a
        // time and not, 4-byte ones among the others.
        "Съешь же ещё этих мягких французских булок, да выпей же чаю",
        "ЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖ",
        "中文字符串的测试中文字符串的测试中文字符串的测试中",
        "中文字符串的测a试中文字符串的测试中文字é符串的测试",
        "работа 👉 变学角 😇 取起 life рука 🤣😀 there — «мир» №1",
        "😀😀😀😀😀😀😀😀😀😀😀",
        "\u{10FFFF}\u{10000}\u{FFFF}\u{800}\u{7FF}\u{80}\u{7F}\0",
        // Text dense in supplementary characters: an emoji after every
        // word, after every Han character, after every Cyrillic letter, and
        // emoji with a zero between.
        "поиск😟 в🎈 именах😎 справочных🤗 страниц😍 и🐶 кратких🤬 описаниях🐶",
        "п👇о😐и😠с😰к🥶 в💫 и🐵м🤨е🤩н🍟а😥х💛, с😜п🤚р🙂а🔥в😂о🤬\nч💚н😰",
        "搜😫索🌮手🚀册🍪页🐻名😫称😳和🤭描😗述😗。👋 man 😀",
        "😀\0🎉\0\0👍🔥a😎",
    ];

    /// Printable ASCII of length `n`, starting at `seed`.
    fn ascii(n: usize, seed: usize) -> String {
        (0..n)
            .map(|k| char::from(b' ' + ((k + seed) % 95) as u8))
            .collect()
    }

    /// The texts: every piece after 0..64 bytes of ASCII, before 0..33,
    /// and repeated.
    fn texts() -> Vec<String> {
        let mut v = Vec::new();
        for piece in PIECES {
            for before in sample(0..64, 9) {
                for after in [0, 1, 7, 8, 9, 15, 16, 17, 33] {
                    v.push(std::format!(
                        "{}{piece}{}",
                        ascii(before, 3),
                        ascii(after, 5)
                    ));
                }
                v.push(std::format!("{}{}", ascii(before, 1), piece.repeat(5)));
                v.push(std::format!("{}{piece} {piece}{piece}", ascii(before, 1)));
            }
        }
        v
    }

    /// Checks `kernel` against `exact` on `input` at every output length
    /// from 0 near the needed one: `Some(n)` with the same output exactly
    /// where the `const fn` gives `Ok(n)`. The `const fn` is asked once into
    /// `full` and again into each length shorter than what it needs; into a
    /// length that holds its output, it gives what it gave into `full` (it
    /// reads its whole input before it looks at the output; the codec's
    /// `hostile_sizes` tests check that at every length).
    fn same<T: Copy + Default + PartialEq + core::fmt::Debug, E>(
        what: &str,
        input: &dyn core::fmt::Debug,
        kernel: &mut dyn FnMut(&mut [T]) -> Option<usize>,
        exact: &mut dyn FnMut(&mut [T]) -> Result<usize, E>,
        full: usize,
    ) {
        let mut want = std::vec![T::default(); full];
        let needed = exact(&mut want).ok();
        let lens: Vec<usize> = match needed {
            Some(n) => (n.saturating_sub(3)..=n + 2).chain([0, full]).collect(),
            None => std::vec![full],
        };
        // One pair of outputs for every length, cleared before each call.
        let most = lens.iter().copied().max().unwrap_or(0);
        let (mut a, mut b) = (std::vec![T::default(); most], std::vec![T::default(); most]);
        for len in lens {
            let a = &mut a[..len];
            a.fill(T::default());
            let got = kernel(a);
            let exp = match needed {
                Some(n) if len < n => {
                    let b = &mut b[..len];
                    b.fill(T::default());
                    exact(b).ok()
                }
                _ => needed,
            };
            assert_eq!(got, exp, "{what} {input:?} into {len}");
            if let Some(n) = got {
                assert_eq!(a[..n], want[..n], "{what} {input:?} into {len}");
            }
        }
    }

    /// The UTF-16 kernel against the `const fn` on `units`, at every
    /// output length near the needed one.
    fn same_decode_units(what: &str, units: &[u16], full: usize) {
        same(
            what,
            &units,
            &mut |d| super::utf16::decode(units, d),
            &mut |d| crate::engine::utf16::decode_into(Src::Units(units), d),
            full,
        );
    }

    #[test]
    fn utf16_every_piece_at_every_offset() {
        for text in texts() {
            let text = text.as_str();
            same_encode_units(text);
            let units: Vec<u16> = text.encode_utf16().collect();
            let full = 3 * units.len() + 4;
            let u = units.as_slice();
            same_decode_units("decode units", u, full);
            same_decode_bytes(&units, true, full);
        }
    }

    /// Characters of every length of UTF-8, by class.
    const CLASSES: [&[char]; 5] = [
        &['a', ' ', '\0', '\u{7F}', ','],
        &['я', 'Ж', '\u{80}', '\u{7FF}', '«'],
        &['中', '\u{800}', '\u{FFFF}', '—', '€'],
        &['😀', '\u{10000}', '\u{10FFFF}', '🤣'],
        &['Ё', 'ё', ' '],
    ];

    /// A text of at least `len` bytes: runs of up to `run` characters,
    /// each run of one of `classes`.
    fn random_mix(rng: &mut Rng, classes: &[&[char]], len: usize, run: usize) -> String {
        let mut text = String::new();
        while text.len() < len {
            let class = classes[rng.index(classes.len())];
            for _ in 0..=rng.index(run) {
                text.push(class[rng.index(class.len())]);
            }
        }
        text
    }

    /// A text of at least `len` bytes of characters of class `first` (2- or
    /// 3-byte) each before a 4-byte one (Cyrillic with an emoji after each
    /// letter, Chinese with one after each character), now and then after
    /// an ASCII byte (a word's first letter) or after a run of another
    /// class.
    fn paired_mix(rng: &mut Rng, first: usize, len: usize) -> String {
        let mut text = String::new();
        while text.len() < len {
            match rng.index(12) {
                0 | 1 => {
                    let class = CLASSES[rng.index(CLASSES.len())];
                    for _ in 0..=rng.index(8) {
                        text.push(class[rng.index(class.len())]);
                    }
                }
                2 | 3 => text.push(CLASSES[0][rng.index(CLASSES[0].len())]),
                _ => {}
            }
            text.push(CLASSES[first][rng.index(CLASSES[first].len())]);
            text.push(CLASSES[3][rng.index(CLASSES[3].len())]);
        }
        text
    }

    /// A text of at least `len` bytes of 3-byte characters each after an
    /// ASCII byte, as some Chinese text is set (`必 須 為`), but that one
    /// pair in four has more ASCII (up to sixteen bytes, a word) or 3-byte
    /// characters (up to four) in it.
    fn spaced_mix(rng: &mut Rng, len: usize) -> String {
        let mut text = String::new();
        while text.len() < len {
            let more = rng.index(8) == 0;
            for _ in 0..if more { 1 + rng.index(16) } else { 1 } {
                text.push(CLASSES[0][rng.index(CLASSES[0].len())]);
            }
            let more = rng.index(8) == 0;
            for _ in 0..if more { 1 + rng.index(4) } else { 1 } {
                text.push(CLASSES[2][rng.index(CLASSES[2].len())]);
            }
        }
        text
    }

    /// The kernel against the `const fn` on `text`, at every output length
    /// near the needed one.
    fn same_encode_units(text: &str) {
        same(
            "encode_units",
            &text,
            &mut |d| super::utf16::encode_units(text, d),
            &mut |d| crate::engine::utf16::encode_units_into(text, d),
            text.len() + 4,
        );
    }

    /// UTF-8 to UTF-16 on random mixes of characters of every length, in
    /// runs of random length, so that each block sees every neighbour.
    #[test]
    fn utf16_encode_random_mixes() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        for _ in 0..20_000 {
            let len = rng.index(100);
            same_encode_units(&random_mix(&mut rng, &CLASSES, len, 10));
        }
    }

    /// The portable UTF-8 validation against std on `b`.
    fn same_validity(b: &[u8]) {
        let want = std::str::from_utf8(b).is_ok();
        assert_eq!(super::utf8::is_valid(b), want, "{b:02X?}");
        // The blocks of 2-byte text, which long text of such characters
        // takes, whatever the text.
        if b.len() >= super::utf8::WIN {
            assert_eq!(super::utf8::is_valid_two_byte(b), want, "two-byte {b:02X?}");
        }
    }

    /// Every input of one and two bytes (std's loop), every two bytes at
    /// the end of longer inputs (in the last part, after it, after ASCII
    /// blocks and after Cyrillic), and every three bytes after a lead at the
    /// end, which is where the check of a character cut off by the end
    /// looks.
    #[test]
    fn utf8_validate_every_ending() {
        let mut b = Vec::new();
        for x in 0..=255u8 {
            same_validity(&[x]);
            for y in 0..=255u8 {
                same_validity(&[x, y]);
                for before in [17, 18, 19, 30, 62, 126] {
                    for filler in ["a", "ж"] {
                        b.clear();
                        b.extend(filler.bytes().cycle().take(before));
                        b.extend_from_slice(&[x, y]);
                        same_validity(&b);
                    }
                }
                if x >= 0xC0 {
                    for z in sample(0..=255u8, 64) {
                        b.clear();
                        b.extend_from_slice(&[b'a'; 61]);
                        b.extend_from_slice(&[x, y, z]);
                        same_validity(&b);
                    }
                }
            }
        }
    }

    /// Every four bytes drawn from the bytes at the edges of the rules'
    /// ranges (so every outcome of every rule, each byte with the three
    /// before it), at every place of the first two parts: after ASCII (the
    /// scan in its ASCII mode) and after Cyrillic (in the rules' mode),
    /// and followed by ASCII and by the end of the input.
    #[test]
    fn utf8_validate_every_edge_sequence_at_every_place() {
        const EDGES: [u8; 22] = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
            0xE1, 0xED, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF,
        ];
        // `n` bytes of ASCII, or of Cyrillic (and one CJK character where
        // `n` is odd).
        let before_ascii: Vec<String> = (64..64 + 35).map(|n| ascii(n, 3)).collect();
        let before_rules: Vec<String> = (64..64 + 35)
            .map(|n| "中".repeat(n % 2) + &"ж".repeat((n - 3 * (n % 2)) / 2))
            .collect();
        let mut b = Vec::new();
        // (Under an emulator every 7th code: 7 is prime to 22, so each edge
        // still takes each of the four places.)
        for code in sample(0..EDGES.len().pow(4), 49) {
            let seq = [0, 1, 2, 3].map(|k| EDGES[code / EDGES.len().pow(k) % EDGES.len()]);
            for place in 0..2 * 16 + 3 {
                for (before, after) in [(&before_ascii[place], 40), (&before_rules[place], 0)] {
                    b.clear();
                    b.extend_from_slice(before.as_bytes());
                    b.extend_from_slice(&seq);
                    b.extend(core::iter::repeat_n(b'z', after));
                    same_validity(&b);
                }
            }
        }
    }

    /// Random mixes of every kind of character, whole and with a byte
    /// changed or cut off, at lengths that cross every block and part.
    #[test]
    fn utf8_validate_random_mixes() {
        let mut rng = Rng(0xD1B5_4A32_D192_ED03);
        for round in 0..20_000 {
            let len = if round % 4 == 0 {
                300 + rng.index(700)
            } else {
                rng.index(200)
            };
            let run = 1 + rng.index(40);
            let text = random_mix(&mut rng, &CLASSES, len, run);
            let mut b = text.into_bytes();
            same_validity(&b);
            if b.is_empty() {
                continue;
            }
            let k = rng.index(b.len());
            let cut = b[..k].to_vec();
            same_validity(&cut);
            b[k] = u8::try_from(rng.index(256)).unwrap_or(0);
            same_validity(&b);
        }
    }

    /// UTF-8 to UTF-16 on random mixes long enough to be cut into parts
    /// (256 bytes and more): each part's output placed by the count of the
    /// parts before it, the parts' ends at every kind of character, and
    /// every way the samples decide: ASCII and 3-byte characters in long
    /// runs (one part), in short runs as Korean has them (windows of lanes
    /// for 3-byte characters, here and there meeting a 2- or 4-byte one
    /// that the samples missed), each after an ASCII byte (three parts
    /// whose steps also take such pairs), every kind in long runs (three
    /// parts) and in short ones (windows of lanes for every length).
    #[test]
    fn utf16_encode_long_random_mixes() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let three: [&[char]; 2] = [CLASSES[0], CLASSES[2]];
        // Words of 2-byte letters, emoji and ASCII, no 3-byte characters
        // (Russian with an emoji after each word).
        let emoji_words: [&[char]; 4] = [CLASSES[0], CLASSES[1], CLASSES[3], CLASSES[4]];
        let mut decided = [0; 7];
        for round in 0..8_000 {
            let len = 256 + rng.index(1_200);
            let mut text = match round % 8 {
                0 => random_mix(&mut rng, &three, len, 160),
                1 => random_mix(&mut rng, &three, len, 4),
                2 => spaced_mix(&mut rng, len),
                5 => random_mix(&mut rng, &CLASSES, len, 4),
                6 => paired_mix(&mut rng, 1 + round / 8 % 2, len),
                7 => random_mix(&mut rng, &emoji_words, len, 8),
                _ => random_mix(&mut rng, &CLASSES, len, 40),
            };
            if round % 16 < 4 && round % 8 != 0 {
                let at = text.floor_char_boundary(rng.index(text.len()));
                let other = [CLASSES[1], CLASSES[3]][rng.index(2)];
                text.insert(at, other[rng.index(other.len())]);
            }
            decided[super::utf16::plan(text.as_bytes()) as usize] += 1;
            same_encode_units(&text);
            if round % 8 == 6 {
                // And back: the decoder's loops for such pairs.
                let units: Vec<u16> = text.encode_utf16().collect();
                same_decode_units("decode paired", &units, 3 * units.len() + 4);
            }
        }
        // Each way is taken often enough to have met every neighbour.
        assert!(decided.iter().all(|&n| n >= 500), "{decided:?}");
    }

    /// Text dense in supplementary characters, as chat text has them: words
    /// of ASCII, Cyrillic and Han letters of random lengths, each followed
    /// by an emoji most of the time, runs of emoji, here and there a zero,
    /// a 3-byte symbol or a line break; at least `len` bytes.
    fn dense_mix(rng: &mut Rng, len: usize) -> String {
        let mut text = String::new();
        while text.len() < len {
            let word = 1 + rng.index(12);
            match rng.index(6) {
                0 => text.push_str(&ascii(word, rng.index(95))),
                1 | 2 => (0..word).for_each(|_| text.push(CLASSES[1][rng.index(4)])),
                3 => (0..word.min(4)).for_each(|_| text.push(CLASSES[2][rng.index(5)])),
                4 => (0..word).for_each(|_| text.push(CLASSES[3][rng.index(4)])),
                _ => text.push(['\0', '\n', '★', ' '][rng.index(4)]),
            }
            if rng.index(5) != 0 {
                text.push(CLASSES[3][rng.index(4)]);
            }
            if rng.index(3) == 0 {
                text.push(' ');
            }
        }
        text
    }

    /// Text dense in supplementary characters ([`dense_mix`]), 0 to 300
    /// bytes after 0 to 63 bytes of ASCII, so that every step and window of
    /// the loops after a supplementary character starts at every offset:
    /// MUTF-8 and CESU-8 encoding, and decoding of the bytes whole, with a
    /// byte changed at a random place and cut at one (the scan, the length
    /// pass and the decoder), UTF-8 to UTF-16 and back, each against the
    /// `const fn`s at every output length near the needed one.
    #[test]
    fn dense_supplementary_text() {
        // Every edge of Table 3-7's 3-byte rows, and a 2-byte and a 4-byte
        // lead, between two surrogate pairs (where the decoder tests a
        // 3-byte character and a pair from two words), at every offset.
        let pair = b"\xED\xA0\xBD\xED\xB8\x80";
        for lead in [0xC3, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0] {
            for second in [0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0] {
                for third in [0x41, 0x80, 0xBF, 0xC0] {
                    for before in 0..40 {
                        let mut b = ascii(before, 1).into_bytes();
                        b.extend_from_slice(pair);
                        b.extend_from_slice(&[lead, second, third]);
                        b.extend_from_slice(pair);
                        b.extend_from_slice(pair);
                        b.extend_from_slice(ascii(before % 7, 2).as_bytes());
                        check_cesu(&b, true);
                        check_cesu(&b, false);
                    }
                }
            }
        }
        let mut rng = Rng(0x5851_F42D_4C95_7F2D);
        for round in 0..4_000 {
            let len = rng.index(300);
            let text = std::format!("{}{}", ascii(round % 64, 3), dense_mix(&mut rng, len));
            let text = text.as_str();
            same_encode_units(text);
            let units: Vec<u16> = text.encode_utf16().collect();
            same_decode_units("decode dense", &units, 3 * units.len() + 4);
            if round % 4 == 0 {
                same_decode_bytes(&units, false, 3 * units.len() + 4);
            }
            for java in [true, false] {
                let f = Family::Cesu { java };
                same_cesu_encode(text, java);
                let mut bytes = std::vec![0u8; 2 * text.len()];
                let n = crate::engine::encode_into(f, text, &mut bytes).unwrap();
                bytes.truncate(n);
                check_cesu(&bytes, java);
                if !bytes.is_empty() {
                    let k = rng.index(bytes.len());
                    check_cesu(&bytes[..k], java);
                    let mut bad = bytes.clone();
                    bad[k] = [0x00, 0x80, 0xA0, 0xB0, 0xC0, 0xED, 0xF0, 0x41][rng.index(8)];
                    check_cesu(&bad, java);
                }
            }
        }
    }

    /// Long text of pairs of a 2- or 3-byte character and a 4-byte one
    /// ([`paired_mix`], 1 to 3 KB, so that samples of it choose the
    /// encoder's loops for such pairs), after 0 to 63 bytes of ASCII and
    /// with a zero here and there: MUTF-8 and CESU-8 encoding, and decoding
    /// of the bytes whole, cut and with a byte changed, against the `const
    /// fn`s.
    #[test]
    fn cesu_long_paired_mixes() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        let mut plans = [0; 4];
        let rounds = crate::simd::test_support::cases(600, 20);
        for round in 0..rounds {
            let len = 1_024 + rng.index(2_000);
            let mut text = std::format!(
                "{}{}",
                ascii(round % 64, 3),
                paired_mix(&mut rng, 1 + round % 2, len)
            );
            if round % 3 == 0 {
                let at = text.floor_char_boundary(rng.index(text.len()));
                text.insert(at, '\0');
            }
            let first = text.bytes().position(|x| x >= 0xF0).unwrap_or(0);
            plans[super::cesu::pairs_likely(&text.as_bytes()[first..])] += 1;
            for java in [true, false] {
                same_cesu_encode(&text, java);
                let mut bytes = std::vec![0u8; 2 * text.len()];
                let n =
                    crate::engine::encode_into(Family::Cesu { java }, &text, &mut bytes).unwrap();
                bytes.truncate(n);
                check_cesu(&bytes, java);
                let k = rng.index(bytes.len());
                check_cesu(&bytes[..k], java);
                bytes[k] = [0x00, 0x80, 0xA0, 0xB0, 0xC0, 0xED, 0xF0, 0x41][rng.index(8)];
                check_cesu(&bytes, java);
            }
        }
        // Both kinds of pairs took their loops.
        assert!(
            plans[2] >= rounds / 8 && plans[3] >= rounds / 4,
            "{plans:?}"
        );
    }

    /// UTF-16 to UTF-8 on random mixes of characters of every length, in
    /// runs of random length (the emoji among words that the loop after a
    /// supplementary character takes eight units at a time), and in one
    /// round of five, 3-byte characters each after an ASCII one (Chinese
    /// set with spaces, which the mixed words take eight units at a time);
    /// in one round of six a unit replaced by a lone surrogate, in another
    /// the last unit cut off (half a pair, where the text ends in one).
    #[test]
    fn utf16_decode_random_mixes() {
        let mut rng = Rng(0xD1B5_4A32_D192_ED03);
        for round in 0..6_000 {
            let len = rng.index(300);
            let text = if round % 5 == 4 {
                spaced_mix(&mut rng, len)
            } else {
                random_mix(&mut rng, &CLASSES, len, [2, 6, 20][round % 3])
            };
            let mut units: Vec<u16> = text.encode_utf16().collect();
            match round % 6 {
                2 if !units.is_empty() => {
                    let at = rng.index(units.len());
                    units[at] = [0xD800, 0xDBFF, 0xDC00, 0xDFFF][rng.index(4)];
                }
                5 => {
                    units.truncate(units.len().saturating_sub(1));
                }
                _ => {}
            }
            let u = units.as_slice();
            same_decode_units("decode random mixes", u, 3 * u.len() + 4);
        }
    }

    /// UTF-16 to UTF-8 on random mixes long enough for the kernel to
    /// sample them (256 units and more), of every kind its samples tell
    /// apart: ASCII and 3-byte characters in short runs, as Korean has them
    /// (the eight-unit steps after a 3-byte character), the same each after
    /// an ASCII unit (Chinese set with spaces: the mixed words) and every
    /// kind; in one round of three a unit replaced by a lone surrogate, in
    /// another the last unit cut off. One in five also as UTF-16 bytes in
    /// both orders.
    #[test]
    fn utf16_decode_long_random_mixes() {
        let mut rng = Rng(0xA076_1D64_78BD_642F);
        let three: [&[char]; 2] = [CLASSES[0], CLASSES[2]];
        let mut short_runs = 0;
        for round in 0..3_000 {
            let len = 600 + rng.index(2_400);
            let text = match round % 3 {
                0 => random_mix(&mut rng, &three, len, 4),
                1 => spaced_mix(&mut rng, len),
                _ => random_mix(&mut rng, &CLASSES, len, 20),
            };
            let mut units: Vec<u16> = text.encode_utf16().collect();
            match round % 9 {
                0 | 4 => {
                    let at = rng.index(units.len());
                    units[at] = [0xD800, 0xDBFF, 0xDC00, 0xDFFF][rng.index(4)];
                }
                8 => {
                    units.truncate(units.len() - 1);
                }
                _ => {}
            }
            short_runs += usize::from(super::utf16::short_runs(&units));
            same_decode_units("decode long random mixes", &units, 3 * units.len() + 4);
            // And as bytes, whose blocks of 256 units all take the plan of
            // the whole text.
            if round % 5 == 0 {
                same_decode_bytes(&units, false, 3 * units.len() + 4);
            }
        }
        // The short runs' way is taken in half the rounds of their kind or
        // so (their samples must switch from ASCII six times).
        assert!(short_runs >= 400, "{short_runs}");
    }

    #[test]
    fn utf16_unpaired_surrogates_at_every_offset() {
        for bad in [
            [0xD800u16, 0x41],
            [0xDC00, 0x41],
            [0xDBFF, 0xDBFF],
            [0x41, 0xDFFF],
        ] {
            for before in 0..64 {
                for after in [0usize, 1, 5, 9] {
                    let mut units: Vec<u16> = ascii(before, 0).encode_utf16().collect();
                    units.extend_from_slice(&bad);
                    units.extend(ascii(after, 2).encode_utf16());
                    let u = units.as_slice();
                    for end in [u.len(), before + 1] {
                        let u = &u[..end];
                        same_decode_units("decode bad units", u, 3 * u.len() + 4);
                    }
                }
            }
        }
    }

    /// The bytes kernel against the `const fn` on `units` as bytes in both
    /// orders (and, if `odd`, with the last byte cut off too), at every
    /// output length near the needed one.
    fn same_decode_bytes(units: &[u16], odd: bool, full: usize) {
        for be in [false, true] {
            let bytes: Vec<u8> = units
                .iter()
                .flat_map(|u| if be { u.to_be_bytes() } else { u.to_le_bytes() })
                .collect();
            let f = Family::Utf16 { big_endian: be };
            let cuts = if odd { &[0, 1][..] } else { &[0] };
            for &cut in cuts {
                let b = &bytes[..bytes.len().saturating_sub(cut)];
                same(
                    "decode bytes",
                    &b,
                    &mut |d| {
                        if be {
                            super::utf16::decode_bytes::<true>(b, d)
                        } else {
                            super::utf16::decode_bytes::<false>(b, d)
                        }
                    },
                    &mut |d| crate::engine::decode_into(f, b, d),
                    full,
                );
            }
        }
    }

    /// UTF-16 bytes in both orders around the end of the bytes kernel's
    /// blocks of 256 units: a pair, a lone high or low surrogate, two high
    /// ones, a 3-byte and a 2-byte character at each place across it, and
    /// the input ending there.
    #[test]
    fn utf16_bytes_across_blocks() {
        for piece in [
            &[0xD83Du16, 0xDE00][..],
            &[0xD800, 0x41],
            &[0xDC00, 0x41],
            &[0xDBFF, 0xDBFF, 0xDFFF],
            &[0x4E2D, 0x0416],
            &[0xD800],
        ] {
            for before in 250..260 {
                for after in [0usize, 1, 300] {
                    let mut units: Vec<u16> = ascii(before, 0).encode_utf16().collect();
                    units.extend_from_slice(piece);
                    units.extend(ascii(after, 2).encode_utf16());
                    same_decode_bytes(&units, false, 3 * units.len() + 4);
                }
            }
        }
    }

    #[test]
    fn utf16_random_units() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for _ in 0..20_000 {
            let len = rng.index(40);
            let units: Vec<u16> = (0..len)
                .map(|_| match rng.below(6) {
                    0 => rng.below(0x80) as u16,
                    1 => 0x400 + rng.below(0x100) as u16,
                    2 => 0x4E00 + rng.below(0x100) as u16,
                    3 => 0xD800 + rng.below(0x400) as u16,
                    4 => 0xDC00 + rng.below(0x400) as u16,
                    _ => rng.below(0x1_0000) as u16,
                })
                .collect();
            let u = units.as_slice();
            same_decode_units("decode random units", u, 3 * len + 4);
        }
    }

    /// The pages the piece tests run: Cyrillic (a run page and the KOI8
    /// order), Thai, Latin and DOS, with their tables.
    fn sample_pages() -> Vec<(Encoding, &'static crate::table::SingleByte)> {
        [
            Encoding::Windows1251,
            Encoding::Windows874,
            Encoding::Windows1252,
            Encoding::Koi8R,
            Encoding::Ibm866,
        ]
        .into_iter()
        .map(|enc| match enc.family() {
            Family::SingleByte(t) => (enc, t),
            _ => unreachable!("{enc} is a code page"),
        })
        .collect()
    }

    #[test]
    fn single_byte_every_piece_at_every_offset() {
        for (enc, t) in sample_pages() {
            for text in texts() {
                let text = text.as_str();
                same(
                    "single-byte encode",
                    &(enc, text),
                    &mut |d| super::single_byte::encode(t, text, d),
                    &mut |d| crate::engine::encode_into(Family::SingleByte(t), text, d),
                    text.len() + 4,
                );
            }
            // Every character of the page, in a run.
            let all: String = (0x80..=0xFFu8).filter_map(|b| t.decode_byte(b)).collect();
            same(
                "single-byte encode",
                &(enc, &all),
                &mut |d| super::single_byte::encode(t, &all, d),
                &mut |d| crate::engine::encode_into(Family::SingleByte(t), &all, d),
                all.len(),
            );
        }
    }

    /// The pages of the portable code-page kernels: every page whose bytes
    /// `00..=7F` are ASCII.
    fn ascii_pages() -> Vec<(Encoding, &'static crate::table::SingleByte)> {
        Encoding::ALL
            .iter()
            .filter_map(|&e| match e.family() {
                Family::SingleByte(t) if t.ascii => Some((e, t)),
                _ => None,
            })
            .collect()
    }

    /// Decodes `bytes` with the kernel and the `const fn` at every output
    /// length around the exact one.
    fn same_decode(enc: Encoding, t: &'static crate::table::SingleByte, bytes: &[u8]) {
        same(
            "single-byte decode",
            &(enc, bytes),
            &mut |d| super::single_byte::decode(t, bytes, d),
            &mut |d| crate::engine::decode_into(Family::SingleByte(t), bytes, d),
            3 * bytes.len() + 4,
        );
    }

    /// Encodes `text` with the kernel and the `const fn` at every output
    /// length around the exact one.
    fn same_encode(enc: Encoding, t: &'static crate::table::SingleByte, text: &str) {
        same(
            "single-byte encode",
            &(enc, text),
            &mut |d| super::single_byte::encode(t, text, d),
            &mut |d| crate::engine::encode_into(Family::SingleByte(t), text, d),
            text.len() + 4,
        );
    }

    /// The ASCII blocks of the code-page kernels (eight bytes, then 32 at a
    /// time): each high byte of each page, defined or not, and each of the
    /// page's characters, after 0..64 bytes of ASCII and before runs of
    /// ASCII that end at, around and past a block, at every output length
    /// around the exact one. Every byte and character at every offset for
    /// windows-1251 and windows-874 (a page with undefined bytes), and at
    /// the offsets of a few blocks for the other pages.
    #[test]
    fn single_byte_ascii_blocks_at_every_offset() {
        let afters = [0, 1, 7, 8, 9, 31, 32, 33, 40, 63, 64, 65, 72, 97];
        for (enc, t) in ascii_pages() {
            let every = matches!(enc, Encoding::Windows1251 | Encoding::Windows874);
            let befores: Vec<usize> = if every {
                sample(0..64, 9).collect()
            } else {
                std::vec![0, 7, 8, 31, 32, 33, 40, 63]
            };
            for high in sample(0x80..=0xFFu8, 9) {
                for &before in &befores {
                    for &after in &afters {
                        let mut bytes = ascii(before, 3).into_bytes();
                        bytes.push(high);
                        bytes.extend(ascii(after, 5).bytes());
                        same_decode(enc, t, &bytes);
                        // Two of them, around the run of ASCII.
                        bytes.push(high);
                        same_decode(enc, t, &bytes);
                    }
                }
                let Some(c) = t.decode_byte(high) else {
                    continue;
                };
                for &before in &befores {
                    for &after in &afters {
                        let text = std::format!("{}{c}{}", ascii(before, 3), ascii(after, 5));
                        same_encode(enc, t, &text);
                        same_encode(enc, t, &std::format!("{text}{c}"));
                    }
                }
            }
            // Every byte of the page, in a run, after each offset, and a
            // long run of ASCII with one character past every block.
            let all: Vec<u8> = (0..=0xFFu8).collect();
            let long = ascii(200, 7);
            for before in sample(0..64, 9) {
                let mut bytes = ascii(before, 1).into_bytes();
                bytes.extend_from_slice(&all);
                same_decode(enc, t, &bytes);
                let text: String = core::iter::once(ascii(before, 1))
                    .chain(
                        all.iter()
                            .filter_map(|&b| t.decode_byte(b).map(String::from)),
                    )
                    .collect();
                same_encode(enc, t, &text);
                if every {
                    for at in [before, before + 64, before + 128] {
                        let c = t.decode_byte(0xE0).unwrap();
                        let text = std::format!("{}{c}{}", &long[..at], &long[at..]);
                        same_encode(enc, t, &text);
                        same_decode(enc, t, &t_encode(t, &text));
                    }
                }
            }
        }
    }

    /// The runs of ASCII between the encoder's characters (the eight bytes
    /// from the second ASCII byte stored whole, the run cut at the next
    /// character): runs of 0 to 10 bytes between characters of the page,
    /// after 0 to 15 bytes, the text ending in a run or in a character the
    /// page lacks (of two bytes and of three), at every output length
    /// against the `const fn`, and what the kernel writes against
    /// encoding_rs.
    #[test]
    fn single_byte_ascii_between_characters() {
        let pages = [
            (Encoding::Windows1251, encoding_rs::WINDOWS_1251),
            (Encoding::Windows1252, encoding_rs::WINDOWS_1252),
            (Encoding::Windows874, encoding_rs::WINDOWS_874),
            (Encoding::Iso8859_2, encoding_rs::ISO_8859_2),
        ];
        for (enc, peer) in pages {
            let Family::SingleByte(t) = enc.family() else {
                unreachable!("{enc:?} is a single-byte page");
            };
            // encoding_rs's bytes of `text`, or `None` where it has a
            // character the page lacks.
            let peer_bytes = |text: &str| {
                let (bytes, _, unmappable) = peer.encode(text);
                (!unmappable).then(|| bytes.into_owned())
            };
            let mut out = std::vec![0u8; 200];
            let chars: Vec<char> = (0x80..=0xFFu8)
                .filter_map(|b| t.decode_byte(b))
                .step_by(7)
                .collect();
            let lacking = [
                '\u{4E00}',
                ('\u{100}'..='\u{7FF}')
                    .find(|&c| !t_encode_char(t, c))
                    .unwrap(),
            ];
            for run in 0..=10 {
                for before in 0..16 {
                    for (k, &c) in chars.iter().enumerate() {
                        let gap = ascii(run, k);
                        let text = std::format!("{}{c}{gap}{c}{gap}{c}{gap}", ascii(before, 1));
                        for text in [
                            text.clone(),
                            std::format!("{text}{c}"),
                            std::format!("{text}{}", lacking[k % 2]),
                        ] {
                            same_encode(enc, t, &text);
                            let got = super::single_byte::encode(t, &text, &mut out);
                            let want = peer_bytes(&text);
                            assert_eq!(got.map(|n| &out[..n]), want.as_deref(), "{enc:?} {text:?}");
                        }
                    }
                }
            }
        }
    }

    /// `text` in page `t` (every character of it is there).
    fn t_encode(t: &'static crate::table::SingleByte, text: &str) -> Vec<u8> {
        let mut out = std::vec![0u8; text.len()];
        let n = crate::engine::encode_into(Family::SingleByte(t), text, &mut out).unwrap();
        out.truncate(n);
        out
    }

    #[test]
    fn single_byte_decode_every_piece_at_every_offset() {
        for (enc, t) in sample_pages() {
            for text in texts() {
                // The text's characters the page has, decoded back.
                let kept: String = text.chars().filter(|&c| t_encode_char(t, c)).collect();
                same_decode(enc, t, &t_encode(t, &kept));
            }
        }
    }

    /// Whether page `t` has `c`.
    fn t_encode_char(t: &'static crate::table::SingleByte, c: char) -> bool {
        let mut buf = [0u8; 4];
        crate::engine::encode_into(
            Family::SingleByte(t),
            c.encode_utf8(&mut buf),
            &mut [0u8; 4],
        )
        .is_ok()
    }

    /// `bytes` with one byte changed at each place in turn, and cut at
    /// each length: what a decoder must reject where the `const fn` does.
    fn corruptions(bytes: &[u8]) -> Vec<Vec<u8>> {
        let mut v = Vec::new();
        for k in 0..bytes.len().min(12) {
            let p = bytes.len() - 1 - k;
            for x in [0x00, 0x80, 0xC0, 0xED, 0xF0, 0xA0, 0xB0] {
                let mut c = bytes.to_vec();
                c[p] = x;
                v.push(c);
            }
            v.push(bytes[..p].to_vec());
        }
        v
    }

    /// The scan of `decode_cow` on a long text: a special byte or an error
    /// at every place.
    #[test]
    fn cesu_decode_unchanged_across_windows() {
        let base: Vec<u8> = "Привет, world! 世界 ".repeat(40).into_bytes();
        for p in 0..base.len() {
            for x in [0x00u8, 0xF0, 0xC0, 0xED, 0x80] {
                let mut b = base.clone();
                b[p] = x;
                let valid = std::str::from_utf8(&b).map_or_else(|e| e.valid_up_to(), |_| b.len());
                let want = b[..valid]
                    .iter()
                    .position(|&c| c >= 0xF0 || c == 0)
                    .unwrap_or(valid);
                assert_eq!(
                    super::cesu::decode_unchanged::<true>(&b),
                    want,
                    "{p} {x:02X}"
                );
            }
        }
        assert_eq!(super::cesu::decode_unchanged::<true>(&base), base.len());
    }

    /// What the scan of [`super::scan`] must return: the longest prefix
    /// that is valid UTF-8 and holds no 4-byte lead and (`java`) no zero
    /// byte, found by std.
    fn scan_want(b: &[u8], java: bool) -> usize {
        let valid = std::str::from_utf8(b).map_or_else(|e| e.valid_up_to(), |_| b.len());
        b[..valid]
            .iter()
            .position(|&x| x >= 0xF0 || (java && x == 0))
            .unwrap_or(valid)
    }

    /// The scan of text of ASCII and 2-byte characters (a block at a time,
    /// which [`super::scan::two_byte_text`] chooses for long text) on `b`,
    /// whatever `b` holds, against std.
    fn check_two_byte_scan(b: &[u8], java: bool) {
        let got = if java {
            super::scan::two_byte_scan::<true>(b)
        } else {
            super::scan::two_byte_scan::<false>(b)
        };
        assert_eq!(got, scan_want(b, java), "two-byte scan {java} {b:x?}");
        same_validity(b);
    }

    /// The scan, the length pass and the decoder on `b` against std and the
    /// `const fn`s.
    fn check_cesu(b: &[u8], java: bool) {
        let f = Family::Cesu { java };
        let (scan, len) = if java {
            (
                super::scan::unchanged_len::<true>(b),
                super::cesu::decoded_len::<true>(b),
            )
        } else {
            (
                super::scan::unchanged_len::<false>(b),
                super::cesu::decoded_len::<false>(b),
            )
        };
        assert_eq!(scan, scan_want(b, java), "scan {java} {b:x?}");
        assert_eq!(
            len,
            crate::engine::decoded_len(f, b).ok(),
            "decoded_len {java} {b:x?}"
        );
        same_cesu_decode(b, java);
    }

    /// The encoder on `text` against the `const fn`, at every output length
    /// around the exact one.
    fn same_cesu_encode(text: &str, java: bool) {
        same(
            "cesu encode",
            &(java, text),
            &mut |d| {
                if java {
                    super::cesu::encode::<true>(text, d)
                } else {
                    super::cesu::encode::<false>(text, d)
                }
            },
            &mut |d| crate::engine::encode_into(Family::Cesu { java }, text, d),
            2 * text.len() + 4,
        );
    }

    /// The decoder on `b` against the `const fn`, at every output length
    /// around the exact one.
    fn same_cesu_decode(b: &[u8], java: bool) {
        same(
            "cesu decode",
            &(java, b),
            &mut |d| {
                if java {
                    super::cesu::decode::<true>(b, d)
                } else {
                    super::cesu::decode::<false>(b, d)
                }
            },
            &mut |d| crate::engine::decode_into(Family::Cesu { java }, b, d),
            b.len() + 4,
        );
    }

    /// What the scan stops at or must pass, each alone: zero, `C0 80`,
    /// surrogates paired and not, 4-byte forms, the edges of Table 3-7, and
    /// sequences cut short (followed by ASCII, or by the end).
    const SCAN_PIECES: &[&[u8]] = &[
        b"\0",
        b"\xC0\x80",
        b"\xED\xA0\x80\xED\xB0\x80",
        b"\xED\xAF\xBF\xED\xBF\xBF",
        b"\xED\xA0\x80",
        b"\xED\xB0\x80",
        b"\xED\x9F\xBF",
        b"\xE0\xA0\x80",
        b"\xE0\x9F\xBF",
        b"\xEF\xBF\xBF",
        b"\xC2\x80",
        b"\xDF\xBF",
        b"\xC1\xBF",
        b"\xC0\xAF",
        b"\xF0\x9F\x98\x80",
        b"\xF4\x8F\xBF\xBF",
        b"\xF5",
        b"\xFF",
        b"\x80",
        b"\xBF",
        b"\xC2",
        b"\xE1",
        b"\xE1\x80",
        b"\xF0\x9F\x98",
        b"\xED",
        b"\xE0\xA0",
        b"\x7F",
    ];

    /// Latin letters with accents and Cyrillic among ASCII, 2.6 KB: text of
    /// ASCII and 2-byte characters alone, which the scans take a block at a
    /// time.
    fn latin_text() -> String {
        "añejo café déjà-vu żółw şey ёж ".repeat(80)
    }

    /// The plan of text of 2-byte characters: taken where the samples'
    /// 2-byte characters outnumber their longer ones eightfold, at every
    /// seventh place where a 100 KB text can start in its pattern. Letters
    /// with accents every few hundred bytes (Italian man pages: a sample in
    /// six holds one) or two quotation marks of three bytes among a hundred
    /// of them (Romanian) take it; text whose samples show no character but
    /// ASCII, or 3-byte ones (English with its dashes, Chinese), or both as
    /// often (Latin words amid emoji) does not.
    #[test]
    fn two_byte_text_plan() {
        let line = |odd: &str, every: usize| {
            let mut t = std::string::String::new();
            for k in 0..every {
                t.push_str(if k == every / 2 { odd } else { "word " });
            }
            t
        };
        let cases = [
            (line("è ", 70), true),
            (line("ăîșțâ ", 5).repeat(20) + "„x” ", true),
            (std::string::String::from("añejo café "), true),
            (line("— ", 70), false),
            (std::string::String::from("plain ASCII "), false),
            (std::string::String::from("中文字 "), false),
            (line("é😀", 4), false),
        ];
        for (unit, want) in cases {
            let text = unit.repeat(110_000 / unit.len() + 1);
            for start in (0..unit.len())
                .filter(|&i| unit.is_char_boundary(i))
                .step_by(7)
            {
                let t = prefix(&text[start..], 100_000);
                assert_eq!(super::scan::two_byte_text(&t), want, "{unit:?} {start}");
            }
        }
    }

    /// The bytes of `text` up to `cut`, or to the character boundary before.
    fn prefix(text: &str, mut cut: usize) -> Vec<u8> {
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.as_bytes()[..cut].to_vec()
    }

    /// Every piece after 0..130 bytes of ASCII (so at every offset of a
    /// 64-byte block, in the first block and a later one), after as many
    /// bytes of Russian and Chinese text (the blocks tested by the rules),
    /// and after a kilobyte and as many bytes of Latin letters with accents
    /// and Cyrillic (long enough for the plan of 2-byte text, whose blocks
    /// must stop where the rules stop); followed by nothing, ASCII, or more
    /// of the text. The scan of 2-byte text runs on every input too.
    #[test]
    fn cesu_scan_every_piece_at_every_offset() {
        let cyr = "жЖщ中文a".repeat(40);
        let latin = latin_text();
        assert!(super::scan::two_byte_text(latin.as_bytes()));
        for java in [true, false] {
            for piece in SCAN_PIECES {
                for before in sample(0..130, 9) {
                    for (head, tail) in [
                        (ascii(before, 3).into_bytes(), cyr.as_bytes()),
                        (prefix(&cyr, before), cyr.as_bytes()),
                        (prefix(&latin, 1024 + before), latin.as_bytes()),
                    ] {
                        for tail in [&b""[..], b"a", b"xyz", &[b'q'; 70], tail] {
                            let mut b = head.clone();
                            b.extend_from_slice(piece);
                            b.extend_from_slice(&tail[..tail.len().min(150)]);
                            check_cesu(&b, java);
                            check_two_byte_scan(&b, java);
                        }
                    }
                }
            }
        }
    }

    /// The same text with a 3-byte character in it, which the plan's blocks
    /// cannot pass, and a piece 0 to 400 bytes after it: the parts tested
    /// by the rules after that block end at every offset of the piece, and
    /// the next block starts there (after a character left open by the
    /// part, too).
    #[test]
    fn cesu_scan_two_byte_text_piece_after_a_long_char() {
        let latin = latin_text();
        for java in [true, false] {
            for piece in SCAN_PIECES {
                for d in sample(0..400, 25) {
                    let mut b = prefix(&latin, 1024);
                    b.extend_from_slice("—".as_bytes());
                    b.extend_from_slice(&prefix(&latin, d));
                    b.extend_from_slice(piece);
                    b.extend_from_slice(&[b'q'; 70]);
                    b.extend_from_slice(&prefix(&latin, 300));
                    check_cesu(&b, java);
                    check_two_byte_scan(&b, java);
                }
            }
        }
    }

    /// The same text, then a run of ASCII long enough for the block pairs
    /// that its blocks go on by after two blocks of ASCII, with each piece
    /// at every offset of the run up to 400 bytes (and the run starting at
    /// three offsets of a block).
    #[test]
    fn cesu_scan_two_byte_text_long_ascii() {
        let latin = latin_text();
        for java in [true, false] {
            for piece in SCAN_PIECES {
                for start in [1024, 1025, 1058] {
                    for before in sample(0..400, 25) {
                        let mut b = prefix(&latin, start);
                        b.extend_from_slice(ascii(before, 7).as_bytes());
                        b.extend_from_slice(piece);
                        b.extend_from_slice(ascii(200, 3).as_bytes());
                        b.extend_from_slice(&prefix(&latin, 100));
                        check_two_byte_scan(&b, java);
                    }
                }
            }
        }
    }

    /// Random text of 1 to 3 KB of ASCII and 2-byte characters, a 3-byte
    /// one now and then (the blocks that the plan of such text cannot
    /// pass, after which it tests parts by the rules before it tries a
    /// block again) and one of the pieces here and there; most of them
    /// take the plan.
    #[test]
    fn cesu_scan_two_byte_text_random() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let common: &[&[u8]] = &[
            b"a",
            b" ",
            b"word ",
            "é".as_bytes(),
            "ż".as_bytes(),
            "я".as_bytes(),
        ];
        let mut planned = 0;
        for _ in 0..3_000 {
            let mut b = Vec::new();
            let len = 1024 + rng.index(2048);
            while b.len() < len {
                match rng.below(800) {
                    0 => b.extend_from_slice(SCAN_PIECES[rng.index(SCAN_PIECES.len())]),
                    1 => b.extend_from_slice("—".as_bytes()),
                    _ => b.extend_from_slice(common[rng.index(common.len())]),
                }
            }
            planned += usize::from(super::scan::two_byte_text(&b));
            for java in [true, false] {
                check_cesu(&b, java);
                check_two_byte_scan(&b, java);
            }
        }
        assert!(planned > 1_000, "{planned}");
    }

    /// Random strings of the pieces, of ASCII and of 2- and 3-byte
    /// characters, up to 300 bytes: several blocks, the pieces anywhere.
    #[test]
    fn cesu_scan_random() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        let common: &[&[u8]] = &[b"a", b" ", "я".as_bytes(), "中".as_bytes(), "é".as_bytes()];
        for _ in 0..30_000 {
            let mut b = Vec::new();
            let len = rng.index(300);
            while b.len() < len {
                if rng.below(40) == 0 {
                    b.extend_from_slice(SCAN_PIECES[rng.index(SCAN_PIECES.len())]);
                } else {
                    b.extend_from_slice(common[rng.index(common.len())]);
                }
            }
            for java in [true, false] {
                check_cesu(&b, java);
                check_two_byte_scan(&b, java);
            }
        }
    }

    /// The blocks of the scan pass every stretch of well-formed text that
    /// decodes to itself, at every place (no false alarm, which would not
    /// change the answer, only send it down the slow path), and the ASCII
    /// test holds exactly where every byte is ASCII (each byte value at
    /// each place: the test after this one).
    #[test]
    fn cesu_scan_blocks_pass_valid_text() {
        let mut text = String::new();
        for piece in PIECES {
            if !piece.contains(|c: char| c == '\0' || c > '\u{FFFF}') {
                text.push_str(piece);
                text.push_str(&ascii(7, 1));
            }
        }
        let b = text.as_bytes();
        assert!(b.len() > 200);
        for s in 0..b.len() - 64 {
            // Two bytes of real context before each part.
            let win: &[u8; 18] = b[s..s + 18].try_into().unwrap();
            let tail_ascii = win[10..].iter().all(|&c| c < 0x80);
            assert_eq!(super::scan::part::<true>(win), (None, tail_ascii), "{s}");
            assert_eq!(super::scan::part::<false>(win), (None, tail_ascii), "{s}");
            let blk: &[u8; 64] = b[s..s + 64].try_into().unwrap();
            let ascii = blk.iter().all(|&c| c < 0x80);
            assert_eq!(super::scan::ascii_block::<false, 64>(blk), ascii);
            assert_eq!(super::scan::ascii_block::<true, 64>(blk), ascii);
        }
    }

    /// The ASCII test of the scan's blocks, of each size it is asked of
    /// (the parts, the blocks and the block pairs, which `JAVA` tests by
    /// signed bytes, the rest by words): every byte value at every place
    /// of an ASCII block, against the definition.
    #[test]
    fn cesu_scan_ascii_blocks_every_byte_at_every_place() {
        fn check<const N: usize>() {
            for k in 0..N {
                for x in 0..=255u8 {
                    let mut blk = [b'a'; N];
                    blk[k] = x;
                    let (java, plain) = (x != 0 && x < 0x80, x < 0x80);
                    assert_eq!(
                        super::scan::ascii_block::<true, N>(&blk),
                        java,
                        "{N} {k} {x:02X}"
                    );
                    assert_eq!(
                        super::scan::ascii_block::<false, N>(&blk),
                        plain,
                        "{N} {k} {x:02X}"
                    );
                }
            }
        }
        check::<16>();
        check::<64>();
        check::<128>();
    }

    #[test]
    fn cesu_every_piece_at_every_offset() {
        for java in [true, false] {
            for text in sample(texts(), 4) {
                let text = text.as_str();
                let f = Family::Cesu { java };
                same_cesu_encode(text, java);
                let mut bytes = std::vec![0u8; 2 * text.len()];
                let n = crate::engine::encode_into(f, text, &mut bytes).unwrap();
                bytes.truncate(n);
                let unchanged = if java {
                    super::cesu::unchanged::<true>(text.as_bytes(), 0)
                } else {
                    super::cesu::unchanged::<false>(text.as_bytes(), 0)
                };
                let first_special = text
                    .bytes()
                    .position(|x| x >= 0xF0 || (java && x == 0))
                    .unwrap_or(text.len());
                assert_eq!(unchanged, first_special, "{java} {text:?}");
                for b in core::iter::once(bytes.clone()).chain(corruptions(&bytes)) {
                    let b = b.as_slice();
                    // The scan: exactly the valid prefix up to the first
                    // byte that decodes otherwise.
                    let want = scan_want(b, java);
                    let got = if java {
                        super::cesu::decode_unchanged::<true>(b)
                    } else {
                        super::cesu::decode_unchanged::<false>(b)
                    };
                    assert_eq!(got, want, "decode_unchanged {java} {b:x?}");
                    same_cesu_decode(b, java);
                }
            }
        }
    }

    /// A piece amid ASCII at every place of the first two block pairs,
    /// followed by ASCII that ends before a block, inside one or after
    /// several (then a character), with the input at every address modulo
    /// sixteen: the scans find the first byte of a pair that is not ASCII a
    /// word at a time, test the part that starts there and go back to ASCII
    /// at an address that is a multiple of sixteen, which is a different
    /// place for each address of the input. Both scans against std.
    #[test]
    fn scans_every_piece_amid_ascii_at_every_address() {
        let pieces = SCAN_PIECES
            .iter()
            .copied()
            .chain(["é", "—", "’s", "é\0", "“ä”"].map(str::as_bytes));
        let mut buf = std::vec![0u8; 16 + 300 + 8 + 200];
        for piece in pieces {
            for before in sample(0..260, 9) {
                for after in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 80, 130, 200] {
                    let mut text = ascii(before, 3).into_bytes();
                    text.extend_from_slice(piece);
                    text.extend_from_slice(ascii(after, 5).as_bytes());
                    if after >= 64 {
                        text.extend_from_slice("ж".as_bytes());
                        text.extend_from_slice(ascii(20, 7).as_bytes());
                    }
                    for shift in 0..16 {
                        let b = &mut buf[shift..shift + text.len()];
                        b.copy_from_slice(&text);
                        let b = &*b;
                        same_validity(b);
                        for java in [true, false] {
                            let got = if java {
                                super::scan::unchanged_len::<true>(b)
                            } else {
                                super::scan::unchanged_len::<false>(b)
                            };
                            assert_eq!(got, scan_want(b, java), "{java} {shift} {b:x?}");
                        }
                    }
                }
            }
        }
    }
}
