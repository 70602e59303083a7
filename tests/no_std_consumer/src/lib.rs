//! A `#![no_std]` consumer of litenc that builds without `alloc`: `const`
//! items from `const_encode!` and the `const fn`s, and the buffer API at run
//! time, through both `litenc-runtime` and the `litenc` facade.

#![no_std]
#![forbid(unsafe_code)]

use litenc_runtime::{const_encode, utf16le, windows1251, DecodeError, EncodeError, Encoding};

/// Windows-1251, at compile time.
pub const HELLO_1251: [u8; 6] = const_encode!(windows1251, "Привет");

/// A NUL-terminated wide string, through the facade.
pub static WIDE: [u16; 3] = litenc::const_encode!(utf16, "hi", nul);

/// A JNI string constant.
pub static JNI_NAME: [u8; 17] = litenc::const_encode!(mutf8, "java/lang/String", nul);

/// A length worked out by a `const fn`.
pub const MUTF8_LEN: usize = match Encoding::Mutf8.encoded_len("a\0😀") {
    Ok(n) => n,
    Err(e) => e.const_panic(),
};

/// Whether some bytes are UTF-8, at compile time.
pub const VALID: bool = litenc::utf8::validate("Жёлтый".as_bytes()).is_ok();

/// Run-time encoding into a caller's buffer.
///
/// # Errors
/// If `out` is too small.
pub fn to_utf16le(text: &str, out: &mut [u8]) -> Result<usize, EncodeError> {
    utf16le::encode_into(text, out)
}

/// Run-time decoding into a caller's buffer.
///
/// # Errors
/// If `out` is too small.
pub fn from_1251(bytes: &[u8], out: &mut [u8]) -> Result<usize, DecodeError> {
    windows1251::decode_into(bytes, out)
}

/// Run-time decoding through the facade.
///
/// # Errors
/// If `bytes` is not modified UTF-8 or `out` is too small.
pub fn from_mutf8(bytes: &[u8], out: &mut [u16]) -> Result<usize, litenc::DecodeError> {
    litenc::mutf8::decode_units_into(bytes, out)
}

/// Compile-time proof that the `alloc` helpers are absent: `encode` is
/// glob-imported from litenc and from `probe`; were litenc's there (the
/// `alloc` feature), the name would be ambiguous and this would not build.
mod alloc_is_off {
    mod probe {
        pub(crate) const fn encode(_: &str) -> bool {
            true
        }
        pub(crate) const fn decode_lossy(_: &[u8]) -> bool {
            true
        }
    }

    #[allow(unused_imports, reason = "only the probe's names are there to use")]
    mod runtime {
        use super::probe::*;
        use litenc_runtime::utf8::*;
        pub(crate) const ABSENT: bool = encode("") && decode_lossy(b"");
    }

    #[allow(unused_imports, reason = "only the probe's names are there to use")]
    mod facade {
        use super::probe::*;
        use litenc::windows1251::*;
        pub(crate) const ABSENT: bool = encode("") && decode_lossy(b"");
    }

    const _: () = assert!(runtime::ABSENT && facade::ABSENT);
}
