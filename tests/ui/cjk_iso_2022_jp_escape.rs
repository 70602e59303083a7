// ISO-2022-JP cannot hold ESC, which would switch its character set.
const BAD: [u8; 8] = litenc::encode!("iso-2022-jp", "a\u{1B}(Bかな");

fn main() {}
