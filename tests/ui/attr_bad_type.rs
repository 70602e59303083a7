// A type the attribute cannot fill in.
#[litenc::encoded("utf-8")]
const TEXT: &str = "hi";

fn main() {}
