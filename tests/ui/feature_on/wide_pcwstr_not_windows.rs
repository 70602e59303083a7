// Outside Windows, `wchar_t` is not the 16-bit unit of a `PCWSTR` (and
// windows-strings 0.5 has no `PCWSTR` there).
fn main() {
    let _caption = litenc::wide!("Привет", pcwstr);
}
