//! The harness of `scripts/ab_runtime.py`: the runtime of the working tree
//! (`new`) and of another revision (`old`), built into this one program, and
//! the peers, each run in turn on the same input, round after round; the
//! median of each over the rounds in GB/s and the ratios that matter.

use std::hint::black_box;
use std::time::Instant;

/// Seconds per call: a round of `CALLS` calls.
fn round<F: FnMut() -> usize>(mut f: F) -> f64 {
    const CALLS: u32 = 100;
    let t = Instant::now();
    for _ in 0..CALLS {
        black_box(f());
    }
    t.elapsed().as_secs_f64() / f64::from(CALLS)
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let size: usize = std::env::var("SIZE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(31);
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("a UTF-8 text");
        let text = &text[..text.floor_char_boundary(size)];
        let bytes = text.as_bytes();
        let java = cesu8::to_java_cesu8(text).into_owned();
        let mut units = vec![0u16; bytes.len() + 16];
        let utf16: Vec<u16> = text.encode_utf16().collect();
        let mut utf8 = vec![0u8; 3 * utf16.len() + 16];
        let rows = [
            "utf8 validate new",
            "utf8 validate old",
            "std from_utf8",
            "mutf8 decode_cow new",
            "mutf8 decode_cow old",
            "cesu8 from_java_cesu8",
            "utf16 encode new",
            "utf16 encode old",
            "std encode_utf16",
            "utf16 decode new",
            "utf16 decode old",
            "std String::from_utf16",
        ];
        let mut t = vec![Vec::new(); rows.len()];
        for _ in 0..rounds {
            t[0].push(round(|| {
                usize::from(new::fast::utf8::validate(black_box(bytes)).is_ok())
            }));
            t[1].push(round(|| {
                usize::from(old::fast::utf8::validate(black_box(bytes)).is_ok())
            }));
            t[2].push(round(|| {
                usize::from(core::str::from_utf8(black_box(bytes)).is_ok())
            }));
            t[3].push(round(|| {
                new::mutf8::decode_cow(black_box(&java)).map_or(0, |s| s.len())
            }));
            t[4].push(round(|| {
                old::mutf8::decode_cow(black_box(&java)).map_or(0, |s| s.len())
            }));
            t[5].push(round(|| {
                cesu8::from_java_cesu8(black_box(&java)).map_or(0, |s| s.len())
            }));
            t[6].push(round(|| {
                new::fast::utf16::encode_units_into(black_box(text), &mut units).unwrap_or(0)
            }));
            t[7].push(round(|| {
                old::fast::utf16::encode_units_into(black_box(text), &mut units).unwrap_or(0)
            }));
            t[8].push(round(|| {
                let mut n = 0;
                for (d, u) in units.iter_mut().zip(black_box(text).encode_utf16()) {
                    *d = u;
                    n += 1;
                }
                n
            }));
            t[9].push(round(|| {
                new::fast::utf16::decode_units_into(black_box(&utf16), &mut utf8).unwrap_or(0)
            }));
            t[10].push(round(|| {
                old::fast::utf16::decode_units_into(black_box(&utf16), &mut utf8).unwrap_or(0)
            }));
            t[11].push(round(|| {
                String::from_utf16(black_box(&utf16)).map_or(0, |s| s.len())
            }));
        }
        let m: Vec<f64> = t.iter_mut().map(|v| median(v)).collect();
        let name = std::path::Path::new(&path)
            .file_stem()
            .map_or(path.clone(), |s| s.to_string_lossy().into_owned());
        println!("{name} ({} bytes, medians of {rounds} rounds)", bytes.len());
        for (k, row) in rows.iter().enumerate() {
            let input = if (3..6).contains(&k) {
                java.len()
            } else {
                bytes.len()
            };
            let peer = m[k / 3 * 3 + 2];
            println!(
                "  {row:24} {:7.2} GB/s  {:5.2}x the peer",
                input as f64 / m[k] / 1e9,
                peer / m[k]
            );
        }
    }
    println!(
        "fast::implementation(): new {}, old {}",
        new::fast::implementation(),
        old::fast::implementation()
    );
}
