//! Memory: no `_into` function allocates, neither the `const fn`s
//! nor their run-time twins in `fast` (whose kernels run with AVX2 here, if
//! the CPU has it). A counting global allocator counts the allocations of
//! the calling thread only, so the test harness's own threads do not count.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use litenc_runtime::{Encoding, fast, mutf8, utf16};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call is forwarded to `System` unchanged; the counter is a
// thread-local `Cell` with a `const` initialiser, which does not allocate.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's contract for `alloc` is passed on as it is.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's contract for `realloc` is passed on as it is.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations_in(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}

#[test]
fn no_into_function_allocates() {
    let texts = [
        String::new(),
        "plain ASCII text ".repeat(40),
        "Съешь же ещё этих мягких французских булок, да выпей чаю. ".repeat(20),
        "中文 😀 a\0b ".repeat(50),
    ];
    // Built before counting: the inputs in every form, and the buffers.
    let encoded: Vec<Vec<(Encoding, Vec<u8>)>> = texts
        .iter()
        .map(|t| {
            Encoding::ALL
                .iter()
                .filter_map(|&e| e.encode(t).ok().map(|b| (e, b)))
                .collect()
        })
        .collect();
    let units: Vec<Vec<u16>> = texts.iter().map(|t| t.encode_utf16().collect()).collect();
    let mut out = vec![0u8; 16 * 1024];
    let mut out16 = vec![0u16; 8 * 1024];
    let bad = b"abc\xE2\x82 and more text after the error";

    let n = allocations_in(|| {
        for (k, text) in texts.iter().enumerate() {
            for &enc in Encoding::ALL {
                let _ = enc.encoded_len(text);
                let _ = enc.encode_into(text, &mut out);
                let _ = enc.encode_into(text, &mut out[..3]);
                let _ = fast::encoded_len(enc, text);
                let _ = fast::encode_into(enc, text, &mut out);
                let _ = fast::encode_into(enc, text, &mut out[..3]);
                let _ = enc.decode_into(bad, &mut out);
                let _ = fast::decode_into(enc, bad, &mut out);
            }
            for (enc, bytes) in &encoded[k] {
                let _ = enc.validate(bytes);
                let _ = enc.decoded_len(bytes);
                let _ = enc.decode_into(bytes, &mut out);
                let _ = fast::validate(*enc, bytes);
                let _ = fast::decoded_len(*enc, bytes);
                let _ = fast::decode_into(*enc, bytes, &mut out);
                let _ = fast::decode_into(*enc, bytes, &mut out[..5]);
            }
            let _ = utf16::encode_units_into(text, &mut out16);
            let _ = fast::utf16::encode_units_into(text, &mut out16);
            let _ = fast::utf16::units_len(text);
            let _ = utf16::decode_units_into(&units[k], &mut out);
            let _ = fast::utf16::decode_units_into(&units[k], &mut out);
            let _ = fast::utf16::decoded_units_len(&units[k]);
            let _ = mutf8::encode_units_into(&units[k], &mut out);
            let _ = fast::implementation();
        }
    });
    assert_eq!(n, 0, "the _into functions allocated {n} times");
    // The counter works: the `alloc` helpers do allocate.
    assert!(allocations_in(|| drop(Encoding::Utf8.encode("x"))) > 0);
}

#[test]
fn stream_coders_do_not_allocate() {
    use litenc_runtime::stream::{Decoder, DecoderResult, Encoder, EncoderResult};

    let text = "Съешь же ещё этих мягких французских булок 😀 a\0b ".repeat(40);
    let inputs: Vec<(Encoding, Vec<u8>)> = Encoding::ALL
        .iter()
        .map(|&e| {
            (
                e,
                e.encode(&text)
                    .unwrap_or_else(|_| b"ab\xFFcd\x80".repeat(300)),
            )
        })
        .collect();
    let mut out = vec![0u8; 4096];
    let mut small = [0u8; 3];
    let mut written_total = 0;
    let n = allocations_in(|| {
        for (enc, bytes) in &inputs {
            for dst in [&mut out[..], &mut small[..]] {
                let mut d = Decoder::new(*enc);
                for (i, piece) in bytes.chunks(777).enumerate() {
                    let last = (i + 1) * 777 >= bytes.len();
                    let mut piece = piece;
                    loop {
                        let (r, read, written) = d.decode(piece, dst, last);
                        written_total += written;
                        piece = &piece[read..];
                        if matches!(r, DecoderResult::InputEmpty | DecoderResult::Finished) {
                            break;
                        }
                    }
                    let _ = d.decode_lossy(piece, dst, last);
                }
                let mut e = Encoder::new(*enc);
                let mut rest = text.as_str();
                loop {
                    let (r, read, written) = e.encode(rest, dst, true);
                    written_total += written;
                    rest = &rest[read..];
                    if r == EncoderResult::Finished {
                        break;
                    }
                }
            }
        }
    });
    assert_eq!(n, 0, "the stream coders allocated {n} times");
    assert!(written_total > 100_000, "{written_total}");
}
