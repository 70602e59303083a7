// `const_encode!` with a multi-byte encoding: the compile error names the
// first character EUC-KR lacks, with its byte offset.
const TEXT: &str = "한국어 😀";
const BAD: [u8; 14] = litenc::const_encode!(euc_kr, TEXT);

fn main() {}
