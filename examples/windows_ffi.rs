//! Strings for Windows APIs, encoded at compile time:
//! `cargo run --example windows_ffi`.
//!
//! The `W` functions take NUL-terminated UTF-16 (`*const u16`); the `A`
//! functions and `MultiByteToWideChar` take the bytes of a code page, here
//! Windows-1251, the ANSI code page of a Russian-locale system. litenc's
//! macros build both from string literals, checked (a character Windows-1251
//! lacks is a compile error) and placed in read-only data: no allocation, no
//! conversion at run time.
//!
//! On Windows (and under Wine, where `scripts/targets.sh` runs it) the
//! example makes the real calls and checks what comes back: it creates a
//! file whose name is in Cyrillic with an emoji through `CreateFileW`, finds
//! it with `GetFileAttributesW` and reads it back through `std::fs`; counts
//! a literal with `lstrlenW`, compares two with `CompareStringOrdinal`, and
//! converts the Windows-1251 bytes with `MultiByteToWideChar` and back with
//! `WideCharToMultiByte`. `MessageBoxW` is declared and linked, not called
//! (a test has no one to click the button). Elsewhere it prints what it
//! would pass. Its verdict is its exit code.

use std::process::ExitCode;

use litenc::{utf16, utf8, windows1251};

/// A file name: Cyrillic and a character outside the Basic Multilingual
/// Plane (a surrogate pair in UTF-16), NUL-terminated for `CreateFileW`.
static FILE_NAME: [u16; 14] = utf16!("Привет 🌍.txt", nul);
/// What the file holds, as UTF-8.
static CONTENT: [u8; 23] = utf8!("Кириллица 🌍");
/// Two spellings that differ in case only, for `CompareStringOrdinal`.
static UPPER: [u16; 7] = utf16!("ПРИВЕТ", nul);
static LOWER: [u16; 7] = utf16!("привет", nul);
/// One text, as `LPCSTR` bytes of code page 1251 and as UTF-16.
static TEXT_A: [u8; 29] = windows1251!("Кодовая страница 1251, № 5, €");
static TEXT_W: [u16; 29] = utf16!("Кодовая страница 1251, № 5, €");
/// The message box's strings, for the `W` call that is not made.
static CAPTION: [u16; 16] = utf16!("litenc · Привет", nul);

#[cfg(windows)]
#[allow(
    unsafe_code,
    reason = "the Win32 calls; the strings themselves need no unsafe"
)]
mod win32 {
    //! The Win32 functions of the example, declared as the Windows SDK
    //! does (kernel32 and user32, which every Windows has).

    use core::ffi::c_void;

    /// `GENERIC_WRITE`.
    pub(crate) const GENERIC_WRITE: u32 = 0x4000_0000;
    /// `CREATE_NEW`: fails if the file exists.
    pub(crate) const CREATE_NEW: u32 = 1;
    /// `FILE_ATTRIBUTE_NORMAL`.
    pub(crate) const FILE_ATTRIBUTE_NORMAL: u32 = 0x80;
    /// `FILE_ATTRIBUTE_DIRECTORY`.
    pub(crate) const FILE_ATTRIBUTE_DIRECTORY: u32 = 0x10;
    /// `INVALID_FILE_ATTRIBUTES`.
    pub(crate) const INVALID_FILE_ATTRIBUTES: u32 = u32::MAX;
    /// `CSTR_EQUAL`, what the `CompareString` functions return for equal.
    pub(crate) const CSTR_EQUAL: i32 = 2;
    /// `MB_ERR_INVALID_CHARS`.
    pub(crate) const MB_ERR_INVALID_CHARS: u32 = 0x8;
    /// `WC_NO_BEST_FIT_CHARS`.
    pub(crate) const WC_NO_BEST_FIT_CHARS: u32 = 0x400;

    #[link(name = "kernel32")]
    unsafe extern "system" {
        /// Opens or creates a file (`CREATE_NEW`: only a new one).
        pub(crate) fn CreateFileW(
            name: *const u16,
            access: u32,
            share: u32,
            security: *const c_void,
            disposition: u32,
            flags: u32,
            template: *mut c_void,
        ) -> *mut c_void;
        /// Writes bytes to an open file.
        pub(crate) fn WriteFile(
            file: *mut c_void,
            data: *const u8,
            len: u32,
            written: *mut u32,
            overlapped: *mut c_void,
        ) -> i32;
        /// Closes a handle.
        pub(crate) fn CloseHandle(handle: *mut c_void) -> i32;
        /// The attributes of a file, or `INVALID_FILE_ATTRIBUTES`.
        pub(crate) fn GetFileAttributesW(name: *const u16) -> u32;
        /// The number of units before the terminator.
        pub(crate) fn lstrlenW(text: *const u16) -> i32;
        /// Compares two strings unit by unit, with case folding or without.
        pub(crate) fn CompareStringOrdinal(
            a: *const u16,
            a_len: i32,
            b: *const u16,
            b_len: i32,
            ignore_case: i32,
        ) -> i32;
        /// Decodes the bytes of a code page to UTF-16.
        pub(crate) fn MultiByteToWideChar(
            code_page: u32,
            flags: u32,
            src: *const u8,
            src_len: i32,
            dst: *mut u16,
            dst_len: i32,
        ) -> i32;
        /// Encodes UTF-16 to the bytes of a code page.
        pub(crate) fn WideCharToMultiByte(
            code_page: u32,
            flags: u32,
            src: *const u16,
            src_len: i32,
            dst: *mut u8,
            dst_len: i32,
            default_char: *const u8,
            used_default_char: *mut i32,
        ) -> i32;
    }

    #[link(name = "user32")]
    unsafe extern "system" {
        /// Shows a message box and waits for a button.
        pub(crate) fn MessageBoxW(
            owner: *mut c_void,
            text: *const u16,
            caption: *const u16,
            kind: u32,
        ) -> i32;
    }
}

/// The real calls, each checked, the file first; the number of checks that
/// failed.
#[cfg(windows)]
#[allow(
    unsafe_code,
    reason = "the Win32 calls; the strings themselves need no unsafe"
)]
#[warn(clippy::undocumented_unsafe_blocks)]
fn run() -> u32 {
    use std::os::windows::ffi::OsStrExt;
    use win32::{
        CloseHandle, CreateFileW, GetFileAttributesW, WriteFile, CREATE_NEW,
        FILE_ATTRIBUTE_DIRECTORY, FILE_ATTRIBUTE_NORMAL, GENERIC_WRITE, INVALID_FILE_ATTRIBUTES,
    };

    let mut failed = 0;
    let mut check = |what: &str, ok: bool| {
        println!("{} {what}", if ok { "ok  " } else { "FAIL" });
        failed += u32::from(!ok);
    };

    // The file: a directory of its own in the temporary directory, the
    // name appended to its path as UTF-16 (the literal's units, terminator
    // included).
    let dir = std::env::temp_dir().join(format!("litenc-windows-ffi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let mut path: Vec<u16> = dir.as_os_str().encode_wide().collect();
    path.push(u16::from(b'\\'));
    path.extend_from_slice(&FILE_NAME);
    // SAFETY: `path` is NUL-terminated (it ends with the literal's
    // terminator); no security attributes, no template.
    let file = unsafe {
        CreateFileW(
            path.as_ptr(),
            GENERIC_WRITE,
            0,
            core::ptr::null(),
            CREATE_NEW,
            FILE_ATTRIBUTE_NORMAL,
            core::ptr::null_mut(),
        )
    };
    // INVALID_HANDLE_VALUE is -1.
    let created = file as isize != -1;
    check(
        "CreateFileW made the file with the Cyrillic and emoji name",
        created,
    );
    if created {
        let mut written = 0u32;
        // SAFETY: `file` is the open handle; `CONTENT` is valid for its
        // length; no overlapped I/O.
        let ok = unsafe {
            WriteFile(
                file,
                CONTENT.as_ptr(),
                CONTENT.len() as u32,
                &raw mut written,
                core::ptr::null_mut(),
            )
        };
        check(
            "WriteFile wrote the UTF-8 content",
            ok != 0 && written as usize == CONTENT.len(),
        );
        // SAFETY: closes the handle opened above, once.
        unsafe { CloseHandle(file) };
    }
    // SAFETY: `path` is NUL-terminated.
    let attributes = unsafe { GetFileAttributesW(path.as_ptr()) };
    check(
        "GetFileAttributesW finds it, a file",
        attributes != INVALID_FILE_ATTRIBUTES && attributes & FILE_ATTRIBUTE_DIRECTORY == 0,
    );
    let names: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok()?.file_name().into_string().ok())
                .collect()
        })
        .unwrap_or_default();
    check(
        "std::fs lists the name as written",
        names == ["Привет 🌍.txt"],
    );
    let read = std::fs::read(dir.join("Привет 🌍.txt"));
    check(
        "std::fs reads back the content",
        read.as_deref().ok() == Some(&CONTENT[..]),
    );
    let _ = std::fs::remove_dir_all(&dir);
    failed + strings_and_code_page()
}

/// `lstrlenW`, `CompareStringOrdinal` and the conversions of code page
/// 1251, each checked; the number of checks that failed.
#[cfg(windows)]
#[allow(
    unsafe_code,
    reason = "the Win32 calls; the strings themselves need no unsafe"
)]
#[warn(clippy::undocumented_unsafe_blocks)]
fn strings_and_code_page() -> u32 {
    use win32::{
        lstrlenW, CompareStringOrdinal, MessageBoxW, MultiByteToWideChar, WideCharToMultiByte,
        CSTR_EQUAL, MB_ERR_INVALID_CHARS, WC_NO_BEST_FIT_CHARS,
    };

    let mut failed = 0;
    let mut check = |what: &str, ok: bool| {
        println!("{} {what}", if ok { "ok  " } else { "FAIL" });
        failed += u32::from(!ok);
    };
    let int = |len: usize| i32::try_from(len).expect("a short buffer");
    let written = |n: i32| usize::try_from(n).ok().filter(|&n| n > 0);

    // SAFETY: `FILE_NAME` is NUL-terminated.
    let len = unsafe { lstrlenW(FILE_NAME.as_ptr()) };
    check(
        "lstrlenW counts the units before the NUL",
        usize::try_from(len) == Ok(FILE_NAME.len() - 1),
    );

    // SAFETY: both are NUL-terminated (length -1: up to the NUL).
    let (same, exact) = unsafe {
        (
            CompareStringOrdinal(UPPER.as_ptr(), -1, LOWER.as_ptr(), -1, 1),
            CompareStringOrdinal(UPPER.as_ptr(), -1, LOWER.as_ptr(), -1, 0),
        )
    };
    check(
        "CompareStringOrdinal: equal ignoring case, not otherwise",
        same == CSTR_EQUAL && exact != CSTR_EQUAL,
    );

    let mut wide = [0u16; 64];
    // SAFETY: `TEXT_A` and `wide` are valid for the lengths passed.
    let n = unsafe {
        MultiByteToWideChar(
            1251,
            MB_ERR_INVALID_CHARS,
            TEXT_A.as_ptr(),
            int(TEXT_A.len()),
            wide.as_mut_ptr(),
            int(wide.len()),
        )
    };
    check(
        "MultiByteToWideChar(1251) of windows1251!'s bytes is utf16!'s units",
        written(n).is_some_and(|n| wide[..n] == TEXT_W),
    );
    let mut bytes = [0u8; 64];
    let mut used_default = 0i32;
    // SAFETY: `TEXT_W` and `bytes` are valid for the lengths passed; the
    // page's own default character; `used_default` is a `BOOL` to write.
    let n = unsafe {
        WideCharToMultiByte(
            1251,
            WC_NO_BEST_FIT_CHARS,
            TEXT_W.as_ptr(),
            int(TEXT_W.len()),
            bytes.as_mut_ptr(),
            int(bytes.len()),
            core::ptr::null(),
            &raw mut used_default,
        )
    };
    check(
        "WideCharToMultiByte(1251) of utf16!'s units is windows1251!'s bytes",
        used_default == 0 && written(n).is_some_and(|n| bytes[..n] == TEXT_A),
    );

    // Linked, not called: the program must run unattended.
    let message_box: unsafe extern "system" fn(
        *mut core::ffi::c_void,
        *const u16,
        *const u16,
        u32,
    ) -> i32 = MessageBoxW;
    println!(
        "MessageBoxW at {:p} would show {:?}",
        message_box as *const (),
        String::from_utf16_lossy(&CAPTION[..CAPTION.len() - 1])
    );
    failed
}

/// What the calls would be given, where there is no Windows to call.
#[cfg(not(windows))]
fn run() -> u32 {
    println!("CreateFileW(name: {:04X?}, ...)", &FILE_NAME[..]);
    println!("WriteFile(data: {} bytes of UTF-8, ...)", CONTENT.len());
    println!(
        "MultiByteToWideChar(1251, bytes: {:02X?}, ...)",
        &TEXT_A[..]
    );
    println!("MessageBoxW(caption: {:04X?}, ...)", &CAPTION[..]);
    0
}

fn main() -> ExitCode {
    // What the run-time codec makes of the same literals, on every system:
    // the terminators are part of the arrays, exactly one zero unit, last;
    // the two encodings of the text are the same characters.
    let mut failed = run();
    let checks = [
        FILE_NAME.iter().position(|&u| u == 0) == Some(FILE_NAME.len() - 1),
        litenc::utf16::decode_units(&FILE_NAME[..FILE_NAME.len() - 1]).as_deref()
            == Ok("Привет 🌍.txt"),
        litenc::windows1251::decode(&TEXT_A).ok() == litenc::utf16::decode_units(&TEXT_W).ok(),
        UPPER.len() == LOWER.len(),
    ];
    failed += checks.iter().filter(|&&ok| !ok).count() as u32;
    println!(
        "wide text: {} units, ANSI text: {} bytes; {failed} check(s) failed",
        TEXT_W.len(),
        TEXT_A.len()
    );
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
