//! Arbitrary UTF-16 code units (unpaired surrogates included) through
//! `mutf8::encode_units_into` and back; see `litenc_fuzz::check_mutf8_units`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    litenc_fuzz::check_mutf8_units(&litenc_fuzz::units_le(data));
});
