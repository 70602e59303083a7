// Characters GSM 03.38 lacks, each named with its position.
const SMS: [u8; 8] = litenc::encode!("gsm0338", "Ça va? 😀 `ok`");

fn main() {}
