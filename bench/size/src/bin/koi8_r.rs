//! One code page: KOI8-R decoded and encoded through `litenc_runtime::koi8_r`.
use litenc_runtime::koi8_r;

fn main() {
    let input = litenc_size::input();
    let text = koi8_r::decode(&input).unwrap_or_else(|_| litenc_size::fail());
    let back = koi8_r::encode(&text).unwrap_or_else(|_| litenc_size::fail());
    litenc_size::output(&[text.as_bytes(), &back]);
}
