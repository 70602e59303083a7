//! The rules of each encoding family, one character at a time: how many
//! bytes a scalar value takes, how it is written, and how one sequence is
//! read (a [`Step`]). The reference loops of the engine drive these; the
//! engine's fast paths and the SIMD kernels must agree with them.
//!
//! An [`Encoding`] names an encoding; its [`Family`] is how the codec
//! handles it. A per-encoding module passes its family as a constant, so
//! that a program which uses one code page through its own module links
//! that page's tables and no other.

pub(crate) mod cesu;
#[cfg(feature = "cjk")]
pub(crate) mod cjk;
pub(crate) mod gsm;
pub(crate) mod utf16;
pub(crate) mod utf32;
pub(crate) mod utf8;

use crate::encoding::Encoding;
use crate::scalar::{self, Step};
use crate::table::SingleByte;

/// How the codec handles an encoding.
#[derive(Clone, Copy)]
pub(crate) enum Family {
    /// UTF-8.
    Utf8,
    /// UTF-16 as bytes in one order.
    Utf16 {
        /// Big-endian (UTF-16BE).
        big_endian: bool,
    },
    /// UTF-32 as bytes in one order.
    Utf32 {
        /// Big-endian (UTF-32BE).
        big_endian: bool,
    },
    /// CESU-8 and modified UTF-8.
    Cesu {
        /// Modified UTF-8 (U+0000 as `C0 80`).
        java: bool,
    },
    /// A code page, through its tables.
    SingleByte(&'static SingleByte),
    /// GSM 03.38: the default alphabet, one byte per character, and its
    /// extension table, two bytes (escape, code) per character.
    Gsm,
    /// A multi-byte encoding of Chinese, Japanese or Korean, through the
    /// steps of `rules::cjk` and the loops of `engine::cjk` (not
    /// [`step`], [`char_len`] and [`write_char`], which see one
    /// character at a time and no state).
    #[cfg(feature = "cjk")]
    Cjk(cjk::Cjk),
}

impl Family {
    /// The encoding, for errors and names.
    #[inline]
    pub(crate) const fn encoding(self) -> Encoding {
        match self {
            Family::Utf8 => Encoding::Utf8,
            Family::Utf16 { big_endian: false } => Encoding::Utf16Le,
            Family::Utf16 { big_endian: true } => Encoding::Utf16Be,
            Family::Utf32 { big_endian: false } => Encoding::Utf32Le,
            Family::Utf32 { big_endian: true } => Encoding::Utf32Be,
            Family::Cesu { java: true } => Encoding::Mutf8,
            Family::Cesu { java: false } => Encoding::Cesu8,
            Family::SingleByte(t) => t.encoding,
            Family::Gsm => Encoding::Gsm0338,
            #[cfg(feature = "cjk")]
            Family::Cjk(c) => cjk::encoding(c),
        }
    }

    /// The most UTF-8 bytes one input byte decodes to.
    #[inline]
    pub(crate) const fn max_utf8_bytes_per_byte(self) -> usize {
        match self {
            Family::Utf8 | Family::Cesu { .. } | Family::Utf32 { .. } => 1,
            Family::Utf16 { .. } | Family::Gsm => 2,
            Family::SingleByte(t) => t.max_utf8,
            #[cfg(feature = "cjk")]
            Family::Cjk(c) => cjk::max_utf8_bytes_per_byte(c),
        }
    }
}

/// Defines [`Encoding::family`] from the two registries.
macro_rules! define_family {
    ([$(
        $variant:ident $module:ident $table:ident $name:literal [$($label:literal),*]
        $about:literal $total:tt $sample:literal $bytes:literal
    )*] [$(
        $cvariant:ident $cmodule:ident $cname:literal [$($clabel:literal),*]
        $cabout:literal $csample:literal $cbytes:literal
    )*]) => {
        impl Encoding {
            /// How the codec handles this encoding. (This `match` is what
            /// links every table into a program that chooses its encoding at
            /// run time.)
            #[inline]
            pub(crate) const fn family(self) -> Family {
                match self {
                    Encoding::Utf8 => Family::Utf8,
                    Encoding::Utf16Le => Family::Utf16 { big_endian: false },
                    Encoding::Utf16Be => Family::Utf16 { big_endian: true },
                    Encoding::Utf32Le => Family::Utf32 { big_endian: false },
                    Encoding::Utf32Be => Family::Utf32 { big_endian: true },
                    Encoding::Mutf8 => Family::Cesu { java: true },
                    Encoding::Cesu8 => Family::Cesu { java: false },
                    Encoding::Gsm0338 => Family::Gsm,
                    $(Encoding::$variant => Family::SingleByte(&crate::tables::$table),)*
                    $(#[cfg(feature = "cjk")] Encoding::$cvariant => Family::Cjk(cjk::Cjk::$cvariant),)*
                }
            }
        }
    };
}

/// Hands both lists to `define_family!`.
macro_rules! with_cjk_family {
    ($($single_byte:tt)*) => {
        crate::registry_cjk::cjk_encodings!(define_family [$($single_byte)*]);
    };
}

crate::registry::single_byte_encodings!(with_cjk_family);

/// Bytes `cp` takes in the encoding, or 0 if the encoding cannot hold it.
#[inline]
pub(crate) const fn char_len(f: Family, cp: u32) -> usize {
    match f {
        Family::Utf8 => scalar::utf8_len(cp),
        Family::Utf16 { .. } => utf16::char_len_bytes(cp),
        Family::Utf32 { .. } => utf32::CHAR_LEN,
        Family::Cesu { java } => cesu::char_len(cp, java),
        Family::Gsm => gsm::char_len(cp),
        Family::SingleByte(t) => {
            if cp < 0x80 && t.ascii {
                1
            } else {
                match char::from_u32(cp) {
                    Some(ch) if t.encode_char(ch).is_some() => 1,
                    _ => 0,
                }
            }
        }
        // Never asked: the CJK family has loops of its own (see `Family::Cjk`).
        #[cfg(feature = "cjk")]
        Family::Cjk(_) => 0,
    }
}

/// Writes `cp` (known to fit) at `out[at..]`; returns the new cursor.
#[inline]
pub(crate) const fn write_char(f: Family, cp: u32, out: &mut [u8], at: usize) -> usize {
    match f {
        Family::Utf8 => scalar::write_utf8(out, at, cp),
        Family::Utf16 { big_endian } => utf16::write_char_bytes(out, at, cp, big_endian),
        Family::Utf32 { big_endian } => utf32::write_char_bytes(out, at, cp, big_endian),
        Family::Cesu { java } => cesu::write_char(out, at, cp, java),
        Family::Gsm => gsm::write_char(out, at, cp),
        Family::SingleByte(t) => {
            if let Some(ch) = char::from_u32(cp)
                && let Some(byte) = t.encode_char(ch)
            {
                out[at] = byte;
            }
            at + 1
        }
        // Never asked, as in `char_len`.
        #[cfg(feature = "cjk")]
        Family::Cjk(_) => at,
    }
}

/// Reads one sequence of the encoding at `bytes[i..]` (`i < bytes.len()`).
#[inline]
pub(crate) const fn step(f: Family, bytes: &[u8], i: usize) -> Step {
    match f {
        Family::Utf8 => utf8::step(bytes, i),
        Family::Utf16 { big_endian } => utf16::step_bytes(bytes, i, big_endian),
        Family::Utf32 { big_endian } => utf32::step_bytes(bytes, i, big_endian),
        Family::Cesu { java } => cesu::step(bytes, i, java),
        Family::Gsm => gsm::step(bytes, i),
        Family::SingleByte(t) => match t.decode_byte(bytes[i]) {
            Some(ch) => Step::Char {
                cp: ch as u32,
                len: 1,
            },
            None => Step::Malformed(1),
        },
        // Never asked, as in `char_len`.
        #[cfg(feature = "cjk")]
        Family::Cjk(_) => Step::Malformed(1),
    }
}
