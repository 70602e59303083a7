//! Windows-1251 decoding at run time, the one call:
//! `litenc_runtime::fast::windows1251::decode_into`.
#![no_std]
#![no_main]

use litenc_runtime::fast::windows1251;

/// The entry point.
#[no_mangle]
pub extern "C" fn _start() -> ! {
    let mut out = [0u8; 128];
    let n = windows1251::decode_into(litenc_size_thumb::bytes(), &mut out);
    litenc_size_thumb::sink(&(n, out));
    litenc_size_thumb::stop()
}
