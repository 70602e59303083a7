// A text longer than its fixed-width field: both lengths named.
const NAME: [u8; 8] = litenc::encode!("cp437", "Hello, world", width = 8);

fn main() {}
