//! The tables of a code page's AVX2 kernels: [`Vectors`].

/// The tables of a code page's AVX2 kernels (`crate::simd::single_byte`,
/// whose documentation says how they use them), derived from the page's
/// `decode` table by the table generator (`xtask/src/derive.rs`) and
/// written into the page's generated file: about 500 bytes a page.
///
/// # Looking up 128 or 256 bytes with `vpshufb`
///
/// AVX2 cannot index a table of 128 bytes with each byte of a vector; what
/// it has is `vpshufb`, which looks up 16 bytes by the low four bits of each
/// index byte and gives 0 where the index byte has bit 7 set. A table of
/// `16k` bytes (`k <= 8` rows of 16) takes `k` of them: round `h` looks up
/// row `h` at `index - 16h`. For an index in row `r` (`index >> 4 == r`),
/// round `h <= r` finds entry `index & 15` of row `h` (the subtraction
/// leaves the low nibble alone and bit 7 clear), and round `h > r` finds 0
/// (the difference is -1 to -128, bit 7 set). So if row `h` is stored as the
/// XOR of the table's rows `h` and `h - 1` ("xor-coded"), the XOR of all `k`
/// rounds is entry `index & 15` of row `r`, the rows before it cancelling in
/// pairs. A table of 256 bytes is two of 128, the second looked up at `index
/// ^ 0x80`, and bit 7 of the index picks one. (A round costs a subtraction,
/// a shuffle and an XOR. With AVX-512 VBMI, the encoder undoes the
/// xor-coding of its table once per call and looks up 64 entries with one
/// `vpermi2b`, four for the 256 bytes.)
///
/// # What the tables hold
///
/// Most non-ASCII characters of a page are two bytes of UTF-8 with one of a
/// few leads (`D0` and `D1` for Cyrillic, `CE` and `CF` for Greek, `C3`,
/// `C4` and `C5` for Latin, and `C2` for the signs of Latin-1). The page's
/// four two-byte leads with the most characters are its *hot* leads, in
/// *slots* 0 to 3 (pages have one to five leads; the fifth has at most 5
/// characters, all of them rare in text). A character with a hot lead is
/// its slot and the low six bits of its trail, a *code* below 256:
///
/// - the decoder's table ([`decode_code`](Self::decode_code), 128 bytes) maps
///   each high byte to its code, from which a lead (by slot) and a trail (by
///   the six bits) are two vector steps; 0 means "not here" (a character of
///   three bytes of UTF-8, one with a cold lead, an undefined byte), and so
///   codes are stored XOR a `key` that no character's code equals;
/// - the encoder's table ([`encode`](Self::encode), 256 bytes) maps each code
///   to the page's byte, 0 where the page lacks the character.
///
/// Every other character goes through the scalar tables, one at a time.
///
/// Many rows of 16 are *runs*, where consecutive bytes are consecutive
/// characters with one lead: Windows-1251 `C0..=FF` (А to я), ISO-8859-5
/// and IBM866 likewise, Windows-1252 and the other Latin-1 pages `A0..=FF`,
/// Greek `C0..=CF` and `E0..=EF`. A block whose high bytes all lie in runs
/// needs no table: its leads are one `vpshufb` by the high nibble
/// ([`decode_run_lead`](Self::decode_run_lead)), its trails another and an
/// add ([`decode_run_trail`](Self::decode_run_trail)). Likewise for the
/// encoder, by the code's high nibble ([`encode_run`](Self::encode_run),
/// [`encode_delta`](Self::encode_delta)).
///
/// Finally, two bitmaps of the high bytes, for the length pass: those whose
/// characters take three bytes of UTF-8, and those undefined.
#[cfg_attr(
    not(target_arch = "x86_64"),
    allow(dead_code, reason = "read by the x86_64 kernels only")
)]
pub(crate) struct Vectors {
    /// The hot leads, most characters first; `0xC0` (never in UTF-8) in
    /// unused slots.
    pub(crate) leads: [u8; 4],
    /// Whether slot 2 or 3 is used, so that the encoder needs the upper
    /// half of [`encode`](Self::encode).
    pub(crate) wide: bool,
    /// Bit `lead & 0x1F` set for each hot lead.
    pub(crate) lead_bits: u32,
    /// The code of each high byte `0x80 + 16h + n` at `[h][n]`, in
    /// xor-coded rows: for a character with a hot lead `(slot << 6 | trail
    /// & 0x3F) ^ key`, never 0; for every other byte 0. `key` is the least
    /// number that is no character's `slot << 6 | trail & 0x3F` (at most 128
    /// of 256 are).
    pub(crate) decode_code: [[u8; 16]; 8],
    /// The lead of a code, by its high nibble.
    pub(crate) decode_leads: [u8; 16],
    /// The trail of a code `c` is `(c & 0x3F) ^ decode_trail`: this is
    /// `0x80 | key & 0x3F`.
    pub(crate) decode_trail: u8,
    /// By the high nibble of a high byte: the lead of every byte of its row
    /// of 16 if that row is a run (all of them two-byte characters with hot
    /// leads, one lead, each trail the one before plus one); 0 for the other
    /// rows and ASCII, so that bit 7 says which rows are runs.
    pub(crate) decode_run_lead: [u8; 16],
    /// By the high nibble: what to add to a byte of a run for its trail; 0
    /// for ASCII (`0..8`), whose last byte is itself.
    pub(crate) decode_run_trail: [u8; 16],
    /// The byte of each code `16h + n` at `[h][n]`, 0 if the page lacks the
    /// character; rows 0 to 7 (slots 0 and 1) and 8 to 15 (slots 2 and 3)
    /// each xor-coded on their own.
    pub(crate) encode: [[u8; 16]; 16],
    /// By the high nibble of a code: `0xFF` if its row of 16 is a run (all
    /// in the page, each byte the one before plus one), else 0.
    pub(crate) encode_run: [u8; 16],
    /// By the high nibble of a code in a run: what to add to it for its
    /// byte.
    pub(crate) encode_delta: [u8; 16],
    /// Bit `b & 7` of byte `(b - 0x80) >> 3` set for each high byte `b`
    /// whose character is three bytes of UTF-8.
    pub(crate) three: [u8; 16],
    /// The same for each undefined byte.
    pub(crate) undefined: [u8; 16],
}

impl Vectors {
    /// The tables of a page whose bytes `00..=7F` are not ASCII, which the
    /// AVX2 kernels do not take: all zero, never read.
    pub(crate) const EMPTY: Vectors = Vectors {
        leads: [0xC0; 4],
        wide: false,
        lead_bits: 0,
        decode_code: [[0; 16]; 8],
        decode_leads: [0; 16],
        decode_trail: 0,
        decode_run_lead: [0; 16],
        decode_run_trail: [0; 16],
        encode: [[0; 16]; 16],
        encode_run: [0; 16],
        encode_delta: [0; 16],
        three: [0; 16],
        undefined: [0; 16],
    };
}
