//! The compile errors of the macros (and of `const_encode!`), one
//! concern per file in `tests/ui/`, each checked against its `.stderr`.
//!
//! `tests/ui/` is a package of its own (`litenc-ui-tests`), so that the
//! crates trybuild builds for the cases depend on litenc and trybuild only:
//! trybuild gives them every dependency and dev-dependency of the package
//! that runs it, and the facade's dev-dependencies (the tests' peers and a
//! JVM launcher) took most of this test's cold run.
//!
//! The typed strings of the FFI crates fail in the facade, which trybuild
//! builds with the features of this test run: `feature_off/` holds the
//! errors of an option whose feature is off, run when it is off (as in
//! `cargo test`), and `feature_on/` those of a feature that is on for a
//! target that lacks the type (`PCWSTR` outside Windows), run with
//! `--features windows-strings`; it also holds what safe code cannot do
//! with the typed strings' constructors (`--features jni,widestring`).
//!
//! Regenerate after a deliberate change of wording with
//! `TRYBUILD=overwrite cargo test -p litenc-ui-tests` (and again with
//! `--all-features`), then read the diff.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("*.rs");
    if cfg!(not(feature = "jni")) {
        t.compile_fail("feature_off/jnistr.rs");
    }
    if cfg!(not(feature = "windows-strings")) {
        t.compile_fail("feature_off/pc*str.rs");
    }
    if cfg!(not(feature = "widestring")) {
        t.compile_fail("feature_off/u*cstr.rs");
    }
    if cfg!(all(feature = "jni", feature = "widestring")) {
        t.compile_fail("feature_on/typed_*.rs");
    }
    if cfg!(all(feature = "windows-strings", not(windows))) {
        t.compile_fail("feature_on/*_not_windows.rs");
    }
}
