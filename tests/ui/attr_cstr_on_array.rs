// `cstr` needs the type `&CStr`.
#[litenc::encoded("utf-8", cstr)]
const TEXT: [u8; _] = "hi";

fn main() {}
