//! A tour of litenc: `cargo run --example tour`.
//!
//! Encodes a few real phrases in every encoding, prints the bytes, decodes
//! them back and says whether the round trip gave the same text; shows the
//! legacy code pages, the Chinese, Japanese and Korean ones, a classic
//! mojibake and its repair, the errors, and
//! the run-time twins.

use core::ffi::CStr;
use litenc::{
    const_encode, encode, gbk, latin1, mutf8, shift_jis, utf16, utf8, windows1251, Encoding,
};

/// Phrases a real program sends out: Russian, Chinese, emoji, and text with
/// a NUL, which C strings cannot hold but Java's modified UTF-8 can.
const PHRASES: [(&str, &str); 5] = [
    ("Russian", "Привет, мир!"),
    ("Chinese", "你好，世界"),
    ("emoji", "ok 👍🏽 🚀"),
    ("with NUL", "key\0value"),
    ("Windows-1251 extras", "№ 5 — «цитата» €"),
];

fn hex(bytes: &[u8]) -> String {
    const MAX: usize = 24;
    let shown: Vec<String> = bytes.iter().take(MAX).map(|b| format!("{b:02X}")).collect();
    let more = if bytes.len() > MAX { " …" } else { "" };
    format!("{}{more}", shown.join(" "))
}

/// Section 1 of the tour: literals encoded by the compiler.
fn compile_time_literals() {
    // Checked and encoded at compile time; the lengths are checked too.
    static WIDE: [u16; 13] = utf16!("Привет, мир!", nul); // a `W` API's LPCWSTR
    static ANSI: [u8; 13] = windows1251!("Привет, мир!", nul); // an `A` API's LPCSTR
    const JNI_CLASS: &CStr = mutf8!("java/lang/String", cstr); // JNI FindClass
    const UTF8_BOM: [u8; 8] = utf8!("Hi", " ©", bom);
    const BY_LABEL: [u8; 6] = encode!("UTF-16BE", "Да!");
    #[litenc::encoded("cp1251")]
    static MENU: [u8; _] = "Файл"; // the attribute fills in the length
    const RADIO: [u8; 11] = encode!("koi8-r", "Приём: 73!", nul); // a KOI8-R display
    #[litenc::encoded("cp437")]
    static RECEIPT: [u8; _] = "╔═ Grüße ═╗"; // an ESC/POS printer's box

    println!("1. Compile time, from literals (utf16!, windows1251!, mutf8!, ...):\n");
    println!("   utf16!(.., nul)       {:04X?}", &WIDE[..4]);
    println!("   windows1251!(.., nul) {}", hex(&ANSI));
    println!("   mutf8!(.., cstr)      {JNI_CLASS:?}");
    println!("   utf8!(.., bom)        {}", hex(&UTF8_BOM));
    println!("   encode!(\"UTF-16BE\")   {}", hex(&BY_LABEL));
    println!("   #[encoded(\"cp1251\")]  {}", hex(&MENU));
    println!("   encode!(\"koi8-r\")     {}", hex(&RADIO));
    println!("   #[encoded(\"cp437\")]   {}", hex(&RECEIPT));
    // The same bytes the run-time codec gives:
    assert_eq!(litenc::windows1251::encode("Файл").unwrap(), MENU);
    println!();
}

/// Section 2 of the tour: any const string, not just literals.
fn compile_time_consts() {
    const TITLE: &str = "Отчёт за 2026 год";
    const TITLE_1251: [u8; 17] = const_encode!(windows1251, TITLE);
    const TITLE_WIDE: [u16; 18] = const_encode!(utf16, TITLE, nul);
    static JNI_CLASS: [u8; 17] = const_encode!(mutf8, "java/lang/String", nul);

    println!("2. Compile time, from any const string (const_encode!):\n");
    println!("   windows-1251  {:?} -> {}", TITLE, hex(&TITLE_1251));
    println!(
        "   UTF-16 + NUL  {:?} -> {} units, last {:#06X}",
        TITLE,
        TITLE_WIDE.len(),
        TITLE_WIDE[17]
    );
    println!(
        "   MUTF-8 + NUL  \"java/lang/String\" -> {}",
        hex(&JNI_CLASS)
    );
}

fn main() {
    println!("litenc tour\n===========\n");

    compile_time_literals();

    compile_time_consts();

    println!("\n3. Run time, the Unicode encodings (encode, then decode back):\n");
    for (what, text) in PHRASES {
        println!("   {what}: {text:?}");
        for &enc in Encoding::ALL
            .iter()
            .filter(|e| !e.is_single_byte() && !e.is_cjk() && **e != Encoding::Gsm0338)
        {
            show(enc, text);
        }
        println!();
    }

    code_pages();

    multi_byte();

    mojibake();

    println!("6. Bad input gets an exact error, and lossy decoding keeps the rest:\n");
    let cases: [(Encoding, &[u8]); 6] = [
        (Encoding::Utf8, b"caf\xC3\xA9 \xE0\x80 ok"),
        (Encoding::Mutf8, b"raw \x00 nul"),
        (Encoding::Cesu8, b"lone \xED\xB8\x80 low surrogate"),
        (Encoding::Utf16Le, b"o\x00k\x00\x00\xD8"),
        (Encoding::Iso8859_7, b"\xC1\xE8\xDE\xED\xE1 \xFF"), // 0xFF is undefined
        (Encoding::Ascii, b"na\xEFve"),
    ];
    for (enc, bytes) in cases {
        let err = enc
            .validate(bytes)
            .expect_err("these inputs are ill-formed");
        println!("   {:<10} {}", enc.name(), hex(bytes));
        println!(
            "              error: {err} (valid_up_to {}, error_len {:?})",
            err.valid_up_to(),
            err.error_len()
        );
        println!("              lossy: {:?}", enc.decode_lossy(bytes));
    }

    println!("\n7. Java strings may hold unpaired surrogates; MUTF-8 keeps them:\n");
    let java_string: [u16; 4] = [0x0041, 0xD800, 0x0000, 0xDE00];
    let bytes = mutf8::encode_units(&java_string);
    let back = mutf8::decode_units(&bytes).expect("our own output decodes");
    println!(
        "   units {java_string:04X?} -> {} -> {back:04X?}",
        hex(&bytes)
    );
    println!(
        "   same units back: {}; as text it is rejected: {}",
        back == java_string,
        mutf8::validate(&bytes).is_err()
    );
    println!(
        "   UTF-16 units of \"Привет\": {:04X?}",
        utf16::encode_units("Привет")
    );

    run_time_twins();

    devices();
}

/// One line of the tour: `text` encoded in `enc`, and whether it comes back.
fn show(enc: Encoding, text: &str) {
    match enc.encode(text) {
        Ok(bytes) => {
            let back = enc.decode(&bytes);
            let verdict = match &back {
                Ok(s) if s == text => "round trip ok".to_string(),
                Ok(s) => format!("round trip CHANGED the text: {s:?}"),
                Err(e) => format!("decode failed: {e}"),
            };
            println!(
                "     {:<14} {:>3} bytes  {:<72} {verdict}",
                enc.name(),
                bytes.len(),
                hex(&bytes)
            );
        }
        Err(e) => println!("     {:<14} {e}", enc.name()),
    }
}

/// Section 4: the legacy code pages, each phrase in every page that holds it.
fn code_pages() {
    println!("4. The legacy code pages: each phrase in every page that holds all of it:\n");
    let phrases = [
        ("Russian", "Съешь ещё этих мягких булок"),
        ("Greek", "Καλημέρα, κόσμε"),
        ("Polish", "Zażółć gęślą jaźń"),
        ("German", "Grüße aus Köln"),
        ("box drawing", "┌─┐ ░▒▓ └─┘"),
        ("Thai", "สวัสดี"),
    ];
    for (what, text) in phrases {
        let pages: Vec<Encoding> = Encoding::ALL
            .iter()
            .copied()
            .filter(|e| e.is_single_byte() && e.encode(text).is_ok())
            .collect();
        println!("   {what}: {text:?} ({} pages)", pages.len());
        for enc in pages {
            show(enc, text);
        }
        println!();
    }
}

/// The multi-byte encodings of Chinese, Japanese and Korean: literals for a
/// receipt printer and an LCD at compile time, and text read back at run
/// time, each in every one of them that holds it.
fn multi_byte() {
    // A receipt line for an ESC/POS printer set to Shift_JIS, and the
    // name of a dish for one set to GB2312 (GBK, to WHATWG), checked and
    // encoded by the compiler.
    const RECEIPT: [u8; 14] = encode!("shift_jis", "合計 ¥1,200 ｶﾞ");
    const DISH: [u8; 8] = encode!("gb2312", "宫保鸡丁");
    println!("   Chinese, Japanese and Korean (WHATWG's multi-byte encodings):\n");
    println!("   Shift_JIS receipt line  {}", hex(&RECEIPT));
    println!("   GB2312 dish name        {}", hex(&DISH));
    assert_eq!(shift_jis::decode(&RECEIPT).as_deref(), Ok("合計 \\1,200 ｶﾞ"));
    assert_eq!(gbk::decode(&DISH).as_deref(), Ok("宫保鸡丁"));
    let phrases = [
        ("Japanese", "日本語のテキスト、カタカナ"),
        ("Chinese (simplified)", "简体中文的文字"),
        ("Chinese (traditional)", "繁體中文的文字"),
        ("Korean", "한국어 텍스트"),
    ];
    for (what, text) in phrases {
        println!("\n   {what}: {text:?}");
        for &enc in Encoding::ALL.iter().filter(|e| e.is_cjk()) {
            if enc.encoded_len(text).is_ok() {
                show(enc, text);
            }
        }
    }
    // Shift_JIS and EUC-JP write `¥` as 5C, which they read as `\`: the
    // standard's round trip is not the identity there.
    println!("\n   (Shift_JIS reads its byte 5C as \\, so the receipt's ¥ comes back as \\)\n");
}

/// The character sets of devices: an SMS for a cellular modem (GSM 03.38,
/// packed), file names for a FAT directory entry, a fixed-width EBCDIC field
/// and a line for a character LCD, all at compile time, and some read back
/// at run time.
fn devices() {
    // 23 septets (€, { and } take two each), packed eight into seven octets
    // for AT+CMGS in PDU mode.
    const SMS: [u8; 21] = encode!("gsm0338", "Total: 5€ {paid} @ÅB", packed);
    const NAME: [u8; 11] = litenc::fat_name!("readme.txt");
    const LOG: [u8; 11] = litenc::fat_name!("cp850", "año2024.log");
    // A fixed-width EBCDIC field of a mainframe record: padded with the
    // page's space, 0x40 in EBCDIC.
    const FIELD: [u8; 12] = encode!("cp037", "ACCT 0042", width = 12);
    // A 16-character line of an HD44780 LCD (ROM A00): U+E000 is CGRAM 0,
    // here a degree sign the firmware draws; ｱﾘｶﾞﾄｳ is in the ROM.
    const LCD: [u8; 16] = encode!("hd44780-a00", "25\u{E000}C ｱﾘｶﾞﾄｳ→", width = 16);
    println!("\n9. Devices: an SMS in GSM 03.38, FAT file names, an EBCDIC field, an LCD line:\n");
    println!("   SMS \"Total: 5€ {{paid}} @ÅB\", packed   {}", hex(&SMS));
    let mut septets = [0u8; 23];
    litenc::gsm0338::unpack_into(&SMS, 23, &mut septets).expect("23 septets in 21 octets");
    let back = litenc::gsm0338::decode(&septets).expect("the septets came from the encoder");
    println!("   unpacked and decoded                 {back:?}");
    assert_eq!(back, "Total: 5€ {paid} @ÅB");
    println!(
        "   fat_name!(\"readme.txt\")             {:?}",
        String::from_utf8_lossy(&NAME)
    );
    println!("   fat_name!(\"cp850\", \"año2024.log\")  {}", hex(&LOG));
    assert_eq!(&NAME, b"README  TXT");
    println!("   EBCDIC (IBM037) field, width 12      {}", hex(&FIELD));
    let back = litenc::ibm037::decode(&FIELD).expect("IBM037 defines these bytes");
    println!("   read back                            {back:?}");
    assert_eq!(back, "ACCT 0042   ");

    println!("   LCD line (HD44780 A00), width 16     {}", hex(&LCD));
    assert_eq!(LCD[2], 0x00);
    assert_eq!(LCD[11], 0x7E);
    println!();
}

/// Section 5: "Hello мир" written in windows-1251 and read as ISO-8859-1,
/// and the way back.
fn mojibake() {
    println!("5. Mojibake and its repair:\n");
    let sent = windows1251::encode("Hello мир").expect("windows-1251 has it");
    // Every byte is a character in ISO-8859-1, so the wrong reading succeeds.
    let garbled = latin1::decode(&sent).expect("ISO-8859-1 defines every byte");
    println!("   \"Hello мир\" in windows-1251:     {}", hex(&sent));
    println!("   those bytes read as ISO-8859-1:   {garbled:?}");
    // And it loses nothing: encode back as ISO-8859-1, decode as windows-1251.
    let bytes = latin1::encode(&garbled).expect("it came from ISO-8859-1");
    let repaired = windows1251::decode(&bytes).expect("windows-1251 defines every byte");
    println!("   back through ISO-8859-1, read as windows-1251: {repaired:?}");
    assert_eq!(garbled, "Hello ìèð");
    assert_eq!(repaired, "Hello мир");
    // WHATWG's "iso-8859-1" label (windows-1252, as browsers read it) garbles
    // these bytes the same way.
    let web = Encoding::for_label("iso-8859-1").expect("a WHATWG label");
    assert_eq!(web.decode(&sent).as_deref(), Ok("Hello ìèð"));
    println!(
        "   (the WHATWG label \"iso-8859-1\" means {}, which reads these bytes the same)\n",
        web.name()
    );
}

/// The `const fn`s against their run-time twins in `litenc::fast`, on a
/// text big enough to time.
fn run_time_twins() {
    use std::time::Instant;

    println!(
        "\n8. At run time, `litenc::fast` gives the same answers faster (kernels here: {}):\n",
        litenc::fast::implementation()
    );
    let text = "Съешь же ещё этих мягких французских булок, да выпей чаю. 中文 😀 ".repeat(4_000);
    let mut slow = vec![0u16; text.len()];
    let mut quick = vec![0u16; text.len()];
    let t = Instant::now();
    let n = utf16::encode_units_into(&text, &mut slow).expect("buffer is the worst case");
    let const_time = t.elapsed();
    let t = Instant::now();
    let m = litenc::fast::utf16::encode_units_into(&text, &mut quick).expect("the same buffer");
    let fast_time = t.elapsed();
    println!(
        "   {} bytes of UTF-8 to {n} UTF-16 units: const fn {:.0} us, fast {:.0} us, same units: {}",
        text.len(),
        const_time.as_secs_f64() * 1e6,
        fast_time.as_secs_f64() * 1e6,
        n == m && slow[..n] == quick[..m]
    );
}
