//! One conversion, by one library, of one text, `K` times: the program whose
//! instructions `bench/arm/run.py` counts under qemu-user on aarch64.
//!
//! ```text
//! litenc-arm OPERATION LIBRARY TEXT K     # prints `bytes N` (N: bytes of UTF-8 text)
//! litenc-arm --implementation             # prints `litenc_runtime::fast::implementation()`
//! ```
//!
//! The program reads TEXT (a UTF-8 file), makes the operation's input from it
//! (UTF-16 units, modified UTF-8, the bytes of a code page), calls the
//! library's function `K` times on it, checks the last call's output against a
//! result another library computed, and exits. Everything but the `K` calls is
//! the same for every `K`, so the instructions of `K = 6` less those of `K = 1`,
//! over 5, are the instructions of one call; the first call, which may also
//! pay for a page of the output buffer touched first or a CPU feature detected
//! once, is the one left out.
//!
//! Each library is called the way a user who wants its speed calls it: into
//! a buffer allocated before the calls where its API offers one, and through
//! its allocating function (whose allocation is then part of every call) where
//! it does not. Every call is an `#[inline(never)]` function of its own,
//! `<library>_<operation>`, so that `bench/arm/mca.sh` finds its loop by name.
//!
//! Operations and their libraries:
//!
//! | operation | libraries |
//! |---|---|
//! | `utf8_to_utf16` | litenc, std, `std_collect`, `encoding_rs`, simdutf |
//! | `utf16_to_utf8` | litenc, std, `encoding_rs`, simdutf |
//! | `utf8_validate` | litenc, std, `encoding_rs`, simdutf, simdutf8 |
//! | `mutf8_encode`, `mutf8_decode`, `cesu8_encode`, `cesu8_decode` | litenc (`encode_cow` / `decode_cow`), `litenc_into` (`fast::*::encode_into` / `decode_into`), cesu8, `simd_cesu8` |
//! | `decode:LABEL`, `encode:LABEL` (a WHATWG label: `windows-1251`, `shift_jis`, ...) | litenc, `encoding_rs` |
//!
//! `encoding_rs_nightly` and `simd_cesu8_nightly` are those peers with the SIMD that only
//! nightly Rust compiles (encoding_rs's `simd-accel`, simd_cesu8's `nightly`), in the build
//! with the feature `nightly_peers`, which runs nothing else.
//!
//! For `decode:` and `encode:` the text loses first the characters the
//! encoding lacks (in encoding_rs or in litenc); `N` counts what is left.

use std::borrow::Cow;
use std::hint::black_box;
use std::process::exit;

use litenc_runtime as litenc;
use litenc_runtime::fast;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--implementation") {
        println!("{}", fast::implementation());
        return;
    }
    let [op, lib, path, k] = &args[..] else {
        eprintln!("usage: litenc-arm OPERATION LIBRARY TEXT K | litenc-arm --implementation");
        exit(2);
    };
    // `<peer>_nightly` is the peer with the SIMD that only nightly Rust compiles, in the build
    // with the feature `nightly_peers`, which runs only those.
    if lib.ends_with("_nightly") != cfg!(feature = "nightly_peers") {
        fail("LIBRARY_nightly: only, and always, in the build with the feature `nightly_peers`");
    }
    let lib = &lib.strip_suffix("_nightly").unwrap_or(lib).to_owned();
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
    let k: usize = k.parse().unwrap_or_else(|_| fail("K: a number"));
    if k == 0 {
        fail("K: at least 1");
    }
    let bytes = match op.as_str() {
        "utf8_to_utf16" => utf8_to_utf16(lib, &text, k),
        "utf16_to_utf8" => utf16_to_utf8(lib, &text, k),
        "utf8_validate" => utf8_validate(lib, &text, k),
        "mutf8_encode" | "cesu8_encode" => cesu_encode(op.starts_with('m'), lib, &text, k),
        "mutf8_decode" | "cesu8_decode" => cesu_decode(op.starts_with('m'), lib, &text, k),
        _ => match op.split_once(':') {
            Some(("decode", label)) => page(label, false, lib, &text, k),
            Some(("encode", label)) => page(label, true, lib, &text, k),
            _ => fail(&format!("no operation {op}")),
        },
    };
    println!("bytes {bytes}");
}

fn fail(why: &str) -> ! {
    eprintln!("litenc-arm: {why}");
    exit(2);
}

fn no_library(lib: &str) -> ! {
    fail(&format!("no library {lib} for this operation"))
}

/// Calls `f` `k` times and returns its last result; each result but the last
/// is dropped (freed) before the next call, as a program that converts one
/// text after another does.
fn repeat<R>(k: usize, mut f: impl FnMut() -> R) -> R {
    let mut last = f();
    for _ in 1..k {
        drop(last);
        last = black_box(f());
    }
    last
}

/// Fails unless the output is what the reference computed.
fn check<T: PartialEq + ?Sized>(what: &str, got: &T, want: &T) {
    if got != want {
        fail(&format!("{what}: wrong output"));
    }
}

// UTF-8 -> UTF-16.

#[inline(never)]
fn litenc_utf8_to_utf16(text: &str, out: &mut [u16]) -> usize {
    fast::utf16::encode_units_into(black_box(text), out).unwrap()
}

#[inline(never)]
fn std_utf8_to_utf16(text: &str, out: &mut [u16]) -> usize {
    let mut n = 0;
    for (d, u) in out.iter_mut().zip(black_box(text).encode_utf16()) {
        *d = u;
        n += 1;
    }
    n
}

#[inline(never)]
fn std_collect_utf8_to_utf16(text: &str) -> Vec<u16> {
    black_box(text).encode_utf16().collect()
}

#[inline(never)]
fn encoding_rs_utf8_to_utf16(text: &str, out: &mut [u16]) -> usize {
    encoding_rs::mem::convert_str_to_utf16(black_box(text), out)
}

#[inline(never)]
fn simdutf_utf8_to_utf16(text: &str, out: &mut [u16]) -> usize {
    let src = black_box(text).as_bytes();
    assert!(out.len() >= src.len());
    // SAFETY: `src` is valid UTF-8 (it is a `str`), and `out` holds at least
    // `src.len()` units, the most UTF-16 units that many bytes of UTF-8 give.
    unsafe { simdutf::convert_valid_utf8_to_utf16le(src.as_ptr(), src.len(), out.as_mut_ptr()) }
}

fn utf8_to_utf16(lib: &str, text: &str, k: usize) -> usize {
    let want: Vec<u16> = text.encode_utf16().collect();
    let mut out = vec![0u16; text.len() + 16];
    let n = match lib {
        "litenc" => repeat(k, || litenc_utf8_to_utf16(text, &mut out)),
        "std" => repeat(k, || std_utf8_to_utf16(text, &mut out)),
        "std_collect" => {
            let v = repeat(k, || std_collect_utf8_to_utf16(text));
            out[..v.len()].copy_from_slice(&v);
            v.len()
        }
        "encoding_rs" => repeat(k, || encoding_rs_utf8_to_utf16(text, &mut out)),
        "simdutf" => repeat(k, || simdutf_utf8_to_utf16(text, &mut out)),
        _ => no_library(lib),
    };
    check(lib, &out[..n], &want[..]);
    text.len()
}

// UTF-16 -> UTF-8.

#[inline(never)]
fn litenc_utf16_to_utf8(units: &[u16], out: &mut [u8]) -> usize {
    fast::utf16::decode_units_into(black_box(units), out).unwrap()
}

#[inline(never)]
fn std_utf16_to_utf8(units: &[u16]) -> String {
    String::from_utf16(black_box(units)).unwrap()
}

#[inline(never)]
fn encoding_rs_utf16_to_utf8(units: &[u16], out: &mut str) -> usize {
    encoding_rs::mem::convert_utf16_to_str(black_box(units), out)
}

#[inline(never)]
fn simdutf_utf16_to_utf8(units: &[u16], out: &mut [u8]) -> usize {
    let src = black_box(units);
    assert!(out.len() >= 3 * src.len());
    // SAFETY: `out` holds three bytes per unit of `src`, the most UTF-8 that
    // one UTF-16 unit gives.
    let n = unsafe { simdutf::convert_utf16le_to_utf8(src.as_ptr(), src.len(), out.as_mut_ptr()) };
    assert!(n != 0 || src.is_empty(), "simdutf: not UTF-16");
    n
}

fn utf16_to_utf8(lib: &str, text: &str, k: usize) -> usize {
    let units: Vec<u16> = text.encode_utf16().collect();
    let mut out = vec![0u8; 3 * units.len() + 16];
    match lib {
        "litenc" => {
            let n = repeat(k, || litenc_utf16_to_utf8(&units, &mut out));
            check(lib, &out[..n], text.as_bytes());
        }
        "std" => check(lib, repeat(k, || std_utf16_to_utf8(&units)).as_str(), text),
        "encoding_rs" => {
            let mut s = "\0".repeat(3 * units.len() + 16);
            let n = repeat(k, || encoding_rs_utf16_to_utf8(&units, &mut s));
            check(lib, &s[..n], text);
        }
        "simdutf" => {
            let n = repeat(k, || simdutf_utf16_to_utf8(&units, &mut out));
            check(lib, &out[..n], text.as_bytes());
        }
        _ => no_library(lib),
    }
    text.len()
}

// UTF-8 validation.

#[inline(never)]
fn litenc_utf8_validate(bytes: &[u8]) -> bool {
    fast::utf8::validate(black_box(bytes)).is_ok()
}

#[inline(never)]
fn std_utf8_validate(bytes: &[u8]) -> bool {
    std::str::from_utf8(black_box(bytes)).is_ok()
}

#[inline(never)]
fn encoding_rs_utf8_validate(bytes: &[u8]) -> bool {
    let bytes = black_box(bytes);
    encoding_rs::Encoding::utf8_valid_up_to(bytes) == bytes.len()
}

#[inline(never)]
fn simdutf_utf8_validate(bytes: &[u8]) -> bool {
    simdutf::validate_utf8(black_box(bytes))
}

#[inline(never)]
fn simdutf8_utf8_validate(bytes: &[u8]) -> bool {
    simdutf8::basic::from_utf8(black_box(bytes)).is_ok()
}

fn utf8_validate(lib: &str, text: &str, k: usize) -> usize {
    let bytes = text.as_bytes();
    let ok = match lib {
        "litenc" => repeat(k, || litenc_utf8_validate(bytes)),
        "std" => repeat(k, || std_utf8_validate(bytes)),
        "encoding_rs" => repeat(k, || encoding_rs_utf8_validate(bytes)),
        "simdutf" => repeat(k, || simdutf_utf8_validate(bytes)),
        "simdutf8" => repeat(k, || simdutf8_utf8_validate(bytes)),
        _ => no_library(lib),
    };
    check(lib, &ok, &true);
    text.len()
}

// Modified UTF-8 and CESU-8.

#[inline(never)]
fn litenc_mutf8_encode(text: &str) -> Cow<'_, [u8]> {
    litenc::mutf8::encode_cow(black_box(text)).unwrap()
}

#[inline(never)]
fn litenc_cesu8_encode(text: &str) -> Cow<'_, [u8]> {
    litenc::cesu8::encode_cow(black_box(text)).unwrap()
}

#[inline(never)]
fn litenc_into_mutf8_encode(text: &str, out: &mut [u8]) -> usize {
    fast::mutf8::encode_into(black_box(text), out).unwrap()
}

#[inline(never)]
fn litenc_into_cesu8_encode(text: &str, out: &mut [u8]) -> usize {
    fast::cesu8::encode_into(black_box(text), out).unwrap()
}

#[inline(never)]
fn cesu8_mutf8_encode(text: &str) -> Cow<'_, [u8]> {
    cesu8::to_java_cesu8(black_box(text))
}

#[inline(never)]
fn cesu8_cesu8_encode(text: &str) -> Cow<'_, [u8]> {
    cesu8::to_cesu8(black_box(text))
}

#[inline(never)]
fn simd_cesu8_mutf8_encode(text: &str) -> Cow<'_, [u8]> {
    simd_cesu8::mutf8::encode(black_box(text))
}

#[inline(never)]
fn simd_cesu8_cesu8_encode(text: &str) -> Cow<'_, [u8]> {
    simd_cesu8::encode(black_box(text))
}

fn cesu_encode(java: bool, lib: &str, text: &str, k: usize) -> usize {
    let want = if java {
        cesu8::to_java_cesu8(text)
    } else {
        cesu8::to_cesu8(text)
    };
    let mut out = vec![0u8; 2 * text.len() + 16];
    let got: Cow<'_, [u8]> = match (lib, java) {
        ("litenc", true) => repeat(k, || litenc_mutf8_encode(text)),
        ("litenc", false) => repeat(k, || litenc_cesu8_encode(text)),
        ("litenc_into", true) => {
            let n = repeat(k, || litenc_into_mutf8_encode(text, &mut out));
            Cow::Borrowed(&out[..n])
        }
        ("litenc_into", false) => {
            let n = repeat(k, || litenc_into_cesu8_encode(text, &mut out));
            Cow::Borrowed(&out[..n])
        }
        ("cesu8", true) => repeat(k, || cesu8_mutf8_encode(text)),
        ("cesu8", false) => repeat(k, || cesu8_cesu8_encode(text)),
        ("simd_cesu8", true) => repeat(k, || simd_cesu8_mutf8_encode(text)),
        ("simd_cesu8", false) => repeat(k, || simd_cesu8_cesu8_encode(text)),
        _ => no_library(lib),
    };
    check(lib, &got[..], &want[..]);
    text.len()
}

#[inline(never)]
fn litenc_mutf8_decode(bytes: &[u8]) -> Cow<'_, str> {
    litenc::mutf8::decode_cow(black_box(bytes)).unwrap()
}

#[inline(never)]
fn litenc_cesu8_decode(bytes: &[u8]) -> Cow<'_, str> {
    litenc::cesu8::decode_cow(black_box(bytes)).unwrap()
}

#[inline(never)]
fn litenc_into_mutf8_decode(bytes: &[u8], out: &mut [u8]) -> usize {
    fast::mutf8::decode_into(black_box(bytes), out).unwrap()
}

#[inline(never)]
fn litenc_into_cesu8_decode(bytes: &[u8], out: &mut [u8]) -> usize {
    fast::cesu8::decode_into(black_box(bytes), out).unwrap()
}

#[inline(never)]
fn cesu8_mutf8_decode(bytes: &[u8]) -> Cow<'_, str> {
    cesu8::from_java_cesu8(black_box(bytes)).unwrap()
}

#[inline(never)]
fn cesu8_cesu8_decode(bytes: &[u8]) -> Cow<'_, str> {
    cesu8::from_cesu8(black_box(bytes)).unwrap()
}

#[inline(never)]
fn simd_cesu8_mutf8_decode(bytes: &[u8]) -> Cow<'_, str> {
    simd_cesu8::mutf8::decode_strict(black_box(bytes)).unwrap()
}

#[inline(never)]
fn simd_cesu8_cesu8_decode(bytes: &[u8]) -> Cow<'_, str> {
    simd_cesu8::decode_strict(black_box(bytes)).unwrap()
}

fn cesu_decode(java: bool, lib: &str, text: &str, k: usize) -> usize {
    let input = if java {
        cesu8::to_java_cesu8(text)
    } else {
        cesu8::to_cesu8(text)
    };
    let bytes = &input[..];
    let mut out = vec![0u8; bytes.len() + 16];
    let got: Cow<'_, str> = match (lib, java) {
        ("litenc", true) => repeat(k, || litenc_mutf8_decode(bytes)),
        ("litenc", false) => repeat(k, || litenc_cesu8_decode(bytes)),
        ("litenc_into", true) => {
            let n = repeat(k, || litenc_into_mutf8_decode(bytes, &mut out));
            String::from_utf8_lossy(&out[..n])
        }
        ("litenc_into", false) => {
            let n = repeat(k, || litenc_into_cesu8_decode(bytes, &mut out));
            String::from_utf8_lossy(&out[..n])
        }
        ("cesu8", true) => repeat(k, || cesu8_mutf8_decode(bytes)),
        ("cesu8", false) => repeat(k, || cesu8_cesu8_decode(bytes)),
        ("simd_cesu8", true) => repeat(k, || simd_cesu8_mutf8_decode(bytes)),
        ("simd_cesu8", false) => repeat(k, || simd_cesu8_cesu8_decode(bytes)),
        _ => no_library(lib),
    };
    check(lib, &got[..], text);
    text.len()
}

// Code pages and the multi-byte encodings.

#[inline(never)]
fn litenc_decode(enc: litenc::Encoding, bytes: &[u8], out: &mut [u8]) -> usize {
    fast::decode_into(enc, black_box(bytes), out).unwrap()
}

#[inline(never)]
fn encoding_rs_decode(enc: &'static encoding_rs::Encoding, bytes: &[u8], out: &mut [u8]) -> usize {
    let mut decoder = enc.new_decoder_without_bom_handling();
    let (result, read, written) =
        decoder.decode_to_utf8_without_replacement(black_box(bytes), out, true);
    assert!(result == encoding_rs::DecoderResult::InputEmpty && read == bytes.len());
    written
}

#[inline(never)]
fn litenc_encode(enc: litenc::Encoding, text: &str, out: &mut [u8]) -> usize {
    fast::encode_into(enc, black_box(text), out).unwrap()
}

#[inline(never)]
fn encoding_rs_encode(enc: &'static encoding_rs::Encoding, text: &str, out: &mut [u8]) -> usize {
    let mut encoder = enc.new_encoder();
    let (result, read, written) =
        encoder.encode_from_utf8_without_replacement(black_box(text), out, true);
    assert!(result == encoding_rs::EncoderResult::InputEmpty && read == text.len());
    written
}

/// `text` without the characters that `peer` or `enc` cannot encode.
fn encodable(enc: litenc::Encoding, peer: &'static encoding_rs::Encoding, text: &str) -> String {
    text.chars()
        .filter(|c| {
            let s = c.encode_utf8(&mut [0; 4]).to_owned();
            !peer.encode(&s).2 && enc.encode(&s).is_ok()
        })
        .collect()
}

fn page(label: &str, encode: bool, lib: &str, text: &str, k: usize) -> usize {
    let (Some(enc), Some(peer)) = (
        litenc::Encoding::for_label(label),
        encoding_rs::Encoding::for_label(label.as_bytes()),
    ) else {
        fail(&format!("no encoding {label} in litenc and encoding_rs"));
    };
    let text = encodable(enc, peer, text);
    let (bytes, _, unmappable) = peer.encode(&text);
    assert!(!unmappable);
    if encode {
        let size = peer
            .new_encoder()
            .max_buffer_length_from_utf8_without_replacement(text.len())
            .unwrap();
        let mut out = vec![0u8; size.max(4 * text.len()) + 16];
        let n = match lib {
            "litenc" => repeat(k, || litenc_encode(enc, &text, &mut out)),
            "encoding_rs" => repeat(k, || encoding_rs_encode(peer, &text, &mut out)),
            _ => no_library(lib),
        };
        check(lib, &out[..n], &bytes[..]);
    } else {
        let size = peer
            .new_decoder_without_bom_handling()
            .max_utf8_buffer_length_without_replacement(bytes.len())
            .unwrap();
        let mut out = vec![0u8; size.max(3 * bytes.len()) + 16];
        let n = match lib {
            "litenc" => repeat(k, || litenc_decode(enc, &bytes, &mut out)),
            "encoding_rs" => repeat(k, || encoding_rs_decode(peer, &bytes, &mut out)),
            _ => no_library(lib),
        };
        check(lib, &out[..n], text.as_bytes());
    }
    text.len()
}
