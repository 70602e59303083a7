//! Windows as a peer: every code page that Windows and litenc both have,
//! through `MultiByteToWideChar` (with `MB_ERR_INVALID_CHARS`) and
//! `WideCharToMultiByte` (with `WC_NO_BEST_FIT_CHARS`, a substitution seen
//! through `lpUsedDefaultChar`), against litenc's `decode` and `encode`.
//!
//! Every byte goes through each page, every two-byte sequence whose first
//! byte is not a character on its own through the double-byte pages (932,
//! 936, 949, 950, 54936), every scalar value of the Basic Multilingual
//! Plane the other way (every scalar value through 54936). Where the two
//! differ (a *split*), the test writes one line, and the lines must be
//! those of `windows_code_pages.expected`, no more and no fewer: a new
//! split fails the test, and so does one that went away. CONFORMANCE.md's
//! section "Windows code pages" explains each of them.
//!
//! Built for Windows only; on Linux `scripts/targets.sh` runs it under Wine
//! (`windows:x86_64`), whose code page tables are Microsoft's. After a
//! change that is meant, `LITENC_WINDOWS_BLESS=1` writes the file anew.

#![allow(unsafe_code, reason = "the calls into kernel32, the peer")]

use std::fmt::Write as _;

use litenc_runtime::Encoding;

#[link(name = "kernel32")]
unsafe extern "system" {
    fn IsValidCodePage(code_page: u32) -> i32;
    fn MultiByteToWideChar(
        code_page: u32,
        flags: u32,
        src: *const u8,
        src_len: i32,
        dst: *mut u16,
        dst_len: i32,
    ) -> i32;
    fn WideCharToMultiByte(
        code_page: u32,
        flags: u32,
        src: *const u16,
        src_len: i32,
        dst: *mut u8,
        dst_len: i32,
        default_char: *const u8,
        used_default_char: *mut i32,
    ) -> i32;
}

const MB_ERR_INVALID_CHARS: u32 = 0x8;
const WC_NO_BEST_FIT_CHARS: u32 = 0x400;

/// The Windows code pages and the litenc encoding of each: the pages of
/// the same number or name (WHATWG's label for it, or the DOS, EBCDIC and
/// Mac page of that number).
const PAGES: &[(u32, Encoding)] = &[
    (37, Encoding::Ibm037),
    (437, Encoding::Ibm437),
    (500, Encoding::Ibm500),
    (720, Encoding::Cp720),
    (737, Encoding::Ibm737),
    (775, Encoding::Ibm775),
    (850, Encoding::Ibm850),
    (852, Encoding::Ibm852),
    (855, Encoding::Ibm855),
    (857, Encoding::Ibm857),
    (858, Encoding::Ibm858),
    (860, Encoding::Ibm860),
    (861, Encoding::Ibm861),
    (862, Encoding::Ibm862),
    (863, Encoding::Ibm863),
    (864, Encoding::Ibm864),
    (865, Encoding::Ibm865),
    (866, Encoding::Ibm866),
    (869, Encoding::Ibm869),
    (874, Encoding::Windows874),
    (875, Encoding::Ibm875),
    (932, Encoding::ShiftJis),
    (936, Encoding::Gbk),
    (949, Encoding::EucKr),
    (950, Encoding::Big5),
    (1026, Encoding::Ibm1026),
    (1047, Encoding::Ibm1047),
    (1140, Encoding::Ibm1140),
    (1250, Encoding::Windows1250),
    (1251, Encoding::Windows1251),
    (1252, Encoding::Windows1252),
    (1253, Encoding::Windows1253),
    (1254, Encoding::Windows1254),
    (1255, Encoding::Windows1255),
    (1256, Encoding::Windows1256),
    (1257, Encoding::Windows1257),
    (1258, Encoding::Windows1258),
    (10000, Encoding::Macintosh),
    (10004, Encoding::MacArabic),
    (10006, Encoding::MacGreek),
    (10007, Encoding::XMacCyrillic),
    (10010, Encoding::MacRomanian),
    (10029, Encoding::MacLatin2),
    (10079, Encoding::MacIceland),
    (10081, Encoding::MacTurkish),
    (10082, Encoding::MacCroatian),
    (20127, Encoding::Ascii),
    (20273, Encoding::Ibm273),
    (20424, Encoding::Ibm424),
    (20866, Encoding::Koi8R),
    (20932, Encoding::EucJp),
    (21866, Encoding::Koi8U),
    (28591, Encoding::Latin1),
    (28592, Encoding::Iso8859_2),
    (28593, Encoding::Iso8859_3),
    (28594, Encoding::Iso8859_4),
    (28595, Encoding::Iso8859_5),
    (28596, Encoding::Iso8859_6),
    (28597, Encoding::Iso8859_7),
    (28598, Encoding::Iso8859_8),
    (28599, Encoding::Windows1254),
    (28603, Encoding::Iso8859_13),
    (28605, Encoding::Iso8859_15),
    (38598, Encoding::Iso8859_8I),
    (54936, Encoding::Gb18030),
];

/// The pages whose characters take more than one byte: their two-byte
/// sequences are compared too, and their splits are written as runs.
const MULTI_BYTE: &[u32] = &[932, 936, 949, 950, 20932, 54936];

/// What Windows makes of `bytes`: its UTF-16, or `None` where
/// `MB_ERR_INVALID_CHARS` finds a byte that is no character.
fn windows_decode(code_page: u32, bytes: &[u8]) -> Option<Vec<u16>> {
    let mut out = [0u16; 16];
    // SAFETY: `bytes` and `out` are valid for the lengths passed, which
    // fit an `i32`.
    let n = unsafe {
        MultiByteToWideChar(
            code_page,
            MB_ERR_INVALID_CHARS,
            bytes.as_ptr(),
            i32::try_from(bytes.len()).unwrap(),
            out.as_mut_ptr(),
            i32::try_from(out.len()).unwrap(),
        )
    };
    usize::try_from(n)
        .ok()
        .filter(|&n| n > 0)
        .map(|n| out[..n].to_vec())
}

/// What Windows writes for `ch` in `code_page`: its bytes, or `None` where
/// it has no byte for it and writes its default character (on 54936, whose
/// flags must be 0, every scalar value has bytes).
fn windows_encode(code_page: u32, ch: char) -> Option<Vec<u8>> {
    let mut units = [0u16; 2];
    let units = ch.encode_utf16(&mut units);
    let mut out = [0u8; 16];
    let mut used_default = 0i32;
    let gb18030 = code_page == 54936;
    // SAFETY: `units` and `out` are valid for the lengths passed; the
    // default character is the page's own (null); `used_default` is a
    // valid `BOOL` to write, or null where the page takes none.
    let n = unsafe {
        WideCharToMultiByte(
            code_page,
            if gb18030 { 0 } else { WC_NO_BEST_FIT_CHARS },
            units.as_ptr(),
            i32::try_from(units.len()).unwrap(),
            out.as_mut_ptr(),
            i32::try_from(out.len()).unwrap(),
            std::ptr::null(),
            if gb18030 {
                std::ptr::null_mut()
            } else {
                &raw mut used_default
            },
        )
    };
    assert!(n > 0, "WideCharToMultiByte({code_page}, {ch:?}) failed");
    (used_default == 0).then(|| out[..usize::try_from(n).unwrap()].to_vec())
}

/// One comparison: Windows's answer and litenc's, written for the listing.
#[derive(PartialEq)]
enum Split {
    /// Both have it, with different values.
    Differ(String, String),
    /// Windows has it, litenc has no value.
    WindowsOnly(String),
    /// litenc has it, Windows has no value.
    LitencOnly(String),
    /// Neither has a value: no split, but a run of splits goes on over it.
    Neither,
}

impl Split {
    /// `None` where both have the same value.
    fn between(windows: Option<String>, litenc: Option<String>) -> Option<Split> {
        match (windows, litenc) {
            (Some(w), Some(l)) if w == l => None,
            (Some(w), Some(l)) => Some(Split::Differ(w, l)),
            (Some(w), None) => Some(Split::WindowsOnly(w)),
            (None, Some(l)) => Some(Split::LitencOnly(l)),
            (None, None) => Some(Split::Neither),
        }
    }

    fn describe(&self) -> String {
        match self {
            Split::Differ(w, l) => format!("Windows {w}, litenc {l}"),
            Split::WindowsOnly(w) => format!("Windows {w}, litenc none"),
            Split::LitencOnly(l) => format!("Windows none, litenc {l}"),
            Split::Neither => "neither".to_owned(),
        }
    }

    /// The kind alone, for a run of many.
    fn kind(&self) -> &'static str {
        match self {
            Split::Differ(..) => "both, different values",
            Split::WindowsOnly(_) => "Windows only",
            Split::LitencOnly(_) => "litenc only",
            Split::Neither => "neither",
        }
    }
}

fn units_text(units: &[u16]) -> String {
    char::decode_utf16(units.iter().copied())
        .map(|c| match c {
            Ok(c) => format!("U+{:04X}", c as u32),
            Err(e) => format!("unpaired {:04X}", e.unpaired_surrogate()),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn bytes_text(bytes: &[u8]) -> String {
    bytes.iter().fold(String::new(), |mut text, b| {
        write!(text, "{b:02X}").unwrap();
        text
    })
}

/// Writes the splits of one direction of one page: each on a line of its
/// own on a single-byte page; on a multi-byte one, a run of splits of one
/// kind as one line (a run of one in full), where a run goes on over the
/// inputs that neither side has (`Split::Neither`) and ends at an input
/// both have alike (missing from `splits`) or a split of another kind.
fn list(out: &mut String, head: &str, runs: bool, splits: &[(u32, String, Split)]) {
    let splits: Vec<&(u32, String, Split)> = if runs {
        splits.iter().collect()
    } else {
        splits.iter().filter(|s| s.2 != Split::Neither).collect()
    };
    let mut i = 0;
    while i < splits.len() {
        let first = &splits[i].2;
        if *first == Split::Neither {
            i += 1;
            continue;
        }
        let (mut j, mut last, mut count) = (i + 1, i, 1);
        if runs {
            while j < splits.len() && splits[j].0 == splits[j - 1].0 + 1 {
                match &splits[j].2 {
                    Split::Neither => {}
                    s if s.kind() == first.kind() => {
                        last = j;
                        count += 1;
                    }
                    _ => break,
                }
                j += 1;
            }
        }
        if count == 1 {
            writeln!(out, "{head} {}: {}", splits[i].1, first.describe()).unwrap();
        } else {
            writeln!(
                out,
                "{head} {}..{}: {count} inputs, {}",
                splits[i].1,
                splits[last].1,
                first.kind()
            )
            .unwrap();
        }
        i = last + 1;
    }
}

fn compare_page(out: &mut String, code_page: u32, encoding: Encoding) {
    let multi = MULTI_BYTE.contains(&code_page);
    let decode = |bytes: &[u8]| {
        Split::between(
            windows_decode(code_page, bytes).map(|u| units_text(&u)),
            encoding
                .decode(bytes)
                .ok()
                .map(|s| units_text(&s.encode_utf16().collect::<Vec<_>>())),
        )
    };
    let mut decodes = Vec::new();
    let mut lone = [false; 256];
    for b in 0..=255u8 {
        lone[b as usize] =
            windows_decode(code_page, &[b]).is_some() && encoding.decode(&[b]).is_ok();
        if let Some(split) = decode(&[b]) {
            decodes.push((b as u32, format!("{b:02X}"), split));
        }
    }
    if multi {
        // The pairs whose first byte is not a character of both on its own.
        for first in (0..=255u8).filter(|&b| !lone[b as usize]) {
            for second in 0..=255u8 {
                if let Some(split) = decode(&[first, second]) {
                    let index = 0x1_0000 + ((first as u32) << 8 | second as u32);
                    decodes.push((index, format!("{first:02X}{second:02X}"), split));
                }
            }
        }
    }
    list(out, &format!("{code_page} decode"), multi, &decodes);

    let last = if code_page == 54936 {
        char::MAX
    } else {
        '\u{FFFF}'
    };
    let mut encodes = Vec::new();
    let mut buf = [0u8; 4];
    for ch in '\0'..=last {
        let split = Split::between(
            windows_encode(code_page, ch).map(|b| bytes_text(&b)),
            encoding
                .encode(ch.encode_utf8(&mut buf))
                .ok()
                .map(|b| bytes_text(&b)),
        );
        if let Some(split) = split {
            encodes.push((ch as u32, format!("U+{:04X}", ch as u32), split));
        }
    }
    list(out, &format!("{code_page} encode"), multi, &encodes);
}

#[test]
fn every_shared_code_page_against_windows() {
    let mut actual = String::new();
    for &(code_page, encoding) in PAGES {
        // SAFETY: a plain query.
        if unsafe { IsValidCodePage(code_page) } == 0 {
            writeln!(actual, "{code_page}: not a code page of this Windows").unwrap();
            continue;
        }
        compare_page(&mut actual, code_page, encoding);
    }
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/codec/windows_code_pages.expected"
    );
    if std::env::var_os("LITENC_WINDOWS_BLESS").is_some() {
        std::fs::write(path, &actual).unwrap();
        return;
    }
    let expected = include_str!("windows_code_pages.expected");
    let expected_lines: Vec<&str> = expected.lines().collect();
    let actual_lines: Vec<&str> = actual.lines().collect();
    let new: Vec<&&str> = actual_lines
        .iter()
        .filter(|l| !expected_lines.contains(l))
        .collect();
    let gone: Vec<&&str> = expected_lines
        .iter()
        .filter(|l| !actual_lines.contains(l))
        .collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "the splits from Windows are not windows_code_pages.expected's:\n\
         new ({}):\n{}\ngone ({}):\n{}",
        new.len(),
        new.iter().take(200).fold(String::new(), |mut text, l| {
            writeln!(text, "  {l}").unwrap();
            text
        }),
        gone.len(),
        gone.iter().take(200).fold(String::new(), |mut text, l| {
            writeln!(text, "  {l}").unwrap();
            text
        }),
    );
    assert_eq!(actual, expected, "the same splits, in another order");
}
