//! Two code pages: KOI8-R and ISO-8859-2, each decoded and encoded through
//! its own module; the first argument says which.
use litenc_runtime::{iso8859_2, koi8_r};

fn main() {
    let input = litenc_size::input();
    let (text, back) = if std::env::args().nth(1).as_deref() == Some("iso-8859-2") {
        let text = iso8859_2::decode(&input).unwrap_or_else(|_| litenc_size::fail());
        let back = iso8859_2::encode(&text).unwrap_or_else(|_| litenc_size::fail());
        (text, back)
    } else {
        let text = koi8_r::decode(&input).unwrap_or_else(|_| litenc_size::fail());
        let back = koi8_r::encode(&text).unwrap_or_else(|_| litenc_size::fail());
        (text, back)
    };
    litenc_size::output(&[text.as_bytes(), &back]);
}
