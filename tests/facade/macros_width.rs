//! `width = N`, `pad = B` and `packed`: the macros against the runtime's
//! `encode_padded_into` and `gsm0338::pack_into`, on every kind of target.

use litenc::{gsm0338, ibm437, utf16le, EncodeError};

#[test]
fn bytes_padded_with_the_space_or_pad() {
    const NAME: [u8; 8] = litenc::encode!("cp437", "Grüße", width = 8);
    const ZEROS: [u8; 8] = litenc::encode!("cp437", "Grüße", width = 8, pad = 0);
    const UTF8: [u8; 6] = litenc::utf8!("ab", width = 6, pad = 0x2E);
    const WIDE: [u8; 8] = litenc::utf16le!("ab", width = 8);
    assert_eq!(&NAME, b"Gr\x81\xE1e   ");
    assert_eq!(&ZEROS, b"Gr\x81\xE1e\0\0\0");
    assert_eq!(&UTF8, b"ab....");
    assert_eq!(&WIDE, b"a\0b\0 \0 \0");
    let mut field = [0xAAu8; 10];
    assert_eq!(
        ibm437::encode_padded_into("Grüße", 8, None, &mut field),
        Ok(8)
    );
    assert_eq!(field[..8], NAME);
    assert_eq!(field[8..], [0xAA, 0xAA]);
    assert_eq!(
        ibm437::encode_padded_into("Grüße", 8, Some(0), &mut field),
        Ok(8)
    );
    assert_eq!(field[..8], ZEROS);
    assert_eq!(
        utf16le::encode_padded_into("ab", 8, None, &mut field),
        Ok(8)
    );
    assert_eq!(field[..8], WIDE);
    // Exactly as wide: no padding.
    assert_eq!(litenc::encode!("cp437", "abc", width = 3), *b"abc");
}

#[test]
fn width_counts_mark_prefix_and_terminator() {
    // The padding goes after everything; a prefix counts the text, not the
    // padding.
    const PASCAL: [u8; 8] = litenc::encode!("cp437", "abc", len_u8, width = 8);
    const C: [u8; 6] = litenc::utf8!("abc", nul, width = 6, pad = 0);
    const BOM: [u8; 6] = litenc::utf8!("a", bom, width = 6);
    assert_eq!(&PASCAL, b"\x03abc    ");
    assert_eq!(&C, b"abc\0\0\0");
    assert_eq!(&BOM, b"\xEF\xBB\xBFa  ");
}

#[test]
fn units_padded() {
    const U16: [u16; 5] = litenc::utf16!("hé", width = 5);
    const U32: [u32; 4] = litenc::utf32!("😀", width = 4, pad = 0);
    const U16NUL: [u16; 4] = litenc::utf16!("a", nul, width = 4, pad = 0xFFFF);
    assert_eq!(U16, [0x68, 0xE9, 0x20, 0x20, 0x20]);
    assert_eq!(U32, [0x1F600, 0, 0, 0]);
    assert_eq!(U16NUL, [0x61, 0, 0xFFFF, 0xFFFF]);
    let w: [litenc::WChar; 3] = litenc::wide!("a", width = 3);
    #[allow(
        clippy::useless_conversion,
        reason = "WChar is u16, i16, i32 or u32 by target: on some it is u32 already"
    )]
    let w = w.map(|c| u32::try_from(c).unwrap());
    assert_eq!(w, [0x61, 0x20, 0x20]);
}

#[test]
fn runtime_errors() {
    let mut field = [0u8; 8];
    assert_eq!(
        ibm437::encode_padded_into("too long by far", 8, None, &mut field),
        Err(EncodeError::Width { len: 15, width: 8 })
    );
    // An odd gap in UTF-16 cannot take whole spaces; a pad byte can fill it.
    assert_eq!(
        utf16le::encode_padded_into("a", 5, None, &mut field),
        Err(EncodeError::Width { len: 2, width: 5 })
    );
    assert_eq!(
        utf16le::encode_padded_into("a", 5, Some(0), &mut field),
        Ok(5)
    );
    assert_eq!(
        ibm437::encode_padded_into("ab", 12, None, &mut field),
        Err(EncodeError::OutputTooSmall {
            needed: 12,
            available: 8
        })
    );
    assert!(matches!(
        ibm437::encode_padded_into("日本", 8, None, &mut field),
        Err(EncodeError::Unencodable { .. })
    ));
}

#[test]
fn gsm_septets_and_packed() {
    const SMS: [u8; 9] = litenc::encode!("gsm0338", "hellohello", packed);
    const SEPTETS: [u8; 9] = litenc::encode!("gsm-7", "5€ {x}");
    const FIELD: [u8; 7] = litenc::encode!("gsm0338", "1234567", packed, width = 8, pad = 0x0D);
    assert_eq!(SMS, [0xE8, 0x32, 0x9B, 0xFD, 0x46, 0x97, 0xD9, 0xEC, 0x37]);
    assert_eq!(&SEPTETS, b"5\x1B\x65 \x1B\x28x\x1B\x29");
    assert_eq!(gsm0338::encode("5€ {x}").unwrap(), SEPTETS);
    // 7 septets and a carriage return, as USSD pads (TS 23.038 §6.1.2.3.1).
    let mut want = [0u8; 7];
    gsm0338::pack_into(b"1234567\r", &mut want).unwrap();
    assert_eq!(FIELD, want);
    assert_eq!(gsm0338::encode_packed("hellohello").unwrap(), SMS);
}

/// Past the 32 units that unit arrays are written as integers up to, they
/// are bytes in the target's byte order: the text's units and the padding's
/// alike, in `utf16!`, `utf32!`, `wide!` and the attribute.
#[test]
fn long_units_padded_in_the_targets_byte_order() {
    const TEXT: &str = "Grüße 😀";
    const U16: [u16; 40] = litenc::utf16!("Grüße 😀", width = 40, pad = 0x2022);
    const U32: [u32; 40] = litenc::utf32!("Grüße 😀", nul, width = 40, pad = 0x1F600);
    #[litenc::encoded("utf-32", width = 40)]
    static ATTR: [u32; _] = "Grüße 😀";
    let wide: [litenc::WChar; 40] = litenc::wide!("Grüße 😀", width = 40, pad = 0xFEFF);

    let padded = |mut units: Vec<u32>, pad: u32| {
        units.resize(40, pad);
        units
    };
    let utf16: Vec<u32> = TEXT.encode_utf16().map(u32::from).collect();
    let utf32: Vec<u32> = TEXT.chars().map(u32::from).collect();
    assert_eq!(U16.map(u32::from).to_vec(), padded(utf16.clone(), 0x2022));
    let mut terminated = utf32.clone();
    terminated.push(0);
    assert_eq!(U32.to_vec(), padded(terminated, 0x1F600));
    assert_eq!(ATTR.to_vec(), padded(utf32.clone(), 0x20));
    let (want, mask) = if litenc::WChar::BITS == 16 {
        (utf16, 0xFFFF)
    } else {
        (utf32, u32::MAX)
    };
    // `WChar` is signed on some targets (`i32`, `i16`): its bits, as `u32`.
    #[allow(
        clippy::cast_sign_loss,
        clippy::unnecessary_cast,
        reason = "WChar is u16, i16, i32 or u32 by target: on some the cast is a no-op"
    )]
    let wide: Vec<u32> = wide.iter().map(|&u| u as u32 & mask).collect();
    assert_eq!(wide, padded(want, 0xFEFF));
}
