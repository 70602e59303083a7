//! Strings for Windows APIs, encoded at compile time:
//! `cargo run --example windows_ffi`.
//!
//! The `W` functions take NUL-terminated UTF-16 (`*const u16`); the `A`
//! functions take the bytes of the ANSI code page, which is Windows-1251 on
//! a Russian-locale system. Both are built by the compiler from string
//! literals, checked (a character Windows-1251 lacks is a compile error) and
//! placed in read-only data: no allocation, no conversion at run time.
//!
//! On Windows the example calls `MessageBoxW` and `MessageBoxA`; elsewhere it
//! prints what it would pass.

use litenc::{utf16, windows1251};

/// `LPCWSTR`s: NUL-terminated UTF-16 code units.
static TITLE_W: [u16; 16] = utf16!("litenc · Привет", nul);
static TEXT_W: [u16; 35] = utf16!("Wide API: UTF-16 with NUL, 😀 too.", nul);

/// `LPCSTR`s in the ANSI code page 1251.
static TITLE_A: [u8; 14] = windows1251!("litenc — ANSI", nul);
static TEXT_A: [u8; 31] = windows1251!("Кодовая страница 1251, № 5, €.", nul);

#[cfg(windows)]
mod win32 {
    #[link(name = "user32")]
    extern "system" {
        pub fn MessageBoxW(
            hwnd: *mut core::ffi::c_void,
            text: *const u16,
            caption: *const u16,
            kind: u32,
        ) -> i32;
        pub fn MessageBoxA(
            hwnd: *mut core::ffi::c_void,
            text: *const u8,
            caption: *const u8,
            kind: u32,
        ) -> i32;
    }
}

#[cfg(windows)]
#[allow(unsafe_code)] // the FFI calls; the strings themselves need no unsafe
fn show() {
    // SAFETY: both strings are NUL-terminated arrays that live for the
    // whole program (`static`); a null owner window is allowed.
    unsafe {
        win32::MessageBoxW(core::ptr::null_mut(), TEXT_W.as_ptr(), TITLE_W.as_ptr(), 0);
        win32::MessageBoxA(core::ptr::null_mut(), TEXT_A.as_ptr(), TITLE_A.as_ptr(), 0);
    }
}

#[cfg(not(windows))]
fn show() {
    println!("MessageBoxW(caption: {:04X?}, ...)", &TITLE_W[..]);
    println!("MessageBoxA(caption: {:02X?}, ...)", &TITLE_A[..]);
}

fn main() {
    // The terminators are part of the arrays: exactly one zero unit, last.
    assert_eq!(TITLE_W.last(), Some(&0));
    assert_eq!(TEXT_A.iter().position(|&b| b == 0), Some(TEXT_A.len() - 1));
    println!(
        "wide text: {} units, ANSI text: {} bytes",
        TEXT_W.len(),
        TEXT_A.len()
    );
    println!(
        "round trip: {:?} / {:?}",
        litenc::utf16::decode_units(&TEXT_W[..TEXT_W.len() - 1]).unwrap(),
        litenc::windows1251::decode(&TEXT_A[..TEXT_A.len() - 1]).unwrap()
    );
    show();
}
