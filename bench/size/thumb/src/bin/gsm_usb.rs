//! GSM 03.38 and a USB string descriptor at run time, as firmware does:
//! `litenc_runtime::fast::gsm0338::encode_into` and
//! `litenc_runtime::usb_string::encode_into`, whose slow paths share the
//! engine's reference loop.
#![no_std]
#![no_main]

use litenc_runtime::{fast, usb_string};

/// The entry point.
#[no_mangle]
pub extern "C" fn _start() -> ! {
    let mut septets = [0u8; 128];
    let n = fast::gsm0338::encode_into(litenc_size_thumb::text(), &mut septets);
    let mut descriptor = [0u8; usb_string::MAX_LEN];
    let m = usb_string::encode_into(litenc_size_thumb::text(), &mut descriptor);
    litenc_size_thumb::sink(&(n, septets, m, descriptor));
    litenc_size_thumb::stop()
}
