//! Markus Kuhn's "UTF-8 decoder capability and stress test" (UTF-8-test.txt,
//! 2015-08-28, CC BY 4.0; <https://www.cl.cam.ac.uk/~mgk25/ucs/examples/>),
//! with std as the expectation: `utf8::validate` against
//! `core::str::from_utf8` (same verdict, `valid_up_to` and `error_len`) and
//! `utf8::decode_lossy` against `String::from_utf8_lossy`, case by case, line
//! by line and on the whole text.
//!
//! The file itself could not be found in a package of a registry reachable
//! from this project's machines (crates.io, the Python Package Index, npm, Debian), so its test
//! cases are transcribed here, by section number and title, as byte
//! sequences; each is then laid out as a line of the file (`N.N.N title:
//! "bytes"|`) to build the whole-file input.
//!
//! The same cases also go through MUTF-8 and CESU-8, whose rules are stated
//! in the crate docs (section 5.2, the paired surrogates, is well-formed
//! there and decodes to supplementary characters).

use litenc::{cesu8, mutf8, utf8};

/// `(section, title, bytes)` of every case of the file.
#[allow(clippy::too_many_lines)] // a table: one entry per case of the file
fn kuhn_cases() -> Vec<(String, String, Vec<u8>)> {
    let mut v: Vec<(String, String, Vec<u8>)> = Vec::new();
    let mut add = |sec: &str, title: &str, bytes: &[u8]| {
        v.push((sec.to_owned(), title.to_owned(), bytes.to_vec()));
    };

    // 1  Some correct UTF-8 text
    add("1", "Greek word 'kosme'", "κόσμε".as_bytes());

    // 2  Boundary condition test cases
    // 2.1  First possible sequence of a certain length
    add("2.1.1", "1 byte  (U-00000000)", &[0x00]);
    add("2.1.2", "2 bytes (U-00000080)", &[0xC2, 0x80]);
    add("2.1.3", "3 bytes (U-00000800)", &[0xE0, 0xA0, 0x80]);
    add("2.1.4", "4 bytes (U-00010000)", &[0xF0, 0x90, 0x80, 0x80]);
    add(
        "2.1.5",
        "5 bytes (U-00200000)",
        &[0xF8, 0x88, 0x80, 0x80, 0x80],
    );
    add(
        "2.1.6",
        "6 bytes (U-04000000)",
        &[0xFC, 0x84, 0x80, 0x80, 0x80, 0x80],
    );
    // 2.2  Last possible sequence of a certain length
    add("2.2.1", "1 byte  (U-0000007F)", &[0x7F]);
    add("2.2.2", "2 bytes (U-000007FF)", &[0xDF, 0xBF]);
    add("2.2.3", "3 bytes (U-0000FFFF)", &[0xEF, 0xBF, 0xBF]);
    add("2.2.4", "4 bytes (U-001FFFFF)", &[0xF7, 0xBF, 0xBF, 0xBF]);
    add(
        "2.2.5",
        "5 bytes (U-03FFFFFF)",
        &[0xFB, 0xBF, 0xBF, 0xBF, 0xBF],
    );
    add(
        "2.2.6",
        "6 bytes (U-7FFFFFFF)",
        &[0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF],
    );
    // 2.3  Other boundary conditions
    add("2.3.1", "U-0000D7FF = ed 9f bf", &[0xED, 0x9F, 0xBF]);
    add("2.3.2", "U-0000E000 = ee 80 80", &[0xEE, 0x80, 0x80]);
    add("2.3.3", "U-0000FFFD = ef bf bd", &[0xEF, 0xBF, 0xBD]);
    add(
        "2.3.4",
        "U-0010FFFF = f4 8f bf bf",
        &[0xF4, 0x8F, 0xBF, 0xBF],
    );
    add(
        "2.3.5",
        "U-00110000 = f4 90 80 80",
        &[0xF4, 0x90, 0x80, 0x80],
    );

    // 3  Malformed sequences
    // 3.1  Unexpected continuation bytes
    add("3.1.1", "First continuation byte 0x80", &[0x80]);
    add("3.1.2", "Last  continuation byte 0xbf", &[0xBF]);
    let alternating = [0x80, 0xBF, 0x80, 0xBF, 0x80, 0xBF, 0x80];
    for n in 2..=7 {
        add(
            &format!("3.1.{}", n + 1),
            &format!("{n} continuation bytes"),
            &alternating[..n],
        );
    }
    let all_continuation: Vec<u8> = (0x80..=0xBF).collect();
    add(
        "3.1.9",
        "Sequence of all 64 possible continuation bytes (0x80-0xbf)",
        &all_continuation,
    );
    // 3.2  Lonely start characters, each followed by a space
    for (sec, what, lo, hi) in [
        (
            "3.2.1",
            "All 32 first bytes of 2-byte sequences (0xc0-0xdf)",
            0xC0u8,
            0xDFu8,
        ),
        (
            "3.2.2",
            "All 16 first bytes of 3-byte sequences (0xe0-0xef)",
            0xE0,
            0xEF,
        ),
        (
            "3.2.3",
            "All 8 first bytes of 4-byte sequences (0xf0-0xf7)",
            0xF0,
            0xF7,
        ),
        (
            "3.2.4",
            "All 4 first bytes of 5-byte sequences (0xf8-0xfb)",
            0xF8,
            0xFB,
        ),
        (
            "3.2.5",
            "All 2 first bytes of 6-byte sequences (0xfc-0xfd)",
            0xFC,
            0xFD,
        ),
    ] {
        let bytes: Vec<u8> = (lo..=hi).flat_map(|b| [b, b' ']).collect();
        add(
            sec,
            &format!("{what}, each followed by a space character"),
            &bytes,
        );
    }
    // 3.3  Sequences with last continuation byte missing
    let missing: [(&str, &[u8]); 10] = [
        ("2-byte sequence with last byte missing (U+0000)", &[0xC0]),
        (
            "3-byte sequence with last byte missing (U+0000)",
            &[0xE0, 0x80],
        ),
        (
            "4-byte sequence with last byte missing (U+0000)",
            &[0xF0, 0x80, 0x80],
        ),
        (
            "5-byte sequence with last byte missing (U+0000)",
            &[0xF8, 0x80, 0x80, 0x80],
        ),
        (
            "6-byte sequence with last byte missing (U+0000)",
            &[0xFC, 0x80, 0x80, 0x80, 0x80],
        ),
        (
            "2-byte sequence with last byte missing (U-000007FF)",
            &[0xDF],
        ),
        (
            "3-byte sequence with last byte missing (U-0000FFFF)",
            &[0xEF, 0xBF],
        ),
        (
            "4-byte sequence with last byte missing (U-001FFFFF)",
            &[0xF7, 0xBF, 0xBF],
        ),
        (
            "5-byte sequence with last byte missing (U-03FFFFFF)",
            &[0xFB, 0xBF, 0xBF, 0xBF],
        ),
        (
            "6-byte sequence with last byte missing (U-7FFFFFFF)",
            &[0xFD, 0xBF, 0xBF, 0xBF, 0xBF],
        ),
    ];
    for (i, (title, bytes)) in missing.iter().enumerate() {
        add(&format!("3.3.{}", i + 1), title, bytes);
    }
    // 3.4  Concatenation of incomplete sequences
    let concat: Vec<u8> = missing
        .iter()
        .flat_map(|(_, b)| b.iter().copied())
        .collect();
    add("3.4", "All the 10 sequences of 3.3 concatenated", &concat);
    // 3.5  Impossible bytes
    add("3.5.1", "fe", &[0xFE]);
    add("3.5.2", "ff", &[0xFF]);
    add("3.5.3", "fe fe ff ff", &[0xFE, 0xFE, 0xFF, 0xFF]);

    // 4  Overlong sequences
    // 4.1  Examples of an overlong ASCII character (U+002F)
    add("4.1.1", "U+002F = c0 af", &[0xC0, 0xAF]);
    add("4.1.2", "U+002F = e0 80 af", &[0xE0, 0x80, 0xAF]);
    add("4.1.3", "U+002F = f0 80 80 af", &[0xF0, 0x80, 0x80, 0xAF]);
    add(
        "4.1.4",
        "U+002F = f8 80 80 80 af",
        &[0xF8, 0x80, 0x80, 0x80, 0xAF],
    );
    add(
        "4.1.5",
        "U+002F = fc 80 80 80 80 af",
        &[0xFC, 0x80, 0x80, 0x80, 0x80, 0xAF],
    );
    // 4.2  Maximum overlong sequences
    add("4.2.1", "U-0000007F = c1 bf", &[0xC1, 0xBF]);
    add("4.2.2", "U-000007FF = e0 9f bf", &[0xE0, 0x9F, 0xBF]);
    add(
        "4.2.3",
        "U-0000FFFF = f0 8f bf bf",
        &[0xF0, 0x8F, 0xBF, 0xBF],
    );
    add(
        "4.2.4",
        "U-001FFFFF = f8 87 bf bf bf",
        &[0xF8, 0x87, 0xBF, 0xBF, 0xBF],
    );
    add(
        "4.2.5",
        "U-03FFFFFF = fc 83 bf bf bf bf",
        &[0xFC, 0x83, 0xBF, 0xBF, 0xBF, 0xBF],
    );
    // 4.3  Overlong representation of the NUL character
    add("4.3.1", "U+0000 = c0 80", &[0xC0, 0x80]);
    add("4.3.2", "U+0000 = e0 80 80", &[0xE0, 0x80, 0x80]);
    add("4.3.3", "U+0000 = f0 80 80 80", &[0xF0, 0x80, 0x80, 0x80]);
    add(
        "4.3.4",
        "U+0000 = f8 80 80 80 80",
        &[0xF8, 0x80, 0x80, 0x80, 0x80],
    );
    add(
        "4.3.5",
        "U+0000 = fc 80 80 80 80 80",
        &[0xFC, 0x80, 0x80, 0x80, 0x80, 0x80],
    );

    // 5  Illegal code positions
    // 5.1  Single UTF-16 surrogates
    let singles: [(u16, [u8; 3]); 7] = [
        (0xD800, [0xED, 0xA0, 0x80]),
        (0xDB7F, [0xED, 0xAD, 0xBF]),
        (0xDB80, [0xED, 0xAE, 0x80]),
        (0xDBFF, [0xED, 0xAF, 0xBF]),
        (0xDC00, [0xED, 0xB0, 0x80]),
        (0xDF80, [0xED, 0xBE, 0x80]),
        (0xDFFF, [0xED, 0xBF, 0xBF]),
    ];
    for (i, (u, b)) in singles.iter().enumerate() {
        add(
            &format!("5.1.{}", i + 1),
            &format!("U+{u:04X} = {}", hex(b)),
            b,
        );
    }
    // 5.2  Paired UTF-16 surrogates
    let pairs: [(usize, usize); 8] = [
        (0, 4),
        (0, 6),
        (1, 4),
        (1, 6),
        (2, 4),
        (2, 6),
        (3, 4),
        (3, 6),
    ];
    for (i, (h, l)) in pairs.iter().enumerate() {
        let bytes = [singles[*h].1, singles[*l].1].concat();
        let title = format!(
            "U+{:04X} U+{:04X} = {}",
            singles[*h].0,
            singles[*l].0,
            hex(&bytes)
        );
        add(&format!("5.2.{}", i + 1), &title, &bytes);
    }
    // 5.3  Noncharacter code positions
    add("5.3.1", "U+FFFE = ef bf be", &[0xEF, 0xBF, 0xBE]);
    add("5.3.2", "U+FFFF = ef bf bf", &[0xEF, 0xBF, 0xBF]);
    let fdd0: String = ('\u{FDD0}'..='\u{FDEF}').collect();
    add("5.3.3", "U+FDD0 .. U+FDEF", fdd0.as_bytes());
    let plane_ends: String = (1..=0x10u32)
        .flat_map(|n| [(n << 16) | 0xFFFE, (n << 16) | 0xFFFF])
        .map(|cp| char::from_u32(cp).unwrap())
        .collect();
    add(
        "5.3.4",
        "U+nFFFE U+nFFFF (for n = 1..10)",
        plane_ends.as_bytes(),
    );
    v
}

fn hex(b: &[u8]) -> String {
    b.iter()
        .map(|x| format!("{x:02x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `litenc::utf8` says what std says about `bytes`.
fn assert_same_as_std(what: &str, bytes: &[u8]) {
    let ours = utf8::validate(bytes);
    let std = core::str::from_utf8(bytes);
    match (ours, std) {
        (Ok(()), Ok(_)) => {}
        (Err(a), Err(b)) => assert_eq!(
            (a.valid_up_to(), a.error_len()),
            (b.valid_up_to(), b.error_len()),
            "{what}: error position"
        ),
        (a, b) => panic!("{what}: litenc {a:?}, std {b:?}"),
    }
    assert_eq!(
        utf8::decode_lossy(bytes),
        String::from_utf8_lossy(bytes),
        "{what}: lossy"
    );
    assert_eq!(
        utf8::decode(bytes).ok().as_deref(),
        std.ok(),
        "{what}: decode"
    );
}

#[test]
fn kuhn_cases_match_std() {
    let cases = kuhn_cases();
    // Sections 1 to 5.3 of the file hold 80 cases.
    assert_eq!(cases.len(), 80);
    let (mut ok, mut bad) = (0, 0);
    for (sec, title, bytes) in &cases {
        assert_same_as_std(&format!("{sec} {title}"), bytes);
        if core::str::from_utf8(bytes).is_ok() {
            ok += 1;
        } else {
            bad += 1;
        }
    }
    println!(
        "Kuhn: {} cases, {ok} well-formed, {bad} ill-formed",
        cases.len()
    );
}

/// The cases laid out as the lines of the file: `sec title: "bytes"|`.
fn kuhn_text() -> Vec<u8> {
    let mut text = b"UTF-8 decoder capability and stress test\n\n".to_vec();
    for (sec, title, bytes) in kuhn_cases() {
        text.extend_from_slice(format!("{sec}  {title}: \"").as_bytes());
        text.extend_from_slice(&bytes);
        text.extend_from_slice(b"\"|\n");
    }
    text
}

#[test]
fn kuhn_lines_and_whole_text_match_std() {
    let text = kuhn_text();
    for (i, line) in text.split(|&b| b == b'\n').enumerate() {
        assert_same_as_std(&format!("line {}", i + 1), line);
    }
    assert_same_as_std("whole text", &text);
    // Validation that resumes after each error visits every error std finds.
    let mut rest: &[u8] = &text;
    let mut errors = 0;
    while let Err(e) = utf8::validate(rest) {
        let std = core::str::from_utf8(rest).unwrap_err();
        assert_eq!(
            (e.valid_up_to(), e.error_len()),
            (std.valid_up_to(), std.error_len())
        );
        let Some(len) = e.error_len() else { break };
        rest = &rest[e.valid_up_to() + len..];
        errors += 1;
    }
    println!(
        "Kuhn text: {} bytes, {errors} ill-formed sequences",
        text.len()
    );
}

#[test]
fn kuhn_cases_in_mutf8_and_cesu8() {
    for (sec, title, bytes) in kuhn_cases() {
        let what = format!("{sec} {title}");
        let std = core::str::from_utf8(&bytes);
        let pairs = sec.starts_with("5.2.");
        let supplementary = std.is_ok_and(|s| s.chars().any(|c| c > '\u{FFFF}'));
        let nul = bytes.contains(&0);
        // MUTF-8 and CESU-8 accept exactly: well-formed UTF-8 without 4-byte
        // forms (MUTF-8: also without a raw 00), and encoded surrogate pairs;
        // MUTF-8 also `C0 80` (4.3.1).
        let cesu_ok = (std.is_ok() && !supplementary) || pairs;
        let mutf_ok = (cesu_ok && !nul) || bytes == [0xC0, 0x80];
        assert_eq!(cesu8::validate(&bytes).is_ok(), cesu_ok, "CESU-8 {what}");
        assert_eq!(mutf8::validate(&bytes).is_ok(), mutf_ok, "MUTF-8 {what}");
        if pairs {
            let s = cesu8::decode(&bytes).unwrap();
            assert_eq!(s.chars().count(), 1, "{what}");
            assert_eq!(cesu8::encode(&s).unwrap(), bytes, "{what}");
        }
    }
    // 4.3.1: `C0 80` is how MUTF-8 writes U+0000, and ill-formed CESU-8.
    assert_eq!(mutf8::decode(&[0xC0, 0x80]).unwrap(), "\0");
    assert!(cesu8::validate(&[0xC0, 0x80]).is_err());
}
