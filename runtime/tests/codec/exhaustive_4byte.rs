//! The 4-byte part of the exhaustive sweep: every input `F0..F4 xx yy zz`
//! (5 × 256³ = 83,886,080 inputs), through UTF-8 against
//! `core::str::from_utf8` and `String::from_utf8_lossy`, and through
//! MUTF-8 and CESU-8, which have no 4-byte forms and must reject the lead
//! alone (error at the lead, length 1). Each input is checked behind 0 to 64
//! ASCII bytes of padding, so that a decoder that reads in blocks meets the
//! sequence at every offset of a 64-byte block.
//!
//! `cargo test` runs a deterministic sample (813,504 checks, a few seconds
//! in a debug build): every lead with the other three bytes at every range
//! boundary, each behind every padding 0..=64; every second byte after the
//! leads `F0` and `F4`, whose ranges are cut; every fourth byte after the
//! edges of each lead's range. The whole sweep runs when `LITENC_EXHAUSTIVE=1`, on
//! all cores, each input behind one padding length (the input's index mod
//! 65, so every padding is used about 1.3 million times), with lossy
//! decoding on every input:
//!
//! ```text
//! LITENC_EXHAUSTIVE=1 cargo test --release -p litenc-runtime --test codec exhaustive_4byte::
//! ```

use std::borrow::Cow;
use std::sync::atomic::{AtomicUsize, Ordering};

use litenc_runtime::{Encoding, cesu8, mutf8, utf8};

/// The most padding in front of an input.
const MAX_PAD: usize = 64;

/// The bytes around which Table 3-7 changes its mind: the ASCII edge, the
/// continuation range `80..BF` and its sub-ranges `80..8F`, `90..9F`,
/// `A0..BF` (what `F0`, `F4` and `ED` allow), and the lead bytes above.
const EDGES: [u8; 12] = [
    0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF4, 0xFF,
];

/// Checks the 4-byte `seq` behind `pad` ASCII bytes; `lossy` also compares
/// lossy decoding, `out` is scratch space for `decode_into`.
fn check(seq: [u8; 4], pad: usize, lossy: bool, out: &mut [u8; MAX_PAD + 4]) {
    let mut buf = [b'a'; MAX_PAD + 4];
    buf[pad..pad + 4].copy_from_slice(&seq);
    let input = &buf[..pad + 4];

    let ours = utf8::validate(input);
    match core::str::from_utf8(input) {
        Ok(_) => {
            assert_eq!(ours, Ok(()), "utf8 {seq:02X?} behind {pad}");
            assert_eq!(utf8::decoded_len(input), Ok(input.len()));
            out.fill(0);
            assert_eq!(utf8::decode_into(input, out), Ok(input.len()));
            assert_eq!(&out[..input.len()], input, "utf8 decode_into {seq:02X?}");
        }
        Err(e) => {
            let got = ours.expect_err("std rejects it");
            assert_eq!(
                (got.valid_up_to(), got.error_len()),
                (e.valid_up_to(), e.error_len()),
                "utf8 {seq:02X?} behind {pad}"
            );
            assert_eq!(got.encoding(), Encoding::Utf8);
            assert_eq!(utf8::decoded_len(input), Err(got));
            assert_eq!(utf8::decode_into(input, out), Err(got));
        }
    }
    if lossy {
        let ours = utf8::decode_lossy(input);
        let std = String::from_utf8_lossy(input);
        assert_eq!(ours, std, "utf8 lossy {seq:02X?} behind {pad}");
        assert_eq!(
            matches!(ours, Cow::Borrowed(_)),
            matches!(std, Cow::Borrowed(_)),
            "utf8 lossy borrows {seq:02X?}"
        );
    }

    // No 4-byte forms in the CESU-8 family: the lead alone is the error.
    for (name, got) in [
        ("mutf8", mutf8::validate(input)),
        ("cesu8", cesu8::validate(input)),
    ] {
        let err = got.expect_err("a 4-byte form");
        assert_eq!(
            (err.valid_up_to(), err.error_len()),
            (pad, Some(1)),
            "{name} {seq:02X?} behind {pad}"
        );
    }
}

/// Every combination of the given bytes after `lead`.
fn sweep(leads: &[u8], seconds: &[u8], thirds: &[u8], fourths: &[u8], pads: &[usize]) -> usize {
    let mut out = [0u8; MAX_PAD + 4];
    let mut n = 0;
    for &b0 in leads {
        for &b1 in seconds {
            for &b2 in thirds {
                for &b3 in fourths {
                    for &pad in pads {
                        check([b0, b1, b2, b3], pad, true, &mut out);
                        n += 1;
                    }
                }
            }
        }
    }
    n
}

const LEADS: [u8; 5] = [0xF0, 0xF1, 0xF2, 0xF3, 0xF4];

fn all_bytes() -> Vec<u8> {
    (0..=u8::MAX).collect()
}

/// The sample `cargo test` runs.
#[test]
fn four_byte_sample() {
    let pads: Vec<usize> = (0..=MAX_PAD).collect();
    let mut n = 0;
    // Every lead, every edge in the other three places, every padding.
    n += sweep(&LEADS, &EDGES, &EDGES, &EDGES, &pads);
    // `F0` and `F4`, where the second byte's range is cut, with every
    // second byte.
    n += sweep(&[0xF0, 0xF4], &all_bytes(), &EDGES, &EDGES, &[0, 13, 63]);
    // The first and last scalar values of every lead, with every last byte.
    n += sweep(
        &LEADS,
        &[0x80, 0x8F, 0x90, 0xBF],
        &[0x80, 0xBF],
        &all_bytes(),
        &[0, 7, 60],
    );
    eprintln!("checked {n} inputs");
}

/// Every 4-byte input that starts with `F0..F4`; `LITENC_EXHAUSTIVE=1`.
#[test]
fn four_byte_exhaustive() {
    if std::env::var_os("LITENC_EXHAUSTIVE").is_none_or(|v| v != "1") {
        eprintln!("skipped: set LITENC_EXHAUSTIVE=1 (and use --release) for all 83,886,080 inputs");
        return;
    }
    let start = std::time::Instant::now();
    // One job is one (lead, second byte): 65,536 inputs.
    let jobs: Vec<(u8, u8)> = LEADS
        .iter()
        .flat_map(|&b0| (0..=u8::MAX).map(move |b1| (b0, b1)))
        .collect();
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(2, usize::from);
    let checked = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut out = [0u8; MAX_PAD + 4];
                loop {
                    let job = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(b0, b1)) = jobs.get(job) else {
                        break;
                    };
                    for rest in 0..=u16::MAX {
                        let [b2, b3] = rest.to_be_bytes();
                        let index = (job << 16) | rest as usize;
                        check([b0, b1, b2, b3], index % (MAX_PAD + 1), true, &mut out);
                    }
                    checked.fetch_add(1 << 16, Ordering::Relaxed);
                }
            });
        }
    });
    let n = checked.into_inner();
    assert_eq!(n, 5 << 24);
    eprintln!(
        "checked all {n} inputs on {threads} threads in {:.1?}",
        start.elapsed()
    );
}
