//! The tables of a code page's AVX2 kernels, derived from its `decode`
//! table at compile time: [`Vectors`].

use super::{lookup, Reverse};

/// The tables of a code page's AVX2 kernels (`crate::simd::single_byte`,
/// whose documentation says how they use them), derived from the page's
/// `decode` table at compile time by [`Vectors::new`], which
/// [`SingleByte::new`](super::SingleByte::new) calls: about 500 bytes a
/// page, nothing generated or checked in.
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
/// a shuffle and an XOR; the AVX-512 `vpermb` would do 64 entries at once,
/// but the kernels keep to AVX2.)
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

/// No code: a character without a hot lead.
const NONE: usize = 256;

impl Vectors {
    /// No tables: those of a page the kernels do not serve (one whose bytes
    /// `00..=7F` are not ASCII, which the engine decodes and encodes).
    pub(super) const EMPTY: Vectors = Vectors {
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

    /// The kernels' tables of the page whose high bytes decode through
    /// `decode` (0: undefined) and whose characters encode through
    /// `reverse`.
    pub(super) const fn new(decode: &[u16; 128], reverse: &Reverse) -> Vectors {
        let (leads, used) = hot_leads(decode);
        let codes = codes(decode, leads);
        let key = free_code(&codes);
        let mut code = [0u8; 128];
        let mut i = 0;
        while i < 128 {
            if codes[i] != NONE {
                code[i] = (codes[i] ^ key) as u8;
                assert!(code[i] != 0, "litenc tables: a decoder code is 0");
            }
            i += 1;
        }
        let mut decode_leads = [0u8; 16];
        let mut lead_bits = 0u32;
        let mut n = 0;
        while n < 16 {
            decode_leads[n] = leads[(n ^ (key >> 4)) >> 2];
            if n < used {
                lead_bits |= 1 << (leads[n] & 0x1F);
            }
            n += 1;
        }
        let enc = encoder_table(reverse, leads, used);
        let (decode_run_lead, decode_run_trail) = decoder_runs(decode, &codes);
        let (encode_run, encode_delta) = encoder_runs(&enc);
        Vectors {
            leads,
            wide: used > 2,
            lead_bits,
            decode_code: xor_coded(&code, 0),
            decode_leads,
            decode_trail: 0x80 | (key & 0x3F) as u8,
            decode_run_lead,
            decode_run_trail,
            encode: join(xor_coded(&enc, 0), xor_coded(&enc, 128)),
            encode_run,
            encode_delta,
            three: bitmap(decode, true),
            undefined: bitmap(decode, false),
        }
    }
}

/// The page's hot leads, the four two-byte leads with the most characters
/// (the lower lead first among equals; `0xC0` for none), and how many there
/// are.
const fn hot_leads(decode: &[u16; 128]) -> ([u8; 4], usize) {
    let mut count = [0u32; 32];
    let mut i = 0;
    while i < 128 {
        let cp = decode[i] as usize;
        // (The length pass counts every defined high byte as two or three
        // bytes of UTF-8.)
        assert!(
            cp == 0 || cp >= 0x80,
            "litenc tables: a high byte decodes to ASCII"
        );
        if cp >= 0x80 && cp < 0x800 {
            count[cp >> 6] += 1;
        }
        i += 1;
    }
    let mut leads = [0xC0u8; 4];
    let mut used = 0;
    while used < 4 {
        let mut best = 0;
        let mut n = 2;
        while n < 32 {
            if count[n] > count[best] {
                best = n;
            }
            n += 1;
        }
        if count[best] == 0 {
            break;
        }
        leads[used] = 0xC0 | best as u8;
        count[best] = 0;
        used += 1;
    }
    (leads, used)
}

/// The code of each high byte before the key, `slot << 6 | trail & 0x3F`,
/// or [`NONE`].
const fn codes(decode: &[u16; 128], leads: [u8; 4]) -> [usize; 128] {
    let mut codes = [NONE; 128];
    let mut i = 0;
    while i < 128 {
        let cp = decode[i] as usize;
        if cp >= 0x80 && cp < 0x800 {
            let mut slot = 0;
            while slot < 4 {
                if leads[slot] as usize == 0xC0 | cp >> 6 {
                    codes[i] = slot << 6 | (cp & 0x3F);
                }
                slot += 1;
            }
        }
        i += 1;
    }
    codes
}

/// The least number below 256 that is no byte's code.
const fn free_code(codes: &[usize; 128]) -> usize {
    let mut taken = [false; 257];
    let mut i = 0;
    while i < 128 {
        taken[codes[i]] = true;
        i += 1;
    }
    let mut key = 0;
    while taken[key] {
        key += 1;
    }
    key
}

/// The encoder's table in code order: the byte of each slot's lead with
/// each trail, 0 if the page lacks it.
const fn encoder_table(reverse: &Reverse, leads: [u8; 4], used: usize) -> [u8; 256] {
    let mut enc = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        if c >> 6 < used {
            let cp = ((leads[c >> 6] & 0x1F) as u32) << 6 | (c & 0x3F) as u32;
            enc[c] = lookup(reverse, cp);
        }
        c += 1;
    }
    enc
}

/// `decode_run_lead` and `decode_run_trail`: see [`Vectors`].
const fn decoder_runs(decode: &[u16; 128], codes: &[usize; 128]) -> ([u8; 16], [u8; 16]) {
    let mut run_lead = [0u8; 16];
    let mut run_trail = [0u8; 16];
    let mut row = 8;
    while row < 16 {
        let base = 16 * (row - 8);
        let cp = decode[base] as usize;
        let mut run = true;
        let mut n = 0;
        while n < 16 {
            run &= codes[base + n] != NONE
                && decode[base + n] as usize == cp + n
                && cp >> 6 == (cp + n) >> 6;
            n += 1;
        }
        if run {
            let trail = 0x80 | (cp & 0x3F) as u8;
            run_lead[row] = 0xC0 | (cp >> 6) as u8;
            run_trail[row] = trail.wrapping_sub(0x80 + base as u8);
        }
        row += 1;
    }
    (run_lead, run_trail)
}

/// `encode_run` and `encode_delta`: see [`Vectors`].
const fn encoder_runs(enc: &[u8; 256]) -> ([u8; 16], [u8; 16]) {
    let mut run = [0u8; 16];
    let mut delta = [0u8; 16];
    let mut row = 0;
    while row < 16 {
        let d = enc[16 * row].wrapping_sub(16 * row as u8);
        let mut is_run = true;
        let mut n = 0;
        while n < 16 {
            let c = 16 * row + n;
            is_run &= enc[c] != 0 && enc[c] == (c as u8).wrapping_add(d);
            n += 1;
        }
        if is_run {
            run[row] = 0xFF;
            delta[row] = d;
        }
        row += 1;
    }
    (run, delta)
}

/// Entries `from..from + 128` of `table` as eight xor-coded rows of 16.
const fn xor_coded(table: &[u8], from: usize) -> [[u8; 16]; 8] {
    let mut rows = [[0u8; 16]; 8];
    let mut h = 0;
    while h < 8 {
        let mut n = 0;
        while n < 16 {
            let prev = if h == 0 {
                0
            } else {
                table[from + 16 * h + n - 16]
            };
            rows[h][n] = table[from + 16 * h + n] ^ prev;
            n += 1;
        }
        h += 1;
    }
    rows
}

/// Two sets of eight rows as one of sixteen.
const fn join(lower: [[u8; 16]; 8], upper: [[u8; 16]; 8]) -> [[u8; 16]; 16] {
    let mut rows = [[0u8; 16]; 16];
    let mut h = 0;
    while h < 8 {
        rows[h] = lower[h];
        rows[h + 8] = upper[h];
        h += 1;
    }
    rows
}

/// The bitmap of the high bytes whose characters take three bytes of UTF-8
/// (`three`), or of the undefined ones.
const fn bitmap(decode: &[u16; 128], three: bool) -> [u8; 16] {
    let mut map = [0u8; 16];
    let mut i = 0;
    while i < 128 {
        let cp = decode[i];
        if (three && cp >= 0x800) || (!three && cp == 0) {
            map[i >> 3] |= 1 << (i & 7);
        }
        i += 1;
    }
    map
}
