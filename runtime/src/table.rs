//! The form of a single-byte encoding: one [`SingleByte`] per code page,
//! generated into `tables/` by `cargo run -p xtask -- gen-tables`, and the
//! rules every code page shares.
//!
//! Bytes `00..=7F` are ASCII in every page litenc has. Bytes `80..=FF` map
//! through `decode`, where 0 marks a byte the page leaves undefined (no page
//! maps a high byte to U+0000). Encoding goes the other way through
//! [`Reverse`], a two-level map keyed by the character's UTF-8 bytes, so that
//! an encoder reading UTF-8 looks a character up without decoding it first:
//!
//! - a two-byte character (`C2..=DF`, then a continuation byte; U+0080 to
//!   U+07FF) is `blocks[two[lead & 0x1F]][trail & 0x3F]`;
//! - a three-byte character (`E0..=EF`, then two; U+0800 to U+FFFF) is
//!   `blocks[rows[three[lead & 0x0F]][second & 0x3F]][third & 0x3F]`;
//! - a four-byte character is in no page.
//!
//! Block 0 and row 0 are all zeros, so a character a page does not have
//! finds byte 0, which no non-ASCII character encodes to. A page's tables take
//! about 2 KB: 256 bytes of `decode`, 48 bytes of leads, 64 bytes per row
//! and per block (10 to 20 of them), and the 1 KB `utf8` table of the
//! decoders, which [`SingleByte::new`] derives at compile time, as it does
//! the 0.5 KB of [`Vectors`], the tables of the AVX2 kernels.

use crate::encoding::Encoding;
use crate::scalar;

/// The inverse of a decode table; see the module docs.
pub(crate) struct Reverse {
    /// The block of each two-byte lead `C0 + i`.
    pub(crate) two: &'static [u8; 32],
    /// The row of each three-byte lead `E0 + i`.
    pub(crate) three: &'static [u8; 16],
    /// The block of each second byte's low six bits, per row.
    pub(crate) rows: &'static [[u8; 64]],
    /// The byte of each third (or last) byte's low six bits, per block.
    pub(crate) blocks: &'static [[u8; 64]],
}

/// One single-byte encoding.
pub(crate) struct SingleByte {
    /// Which encoding this is, for errors and names.
    pub(crate) encoding: Encoding,
    /// The code point of each byte `0x80 + i`, 0 if undefined.
    pub(crate) decode: &'static [u16; 128],
    /// The inverse of `decode`.
    pub(crate) reverse: Reverse,
    /// The UTF-8 of each byte (ASCII included), little-endian in bits 0..24,
    /// its length in bits 24..32; 0 for an undefined byte.
    pub(crate) utf8: [u32; 256],
    /// Whether every byte is defined, so that decoding cannot fail.
    pub(crate) total: bool,
    /// The most UTF-8 bytes one byte decodes to (1 to 3).
    pub(crate) max_utf8: usize,
    /// The tables of the AVX2 kernels (`crate::simd::single_byte`).
    pub(crate) vectors: Vectors,
}

impl SingleByte {
    /// The tables of one encoding, with what the codec derives from them,
    /// checked: `reverse` must map every defined byte's character back to
    /// that byte and hold nothing else (a failed check is a compile error).
    pub(crate) const fn new(
        encoding: Encoding,
        decode: &'static [u16; 128],
        reverse: Reverse,
    ) -> SingleByte {
        let mut utf8 = [0u32; 256];
        let mut total = true;
        let mut max_utf8 = 1;
        let mut defined = 0;
        let mut i = 0;
        while i < 256 {
            let cp = if i < 0x80 {
                i as u32
            } else {
                decode[i - 0x80] as u32
            };
            if i >= 0x80 && cp == 0 {
                total = false;
            } else {
                let mut buf = [0u8; 4];
                let len = scalar::write_utf8(&mut buf, 0, cp);
                utf8[i] = (len as u32) << 24
                    | (buf[2] as u32) << 16
                    | (buf[1] as u32) << 8
                    | buf[0] as u32;
                if len > max_utf8 {
                    max_utf8 = len;
                }
                if i >= 0x80 {
                    defined += 1;
                    assert!(
                        lookup(&reverse, cp) == i as u8,
                        "litenc tables: a byte does not encode back"
                    );
                }
            }
            i += 1;
        }
        // Nothing else in the blocks: as many bytes as defined ones, and no
        // block reached from two places (where a byte would count twice).
        let mut entries = 0;
        let mut block = 1;
        while block < reverse.blocks.len() {
            let mut k = 0;
            while k < 64 {
                if reverse.blocks[block][k] != 0 {
                    entries += 1;
                }
                k += 1;
            }
            let mut uses = 0;
            let mut j = 0;
            while j < 32 {
                if reverse.two[j] as usize == block {
                    uses += 1;
                }
                j += 1;
            }
            let mut row = 1;
            while row < reverse.rows.len() {
                let mut k = 0;
                while k < 64 {
                    if reverse.rows[row][k] as usize == block {
                        uses += 1;
                    }
                    k += 1;
                }
                row += 1;
            }
            assert!(uses == 1, "litenc tables: a block is not used exactly once");
            block += 1;
        }
        assert!(
            entries == defined,
            "litenc tables: the reverse map holds extra characters"
        );
        let vectors = Vectors::new(decode, &reverse);
        SingleByte {
            encoding,
            decode,
            reverse,
            utf8,
            total,
            max_utf8,
            vectors,
        }
    }

    /// The character of a byte, if the encoding defines it.
    #[inline]
    pub(crate) const fn decode_byte(&self, byte: u8) -> Option<char> {
        if byte < 0x80 {
            return Some(byte as char);
        }
        match self.decode[(byte - 0x80) as usize] {
            0 => None,
            cp => Some(scalar::to_char(cp as u32)),
        }
    }

    /// The byte of a character, if the encoding has it.
    #[inline]
    pub(crate) const fn encode_char(&self, ch: char) -> Option<u8> {
        let cp = ch as u32;
        if cp < 0x80 {
            return Some(cp as u8);
        }
        match lookup(&self.reverse, cp) {
            0 => None,
            byte => Some(byte),
        }
    }

    /// The byte of the two-byte UTF-8 character `lead`, `trail` (valid
    /// UTF-8), or 0.
    #[inline]
    pub(crate) const fn two_byte(&self, lead: u8, trail: u8) -> u8 {
        let r = &self.reverse;
        r.blocks[r.two[(lead & 0x1F) as usize] as usize][(trail & 0x3F) as usize]
    }

    /// The byte of the three-byte UTF-8 character `lead`, `b1`, `b2` (valid
    /// UTF-8), or 0.
    #[inline]
    pub(crate) const fn three_byte(&self, lead: u8, b1: u8, b2: u8) -> u8 {
        let r = &self.reverse;
        let block = r.rows[r.three[(lead & 0x0F) as usize] as usize][(b1 & 0x3F) as usize];
        r.blocks[block as usize][(b2 & 0x3F) as usize]
    }
}

/// The UTF-8 of a two-byte character: the lead in bits 0..8, the trail in
/// 8..16 (anything for other code points).
const fn utf8_of(cp: u16) -> u32 {
    (0xC0 | (cp >> 6) as u32 & 0x1F) | (0x80 | (cp & 0x3F) as u32) << 8
}

/// The byte of a non-ASCII code point in `r`, or 0.
#[inline]
const fn lookup(r: &Reverse, cp: u32) -> u8 {
    if cp < 0x800 {
        r.blocks[r.two[(cp >> 6) as usize] as usize][(cp & 0x3F) as usize]
    } else if cp < 0x1_0000 {
        let block = r.rows[r.three[(cp >> 12) as usize] as usize][((cp >> 6) & 0x3F) as usize];
        r.blocks[block as usize][(cp & 0x3F) as usize]
    } else {
        0
    }
}

/// The tables of a code page's AVX2 kernels (`crate::simd::single_byte`,
/// whose documentation says how they use them), derived from `decode` at
/// compile time by [`Vectors::new`]: about 500 bytes a page, nothing
/// generated or checked in.
///
/// # Looking up 128 or 256 bytes with `vpshufb`
///
/// A vector of 32 bytes cannot index a table of 128 bytes per byte on AVX2;
/// what it has is `vpshufb`, which looks up 16 bytes by the low four bits
/// of each index byte and gives 0 where the index byte has bit 7 set. A
/// table of `16k` bytes (in rows of 16, `k <= 8`) takes `k` of them: round
/// `h` looks up row `h` at `index - 16h`. For an index in row `r`, round
/// `h <= r` gives entry `index & 15` of row `h` (the subtraction leaves
/// the low nibble alone and bit 7 clear), and round `h > r` gives 0 (the
/// difference is -1 to -128, bit 7 set). So if row `h` is stored as the
/// XOR of the table's rows `h` and `h - 1` ("xor-coded"), the XOR of all
/// `k` rounds is entry `index & 15` of row `r`: rows `0..r` cancel in pairs.
/// Rows are xor-coded here; a 256-byte table is two of 128, the second
/// looked up at `index ^ 0x80`, one picked by bit 7 of the index.
///
/// # What the tables hold
///
/// Most non-ASCII characters of a page are two bytes of UTF-8 with one of
/// a few lead bytes (`D0`, `D1` for Cyrillic; `CE`, `CF` for Greek; `C3`,
/// `C4`, `C5` for Latin). The page's four two-byte leads with the most
/// characters are its *hot* leads, in *slots* 0 to 3; a character with a
/// hot lead is the slot and its trail's low six bits, a number below 256,
/// which both kernels use: the decoder to write the character (a lead from
/// a slot, a trail from six bits), the encoder to look the character's byte
/// up. Every other character (three bytes of UTF-8, a fifth lead) goes
/// through the scalar tables, one at a time.
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
    /// The decoder's code of each high byte, in xor-coded rows: for a byte
    /// whose character has a hot lead, `(slot << 6 | trail & 0x3F)
    /// ^ key`, never 0; for every other byte 0. `key` is the least byte
    /// that is no hot character's `slot << 6 | trail & 0x3F`, so that 0
    /// can mean "not here".
    pub(crate) decode_code: [[u8; 16]; 8],
    /// The UTF-8 lead of a code, by its high nibble.
    pub(crate) decode_leads: [u8; 16],
    /// The trail byte of a code `c` is `(c & 0x3F) ^ decode_trail`:
    /// `0x80 | key & 0x3F`.
    pub(crate) decode_trail: u8,
    /// The lead of every byte of a row of 16 high bytes (by `b >> 4`) that
    /// is a run: all of them two-byte characters with hot leads, the same
    /// lead, each trail the one before plus one (Windows-1251 `C0..=FF`,
    /// Windows-1252 `A0..=FF`); 0 for the other rows (and ASCII), so that
    /// bit 7 says which rows are runs.
    pub(crate) decode_run_lead: [u8; 16],
    /// What to add to a byte of such a row for its trail; 0 for ASCII (by
    /// `b >> 4`, `0..8`), whose last byte is itself.
    pub(crate) decode_run_trail: [u8; 16],
    /// What to add to a code `c` for its byte, by `c >> 4`, in the rows
    /// marked in [`encode_linear`](Self::encode_linear).
    pub(crate) encode_delta: [u8; 16],
    /// `0xFF` for each row of 16 codes (by `c >> 4`) whose bytes are a run:
    /// all in the page, each the one before plus one; 0 for the others.
    pub(crate) encode_linear: [u8; 16],
    /// Bit `b & 7` of byte `(b - 0x80) >> 3` set for each high byte `b`
    /// whose character is three bytes of UTF-8.
    pub(crate) three: [u8; 16],
    /// The same for each undefined byte.
    pub(crate) undefined: [u8; 16],
    /// The encoder's table: the byte of the character `slot << 6 | trail &
    /// 0x3F`, 0 if the page lacks it; rows 0 to 7 (slots 0 and 1) and 8 to
    /// 15 (slots 2 and 3) each xor-coded on their own.
    pub(crate) encode: [[u8; 16]; 16],
}

impl Vectors {
    /// The kernels' tables of the page whose high bytes decode through
    /// `decode` and whose characters encode through `reverse`.
    const fn new(decode: &[u16; 128], reverse: &Reverse) -> Vectors {
        // Characters per two-byte lead `C0 + n`.
        let mut count = [0u32; 32];
        let mut i = 0;
        while i < 128 {
            let cp = decode[i] as usize;
            if cp >= 0x80 && cp < 0x800 {
                count[cp >> 6] += 1;
            }
            i += 1;
        }
        // The hot leads: the four with the most characters, the lower lead
        // first among equals.
        let mut leads = [0xC0u8; 4];
        let mut slot_of = [4usize; 32];
        let mut used = 0;
        while used < 4 {
            let mut best = 0;
            let mut n = 1;
            while n < 32 {
                if slot_of[n] == 4 && count[n] > count[best] {
                    best = n;
                }
                n += 1;
            }
            if count[best] == 0 {
                break;
            }
            leads[used] = 0xC0 | best as u8;
            slot_of[best] = used;
            used += 1;
        }
        let mut lead_bits = 0u32;
        let mut s = 0;
        while s < used {
            lead_bits |= 1 << (leads[s] & 0x1F);
            s += 1;
        }

        // Each high byte's code before the key (`slot << 6 | trail`, 256 =
        // none), the key, and the bitmaps.
        let mut raw = [256usize; 128];
        let mut taken = [false; 256];
        let mut three = [0u8; 16];
        let mut undefined = [0u8; 16];
        let mut i = 0;
        while i < 128 {
            let cp = decode[i] as usize;
            // (`decoded_len` counts every defined high byte as two or three
            // bytes of UTF-8.)
            assert!(
                cp == 0 || cp >= 0x80,
                "litenc tables: a high byte decodes to ASCII"
            );
            if cp == 0 {
                undefined[i >> 3] |= 1 << (i & 7);
            } else if cp >= 0x800 {
                three[i >> 3] |= 1 << (i & 7);
            } else if slot_of[cp >> 6] < 4 {
                raw[i] = slot_of[cp >> 6] << 6 | (cp & 0x3F);
                taken[raw[i]] = true;
            }
            i += 1;
        }
        // At most 128 of 256 codes are taken, so a free one exists.
        let mut key = 0;
        while taken[key] {
            key += 1;
        }
        let mut code = [0u8; 128];
        let mut i = 0;
        while i < 128 {
            if raw[i] < 256 {
                code[i] = (raw[i] ^ key) as u8;
                assert!(code[i] != 0, "litenc tables: a decoder code is 0");
            }
            i += 1;
        }
        let mut decode_leads = [0u8; 16];
        let mut n = 0;
        while n < 16 {
            decode_leads[n] = leads[(n ^ (key >> 4)) >> 2];
            n += 1;
        }

        // The encoder's table, in code order: the byte of each slot's
        // character with each trail.
        let mut enc = [0u8; 256];
        let mut c = 0;
        while c < 256 {
            let cp = (((leads[c >> 6] & 0x1F) as u32) << 6) | (c & 0x3F) as u32;
            if c >> 6 < used {
                enc[c] = lookup(reverse, cp);
            }
            c += 1;
        }

        // The rows of 16 bytes (decoder: by the byte's high nibble) and of
        // 16 codes (encoder: by the code's) that are runs: every entry
        // there, each the one before plus one.
        let mut decode_run_lead = [0u8; 16];
        let mut decode_run_trail = [0u8; 16];
        let mut encode_delta = [0u8; 16];
        let mut encode_linear = [0u8; 16];
        let mut r = 0;
        while r < 16 {
            if r >= 8 {
                let base = 16 * (r - 8);
                let first = utf8_of(decode[base]);
                let mut run = true;
                let mut n = 0;
                while n < 16 {
                    let v = utf8_of(decode[base + n]);
                    run &= raw[base + n] < 256
                        && v & 0xFF == first & 0xFF
                        && v >> 8 == (first >> 8) + n as u32;
                    n += 1;
                }
                if run {
                    decode_run_lead[r] = first as u8;
                    decode_run_trail[r] = ((first >> 8) as u8).wrapping_sub(0x80 + base as u8);
                }
            }
            let delta = enc[16 * r].wrapping_sub(16 * r as u8);
            let mut run = true;
            let mut n = 0;
            while n < 16 {
                let c = 16 * r + n;
                run &= enc[c] != 0 && enc[c] == (c as u8).wrapping_add(delta);
                n += 1;
            }
            encode_delta[r] = delta;
            encode_linear[r] = if run { 0xFF } else { 0 };
            r += 1;
        }

        let mut decode_code = [[0u8; 16]; 8];
        let mut encode = [[0u8; 16]; 16];
        let mut h = 0;
        while h < 16 {
            let mut n = 0;
            while n < 16 {
                // Row `h` xor row `h - 1`, but not across the halves of
                // `encode`.
                let prev = if h % 8 == 0 { 0 } else { enc[16 * h + n - 16] };
                encode[h][n] = enc[16 * h + n] ^ prev;
                if h < 8 {
                    let prev = if h == 0 { 0 } else { code[16 * h + n - 16] };
                    decode_code[h][n] = code[16 * h + n] ^ prev;
                }
                n += 1;
            }
            h += 1;
        }
        Vectors {
            leads,
            wide: used > 2,
            lead_bits,
            decode_code,
            decode_leads,
            decode_trail: 0x80 | (key & 0x3F) as u8,
            decode_run_lead,
            decode_run_trail,
            encode_delta,
            encode_linear,
            three,
            undefined,
            encode,
        }
    }
}
