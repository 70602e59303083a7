//! encoding_rs, any encoding by label (the first argument), decoding and
//! encoding.
fn main() {
    let label = std::env::args().nth(1).unwrap_or_default();
    let enc =
        encoding_rs::Encoding::for_label(label.as_bytes()).unwrap_or_else(|| litenc_size::fail());
    let input = litenc_size::input();
    let (text, malformed) = enc.decode_without_bom_handling(&input);
    if malformed {
        litenc_size::fail();
    }
    let (back, _, unmappable) = enc.encode(&text);
    if unmappable {
        litenc_size::fail();
    }
    litenc_size::output(&[text.as_bytes(), &back]);
}
