// A label `Encoding::for_label` does not know: the message lists the valid ones.
const BAD: [u8; 2] = litenc::encode!("koi8-r", "hi");

fn main() {}
