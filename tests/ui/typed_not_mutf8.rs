// `&JNIStr` holds modified UTF-8, and `utf8!` gives UTF-8.
const BAD: &str = litenc::utf8!("java/lang/String", jnistr);

fn main() {}
