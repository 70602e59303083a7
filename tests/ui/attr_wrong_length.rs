// A written length must be the encoded length.
#[litenc::encoded("utf-16le")]
const TEXT: [u8; 3] = "hi";

fn main() {}
