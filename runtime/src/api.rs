//! The public functions every per-encoding module has, stamped out once per
//! module by [`byte_codec_api!`] so that the six modules stay in step. Each
//! function forwards to the engine in `codec.rs` with the module's
//! [`Encoding`](crate::Encoding); the doc examples use the module's own
//! sample text and bytes, so every module documents itself with real output.

/// `byte_codec_api!(Encoding::X, module_name, "sample text", "sample bytes")`,
/// where the two samples are Rust expressions written as string literals.
macro_rules! byte_codec_api {
    ($enc:expr, $m:ident, $text:literal, $bytes:literal) => {
        /// The number of bytes `text` takes in this encoding.
        ///
        /// # Errors
        /// [`EncodeError::Unencodable`](crate::EncodeError::Unencodable) for
        /// the first character the encoding cannot hold.
        ///
        /// # Example
        /// ```
        #[doc = concat!("use litenc_runtime::", stringify!($m), ";")]
        #[doc = concat!("let bytes: &[u8] = ", $bytes, ";")]
        #[doc = concat!("const LEN: usize = match ", stringify!($m), "::encoded_len(", $text, ") {")]
        ///     Ok(n) => n,
        ///     Err(e) => e.const_panic(),
        /// };
        /// assert_eq!(LEN, bytes.len());
        /// ```
        pub const fn encoded_len(text: &str) -> Result<usize, crate::EncodeError> {
            crate::codec::encoded_len($enc, text)
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
        #[doc = concat!("let n = ", stringify!($m), "::encode_into(", $text, ", &mut buf).unwrap();")]
        #[doc = concat!("assert_eq!(&buf[..n], ", $bytes, ");")]
        /// ```
        pub const fn encode_into(text: &str, out: &mut [u8]) -> Result<usize, crate::EncodeError> {
            crate::codec::encode_into($enc, text, out)
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
        #[doc = concat!("const OK: bool = ", stringify!($m), "::validate(", $bytes, ").is_ok();")]
        /// assert!(OK);
        /// ```
        pub const fn validate(bytes: &[u8]) -> Result<(), crate::DecodeError> {
            $enc.validate(bytes)
        }

        /// The number of UTF-8 bytes `bytes` decodes to.
        ///
        /// # Errors
        /// As [`validate`].
        ///
        /// # Example
        /// ```
        #[doc = concat!("use litenc_runtime::", stringify!($m), ";")]
        #[doc = concat!("assert_eq!(", stringify!($m), "::decoded_len(", $bytes, "), Ok(", $text, ".len()));")]
        /// ```
        pub const fn decoded_len(bytes: &[u8]) -> Result<usize, crate::DecodeError> {
            crate::codec::decoded_len($enc, bytes)
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
        #[doc = concat!("let n = ", stringify!($m), "::decode_into(", $bytes, ", &mut buf).unwrap();")]
        #[doc = concat!("assert_eq!(core::str::from_utf8(&buf[..n]), Ok(", $text, "));")]
        /// ```
        pub const fn decode_into(bytes: &[u8], out: &mut [u8]) -> Result<usize, crate::DecodeError> {
            crate::codec::decode_into($enc, bytes, out)
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
        #[doc = concat!("const LEN: usize = match ", stringify!($m), "::encoded_len(", $text, ") {")]
        ///     Ok(n) => n,
        ///     Err(e) => e.const_panic(),
        /// };
        #[doc = concat!("const BYTES: [u8; LEN] = ", stringify!($m), "::encode_array(", $text, ");")]
        #[doc = concat!("assert_eq!(&BYTES, ", $bytes, ");")]
        /// ```
        #[track_caller]
        #[must_use]
        pub const fn encode_array<const N: usize>(text: &str) -> [u8; N] {
            crate::codec::encode_array::<N>($enc, text, false)
        }

        /// Encodes `text` into a new vector.
        ///
        /// # Errors
        /// As [`encoded_len`].
        ///
        /// # Example
        /// ```
        #[doc = concat!("use litenc_runtime::", stringify!($m), ";")]
        #[doc = concat!("assert_eq!(", stringify!($m), "::encode(", $text, ").unwrap(), ", $bytes, ");")]
        /// ```
        #[cfg(feature = "alloc")]
        pub fn encode(text: &str) -> Result<alloc::vec::Vec<u8>, crate::EncodeError> {
            $enc.encode(text)
        }

        /// Decodes `bytes` into a new string.
        ///
        /// # Errors
        /// As [`validate`].
        ///
        /// # Example
        /// ```
        #[doc = concat!("use litenc_runtime::", stringify!($m), ";")]
        #[doc = concat!("assert_eq!(", stringify!($m), "::decode(", $bytes, ").unwrap(), ", $text, ");")]
        /// ```
        #[cfg(feature = "alloc")]
        pub fn decode(bytes: &[u8]) -> Result<alloc::string::String, crate::DecodeError> {
            $enc.decode(bytes)
        }

        /// Decodes `bytes`, replacing each ill-formed part with one U+FFFD
        /// (see the module docs for what a part is); borrows `bytes` when they
        /// already are the UTF-8 of the result.
        ///
        /// # Example
        /// ```
        #[doc = concat!("use litenc_runtime::", stringify!($m), ";")]
        #[doc = concat!("assert_eq!(", stringify!($m), "::decode_lossy(", $bytes, "), ", $text, ");")]
        /// ```
        #[cfg(feature = "alloc")]
        #[must_use]
        pub fn decode_lossy(bytes: &[u8]) -> alloc::borrow::Cow<'_, str> {
            $enc.decode_lossy(bytes)
        }

        // Not public API: the hooks of `const_encode!`.
        #[doc(hidden)]
        pub type __Unit = u8;

        #[doc(hidden)]
        #[track_caller]
        #[must_use]
        pub const fn __const_len(text: &str, nul: bool) -> usize {
            crate::codec::const_len($enc, text, nul)
        }

        #[doc(hidden)]
        #[track_caller]
        #[must_use]
        pub const fn __const_array<const N: usize>(text: &str, nul: bool) -> [u8; N] {
            crate::codec::encode_array::<N>($enc, text, nul)
        }
    };
}

pub(crate) use byte_codec_api;
