// 256 bytes of UTF-8: one more than a one-byte length can count.
const BAD: [u8; 257] = litenc::utf8!(
    "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
    "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
    "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
    "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
    len_u8
);

fn main() {}
