//! Modified UTF-8 (`JAVA`) and CESU-8 from and to UTF-8, with AVX2.
//!
//! Both encodings are UTF-8 but for two things: a supplementary character
//! is two 3-byte encoded surrogates (`ED A0..=AF xx ED B0..=BF xx`) instead
//! of one 4-byte sequence, and, in modified UTF-8, U+0000 is `C0 80`
//! instead of `00`. So text that has neither is the same bytes in all
//! three, and the kernels here are copies that stop only at those places.
//!
//! # Encoding
//!
//! The input is a `&str`, so a byte `F0` or above is always the lead of a
//! 4-byte sequence, and a zero byte always U+0000, wherever the cursor is:
//! the loop need not know where characters start. It loads 64 bytes, stores
//! them at the output cursor straight away, and tests them for such bytes;
//! if there are none (Russian, Chinese, English: always), both cursors move
//! by 64. Otherwise the bytes before the first one are already in place;
//! the cursors move to it, the one character is transcoded (two encoded
//! surrogates, or `C0 80`), and the loop goes on from the next byte. The
//! last bytes (fewer than 64, or those the output room does not allow a
//! 64-byte store for) go through the same loop in a padded stack buffer.
//!
//! # Decoding
//!
//! Valid input is, byte for byte, UTF-8 with encoded surrogates allowed,
//! 4-byte sequences forbidden, and (modified UTF-8) `C0 80` allowed and
//! `00` forbidden. The UTF-8 validator of [`super::utf8`] checks exactly
//! that with other nibble tables ([`CESU8`](crate::simd::utf8::CESU8), [`MUTF8`](crate::simd::utf8::MUTF8)) plus a test for
//! zero bytes, over the whole input in 64-byte blocks, never restarted.
//! Besides, each block yields a bit mask of its *special* bytes: the second
//! byte of every `ED A0..=BF` (an encoded surrogate) and, for modified
//! UTF-8, every byte after a `C0`. A block without one is stored as it
//! is. In a block with some, the plain bytes up to each special character
//! are copied (one 64-byte copy from the copy cursor), and the character is
//! decoded by a few scalar instructions: a surrogate pair, whose six bytes
//! are checked here (high surrogate, then low), becomes one 4-byte
//! sequence, and `C0 80` becomes `00`; an unpaired surrogate or a `C0` not
//! followed by `80` is an error at once. A pair may run up to five bytes
//! into the next block, whose special bits up to the copy cursor are then
//! dropped. Emoji text, a surrogate pair every twenty bytes or so, thus
//! stays in the vector loop.
//!
//! Errors are collected in the validator and tested once, after the loop.
//! The loop runs while 128 bytes of input are left (the copies read up to
//! 64 bytes past a special character); the rest, from the start of the last
//! character the loop did not finish, goes through the same loop in a
//! buffer padded with spaces, which are valid and decode to themselves, so
//! the output of the real bytes is the output less the padding.
//!
//! # Text dense in supplementary characters
//!
//! Both loops stop at each character that changes, which is every few
//! bytes in text where emoji follow every word or letter. The encoder,
//! at a block with two such characters or more, goes 32 bytes a step
//! whatever they hold ([`expand_run`](crate::simd::avx2::cesu::expand_run)): each byte's output worked out in
//! place from it and its neighbours, and the bytes put in (the `ED` of each
//! surrogate, the `C0` of `C0 80`) added by one shuffle of each 8 bytes,
//! until a step with none (Chinese with an emoji after each character,
//! emoji alone, Russian with one after each letter: about 6 GB/s, with or
//! without AVX-512; through UTF-16 on AVX-512, as the decoder goes, they
//! ran about 4). To decode, where the copy loop stops at a pair for less,
//! samples of the input decide ([`looks_dense`](crate::simd::avx2::cesu::looks_dense)): text with 4.5 pairs per
//! 64 bytes in them goes, on CPUs with AVX-512, to `super::avx512::cesu`,
//! which converts it through UTF-16 a chunk at a time (its docs say how).
//! On CPUs with AVX2 alone the copy loop, after a block with four pairs or
//! more, goes on 32 bytes a step whatever they hold
//! ([`decode_run`](crate::simd::avx2::cesu::decode_run), the mirror of the
//! encoder's): each byte's output worked out in place, the `ED`s (and
//! `C0`s) dropped by one shuffle of each 8 bytes, until a step with none.

// The codec's short names (see `crate::engine`): `b` input bytes, `n` its
// length, `i` input cursor, `at` output cursor, `p` block, `v` a vector.
#![allow(clippy::many_single_char_names)]
// Elsewhere only the portable fallbacks are used.
#![cfg_attr(not(target_arch = "x86_64"), allow(dead_code, unused_imports))]

#[cfg(target_arch = "x86_64")]
use super::avx2::cesu as avx2;

// `unsafe` here is as in `super::utf8` (see "`unsafe` here" there): every
// `#[target_feature]` function is an `unsafe fn` that requires the CPU to
// have the enabled features, so calling one from another needs only that
// ("features" in the `SAFETY:` comments) and whatever else it states. The
// other unsafe operations are the unchecked loads, stores and byte accesses
// below, each within bounds that the loop conditions establish.

/// Encodes `text`; `None` if `dst` is too short.
#[inline]
pub(crate) fn encode<const JAVA: bool>(text: &str, dst: &mut [u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        if super::avx2() {
            // SAFETY: `avx2()` said that this CPU has every feature that
            // `encode_avx2` enables.
            return unsafe { avx2::encode_avx2::<JAVA>(text, dst) };
        }
    }
    #[cfg(target_arch = "aarch64")]
    if super::neon() {
        return super::neon::cesu::encode::<JAVA>(text, dst);
    }
    super::portable::cesu::encode::<JAVA>(text, dst)
}

/// Decodes to UTF-8; `None` if `bytes` is ill-formed or `dst` too short.
#[inline]
pub(crate) fn decode<const JAVA: bool>(bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        if super::avx2() {
            // SAFETY: `avx2()` said that this CPU has every feature that
            // `decode_avx2` enables.
            return unsafe { avx2::decode_avx2::<JAVA>(bytes, dst) };
        }
    }
    #[cfg(target_arch = "aarch64")]
    if super::neon() {
        return super::neon::cesu::decode::<JAVA>(bytes, dst);
    }
    super::portable::cesu::decode::<JAVA>(bytes, dst)
}

/// The length of the UTF-8 decoding; `None` if `bytes` is ill-formed. The
/// run that decodes to itself at the start by [`decode_unchanged`] (with
/// SIMD where the CPU has it), what follows the first sequence that
/// changes by the portable loop, a sequence and a scan at a time: where
/// such sequences are, they come every few bytes (emoji), too often to set
/// up a vector scan for each. (With the AVX2 kernels this was the engine's
/// length pass, at 0.4 to 6 GB/s.)
#[inline]
pub(crate) fn decoded_len<const JAVA: bool>(bytes: &[u8]) -> Option<usize> {
    super::portable::cesu::decoded_len_after::<JAVA>(bytes, decode_unchanged::<JAVA>(bytes))
}

/// The length of the longest prefix of `text` that encodes to itself: the
/// index of its first 4-byte lead or, for `JAVA`, zero byte (each the first
/// byte of a character), or its length if it has none.
#[inline]
#[cfg_attr(
    not(feature = "alloc"),
    allow(dead_code, reason = "used by `encode_cow` and `decode_cow` only")
)]
pub(crate) fn encode_unchanged<const JAVA: bool>(text: &str) -> usize {
    let b = text.as_bytes();
    #[cfg(target_arch = "x86_64")]
    {
        if super::avx2() {
            // SAFETY: `avx2()` said that this CPU has every feature that
            // `encode_unchanged_avx2` enables.
            return unsafe { avx2::encode_unchanged_avx2::<JAVA>(b) };
        }
    }
    #[cfg(target_arch = "aarch64")]
    if super::neon() {
        return super::neon::cesu::encode_unchanged::<JAVA>(text);
    }
    super::portable::cesu::unchanged::<JAVA>(b, 0)
}

/// The encoded length of `text` (what `crate::engine::cesu::encoded_len`
/// says): its length, plus 2 per 4-byte lead, plus (for `JAVA`) 1 per zero
/// byte.
#[inline]
pub(crate) fn encoded_len<const JAVA: bool>(text: &str) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        if super::avx2() {
            // SAFETY: `avx2()` said that this CPU has every feature that
            // `encoded_len_avx2` enables.
            return unsafe { avx2::encoded_len_avx2::<JAVA>(text.as_bytes()) };
        }
    }
    #[cfg(target_arch = "aarch64")]
    if super::neon() {
        return super::neon::cesu::encoded_len::<JAVA>(text);
    }
    crate::engine::cesu::encoded_len::<JAVA>(text)
}

/// The length of a prefix of `b` that is well formed and decodes to
/// itself, ending on a character boundary; all of `b` exactly when all of
/// `b` is well formed and decodes to itself. Such bytes are those that are
/// valid UTF-8 as well and have no 4-byte lead and (for `JAVA`) no zero
/// byte: every sequence where the encodings differ (an encoded surrogate,
/// `C0 80`, a 4-byte form) is ill-formed in one of them. (The prefix may
/// stop short of the first such sequence; the decoder takes the rest.)
#[inline]
#[cfg_attr(
    not(feature = "alloc"),
    allow(dead_code, reason = "used by `encode_cow` and `decode_cow` only")
)]
pub(crate) fn decode_unchanged<const JAVA: bool>(b: &[u8]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        if super::avx512() {
            // SAFETY: `avx512()` said that this CPU has every feature that
            // the AVX-512 kernel enables.
            return unsafe { super::avx512::cesu::decode_unchanged::<JAVA>(b) };
        }
        if super::avx2() {
            // SAFETY: `avx2()` said that this CPU has every feature that
            // `decode_unchanged_avx2` enables.
            return unsafe { avx2::decode_unchanged_avx2::<JAVA>(b) };
        }
    }
    #[cfg(target_arch = "aarch64")]
    if super::neon() {
        return super::neon::cesu::decode_unchanged::<JAVA>(b);
    }
    super::portable::cesu::decode_unchanged::<JAVA>(b)
}

#[cfg(test)]
mod tests {
    use crate::simd::test_support::{MIRI, Rng, assert_avx2, cases, each_level, sample};
    extern crate std;
    use super::{decode, decode_unchanged, decoded_len, encode, encode_unchanged, encoded_len};
    use crate::encoding::Encoding;
    use std::string::String;
    use std::vec;
    use std::vec::Vec;

    const fn enc(java: bool) -> Encoding {
        if java {
            Encoding::Mutf8
        } else {
            Encoding::Cesu8
        }
    }

    /// The output lengths to try for an output of `n` bytes: all of
    /// `0..=n + 40` when `sweep`, else a few around `n`.
    fn lengths(n: usize, sweep: bool) -> Vec<usize> {
        if MIRI {
            vec![n.saturating_sub(1), n]
        } else if sweep {
            (0..=n + 40).collect()
        } else {
            vec![0, n.saturating_sub(1), n, n + 1, n + 7, n + 64, n + 300]
        }
    }

    /// `decode::<J>` against the `const fn` on `input`, for output lengths
    /// around the needed one.
    fn check_decode<const J: bool>(input: &[u8], sweep: bool) {
        let mut want = vec![0u8; input.len() + 8];
        let decoded = crate::engine::decode_into(enc(J).family(), input, &mut want);
        assert_eq!(
            decoded_len::<J>(input),
            decoded.ok(),
            "java {J}, length of {input:02X?}"
        );
        match decoded {
            Ok(n) => {
                for len in lengths(n, sweep) {
                    let mut dst = vec![0xAA; len];
                    let got = decode::<J>(input, &mut dst);
                    if len >= n {
                        assert_eq!(got, Some(n), "java {J}, input {input:02X?}, dst {len}");
                        assert_eq!(&dst[..n], &want[..n], "java {J}, input {input:02X?}");
                    } else {
                        assert_eq!(got, None, "java {J}, input {input:02X?}, dst {len}");
                    }
                }
            }
            Err(_) => {
                for len in lengths(input.len(), sweep) {
                    let mut dst = vec![0xAA; len];
                    assert_eq!(
                        decode::<J>(input, &mut dst),
                        None,
                        "java {J}, ill-formed input {input:02X?}, dst {len}"
                    );
                }
            }
        }
    }

    /// `encode::<J>` against the `const fn`.
    fn check_encode<const J: bool>(text: &str, sweep: bool) {
        let mut want = vec![0u8; 2 * text.len() + 8];
        let n = crate::engine::encode_into(enc(J).family(), text, &mut want).unwrap();
        for len in lengths(n, sweep) {
            let mut dst = vec![0xAA; len];
            let got = encode::<J>(text, &mut dst);
            if len >= n {
                assert_eq!(got, Some(n), "java {J}, text {text:?}, dst {len}");
                assert_eq!(&dst[..n], &want[..n], "java {J}, text {text:?}");
            } else {
                assert_eq!(got, None, "java {J}, text {text:?}, dst {len}");
            }
        }
    }

    /// The fillers that put a sequence at every offset: ASCII, and
    /// characters of two, three and six (a pair) bytes after 0 to 5 ASCII
    /// bytes, so that blocks of each kind precede it.
    const FILLERS: [&[u8]; 4] = [
        b"a",
        "\u{416}".as_bytes(),
        "\u{4E16}".as_bytes(),
        b"\xED\xA0\xBD\xED\xB8\x80",
    ];

    /// `c` after `before` bytes of `filler` (whole fillers, `x`s for the
    /// rest), as [`placed`] does with bytes.
    fn placed_str(filler: &str, before: usize, c: &str) -> String {
        let mut s = "x".repeat(before % filler.len());
        for _ in 0..before / filler.len() {
            s.push_str(filler);
        }
        s.push_str(c);
        s
    }

    fn placed(filler: &[u8], before: usize, seq: &[u8], after: usize) -> Vec<u8> {
        let mut v = Vec::new();
        v.extend(core::iter::repeat_n(b'x', before % filler.len()));
        for _ in 0..before / filler.len() {
            v.extend_from_slice(filler);
        }
        v.extend_from_slice(seq);
        v.extend(core::iter::repeat_n(b'y', after));
        v
    }

    /// Sequences for the decoders: every kind of character and every kind
    /// of error, each tried in both encodings (the `const fn` says which
    /// are errors where).
    const DECODE_SEQS: &[&[u8]] = &[
        b"a",
        b"\x00",
        b"\xC0\x80",
        b"\xC2\x80",
        b"\xDF\xBF",
        b"\xE0\xA0\x80",
        b"\xE4\xB8\x96",
        b"\xED\x9F\xBF",
        b"\xEE\x80\x80",
        b"\xEF\xBF\xBF",
        b"\xED\xA0\x80\xED\xB0\x80",
        b"\xED\xAF\xBF\xED\xBF\xBF",
        b"\xED\xA0\xBD\xED\xB8\x80",
        b"\xED\xA0\x80\xED\xB0\x80\xED\xA0\x80\xED\xB0\x80",
        b"\xC0\x80\xC0\x80",
        b"\xC0\x80\xED\xA0\x80\xED\xB0\x80\xC0\x80",
        // Errors.
        b"\xED\xA0\x80",
        b"\xED\xB0\x80",
        b"\xED\xB0\x80\xED\xA0\x80",
        b"\xED\xA0\x80a",
        b"\xED\xA0\x80\xED\x9F\xBF",
        b"\xED\xA0\x80\xED\xA0\x80",
        b"\xED\xA0\x80\xED\xB0",
        b"\xED\xA0\x80\xED",
        b"\xED\xA0",
        b"\xED\xA0\x80\xED\xB0\xC0",
        b"\xED\xA0\xC0\xED\xB0\x80",
        b"\xED\xA0\x80\xEE\xB0\x80",
        b"\xED\xA0\x80\xED\xC0\x80",
        b"\xF0\x90\x80\x80",
        b"\xF4\x8F\xBF\xBF",
        b"\xF0",
        b"\xF5",
        b"\xFF",
        b"\xC0",
        b"\xC0\x81",
        b"\xC0\xBF",
        b"\xC0\x41",
        b"\xC0\xC0\x80",
        b"\xC1\x80",
        b"\xE0\x80\x80",
        b"\xE0\x9F\xBF",
        b"\x80",
        b"\xBF",
        b"\xC2",
        b"\xC2\xC2",
        b"\xE4\xB8",
        b"\xE4",
        b"\xE4\xB8\x96\x80",
        b"\xE4\x41\x96",
    ];

    #[test]
    fn cesu_decode_every_sequence_at_every_offset() {
        assert_avx2();
        for seq in sample(DECODE_SEQS, 17) {
            for filler in sample(FILLERS, 3) {
                for before in sample(0..134, 67) {
                    for after in sample([0, 1, 3, 64, 140], 4) {
                        let input = placed(filler, before, seq, after);
                        let sweep = after == 1 && before % 8 == 0;
                        check_decode::<true>(&input, sweep);
                        check_decode::<false>(&input, sweep);
                    }
                }
            }
        }
    }

    #[test]
    fn cesu_encode_every_character_kind_at_every_offset() {
        assert_avx2();
        let chars = [
            "a",
            "\0",
            "\u{80}",
            "ж",
            "\u{7FF}",
            "\u{800}",
            "世",
            "\u{FFFF}",
            "\u{10000}",
            "😀",
            "\u{10FFFF}",
        ];
        let fillers = ["a", "ж", "世", "😀", "\0", "世😀"];
        for c in sample(chars, 4) {
            for filler in sample(fillers, 3) {
                for before in sample(0..134, 67) {
                    for after in sample([0, 1, 3, 64, 140], 4) {
                        let mut s = placed_str(filler, before, c);
                        for _ in 0..after {
                            s.push('y');
                        }
                        let sweep = after == 1 && before % 8 == 0;
                        check_encode::<true>(&s, sweep);
                        check_encode::<false>(&s, sweep);
                    }
                }
            }
        }
    }

    /// The scans that tell how much of an input a conversion leaves as it
    /// is, against their definitions: a prefix that is valid UTF-8 with no
    /// 4-byte lead and (MUTF-8) no zero byte. The decoding scan may stop
    /// short of the longest such prefix, but not before the 64-byte block
    /// (less a character begun in the block before) that holds its end, and
    /// it takes the whole input exactly when the whole input is such.
    fn check_unchanged<const J: bool>(b: &[u8]) {
        let valid = match core::str::from_utf8(b) {
            Ok(_) => b.len(),
            Err(e) => e.valid_up_to(),
        };
        let longest = b[..valid]
            .iter()
            .position(|&x| x >= 0xF0 || (J && x == 0))
            .unwrap_or(valid);
        let k = decode_unchanged::<J>(b);
        assert!(k <= longest, "java {J}: {k} > {longest} in {b:02X?}");
        assert!(core::str::from_utf8(&b[..k]).is_ok(), "java {J}: {b:02X?}");
        assert_eq!(k == b.len(), longest == b.len(), "java {J}: {b:02X?}");
        assert!(
            k + 3 >= longest / 64 * 64,
            "java {J}: stopped at {k}, long before {longest} in {b:02X?}"
        );
        if let Ok(text) = core::str::from_utf8(b) {
            let first = b
                .iter()
                .position(|&x| x >= 0xF0 || (J && x == 0))
                .unwrap_or(b.len());
            assert_eq!(encode_unchanged::<J>(text), first, "java {J}: {text:?}");
            assert_eq!(
                crate::simd::portable::cesu::encode_unchanged_words::<J>(b, 0),
                first
            );
            assert_eq!(
                encoded_len::<J>(text),
                crate::engine::cesu::encoded_len::<J>(text),
                "java {J}: {text:?}"
            );
        }
    }

    #[test]
    fn cesu_unchanged_scans_every_sequence_at_every_offset() {
        assert_avx2();
        each_level(|_| unchanged_scans_every_sequence_at_every_offset());
    }

    fn unchanged_scans_every_sequence_at_every_offset() {
        for seq in DECODE_SEQS
            .iter()
            .chain(&[&b"\xF0\x9F\x98\x80"[..], b"\x00\x00"])
        {
            for filler in FILLERS.iter().chain(&[&b"\xF0\x9F\x98\x80"[..]]) {
                for before in 0..134 {
                    for after in [0, 1, 3, 31, 64, 140] {
                        let input = placed(filler, before, seq, after);
                        check_unchanged::<true>(&input);
                        check_unchanged::<false>(&input);
                    }
                }
            }
        }
    }

    /// The same after a character and a run of ASCII: the scan is past its
    /// start by then, and an ASCII block sends it on by steps of 128 ASCII
    /// bytes, which every sequence here ends or passes, at every offset in
    /// and around them.
    #[test]
    fn cesu_unchanged_scans_every_sequence_after_every_ascii_run() {
        assert_avx2();
        each_level(|_| {
            for seq in DECODE_SEQS {
                for ascii in 0..330 {
                    let mut input = "é".as_bytes().to_vec();
                    input.extend(core::iter::repeat_n(b'a', ascii));
                    input.extend_from_slice(seq);
                    input.extend(core::iter::repeat_n(b'z', 200));
                    check_unchanged::<true>(&input);
                    check_unchanged::<false>(&input);
                }
            }
        });
    }

    /// Text dense in supplementary characters, long enough for the
    /// AVX-512 path that takes such text a chunk (1,024 bytes) at a time:
    /// every sequence at every offset around the first two chunks' ends,
    /// after each kind of dense filler, into an output with room for the
    /// chunks and into the exact one.
    #[test]
    fn cesu_dense_text_every_sequence_across_chunks() {
        assert_avx2();
        each_level(|_| dense_text_every_sequence_across_chunks());
    }

    fn dense_text_every_sequence_across_chunks() {
        let fillers: [&[u8]; 3] = [
            b"\xED\xA0\xBD\xED\xB8\x80",
            "\u{416}\u{10400}".as_bytes(),
            "a\u{4E16}\u{1F389}".as_bytes(),
        ];
        for seq in sample(DECODE_SEQS, 7) {
            for filler in fillers {
                let filler = &encoded_filler(filler)[..];
                for before in sample((1024 - 70..1024 + 12).chain(2048 - 12..2048 + 6), 11) {
                    let mut input = placed(filler, before, seq, 0);
                    for _ in 0..700 / filler.len() {
                        input.extend_from_slice(filler);
                    }
                    for java in [true, false] {
                        check_dense_decode(java, &input);
                    }
                }
            }
        }
    }

    /// A filler as MUTF-8 bytes: its supplementary characters as pairs.
    fn encoded_filler(utf8: &[u8]) -> Vec<u8> {
        match core::str::from_utf8(utf8) {
            Ok(s) if s.chars().any(|c| c > '\u{FFFF}') => {
                let mut e = vec![0u8; 2 * s.len()];
                let n = crate::engine::encode_into(enc(true).family(), s, &mut e).unwrap();
                e.truncate(n);
                e
            }
            _ => utf8.to_vec(),
        }
    }

    /// `decode` against the `const fn` with room to spare and with the
    /// exact room.
    fn check_dense_decode(java: bool, input: &[u8]) {
        let mut want = vec![0u8; input.len() + 8];
        let decoded = crate::engine::decode_into(enc(java).family(), input, &mut want);
        for len in [2 * input.len() + 8, decoded.unwrap_or(input.len())] {
            let mut dst = vec![0xAA; len];
            let got = if java {
                decode::<true>(input, &mut dst)
            } else {
                decode::<false>(input, &mut dst)
            };
            assert_eq!(
                got,
                decoded.ok(),
                "java {java}, input {input:02X?}, dst {len}"
            );
            if let Ok(n) = decoded {
                assert_eq!(dst[..n], want[..n], "java {java}, input {input:02X?}");
            }
        }
    }

    /// The encoder on the same: every kind of character at every offset
    /// around the chunks' ends of dense text.
    #[test]
    fn cesu_dense_text_every_character_across_chunks() {
        assert_avx2();
        each_level(|_| dense_text_every_character_across_chunks());
    }

    fn dense_text_every_character_across_chunks() {
        let chars = [
            "a",
            "\0",
            "\u{7FF}",
            "世",
            "\u{FFFF}",
            "\u{10000}",
            "😀",
            "\u{10FFFF}",
        ];
        let fillers = ["😀", "ж\u{10400}", "a\u{4E16}\u{1F389}", "\0😀"];
        for c in chars {
            for filler in fillers {
                for before in sample((1024 - 70..1024 + 12).chain(2048 - 12..2048 + 6), 11) {
                    let mut s = placed_str(filler, before, c);
                    for _ in 0..700 / filler.len() {
                        s.push_str(filler);
                    }
                    for java in [true, false] {
                        let mut want = vec![0u8; 2 * s.len() + 8];
                        let n =
                            crate::engine::encode_into(enc(java).family(), &s, &mut want).unwrap();
                        for len in [2 * s.len() + 8, n, n - 1] {
                            let mut dst = vec![0xAA; len];
                            let got = if java {
                                encode::<true>(&s, &mut dst)
                            } else {
                                encode::<false>(&s, &mut dst)
                            };
                            if len >= n {
                                assert_eq!(got, Some(n), "java {java}, {s:?}, dst {len}");
                                assert_eq!(dst[..n], want[..n], "java {java}, {s:?}");
                            } else {
                                assert_eq!(got, None, "java {java}, {s:?}, dst {len}");
                            }
                        }
                    }
                }
            }
        }
    }

    /// Long random text dense in supplementary characters, round trips and
    /// corruptions, through the chunks of the AVX-512 path.
    #[test]
    fn cesu_dense_random_round_trips_and_corruptions() {
        assert_avx2();
        each_level(|_| dense_random_round_trips_and_corruptions());
    }

    fn dense_random_round_trips_and_corruptions() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let pool: Vec<char> = "😀🎉\u{10000}\u{10FFFF}\u{1D400}жЯ世a \u{0}"
            .chars()
            .collect();
        for _ in 0..cases(300, 3) {
            let s = random_text(&mut rng, &pool, 5000);
            for java in [true, false] {
                let mut e = vec![0u8; 2 * s.len()];
                let n = crate::engine::encode_into(enc(java).family(), &s, &mut e).unwrap();
                e.truncate(n);
                let mut dst = vec![0u8; 2 * s.len() + 8];
                let got = if java {
                    encode::<true>(&s, &mut dst)
                } else {
                    encode::<false>(&s, &mut dst)
                };
                assert_eq!(got, Some(n));
                assert_eq!(dst[..n], e[..]);
                check_dense_decode(java, &e);
                for _ in 0..8 {
                    let mut c = e.clone();
                    let at = rng.below(c.len() as u64) as usize;
                    match rng.below(4) {
                        0 => c[at] = rng.next() as u8,
                        1 => c[at] ^= 1 << rng.below(8),
                        2 => {
                            c.remove(at);
                        }
                        _ => {
                            let bytes: [u8; 6] = [0x00, 0x80, 0xC0, 0xED, 0xF0, 0xA0];
                            c.insert(at, bytes[rng.below(6) as usize]);
                        }
                    }
                    check_dense_decode(java, &c);
                }
            }
        }
    }

    fn random_text(rng: &mut Rng, pool: &[char], max: u64) -> String {
        let len = rng.below(max) as usize;
        let mut s = String::new();
        while s.len() < len {
            let c = pool[rng.below(pool.len() as u64) as usize];
            for _ in 0..=rng.below(6) {
                s.push(c);
            }
        }
        s
    }

    const POOL: &str =
        "az .,\n\u{0}\u{7F}ßжЯ€世界\u{FFFD}\u{FFFF}\u{D7FF}\u{E000}😀🎉\u{10FFFF}\u{10000}";

    #[test]
    fn cesu_random_round_trips_and_corruptions() {
        assert_avx2();
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        let pool: Vec<char> = POOL.chars().collect();
        for case in 0..cases(30_000, 6) {
            let s = random_text(&mut rng, &pool, 450);
            let sweep = case % 8 == 0;
            check_encode::<true>(&s, sweep);
            check_encode::<false>(&s, sweep);
            check_unchanged::<true>(s.as_bytes());
            check_unchanged::<false>(s.as_bytes());
            for java in [true, false] {
                let mut e = vec![0u8; 2 * s.len()];
                let n = crate::engine::encode_into(enc(java).family(), &s, &mut e).unwrap();
                e.truncate(n);
                let check = |b: &[u8], sweep: bool| {
                    if java {
                        check_decode::<true>(b, sweep);
                    } else {
                        check_decode::<false>(b, sweep);
                    }
                };
                check(&e, sweep);
                for _ in 0..4 {
                    if e.is_empty() {
                        break;
                    }
                    let mut c = e.clone();
                    let at = rng.below(c.len() as u64) as usize;
                    match rng.below(6) {
                        0 => c[at] = rng.next() as u8,
                        1 => c[at] ^= 1 << rng.below(8),
                        2 => c.truncate(at),
                        3 => {
                            c.remove(at);
                        }
                        4 => {
                            let bytes: [u8; 6] = [0x00, 0x80, 0xC0, 0xED, 0xF0, 0xA0];
                            c.insert(at, bytes[rng.below(6) as usize]);
                        }
                        _ => {
                            // Swap two 3-byte pieces (the halves of a pair).
                            if at + 6 <= c.len() {
                                let (a, b) = c[at..at + 6].split_at_mut(3);
                                a.swap_with_slice(b);
                            }
                        }
                    }
                    check(&c, false);
                    check_unchanged::<true>(&c);
                    check_unchanged::<false>(&c);
                }
            }
        }
    }
}
