//! Error priority and buffer sizes, against peers: for every output length
//! from 0 to two past what is needed, an encoder or decoder reports bad
//! input as such (never `OutputTooSmall`), reports `OutputTooSmall` with the
//! exact `needed` (the length of what the peer writes) for good input that
//! does not fit, writes what the peer writes when it fits, and never panics.
//! Peers: std (UTF-8, UTF-16), the `cesu8` crate (MUTF-8, CESU-8), and for
//! every code page `encoding_rs`, `oem_cp` or std (`common::peer_char_of`).
//! The few bytes and characters where a code page's peer and litenc differ
//! on purpose (listed and proven in `single_byte_peer.rs`) are left out here.

use crate::common;

use std::borrow::Cow;

use common::{Module, Rng};
use litenc_runtime::{DecodeErrorKind, EncodeError, Encoding, mutf8, utf16};

/// What a peer says `bytes` decode to: `Some(Ok(text))`, `Some(Err(()))` if
/// it rejects them, `None` if it has no say (the `cesu8` crate accepts any
/// valid UTF-8, whatever modified UTF-8 and CESU-8 say about it).
fn peer_decode(enc: Encoding, bytes: &[u8]) -> Option<Result<String, ()>> {
    let utf16 = |big_endian: bool| {
        if bytes.len() % 2 == 1 {
            return Err(());
        }
        let units: Vec<u16> = bytes
            .chunks(2)
            .map(|p| {
                let p = [p[0], p[1]];
                if big_endian {
                    u16::from_be_bytes(p)
                } else {
                    u16::from_le_bytes(p)
                }
            })
            .collect();
        String::from_utf16(&units).map_err(|_| ())
    };
    Some(match enc {
        Encoding::Utf8 => core::str::from_utf8(bytes)
            .map(str::to_owned)
            .map_err(|_| ()),
        Encoding::Utf16Le => utf16(false),
        Encoding::Utf16Be => utf16(true),
        Encoding::Mutf8 | Encoding::Cesu8 if core::str::from_utf8(bytes).is_ok() => return None,
        Encoding::Mutf8 => cesu8::from_java_cesu8(bytes)
            .map(Cow::into_owned)
            .map_err(|_| ()),
        Encoding::Cesu8 => cesu8::from_cesu8(bytes)
            .map(Cow::into_owned)
            .map_err(|_| ()),
        enc if enc.is_single_byte() => {
            let mut text = String::new();
            for &b in bytes {
                let peer = common::peer_char_of(enc, b);
                if peer != enc.decode(&[b]).ok().and_then(|t| t.chars().next()) {
                    return None;
                }
                match peer {
                    Some(c) => text.push(c),
                    None => return Some(Err(())),
                }
            }
            Ok(text)
        }
        other => panic!("no peer for {other:?}"),
    })
}

const CANARY: u8 = 0xA5;

/// Whether the peer of code page `enc` and litenc agree on `ch` (they do
/// but for the few characters `single_byte_peer.rs` lists).
fn agree(enc: Encoding, ch: char) -> bool {
    !enc.is_single_byte()
        || common::peer_byte_of(enc, ch)
            == enc.encode(ch.encode_utf8(&mut [0; 4])).ok().map(|b| b[0])
}

fn check_encode(m: Module, text: &str) {
    let peer = common::peer_encode(m.enc, text);
    // Up to past the worst case, where the fast paths switch to one pass.
    let max = text.len() * m.enc.max_bytes_per_utf8_byte() + 2;
    let mut buf = vec![CANARY; max];
    for len in 0..=max {
        buf.fill(CANARY);
        let ours = (m.encode_into)(text, &mut buf[..len]);
        match &peer {
            Ok(bytes) if len < bytes.len() => {
                assert_eq!(
                    ours,
                    Err(EncodeError::OutputTooSmall {
                        needed: bytes.len(),
                        available: len
                    })
                );
            }
            Ok(bytes) => {
                assert_eq!(ours, Ok(bytes.len()), "{:?} {text:?}", m.enc);
                assert_eq!(&buf[..bytes.len()], &bytes[..]);
                assert!(buf[bytes.len()..].iter().all(|&b| b == CANARY));
            }
            &Err((offset, ch)) => {
                assert_eq!(
                    ours,
                    Err(EncodeError::Unencodable {
                        encoding: m.enc,
                        offset,
                        ch
                    })
                );
            }
        }
    }
}

/// `peer`: what the input is known to decode to, or else what
/// [`peer_decode`] says.
fn check_decode(m: Module, bytes: &[u8], known: Option<&str>) {
    let Some(peer) = known
        .map(|t| Ok(t.to_owned()))
        .or_else(|| peer_decode(m.enc, bytes))
    else {
        return;
    };
    let verdict = (m.validate)(bytes);
    let max = bytes.len() * m.enc.max_utf8_bytes_per_byte() + 2;
    let mut buf = vec![CANARY; max];
    for len in 0..=max {
        buf.fill(CANARY);
        let ours = (m.decode_into)(bytes, &mut buf[..len]);
        match &peer {
            Ok(text) if len < text.len() => {
                let err = ours.unwrap_err();
                let kind = DecodeErrorKind::OutputTooSmall {
                    needed: text.len(),
                    available: len,
                };
                assert_eq!(err.kind(), kind, "{:?} {bytes:02X?}", m.enc);
                assert_eq!((err.valid_up_to(), err.error_len()), (bytes.len(), None));
            }
            Ok(text) => {
                assert_eq!(ours, Ok(text.len()), "{:?} {bytes:02X?}", m.enc);
                assert_eq!(&buf[..text.len()], text.as_bytes());
                assert!(buf[text.len()..].iter().all(|&b| b == CANARY));
            }
            Err(()) => {
                let err = ours.unwrap_err();
                assert!(!matches!(
                    err.kind(),
                    DecodeErrorKind::OutputTooSmall { .. }
                ));
                assert_eq!(Err(err), verdict, "{:?} {bytes:02X?}", m.enc);
            }
        }
    }
}

/// Random text in every encoding, encoded, and decoded back with and
/// without a byte changed; every buffer length up to past the worst case.
#[test]
fn every_buffer_size_for_random_input() {
    let mut rng = Rng::new(common::seed(5));
    for m in common::modules() {
        // A code page's own characters, most of the time.
        let repertoire: Vec<char> = if m.enc.is_single_byte() {
            (0..=255u8)
                .filter_map(|b| common::peer_char_of(m.enc, b))
                .collect()
        } else {
            Vec::new()
        };
        for _ in 0..300 {
            let text = if m.enc.is_single_byte() && rng.chance(3, 4) {
                (0..rng.below(13))
                    .map(|_| {
                        if rng.chance(1, 10) {
                            rng.any_char()
                        } else {
                            rng.pick(&repertoire)
                        }
                    })
                    .collect()
            } else {
                rng.string(12)
            };
            if !text.chars().all(|c| agree(m.enc, c)) {
                continue;
            }
            check_encode(m, &text);
            let Ok(mut bytes) = common::peer_encode(m.enc, &text) else {
                continue;
            };
            // The peer wrote these bytes for `text`.
            check_decode(m, &bytes, Some(&text));
            if !bytes.is_empty() {
                let k = rng.below(bytes.len());
                bytes[k] = rng.interesting_byte();
                check_decode(m, &bytes, None);
                bytes.truncate(k);
                check_decode(m, &bytes, None);
            }
        }
        check_encode(m, "");
        check_decode(m, b"", Some(""));
    }
}

/// The `u16` APIs of `utf16` and `mutf8`, against `str::encode_utf16`,
/// `String::from_utf16` and the `cesu8` crate.
#[test]
fn every_buffer_size_for_the_u16_apis() {
    let mut rng = Rng::new(common::seed(6));
    for _ in 0..500 {
        let text = rng.string(10);
        let units: Vec<u16> = text.encode_utf16().collect();
        let mut out16 = vec![0u16; units.len() + 2];
        for len in 0..=units.len() + 2 {
            let ours = utf16::encode_units_into(&text, &mut out16[..len]);
            if len < units.len() {
                assert_eq!(
                    ours,
                    Err(EncodeError::OutputTooSmall {
                        needed: units.len(),
                        available: len
                    })
                );
            } else {
                assert_eq!(ours, Ok(units.len()));
                assert_eq!(out16[..units.len()], units[..]);
            }
        }

        // Units with a unit changed: decode into every size.
        let mut units = units;
        if !units.is_empty() && rng.chance(1, 2) {
            let k = rng.below(units.len());
            units[k] = rng.interesting_unit();
        }
        let peer = String::from_utf16(&units);
        let verdict = utf16::validate_units(&units);
        let mut out8 = vec![0u8; text.len() + 16];
        for len in 0..=out8.len() {
            let ours = utf16::decode_units_into(&units, &mut out8[..len]);
            match &peer {
                Ok(t) if len < t.len() => assert_eq!(
                    ours.unwrap_err().kind(),
                    DecodeErrorKind::OutputTooSmall {
                        needed: t.len(),
                        available: len
                    }
                ),
                Ok(t) => {
                    assert_eq!(ours, Ok(t.len()));
                    assert_eq!(&out8[..t.len()], t.as_bytes());
                }
                Err(_) => {
                    assert!(verdict.is_err());
                    assert_eq!(ours.map(|_| ()), verdict);
                }
            }
        }

        // Modified UTF-8 from the `cesu8` crate, to units and back.
        let java = cesu8::to_java_cesu8(&text);
        let want: Vec<u16> = text.encode_utf16().collect();
        let mut back = vec![0u16; want.len() + 2];
        for len in 0..=want.len() + 2 {
            let ours = mutf8::decode_units_into(&java, &mut back[..len]);
            if len < want.len() {
                assert_eq!(
                    ours.unwrap_err().kind(),
                    DecodeErrorKind::OutputTooSmall {
                        needed: want.len(),
                        available: len
                    }
                );
            } else {
                assert_eq!(ours, Ok(want.len()));
                assert_eq!(back[..want.len()], want[..]);
            }
        }
        let mut bytes = vec![0u8; java.len() + 2];
        for len in 0..=java.len() + 2 {
            let ours = mutf8::encode_units_into(&want, &mut bytes[..len]);
            if len < java.len() {
                assert_eq!(
                    ours,
                    Err(EncodeError::OutputTooSmall {
                        needed: java.len(),
                        available: len
                    })
                );
            } else {
                assert_eq!(ours, Ok(java.len()));
                assert_eq!(bytes[..java.len()], java[..]);
            }
        }
    }
}
