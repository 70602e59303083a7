//! Any encoding by label (the first argument) through `Encoding::for_label`,
//! which links every table.
use litenc_runtime::Encoding;

fn main() {
    let label = std::env::args().nth(1).unwrap_or_default();
    let enc = Encoding::for_label(&label).unwrap_or_else(|| litenc_size::fail());
    let input = litenc_size::input();
    let text = enc.decode(&input).unwrap_or_else(|_| litenc_size::fail());
    let back = enc.encode(&text).unwrap_or_else(|_| litenc_size::fail());
    litenc_size::output(&[text.as_bytes(), &back]);
}
