// Without the feature "jni", litenc has no `JNIStr` to give.
fn main() {
    let _class = litenc::mutf8!("java/lang/String", jnistr);
}
