//! The integration tests of `litenc-runtime`, in one test program: each test
//! program links the codec and compiles, at the tests' `opt-level` 2, every
//! `#[inline]` function it calls, so the tests that drive every encoding
//! module (the fuzz checks, the code pages against their peers) and the ones
//! that dispatch over `Encoding` share one build of them instead of paying
//! for it once a file. Each module was a test program of its own (but
//! `single_byte_peer` and `error_priority`, which shared one);
//! `cargo test -p litenc-runtime --test codec cjk_peer::` runs one of them.
//!
//! Two stay programs of their own: `no_alloc.rs` installs a counting global
//! allocator, and `detect.rs` is also built without the default features
//! (`--no-default-features --test detect`), which the tests here need.

mod common;

mod cesu_peer;
#[cfg(feature = "cjk")]
mod cjk_fast;
#[cfg(feature = "cjk")]
mod cjk_peer;
#[cfg(feature = "cjk")]
mod cjk_rules;
mod const_items;
mod cow;
mod device_pages;
mod error_priority;
mod exhaustive_4byte;
mod fast_api;
mod fast_paths;
mod fuzz_corpus;
mod gsm_peer;
mod hostile_sizes;
mod io;
mod no_std_consumer;
mod scalar_roundtrip;
mod single_byte_peer;
mod stream;
mod utf16_peer;
mod utf32_peer;
mod utf8_peer;
mod wide_targets;
mod windows1251_peer;
#[cfg(all(windows, feature = "cjk"))]
mod windows_code_pages;
