//! What the benchmarks of `benches/` and `src/bin/` share: [`CpuTime`],
//! [`DEVICE_GROUPS`] and [`device_text`].

use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::Throughput;

/// Time as the CPU time of the benchmark thread rather than wall time, so
/// that the figures hold on a shared machine: time the thread spends
/// descheduled while other work runs is not counted. On an idle machine
/// the two agree.
pub struct CpuTime;

/// The CPU time the calling thread has used.
#[must_use]
pub fn thread_cpu() -> Duration {
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

/// The pages of devices and old systems, each group beside the Windows page
/// of its script (the first of its pages) on that page's code-page corpus
/// (`corpora/code_pages/<corpus>.txt`): corpus, name, whether the corpus
/// must exist (Hebrew's catalogs are not on every machine), pages.
pub const DEVICE_GROUPS: &[(&str, &str, bool, &[litenc_runtime::Encoding])] = {
    use litenc_runtime::Encoding as E;
    &[
        (
            "windows1252",
            "de+fr",
            true,
            &[
                E::Windows1252,
                E::Windows1254,
                E::Ibm037,
                E::Ibm273,
                E::Ibm500,
                E::Ibm1026,
                E::Ibm1140,
                E::Ibm1047,
                E::MacIceland,
                E::MacCroatian,
                E::MacRomanian,
                E::MacTurkish,
                E::HpRoman8,
                E::PalmOs,
            ],
        ),
        (
            "iso8859_2",
            "pl+cs+hu",
            true,
            &[E::Windows1250, E::MacLatin2],
        ),
        (
            "windows1251",
            "ru",
            true,
            &[E::Windows1251, E::Kz1048, E::Ptcp154, E::Koi8T, E::Ibm1125],
        ),
        (
            "windows1253",
            "el",
            true,
            &[E::Windows1253, E::Ibm875, E::MacGreek],
        ),
        (
            "windows1255",
            "he",
            false,
            &[E::Windows1255, E::Ibm424, E::Ibm856],
        ),
    ]
};

/// The text of a device group: its corpus with every character one of
/// `pages` lacks dropped; `None` if the corpus is missing and not
/// `required`.
///
/// # Panics
/// If a required corpus is missing (`bench/report` makes them).
#[must_use]
pub fn device_text(
    corpus: &str,
    required: bool,
    pages: &[litenc_runtime::Encoding],
) -> Option<String> {
    let path = format!(
        "{}/corpora/code_pages/{corpus}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let full = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(_) if !required => {
            eprintln!("{path}: missing, {corpus} not measured (no text for it on this machine)");
            return None;
        }
        Err(e) => {
            panic!("{path}: {e}; run `python3 bench/corpora/code_pages.py` (bench/report does)")
        }
    };
    Some(
        full.chars()
            .filter(|&ch| {
                let mut buf = [0u8; 4];
                let one = ch.encode_utf8(&mut buf);
                pages.iter().all(|e| e.encode(one).is_ok())
            })
            .collect(),
    )
}
