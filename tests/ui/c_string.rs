// A C string literal is already a `&CStr`.
const BAD: [u8; 2] = litenc::mutf8!(c"hi");

fn main() {}
