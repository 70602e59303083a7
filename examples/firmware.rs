//! `static` string tables for firmware, in the encodings of the devices they
//! drive, built by the compiler: `cargo run --example firmware`.
//!
//! Nothing here needs `std` or an allocator: the tables are `static` arrays
//! in read-only memory (flash, on a microcontroller), and the code that uses
//! them needs only `core`. A `#![no_std]` firmware crate would use them the
//! same way; this example has a `main` only to run on a desktop.

#![forbid(unsafe_code)]

use litenc::{cp1251, encoded, usb_string, utf16le, utf8};

/// The messages of a character LCD whose ROM font is Windows-1251, all the
/// same length so that they index as a table; `nul`-terminated for the C
/// driver.
static LCD_MESSAGES: [&[u8]; 4] = [
    &cp1251!("Готов       ", nul),
    &cp1251!("Ошибка №    ", nul),
    &cp1251!("Температура:", nul),
    &cp1251!("Батарея, %  ", nul),
];

/// The USB string descriptors (USB 2.0 §9.6.7) the device answers
/// `GET_DESCRIPTOR(STRING, index)` with: `bLength`, type 3, then UTF-16LE,
/// no terminator. Text over 126 UTF-16 units would be a compile error.
static USB_MANUFACTURER: [u8; 20] = usb_string!("Acme GmbH");
static USB_PRODUCT: [u8; 20] = usb_string!("Термометр");

/// String descriptor 0: the language IDs (here one, 0x0409, US English).
static USB_LANGUAGES: [u8; 4] = [4, 3, 0x09, 0x04];

/// The descriptor for string index `index`, as a USB stack asks for it;
/// the serial number, known only at run time, goes into `buf` through the
/// same codec, without an allocator.
fn string_descriptor<'a>(index: u8, serial: &str, buf: &'a mut [u8]) -> Option<&'a [u8]> {
    match index {
        0 => Some(&USB_LANGUAGES),
        1 => Some(&USB_MANUFACTURER),
        2 => Some(&USB_PRODUCT),
        3 => {
            let n = litenc::usb_string::encode_into(serial, buf).ok()?;
            Some(&buf[..n])
        }
        _ => None,
    }
}

/// A settings record on flash: a one-byte length, then the UTF-8 name
/// (a Pascal string), as the bootloader's C code reads it.
static DEVICE_NAME: [u8; 11] = utf8!("Термо", len_u8);

/// The same text as UTF-16LE in the descriptor and in `utf16le!`.
const PRODUCT_UTF16: [u8; 18] = utf16le!("Термометр");

/// A menu title, with the length filled in by the attribute.
#[encoded("cp1251", nul)]
static MENU_TITLE: [u8; _] = "Меню настроек";

/// What a `no_std` driver sees: bytes up to the terminator.
fn lcd_write(line: &[u8]) -> usize {
    line.iter().take_while(|&&b| b != 0).count()
}

fn main() {
    for (i, message) in LCD_MESSAGES.iter().enumerate() {
        println!(
            "LCD {i}: {} bytes: {:02X?}",
            lcd_write(message),
            &message[..6]
        );
    }
    let mut buf = [0u8; litenc::usb_string::MAX_LEN];
    for index in 0..=4 {
        match string_descriptor(index, "TM-000451", &mut buf) {
            Some(d) => {
                assert_eq!(usize::from(d[0]), d.len());
                assert_eq!(d[1], litenc::usb_string::DESCRIPTOR_TYPE);
                println!("USB string {index}: {d:02X?}");
            }
            None => println!("USB string {index}: STALL"),
        }
    }
    assert_eq!(USB_PRODUCT[2..], PRODUCT_UTF16);
    let (name, _) = litenc::LenPrefix::U8
        .split(&DEVICE_NAME)
        .expect("a whole record");
    println!(
        "device name: {} bytes, {:?}",
        DEVICE_NAME[0],
        litenc::utf8::decode(name).expect("UTF-8")
    );
    println!("menu: {} bytes", lcd_write(&MENU_TITLE));
}
