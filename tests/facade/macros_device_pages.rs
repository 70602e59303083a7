//! The compile-time macros on the pages of 256 bytes: `encode!` with their
//! labels, `const_encode!` with their modules and `#[encoded]`, giving the
//! bytes of the run-time codec (and of the peers, which
//! `conformance_full_pages.rs` compares that codec with).

use litenc::{const_encode, encode, Encoding};

/// An EBCDIC record: "ACCT 0042" in IBM037.
const RECORD: [u8; 9] = encode!("ibm037", "ACCT 0042");
/// The same through Python's codec name and `const_encode!`.
const RECORD_CP037: [u8; 9] = encode!("cp037", "ACCT 0042");
const RECORD_CONST: [u8; 9] = const_encode!(ibm037, "ACCT 0042");

/// An LCD line on an HD44780 with ROM A00: CGRAM 0 (a custom glyph), then
/// text, 25 degrees as the katakana semi-voiced mark the ROM has.
const LCD: [u8; 8] = encode!("hd44780-a00", "\u{E000} 25ﾟC →");

/// CGRAM 1 through its mirror 0x09, which keeps NUL out of the string.
const LCD_NO_NUL: [u8; 3] = encode!("hd44780-a02", "\u{E009}Ω", nul);

#[litenc::encoded("cp437-graphic")]
static SMILE: [u8; _] = "☺ ♥ ♪";

#[test]
fn the_macros_write_the_runtime_codec_bytes() {
    assert_eq!(RECORD, *b"\xC1\xC3\xC3\xE3\x40\xF0\xF0\xF4\xF2");
    assert_eq!(RECORD_CP037, RECORD);
    assert_eq!(RECORD_CONST, RECORD);
    assert_eq!(Encoding::Ibm037.encode("ACCT 0042").unwrap(), RECORD);
    assert_eq!(LCD, *b"\x00 25\xDFC \x7E");
    assert_eq!(LCD_NO_NUL, *b"\x09\x9A\x00");
    assert_eq!(SMILE, *b"\x01 \x03 \x0D");
    for label in [
        "cp037",
        "ibm037",
        "ebcdic-cp-us",
        "cp1140",
        "ibm1047",
        "cp1047",
        "mac_greek",
        "mac-greek",
        "macgreek",
        "kz1048",
        "rk1048",
        "koi8_t",
        "hp_roman8",
        "roman8",
        "palmos",
        "cp437-graphic",
        "hd44780-a00",
        "hd44780-a02",
        "cp720",
        "ptcp154",
    ] {
        assert!(Encoding::for_label(label).is_some(), "{label}");
    }
    assert_eq!(Encoding::for_label("MAC_GREEK"), Some(Encoding::MacGreek));
    assert_eq!(Encoding::for_label("ibm01140"), Some(Encoding::Ibm1140));
}
