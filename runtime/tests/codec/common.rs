//! Shared helpers of the peer tests: a seeded xorshift PRNG, generators of
//! random (biased) input, and small adapters.
//!
//! The seed is fixed so that every run checks the same inputs; set
//! `LITENC_TEST_SEED` to a decimal number to explore other inputs. Every test
//! prints its seed, so a failure can be replayed.

use litenc_runtime::DecodeError;

/// The seed of every random test, unless `LITENC_TEST_SEED` says otherwise.
pub(crate) fn seed(salt: u64) -> u64 {
    let base = std::env::var("LITENC_TEST_SEED")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok())
        .unwrap_or(0x5EED_1E7E_4C0D_EC00);
    let seed = base ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    eprintln!("seed: LITENC_TEST_SEED={base} (salt {salt})");
    seed
}

/// Marsaglia's xorshift64* generator: tiny, seeded, good enough for tests.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Self {
        // The state must never be zero.
        Rng(seed | 1)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform-ish in `0..n` (`n > 0`).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub(crate) fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }

    pub(crate) fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    /// One byte, biased towards the bytes where UTF-8 decoders go wrong:
    /// continuation bytes, the non-lead bytes `C0 C1 F5..FF`, the lead bytes
    /// with restricted second bytes (`E0 ED F0 F4`) and the limits of those
    /// second-byte ranges.
    pub(crate) fn interesting_byte(&mut self) -> u8 {
        const SPECIAL: &[u8] = &[
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xAF, 0xB0, 0xBF, 0xC0, 0xC1, 0xC2,
            0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8,
            0xFB, 0xFC, 0xFE, 0xFF,
        ];
        match self.below(8) {
            0..=2 => self.pick(SPECIAL),
            3..=5 => 0x80 + self.below(0x40) as u8,
            6 => 0xC0 + self.below(0x40) as u8,
            _ => self.next_u64() as u8,
        }
    }

    /// Random bytes, `0..=max_len` of them, biased as [`Rng::interesting_byte`],
    /// with runs of well-formed UTF-8 mixed in so that errors also occur
    /// after long valid prefixes.
    pub(crate) fn utf8ish_bytes(&mut self, max_len: usize) -> Vec<u8> {
        let len = self.below(max_len + 1);
        let mut out = Vec::with_capacity(len + 4);
        while out.len() < len {
            if self.chance(1, 3) {
                let c = self.any_char();
                let mut buf = [0u8; 4];
                let enc = c.encode_utf8(&mut buf).as_bytes();
                // Sometimes cut the sequence short.
                let keep = if self.chance(1, 8) {
                    self.below(enc.len()) + 1
                } else {
                    enc.len()
                };
                out.extend_from_slice(&enc[..keep]);
            } else {
                out.push(self.interesting_byte());
            }
        }
        out
    }

    /// `0..max_len` ASCII bytes (not NUL), for the word-at-a-time loops.
    pub(crate) fn ascii_run(&mut self, max_len: usize) -> Vec<u8> {
        let len = self.below(max_len);
        (0..len).map(|_| 1 + self.below(0x7F) as u8).collect()
    }

    /// A scalar value from one of many scripts and edge zones, NUL and
    /// supplementary planes included.
    pub(crate) fn any_char(&mut self) -> char {
        const RANGES: &[(u32, u32)] = &[
            (0x00, 0x7F),           // ASCII, NUL included
            (0x00, 0x01),           // NUL again, to make it common
            (0x80, 0xFF),           // Latin-1 and C1 controls
            (0x100, 0x24F),         // Latin Extended
            (0x370, 0x3FF),         // Greek
            (0x400, 0x4FF),         // Cyrillic
            (0x590, 0x6FF),         // Hebrew, Arabic
            (0x7F0, 0x810),         // 2/3-byte UTF-8 boundary
            (0x900, 0x97F),         // Devanagari
            (0x2000, 0x22FF),       // punctuation, symbols (Windows-1251 has some)
            (0x3040, 0x30FF),       // kana
            (0x4E00, 0x9FFF),       // CJK
            (0xAC00, 0xD7A3),       // Hangul
            (0xD7F0, 0xD7FF),       // just below the surrogates
            (0xE000, 0xE010),       // just above the surrogates
            (0xFEFF, 0xFEFF),       // byte-order mark
            (0xFFF0, 0xFFFF),       // end of the BMP
            (0x1_0000, 0x1_0100),   // start of plane 1
            (0x1_F300, 0x1_FAFF),   // emoji
            (0x2_0000, 0x2_A6DF),   // CJK extension B
            (0x10_FF00, 0x10_FFFF), // end of Unicode
            (0x0, 0x10_FFFF),       // anything
        ];
        loop {
            let (lo, hi) = self.pick(RANGES);
            let cp = lo + self.below((hi - lo + 1) as usize) as u32;
            if let Some(c) = char::from_u32(cp) {
                return c;
            }
        }
    }

    /// A random string of `0..=max_chars` characters of [`Rng::any_char`].
    pub(crate) fn string(&mut self, max_chars: usize) -> String {
        let n = self.below(max_chars + 1);
        (0..n).map(|_| self.any_char()).collect()
    }

    /// A `u16`, biased towards surrogates and their neighbours.
    pub(crate) fn interesting_unit(&mut self) -> u16 {
        match self.below(8) {
            0 | 1 => 0xD800 + self.below(0x400) as u16, // high surrogate
            2 | 3 => 0xDC00 + self.below(0x400) as u16, // low surrogate
            4 => self.pick(&[
                0, 0x41, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFEFF, 0xFFFF,
            ]),
            5 => self.below(0x80) as u16,
            _ => self.next_u64() as u16,
        }
    }

    /// Random code units, `0..=max_len` of them, mixing well-formed pairs
    /// and unpaired surrogates.
    pub(crate) fn units(&mut self, max_len: usize) -> Vec<u16> {
        let len = self.below(max_len + 1);
        let mut out = Vec::with_capacity(len + 1);
        while out.len() < len {
            if self.chance(1, 4) {
                let mut buf = [0u16; 2];
                out.extend_from_slice(self.any_char().encode_utf16(&mut buf));
            } else {
                out.push(self.interesting_unit());
            }
        }
        out
    }
}

/// Every scalar value, in order: U+0000 to U+10FFFF without the surrogates.
pub(crate) fn all_scalar_values() -> impl Iterator<Item = char> {
    (0..=0x10_FFFF_u32).filter_map(char::from_u32)
}

/// The scalar values in strings of 4,096 characters (the last one shorter),
/// built once per test binary.
pub(crate) fn scalar_value_batches() -> &'static [String] {
    static BATCHES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    BATCHES.get_or_init(|| {
        let all: Vec<char> = all_scalar_values().collect();
        assert_eq!(all.len(), 1_112_064);
        all.chunks(4096)
            .map(|chunk| chunk.iter().collect())
            .collect()
    })
}

/// `(valid_up_to, error_len)` of a litenc error.
pub(crate) fn pos(e: DecodeError) -> (usize, Option<usize>) {
    (e.valid_up_to(), e.error_len())
}

/// `(valid_up_to, error_len)` of a std error.
pub(crate) fn std_pos(e: core::str::Utf8Error) -> (usize, Option<usize>) {
    (e.valid_up_to(), e.error_len())
}

/// The runs of ASCII to put before a piece so that it lands at every offset
/// of the fast paths' blocks: all of `0..64`, or under an emulator
/// (`--cfg litenc_emulated`: `scripts/cross.sh`, qemu-user, some 30 times
/// slower) every third, which still puts it at every offset of a word of 8
/// bytes and of a block of 16, at a third of the cost.
pub(crate) fn pads() -> core::iter::StepBy<core::ops::Range<usize>> {
    (0..64).step_by(if cfg!(litenc_emulated) { 3 } else { 1 })
}

/// Calls `f` with every input of exactly `len` bytes (`len <= 3`), reusing
/// one buffer.
pub(crate) fn for_every_input(len: usize, mut f: impl FnMut(&[u8])) {
    assert!(len <= 3, "256^{len} inputs is too many");
    let total = 1usize << (8 * len);
    let mut buf = [0u8; 3];
    for n in 0..total {
        for (k, b) in buf[..len].iter_mut().enumerate() {
            *b = (n >> (8 * (len - 1 - k))) as u8;
        }
        f(&buf[..len]);
    }
}

/// `s` as little- or big-endian UTF-16 bytes, by std's `encode_utf16`.
pub(crate) fn std_utf16_bytes(s: &str, big_endian: bool) -> Vec<u8> {
    s.encode_utf16()
        .flat_map(|u| {
            if big_endian {
                u.to_be_bytes()
            } else {
                u.to_le_bytes()
            }
        })
        .collect()
}

/// The byte-oriented API of one encoding module, as function pointers, so
/// that one test body can drive every module.
#[derive(Clone, Copy)]
pub(crate) struct Module {
    pub(crate) enc: litenc_runtime::Encoding,
    pub(crate) encoded_len: fn(&str) -> Result<usize, litenc_runtime::EncodeError>,
    pub(crate) encode_into: fn(&str, &mut [u8]) -> Result<usize, litenc_runtime::EncodeError>,
    pub(crate) validate: fn(&[u8]) -> Result<(), DecodeError>,
    pub(crate) decoded_len: fn(&[u8]) -> Result<usize, DecodeError>,
    pub(crate) decode_into: fn(&[u8], &mut [u8]) -> Result<usize, DecodeError>,
    pub(crate) encode: fn(&str) -> Result<Vec<u8>, litenc_runtime::EncodeError>,
    pub(crate) decode: fn(&[u8]) -> Result<String, DecodeError>,
    pub(crate) decode_lossy: for<'a> fn(&'a [u8]) -> std::borrow::Cow<'a, str>,
}

/// `module!(utf8, Utf8)`: the [`Module`] of `litenc_runtime::utf8`.
macro_rules! module {
    ($m:ident, $variant:ident) => {
        $crate::common::Module {
            enc: litenc_runtime::Encoding::$variant,
            encoded_len: litenc_runtime::$m::encoded_len,
            encode_into: litenc_runtime::$m::encode_into,
            validate: litenc_runtime::$m::validate,
            decoded_len: litenc_runtime::$m::decoded_len,
            decode_into: litenc_runtime::$m::decode_into,
            encode: litenc_runtime::$m::encode,
            decode: litenc_runtime::$m::decode,
            decode_lossy: litenc_runtime::$m::decode_lossy,
        }
    };
}
pub(crate) use module;

/// Every byte-oriented module: the five Unicode ones, then every code page
/// in the order of `Encoding::ALL`.
pub(crate) fn modules() -> Vec<Module> {
    let mut v = vec![
        module!(utf8, Utf8),
        module!(utf16le, Utf16Le),
        module!(utf16be, Utf16Be),
        module!(mutf8, Mutf8),
        module!(cesu8, Cesu8),
    ];
    v.extend(code_pages().iter().map(|p| p.module));
    v
}

/// The run-time twins of one module (`litenc_runtime::fast::<module>`).
#[derive(Clone, Copy)]
pub(crate) struct FastModule {
    pub(crate) encoded_len: fn(&str) -> Result<usize, litenc_runtime::EncodeError>,
    pub(crate) encode_into: fn(&str, &mut [u8]) -> Result<usize, litenc_runtime::EncodeError>,
    pub(crate) validate: fn(&[u8]) -> Result<(), DecodeError>,
    pub(crate) decoded_len: fn(&[u8]) -> Result<usize, DecodeError>,
    pub(crate) decode_into: fn(&[u8], &mut [u8]) -> Result<usize, DecodeError>,
}

/// Everything a code page's module has: the byte API, the character
/// functions and the run-time twins.
#[derive(Clone, Copy)]
pub(crate) struct CodePage {
    /// The module's name, e.g. `"koi8_r"`.
    pub(crate) name: &'static str,
    pub(crate) module: Module,
    /// `decode_byte`, as an `Option` also where the page defines every byte
    /// (its `decode_byte` then returns a plain `char`).
    pub(crate) decode_byte: fn(u8) -> Option<char>,
    pub(crate) encode_char: fn(char) -> Option<u8>,
    pub(crate) fast: FastModule,
}

/// `decode_byte` returns `char` in a page that defines every byte and
/// `Option<char>` in one that does not; this makes both an `Option`.
pub(crate) trait ByteChar {
    fn into_option(self) -> Option<char>;
}

impl ByteChar for char {
    fn into_option(self) -> Option<char> {
        Some(self)
    }
}

impl ByteChar for Option<char> {
    fn into_option(self) -> Option<char> {
        self
    }
}

macro_rules! code_page_list {
    ($($variant:ident $m:ident,)*) => {
        /// Every code page's module, in the order of `Encoding::ALL`
        /// (`code_pages_are_complete` in `single_byte_peer.rs` checks that
        /// the list is whole and in order).
        pub(crate) fn code_pages() -> Vec<CodePage> {
            vec![$(CodePage {
                name: stringify!($m),
                module: module!($m, $variant),
                decode_byte: |b| ByteChar::into_option(litenc_runtime::$m::decode_byte(b)),
                encode_char: litenc_runtime::$m::encode_char,
                fast: FastModule {
                    encoded_len: litenc_runtime::fast::$m::encoded_len,
                    encode_into: litenc_runtime::fast::$m::encode_into,
                    validate: litenc_runtime::fast::$m::validate,
                    decoded_len: litenc_runtime::fast::$m::decoded_len,
                    decode_into: litenc_runtime::fast::$m::decode_into,
                },
            },)*]
        }
    };
}

code_page_list! {
    Ibm866 ibm866,
    Iso8859_2 iso8859_2,
    Iso8859_3 iso8859_3,
    Iso8859_4 iso8859_4,
    Iso8859_5 iso8859_5,
    Iso8859_6 iso8859_6,
    Iso8859_7 iso8859_7,
    Iso8859_8 iso8859_8,
    Iso8859_8I iso8859_8_i,
    Iso8859_10 iso8859_10,
    Iso8859_13 iso8859_13,
    Iso8859_14 iso8859_14,
    Iso8859_15 iso8859_15,
    Iso8859_16 iso8859_16,
    Koi8R koi8_r,
    Koi8U koi8_u,
    Macintosh macintosh,
    Windows874 windows874,
    Windows1250 windows1250,
    Windows1251 windows1251,
    Windows1252 windows1252,
    Windows1253 windows1253,
    Windows1254 windows1254,
    Windows1255 windows1255,
    Windows1256 windows1256,
    Windows1257 windows1257,
    Windows1258 windows1258,
    XMacCyrillic x_mac_cyrillic,
    Ibm437 ibm437,
    Ibm737 ibm737,
    Ibm775 ibm775,
    Ibm850 ibm850,
    Ibm852 ibm852,
    Ibm855 ibm855,
    Ibm857 ibm857,
    Ibm858 ibm858,
    Ibm860 ibm860,
    Ibm861 ibm861,
    Ibm862 ibm862,
    Ibm863 ibm863,
    Ibm865 ibm865,
    Ibm869 ibm869,
    Ibm037 ibm037,
    Ibm273 ibm273,
    Ibm424 ibm424,
    Ibm500 ibm500,
    Ibm875 ibm875,
    Ibm1026 ibm1026,
    Ibm1140 ibm1140,
    Ibm1047 ibm1047,
    Cp720 cp720,
    Ibm856 ibm856,
    Ibm864 ibm864,
    Ibm1006 ibm1006,
    Ibm1125 ibm1125,
    Kz1048 kz1048,
    Ptcp154 ptcp154,
    Koi8T koi8_t,
    HpRoman8 hp_roman8,
    PalmOs palmos,
    MacArabic mac_arabic,
    MacCroatian mac_croatian,
    MacFarsi mac_farsi,
    MacGreek mac_greek,
    MacIceland mac_iceland,
    MacLatin2 mac_latin2,
    MacRomanian mac_romanian,
    MacTurkish mac_turkish,
    Ibm437Graphic ibm437_graphic,
    Hd44780A00 hd44780_a00,
    Hd44780A02 hd44780_a02,
    Ascii ascii,
    Latin1 latin1,
}

/// The UTF-32 bytes of `text` by std: each `char` as a `u32`, in the byte
/// order asked for.
pub(crate) fn std_utf32_bytes(text: &str, big_endian: bool) -> Vec<u8> {
    text.chars()
        .flat_map(|c| {
            if big_endian {
                u32::from(c).to_be_bytes()
            } else {
                u32::from(c).to_le_bytes()
            }
        })
        .collect()
}

/// What a peer says `text` encodes to in `enc`: std for UTF-8, UTF-16 and
/// UTF-32, the `cesu8` crate for MUTF-8 and CESU-8, for a code page
/// [`peer_byte_of`], and `encoding_rs` for the multi-byte encodings.
/// `Err((offset, ch))` for the first character the peer cannot encode.
pub(crate) fn peer_encode(
    enc: litenc_runtime::Encoding,
    text: &str,
) -> Result<Vec<u8>, (usize, char)> {
    use litenc_runtime::Encoding;
    match enc {
        Encoding::Utf8 => Ok(text.as_bytes().to_vec()),
        Encoding::Utf16Le => Ok(std_utf16_bytes(text, false)),
        Encoding::Utf16Be => Ok(std_utf16_bytes(text, true)),
        Encoding::Utf32Le => Ok(std_utf32_bytes(text, false)),
        Encoding::Utf32Be => Ok(std_utf32_bytes(text, true)),
        Encoding::Mutf8 => Ok(cesu8::to_java_cesu8(text).into_owned()),
        Encoding::Cesu8 => Ok(cesu8::to_cesu8(text).into_owned()),
        Encoding::Windows1251 => encoding_rs_1251(text),
        enc if enc.is_single_byte() => text
            .char_indices()
            .map(|(i, ch)| peer_byte_of(enc, ch).ok_or((i, ch)))
            .collect(),
        enc if enc.is_cjk() => encoding_rs_encode(
            encoding_rs::Encoding::for_label(enc.name().as_bytes()).expect("a WHATWG encoding"),
            text,
        ),
        other => panic!("no peer for {other:?}"),
    }
}

/// The peer of a single-byte encoding that is not litenc: `encoding_rs` for
/// the WHATWG ones, the `oem_cp` crate for the DOS pages, std for strict
/// ASCII (`u8::is_ascii`) and ISO-8859-1 (`char::from(u8)`).
#[derive(Clone, Copy, Debug)]
pub(crate) enum SingleBytePeer {
    EncodingRs(&'static encoding_rs::Encoding),
    OemCp(u16),
    Ascii,
    Latin1,
    /// The 256 bytes as the index file under `data/python/` or
    /// `data/device/` has them: for a Python page, what Python's codec
    /// decodes (written by `scripts/full_indexes.py`), for IBM1047 glibc's,
    /// for the device pages their datasheet (no peer at run time here; the
    /// facade's conformance tests ask Python, glibc and Java themselves).
    /// A character two bytes decode to encodes to the lower one.
    Index(&'static IndexPeer),
}

/// An index file's bytes, and the lowest byte of each character.
#[derive(Debug)]
pub(crate) struct IndexPeer {
    chars: [Option<char>; 256],
    /// Sorted by character, for a binary search.
    bytes: Vec<(char, u8)>,
}

/// The decode table of the index file of `enc`, if it has one.
fn index_table(enc: litenc_runtime::Encoding) -> Option<&'static IndexPeer> {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    // Read once per encoding: looking for the file each time was millions of
    // `stat` calls.
    static BY_ENCODING: OnceLock<
        Mutex<HashMap<litenc_runtime::Encoding, Option<&'static IndexPeer>>>,
    > = OnceLock::new();
    let mut known = BY_ENCODING.get_or_init(Mutex::default).lock().unwrap();
    *known.entry(enc).or_insert_with(|| read_index_table(enc))
}

/// [`index_table`], read from its file.
fn read_index_table(enc: litenc_runtime::Encoding) -> Option<&'static IndexPeer> {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static TABLES: OnceLock<Mutex<HashMap<String, &'static IndexPeer>>> = OnceLock::new();
    let module = enc.__module();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
    let file = format!(
        "index-{}.txt",
        module
            .replace("ibm437_graphic", "cp437-graphic")
            .replace('_', "-")
    );
    let stems = [
        root.join("python")
            .join(format!("index-{}.txt", python_codec(module))),
        root.join("device").join(&file),
    ];
    let path = stems.iter().find(|p| p.exists())?;
    let mut tables = TABLES.get_or_init(Mutex::default).lock().unwrap();
    let key = path.display().to_string();
    if let Some(t) = tables.get(&key) {
        return Some(t);
    }
    let mut t = [None; 256];
    for line in std::fs::read_to_string(path).unwrap().lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let mut f = line.split('\t');
        let b = u8::from_str_radix(f.next().unwrap().trim_start_matches("0x"), 16).unwrap();
        let cp = u32::from_str_radix(f.next().unwrap().trim_start_matches("0x"), 16).unwrap();
        t[usize::from(b)] = Some(char::from_u32(cp).unwrap());
    }
    let mut bytes: Vec<(char, u8)> = Vec::new();
    for (b, c) in t.iter().enumerate() {
        if let Some(c) = c {
            bytes.push((*c, u8::try_from(b).unwrap()));
        }
    }
    // A character two bytes decode to encodes to the lower one: the stable
    // sort keeps the bytes of each character in order, and `dedup_by_key`
    // keeps the first.
    bytes.sort_by_key(|&(c, _)| c);
    bytes.dedup_by_key(|&mut (c, _)| c);
    let t: &'static IndexPeer = Box::leak(Box::new(IndexPeer { chars: t, bytes }));
    tables.insert(key, t);
    Some(t)
}

/// The Python codec of a module of litenc (`ibm037` is `cp037`).
fn python_codec(module: &str) -> String {
    match module.strip_prefix("ibm") {
        Some(n) if n.bytes().all(|b| b.is_ascii_digit()) => format!("cp{n}"),
        _ => module.to_owned(),
    }
}

/// The peer of `enc`, a single-byte encoding.
///
/// Found once per encoding: the tests ask for every scalar value of every
/// page, and finding the peer (an index file's lock and hash, a label
/// search) was most of the time of each question.
pub(crate) fn single_byte_peer(enc: litenc_runtime::Encoding) -> SingleBytePeer {
    use litenc_runtime::Encoding;
    use std::sync::OnceLock;
    static PEERS: OnceLock<Vec<(Encoding, Option<SingleBytePeer>)>> = OnceLock::new();
    let peers = PEERS.get_or_init(|| {
        let mut v: Vec<(Encoding, Option<SingleBytePeer>)> = Encoding::ALL
            .iter()
            .map(|&e| (e, e.is_single_byte().then(|| find_single_byte_peer(e))))
            .collect();
        v.sort_by_key(|&(e, _)| e);
        v
    });
    let i = peers
        .binary_search_by_key(&enc, |&(e, _)| e)
        .unwrap_or_else(|_| panic!("{enc:?} is not in Encoding::ALL"));
    peers[i]
        .1
        .unwrap_or_else(|| panic!("{enc:?} is not a single-byte encoding"))
}

/// [`single_byte_peer`], looked for.
fn find_single_byte_peer(enc: litenc_runtime::Encoding) -> SingleBytePeer {
    use litenc_runtime::Encoding;
    match enc {
        Encoding::Ascii => SingleBytePeer::Ascii,
        Encoding::Latin1 => SingleBytePeer::Latin1,
        // The pages Python has and the Rust crates do not, and the devices'.
        _ if index_table(enc).is_some() => SingleBytePeer::Index(index_table(enc).unwrap()),
        _ => {
            if let Some(peer) = encoding_rs::Encoding::for_label(enc.name().as_bytes()) {
                assert_eq!(peer.name(), enc.name(), "encoding_rs has another name");
                return SingleBytePeer::EncodingRs(peer);
            }
            let page = enc
                .name()
                .strip_prefix("IBM")
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("no peer for {enc:?}"));
            SingleBytePeer::OemCp(page)
        }
    }
}

/// What the peer decodes byte `b` of `enc` to: `None` if undefined.
pub(crate) fn peer_char_of(enc: litenc_runtime::Encoding, b: u8) -> Option<char> {
    match single_byte_peer(enc) {
        SingleBytePeer::EncodingRs(peer) => {
            let input = [b];
            let (text, had_errors) = peer.decode_without_bom_handling(&input);
            (!had_errors).then(|| text.chars().next().expect("one character"))
        }
        SingleBytePeer::OemCp(page) => {
            if b < 0x80 {
                return Some(char::from(b));
            }
            match oem_cp::code_table::DECODING_TABLE_CP_MAP.get(&page) {
                Some(oem_cp::code_table_type::TableType::Complete(t)) => {
                    Some(t[usize::from(b - 0x80)])
                }
                Some(oem_cp::code_table_type::TableType::Incomplete(t)) => t[usize::from(b - 0x80)],
                None => panic!("oem_cp has no CP{page}"),
            }
        }
        SingleBytePeer::Ascii => b.is_ascii().then_some(char::from(b)),
        SingleBytePeer::Latin1 => Some(char::from(b)),
        SingleBytePeer::Index(t) => t.chars[usize::from(b)],
    }
}

/// What the peer encodes `ch` to in `enc`: `None` if it cannot.
pub(crate) fn peer_byte_of(enc: litenc_runtime::Encoding, ch: char) -> Option<u8> {
    match single_byte_peer(enc) {
        SingleBytePeer::EncodingRs(peer) => {
            let mut encoder = peer.new_encoder();
            let mut out = [0u8; 8];
            let (result, _, written) = encoder.encode_from_utf8_without_replacement(
                ch.encode_utf8(&mut [0; 4]),
                &mut out,
                true,
            );
            (result == encoding_rs::EncoderResult::InputEmpty).then(|| {
                assert_eq!(written, 1);
                out[0]
            })
        }
        SingleBytePeer::OemCp(page) => {
            if ch.is_ascii() {
                return u8::try_from(ch).ok();
            }
            let table = oem_cp::code_table::ENCODING_TABLE_CP_MAP.get(&page)?;
            table.get(&ch).copied()
        }
        SingleBytePeer::Ascii => ch.is_ascii().then_some(ch as u8),
        SingleBytePeer::Latin1 => u8::try_from(ch).ok(),
        SingleBytePeer::Index(t) => t
            .bytes
            .binary_search_by_key(&ch, |&(c, _)| c)
            .ok()
            .map(|i| t.bytes[i].1),
    }
}

/// What `encoding_rs` encodes `text` to, without replacement: the bytes, or
/// the offset and character of the first one it cannot encode. (Its
/// ISO-2022-JP encoder, as the standard's, names U+FFFD for `ESC`, `SO` and
/// `SI`, which litenc names as they are: one byte each.)
pub(crate) fn encoding_rs_encode(
    peer: &'static encoding_rs::Encoding,
    text: &str,
) -> Result<Vec<u8>, (usize, char)> {
    use encoding_rs::EncoderResult;
    let mut e = peer.new_encoder();
    let cap = e
        .max_buffer_length_from_utf8_without_replacement(text.len())
        .expect("fits");
    let mut out = vec![0u8; cap];
    let (r, read, written) = e.encode_from_utf8_without_replacement(text, &mut out, true);
    match r {
        EncoderResult::InputEmpty => {
            out.truncate(written);
            Ok(out)
        }
        EncoderResult::OutputFull => panic!("{peer:?}: output full"),
        EncoderResult::Unmappable(ch) => {
            if ch == '\u{FFFD}'
                && peer == encoding_rs::ISO_2022_JP
                && !text[..read].ends_with('\u{FFFD}')
            {
                let at = read - 1;
                return Err((at, char::from(text.as_bytes()[at])));
            }
            Err((read - ch.len_utf8(), ch))
        }
    }
}

/// `encoding_rs`'s Windows-1251 encoder without replacement.
pub(crate) fn encoding_rs_1251(text: &str) -> Result<Vec<u8>, (usize, char)> {
    use encoding_rs::EncoderResult;
    let mut encoder = encoding_rs::WINDOWS_1251.new_encoder();
    // Windows-1251 never writes more bytes than the UTF-8 it reads.
    let mut out = vec![0u8; text.len() + 16];
    let (result, read, written) =
        encoder.encode_from_utf8_without_replacement(text, &mut out, true);
    match result {
        EncoderResult::InputEmpty => {
            assert_eq!(read, text.len());
            out.truncate(written);
            Ok(out)
        }
        // The unmappable character counts as read.
        EncoderResult::Unmappable(ch) => Err((read - ch.len_utf8(), ch)),
        EncoderResult::OutputFull => panic!("encoding_rs: output full"),
    }
}

/// Output lengths to try: all up to `needed + 40` for short outputs, and
/// around `needed` and the worst case `worst` for long ones.
fn lens(needed: usize, worst: usize) -> Vec<usize> {
    let mut v: Vec<usize> = if needed <= 80 {
        (0..=needed + 40).collect()
    } else {
        let mut v = vec![0, 1, 31, 32, 33, needed / 2];
        v.extend(needed - 33..=needed + 33);
        v
    };
    for w in [worst.saturating_sub(1), worst, worst + 1, worst + 64] {
        if !v.contains(&w) {
            v.push(w);
        }
    }
    v
}

/// The error of a `const fn` into an output too short for it. The `const
/// fn`s check their whole input before they look at the output, so into
/// every output shorter than they need they give one answer: the input's
/// error, or "output too small" naming the length they were given.
pub(crate) trait ShortOutput {
    /// Whether `self`, the answer into an output of `len`, is `base`, the
    /// answer into another too-short output, but for the length it names.
    fn same_but_length(&self, base: &Self, len: usize) -> bool;
}

impl ShortOutput for litenc_runtime::EncodeError {
    fn same_but_length(&self, base: &Self, len: usize) -> bool {
        use litenc_runtime::EncodeError::OutputTooSmall;
        match (self, base) {
            (
                OutputTooSmall { needed, available },
                OutputTooSmall {
                    needed: base_needed,
                    ..
                },
            ) => needed == base_needed && *available == len,
            _ => self == base,
        }
    }
}

impl ShortOutput for DecodeError {
    fn same_but_length(&self, base: &Self, len: usize) -> bool {
        use litenc_runtime::DecodeErrorKind::OutputTooSmall;
        match (self.kind(), base.kind()) {
            (
                OutputTooSmall { needed, available },
                OutputTooSmall {
                    needed: base_needed,
                    ..
                },
            ) => {
                needed == base_needed
                    && available == len
                    && (self.encoding(), self.valid_up_to(), self.error_len())
                        == (base.encoding(), base.valid_up_to(), base.error_len())
            }
            _ => self == base,
        }
    }
}

/// Runs the `const fn` `slow` and its fast twin `quick` into an output of
/// every length of [`lens`]`(needed, worst)`: the same answer, the same
/// output, and nothing written past it. `what` names the call in a failure.
///
/// The `const fn` checks its whole input before it looks at the output, so
/// its answer into an output that holds `needed` is one for every such
/// length, and its answer into a shorter one the same for every shorter
/// length but for the length it names ([`ShortOutput`]; `hostile_sizes`
/// checks both at every length, of every function). So it is asked into
/// `needed` and into the longest, which must agree, into 0 and `needed - 1`,
/// which must agree, and into every 16th shorter length; the fast twin at
/// every length. Asking the `const fn` again at each length was half of the
/// time of `fast_api` and `cjk_fast`, the fast twin's own fallback to it
/// into a short output the other half.
///
/// One buffer serves every length of the fast twin: an output of `len`
/// elements is the first `len` of one, filled once; after each call the part
/// past `len` is compared with an untouched copy (a `memcmp`; comparing it
/// element by element took a sixth of `fast_api`'s time), and only the first
/// `len`, which the call may have written, is filled anew.
pub(crate) fn same_at_every_length<T, E>(
    what: &dyn Fn() -> String,
    needed: usize,
    worst: usize,
    slow: impl Fn(&mut [T]) -> Result<usize, E>,
    quick: impl Fn(&mut [T]) -> Result<usize, E>,
) where
    T: Copy + PartialEq + core::fmt::Debug + From<u8>,
    E: PartialEq + core::fmt::Debug + ShortOutput,
{
    let (slow_fill, quick_fill) = (T::from(0xA5), T::from(0x5A));
    let lens = lens(needed, worst);
    let most = lens.iter().copied().max().unwrap_or(0);
    // The `const fn`'s answer and output into `len` elements.
    let slow_into = |len: usize| {
        let mut out = vec![slow_fill; len];
        let got = slow(&mut out);
        (got, out)
    };
    // Long enough: into `needed`, checked against the longest (`lens` goes
    // past `needed`).
    let long = slow_into(needed);
    let longest = slow_into(most);
    assert_eq!(longest.0, long.0, "{} into {most}: the const fn", what());
    if let Ok(n) = long.0 {
        assert_eq!(
            longest.1[..n],
            long.1[..n],
            "{} into {most}: the const fn",
            what()
        );
    }
    // Too short: the answer into nothing, which must be an error.
    let short = (needed > 0).then(|| match slow_into(0).0 {
        Err(e) => e,
        Ok(n) => panic!("{} into 0: the const fn wrote {n}", what()),
    });
    let untouched = vec![quick_fill; most];
    let mut quick_buf = untouched.clone();
    for len in lens {
        let got = quick(&mut quick_buf[..len]);
        assert!(
            quick_buf[len..] == untouched[len..],
            "{} into {len}: wrote past the end",
            what()
        );
        if let Some(base) = short.as_ref().filter(|_| len < needed) {
            if len % 16 == 0 || len + 1 == needed {
                let (slow_got, _) = slow_into(len);
                assert!(
                    slow_got
                        .as_ref()
                        .is_err_and(|e| e.same_but_length(base, len)),
                    "{} into {len}: the const fn gave {slow_got:?}, into 0 {base:?}",
                    what()
                );
            }
            assert!(
                got.as_ref().is_err_and(|e| e.same_but_length(base, len)),
                "{} into {len}: {got:?}, where the const fn gave {base:?} into 0",
                what()
            );
        } else {
            assert_eq!(got, long.0, "{} into {len}", what());
            if let Ok(n) = got {
                assert_eq!(quick_buf[..n], long.1[..n], "{} into {len}: output", what());
            }
        }
        quick_buf[..len].fill(quick_fill);
    }
}

/// `fast::encoded_len` and `fast::encode_into` of `text` give what the
/// `const fn`s give, into an output of every length.
pub(crate) fn check_fast_encode(enc: litenc_runtime::Encoding, text: &str) {
    use litenc_runtime::fast;
    let want_len = enc.encoded_len(text);
    assert_eq!(
        fast::encoded_len(enc, text),
        want_len,
        "{enc} encoded_len {text:?}"
    );
    same_at_every_length(
        &|| format!("{enc} encode_into {text:?}"),
        want_len.unwrap_or(text.len()),
        text.len() * enc.max_bytes_per_utf8_byte(),
        |out| enc.encode_into(text, out),
        |out| fast::encode_into(enc, text, out),
    );
}

/// `fast::decoded_len`, `fast::validate` and `fast::decode_into` of
/// `bytes` give what the `const fn`s give, into an output of every length.
pub(crate) fn check_fast_decode(enc: litenc_runtime::Encoding, bytes: &[u8]) {
    use litenc_runtime::fast;
    let want_len = enc.decoded_len(bytes);
    assert_eq!(
        fast::decoded_len(enc, bytes),
        want_len,
        "{enc} decoded_len {bytes:02X?}"
    );
    assert_eq!(
        fast::validate(enc, bytes),
        enc.validate(bytes),
        "{enc} validate {bytes:02X?}"
    );
    same_at_every_length(
        &|| format!("{enc} decode_into {bytes:02X?}"),
        want_len.unwrap_or(bytes.len()),
        bytes.len() * enc.max_utf8_bytes_per_byte(),
        |out| enc.decode_into(bytes, out),
        |out| fast::decode_into(enc, bytes, out),
    );
}
