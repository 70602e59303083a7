// A USB string descriptor has no terminator: `usb_string!` takes no options.
const BAD: [u8; 6] = litenc::usb_string!("hi", nul);

fn main() {}
