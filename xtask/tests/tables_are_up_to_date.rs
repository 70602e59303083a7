//! The checked-in tables are what the generator makes from the checked-in data.

use xtask::pages::PAGES;

#[test]
fn tables_are_up_to_date() {
    let root = xtask::workspace_root();
    let files = xtask::generated_files().expect("inputs parse");
    for (path, expected) in &files {
        let actual = std::fs::read(root.join(path)).unwrap_or_default();
        assert!(
            actual == *expected,
            "{path} is stale: run `{}`",
            xtask::GEN_COMMAND
        );
    }
    // And no table is left over from an encoding that is gone.
    let dir = root.join("runtime/src/tables");
    for entry in std::fs::read_dir(&dir).expect("tables folder") {
        let name = entry.expect("entry").file_name();
        let path = format!("runtime/src/tables/{}", name.to_string_lossy());
        assert!(
            files.iter().any(|(p, _)| *p == path),
            "{path} is not generated any more: delete it"
        );
    }
}

#[test]
fn index_parser_accepts_gaps_and_rejects_what_cannot_be() {
    let line = |i: u32| format!("{i}\t0x{:04X}\n", 0x400 + i);
    let full: String = (0..128).map(line).collect::<Vec<_>>().concat();
    assert!(xtask::parse_single_byte_index(&full).unwrap()[0].is_some());
    let gap: String = (1..128).map(line).collect::<Vec<_>>().concat();
    assert_eq!(xtask::parse_single_byte_index(&gap).unwrap()[0], None);
    let dup = format!("{full}5\t0x0500\n");
    assert!(xtask::parse_single_byte_index(&dup)
        .unwrap_err()
        .contains("given twice"));
    let twice = "0\t0x0410\n1\t0x0410\n";
    assert!(xtask::parse_single_byte_index(twice)
        .unwrap_err()
        .contains("both map to U+0410"));
    for bad in ["0\t0x0041\n", "0\t0xD800\n", "128\t0x0410\n", "0\tx\n"] {
        assert!(xtask::parse_single_byte_index(bad).is_err(), "{bad:?}");
    }
}

/// The inverse finds every byte of every page back, and nothing else: all
/// 65,536 BMP code points are looked up, against a plain map (where two
/// bytes decode to one character, the lower one).
#[test]
fn reverse_maps_are_exact_inverses() {
    let root = xtask::workspace_root();
    for page in PAGES {
        let decode = xtask::decode_table(page, &root).expect("table");
        let r = xtask::reverse(&decode).expect("reverse");
        let mut expected = std::collections::HashMap::new();
        for (i, c) in decode.iter().enumerate().rev() {
            if let Some(c) = c {
                expected.insert(u32::from(*c), u8::try_from(i).unwrap());
            }
        }
        for cp in 0..=0xFFFFu32 {
            let Some(ch) = char::from_u32(cp) else {
                continue;
            };
            assert_eq!(
                xtask::encode_char(&decode, &r, ch),
                expected.get(&cp).copied(),
                "{} U+{cp:04X}",
                page.module
            );
        }
    }
}

#[test]
fn full_index_parser_takes_256_bytes_and_shared_characters() {
    let t = xtask::parse_full_index("0x00\t0x0000\n0xC1\t0x0041\n0xFF\t0x0041\n").unwrap();
    assert_eq!(
        (t[0], t[0xC1], t[0xFF], t[1]),
        (Some(0), Some(0x41), Some(0x41), None)
    );
    assert!(!xtask::ascii_compatible(&t));
    for bad in [
        "0x00\t0xD800\n",
        "0x100\t0x0041\n",
        "0x01\t0x41\n0x01\t0x42\n",
    ] {
        assert!(xtask::parse_full_index(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn every_whatwg_single_byte_encoding_is_listed() {
    let root = xtask::workspace_root();
    let json = std::fs::read_to_string(root.join(xtask::ENCODINGS_JSON)).unwrap();
    let json = xtask::parse_encodings_json(&json).unwrap();
    assert!(json.len() >= 40, "{} encodings", json.len());
    let text = std::fs::read_to_string(root.join(xtask::ENCODINGS_JSON)).unwrap();
    // Each group's `"heading"` follows its encodings: the single-byte ones
    // stand between the heading of "The Encoding" and their own.
    let single = &text[text.find("\"The Encoding\"").unwrap()..];
    let single = &single[..single.find("Legacy single-byte").unwrap()];
    let names = xtask::parse_encodings_json(single).unwrap();
    assert_eq!(names.len(), 28);
    for (name, _) in names {
        assert!(
            PAGES.iter().any(
                |p| matches!(p.source, xtask::pages::Source::Whatwg { name: n, .. } if n == name)
            ),
            "{name} has no page"
        );
    }
}

/// The multi-byte encodings: every one of the standard's multi-byte
/// sections is listed, with its name.
#[test]
fn every_whatwg_multi_byte_encoding_is_listed() {
    let root = xtask::workspace_root();
    let text = std::fs::read_to_string(root.join(xtask::ENCODINGS_JSON)).unwrap();
    // Each group's `"heading"` follows its encodings: the multi-byte ones
    // stand between the single-byte heading and the Korean one.
    let from = text.find("Legacy single-byte").unwrap();
    let to = text.find("Legacy multi-byte Korean").unwrap();
    let names = xtask::parse_encodings_json(&text[from..to]).unwrap();
    assert_eq!(names.len(), 7);
    let listed: Vec<&str> = xtask::pages::MULTI_BYTE.iter().map(|e| e.name).collect();
    let mut want: Vec<&str> = names.iter().map(|(n, _)| n.as_str()).collect();
    want.sort_unstable();
    let mut got = listed.clone();
    got.sort_unstable();
    assert_eq!(got, want);
}

/// The encoder's pointer of a code point, as the standard defines it: of
/// every pointer the index has for it (`pointers`, in any order), those
/// `keep` allows, the first, or the last.
fn standard_pointer(pointers: &[u32], keep: impl Fn(u32) -> bool, last: bool) -> Option<u32> {
    let kept = pointers.iter().copied().filter(|&p| keep(p));
    if last {
        kept.max()
    } else {
        kept.min()
    }
}

/// Every pointer map is the standard's "index pointer" (and its Shift_JIS
/// and Big5 variants), looked up the way the runtime does, for every code
/// point of the BMP and plane 2; and every decode table holds its index.
#[test]
fn multi_byte_pointer_maps_follow_the_standard() {
    use std::collections::HashMap;
    use xtask::cjk::{self, BIG5_ENCODER_FIRST, BIG5_LAST_POINTER, SHIFT_JIS_SKIPPED};
    let root = xtask::workspace_root();
    for name in ["jis0208", "big5", "gb18030", "euc-kr"] {
        let entries = cjk::read_index(&root, name).unwrap();
        // What the generated file holds.
        let (map, keep): (_, Box<dyn Fn(u32) -> bool>) = match name {
            "big5" => (
                cjk::index_pointers(&entries, |p| p >= BIG5_ENCODER_FIRST, &BIG5_LAST_POINTER),
                Box::new(|p| p >= BIG5_ENCODER_FIRST),
            ),
            _ => (
                cjk::index_pointers(&entries, |_| true, &[]),
                Box::new(|_| true),
            ),
        };
        let m = cjk::pointer_map(&map).unwrap();
        // The standard's answer, from every pointer of each code point.
        let mut pointers_of: HashMap<u32, Vec<u32>> = HashMap::new();
        for &(p, c) in &entries {
            pointers_of.entry(c).or_default().push(p);
        }
        for code in 0..0x3_0000 {
            let want = pointers_of.get(&code).and_then(|pointers| {
                let last = name == "big5" && BIG5_LAST_POINTER.contains(&code);
                standard_pointer(pointers, &keep, last)
            });
            let got = cjk::lookup(&m, code).map(u32::from);
            assert_eq!(got, want, "{name} U+{code:04X}");
        }
        // The Shift_JIS pointer: the first outside 8272..=8835.
        if name == "jis0208" {
            let sjis = cjk::index_pointers(&entries, |p| !SHIFT_JIS_SKIPPED.contains(&p), &[]);
            for (&c, &p) in &sjis {
                let want =
                    standard_pointer(&pointers_of[&c], |p| !SHIFT_JIS_SKIPPED.contains(&p), false);
                assert_eq!(Some(p), want, "Shift_JIS U+{c:04X}");
            }
            // Every code point of 8272..=8835 is elsewhere too.
            for &(p, c) in &entries {
                if SHIFT_JIS_SKIPPED.contains(&p) {
                    assert!(sjis.contains_key(&c), "U+{c:04X} only in 8272..=8835");
                }
            }
        }
        // The decode table holds every entry at its pointer.
        let (table, astral) = cjk::decode_table(&entries, 126 * 190).unwrap();
        for &(p, c) in &entries {
            let v = u32::from(table[p as usize]);
            let got = if (0xD800..0xE000).contains(&v) {
                astral[(v - 0xD800) as usize]
            } else {
                v
            };
            assert_eq!(got, c, "{name} pointer {p}");
        }
        let mapped = table.iter().filter(|&&v| v != 0).count();
        assert_eq!(mapped, entries.len(), "{name}: extra entries");
    }
}

#[test]
fn multi_byte_index_parser_rejects_what_cannot_be() {
    use xtask::cjk::parse_index;
    assert_eq!(
        parse_index("0\t0x3000\t# x\n5\t0x20000\n").unwrap(),
        [(0, 0x3000), (5, 0x2_0000)]
    );
    for bad in [
        "",
        "# only\n",
        "0\t0x3000\n0\t0x3001\n",
        "0\t0xD800\n",
        "x\t0x3000\n",
        "0\n",
    ] {
        assert!(parse_index(bad).is_err(), "{bad:?}");
    }
}
