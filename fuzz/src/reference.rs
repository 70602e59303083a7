//! Reference codecs, written independently of `litenc-runtime` and as plainly
//! as possible: `std` for UTF-8 and UTF-16 units, `encoding_rs` for the lossy
//! UTF-16 byte forms and Windows-1251, and for the CESU-8 family a decoder
//! that tests candidate sequences by *meaning* (decode the bits, reject
//! overlong values) instead of by the byte-range table the library uses;
//! `encoding_rs` for the multi-byte encodings of Chinese, Japanese and
//! Korean (the same WHATWG Encoding Standard).

use litenc_runtime::Encoding;

/// Where the first problem of the input is, as `core::str::Utf8Error` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefError {
    /// Units of well-formed input before the problem.
    pub valid_up_to: usize,
    /// `Some(n)` for `n` ill-formed units, `None` for a truncated end.
    pub error_len: Option<usize>,
}

/// One step of the CESU-8 family reference decoder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RStep {
    /// A code unit or scalar value and its length in bytes.
    Char(u32, usize),
    /// The maximal subpart of an ill-formed sequence.
    Bad(usize),
    /// The input ends inside a sequence.
    End,
}

fn is_high(u: u32) -> bool {
    (0xD800..0xDC00).contains(&u)
}

fn is_low(u: u32) -> bool {
    (0xDC00..0xE000).contains(&u)
}

/// The length a lead byte announces in the CESU-8 family (no 4-byte forms).
fn announced_len(lead: u8) -> Option<usize> {
    match lead {
        0x00..=0x7F => Some(1),
        0xC0..=0xDF => Some(2),
        0xE0..=0xEF => Some(3),
        _ => None,
    }
}

/// The value of a complete 1- to 3-byte sequence if it is well formed in
/// the CESU-8 family: continuation bytes `10xxxxxx`, no overlong value
/// except MUTF-8's `C0 80` for U+0000, which is also MUTF-8's only zero.
fn well_formed(seq: &[u8], java: bool) -> Option<u32> {
    let len = announced_len(seq[0])?;
    if seq.len() != len || seq[1..].iter().any(|&b| b & 0xC0 != 0x80) {
        return None;
    }
    let cp = match len {
        1 => u32::from(seq[0]),
        2 => (u32::from(seq[0] & 0x1F) << 6) | u32::from(seq[1] & 0x3F),
        _ => {
            (u32::from(seq[0] & 0x0F) << 12)
                | (u32::from(seq[1] & 0x3F) << 6)
                | u32::from(seq[2] & 0x3F)
        }
    };
    let shortest = if cp < 0x80 {
        1
    } else if cp < 0x800 {
        2
    } else {
        3
    };
    let ok = if cp == 0 && java {
        len == 2
    } else {
        len == shortest
    };
    ok.then_some(cp)
}

/// Whether some well-formed sequence of the announced length starts with
/// `prefix` and (if given) has a value that `want` accepts. Completions
/// with `80` and `BF` suffice: every constraint is a range on the value.
fn completes(prefix: &[u8], java: bool, want: fn(u32) -> bool) -> bool {
    let Some(len) = announced_len(prefix[0]) else {
        return false;
    };
    let missing = len - prefix.len();
    (0..1u32 << missing).any(|bits| {
        let mut seq = prefix.to_vec();
        for k in 0..missing {
            seq.push(if bits >> k & 1 == 1 { 0xBF } else { 0x80 });
        }
        well_formed(&seq, java).is_some_and(want)
    })
}

/// The lower layer: one code unit (surrogates included) at `b[i..]`.
fn cesu_unit(b: &[u8], i: usize, java: bool) -> RStep {
    let Some(len) = announced_len(b[i]) else {
        return RStep::Bad(1);
    };
    let any = |_| true;
    if !completes(&b[i..=i], java, any) {
        return RStep::Bad(1);
    }
    for k in 1..len {
        if i + k >= b.len() {
            return RStep::End;
        }
        if !completes(&b[i..=i + k], java, any) {
            return RStep::Bad(k);
        }
    }
    match well_formed(&b[i..i + len], java) {
        Some(cp) => RStep::Char(cp, len),
        None => RStep::Bad(len),
    }
}

/// The upper layer: one scalar value, a surrogate pair being one step.
fn cesu_step(b: &[u8], i: usize, java: bool) -> RStep {
    let (unit, len) = match cesu_unit(b, i, java) {
        RStep::Char(u, len) => (u, len),
        other => return other,
    };
    if is_low(unit) {
        return RStep::Bad(3);
    }
    if !is_high(unit) {
        return RStep::Char(unit, len);
    }
    let j = i + 3;
    if j >= b.len() {
        return RStep::End;
    }
    match cesu_unit(b, j, java) {
        RStep::Char(low, 3) if is_low(low) => {
            let cp = 0x1_0000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
            RStep::Char(cp, 6)
        }
        // The input ends on the start of a low surrogate: more could come.
        RStep::End if completes(&b[j..], java, is_low) => RStep::End,
        _ => RStep::Bad(3),
    }
}

fn cesu_decode(data: &[u8], java: bool) -> Result<String, RefError> {
    let mut out = String::new();
    let mut i = 0;
    while i < data.len() {
        match cesu_step(data, i, java) {
            RStep::Char(cp, len) => {
                out.push(char::from_u32(cp).expect("reference decoded a non-scalar"));
                i += len;
            }
            RStep::Bad(n) => {
                return Err(RefError {
                    valid_up_to: i,
                    error_len: Some(n),
                });
            }
            RStep::End => {
                return Err(RefError {
                    valid_up_to: i,
                    error_len: None,
                });
            }
        }
    }
    Ok(out)
}

fn cesu_lossy(data: &[u8], java: bool) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < data.len() {
        match cesu_step(data, i, java) {
            RStep::Char(cp, len) => {
                out.push(char::from_u32(cp).expect("reference decoded a non-scalar"));
                i += len;
            }
            RStep::Bad(n) => {
                out.push('\u{FFFD}');
                i += n;
            }
            RStep::End => {
                out.push('\u{FFFD}');
                break;
            }
        }
    }
    out
}

/// MUTF-8 to UTF-16 code units, unpaired surrogates allowed (Java's
/// `readUTF`, minus its laxness about raw `00` and overlong forms).
///
/// # Errors
/// The first ill-formed or truncated 1- to 3-byte sequence.
pub fn mutf8_units(data: &[u8]) -> Result<Vec<u16>, RefError> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < data.len() {
        match cesu_unit(data, i, true) {
            RStep::Char(u, len) => {
                out.push(u16::try_from(u).expect("unit above U+FFFF"));
                i += len;
            }
            RStep::Bad(n) => {
                return Err(RefError {
                    valid_up_to: i,
                    error_len: Some(n),
                });
            }
            RStep::End => {
                return Err(RefError {
                    valid_up_to: i,
                    error_len: None,
                });
            }
        }
    }
    Ok(out)
}

/// The first problem of UTF-16 code units, in units: an unpaired surrogate
/// (length 1), or a high surrogate as the last unit (truncated).
#[must_use]
pub fn utf16_units_error(units: &[u16]) -> Option<RefError> {
    let mut pos = 0;
    for r in char::decode_utf16(units.iter().copied()) {
        match r {
            Ok(c) => pos += c.len_utf16(),
            Err(e) => {
                let u = u32::from(e.unpaired_surrogate());
                let error_len = if is_high(u) && pos + 1 == units.len() {
                    None
                } else {
                    Some(1)
                };
                return Some(RefError {
                    valid_up_to: pos,
                    error_len,
                });
            }
        }
    }
    None
}

/// The code units of UTF-16 bytes (an odd last byte left out).
#[must_use]
pub fn units_of(data: &[u8], big_endian: bool) -> Vec<u16> {
    data.chunks_exact(2)
        .map(|c| {
            if big_endian {
                u16::from_be_bytes([c[0], c[1]])
            } else {
                u16::from_le_bytes([c[0], c[1]])
            }
        })
        .collect()
}

fn utf16_bytes(data: &[u8], big_endian: bool) -> Result<String, RefError> {
    let units = units_of(data, big_endian);
    if let Some(e) = utf16_units_error(&units) {
        return Err(RefError {
            valid_up_to: 2 * e.valid_up_to,
            error_len: e.error_len.map(|n| 2 * n),
        });
    }
    if data.len() % 2 == 1 {
        return Err(RefError {
            valid_up_to: data.len() - 1,
            error_len: None,
        });
    }
    Ok(String::from_utf16(&units).expect("checked above"))
}

/// UTF-32 bytes by std: a unit is well formed exactly when
/// `char::from_u32` accepts it; one to three bytes at the end are truncated.
fn utf32_bytes(data: &[u8], big_endian: bool) -> Result<String, RefError> {
    let mut out = String::new();
    for (i, quad) in data.chunks(4).enumerate() {
        let Ok(quad) = <[u8; 4]>::try_from(quad) else {
            return Err(RefError {
                valid_up_to: 4 * i,
                error_len: None,
            });
        };
        let unit = if big_endian {
            u32::from_be_bytes(quad)
        } else {
            u32::from_le_bytes(quad)
        };
        out.push(char::from_u32(unit).ok_or(RefError {
            valid_up_to: 4 * i,
            error_len: Some(4),
        })?);
    }
    Ok(out)
}

/// Lossy UTF-32 by std: one U+FFFD per refused unit and one for a
/// truncated end.
fn utf32_lossy(data: &[u8], big_endian: bool) -> String {
    data.chunks(4)
        .map(|quad| match <[u8; 4]>::try_from(quad) {
            Ok(q) => char::from_u32(if big_endian {
                u32::from_be_bytes(q)
            } else {
                u32::from_le_bytes(q)
            })
            .unwrap_or(char::REPLACEMENT_CHARACTER),
            Err(_) => char::REPLACEMENT_CHARACTER,
        })
        .collect()
}

/// Strict decoding by the reference.
///
/// # Errors
/// Where the input stops being well formed.
///
/// # Panics
/// On an encoding this file does not know yet.
pub fn decode(enc: Encoding, data: &[u8]) -> Result<String, RefError> {
    match enc {
        Encoding::Utf8 => std::str::from_utf8(data)
            .map(str::to_owned)
            .map_err(|e| RefError {
                valid_up_to: e.valid_up_to(),
                error_len: e.error_len(),
            }),
        Encoding::Utf16Le => utf16_bytes(data, false),
        Encoding::Utf16Be => utf16_bytes(data, true),
        Encoding::Utf32Le => utf32_bytes(data, false),
        Encoding::Utf32Be => utf32_bytes(data, true),
        Encoding::Mutf8 => cesu_decode(data, true),
        Encoding::Cesu8 => cesu_decode(data, false),
        enc if enc.is_single_byte() => {
            let page = page(enc);
            let mut out = String::new();
            for (i, &b) in data.iter().enumerate() {
                out.push(page[usize::from(b)].ok_or(RefError {
                    valid_up_to: i,
                    error_len: Some(1),
                })?);
            }
            Ok(out)
        }
        enc if enc.is_cjk() => multi_byte_decode(peer(enc), data),
        Encoding::Gsm0338 => gsm_decode(data, false),
        _ => panic!("reference: unknown encoding {enc:?}"),
    }
}

/// encoding_rs's encoding of the same name, for a multi-byte encoding.
fn peer(enc: Encoding) -> &'static encoding_rs::Encoding {
    encoding_rs::Encoding::for_label(enc.name().as_bytes()).expect("a WHATWG encoding")
}

/// encoding_rs's first error in `data`, `(start, bad bytes)`, with the end
/// of `data` as the end of the input (`last`) or not.
fn multi_byte_first_error(
    peer: &'static encoding_rs::Encoding,
    data: &[u8],
    last: bool,
) -> Option<(usize, usize)> {
    let mut d = peer.new_decoder_without_bom_handling();
    let cap = d
        .max_utf8_buffer_length_without_replacement(data.len())
        .expect("fits");
    let mut out = vec![0u8; cap];
    let (r, read, _) = d.decode_to_utf8_without_replacement(data, &mut out, last);
    match r {
        encoding_rs::DecoderResult::InputEmpty => None,
        encoding_rs::DecoderResult::OutputFull => panic!("reference: output full"),
        encoding_rs::DecoderResult::Malformed(bad, after) => Some((
            read - usize::from(after) - usize::from(bad),
            usize::from(bad),
        )),
    }
}

/// A multi-byte encoding by encoding_rs: the error starts after the bad
/// bytes it reports and the bytes it read after them, and is a truncated
/// end where encoding_rs only reports it once told that the input ends.
fn multi_byte_decode(
    peer: &'static encoding_rs::Encoding,
    data: &[u8],
) -> Result<String, RefError> {
    match multi_byte_first_error(peer, data, true) {
        None => Ok(peer
            .decode_without_bom_handling_and_without_replacement(data)
            .expect("no error")
            .into_owned()),
        Some((valid_up_to, bad)) => Err(RefError {
            valid_up_to,
            error_len: multi_byte_first_error(peer, data, false).map(|_| bad),
        }),
    }
}

/// Lossy decoding by the reference.
///
/// # Panics
/// On an encoding this file does not know yet.
#[must_use]
pub fn lossy(enc: Encoding, data: &[u8]) -> String {
    match enc {
        Encoding::Utf8 => String::from_utf8_lossy(data).into_owned(),
        Encoding::Utf16Le => encoding_rs::UTF_16LE
            .decode_without_bom_handling(data)
            .0
            .into_owned(),
        Encoding::Utf16Be => encoding_rs::UTF_16BE
            .decode_without_bom_handling(data)
            .0
            .into_owned(),
        Encoding::Utf32Le => utf32_lossy(data, false),
        Encoding::Utf32Be => utf32_lossy(data, true),
        Encoding::Mutf8 => cesu_lossy(data, true),
        Encoding::Cesu8 => cesu_lossy(data, false),
        enc if enc.is_single_byte() => {
            let page = page(enc);
            data.iter()
                .map(|&b| page[usize::from(b)].unwrap_or(char::REPLACEMENT_CHARACTER))
                .collect()
        }
        enc if enc.is_cjk() => peer(enc).decode_without_bom_handling(data).0.into_owned(),
        Encoding::Gsm0338 => gsm_decode(data, true).unwrap_or_default(),
        _ => panic!("reference: unknown encoding {enc:?}"),
    }
}

/// Generalized UTF-8 of one code point below U+10000 (surrogates included).
fn push_bmp(out: &mut Vec<u8>, u: u16, java: bool) {
    let u = u32::from(u);
    if u == 0 && java {
        out.extend_from_slice(&[0xC0, 0x80]);
    } else if u < 0x80 {
        out.push(u as u8);
    } else if u < 0x800 {
        out.extend_from_slice(&[0xC0 | (u >> 6) as u8, 0x80 | (u & 0x3F) as u8]);
    } else {
        out.extend_from_slice(&[
            0xE0 | (u >> 12) as u8,
            0x80 | ((u >> 6) & 0x3F) as u8,
            0x80 | (u & 0x3F) as u8,
        ]);
    }
}

/// What `DataOutput.writeUTF` writes for `units` (without the length).
#[must_use]
pub fn mutf8_of_units(units: &[u16]) -> Vec<u8> {
    let mut out = Vec::new();
    for &u in units {
        push_bmp(&mut out, u, true);
    }
    out
}

/// The 256 characters of a single-byte encoding (`None`: undefined), read
/// from the index file it is generated from (`data/whatwg/`, `data/dos/`)
/// by a parser of this file's own, or by the rule of strict ASCII and
/// ISO-8859-1.
fn page(enc: Encoding) -> [Option<char>; 256] {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static PAGES: OnceLock<Mutex<HashMap<Encoding, [Option<char>; 256]>>> = OnceLock::new();
    let mut pages = PAGES
        .get_or_init(Mutex::default)
        .lock()
        .expect("not poisoned");
    *pages.entry(enc).or_insert_with(|| {
        let mut t = [None; 256];
        for (b, slot) in t.iter_mut().enumerate().take(0x80) {
            *slot = char::from_u32(b as u32);
        }
        match enc {
            Encoding::Ascii => return t,
            Encoding::Latin1 => return std::array::from_fn(|b| char::from_u32(b as u32)),
            _ => {}
        }
        let path = table_path(enc);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for line in text.lines().filter(|l| !l.trim_start().starts_with('#')) {
            let mut fields = line.split_whitespace();
            if let (Some(pointer), Some(code)) = (fields.next(), fields.next()) {
                let pointer: usize = pointer.parse().expect("pointer");
                let code = u32::from_str_radix(code.trim_start_matches("0x"), 16).expect("code");
                t[0x80 + pointer] = char::from_u32(code);
            }
        }
        t
    })
}

/// Encoding by the reference.
///
/// # Errors
/// The byte offset and the first character the encoding cannot hold.
///
/// # Panics
/// On an encoding this file does not know yet.
pub fn encode(enc: Encoding, s: &str) -> Result<Vec<u8>, (usize, char)> {
    Ok(match enc {
        Encoding::Utf8 => s.as_bytes().to_vec(),
        Encoding::Utf16Le => s.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        Encoding::Utf16Be => s.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        Encoding::Utf32Le => s.chars().flat_map(|c| u32::from(c).to_le_bytes()).collect(),
        Encoding::Utf32Be => s.chars().flat_map(|c| u32::from(c).to_be_bytes()).collect(),
        Encoding::Mutf8 | Encoding::Cesu8 => {
            let mut out = Vec::new();
            for u in s.encode_utf16() {
                push_bmp(&mut out, u, enc == Encoding::Mutf8);
            }
            out
        }
        enc if enc.is_single_byte() => {
            let page = page(enc);
            let mut out = Vec::new();
            for (i, c) in s.char_indices() {
                let b = page.iter().position(|&p| p == Some(c)).ok_or((i, c))?;
                out.push(u8::try_from(b).expect("a byte"));
            }
            out
        }
        enc if enc.is_cjk() => return multi_byte_encode(peer(enc), s),
        Encoding::Gsm0338 => return gsm_encode(s),
        _ => panic!("reference: unknown encoding {enc:?}"),
    })
}

/// A multi-byte encoding by encoding_rs. Its ISO-2022-JP encoder, as the
/// standard's, names U+FFFD for `ESC`, `SO` and `SI`, which litenc names as
/// they are (one byte each).
fn multi_byte_encode(
    peer: &'static encoding_rs::Encoding,
    s: &str,
) -> Result<Vec<u8>, (usize, char)> {
    let mut e = peer.new_encoder();
    let cap = e
        .max_buffer_length_from_utf8_without_replacement(s.len())
        .expect("fits");
    let mut out = vec![0u8; cap];
    let (r, read, written) = e.encode_from_utf8_without_replacement(s, &mut out, true);
    match r {
        encoding_rs::EncoderResult::InputEmpty => {
            out.truncate(written);
            Ok(out)
        }
        encoding_rs::EncoderResult::OutputFull => panic!("reference: output full"),
        encoding_rs::EncoderResult::Unmappable(ch) => {
            if ch == char::REPLACEMENT_CHARACTER
                && peer == encoding_rs::ISO_2022_JP
                && !s[..read].ends_with(char::REPLACEMENT_CHARACTER)
            {
                return Err((read - 1, char::from(s.as_bytes()[read - 1])));
            }
            Err((read - ch.len_utf8(), ch))
        }
    }
}

/// GSM 03.38's default alphabet, septet by septet (TS 23.038 §6.2.1; `1B`,
/// the escape, as itself), and its extension table (§6.2.1.1).
const GSM_DEFAULT: &str = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u{1B}ÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?\
                           ¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENSION: [(u8, char); 10] = [
    (0x0A, '\x0C'),
    (0x14, '^'),
    (0x28, '{'),
    (0x29, '}'),
    (0x2F, '\\'),
    (0x3C, '['),
    (0x3D, '~'),
    (0x3E, ']'),
    (0x40, '|'),
    (0x65, '€'),
];

fn gsm_default(b: u8) -> Option<char> {
    GSM_DEFAULT
        .chars()
        .nth(usize::from(b))
        .filter(|&c| c != '\u{1B}')
}

fn gsm_ext(b: u8) -> Option<char> {
    GSM_EXTENSION.iter().find(|e| e.0 == b).map(|e| e.1)
}

fn gsm_decode(data: &[u8], lossy: bool) -> Result<String, RefError> {
    let mut out = String::new();
    let mut i = 0;
    while i < data.len() {
        let b = data[i];
        let (ch, len) = if b == 0x1B {
            match data.get(i + 1) {
                None => (None, 1),
                Some(&c) => match gsm_ext(c) {
                    Some(ch) => (Some(ch), 2),
                    None if lossy && c == 0x1B => (Some(' '), 2),
                    None if lossy && c < 0x80 => (gsm_default(c), 2),
                    None => (None, 1),
                },
            }
        } else {
            (gsm_default(b), 1)
        };
        match ch {
            Some(ch) => out.push(ch),
            None if lossy => out.push(char::REPLACEMENT_CHARACTER),
            None => {
                let end = b == 0x1B && i + 1 == data.len();
                return Err(RefError {
                    valid_up_to: i,
                    error_len: if end { None } else { Some(1) },
                });
            }
        }
        i += len;
    }
    Ok(out)
}

fn gsm_encode(s: &str) -> Result<Vec<u8>, (usize, char)> {
    let mut out = Vec::new();
    for (i, ch) in s.char_indices() {
        if let Some(b) = GSM_DEFAULT.chars().position(|c| c == ch && c != '\u{1B}') {
            out.push(u8::try_from(b).expect("a septet"));
        } else if let Some(e) = GSM_EXTENSION.iter().find(|e| e.1 == ch) {
            out.extend([0x1B, e.0]);
        } else {
            return Err((i, ch));
        }
    }
    Ok(out)
}

/// The index file a code page's reference table is read from: WHATWG's
/// (`data/whatwg/`) or the DOS pages' (`data/dos/`).
fn table_path(enc: Encoding) -> String {
    let name = enc.name().to_ascii_lowercase();
    let file = match name.strip_prefix("ibm") {
        Some(n) if name != "ibm866" => format!("dos/index-cp{n}.txt"),
        _ => format!(
            "whatwg/index-{}.txt",
            name.strip_suffix("-i").unwrap_or(&name)
        ),
    };
    format!("{}/../data/{file}", env!("CARGO_MANIFEST_DIR"))
}

/// Whether this reference has `enc`: every encoding but the code pages of
/// 256-byte tables (EBCDIC, the rest of Python's codecs, the LCD ROMs), whose
/// index files have another form; `tests/facade/conformance_full_pages.rs` compares
/// those with Python, glibc and the JDK on every byte and character.
#[must_use]
pub fn has(enc: Encoding) -> bool {
    !enc.is_single_byte()
        || matches!(enc, Encoding::Ascii | Encoding::Latin1)
        || std::path::Path::new(&table_path(enc)).exists()
}
