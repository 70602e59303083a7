//! encoding_rs decoding and encoding KOI8-R.
fn main() {
    let input = litenc_size::input();
    let (text, malformed) = encoding_rs::KOI8_R.decode_without_bom_handling(&input);
    if malformed {
        litenc_size::fail();
    }
    let (back, _, unmappable) = encoding_rs::KOI8_R.encode(&text);
    if unmappable {
        litenc_size::fail();
    }
    litenc_size::output(&[text.as_bytes(), &back]);
}
