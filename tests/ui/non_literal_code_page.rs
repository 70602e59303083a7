// The help names the code page's `const_encode!` module.
const NAME: &str = "Привет";
const BAD: [u8; 6] = litenc::encode!("koi8-r", NAME);

fn main() {}
