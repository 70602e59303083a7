// Without the feature "windows-strings", litenc has no `PCWSTR` to give.
fn main() {
    let _caption = litenc::utf16!("Привет", pcwstr);
}
