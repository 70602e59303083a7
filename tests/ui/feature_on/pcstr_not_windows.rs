// windows-strings 0.5 defines `PCSTR` for Windows targets only.
fn main() {
    let _ansi = litenc::utf8!("héllo", pcstr);
}
