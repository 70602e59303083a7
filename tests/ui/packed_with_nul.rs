// Packed septets have no terminator.
const SMS: [u8; 2] = litenc::encode!("gsm0338", "hi", packed, nul);

fn main() {}
