//! The checked-in tables are what the generator makes from the checked-in data.

#[test]
fn tables_are_up_to_date() {
    let root = xtask::workspace_root();
    for (path, expected) in xtask::generated_files().expect("inputs parse") {
        let actual = std::fs::read_to_string(root.join(path)).expect("generated file exists");
        assert!(
            actual == expected,
            "{path} is stale: run `{}`",
            xtask::GEN_COMMAND
        );
    }
}

#[test]
fn index_parser_rejects_gaps_and_duplicates() {
    let line = |i: u32| format!("{i}\t0x{:04X}\n", 0x400 + i);
    let full: String = (0..128).map(line).collect::<Vec<_>>().concat();
    assert!(xtask::parse_single_byte_index(&full).is_ok());
    let gap: String = (1..128).map(line).collect::<Vec<_>>().concat();
    assert!(xtask::parse_single_byte_index(&gap)
        .unwrap_err()
        .contains("pointer 0 missing"));
    let dup = format!("{full}5\t0x0041\n");
    assert!(xtask::parse_single_byte_index(&dup)
        .unwrap_err()
        .contains("given twice"));
}
