//! The pages whose bytes `00..=7F` are not ASCII (EBCDIC, CP437 with glyphs,
//! the HD44780 ROMs) and the two Mac pages whose high half repeats ASCII:
//! what their tables promise beyond a peer's byte-by-byte answers (which
//! `tests/facade/conformance_full_pages.rs` and `single_byte_peer.rs` check):
//! byte 0's own character, CGRAM, shared characters, and the `fast` twins
//! against the `const fn`s on text with and without ASCII around it.

use litenc_runtime::{Encoding, fast, hd44780_a00, hd44780_a02, ibm037, ibm437_graphic, ibm1047};

/// "Hello, World!" in EBCDIC, as IBM's code page 37 chart has it.
const HELLO_037: &[u8] = b"\xC8\x85\x93\x93\x96\x6B\x40\xE6\x96\x99\x93\x84\x5A";

#[test]
fn ebcdic_text_is_ebcdic() {
    assert_eq!(ibm037::encode("Hello, World!").unwrap(), HELLO_037);
    assert_eq!(ibm037::decode(HELLO_037).unwrap(), "Hello, World!");
    // NUL is 0x00, newline 0x25 and NEL 0x15 (as Python and glibc have them).
    assert_eq!(ibm037::encode("\0\n\u{85}").unwrap(), b"\x00\x25\x15");
    // IBM1047 differs from IBM037 in the brackets: [ ] at 0xAD and 0xBD.
    assert_eq!(ibm1047::encode("[]").unwrap(), b"\xAD\xBD");
    assert_eq!(ibm037::encode("[]").unwrap(), b"\xBA\xBB");
    // Text that is ASCII is not borrowed: its bytes change.
    assert!(matches!(
        ibm037::encode_cow("abc").unwrap(),
        std::borrow::Cow::Owned(_)
    ));
    assert!(matches!(
        ibm037::decode_cow(b"\x81\x82").unwrap(),
        std::borrow::Cow::Owned(_)
    ));
    assert_eq!(ibm037::decode_lossy(b"\x81\x82"), "ab");
}

#[test]
fn cp437_graphic_shows_the_pc_glyphs() {
    let glyphs = "☺☻♥♦♣♠•◘○◙♂♀♪♫☼►◄↕‼¶§▬↨↑↓→←∟↔▲▼";
    let bytes: Vec<u8> = (1..=0x1F).collect();
    assert_eq!(ibm437_graphic::encode(glyphs).unwrap(), bytes);
    assert_eq!(ibm437_graphic::decode(&bytes).unwrap(), glyphs);
    assert_eq!(ibm437_graphic::decode_byte(0x7F), '⌂');
    assert_eq!(ibm437_graphic::decode_byte(0), '\0');
    assert_eq!(ibm437_graphic::encode_char('\0'), Some(0));
    // The control codes are not there any more, but text is.
    assert_eq!(ibm437_graphic::encode_char('\n'), None);
    assert_eq!(
        ibm437_graphic::encode("Grüße ░").unwrap(),
        b"Gr\x81\xE1e \xB0"
    );
}

#[test]
fn hd44780_cgram_is_private_use() {
    // CGRAM 0..7 are U+E000..U+E007, their mirrors 0x08..0x0F U+E008..U+E00F.
    for n in 0..16u8 {
        let ch = char::from_u32(0xE000 + u32::from(n)).unwrap();
        for enc in [Encoding::Hd44780A00, Encoding::Hd44780A02] {
            assert_eq!(enc.encode(ch.encode_utf8(&mut [0; 4])).unwrap(), [n]);
            assert_eq!(enc.decode(&[n]).unwrap(), ch.to_string());
        }
    }
    assert_eq!(hd44780_a00::encode_char('\u{E000}'), Some(0));
    assert_eq!(hd44780_a00::decode_byte(0), Some('\u{E000}'));
    // U+0000 is not a character of the LCD.
    assert_eq!(hd44780_a00::encode_char('\0'), None);
    let e = hd44780_a00::encode("ab\0").unwrap_err();
    assert_eq!(
        e.to_string(),
        hd44780_a00::encode("ab\0").unwrap_err().to_string()
    );
    assert_eq!(
        e,
        litenc_runtime::EncodeError::Unencodable {
            encoding: Encoding::Hd44780A00,
            offset: 2,
            ch: '\0'
        }
    );
}

#[test]
fn hd44780_roms() {
    // A00: ¥ and the arrows instead of \ ~ DEL, katakana, the symbols.
    assert_eq!(hd44780_a00::encode("¥→←").unwrap(), b"\x5C\x7E\x7F");
    assert_eq!(hd44780_a00::encode("ｱｲｳ ﾟ").unwrap(), b"\xB1\xB2\xB3 \xDF");
    assert_eq!(
        hd44780_a00::encode("αβμσ√∞Ωπ÷█").unwrap(),
        b"\xE0\xE2\xE4\xE5\xE8\xF3\xF4\xF7\xFD\xFF"
    );
    assert_eq!(hd44780_a00::encode_char('\\'), None);
    assert_eq!(hd44780_a00::encode_char('~'), None);
    assert_eq!(hd44780_a00::decode_byte(0x80), None);
    assert_eq!(hd44780_a00::decode_byte(0xA0), None);
    assert!(hd44780_a00::decode(b"ok\x80").is_err());
    // A02: ASCII, Cyrillic capitals, Latin-1 above 0xC0.
    assert_eq!(
        hd44780_a02::encode("\\~ÄÖÜ Ж ñ").unwrap(),
        b"\x5C\x7E\xC4\xD6\xDC \x82 \xF1"
    );
    assert_eq!(hd44780_a02::decode_byte(0x7F), Some('⌂'));
}

#[test]
fn shared_characters_encode_to_the_lower_byte() {
    // mac_arabic 0xA0 is a second space (Apple's right-to-left one).
    assert_eq!(Encoding::MacArabic.decode(b"\x20\xA0").unwrap(), "  ");
    assert_eq!(Encoding::MacArabic.encode("  ").unwrap(), b"  ");
    // cp875 has U+001A seven times; the first is 0x3F.
    assert_eq!(Encoding::Ibm875.decode(b"\xFD").unwrap(), "\u{1A}");
    assert_eq!(Encoding::Ibm875.encode("\u{1A}").unwrap(), b"\x3F");
}

/// `fast` and `const` agree on every page of 256 bytes, for every byte and
/// every character of the page behind 0 to 63 bytes of ASCII text (so that
/// each one sits at every place of the engine's blocks), and on whole texts.
#[test]
fn fast_twins_agree_with_the_const_fns() {
    let pages = [
        Encoding::Ibm037,
        Encoding::Ibm1047,
        Encoding::Ibm875,
        Encoding::Ibm864,
        Encoding::MacArabic,
        Encoding::MacFarsi,
        Encoding::Ibm437Graphic,
        Encoding::Hd44780A00,
        Encoding::Hd44780A02,
    ];
    for enc in pages {
        let chars: Vec<char> = (0..=255u8)
            .filter_map(|b| enc.decode(&[b]).ok()?.chars().next())
            .collect();
        for pad in 0..64 {
            let head = "x".repeat(pad);
            for &ch in &chars {
                let text = format!("{head}{ch}{head}");
                let mut want = vec![0u8; text.len() + 8];
                let mut got = vec![0u8; text.len() + 8];
                let len = enc.encode_into(&text, &mut want).unwrap();
                assert_eq!(fast::encode_into(enc, &text, &mut got).unwrap(), len);
                assert_eq!(want[..len], got[..len], "{enc:?} {ch:?} {pad}");
                let mut back = vec![0u8; 3 * len + 8];
                let back_len = fast::decode_into(enc, &want[..len], &mut back).unwrap();
                assert_eq!(&back[..back_len], text.as_bytes(), "{enc:?} {ch:?} {pad}");
            }
            // An unencodable character and an undefined byte at every place.
            let text = format!("{head}\u{10348}");
            let e = enc.encoded_len(&text).unwrap_err();
            assert_eq!(fast::encoded_len(enc, &text).unwrap_err(), e);
            if let Some(bad) = (0..=255u8).find(|&b| enc.decode(&[b]).is_err()) {
                let mut bytes = enc.encode(&head).unwrap();
                bytes.push(bad);
                let e = enc.validate(&bytes).unwrap_err();
                assert_eq!(fast::validate(enc, &bytes).unwrap_err(), e);
                assert_eq!(e.valid_up_to(), pad);
            }
        }
    }
}
