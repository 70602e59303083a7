//! UTF-16 (units, LE and BE bytes) against peers: error positions against
//! what `char::decode_utf16` implies (the first `Err`; `error_len` is `None`
//! exactly when that unpaired surrogate is a high surrogate in the last unit,
//! or for an odd trailing byte), strict decoding against `String::from_utf16`,
//! lossy decoding against `String::from_utf16_lossy` (units) and
//! `encoding_rs::UTF_16LE`/`UTF_16BE` `decode_without_bom_handling` (bytes).

use crate::common;

use std::borrow::Cow;

use common::{Rng, pos};
use litenc_runtime::{DecodeErrorKind, Encoding, utf16, utf16be, utf16le};

type Pos = (usize, Option<usize>);

/// The first error of `units` by `char::decode_utf16`, in units.
fn ref_units(units: &[u16]) -> Result<(), Pos> {
    let mut at = 0;
    for result in char::decode_utf16(units.iter().copied()) {
        match result {
            Ok(c) => at += c.len_utf16(),
            Err(e) => {
                let high = (0xD800..0xDC00).contains(&e.unpaired_surrogate());
                let truncated = high && at + 1 == units.len();
                return Err((at, if truncated { None } else { Some(1) }));
            }
        }
    }
    Ok(())
}

fn to_units(bytes: &[u8], big_endian: bool) -> Vec<u16> {
    bytes
        .chunks_exact(2)
        .map(|p| {
            let p = [p[0], p[1]];
            if big_endian {
                u16::from_be_bytes(p)
            } else {
                u16::from_le_bytes(p)
            }
        })
        .collect()
}

fn to_bytes(units: &[u16], big_endian: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(2 * units.len());
    for u in units {
        out.extend_from_slice(&if big_endian {
            u.to_be_bytes()
        } else {
            u.to_le_bytes()
        });
    }
    out
}

/// The first error of UTF-16 `bytes` by `char::decode_utf16` on its complete
/// units, in bytes; an odd trailing byte after well-formed units is
/// truncated input.
fn ref_bytes(bytes: &[u8], big_endian: bool) -> Result<(), Pos> {
    let units = to_units(bytes, big_endian);
    match ref_units(&units) {
        Err((at, len)) => Err((2 * at, len.map(|n| 2 * n))),
        Ok(()) if bytes.len() % 2 == 1 => Err((bytes.len() - 1, None)),
        Ok(()) => Ok(()),
    }
}

/// Everything the `u16` API says about `units` against std.
fn check_units(units: &[u16], out: &mut Vec<u8>) {
    let reference = ref_units(units);
    let ours = utf16::validate_units(units);
    assert_eq!(ours.map_err(pos), reference, "{units:04X?}");
    assert_eq!(
        utf16::decoded_units_len(units),
        ours.map(|()| utf16::decoded_units_len(units).unwrap())
    );
    assert_eq!(
        utf16::decode_units_lossy(units),
        String::from_utf16_lossy(units),
        "{units:04X?}"
    );
    if let Ok(text) = String::from_utf16(units) {
        assert_eq!(utf16::decoded_units_len(units), Ok(text.len()));
        out.clear();
        out.resize(text.len(), 0);
        assert_eq!(utf16::decode_units_into(units, out), Ok(text.len()));
        assert_eq!(out, text.as_bytes());
        assert_eq!(utf16::decode_units(units).unwrap(), text);
    } else {
        let err = ours.expect_err("std rejects it");
        let kind = match err.error_len() {
            Some(len) => DecodeErrorKind::Malformed { len },
            None => DecodeErrorKind::Truncated,
        };
        assert_eq!(err.kind(), kind);
        assert_eq!(utf16::decoded_units_len(units), Err(err));
        assert_eq!(utf16::decode_units_into(units, &mut [0; 64]), Err(err));
        assert_eq!(utf16::decode_units(units), Err(err));
    }
}

fn module(big_endian: bool) -> common::Module {
    if big_endian {
        common::module!(utf16be, Utf16Be)
    } else {
        common::module!(utf16le, Utf16Le)
    }
}

fn peer_lossy(bytes: &[u8], big_endian: bool) -> Cow<'_, str> {
    let enc = if big_endian {
        encoding_rs::UTF_16BE
    } else {
        encoding_rs::UTF_16LE
    };
    enc.decode_without_bom_handling(bytes).0
}

/// Everything the byte API says about `bytes` against the reference, std
/// and `encoding_rs`.
fn check_bytes(bytes: &[u8], big_endian: bool) {
    let m = module(big_endian);
    let reference = ref_bytes(bytes, big_endian);
    let ours = (m.validate)(bytes);
    assert_eq!(ours.map_err(pos), reference, "{:?} {bytes:02X?}", m.enc);
    if let Err(e) = ours {
        assert_eq!(e.encoding(), m.enc);
    }
    let lossy = (m.decode_lossy)(bytes);
    assert_eq!(
        lossy,
        peer_lossy(bytes, big_endian),
        "{:?} {bytes:02X?}",
        m.enc
    );
    // Only the empty input is its own UTF-8.
    assert_eq!(matches!(lossy, Cow::Borrowed(_)), bytes.is_empty());
    if reference.is_ok() {
        let text = String::from_utf16(&to_units(bytes, big_endian)).unwrap();
        assert_eq!((m.decoded_len)(bytes), Ok(text.len()));
        let mut out = vec![0u8; text.len()];
        assert_eq!((m.decode_into)(bytes, &mut out), Ok(text.len()));
        assert_eq!(out, text.as_bytes());
        assert_eq!((m.decode)(bytes).unwrap(), text);
    } else {
        let err = ours.unwrap_err();
        assert_eq!((m.decoded_len)(bytes), Err(err));
        assert_eq!((m.decode_into)(bytes, &mut [0; 256]), Err(err));
        assert_eq!((m.decode)(bytes), Err(err));
    }
}

/// Just the error positions, in units and in both byte orders, for the
/// large exhaustive sets; allocation-free, as it runs millions of times.
fn check_errors(units: &[u16]) {
    check_errors_in(units, [false, true]);
}

/// [`check_errors`] in units and in the byte orders `orders` (`true`: big
/// endian).
fn check_errors_in<const N: usize>(units: &[u16], orders: [bool; N]) {
    let reference = ref_units(units);
    assert_eq!(
        utf16::validate_units(units).map_err(pos),
        reference,
        "{units:04X?}"
    );
    let in_bytes = reference.map_err(|(at, len)| (2 * at, len.map(|n| 2 * n)));
    let mut bytes = [0u8; 2 * 80];
    for big_endian in orders {
        for (k, u) in units.iter().enumerate() {
            let pair = if big_endian {
                u.to_be_bytes()
            } else {
                u.to_le_bytes()
            };
            bytes[2 * k..2 * k + 2].copy_from_slice(&pair);
        }
        let ours = (module(big_endian).validate)(&bytes[..2 * units.len()]);
        assert_eq!(
            ours.map_err(pos),
            in_bytes,
            "big endian {big_endian}: {units:04X?}"
        );
    }
}

/// Lossy decoding of a long sequence of units against std, and of its
/// bytes in the byte orders `orders` against `encoding_rs`.
fn check_lossy_long<const N: usize>(units: &[u16], orders: [bool; N]) {
    assert!(utf16::decode_units_lossy(units) == String::from_utf16_lossy(units));
    for big_endian in orders {
        let bytes = to_bytes(units, big_endian);
        assert!((module(big_endian).decode_lossy)(&bytes) == peer_lossy(&bytes, big_endian));
    }
}

/// Lengths of ASCII padding: odd and even, around the 8-, 16- and 32-unit
/// strides a vectorised decoder would take.
const PAD_LENGTHS: [usize; 8] = [1, 2, 7, 8, 15, 17, 32, 63];

/// `units` (at most 16) behind `pad` units of ASCII, in `buf`.
fn padded<'b>(buf: &'b mut [u16; 80], pad: usize, units: &[u16]) -> &'b [u16] {
    for (k, slot) in buf[..pad].iter_mut().enumerate() {
        *slot = u16::from(b'a') + (k % 26) as u16;
    }
    buf[pad..pad + units.len()].copy_from_slice(units);
    &buf[..pad + units.len()]
}

/// Every input of 0, 1 and 2 bytes, in both byte orders, in full; each
/// 2-byte input is also one `u16`, checked through the `u16` API, and
/// (error positions) behind each of the [`PAD_LENGTHS`] of ASCII padding.
#[test]
fn every_input_of_up_to_2_bytes_and_every_unit() {
    let mut out = Vec::new();
    for big_endian in [false, true] {
        check_bytes(&[], big_endian);
        common::for_every_input(1, |b| check_bytes(b, big_endian));
        common::for_every_input(2, |b| check_bytes(b, big_endian));
    }
    let mut buf = [0u16; 80];
    for u in 0..=0xFFFF_u16 {
        check_units(&[u], &mut out);
        for pad in PAD_LENGTHS {
            check_errors(padded(&mut buf, pad, &[u]));
        }
    }
    check_units(&[], &mut out);
}

/// Three-byte inputs: every unit followed by each of 4 odd bytes, in both
/// byte orders (524,288 inputs), against the reference and `encoding_rs`.
/// The odd byte is never part of a unit, so the 4 stand for all 256: the
/// full 16,777,216 x 2 would take over a minute in a debug build, where
/// `encoding_rs` costs about a microsecond a call.
#[test]
fn three_byte_inputs() {
    const ODD: [u8; 4] = [0x00, 0xD8, 0xDC, 0xFF];
    for big_endian in [false, true] {
        for u in 0..=0xFFFF_u16 {
            let [a, b] = u.to_be_bytes();
            for c in ODD {
                check_bytes(&[a, b, c], big_endian);
            }
        }
    }
}

/// Every pair of two surrogates (4,194,304 pairs): error positions of each
/// pair on its own, as units and as bytes in one byte order, the orders
/// taking turns so that each sees every surrogate first and second; lossy
/// decoding in blocks (for each first surrogate, its 2,048 pairs
/// concatenated) against std, and against `encoding_rs` in one byte order,
/// taking turns by first surrogate. In two halves, by the first surrogate,
/// so that they run in parallel.
fn every_pair_of_surrogates_from(first: core::ops::RangeInclusive<u16>) {
    let mut block = Vec::with_capacity(4096);
    for s in first {
        block.clear();
        for t in 0xD800..=0xDFFF_u16 {
            check_errors_in(&[s, t], [(s ^ t) & 1 == 1]);
            block.extend_from_slice(&[s, t]);
        }
        check_lossy_long(&block, [s & 1 == 1]);
    }
}

#[test]
fn every_pair_of_surrogates_high_first() {
    every_pair_of_surrogates_from(0xD800..=0xDBFF);
}

#[test]
fn every_pair_of_surrogates_low_first() {
    every_pair_of_surrogates_from(0xDC00..=0xDFFF);
}

/// Non-surrogates that stand for the rest: the ends of each UTF-8 length
/// class and of the surrogate gap, U+FEFF, U+FFFE/U+FFFF, and every 257th.
fn representative_non_surrogates() -> Vec<u16> {
    let mut v = vec![
        0x0000, 0x0001, 0x0041, 0x007F, 0x0080, 0x07FF, 0x0800, 0x0FFF, 0xD7FF, 0xE000, 0xFEFF,
        0xFFFD, 0xFFFE, 0xFFFF,
    ];
    v.extend(
        (0..0xFFFF_u16)
            .step_by(257)
            .filter(|u| !(0xD800..0xE000).contains(u)),
    );
    v
}

/// A surrogate next to a non-surrogate, in both orders, on its own, behind
/// padding and in lossy blocks: every surrogate with every one of
/// [`representative_non_surrogates`], and every unit with each of 6
/// surrogates at the ends and middles of the two ranges. The full product
/// (260 million pairs) would take minutes in a debug build; the decoders
/// look at a unit only to ask whether it is a high surrogate, a low one or
/// neither, and these pairs take every unit and every class through every
/// position.
#[test]
fn surrogate_next_to_other_units() {
    const EDGE_SURROGATES: [u16; 6] = [0xD800, 0xDA00, 0xDBFF, 0xDC00, 0xDE01, 0xDFFF];
    let others = representative_non_surrogates();
    let mut block = Vec::new();
    let mut buf = [0u16; 80];
    for s in 0xD800..=0xDFFF_u16 {
        block.clear();
        for &u in &others {
            check_errors(&[s, u]);
            check_errors(&[u, s]);
            block.extend_from_slice(&[s, u, u, s]);
        }
        check_lossy_long(&block, [false, true]);
    }
    for s in EDGE_SURROGATES {
        block.clear();
        for u in 0..=0xFFFF_u16 {
            check_errors(&[s, u]);
            check_errors(&[u, s]);
            block.extend_from_slice(&[s, u]);
        }
        check_lossy_long(&block, [false, true]);
        for &u in &others {
            for pad in PAD_LENGTHS {
                check_errors(padded(&mut buf, pad, &[s, u]));
                check_errors(padded(&mut buf, pad, &[u, s]));
            }
        }
    }
}

/// Random sequences of up to 40 units (sometimes 300), biased to
/// surrogates, with and without an odd trailing byte.
#[test]
fn random_inputs() {
    let mut rng = Rng::new(common::seed(16));
    let mut out = Vec::new();
    for _ in 0..20_000 {
        let max_len = if rng.chance(1, 20) { 300 } else { 40 };
        let mut units = rng.units(max_len);
        if rng.chance(1, 2) {
            // ASCII runs long enough for word-at-a-time loops.
            let ascii = rng.ascii_run(40);
            units.splice(0..0, ascii.into_iter().map(u16::from));
            units.extend(rng.ascii_run(20).into_iter().map(u16::from));
        }
        check_units(&units, &mut out);
        for big_endian in [false, true] {
            let mut bytes = to_bytes(&units, big_endian);
            check_bytes(&bytes, big_endian);
            bytes.push(rng.next_u64() as u8);
            check_bytes(&bytes, big_endian);
        }
    }
}

/// The byte forms are the `u16` form in a byte order: same positions (times
/// two), same text; and `Encoding` agrees with the modules.
#[test]
fn byte_forms_agree_with_units_and_encoding() {
    let mut rng = Rng::new(common::seed(17));
    for _ in 0..20_000 {
        let units = rng.units(30);
        let le = to_bytes(&units, false);
        let be = to_bytes(&units, true);
        assert_eq!(
            utf16le::decode_lossy(&le),
            utf16::decode_units_lossy(&units)
        );
        assert_eq!(
            utf16be::decode_lossy(&be),
            utf16::decode_units_lossy(&units)
        );
        assert_eq!(Encoding::Utf16Le.validate(&le), utf16le::validate(&le));
        assert_eq!(Encoding::Utf16Be.validate(&be), utf16be::validate(&be));
        assert_eq!(
            Encoding::Utf16Le.decode_lossy(&le),
            utf16le::decode_lossy(&le)
        );
    }
}
