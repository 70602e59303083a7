//! litenc's multi-byte encodings (Chinese, Japanese, Korean) against
//! encoding_rs, on real text: the man pages of this machine
//! (`bench/corpora/man.py` builds `man_ja`, `man_zh_CN`, `man_zh_TW`,
//! `man_ko`). Shift_JIS, EUC-JP and ISO-2022-JP run on the Japanese
//! corpus, GBK and gb18030 on the simplified Chinese one, Big5 on the
//! traditional Chinese one, EUC-KR on the Korean one.
//!
//! Every case is `<encoding>_<decode|encode>/<corpus>/<size>`, as in
//! `compare.rs`, and its throughput is counted in bytes of the UTF-8 text,
//! so that decoding and encoding figures compare. litenc runs its run-time
//! twins (`litenc_runtime::fast`) into a buffer of the documented worst
//! case; `litenc_const` (100 KB only) is the `const fn` of the same name,
//! `litenc_reference` its reference loop. encoding_rs runs its streaming
//! API into a buffer too (`decode_to_utf8_without_replacement`,
//! `encode_from_utf8_without_replacement`), so neither side allocates.
//!
//! The allocating functions are measured too: `litenc_alloc` is the
//! encoding's module (`litenc_runtime::shift_jis::decode` / `encode`),
//! `litenc_encoding` is `Encoding::decode` / `encode` with the encoding
//! chosen at run time, and `encoding_rs_alloc` is encoding_rs's
//! `decode_without_bom_handling_and_without_replacement` / `Encoding::encode`.
//!
//! Characters an encoding lacks (a few symbols of the man pages) are left
//! out of its text; the harness prints how many.
//!
//! `cargo bench --bench cjk -- shift_jis` runs one encoding.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use litenc_bench::CpuTime;
use litenc_runtime::{fast, DecodeError, EncodeError, Encoding};

const SIZES: [(usize, &str); 3] = [(64, "64B"), (4096, "4KiB"), (usize::MAX, "100KB")];

/// The allocating functions of an encoding's module.
#[derive(Clone, Copy)]
struct Alloc {
    decode: fn(&[u8]) -> Result<String, DecodeError>,
    encode: fn(&str) -> Result<Vec<u8>, EncodeError>,
}

macro_rules! alloc {
    ($m:ident) => {
        Alloc {
            decode: litenc_runtime::$m::decode,
            encode: litenc_runtime::$m::encode,
        }
    };
}

/// Each encoding, the corpus it runs on, encoding_rs's encoding, and the
/// allocating functions of the encoding's module.
const CASES: [(Encoding, &str, &encoding_rs::Encoding, Alloc); 7] = [
    (
        Encoding::ShiftJis,
        "man_ja",
        encoding_rs::SHIFT_JIS,
        alloc!(shift_jis),
    ),
    (
        Encoding::EucJp,
        "man_ja",
        encoding_rs::EUC_JP,
        alloc!(euc_jp),
    ),
    (
        Encoding::Iso2022Jp,
        "man_ja",
        encoding_rs::ISO_2022_JP,
        alloc!(iso_2022_jp),
    ),
    (Encoding::Gbk, "man_zh_CN", encoding_rs::GBK, alloc!(gbk)),
    (
        Encoding::Gb18030,
        "man_zh_CN",
        encoding_rs::GB18030,
        alloc!(gb18030),
    ),
    (Encoding::Big5, "man_zh_TW", encoding_rs::BIG5, alloc!(big5)),
    (
        Encoding::EucKr,
        "man_ko",
        encoding_rs::EUC_KR,
        alloc!(euc_kr),
    ),
];

fn corpus(name: &str) -> String {
    let path = format!("{}/corpora/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!("{path}: {e}; run `python3 bench/corpora/man.py` (bench/report does)")
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

/// `text` without the characters `enc` lacks (by encoding_rs and litenc
/// both), and how many there were.
fn encodable(enc: Encoding, peer: &'static encoding_rs::Encoding, text: &str) -> (String, usize) {
    let mut dropped = 0;
    let kept = text
        .chars()
        .filter(|c| {
            let s = c.encode_utf8(&mut [0; 4]).to_owned();
            let ok = !peer.encode(&s).2 && enc.encode(&s).is_ok();
            dropped += usize::from(!ok);
            ok
        })
        .collect();
    (kept, dropped)
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

fn case(
    c: &mut Criterion<CpuTime>,
    enc: Encoding,
    peer: &'static encoding_rs::Encoding,
    owned: Alloc,
    corpus: &str,
    size: &str,
    text: &str,
) {
    let module = enc.name().to_ascii_lowercase().replace('-', "_");
    let bytes = enc.encode(text).expect("encodable text");
    assert_eq!(
        bytes,
        &peer.encode(text).0[..],
        "{enc}: litenc and encoding_rs differ"
    );

    let mut g = group(c, &format!("{module}_decode"), corpus, size, text);
    let mut out = vec![0u8; bytes.len() * enc.max_utf8_bytes_per_byte() + 16];
    g.bench_function("litenc", |b| {
        b.iter(|| fast::decode_into(enc, black_box(&bytes), &mut out).unwrap())
    });
    if size == "100KB" {
        g.bench_function("litenc_const", |b| {
            b.iter(|| enc.decode_into(black_box(&bytes), &mut out).unwrap())
        });
        g.bench_function("litenc_reference", |b| {
            b.iter(|| {
                litenc_runtime::__reference::decode_into(enc, black_box(&bytes), &mut out).unwrap()
            })
        });
    }
    g.bench_function("encoding_rs", |b| {
        b.iter(|| {
            let mut d = peer.new_decoder_without_bom_handling();
            let (r, _, written) =
                d.decode_to_utf8_without_replacement(black_box(&bytes), &mut out, true);
            assert_eq!(r, encoding_rs::DecoderResult::InputEmpty);
            written
        })
    });
    assert_eq!((owned.decode)(&bytes).unwrap(), text);
    g.bench_function("litenc_alloc", |b| {
        b.iter(|| (owned.decode)(black_box(&bytes)).unwrap())
    });
    g.bench_function("litenc_encoding", |b| {
        b.iter(|| black_box(enc).decode(black_box(&bytes)).unwrap())
    });
    g.bench_function("encoding_rs_alloc", |b| {
        b.iter(|| {
            peer.decode_without_bom_handling_and_without_replacement(black_box(&bytes))
                .unwrap()
        })
    });
    g.finish();

    let mut g = group(c, &format!("{module}_encode"), corpus, size, text);
    let mut out = vec![0u8; text.len() * enc.max_bytes_per_utf8_byte() + 16];
    g.bench_function("litenc", |b| {
        b.iter(|| fast::encode_into(enc, black_box(text), &mut out).unwrap())
    });
    if size == "100KB" {
        g.bench_function("litenc_const", |b| {
            b.iter(|| enc.encode_into(black_box(text), &mut out).unwrap())
        });
        g.bench_function("litenc_reference", |b| {
            b.iter(|| {
                litenc_runtime::__reference::encode_into(enc, black_box(text), &mut out).unwrap()
            })
        });
    }
    g.bench_function("encoding_rs", |b| {
        b.iter(|| {
            let mut e = peer.new_encoder();
            let (r, _, written) =
                e.encode_from_utf8_without_replacement(black_box(text), &mut out, true);
            assert_eq!(r, encoding_rs::EncoderResult::InputEmpty);
            written
        })
    });
    assert_eq!((owned.encode)(text).unwrap(), bytes);
    g.bench_function("litenc_alloc", |b| {
        b.iter(|| (owned.encode)(black_box(text)).unwrap())
    });
    g.bench_function("litenc_encoding", |b| {
        b.iter(|| black_box(enc).encode(black_box(text)).unwrap())
    });
    g.bench_function("encoding_rs_alloc", |b| {
        b.iter(|| {
            let (out, _, bad) = peer.encode(black_box(text));
            assert!(!bad);
            out
        })
    });
    g.finish();
}

fn all(c: &mut Criterion<CpuTime>) {
    for (enc, name, peer, owned) in CASES {
        let (full, dropped) = encodable(enc, peer, &corpus(name));
        eprintln!(
            "{enc}: {name}, {} bytes of UTF-8, {dropped} characters left out",
            full.len()
        );
        for (n, size) in SIZES {
            case(c, enc, peer, owned, name, size, prefix(&full, n));
        }
    }
}

fn config() -> Criterion<CpuTime> {
    // As `compare.rs`: about 1.3 s a benchmark, medians over 20 samples.
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
