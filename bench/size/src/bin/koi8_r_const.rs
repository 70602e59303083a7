//! One code page through its `const fn`s only (`decoded_len`, `decode_into`,
//! `encode_into`: no SIMD, no `fast`).
use litenc_runtime::koi8_r;

fn main() {
    let input = litenc_size::input();
    let n = koi8_r::decoded_len(&input).unwrap_or_else(|_| litenc_size::fail());
    let mut text = vec![0u8; n];
    koi8_r::decode_into(&input, &mut text).unwrap_or_else(|_| litenc_size::fail());
    let text = String::from_utf8(text).unwrap_or_else(|_| litenc_size::fail());
    let mut back = vec![0u8; text.len()];
    let m = koi8_r::encode_into(&text, &mut back).unwrap_or_else(|_| litenc_size::fail());
    litenc_size::output(&[text.as_bytes(), &back[..m]]);
}
