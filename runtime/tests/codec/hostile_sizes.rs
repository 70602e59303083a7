//! Limits and hostile sizes.
//!
//! - Every encoder and decoder, into every output buffer length from 0 to
//!   two past what it needs: too small is `OutputTooSmall` with the right
//!   numbers and leaves the buffer untouched; big enough writes exactly the
//!   output and nothing past it (the buffer is filled with a canary first).
//!   Bad input is reported as such whatever the buffer. Under
//!   `forbid(unsafe_code)` a read or write out of bounds would be a panic,
//!   so "no panic on any size" is "never reads past the input nor writes
//!   past the output".
//! - `writeUTF`'s 65,535-byte limit, through `mutf8::java_utf_len`.
//! - The length arithmetic near `usize::MAX`, through `src/limits.rs`
//!   (included below, so its unit tests run here too).

#[allow(
    dead_code,
    reason = "the crate wires in what it needs; the tests use it all"
)]
#[path = "../../src/limits.rs"]
mod limits;

use litenc_runtime::mutf8::{self, JAVA_UTF_MAX_LEN};
use litenc_runtime::{DecodeError, DecodeErrorKind, EncodeError, Encoding, utf16};

const CANARY: u8 = 0xA5;

/// Whether a failed `encode_into`/`decode_into` must leave the output buffer
/// as it was: the docs promise it ("the whole input is checked before `out`
/// is looked at"). If that promise is ever dropped, set this to `false`;
/// writing past the returned length on success stays an error.
const UNTOUCHED_ON_ERROR: bool = true;
const CANARY16: u16 = 0xA5A5;

/// Text of every width: ASCII, U+0000, 2- and 3-byte characters, the
/// Windows-1251 oddities, supplementary characters, and a long mix.
fn texts() -> Vec<String> {
    let mut v: Vec<String> = [
        "",
        "a",
        "\0",
        "é",
        "€",
        "\u{98}",
        "Ж",
        "😀",
        "\u{FEFF}",
        "\u{FFFF}",
        "\u{10FFFF}",
        "Привет, мир! €",
        "héllo, 世界 😀",
        "a\0b\0",
        "Цена: 5€, ☃",
        "𐐷𐐷𐐷",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    v.push("Съешь же ещё этих мягких французских булок, да выпей чаю. ".repeat(5));
    v.push("x😀\0é€".repeat(20));
    v.push("a".repeat(100));
    v
}

/// Bytes that no or not every decoder accepts: truncations, lone
/// surrogates, raw and overlong NULs, 4-byte forms, odd lengths.
fn hostile_inputs() -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = [
        &b""[..],
        b"\x00",
        b"\xC0\x80",
        b"\xC0",
        b"\xE0\x80",
        b"\xED\xA0\x80",
        b"\xED\xA0\xBD\xED\xB8\x80",
        b"\xED\xA0\xBD\xED\xB8",
        b"\xED\xB0\x80x",
        b"\xF0\x9F\x98\x80",
        b"\xF0\x9F\x98",
        b"\xF4\x90\x80\x80",
        b"\xFF\xFE",
        b"\x00\xD8",
        b"\x00\xD8\x41",
        b"\xD8\x00\x00\x41",
        b"\x00\xDC\x00\xD8",
        b"\x88\x98\xFF",
        b"abc\x80",
    ]
    .iter()
    .map(|b| b.to_vec())
    .collect();
    v.push([b"x".repeat(70), b"\xE2\x82".to_vec()].concat());
    v.push([b"\xE2\x82\xAC".repeat(30), b"\xF0".to_vec()].concat());
    v
}

/// `f` into a canary-filled buffer of `size` units.
fn run<U: Copy, R>(size: usize, canary: U, f: impl FnOnce(&mut [U]) -> R) -> (R, Vec<U>) {
    let mut buf = vec![canary; size];
    let r = f(&mut buf);
    (r, buf)
}

fn untouched<U: Copy + PartialEq>(buf: &[U], canary: U) -> bool {
    buf.iter().all(|&u| u == canary)
}

/// Every buffer size `0..=want.len() + 2` for the encoder `f`.
fn check_encode_sizes<U: Copy + PartialEq + std::fmt::Debug>(
    what: &str,
    want: &[U],
    canary: U,
    f: impl Fn(&mut [U]) -> Result<usize, EncodeError>,
) {
    let needed = want.len();
    for size in 0..=needed + 2 {
        let (r, buf) = run(size, canary, &f);
        if size < needed {
            assert_eq!(
                r,
                Err(EncodeError::OutputTooSmall {
                    needed,
                    available: size
                }),
                "{what} into {size}"
            );
            assert!(
                !UNTOUCHED_ON_ERROR || untouched(&buf, canary),
                "{what}: wrote into {size} < {needed}"
            );
        } else {
            assert_eq!(r, Ok(needed), "{what} into {size}");
            assert_eq!(&buf[..needed], want, "{what} into {size}");
            assert!(
                untouched(&buf[needed..], canary),
                "{what}: wrote past {needed}"
            );
        }
    }
}

/// Every buffer size `0..=needed + 2` for the decoder `f`, whose input of
/// `input_len` units decodes to `want` (or fails with that error).
fn check_decode_sizes<U: Copy + PartialEq + std::fmt::Debug>(
    what: &str,
    want: Result<&[U], DecodeError>,
    input_len: usize,
    canary: U,
    f: impl Fn(&mut [U]) -> Result<usize, DecodeError>,
) {
    let needed = want.map_or(input_len * 3, <[U]>::len);
    for size in 0..=needed + 2 {
        let (r, buf) = run(size, canary, &f);
        match want {
            Err(e) => {
                assert_eq!(r, Err(e), "{what}: bad input into {size}");
                assert!(
                    !UNTOUCHED_ON_ERROR || untouched(&buf, canary),
                    "{what}: wrote on bad input"
                );
            }
            Ok(_) if size < needed => {
                let e = r.expect_err("too small");
                assert_eq!(
                    e.kind(),
                    DecodeErrorKind::OutputTooSmall {
                        needed,
                        available: size
                    },
                    "{what} into {size}"
                );
                assert_eq!((e.valid_up_to(), e.error_len()), (input_len, None));
                assert!(
                    !UNTOUCHED_ON_ERROR || untouched(&buf, canary),
                    "{what}: wrote into {size} < {needed}"
                );
            }
            Ok(w) => {
                assert_eq!(r, Ok(needed), "{what} into {size}");
                assert_eq!(&buf[..needed], w, "{what} into {size}");
                assert!(
                    untouched(&buf[needed..], canary),
                    "{what}: wrote past {needed}"
                );
            }
        }
    }
}

#[test]
fn encode_into_every_buffer_size() {
    for text in texts() {
        for &enc in Encoding::ALL {
            let what = format!("{enc} encode_into {text:?}");
            match enc.encode(&text) {
                Ok(want) => {
                    assert_eq!(enc.encoded_len(&text), Ok(want.len()));
                    check_encode_sizes(&what, &want, CANARY, |out| enc.encode_into(&text, out));
                }
                Err(e) => {
                    // Unencodable: the same error for every buffer, untouched.
                    for size in 0..=text.len() + 2 {
                        let (r, buf) = run(size, CANARY, |out| enc.encode_into(&text, out));
                        assert_eq!(r, Err(e), "{what} into {size}");
                        assert!(
                            !UNTOUCHED_ON_ERROR || untouched(&buf, CANARY),
                            "{what}: wrote on error"
                        );
                    }
                }
            }
        }
        let units = utf16::encode_units(&text);
        check_encode_sizes("utf16 units", &units, CANARY16, |out| {
            utf16::encode_units_into(&text, out)
        });
    }
}

#[test]
fn decode_into_every_buffer_size() {
    let mut inputs = hostile_inputs();
    for text in texts() {
        for &enc in Encoding::ALL {
            if let Ok(bytes) = enc.encode(&text) {
                inputs.push(bytes);
            }
        }
    }
    for input in &inputs {
        for &enc in Encoding::ALL {
            let what = format!("{enc} decode_into {input:02X?}");
            let want = enc.decode(input);
            assert_eq!(
                enc.decoded_len(input),
                want.as_ref().map(String::len).map_err(|e| *e)
            );
            check_decode_sizes(
                &what,
                want.as_ref().map(String::as_bytes).map_err(|e| *e),
                input.len(),
                CANARY,
                |out| enc.decode_into(input, out),
            );
            // Lossy decoding has no buffer, but must not panic either.
            let lossy = enc.decode_lossy(input);
            if let Ok(text) = &want {
                assert_eq!(&lossy, text);
            }
        }
        // The same bytes as MUTF-8 code units.
        let units = mutf8::decode_units(input);
        check_decode_sizes(
            "mutf8 decode_units_into",
            units.as_deref().map_err(|e| *e),
            input.len(),
            CANARY16,
            |out| mutf8::decode_units_into(input, out),
        );
    }
}

/// Every code page: all its characters encoded, all 256 bytes decoded (an
/// error at the first undefined byte, whatever the buffer), and its
/// characters decoded, into every buffer size.
#[test]
fn code_pages_into_every_buffer_size() {
    for &enc in Encoding::ALL.iter().filter(|e| e.is_single_byte()) {
        let text: String = (0..=255u8).filter_map(|b| enc.decode(&[b]).ok()).collect();
        let bytes = enc.encode(&text).unwrap();
        let what = format!("{enc} encode_into its characters");
        check_encode_sizes(&what, &bytes, CANARY, |out| enc.encode_into(&text, out));
        let what = format!("{enc} decode_into its characters");
        check_decode_sizes(&what, Ok(text.as_bytes()), bytes.len(), CANARY, |out| {
            enc.decode_into(&bytes, out)
        });
        let all: Vec<u8> = (0..=255).collect();
        let what = format!("{enc} decode_into all 256 bytes");
        let want = enc.decode(&all);
        check_decode_sizes(
            &what,
            want.as_ref().map(String::as_bytes).map_err(|e| *e),
            all.len(),
            CANARY,
            |out| enc.decode_into(&all, out),
        );
    }
}

#[test]
fn code_units_into_every_buffer_size() {
    let mut unit_inputs: Vec<Vec<u16>> = vec![
        vec![],
        vec![0],
        vec![0xD800],
        vec![0xDC00, 0xD800],
        vec![0x61, 0xD83D, 0xDE00, 0x62],
        vec![0xD83D],
        vec![0x0800, 0xFFFF, 0x7F, 0x80],
    ];
    unit_inputs.extend(texts().iter().map(|t| utf16::encode_units(t)));
    for units in &unit_inputs {
        // UTF-16 units to UTF-8.
        let want = utf16::decode_units(units);
        check_decode_sizes(
            "utf16 decode_units_into",
            want.as_ref().map(String::as_bytes).map_err(|e| *e),
            units.len(),
            CANARY,
            |out| utf16::decode_units_into(units, out),
        );
        // Java strings (lone surrogates allowed) to modified UTF-8.
        let bytes = mutf8::encode_units(units);
        assert_eq!(mutf8::encoded_units_len(units), bytes.len());
        check_encode_sizes("mutf8 encode_units_into", &bytes, CANARY, |out| {
            mutf8::encode_units_into(units, out)
        });
        assert_eq!(mutf8::decode_units(&bytes).as_ref(), Ok(units));
    }
}

#[test]
fn zero_length_buffers_and_inputs() {
    for &enc in Encoding::ALL {
        assert_eq!(enc.encode_into("", &mut []), Ok(0));
        assert_eq!(enc.decode_into(b"", &mut []), Ok(0));
        assert_eq!(enc.decoded_len(b""), Ok(0));
        assert_eq!(enc.encoded_len(""), Ok(0));
        // A lone lead byte: whatever the decoder thinks of it, no panic.
        for b in 0..=u8::MAX {
            let _ = enc.decode_into(&[b], &mut []);
            let _ = enc.decode_lossy(&[b]);
        }
    }
    assert_eq!(utf16::decode_units_into(&[], &mut []), Ok(0));
    assert_eq!(mutf8::decode_units_into(b"", &mut []), Ok(0));
    assert_eq!(mutf8::encode_units_into(&[], &mut []), Ok(0));
}

#[test]
fn big_outputs_are_counted_exactly() {
    // Windows-1251 triples: 1 MiB of `0x88` is 3 MiB of "€".
    let input = vec![0x88u8; 1 << 20];
    let needed = 3 << 20;
    assert_eq!(Encoding::Windows1251.decoded_len(&input), Ok(needed));
    let mut out = vec![0u8; needed - 1];
    let e = Encoding::Windows1251
        .decode_into(&input, &mut out)
        .unwrap_err();
    assert_eq!(
        e.kind(),
        DecodeErrorKind::OutputTooSmall {
            needed,
            available: needed - 1
        }
    );
    // UTF-16 and MUTF-8 double: 1 MiB of U+0000.
    let text = "\0".repeat(1 << 20);
    for enc in [Encoding::Utf16Le, Encoding::Utf16Be, Encoding::Mutf8] {
        assert_eq!(enc.encoded_len(&text), Ok(2 << 20), "{enc}");
    }
}

/// The encoded length never overflows: the growth each encoding declares
/// holds, and times the longest possible `str` it still fits in `usize`.
#[test]
fn encoded_len_cannot_overflow() {
    let longest_str = isize::MAX as usize;
    for &enc in Encoding::ALL {
        let growth = enc.max_bytes_per_utf8_byte();
        if enc.unit_size() == 4 {
            // UTF-32: four times the longest `str` does not fit, so its
            // lengths saturate (`limits::add_len`, `limits::bound`).
            assert_eq!(growth, limits::UTF32_GROWTH, "{enc}");
            assert!(!limits::never_saturates(longest_str, growth), "{enc}");
        } else if enc.name() == "ISO-2022-JP" {
            // Its length passes saturate too (see `limits`).
            assert_eq!(growth, limits::MAX_ENCODE_GROWTH_ISO_2022_JP);
            assert!(!limits::never_saturates(longest_str, growth));
        } else {
            assert!(growth <= limits::MAX_ENCODE_GROWTH, "{enc}");
            assert!(limits::never_saturates(longest_str, growth), "{enc}");
        }
        assert!(
            enc.max_utf8_bytes_per_byte() <= limits::MAX_DECODE_GROWTH,
            "{enc}"
        );
        // The declared growth is the worst case of a real character.
        for text in texts() {
            if let Ok(n) = enc.encoded_len(&text) {
                assert!(n <= text.len() * growth, "{enc} {text:?}");
                let d = enc.max_utf8_bytes_per_byte();
                assert!(text.len() <= n * d, "{enc} {text:?}");
            }
        }
    }
}

// `DataOutput.writeUTF` writes a `u16` length, so it takes at most 65,535
// bytes of modified UTF-8 and throws `UTFDataFormatException` above. Every
// case below was run through OpenJDK 17's `writeUTF`: the ones that fit
// wrote exactly the bytes said, the others threw "encoded string (...) too
// long: N bytes" with the same N as `JavaUtfTooLong::encoded_len`.

#[test]
fn java_utf_limit_ascii() {
    assert_eq!(JAVA_UTF_MAX_LEN, 65_535);
    assert_eq!(mutf8::java_utf_len(&vec![0x41u16; 65_535]), Ok(65_535));
    let err = mutf8::java_utf_len(&vec![0x41u16; 65_536]).unwrap_err();
    assert_eq!(err.encoded_len(), 65_536);
    assert_eq!(mutf8::java_utf_len(&[]), Ok(0));
}

#[test]
fn java_utf_limit_wide_units() {
    // U+0800..U+FFFF and lone surrogates: 3 bytes each.
    assert_eq!(mutf8::java_utf_len(&vec![0x0800u16; 21_845]), Ok(65_535));
    assert_eq!(mutf8::java_utf_len(&vec![0xFFFFu16; 21_845]), Ok(65_535));
    assert_eq!(mutf8::java_utf_len(&vec![0xD800u16; 21_845]), Ok(65_535));
    assert!(mutf8::java_utf_len(&vec![0x0800u16; 21_846]).is_err());
    // 21,845 × 3 + 1 = 65,536: one ASCII unit too many.
    let mut units = vec![0x0800u16; 21_845];
    units.push(0x41);
    assert_eq!(
        mutf8::java_utf_len(&units).unwrap_err().encoded_len(),
        65_536
    );
    // U+0080..U+07FF: 2 bytes each; 32,767 × 2 + 1 = 65,535.
    let mut units = vec![0x07FFu16; 32_767];
    units.push(0x7F);
    assert_eq!(mutf8::java_utf_len(&units), Ok(65_535));
}

#[test]
fn java_utf_limit_nul_takes_two_bytes() {
    // U+0000 is `C0 80`: 32,767 of them and one ASCII byte fit, 32,768 not.
    let mut units = vec![0u16; 32_767];
    units.push(0x41);
    assert_eq!(mutf8::java_utf_len(&units), Ok(65_535));
    assert_eq!(
        mutf8::java_utf_len(&vec![0u16; 32_768])
            .unwrap_err()
            .encoded_len(),
        65_536
    );
}

#[test]
fn java_utf_limit_text() {
    // A supplementary character is two surrogates, 6 bytes:
    // 10,922 × 6 + 3 = 65,535.
    let fits = format!("{}abc", "😀".repeat(10_922));
    assert_eq!(mutf8::java_utf_len_str(&fits), Ok(65_535));
    let units: Vec<u16> = fits.encode_utf16().collect();
    assert_eq!(mutf8::java_utf_len(&units), Ok(65_535));
    assert_eq!(mutf8::encode(&fits).map(|b| b.len()), Ok(65_535));
    let too_long = format!("{fits}d");
    let err = mutf8::java_utf_len_str(&too_long).unwrap_err();
    assert_eq!(err.encoded_len(), 65_536);
    assert_eq!(
        err.to_string(),
        "encoded string too long: 65536 bytes (writeUTF takes at most 65535)"
    );
    // The helper agrees with the encoder on every sample text.
    for text in texts() {
        let n = mutf8::encoded_len(&text).unwrap();
        assert_eq!(mutf8::java_utf_len_str(&text), Ok(n));
    }
}
