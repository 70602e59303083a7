// Without the feature "widestring", litenc has no `U32CStr` to give.
fn main() {
    let _chars = litenc::utf32!("Привет", u32cstr);
}
