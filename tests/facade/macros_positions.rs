//! Each macro, with Unicode encodings and code pages, in `const`, `static`,
//! `let`, array-length and `match` positions, in a module that forbids `unsafe` and denies every warning,
//! including `clippy::pedantic` (run by `cargo clippy --all-targets`).

#![forbid(unsafe_code)]
#![deny(warnings)]
#![deny(clippy::pedantic)]

use core::ffi::CStr;

use litenc::{
    cesu8, cp1251, encode, encoded, include_encoded, mutf8, utf16, utf16be, utf16le, utf8,
    windows1251,
};

const U8: [u8; 6] = utf8!("héllo");
const U16: [u16; 4] = utf16!("a😀", nul);
const LE: [u8; 4] = utf16le!("hi");
const BE: [u8; 6] = utf16be!("hi", bom);
const MU: [u8; 9] = mutf8!("a\0😀");
const CE: [u8; 6] = cesu8!("😀");
const W: [u8; 3] = windows1251!("Щит");
const CP: [u8; 4] = cp1251!("Щит", nul);
const EN: [u8; 3] = encode!("utf-8", "hé");
const FILE: [u8; 36] = include_encoded!("cp1251", "../macros_data/cyrillic.txt");
const C_NAME: &CStr = mutf8!("java/lang/Object", cstr);
const KOI8: [u8; 6] = encode!("koi8-r", "Привет");
const KOI8_CONST: [u8; 6] = litenc::const_encode!(koi8_r, "Привет");
const DOS: &CStr = encode!("cp866", "Привет", cstr);
const GREEK: [u8; 8] = include_encoded!("iso-8859-7", "../macros_data/greek.txt");

static S_U8: [u8; 6] = utf8!("héllo");
static S_U16: [u16; 4] = utf16!("a😀", nul);
static S_W: &[u8] = &windows1251!("Щит");
static S_C: &CStr = utf8!("static C", cstr);
static S_FILE: &[u8] = &include_encoded!("utf-8", "../macros_data/mixed.txt", bom);

#[encoded("windows-1251")]
static ATTR: [u8; _] = "Меню";
#[encoded("utf-16", nul)]
const ATTR_WIDE: [u16; _] = "Wide";
#[encoded("cp437", nul)]
static ATTR_BOX: [u8; _] = "░▒▓";

/// Array lengths computed from the encodings.
struct Buffers {
    wide: [u16; utf16!("length in units: 😀").len()],
    narrow: [u8; windows1251!("длина").len()],
    page: [u8; encode!("ibm437", "½ ░").len()],
    java: [u8; mutf8!("😀", nul).len()],
}

fn classify(bytes: [u8; 3]) -> &'static str {
    const YES: [u8; 3] = windows1251!("Да!");
    const NO: [u8; 3] = utf8!("No!");
    const GREEK_YES: [u8; 3] = encode!("greek", "Ναι");
    match bytes {
        YES => "yes",
        NO => "no",
        GREEK_YES => "ναι",
        _ => "other",
    }
}

fn unit_kind(units: [u16; 2]) -> &'static str {
    match units {
        [0xD83D, 0xDE00] => "grinning face",
        _ => "other",
    }
}

#[test]
fn consts_and_statics() {
    assert_eq!(U8, *"héllo".as_bytes());
    assert_eq!(U16, [0x61, 0xD83D, 0xDE00, 0]);
    assert_eq!(LE, [b'h', 0, b'i', 0]);
    assert_eq!(BE, [0xFE, 0xFF, 0, b'h', 0, b'i']);
    assert_eq!(MU, [b'a', 0xC0, 0x80, 0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]);
    assert_eq!(CE, [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]);
    assert_eq!(W, [0xD9, 0xE8, 0xF2]);
    assert_eq!(CP, [0xD9, 0xE8, 0xF2, 0]);
    assert_eq!(EN, [0x68, 0xC3, 0xA9]);
    assert_eq!(FILE[..4], [0xD4, 0xE0, 0xE9, 0xEB]);
    assert_eq!(C_NAME.to_bytes(), b"java/lang/Object");
    assert_eq!(S_U8, U8);
    assert_eq!(S_U16, U16);
    assert_eq!(S_W, &W);
    assert_eq!(S_C.to_bytes(), b"static C");
    assert_eq!(S_FILE[..3], [0xEF, 0xBB, 0xBF]);
    assert_eq!(ATTR, [0xCC, 0xE5, 0xED, 0xFE]);
    assert_eq!(ATTR_WIDE, [0x57, 0x69, 0x64, 0x65, 0]);
    // KOI8-R, CP866, ISO-8859-7 and CP437 bytes as their code charts have
    // them (and as encoding_rs and Python's codecs give them).
    assert_eq!(KOI8, [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4]);
    assert_eq!(KOI8_CONST, KOI8);
    assert_eq!(DOS.to_bytes(), [0x8F, 0xE0, 0xA8, 0xA2, 0xA5, 0xE2]);
    assert_eq!(GREEK, [0xCA, 0xE1, 0xEB, 0xE7, 0xEC, 0xDD, 0xF1, 0xE1]);
    assert_eq!(ATTR_BOX, [0xB0, 0xB1, 0xB2, 0]);
}

#[test]
fn lets_and_lengths() {
    let local = utf16!("let 😀");
    let local_c = cesu8!("let", cstr);
    let buffers = Buffers {
        wide: [0; 19],
        narrow: [0; 5],
        page: [0; 3],
        java: [0; 7],
    };
    assert_eq!(local.len(), 6);
    assert_eq!(local_c.to_bytes(), b"let");
    assert_eq!(
        buffers.wide.len() + buffers.narrow.len() + buffers.page.len() + buffers.java.len(),
        34
    );
}

#[test]
fn match_positions() {
    assert_eq!(classify(windows1251!("Да!")), "yes");
    assert_eq!(classify(utf8!("No!")), "no");
    assert_eq!(classify(encode!("iso-8859-7", "Ναι")), "ναι");
    assert_eq!(classify(*b"???"), "other");
    assert_eq!(unit_kind(utf16!("😀")), "grinning face");
    match utf16le!("ok") {
        [b'o', 0, b'k', 0] => {}
        other => panic!("{other:?}"),
    }
}
