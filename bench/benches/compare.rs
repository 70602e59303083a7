//! litenc against its peers, in one run (issue 4).
//!
//! Every case is `op/corpus/size`; in each, every implementation does the same
//! conversion on the same input, and criterion's median is what the report
//! (`bench/report`) reads. Throughput is always counted in bytes of the
//! UTF-8 text the input was made from, so the GB/s figures of one case are
//! comparable whatever the operation's own input is.
//!
//! litenc is called through its `_into` functions (no allocation). A peer is
//! called through the API the issue names; where that allocates (`String::from_utf16`,
//! `decode_without_bom_handling`, the `cesu8` and `simd_cesu8` functions), the
//! allocation is part of its time, which matters only at 64 B.
//!
//! At 100 KB, `litenc_reference` is litenc's reference engine (the simple
//! `const` loops the fast paths replace, `litenc_runtime::__reference`), to
//! show what the fast paths gain.
//!
//! Filter as with any criterion bench: `cargo bench --bench compare -- utf8_to_utf16/russian`.

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use litenc_runtime as litenc;

/// Time as the CPU time of the benchmark thread rather than wall time, so
/// that the figures hold on a shared machine: time the thread spends
/// descheduled while other work runs is not counted. On an idle machine
/// the two agree.
struct CpuTime;

fn thread_cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable `timespec`.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

impl Measurement for CpuTime {
    type Intermediate = Duration;
    type Value = Duration;
    fn start(&self) -> Duration {
        thread_cpu()
    }
    fn end(&self, start: Duration) -> Duration {
        thread_cpu().saturating_sub(start)
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, v: &Duration) -> f64 {
        v.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &NanosFormatter
    }
}

/// Values in nanoseconds, shown in ns; throughput in GB/s.
struct NanosFormatter;

impl ValueFormatter for NanosFormatter {
    fn scale_values(&self, _typical: f64, _values: &mut [f64]) -> &'static str {
        "ns"
    }
    fn scale_throughputs(&self, _typical: f64, t: &Throughput, values: &mut [f64]) -> &'static str {
        match *t {
            Throughput::Bytes(n) | Throughput::BytesDecimal(n) => {
                for v in values {
                    *v = n as f64 / *v;
                }
                "GB/s"
            }
            Throughput::Elements(n) => {
                for v in values {
                    *v = n as f64 / *v;
                }
                "elem/ns"
            }
        }
    }
    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

const CORPORA: [&str; 4] = ["english", "russian", "chinese", "emoji"];
const SIZES: [(usize, &str); 3] = [(64, "64B"), (4096, "4KiB"), (usize::MAX, "100KB")];

fn corpus(name: &str) -> String {
    let path = format!("{}/corpora/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!("{path}: {e}; run `python3 bench/corpora/gen.py` (bench/report does)")
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

fn group<'a>(
    c: &'a mut Criterion<CpuTime>,
    op: &str,
    corpus: &str,
    size: &str,
    text: &str,
) -> Group<'a> {
    let mut g = c.benchmark_group(format!("{op}/{corpus}/{size}"));
    g.throughput(Throughput::Bytes(text.len() as u64));
    g
}

fn windows1251(c: &mut Criterion<CpuTime>, name: &str, size: &str, text: &str) {
    // Only the corpora Windows-1251 can hold (English and Russian).
    let (bytes, _, unmappable) = encoding_rs::WINDOWS_1251.encode(text);
    if unmappable {
        return;
    }
    let bytes = bytes.into_owned();

    let mut g = group(c, "w1251_decode", name, size, text);
    let mut out = vec![0u8; bytes.len() * 3];
    g.bench_function("litenc", |b| {
        b.iter(|| litenc::fast::windows1251::decode_into(black_box(&bytes), &mut out).unwrap())
    });
    if size == "100KB" {
        g.bench_function("litenc_reference", |b| {
            b.iter(|| {
                litenc::__reference::decode_into(
                    litenc::Encoding::Windows1251,
                    black_box(&bytes),
                    &mut out,
                )
                .unwrap()
            })
        });
    }
    g.bench_function("encoding_rs", |b| {
        b.iter(|| {
            encoding_rs::WINDOWS_1251
                .decode_without_bom_handling(black_box(&bytes))
                .0
                .len()
        })
    });
    g.finish();

    let mut g = group(c, "w1251_encode", name, size, text);
    let mut out = vec![0u8; text.len() + 16];
    g.bench_function("litenc", |b| {
        b.iter(|| litenc::fast::windows1251::encode_into(black_box(text), &mut out).unwrap())
    });
    if size == "100KB" {
        g.bench_function("litenc_reference", |b| {
            b.iter(|| {
                litenc::__reference::encode_into(
                    litenc::Encoding::Windows1251,
                    black_box(text),
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
                enc.encode_from_utf8_without_replacement(black_box(text), &mut out, true);
            assert_eq!(res, encoding_rs::EncoderResult::InputEmpty);
            written
        })
    });
    g.finish();
}

fn utf16(c: &mut Criterion<CpuTime>, name: &str, size: &str, text: &str) {
    let units: Vec<u16> = text.encode_utf16().collect();

    let mut g = group(c, "utf8_to_utf16", name, size, text);
    let mut out = vec![0u16; text.len() + 16];
    g.bench_function("litenc", |b| {
        b.iter(|| litenc::fast::utf16::encode_units_into(black_box(text), &mut out).unwrap())
    });
    if size == "100KB" {
        g.bench_function("litenc_reference", |b| {
            b.iter(|| litenc::__reference::encode_units_into(black_box(text), &mut out).unwrap())
        });
    }
    g.bench_function("std", |b| {
        b.iter(|| {
            let mut n = 0;
            for (d, u) in out.iter_mut().zip(black_box(text).encode_utf16()) {
                *d = u;
                n += 1;
            }
            n
        })
    });
    g.bench_function("encoding_rs", |b| {
        b.iter(|| encoding_rs::mem::convert_str_to_utf16(black_box(text), &mut out))
    });
    g.bench_function("simdutf", |b| {
        b.iter(|| {
            let src = black_box(text).as_bytes();
            // SAFETY: `out` holds `text.len()` units, the most UTF-16 units
            // `text.len()` bytes of valid UTF-8 can give.
            unsafe {
                simdutf::convert_valid_utf8_to_utf16le(src.as_ptr(), src.len(), out.as_mut_ptr())
            }
        })
    });
    g.finish();

    let mut g = group(c, "utf16_to_utf8", name, size, text);
    let mut out = vec![0u8; units.len() * 3 + 16];
    g.bench_function("litenc", |b| {
        b.iter(|| litenc::fast::utf16::decode_units_into(black_box(&units), &mut out).unwrap())
    });
    if size == "100KB" {
        g.bench_function("litenc_reference", |b| {
            b.iter(|| litenc::__reference::decode_units_into(black_box(&units), &mut out).unwrap())
        });
    }
    g.bench_function("std", |b| {
        b.iter(|| String::from_utf16(black_box(&units)).unwrap().len())
    });
    let mut out_str = "\0".repeat(units.len() * 3 + 16);
    g.bench_function("encoding_rs", |b| {
        b.iter(|| encoding_rs::mem::convert_utf16_to_str(black_box(&units), &mut out_str))
    });
    g.bench_function("simdutf", |b| {
        b.iter(|| {
            let src = black_box(&units);
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

    let bytes = |be: bool| -> Vec<u8> {
        units
            .iter()
            .flat_map(|u| if be { u.to_be_bytes() } else { u.to_le_bytes() })
            .collect()
    };
    for (op, be, enc) in [
        ("utf16le_decode", false, encoding_rs::UTF_16LE),
        ("utf16be_decode", true, encoding_rs::UTF_16BE),
    ] {
        let input = bytes(be);
        let mut g = group(c, op, name, size, text);
        let mut out = vec![0u8; units.len() * 3 + 16];
        g.bench_function("litenc", |b| {
            b.iter(|| {
                if be {
                    litenc::fast::utf16be::decode_into(black_box(&input), &mut out).unwrap()
                } else {
                    litenc::fast::utf16le::decode_into(black_box(&input), &mut out).unwrap()
                }
            })
        });
        if size == "100KB" {
            let e = if be {
                litenc::Encoding::Utf16Be
            } else {
                litenc::Encoding::Utf16Le
            };
            g.bench_function("litenc_reference", |b| {
                b.iter(|| litenc::__reference::decode_into(e, black_box(&input), &mut out).unwrap())
            });
        }
        g.bench_function("encoding_rs", |b| {
            b.iter(|| enc.decode_without_bom_handling(black_box(&input)).0.len())
        });
        g.finish();
    }
}

fn utf8_validate(c: &mut Criterion<CpuTime>, name: &str, size: &str, text: &str) {
    let bytes = text.as_bytes();
    let mut g = group(c, "utf8_validate", name, size, text);
    g.bench_function("litenc", |b| {
        b.iter(|| litenc::fast::utf8::validate(black_box(bytes)).is_ok())
    });
    if size == "100KB" {
        g.bench_function("litenc_reference", |b| {
            b.iter(|| {
                litenc::__reference::decoded_len(litenc::Encoding::Utf8, black_box(bytes)).is_ok()
            })
        });
    }
    g.bench_function("std", |b| {
        b.iter(|| core::str::from_utf8(black_box(bytes)).is_ok())
    });
    g.bench_function("simdutf8", |b| {
        b.iter(|| simdutf8::basic::from_utf8(black_box(bytes)).is_ok())
    });
    g.finish();
}

fn cesu_family(c: &mut Criterion<CpuTime>, name: &str, size: &str, text: &str) {
    for java in [true, false] {
        let (enc_op, dec_op) = if java {
            ("mutf8_encode", "mutf8_decode")
        } else {
            ("cesu8_encode", "cesu8_decode")
        };
        let encoded = if java {
            cesu8::to_java_cesu8(text).into_owned()
        } else {
            cesu8::to_cesu8(text).into_owned()
        };

        let mut g = group(c, enc_op, name, size, text);
        let mut out = vec![0u8; text.len() * 2 + 16];
        g.bench_function("litenc", |b| {
            b.iter(|| {
                if java {
                    litenc::fast::mutf8::encode_into(black_box(text), &mut out).unwrap()
                } else {
                    litenc::fast::cesu8::encode_into(black_box(text), &mut out).unwrap()
                }
            })
        });
        let e = if java {
            litenc::Encoding::Mutf8
        } else {
            litenc::Encoding::Cesu8
        };
        if size == "100KB" {
            g.bench_function("litenc_reference", |b| {
                b.iter(|| litenc::__reference::encode_into(e, black_box(text), &mut out).unwrap())
            });
        }
        g.bench_function("cesu8", |b| {
            b.iter(|| {
                if java {
                    cesu8::to_java_cesu8(black_box(text)).len()
                } else {
                    cesu8::to_cesu8(black_box(text)).len()
                }
            })
        });
        g.bench_function("simd_cesu8", |b| {
            b.iter(|| {
                if java {
                    simd_cesu8::mutf8::encode(black_box(text)).len()
                } else {
                    simd_cesu8::encode(black_box(text)).len()
                }
            })
        });
        g.finish();

        let mut g = group(c, dec_op, name, size, text);
        let mut out = vec![0u8; encoded.len() + 16];
        g.bench_function("litenc", |b| {
            b.iter(|| {
                if java {
                    litenc::fast::mutf8::decode_into(black_box(&encoded), &mut out).unwrap()
                } else {
                    litenc::fast::cesu8::decode_into(black_box(&encoded), &mut out).unwrap()
                }
            })
        });
        if size == "100KB" {
            g.bench_function("litenc_reference", |b| {
                b.iter(|| {
                    litenc::__reference::decode_into(e, black_box(&encoded), &mut out).unwrap()
                })
            });
        }
        g.bench_function("cesu8", |b| {
            b.iter(|| {
                if java {
                    cesu8::from_java_cesu8(black_box(&encoded)).unwrap().len()
                } else {
                    cesu8::from_cesu8(black_box(&encoded)).unwrap().len()
                }
            })
        });
        g.bench_function("simd_cesu8", |b| {
            b.iter(|| {
                if java {
                    simd_cesu8::mutf8::decode_strict(black_box(&encoded))
                        .unwrap()
                        .len()
                } else {
                    simd_cesu8::decode_strict(black_box(&encoded))
                        .unwrap()
                        .len()
                }
            })
        });
        g.finish();
    }
}

fn all(c: &mut Criterion<CpuTime>) {
    for name in CORPORA {
        let full = corpus(name);
        for (n, size) in SIZES {
            let text = prefix(&full, n);
            windows1251(c, name, size, text);
            utf16(c, name, size, text);
            utf8_validate(c, name, size, text);
            cesu_family(c, name, size, text);
        }
    }
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
