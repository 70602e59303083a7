// The attribute reports characters as the macros do.
#[litenc::encoded("cp1251")]
static TEXT: &[u8] = "naïve 😀";

fn main() {}
