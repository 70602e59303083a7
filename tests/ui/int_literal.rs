// Outside `concat!`, only string literals.
const BAD: [u8; 2] = litenc::utf8!(42);

fn main() {}
