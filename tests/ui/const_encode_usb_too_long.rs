// `const_encode!(usb_string, ..)` refuses what `bLength` cannot count, in
// `const` evaluation.
const SERIAL: &str = "0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456";
const BAD: [u8; 256] = litenc::const_encode!(usb_string, SERIAL);

fn main() {}
