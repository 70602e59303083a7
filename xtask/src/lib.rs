//! Maintenance tasks of litenc. `cargo run -p xtask -- gen-tables` rewrites
//! the generated tables of `runtime/src/tables/` and the registry
//! `runtime/src/registry.rs` from the data files in `data/` and the list in
//! [`pages`]; the test `tables_are_up_to_date` regenerates them and compares
//! with what is checked in.

#![forbid(unsafe_code)]

pub mod cjk;
pub mod derive;
pub mod pages;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use pages::{Page, Source, PAGES};

/// The command that writes the generated files.
pub const GEN_COMMAND: &str = "cargo run -p xtask -- gen-tables";

/// The WHATWG names and labels.
pub const ENCODINGS_JSON: &str = "data/whatwg/encodings.json";

/// The workspace root (the parent of this crate's folder).
///
/// # Panics
/// Never: the crate's manifest folder always has a parent.
#[must_use]
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace")
        .to_path_buf()
}

/// Parses a single-byte index in the WHATWG format: `pointer<TAB>0xCODE...`
/// lines, `#` comments. Returns the code point of each pointer 0..128, `None`
/// for a pointer the index leaves out (an undefined byte).
///
/// # Errors
/// A line that does not parse, a pointer out of range or given twice, a code
/// point that is ASCII, a surrogate or above U+FFFF, or two pointers with
/// one code point.
pub fn parse_single_byte_index(index: &str) -> Result<[Option<u16>; 128], String> {
    let mut table = [None::<u16>; 128];
    for (lineno, line) in index.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |what: String| format!("line {}: {what}", lineno + 1);
        let mut fields = line.split_whitespace();
        let (Some(pointer), Some(code)) = (fields.next(), fields.next()) else {
            return Err(at("expected pointer and code point".into()));
        };
        let pointer: usize = pointer.parse().map_err(|e| at(format!("pointer: {e}")))?;
        let code = u16::from_str_radix(code.trim_start_matches("0x"), 16)
            .map_err(|e| at(format!("code point: {e}")))?;
        if code < 0x80 || (0xD800..0xE000).contains(&code) {
            return Err(at(format!("U+{code:04X} cannot be a high byte")));
        }
        let slot = table
            .get_mut(pointer)
            .ok_or_else(|| at(format!("pointer {pointer} out of range")))?;
        if slot.replace(code).is_some() {
            return Err(at(format!("pointer {pointer} given twice")));
        }
    }
    let mut seen = BTreeMap::new();
    for (pointer, code) in table.iter().enumerate() {
        if let Some(code) = code {
            if let Some(first) = seen.insert(*code, pointer) {
                return Err(format!(
                    "pointers {first} and {pointer} both map to U+{code:04X}"
                ));
            }
        }
    }
    Ok(table)
}

/// The inverse of a table, in the two-level form `SingleByte` keeps:
/// characters in blocks of 64 code points, a block found from the UTF-8
/// lead byte (two-byte characters) or from a row found from the lead byte
/// (three-byte characters). Block 0 and row 0 are all zeros.
#[derive(Debug, PartialEq, Eq)]
pub struct Reverse {
    /// Block of each two-byte lead `0xC0 + i` (code points `i << 6 ..`).
    pub two: [u8; 32],
    /// Row of each three-byte lead `0xE0 + i` (code points `i << 12 ..`).
    pub three: [u8; 16],
    /// Block of each second byte's six bits, per row.
    pub rows: Vec<[u8; 64]>,
    /// The byte of each code point's low six bits, per block; 0 for none.
    pub blocks: Vec<[u8; 64]>,
}

/// Whether bytes `0x00..=0x7F` are ASCII and no other byte decodes to
/// ASCII: the pages the runtime's ASCII shortcuts and AVX2 kernels serve.
/// For every other page the tables hold all 256 bytes.
#[must_use]
pub fn ascii_compatible(decode: &[Option<u16>; 256]) -> bool {
    decode.iter().enumerate().all(|(byte, code)| {
        if byte < 0x80 {
            *code == u16::try_from(byte).ok()
        } else {
            code.is_none_or(|c| c >= 0x80)
        }
    })
}

/// Builds the inverse of `decode`: every defined byte but `0x00` (the
/// runtime knows byte 0's character from the decode table), and for a page
/// whose low half is ASCII only the high bytes. Where two bytes decode to
/// one character, the character encodes to the lower byte.
///
/// # Errors
/// More than 255 blocks or rows (no single-byte table comes close).
pub fn reverse(decode: &[Option<u16>; 256]) -> Result<Reverse, String> {
    let mut r = Reverse {
        two: [0; 32],
        three: [0; 16],
        rows: vec![[0; 64]],
        blocks: vec![[0; 64]],
    };
    let first = if ascii_compatible(decode) { 0x80 } else { 1 };
    // Blocks in code point order, so the output does not depend on the
    // order of the index.
    let mut by_block: BTreeMap<u16, Vec<(u16, u8)>> = BTreeMap::new();
    let mut seen = std::collections::BTreeSet::new();
    for (byte, code) in decode.iter().enumerate().skip(first) {
        if let Some(code) = *code {
            if seen.insert(code) {
                let byte = u8::try_from(byte).map_err(|e| e.to_string())?;
                by_block.entry(code >> 6).or_default().push((code, byte));
            }
        }
    }
    for (key, members) in by_block {
        let index = u8::try_from(r.blocks.len()).map_err(|_| "too many blocks")?;
        let mut block = [0u8; 64];
        for (code, byte) in members {
            block[usize::from(code & 63)] = byte;
        }
        r.blocks.push(block);
        if key < 32 {
            r.two[usize::from(key)] = index;
        } else {
            let lead = usize::from(key >> 6);
            if r.three[lead] == 0 {
                r.three[lead] = u8::try_from(r.rows.len()).map_err(|_| "too many rows")?;
                r.rows.push([0; 64]);
            }
            let row = usize::from(r.three[lead]);
            r.rows[row][usize::from(key & 63)] = index;
        }
    }
    Ok(r)
}

/// The byte of `ch` in the table, looked up the way the runtime does.
#[must_use]
pub fn encode_char(decode: &[Option<u16>; 256], r: &Reverse, ch: char) -> Option<u8> {
    let cp = u32::from(ch);
    if cp < 0x80 && ascii_compatible(decode) {
        return u8::try_from(cp).ok();
    }
    if decode[0].map(u32::from) == Some(cp) {
        return Some(0);
    }
    let byte = match cp {
        0..=0x7FF => r.blocks[usize::from(r.two[(cp >> 6) as usize])][(cp & 63) as usize],
        0x800..=0xFFFF => {
            let row = usize::from(r.three[(cp >> 12) as usize]);
            r.blocks[usize::from(r.rows[row][((cp >> 6) & 63) as usize])][(cp & 63) as usize]
        }
        _ => 0,
    };
    (byte != 0).then_some(byte)
}

/// Parses a 256-byte index (`data/python/`, `data/device/`):
/// `0xBYTE<TAB>0xCODE...` lines, `#` comments; two bytes may decode to one
/// character.
///
/// # Errors
/// A line that does not parse, a byte given twice, or a code point that is
/// a surrogate or above U+FFFF.
pub fn parse_full_index(index: &str) -> Result<[Option<u16>; 256], String> {
    let mut table = [None::<u16>; 256];
    for (lineno, line) in index.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |what: String| format!("line {}: {what}", lineno + 1);
        let mut fields = line.split_whitespace();
        let (Some(byte), Some(code)) = (fields.next(), fields.next()) else {
            return Err(at("expected byte and code point".into()));
        };
        let byte = u8::from_str_radix(byte.trim_start_matches("0x"), 16)
            .map_err(|e| at(format!("byte: {e}")))?;
        let code = u16::from_str_radix(code.trim_start_matches("0x"), 16)
            .map_err(|e| at(format!("code point: {e}")))?;
        if (0xD800..0xE000).contains(&code) {
            return Err(at(format!("U+{code:04X} is a surrogate")));
        }
        if table[usize::from(byte)].replace(code).is_some() {
            return Err(at(format!("byte 0x{byte:02X} given twice")));
        }
    }
    Ok(table)
}

/// A page's name and labels.
///
/// # Errors
/// A WHATWG page whose name is not in `encodings.json`.
pub fn name_and_labels(
    page: &Page,
    json: &[(String, Vec<String>)],
) -> Result<(String, Vec<String>), String> {
    Ok(match page.source {
        Source::Whatwg { name, .. } => {
            let (_, labels) = json
                .iter()
                .find(|(n, _)| n == name)
                .ok_or_else(|| format!("{name} is not in {ENCODINGS_JSON}"))?;
            (name.to_owned(), labels.clone())
        }
        Source::Dos { name, labels, .. }
        | Source::Full { name, labels, .. }
        | Source::Ascii { name, labels }
        | Source::Latin1 { name, labels } => (
            name.to_owned(),
            labels.iter().map(|&l| l.to_owned()).collect(),
        ),
    })
}

/// The data file a page's table comes from, relative to the workspace root
/// (`None` for the two defined by rule).
#[must_use]
pub fn index_path(page: &Page) -> Option<String> {
    match page.source {
        Source::Whatwg { index, .. } => Some(format!("data/whatwg/index-{index}.txt")),
        Source::Dos { index, .. } => Some(format!("data/dos/index-{index}.txt")),
        Source::Full { dir, index, .. } => Some(format!("data/{dir}/index-{index}.txt")),
        Source::Ascii { .. } | Source::Latin1 { .. } => None,
    }
}

/// A page's decode table: the character of each byte.
///
/// # Errors
/// If its index cannot be read or parsed.
pub fn decode_table(page: &Page, root: &Path) -> Result<[Option<u16>; 256], String> {
    let mut t = [None; 256];
    for (i, slot) in (0u16..0x80).zip(t.iter_mut()) {
        *slot = Some(i);
    }
    match page.source {
        Source::Ascii { .. } => {}
        Source::Latin1 { .. } => {
            for (i, slot) in (0x80u16..).zip(t[0x80..].iter_mut()) {
                *slot = Some(i);
            }
        }
        Source::Whatwg { .. } | Source::Dos { .. } | Source::Full { .. } => {
            let path = index_path(page).unwrap_or_default();
            let text =
                std::fs::read_to_string(root.join(&path)).map_err(|e| format!("{path}: {e}"))?;
            if let Source::Full { .. } = page.source {
                return parse_full_index(&text).map_err(|e| format!("{path}: {e}"));
            }
            let high = parse_single_byte_index(&text).map_err(|e| format!("{path}: {e}"))?;
            t[0x80..].copy_from_slice(&high);
        }
    }
    Ok(t)
}

/// The names and labels of `encodings.json`: `(name, labels)` of every
/// encoding, in the file's order. A reader for just this file's shape
/// (objects with a `"name"` string and a `"labels"` array of strings).
///
/// # Errors
/// If the text is not of that shape.
pub fn parse_encodings_json(text: &str) -> Result<Vec<(String, Vec<String>)>, String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("\"labels\"") {
        rest = &rest[at + 8..];
        let open = rest.find('[').ok_or("labels without [")?;
        let close = rest.find(']').ok_or("labels without ]")?;
        let labels = strings(&rest[open + 1..close])?;
        rest = &rest[close..];
        let at = rest.find("\"name\"").ok_or("labels without a name")?;
        rest = &rest[at + 6..];
        let colon = rest.find(':').ok_or("name without :")?;
        let name = strings(rest[colon + 1..].split([',', '}']).next().unwrap_or(""))?;
        let [name] = <[String; 1]>::try_from(name).map_err(|_| "name is not one string")?;
        out.push((name, labels));
    }
    if out.is_empty() {
        return Err("no encodings".into());
    }
    Ok(out)
}

/// The JSON strings (without escapes) in `s`.
fn strings(s: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut parts = s.split('"');
    parts.next();
    while let Some(value) = parts.next() {
        if value.contains('\\') {
            return Err(format!("escape in {value:?}"));
        }
        out.push(value.to_owned());
        parts.next();
    }
    Ok(out)
}

/// `bytes` as a byte-string literal, `*b"\x00..."`, 16 bytes a line: one
/// token, which the compiler reads far faster than an array of integer
/// literals.
#[must_use]
pub fn byte_string(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(4 * bytes.len() + 4);
    s.push_str("*b\"");
    for (i, b) in bytes.iter().enumerate() {
        // A line of 16 bytes: a `\` at the end of a line continues the
        // literal past the newline and the next line's indentation.
        if i > 0 && i % 16 == 0 {
            s.push_str("\\\n");
        }
        write!(s, "\\x{b:02X}").unwrap();
    }
    s.push('"');
    s
}

/// Rows of bytes as an array of byte strings.
fn byte_rows<const N: usize>(rows: &[[u8; N]]) -> String {
    let mut s = String::from("[");
    for row in rows {
        s.push_str(&byte_string(row));
        s.push_str(", ");
    }
    s.push(']');
    s
}

/// A `u16` table as an array of hex literals, one a line (rustfmt packs them).
fn u16_table(s: &mut String, name: &str, values: &[u16]) {
    writeln!(s, "const {name}: [u16; {}] = [", values.len()).unwrap();
    for c in values {
        writeln!(s, "0x{c:04X},").unwrap();
    }
    s.push_str("];\n");
}

/// The byte permutation that makes a page whose bytes `00..=7F` are not
/// ASCII (EBCDIC) look like one whose are: its *proxy*. The byte of each
/// ASCII character goes to that character's byte, the byte of each
/// character `U+0080..=U+00FF` to that character's byte (so that the proxy
/// of IBM037 or IBM500 is ISO-8859-1, whose letters lie in the runs the
/// kernels decode and encode fastest), the bytes of the page's other
/// characters to the free bytes in code point order, and what is left
/// (undefined bytes, and a byte whose character a lower byte has too: IBM875
/// has U+001A seven times) to the rest, in order. `None` where the page lacks
/// an ASCII character, repeats a printable one (the Mac Arabic pages: the
/// proxy leaves a repeat undefined, for the `const` engine, which is for
/// rare control codes, not for text), or byte 0 is not U+0000.
#[must_use]
pub fn proxy_permutation(decode: &[Option<u16>; 256]) -> Option<[u8; 256]> {
    if ascii_compatible(decode) || decode[0] != Some(0) {
        return None;
    }
    let first = first_bytes(decode);
    let mut to = [None::<u8>; 256];
    let mut taken = [false; 256];
    let mut rest = Vec::new();
    for (byte, code) in decode.iter().enumerate() {
        match *code {
            Some(c) if first[byte] && c <= 0xFF => {
                to[byte] = Some(u8::try_from(c).ok()?);
                taken[usize::from(c)] = true;
            }
            Some(c) if first[byte] => rest.push((0, c, byte)),
            Some(c) if (0x20..0x7F).contains(&c) => return None,
            _ => rest.push((1, 0, byte)),
        }
    }
    if taken[..0x80].iter().any(|&t| !t) {
        return None;
    }
    rest.sort_unstable();
    let mut free = (0x80..=0xFF).filter(|&b| !taken[usize::from(b)]);
    for (_, _, byte) in rest {
        to[byte] = Some(free.next()?);
    }
    let mut out = [0u8; 256];
    for (o, t) in out.iter_mut().zip(to) {
        *o = t?;
    }
    Some(out)
}

/// Whether each byte is the lowest of those that decode to its character
/// (false for an undefined byte).
fn first_bytes(decode: &[Option<u16>; 256]) -> [bool; 256] {
    let mut seen = std::collections::BTreeSet::new();
    std::array::from_fn(|byte| decode[byte].is_some_and(|c| seen.insert(c)))
}

/// The decode table of a page's proxy (see [`proxy_permutation`]): the
/// page's, permuted, with a byte whose character a lower byte has too left
/// undefined (each character once), so that the kernels hand such a byte to
/// the page's `const` engine.
#[must_use]
pub fn proxy_decode(decode: &[Option<u16>; 256], to: &[u8; 256]) -> [Option<u16>; 256] {
    let first = first_bytes(decode);
    let mut p = [None; 256];
    for (byte, code) in decode.iter().enumerate() {
        p[usize::from(to[byte])] = code.filter(|_| first[byte]);
    }
    p
}

/// The static `stat` of a page and the `const` tables it points to.
fn page_items(
    s: &mut String,
    stat: &str,
    variant: &str,
    decode: &[Option<u16>; 256],
    proxy: &str,
) -> Result<(), String> {
    let r = reverse(decode)?;
    let ascii = ascii_compatible(decode);
    let high: [u16; 128] = std::array::from_fn(|i| decode[0x80 + i].unwrap_or(0));
    let low: [u16; 128] = std::array::from_fn(|i| decode[i].unwrap_or(0));
    let d = derive::derive(&high, (!ascii).then_some(&low), &r)?;
    let vectors = if d.vectors.is_some() {
        "VECTORS"
    } else {
        "Vectors::EMPTY"
    };
    let low_field = if ascii { "None" } else { "Some(&LOW)" };
    writeln!(
        s,
        "pub(crate) static {stat}: SingleByte = SingleByte {{ encoding: Encoding::{variant}, \
         decode: &DECODE, low: {low_field}, ascii: {ascii}, nul: 0x{:04X}, \
         encode_low: ENCODE_LOW, reverse: REVERSE, utf8: UTF8, total: {}, max_utf8: {}, \
         vectors: {vectors}, proxy: {proxy} }};",
        d.nul, d.total, d.max_utf8
    )
    .unwrap();
    if !ascii {
        s.push_str(
            "\n/// The code point of each byte `0x00 + i`; 0 where the byte is undefined,\n\
             /// but for byte 0, which is always defined.\n",
        );
        u16_table(s, "LOW", &low);
    }
    s.push_str("\n/// The code point of each byte `0x80 + i`; 0 where the byte is undefined.\n");
    u16_table(s, "DECODE", &high);
    s.push_str("\n/// The inverse of the decode tables.\nconst REVERSE: Reverse = Reverse {\n");
    writeln!(s, "two: {},", &byte_string(&r.two)[1..]).unwrap();
    writeln!(s, "three: {},", &byte_string(&r.three)[1..]).unwrap();
    writeln!(s, "rows: &{},", byte_rows(&r.rows)).unwrap();
    writeln!(s, "blocks: &{},", byte_rows(&r.blocks)).unwrap();
    s.push_str("};\n\n");
    s.push_str(
        "/// The byte of each character below U+0080; 0 where the page lacks it.\n\
         const ENCODE_LOW: [u8; 128] = ",
    );
    writeln!(s, "{};\n", byte_string(&d.encode_low)).unwrap();
    s.push_str(
        "/// The UTF-8 of each byte: its bytes little-endian in bits 0..24, its length\n\
         /// in bits 24..32; 0 for an undefined byte.\nconst UTF8: [u32; 256] = [\n",
    );
    for u in d.utf8 {
        write!(s, "0x{:04X}_{:04X},", u >> 16, u & 0xFFFF).unwrap();
    }
    s.push_str("];\n");
    if let Some(v) = &d.vectors {
        s.push_str("\n/// The tables of the AVX2 kernels.\nconst VECTORS: Vectors = Vectors {\n");
        writeln!(s, "leads: {},", byte_string(&v.leads)).unwrap();
        writeln!(s, "wide: {},", v.wide).unwrap();
        writeln!(
            s,
            "lead_bits: 0x{:04X}_{:04X},",
            v.lead_bits >> 16,
            v.lead_bits & 0xFFFF
        )
        .unwrap();
        writeln!(s, "decode_code: {},", byte_rows(&v.decode_code)).unwrap();
        writeln!(s, "decode_leads: {},", byte_string(&v.decode_leads)).unwrap();
        writeln!(s, "decode_trail: 0x{:02X},", v.decode_trail).unwrap();
        writeln!(s, "decode_run_lead: {},", byte_string(&v.decode_run_lead)).unwrap();
        writeln!(s, "decode_run_trail: {},", byte_string(&v.decode_run_trail)).unwrap();
        writeln!(s, "encode: {},", byte_rows(&v.encode)).unwrap();
        writeln!(s, "encode_run: {},", byte_string(&v.encode_run)).unwrap();
        writeln!(s, "encode_delta: {},", byte_string(&v.encode_delta)).unwrap();
        writeln!(s, "three: {},", byte_string(&v.three)).unwrap();
        writeln!(s, "undefined: {},", byte_string(&v.undefined)).unwrap();
        s.push_str("};\n");
    }
    Ok(())
}

/// The generated file of one page: its tables as a `SingleByte` static,
/// with everything the codec derives from them (see [`derive::derive`]) written out,
/// so that nothing is computed when the runtime is compiled; for a page
/// that has a proxy (see [`proxy_permutation`]), the permutation, its
/// inverse and the proxy's own `SingleByte` too.
///
/// # Errors
/// If the table is too big or fails the checks of [`derive::derive`].
pub fn table_file(page: &Page, decode: &[Option<u16>; 256], name: &str) -> Result<String, String> {
    let ascii = ascii_compatible(decode);
    let source = index_path(page).map_or_else(
        || "xtask/src/pages.rs (a table defined by rule)".to_owned(),
        |p| p.clone(),
    );
    let stat = page.module.to_uppercase();
    let to = proxy_permutation(decode);
    // A page whose characters are those of ISO-8859-1 (IBM037, IBM500, IBM1047) has that page,
    // C1 controls and all, as its proxy: the `latin1` table, not a copy of it.
    let latin1 = to.as_ref().is_some_and(|to| {
        proxy_decode(decode, to)
            .iter()
            .zip(0u16..)
            .all(|(&code, byte)| code == Some(byte))
    });
    let mut s = String::new();
    writeln!(
        s,
        "// DO NOT EDIT, generated by `{GEN_COMMAND}` from {source}"
    )
    .unwrap();
    if ascii {
        writeln!(
            s,
            "//! {name}: the decode table of bytes 0x80..=0xFF, its inverse, and what the\n\
             //! codec derives from them (see `crate::table`)."
        )
        .unwrap();
    } else {
        writeln!(
            s,
            "//! {name}: the decode tables of all 256 bytes (its bytes 0x00..=0x7F are not\n\
             //! ASCII), their inverse, and what the codec derives from them (see `crate::table`)."
        )
        .unwrap();
    }
    if latin1 {
        s.push_str(
            "//!\n//! And its proxy: the page with its bytes permuted so that ASCII is\n\
             //! ASCII, which the `fast` kernels run (see `crate::table::Proxy`): with\n\
             //! the characters of ISO-8859-1, that is ISO-8859-1 (`crate::tables::latin1`).\n",
        );
    } else if to.is_some() {
        s.push_str(
            "//!\n//! And its proxy: the page with its bytes permuted so that ASCII is\n\
             //! ASCII, which the `fast` kernels run (see `crate::table::Proxy`).\n",
        );
    }
    let uses = if to.is_some() {
        "Proxy, Reverse, SingleByte, Vectors"
    } else {
        "Reverse, SingleByte, Vectors"
    };
    writeln!(
        s,
        "\nuse crate::encoding::Encoding;\nuse crate::table::{{{uses}}};\n"
    )
    .unwrap();
    writeln!(s, "/// {name}: {}.", page.about).unwrap();
    let proxy = if to.is_some() { "Some(&PROXY)" } else { "None" };
    page_items(&mut s, &stat, page.variant, decode, proxy)
        .map_err(|e| format!("{}: {e}", page.module))?;
    if let Some(to) = to {
        proxy_items(&mut s, page, decode, name, &to, latin1)?;
    }
    rustfmt(&s)
}

/// The proxy of a page that has one (see [`proxy_permutation`]): the
/// permutations to and from it, and the proxy's own `SingleByte` in a module
/// `proxy`, unless it is ISO-8859-1 (`latin1`), whose page is the `latin1` one.
fn proxy_items(
    s: &mut String,
    page: &Page,
    decode: &[Option<u16>; 256],
    name: &str,
    to: &[u8; 256],
    latin1: bool,
) -> Result<(), String> {
    let mut from = [0u8; 256];
    for (byte, &p) in to.iter().enumerate() {
        from[usize::from(p)] = u8::try_from(byte).map_err(|e| e.to_string())?;
    }
    let pd = proxy_decode(decode, to);
    // The UTF-8 of each high byte of the proxy that is two bytes long.
    let (mut lead, mut trail) = ([0u8; 128], [0u8; 128]);
    for (q, code) in pd[0x80..].iter().enumerate() {
        if let Some(ch) = code.and_then(|c| char::from_u32(u32::from(c))) {
            let mut buf = [0u8; 4];
            if let [l, t] = ch.encode_utf8(&mut buf).as_bytes() {
                (lead[q], trail[q]) = (*l, *t);
            }
        }
    }
    writeln!(
        s,
        "\n/// {name}'s proxy and the permutations to and from it.\n\
         static PROXY: Proxy = Proxy {{ page: {}, to_proxy: {}, from_proxy: {}, \
         lead: {}, trail: {} }};",
        if latin1 {
            "&crate::tables::LATIN1"
        } else {
            "&proxy::PAGE"
        },
        byte_string(to),
        byte_string(&from),
        byte_string(&lead),
        byte_string(&trail)
    )
    .unwrap();
    if latin1 {
        return Ok(());
    }
    writeln!(
        s,
        "\n/// The page whose byte `to_proxy[b]` is {name}'s byte `b`.\nmod proxy {{\n\
         use crate::encoding::Encoding;\nuse crate::table::{{Reverse, SingleByte, Vectors}};\n\n\
         /// {name} with ASCII where ASCII is.",
    )
    .unwrap();
    if !ascii_compatible(&pd) {
        return Err(format!("{}: the proxy is not ASCII", page.module));
    }
    page_items(s, "PAGE", page.variant, &pd, "None")
        .map_err(|e| format!("{} (proxy): {e}", page.module))?;
    s.push_str("}\n");
    Ok(())
}

/// A page with its name, labels and decode table.
pub type Listed = (Page, String, Vec<String>, [Option<u16>; 256]);

/// The registry: the list of every single-byte encoding, as a macro that
/// hands it to another macro, and the table modules.
///
/// # Errors
/// If a sample does not encode in its page.
pub fn registry(pages: &[Listed]) -> Result<(String, String), String> {
    let mut reg = String::new();
    writeln!(
        reg,
        "// DO NOT EDIT, generated by `{GEN_COMMAND}` from xtask/src/pages.rs and {ENCODINGS_JSON}"
    )
    .unwrap();
    reg.push_str(
        "//! The list of litenc's single-byte encodings, in one place.\n\
         //!\n\
         //! [`single_byte_encodings!`] hands the list to another macro, which\n\
         //! makes of it what it needs (the `Encoding` variants, their names\n\
         //! and labels, the public modules). An entry is:\n\
         //!\n\
         //! `Variant module TABLE \"name\" [labels] \"who uses it\" total sample bytes`\n\
         //!\n\
         //! where `total` says whether every byte is defined, and `sample` is a\n\
         //! text the encoding holds, `bytes` its encoding.\n\n\
         /// Calls `$callback! { entries }` with every single-byte encoding.\n\
         macro_rules! single_byte_encodings {\n\
         ($callback:ident) => {\n\
         $callback! {\n",
    );
    let mut mods = String::new();
    writeln!(
        mods,
        "// DO NOT EDIT, generated by `{GEN_COMMAND}` from xtask/src/pages.rs\n\
         //! The tables of the single-byte encodings, one file each.\n"
    )
    .unwrap();
    for (page, name, labels, decode) in pages {
        let r = reverse(decode)?;
        let mut bytes = String::new();
        for ch in page.sample.chars() {
            let b = encode_char(decode, &r, ch)
                .ok_or_else(|| format!("{name}: the sample {:?} has {ch:?}", page.sample))?;
            if b.is_ascii_graphic() && b != b'"' && b != b'\\' || b == b' ' {
                bytes.push(char::from(b));
            } else {
                write!(bytes, "\\x{b:02X}").unwrap();
            }
        }
        let labels: Vec<String> = labels.iter().map(|l| format!("{l:?}")).collect();
        let total = decode.iter().all(Option::is_some);
        writeln!(
            reg,
            "{} {} {} {:?} [{}] {:?} {total} {:?} b\"{bytes}\"",
            page.variant,
            page.module,
            page.module.to_uppercase(),
            name,
            labels.join(", "),
            page.about,
            page.sample,
        )
        .unwrap();
        writeln!(
            mods,
            "mod {m};\npub(crate) use {m}::{M};",
            m = page.module,
            M = page.module.to_uppercase()
        )
        .unwrap();
    }
    reg.push_str("}\n};\n}\n\npub(crate) use single_byte_encodings;\n");
    Ok((rustfmt(&reg)?, mods))
}

/// `text` as rustfmt writes it.
///
/// # Errors
/// If rustfmt cannot be run or rejects the text.
pub fn rustfmt(text: &str) -> Result<String, String> {
    let mut child = Command::new("rustfmt")
        .args(["--edition", "2021", "--emit", "stdout"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("rustfmt: {e}"))?;
    child
        .stdin
        .take()
        .ok_or("rustfmt: no stdin")?
        .write_all(text.as_bytes())
        .map_err(|e| format!("rustfmt: {e}"))?;
    let out = child
        .wait_with_output()
        .map_err(|e| format!("rustfmt: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "rustfmt failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("rustfmt: {e}"))
}

/// Every generated file: `(path relative to the workspace root, contents)`.
///
/// # Errors
/// If an input file cannot be read or parsed.
pub fn generated_files() -> Result<Vec<(String, Vec<u8>)>, String> {
    let mut files: Vec<(String, Vec<u8>)> = generated_sources()?
        .into_iter()
        .map(|(path, text)| (path, text.into_bytes()))
        .collect();
    files.extend(cjk::binary_files(&workspace_root())?);
    Ok(files)
}

/// The generated Rust files: `(path relative to the workspace root, text)`.
///
/// # Errors
/// If an input file cannot be read or parsed.
pub fn generated_sources() -> Result<Vec<(String, String)>, String> {
    let root = workspace_root();
    let json = std::fs::read_to_string(root.join(ENCODINGS_JSON))
        .map_err(|e| format!("{ENCODINGS_JSON}: {e}"))?;
    let json = parse_encodings_json(&json)?;
    let mut files = Vec::new();
    let mut pages = Vec::new();
    for page in PAGES {
        let (name, labels) = name_and_labels(page, &json)?;
        let decode = decode_table(page, &root)?;
        files.push((
            format!("runtime/src/tables/{}.rs", page.module),
            table_file(page, &decode, &name)?,
        ));
        pages.push((*page, name, labels, decode));
    }
    let (registry, mut mods) = registry(&pages)?;
    files.push(("runtime/src/registry.rs".to_owned(), registry));
    mods.push_str(&cjk::table_mods());
    files.push(("runtime/src/tables/mod.rs".to_owned(), rustfmt(&mods)?));
    files.extend(cjk::generated_files(&root, &json)?);
    Ok(files)
}
