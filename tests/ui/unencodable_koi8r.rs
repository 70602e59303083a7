// A code page other than Windows-1251: the message names KOI8-R, and the
// help says what the page is and how many characters it holds.
const BAD: [u8; 5] = litenc::encode!("koi8-r", "Grüße");

fn main() {}
