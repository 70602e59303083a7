//! What a code page's generated `SingleByte` holds besides its decode table
//! and reverse map: the UTF-8 of every byte, whether every byte is defined,
//! and the tables of the AVX2 kernels (`Vectors`; `runtime/src/table/vectors.rs`
//! documents their layout and `runtime/src/simd/single_byte.rs` how the
//! kernels read them).
//!
//! They used to be derived by `const fn`s when the runtime was compiled,
//! 20 ms of const evaluation per page in every build of every crate that
//! depends on litenc; now they are derived here once and written into the
//! generated table files as plain values. The checks that the runtime made
//! at compile time (every byte encodes back, nothing else in the reverse
//! map, no block reached twice) are made here, before a file is written.

use crate::Reverse;

/// No code: a character without a hot lead.
const NONE: usize = 256;

/// Everything `SingleByte` holds that is derived from the decode tables.
#[derive(Debug)]
pub struct Derived {
    /// The UTF-8 of each byte, little-endian in bits 0..24, its length in
    /// bits 24..32; 0 for an undefined byte.
    pub utf8: [u32; 256],
    /// Whether every byte is defined.
    pub total: bool,
    /// The most UTF-8 bytes one byte decodes to.
    pub max_utf8: usize,
    /// The character of byte 0 (U+0000 but on an LCD ROM).
    pub nul: u32,
    /// The byte of each character below U+0080; 0 where the page lacks it.
    pub encode_low: [u8; 128],
    /// The tables of the AVX2 kernels; `None` for a page whose bytes
    /// `00..=7F` are not ASCII (the kernels do not take those).
    pub vectors: Option<Vectors>,
}

/// The runtime's `Vectors`, field for field.
#[derive(Debug)]
#[allow(missing_docs, reason = "the runtime's `Vectors` documents every field")]
pub struct Vectors {
    pub leads: [u8; 4],
    pub wide: bool,
    pub lead_bits: u32,
    pub decode_code: [[u8; 16]; 8],
    pub decode_leads: [u8; 16],
    pub decode_trail: u8,
    pub decode_run_lead: [u8; 16],
    pub decode_run_trail: [u8; 16],
    pub encode: [[u8; 16]; 16],
    pub encode_run: [u8; 16],
    pub encode_delta: [u8; 16],
    pub three: [u8; 16],
    pub undefined: [u8; 16],
}

/// The byte of a code point in `r` below U+10000, or 0, as the runtime's
/// `table::lookup` finds it (the characters below U+0080 of a page that is
/// not ASCII are in the blocks of the leads `C0` and `C1`).
fn lookup(r: &Reverse, cp: u32) -> u8 {
    match cp {
        0..=0x7FF => r.blocks[usize::from(r.two[(cp >> 6) as usize])][(cp & 63) as usize],
        0x800..=0xFFFF => {
            let row = usize::from(r.three[(cp >> 12) as usize]);
            r.blocks[usize::from(r.rows[row][((cp >> 6) & 63) as usize])][(cp & 63) as usize]
        }
        _ => 0,
    }
}

/// Derives and checks the tables of the page whose high bytes decode
/// through `decode` (0: undefined), whose low bytes decode through `low`
/// where they are not ASCII (byte 0 always defined), and whose characters
/// encode through `reverse`.
///
/// # Errors
/// If `reverse` does not map every defined byte's character back to that
/// byte (or, for a character two bytes share, to the lower one), holds
/// anything else, or reaches a block from two places; if a high byte of an
/// ASCII page decodes to ASCII.
pub fn derive(
    decode: &[u16; 128],
    low: Option<&[u16; 128]>,
    reverse: &Reverse,
) -> Result<Derived, String> {
    let mut utf8 = [0u32; 256];
    let mut total = true;
    let mut max_utf8 = 1;
    let mut defined = 0;
    let nul = low.map_or(0, |l| u32::from(l[0]));
    let mut encode_low = [0u8; 128];
    for i in 0..256 {
        let cp = if i >= 0x80 {
            u32::from(decode[i - 0x80])
        } else if let Some(l) = low {
            u32::from(l[i])
        } else {
            i as u32
        };
        if i > 0 && cp == 0 {
            total = false;
            continue;
        }
        let ch = char::from_u32(cp).ok_or_else(|| format!("byte {i:#04X}: not a scalar value"))?;
        let mut buf = [0u8; 4];
        let len = ch.encode_utf8(&mut buf).len();
        utf8[i] = (len as u32) << 24
            | u32::from(buf[2]) << 16
            | u32::from(buf[1]) << 8
            | u32::from(buf[0]);
        max_utf8 = max_utf8.max(len);
        // The byte the character encodes to: this one, or a lower one of
        // the same character.
        let back = if i == 0 {
            0
        } else if cp < 0x80 && low.is_none() {
            cp as u8
        } else {
            lookup(reverse, cp)
        };
        let b = usize::from(back);
        if !(b == i || (back != 0 || cp == nul) && b < i && utf8[b] == utf8[i]) {
            return Err(format!("byte {i:#04X} does not encode back"));
        }
        if cp < 0x80 && (back != 0 || cp == nul) {
            encode_low[cp as usize] = back;
        }
        if b == i && i > 0 && (i >= 0x80 || low.is_some()) {
            defined += 1;
        }
    }
    // Nothing else in the blocks: as many bytes as defined ones, and no
    // block reached from two places (where a byte would count twice).
    let mut entries = 0;
    for (block, bytes) in reverse.blocks.iter().enumerate().skip(1) {
        entries += bytes.iter().filter(|&&b| b != 0).count();
        let uses = reverse
            .two
            .iter()
            .filter(|&&b| usize::from(b) == block)
            .count()
            + reverse
                .rows
                .iter()
                .skip(1)
                .flatten()
                .filter(|&&b| usize::from(b) == block)
                .count();
        if uses != 1 {
            return Err(format!("block {block} is used {uses} times"));
        }
    }
    if entries != defined {
        return Err("the reverse map holds extra characters".into());
    }
    Ok(Derived {
        utf8,
        total,
        max_utf8,
        nul,
        encode_low,
        vectors: match low {
            None => Some(vectors(decode, reverse)?),
            Some(_) => None,
        },
    })
}

/// The kernels' tables; see the runtime's `Vectors`.
fn vectors(decode: &[u16; 128], reverse: &Reverse) -> Result<Vectors, String> {
    let (leads, used) = hot_leads(decode)?;
    let codes = codes(decode, leads);
    let key = free_code(&codes);
    let mut code = [0u8; 128];
    for (c, &raw) in code.iter_mut().zip(&codes) {
        if raw != NONE {
            *c = (raw ^ key) as u8;
            if *c == 0 {
                return Err("a decoder code is 0".into());
            }
        }
    }
    let mut decode_leads = [0u8; 16];
    let mut lead_bits = 0u32;
    for (n, lead) in decode_leads.iter_mut().enumerate() {
        *lead = leads[(n ^ (key >> 4)) >> 2];
        if n < used {
            lead_bits |= 1 << (leads[n] & 0x1F);
        }
    }
    let enc = encoder_table(reverse, leads, used);
    let (decode_run_lead, decode_run_trail) = decoder_runs(decode, &codes);
    let (encode_run, encode_delta) = encoder_runs(&enc);
    let mut encode = [[0u8; 16]; 16];
    encode[..8].copy_from_slice(&xor_coded(&enc, 0));
    encode[8..].copy_from_slice(&xor_coded(&enc, 128));
    Ok(Vectors {
        leads,
        wide: used > 2,
        lead_bits,
        decode_code: xor_coded(&code, 0),
        decode_leads,
        decode_trail: 0x80 | (key & 0x3F) as u8,
        decode_run_lead,
        decode_run_trail,
        encode,
        encode_run,
        encode_delta,
        three: bitmap(decode, true),
        undefined: bitmap(decode, false),
    })
}

/// The page's hot leads, the four two-byte leads with the most characters
/// (the lower lead first among equals; `0xC0` for none), and how many there
/// are.
fn hot_leads(decode: &[u16; 128]) -> Result<([u8; 4], usize), String> {
    let mut count = [0u32; 32];
    for &cp in decode {
        let cp = usize::from(cp);
        // (The length pass counts every defined high byte as two or three
        // bytes of UTF-8.)
        if cp != 0 && cp < 0x80 {
            return Err("a high byte decodes to ASCII".into());
        }
        if (0x80..0x800).contains(&cp) {
            count[cp >> 6] += 1;
        }
    }
    let mut leads = [0xC0u8; 4];
    let mut used = 0;
    while used < 4 {
        let mut best = 0;
        for n in 2..32 {
            if count[n] > count[best] {
                best = n;
            }
        }
        if count[best] == 0 {
            break;
        }
        leads[used] = 0xC0 | best as u8;
        count[best] = 0;
        used += 1;
    }
    Ok((leads, used))
}

/// The code of each high byte before the key, `slot << 6 | trail & 0x3F`,
/// or [`NONE`].
fn codes(decode: &[u16; 128], leads: [u8; 4]) -> [usize; 128] {
    let mut codes = [NONE; 128];
    for (code, &cp) in codes.iter_mut().zip(decode) {
        let cp = usize::from(cp);
        if (0x80..0x800).contains(&cp) {
            for (slot, &lead) in leads.iter().enumerate() {
                if usize::from(lead) == 0xC0 | cp >> 6 {
                    *code = slot << 6 | (cp & 0x3F);
                }
            }
        }
    }
    codes
}

/// The least number below 256 that is no byte's code.
fn free_code(codes: &[usize; 128]) -> usize {
    let mut taken = [false; 257];
    for &c in codes {
        taken[c] = true;
    }
    taken.iter().position(|&t| !t).unwrap_or(256)
}

/// The encoder's table in code order: the byte of each slot's lead with
/// each trail, 0 if the page lacks it.
fn encoder_table(reverse: &Reverse, leads: [u8; 4], used: usize) -> [u8; 256] {
    let mut enc = [0u8; 256];
    for (c, byte) in enc.iter_mut().enumerate() {
        if c >> 6 < used {
            let cp = u32::from(leads[c >> 6] & 0x1F) << 6 | (c & 0x3F) as u32;
            *byte = lookup(reverse, cp);
        }
    }
    enc
}

/// `decode_run_lead` and `decode_run_trail`: see the runtime's `Vectors`.
fn decoder_runs(decode: &[u16; 128], codes: &[usize; 128]) -> ([u8; 16], [u8; 16]) {
    let mut run_lead = [0u8; 16];
    let mut run_trail = [0u8; 16];
    for row in 8..16 {
        let base = 16 * (row - 8);
        let cp = usize::from(decode[base]);
        let run = (0..16).all(|n| {
            codes[base + n] != NONE
                && usize::from(decode[base + n]) == cp + n
                && cp >> 6 == (cp + n) >> 6
        });
        if run {
            let trail = 0x80 | (cp & 0x3F) as u8;
            run_lead[row] = 0xC0 | (cp >> 6) as u8;
            run_trail[row] = trail.wrapping_sub(0x80 + base as u8);
        }
    }
    (run_lead, run_trail)
}

/// `encode_run` and `encode_delta`: see the runtime's `Vectors`.
fn encoder_runs(enc: &[u8; 256]) -> ([u8; 16], [u8; 16]) {
    let mut run = [0u8; 16];
    let mut delta = [0u8; 16];
    for row in 0..16 {
        let d = enc[16 * row].wrapping_sub(16 * row as u8);
        let is_run = (0..16).all(|n| {
            let c = 16 * row + n;
            enc[c] != 0 && enc[c] == (c as u8).wrapping_add(d)
        });
        if is_run {
            run[row] = 0xFF;
            delta[row] = d;
        }
    }
    (run, delta)
}

/// Entries `from..from + 128` of `table` as eight xor-coded rows of 16.
fn xor_coded(table: &[u8], from: usize) -> [[u8; 16]; 8] {
    let mut rows = [[0u8; 16]; 8];
    for (h, row) in rows.iter_mut().enumerate() {
        for (n, entry) in row.iter_mut().enumerate() {
            let prev = if h == 0 {
                0
            } else {
                table[from + 16 * h + n - 16]
            };
            *entry = table[from + 16 * h + n] ^ prev;
        }
    }
    rows
}

/// The bitmap of the high bytes whose characters take three bytes of UTF-8
/// (`three`), or of the undefined ones.
fn bitmap(decode: &[u16; 128], three: bool) -> [u8; 16] {
    let mut map = [0u8; 16];
    for (i, &cp) in decode.iter().enumerate() {
        if (three && cp >= 0x800) || (!three && cp == 0) {
            map[i >> 3] |= 1 << (i & 7);
        }
    }
    map
}
