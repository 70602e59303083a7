// 65,536 bytes of modified UTF-8: Java's `writeUTF` refuses it, and so does
// `len_u16be` (the file holds 65,535 bytes' worth, and "d" is one more).
static BAD: &[u8] = &litenc::mutf8!(include_str!("../macros_data/mutf8_65535.txt"), "d", len_u16be);

fn main() {}
