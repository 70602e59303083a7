//! Arbitrary bytes through every decoding function of each multi-byte
//! encoding (GBK, gb18030, Big5, EUC-JP, ISO-2022-JP, Shift_JIS, EUC-KR),
//! checked against encoding_rs; see `litenc_fuzz::check_decode`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for enc in litenc_fuzz::cjk_encodings() {
        litenc_fuzz::check_decode(enc, data);
    }
});
