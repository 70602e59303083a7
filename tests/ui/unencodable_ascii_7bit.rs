// Strict 7-bit ASCII holds no "é" (WHATWG's `ascii` label, which is
// windows-1252, does: the help says so).
const BAD: [u8; 1] = litenc::encode!("ascii-7bit", "é");

fn main() {}
