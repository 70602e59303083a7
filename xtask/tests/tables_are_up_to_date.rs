//! The checked-in tables are what the generator makes from the checked-in data.

use xtask::pages::PAGES;

#[test]
fn tables_are_up_to_date() {
    let root = xtask::workspace_root();
    let files = xtask::generated_files().expect("inputs parse");
    for (path, expected) in &files {
        let actual = std::fs::read_to_string(root.join(path)).unwrap_or_default();
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
/// 65,536 BMP code points are looked up, against a plain map.
#[test]
fn reverse_maps_are_exact_inverses() {
    let root = xtask::workspace_root();
    for page in PAGES {
        let decode = xtask::decode_table(page, &root).expect("table");
        let r = xtask::reverse(&decode).expect("reverse");
        let mut expected = std::collections::HashMap::new();
        for (i, c) in decode.iter().enumerate() {
            if let Some(c) = c {
                expected.insert(u32::from(*c), 0x80 + i as u8);
            }
        }
        for cp in 0x80..=0xFFFFu32 {
            let Some(ch) = char::from_u32(cp) else {
                continue;
            };
            assert_eq!(
                xtask::encode_char(&r, ch),
                expected.get(&cp).copied(),
                "{} U+{cp:04X}",
                page.module
            );
        }
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
