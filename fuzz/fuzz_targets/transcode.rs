//! UTF-8 to every encoding and back, every encoding to every other, and
//! `utf8` against `core::str::from_utf8`; see `litenc_fuzz::check_transcode`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    litenc_fuzz::check_transcode(data);
});
