// windows-strings 0.5 defines `PCWSTR` for Windows targets only.
fn main() {
    let _caption = litenc::utf16!("Привет", pcwstr);
}
