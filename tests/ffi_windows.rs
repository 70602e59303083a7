//! `PCWSTR` and `PCSTR` of windows-strings (0.5, Windows targets only),
//! read back through their own API: `as_wide`, `as_bytes`, `to_string`, and
//! held to the crate's own literals, `w!` and `s!`. On Linux `.ci/run` runs
//! this file under Miri for `x86_64-pc-windows-gnu`, whose `wcslen` and
//! `strlen` Miri provides.

#![cfg(all(feature = "windows-strings", windows))]
#![allow(unsafe_code, reason = "reading a PCWSTR or PCSTR is unsafe")]
#![warn(clippy::undocumented_unsafe_blocks)]

use litenc::{encode, utf16, utf8, wide, windows1251};
use windows_strings::{s, w, PCSTR, PCWSTR};

const CAPTION: PCWSTR = utf16!("Привет 👋", pcwstr);
const WIDE: PCWSTR = wide!("Grüße, 東京", pcwstr);
const MARKED: PCWSTR = utf16!("hi", bom, pcwstr);
const ANSI: PCSTR = windows1251!("Привет", pcstr);
const LABELLED: PCSTR = encode!("cp437", "╔═╗", pcstr);

/// The units of `p` before its terminator, and the same as a `String`.
fn read_wide(p: PCWSTR) -> (Vec<u16>, String) {
    // SAFETY: every `PCWSTR` passed here comes from `utf16!`, `wide!` or
    // `w!` with `pcwstr`: a pointer to `static` units that end with their
    // one zero unit.
    unsafe { (p.as_wide().to_vec(), p.to_string().unwrap()) }
}

fn read_bytes(p: PCSTR) -> Vec<u8> {
    // SAFETY: as in `read_wide`, a pointer to `static` NUL-terminated bytes.
    unsafe { p.as_bytes().to_vec() }
}

macro_rules! check {
    ($text:tt) => {{
        let text: &str = $text;
        let (units, string) = read_wide(utf16!($text, pcwstr));
        assert_eq!(string, text);
        assert_eq!(units, text.encode_utf16().collect::<Vec<_>>());
        assert_eq!(read_wide(w!($text)), (units.clone(), string));
        assert_eq!(read_wide(wide!($text, pcwstr)).0, units);
        assert_eq!(read_bytes(utf8!($text, pcstr)), text.as_bytes());
        assert_eq!(read_bytes(s!($text)), text.as_bytes());
    }};
}

#[test]
fn windows_strings_reads_what_litenc_wrote() {
    check!("");
    check!("hello, world");
    check!("Привет, мир");
    check!("Grüße, 東京, مرحبا");
    check!("x😀y🎉\u{10000}\u{10FFFF}");
    check!("\u{7F}\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFD}\u{FFFF}");
}

#[test]
fn consts_code_pages_and_the_mark() {
    assert_eq!(read_wide(CAPTION).1, "Привет 👋");
    assert_eq!(read_wide(WIDE).1, "Grüße, 東京");
    assert_eq!(read_wide(MARKED).0, [0xFEFF, 0x68, 0x69]);
    assert_eq!(read_bytes(ANSI), [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2]);
    assert_eq!(read_bytes(LABELLED), [0xC9, 0xCD, 0xBB]);
}
