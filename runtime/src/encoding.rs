//! The [`Encoding`] enum: which encodings there are, their names, labels and
//! sizes. The codec operations on it are in `methods.rs`, over the engine.

/// Defines `Encoding` from the Unicode encodings below, the single-byte
/// list of the registry and the multi-byte list of `registry_cjk` (whose
/// variants exist with the `cjk` feature).
macro_rules! define_encodings {
    ([$(
        $variant:ident $module:ident $table:ident $name:literal [$($label:literal),*]
        $about:literal $total:tt $sample:literal $bytes:literal
    )*] [$(
        $cvariant:ident $cmodule:ident $cname:literal [$($clabel:literal),*]
        $cabout:literal $csample:literal $cbytes:literal
    )*]) => {
        /// One of the encodings litenc speaks.
        ///
        /// Every operation of the per-encoding modules is also a method here, for
        /// code that picks the encoding at run time:
        ///
        /// ```
        /// use litenc_runtime::Encoding;
        ///
        /// let enc = Encoding::for_label(" CP1251 ").unwrap();
        /// assert_eq!(enc, Encoding::Windows1251);
        /// assert_eq!(enc.name(), "windows-1251");
        ///
        /// const LEN: usize = match Encoding::Utf16Le.encoded_len("Привет") {
        ///     Ok(n) => n,
        ///     Err(e) => e.const_panic(),
        /// };
        /// assert_eq!(LEN, 12);
        /// ```
        ///
        /// The single-byte encodings are every one of the WHATWG Encoding
        /// Standard, from its index files, under its names and labels; the
        /// DOS/OEM pages as Python's codecs map them; and two that WHATWG
        /// does not have: strict 7-bit ASCII ([`Encoding::Ascii`]) and true
        /// ISO/IEC 8859-1 ([`Encoding::Latin1`]). WHATWG gives the labels
        /// `ascii`, `us-ascii`, `latin1` and `iso-8859-1` to windows-1252, and
        /// so does [`Encoding::for_label`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Encoding {
            /// UTF-8 (RFC 3629), exactly as [`core::str::from_utf8`] accepts it.
            Utf8,
            /// UTF-16 (RFC 2781), little-endian bytes, no byte-order mark.
            Utf16Le,
            /// UTF-16 (RFC 2781), big-endian bytes, no byte-order mark.
            Utf16Be,
            /// UTF-32 (Unicode §3.10), little-endian bytes, no byte-order mark:
            /// every scalar value as four bytes.
            Utf32Le,
            /// UTF-32 (Unicode §3.10), big-endian bytes, no byte-order mark.
            Utf32Be,
            /// Java's modified UTF-8 (JVM spec §4.4.7, `DataOutput.writeUTF`):
            /// U+0000 as `C0 80`, supplementary characters as two encoded surrogates.
            Mutf8,
            /// CESU-8 (Unicode TR #26): supplementary characters as two encoded
            /// surrogates, U+0000 as `00`.
            Cesu8,
            /// GSM 03.38 (3GPP TS 23.038): the 7-bit default alphabet of SMS,
            /// one septet per byte, and its extension table (`€ { } [ ] ~ \ ^ |`
            /// and form feed) as the escape `1B` and a second septet. See
            /// [`gsm0338`](crate::gsm0338) for the escape's corner cases and
            /// for packing septets into octets.
            Gsm0338,
            $(
                #[doc = concat!("`", $name, "`: ", $about, ".")]
                $variant,
            )*
            $(
                #[doc = concat!("`", $cname, "`: ", $cabout, ".")]
                #[cfg(feature = "cjk")]
                $cvariant,
            )*
        }

        impl Encoding {
            /// Every encoding, in declaration order.
            pub const ALL: &'static [Encoding] = &[
                Encoding::Utf8,
                Encoding::Utf16Le,
                Encoding::Utf16Be,
                Encoding::Utf32Le,
                Encoding::Utf32Be,
                Encoding::Mutf8,
                Encoding::Cesu8,
                Encoding::Gsm0338,
                $(Encoding::$variant,)*
                $(#[cfg(feature = "cjk")] Encoding::$cvariant,)*
            ];

            /// The canonical name: the WHATWG name where WHATWG has the
            /// encoding (`"UTF-8"`, `"UTF-16LE"`, `"KOI8-R"`, `"IBM866"`,
            /// `"macintosh"`, `"windows-1251"`, ...), else `"MUTF-8"`,
            /// `"CESU-8"`, `"IBM437"` and the other DOS pages, `"ascii-7bit"`
            /// and `"iso-8859-1-c1"`. [`for_label`](Self::for_label) accepts
            /// every name.
            ///
            /// ```
            /// use litenc_runtime::Encoding;
            /// assert_eq!(Encoding::Mutf8.name(), "MUTF-8");
            /// assert_eq!(Encoding::Koi8R.name(), "KOI8-R");
            /// ```
            #[must_use]
            #[inline]
            pub const fn name(self) -> &'static str {
                match self {
                    Encoding::Utf8 => "UTF-8",
                    Encoding::Utf16Le => "UTF-16LE",
                    Encoding::Utf16Be => "UTF-16BE",
                    Encoding::Utf32Le => "UTF-32LE",
                    Encoding::Utf32Be => "UTF-32BE",
                    Encoding::Mutf8 => "MUTF-8",
                    Encoding::Cesu8 => "CESU-8",
                    Encoding::Gsm0338 => "GSM-03.38",
                    $(Encoding::$variant => $name,)*
                    $(#[cfg(feature = "cjk")] Encoding::$cvariant => $cname,)*
                }
            }

            /// The labels [`for_label`](Self::for_label) accepts for this
            /// encoding, in lower case: the WHATWG labels; for the DOS pages
            /// the names Python's codecs accept (`cp437`, `ibm437`, `437`,
            /// ...); for UTF-32, which WHATWG does not have, the IANA names
            /// and Python's spellings (`utf-32le`, `utf-32-le`, `utf_32_le`,
            /// ...); and `mutf-8`, `modified-utf-8`, `java-modified-utf-8`,
            /// `cesu-8`.
            ///
            /// ```
            /// use litenc_runtime::Encoding;
            /// assert_eq!(Encoding::Windows1251.labels(), ["cp1251", "windows-1251", "x-cp1251"]);
            /// assert_eq!(Encoding::Ibm437.labels(), ["437", "cp437", "cspc8codepage437", "ibm437"]);
            /// ```
            #[must_use]
            #[inline]
            pub const fn labels(self) -> &'static [&'static str] {
                match self {
                    Encoding::Utf8 => &[
                        "unicode-1-1-utf-8",
                        "unicode11utf8",
                        "unicode20utf8",
                        "utf-8",
                        "utf8",
                        "x-unicode20utf8",
                    ],
                    Encoding::Utf16Le => &[
                        "csunicode",
                        "iso-10646-ucs-2",
                        "ucs-2",
                        "unicode",
                        "unicodefeff",
                        "utf-16",
                        "utf-16le",
                    ],
                    Encoding::Utf16Be => &["unicodefffe", "utf-16be"],
                    // `utf-32` alone is little-endian, as `utf-16` is: see
                    // `for_label`.
                    Encoding::Utf32Le => &[
                        "csutf32",
                        "csutf32le",
                        "utf-32",
                        "utf-32-le",
                        "utf-32le",
                        "utf32",
                        "utf32le",
                        "utf_32",
                        "utf_32_le",
                    ],
                    Encoding::Utf32Be => &[
                        "csutf32be",
                        "utf-32-be",
                        "utf-32be",
                        "utf32be",
                        "utf_32_be",
                    ],
                    Encoding::Mutf8 => &["java-modified-utf-8", "modified-utf-8", "mutf-8"],
                    Encoding::Cesu8 => &["cesu-8"],
                    Encoding::Gsm0338 => &["gsm-7", "gsm0338", "gsm03.38", "gsm7"],
                    $(Encoding::$variant => &[$($label),*],)*
                    $(#[cfg(feature = "cjk")] Encoding::$cvariant => &[$($clabel),*],)*
                }
            }

            // Not public API: for the messages of `litenc-macros`.
            #[doc(hidden)]
            #[must_use]
            #[inline]
            pub const fn __module(self) -> &'static str {
                match self {
                    Encoding::Utf8 => "utf8",
                    Encoding::Utf16Le => "utf16le",
                    Encoding::Utf16Be => "utf16be",
                    Encoding::Utf32Le => "utf32le",
                    Encoding::Utf32Be => "utf32be",
                    Encoding::Mutf8 => "mutf8",
                    Encoding::Cesu8 => "cesu8",
                    Encoding::Gsm0338 => "gsm0338",
                    $(Encoding::$variant => stringify!($module),)*
                    $(#[cfg(feature = "cjk")] Encoding::$cvariant => stringify!($cmodule),)*
                }
            }

            // Not public API: for the messages of `litenc-macros`.
            #[doc(hidden)]
            #[must_use]
            #[inline]
            pub const fn __about(self) -> &'static str {
                match self {
                    Encoding::Utf8
                    | Encoding::Utf16Le
                    | Encoding::Utf16Be
                    | Encoding::Utf32Le
                    | Encoding::Utf32Be => "Unicode",
                    Encoding::Mutf8 => "Java's modified UTF-8",
                    Encoding::Cesu8 => "CESU-8",
                    Encoding::Gsm0338 => "the 7-bit alphabet of SMS",
                    $(Encoding::$variant => $about,)*
                    $(#[cfg(feature = "cjk")] Encoding::$cvariant => $cabout,)*
                }
            }

            /// Whether this is one of the single-byte encodings (every one but
            /// UTF-8, UTF-16, UTF-32, MUTF-8, CESU-8 and the multi-byte ones):
            /// one byte per character, ASCII as itself.
            ///
            /// ```
            /// use litenc_runtime::Encoding;
            ///
            /// assert!(Encoding::Windows1251.is_single_byte());
            /// assert!(!Encoding::Utf8.is_single_byte());
            /// ```
            #[must_use]
            #[inline]
            pub const fn is_single_byte(self) -> bool {
                match self {
                    Encoding::Utf8
                    | Encoding::Utf16Le
                    | Encoding::Utf16Be
                    | Encoding::Utf32Le
                    | Encoding::Utf32Be
                    | Encoding::Mutf8
                    | Encoding::Cesu8
                    | Encoding::Gsm0338 => false,
                    $(#[cfg(feature = "cjk")] Encoding::$cvariant => false,)*
                    _ => true,
                }
            }

            /// Whether this is one of the multi-byte encodings of Chinese,
            /// Japanese and Korean (GBK, gb18030, Big5, EUC-JP, ISO-2022-JP,
            /// Shift_JIS, EUC-KR; with the `cjk` feature): one or two bytes
            /// per character (gb18030 also four), ASCII as itself (but for
            /// ISO-2022-JP's escape sequences).
            ///
            /// ```
            /// use litenc_runtime::Encoding;
            ///
            /// let sjis = Encoding::for_label("sjis").unwrap(); // `cjk` feature
            /// assert!(sjis.is_cjk() && !sjis.is_single_byte());
            /// assert!(!Encoding::Utf16Le.is_cjk());
            /// ```
            #[must_use]
            #[inline]
            pub const fn is_cjk(self) -> bool {
                match self {
                    $(#[cfg(feature = "cjk")] Encoding::$cvariant => true,)*
                    _ => false,
                }
            }
        }
    };
}

/// Hands the single-byte list, then the multi-byte one, to `define_encodings!`.
macro_rules! with_cjk_encodings {
    ($($single_byte:tt)*) => {
        crate::registry_cjk::cjk_encodings!(define_encodings [$($single_byte)*]);
    };
}

crate::registry::single_byte_encodings!(with_cjk_encodings);

impl Encoding {
    /// Looks an encoding up by label, as the WHATWG Encoding Standard's "get an
    /// encoding" does: ASCII case-insensitive, leading and trailing ASCII
    /// whitespace ignored. Every name is a label too.
    ///
    /// The WHATWG labels mean what WHATWG says, which is not always what the
    /// label says: `utf-16` is UTF-16LE, and `ascii`, `us-ascii`, `latin1`
    /// and `iso-8859-1` are windows-1252, as in every browser. For strict
    /// 7-bit ASCII ask for `ascii-7bit`, for true ISO-8859-1 (with the C1
    /// controls at `0x80..=0x9F`) for `iso-8859-1-c1`.
    ///
    /// WHATWG has no UTF-32. `utf-32` (and `utf32`, `utf_32`, `csutf32`)
    /// is UTF-32LE here, for the same reason as `utf-16` is UTF-16LE: it is
    /// the byte order of every common host, and litenc never guesses one
    /// from a byte-order mark. Unicode's *UTF-32 encoding scheme* without a
    /// BOM is big-endian, and glibc's `iconv -t UTF-32` writes a BOM and
    /// then big-endian units, so for data that says "UTF-32" without an
    /// order, check the mark ([`bom`](Self::bom)) or ask for `utf-32be`.
    ///
    /// ```
    /// use litenc_runtime::Encoding;
    /// assert_eq!(Encoding::for_label("\tUTF-16BE\n"), Some(Encoding::Utf16Be));
    /// assert_eq!(Encoding::for_label("utf-32"), Some(Encoding::Utf32Le));
    /// assert_eq!(Encoding::for_label("UTF_32_BE"), Some(Encoding::Utf32Be));
    /// assert_eq!(Encoding::for_label("Java-Modified-UTF-8"), Some(Encoding::Mutf8));
    /// assert_eq!(Encoding::for_label("koi8-r"), Some(Encoding::Koi8R));
    /// assert_eq!(Encoding::for_label("latin1"), Some(Encoding::Windows1252));
    /// assert_eq!(Encoding::for_label("iso-8859-1-c1"), Some(Encoding::Latin1));
    /// assert_eq!(Encoding::for_label("cp437"), Some(Encoding::Ibm437));
    /// assert_eq!(Encoding::for_label("ebcdic"), None);
    /// ```
    #[must_use]
    #[inline]
    pub fn for_label(label: &str) -> Option<Encoding> {
        let label = label.trim_matches(|c| matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' '));
        Encoding::ALL.iter().copied().find(|enc| {
            enc.name().eq_ignore_ascii_case(label)
                || enc
                    .labels()
                    .iter()
                    .any(|known| known.eq_ignore_ascii_case(label))
        })
    }

    /// The byte-order mark of the encoding, for the encodings that have one
    /// (UTF-8, UTF-16LE, UTF-16BE, UTF-32LE, UTF-32BE): U+FEFF encoded.
    /// litenc never writes it by itself.
    ///
    /// ```
    /// use litenc_runtime::Encoding;
    /// assert_eq!(Encoding::Utf16Be.bom(), Some(&[0xFE, 0xFF][..]));
    /// assert_eq!(Encoding::Utf32Le.bom(), Some(&[0xFF, 0xFE, 0, 0][..]));
    /// assert_eq!(Encoding::Windows1251.bom(), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn bom(self) -> Option<&'static [u8]> {
        match self {
            Encoding::Utf8 => Some(&[0xEF, 0xBB, 0xBF]),
            Encoding::Utf16Le => Some(&[0xFF, 0xFE]),
            Encoding::Utf16Be => Some(&[0xFE, 0xFF]),
            Encoding::Utf32Le => Some(&[0xFF, 0xFE, 0, 0]),
            Encoding::Utf32Be => Some(&[0, 0, 0xFE, 0xFF]),
            _ => None,
        }
    }

    /// The encoding whose byte-order mark `bytes` start with, and the
    /// mark's length: UTF-8 (`EF BB BF`), UTF-16LE (`FF FE`), UTF-16BE
    /// (`FE FF`), UTF-32LE (`FF FE 00 00`) or UTF-32BE (`00 00 FE FF`).
    /// The longest mark wins, so `FF FE 00 00` is UTF-32LE, not UTF-16LE
    /// followed by U+0000: give at least 4 bytes if there are that many
    /// (with fewer, `FF FE` is UTF-16LE). `None` if `bytes` start with no
    /// mark.
    ///
    /// This is the WHATWG Encoding Standard's "BOM sniff" (which has no
    /// UTF-32) with UTF-32 added, as Unicode's table of byte-order marks
    /// has it.
    ///
    /// ```
    /// use litenc_runtime::Encoding;
    ///
    /// assert_eq!(Encoding::for_bom(b"\xEF\xBB\xBFtext"), Some((Encoding::Utf8, 3)));
    /// assert_eq!(Encoding::for_bom(b"\xFF\xFEa\x00"), Some((Encoding::Utf16Le, 2)));
    /// assert_eq!(Encoding::for_bom(b"\xFF\xFE\x00\x00"), Some((Encoding::Utf32Le, 4)));
    /// assert_eq!(Encoding::for_bom(b"\xFF\xFE\x00"), Some((Encoding::Utf16Le, 2)));
    /// assert_eq!(Encoding::for_bom(b"\x00\x00\xFE"), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn for_bom(bytes: &[u8]) -> Option<(Encoding, usize)> {
        match bytes {
            [0xFF, 0xFE, 0, 0, ..] => Some((Encoding::Utf32Le, 4)),
            [0, 0, 0xFE, 0xFF, ..] => Some((Encoding::Utf32Be, 4)),
            [0xEF, 0xBB, 0xBF, ..] => Some((Encoding::Utf8, 3)),
            [0xFF, 0xFE, ..] => Some((Encoding::Utf16Le, 2)),
            [0xFE, 0xFF, ..] => Some((Encoding::Utf16Be, 2)),
            _ => None,
        }
    }

    /// The width of one code unit in bytes: 2 for the UTF-16 forms, 4 for
    /// the UTF-32 forms, else 1. A NUL terminator is one zero unit of this
    /// width.
    ///
    /// ```
    /// use litenc_runtime::Encoding;
    ///
    /// assert_eq!(Encoding::Utf16Be.unit_size(), 2);
    /// assert_eq!(Encoding::Utf32Le.unit_size(), 4);
    /// assert_eq!(Encoding::Mutf8.unit_size(), 1);
    /// ```
    #[must_use]
    #[inline]
    pub const fn unit_size(self) -> usize {
        match self {
            Encoding::Utf16Le | Encoding::Utf16Be => 2,
            Encoding::Utf32Le | Encoding::Utf32Be => 4,
            _ => 1,
        }
    }

    /// Whether U+0000 is written as a zero unit, so that text holding it
    /// cannot be NUL-terminated unambiguously. False only for MUTF-8, which
    /// writes U+0000 as `C0 80` precisely so that it never is.
    ///
    /// ```
    /// use litenc_runtime::Encoding;
    ///
    /// assert!(Encoding::Utf8.encodes_nul_as_zero());
    /// assert!(!Encoding::Mutf8.encodes_nul_as_zero());
    /// assert_eq!(Encoding::Mutf8.encode("\0").unwrap(), b"\xC0\x80");
    /// ```
    #[must_use]
    #[inline]
    pub const fn encodes_nul_as_zero(self) -> bool {
        !matches!(self, Encoding::Mutf8)
    }

    /// The most bytes this encoding writes for one byte of UTF-8 input, so
    /// that `input.len() * max_bytes_per_utf8_byte()` always suffices for
    /// [`encode_into`](Self::encode_into), without calling
    /// [`encoded_len`](Self::encoded_len):
    ///
    /// | encoding | bound | reached by |
    /// |---|---|---|
    /// | UTF-8, every single-byte encoding | 1 | ASCII (a single-byte encoding never grows text) |
    /// | UTF-16LE, UTF-16BE | 2 | ASCII: 1 byte to 2 |
    /// | MUTF-8 | 2 | U+0000: `00` to `C0 80` |
    /// | CESU-8 | 2 (1.5 rounded up) | supplementary characters: 4 bytes to 6 |
    /// | UTF-32LE, UTF-32BE | 4 | ASCII: 1 byte to 4 |
    /// | GBK, Big5, EUC-JP, Shift_JIS, EUC-KR | 1 | ASCII, or a character of two bytes of UTF-8 in two bytes |
    /// | gb18030 | 2 | U+0080 to U+07FF outside its two-byte codes: 2 bytes to 4 |
    /// | GSM 03.38 | 2 | `{ } [ ] ~ \\ ^ \|` and form feed: 1 byte to escape and code |
    /// | ISO-2022-JP | 4 | a lone Greek or Cyrillic letter: 2 bytes to `ESC $ B`, 2 bytes, `ESC ( B` |
    ///
    /// A buffer this large also makes `encode_into` faster for the encodings
    /// every text fits (UTF-16, UTF-32, MUTF-8, CESU-8): it cannot be too short, so the
    /// text is written in one pass, without the length pass. The bounds are
    /// tested against these worst cases (`tests/codec/fast_paths.rs`).
    ///
    /// ```
    /// use litenc_runtime::Encoding;
    ///
    /// let text = "a\0😀";
    /// for enc in [Encoding::Utf16Le, Encoding::Utf32Be, Encoding::Mutf8, Encoding::Cesu8] {
    ///     let mut buf = vec![0u8; text.len() * enc.max_bytes_per_utf8_byte()];
    ///     assert!(enc.encode_into(text, &mut buf).is_ok());
    /// }
    /// ```
    #[must_use]
    #[inline]
    pub const fn max_bytes_per_utf8_byte(self) -> usize {
        match self {
            Encoding::Utf16Le
            | Encoding::Utf16Be
            | Encoding::Mutf8
            | Encoding::Cesu8
            | Encoding::Gsm0338 => 2,
            Encoding::Utf32Le | Encoding::Utf32Be => 4,
            #[cfg(feature = "cjk")]
            Encoding::Gb18030 => 2,
            #[cfg(feature = "cjk")]
            Encoding::Iso2022Jp => 4,
            _ => 1,
        }
    }
}
