//! The compile errors of the macros (and of `const_encode!`), one
//! concern per file in `tests/ui/`, each checked against its `.stderr`.
//!
//! Regenerate after a deliberate change of wording with
//! `TRYBUILD=overwrite cargo test --test macros_ui`, then read the diff.

#![cfg(feature = "macros")]

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
