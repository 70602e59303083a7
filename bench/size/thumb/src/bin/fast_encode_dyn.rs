//! Windows-1251 encoding at run time through the encoding's value:
//! `litenc_runtime::fast::encode_into(Encoding::Windows1251, ..)`.
#![no_std]
#![no_main]

use litenc_runtime::{fast, Encoding};

/// The entry point.
#[no_mangle]
pub extern "C" fn _start() -> ! {
    let mut out = [0u8; 128];
    let n = fast::encode_into(Encoding::Windows1251, litenc_size_thumb::text(), &mut out);
    litenc_size_thumb::sink(&(n, out));
    litenc_size_thumb::stop()
}
