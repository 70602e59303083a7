//! The harness of `scripts/ab_runtime.py`: the runtime of the working tree
//! (`new`) and of another revision (`old`), built into this one program, and
//! the peers, each run in turn on the same input, round after round; the
//! median of each over the rounds in GB/s and the ratios that matter.
//!
//! With `UNSEEN` set, the text is cut into windows of `SIZE` bytes (as many
//! as it holds, two at least), and each call takes the next window: the
//! CPU's branch predictor cannot learn the text as it learns one window
//! called again and again, which no program that reads a text once sees.

use std::hint::black_box;
use std::time::Instant;

/// A code page's encoder in the new and the old runtime, and encoding_rs's.
type Page = (
    fn(&str, &mut [u8]) -> usize,
    fn(&str, &mut [u8]) -> usize,
    &'static encoding_rs::Encoding,
);

/// The code page of the rows "w1251 ...": `PAGE`, a module of `fast` that
/// encoding_rs has too (as `iso8859_2`), or windows-1251.
fn page() -> Page {
    macro_rules! pages {
        ($name:expr, $($m:ident => $rs:ident),*) => {
            match $name {
                $(stringify!($m) => (
                    |s, d| new::fast::$m::encode_into(s, d).unwrap_or(0),
                    |s, d| old::fast::$m::encode_into(s, d).unwrap_or(0),
                    encoding_rs::$rs,
                ),)*
                other => panic!("PAGE={other}: not a page of this harness"),
            }
        };
    }
    let name = std::env::var("PAGE").unwrap_or_else(|_| "windows1251".into());
    pages!(name.as_str(),
        windows1251 => WINDOWS_1251, windows1252 => WINDOWS_1252, windows1253 => WINDOWS_1253,
        windows1255 => WINDOWS_1255, windows874 => WINDOWS_874, koi8_r => KOI8_R,
        ibm866 => IBM866, iso8859_2 => ISO_8859_2)
}

/// Calls in a round.
const CALLS: usize = 100;

/// Seconds per call: a round of `CALLS` calls, call `j` on window
/// `j % windows`.
fn round<F: FnMut(usize) -> usize>(windows: usize, on: bool, mut f: F) -> f64 {
    if !on {
        return f64::NAN;
    }
    let t = Instant::now();
    for j in 0..CALLS {
        black_box(f(j % windows));
    }
    t.elapsed().as_secs_f64() / CALLS as f64
}

/// One window of the text and what the rows read of it.
struct Window {
    text: String,
    java: Vec<u8>,
    utf16: Vec<u16>,
    utf16le: Vec<u8>,
}

/// The windows of `text`: one of `size` bytes, or with `unseen` all the
/// windows of `size` bytes it holds (at character boundaries).
fn windows(text: &str, size: usize, unseen: bool) -> Vec<Window> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() && (out.is_empty() || unseen) {
        let cut = rest.floor_char_boundary(size);
        if unseen && cut < size / 2 {
            break;
        }
        let (w, tail) = rest.split_at(cut);
        out.push(Window {
            text: w.to_owned(),
            java: cesu8::to_java_cesu8(w).into_owned(),
            utf16: w.encode_utf16().collect(),
            utf16le: w.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        });
        rest = tail;
    }
    assert!(
        !unseen || out.len() >= 2,
        "UNSEEN needs a text of two windows or more"
    );
    out
}

/// A row's function: the window's index and the buffers, to what it wrote
/// or read (kept from the optimizer by `black_box`).
type Row<'a> = Box<dyn Fn(usize, &mut Buffers) -> usize + 'a>;

/// `f` as a [`Row`], its arguments' types given by the bound.
fn row<'a>(f: impl Fn(usize, &mut Buffers) -> usize + 'a) -> Row<'a> {
    Box::new(f)
}

/// The peers' loops: the items of `it` into `out`, as many as fit; how
/// many.
fn fill<T>(out: &mut [T], it: impl Iterator<Item = T>) -> usize {
    let mut k = 0;
    for (d, x) in out.iter_mut().zip(it) {
        *d = x;
        k += 1;
    }
    k
}

/// The buffers that the rows write into, as long as the longest window
/// needs.
struct Buffers {
    units: Vec<u16>,
    utf8: Vec<u8>,
    utf32: Vec<u32>,
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
    let unseen = std::env::var_os("UNSEEN").is_some();
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("a UTF-8 text");
        let wins = windows(&text, size, unseen);
        let n = wins.len();
        let longest = wins.iter().map(|w| w.text.len()).max().unwrap_or(0);
        let text = |w: usize| wins[w].text.as_str();
        let bytes = |w: usize| wins[w].text.as_bytes();
        let java = |w: usize| wins[w].java.as_slice();
        let utf16 = |w: usize| wins[w].utf16.as_slice();
        let utf16le = |w: usize| wins[w].utf16le.as_slice();
        let page = page();
        // The rows, by threes: an operation in the new and the old runtime
        // (`rt`), its call written once so that the two cannot drift apart,
        // and the peer that the ratios divide by. Each function is given
        // the window's index and the output buffers.
        macro_rules! group {
            ($op:literal, |$w:ident, $b:ident| $body:expr, $peer:literal, $peer_fn:expr) => {
                [
                    (
                        concat!($op, " new"),
                        row(|$w, $b| {
                            use new as rt;
                            $body
                        }),
                    ),
                    (
                        concat!($op, " old"),
                        row(|$w, $b| {
                            use old as rt;
                            $body
                        }),
                    ),
                    ($peer, row($peer_fn)),
                ]
            };
        }
        let rows: Vec<(&str, Row<'_>)> = [
            group!(
                "utf8 validate",
                |w, _b| usize::from(rt::fast::utf8::validate(black_box(bytes(w))).is_ok()),
                "std from_utf8",
                |w, _| usize::from(core::str::from_utf8(black_box(bytes(w))).is_ok())
            ),
            group!(
                "mutf8 decode_cow",
                |w, _b| rt::mutf8::decode_cow(black_box(java(w))).map_or(0, |s| s.len()),
                "cesu8 from_java_cesu8",
                |w, _| cesu8::from_java_cesu8(black_box(java(w))).map_or(0, |s| s.len())
            ),
            group!(
                "mutf8 encode_cow",
                |w, _b| rt::mutf8::encode_cow(black_box(text(w))).map_or(0, |s| s.len()),
                "cesu8 to_java_cesu8",
                |w, _| cesu8::to_java_cesu8(black_box(text(w))).len()
            ),
            group!(
                "cesu8 encode_cow",
                |w, _b| rt::cesu8::encode_cow(black_box(text(w))).map_or(0, |s| s.len()),
                "cesu8 to_cesu8",
                |w, _| cesu8::to_cesu8(black_box(text(w))).len()
            ),
            group!(
                "utf16 encode",
                |w, b| rt::fast::utf16::encode_units_into(black_box(text(w)), &mut b.units)
                    .unwrap_or(0),
                "std encode_utf16",
                |w, b| fill(&mut b.units, black_box(text(w)).encode_utf16())
            ),
            group!(
                "utf16 decode",
                |w, b| rt::fast::utf16::decode_units_into(black_box(utf16(w)), &mut b.utf8)
                    .unwrap_or(0),
                "std String::from_utf16",
                |w, _| String::from_utf16(black_box(utf16(w))).map_or(0, |s| s.len())
            ),
            group!(
                "utf16le decode",
                |w, b| rt::fast::utf16le::decode_into(black_box(utf16le(w)), &mut b.utf8)
                    .unwrap_or(0),
                "utf16 decode (units)",
                |w, b| new::fast::utf16::decode_units_into(black_box(utf16(w)), &mut b.utf8)
                    .unwrap_or(0)
            ),
            group!(
                "utf16le encode",
                |w, b| rt::fast::utf16le::encode_into(black_box(text(w)), &mut b.utf8).unwrap_or(0),
                "utf16 encode (units)",
                |w, b| new::fast::utf16::encode_units_into(black_box(text(w)), &mut b.units)
                    .unwrap_or(0)
            ),
            group!(
                "utf32 encode",
                |w, b| rt::fast::utf32::encode_units_into(black_box(text(w)), &mut b.utf32)
                    .unwrap_or(0),
                "std chars",
                |w, b| fill(&mut b.utf32, black_box(text(w)).chars().map(u32::from))
            ),
            // The page's encoders of both runtimes come from `page()`.
            [
                (
                    "w1251 encode new",
                    row(|w, b| page.0(black_box(text(w)), &mut b.utf8)),
                ),
                (
                    "w1251 encode old",
                    row(|w, b| page.1(black_box(text(w)), &mut b.utf8)),
                ),
                (
                    "encoding_rs w1251",
                    row(|w, b| {
                        let mut enc = page.2.new_encoder();
                        let (_, _, written) = enc.encode_from_utf8_without_replacement(
                            black_box(text(w)),
                            &mut b.utf8,
                            true,
                        );
                        written
                    }),
                ),
            ],
        ]
        .into_iter()
        .flatten()
        .collect();
        // `ROWS=validate,decode_cow`: only the operations whose first row
        // holds one of these words, each with its old revision and peer.
        let only = std::env::var("ROWS").ok();
        let on = |k: usize| {
            only.as_deref()
                .is_none_or(|o| o.split(',').any(|w| rows[k / 3 * 3].0.contains(w)))
        };
        let mut bufs = Buffers {
            units: vec![0u16; longest + 16],
            utf8: vec![0u8; 3 * longest + 16],
            utf32: vec![0u32; longest + 16],
        };
        let mut t = vec![Vec::new(); rows.len()];
        for r in 0..rounds {
            // The two revisions of a row take turns going first: the one
            // that runs first reads each window after the peer's row and
            // the other operations' buffers, and lost up to half to the
            // other on texts whose windows did not fit in L2 (`--unseen`).
            let order = if r % 2 == 0 { [0, 1, 2] } else { [1, 0, 2] };
            for g in (0..rows.len()).step_by(3) {
                for k in order.map(|j| g + j) {
                    t[k].push(round(n, on(k), |w| rows[k].1(w, &mut bufs)));
                }
            }
        }
        let m: Vec<f64> = t.iter_mut().map(|v| median(v)).collect();
        let name = std::path::Path::new(&path)
            .file_stem()
            .map_or(path.clone(), |s| s.to_string_lossy().into_owned());
        // Bytes read per call, over the calls of a round.
        let mean = |f: &dyn Fn(&Window) -> usize| {
            (0..CALLS).map(|j| f(&wins[j % n])).sum::<usize>() as f64 / CALLS as f64
        };
        let (plain, modified) = (mean(&|w| w.text.len()), mean(&|w| w.java.len()));
        if unseen {
            println!(
                "{name} ({n} windows of about {plain:.0} bytes, a window a call, medians of {rounds} rounds)"
            );
        } else {
            println!("{name} ({plain:.0} bytes, medians of {rounds} rounds)");
        }
        for (k, (row, _)) in rows.iter().enumerate().filter(|&(k, _)| on(k)) {
            // The MUTF-8 decoding rows read the text in that encoding.
            let input = if rows[k / 3 * 3].0.starts_with("mutf8 decode") {
                modified
            } else {
                plain
            };
            let peer = m[k / 3 * 3 + 2];
            println!(
                "  {row:24} {:7.2} GB/s  {:5.2}x the peer",
                input / m[k] / 1e9,
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
