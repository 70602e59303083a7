//! The streaming decoder and encoder on input cut at two points, through a
//! small output buffer, against the one-shot functions; see
//! `litenc_fuzz::check_stream`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    litenc_fuzz::check_stream(data);
});
