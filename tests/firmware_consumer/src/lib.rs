//! A `#![no_std]`, allocation-free firmware library with litenc's firmware
//! configuration: each kind of literal a device's program keeps in flash,
//! and the run-time codec, so that every target it is built for compiles
//! the macros' expansions and the `const fn`s (without a warning: the build
//! denies them).

#![no_std]
#![forbid(unsafe_code)]

use litenc::{encode, fat_name, mutf8, usb_string, utf16, utf32, utf8, wide, windows1251, Encoding};

/// A greeting as UTF-8, NUL-terminated for a C display driver.
pub static GREETING: [u8; 14] = utf8!("Привет!", nul);
/// A window title as native UTF-16, with a character outside the BMP.
pub static TITLE: [u16; 4] = utf16!("a😀b");
/// The same as UTF-32.
pub static TITLE32: [u32; 3] = utf32!("a😀b");
/// The target's C `wchar_t` (16 bits on Windows, 32 elsewhere).
pub static WIDE: &[litenc::WChar] = &wide!("déjà", nul);
/// A USB string descriptor (USB 2.0 §9.6.7).
pub static USB_PRODUCT: [u8; 20] = usb_string!("Термометр");
/// A Windows-1251 LCD line.
pub static LCD_1251: [u8; 6] = windows1251!("Готово");
/// An HD44780 LCD with the A00 (Japanese) ROM.
pub static LCD_A00: [u8; 5] = encode!("hd44780-a00", "ｱｲｳ 1");
/// GSM 03.38 text, packed into septets.
pub static SMS: [u8; 9] = encode!("gsm0338", "hellohello", packed);
/// A FAT directory entry's name.
pub static FAT_NAME: [u8; 11] = fat_name!("readme.txt");
/// A JNI class name in modified UTF-8.
pub static JNI_CLASS: [u8; 17] = mutf8!("java/lang/String", nul);
/// Shift_JIS from the compile-time macros, which needs no table in the
/// program (even where the target cannot hold the run-time codec's).
pub static SJIS: [u8; 4] = encode!("shift_jis", "日本");

/// A length worked out at compile time by a `const fn`.
pub const MUTF8_LEN: usize = match Encoding::Mutf8.encoded_len("a\0😀") {
    Ok(n) => n,
    Err(e) => e.const_panic(),
};

/// Run time: a serial number into a USB string descriptor, in the caller's
/// buffer.
///
/// # Errors
/// If `buf` is too small or the text too long for a descriptor.
pub fn serial_descriptor(serial: &str, buf: &mut [u8]) -> Result<usize, litenc::EncodeError> {
    litenc::usb_string::encode_into(serial, buf)
}

/// Run time: received bytes checked as UTF-8 by the `fast` kernels.
#[must_use]
pub fn is_utf8(bytes: &[u8]) -> bool {
    litenc::fast::validate(Encoding::Utf8, bytes).is_ok()
}

/// Run time: text into native UTF-16 by the `fast` kernels.
///
/// # Errors
/// If `out` is too small.
pub fn to_utf16(text: &str, out: &mut [u16]) -> Result<usize, litenc::EncodeError> {
    litenc::fast::utf16::encode_units_into(text, out)
}

/// Run time: text into Windows-1251 by the `fast` kernels.
///
/// # Errors
/// If a character is not in the page or `out` is too small.
pub fn to_1251(text: &str, out: &mut [u8]) -> Result<usize, litenc::EncodeError> {
    litenc::fast::encode_into(Encoding::Windows1251, text, out)
}

/// Which kernels `fast` runs: `"portable"` on every target but `x86_64`.
#[must_use]
pub fn kernels() -> &'static str {
    litenc::fast::implementation()
}
