//! The macros with the multi-byte encodings (GBK, gb18030, Big5, EUC-JP,
//! ISO-2022-JP, Shift_JIS, EUC-KR): `encode!`, `include_encoded!` and
//! `#[encoded]` find them through `Encoding::for_label`, by every WHATWG
//! label, and give the bytes of the runtime codec and of encoding_rs;
//! `const_encode!` does the same in `const` evaluation. The compile errors
//! are in `tests/ui/cjk_*.rs`.

use core::ffi::CStr;

use litenc::Encoding;

/// What encoding_rs writes for `text` in `enc` (it must hold all of it).
fn peer(enc: Encoding, text: &str) -> Vec<u8> {
    let peer = encoding_rs::Encoding::for_label(enc.name().as_bytes()).unwrap();
    let (bytes, _, unmappable) = peer.encode(text);
    assert!(!unmappable, "{enc}: {text:?}");
    bytes.into_owned()
}

/// The macro's bytes are the runtime's and encoding_rs's.
fn check(enc: Encoding, text: &str, got: &[u8]) {
    assert_eq!(got, enc.encode(text).unwrap(), "{enc} {text:?}");
    assert_eq!(got, peer(enc, text), "{enc} {text:?}");
}

#[test]
fn encode_by_every_name() {
    check(
        Encoding::ShiftJis,
        "合計 ¥1,200 ｶﾞｲﾄﾞ",
        &litenc::encode!("Shift_JIS", "合計 ¥1,200 ｶﾞｲﾄﾞ"),
    );
    check(
        Encoding::EucJp,
        "合計 ¥1,200 ｶﾞｲﾄﾞ",
        &litenc::encode!("EUC-JP", "合計 ¥1,200 ｶﾞｲﾄﾞ"),
    );
    check(
        Encoding::Iso2022Jp,
        "合計 ¥1,200 ｶﾞｲﾄﾞ",
        &litenc::encode!("ISO-2022-JP", "合計 ¥1,200 ｶﾞｲﾄﾞ"),
    );
    check(
        Encoding::Gbk,
        "合计 €12.00 你好",
        &litenc::encode!("GBK", "合计 €12.00 你好"),
    );
    check(
        Encoding::Gb18030,
        "合计 ₹12 😀 你好",
        &litenc::encode!("gb18030", "合计 ₹12 😀 你好"),
    );
    check(
        Encoding::Big5,
        "合計 NT$120 你好",
        &litenc::encode!("Big5", "合計 NT$120 你好"),
    );
    check(
        Encoding::EucKr,
        "합계 ￦1,200 안녕",
        &litenc::encode!("EUC-KR", "합계 ￦1,200 안녕"),
    );
}

/// A few of the other labels, which mean the same encodings.
#[test]
fn encode_by_other_labels() {
    let text = "漢字";
    check(Encoding::ShiftJis, text, &litenc::encode!("sjis", "漢字"));
    check(
        Encoding::ShiftJis,
        text,
        &litenc::encode!("windows-31j", "漢字"),
    );
    check(
        Encoding::ShiftJis,
        text,
        &litenc::encode!(" MS932 ", "漢字"),
    );
    check(Encoding::EucJp, text, &litenc::encode!("x-euc-jp", "漢字"));
    check(
        Encoding::Iso2022Jp,
        text,
        &litenc::encode!("csiso2022jp", "漢字"),
    );
    check(Encoding::Gbk, text, &litenc::encode!("gb2312", "漢字"));
    check(Encoding::Gbk, text, &litenc::encode!("chinese", "漢字"));
    check(Encoding::Big5, text, &litenc::encode!("big5-hkscs", "漢字"));
    check(
        Encoding::EucKr,
        text,
        &litenc::encode!("windows-949", "漢字"),
    );
    check(
        Encoding::EucKr,
        text,
        &litenc::encode!("ks_c_5601-1987", "漢字"),
    );
    for enc in Encoding::ALL.iter().filter(|e| e.is_cjk()) {
        for label in enc.labels() {
            assert_eq!(Encoding::for_label(label), Some(*enc), "{label}");
            let peer = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
            assert_eq!(peer.name(), enc.name(), "{label}");
        }
    }
}

/// Options: `nul` and `cstr` (no character of these encodings but U+0000
/// is a zero byte), and ISO-2022-JP ending in ASCII mode before the NUL.
#[test]
fn options() {
    const RECEIPT: [u8; 8] = litenc::encode!("shift_jis", "合計", ": ", "¥", nul);
    const MAIL: &CStr = litenc::encode!("iso-2022-jp", "件名", cstr);
    const KOREAN: [u8; 5] = litenc::encode!("euc-kr", "한글", nul);
    assert_eq!(RECEIPT, *b"\x8D\x87\x8Cv: \x5C\0");
    assert_eq!(MAIL.to_bytes(), b"\x1B$B7oL>\x1B(B");
    assert_eq!(KOREAN[..4], peer(Encoding::EucKr, "한글")[..]);
    assert_eq!(KOREAN[4], 0);
}

#[test]
fn include_encoded_files() {
    let text = include_str!("../macros_data/japanese.txt");
    check(
        Encoding::ShiftJis,
        text,
        &litenc::include_encoded!("shift_jis", "../macros_data/japanese.txt"),
    );
    check(
        Encoding::EucJp,
        text,
        &litenc::include_encoded!("euc-jp", "../macros_data/japanese.txt"),
    );
    check(
        Encoding::Iso2022Jp,
        text,
        &litenc::include_encoded!("iso-2022-jp", "../macros_data/japanese.txt"),
    );
    check(
        Encoding::Gb18030,
        text,
        &litenc::include_encoded!("gb18030", "../macros_data/japanese.txt"),
    );
}

#[litenc::encoded("shift_jis")]
static SJIS: [u8; _] = "ﾃｽﾄ 印字";
#[litenc::encoded("big5", nul)]
const BIG5: &[u8] = "測試";
#[litenc::encoded("gbk")]
const GBK: &CStr = "测试";

#[test]
fn the_attribute() {
    check(Encoding::ShiftJis, "ﾃｽﾄ 印字", &SJIS);
    assert_eq!(SJIS.len(), 3 + 1 + 4);
    assert_eq!(&BIG5[..4], &peer(Encoding::Big5, "測試")[..]);
    assert_eq!(BIG5[4], 0);
    check(Encoding::Gbk, "测试", GBK.to_bytes());
}

/// `const_encode!` and `encode_array` in every multi-byte module, in
/// `const` items.
#[test]
fn const_encode_in_every_module() {
    const T: &str = "中文 text";
    const A: [u8; 9] = litenc::const_encode!(gbk, T);
    const B: [u8; 9] = litenc::const_encode!(gb18030, T);
    const C: [u8; 9] = litenc::const_encode!(big5, T);
    const D: [u8; 9] = litenc::const_encode!(euc_jp, T);
    const E: [u8; 15] = litenc::const_encode!(iso_2022_jp, T);
    const F: [u8; 10] = litenc::const_encode!(shift_jis, T, nul);
    const G: [u8; 9] = litenc::euc_kr::encode_array(T);
    let all: [(Encoding, &[u8]); 7] = [
        (Encoding::Gbk, &A),
        (Encoding::Gb18030, &B),
        (Encoding::Big5, &C),
        (Encoding::EucJp, &D),
        (Encoding::Iso2022Jp, &E),
        (Encoding::ShiftJis, &F[..9]),
        (Encoding::EucKr, &G),
    ];
    for (enc, bytes) in all {
        check(enc, T, bytes);
    }
    assert_eq!(F[9], 0);
}
