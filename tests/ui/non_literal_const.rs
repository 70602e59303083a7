// A `const` name is not a literal: the help points to `const_encode!`.
const NAME: &str = "Bob";
const BAD: [u8; 3] = litenc::utf16be!(NAME);

fn main() {}
