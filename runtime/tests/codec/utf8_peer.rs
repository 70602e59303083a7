//! UTF-8 against std: `valid_up_to`/`error_len` against
//! `core::str::from_utf8`, lossy decoding against `String::from_utf8_lossy`,
//! on every 1-, 2- and 3-byte input, on those inputs behind ASCII padding,
//! and on random input biased to the bytes where decoders go wrong.

use crate::common;

use std::borrow::Cow;

use common::{Rng, for_every_input, pos, std_pos};
use litenc_runtime::{DecodeErrorKind, Encoding, utf8};

/// Everything litenc's UTF-8 decoder says about `bytes` is what std says.
/// `out` is scratch space of at least `bytes.len()` bytes.
fn check(bytes: &[u8], out: &mut [u8]) {
    let std = core::str::from_utf8(bytes);
    let ours = utf8::validate(bytes);
    match std {
        Ok(text) => {
            assert_eq!(ours, Ok(()), "{bytes:02X?}");
            assert_eq!(utf8::decoded_len(bytes), Ok(bytes.len()));
            assert_eq!(utf8::decode_into(bytes, out), Ok(bytes.len()));
            assert_eq!(&out[..bytes.len()], bytes);
            let lossy = utf8::decode_lossy(bytes);
            assert!(
                matches!(lossy, Cow::Borrowed(s) if s == text),
                "{bytes:02X?}"
            );
        }
        Err(e) => {
            let err = ours.expect_err("std rejects it");
            assert_eq!(pos(err), std_pos(e), "{bytes:02X?}");
            assert_eq!(err.encoding(), Encoding::Utf8);
            let kind = match e.error_len() {
                Some(len) => DecodeErrorKind::Malformed { len },
                None => DecodeErrorKind::Truncated,
            };
            assert_eq!(err.kind(), kind);
            assert_eq!(utf8::decoded_len(bytes), Err(err));
            assert_eq!(utf8::decode_into(bytes, out), Err(err));
            let lossy = utf8::decode_lossy(bytes);
            assert!(matches!(lossy, Cow::Owned(_)));
            assert_eq!(lossy, String::from_utf8_lossy(bytes), "{bytes:02X?}");
        }
    }
}

#[test]
fn every_1_and_2_byte_input() {
    let mut out = [0u8; 8];
    for_every_input(1, |b| check(b, &mut out));
    for_every_input(2, |b| check(b, &mut out));
}

/// The 16,777,216 three-byte inputs, split in two by the first byte so that
/// the halves run in parallel.
///
/// Each input on its own goes through `validate` (against `from_utf8`).
/// The valid ones, and those that end inside a sequence, also go through
/// [`check`] in full (`decoded_len`, `decode_into`, `decode_lossy` against
/// `from_utf8_lossy`, including its end-of-input path). For lossy decoding
/// of the rest, which one call per input would make take about 20 s of CPU
/// in a debug build, the inputs go in blocks: for each first byte, the
/// 65,536 inputs concatenated in order are one input, so that each 3-byte
/// input meets the lossy decoder, in the context of its neighbours, and so
/// does every 3-byte input followed by every possible next byte.
fn every_3_byte_input_with_lead(leads: core::ops::RangeInclusive<u8>) {
    let mut out = [0u8; 8];
    let mut block = Vec::with_capacity(3 << 16);
    let mut block_out = vec![0u8; 3 << 16];
    for a in leads {
        block.clear();
        for n in 0..=0xFFFF_u16 {
            let [b, c] = n.to_be_bytes();
            let input = [a, b, c];
            block.extend_from_slice(&input);
            match core::str::from_utf8(&input) {
                Err(e) if e.error_len().is_some() => {
                    assert_eq!(utf8::validate(&input).map_err(pos), Err(std_pos(e)));
                }
                _ => check(&input, &mut out),
            }
        }
        check(&block, &mut block_out);
    }
}

#[test]
fn every_3_byte_input_lead_00_to_7f() {
    every_3_byte_input_with_lead(0x00..=0x7F);
}

#[test]
fn every_3_byte_input_lead_80_to_ff() {
    every_3_byte_input_with_lead(0x80..=0xFF);
}

/// Bytes that cover every boundary of Table 3-7.
const BOUNDARIES: [u8; 40] = [
    0x00, 0x41, 0x7F, 0x80, 0x81, 0x8F, 0x90, 0x9F, 0xA0, 0xAF, 0xB0, 0xBF, 0xC0, 0xC1, 0xC2, 0xC3,
    0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFB, 0xFC,
    0xFD, 0xFE, 0xFF, 0x3F, 0x40, 0x01, 0x9E, 0xBE,
];

/// Error positions of every 1- and 2-byte input behind each of 0 to 63
/// bytes of ASCII padding (65,792 x 64 inputs), and of the 3-byte inputs
/// made of bytes from a set of 40 bytes that covers every boundary of
/// Table 3-7 (64,000 inputs) behind 0 to 8, 15 to 17, 31 to 33 and 63 bytes
/// of padding (16 lengths): the full 3-byte product times 64 would take
/// minutes in a debug build. The positions must move by the padding.
#[test]
fn exhaustive_inputs_behind_ascii_padding() {
    const PAD: &[u8; 64] = b"The quick brown fox jumps over the lazy dog; 0123456789 ABCDEFGH";
    let mut buf = Vec::with_capacity(80);
    let mut run = |vector: &[u8], pads: &[usize]| {
        let alone = utf8::validate(vector).map_err(pos);
        for &pad in pads {
            buf.clear();
            buf.extend_from_slice(&PAD[..pad]);
            buf.extend_from_slice(vector);
            let ours = utf8::validate(&buf).map_err(pos);
            let std = core::str::from_utf8(&buf).map(|_| ()).map_err(std_pos);
            assert_eq!(ours, std, "{buf:02X?}");
            assert_eq!(ours, alone.map_err(|(at, len)| (at + pad, len)));
        }
    };
    let all_pads: Vec<usize> = (0..64).collect();
    for_every_input(1, |v| run(v, &all_pads));
    for_every_input(2, |v| run(v, &all_pads));
    let some_pads = [0, 1, 2, 3, 4, 5, 6, 7, 8, 15, 16, 17, 31, 32, 33, 63];
    for a in BOUNDARIES {
        for b in BOUNDARIES {
            for c in BOUNDARIES {
                run(&[a, b, c], &some_pads);
            }
        }
    }
}

/// Random inputs of up to 200 bytes, biased to interesting bytes and mixed
/// with well-formed runs, sometimes behind padding and before a tail.
#[test]
fn random_inputs() {
    let mut rng = Rng::new(common::seed(8));
    let mut out = vec![0u8; 512];
    for _ in 0..200_000 {
        let max_len = if rng.chance(1, 10) { 200 } else { 12 };
        let mut bytes = rng.utf8ish_bytes(max_len);
        if rng.chance(1, 2) {
            // ASCII runs long enough for word-at-a-time loops.
            let ascii = rng.ascii_run(40);
            bytes.splice(0..0, ascii);
            bytes.extend(rng.ascii_run(20));
        }
        check(&bytes, &mut out);
    }
}
