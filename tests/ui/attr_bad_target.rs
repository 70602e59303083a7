// The attribute goes on a `const` or `static`.
#[litenc::encoded("utf-8")]
fn text() -> &'static str {
    "hi"
}

fn main() {}
