//! Arbitrary bytes through every decoding function of one single-byte
//! encoding: the first byte picks which (of the 44, modulo 44), the rest is
//! the input; see `litenc_fuzz::check_decode_single_byte`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    litenc_fuzz::check_decode_single_byte(data);
});
