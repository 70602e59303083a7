// A label `Encoding::for_label` does not know: the message suggests the nearest ones.
const BAD: [u8; 2] = litenc::encode!("koi8r-ru", "hi");

fn main() {}
