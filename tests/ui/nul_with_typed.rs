// `pcwstr` already ends with its zero unit.
const BAD: [u16; 3] = litenc::utf16!("hi", pcwstr, nul);

fn main() {}
