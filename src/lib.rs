//! **litenc** turns string literals into validated, encoded byte arrays at
//! compile time, and gives the very same codec, as `const fn`, to code that
//! has its text only at run time.
//!
//! Encodings: UTF-8, UTF-16 (native `u16` units, LE and BE bytes), Java's
//! modified UTF-8 (MUTF-8), CESU-8, and Windows-1251 per the WHATWG Encoding
//! Standard. Everything of [`litenc_runtime`] is re-exported here: the
//! per-encoding modules, [`Encoding`], the errors and [`const_encode!`].
//!
//! ```
//! use litenc::{const_encode, utf16le, Encoding};
//!
//! // At compile time, from any `const` string:
//! const WIDE: [u16; 6] = const_encode!(utf16, "Hello", nul);
//! assert_eq!(WIDE, [0x48, 0x65, 0x6C, 0x6C, 0x6F, 0]);
//!
//! // At run time, with the same codec:
//! let text = String::from("Привет");
//! assert_eq!(utf16le::encode(&text).unwrap().len(), 12);
//! let enc = Encoding::for_label("cp1251").unwrap();
//! assert_eq!(enc.decode(&enc.encode(&text).unwrap()).unwrap(), text);
//! ```
//!
//! The rules of each encoding, the error positions and where litenc differs
//! from Python, glibc and Java are in the docs of [`litenc_runtime`].
//!
//! # Cargo features
//!
//! - `alloc` (default): the helpers that return `Vec` or `String`.
//! - `std`: implies `alloc`.

#![no_std]
#![forbid(unsafe_code)]

pub use litenc_runtime;
pub use litenc_runtime::*;
