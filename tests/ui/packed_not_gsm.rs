// `packed` packs GSM 03.38 septets only.
const SMS: [u8; 2] = litenc::encode!("cp437", "hi", packed);

fn main() {}
