// A backslash and a tilde on an HD44780 LCD with ROM A00: its 0x5C is ¥
// and its 0x7E is →, so neither character is there.
const LINE: [u8; 8] = litenc::encode!("hd44780-a00", r"C:\~ 25ﾟ");

fn main() {
    let _ = LINE;
}
