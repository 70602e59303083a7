//! `wide!` and `litenc::wide` against the C library of this machine: in a
//! UTF-8 locale, `mbstowcs` turns the UTF-8 text into the C library's own
//! `wchar_t` string, and litenc's NUL-terminated array must be that string
//! unit for unit, `wcslen` must count it as the macro did, and `wcscmp`
//! must find the two equal. Every scalar value goes through, in chunks;
//! then the macro's literals.
//!
//! The locale is `C.UTF-8` (glibc 2.35 and later have it built in; the
//! test says what to install where it is missing). On Windows, whose CRT
//! has no UTF-8 `mbstowcs` by default, the test is not run.

#![allow(unsafe_code, reason = "calls into the C library, the peer")]

use std::ffi::{c_char, CString};
use std::sync::Mutex;

use litenc::{wide, WChar};

// C99 <stdlib.h> and <wchar.h>; the `libc` crate binds `wcslen` and
// `setlocale` but not these two.
extern "C" {
    fn mbstowcs(dst: *mut libc::wchar_t, src: *const c_char, n: usize) -> usize;
    fn wcscmp(a: *const libc::wchar_t, b: *const libc::wchar_t) -> libc::c_int;
}

const MIXED_TEXT: &str = "Привет, 世界 😀";
const MIXED_LEN: usize = wide::units_len(MIXED_TEXT) + 1;

/// `setlocale` is process-wide: one test at a time.
static LOCALE: Mutex<()> = Mutex::new(());

/// What the C library makes of `text` (no U+0000 in it) in a UTF-8 locale:
/// `mbstowcs` into a buffer of the right size, terminator included.
fn c_wide(text: &str) -> Vec<libc::wchar_t> {
    let c = CString::new(text).expect("no NUL");
    // SAFETY: `c` is a NUL-terminated string; a null destination asks for
    // the length only.
    let n = unsafe { mbstowcs(std::ptr::null_mut(), c.as_ptr(), 0) };
    assert_ne!(
        n,
        usize::MAX,
        "mbstowcs refused {text:?}: not a UTF-8 locale?"
    );
    let mut out: Vec<libc::wchar_t> = vec![0; n + 1];
    // SAFETY: `out` has room for `n` units and the terminator.
    let m = unsafe { mbstowcs(out.as_mut_ptr(), c.as_ptr(), n + 1) };
    assert_eq!(m, n);
    out
}

fn utf8_locale() -> std::sync::MutexGuard<'static, ()> {
    let guard = LOCALE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] {
        let c = CString::new(name).unwrap();
        // SAFETY: a valid locale name; the lock serialises the callers.
        if !unsafe { libc::setlocale(libc::LC_ALL, c.as_ptr()) }.is_null() {
            return guard;
        }
    }
    panic!(
        "no UTF-8 locale (C.UTF-8 is built into glibc 2.35+; Debian: `apt-get install locales` \
         and generate en_US.UTF-8)"
    );
}

/// `units` (NUL-terminated) against the C library's string for `text`.
fn check(text: &str, units: &[WChar]) {
    let theirs = c_wide(text);
    assert_eq!(units, &theirs[..], "{text:?}");
    // SAFETY: both are NUL-terminated arrays of `wchar_t`.
    unsafe {
        assert_eq!(libc::wcslen(units.as_ptr()), units.len() - 1, "{text:?}");
        assert_eq!(wcscmp(units.as_ptr(), theirs.as_ptr()), 0, "{text:?}");
    }
}

#[test]
fn every_scalar_value_as_mbstowcs_makes_it() {
    let _locale = utf8_locale();
    let all: Vec<char> = (1..=0x10_FFFFu32).filter_map(char::from_u32).collect();
    let mut compared = 0;
    for chunk in all.chunks(4096) {
        let text: String = chunk.iter().collect();
        let mut units = wide::encode_units(&text);
        assert_eq!(units.len(), wide::units_len(&text));
        units.push(0);
        check(&text, &units);
        // And back.
        assert_eq!(wide::decode_units(&units[..units.len() - 1]).unwrap(), text);
        compared += chunk.len();
    }
    assert_eq!(compared, 0x11_0000 - 0x800 - 1);
}

#[test]
fn the_macros_literals_as_mbstowcs_makes_them() {
    const HELLO: [WChar; 6] = litenc::wide!("Hello", nul);
    static MIXED: [WChar; MIXED_LEN] = litenc::wide!("Привет, 世界 ", "😀", nul);
    // `const_encode!` and the run-time functions agree with the macro.
    const VIA_CONST: [WChar; MIXED_LEN] = litenc::const_encode!(wide, MIXED_TEXT, nul);
    let _locale = utf8_locale();
    let edges = litenc::wide!("\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}", nul);
    let concat = litenc::wide!(concat!("v", 1, '.', 2, " ", "é"), nul);
    check("Hello", &HELLO);
    check(MIXED_TEXT, &MIXED);
    check(
        "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}",
        &edges,
    );
    check("v1.2 é", &concat);
    // Without `nul`: the same units, no terminator.
    assert_eq!(litenc::wide!("Привет")[..], MIXED[..6]);
    assert_eq!(VIA_CONST, MIXED);
    let mut buf = [0 as WChar; 16];
    let n = MIXED_LEN - 1;
    assert_eq!(wide::encode_units_into(MIXED_TEXT, &mut buf), Ok(n));
    assert_eq!(buf[..n], MIXED[..n]);
}

#[test]
fn the_c_librarys_wchar_t_is_litencs() {
    // Compile time: the same type; run time: the same size and sign.
    let same: fn(WChar) -> libc::wchar_t = |c| c;
    assert_eq!(same(1), 1);
    assert_eq!(
        std::mem::size_of::<WChar>(),
        std::mem::size_of::<libc::wchar_t>()
    );
    #[allow(
        clippy::unnecessary_cast,
        clippy::cast_sign_loss,
        clippy::invalid_upcast_comparisons,
        reason = "WChar is i32 or u32 by target: on some targets a cast is a no-op and the answer known"
    )]
    let signed = (-1i64 as WChar as i64) < 0;
    assert_eq!(signed, WChar::MIN != 0);
    println!(
        "wchar_t: {} bits, {}",
        WChar::BITS,
        if signed { "signed" } else { "unsigned" }
    );
}
