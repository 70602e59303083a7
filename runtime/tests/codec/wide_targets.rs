//! `WChar` is the target's C `wchar_t`.
//!
//! - On this machine, it is the very type of `libc::wchar_t` (a compile-time
//!   check, and `TypeId` at run time).
//! - For every other target, the `#[cfg]` rules that define it
//!   (`wide::__WCHAR_RULES`, the same tokens as text) are evaluated against
//!   what `rustc --print cfg --target T` says of that target, for every
//!   target `rustc --print target-list` names: exactly one rule must hold,
//!   and on the targets below it must give the type the `libc` crate
//!   (0.2.191) defines `wchar_t` as for that target, file by file
//!   (`src/windows/mod.rs`, `src/unix/linux_like/linux/gnu/b64/aarch64/mod.rs`,
//!   ...). UEFI, which libc does not cover, is 16-bit as in clang's UEFI
//!   targets; AVR and MSP430, which libc does not cover either, are C's
//!   16-bit `int` (`i16`), as clang's `AVRTargetInfo` and `MSP430TargetInfo`
//!   and avr-gcc define `wchar_t`.
//!
//! The rules are evaluated here rather than compiled for each target
//! because only this machine's standard library is installed.

use std::any::TypeId;
use std::collections::HashSet;
use std::process::Command;

use litenc_runtime::{WChar, wide};

#[test]
fn wchar_is_libc_wchar_t_here() {
    let same: fn(WChar) -> libc::wchar_t = |c| c;
    assert_eq!(same(0x41), 0x41);
    assert_eq!(TypeId::of::<WChar>(), TypeId::of::<libc::wchar_t>());
    assert_eq!(wide::IS_UTF16, cfg!(windows));
}

/// A `cfg` predicate, parsed from the tokens `stringify!` wrote.
#[derive(Debug)]
enum Pred {
    Name(String),
    KeyValue(String, String),
    All(Vec<Pred>),
    Any(Vec<Pred>),
    Not(Box<Pred>),
}

fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if "(),=".contains(c) {
            out.push(c.to_string());
            chars.next();
        } else if c == '"' {
            chars.next();
            let s: String = chars.by_ref().take_while(|&c| c != '"').collect();
            out.push(format!("\"{s}\""));
        } else {
            let mut s = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_alphanumeric() || c == '_' {
                    s.push(c);
                    chars.next();
                } else {
                    break;
                }
            }
            assert!(!s.is_empty(), "unexpected {c:?} in {text}");
            out.push(s);
        }
    }
    out
}

fn parse(toks: &[String], at: &mut usize) -> Pred {
    let word = toks[*at].clone();
    *at += 1;
    if toks.get(*at).map(String::as_str) == Some("=") {
        let value = toks[*at + 1].trim_matches('"').to_owned();
        *at += 2;
        return Pred::KeyValue(word, value);
    }
    if toks.get(*at).map(String::as_str) != Some("(") {
        return Pred::Name(word);
    }
    *at += 1;
    let mut args = Vec::new();
    while toks[*at] != ")" {
        args.push(parse(toks, at));
        if toks[*at] == "," {
            *at += 1;
        }
    }
    *at += 1;
    match word.as_str() {
        "all" => Pred::All(args),
        "any" => Pred::Any(args),
        "not" => {
            assert_eq!(args.len(), 1);
            Pred::Not(Box::new(args.pop().unwrap()))
        }
        other => panic!("unknown cfg operator {other}"),
    }
}

fn eval(p: &Pred, cfg: &HashSet<String>) -> bool {
    match p {
        Pred::Name(n) => cfg.contains(n),
        Pred::KeyValue(k, v) => cfg.contains(&format!("{k}=\"{v}\"")),
        Pred::All(ps) => ps.iter().all(|p| eval(p, cfg)),
        Pred::Any(ps) => ps.iter().any(|p| eval(p, cfg)),
        Pred::Not(p) => !eval(p, cfg),
    }
}

fn rules() -> Vec<(String, Pred)> {
    wide::__WCHAR_RULES
        .iter()
        .map(|(ty, rule)| {
            let toks = tokens(rule);
            let mut at = 0;
            let pred = parse(&toks, &mut at);
            assert_eq!(at, toks.len(), "trailing tokens in {rule}");
            ((*ty).to_owned(), pred)
        })
        .collect()
}

fn rustc() -> String {
    std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned())
}

fn target_cfg(target: &str) -> HashSet<String> {
    let cfg = known_target_cfg(target);
    assert!(cfg.is_some(), "rustc --print cfg --target {target}");
    cfg.unwrap_or_default()
}

/// The cfg of `target`, or `None` where this rustc lists the target but
/// cannot build for it (a distribution's rustc whose LLVM lacks that
/// architecture's backend: Debian's has no C-SKY).
fn known_target_cfg(target: &str) -> Option<HashSet<String>> {
    let out = Command::new(rustc())
        .args(["--print", "cfg", "--target", target])
        .output()
        .expect("rustc runs");
    out.status.success().then(|| {
        String::from_utf8(out.stdout)
            .expect("UTF-8")
            .lines()
            .map(str::to_owned)
            .collect()
    })
}

/// The type the rules give `target`; panics unless exactly one holds.
fn wchar_of(rules: &[(String, Pred)], target: &str, cfg: &HashSet<String>) -> String {
    let held: Vec<&str> = rules
        .iter()
        .filter(|(_, p)| eval(p, cfg))
        .map(|(ty, _)| ty.as_str())
        .collect();
    assert_eq!(held.len(), 1, "{target}: rules held: {held:?}");
    held[0].to_owned()
}

/// `wchar_t` by the `libc` crate 0.2.191 (UEFI, AVR, MSP430: clang, whose
/// predefined `__WCHAR_TYPE__` is `int` and `__WCHAR_WIDTH__` 16 on AVR and
/// MSP430; avr-gcc agrees), per target.
const EXPECTED: &[(&str, &str)] = &[
    ("x86_64-unknown-linux-gnu", "i32"),
    ("i686-unknown-linux-gnu", "i32"),
    ("aarch64-unknown-linux-gnu", "u32"),
    ("armv7-unknown-linux-gnueabihf", "u32"),
    ("arm-unknown-linux-gnueabi", "u32"),
    ("riscv64gc-unknown-linux-gnu", "i32"),
    ("powerpc64le-unknown-linux-gnu", "i32"),
    ("s390x-unknown-linux-gnu", "i32"),
    ("mips64-unknown-linux-gnuabi64", "i32"),
    ("loongarch64-unknown-linux-gnu", "i32"),
    ("sparc64-unknown-linux-gnu", "i32"),
    ("m68k-unknown-linux-gnu", "i32"),
    ("csky-unknown-linux-gnuabiv2", "u32"),
    ("x86_64-unknown-linux-musl", "i32"),
    ("aarch64-unknown-linux-musl", "u32"),
    ("hexagon-unknown-linux-musl", "u32"),
    ("aarch64-linux-android", "u32"),
    ("armv7-linux-androideabi", "u32"),
    ("x86_64-linux-android", "i32"),
    ("i686-linux-android", "i32"),
    ("riscv64-linux-android", "u32"),
    ("x86_64-pc-windows-msvc", "u16"),
    ("x86_64-pc-windows-gnu", "u16"),
    ("aarch64-pc-windows-msvc", "u16"),
    ("i686-pc-windows-msvc", "u16"),
    ("x86_64-pc-cygwin", "u16"),
    ("x86_64-unknown-uefi", "u16"),
    ("aarch64-unknown-uefi", "u16"),
    ("x86_64-apple-darwin", "i32"),
    ("aarch64-apple-darwin", "i32"),
    ("aarch64-apple-ios", "i32"),
    ("x86_64-unknown-freebsd", "i32"),
    ("aarch64-unknown-freebsd", "u32"),
    ("armv7-unknown-freebsd", "u32"),
    ("powerpc64-unknown-freebsd", "i32"),
    ("riscv64gc-unknown-freebsd", "i32"),
    ("x86_64-unknown-netbsd", "i32"),
    ("aarch64-unknown-netbsd", "i32"),
    ("aarch64-unknown-openbsd", "i32"),
    ("x86_64-unknown-dragonfly", "i32"),
    ("aarch64-unknown-fuchsia", "u32"),
    ("x86_64-unknown-fuchsia", "i32"),
    ("riscv64gc-unknown-fuchsia", "i32"),
    ("wasm32-wasip1", "i32"),
    ("wasm32-unknown-emscripten", "i32"),
    ("x86_64-unknown-illumos", "i32"),
    ("x86_64-unknown-haiku", "i32"),
    ("x86_64-unknown-redox", "i32"),
    ("aarch64-unknown-redox", "i32"),
    ("x86_64-unknown-hurd-gnu", "i32"),
    ("aarch64-unknown-nto-qnx710", "u32"),
    ("x86_64-pc-nto-qnx710", "u32"),
    ("i686-pc-nto-qnx700", "u32"),
    ("powerpc64-ibm-aix", "u32"),
    ("armv7-wrs-vxworks-eabihf", "u32"),
    ("aarch64-wrs-vxworks", "u32"),
    ("powerpc-wrs-vxworks", "u32"),
    ("powerpc64-wrs-vxworks", "u32"),
    ("x86_64-wrs-vxworks", "i32"),
    ("riscv64-wrs-vxworks", "i32"),
    ("riscv32imc-esp-espidf", "u32"),
    ("xtensa-esp32-espidf", "u32"),
    ("aarch64-unknown-teeos", "u32"),
    ("riscv32imac-unknown-xous-elf", "u32"),
    ("armv7-rtems-eabihf", "u32"),
    ("armv7-sony-vita-newlibeabihf", "u32"),
    ("armv6k-nintendo-3ds", "u32"),
    ("aarch64-nintendo-switch-freestanding", "u32"),
    ("aarch64-kmc-solid_asp3", "u32"),
    ("hexagon-unknown-qurt", "i32"),
    ("avr-none", "i16"),
    ("avr-unknown-gnu-atmega328", "i16"),
    ("msp430-none-elf", "i16"),
];

/// The 16-bit `wchar_t` of AVR and MSP430: every target of either
/// architecture that this rustc knows gets `i16`, whatever its `target_os`.
#[test]
fn avr_and_msp430_have_a_16_bit_wchar_t() {
    let rules = rules();
    let list = Command::new(rustc())
        .args(["--print", "target-list"])
        .output()
        .expect("rustc runs");
    let list = String::from_utf8(list.stdout).expect("UTF-8");
    let mut checked = 0;
    for target in list
        .lines()
        .filter(|t| t.starts_with("avr") || t.starts_with("msp430"))
    {
        let mut cfg = target_cfg(target);
        assert!(
            cfg.contains("target_pointer_width=\"16\""),
            "{target}: {cfg:?}"
        );
        assert_eq!(wchar_of(&rules, target, &cfg), "i16", "{target}");
        // The rule is the architecture's, not the bare-metal `none`'s.
        cfg.retain(|c| !c.starts_with("target_os="));
        cfg.insert("target_os=\"linux\"".to_owned());
        assert_eq!(wchar_of(&rules, target, &cfg), "i16", "{target} (linux)");
        checked += 1;
    }
    assert!(checked >= 2, "{checked} AVR and MSP430 targets");
}

#[test]
fn the_rules_give_every_target_one_wchar_t_and_libcs_where_libc_has_one() {
    let rules = rules();
    assert_eq!(rules.len(), 4);
    let list = Command::new(rustc())
        .args(["--print", "target-list"])
        .output()
        .expect("rustc runs");
    let list = String::from_utf8(list.stdout).expect("UTF-8");
    let targets: Vec<&str> = list.lines().collect();
    assert!(targets.len() > 200, "{} targets", targets.len());
    // Two threads: `rustc --print cfg` costs a process start each.
    let (a, b) = targets.split_at(targets.len() / 2);
    let work = |part: &[&str]| -> Vec<(String, String)> {
        part.iter()
            .filter_map(|t| Some(((*t).to_owned(), wchar_of(&rules, t, &known_target_cfg(t)?))))
            .collect()
    };
    let results: Vec<(String, String)> = std::thread::scope(|s| {
        let work = &work;
        let ha = s.spawn(move || work(a));
        let hb = s.spawn(move || work(b));
        let mut all = ha.join().unwrap();
        all.extend(hb.join().unwrap());
        all
    });
    // Nearly every target this rustc lists, whatever backends it was built with.
    assert!(
        results.len() * 10 >= targets.len() * 9,
        "{} of {}",
        results.len(),
        targets.len()
    );
    let mut checked = 0;
    for (target, want) in EXPECTED {
        // A target this rustc does not know is skipped.
        if let Some((_, got)) = results.iter().find(|(t, _)| t == target) {
            assert_eq!(got, want, "{target}");
            checked += 1;
        }
    }
    assert!(checked >= 60, "only {checked} known targets");
    // And this machine's own cfg gives the type `WChar` is.
    let host = std::env::consts::ARCH;
    let here = core::any::type_name::<WChar>();
    println!(
        "{} targets, {checked} against libc; {host}: {here}",
        results.len()
    );
}
