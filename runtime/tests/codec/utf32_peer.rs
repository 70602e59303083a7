//! UTF-32 (units, LE and BE bytes) against std: a unit is well formed
//! exactly when `char::from_u32` accepts it, a character encodes to
//! `u32::from(char)` in the byte order asked for, and a decoded string is
//! what `String::from_iter` of those `char`s gives. Every scalar value,
//! every surrogate, and the values above U+10FFFF at their boundaries and at
//! random; each after 0..64 ASCII characters, so that every fast-path block
//! boundary is crossed; through the `const fn`s, the reference loops, the
//! `fast` twins and `Encoding`'s methods. (Python's codecs and glibc's
//! `iconv` are compared in the `litenc` crate's conformance tests.)

use crate::common;

use common::{Rng, pos};
use litenc_runtime::{__reference, DecodeErrorKind, Encoding, fast, utf32, utf32be, utf32le};

type Pos = (usize, Option<usize>);

fn to_bytes(units: &[u32], big_endian: bool) -> Vec<u8> {
    units
        .iter()
        .flat_map(|u| {
            if big_endian {
                u.to_be_bytes()
            } else {
                u.to_le_bytes()
            }
        })
        .collect()
}

/// What std makes of `units`: the string, or the index of the first unit
/// `char::from_u32` refuses.
fn std_decode(units: &[u32]) -> Result<String, usize> {
    units
        .iter()
        .enumerate()
        .map(|(i, &u)| char::from_u32(u).ok_or(i))
        .collect()
}

/// Lossy decoding by std: one U+FFFD per refused unit.
fn std_lossy(units: &[u32]) -> String {
    units
        .iter()
        .map(|&u| char::from_u32(u).unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect()
}

/// Every way litenc decodes `units` (as units, and as LE and BE bytes with
/// `tail` stray bytes appended) checked against std.
fn check_units(units: &[u32], tail: &[u8]) {
    let expected = std_decode(units);
    // Native units.
    let got = utf32::decode_units(units).map_err(pos);
    let want: Result<String, Pos> = expected.clone().map_err(|i| (i, Some(1)));
    assert_eq!(got, want, "units {units:X?}");
    assert_eq!(
        utf32::validate_units(units).map_err(pos),
        want.clone().map(|_| ())
    );
    assert_eq!(
        utf32::decoded_units_len(units).map_err(pos),
        want.clone().map(|s| s.len())
    );
    assert_eq!(
        __reference::utf32_decoded_units_len(units),
        utf32::decoded_units_len(units)
    );
    assert_eq!(
        fast::utf32::decoded_units_len(units),
        utf32::decoded_units_len(units)
    );
    assert_eq!(utf32::decode_units_lossy(units), std_lossy(units));
    let mut a = vec![0u8; 4 * units.len() + 4];
    let mut b = a.clone();
    let mut c = a.clone();
    let ra = utf32::decode_units_into(units, &mut a);
    let rb = __reference::utf32_decode_units_into(units, &mut b);
    let rc = fast::utf32::decode_units_into(units, &mut c);
    assert_eq!(ra, rb);
    assert_eq!(ra, rc);
    if let Ok(n) = ra {
        assert_eq!(a, b, "the const fn wrote past {n}");
        assert_eq!(a[..n], c[..n]);
    }
    // Bytes, both orders, with the stray tail.
    for (big_endian, enc) in [(false, Encoding::Utf32Le), (true, Encoding::Utf32Be)] {
        let mut bytes = to_bytes(units, big_endian);
        bytes.extend_from_slice(tail);
        let whole = 4 * units.len();
        let want: Result<String, Pos> = match &expected {
            Err(i) => Err((4 * i, Some(4))),
            Ok(_) if !tail.is_empty() => Err((whole, None)),
            Ok(s) => Ok(s.clone()),
        };
        let decode = if big_endian {
            utf32be::decode
        } else {
            utf32le::decode
        };
        assert_eq!(decode(&bytes).map_err(pos), want, "{enc} {bytes:02X?}");
        assert_eq!(enc.decode(&bytes).map_err(pos), want);
        let want_len = want.clone().map(|s| s.len());
        assert_eq!(enc.decoded_len(&bytes).map_err(pos), want_len);
        assert_eq!(fast::decoded_len(enc, &bytes).map_err(pos), want_len);
        assert_eq!(
            fast::validate(enc, &bytes).map_err(pos),
            want_len.map(|_| ())
        );
        assert_eq!(
            __reference::decoded_len(enc, &bytes).map_err(pos),
            want.clone().map(|s| s.len())
        );
        let mut lossy = std_lossy(units);
        if !tail.is_empty() {
            lossy.push(char::REPLACEMENT_CHARACTER);
        }
        assert_eq!(enc.decode_lossy(&bytes), lossy, "{enc} {bytes:02X?}");
        let mut a = vec![0u8; bytes.len() + 4];
        let mut b = a.clone();
        let mut c = a.clone();
        let ra = enc.decode_into(&bytes, &mut a);
        let rb = __reference::decode_into(enc, &bytes, &mut b);
        let rc = fast::decode_into(enc, &bytes, &mut c);
        assert_eq!(ra, rb);
        assert_eq!(ra, rc);
        if let Ok(n) = ra {
            assert_eq!(a, b, "the const fn wrote past {n}");
            assert_eq!(a[..n], c[..n]);
        }
    }
}

/// Every way litenc encodes `text`, against std.
fn check_text(text: &str) {
    let units: Vec<u32> = text.chars().map(u32::from).collect();
    assert_eq!(utf32::units_len(text), units.len());
    assert_eq!(__reference::utf32_units_len(text), units.len());
    assert_eq!(fast::utf32::units_len(text), units.len());
    assert_eq!(utf32::encode_units(text), units);
    let mut a = vec![0u32; units.len() + 3];
    let mut b = a.clone();
    let mut c = a.clone();
    assert_eq!(utf32::encode_units_into(text, &mut a), Ok(units.len()));
    assert_eq!(
        __reference::utf32_encode_units_into(text, &mut b),
        Ok(units.len())
    );
    assert_eq!(
        fast::utf32::encode_units_into(text, &mut c),
        Ok(units.len())
    );
    assert_eq!(a[..units.len()], units[..]);
    assert_eq!(a, b);
    assert_eq!(c[..units.len()], units[..]);
    for (big_endian, enc) in [(false, Encoding::Utf32Le), (true, Encoding::Utf32Be)] {
        let want = to_bytes(&units, big_endian);
        assert_eq!(enc.encoded_len(text), Ok(want.len()));
        assert_eq!(fast::encoded_len(enc, text), Ok(want.len()));
        assert_eq!(enc.encode(text).unwrap(), want, "{enc} {text:?}");
        // Every buffer length from 0 to 4 past the need, and the worst case.
        for len in (0..=want.len() + 4).chain([4 * text.len()]) {
            let mut out = vec![0xA5u8; len];
            let mut reference = out.clone();
            let r = enc.encode_into(text, &mut out);
            assert_eq!(r, __reference::encode_into(enc, text, &mut reference));
            assert_eq!(out, reference, "{enc} into {len}: the buffers differ");
            let mut twin = vec![0xA5u8; len];
            assert_eq!(fast::encode_into(enc, text, &mut twin), r);
            if let Ok(n) = r {
                assert_eq!(out[..n], want[..]);
                assert_eq!(twin[..n], want[..]);
            }
        }
    }
}

#[test]
fn every_scalar_value_encodes_and_decodes_as_std_says() {
    let all: String = (0..=0x10_FFFFu32).filter_map(char::from_u32).collect();
    let units: Vec<u32> = all.chars().map(u32::from).collect();
    assert_eq!(units.len(), 0x11_0000 - 0x800);
    for (big_endian, enc) in [(false, Encoding::Utf32Le), (true, Encoding::Utf32Be)] {
        let bytes = to_bytes(&units, big_endian);
        assert_eq!(enc.encode(&all).unwrap(), bytes);
        assert_eq!(enc.decode(&bytes).unwrap(), all);
        let mut out = vec![0u8; bytes.len()];
        assert_eq!(fast::encode_into(enc, &all, &mut out), Ok(bytes.len()));
        assert_eq!(out, bytes);
        let mut back = vec![0u8; all.len()];
        assert_eq!(fast::decode_into(enc, &bytes, &mut back), Ok(all.len()));
        assert_eq!(back, all.as_bytes());
    }
    assert_eq!(utf32::encode_units(&all), units);
    assert_eq!(utf32::decode_units(&units).unwrap(), all);
    assert_eq!(utf32le::encoded_len(&all), Ok(4 * units.len()));
}

#[test]
fn every_scalar_value_after_every_ascii_pad() {
    // Each length class and its ends, after 0..64 ASCII characters and
    // before a few more, so that every block boundary sees each one.
    let specials = [
        '\0',
        '\u{7F}',
        '\u{80}',
        '\u{7FF}',
        '\u{800}',
        '\u{D7FF}',
        '\u{E000}',
        '\u{FEFF}',
        '\u{FFFF}',
        '\u{10000}',
        '😀',
        '\u{10FFFF}',
        'Ж',
        '世',
    ];
    for pad in common::pads() {
        for &ch in &specials {
            let text = format!("{}{ch}{}", "a".repeat(pad), "bc".repeat(pad % 5));
            check_text(&text);
            let units: Vec<u32> = text.chars().map(u32::from).collect();
            check_units(&units, &[]);
        }
    }
}

#[test]
fn every_surrogate_and_values_above_u10ffff_are_rejected_where_they_are() {
    let mut rng = Rng::new(common::seed(0x32_0001));
    let mut bad: Vec<u32> = (0xD800..=0xDFFF).collect();
    bad.extend([
        0x11_0000,
        0x11_0001,
        0x1F_FFFF,
        0x7FFF_FFFF,
        0x8000_0000,
        0x8000_D800,
        0xFFFF_FFFF,
        0xFFFF_D800,
        0x0011_D800,
    ]);
    for _ in 0..2000 {
        let u = rng.next_u64() as u32;
        if char::from_u32(u).is_none() {
            bad.push(u);
        }
    }
    for (k, &u) in bad.iter().enumerate() {
        let pad = k % 64;
        let mut units: Vec<u32> = vec![u32::from('a'); pad];
        units.push(u);
        // What follows: nothing, a letter, a pair of another bad unit.
        match k % 3 {
            0 => {}
            1 => units.push(0x42),
            _ => units.extend([0x1F600, 0xDC00]),
        }
        check_units(&units, &[]);
        check_units(&units, &[0x00]);
    }
}

#[test]
fn one_to_three_stray_bytes_are_truncated_input() {
    for pad in common::pads() {
        let units: Vec<u32> = "Жa😀".repeat(pad).chars().map(u32::from).collect();
        for tail in [&[0x41][..], &[0, 0], &[0xFF, 0xFE, 0]] {
            check_units(&units, tail);
        }
    }
    // A bad unit before the stray bytes is reported first.
    let e = utf32le::validate(b"\x00\xD8\x00\x00\x01").unwrap_err();
    assert_eq!((e.valid_up_to(), e.error_len()), (0, Some(4)));
    let e = utf32be::validate(b"\0\0\0a\0\0").unwrap_err();
    assert_eq!((e.valid_up_to(), e.error_len()), (4, None));
    assert_eq!(e.kind(), DecodeErrorKind::Truncated);
}

#[test]
fn random_mixtures_of_good_and_bad_units() {
    let mut rng = Rng::new(common::seed(0x32_0002));
    let pool = [
        0x41,
        0x7F,
        0x80,
        0x416,
        0x800,
        0xFFFD,
        0x1F600,
        0x10_FFFF,
        0xD800,
        0xDBFF,
        0xDC00,
        0xDFFF,
        0x11_0000,
        0xFFFF_FFFF,
        0,
    ];
    for _ in 0..3000 {
        let len = rng.below(40);
        let units: Vec<u32> = (0..len)
            .map(|_| {
                if rng.chance(1, 8) {
                    rng.pick(&pool)
                } else {
                    rng.pick(&pool[..8])
                }
            })
            .collect();
        let tail: &[u8] = match rng.below(6) {
            0 => &[0x20],
            1 => &[0, 0, 0xD8],
            _ => &[],
        };
        check_units(&units, tail);
    }
}

#[test]
fn output_too_small_counts_units_or_bytes() {
    let mut small = [0u32; 2];
    let e = utf32::encode_units_into("abc", &mut small).unwrap_err();
    assert_eq!(
        e,
        litenc_runtime::EncodeError::OutputTooSmall {
            needed: 3,
            available: 2
        }
    );
    let e = utf32::decode_units_into(&[0x416, 0x416], &mut [0u8; 3]).unwrap_err();
    assert_eq!(
        e.kind(),
        DecodeErrorKind::OutputTooSmall {
            needed: 4,
            available: 3
        }
    );
    assert_eq!(e.valid_up_to(), 2);
    let e = utf32le::decode_into(b"\x16\x04\0\0", &mut [0u8; 1]).unwrap_err();
    assert_eq!(e.valid_up_to(), 4);
    assert_eq!(
        e.to_string(),
        "output buffer too small: 2 units needed, 1 available"
    );
    assert_eq!(
        utf32le::validate(b"\0\0\x11\0").unwrap_err().to_string(),
        "invalid UTF-32LE sequence of 4 bytes at index 0"
    );
}
