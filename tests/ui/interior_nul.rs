// A NUL-terminated wide string cannot hold U+0000: UTF-16 writes it as a
// zero unit (MUTF-8 would not).
static BAD: [u16; 8] = litenc::utf16!("key\0value", nul);

fn main() {}
