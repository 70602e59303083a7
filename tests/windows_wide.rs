//! What `wide!` and `litenc::WChar` are on Windows: `wchar_t` is UTF-16
//! there, so `wide!` must give the 16-bit units of `utf16!`, which std's
//! `encode_utf16` and the runtime's `wide` module agree with, terminator,
//! width and padding included. (On Linux, `tests/facade/conformance_wchar.rs`
//! holds `wide!` to the C library's 32-bit `wchar_t`.)
//!
//! Built for Windows only; `scripts/targets.sh` runs it under Wine on
//! `x86_64-pc-windows-gnu` and `i686-pc-windows-gnu`.

#![cfg(all(windows, feature = "macros"))]
#![forbid(unsafe_code)]

use core::any::TypeId;

use litenc::{utf16, wide, WChar};

// The runtime's own flag, at compile time.
const _: () = assert!(litenc::wide::IS_UTF16);

#[test]
fn wchar_is_u16() {
    assert_eq!(TypeId::of::<WChar>(), TypeId::of::<u16>());
}

/// `wide!(text)` against std's UTF-16, `utf16!` and the runtime's `wide`
/// module, with and without its terminator.
macro_rules! check {
    ($text:tt) => {{
        let text: &str = $text;
        let units: Vec<u16> = text.encode_utf16().collect();
        let plain: &[WChar] = &wide!($text);
        let terminated: &[WChar] = &wide!($text, nul);
        assert_eq!(plain, &units[..], "{text:?}");
        assert_eq!(plain, &utf16!($text)[..], "{text:?}");
        assert_eq!(terminated[..units.len()], units[..], "{text:?}");
        assert_eq!(terminated[units.len()..], [0], "{text:?}");
        assert_eq!(litenc::wide::units_len(text), units.len(), "{text:?}");
    }};
}

#[test]
fn wide_is_the_utf16_of_the_text() {
    check!("");
    check!("hello, world");
    check!("Привет, мир");
    check!("Grüße, 東京, مرحبا");
    check!("😀");
    check!("x😀y🎉\u{10000}\u{10FFFF}");
    check!("\u{7F}\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFD}\u{FFFF}");
    check!(r"C:\Windows\System32\Привет 🌍.txt");
}

#[test]
fn wide_padded_in_16_bit_units() {
    // A character outside the Basic Multilingual Plane takes two of the
    // 40 units; the padding fills the rest.
    let padded: [WChar; 40] = wide!("Grüße 😀", width = 40, pad = 0xFEFF);
    let mut want: Vec<u16> = "Grüße 😀".encode_utf16().collect();
    assert_eq!(want.len(), 8);
    want.resize(40, 0xFEFF);
    assert_eq!(padded[..], want[..]);
    let spaces: [WChar; 4] = wide!("a", nul, width = 4);
    assert_eq!(spaces, [0x61, 0, 0x20, 0x20]);
}
