// Only `concat!`, `env!` and `include_str!` are evaluated.
const BAD: [u8; 3] = litenc::utf8!(stringify!(abc));

fn main() {}
