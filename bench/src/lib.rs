//! Empty: the harness lives in `benches/compare.rs`.
