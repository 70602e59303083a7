// Characters Shift_JIS lacks (hangul, an emoji), each named with its index
// and context, as for the single-byte encodings.
const BAD: [u8; 16] = litenc::encode!("shift_jis", "日本語と한국어 😀");

fn main() {}
