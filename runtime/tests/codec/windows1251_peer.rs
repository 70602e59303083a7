//! Windows-1251 against `encoding_rs::WINDOWS_1251` (the WHATWG encoding):
//! all 256 bytes decoded, and all 1,112,064 scalar values encoded, without
//! replacement; agreement must be exact, error offsets and characters
//! included.

use crate::common;

use std::borrow::Cow;

use common::Rng;
use encoding_rs::WINDOWS_1251;
use litenc_runtime::{EncodeError, Encoding, windows1251};

fn peer_decode(bytes: &[u8]) -> String {
    let (text, had_errors) = WINDOWS_1251.decode_without_bom_handling(bytes);
    assert!(!had_errors, "WHATWG windows-1251 decodes every byte");
    text.into_owned()
}

#[test]
fn every_byte_decodes_as_encoding_rs_says() {
    let mut all_bytes = Vec::new();
    for b in 0..=255u8 {
        all_bytes.push(b);
        let peer = peer_decode(&[b]);
        let mut chars = peer.chars();
        let ch = chars.next().unwrap();
        assert_eq!(chars.next(), None);
        assert_eq!(windows1251::decode_byte(b), ch, "byte {b:#04X}");
        assert_eq!(windows1251::decode(&[b]).unwrap(), peer);
        assert_eq!(windows1251::decode_lossy(&[b]), peer);
        assert_eq!(windows1251::validate(&[b]), Ok(()));
        assert_eq!(windows1251::decoded_len(&[b]), Ok(peer.len()));
        let mut out = [0u8; 4];
        assert_eq!(windows1251::decode_into(&[b], &mut out), Ok(peer.len()));
        assert_eq!(&out[..peer.len()], peer.as_bytes());
        // And back: each of the 256 characters encodes to its byte.
        assert_eq!(windows1251::encode_char(ch), Some(b));
        assert_eq!(windows1251::encode(&peer).unwrap(), [b]);
    }
    // All 256 in one input, in both directions.
    let peer = peer_decode(&all_bytes);
    assert_eq!(windows1251::decode(&all_bytes).unwrap(), peer);
    assert_eq!(windows1251::decode_lossy(&all_bytes), peer);
    assert_eq!(windows1251::decoded_len(&all_bytes), Ok(peer.len()));
    assert_eq!(windows1251::encode(&peer).unwrap(), all_bytes);
    assert_eq!(common::encoding_rs_1251(&peer).unwrap(), all_bytes);
}

/// Prefixes of different lengths that Windows-1251 can hold, so that the
/// offsets in the errors differ from character to character.
const PREFIXES: [&str; 5] = ["", "a", "Жё", "Привет, €", "\u{98}\u{A0}№ "];

/// Every scalar value, after one of the prefixes and before a tail that
/// holds another unencodable character (which must not be the one
/// reported): the result is what `encoding_rs` says, to the byte and to the
/// error's offset and character.
#[test]
fn every_scalar_value_encodes_as_encoding_rs_says() {
    let mut encodable = 0;
    let mut text = String::new();
    for (k, ch) in common::all_scalar_values().enumerate() {
        let prefix = PREFIXES[k % PREFIXES.len()];
        text.clear();
        text.push_str(prefix);
        text.push(ch);
        text.push_str("я😀");
        let ours = windows1251::encoded_len(&text);
        // The first unencodable character is `ch`, or else the emoji.
        let (offset, bad) = match common::encoding_rs_1251(&text) {
            Err(first) => first,
            Ok(bytes) => panic!("encoding_rs encoded the emoji: {bytes:?}"),
        };
        let expected = EncodeError::Unencodable {
            encoding: Encoding::Windows1251,
            offset,
            ch: bad,
        };
        assert_eq!(ours, Err(expected), "U+{:04X}", ch as u32);
        // encode_into reports the same whatever the buffer.
        assert_eq!(windows1251::encode_into(&text, &mut []), Err(expected));
        let mut buf = [0u8; 32];
        assert_eq!(windows1251::encode_into(&text, &mut buf), Err(expected));

        // Without the emoji: either both encode, to the same bytes, or both
        // refuse `ch` at the end of the prefix.
        let text = &text[..text.len() - '😀'.len_utf8()];
        match common::encoding_rs_1251(text) {
            Ok(bytes) => {
                encodable += 1;
                assert_eq!(windows1251::encode_char(ch), Some(bytes[bytes.len() - 2]));
                assert_eq!(windows1251::encoded_len(text), Ok(bytes.len()));
                let n = windows1251::encode_into(text, &mut buf).unwrap();
                assert_eq!(&buf[..n], &bytes[..]);
                // ... and decode back to the text.
                assert_eq!(windows1251::decode(&bytes).unwrap(), text);
            }
            Err((offset, bad)) => {
                assert_eq!((offset, bad), (prefix.len(), ch));
                assert_eq!(windows1251::encode_char(ch), None);
                assert_eq!(
                    windows1251::encode_into(text, &mut buf),
                    Err(EncodeError::Unencodable {
                        encoding: Encoding::Windows1251,
                        offset,
                        ch
                    })
                );
            }
        }
    }
    // 128 ASCII characters and 128 others: exactly the 256 bytes.
    assert_eq!(encodable, 256);
}

/// Long random texts, mostly encodable, against `encoding_rs`: the whole
/// encoding, or the offset and character of the first refusal.
#[test]
fn random_texts_encode_as_encoding_rs_says() {
    let mut rng = Rng::new(common::seed(1251));
    let repertoire: Vec<char> = (0..=255u8).map(windows1251::decode_byte).collect();
    for _ in 0..20_000 {
        let len = rng.below(40);
        let text: String = (0..len)
            .map(|_| {
                if rng.chance(1, 30) {
                    rng.any_char()
                } else {
                    rng.pick(&repertoire)
                }
            })
            .collect();
        let ours = windows1251::encode(&text).map_err(|e| match e {
            EncodeError::Unencodable {
                encoding,
                offset,
                ch,
            } => {
                assert_eq!(encoding, Encoding::Windows1251);
                (offset, ch)
            }
            other => panic!("{other:?}"),
        });
        assert_eq!(ours, common::encoding_rs_1251(&text), "{text:?}");
    }
}

/// Lossy decoding never replaces anything, and borrows exactly the ASCII
/// inputs.
#[test]
fn decode_lossy_matches_encoding_rs_and_borrows_ascii() {
    let mut rng = Rng::new(common::seed(1252));
    for _ in 0..20_000 {
        let len = rng.below(64);
        let ascii_only = rng.chance(1, 3);
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                let b = rng.next_u64() as u8;
                if ascii_only { b & 0x7F } else { b }
            })
            .collect();
        let peer = peer_decode(&bytes);
        let ours = windows1251::decode_lossy(&bytes);
        assert_eq!(ours, peer);
        assert_eq!(
            matches!(ours, Cow::Borrowed(_)),
            bytes.is_ascii(),
            "borrowed iff ASCII: {bytes:?}"
        );
        assert_eq!(windows1251::decode(&bytes).unwrap(), peer);
    }
}
