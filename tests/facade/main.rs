//! The integration tests of `litenc`, in one test program: each test program
//! links the facade and compiles, at the tests' `opt-level` 2, every
//! `#[inline]` function of the codec it calls, so the tests share one build
//! of them instead of paying for it once a file. Each module is what was a
//! test program of its own; `cargo test --test facade conformance_java::`
//! runs one of them.
//!
//! Two stay programs of their own, `ffi_types.rs` and `ffi_windows.rs`,
//! which `.ci/run` also runs under Miri as a Windows program. The trybuild
//! cases of the macros' compile errors are the package `tests/ui/`, so that
//! the crates trybuild builds do not take this package's dev-dependencies. (`jvm` starts each JVM in a child process: this program, asked
//! for that one test.)

#[path = "../conformance/differences.rs"]
mod differences;
#[path = "../conformance/gen.rs"]
mod gen;
#[path = "../conformance/single_byte.rs"]
mod sb;

#[cfg(feature = "cjk")]
mod conformance_cjk;
mod conformance_full_pages;
mod conformance_java;
mod conformance_kuhn;
mod conformance_policies;
mod conformance_python_iconv;
mod conformance_single_byte;
#[cfg(unix)]
mod conformance_wchar;
mod conformance_wpt;
mod fat_mtools;
mod iconv;
mod jvm;
#[cfg(all(feature = "macros", feature = "alloc", feature = "cjk"))]
mod macros_cjk;
mod macros_device_pages;
#[cfg(feature = "macros")]
mod macros_env_tracking;
#[cfg(all(feature = "macros", feature = "alloc"))]
mod macros_equivalence;
#[cfg(feature = "macros")]
mod macros_positions;
#[cfg(feature = "macros")]
mod macros_width;
