//! The AVX2 kernels, for `x86_64` CPUs with AVX2, BMI1, BMI2, POPCNT and
//! LZCNT (Haswell, Zen 1 and later): one file per operation, each the AVX2
//! half of the module of the same name one level up, which holds what the
//! kernels of every instruction set share (the dispatch, the tables, the
//! scalar steps and the tests).

pub(crate) mod ascii;
pub(crate) mod cesu;
pub(crate) mod proxy;
pub(crate) mod single_byte;
pub(crate) mod utf16_to_utf8;
pub(crate) mod utf32;
pub(crate) mod utf8;
pub(crate) mod utf8_to_utf16;
