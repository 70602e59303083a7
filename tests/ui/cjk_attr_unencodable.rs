// The attribute with a multi-byte encoding: GBK has no hangul and no emoji.
#[litenc::encoded("gbk")]
static TEXT: &[u8] = "你好 안녕 😀";

fn main() {}
