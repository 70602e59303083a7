//! Arbitrary UTF-16 code units through the `utf16` unit functions, checked
//! against `String::from_utf16`; see `litenc_fuzz::check_utf16_units`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    litenc_fuzz::check_utf16_units(&litenc_fuzz::units_le(data));
});
