//! The public functions every per-encoding module has, stamped out once per
//! module by [`byte_codec_api!`] so that the modules stay in step, and the
//! code-page modules themselves, one per entry of the registry. Each
//! function forwards to the engine (or, with `alloc`, to `crate::owned`)
//! with the module's encoding family as a constant; the doc examples use
//! the module's own sample text and bytes, so every module documents itself
//! with real output.

/// `byte_codec_api!(family, module_name, "sample text", b"sample bytes")`.
macro_rules! byte_codec_api {
    ($fam:expr, $m:ident, $text:literal, $bytes:literal) => {
        /// The number of bytes `text` takes in this encoding.
        ///
        /// # Errors
        /// [`EncodeError::Unencodable`](crate::EncodeError::Unencodable) for
        /// the first character the encoding cannot hold.
        ///
        /// # Example
        /// ```
        #[doc = concat!("use litenc_runtime::", stringify!($m), ";")]
        #[doc = concat!("let bytes: &[u8] = ", stringify!($bytes), ";")]
        #[doc = concat!("const LEN: usize = match ", stringify!($m), "::encoded_len(", stringify!($text), ") {")]
        ///     Ok(n) => n,
        ///     Err(e) => e.const_panic(),
        /// };
        /// assert_eq!(LEN, bytes.len());
        /// ```
        #[inline]
        pub const fn encoded_len(text: &str) -> Result<usize, crate::error::EncodeError> {
            crate::engine::encoded_len($fam, text)
        }

        /// Encodes `text` into `out` and returns the number of bytes written.
        /// The whole text is checked before `out` is looked at, so after an
        /// error `out` is as it was.
        ///
        /// # Errors
        /// As [`encoded_len`], and
        /// [`EncodeError::OutputTooSmall`](crate::EncodeError::OutputTooSmall)
        /// with the length needed if `out` is too short.
        ///
        /// # Example
        /// ```
        #[doc = concat!("use litenc_runtime::", stringify!($m), ";")]
        /// let mut buf = [0u8; 64];
        #[doc = concat!("let n = ", stringify!($m), "::encode_into(", stringify!($text), ", &mut buf).unwrap();")]
        #[doc = concat!("assert_eq!(&buf[..n], ", stringify!($bytes), ");")]
        /// ```
        #[inline]
        pub const fn encode_into(text: &str, out: &mut [u8]) -> Result<usize, crate::error::EncodeError> {
            crate::engine::encode_into($fam, text, out)
        }

        /// Checks that `bytes` is well formed in this encoding.
        ///
        /// # Errors
        /// A [`DecodeError`](crate::DecodeError) with `valid_up_to` and
        /// `error_len` of the first ill-formed sequence.
        ///
        /// # Example
        /// ```
        #[doc = concat!("use litenc_runtime::", stringify!($m), ";")]
        #[doc = concat!("const OK: bool = ", stringify!($m), "::validate(", stringify!($bytes), ").is_ok();")]
        /// assert!(OK);
        /// ```
        #[inline]
        pub const fn validate(bytes: &[u8]) -> Result<(), crate::error::DecodeError> {
            crate::engine::validate($fam, bytes)
        }

        /// The number of UTF-8 bytes `bytes` decodes to.
        ///
        /// # Errors
        /// As [`validate`].
        ///
        /// # Example
        /// ```
        #[doc = concat!("use litenc_runtime::", stringify!($m), ";")]
        #[doc = concat!("assert_eq!(", stringify!($m), "::decoded_len(", stringify!($bytes), "), Ok(", stringify!($text), ".len()));")]
        /// ```
        #[inline]
        pub const fn decoded_len(bytes: &[u8]) -> Result<usize, crate::error::DecodeError> {
            crate::engine::decoded_len($fam, bytes)
        }

        /// Decodes `bytes` into `out` as UTF-8 and returns the number of
        /// bytes written. The whole input is checked before `out` is looked at,
        /// so after an error `out` is as it was.
        ///
        /// # Errors
        /// As [`validate`], and
        /// [`DecodeErrorKind::OutputTooSmall`](crate::DecodeErrorKind::OutputTooSmall)
        /// if `out` is too short for well-formed input.
        ///
        /// # Example
        /// ```
        #[doc = concat!("use litenc_runtime::", stringify!($m), ";")]
        /// let mut buf = [0u8; 64];
        #[doc = concat!("let n = ", stringify!($m), "::decode_into(", stringify!($bytes), ", &mut buf).unwrap();")]
        #[doc = concat!("assert_eq!(core::str::from_utf8(&buf[..n]), Ok(", stringify!($text), "));")]
        /// ```
        #[inline]
        pub const fn decode_into(bytes: &[u8], out: &mut [u8]) -> Result<usize, crate::error::DecodeError> {
            crate::engine::decode_into($fam, bytes, out)
        }

        /// The number of bytes [`encode_prefixed_into`] writes: the
        /// prefix's width and [`encoded_len`].
        ///
        /// # Errors
        /// As [`encoded_len`], and
        /// [`EncodeError::TooLong`](crate::EncodeError::TooLong) if the
        /// encoded text is longer than the prefix can count.
        #[inline]
        pub const fn prefixed_len(text: &str, prefix: crate::prefix::LenPrefix) -> Result<usize, crate::error::EncodeError> {
            crate::engine::prefixed_len($fam, text, prefix)
        }

        /// Encodes `text` into `out` after a length prefix that counts the
        /// encoded bytes after it; returns the number of bytes written,
        /// prefix included. The whole text is checked before `out` is
        /// looked at, so after an error `out` is as it was.
        ///
        /// # Errors
        /// As [`prefixed_len`], and
        /// [`EncodeError::OutputTooSmall`](crate::EncodeError::OutputTooSmall)
        /// with the length needed if `out` is too short.
        ///
        /// # Example
        /// ```
        #[doc = concat!("use litenc_runtime::{", stringify!($m), ", LenPrefix};")]
        #[doc = concat!("let bytes: &[u8] = ", stringify!($bytes), ";")]
        /// let mut buf = [0u8; 64];
        #[doc = concat!("let n = ", stringify!($m), "::encode_prefixed_into(", stringify!($text), ", LenPrefix::U8, &mut buf).unwrap();")]
        /// assert_eq!(usize::from(buf[0]), bytes.len());
        /// assert_eq!(&buf[1..n], bytes);
        /// ```
        #[inline]
        pub const fn encode_prefixed_into(
            text: &str,
            prefix: crate::prefix::LenPrefix,
            out: &mut [u8],
        ) -> Result<usize, crate::error::EncodeError> {
            crate::engine::encode_prefixed_into($fam, text, prefix, out)
        }

        /// Encodes `text` into exactly `width` bytes of `out`, a fixed-width
        /// field: the text, then `pad` (`Some(byte)`: that byte) or, with
        /// `None`, the encoding of U+0020 (`20` in most encodings, `40` in
        /// EBCDIC, `20 00` in UTF-16LE) until the field is full. Returns
        /// `width`. The whole text is checked before `out` is looked at, so
        /// after an error `out` is as it was. The macros' options `width = N`
        /// and `pad = B` do the same at compile time.
        ///
        /// # Errors
        /// As [`encoded_len`];
        /// [`EncodeError::Width`](crate::EncodeError::Width) if the text is
        /// longer than `width`, or (`pad == None` in an encoding whose space
        /// takes more than one byte) whole spaces do not fill the rest;
        /// [`EncodeError::OutputTooSmall`](crate::EncodeError::OutputTooSmall)
        /// if `out` is shorter than `width`.
        ///
        /// # Example
        /// ```
        #[doc = concat!("use litenc_runtime::", stringify!($m), ";")]
        #[doc = concat!("let bytes: &[u8] = ", stringify!($bytes), ";")]
        /// let mut field = [0u8; 80];
        #[doc = concat!("let n = ", stringify!($m), "::encode_padded_into(", stringify!($text), ", 64, Some(0), &mut field).unwrap();")]
        /// assert_eq!(n, 64);
        /// assert_eq!(&field[..bytes.len()], bytes);
        /// assert!(field[bytes.len()..64].iter().all(|&b| b == 0));
        /// ```
        #[inline]
        pub const fn encode_padded_into(
            text: &str,
            width: usize,
            pad: Option<u8>,
            out: &mut [u8],
        ) -> Result<usize, crate::error::EncodeError> {
            crate::engine::encode_padded_into($fam, text, width, pad, out)
        }

        /// Encodes `text` into an array of exactly `N` bytes, for `const` and
        /// `static` items. [`const_encode!`](crate::const_encode) works `N`
        /// out by itself.
        ///
        /// # Panics
        /// If the text cannot be encoded or does not take exactly `N` bytes;
        /// in a `const` item that is a compile error whose message names the
        /// character, its U+XXXX and byte offset, or the right `N`.
        ///
        /// # Example
        /// ```
        #[doc = concat!("use litenc_runtime::", stringify!($m), ";")]
        #[doc = concat!("const LEN: usize = match ", stringify!($m), "::encoded_len(", stringify!($text), ") {")]
        ///     Ok(n) => n,
        ///     Err(e) => e.const_panic(),
        /// };
        #[doc = concat!("const BYTES: [u8; LEN] = ", stringify!($m), "::encode_array(", stringify!($text), ");")]
        #[doc = concat!("assert_eq!(&BYTES, ", stringify!($bytes), ");")]
        /// ```
        #[track_caller]
        #[must_use]
        #[inline]
        pub const fn encode_array<const N: usize>(text: &str) -> [u8; N] {
            crate::engine::encode_array::<N>($fam, text, false)
        }

        /// Encodes `text` into a new vector.
        ///
        /// # Errors
        /// As [`encoded_len`].
        ///
        /// # Example
        /// ```
        #[doc = concat!("use litenc_runtime::", stringify!($m), ";")]
        #[doc = concat!("assert_eq!(", stringify!($m), "::encode(", stringify!($text), ").unwrap(), ", stringify!($bytes), ");")]
        /// ```
        #[cfg(feature = "alloc")]
        #[inline]
        pub fn encode(text: &str) -> Result<alloc::vec::Vec<u8>, crate::error::EncodeError> {
            crate::owned::encode($fam, text)
        }

        /// Decodes `bytes` into a new string.
        ///
        /// # Errors
        /// As [`validate`].
        ///
        /// # Example
        /// ```
        #[doc = concat!("use litenc_runtime::", stringify!($m), ";")]
        #[doc = concat!("assert_eq!(", stringify!($m), "::decode(", stringify!($bytes), ").unwrap(), ", stringify!($text), ");")]
        /// ```
        #[cfg(feature = "alloc")]
        #[inline]
        pub fn decode(bytes: &[u8]) -> Result<alloc::string::String, crate::error::DecodeError> {
            crate::owned::decode($fam, bytes)
        }

        /// Encodes `text`, borrowing it when its encoding is the same bytes
        /// (see [`Encoding::encode_cow`](crate::Encoding::encode_cow) for
        /// when that is), else into a new vector as [`encode`] does.
        ///
        /// # Errors
        /// As [`encode`].
        ///
        /// # Example
        /// ```
        /// use std::borrow::Cow;
        #[doc = concat!("use litenc_runtime::", stringify!($m), ";")]
        ///
        #[doc = concat!("let bytes = ", stringify!($m), "::encode_cow(", stringify!($text), ").unwrap();")]
        #[doc = concat!("assert_eq!(bytes, &", stringify!($bytes), "[..]);")]
        #[doc = concat!("assert_eq!(matches!(bytes, Cow::Borrowed(_)), ", stringify!($text), ".as_bytes() == ", stringify!($bytes), ");")]
        /// ```
        #[cfg(feature = "alloc")]
        #[inline]
        pub fn encode_cow(text: &str) -> Result<alloc::borrow::Cow<'_, [u8]>, crate::error::EncodeError> {
            crate::owned::encode_cow($fam, text)
        }

        /// Decodes `bytes`, borrowing them when they already are the UTF-8
        /// of the text (see
        /// [`Encoding::decode_cow`](crate::Encoding::decode_cow) for when that
        /// is), else into a new string as [`decode`] does.
        ///
        /// # Errors
        /// As [`validate`].
        ///
        /// # Example
        /// ```
        /// use std::borrow::Cow;
        #[doc = concat!("use litenc_runtime::", stringify!($m), ";")]
        ///
        #[doc = concat!("let text = ", stringify!($m), "::decode_cow(", stringify!($bytes), ").unwrap();")]
        #[doc = concat!("assert_eq!(text, ", stringify!($text), ");")]
        #[doc = concat!("assert_eq!(matches!(text, Cow::Borrowed(_)), ", stringify!($text), ".as_bytes() == ", stringify!($bytes), ");")]
        /// ```
        #[cfg(feature = "alloc")]
        #[inline]
        pub fn decode_cow(bytes: &[u8]) -> Result<alloc::borrow::Cow<'_, str>, crate::error::DecodeError> {
            crate::owned::decode_cow($fam, bytes)
        }

        /// Decodes `bytes`, replacing each ill-formed part with one U+FFFD
        /// (see the module docs for what a part is); borrows `bytes` when they
        /// already are the UTF-8 of the result.
        ///
        /// # Example
        /// ```
        #[doc = concat!("use litenc_runtime::", stringify!($m), ";")]
        #[doc = concat!("assert_eq!(", stringify!($m), "::decode_lossy(", stringify!($bytes), "), ", stringify!($text), ");")]
        /// ```
        #[cfg(feature = "alloc")]
        #[must_use]
        #[inline]
        pub fn decode_lossy(bytes: &[u8]) -> alloc::borrow::Cow<'_, str> {
            crate::owned::decode_lossy($fam, bytes)
        }

        // Not public API: the hooks of `const_encode!`.
        #[doc(hidden)]
        pub type __Unit = u8;

        #[doc(hidden)]
        #[track_caller]
        #[must_use]
        #[inline]
        pub const fn __const_len(text: &str, nul: bool) -> usize {
            crate::engine::const_len($fam, text, nul)
        }

        #[doc(hidden)]
        #[track_caller]
        #[must_use]
        #[inline]
        pub const fn __const_array<const N: usize>(text: &str, nul: bool) -> [u8; N] {
            crate::engine::encode_array::<N>($fam, text, nul)
        }
    };
}

pub(crate) use byte_codec_api;

/// The character functions of a code page's module: `decode_byte` gives a
/// `char` where the page defines every byte, an `Option<char>` where it
/// does not.
macro_rules! code_page_chars {
    ($table:ident true) => {
        /// The character a byte stands for (in this page every byte stands
        /// for one).
        #[must_use]
        #[inline]
        pub const fn decode_byte(byte: u8) -> char {
            match crate::tables::$table.decode_byte(byte) {
                Some(ch) => ch,
                // Unreachable: the page defines every byte.
                None => char::REPLACEMENT_CHARACTER,
            }
        }

        /// The byte of a character, if the page has it.
        #[must_use]
        #[inline]
        pub const fn encode_char(ch: char) -> Option<u8> {
            crate::tables::$table.encode_char(ch)
        }
    };
    ($table:ident false) => {
        /// The character a byte stands for, or `None` for a byte this page
        /// leaves undefined (which decoding reports as an error of one byte).
        #[must_use]
        #[inline]
        pub const fn decode_byte(byte: u8) -> Option<char> {
            crate::tables::$table.decode_byte(byte)
        }

        /// The byte of a character, if the page has it.
        #[must_use]
        #[inline]
        pub const fn encode_char(ch: char) -> Option<u8> {
            crate::tables::$table.encode_char(ch)
        }
    };
}

pub(crate) use code_page_chars;

/// What the docs say of decoding in a page that does (`true`) or does not
/// define every byte.
macro_rules! decoding_doc {
    (true) => {
        "Every byte decodes, so decoding never fails (bytes `00..=7F` are ASCII)."
    };
    (false) => {
        "Bytes `00..=7F` are ASCII; some bytes above are undefined, and decoding \
         one is an error of one byte (`decode_byte` says which; \
         `decode_lossy` writes U+FFFD for it)."
    };
}

pub(crate) use decoding_doc;

/// One module per code page of the registry.
macro_rules! code_page_modules {
    ($(
        $variant:ident $module:ident $table:ident $name:literal [$($label:literal),*]
        $about:literal $total:tt $sample:literal $bytes:literal
    )*) => {$(
        #[doc = concat!("`", $name, "`: ", $about, ".")]
        ///
        #[doc = crate::api::decoding_doc!($total)]
        /// Only the characters of the page encode; any other is
        /// [`EncodeError::Unencodable`](crate::EncodeError::Unencodable).
        ///
        #[doc = concat!("Labels for [`Encoding::for_label`](crate::Encoding::for_label): ", $("`", $label, "` ",)* "(and the name). ")]
        #[doc = concat!("The same codec at run time with SIMD: [`fast::", stringify!($module), "`](crate::fast::", stringify!($module), "); chosen at run time: [`Encoding::", stringify!($variant), "`](crate::Encoding::", stringify!($variant), ").")]
        /// Where Python's codecs, glibc's `iconv` and Java map a byte otherwise,
        /// `CONFORMANCE.md` lists it.
        ///
        /// ```
        #[doc = concat!("use litenc_runtime::", stringify!($module), ";")]
        ///
        #[doc = concat!("let bytes = ", stringify!($module), "::encode(", stringify!($sample), ").unwrap();")]
        #[doc = concat!("assert_eq!(bytes, ", stringify!($bytes), ");")]
        #[doc = concat!("assert_eq!(", stringify!($module), "::decode(&bytes).unwrap(), ", stringify!($sample), ");")]
        #[doc = concat!("const FIXED: [u8; ", stringify!($bytes), ".len()] = litenc_runtime::const_encode!(", stringify!($module), ", ", stringify!($sample), ");")]
        /// assert_eq!(FIXED[..], bytes[..]);
        /// ```
        pub mod $module {
            crate::api::byte_codec_api!(
                crate::rules::Family::SingleByte(&crate::tables::$table),
                $module,
                $sample,
                $bytes
            );
            crate::api::code_page_chars!($table $total);
        }
    )*};
}

pub(crate) use code_page_modules;

/// One module per multi-byte encoding of `registry_cjk`.
#[cfg(feature = "cjk")]
macro_rules! cjk_modules {
    ([$(
        $variant:ident $module:ident $name:literal [$($label:literal),*]
        $about:literal $sample:literal $bytes:literal
    )*]) => {$(
        #[doc = concat!("`", $name, "`: ", $about, ".")]
        ///
        /// The encoder and decoder of the WHATWG Encoding Standard, over its
        /// indexes: what browsers and `encoding_rs` read and write, errors at
        /// the places `encoding_rs` gives. Bytes `00..=7F` are ASCII (in
        /// ISO-2022-JP, in ASCII mode); a character the encoding lacks is
        /// [`EncodeError::Unencodable`](crate::EncodeError::Unencodable);
        /// `decode_lossy` writes one U+FFFD for each error of the standard's
        /// decoder. The crate docs (`# Chinese, Japanese and Korean`) say
        /// which bytes an error counts.
        ///
        #[doc = concat!("Labels for [`Encoding::for_label`](crate::Encoding::for_label): ", $("`", $label, "` ",)* "(and the name). ")]
        #[doc = concat!("The same codec at run time, faster: [`fast::", stringify!($module), "`](crate::fast::", stringify!($module), "); chosen at run time: [`Encoding::", stringify!($variant), "`](crate::Encoding::", stringify!($variant), ").")]
        /// Where Python's codecs map a character otherwise,
        /// `CONFORMANCE.md` lists it. Needs the `cjk` feature.
        ///
        /// ```
        #[doc = concat!("use litenc_runtime::", stringify!($module), ";")]
        ///
        #[doc = concat!("let bytes = ", stringify!($module), "::encode(", stringify!($sample), ").unwrap();")]
        #[doc = concat!("assert_eq!(bytes, ", stringify!($bytes), ");")]
        #[doc = concat!("assert_eq!(", stringify!($module), "::decode(&bytes).unwrap(), ", stringify!($sample), ");")]
        #[doc = concat!("const FIXED: [u8; ", stringify!($bytes), ".len()] = litenc_runtime::const_encode!(", stringify!($module), ", ", stringify!($sample), ");")]
        /// assert_eq!(FIXED[..], bytes[..]);
        /// ```
        #[cfg_attr(docsrs, doc(cfg(feature = "cjk")))]
        pub mod $module {
            crate::api::byte_codec_api!(
                crate::rules::Family::Cjk(crate::rules::cjk::Cjk::$variant),
                $module,
                $sample,
                $bytes
            );
        }
    )*};
}

#[cfg(feature = "cjk")]
pub(crate) use cjk_modules;
