//! `static` string tables for firmware, in the encodings of the devices they
//! drive, built by the compiler: `cargo run --example firmware`.
//!
//! Nothing here needs `std` or an allocator: the tables are `static` arrays
//! in read-only memory (flash, on a microcontroller), and the code that uses
//! them needs only `core`. A `#![no_std]` firmware crate would use them the
//! same way; this example has a `main` only to run on a desktop.

#![forbid(unsafe_code)]

use litenc::{cp1251, encoded, utf16le};

/// The messages of a character LCD whose ROM font is Windows-1251, all the
/// same length so that they index as a table; `nul`-terminated for the C
/// driver.
static LCD_MESSAGES: [&[u8]; 4] = [
    &cp1251!("Готов       ", nul),
    &cp1251!("Ошибка №    ", nul),
    &cp1251!("Температура:", nul),
    &cp1251!("Батарея, %  ", nul),
];

/// A USB string descriptor: length, type 3, then UTF-16LE, no terminator.
const PRODUCT: [u8; 18] = utf16le!("Термометр");
static USB_PRODUCT_DESCRIPTOR: [u8; PRODUCT.len() + 2] = {
    let mut d = [0u8; PRODUCT.len() + 2];
    d[0] = d.len() as u8;
    d[1] = 3;
    let mut i = 0;
    while i < PRODUCT.len() {
        d[i + 2] = PRODUCT[i];
        i += 1;
    }
    d
};

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
    println!("USB descriptor: {:02X?}", &USB_PRODUCT_DESCRIPTOR[..]);
    assert_eq!(
        usize::from(USB_PRODUCT_DESCRIPTOR[0]),
        USB_PRODUCT_DESCRIPTOR.len()
    );
    println!("menu: {} bytes", lcd_write(&MENU_TITLE));
}
