//! The checks behind the fuzz targets of `litenc-runtime`.
//!
//! Every public function is run on the fuzzer's input and compared with
//! [`reference`], an independent plain-Rust codec (with `std` and
//! `encoding_rs` where they speak the encoding). That is what keeps the
//! run-time fast paths honest: whatever a public function does inside, it
//! must give what the reference gives, which is what the `const fn` path
//! gives too. On top of that: no panic; every output buffer size around the
//! needed length (too small is `OutputTooSmall` and leaves the buffer
//! untouched, big enough writes exactly the output and nothing past it);
//! round trips; the per-encoding modules agree with the [`Encoding`]
//! methods.

use std::borrow::Cow;

use litenc_runtime::{
    DecodeError, DecodeErrorKind, EncodeError, Encoding, cesu8, fast, gsm0338, mutf8, utf8, utf16,
    utf16be, utf16le, utf32be, utf32le,
};

pub mod reference;

use reference::RefError;

/// What output buffers are filled with first, to see what was written.
pub const CANARY: u8 = 0xA5;

/// Whether a failed `encode_into`/`decode_into` must leave the output buffer
/// as it was. The docs promise it ("the whole input is checked before `out`
/// is looked at"); if that promise is ever dropped, set this to `false`.
/// Writing past the returned length on success is never allowed.
pub const UNTOUCHED_ON_ERROR: bool = true;
const CANARY16: u16 = 0xA5A5;

/// The functions of one per-encoding module.
struct Api {
    encoded_len: fn(&str) -> Result<usize, EncodeError>,
    encode_into: fn(&str, &mut [u8]) -> Result<usize, EncodeError>,
    validate: fn(&[u8]) -> Result<(), DecodeError>,
    decoded_len: fn(&[u8]) -> Result<usize, DecodeError>,
    decode_into: fn(&[u8], &mut [u8]) -> Result<usize, DecodeError>,
    encode: fn(&str) -> Result<Vec<u8>, EncodeError>,
    decode: fn(&[u8]) -> Result<String, DecodeError>,
    decode_lossy: for<'a> fn(&'a [u8]) -> Cow<'a, str>,
    /// The module's run-time twins, `fast::<module>::*`.
    fast_encoded_len: fn(&str) -> Result<usize, EncodeError>,
    fast_encode_into: fn(&str, &mut [u8]) -> Result<usize, EncodeError>,
    fast_validate: fn(&[u8]) -> Result<(), DecodeError>,
    fast_decoded_len: fn(&[u8]) -> Result<usize, DecodeError>,
    fast_decode_into: fn(&[u8], &mut [u8]) -> Result<usize, DecodeError>,
    encode_cow: for<'a> fn(&'a str) -> Result<Cow<'a, [u8]>, EncodeError>,
    decode_cow: for<'a> fn(&'a [u8]) -> Result<Cow<'a, str>, DecodeError>,
}

macro_rules! api {
    ($m:ident) => {
        Api {
            encoded_len: $m::encoded_len,
            encode_into: $m::encode_into,
            validate: $m::validate,
            decoded_len: $m::decoded_len,
            decode_into: $m::decode_into,
            encode: $m::encode,
            decode: $m::decode,
            decode_lossy: $m::decode_lossy,
            fast_encoded_len: fast::$m::encoded_len,
            fast_encode_into: fast::$m::encode_into,
            fast_validate: fast::$m::validate,
            fast_decoded_len: fast::$m::decoded_len,
            fast_decode_into: fast::$m::decode_into,
            encode_cow: $m::encode_cow,
            decode_cow: $m::decode_cow,
        }
    };
}

fn api(enc: Encoding) -> Api {
    match enc {
        Encoding::Utf8 => api!(utf8),
        Encoding::Utf16Le => api!(utf16le),
        Encoding::Utf16Be => api!(utf16be),
        Encoding::Utf32Le => api!(utf32le),
        Encoding::Utf32Be => api!(utf32be),
        Encoding::Mutf8 => api!(mutf8),
        Encoding::Cesu8 => api!(cesu8),
        Encoding::Gsm0338 => api!(gsm0338),
        enc if enc.is_cjk() => cjk_api(enc).expect("a multi-byte module"),
        _ => code_page_api(enc),
    }
}

/// The module of each code page, by its `Encoding` variant.
fn code_page_api(enc: Encoding) -> Api {
    #[allow(clippy::wildcard_imports, reason = "every code page's module")]
    use litenc_runtime::*;
    macro_rules! pages {
        ($($variant:ident => $m:ident,)*) => {
            match enc {
                $(Encoding::$variant => api!($m),)*
                _ => panic!("litenc-fuzz: unknown encoding {enc:?}"),
            }
        };
    }
    pages! {
            Ibm866 => ibm866,
            Iso8859_2 => iso8859_2,
            Iso8859_3 => iso8859_3,
            Iso8859_4 => iso8859_4,
            Iso8859_5 => iso8859_5,
            Iso8859_6 => iso8859_6,
            Iso8859_7 => iso8859_7,
            Iso8859_8 => iso8859_8,
            Iso8859_8I => iso8859_8_i,
            Iso8859_10 => iso8859_10,
            Iso8859_13 => iso8859_13,
            Iso8859_14 => iso8859_14,
            Iso8859_15 => iso8859_15,
            Iso8859_16 => iso8859_16,
            Koi8R => koi8_r,
            Koi8U => koi8_u,
            Macintosh => macintosh,
            Windows874 => windows874,
            Windows1250 => windows1250,
            Windows1251 => windows1251,
            Windows1252 => windows1252,
            Windows1253 => windows1253,
            Windows1254 => windows1254,
            Windows1255 => windows1255,
            Windows1256 => windows1256,
            Windows1257 => windows1257,
            Windows1258 => windows1258,
            XMacCyrillic => x_mac_cyrillic,
            Ibm437 => ibm437,
            Ibm737 => ibm737,
            Ibm775 => ibm775,
            Ibm850 => ibm850,
            Ibm852 => ibm852,
            Ibm855 => ibm855,
            Ibm857 => ibm857,
            Ibm858 => ibm858,
            Ibm860 => ibm860,
            Ibm861 => ibm861,
            Ibm862 => ibm862,
            Ibm863 => ibm863,
            Ibm865 => ibm865,
            Ibm869 => ibm869,
            Ascii => ascii,
            Latin1 => latin1,
    }
}

/// The module of each multi-byte encoding.
#[cfg(feature = "cjk")]
fn cjk_api(enc: Encoding) -> Option<Api> {
    use litenc_runtime::{big5, euc_jp, euc_kr, gb18030, gbk, iso_2022_jp, shift_jis};
    Some(match enc {
        Encoding::Gbk => api!(gbk),
        Encoding::Gb18030 => api!(gb18030),
        Encoding::Big5 => api!(big5),
        Encoding::EucJp => api!(euc_jp),
        Encoding::Iso2022Jp => api!(iso_2022_jp),
        Encoding::ShiftJis => api!(shift_jis),
        Encoding::EucKr => api!(euc_kr),
        _ => return None,
    })
}

#[cfg(not(feature = "cjk"))]
fn cjk_api(_: Encoding) -> Option<Api> {
    None
}

/// The multi-byte encodings (with the `cjk` feature).
#[must_use]
pub fn cjk_encodings() -> Vec<Encoding> {
    encodings().iter().copied().filter(|e| e.is_cjk()).collect()
}

/// The output buffer sizes to try when `needed` units are needed: all of
/// them up to a little past `needed` for short outputs, else the edges.
#[must_use]
pub fn sizes(needed: usize) -> Vec<usize> {
    if needed <= 24 {
        (0..=needed + 2).collect()
    } else {
        vec![
            0,
            1,
            needed / 2,
            needed - 2,
            needed - 1,
            needed,
            needed + 1,
            needed + 9,
        ]
    }
}

fn assert_error_at<T: std::fmt::Debug>(
    got: &Result<T, DecodeError>,
    want: RefError,
    enc: Encoding,
    what: &str,
) {
    let Err(e) = got else {
        panic!("{what}: {got:?}, the reference says {want:?}");
    };
    assert_eq!(e.encoding(), enc, "{what}: encoding of {e:?}");
    assert_eq!(
        (e.valid_up_to(), e.error_len()),
        (want.valid_up_to, want.error_len),
        "{what}: {e:?}"
    );
    let kind = match want.error_len {
        Some(len) => DecodeErrorKind::Malformed { len },
        None => DecodeErrorKind::Truncated,
    };
    assert_eq!(e.kind(), kind, "{what}: kind of {e:?}");
}

fn untouched<T: PartialEq + Copy>(buf: &[T], canary: T) -> bool {
    buf.iter().all(|&b| b == canary)
}

/// Checks `decode_into`-like `f` with every buffer size around the length
/// of `want` (the reference output, or its error).
fn check_decode_into<U: PartialEq + Copy + std::fmt::Debug>(
    f: &dyn Fn(&mut [U]) -> Result<usize, DecodeError>,
    want: &Result<Vec<U>, RefError>,
    input_len: usize,
    canary: U,
    enc: Encoding,
) {
    let needed = want.as_ref().map_or(input_len * 3, Vec::len);
    for size in sizes(needed) {
        let mut buf = vec![canary; size];
        let got = f(&mut buf);
        match want {
            Err(e) => {
                assert_error_at(&got, *e, enc, "decode_into");
                assert!(
                    !UNTOUCHED_ON_ERROR || untouched(&buf, canary),
                    "decode_into wrote on error"
                );
            }
            Ok(w) if size < w.len() => {
                let Err(e) = got else {
                    panic!("decode_into: {got:?} into {size} of {} units", w.len())
                };
                assert_eq!(
                    e.kind(),
                    DecodeErrorKind::OutputTooSmall {
                        needed: w.len(),
                        available: size
                    }
                );
                assert_eq!((e.valid_up_to(), e.error_len()), (input_len, None));
                assert!(
                    !UNTOUCHED_ON_ERROR || untouched(&buf, canary),
                    "decode_into wrote into a small buffer"
                );
            }
            Ok(w) => {
                assert_eq!(got, Ok(w.len()), "decode_into into {size}");
                assert_eq!(&buf[..w.len()], &w[..], "decode_into output");
                assert!(
                    untouched(&buf[w.len()..], canary),
                    "decode_into wrote past the end"
                );
            }
        }
    }
}

/// Checks `encode_into`-like `f` with every buffer size around the length
/// of `want` (the reference output, or the unencodable character).
fn check_encode_into<U: PartialEq + Copy + std::fmt::Debug>(
    f: &dyn Fn(&mut [U]) -> Result<usize, EncodeError>,
    want: &Result<Vec<U>, EncodeError>,
    text_len: usize,
    canary: U,
) {
    let needed = want.as_ref().map_or(text_len * 2 + 1, Vec::len);
    for size in sizes(needed) {
        let mut buf = vec![canary; size];
        let got = f(&mut buf);
        match want {
            Err(e) => {
                assert_eq!(got, Err(*e), "encode_into into {size}");
                assert!(
                    !UNTOUCHED_ON_ERROR || untouched(&buf, canary),
                    "encode_into wrote on error"
                );
            }
            Ok(w) if size < w.len() => {
                assert_eq!(
                    got,
                    Err(EncodeError::OutputTooSmall {
                        needed: w.len(),
                        available: size
                    })
                );
                assert!(
                    !UNTOUCHED_ON_ERROR || untouched(&buf, canary),
                    "encode_into wrote into a small buffer"
                );
            }
            Ok(w) => {
                assert_eq!(got, Ok(w.len()), "encode_into into {size}");
                assert_eq!(&buf[..w.len()], &w[..], "encode_into output");
                assert!(
                    untouched(&buf[w.len()..], canary),
                    "encode_into wrote past the end"
                );
            }
        }
    }
}

/// Arbitrary bytes through every decoding function of `enc`.
///
/// # Panics
/// When a function disagrees with the reference or panics itself.
pub fn check_decode(enc: Encoding, data: &[u8]) {
    let a = api(enc);
    let want = reference::decode(enc, data);

    let v = enc.validate(data);
    assert_eq!((a.validate)(data), v, "module validate");
    match &want {
        Ok(_) => assert_eq!(v, Ok(()), "validate"),
        Err(e) => assert_error_at(&v, *e, enc, "validate"),
    }

    let dl = enc.decoded_len(data);
    assert_eq!((a.decoded_len)(data), dl, "module decoded_len");
    match &want {
        Ok(s) => assert_eq!(dl, Ok(s.len()), "decoded_len"),
        Err(e) => assert_error_at(&dl, *e, enc, "decoded_len"),
    }

    let want_bytes = want.clone().map(String::into_bytes);
    check_decode_into(
        &|out| enc.decode_into(data, out),
        &want_bytes,
        data.len(),
        CANARY,
        enc,
    );
    check_decode_into(
        &|out| (a.decode_into)(data, out),
        &want_bytes,
        data.len(),
        CANARY,
        enc,
    );

    let d = enc.decode(data);
    assert_eq!((a.decode)(data), d, "module decode");
    match &want {
        Ok(s) => assert_eq!(d.as_deref(), Ok(s.as_str()), "decode"),
        Err(e) => assert_error_at(&d, *e, enc, "decode"),
    }

    // `decode_cow`: `decode`'s answer, borrowed exactly when it is the
    // input.
    let c = enc.decode_cow(data);
    assert_eq!((a.decode_cow)(data), c, "module decode_cow");
    assert_eq!(c.as_deref(), d.as_deref(), "decode_cow");
    if let Ok(text) = &c {
        assert_eq!(
            matches!(text, Cow::Borrowed(_)),
            text.as_bytes() == data,
            "decode_cow borrows exactly when the text is the input"
        );
    }

    let lossy = enc.decode_lossy(data);
    assert_eq!((a.decode_lossy)(data), lossy, "module decode_lossy");
    assert_eq!(lossy, reference::lossy(enc, data), "decode_lossy");
    if let Cow::Borrowed(s) = lossy {
        assert_eq!(s.as_bytes(), data, "decode_lossy borrowed something else");
    }

    if let Ok(s) = &want {
        if enc.is_cjk() {
            // Several inputs decode to one text (duplicates in the indexes,
            // redundant escape sequences) and some characters are written
            // as others (ISO-2022-JP's half-width katakana as full-width
            // ones), so neither the bytes nor always the text come back:
            // what the encoder writes decodes as the reference decodes it.
            if let Ok(bytes) = enc.encode(s) {
                assert_eq!(
                    enc.decode(&bytes).map_err(|_| ()),
                    reference::decode(enc, &bytes).map_err(|_| ()),
                    "decode(encode(decode(x)))"
                );
            }
        } else {
            // Every valid input is the only encoding of its text.
            assert_eq!(enc.encode(s).as_deref(), Ok(data), "encode(decode(x)) != x");
            assert_eq!(enc.encoded_len(s), Ok(data.len()), "encoded_len(decode(x))");
        }
    }

    if enc == Encoding::Mutf8 {
        check_mutf8_bytes_as_units(data);
    }
    check_fast_decode(enc, &a, data);
}

/// The encodings the targets take, in the order of [`Encoding::ALL`]: those
/// the reference has (see [`reference::has`]).
///
/// # Panics
/// Never.
#[must_use]
pub fn encodings() -> &'static [Encoding] {
    static E: std::sync::OnceLock<Vec<Encoding>> = std::sync::OnceLock::new();
    E.get_or_init(|| {
        Encoding::ALL
            .iter()
            .copied()
            .filter(|&e| reference::has(e))
            .collect()
    })
}

/// The single-byte encodings, in the order of [`Encoding::ALL`].
#[must_use]
pub fn single_byte_encodings() -> Vec<Encoding> {
    encodings()
        .iter()
        .copied()
        .filter(|e| e.is_single_byte())
        .collect()
}

/// The first byte picks one of the single-byte encodings (modulo their
/// number), the rest goes through [`check_decode`] in it.
///
/// # Panics
/// When a function disagrees with the reference or panics itself.
pub fn check_decode_single_byte(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let pages = single_byte_encodings();
    check_decode(pages[usize::from(pick) % pages.len()], rest);
}

/// Modified UTF-8 bytes through the code-unit decoder of `mutf8`.
fn check_mutf8_bytes_as_units(data: &[u8]) {
    let want = reference::mutf8_units(data);
    let len = mutf8::decoded_units_len(data);
    match &want {
        Ok(u) => assert_eq!(len, Ok(u.len()), "decoded_units_len"),
        Err(e) => assert_error_at(&len, *e, Encoding::Mutf8, "decoded_units_len"),
    }
    check_decode_into(
        &|out| mutf8::decode_units_into(data, out),
        &want,
        data.len(),
        CANARY16,
        Encoding::Mutf8,
    );
    match &want {
        Ok(units) => {
            assert_eq!(mutf8::decode_units(data).as_ref(), Ok(units));
            assert_eq!(mutf8::encode_units(units), data, "units round trip");
            // As text: valid exactly when the units are valid UTF-16.
            let text = String::from_utf16(units);
            assert_eq!(mutf8::decode(data).ok(), text.ok(), "mutf8 text vs units");
        }
        Err(_) => assert!(mutf8::validate(data).is_err(), "text valid, units not"),
    }
}

/// The run-time twin `fast` against the `const fn` `slow` for every output
/// size: the same result, and on success the same first `n` units (after an
/// error, `fast`'s output is unspecified by contract).
fn check_fast_twin<U: Copy + PartialEq + std::fmt::Debug, T: PartialEq + std::fmt::Debug>(
    fast: &dyn Fn(&mut [U]) -> Result<usize, T>,
    slow: &dyn Fn(&mut [U]) -> Result<usize, T>,
    needed: usize,
    worst: usize,
    fill: U,
    what: &str,
) {
    let mut lens = sizes(needed);
    lens.extend([worst, worst + 33]);
    for len in lens {
        let mut a = vec![fill; len];
        let mut b = vec![fill; len];
        let got = fast(&mut a);
        let want = slow(&mut b);
        assert_eq!(got, want, "fast {what} into {len}");
        if let Ok(n) = want {
            assert_eq!(a[..n], b[..n], "fast {what} into {len}: output");
        }
    }
}

/// Every function of `litenc_runtime::fast` on `data` against its `const fn`:
/// the generic ones over `enc`, and the module's own (`a`).
fn check_fast_decode(enc: Encoding, a: &Api, data: &[u8]) {
    let v = enc.validate(data);
    assert_eq!(fast::validate(enc, data), v, "fast validate {enc}");
    assert_eq!((a.fast_validate)(data), v, "fast module validate {enc}");
    let len = enc.decoded_len(data);
    assert_eq!(fast::decoded_len(enc, data), len, "fast decoded_len {enc}");
    assert_eq!(
        (a.fast_decoded_len)(data),
        len,
        "fast module decoded_len {enc}"
    );
    let worst = data.len().saturating_mul(enc.max_utf8_bytes_per_byte());
    check_fast_twin(
        &|out| fast::decode_into(enc, data, out),
        &|out| enc.decode_into(data, out),
        len.unwrap_or(data.len()),
        worst,
        CANARY,
        "decode_into",
    );
    check_fast_twin(
        &|out| (a.fast_decode_into)(data, out),
        &|out| enc.decode_into(data, out),
        len.unwrap_or(data.len()),
        worst,
        CANARY,
        "module decode_into",
    );
}

/// Arbitrary text through every encoder and back.
///
/// # Panics
/// When a function disagrees with the reference or panics itself.
#[allow(
    clippy::too_many_lines,
    reason = "one check after another on the same text, for every encoding"
)]
pub fn check_encode(s: &str) {
    for &enc in encodings() {
        let a = api(enc);
        let want = reference::encode(enc, s).map_err(|(offset, ch)| EncodeError::Unencodable {
            encoding: enc,
            offset,
            ch,
        });
        let el = enc.encoded_len(s);
        assert_eq!((a.encoded_len)(s), el, "module encoded_len");
        assert_eq!(
            el,
            want.as_ref().map(Vec::len).map_err(|e| *e),
            "encoded_len {enc}"
        );
        check_encode_into(&|out| enc.encode_into(s, out), &want, s.len(), CANARY);
        check_encode_into(&|out| (a.encode_into)(s, out), &want, s.len(), CANARY);
        assert_eq!(fast::encoded_len(enc, s), el, "fast encoded_len {enc}");
        assert_eq!((a.fast_encoded_len)(s), el, "fast module encoded_len {enc}");
        let worst = s.len().saturating_mul(enc.max_bytes_per_utf8_byte());
        check_fast_twin(
            &|out| fast::encode_into(enc, s, out),
            &|out| enc.encode_into(s, out),
            el.unwrap_or(s.len()),
            worst,
            CANARY,
            "encode_into",
        );
        check_fast_twin(
            &|out| (a.fast_encode_into)(s, out),
            &|out| enc.encode_into(s, out),
            el.unwrap_or(s.len()),
            worst,
            CANARY,
            "module encode_into",
        );
        let e = enc.encode(s);
        assert_eq!((a.encode)(s), e, "module encode");
        assert_eq!(e, want, "encode {enc}");
        // `encode_cow`: `encode`'s answer, borrowed exactly when it is the
        // text.
        let c = enc.encode_cow(s);
        assert_eq!((a.encode_cow)(s), c, "module encode_cow {enc}");
        assert_eq!(c.as_deref(), e.as_deref(), "encode_cow {enc}");
        if let Ok(bytes) = &c {
            assert_eq!(
                matches!(bytes, Cow::Borrowed(_)),
                &bytes[..] == s.as_bytes(),
                "encode_cow borrows exactly when the bytes are the text {enc}"
            );
        }
        if let Ok(bytes) = &e {
            assert!(
                bytes.len() <= s.len().saturating_mul(enc.max_bytes_per_utf8_byte()),
                "max_bytes_per_utf8_byte {enc}"
            );
            let back = enc.decode(bytes);
            if enc.is_cjk() {
                // Some characters come back as others (Shift_JIS writes
                // `¥` as `5C`, which is `\\`): the bytes decode as the
                // reference decodes them.
                assert_eq!(
                    back.clone().map_err(|_| ()),
                    reference::decode(enc, bytes).map_err(|_| ()),
                    "decode(encode(s)) {enc}"
                );
                let back = back.expect("encoder output decodes");
                assert!(
                    back.len() <= bytes.len().saturating_mul(enc.max_utf8_bytes_per_byte()),
                    "max_utf8_bytes_per_byte {enc}"
                );
                assert_eq!(
                    enc.decode_lossy(bytes),
                    back,
                    "decode_lossy(encode(s)) {enc}"
                );
            } else {
                assert!(
                    s.len() <= bytes.len().saturating_mul(enc.max_utf8_bytes_per_byte()),
                    "max_utf8_bytes_per_byte {enc}"
                );
                assert_eq!(back.as_deref(), Ok(s), "decode(encode(s)) {enc}");
                assert_eq!(enc.decode_lossy(bytes), s, "decode_lossy(encode(s)) {enc}");
            }
        }
    }

    let units: Vec<u16> = s.encode_utf16().collect();
    assert_eq!(utf16::units_len(s), units.len(), "units_len");
    check_encode_into(
        &|out| utf16::encode_units_into(s, out),
        &Ok(units.clone()),
        s.len(),
        CANARY16,
    );
    assert_eq!(utf16::encode_units(s), units);
    assert_eq!(fast::utf16::units_len(s), units.len(), "fast units_len");
    check_fast_twin(
        &|out| fast::utf16::encode_units_into(s, out),
        &|out| utf16::encode_units_into(s, out),
        units.len(),
        s.len(),
        CANARY16,
        "encode_units_into",
    );
    assert_eq!(utf16::decode_units(&units).as_deref(), Ok(s));
    assert_eq!(
        Ok(mutf8::encode_units(&units)),
        mutf8::encode(s),
        "mutf8 units vs text"
    );
}

/// Arbitrary code units through the `utf16` unit functions, and as bytes
/// through `utf16le` and `utf16be`.
///
/// # Panics
/// When a function disagrees with the reference or panics itself.
pub fn check_utf16_units(units: &[u16]) {
    let native = if cfg!(target_endian = "big") {
        Encoding::Utf16Be
    } else {
        Encoding::Utf16Le
    };
    let want = match reference::utf16_units_error(units) {
        None => Ok(String::from_utf16(units).expect("reference says valid")),
        Some(e) => Err(e),
    };
    match &want {
        Ok(_) => assert_eq!(utf16::validate_units(units), Ok(())),
        Err(e) => assert_error_at(&utf16::validate_units(units), *e, native, "validate_units"),
    }
    let len = utf16::decoded_units_len(units);
    match &want {
        Ok(s) => assert_eq!(len, Ok(s.len())),
        Err(e) => assert_error_at(&len, *e, native, "decoded_units_len"),
    }
    let want_bytes = want.clone().map(String::into_bytes);
    check_decode_into(
        &|out| utf16::decode_units_into(units, out),
        &want_bytes,
        units.len(),
        CANARY,
        native,
    );
    check_fast_twin(
        &|out| fast::utf16::decode_units_into(units, out),
        &|out| utf16::decode_units_into(units, out),
        len.unwrap_or(units.len()),
        units.len().saturating_mul(3),
        CANARY,
        "decode_units_into",
    );
    let d = utf16::decode_units(units);
    match &want {
        Ok(s) => {
            assert_eq!(d.as_ref(), Ok(s));
            assert_eq!(utf16::encode_units(s), units, "units round trip");
        }
        Err(e) => assert_error_at(&d, *e, native, "decode_units"),
    }
    assert_eq!(
        utf16::decode_units_lossy(units),
        String::from_utf16_lossy(units),
        "decode_units_lossy"
    );

    // The same units as bytes in either order.
    for (enc, bytes) in [
        (
            Encoding::Utf16Le,
            units
                .iter()
                .flat_map(|u| u.to_le_bytes())
                .collect::<Vec<u8>>(),
        ),
        (
            Encoding::Utf16Be,
            units.iter().flat_map(|u| u.to_be_bytes()).collect(),
        ),
    ] {
        let got = enc.decode(&bytes);
        match &want {
            Ok(s) => assert_eq!(got.as_ref(), Ok(s)),
            Err(e) => {
                let scaled = RefError {
                    valid_up_to: 2 * e.valid_up_to,
                    error_len: e.error_len.map(|n| 2 * n),
                };
                assert_error_at(&got, scaled, enc, "utf16 bytes vs units");
            }
        }
        assert_eq!(
            enc.decode_lossy(&bytes),
            String::from_utf16_lossy(units),
            "{enc} lossy vs from_utf16_lossy"
        );
    }
}

/// Arbitrary code units, unpaired surrogates included, through the
/// code-unit functions of `mutf8`.
///
/// # Panics
/// When a function disagrees with the reference or panics itself.
pub fn check_mutf8_units(units: &[u16]) {
    let want = reference::mutf8_of_units(units);
    assert_eq!(
        mutf8::encoded_units_len(units),
        want.len(),
        "encoded_units_len"
    );
    check_encode_into(
        &|out| mutf8::encode_units_into(units, out),
        &Ok(want.clone()),
        units.len(),
        CANARY,
    );
    let bytes = mutf8::encode_units(units);
    assert_eq!(bytes, want, "encode_units");
    assert_eq!(mutf8::decoded_units_len(&bytes), Ok(units.len()));
    check_decode_into(
        &|out| mutf8::decode_units_into(&bytes, out),
        &Ok(units.to_vec()),
        bytes.len(),
        CANARY16,
        Encoding::Mutf8,
    );
    assert_eq!(mutf8::decode_units(&bytes).as_deref(), Ok(units));

    // As text: valid exactly when the units are valid UTF-16, and where they
    // stop being valid.
    match reference::utf16_units_error(units) {
        None => {
            let s = String::from_utf16(units).expect("reference says valid");
            assert_eq!(mutf8::decode(&bytes).as_ref(), Ok(&s));
            assert_eq!(mutf8::encode(&s).as_ref(), Ok(&bytes));
        }
        Some(e) => {
            let at = mutf8::encoded_units_len(&units[..e.valid_up_to]);
            let want = RefError {
                valid_up_to: at,
                error_len: e.error_len.map(|_| 3),
            };
            assert_error_at(
                &mutf8::validate(&bytes),
                want,
                Encoding::Mutf8,
                "mutf8 text",
            );
        }
    }
    assert_eq!(
        mutf8::decode_lossy(&bytes),
        String::from_utf16_lossy(units),
        "mutf8 lossy vs from_utf16_lossy"
    );
    check_java_utf_len(units, want.len());
}

/// `writeUTF`'s limit: the helper must say "fits" exactly up to 65,535 bytes.
fn check_java_utf_len(units: &[u16], len: usize) {
    let got = mutf8::java_utf_len(units);
    if len <= mutf8::JAVA_UTF_MAX_LEN {
        assert_eq!(got, Ok(len), "java_utf_len");
    } else {
        assert!(got.is_err(), "java_utf_len accepted {len} bytes");
    }
}

/// UTF-8 to every encoding and back, every encoding to every other, and the
/// raw input as UTF-8, UTF-16 units and Windows-1251 against `std`.
///
/// # Panics
/// When a function disagrees with the reference or panics itself.
pub fn check_transcode(data: &[u8]) {
    // The raw input as UTF-8.
    match std::str::from_utf8(data) {
        Ok(_) => assert_eq!(utf8::validate(data), Ok(())),
        Err(e) => {
            let got = utf8::validate(data).expect_err("utf8::validate accepted bad input");
            assert_eq!(
                (got.valid_up_to(), got.error_len()),
                (e.valid_up_to(), e.error_len())
            );
        }
    }
    let s = String::from_utf8_lossy(data);
    assert_eq!(utf8::decode_lossy(data), s);

    // The lossy text through every pair of encodings.
    let encoded: Vec<(Encoding, Vec<u8>)> = encodings()
        .iter()
        .copied()
        .filter_map(|enc| enc.encode(&s).ok().map(|b| (enc, b)))
        .collect();
    for (from, bytes) in &encoded {
        let text = from.decode(bytes).expect("decode(encode(s))");
        if from.is_cjk() {
            // Some characters come back as others (see `check_encode`).
            assert_eq!(
                Ok(&text),
                reference::decode(*from, bytes).as_ref(),
                "{from}"
            );
            continue;
        }
        assert_eq!(text, s, "{from} round trip");
        for &to in encodings() {
            let got = to.encode(&text);
            let want = reference::encode(to, &s);
            assert_eq!(got.ok(), want.ok(), "{from} to {to}");
        }
    }

    // The raw input as UTF-16 code units, and as Windows-1251.
    let units = reference::units_of(data, false);
    assert_eq!(
        utf16::decode_units(&units).ok(),
        String::from_utf16(&units).ok(),
        "utf16 units vs String::from_utf16"
    );
    let cyr = litenc_runtime::windows1251::decode(data).expect("every byte is Windows-1251");
    assert_eq!(cyr, reference::lossy(Encoding::Windows1251, data));
    for &enc in encodings() {
        if enc.is_cjk() {
            // Not every character comes back as itself (see `check_encode`).
            continue;
        }
        if let Ok(bytes) = enc.encode(&cyr) {
            assert_eq!(
                enc.decode(&bytes).as_ref(),
                Ok(&cyr),
                "windows-1251 via {enc}"
            );
            let back = enc.decode(&bytes).expect("checked");
            assert_eq!(
                litenc_runtime::windows1251::encode(&back).as_deref(),
                Ok(data)
            );
        }
    }
}

/// The code units of `data`, two bytes each in little-endian order (an odd
/// last byte left out).
#[must_use]
pub fn units_le(data: &[u8]) -> Vec<u16> {
    reference::units_of(data, false)
}

/// The streaming coders on cut input: `data[0]` picks the encoding,
/// `data[1]` the output buffer size (1 to 64), `data[2..4]` two cut points;
/// the rest is the input. The strict decoder, going on after each error,
/// must report the errors of the one-shot decoder restarted after each,
/// at the same stream offsets, and write the same text; the lossy decoder
/// must write what `decode_lossy` writes; and the encoder, given that text
/// cut the same way, what the one-shot encoder (restarted after each
/// character it cannot hold) writes.
#[allow(clippy::too_many_lines, reason = "one check, read top to bottom")]
pub fn check_stream(data: &[u8]) {
    use litenc_runtime::stream::{CoderResult, Decoder, DecoderResult, Encoder, EncoderResult};

    let [which, cap, first, second, input @ ..] = data else {
        return;
    };
    let enc = encodings()[*which as usize % encodings().len()];
    let cap = 1 + *cap as usize % 64;
    let mut cuts = [
        *first as usize % (input.len() + 1),
        *second as usize % (input.len() + 1),
    ];
    cuts.sort_unstable();
    let pieces = [
        &input[..cuts[0]],
        &input[cuts[0]..cuts[1]],
        &input[cuts[1]..],
    ];

    // The one-shot references.
    let mut want = Vec::new();
    let mut want_errors = Vec::new();
    let mut at = 0;
    loop {
        match enc.decode(&input[at..]) {
            Ok(s) => {
                want.extend_from_slice(s.as_bytes());
                break;
            }
            Err(e) => {
                let v = e.valid_up_to();
                want.extend_from_slice(enc.decode(&input[at..at + v]).unwrap().as_bytes());
                want_errors.push((at + v, e.kind()));
                match e.error_len() {
                    Some(len) => at += v + len,
                    None => break,
                }
            }
        }
    }
    let lossy = enc.decode_lossy(input);

    // Strict and lossy, through a `cap`-byte buffer.
    for strict in [true, false] {
        let mut decoder = Decoder::new(enc);
        let mut buf = vec![0u8; cap];
        let mut out = Vec::new();
        let mut errors = Vec::new();
        // The strict output with a U+FFFD where each error was.
        let mut marked = Vec::new();
        for (i, piece) in pieces.iter().enumerate() {
            let last = i == 2;
            let mut piece: &[u8] = piece;
            for _ in 0..=4 * (input.len() + 8) {
                let (done, read, written) = if strict {
                    let (r, read, written) = decoder.decode(piece, &mut buf, last);
                    marked.extend_from_slice(&buf[..written]);
                    if let DecoderResult::Error(err) = r {
                        errors.push((err.valid_up_to(), err.kind()));
                        marked.extend_from_slice("\u{FFFD}".as_bytes());
                    }
                    (
                        matches!(r, DecoderResult::InputEmpty | DecoderResult::Finished),
                        read,
                        written,
                    )
                } else {
                    let (r, read, written, _) = decoder.decode_lossy(piece, &mut buf, last);
                    (r != CoderResult::OutputFull, read, written)
                };
                out.extend_from_slice(&buf[..written]);
                piece = &piece[read..];
                if done {
                    assert!(piece.is_empty(), "{enc}: input left");
                    break;
                }
            }
            assert!(piece.is_empty(), "{enc}: no progress");
        }
        if strict {
            // GSM 03.38's lossy decoding shows an escape before an empty
            // code of the extension table as that code's default character
            // (TS 23.038 §6.2.1.1), with no U+FFFD for the escape; the
            // strict output with a U+FFFD per error differs there by design.
            if enc.name() != "GSM-03.38" {
                assert_eq!(
                    marked,
                    lossy.as_bytes(),
                    "{enc} {input:02X?} cut at {cuts:?}"
                );
            }
            if enc.name() == "ISO-2022-JP" {
                // Its decoder keeps its mode after an error, which the
                // restarted one-shot decoder forgets: the first error, and
                // the output up to it.
                assert_eq!(errors.first(), want_errors.first(), "{enc} {input:02X?}");
                let upto = want_errors.first().map_or(input.len(), |e| e.0);
                let before = enc.decode(&input[..upto]).unwrap_or_default();
                assert!(out.starts_with(before.as_bytes()), "{enc} {input:02X?}");
            } else {
                assert_eq!(errors, want_errors, "{enc} {input:02X?} cut at {cuts:?}");
                assert_eq!(out, want, "{enc} {input:02X?} cut at {cuts:?}");
            }
        } else {
            assert_eq!(
                out,
                lossy.as_bytes(),
                "{enc} {input:02X?} cut at {cuts:?}, lossy"
            );
        }
    }

    // The encoder on the lossy text, cut at the character boundaries
    // nearest the same points.
    let text: &str = &lossy;
    let mut tcuts = cuts.map(|c| c.min(text.len()));
    for c in &mut tcuts {
        while !text.is_char_boundary(*c) {
            *c -= 1;
        }
    }
    let mut want = Vec::new();
    let mut want_errors = Vec::new();
    let mut at = 0;
    loop {
        match enc.encode(&text[at..]) {
            Ok(b) => {
                want.extend_from_slice(&b);
                break;
            }
            Err(EncodeError::Unencodable { offset, ch, .. }) => {
                want.extend_from_slice(&enc.encode(&text[at..at + offset]).unwrap());
                want_errors.push((at + offset, ch));
                at += offset + ch.len_utf8();
            }
            Err(e) => panic!("{e}"),
        }
    }
    let mut encoder = Encoder::new(enc);
    let mut buf = vec![0u8; cap];
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let tpieces = [
        &text[..tcuts[0]],
        &text[tcuts[0]..tcuts[1]],
        &text[tcuts[1]..],
    ];
    for (i, piece) in tpieces.iter().enumerate() {
        let mut piece: &str = piece;
        for _ in 0..=8 * (text.len() + 8) {
            let (r, read, written) = encoder.encode(piece, &mut buf, i == 2);
            out.extend_from_slice(&buf[..written]);
            piece = &piece[read..];
            match r {
                EncoderResult::InputEmpty | EncoderResult::Finished => break,
                EncoderResult::Error(EncodeError::Unencodable { offset, ch, .. }) => {
                    errors.push((offset, ch));
                }
                _ => {}
            }
        }
        assert!(piece.is_empty(), "{enc}: no progress encoding");
    }
    assert_eq!(errors, want_errors, "{enc} {text:?} cut at {tcuts:?}");
    assert_eq!(out, want, "{enc} {text:?} cut at {tcuts:?}");
}
