//! Builds `tests/no_std_consumer/`, a `#![no_std]` crate that uses
//! `litenc-runtime` and the `litenc` facade with default features off, and
//! checks that it builds and that neither crate has `alloc` (or `std`) on:
//! once by `cargo tree`'s list of enabled features, once by the consumer
//! itself, which fails to compile if the `alloc`-only functions exist.
//!
//! The peer here is cargo: it resolves the features and builds the crate.

use std::path::{Path, PathBuf};
use std::process::Command;

fn consumer_manifest() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/no_std_consumer/Cargo.toml")
        .canonicalize()
        .expect("tests/no_std_consumer/Cargo.toml exists")
}

/// `<target dir>/no_std_consumer`, where the target dir is the one this test
/// binary was built in (`<target dir>/<profile>/deps/<this test>`), so that
/// a custom `CARGO_TARGET_DIR` is honoured.
fn consumer_target_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary has a path");
    let profile_dir = exe
        .ancestors()
        .find(|p| p.file_name().is_some_and(|n| n == "deps"))
        .and_then(Path::parent)
        .expect("the test binary is in <target>/<profile>/deps");
    let target_dir = profile_dir.parent().expect("the profile dir has a parent");
    target_dir.join("no_std_consumer")
}

fn cargo() -> Command {
    let mut cmd = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    cmd.env("CARGO_TARGET_DIR", consumer_target_dir());
    cmd
}

fn run(cmd: &mut Command) -> String {
    let output = cmd.output().expect("cargo runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{cmd:?} failed: {}\n--- stdout\n{stdout}\n--- stderr\n{stderr}",
        output.status
    );
    stdout
}

#[test]
fn no_std_consumer_builds_without_alloc() {
    let manifest = consumer_manifest();
    run(cargo()
        .args(["build", "--offline", "--manifest-path"])
        .arg(&manifest));

    // The enabled features of every package in the graph, one per line:
    // `litenc-runtime v0.1.0 (/path) [feature,feature]`.
    let tree = run(cargo()
        .args(["tree", "--offline", "-e", "normal", "--prefix", "none"])
        .args(["-f", "{p} [{f}]", "--manifest-path"])
        .arg(&manifest));
    let mut seen = Vec::new();
    for line in tree.lines() {
        let name = line.split_whitespace().next().unwrap_or("");
        if name == "litenc" || name == "litenc-runtime" {
            let features = line
                .rsplit_once('[')
                .map_or("", |(_, f)| f.trim_end_matches(']'));
            let features: Vec<&str> = features.split(',').filter(|f| !f.is_empty()).collect();
            assert!(
                !features
                    .iter()
                    .any(|f| matches!(*f, "alloc" | "std" | "default")),
                "{name} has features {features:?}:\n{tree}"
            );
            seen.push(name);
        }
    }
    assert!(
        seen.contains(&"litenc"),
        "litenc is not in the tree:\n{tree}"
    );
    assert!(
        seen.contains(&"litenc-runtime"),
        "litenc-runtime is not in the tree:\n{tree}"
    );
}
