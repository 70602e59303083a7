//! Shared by `tests/facade/conformance_single_byte.rs` and
//! `tests/facade/conformance_java.rs`: what litenc says of every byte and every
//! scalar value of a single-byte encoding, and the rules that explain where
//! a peer (Python's codecs, glibc's `iconv`, Java) says otherwise;
//! `CONFORMANCE.md` explains each rule by its name.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use litenc::{EncodeError, Encoding};

/// What litenc decodes byte `b` to (`None`: an error).
pub(crate) fn ours_char(enc: Encoding, b: u8) -> Option<char> {
    enc.decode(&[b]).ok().map(|s| {
        let mut chars = s.chars();
        let c = chars.next().unwrap();
        assert_eq!(chars.next(), None);
        c
    })
}

/// Number of scalar values.
pub(crate) const SCALARS: usize = 1_112_064;

/// The index of a scalar value among all of them.
pub(crate) fn scalar_index(ch: char) -> usize {
    let cp = ch as usize;
    if cp >= 0xE000 {
        cp - 0x800
    } else {
        cp
    }
}

pub(crate) fn all_scalar_values() -> impl Iterator<Item = char> {
    (0..=0x10_FFFF_u32).filter_map(char::from_u32)
}

/// Every character litenc encodes in each single-byte encoding (in the
/// order of `Encoding::ALL`), with its byte: every scalar value asked
/// through `Encoding::encode_into`. Computed once per test binary.
pub(crate) fn ours_encodes(enc: Encoding) -> &'static BTreeMap<char, u8> {
    static MAPS: OnceLock<Vec<(Encoding, BTreeMap<char, u8>)>> = OnceLock::new();
    let maps = MAPS.get_or_init(|| {
        let pages: Vec<Encoding> = Encoding::ALL
            .iter()
            .copied()
            .filter(|e| e.is_single_byte())
            .collect();
        std::thread::scope(|s| {
            let handles: Vec<_> = pages
                .chunks(pages.len().div_ceil(2))
                .map(|chunk| {
                    s.spawn(move || {
                        chunk
                            .iter()
                            .map(|&enc| {
                                let mut map = BTreeMap::new();
                                let mut utf8 = [0u8; 4];
                                let mut out = [0u8; 4];
                                for c in all_scalar_values() {
                                    let text = c.encode_utf8(&mut utf8);
                                    match enc.encode_into(text, &mut out) {
                                        Ok(1) => {
                                            map.insert(c, out[0]);
                                        }
                                        Err(EncodeError::Unencodable { .. }) => {}
                                        other => panic!("{enc} {c:?}: {other:?}"),
                                    }
                                }
                                (enc, map)
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap())
                .collect()
        })
    });
    &maps.iter().find(|m| m.0 == enc).unwrap().1
}

/// The out-of-process peers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Peer {
    Python,
    Glibc,
    Java,
}

/// A rule that explains a difference; `CONFORMANCE.md` explains each by
/// its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Rule {
    /// WHATWG fills the bytes Microsoft leaves undefined in the windows-*
    /// pages with the C1 control of the same number; Python's and glibc's
    /// tables, from Microsoft's, leave them undefined.
    WhatwgC1,
    /// windows-1255 `0xCA`: WHATWG maps it to U+05BA (HEBREW POINT HOLAM
    /// HASER FOR VAV), which Microsoft added later; the peers' tables lack it.
    Windows1255Holam,
    /// KOI8-U `0xAE`/`0xBE`: WHATWG's KOI8-U is KOI8-RU there (ў, Ў); RFC
    /// 2319's KOI8-U, which the peers follow, has box drawing (╝, ╬).
    Koi8RuShortU,
    /// macintosh `0xC6`: Apple's table maps it to U+2206 (INCREMENT); glibc
    /// to U+0394 (GREEK CAPITAL LETTER DELTA).
    MacIncrement,
    /// macintosh `0xF0`: the Apple logo, U+F8FF in Apple's table (private
    /// use); glibc uses another private-use code point, U+E01E.
    MacAppleLogo,
    /// x-mac-cyrillic `0xFF`: the euro sign since Mac OS 8.5 (WHATWG,
    /// Python); glibc's MAC-CYRILLIC and Java's x-MacUkraine have the older
    /// ¤ (U+00A4).
    MacCyrillicEuro,
    /// glibc's CP1255 and CP1258 encoders write a precomposed character
    /// (or a deprecated combining tone mark) as a base letter and combining
    /// marks the page has; litenc maps one character to one byte and does
    /// not normalize, so it cannot encode those.
    GlibcDecomposes,
}

impl Rule {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Rule::WhatwgC1 => "whatwg-c1",
            Rule::Windows1255Holam => "windows-1255-holam",
            Rule::Koi8RuShortU => "koi8-ru-short-u",
            Rule::MacIncrement => "mac-increment",
            Rule::MacAppleLogo => "mac-apple-logo",
            Rule::MacCyrillicEuro => "mac-cyrillic-euro",
            Rule::GlibcDecomposes => "glibc-decomposes",
        }
    }
}

/// Whether `enc` is one of the WHATWG windows-* pages.
fn windows_page(enc: Encoding) -> bool {
    enc.name().starts_with("windows-")
}

/// The rule for byte `b` of `enc`, which litenc decodes to `ours` and the
/// peer `peer_name` to `peer`.
pub(crate) fn decode_rule(
    enc: Encoding,
    b: u8,
    ours: Option<char>,
    peer: Option<&str>,
    peer_name: Peer,
) -> Option<Rule> {
    let old_mac_cyrillic = matches!(peer_name, Peer::Glibc | Peer::Java);
    let peer1 = peer.and_then(|s| {
        let mut c = s.chars();
        let first = c.next();
        if c.next().is_none() {
            first
        } else {
            None
        }
    });
    let glibc = peer_name == Peer::Glibc;
    let ours = ours.map(|c| c as u32);
    let peer = peer1.map(|c| c as u32);
    match (enc, b, ours, peer) {
        (enc, 0x80..=0x9F, Some(c), None) if windows_page(enc) && c == u32::from(b) => {
            Some(Rule::WhatwgC1)
        }
        (Encoding::Windows1255, 0xCA, Some(0x05BA), None) => Some(Rule::Windows1255Holam),
        (Encoding::Koi8U, 0xAE, Some(0x045E), Some(0x255D))
        | (Encoding::Koi8U, 0xBE, Some(0x040E), Some(0x256C)) => Some(Rule::Koi8RuShortU),
        (Encoding::Macintosh, 0xC6, Some(0x2206), Some(0x0394)) if glibc => {
            Some(Rule::MacIncrement)
        }
        (Encoding::Macintosh, 0xF0, Some(0xF8FF), Some(0xE01E)) if glibc => {
            Some(Rule::MacAppleLogo)
        }
        (Encoding::XMacCyrillic, 0xFF, Some(0x20AC), Some(0xA4)) if old_mac_cyrillic => {
            Some(Rule::MacCyrillicEuro)
        }
        _ => None,
    }
}

/// The rule for character `ch`, which litenc encodes to `ours` and the
/// peer to `peer`: the same rules seen from the other side.
pub(crate) fn encode_rule(
    enc: Encoding,
    ch: char,
    ours: Option<u8>,
    peer: Option<&[u8]>,
    peer_name: Peer,
) -> Option<Rule> {
    let peer1 = match peer {
        Some(&[b]) => Some(b),
        _ => None,
    };
    let glibc = peer_name == Peer::Glibc;
    let old_mac_cyrillic = matches!(peer_name, Peer::Glibc | Peer::Java);
    let cp = ch as u32;
    match (enc, cp, ours, peer1) {
        (enc, 0x80..=0x9F, Some(b), None) if windows_page(enc) && u32::from(b) == cp => {
            Some(Rule::WhatwgC1)
        }
        (Encoding::Windows1255, 0x05BA, Some(0xCA), None) => Some(Rule::Windows1255Holam),
        (Encoding::Koi8U, 0x045E, Some(0xAE), None)
        | (Encoding::Koi8U, 0x040E, Some(0xBE), None)
        | (Encoding::Koi8U, 0x255D, None, Some(0xAE))
        | (Encoding::Koi8U, 0x256C, None, Some(0xBE)) => Some(Rule::Koi8RuShortU),
        (Encoding::Macintosh, 0x2206, Some(0xC6), None)
        | (Encoding::Macintosh, 0x0394, None, Some(0xC6))
            if glibc =>
        {
            Some(Rule::MacIncrement)
        }
        (Encoding::Macintosh, 0xF8FF, Some(0xF0), None)
        | (Encoding::Macintosh, 0xE01E, None, Some(0xF0))
            if glibc =>
        {
            Some(Rule::MacAppleLogo)
        }
        (Encoding::XMacCyrillic, 0x20AC, Some(0xFF), None)
        | (Encoding::XMacCyrillic, 0xA4, None, Some(0xFF))
            if old_mac_cyrillic =>
        {
            Some(Rule::MacCyrillicEuro)
        }
        // The deprecated tone marks U+0340 and U+0341 are canonically the
        // combining grave and acute accents, which the page has.
        (Encoding::Windows1258, 0x0340, None, Some(0xCC))
        | (Encoding::Windows1258, 0x0341, None, Some(0xEC))
            if glibc =>
        {
            Some(Rule::GlibcDecomposes)
        }
        (Encoding::Windows1255 | Encoding::Windows1258, _, None, _)
            if glibc && decomposes(enc, peer?) =>
        {
            Some(Rule::GlibcDecomposes)
        }
        _ => None,
    }
}

/// Whether `bytes` decode (by litenc) to a sequence of characters of which
/// every one after the first is a combining mark: what glibc's CP1255 and
/// CP1258 write for a character they decompose.
fn decomposes(enc: Encoding, bytes: &[u8]) -> bool {
    let Ok(text) = enc.decode(bytes) else {
        return false;
    };
    let mut chars = text.chars();
    let Some(_) = chars.next() else {
        return false;
    };
    let marks: Vec<char> = chars.collect();
    !marks.is_empty()
        && marks
            .iter()
            .all(|&c| matches!(c as u32, 0x0300..=0x036F | 0x0591..=0x05C7))
}

/// Every code page with the names of its Python codec and its glibc
/// converter (`iconv -l`). The pages of 256-byte tables (the rest of
/// Python's codecs, IBM1047, CP437 with glyphs, the HD44780 ROMs) have
/// `""` here: `tests/facade/conformance_full_pages.rs` compares them with Python,
/// glibc and Java. Every WHATWG page has a Python codec; the
/// logical-order ISO-8859-8-I has the same bytes as ISO-8859-8 and no codec
/// of its own in either peer, so it is compared with theirs.
pub(crate) const PAGES: &[(Encoding, &str, &str)] = &[
    (Encoding::Ibm866, "cp866", "IBM866"),
    (Encoding::Iso8859_2, "iso8859_2", "ISO-8859-2"),
    (Encoding::Iso8859_3, "iso8859_3", "ISO-8859-3"),
    (Encoding::Iso8859_4, "iso8859_4", "ISO-8859-4"),
    (Encoding::Iso8859_5, "iso8859_5", "ISO-8859-5"),
    (Encoding::Iso8859_6, "iso8859_6", "ISO-8859-6"),
    (Encoding::Iso8859_7, "iso8859_7", "ISO-8859-7"),
    (Encoding::Iso8859_8, "iso8859_8", "ISO-8859-8"),
    (Encoding::Iso8859_8I, "iso8859_8", "ISO-8859-8"),
    (Encoding::Iso8859_10, "iso8859_10", "ISO-8859-10"),
    (Encoding::Iso8859_13, "iso8859_13", "ISO-8859-13"),
    (Encoding::Iso8859_14, "iso8859_14", "ISO-8859-14"),
    (Encoding::Iso8859_15, "iso8859_15", "ISO-8859-15"),
    (Encoding::Iso8859_16, "iso8859_16", "ISO-8859-16"),
    (Encoding::Koi8R, "koi8_r", "KOI8-R"),
    (Encoding::Koi8U, "koi8_u", "KOI8-U"),
    (Encoding::Macintosh, "mac_roman", "MACINTOSH"),
    (Encoding::Windows874, "cp874", "CP874"),
    (Encoding::Windows1250, "cp1250", "CP1250"),
    (Encoding::Windows1251, "cp1251", "CP1251"),
    (Encoding::Windows1252, "cp1252", "CP1252"),
    (Encoding::Windows1253, "cp1253", "CP1253"),
    (Encoding::Windows1254, "cp1254", "CP1254"),
    (Encoding::Windows1255, "cp1255", "CP1255"),
    (Encoding::Windows1256, "cp1256", "CP1256"),
    (Encoding::Windows1257, "cp1257", "CP1257"),
    (Encoding::Windows1258, "cp1258", "CP1258"),
    (Encoding::XMacCyrillic, "mac_cyrillic", "MAC-CYRILLIC"),
    (Encoding::Ibm437, "cp437", "IBM437"),
    (Encoding::Ibm737, "cp737", "CP737"),
    (Encoding::Ibm775, "cp775", "IBM775"),
    (Encoding::Ibm850, "cp850", "IBM850"),
    (Encoding::Ibm852, "cp852", "IBM852"),
    (Encoding::Ibm855, "cp855", "IBM855"),
    (Encoding::Ibm857, "cp857", "IBM857"),
    (Encoding::Ibm858, "cp858", "IBM858"),
    (Encoding::Ibm860, "cp860", "IBM860"),
    (Encoding::Ibm861, "cp861", "IBM861"),
    (Encoding::Ibm862, "cp862", "IBM862"),
    (Encoding::Ibm863, "cp863", "IBM863"),
    (Encoding::Ibm865, "cp865", "IBM865"),
    (Encoding::Ibm869, "cp869", "IBM869"),
    (Encoding::Ibm037, "", ""),
    (Encoding::Ibm273, "", ""),
    (Encoding::Ibm424, "", ""),
    (Encoding::Ibm500, "", ""),
    (Encoding::Ibm875, "", ""),
    (Encoding::Ibm1026, "", ""),
    (Encoding::Ibm1140, "", ""),
    (Encoding::Ibm1047, "", ""),
    (Encoding::Cp720, "", ""),
    (Encoding::Ibm856, "", ""),
    (Encoding::Ibm864, "", ""),
    (Encoding::Ibm1006, "", ""),
    (Encoding::Ibm1125, "", ""),
    (Encoding::Kz1048, "", ""),
    (Encoding::Ptcp154, "", ""),
    (Encoding::Koi8T, "", ""),
    (Encoding::HpRoman8, "", ""),
    (Encoding::PalmOs, "", ""),
    (Encoding::MacArabic, "", ""),
    (Encoding::MacCroatian, "", ""),
    (Encoding::MacFarsi, "", ""),
    (Encoding::MacGreek, "", ""),
    (Encoding::MacIceland, "", ""),
    (Encoding::MacLatin2, "", ""),
    (Encoding::MacRomanian, "", ""),
    (Encoding::MacTurkish, "", ""),
    (Encoding::Ibm437Graphic, "", ""),
    (Encoding::Hd44780A00, "", ""),
    (Encoding::Hd44780A02, "", ""),
    (Encoding::Ascii, "ascii", "ASCII"),
    (Encoding::Latin1, "latin_1", "ISO-8859-1"),
];
