//! FAT short (8.3) file names: the 11 bytes of a directory entry's name
//! field, as DOS, mtools and `mkfs.fat`'s kernel driver write them.
//!
//! [`short_name`] takes a name such as `"readme.txt"` and an OEM code page
//! (CP437 on most media, CP850 and the other DOS pages where set up so),
//! and returns the base name padded with spaces to 8 bytes, then the
//! extension padded to 3, in upper case. `litenc::fat_name!` does the same
//! at compile time, by calling this function.
//!
//! The rules, each an error of its own ([`FatNameError`]):
//!
//! - At most one dot, which separates the base (1 to 8 bytes in the page)
//!   from the extension (0 to 3 bytes). `.` and `..`, the names of a
//!   directory's own entries, are the one exception; any other name that
//!   starts with a dot (`.profile`) has an empty base. A name that ends in
//!   its dot (`README.`) has no extension.
//! - Each character is upper-cased by Unicode's case mapping (when that
//!   gives one character; `ß`, whose upper case is `SS`, stays itself, as
//!   on DOS) and must then be in the page: `à` is an error in CP437, which
//!   has `à` but no `À`.
//! - Characters FAT forbids in a short name: `" * + , / : ; < = > ? [ \ ] |`,
//!   the space (legal in the on-disk format, but no DOS call makes one, and
//!   tools store such names as long names), and the control characters
//!   U+0000 to U+001F and U+007F.
//! - A first byte `E5` (which marks a deleted entry) is stored as `05`,
//!   as the FAT specification says (`Õ` in CP850, for example).
//!
//! ```
//! use litenc_runtime::{fat, Encoding};
//!
//! assert_eq!(fat::short_name(Encoding::Ibm437, "readme.txt"), Ok(*b"README  TXT"));
//! assert_eq!(fat::short_name(Encoding::Ibm850, "Ñandú.doc"), Ok(*b"\xA5AND\xE9   DOC"));
//! assert_eq!(
//!     fat::short_name(Encoding::Ibm437, "archive.tar.gz"),
//!     Err(fat::FatNameError::TwoDots { offset: 11 })
//! );
//! ```
//!
//! This is not a `const fn`: Unicode's upper-case mapping (`char::to_uppercase`)
//! is not `const` in `core`.

use crate::encoding::Encoding;

/// Why a name is no FAT short name. Offsets are byte offsets in the
/// `&str` given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FatNameError {
    /// The name is empty.
    Empty,
    /// Nothing before the dot (`.profile`, `.txt`).
    EmptyBase,
    /// A second dot, at `offset`: a short name has one at most.
    TwoDots {
        /// Where the second dot is.
        offset: usize,
    },
    /// The base takes `len` bytes, more than 8.
    BaseTooLong {
        /// Its length in the page.
        len: usize,
    },
    /// The extension takes `len` bytes, more than 3.
    ExtensionTooLong {
        /// Its length in the page.
        len: usize,
    },
    /// `ch` at `offset` is a character FAT forbids in a short name.
    Forbidden {
        /// The character.
        ch: char,
        /// Where it is.
        offset: usize,
    },
    /// The upper case of `ch`, at `offset`, is not in the page.
    NotInPage {
        /// The character as given.
        ch: char,
        /// Where it is.
        offset: usize,
        /// The page.
        page: Encoding,
    },
    /// The encoding is no single-byte code page.
    NotACodePage(Encoding),
}

impl core::fmt::Display for FatNameError {
    #[inline]
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            FatNameError::Empty => f.write_str("an empty name is no FAT short name"),
            FatNameError::EmptyBase => f.write_str(
                "a FAT short name needs a base name before the dot (only `.` and `..` start with one)",
            ),
            FatNameError::TwoDots { offset } => write!(
                f,
                "a second dot at byte {offset}: a FAT short name has at most one, before the extension"
            ),
            FatNameError::BaseTooLong { len } => write!(
                f,
                "the base name takes {len} bytes: a FAT short name's takes at most 8"
            ),
            FatNameError::ExtensionTooLong { len } => write!(
                f,
                "the extension takes {len} bytes: a FAT short name's takes at most 3"
            ),
            FatNameError::Forbidden { ch, offset } => write!(
                f,
                "{ch:?} (U+{:04X}) at byte {offset} is not allowed in a FAT short name \
                 (neither are the space, control characters and \" * + , / : ; < = > ? [ \\ ] |)",
                ch as u32
            ),
            FatNameError::NotInPage { ch, offset, page } => write!(
                f,
                "the upper case of {ch:?} (U+{:04X}) at byte {offset} is not in {}",
                ch as u32,
                page.name()
            ),
            FatNameError::NotACodePage(enc) => write!(
                f,
                "{} is not a single-byte code page: FAT short names are in an OEM page such as IBM437",
                enc.name()
            ),
        }
    }
}

impl core::error::Error for FatNameError {}

/// Whether FAT forbids `ch` in a short name.
///
/// ```
/// use litenc_runtime::fat;
///
/// assert!(fat::is_forbidden('*') && fat::is_forbidden(' '));
/// assert!(!fat::is_forbidden('A') && !fat::is_forbidden('~'));
/// ```
#[must_use]
#[inline]
pub const fn is_forbidden(ch: char) -> bool {
    matches!(
        ch,
        '\0'..='\x20'
            | '\x7F'
            | '"'
            | '*'
            | '+'
            | ','
            | '/'
            | ':'
            | ';'
            | '<'
            | '='
            | '>'
            | '?'
            | '['
            | '\\'
            | ']'
            | '|'
    )
}

/// The 11-byte name field of a FAT directory entry for `name` in the OEM
/// code page `page` (see the module docs for the rules).
///
/// # Errors
/// A [`FatNameError`] for the first rule `name` breaks, in the order: a
/// page that is no code page, an empty name, a character FAT forbids or
/// one not in the page (at its offset), a second dot, an empty base, a
/// base too long, an extension too long.
///
/// ```
/// use litenc_runtime::{fat, Encoding};
/// assert_eq!(fat::short_name(Encoding::Ibm437, "..").unwrap(), *b"..         ");
/// // `õ` is `Õ`, byte `E5` in CP850, stored as `05`.
/// assert_eq!(fat::short_name(Encoding::Ibm850, "õ.txt").unwrap(), *b"\x05       TXT");
/// ```
#[inline]
pub fn short_name(page: Encoding, name: &str) -> Result<[u8; 11], FatNameError> {
    if !page.is_single_byte() {
        return Err(FatNameError::NotACodePage(page));
    }
    let mut out = [b' '; 11];
    if name == "." || name == ".." {
        out[..name.len()].copy_from_slice(name.as_bytes());
        return Ok(out);
    }
    if name.is_empty() {
        return Err(FatNameError::Empty);
    }
    let mut dot = None;
    let (mut base, mut ext) = (0usize, 0usize);
    for (offset, ch) in name.char_indices() {
        if ch == '.' {
            if dot.is_some() {
                return Err(FatNameError::TwoDots { offset });
            }
            dot = Some(offset);
            continue;
        }
        if is_forbidden(ch) {
            return Err(FatNameError::Forbidden { ch, offset });
        }
        let mut upper = ch.to_uppercase();
        let up = match (upper.next(), upper.next()) {
            (Some(u), None) => u,
            _ => ch,
        };
        let mut buf = [0u8; 4];
        let mut one = [0u8; 1];
        if page
            .encode_into(up.encode_utf8(&mut buf), &mut one)
            .is_err()
        {
            return Err(FatNameError::NotInPage { ch, offset, page });
        }
        if dot.is_none() {
            if base < 8 {
                out[base] = one[0];
            }
            base += 1;
        } else {
            if ext < 3 {
                out[8 + ext] = one[0];
            }
            ext += 1;
        }
    }
    if base == 0 {
        return Err(FatNameError::EmptyBase);
    }
    if base > 8 {
        return Err(FatNameError::BaseTooLong { len: base });
    }
    if ext > 3 {
        return Err(FatNameError::ExtensionTooLong { len: ext });
    }
    if out[0] == 0xE5 {
        out[0] = 0x05;
    }
    Ok(out)
}
