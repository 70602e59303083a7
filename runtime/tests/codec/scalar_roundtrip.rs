//! Every scalar value (U+0000..=U+10FFFF without the surrogates, 1,112,064 of
//! them) through every encoding that can hold it, checked against a peer:
//! std (`str::as_bytes`, `str::encode_utf16`) for UTF-8 and UTF-16, the
//! `cesu8` crate for MUTF-8 and CESU-8. The characters go in batches of 4,096
//! per string, so the whole run is a few hundred calls per function.
//!
//! The 44 code pages, which hold at most 256 of them, are checked character
//! by character against `encoding_rs`, `oem_cp` and std in
//! `single_byte_peer.rs` (and Windows-1251 again in `windows1251_peer.rs`).

use crate::common;

use common::{Module, module, scalar_value_batches};
use litenc_runtime::{Encoding, mutf8, utf16};

/// decode(encode(s)) == s through every function of `m`, with the bytes the
/// peer writes, and all the lengths in agreement.
fn check_round_trip(m: Module, text: &str) {
    let expected = common::peer_encode(m.enc, text).expect("the peer encodes every scalar value");
    let n = expected.len();
    assert_eq!((m.encoded_len)(text), Ok(n), "{:?} encoded_len", m.enc);
    assert_eq!(
        m.enc.encoded_len(text),
        Ok(n),
        "{:?} Encoding::encoded_len",
        m.enc
    );

    // encode_into: into an exact buffer, and into a bigger one.
    let mut buf = vec![0xAAu8; n + 7];
    assert_eq!((m.encode_into)(text, &mut buf[..n]), Ok(n));
    assert!(
        buf[..n] == expected[..],
        "{:?} encode_into differs from the peer",
        m.enc
    );
    assert!(
        buf[n..].iter().all(|&b| b == 0xAA),
        "{:?} wrote past the end",
        m.enc
    );
    // Room for the worst case: the fast paths write in one pass then.
    let mut big = vec![0u8; text.len() * m.enc.max_bytes_per_utf8_byte()];
    assert_eq!(m.enc.encode_into(text, &mut big), Ok(n));
    assert!(big[..n] == expected[..]);
    assert!((m.encode)(text).unwrap() == expected);

    // And back.
    assert_eq!((m.validate)(&expected), Ok(()));
    assert_eq!(m.enc.validate(&expected), Ok(()));
    assert_eq!((m.decoded_len)(&expected), Ok(text.len()));
    assert_eq!(m.enc.decoded_len(&expected), Ok(text.len()));
    let mut out = vec![0u8; text.len() + 5];
    assert_eq!(
        (m.decode_into)(&expected, &mut out[..text.len()]),
        Ok(text.len())
    );
    assert!(
        out[..text.len()] == *text.as_bytes(),
        "{:?} decode_into",
        m.enc
    );
    let mut big = vec![0u8; n * m.enc.max_utf8_bytes_per_byte()];
    assert_eq!(m.enc.decode_into(&expected, &mut big), Ok(text.len()));
    assert!(big[..text.len()] == *text.as_bytes());
    assert!((m.decode)(&expected).unwrap() == text, "{:?} decode", m.enc);
    assert!(m.enc.decode(&expected).unwrap() == text);
    assert!(
        (m.decode_lossy)(&expected) == text,
        "{:?} decode_lossy",
        m.enc
    );
}

fn every_scalar_value_through(m: Module) {
    let batches = scalar_value_batches();
    for text in batches {
        check_round_trip(m, text);
    }
    // The batches together are every scalar value once.
    let chars: usize = batches.iter().map(|t| t.chars().count()).sum();
    assert_eq!(chars, 1_112_064);
}

#[test]
fn every_scalar_value_utf8() {
    every_scalar_value_through(module!(utf8, Utf8));
}

#[test]
fn every_scalar_value_utf16le() {
    every_scalar_value_through(module!(utf16le, Utf16Le));
}

#[test]
fn every_scalar_value_utf16be() {
    every_scalar_value_through(module!(utf16be, Utf16Be));
}

#[test]
fn every_scalar_value_mutf8() {
    every_scalar_value_through(module!(mutf8, Mutf8));
}

#[test]
fn every_scalar_value_cesu8() {
    every_scalar_value_through(module!(cesu8, Cesu8));
}

/// The `u16` API of `utf16` against `str::encode_utf16` and
/// `String::from_utf16`.
#[test]
fn every_scalar_value_utf16_units() {
    for text in scalar_value_batches() {
        let text = text.as_str();
        let expected: Vec<u16> = text.encode_utf16().collect();
        let n = expected.len();
        assert_eq!(utf16::units_len(text), n);
        let mut buf = vec![0u16; n + 3];
        assert_eq!(utf16::encode_units_into(text, &mut buf[..n]), Ok(n));
        assert!(buf[..n] == expected[..]);
        assert!(utf16::encode_units(text) == expected);

        let std_text = String::from_utf16(&expected).unwrap();
        assert!(std_text == text);
        assert_eq!(utf16::validate_units(&expected), Ok(()));
        assert_eq!(utf16::decoded_units_len(&expected), Ok(std_text.len()));
        let mut out = vec![0u8; std_text.len()];
        assert_eq!(
            utf16::decode_units_into(&expected, &mut out),
            Ok(std_text.len())
        );
        assert!(out == std_text.as_bytes());
        assert!(utf16::decode_units(&expected).unwrap() == std_text);
        assert!(utf16::decode_units_lossy(&expected) == String::from_utf16_lossy(&expected));
    }
}

/// The `u16` API of `mutf8`: the units of every scalar value encode to what
/// `cesu8::to_java_cesu8` writes for the text, and decode back to the units.
#[test]
fn every_scalar_value_mutf8_units() {
    for text in scalar_value_batches() {
        let text = text.as_str();
        let units: Vec<u16> = text.encode_utf16().collect();
        let java = cesu8::to_java_cesu8(text);
        assert_eq!(mutf8::encoded_units_len(&units), java.len());
        let mut buf = vec![0u8; java.len()];
        assert_eq!(mutf8::encode_units_into(&units, &mut buf), Ok(java.len()));
        assert!(buf[..] == java[..]);
        assert!(mutf8::encode_units(&units) == java.as_ref());

        assert_eq!(mutf8::decoded_units_len(&java), Ok(units.len()));
        let mut back = vec![0u16; units.len()];
        assert_eq!(mutf8::decode_units_into(&java, &mut back), Ok(units.len()));
        assert!(back == units);
        assert!(mutf8::decode_units(&java).unwrap() == units);
    }
}

/// The encodings that hold every scalar value say so through `Encoding`
/// too; this is what the tests above rely on for `Encoding::ALL`.
#[test]
fn encodings_with_a_peer() {
    let text: String = common::all_scalar_values().step_by(997).collect();
    // GSM 03.38's peer is Perl, in `gsm_peer.rs`, every scalar value.
    for &enc in Encoding::ALL.iter().filter(|&&e| e != Encoding::Gsm0338) {
        let ours = enc.encode(&text).map_err(|e| match e {
            litenc_runtime::EncodeError::Unencodable { offset, ch, .. } => (offset, ch),
            other => panic!("{other:?}"),
        });
        assert_eq!(ours, common::peer_encode(enc, &text), "{enc:?}");
    }
}
