//! The device pages beside the Windows page of their script, measured in
//! turns: each round times every page of a group once (a batch of calls
//! each, thread CPU time, every page's input copied to one address first),
//! and the figure of a page is its fastest round. Criterion measures one
//! page after the other, so a page that runs while the machine is busy
//! looks slower than one that ran before; here every page of a group sees
//! the same moments, and the ratios hold to a few percent between runs
//! where criterion's moved by a fifth.
//!
//! ```sh
//! cd bench && cargo run --release --bin interleaved            # every group
//! cd bench && cargo run --release --bin interleaved -- ru      # one group
//! ```
//!
//! The groups and texts are those of `device_pages` in
//! `benches/compare.rs` (`litenc_bench::DEVICE_GROUPS`): each code-page corpus (`corpora/code_pages/`,
//! made by `bench/report` or `python3 bench/corpora/code_pages.py`) with
//! every character one of the group's pages lacks dropped, cut to 4 KiB
//! and 100 KB; `litenc::fast` into a worst-case buffer; GB/s of UTF-8.

use litenc_bench::{device_text, thread_cpu, DEVICE_GROUPS};
use std::hint::black_box;

/// Rounds per group and size.
const ROUNDS: usize = 301;

/// The fastest of the rounds: what the host's other work (which only ever
/// adds time) left alone. The medians of this machine moved by a fifth
/// between runs while its other core was idle (other guests of the host);
/// the fastest rounds held to a few percent.
fn fastest(v: &[f64]) -> f64 {
    v.iter().copied().fold(f64::INFINITY, f64::min)
}

fn main() {
    let only: Vec<String> = std::env::args().skip(1).collect();
    println!("| page | text | size | decode GB/s | ratio | encode GB/s | ratio |");
    println!("|---|---|---|---:|---:|---:|---:|");
    for &(corpus, name, required, pages) in DEVICE_GROUPS {
        if !only.is_empty() && !only.iter().any(|o| o == name) {
            continue;
        }
        let Some(text) = device_text(corpus, required, pages) else {
            continue;
        };
        for (size, label) in [(4096, "4KiB"), (100_000, "100KB")] {
            let mut n = size.min(text.len());
            while !text.is_char_boundary(n) {
                n -= 1;
            }
            let text = &text[..n];
            let encoded: Vec<Vec<u8>> = pages.iter().map(|e| e.encode(text).unwrap()).collect();
            let mut out = vec![0u8; 3 * text.len() + 64];
            let mut input: Vec<u8> = Vec::with_capacity(text.len());
            // About 0.2 ms of work per timing.
            let batch = (400_000 / text.len()).max(1);
            let mut dec = vec![Vec::with_capacity(ROUNDS); pages.len()];
            let mut enc = vec![Vec::with_capacity(ROUNDS); pages.len()];
            for _ in 0..ROUNDS {
                for (k, (&e, bytes)) in pages.iter().zip(&encoded).enumerate() {
                    // Every page's input at one address, so that each
                    // meets the same distance between its loads and its
                    // stores (a page whose input lay where its loads
                    // aliased the output's stores modulo 4 KiB would be
                    // slower for that alone).
                    input.clear();
                    input.extend_from_slice(bytes);
                    let bytes = &input[..];
                    let start = thread_cpu();
                    for _ in 0..batch {
                        black_box(
                            litenc_runtime::fast::decode_into(
                                black_box(e),
                                black_box(bytes),
                                &mut out,
                            )
                            .unwrap(),
                        );
                    }
                    dec[k].push((thread_cpu() - start).as_secs_f64() / batch as f64);
                    let start = thread_cpu();
                    for _ in 0..batch {
                        black_box(
                            litenc_runtime::fast::encode_into(
                                black_box(e),
                                black_box(text),
                                &mut out,
                            )
                            .unwrap(),
                        );
                    }
                    enc[k].push((thread_cpu() - start).as_secs_f64() / batch as f64);
                }
            }
            let gbs = |v: &Vec<f64>| text.len() as f64 / fastest(v) / 1e9;
            let (d0, e0) = (gbs(&dec[0]), gbs(&enc[0]));
            for (k, e) in pages.iter().enumerate() {
                let (d, c) = (gbs(&dec[k]), gbs(&enc[k]));
                println!(
                    "| {} | {name} | {label} | {d:.2} | {:.2}x | {c:.2} | {:.2}x |",
                    e.name(),
                    d / d0,
                    c / e0
                );
            }
        }
    }
}
