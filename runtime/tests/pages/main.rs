//! The tests that drive every encoding module's functions, one by one, in one
//! test program: a program that names the functions of every module builds
//! them all (with the `fast` twins, over a hundred functions a code page), a
//! minute of CPU per program, so the tests that need them share it.
//!
//! - `single_byte_peer`: every byte and scalar value of every code page
//!   against its peer, through every function;
//! - `error_priority`: bad input before a short buffer, and the exact length
//!   needed, in every module.

#[path = "../common/mod.rs"]
mod common;

mod error_priority;
mod single_byte_peer;
