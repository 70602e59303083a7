//! Equivalence: every macro and option gives exactly the bytes the runtime
//! functions give for the same text, over 100+ varied literals (all
//! scripts, emoji, NUL, U+FFFF, U+10FFFF, U+0098, raw strings, escapes,
//! `concat!`, `env!`, `include_str!`), and `include_encoded!` gives the
//! runtime's bytes for a file. Every single-byte code page, by its name and
//! another label, gives the runtime's bytes for every character it holds,
//! which a peer (`encoding_rs`, `oem_cp`, std) decodes back to the text.

use core::ffi::CStr;

use litenc::{utf16, utf32, wide, Encoding, LenPrefix, WChar};

/// What the runtime gives: the bytes of `text`, with the byte-order mark
/// and a zero unit if asked.
#[inline(never)]
fn expected(encoding: Encoding, text: &str, bom: bool, nul: bool) -> Vec<u8> {
    let mut out = Vec::new();
    if bom {
        out.extend_from_slice(encoding.bom().unwrap());
    }
    out.extend(encoding.encode(text).unwrap());
    if nul {
        out.extend(core::iter::repeat_n(0, encoding.unit_size()));
    }
    out
}

#[inline(never)]
fn expected_units(text: &str, bom: bool, nul: bool) -> Vec<u16> {
    let mut out = Vec::new();
    if bom {
        out.push(0xFEFF);
    }
    out.extend(utf16::encode_units(text));
    if nul {
        out.push(0);
    }
    out
}

/// [`expected`] after a length prefix counting all of it.
#[inline(never)]
fn prefixed(prefix: LenPrefix, encoding: Encoding, text: &str, bom: bool, nul: bool) -> Vec<u8> {
    let body = expected(encoding, text, bom, nul);
    let mut out = vec![0u8; prefix.width()];
    prefix.write(body.len(), &mut out).unwrap();
    out.extend(body);
    out
}

#[inline(never)]
fn expected_units32(text: &str, bom: bool, nul: bool) -> Vec<u32> {
    let mut out = Vec::new();
    if bom {
        out.push(0xFEFF);
    }
    out.extend(utf32::encode_units(text));
    if nul {
        out.push(0);
    }
    out
}

#[inline(never)]
fn expected_wide(text: &str, bom: bool, nul: bool) -> Vec<WChar> {
    let mut out = Vec::new();
    if bom {
        out.push(0xFEFF);
    }
    out.extend(wide::encode_units(text));
    if nul {
        out.push(0);
    }
    out
}

#[inline(never)]
fn cstr(c: &CStr) -> Vec<u8> {
    c.to_bytes_with_nul().to_vec()
}

/// Fails, naming the option and the text, unless the macro's array `got`
/// is the runtime's `want`. One function for every check, not an
/// `assert_eq!` at each: the checks of a text are then a call each, which
/// the compiler builds in a fraction of the time the expanded assertions
/// took it.
#[track_caller]
#[inline(never)]
fn same<T: PartialEq + core::fmt::Debug>(got: &[T], want: &[T], option: &str, text: &str) {
    assert_eq!(got, want, "{option} {text:?}");
}

/// The checks every encoding can take, for text without U+0000.
macro_rules! check_all {
    ($([$($text:tt)+]),+ $(,)?) => {{
        let mut count = 0;
        $(
            // A function per text, never inlined: one function of every check of
            // every text takes the optimizer minutes, as many small ones take it
            // seconds (and a function called once is inlined unless told not to).
            {
                #[inline(never)]
                fn no_terminator() {
                    check_no_terminator!($($text)+);
                }
                #[inline(never)]
                fn terminated() {
                    check_terminated!($($text)+);
                }
                no_terminator();
                terminated();
            }
            count += 1;
        )+
        count
    }};
}

/// Options that do not terminate, so that text with U+0000 may take them.
macro_rules! check_no_terminator {
    ($($text:tt)+) => {{
        let text: &str = concat!($($text)+);
        same(&litenc::utf8!($($text)+)[..], &expected(Encoding::Utf8, text, false, false), "utf8", text);
        same(&litenc::utf8!($($text)+, bom)[..], &expected(Encoding::Utf8, text, true, false), "utf8 bom", text);
        same(&litenc::utf16!($($text)+)[..], &expected_units(text, false, false), "utf16", text);
        same(&litenc::utf16!($($text)+, bom)[..], &expected_units(text, true, false), "utf16 bom", text);
        same(&litenc::utf16le!($($text)+)[..], &expected(Encoding::Utf16Le, text, false, false), "utf16le", text);
        same(&litenc::utf16le!($($text)+, bom)[..], &expected(Encoding::Utf16Le, text, true, false), "utf16le bom", text);
        same(&litenc::utf16be!($($text)+)[..], &expected(Encoding::Utf16Be, text, false, false), "utf16be", text);
        same(&litenc::utf16be!($($text)+, bom)[..], &expected(Encoding::Utf16Be, text, true, false), "utf16be bom", text);
        same(&litenc::mutf8!($($text)+)[..], &expected(Encoding::Mutf8, text, false, false), "mutf8", text);
        same(&litenc::mutf8!($($text)+, nul)[..], &expected(Encoding::Mutf8, text, false, true), "mutf8 nul", text);
        same(&cstr(litenc::mutf8!($($text)+, cstr)), &expected(Encoding::Mutf8, text, false, true), "mutf8 cstr", text);
        same(&litenc::cesu8!($($text)+)[..], &expected(Encoding::Cesu8, text, false, false), "cesu8", text);
        same(&litenc::encode!("utf-8", $($text)+)[..], &expected(Encoding::Utf8, text, false, false), "encode utf-8", text);
        same(&litenc::encode!("UTF-16", $($text)+)[..], &expected(Encoding::Utf16Le, text, false, false), "encode UTF-16", text);
        same(&litenc::encode!("utf-16be", $($text)+, bom)[..], &expected(Encoding::Utf16Be, text, true, false), "encode utf-16be bom", text);
        same(&litenc::encode!("java-modified-utf-8", $($text)+, nul)[..], &expected(Encoding::Mutf8, text, false, true), "encode mutf-8 nul", text);
        same(&litenc::encode!(" CESU-8 ", $($text)+)[..], &expected(Encoding::Cesu8, text, false, false), "encode cesu-8", text);
        same(&litenc::utf32!($($text)+)[..], &expected_units32(text, false, false), "utf32", text);
        same(&litenc::utf32!($($text)+, bom)[..], &expected_units32(text, true, false), "utf32 bom", text);
        same(&litenc::utf32le!($($text)+)[..], &expected(Encoding::Utf32Le, text, false, false), "utf32le", text);
        same(&litenc::utf32le!($($text)+, bom)[..], &expected(Encoding::Utf32Le, text, true, false), "utf32le bom", text);
        same(&litenc::utf32be!($($text)+)[..], &expected(Encoding::Utf32Be, text, false, false), "utf32be", text);
        same(&litenc::utf32be!($($text)+, bom)[..], &expected(Encoding::Utf32Be, text, true, false), "utf32be bom", text);
        same(&litenc::encode!("utf-32", $($text)+)[..], &expected(Encoding::Utf32Le, text, false, false), "encode utf-32", text);
        same(&litenc::encode!("UTF-32BE", $($text)+, bom)[..], &expected(Encoding::Utf32Be, text, true, false), "encode UTF-32BE bom", text);
        same(&litenc::wide!($($text)+)[..], &expected_wide(text, false, false), "wide", text);
        same(&litenc::wide!($($text)+, bom)[..], &expected_wide(text, true, false), "wide bom", text);
        // Length prefixes, each width and order, over the whole array.
        same(&litenc::utf8!($($text)+, len_u32le)[..], &prefixed(LenPrefix::U32Le, Encoding::Utf8, text, false, false), "utf8 len_u32le", text);
        same(&litenc::utf16le!($($text)+, bom, len_u32be)[..], &prefixed(LenPrefix::U32Be, Encoding::Utf16Le, text, true, false), "utf16le bom len_u32be", text);
        same(&litenc::utf16be!($($text)+, len_u16le)[..], &prefixed(LenPrefix::U16Le, Encoding::Utf16Be, text, false, false), "utf16be len_u16le", text);
        same(&litenc::utf32le!($($text)+, len_u32le)[..], &prefixed(LenPrefix::U32Le, Encoding::Utf32Le, text, false, false), "utf32le len_u32le", text);
        same(&litenc::utf32be!($($text)+, len_u32be, bom)[..], &prefixed(LenPrefix::U32Be, Encoding::Utf32Be, text, true, false), "utf32be len_u32be bom", text);
        same(&litenc::mutf8!($($text)+, len_u16be)[..], &prefixed(LenPrefix::U16Be, Encoding::Mutf8, text, false, false), "mutf8 len_u16be", text);
        same(&litenc::mutf8!($($text)+, nul, len_u16be)[..], &prefixed(LenPrefix::U16Be, Encoding::Mutf8, text, false, true), "mutf8 nul len_u16be", text);
        same(&litenc::cesu8!($($text)+, len_u32le)[..], &prefixed(LenPrefix::U32Le, Encoding::Cesu8, text, false, false), "cesu8 len_u32le", text);
        same(&litenc::encode!("utf-32be", $($text)+, len_u32le)[..], &prefixed(LenPrefix::U32Le, Encoding::Utf32Be, text, false, false), "encode utf-32be len_u32le", text);
    }};
}

/// The terminating options, for text without U+0000.
macro_rules! check_terminated {
    ($($text:tt)+) => {{
        let text: &str = concat!($($text)+);
        same(&litenc::utf8!($($text)+, nul)[..], &expected(Encoding::Utf8, text, false, true), "utf8 nul", text);
        same(&litenc::utf8!($($text)+, bom, nul)[..], &expected(Encoding::Utf8, text, true, true), "utf8 bom nul", text);
        same(&cstr(litenc::utf8!($($text)+, cstr)), &expected(Encoding::Utf8, text, false, true), "utf8 cstr", text);
        same(&cstr(litenc::utf8!($($text)+, bom, cstr)), &expected(Encoding::Utf8, text, true, true), "utf8 bom cstr", text);
        same(&litenc::utf16!($($text)+, nul)[..], &expected_units(text, false, true), "utf16 nul", text);
        same(&litenc::utf16!($($text)+, bom, nul)[..], &expected_units(text, true, true), "utf16 bom nul", text);
        same(&litenc::utf16le!($($text)+, nul)[..], &expected(Encoding::Utf16Le, text, false, true), "utf16le nul", text);
        same(&litenc::utf16be!($($text)+, nul, bom)[..], &expected(Encoding::Utf16Be, text, true, true), "utf16be nul bom", text);
        same(&litenc::cesu8!($($text)+, nul)[..], &expected(Encoding::Cesu8, text, false, true), "cesu8 nul", text);
        same(&cstr(litenc::cesu8!($($text)+, cstr)), &expected(Encoding::Cesu8, text, false, true), "cesu8 cstr", text);
        same(&cstr(litenc::encode!("utf8", $($text)+, cstr)), &expected(Encoding::Utf8, text, false, true), "encode utf8 cstr", text);
        same(&litenc::utf32!($($text)+, nul)[..], &expected_units32(text, false, true), "utf32 nul", text);
        same(&litenc::utf32!($($text)+, bom, nul)[..], &expected_units32(text, true, true), "utf32 bom nul", text);
        same(&litenc::utf32le!($($text)+, nul)[..], &expected(Encoding::Utf32Le, text, false, true), "utf32le nul", text);
        same(&litenc::utf32be!($($text)+, nul, bom)[..], &expected(Encoding::Utf32Be, text, true, true), "utf32be nul bom", text);
        same(&litenc::wide!($($text)+, nul)[..], &expected_wide(text, false, true), "wide nul", text);
        same(&litenc::utf8!($($text)+, bom, nul, len_u32be)[..], &prefixed(LenPrefix::U32Be, Encoding::Utf8, text, true, true), "utf8 bom nul len_u32be", text);
        same(&litenc::utf16le!($($text)+, len_u16le, nul)[..], &prefixed(LenPrefix::U16Le, Encoding::Utf16Le, text, false, true), "utf16le len_u16le nul", text);
        same(&litenc::utf32le!($($text)+, nul, len_u32le)[..], &prefixed(LenPrefix::U32Le, Encoding::Utf32Le, text, false, true), "utf32le nul len_u32le", text);
    }};
}

/// Windows-1251, for text it can hold.
macro_rules! check_1251 {
    ($([$($text:tt)+]),+ $(,)?) => {{
        let mut count = 0;
        $({
            #[inline(never)]
            fn check() {
                let text: &str = concat!($($text)+);
                        let enc = Encoding::Windows1251;
                same(&litenc::windows1251!($($text)+)[..], &expected(enc, text, false, false), "1251", text);
                same(&litenc::windows1251!($($text)+, nul)[..], &expected(enc, text, false, true), "1251 nul", text);
                same(&cstr(litenc::windows1251!($($text)+, cstr)), &expected(enc, text, false, true), "1251 cstr", text);
                same(&litenc::cp1251!($($text)+)[..], &expected(enc, text, false, false), "cp1251", text);
                same(&litenc::cp1251!($($text)+, nul)[..], &expected(enc, text, false, true), "cp1251 nul", text);
                same(&litenc::encode!("x-cp1251", $($text)+)[..], &expected(enc, text, false, false), "encode x-cp1251", text);
                same(&cstr(litenc::encode!("Windows-1251", $($text)+, cstr)), &expected(enc, text, false, true), "encode cstr", text);
            }
            check();
            count += 1;
        })+
        count
    }};
}

/// Text with U+0000: everything but the terminators, and MUTF-8, which
/// writes U+0000 as `C0 80`, with them.
macro_rules! check_with_nul {
    ($([$($text:tt)+]),+ $(,)?) => {{
        let mut count = 0;
        $(
            assert!(concat!($($text)+).contains('\0'));
            {
                #[inline(never)]
                fn no_terminator() {
                    check_no_terminator!($($text)+);
                }
                no_terminator();
            }
            count += 1;
        )+
        count
    }};
}

#[test]
#[allow(clippy::too_many_lines)] // the list of literals
fn every_macro_matches_the_runtime() {
    let plain = check_all![
        [""],
        ["a"],
        ["Hello, world!"],
        ["The quick brown fox jumps over the lazy dog 0123456789"],
        ["~!@#$%^&*()_+`-={}|[]:;'<>?,./"],
        ["\"quoted\" and \\backslash\\"],
        ["tab\there\nnewline\r\ncrlf"],
        ["\x7F\x01\x1F control"],
        ["\u{80}\u{81}\u{9F}"],
        ["\u{98}"],
        ["\u{A0}\u{AD}\u{FF}"],
        ["café résumé naïve"],
        ["Grüße aus Köln, ß"],
        ["Ångström Ærø Øresund"],
        ["Łódź Żółć Gęś"],
        ["Český Krumlov, Žluťoučký kůň"],
        ["İstanbul ığdır ŞÇĞ"],
        ["Ελληνικά: αβγδε ΑΒΓΔΕ"],
        ["Привет, мир!"],
        ["Съешь же ещё этих мягких французских булок"],
        ["Ёё Ђђ Љљ Њњ Ћћ Џџ Ґґ Єє Іі Її Ўў"],
        ["Հայերեն"],
        ["עברית שלום"],
        ["العربية مرحبا"],
        ["فارسی"],
        ["हिन्दी नमस्ते"],
        ["বাংলা"],
        ["தமிழ்"],
        ["ไทย สวัสดี"],
        ["ລາວ"],
        ["ქართული"],
        ["አማርኛ"],
        ["ᚠᛇᚻ᛫ᛒᛦᚦ"],
        ["中文 你好，世界"],
        ["繁體中文 漢字"],
        ["日本語 ひらがな カタカナ"],
        ["한국어 안녕하세요"],
        ["각"],
        ["Tiếng Việt có dấu"],
        ["ⅠⅡⅢ ①②③"],
        ["∀x∈ℝ: x²≥0 ∑∏∫√∞≠≤≥"],
        ["€ £ ¥ ₽ ₹ ₿"],
        ["«guillemets» „Anführung“ “quotes” ‘single’"],
        ["— – … • † ‡ ‰ ™"],
        ["№ 5"],
        ["😀"],
        ["😀😃😄😁"],
        ["👍🏽 skin tone"],
        ["👨‍👩‍👧‍👦 family"],
        ["🏳️‍🌈 flag"],
        ["🇺🇦🇫🇷🇯🇵"],
        ["🚀 launch at T-10"],
        ["𝄞 music"],
        ["𝔘𝔫𝔦𝔠𝔬𝔡𝔢"],
        ["𐍈 Gothic"],
        ["𠜎𠜱𠝹 CJK ext B"],
        ["\u{FFFF}"],
        ["\u{FFFE}\u{FFFD}"],
        ["\u{FEFF}BOM inside"],
        ["\u{10000}"],
        ["\u{10FFFF}"],
        ["\u{10FFFE}\u{10FFFF}"],
        ["\u{7FF}\u{800}"],
        ["\u{D7FF}\u{E000}"],
        ["\u{E000}\u{F8FF} private use"],
        ["\u{F0000}\u{FFFFD}"],
        ["e\u{301} combining"],
        ["\u{200B}\u{200C}\u{200D}\u{2060}"],
        ["\u{202E}rtl override"],
        ["\u{1F600}\u{1F680}"],
        [r"raw \n stays"],
        [r#"raw "with" quotes"#],
        [r##"raw "# hash"##],
        [r"C:\Windows\System32"],
        ["a", "b"],
        ["Hello, ", "世界", "!"],
        ["line one\n", r"line \two", "\u{1F600}"],
        [concat!("v", 1, ".", 2, '-', true)],
        [concat!("nested ", concat!("concat ", "!"), " ok")],
        [concat!("float ", 2.5, " char ", '€')],
        [env!("CARGO_PKG_NAME")],
        [
            "pkg: ",
            env!("CARGO_PKG_NAME"),
            " v",
            env!("CARGO_PKG_VERSION")
        ],
        [include_str!("../macros_data/mixed.txt")],
        ["prefix ", include_str!("../macros_data/cyrillic.txt")],
        // Long enough for every long form of the expansion (bytes of the
        // units, a string literal for UTF-8).
        [include_str!("../macros_data/long.txt")],
        ["java/lang/String"],
        ["(Ljava/lang/String;I)V"],
        ["Lcom/example/Ünïcødé;"],
        ["<init>"],
        ["кириллица в имени класса"],
        ["SELECT * FROM \"таблица\" WHERE id = 1;"],
        ["{\"json\": [1, 2, \"три\"]}"],
        ["<html><body>Ω</body></html>"],
        ["   spaces   "],
        ["\t\t"],
        ["0"],
        ["\u{1}"],
        ["\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}"],
        ["ASCII then 😀 then Кириллица then 中文 then \u{10FFFF}"],
        ["Ⓐⓑⓒ ⒜⒝⒞"],
        ["ﬁﬂ ligatures"],
        ["Ｆｕｌｌｗｉｄｔｈ"],
        ["ｶﾀｶﾅ halfwidth"],
        ["🧑🏾‍💻👩🏻‍🔬"],
        ["a\u{10FFFF}b\u{FFFF}c\u{98}d"]
    ];
    let with_nul = check_with_nul![
        ["x\u{0}"],
        ["Mixed: Привет 你好 مرحبا 😀 \u{0}?"],
        ["\0"],
        ["a\0b"],
        ["\0\0"],
        ["key\0value\0"],
        ["😀\0中"],
        ["\u{0}\u{10FFFF}\u{FFFF}\u{98}"],
        [r"raw, then", "\0"],
        [concat!("c\0", 1)]
    ];
    let cyrillic = check_1251![
    ["Привет, мир!"],
    ["Съешь же ещё этих мягких французских булок, да выпей чаю"],
    ["Ёё Ђђ Љљ Њњ Ћћ Џџ Ґґ Єє Іі Її Ўў Јј Ѕѕ"],
    ["№ 5 — «цитата» „это“ “то” ‘одно’ € ‰ ™ • … † ‡"],
    ["\u{98}"],
    ["\u{98}\u{A0}\u{A4}\u{A6}\u{A7}\u{A9}\u{AB}\u{AC}\u{AD}\u{AE}\u{B0}\u{B1}\u{B5}\u{B6}\u{B7}\u{BB}"],
    ["ASCII only, 0123456789 ~!@#$%^&*()"],
    ["\x7F\x01\t\n"],
    [""],
    [r"raw C:\Путь\к\файлу"],
    ["Москва", ", ", "Київ", ", ", "Минск"],
    [concat!("Версия ", 2, '.', 1)],
    [include_str!("../macros_data/cyrillic.txt")],
    ["ЎЗБЕКИСТОН"],
    ["АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдежзийклмнопрстуфхцчшщъыьэюя"],
    ["ђѓѕіјљњћќўџ"],
    ["ЂЃЅІЈЉЊЋЌЎЏ"],
    ["Ґґ"],
    ["\u{2116}\u{20AC}\u{2122}"],
    ["Это проверка: «ёлки-палки»!"]
    ];
    assert!(plain + with_nul >= 100, "{plain} + {with_nul} literals");
    assert!(cyrillic >= 20);
}

#[test]
fn include_encoded_matches_the_runtime() {
    let mixed = include_str!("../macros_data/mixed.txt");
    let cyrillic = include_str!("../macros_data/cyrillic.txt");
    assert_eq!(
        litenc::include_encoded!("utf-8", "../macros_data/mixed.txt").to_vec(),
        expected(Encoding::Utf8, mixed, false, false)
    );
    assert_eq!(
        litenc::include_encoded!("utf-16le", "../macros_data/mixed.txt", bom, nul).to_vec(),
        expected(Encoding::Utf16Le, mixed, true, true)
    );
    assert_eq!(
        litenc::include_encoded!("UTF-16BE", "../macros_data/mixed.txt").to_vec(),
        expected(Encoding::Utf16Be, mixed, false, false)
    );
    assert_eq!(
        cstr(litenc::include_encoded!(
            "mutf-8",
            "../macros_data/mixed.txt",
            cstr
        )),
        expected(Encoding::Mutf8, mixed, false, true)
    );
    assert_eq!(
        litenc::include_encoded!("cesu-8", "../macros_data/mixed.txt", nul).to_vec(),
        expected(Encoding::Cesu8, mixed, false, true)
    );
    assert_eq!(
        litenc::include_encoded!("cp1251", "../macros_data/cyrillic.txt").to_vec(),
        expected(Encoding::Windows1251, cyrillic, false, false)
    );
    assert_eq!(
        cstr(litenc::include_encoded!(
            "windows-1251",
            "../macros_data/cyrillic.txt",
            cstr
        )),
        expected(Encoding::Windows1251, cyrillic, false, true)
    );
    let greek = include_str!("../macros_data/greek.txt");
    assert_eq!(
        cstr(litenc::include_encoded!(
            "iso-8859-7",
            "../macros_data/greek.txt",
            cstr
        )),
        expected(Encoding::Iso8859_7, greek, false, true)
    );
    assert_eq!(
        litenc::include_encoded!("cp737", "../macros_data/greek.txt", nul).to_vec(),
        expected(Encoding::Ibm737, greek, false, true)
    );
    // An absolute path, as `concat!(env!("CARGO_MANIFEST_DIR"), ...)` gives.
    assert_eq!(
        litenc::include_encoded!(
            "utf-8",
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/macros_data/mixed.txt")
        )
        .to_vec(),
        expected(Encoding::Utf8, mixed, false, false)
    );
}

#[test]
fn attribute_matches_the_runtime() {
    #[litenc::encoded("windows-1251")]
    const A: [u8; _] = "Привет, «мир» № 5";
    #[litenc::encoded("utf-16", nul)]
    static B: [u16; _] = "wide 😀";
    #[litenc::encoded("utf-16be", bom)]
    const C: &[u8] = "𝄞 clef";
    #[litenc::encoded("UTF-16LE")]
    static D: &[u16] = r"C:\Temp\файл";
    #[litenc::encoded("java-modified-utf-8")]
    const E: &CStr = "a\0b 😀";
    #[litenc::encoded("utf-8", cstr)]
    pub(crate) static F: &'static core::ffi::CStr = "utf-8 C";
    #[litenc::encoded("cesu-8")]
    const G: [u8; 6] = "😀";

    assert_eq!(
        A.to_vec(),
        expected(Encoding::Windows1251, "Привет, «мир» № 5", false, false)
    );
    assert_eq!(B.to_vec(), expected_units("wide 😀", false, true));
    assert_eq!(
        C.to_vec(),
        expected(Encoding::Utf16Be, "𝄞 clef", true, false)
    );
    assert_eq!(D.to_vec(), expected_units(r"C:\Temp\файл", false, false));
    assert_eq!(cstr(E), expected(Encoding::Mutf8, "a\0b 😀", false, true));
    assert_eq!(cstr(F), b"utf-8 C\0".to_vec());
    assert_eq!(G.to_vec(), expected(Encoding::Cesu8, "😀", false, false));
}

/// Every character of every single-byte code page, through every form of
/// the macros: the runtime's bytes, and text again through a peer.
///
/// Each entry is `[Variant, module, "name", "another label", "the page's
/// characters of 0x80..=0xFF, in byte order"]`; the bytes below 0x80 (but
/// NUL) are the same text for every page. The list hands itself to
/// `$callback`, as the runtime's registry does, so that the test that it
/// covers [`Encoding::ALL`] reads the very same list. (A procedural macro
/// needs its text written out: the list cannot be made at run time.)
macro_rules! single_byte_pages {
    ($callback:ident) => {
        $callback![
            [Ibm866, ibm866, "IBM866", "866", "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдежзийклмноп░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀рстуфхцчшщъыьэюяЁёЄєЇїЎў°∙·√№¤■\u{a0}"],
            [Iso8859_2, iso8859_2, "ISO-8859-2", "csisolatin2", "\u{80}\u{81}\u{82}\u{83}\u{84}\u{85}\u{86}\u{87}\u{88}\u{89}\u{8a}\u{8b}\u{8c}\u{8d}\u{8e}\u{8f}\u{90}\u{91}\u{92}\u{93}\u{94}\u{95}\u{96}\u{97}\u{98}\u{99}\u{9a}\u{9b}\u{9c}\u{9d}\u{9e}\u{9f}\u{a0}Ą˘Ł¤ĽŚ§¨ŠŞŤŹ\u{ad}ŽŻ°ą˛ł´ľśˇ¸šşťź˝žżŔÁÂĂÄĹĆÇČÉĘËĚÍÎĎĐŃŇÓÔŐÖ×ŘŮÚŰÜÝŢßŕáâăäĺćçčéęëěíîďđńňóôőö÷řůúűüýţ˙"],
            [Iso8859_3, iso8859_3, "ISO-8859-3", "csisolatin3", "\u{80}\u{81}\u{82}\u{83}\u{84}\u{85}\u{86}\u{87}\u{88}\u{89}\u{8a}\u{8b}\u{8c}\u{8d}\u{8e}\u{8f}\u{90}\u{91}\u{92}\u{93}\u{94}\u{95}\u{96}\u{97}\u{98}\u{99}\u{9a}\u{9b}\u{9c}\u{9d}\u{9e}\u{9f}\u{a0}Ħ˘£¤Ĥ§¨İŞĞĴ\u{ad}Ż°ħ²³´µĥ·¸ışğĵ½żÀÁÂÄĊĈÇÈÉÊËÌÍÎÏÑÒÓÔĠÖ×ĜÙÚÛÜŬŜßàáâäċĉçèéêëìíîïñòóôġö÷ĝùúûüŭŝ˙"],
            [Iso8859_4, iso8859_4, "ISO-8859-4", "csisolatin4", "\u{80}\u{81}\u{82}\u{83}\u{84}\u{85}\u{86}\u{87}\u{88}\u{89}\u{8a}\u{8b}\u{8c}\u{8d}\u{8e}\u{8f}\u{90}\u{91}\u{92}\u{93}\u{94}\u{95}\u{96}\u{97}\u{98}\u{99}\u{9a}\u{9b}\u{9c}\u{9d}\u{9e}\u{9f}\u{a0}ĄĸŖ¤ĨĻ§¨ŠĒĢŦ\u{ad}Ž¯°ą˛ŗ´ĩļˇ¸šēģŧŊžŋĀÁÂÃÄÅÆĮČÉĘËĖÍÎĪĐŅŌĶÔÕÖ×ØŲÚÛÜŨŪßāáâãäåæįčéęëėíîīđņōķôõö÷øųúûüũū˙"],
            [Iso8859_5, iso8859_5, "ISO-8859-5", "csisolatincyrillic", "\u{80}\u{81}\u{82}\u{83}\u{84}\u{85}\u{86}\u{87}\u{88}\u{89}\u{8a}\u{8b}\u{8c}\u{8d}\u{8e}\u{8f}\u{90}\u{91}\u{92}\u{93}\u{94}\u{95}\u{96}\u{97}\u{98}\u{99}\u{9a}\u{9b}\u{9c}\u{9d}\u{9e}\u{9f}\u{a0}ЁЂЃЄЅІЇЈЉЊЋЌ\u{ad}ЎЏАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдежзийклмнопрстуфхцчшщъыьэюя№ёђѓєѕіїјљњћќ§ўџ"],
            [Iso8859_6, iso8859_6, "ISO-8859-6", "arabic", "\u{80}\u{81}\u{82}\u{83}\u{84}\u{85}\u{86}\u{87}\u{88}\u{89}\u{8a}\u{8b}\u{8c}\u{8d}\u{8e}\u{8f}\u{90}\u{91}\u{92}\u{93}\u{94}\u{95}\u{96}\u{97}\u{98}\u{99}\u{9a}\u{9b}\u{9c}\u{9d}\u{9e}\u{9f}\u{a0}¤،\u{ad}؛؟ءآأؤإئابةتثجحخدذرزسشصضطظعغـفقكلمنهوىي\u{64b}\u{64c}\u{64d}\u{64e}\u{64f}\u{650}\u{651}\u{652}"],
            [Iso8859_7, iso8859_7, "ISO-8859-7", "csisolatingreek", "\u{80}\u{81}\u{82}\u{83}\u{84}\u{85}\u{86}\u{87}\u{88}\u{89}\u{8a}\u{8b}\u{8c}\u{8d}\u{8e}\u{8f}\u{90}\u{91}\u{92}\u{93}\u{94}\u{95}\u{96}\u{97}\u{98}\u{99}\u{9a}\u{9b}\u{9c}\u{9d}\u{9e}\u{9f}\u{a0}‘’£€₯¦§¨©ͺ«¬\u{ad}―°±²³΄΅Ά·ΈΉΊ»Ό½ΎΏΐΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΪΫάέήίΰαβγδεζηθικλμνξοπρςστυφχψωϊϋόύώ"],
            [Iso8859_8, iso8859_8, "ISO-8859-8", "csiso88598e", "\u{80}\u{81}\u{82}\u{83}\u{84}\u{85}\u{86}\u{87}\u{88}\u{89}\u{8a}\u{8b}\u{8c}\u{8d}\u{8e}\u{8f}\u{90}\u{91}\u{92}\u{93}\u{94}\u{95}\u{96}\u{97}\u{98}\u{99}\u{9a}\u{9b}\u{9c}\u{9d}\u{9e}\u{9f}\u{a0}¢£¤¥¦§¨©×«¬\u{ad}®¯°±²³´µ¶·¸¹÷»¼½¾‗אבגדהוזחטיךכלםמןנסעףפץצקרשת\u{200e}\u{200f}"],
            [Iso8859_8I, iso8859_8_i, "ISO-8859-8-I", "csiso88598i", "\u{80}\u{81}\u{82}\u{83}\u{84}\u{85}\u{86}\u{87}\u{88}\u{89}\u{8a}\u{8b}\u{8c}\u{8d}\u{8e}\u{8f}\u{90}\u{91}\u{92}\u{93}\u{94}\u{95}\u{96}\u{97}\u{98}\u{99}\u{9a}\u{9b}\u{9c}\u{9d}\u{9e}\u{9f}\u{a0}¢£¤¥¦§¨©×«¬\u{ad}®¯°±²³´µ¶·¸¹÷»¼½¾‗אבגדהוזחטיךכלםמןנסעףפץצקרשת\u{200e}\u{200f}"],
            [Iso8859_10, iso8859_10, "ISO-8859-10", "csisolatin6", "\u{80}\u{81}\u{82}\u{83}\u{84}\u{85}\u{86}\u{87}\u{88}\u{89}\u{8a}\u{8b}\u{8c}\u{8d}\u{8e}\u{8f}\u{90}\u{91}\u{92}\u{93}\u{94}\u{95}\u{96}\u{97}\u{98}\u{99}\u{9a}\u{9b}\u{9c}\u{9d}\u{9e}\u{9f}\u{a0}ĄĒĢĪĨĶ§ĻĐŠŦŽ\u{ad}ŪŊ°ąēģīĩķ·ļđšŧž―ūŋĀÁÂÃÄÅÆĮČÉĘËĖÍÎÏÐŅŌÓÔÕÖŨØŲÚÛÜÝÞßāáâãäåæįčéęëėíîïðņōóôõöũøųúûüýþĸ"],
            [Iso8859_13, iso8859_13, "ISO-8859-13", "iso8859-13", "\u{80}\u{81}\u{82}\u{83}\u{84}\u{85}\u{86}\u{87}\u{88}\u{89}\u{8a}\u{8b}\u{8c}\u{8d}\u{8e}\u{8f}\u{90}\u{91}\u{92}\u{93}\u{94}\u{95}\u{96}\u{97}\u{98}\u{99}\u{9a}\u{9b}\u{9c}\u{9d}\u{9e}\u{9f}\u{a0}”¢£¤„¦§Ø©Ŗ«¬\u{ad}®Æ°±²³“µ¶·ø¹ŗ»¼½¾æĄĮĀĆÄÅĘĒČÉŹĖĢĶĪĻŠŃŅÓŌÕÖ×ŲŁŚŪÜŻŽßąįāćäåęēčéźėģķīļšńņóōõö÷ųłśūüżž’"],
            [Iso8859_14, iso8859_14, "ISO-8859-14", "iso8859-14", "\u{80}\u{81}\u{82}\u{83}\u{84}\u{85}\u{86}\u{87}\u{88}\u{89}\u{8a}\u{8b}\u{8c}\u{8d}\u{8e}\u{8f}\u{90}\u{91}\u{92}\u{93}\u{94}\u{95}\u{96}\u{97}\u{98}\u{99}\u{9a}\u{9b}\u{9c}\u{9d}\u{9e}\u{9f}\u{a0}Ḃḃ£ĊċḊ§Ẁ©ẂḋỲ\u{ad}®ŸḞḟĠġṀṁ¶ṖẁṗẃṠỳẄẅṡÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏŴÑÒÓÔÕÖṪØÙÚÛÜÝŶßàáâãäåæçèéêëìíîïŵñòóôõöṫøùúûüýŷÿ"],
            [Iso8859_15, iso8859_15, "ISO-8859-15", "csisolatin9", "\u{80}\u{81}\u{82}\u{83}\u{84}\u{85}\u{86}\u{87}\u{88}\u{89}\u{8a}\u{8b}\u{8c}\u{8d}\u{8e}\u{8f}\u{90}\u{91}\u{92}\u{93}\u{94}\u{95}\u{96}\u{97}\u{98}\u{99}\u{9a}\u{9b}\u{9c}\u{9d}\u{9e}\u{9f}\u{a0}¡¢£€¥Š§š©ª«¬\u{ad}®¯°±²³Žµ¶·ž¹º»ŒœŸ¿ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ"],
            [Iso8859_16, iso8859_16, "ISO-8859-16", "iso-8859-16", "\u{80}\u{81}\u{82}\u{83}\u{84}\u{85}\u{86}\u{87}\u{88}\u{89}\u{8a}\u{8b}\u{8c}\u{8d}\u{8e}\u{8f}\u{90}\u{91}\u{92}\u{93}\u{94}\u{95}\u{96}\u{97}\u{98}\u{99}\u{9a}\u{9b}\u{9c}\u{9d}\u{9e}\u{9f}\u{a0}ĄąŁ€„Š§š©Ș«Ź\u{ad}źŻ°±ČłŽ”¶·žčș»ŒœŸżÀÁÂĂÄĆÆÇÈÉÊËÌÍÎÏĐŃÒÓÔŐÖŚŰÙÚÛÜĘȚßàáâăäćæçèéêëìíîïđńòóôőöśűùúûüęțÿ"],
            [Koi8R, koi8_r, "KOI8-R", "cskoi8r", "─│┌┐└┘├┤┬┴┼▀▄█▌▐░▒▓⌠■∙√≈≤≥\u{a0}⌡°²·÷═║╒ё╓╔╕╖╗╘╙╚╛╜╝╞╟╠╡Ё╢╣╤╥╦╧╨╩╪╫╬©юабцдефгхийклмнопярстужвьызшэщчъЮАБЦДЕФГХИЙКЛМНОПЯРСТУЖВЬЫЗШЭЩЧЪ"],
            [Koi8U, koi8_u, "KOI8-U", "koi8-ru", "─│┌┐└┘├┤┬┴┼▀▄█▌▐░▒▓⌠■∙√≈≤≥\u{a0}⌡°²·÷═║╒ёє╔ії╗╘╙╚╛ґў╞╟╠╡ЁЄ╣ІЇ╦╧╨╩╪ҐЎ©юабцдефгхийклмнопярстужвьызшэщчъЮАБЦДЕФГХИЙКЛМНОПЯРСТУЖВЬЫЗШЭЩЧЪ"],
            [Macintosh, macintosh, "macintosh", "csmacintosh", "ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø¿¡¬√ƒ≈∆«»…\u{a0}ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄€‹›ﬁﬂ‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\u{f8ff}ÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ"],
            [Windows874, windows874, "windows-874", "dos-874", "€\u{81}\u{82}\u{83}\u{84}…\u{86}\u{87}\u{88}\u{89}\u{8a}\u{8b}\u{8c}\u{8d}\u{8e}\u{8f}\u{90}‘’“”•–—\u{98}\u{99}\u{9a}\u{9b}\u{9c}\u{9d}\u{9e}\u{9f}\u{a0}กขฃคฅฆงจฉชซฌญฎฏฐฑฒณดตถทธนบปผฝพฟภมยรฤลฦวศษสหฬอฮฯะ\u{e31}าำ\u{e34}\u{e35}\u{e36}\u{e37}\u{e38}\u{e39}\u{e3a}฿เแโใไๅๆ\u{e47}\u{e48}\u{e49}\u{e4a}\u{e4b}\u{e4c}\u{e4d}\u{e4e}๏๐๑๒๓๔๕๖๗๘๙๚๛"],
            [Windows1250, windows1250, "windows-1250", "cp1250", "€\u{81}‚\u{83}„…†‡\u{88}‰Š‹ŚŤŽŹ\u{90}‘’“”•–—\u{98}™š›śťžź\u{a0}ˇ˘Ł¤Ą¦§¨©Ş«¬\u{ad}®Ż°±˛ł´µ¶·¸ąş»Ľ˝ľżŔÁÂĂÄĹĆÇČÉĘËĚÍÎĎĐŃŇÓÔŐÖ×ŘŮÚŰÜÝŢßŕáâăäĺćçčéęëěíîďđńňóôőö÷řůúűüýţ˙"],
            [Windows1251, windows1251, "windows-1251", "cp1251", "ЂЃ‚ѓ„…†‡€‰Љ‹ЊЌЋЏђ‘’“”•–—\u{98}™љ›њќћџ\u{a0}ЎўЈ¤Ґ¦§Ё©Є«¬\u{ad}®Ї°±Ііґµ¶·ё№є»јЅѕїАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдежзийклмнопрстуфхцчшщъыьэюя"],
            [Windows1252, windows1252, "windows-1252", "ansi_x3.4-1968", "€\u{81}‚ƒ„…†‡ˆ‰Š‹Œ\u{8d}Ž\u{8f}\u{90}‘’“”•–—˜™š›œ\u{9d}žŸ\u{a0}¡¢£¤¥¦§¨©ª«¬\u{ad}®¯°±²³´µ¶·¸¹º»¼½¾¿ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ"],
            [Windows1253, windows1253, "windows-1253", "cp1253", "€\u{81}‚ƒ„…†‡\u{88}‰\u{8a}‹\u{8c}\u{8d}\u{8e}\u{8f}\u{90}‘’“”•–—\u{98}™\u{9a}›\u{9c}\u{9d}\u{9e}\u{9f}\u{a0}΅Ά£¤¥¦§¨©«¬\u{ad}®―°±²³΄µ¶·ΈΉΊ»Ό½ΎΏΐΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΪΫάέήίΰαβγδεζηθικλμνξοπρςστυφχψωϊϋόύώ"],
            [Windows1254, windows1254, "windows-1254", "cp1254", "€\u{81}‚ƒ„…†‡ˆ‰Š‹Œ\u{8d}\u{8e}\u{8f}\u{90}‘’“”•–—˜™š›œ\u{9d}\u{9e}Ÿ\u{a0}¡¢£¤¥¦§¨©ª«¬\u{ad}®¯°±²³´µ¶·¸¹º»¼½¾¿ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏĞÑÒÓÔÕÖ×ØÙÚÛÜİŞßàáâãäåæçèéêëìíîïğñòóôõö÷øùúûüışÿ"],
            [Windows1255, windows1255, "windows-1255", "cp1255", "€\u{81}‚ƒ„…†‡ˆ‰\u{8a}‹\u{8c}\u{8d}\u{8e}\u{8f}\u{90}‘’“”•–—˜™\u{9a}›\u{9c}\u{9d}\u{9e}\u{9f}\u{a0}¡¢£₪¥¦§¨©×«¬\u{ad}®¯°±²³´µ¶·¸¹÷»¼½¾¿\u{5b0}\u{5b1}\u{5b2}\u{5b3}\u{5b4}\u{5b5}\u{5b6}\u{5b7}\u{5b8}\u{5b9}\u{5ba}\u{5bb}\u{5bc}\u{5bd}־\u{5bf}׀\u{5c1}\u{5c2}׃װױײ׳״אבגדהוזחטיךכלםמןנסעףפץצקרשת\u{200e}\u{200f}"],
            [Windows1256, windows1256, "windows-1256", "cp1256", "€پ‚ƒ„…†‡ˆ‰ٹ‹Œچژڈگ‘’“”•–—ک™ڑ›œ\u{200c}\u{200d}ں\u{a0}،¢£¤¥¦§¨©ھ«¬\u{ad}®¯°±²³´µ¶·¸¹؛»¼½¾؟ہءآأؤإئابةتثجحخدذرزسشصض×طظعغـفقكàلâمنهوçèéêëىيîï\u{64b}\u{64c}\u{64d}\u{64e}ô\u{64f}\u{650}÷\u{651}ù\u{652}ûü\u{200e}\u{200f}ے"],
            [Windows1257, windows1257, "windows-1257", "cp1257", "€\u{81}‚\u{83}„…†‡\u{88}‰\u{8a}‹\u{8c}¨ˇ¸\u{90}‘’“”•–—\u{98}™\u{9a}›\u{9c}¯˛\u{9f}\u{a0}¢£¤¦§Ø©Ŗ«¬\u{ad}®Æ°±²³´µ¶·ø¹ŗ»¼½¾æĄĮĀĆÄÅĘĒČÉŹĖĢĶĪĻŠŃŅÓŌÕÖ×ŲŁŚŪÜŻŽßąįāćäåęēčéźėģķīļšńņóōõö÷ųłśūüżž˙"],
            [Windows1258, windows1258, "windows-1258", "cp1258", "€\u{81}‚ƒ„…†‡ˆ‰\u{8a}‹Œ\u{8d}\u{8e}\u{8f}\u{90}‘’“”•–—˜™\u{9a}›œ\u{9d}\u{9e}Ÿ\u{a0}¡¢£¤¥¦§¨©ª«¬\u{ad}®¯°±²³´µ¶·¸¹º»¼½¾¿ÀÁÂĂÄÅÆÇÈÉÊË\u{300}ÍÎÏĐÑ\u{309}ÓÔƠÖ×ØÙÚÛÜƯ\u{303}ßàáâăäåæçèéêë\u{301}íîïđñ\u{323}óôơö÷øùúûüư₫ÿ"],
            [XMacCyrillic, x_mac_cyrillic, "x-mac-cyrillic", "x-mac-ukrainian", "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ†°Ґ£§•¶І®©™Ђђ≠Ѓѓ∞±≤≥іµґЈЄєЇїЉљЊњјЅ¬√ƒ≈∆«»…\u{a0}ЋћЌќѕ–—“”‘’÷„ЎўЏџ№Ёёяабвгдежзийклмнопрстуфхцчшщъыьэю€"],
            [Ibm437, ibm437, "IBM437", "437", "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{a0}"],
            [Ibm737, ibm737, "IBM737", "737", "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρσςτυφχψ░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀ωάέήϊίόύϋώΆΈΉΊΌΎΏ±≥≤ΪΫ÷≈°∙·√ⁿ²■\u{a0}"],
            [Ibm775, ibm775, "IBM775", "775", "ĆüéāäģåćłēŖŗīŹÄÅÉæÆōöĢ¢ŚśÖÜø£Ø×¤ĀĪóŻżź”¦©®¬½¼Ł«»░▒▓│┤ĄČĘĖ╣║╗╝ĮŠ┐└┴┬├─┼ŲŪ╚╔╩╦╠═╬Žąčęėįšųūž┘┌█▄▌▐▀ÓßŌŃõÕµńĶķĻļņĒŅ’\u{ad}±“¾¶§÷„°∙·¹³²■\u{a0}"],
            [Ibm850, ibm850, "IBM850", "850", "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u{ad}±‗¾¶§÷¸°¨·¹³²■\u{a0}"],
            [Ibm852, ibm852, "IBM852", "852", "ÇüéâäůćçłëŐőîŹÄĆÉĹĺôöĽľŚśÖÜŤťŁ×čáíóúĄąŽžĘę¬źČş«»░▒▓│┤ÁÂĚŞ╣║╗╝Żż┐└┴┬├─┼Ăă╚╔╩╦╠═╬¤đĐĎËďŇÍÎě┘┌█▄ŢŮ▀ÓßÔŃńňŠšŔÚŕŰýÝţ´\u{ad}˝˛ˇ˘§÷¸°¨˙űŘř■\u{a0}"],
            [Ibm855, ibm855, "IBM855", "855", "ђЂѓЃёЁєЄѕЅіІїЇјЈљЉњЊћЋќЌўЎџЏюЮъЪаАбБцЦдДеЕфФгГ«»░▒▓│┤хХиИ╣║╗╝йЙ┐└┴┬├─┼кК╚╔╩╦╠═╬¤лЛмМнНоОп┘┌█▄Пя▀ЯрРсСтТуУжЖвВьЬ№\u{ad}ыЫзЗшШэЭщЩчЧ§■\u{a0}"],
            [Ibm857, ibm857, "IBM857", "857", "ÇüéâäàåçêëèïîıÄÅÉæÆôöòûùİÖÜø£ØŞşáíóúñÑĞğ¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ºªÊËÈÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµ×ÚÛÙìÿ¯´\u{ad}±¾¶§÷¸°¨·¹³²■\u{a0}"],
            [Ibm858, ibm858, "IBM858", "858", "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈ€ÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u{ad}±‗¾¶§÷¸°¨·¹³²■\u{a0}"],
            [Ibm860, ibm860, "IBM860", "860", "ÇüéâãàÁçêÊèÍÔìÃÂÉÀÈôõòÚùÌÕÜ¢£Ù₧ÓáíóúñÑªº¿Ò¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{a0}"],
            [Ibm861, ibm861, "IBM861", "861", "ÇüéâäàåçêëèÐðÞÄÅÉæÆôöþûÝýÖÜø£Ø₧ƒáíóúÁÍÓÚ¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{a0}"],
            [Ibm862, ibm862, "IBM862", "862", "אבגדהוזחטיךכלםמןנסעףפץצקרשת¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{a0}"],
            [Ibm863, ibm863, "IBM863", "863", "ÇüéâÂà¶çêëèïî‗À§ÉÈÊôËÏûù¤ÔÜ¢£ÙÛƒ¦´óú¨¸³¯Î⌐¬½¼¾«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{a0}"],
            [Ibm865, ibm865, "IBM865", "865", "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø₧ƒáíóúñÑªº¿⌐¬½¼¡«¤░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{a0}"],
            [Ibm869, ibm869, "IBM869", "869", "Ά·¬¦‘’Έ―ΉΊΪΌΎΫ©Ώ²³ά£έήίϊΐόύΑΒΓΔΕΖΗ½ΘΙ«»░▒▓│┤ΚΛΜΝ╣║╗╝ΞΟ┐└┴┬├─┼ΠΡ╚╔╩╦╠═╬ΣΤΥΦΧΨΩαβγ┘┌█▄δε▀ζηθικλμνξοπρσςτ΄\u{ad}±υφχ§ψ΅°¨ωϋΰώ■\u{a0}"],
            [Ascii, ascii, "ascii-7bit", "7bit", ""],
            [Latin1, latin1, "iso-8859-1-c1", "latin1-c1", "\u{80}\u{81}\u{82}\u{83}\u{84}\u{85}\u{86}\u{87}\u{88}\u{89}\u{8a}\u{8b}\u{8c}\u{8d}\u{8e}\u{8f}\u{90}\u{91}\u{92}\u{93}\u{94}\u{95}\u{96}\u{97}\u{98}\u{99}\u{9a}\u{9b}\u{9c}\u{9d}\u{9e}\u{9f}\u{a0}¡¢£¤¥¦§¨©ª«¬\u{ad}®¯°±²³´µ¶·¸¹º»¼½¾¿ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ"],
        ]
    };
}

/// `encode!(label, <U+0001..=U+007F>, high, options...)`.
macro_rules! encode_page {
    ($label:literal, $high:literal $(, $option:ident)?) => {
        litenc::encode!(
            $label,
            "\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0B\x0C\r\x0E\x0F\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1A\x1B\x1C\x1D\x1E\x1F !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\x7F",
            $high
            $(, $option)?
        )
    };
}

/// The checks of [`single_byte_pages!`], one entry at a time; gives the
/// encodings checked.
macro_rules! check_pages {
    ($([$variant:ident, $module:ident, $name:literal, $label:literal, $high:literal]),+ $(,)?) => {{
        let mut checked = Vec::new();
        $({
            #[inline(never)]
            fn check() -> Encoding {
                #[litenc::encoded($label)]
                const ARRAY: [u8; _] = $high;
                #[litenc::encoded($name, nul)]
                static SLICE: &[u8] = $high;
                #[litenc::encoded($label)]
                const C: &CStr = $high;

                let enc = Encoding::$variant;
                // The module the messages suggest for `const_encode!`.
                assert_eq!(enc.__module(), stringify!($module));
                assert_eq!(Encoding::for_label($name), Some(enc), "{}", $name);
                assert_eq!(Encoding::for_label($label), Some(enc), "{}", $label);
                let text = format!("{}{}", ascii(), $high);
                let bytes = litenc::$module::encode(&text).unwrap();
                let terminated = [&bytes[..], &[0]].concat();
                assert_eq!(peer_decode(enc, &bytes).as_deref(), Some(&*text), "{} by a peer", $name);
                // The text is every character of the page: its bytes are every
                // byte the page defines, in order.
                let defined: Vec<u8> = (1..=u8::MAX).filter(|&b| enc.validate(&[b]).is_ok()).collect();
                assert_eq!(bytes, defined, "{} repertoire", $name);

                assert_eq!(encode_page!($name, $high).to_vec(), bytes, "{}", $name);
                assert_eq!(encode_page!($label, $high, nul).to_vec(), terminated, "{} nul", $label);
                assert_eq!(cstr(encode_page!($label, $high, cstr)), terminated, "{} cstr", $label);

                let high = litenc::$module::encode($high).unwrap();
                assert_eq!(ARRAY.to_vec(), high, "#[encoded({})]", $label);
                assert_eq!(SLICE, [&high[..], &[0]].concat(), "#[encoded({}, nul)]", $name);
                assert_eq!(cstr(C), [&high[..], &[0]].concat(), "#[encoded({})] &CStr", $label);
                enc
            }
            checked.push(check());
        })+
        checked
    }};
}

/// The variants of [`single_byte_pages!`].
macro_rules! listed_variants {
    ($([$variant:ident, $($rest:tt)*]),+ $(,)?) => {
        vec![$(Encoding::$variant),+]
    };
}

/// U+0001..=U+007F, the text of the bytes below 0x80 but NUL.
fn ascii() -> String {
    (1..=0x7F_u8).map(char::from).collect()
}

/// `bytes` decoded by a peer of `enc`, a single-byte encoding, or `None` if
/// the peer finds them ill-formed: `encoding_rs` for the WHATWG encodings,
/// `oem_cp` for the DOS pages, std for strict ASCII and ISO-8859-1.
fn peer_decode(enc: Encoding, bytes: &[u8]) -> Option<String> {
    match enc {
        Encoding::Ascii => bytes
            .is_ascii()
            .then(|| bytes.iter().map(|&b| char::from(b)).collect()),
        Encoding::Latin1 => Some(bytes.iter().map(|&b| char::from(b)).collect()),
        _ => {
            if let Some(peer) = encoding_rs::Encoding::for_label(enc.name().as_bytes()) {
                assert_eq!(peer.name(), enc.name());
                return peer
                    .decode_without_bom_handling_and_without_replacement(bytes)
                    .map(String::from);
            }
            let page: u16 = enc.name().strip_prefix("IBM")?.parse().ok()?;
            oem_cp::code_table::DECODING_TABLE_CP_MAP
                .get(&page)?
                .decode_string_checked(bytes)
        }
    }
}

#[test]
fn every_single_byte_page_matches_the_runtime() {
    let checked = single_byte_pages!(check_pages);
    assert_eq!(checked, single_byte_pages!(listed_variants));
}

/// The pages whose tables come from Python's codecs, glibc, Unicode's
/// mappings and Hitachi's datasheet (`data/python/`, `data/device/`): no
/// peer of this file reads them (`encoding_rs` and `oem_cp` have none of them),
/// so `tests/facade/conformance_full_pages.rs` compares them with Python, glibc and
/// the JDK, and `tests/facade/macros_device_pages.rs` checks the macros on them.
const COMPARED_ELSEWHERE: &[Encoding] = &[
    Encoding::Ibm037,
    Encoding::Ibm273,
    Encoding::Ibm424,
    Encoding::Ibm500,
    Encoding::Ibm875,
    Encoding::Ibm1026,
    Encoding::Ibm1140,
    Encoding::Ibm1047,
    Encoding::Cp720,
    Encoding::Ibm856,
    Encoding::Ibm864,
    Encoding::Ibm1006,
    Encoding::Ibm1125,
    Encoding::Kz1048,
    Encoding::Ptcp154,
    Encoding::Koi8T,
    Encoding::HpRoman8,
    Encoding::PalmOs,
    Encoding::MacArabic,
    Encoding::MacCroatian,
    Encoding::MacFarsi,
    Encoding::MacGreek,
    Encoding::MacIceland,
    Encoding::MacLatin2,
    Encoding::MacRomanian,
    Encoding::MacTurkish,
    Encoding::Ibm437Graphic,
    Encoding::Hd44780A00,
    Encoding::Hd44780A02,
];

#[test]
fn the_page_list_covers_every_single_byte_encoding() {
    let listed = single_byte_pages!(listed_variants);
    let all: Vec<Encoding> = Encoding::ALL
        .iter()
        .copied()
        .filter(|e| e.is_single_byte() && !COMPARED_ELSEWHERE.contains(e))
        .collect();
    assert_eq!(listed, all);
}

#[test]
fn whatwg_ascii_is_windows_1252() {
    // WHATWG's `ascii`, `us-ascii`, `latin1` and `iso-8859-1` are
    // windows-1252: "é" is 0xE9 and "€" 0x80, as browsers read them.
    const ASCII: [u8; 3] = litenc::encode!("ascii", "é€x");
    assert_eq!(ASCII, [0xE9, 0x80, b'x']);
    assert_eq!(litenc::encode!("US-ASCII", "é€x"), ASCII);
    assert_eq!(litenc::encode!("latin1", "é€x"), ASCII);
    let peer = encoding_rs::Encoding::for_label(b"ascii").unwrap();
    assert_eq!(peer, encoding_rs::WINDOWS_1252);
    assert_eq!(&*peer.encode("é€x").0, &ASCII);
    // True ISO-8859-1 and strict ASCII under their own labels.
    assert_eq!(litenc::encode!("iso-8859-1-c1", "é\u{80}"), [0xE9, 0x80]);
    assert_eq!(litenc::encode!("ascii-7bit", "plain"), *b"plain");
}

#[test]
fn const_encode_of_a_code_page() {
    const NAME: &str = "Привет, мир";
    const KOI8: [u8; 11] = litenc::const_encode!(koi8_r, NAME);
    const KOI8_NUL: [u8; 12] = litenc::const_encode!(koi8_r, NAME, nul);
    assert_eq!(KOI8, litenc::encode!("koi8-r", "Привет, мир"));
    assert_eq!(KOI8, *b"\xF0\xD2\xC9\xD7\xC5\xD4, \xCD\xC9\xD2");
    assert_eq!(&*encoding_rs::KOI8_R.encode(NAME).0, &KOI8);
    assert_eq!(KOI8_NUL[..11], KOI8);
    assert_eq!(KOI8_NUL[11], 0);
}

/// `usb_string!` against the runtime's `usb_string::encode_into` and
/// against the descriptor built by hand from std's UTF-16 (USB 2.0
/// §9.6.7: `bLength`, 3, UTF-16LE).
#[test]
fn usb_string_matches_the_runtime_and_the_spec() {
    fn by_hand(text: &str) -> Vec<u8> {
        let units: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let mut out = vec![u8::try_from(units.len() + 2).unwrap(), 3];
        out.extend(units);
        out
    }
    fn runtime(text: &str) -> Vec<u8> {
        let mut buf = [0u8; litenc::usb_string::MAX_LEN];
        let n = litenc::usb_string::encode_into(text, &mut buf).unwrap();
        buf[..n].to_vec()
    }
    const VIA_CONST: [u8; 10] = litenc::const_encode!(usb_string, "Acme");
    // 126 units exactly: 63 emoji (surrogate pairs).
    const EMOJI_63: &str = "😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀";
    let cases: [(&str, &[u8]); 6] = [
        ("", &litenc::usb_string!("")),
        ("Acme", &litenc::usb_string!("Acme")),
        ("Термометр", &litenc::usb_string!("Термометр")),
        ("SN ", &litenc::usb_string!(concat!("SN ", ""))),
        (EMOJI_63, &litenc::usb_string!("😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀")),
        (
            "012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345",
            &litenc::usb_string!("012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345"),
        ),
    ];
    for (text, bytes) in cases {
        assert_eq!(bytes, by_hand(text), "{text:?}");
        assert_eq!(bytes, runtime(text), "{text:?}");
        assert_eq!(usize::from(bytes[0]), bytes.len());
    }
    assert_eq!(cases[4].1.len(), 254);
    assert_eq!(cases[5].1.len(), 254);
    assert_eq!(VIA_CONST, litenc::usb_string!("Acme"));
}

/// The prefix options at the limits, in `include_encoded!` and the
/// attribute, against `LenPrefix::write` and the runtime encoders.
#[test]
fn length_prefixes_at_their_limits_and_in_every_form() {
    #[litenc::encoded("mutf-8", len_u16be)]
    static CLASS: [u8; _] = "java/lang/Object";
    #[litenc::encoded("utf-16le", nul, len_u8)]
    static WIDE: &[u8] = "Edit";
    #[litenc::encoded("utf-32", nul)]
    static CHARS: [u32; _] = "A😀";
    #[litenc::encoded("UTF-32BE")]
    static CHARS_SLICE: &[u32] = "ж";
    // 255 bytes: the most `len_u8` counts.
    const MAX_U8: [u8; 256] = litenc::utf8!(
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde",
        len_u8
    );
    assert_eq!(MAX_U8[0], 255);
    // The prefix counts the mark and the terminator.
    assert_eq!(
        litenc::utf16le!("a", bom, nul, len_u8),
        [6, 0xFF, 0xFE, b'a', 0, 0, 0]
    );
    assert_eq!(
        litenc::windows1251!("Да", nul, len_u16be),
        [0, 3, 0xC4, 0xE0, 0]
    );
    assert_eq!(litenc::cp1251!("Да", len_u8), [2, 0xC4, 0xE0]);
    assert_eq!(
        litenc::encode!("koi8-r", "Привет", len_u32be),
        [0, 0, 0, 6, 0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4]
    );
    let file = include_str!("../macros_data/cyrillic.txt");
    let from_file: &[u8] =
        &litenc::include_encoded!("utf-32be", "../macros_data/cyrillic.txt", len_u32le);
    let mut want = vec![0u8; 4];
    let body = Encoding::Utf32Be.encode(file).unwrap();
    LenPrefix::U32Le.write(body.len(), &mut want).unwrap();
    want.extend(body);
    assert_eq!(from_file, &want[..]);
    // The run-time function writes the same.
    let mut buf = vec![0u8; want.len()];
    assert_eq!(
        Encoding::Utf32Be.encode_prefixed_into(file, LenPrefix::U32Le, &mut buf),
        Ok(want.len())
    );
    assert_eq!(buf, want);

    assert_eq!(CLASS[..2], [0, 16]);
    assert_eq!(&CLASS[2..], b"java/lang/Object");
    assert_eq!(WIDE, [10, b'E', 0, b'd', 0, b'i', 0, b't', 0, 0, 0]);
    assert_eq!(CHARS, [0x41, 0x1F600, 0]);
    assert_eq!(CHARS_SLICE, [0x436]);
}
