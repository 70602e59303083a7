//! litenc against its peers, in one run.
//!
//! Every case is `op/corpus/size`; in each, every implementation does the same
//! conversion on the same input, and criterion's median is what the report
//! (`bench/report`) reads. Throughput is always counted in bytes of the
//! UTF-8 text the input was made from, so the GB/s figures of one case are
//! comparable whatever the operation's own input is.
//!
//! litenc is called through its `_into` functions (no allocation). A peer is
//! called through its usual API; where that allocates (`String::from_utf16`,
//! `decode_without_bom_handling`, the `cesu8` and `simd_cesu8` functions), the
//! allocation is part of its time, which matters only at 64 B.
//!
//! At 100 KB, `litenc_reference` is litenc's reference engine (the simple
//! `const` loops the fast paths replace, `litenc_runtime::__reference`), to
//! show what the fast paths gain.
//!
//! The UTF-8, UTF-16 and MUTF-8/CESU-8 cases also run, at 100 KB, on the man
//! pages in Japanese, Chinese (both sets) and Korean that `benches/cjk.rs`
//! uses (`bench/corpora/man.py`), and on the three texts dense in emoji
//! of `gen.py` (`ru_emoji`, `zh_emoji`, `emoji_only`).
//!
//! The single-byte code pages (`single_byte_decode/<page>/<size>`,
//! `single_byte_encode/...`) run on real text instead: man pages and message
//! catalogs of this machine in the page's languages
//! (`bench/corpora/code_pages.py`), through litenc's `fast` functions into a
//! buffer and its allocating `<page>::` and `Encoding::` functions, against
//! encoding_rs and `oem_cp`.
//!
//! **Read once** (`LITENC_BENCH_ONCE=1`, `bench/report --once`): the cases
//! `op/<text>_once/100KB` give each call the next of several windows of
//! 100 KB of the same kind of text (`<text>_once.txt`, made by `gen.py` and
//! `man.py`), so that the CPU's branch predictor cannot learn the input, as
//! it learns one text called again and again; a program that converts a
//! text once sees these figures.
//!
//! Filter as with any criterion bench: `cargo bench --bench compare -- utf8_to_utf16/russian`.

use std::cell::Cell;
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use litenc_bench::CpuTime;
use litenc_runtime as litenc;

const CORPORA: [&str; 4] = ["english", "russian", "chinese", "emoji"];
/// The man pages of `bench/corpora/man.py`; the first four are also the
/// multi-byte encodings' texts (`benches/cjk.rs`).
const MAN_PAGES: [&str; 6] = [
    "man_ja",
    "man_zh_CN",
    "man_zh_TW",
    "man_ko",
    "man_de",
    "man_es",
];
/// The texts dense in characters outside the Basic Multilingual Plane
/// (`bench/corpora/gen.py`): Russian with an emoji after every word,
/// Chinese with one after every character, emoji alone, Russian with one
/// after every letter.
const DENSE: [&str; 4] = ["ru_emoji", "zh_emoji", "emoji_only", "ru_letter_emoji"];
const SIZES: [(usize, &str); 3] = [(64, "64B"), (4096, "4KiB"), (usize::MAX, "100KB")];
/// The texts read once: those of which this machine has at least
/// [`MIN_WINDOWS`] windows (the Chinese and Spanish man pages are shorter);
/// `ONCE_CORPORA` in `bench/report` names them too.
const ONCE: [&str; 7] = [
    "english", "russian", "chinese", "emoji", "man_ja", "man_ko", "man_de",
];
/// The size of a window of a text read once.
const WINDOW: usize = 100_000;
/// The fewest windows a text is read once in: with fewer, the CPU could
/// learn them.
const MIN_WINDOWS: usize = 3;

/// The inputs of one case, one a call in turn: one input (each call the
/// same, and the CPU's branch predictor learns its branches), or the
/// windows of a text read once.
struct Turns<T> {
    items: Vec<T>,
    at: Cell<usize>,
}

impl<T> Turns<T> {
    fn new(items: Vec<T>) -> Self {
        assert!(!items.is_empty());
        Turns {
            items,
            at: Cell::new(0),
        }
    }

    /// The next input.
    fn next(&self) -> &T {
        let k = self.at.get();
        self.at
            .set(if k + 1 == self.items.len() { 0 } else { k + 1 });
        &self.items[k]
    }

    fn map<U>(&self, f: impl FnMut(&T) -> U) -> Turns<U> {
        Turns::new(self.items.iter().map(f).collect())
    }

    /// The greatest of `f` over the inputs (to size an output buffer).
    fn max(&self, f: impl FnMut(&T) -> usize) -> usize {
        self.items.iter().map(f).max().unwrap_or(0)
    }

    fn all(&self, f: impl FnMut(&T) -> bool) -> bool {
        self.items.iter().all(f)
    }
}

impl Turns<&str> {
    /// The texts' mean length in bytes.
    fn mean_len(&self) -> usize {
        self.items.iter().map(|t| t.len()).sum::<usize>() / self.items.len()
    }
}

/// The windows of `WINDOW` bytes (cut on a character boundary) of text
/// `name` read once, or `None` (and why, on stderr) if there are too few.
fn once_windows(name: &str) -> Option<Vec<String>> {
    let full = corpus(&format!("{name}_once"));
    let mut windows = Vec::new();
    let mut rest = full.as_str();
    while rest.len() >= WINDOW {
        let w = prefix(rest, WINDOW);
        windows.push(w.to_owned());
        rest = &rest[w.len()..];
    }
    if windows.len() < MIN_WINDOWS {
        eprintln!(
            "{name}_once: {} windows of {WINDOW} bytes, too few to read once",
            windows.len()
        );
        return None;
    }
    Some(windows)
}

fn corpus(name: &str) -> String {
    let path = format!("{}/corpora/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!("{path}: {e}; run `python3 bench/corpora/gen.py` and `man.py` (bench/report does)")
    })
}

/// The longest prefix of `text` of at most `n` bytes that ends on a char boundary.
fn prefix(text: &str, n: usize) -> &str {
    let mut n = n.min(text.len());
    while !text.is_char_boundary(n) {
        n -= 1;
    }
    &text[..n]
}

type Group<'a> = BenchmarkGroup<'a, CpuTime>;

/// The group of one case, whose inputs were made from `len` bytes of UTF-8
/// text (their mean, for several).
fn group<'a>(
    c: &'a mut Criterion<CpuTime>,
    op: &str,
    corpus: &str,
    size: &str,
    len: usize,
) -> Group<'a> {
    let mut g = c.benchmark_group(format!("{op}/{corpus}/{size}"));
    g.throughput(Throughput::Bytes(len as u64));
    g
}

/// Whether a case also times `litenc_reference` (at 100 KB, on text not
/// read once).
fn with_reference(name: &str, size: &str) -> bool {
    size == "100KB" && !name.ends_with("_once")
}

fn windows1251(c: &mut Criterion<CpuTime>, name: &str, size: &str, texts: &Turns<&str>) {
    // Only the corpora Windows-1251 can hold (English and Russian).
    if !texts.all(|t| !encoding_rs::WINDOWS_1251.encode(t).2) {
        return;
    }
    let bytes = texts.map(|t| encoding_rs::WINDOWS_1251.encode(t).0.into_owned());

    let mut g = group(c, "w1251_decode", name, size, texts.mean_len());
    let mut out = vec![0u8; bytes.max(Vec::len) * 3];
    g.bench_function("litenc", |b| {
        b.iter(|| {
            litenc::fast::windows1251::decode_into(black_box(bytes.next()), &mut out).unwrap()
        })
    });
    if with_reference(name, size) {
        g.bench_function("litenc_reference", |b| {
            b.iter(|| {
                litenc::__reference::decode_into(
                    litenc::Encoding::Windows1251,
                    black_box(bytes.next()),
                    &mut out,
                )
                .unwrap()
            })
        });
    }
    g.bench_function("encoding_rs", |b| {
        b.iter(|| {
            encoding_rs::WINDOWS_1251
                .decode_without_bom_handling(black_box(bytes.next()))
                .0
                .len()
        })
    });
    g.finish();

    let mut g = group(c, "w1251_encode", name, size, texts.mean_len());
    let mut out = vec![0u8; texts.max(|t| t.len()) + 16];
    g.bench_function("litenc", |b| {
        b.iter(|| {
            litenc::fast::windows1251::encode_into(black_box(*texts.next()), &mut out).unwrap()
        })
    });
    if with_reference(name, size) {
        g.bench_function("litenc_reference", |b| {
            b.iter(|| {
                litenc::__reference::encode_into(
                    litenc::Encoding::Windows1251,
                    black_box(*texts.next()),
                    &mut out,
                )
                .unwrap()
            })
        });
    }
    g.bench_function("encoding_rs", |b| {
        b.iter(|| {
            let mut enc = encoding_rs::WINDOWS_1251.new_encoder();
            let (res, _read, written) =
                enc.encode_from_utf8_without_replacement(black_box(*texts.next()), &mut out, true);
            assert_eq!(res, encoding_rs::EncoderResult::InputEmpty);
            written
        })
    });
    g.finish();
}

fn utf16(c: &mut Criterion<CpuTime>, name: &str, size: &str, texts: &Turns<&str>) {
    let units = texts.map(|t| t.encode_utf16().collect::<Vec<u16>>());

    let mut g = group(c, "utf8_to_utf16", name, size, texts.mean_len());
    let mut out = vec![0u16; texts.max(|t| t.len()) + 16];
    g.bench_function("litenc", |b| {
        b.iter(|| {
            litenc::fast::utf16::encode_units_into(black_box(*texts.next()), &mut out).unwrap()
        })
    });
    if with_reference(name, size) {
        g.bench_function("litenc_reference", |b| {
            b.iter(|| {
                litenc::__reference::encode_units_into(black_box(*texts.next()), &mut out).unwrap()
            })
        });
    }
    g.bench_function("std", |b| {
        b.iter(|| {
            let mut n = 0;
            for (d, u) in out.iter_mut().zip(black_box(*texts.next()).encode_utf16()) {
                *d = u;
                n += 1;
            }
            n
        })
    });
    g.bench_function("encoding_rs", |b| {
        b.iter(|| encoding_rs::mem::convert_str_to_utf16(black_box(*texts.next()), &mut out))
    });
    g.bench_function("simdutf", |b| {
        b.iter(|| {
            let src = black_box(*texts.next()).as_bytes();
            // SAFETY: `out` holds `texts.max(|t| t.len())` units, the most UTF-16 units
            // `texts.max(|t| t.len())` bytes of valid UTF-8 can give.
            unsafe {
                simdutf::convert_valid_utf8_to_utf16le(src.as_ptr(), src.len(), out.as_mut_ptr())
            }
        })
    });
    g.finish();

    let mut g = group(c, "utf16_to_utf8", name, size, texts.mean_len());
    let mut out = vec![0u8; units.max(Vec::len) * 3 + 16];
    g.bench_function("litenc", |b| {
        b.iter(|| {
            litenc::fast::utf16::decode_units_into(black_box(units.next()), &mut out).unwrap()
        })
    });
    if with_reference(name, size) {
        g.bench_function("litenc_reference", |b| {
            b.iter(|| {
                litenc::__reference::decode_units_into(black_box(units.next()), &mut out).unwrap()
            })
        });
    }
    g.bench_function("std", |b| {
        b.iter(|| String::from_utf16(black_box(units.next())).unwrap().len())
    });
    let mut out_str = "\0".repeat(units.max(Vec::len) * 3 + 16);
    g.bench_function("encoding_rs", |b| {
        b.iter(|| encoding_rs::mem::convert_utf16_to_str(black_box(units.next()), &mut out_str))
    });
    g.bench_function("simdutf", |b| {
        b.iter(|| {
            let src = black_box(units.next());
            // SAFETY: `out` holds three bytes per unit, the most UTF-8 one
            // UTF-16 unit can give.
            let n = unsafe {
                simdutf::convert_utf16le_to_utf8(src.as_ptr(), src.len(), out.as_mut_ptr())
            };
            assert!(n != 0 || src.is_empty());
            n
        })
    });
    g.finish();

    let bytes = |be: bool| {
        units.map(|units| {
            units
                .iter()
                .flat_map(|u| if be { u.to_be_bytes() } else { u.to_le_bytes() })
                .collect::<Vec<u8>>()
        })
    };
    for (op, be, enc) in [
        ("utf16le_decode", false, encoding_rs::UTF_16LE),
        ("utf16be_decode", true, encoding_rs::UTF_16BE),
    ] {
        let input = bytes(be);
        let mut g = group(c, op, name, size, texts.mean_len());
        let mut out = vec![0u8; units.max(Vec::len) * 3 + 16];
        g.bench_function("litenc", |b| {
            b.iter(|| {
                if be {
                    litenc::fast::utf16be::decode_into(black_box(input.next()), &mut out).unwrap()
                } else {
                    litenc::fast::utf16le::decode_into(black_box(input.next()), &mut out).unwrap()
                }
            })
        });
        if with_reference(name, size) {
            let e = if be {
                litenc::Encoding::Utf16Be
            } else {
                litenc::Encoding::Utf16Le
            };
            g.bench_function("litenc_reference", |b| {
                b.iter(|| {
                    litenc::__reference::decode_into(e, black_box(input.next()), &mut out).unwrap()
                })
            });
        }
        g.bench_function("encoding_rs", |b| {
            b.iter(|| {
                enc.decode_without_bom_handling(black_box(input.next()))
                    .0
                    .len()
            })
        });
        g.finish();
    }
}

fn utf8_validate(c: &mut Criterion<CpuTime>, name: &str, size: &str, texts: &Turns<&str>) {
    let mut g = group(c, "utf8_validate", name, size, texts.mean_len());
    g.bench_function("litenc", |b| {
        b.iter(|| litenc::fast::utf8::validate(black_box(texts.next().as_bytes())).is_ok())
    });
    if with_reference(name, size) {
        g.bench_function("litenc_reference", |b| {
            b.iter(|| {
                litenc::__reference::decoded_len(
                    litenc::Encoding::Utf8,
                    black_box(texts.next().as_bytes()),
                )
                .is_ok()
            })
        });
    }
    g.bench_function("std", |b| {
        b.iter(|| core::str::from_utf8(black_box(texts.next().as_bytes())).is_ok())
    });
    g.bench_function("simdutf8", |b| {
        b.iter(|| simdutf8::basic::from_utf8(black_box(texts.next().as_bytes())).is_ok())
    });
    g.finish();
}

fn cesu_family(c: &mut Criterion<CpuTime>, name: &str, size: &str, texts: &Turns<&str>) {
    for java in [true, false] {
        let (enc_op, dec_op) = if java {
            ("mutf8_encode", "mutf8_decode")
        } else {
            ("cesu8_encode", "cesu8_decode")
        };
        let encoded = texts.map(|t| {
            if java {
                cesu8::to_java_cesu8(t).into_owned()
            } else {
                cesu8::to_cesu8(t).into_owned()
            }
        });

        let mut g = group(c, enc_op, name, size, texts.mean_len());
        let mut out = vec![0u8; texts.max(|t| t.len()) * 2 + 16];
        g.bench_function("litenc", |b| {
            b.iter(|| {
                if java {
                    litenc::fast::mutf8::encode_into(black_box(*texts.next()), &mut out).unwrap()
                } else {
                    litenc::fast::cesu8::encode_into(black_box(*texts.next()), &mut out).unwrap()
                }
            })
        });
        let e = if java {
            litenc::Encoding::Mutf8
        } else {
            litenc::Encoding::Cesu8
        };
        // The allocating form that borrows when nothing changes, as the
        // peers' functions do.
        g.bench_function("litenc_cow", |b| {
            b.iter(|| {
                if java {
                    litenc::mutf8::encode_cow(black_box(*texts.next()))
                        .unwrap()
                        .len()
                } else {
                    litenc::cesu8::encode_cow(black_box(*texts.next()))
                        .unwrap()
                        .len()
                }
            })
        });
        if with_reference(name, size) {
            g.bench_function("litenc_reference", |b| {
                b.iter(|| {
                    litenc::__reference::encode_into(e, black_box(*texts.next()), &mut out).unwrap()
                })
            });
        }
        g.bench_function("cesu8", |b| {
            b.iter(|| {
                if java {
                    cesu8::to_java_cesu8(black_box(*texts.next())).len()
                } else {
                    cesu8::to_cesu8(black_box(*texts.next())).len()
                }
            })
        });
        g.bench_function("simd_cesu8", |b| {
            b.iter(|| {
                if java {
                    simd_cesu8::mutf8::encode(black_box(*texts.next())).len()
                } else {
                    simd_cesu8::encode(black_box(*texts.next())).len()
                }
            })
        });
        g.finish();

        let mut g = group(c, dec_op, name, size, texts.mean_len());
        let mut out = vec![0u8; encoded.max(Vec::len) + 16];
        g.bench_function("litenc", |b| {
            b.iter(|| {
                if java {
                    litenc::fast::mutf8::decode_into(black_box(encoded.next()), &mut out).unwrap()
                } else {
                    litenc::fast::cesu8::decode_into(black_box(encoded.next()), &mut out).unwrap()
                }
            })
        });
        g.bench_function("litenc_cow", |b| {
            b.iter(|| {
                if java {
                    litenc::mutf8::decode_cow(black_box(encoded.next()))
                        .unwrap()
                        .len()
                } else {
                    litenc::cesu8::decode_cow(black_box(encoded.next()))
                        .unwrap()
                        .len()
                }
            })
        });
        if with_reference(name, size) {
            g.bench_function("litenc_reference", |b| {
                b.iter(|| {
                    litenc::__reference::decode_into(e, black_box(encoded.next()), &mut out)
                        .unwrap()
                })
            });
        }
        g.bench_function("cesu8", |b| {
            b.iter(|| {
                if java {
                    cesu8::from_java_cesu8(black_box(encoded.next()))
                        .unwrap()
                        .len()
                } else {
                    cesu8::from_cesu8(black_box(encoded.next())).unwrap().len()
                }
            })
        });
        g.bench_function("simd_cesu8", |b| {
            b.iter(|| {
                if java {
                    simd_cesu8::mutf8::decode_strict(black_box(encoded.next()))
                        .unwrap()
                        .len()
                } else {
                    simd_cesu8::decode_strict(black_box(encoded.next()))
                        .unwrap()
                        .len()
                }
            })
        });
        g.finish();
    }
}

/// The real-text corpus of one code page (`bench/corpora/code_pages.py`), or
/// `None` for an optional one that this machine has no text for.
fn code_page_corpus(page: &str, required: bool) -> Option<String> {
    let path = format!(
        "{}/corpora/code_pages/{page}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(_) if !required => {
            eprintln!("{path}: missing, {page} not measured (no text for it on this machine)");
            None
        }
        Err(e) => {
            panic!("{path}: {e}; run `python3 bench/corpora/code_pages.py` (bench/report does)")
        }
    }
}

/// A DOS code page of the `oem_cp` crate: its decoding and encoding tables.
type OemCp = (
    &'static [char; 128],
    &'static oem_cp::OEMCPHashMap<char, u8>,
);

/// The peers of one code page: encoding_rs where WHATWG has the page,
/// `oem_cp` where it is a DOS page.
struct Peers {
    whatwg: Option<&'static encoding_rs::Encoding>,
    oem: Option<OemCp>,
}

/// One code page on its real-text corpus, decoding and encoding: litenc's
/// run-time twins into a worst-case buffer (`litenc`), the allocating
/// functions of the page's module (`litenc_alloc`) and of [`litenc::Encoding`]
/// (`litenc_encoding`, with the encoding chosen at run time), against
/// encoding_rs (`encoding_rs` into a buffer or, decoding, its only API;
/// `encoding_rs_alloc` allocating) and `oem_cp` (which allocates). Every
/// function is checked to give the same result before it is timed.
#[allow(clippy::too_many_arguments, clippy::too_many_lines)]
fn code_page<D, E, DA, EA>(
    c: &mut Criterion<CpuTime>,
    page: &str,
    size: &str,
    text: &str,
    enc: litenc::Encoding,
    peers: &Peers,
    (decode_into, encode_into): (D, E),
    (decode, encode): (DA, EA),
) where
    D: Fn(&[u8], &mut [u8]) -> Result<usize, litenc::DecodeError>,
    E: Fn(&str, &mut [u8]) -> Result<usize, litenc::EncodeError>,
    DA: Fn(&[u8]) -> Result<String, litenc::DecodeError>,
    EA: Fn(&str) -> Result<Vec<u8>, litenc::EncodeError>,
{
    let bytes = encode(text).unwrap_or_else(|e| {
        panic!("{page}/{size}: the corpus has a character {page} lacks: {e:?}")
    });
    let mut dec_out = vec![0u8; bytes.len() * enc.max_utf8_bytes_per_byte()];
    let mut enc_out = vec![0u8; text.len() * enc.max_bytes_per_utf8_byte()];

    // Every implementation gives the same answer on this input.
    let n = decode_into(&bytes, &mut dec_out).unwrap();
    assert_eq!(&dec_out[..n], text.as_bytes(), "{page}: fast decode");
    let n = encode_into(text, &mut enc_out).unwrap();
    assert_eq!(enc_out[..n], bytes, "{page}: fast encode");
    assert_eq!(decode(&bytes).unwrap(), text, "{page}: decode");
    assert_eq!(
        enc.decode(&bytes).unwrap(),
        text,
        "{page}: Encoding::decode"
    );
    assert_eq!(enc.encode(text).unwrap(), bytes, "{page}: Encoding::encode");
    if let Some(er) = peers.whatwg {
        assert_eq!(
            er.decode_without_bom_handling(&bytes).0,
            text,
            "{page}: encoding_rs"
        );
        let (out, _, unmappable) = er.encode(text);
        assert!(!unmappable && out == bytes, "{page}: encoding_rs encode");
    }
    if let Some((dec, enc_table)) = peers.oem {
        assert_eq!(
            oem_cp::decode_string_complete_table(&bytes, dec),
            text,
            "{page}: oem_cp"
        );
        assert_eq!(
            oem_cp::encode_string_checked(text, enc_table).as_deref(),
            Some(&bytes[..]),
            "{page}: oem_cp encode"
        );
    }

    let mut g = group(c, "single_byte_decode", page, size, text.len());
    g.bench_function("litenc", |b| {
        b.iter(|| decode_into(black_box(&bytes), &mut dec_out).unwrap())
    });
    g.bench_function("litenc_alloc", |b| {
        b.iter(|| decode(black_box(&bytes)).unwrap().len())
    });
    g.bench_function("litenc_encoding", |b| {
        b.iter(|| black_box(enc).decode(black_box(&bytes)).unwrap().len())
    });
    if let Some(er) = peers.whatwg {
        g.bench_function("encoding_rs", |b| {
            b.iter(|| er.decode_without_bom_handling(black_box(&bytes)).0.len())
        });
    }
    if let Some((dec, _)) = peers.oem {
        g.bench_function("oem_cp", |b| {
            b.iter(|| oem_cp::decode_string_complete_table(black_box(&bytes), dec).len())
        });
    }
    g.finish();

    let mut g = group(c, "single_byte_encode", page, size, text.len());
    g.bench_function("litenc", |b| {
        b.iter(|| encode_into(black_box(text), &mut enc_out).unwrap())
    });
    g.bench_function("litenc_alloc", |b| {
        b.iter(|| encode(black_box(text)).unwrap().len())
    });
    g.bench_function("litenc_encoding", |b| {
        b.iter(|| black_box(enc).encode(black_box(text)).unwrap().len())
    });
    if let Some(er) = peers.whatwg {
        g.bench_function("encoding_rs", |b| {
            b.iter(|| {
                let mut encoder = er.new_encoder();
                let (res, _read, written) = encoder.encode_from_utf8_without_replacement(
                    black_box(text),
                    &mut enc_out,
                    true,
                );
                assert_eq!(res, encoding_rs::EncoderResult::InputEmpty);
                written
            })
        });
        g.bench_function("encoding_rs_alloc", |b| {
            b.iter(|| er.encode(black_box(text)).0.len())
        });
    }
    if let Some((_, enc_table)) = peers.oem {
        g.bench_function("oem_cp", |b| {
            b.iter(|| {
                oem_cp::encode_string_checked(black_box(text), enc_table)
                    .unwrap()
                    .len()
            })
        });
    }
    g.finish();
}

/// Every code page with a real-text corpus, at every size: `code_page` with
/// the page's own functions, called directly (not through pointers).
fn code_pages(c: &mut Criterion<CpuTime>) {
    macro_rules! page {
        ($m:ident, $variant:ident, $required:expr, $whatwg:expr, $oem:expr) => {{
            let peers = Peers {
                whatwg: $whatwg,
                oem: $oem,
            };
            if let Some(full) = code_page_corpus(stringify!($m), $required) {
                for (n, size) in SIZES {
                    code_page(
                        c,
                        stringify!($m),
                        size,
                        prefix(&full, n),
                        litenc::Encoding::$variant,
                        &peers,
                        (litenc::fast::$m::decode_into, litenc::fast::$m::encode_into),
                        (litenc::$m::decode, litenc::$m::encode),
                    );
                }
            }
        }};
    }
    use oem_cp::code_table as oem;
    page!(koi8_r, Koi8R, true, Some(encoding_rs::KOI8_R), None);
    page!(
        ibm866,
        Ibm866,
        true,
        Some(encoding_rs::IBM866),
        Some((&oem::DECODING_TABLE_CP866, &oem::ENCODING_TABLE_CP866))
    );
    page!(
        windows1251,
        Windows1251,
        true,
        Some(encoding_rs::WINDOWS_1251),
        None
    );
    page!(
        windows1252,
        Windows1252,
        true,
        Some(encoding_rs::WINDOWS_1252),
        None
    );
    page!(
        ibm437,
        Ibm437,
        true,
        None,
        Some((&oem::DECODING_TABLE_CP437, &oem::ENCODING_TABLE_CP437))
    );
    page!(
        iso8859_2,
        Iso8859_2,
        true,
        Some(encoding_rs::ISO_8859_2),
        None
    );
    page!(
        windows1253,
        Windows1253,
        true,
        Some(encoding_rs::WINDOWS_1253),
        None
    );
    page!(
        windows874,
        Windows874,
        false,
        Some(encoding_rs::WINDOWS_874),
        None
    );
}

/// The pages of devices and old systems (EBCDIC, whose bytes `00..=7F` are
/// not ASCII, and the rest of Python's pages: Mac, HP, Palm, Kazakh,
/// Tajik, Ukrainian DOS, ...), each beside the Windows page of its script on
/// the same text, in one group: the
/// code-page corpus of that page (`bench/corpora/code_pages.py`) with every
/// character one of the group's pages lacks dropped, through
/// `litenc::fast::decode_into` / `encode_into` into a worst-case buffer.
/// German and French for the Latin pages against windows-1252 (and
/// windows-1254, whose Latin-5 IBM1026 shares), Greek for IBM875 against
/// windows-1253, Hebrew (if this machine has its message catalogs) for
/// IBM424 and IBM856 against windows-1255, Russian for the Cyrillic pages
/// against windows-1251, Polish, Czech and Hungarian for Mac Central European
/// against windows-1250.
fn device_pages(c: &mut Criterion<CpuTime>) {
    for &(corpus, lang, required, pages) in litenc_bench::DEVICE_GROUPS {
        let Some(text) = litenc_bench::device_text(corpus, required, pages) else {
            continue;
        };
        for (n, size) in SIZES {
            let text = prefix(&text, n);
            let encoded: Vec<Vec<u8>> = pages.iter().map(|e| e.encode(text).unwrap()).collect();
            let mut out = vec![0u8; 3 * text.len() + 64];
            let mut g = group(c, "device_decode", lang, size, text.len());
            for (&e, bytes) in pages.iter().zip(&encoded) {
                let n = litenc::fast::decode_into(e, bytes, &mut out).unwrap();
                assert_eq!(&out[..n], text.as_bytes(), "{}: fast decode", e.name());
                g.bench_function(e.name(), |b| {
                    b.iter(|| {
                        litenc::fast::decode_into(black_box(e), black_box(bytes), &mut out).unwrap()
                    })
                });
            }
            g.finish();
            let mut g = group(c, "device_encode", lang, size, text.len());
            for (&e, bytes) in pages.iter().zip(&encoded) {
                let n = litenc::fast::encode_into(e, text, &mut out).unwrap();
                assert_eq!(&out[..n], &bytes[..], "{}: fast encode", e.name());
                g.bench_function(e.name(), |b| {
                    b.iter(|| {
                        litenc::fast::encode_into(black_box(e), black_box(text), &mut out).unwrap()
                    })
                });
            }
            g.finish();
        }
    }
}

fn all(c: &mut Criterion<CpuTime>) {
    for name in CORPORA {
        let full = corpus(name);
        for (n, size) in SIZES {
            let texts = Turns::new(vec![prefix(&full, n)]);
            windows1251(c, name, size, &texts);
            utf16(c, name, size, &texts);
            utf8_validate(c, name, size, &texts);
            cesu_family(c, name, size, &texts);
        }
    }
    // The man pages in Japanese, Chinese, Korean, German and Spanish
    // (`bench/corpora/man.py`), at their full 100 KB: text that nobody here
    // wrote, where the runs of ASCII, 2- and 3-byte characters are as long
    // as real documents make them (a space between Han characters, short
    // runs of Hangul, a letter with an accent every few words or every few
    // lines), which the generated corpora do not have.
    for name in MAN_PAGES {
        let full = corpus(name);
        let texts = Turns::new(vec![full.as_str()]);
        utf16(c, name, "100KB", &texts);
        utf8_validate(c, name, "100KB", &texts);
        cesu_family(c, name, "100KB", &texts);
    }
    // Text where every few bytes are a supplementary character (four bytes
    // of UTF-8, a surrogate pair, six bytes of MUTF-8 and CESU-8), at
    // 100 KB: where the kernels convert such characters in their loops or
    // leave them each time.
    for name in DENSE {
        let full = corpus(name);
        let texts = Turns::new(vec![prefix(&full, 100_000)]);
        utf16(c, name, "100KB", &texts);
        utf8_validate(c, name, "100KB", &texts);
        cesu_family(c, name, "100KB", &texts);
    }
    if std::env::var_os("LITENC_BENCH_ONCE").is_some() {
        for name in ONCE {
            let Some(windows) = once_windows(name) else {
                continue;
            };
            let texts = Turns::new(windows.iter().map(String::as_str).collect());
            let name = &format!("{name}_once");
            windows1251(c, name, "100KB", &texts);
            utf16(c, name, "100KB", &texts);
            utf8_validate(c, name, "100KB", &texts);
            cesu_family(c, name, "100KB", &texts);
        }
    }
    code_pages(c);
    device_pages(c);
}

fn config() -> Criterion<CpuTime> {
    // About 1.3 s a benchmark, so that the ~300 of them take under ten
    // minutes on two cores; medians over 20 samples are steady to a few %.
    Criterion::default()
        .with_measurement(CpuTime)
        .warm_up_time(Duration::from_millis(250))
        .measurement_time(Duration::from_millis(900))
        .sample_size(20)
        .nresamples(1000)
        .without_plots()
}

criterion_group! {
    name = benches;
    config = config();
    targets = all
}
criterion_main!(benches);
