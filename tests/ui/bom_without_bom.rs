// Windows-1251 has no byte-order mark.
const BAD: [u8; 2] = litenc::windows1251!("Да", bom);

fn main() {}
