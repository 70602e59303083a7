// UTF-16 bytes padded with whole spaces cannot fill an odd gap.
const NAME: [u8; 5] = litenc::utf16le!("ab", width = 5);

fn main() {}
