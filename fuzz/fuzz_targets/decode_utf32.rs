//! Arbitrary bytes through every decoding function of `utf32le` and
//! `utf32be`, checked against an independent reference decoder; see
//! `litenc_fuzz::check_decode`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use litenc_runtime::Encoding;

fuzz_target!(|data: &[u8]| {
    litenc_fuzz::check_decode(Encoding::Utf32Le, data);
    litenc_fuzz::check_decode(Encoding::Utf32Be, data);
});
