//! The baseline: input to output, no conversion.
fn main() {
    let input = litenc_size::input();
    litenc_size::output(&[&input]);
}
