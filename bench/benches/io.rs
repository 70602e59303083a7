//! The `std::io` adapters against their peers, on at least 24 MB of real
//! Russian text (the windows-1251 corpus of `corpora/code_pages.py`,
//! repeated): `DecodeReader` against encoding_rs_io's `DecodeReaderBytes`
//! through `io::copy` (windows-1251 and UTF-16LE input), and
//! `EncodeWriter` against encoding_rs's `Encoder` driven by hand into a
//! `Vec` (windows-1251 output).
//!
//! Each case runs three times, alternating with its peer, in one process;
//! the figures are the medians, in thread CPU time (see `CpuTime`), and
//! the ratio is the peer's time over litenc's. Short to run: about ten
//! seconds.
//!
//! ```text
//! cargo bench --bench io
//! ```

use std::hint::black_box;
use std::io::{self, Write};
use std::time::Duration;

use encoding_rs_io::DecodeReaderBytesBuilder;
use litenc_bench::thread_cpu;
use litenc_runtime::io::{DecodeReader, EncodeWriter};
use litenc_runtime::Encoding;

/// At least this many bytes of input per case.
const SIZE: usize = 24 << 20;

fn corpus() -> String {
    let path = format!(
        "{}/corpora/code_pages/windows1251.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!("{path}: {e}; run `python3 bench/corpora/code_pages.py` (bench/report does)")
    })
}

/// `piece` repeated until its encoding in `enc` takes `SIZE` bytes.
fn text_of(piece: &str, enc: Encoding) -> String {
    let per = enc.encode(piece).unwrap().len();
    piece.repeat(SIZE.div_ceil(per))
}

fn time(f: &mut dyn FnMut()) -> Duration {
    let t = thread_cpu();
    f();
    thread_cpu() - t
}

/// Median of three runs of each, alternating; prints one row.
fn compare(name: &str, bytes: usize, ours: &mut dyn FnMut(), theirs: &mut dyn FnMut()) -> f64 {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for _ in 0..3 {
        a.push(time(ours));
        b.push(time(theirs));
    }
    a.sort();
    b.sort();
    let gbs = |d: Duration| bytes as f64 / d.as_secs_f64() / 1e9;
    let ratio = b[1].as_secs_f64() / a[1].as_secs_f64();
    println!(
        "| {name} | {:.1} MB | {:.2} GB/s | {:.2} GB/s | **{ratio:.2}x** |",
        bytes as f64 / 1e6,
        gbs(a[1]),
        gbs(b[1])
    );
    ratio
}

fn decode_case(name: &str, enc: Encoding, peer: &'static encoding_rs::Encoding, input: &[u8]) {
    let mut want = Vec::new();
    io::copy(&mut DecodeReader::new(input, enc), &mut want).unwrap();
    let mut got = Vec::new();
    io::copy(
        &mut DecodeReaderBytesBuilder::new()
            .encoding(Some(peer))
            .build(input),
        &mut got,
    )
    .unwrap();
    assert!(want == got, "{name}: the peers disagree");
    compare(
        name,
        input.len(),
        &mut || {
            let mut r = DecodeReader::new(black_box(input), enc);
            black_box(io::copy(&mut r, &mut io::sink()).unwrap());
        },
        &mut || {
            let mut r = DecodeReaderBytesBuilder::new()
                .encoding(Some(peer))
                .build(black_box(input));
            black_box(io::copy(&mut r, &mut io::sink()).unwrap());
        },
    );
}

/// encoding_rs's encoder driven by hand: a 32 KiB buffer (as
/// `EncodeWriter` has), appended to the `Vec`.
fn encoding_rs_into_vec(peer: &'static encoding_rs::Encoding, text: &str, out: &mut Vec<u8>) {
    let mut encoder = peer.new_encoder();
    let mut buf = vec![0u8; 32 * 1024];
    let mut rest = text;
    loop {
        let (r, read, written) = encoder.encode_from_utf8_without_replacement(rest, &mut buf, true);
        out.extend_from_slice(&buf[..written]);
        rest = &rest[read..];
        match r {
            encoding_rs::EncoderResult::InputEmpty => return,
            encoding_rs::EncoderResult::OutputFull => {}
            encoding_rs::EncoderResult::Unmappable(c) => panic!("{c:?}"),
        }
    }
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let piece = corpus();
    println!(
        "litenc::io against its peers (median of 3, thread CPU time; `{}` SIMD)\n",
        litenc_runtime::fast::implementation()
    );
    println!("| case | input | litenc | peer | litenc / peer |");
    println!("|---|---|---|---|---|");

    let text = text_of(&piece, Encoding::Windows1251);
    let w1251 = Encoding::Windows1251.encode(&text).unwrap();
    decode_case(
        "`DecodeReader` windows-1251 vs `DecodeReaderBytes`, `io::copy`",
        Encoding::Windows1251,
        encoding_rs::WINDOWS_1251,
        &w1251,
    );
    let text16 = text_of(&piece, Encoding::Utf16Le);
    let utf16 = Encoding::Utf16Le.encode(&text16).unwrap();
    decode_case(
        "`DecodeReader` UTF-16LE vs `DecodeReaderBytes`, `io::copy`",
        Encoding::Utf16Le,
        encoding_rs::UTF_16LE,
        &utf16,
    );

    let mut check = Vec::new();
    encoding_rs_into_vec(encoding_rs::WINDOWS_1251, &text, &mut check);
    assert!(check == w1251);
    compare(
        "`EncodeWriter` windows-1251 vs encoding_rs `Encoder` into a `Vec`",
        text.len(),
        &mut || {
            let mut w = EncodeWriter::new(Vec::with_capacity(w1251.len()), Encoding::Windows1251);
            w.write_all(black_box(text.as_bytes())).unwrap();
            black_box(w.finish().unwrap());
        },
        &mut || {
            let mut out = Vec::with_capacity(w1251.len());
            encoding_rs_into_vec(encoding_rs::WINDOWS_1251, black_box(&text), &mut out);
            black_box(out);
        },
    );
    println!("\n(input: the bytes read for the decoders, the UTF-8 written for the encoder)");
}
