// One character Windows-1251 lacks: the message names it, its U+XXXX, its
// index and the text around it.
const BAD: [u8; 3] = litenc::windows1251!("Bär");

fn main() {}
