// On an HD44780 LCD, CGRAM 0 (U+E000) is the byte 0x00, which would end a
// C string; its mirror U+E008 is not.
const LINE: &core::ffi::CStr = litenc::encode!("hd44780-a00", "\u{E000} 25ﾟC", cstr);

fn main() {
    let _ = LINE;
}
