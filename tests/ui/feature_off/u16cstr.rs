// Without the feature "widestring", litenc has no `U16CStr` to give.
fn main() {
    let _wide = litenc::utf16!("Привет", u16cstr);
}
