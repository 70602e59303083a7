//! Arbitrary text through every encoder, into buffers of every interesting
//! size, and back; see `litenc_fuzz::check_encode`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    litenc_fuzz::check_encode(&String::from_utf8_lossy(data));
});
