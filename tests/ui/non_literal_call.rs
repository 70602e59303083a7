// Nor is a function call.
fn name() -> &'static str {
    "Bob"
}
const BAD: [u8; 3] = litenc::mutf8!("Hello, ", name());

fn main() {}
