// The initializer must be a string literal.
const NAME: &str = "hi";
#[litenc::encoded("utf-8")]
const TEXT: [u8; _] = NAME;

fn main() {}
