//! `litenc-runtime` compiles no machine code of its own: every function that is
//! not generic carries an `#[inline]` attribute, so that the crate that calls
//! it compiles it, and a crate that depends on litenc for its macros compiles
//! none of the codec (docs/architecture.md, "Compile time"). One function
//! without it is a root of the runtime's own code generation, and with it
//! every kernel it reaches: seconds of every user's build. This test reads
//! the sources and names any such function.
//!
//! An `#[inline]` chosen by `cfg_attr` counts when both sides of
//! `debug_assertions` have one (the family dispatch is `#[inline(always)]`
//! in release builds and `#[inline]` in debug ones).
//!
//! Exempt: generic functions (compiled where instantiated), functions inside
//! `#[cfg(test)]` modules, trait method declarations, and `#[inline(never)]`
//! on purpose (an attribute like any other `#[inline...]`).

use std::path::Path;

/// Whether `line` starts a function that is generic over types or constants
/// (`fn f<T>`, `fn f<const N: usize>`), not only over lifetimes.
fn generic(sig: &str) -> bool {
    let Some(name_end) = sig.find("fn ").map(|i| i + 3) else {
        return false;
    };
    let rest = &sig[name_end..];
    let Some(open) = rest.find(['<', '(']) else {
        return false;
    };
    if rest.as_bytes()[open] != b'<' {
        return false;
    }
    let close = rest[open..].find('>').map_or(rest.len(), |c| open + c);
    rest[open + 1..close]
        .split(',')
        .any(|p| !p.trim().starts_with('\''))
}

/// Whether the line declares a function (not a call or a comment).
fn is_fn(line: &str) -> bool {
    let t = line.trim_start();
    let t = t
        .strip_prefix("pub(crate) ")
        .or_else(|| t.strip_prefix("pub(super) "))
        .or_else(|| t.strip_prefix("pub "))
        .unwrap_or(t);
    let t = t.strip_prefix("const ").unwrap_or(t);
    let t = t.strip_prefix("unsafe ").unwrap_or(t);
    t.starts_with("fn ")
}

fn check(path: &Path, text: &str, missing: &mut Vec<String>) {
    let lines: Vec<&str> = text.lines().collect();
    let mut test_depth: Option<i64> = None;
    let mut depth: i64 = 0;
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim();
        if test_depth.is_none()
            && t.starts_with("mod ")
            && t.ends_with('{')
            && i > 0
            && lines[i - 1].trim() == "#[cfg(test)]"
        {
            test_depth = Some(depth);
        }
        if test_depth.is_none() && is_fn(line) && !t.ends_with(';') && !generic(t) {
            // The attributes and docs above the signature, multi-line ones included.
            let mut j = i;
            let mut inline = false;
            let (mut in_debug, mut in_release) = (false, false);
            while j > 0 {
                j -= 1;
                let a = lines[j].trim();
                if a == ")]" {
                    while j > 0 && !lines[j].trim().starts_with("#[") {
                        j -= 1;
                    }
                } else if !(a.starts_with("#[") || a.starts_with("//")) {
                    break;
                }
                let a = lines[j].trim();
                inline |= a.starts_with("#[inline");
                in_debug |= a.starts_with("#[cfg_attr(debug_assertions, inline");
                in_release |= a.starts_with("#[cfg_attr(not(debug_assertions), inline");
            }
            if !(inline || in_debug && in_release) {
                missing.push(format!("{}:{}: {t}", path.display(), i + 1));
            }
        }
        depth += i64::try_from(line.matches('{').count()).unwrap_or(0);
        depth -= i64::try_from(line.matches('}').count()).unwrap_or(0);
        if test_depth.is_some_and(|d| depth <= d) {
            test_depth = None;
        }
    }
}

fn walk(dir: &Path, missing: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).expect("runtime/src is readable") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            walk(&path, missing);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("source is UTF-8");
            check(&path, &text, missing);
        }
    }
}

#[test]
fn every_non_generic_runtime_function_is_inline() {
    let src = xtask::workspace_root().join("runtime/src");
    let mut missing = Vec::new();
    walk(&src, &mut missing);
    assert!(
        missing.is_empty(),
        "functions of litenc-runtime without #[inline] (each makes every user compile \
         the code it reaches):\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_check_sees_what_it_should() {
    let mut missing = Vec::new();
    let text =
        "pub fn a() {}\n#[inline]\npub fn b() {}\nfn c<T>(t: T) {}\nfn d<'a>(x: &'a u8) {}\n\
                #[inline]\n#[target_feature(\n    enable = \"avx2\"\n)]\nunsafe fn e() {}\n\
                #[cfg(test)]\nmod tests {\n    fn f() {}\n}\nconst fn g<const N: usize>() {}\n";
    check(Path::new("x.rs"), text, &mut missing);
    assert_eq!(
        missing,
        ["x.rs:1: pub fn a() {}", "x.rs:5: fn d<'a>(x: &'a u8) {}"]
    );
}
