// `const_encode!` (the runtime's const fn path) fails in `const` evaluation,
// with the runtime's message.
const NAME: &str = "Bär";
const BAD: [u8; 3] = litenc::const_encode!(windows1251, NAME);

fn main() {}
