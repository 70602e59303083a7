//! Not for direct use: a crate of litenc's own with no items, whose one
//! effect is to turn on the `cjk` feature of `litenc-runtime`.
//!
//! litenc's feature `macros` needs that feature in the runtime that its
//! proc macros call on the host, and the same features in the runtime that
//! the program links, so that Cargo builds the runtime once for both. A
//! 16-bit target (MSP430, AVR), though, cannot hold the tables of Big5,
//! EUC-KR, GBK and gb18030 (no object may be larger than 32 KiB there), and
//! Cargo features cannot depend on the target; dependencies can. So litenc
//! depends on this crate on every target but the 16-bit ones, and only with
//! `macros`.

#![no_std]
#![forbid(unsafe_code)]
