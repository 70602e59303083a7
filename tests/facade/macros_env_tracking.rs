//! Text that a macro reads from an environment variable (`env!` inside the
//! macro) is tracked by the compiler as std's `env!` is: the crate's
//! dependency info (the `.d` file next to this test binary, which cargo
//! reads before it reuses a build) names the variable in a `# env-dep:`
//! line, so that changing it rebuilds the crate instead of keeping the old
//! text. The proc macro reads the variable itself, which the compiler does
//! not see; the expansion names it again with `::core::env!`.
//!
//! `CARGO_CRATE_NAME` is set by cargo for the build of this test crate
//! (`facade`, the program of the facade's integration tests), and read
//! nowhere else in it.

const NAME: [u8; 6] = litenc::utf8!(env!("CARGO_CRATE_NAME"));
const NAME16: [u16; 6] = litenc::utf16!(concat!(env!("CARGO_CRATE_NAME")));

#[test]
fn the_dependency_info_names_the_variable() {
    assert_eq!(&NAME, b"facade");
    assert_eq!(String::from_utf16(&NAME16).unwrap().as_bytes(), NAME);
    let exe = std::env::current_exe().unwrap();
    let dep_info = exe.with_extension("d");
    let text = std::fs::read_to_string(&dep_info)
        .unwrap_or_else(|e| panic!("{}: {e}", dep_info.display()));
    assert!(
        text.lines()
            .any(|line| line == "# env-dep:CARGO_CRATE_NAME=facade"),
        "no env-dep line for CARGO_CRATE_NAME in {}:\n{text}",
        dep_info.display()
    );
}
