// Without the feature "windows-strings", litenc has no `PCSTR` to give.
fn main() {
    let _ansi = litenc::windows1251!("Привет", pcstr);
}
