//! One code page with an AVX2 kernel of its own: Windows-1251 through
//! `litenc_runtime::windows1251`.
use litenc_runtime::windows1251;

fn main() {
    let input = litenc_size::input();
    let text = windows1251::decode(&input).unwrap_or_else(|_| litenc_size::fail());
    let back = windows1251::encode(&text).unwrap_or_else(|_| litenc_size::fail());
    litenc_size::output(&[text.as_bytes(), &back]);
}
