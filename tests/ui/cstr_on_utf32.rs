// UTF-32 units are mostly zero bytes: no `&CStr`.
const BAD: [u32; 3] = litenc::utf32!("hi", cstr);

fn main() {}
