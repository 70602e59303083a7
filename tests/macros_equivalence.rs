//! Issue 3, equivalence: every macro and option gives exactly the bytes the
//! runtime functions give for the same text, over 100+ varied literals (all
//! scripts, emoji, NUL, U+FFFF, U+10FFFF, U+0098, raw strings, escapes,
//! `concat!`, `env!`, `include_str!`), and `include_encoded!` gives the
//! runtime's bytes for a file.

#![cfg(all(feature = "macros", feature = "alloc"))]

use core::ffi::CStr;

use litenc::{utf16, Encoding};

/// What the runtime gives: the bytes of `text`, with the byte-order mark
/// and a zero unit if asked.
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

fn cstr(c: &CStr) -> Vec<u8> {
    c.to_bytes_with_nul().to_vec()
}

/// The checks every encoding can take, for text without U+0000.
macro_rules! check_all {
    ($([$($text:tt)+]),+ $(,)?) => {{
        let mut count = 0;
        $(
            check_no_terminator!($($text)+);
            check_terminated!($($text)+);
            count += 1;
        )+
        count
    }};
}

/// Options that do not terminate, so that text with U+0000 may take them.
macro_rules! check_no_terminator {
    ($($text:tt)+) => {{
        let text: &str = concat!($($text)+);
        let what = format!("{text:?}");
        assert_eq!(litenc::utf8!($($text)+).to_vec(), expected(Encoding::Utf8, text, false, false), "utf8 {what}");
        assert_eq!(litenc::utf8!($($text)+, bom).to_vec(), expected(Encoding::Utf8, text, true, false), "utf8 bom {what}");
        assert_eq!(litenc::utf16!($($text)+).to_vec(), expected_units(text, false, false), "utf16 {what}");
        assert_eq!(litenc::utf16!($($text)+, bom).to_vec(), expected_units(text, true, false), "utf16 bom {what}");
        assert_eq!(litenc::utf16le!($($text)+).to_vec(), expected(Encoding::Utf16Le, text, false, false), "utf16le {what}");
        assert_eq!(litenc::utf16le!($($text)+, bom).to_vec(), expected(Encoding::Utf16Le, text, true, false), "utf16le bom {what}");
        assert_eq!(litenc::utf16be!($($text)+).to_vec(), expected(Encoding::Utf16Be, text, false, false), "utf16be {what}");
        assert_eq!(litenc::utf16be!($($text)+, bom).to_vec(), expected(Encoding::Utf16Be, text, true, false), "utf16be bom {what}");
        assert_eq!(litenc::mutf8!($($text)+).to_vec(), expected(Encoding::Mutf8, text, false, false), "mutf8 {what}");
        assert_eq!(litenc::mutf8!($($text)+, nul).to_vec(), expected(Encoding::Mutf8, text, false, true), "mutf8 nul {what}");
        assert_eq!(cstr(litenc::mutf8!($($text)+, cstr)), expected(Encoding::Mutf8, text, false, true), "mutf8 cstr {what}");
        assert_eq!(litenc::cesu8!($($text)+).to_vec(), expected(Encoding::Cesu8, text, false, false), "cesu8 {what}");
        assert_eq!(litenc::encode!("utf-8", $($text)+).to_vec(), expected(Encoding::Utf8, text, false, false), "encode utf-8 {what}");
        assert_eq!(litenc::encode!("UTF-16", $($text)+).to_vec(), expected(Encoding::Utf16Le, text, false, false), "encode UTF-16 {what}");
        assert_eq!(litenc::encode!("utf-16be", $($text)+, bom).to_vec(), expected(Encoding::Utf16Be, text, true, false), "encode utf-16be bom {what}");
        assert_eq!(litenc::encode!("java-modified-utf-8", $($text)+, nul).to_vec(), expected(Encoding::Mutf8, text, false, true), "encode mutf-8 nul {what}");
        assert_eq!(litenc::encode!(" CESU-8 ", $($text)+).to_vec(), expected(Encoding::Cesu8, text, false, false), "encode cesu-8 {what}");
    }};
}

/// The terminating options, for text without U+0000.
macro_rules! check_terminated {
    ($($text:tt)+) => {{
        let text: &str = concat!($($text)+);
        let what = format!("{text:?}");
        assert_eq!(litenc::utf8!($($text)+, nul).to_vec(), expected(Encoding::Utf8, text, false, true), "utf8 nul {what}");
        assert_eq!(litenc::utf8!($($text)+, bom, nul).to_vec(), expected(Encoding::Utf8, text, true, true), "utf8 bom nul {what}");
        assert_eq!(cstr(litenc::utf8!($($text)+, cstr)), expected(Encoding::Utf8, text, false, true), "utf8 cstr {what}");
        assert_eq!(cstr(litenc::utf8!($($text)+, bom, cstr)), expected(Encoding::Utf8, text, true, true), "utf8 bom cstr {what}");
        assert_eq!(litenc::utf16!($($text)+, nul).to_vec(), expected_units(text, false, true), "utf16 nul {what}");
        assert_eq!(litenc::utf16!($($text)+, bom, nul).to_vec(), expected_units(text, true, true), "utf16 bom nul {what}");
        assert_eq!(litenc::utf16le!($($text)+, nul).to_vec(), expected(Encoding::Utf16Le, text, false, true), "utf16le nul {what}");
        assert_eq!(litenc::utf16be!($($text)+, nul, bom).to_vec(), expected(Encoding::Utf16Be, text, true, true), "utf16be nul bom {what}");
        assert_eq!(litenc::cesu8!($($text)+, nul).to_vec(), expected(Encoding::Cesu8, text, false, true), "cesu8 nul {what}");
        assert_eq!(cstr(litenc::cesu8!($($text)+, cstr)), expected(Encoding::Cesu8, text, false, true), "cesu8 cstr {what}");
        assert_eq!(cstr(litenc::encode!("utf8", $($text)+, cstr)), expected(Encoding::Utf8, text, false, true), "encode utf8 cstr {what}");
    }};
}

/// Windows-1251, for text it can hold.
macro_rules! check_1251 {
    ($([$($text:tt)+]),+ $(,)?) => {{
        let mut count = 0;
        $({
            let text: &str = concat!($($text)+);
            let what = format!("{text:?}");
            let enc = Encoding::Windows1251;
            assert_eq!(litenc::windows1251!($($text)+).to_vec(), expected(enc, text, false, false), "1251 {what}");
            assert_eq!(litenc::windows1251!($($text)+, nul).to_vec(), expected(enc, text, false, true), "1251 nul {what}");
            assert_eq!(cstr(litenc::windows1251!($($text)+, cstr)), expected(enc, text, false, true), "1251 cstr {what}");
            assert_eq!(litenc::cp1251!($($text)+).to_vec(), expected(enc, text, false, false), "cp1251 {what}");
            assert_eq!(litenc::cp1251!($($text)+, nul).to_vec(), expected(enc, text, false, true), "cp1251 nul {what}");
            assert_eq!(litenc::encode!("x-cp1251", $($text)+).to_vec(), expected(enc, text, false, false), "encode x-cp1251 {what}");
            assert_eq!(cstr(litenc::encode!("Windows-1251", $($text)+, cstr)), expected(enc, text, false, true), "encode cstr {what}");
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
            check_no_terminator!($($text)+);
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
        [include_str!("macros_data/mixed.txt")],
        ["prefix ", include_str!("macros_data/cyrillic.txt")],
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
    [include_str!("macros_data/cyrillic.txt")],
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
    let mixed = include_str!("macros_data/mixed.txt");
    let cyrillic = include_str!("macros_data/cyrillic.txt");
    assert_eq!(
        litenc::include_encoded!("utf-8", "macros_data/mixed.txt").to_vec(),
        expected(Encoding::Utf8, mixed, false, false)
    );
    assert_eq!(
        litenc::include_encoded!("utf-16le", "macros_data/mixed.txt", bom, nul).to_vec(),
        expected(Encoding::Utf16Le, mixed, true, true)
    );
    assert_eq!(
        litenc::include_encoded!("UTF-16BE", "macros_data/mixed.txt").to_vec(),
        expected(Encoding::Utf16Be, mixed, false, false)
    );
    assert_eq!(
        cstr(litenc::include_encoded!(
            "mutf-8",
            "macros_data/mixed.txt",
            cstr
        )),
        expected(Encoding::Mutf8, mixed, false, true)
    );
    assert_eq!(
        litenc::include_encoded!("cesu-8", "macros_data/mixed.txt", nul).to_vec(),
        expected(Encoding::Cesu8, mixed, false, true)
    );
    assert_eq!(
        litenc::include_encoded!("cp1251", "macros_data/cyrillic.txt").to_vec(),
        expected(Encoding::Windows1251, cyrillic, false, false)
    );
    assert_eq!(
        cstr(litenc::include_encoded!(
            "windows-1251",
            "macros_data/cyrillic.txt",
            cstr
        )),
        expected(Encoding::Windows1251, cyrillic, false, true)
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
