//! The single-byte encodings litenc speaks: one line each. Adding a code
//! page is one index file under `data/` and one line here; then
//! `cargo run -p xtask -- gen-tables` writes its table, its `Encoding`
//! variant, its module and its labels.

/// Where a page's table and labels come from.
#[derive(Clone, Copy, Debug)]
pub enum Source {
    /// A WHATWG single-byte encoding: the index `data/whatwg/index-<file>.txt`,
    /// the name and labels from `data/whatwg/encodings.json`.
    Whatwg {
        /// The standard's name, e.g. `"KOI8-R"`.
        name: &'static str,
        /// The index file's stem, e.g. `"koi8-r"`.
        index: &'static str,
    },
    /// A DOS/OEM page: `data/dos/index-<index>.txt`, written by
    /// `scripts/dos_indexes.py` from Python's codecs.
    Dos {
        /// The name, e.g. `"IBM437"`.
        name: &'static str,
        /// The index file's stem, e.g. `"cp437"`.
        index: &'static str,
        /// The labels Python accepts for it (its codec name and aliases).
        labels: &'static [&'static str],
    },
    /// A page of 256 bytes whose low half need not be ASCII (EBCDIC, an LCD
    /// ROM, ...): `data/<dir>/index-<index>.txt`, written by
    /// `scripts/full_indexes.py`.
    Full {
        /// `"python"` (from Python's codecs) or `"device"` (from the
        /// source the file names).
        dir: &'static str,
        /// The name, e.g. `"IBM037"`.
        name: &'static str,
        /// The index file's stem, e.g. `"cp037"`.
        index: &'static str,
        /// The labels: Python's codec name and aliases, for a Python page.
        labels: &'static [&'static str],
    },
    /// Strict 7-bit US-ASCII: every byte above `0x7F` undefined.
    Ascii {
        /// The name.
        name: &'static str,
        /// The labels.
        labels: &'static [&'static str],
    },
    /// True ISO/IEC 8859-1: byte `b` is U+00`b`, `0x80..=0x9F` the C1 controls.
    Latin1 {
        /// The name.
        name: &'static str,
        /// The labels.
        labels: &'static [&'static str],
    },
}

/// One single-byte encoding.
#[derive(Clone, Copy, Debug)]
pub struct Page {
    /// The `Encoding` variant, e.g. `"Koi8R"`.
    pub variant: &'static str,
    /// The module, e.g. `"koi8_r"`; the table's static is its upper case.
    pub module: &'static str,
    /// The table and labels.
    pub source: Source,
    /// Who uses it, for the docs and the compile error's help.
    pub about: &'static str,
    /// A text it holds, for the module's example.
    pub sample: &'static str,
}

const fn whatwg(
    variant: &'static str,
    module: &'static str,
    name: &'static str,
    index: &'static str,
    about: &'static str,
    sample: &'static str,
) -> Page {
    Page {
        variant,
        module,
        source: Source::Whatwg { name, index },
        about,
        sample,
    }
}

const fn dos(
    variant: &'static str,
    module: &'static str,
    name: &'static str,
    index: &'static str,
    labels: &'static [&'static str],
    about: &'static str,
    sample: &'static str,
) -> Page {
    Page {
        variant,
        module,
        source: Source::Dos {
            name,
            index,
            labels,
        },
        about,
        sample,
    }
}

/// A page of Python's codecs, from `data/python/`.
const fn python(
    variant: &'static str,
    module: &'static str,
    name: &'static str,
    index: &'static str,
    labels: &'static [&'static str],
    about: &'static str,
    sample: &'static str,
) -> Page {
    full(
        variant,
        module,
        "python",
        name,
        index,
        labels,
        (about, sample),
    )
}

/// A device's page, from `data/device/`.
const fn device(
    variant: &'static str,
    module: &'static str,
    name: &'static str,
    index: &'static str,
    labels: &'static [&'static str],
    about: &'static str,
    sample: &'static str,
) -> Page {
    full(
        variant,
        module,
        "device",
        name,
        index,
        labels,
        (about, sample),
    )
}

const fn full(
    variant: &'static str,
    module: &'static str,
    dir: &'static str,
    name: &'static str,
    index: &'static str,
    labels: &'static [&'static str],
    (about, sample): (&'static str, &'static str),
) -> Page {
    Page {
        variant,
        module,
        source: Source::Full {
            dir,
            name,
            index,
            labels,
        },
        about,
        sample,
    }
}

/// Every single-byte encoding, in the order of `Encoding`: the WHATWG ones
/// in the standard's order, then the DOS pages, then the rest of Python's
/// single-byte codecs (EBCDIC first), then the pages of devices, then the
/// two strict ones.
#[rustfmt::skip]
pub const PAGES: &[Page] = &[
    whatwg("Ibm866", "ibm866", "IBM866", "ibm866", "DOS Cyrillic for Russian, also the CP866 of receipt printers", "Привет, мир"),
    whatwg("Iso8859_2", "iso8859_2", "ISO-8859-2", "iso-8859-2", "Latin-2, Central European: Polish, Czech, Slovak, Hungarian, ...", "Zażółć gęślą jaźń"),
    whatwg("Iso8859_3", "iso8859_3", "ISO-8859-3", "iso-8859-3", "Latin-3, South European: Maltese, Esperanto", "Ĉu vi parolas Esperanton? Ħ"),
    whatwg("Iso8859_4", "iso8859_4", "ISO-8859-4", "iso-8859-4", "Latin-4, North European: Baltic, Greenlandic, Sámi", "Lietuvių kalba, Ķekava"),
    whatwg("Iso8859_5", "iso8859_5", "ISO-8859-5", "iso-8859-5", "Latin/Cyrillic", "Привет, мир"),
    whatwg("Iso8859_6", "iso8859_6", "ISO-8859-6", "iso-8859-6", "Latin/Arabic", "مرحبا بالعالم"),
    whatwg("Iso8859_7", "iso8859_7", "ISO-8859-7", "iso-8859-7", "Latin/Greek", "Καλημέρα κόσμε"),
    whatwg("Iso8859_8", "iso8859_8", "ISO-8859-8", "iso-8859-8", "Latin/Hebrew, visual order", "שלום עולם"),
    whatwg("Iso8859_8I", "iso8859_8_i", "ISO-8859-8-I", "iso-8859-8", "Latin/Hebrew in logical order, the same bytes as ISO-8859-8", "שלום עולם"),
    whatwg("Iso8859_10", "iso8859_10", "ISO-8859-10", "iso-8859-10", "Latin-6, Nordic", "Þórshöfn, Sámi"),
    whatwg("Iso8859_13", "iso8859_13", "ISO-8859-13", "iso-8859-13", "Latin-7, Baltic Rim", "Ąžuolas, Rīga"),
    whatwg("Iso8859_14", "iso8859_14", "ISO-8859-14", "iso-8859-14", "Latin-8, Celtic", "Cymraeg: ŵ ŷ"),
    whatwg("Iso8859_15", "iso8859_15", "ISO-8859-15", "iso-8859-15", "Latin-9, Western European with the euro sign", "Œuvre à 5 €"),
    whatwg("Iso8859_16", "iso8859_16", "ISO-8859-16", "iso-8859-16", "Latin-10, South-Eastern European: Romanian, ...", "Știință și artă"),
    whatwg("Koi8R", "koi8_r", "KOI8-R", "koi8-r", "Russian Cyrillic of Unix, e-mail and radio", "Привет, мир"),
    whatwg("Koi8U", "koi8_u", "KOI8-U", "koi8-u", "Ukrainian and Russian Cyrillic, as KOI8-RU", "Привіт, світе! Ґанок"),
    whatwg("Macintosh", "macintosh", "macintosh", "macintosh", "Mac OS Roman, Western European text of classic Mac OS", "Crème brûlée ™"),
    whatwg("Windows874", "windows874", "windows-874", "windows-874", "Windows Thai, also TIS-620 and ISO-8859-11", "สวัสดีชาวโลก"),
    whatwg("Windows1250", "windows1250", "windows-1250", "windows-1250", "Windows Central European", "Příliš žluťoučký kůň"),
    whatwg("Windows1251", "windows1251", "windows-1251", "windows-1251", "Windows Cyrillic", "Привет, мир! €"),
    whatwg("Windows1252", "windows1252", "windows-1252", "windows-1252", "Windows Western European, which WHATWG also calls ASCII and ISO-8859-1", "Déjà vu – naïve café €"),
    whatwg("Windows1253", "windows1253", "windows-1253", "windows-1253", "Windows Greek", "Καλημέρα κόσμε"),
    whatwg("Windows1254", "windows1254", "windows-1254", "windows-1254", "Windows Turkish, also ISO-8859-9", "Günaydın, İstanbul"),
    whatwg("Windows1255", "windows1255", "windows-1255", "windows-1255", "Windows Hebrew", "שלום עולם"),
    whatwg("Windows1256", "windows1256", "windows-1256", "windows-1256", "Windows Arabic", "مرحبا بالعالم"),
    whatwg("Windows1257", "windows1257", "windows-1257", "windows-1257", "Windows Baltic", "Ąžuolas, Rīga"),
    whatwg("Windows1258", "windows1258", "windows-1258", "windows-1258", "Windows Vietnamese, tone marks as combining characters", "Xin chào, 100 ₫"),
    whatwg("XMacCyrillic", "x_mac_cyrillic", "x-mac-cyrillic", "x-mac-cyrillic", "Mac OS Cyrillic", "Привет, мир"),
    dos("Ibm437", "ibm437", "IBM437", "cp437", &["437", "cp437", "cspc8codepage437", "ibm437"], "the original IBM PC: US English and box drawing, also on ESC/POS printers", "Grüße ░▒▓ ½"),
    dos("Ibm737", "ibm737", "IBM737", "cp737", &["737", "cp737", "ibm737"], "DOS Greek", "Καλημέρα κόσμε"),
    dos("Ibm775", "ibm775", "IBM775", "cp775", &["775", "cp775", "cspc775baltic", "ibm775"], "DOS Baltic Rim", "Ąžuolas, Rīga"),
    dos("Ibm850", "ibm850", "IBM850", "cp850", &["850", "cp850", "cspc850multilingual", "ibm850"], "DOS Western European, Latin-1", "Déjà vu, Ærø"),
    dos("Ibm852", "ibm852", "IBM852", "cp852", &["852", "cp852", "cspcp852", "ibm852"], "DOS Central European, Latin-2", "Zażółć gęślą jaźń"),
    dos("Ibm855", "ibm855", "IBM855", "cp855", &["855", "cp855", "csibm855", "ibm855"], "DOS Cyrillic: Serbian, Macedonian, Bulgarian, Russian", "Привет, мир"),
    dos("Ibm857", "ibm857", "IBM857", "cp857", &["857", "cp857", "csibm857", "ibm857"], "DOS Turkish", "Günaydın, İstanbul"),
    dos("Ibm858", "ibm858", "IBM858", "cp858", &["858", "cp858", "csibm858", "ibm858"], "DOS Western European with the euro sign", "Déjà vu, 5 €"),
    dos("Ibm860", "ibm860", "IBM860", "cp860", &["860", "cp860", "csibm860", "ibm860"], "DOS Portuguese", "Olá, coração"),
    dos("Ibm861", "ibm861", "IBM861", "cp861", &["861", "cp861", "cp_is", "csibm861", "ibm861"], "DOS Icelandic", "Þórshöfn"),
    dos("Ibm862", "ibm862", "IBM862", "cp862", &["862", "cp862", "cspc862latinhebrew", "ibm862"], "DOS Hebrew", "שלום עולם"),
    dos("Ibm863", "ibm863", "IBM863", "cp863", &["863", "cp863", "csibm863", "ibm863"], "DOS Canadian French", "Ça va, où êtes-vous?"),
    dos("Ibm865", "ibm865", "IBM865", "cp865", &["865", "cp865", "csibm865", "ibm865"], "DOS Nordic: Danish, Norwegian", "Blåbærsyltetøy"),
    dos("Ibm869", "ibm869", "IBM869", "cp869", &["869", "cp869", "cp_gr", "csibm869", "ibm869"], "DOS Modern Greek", "Καλημέρα κόσμε"),
    python("Ibm037", "ibm037", "IBM037", "cp037", &["037", "cp037", "csibm037", "ebcdic-cp-ca", "ebcdic-cp-nl", "ebcdic-cp-us", "ebcdic-cp-wt", "ebcdic_cp_ca", "ebcdic_cp_nl", "ebcdic_cp_us", "ebcdic_cp_wt", "ibm037", "ibm039"], "EBCDIC US/Canada: mainframe files and records, ISO 8583 messages", "Hello, World! 5 $"),
    python("Ibm273", "ibm273", "IBM273", "cp273", &["273", "cp273", "csibm273", "ibm273"], "EBCDIC Germany and Austria", "Grüße, 5 $"),
    python("Ibm424", "ibm424", "IBM424", "cp424", &["424", "cp424", "csibm424", "ebcdic-cp-he", "ebcdic_cp_he", "ibm424"], "EBCDIC Hebrew", "שלום עולם"),
    python("Ibm500", "ibm500", "IBM500", "cp500", &["500", "cp500", "csibm500", "ebcdic-cp-be", "ebcdic-cp-ch", "ebcdic_cp_be", "ebcdic_cp_ch", "ibm500"], "EBCDIC International (Latin-1 repertoire)", "Déjà vu, 5 $"),
    python("Ibm875", "ibm875", "IBM875", "cp875", &["875", "cp875", "ibm875"], "EBCDIC Greek", "Καλημέρα κόσμε"),
    python("Ibm1026", "ibm1026", "IBM1026", "cp1026", &["1026", "cp1026", "csibm1026", "ibm1026"], "EBCDIC Turkish", "Günaydın, İstanbul"),
    python("Ibm1140", "ibm1140", "IBM01140", "cp1140", &["1140", "cp1140", "ibm01140", "ibm1140"], "EBCDIC US/Canada with the euro sign (IBM037 with 0x9F = €)", "Déjà vu, 5 €"),
    device("Ibm1047", "ibm1047", "IBM1047", "ibm1047", &["1047", "cp1047", "ibm-1047", "ibm1047"], "EBCDIC Latin-1 of z/OS Unix System Services and USS files", "Hello, World! [5] $"),
    python("Cp720", "cp720", "cp720", "cp720", &["720", "cp720", "ibm720"], "DOS Arabic (Transparent ASMO), also on ESC/POS printers", "مرحبا بالعالم"),
    python("Ibm856", "ibm856", "IBM856", "cp856", &["856", "cp856", "ibm856"], "DOS Hebrew of IBM", "שלום עולם"),
    python("Ibm864", "ibm864", "IBM864", "cp864", &["864", "cp864", "csibm864", "ibm864"], "DOS Arabic with presentation forms (0x25 is the Arabic percent sign)", "١٢٣ ﺱ"),
    python("Ibm1006", "ibm1006", "IBM1006", "cp1006", &["1006", "cp1006", "ibm1006"], "IBM Urdu with presentation forms", "۱۲۳ ﺍﺭﺩﻭ"),
    python("Ibm1125", "ibm1125", "IBM1125", "cp1125", &["1125", "cp1125", "cp866u", "ibm1125", "ruscii"], "DOS Ukrainian (RUSCII), also on ESC/POS printers", "Привіт, світе! Ґанок"),
    python("Kz1048", "kz1048", "KZ-1048", "kz1048", &["kz-1048", "kz1048", "kz_1048", "rk1048", "strk1048-2002", "strk1048_2002"], "Kazakh Cyrillic (STRK1048-2002), also on ESC/POS printers", "Сәлем, әлем"),
    python("Ptcp154", "ptcp154", "PTCP154", "ptcp154", &["cp154", "csptcp154", "cyrillic-asian", "cyrillic_asian", "pt154", "ptcp154"], "Paratype Asian Cyrillic: Kazakh and other Central Asian languages", "Сәлем, әлем"),
    python("Koi8T", "koi8_t", "KOI8-T", "koi8_t", &["koi8-t", "koi8_t"], "Tajik Cyrillic", "Салом, ҷаҳон"),
    python("HpRoman8", "hp_roman8", "hp-roman8", "hp_roman8", &["cp1051", "cshproman8", "hp-roman8", "hp_roman8", "ibm1051", "r8", "roman8"], "HP Roman-8 of HP terminals, printers and calculators", "Crème brûlée"),
    python("PalmOs", "palmos", "palmos", "palmos", &["palmos"], "Palm OS Western European", "Crème brûlée €"),
    python("MacArabic", "mac_arabic", "x-mac-arabic", "mac_arabic", &["mac-arabic", "mac_arabic"], "Mac OS Arabic", "مرحبا بالعالم"),
    python("MacCroatian", "mac_croatian", "x-mac-croatian", "mac_croatian", &["mac-croatian", "mac_croatian"], "Mac OS Croatian", "Čćđšž, Zagreb"),
    python("MacFarsi", "mac_farsi", "x-mac-farsi", "mac_farsi", &["mac-farsi", "mac_farsi"], "Mac OS Farsi", "سلام ۱۲۳"),
    python("MacGreek", "mac_greek", "x-mac-greek", "mac_greek", &["mac-greek", "mac_greek", "macgreek"], "Mac OS Greek", "Καλημέρα κόσμε"),
    python("MacIceland", "mac_iceland", "x-mac-icelandic", "mac_iceland", &["mac-iceland", "mac_iceland", "maciceland"], "Mac OS Icelandic", "Þórshöfn"),
    python("MacLatin2", "mac_latin2", "x-mac-ce", "mac_latin2", &["mac-centeuro", "mac-latin2", "mac_centeuro", "mac_latin2", "maccentraleurope", "maclatin2"], "Mac OS Central European", "Zażółć gęślą jaźń"),
    python("MacRomanian", "mac_romanian", "x-mac-romanian", "mac_romanian", &["mac-romanian", "mac_romanian"], "Mac OS Romanian", "Știință și artă"),
    python("MacTurkish", "mac_turkish", "x-mac-turkish", "mac_turkish", &["mac-turkish", "mac_turkish", "macturkish"], "Mac OS Turkish", "Günaydın, İstanbul"),
    device("Ibm437Graphic", "ibm437_graphic", "IBM437-graphic", "cp437-graphic", &["437-graphic", "cp437-graphic", "ibm437-graphic"], "CP437 as the IBM PC shows it: 0x01..=0x1F and 0x7F the glyphs ☺ ♥ ♪ ... ⌂ of VGA text mode, for its fonts and displays", "☺ Grüße ♥ ░▒▓ ⌂"),
    device("Hd44780A00", "hd44780_a00", "HD44780-A00", "hd44780-a00", &["hd44780", "hd44780-a00"], "the Japanese character ROM A00 of HD44780 LCD controllers: ASCII with ¥ for \\, → ←, half-width katakana, Greek and symbols; CGRAM 0 to 7 as U+E000 to U+E007", "25ﾟC ｶﾀｶﾅ α→β"),
    device("Hd44780A02", "hd44780_a02", "HD44780-A02", "hd44780-a02", &["hd44780-a02"], "the European character ROM A02 of HD44780 LCD controllers: ASCII, Cyrillic and Greek capitals, Latin-1; CGRAM 0 to 7 as U+E000 to U+E007", "Grüße 25°C ДЖ Ω"),
    Page { variant: "Ascii", module: "ascii", source: Source::Ascii { name: "ascii-7bit", labels: &["7bit", "ascii-7bit"] }, about: "strict 7-bit US-ASCII, every byte above 0x7F an error; WHATWG's `ascii` and `us-ascii` labels mean windows-1252", sample: "plain ASCII" },
    Page { variant: "Latin1", module: "latin1", source: Source::Latin1 { name: "iso-8859-1-c1", labels: &["iso-8859-1-c1", "latin1-c1"] }, about: "true ISO/IEC 8859-1, byte N being U+00N and 0x80..=0x9F the C1 controls; WHATWG's `latin1` and `iso-8859-1` labels mean windows-1252", sample: "Grüße, señor" },
];

/// One multi-byte encoding of the WHATWG Encoding Standard (Chinese,
/// Japanese, Korean): its `Encoding` variant, its module, its name in the
/// standard (the labels come from `data/whatwg/encodings.json`), who uses
/// it, and a sample with its bytes (written out here; the module's doc test
/// checks them against the codec, and the codec is checked against
/// `encoding_rs`).
#[derive(Clone, Copy, Debug)]
pub struct MultiByte {
    /// The `Encoding` variant, e.g. `"ShiftJis"`; also the variant of the
    /// runtime's `Cjk` family.
    pub variant: &'static str,
    /// The module, e.g. `"shift_jis"`.
    pub module: &'static str,
    /// The standard's name, e.g. `"Shift_JIS"`.
    pub name: &'static str,
    /// Who uses it, for the docs.
    pub about: &'static str,
    /// A text it holds, for the module's example.
    pub sample: &'static str,
    /// The sample's bytes, as the inside of a byte string literal.
    pub bytes: &'static str,
}

/// The multi-byte encodings, in the standard's order.
#[rustfmt::skip]
pub const MULTI_BYTE: &[MultiByte] = &[
    MultiByte { variant: "Gbk", module: "gbk", name: "GBK", about: "Simplified Chinese: GB2312 and its GBK extension (also Windows code page 936)", sample: "你好，世界", bytes: r"\xC4\xE3\xBA\xC3\xA3\xAC\xCA\xC0\xBD\xE7" },
    MultiByte { variant: "Gb18030", module: "gb18030", name: "gb18030", about: "Simplified Chinese: GB 18030, which holds every Unicode character (two or four bytes each)", sample: "你好，世界 ₹ 😀", bytes: r"\xC4\xE3\xBA\xC3\xA3\xAC\xCA\xC0\xBD\xE7 \x816\xB44 \x949\xFC6" },
    MultiByte { variant: "Big5", module: "big5", name: "Big5", about: "Traditional Chinese: Big5 with the Hong Kong Supplementary Character Set", sample: "你好，世界", bytes: r"\xA7A\xA6n\xA1A\xA5@\xAC\xC9" },
    MultiByte { variant: "EucJp", module: "euc_jp", name: "EUC-JP", about: "Japanese: EUC-JP (JIS X 0208, half-width katakana; JIS X 0212 when decoding)", sample: "こんにちは、世界", bytes: r"\xA4\xB3\xA4\xF3\xA4\xCB\xA4\xC1\xA4\xCF\xA1\xA2\xC0\xA4\xB3\xA6" },
    MultiByte { variant: "Iso2022Jp", module: "iso_2022_jp", name: "ISO-2022-JP", about: "Japanese: 7-bit ISO-2022-JP of e-mail (JIS X 0208 between escape sequences)", sample: "こんにちは、世界", bytes: r"\x1B$B$3$s$K$A$O!\x22@$3&\x1B(B" },
    MultiByte { variant: "ShiftJis", module: "shift_jis", name: "Shift_JIS", about: "Japanese: Shift_JIS as Windows has it (code page 932), also in Japanese LCD and printer fonts", sample: "こんにちは、世界", bytes: r"\x82\xB1\x82\xF1\x82\xC9\x82\xBF\x82\xCD\x81A\x90\xA2\x8AE" },
    MultiByte { variant: "EucKr", module: "euc_kr", name: "EUC-KR", about: "Korean: KS X 1001 with the Unified Hangul Code (Windows code page 949)", sample: "안녕하세요, 세계", bytes: r"\xBE\xC8\xB3\xE7\xC7\xCF\xBC\xBC\xBF\xE4, \xBC\xBC\xB0\xE8" },
];
