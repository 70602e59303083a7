//! The tables of the multi-byte (Chinese, Japanese, Korean) encodings: one
//! generated file per WHATWG index under `runtime/src/tables/`, and the
//! registry `runtime/src/registry_cjk.rs` with their names and labels.
//!
//! Each index becomes the table its decoder reads (the code point of each
//! pointer, 0 where the index has none) and, for the indexes an encoder
//! reads, a [`PointerMap`]: the pointer the encoder writes for each code
//! point, under the standard's rule for that index (the first pointer, or
//! the `Shift_JIS` and Big5 variants of "index pointer"), in a compact
//! two-level form a `const fn` can read.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use crate::pages::{MultiByte, MULTI_BYTE};
use crate::{rustfmt, ENCODINGS_JSON, GEN_COMMAND};

/// The entries of a WHATWG index: `(pointer, code point)` in file order.
///
/// # Errors
/// A line that does not parse, a pointer given twice, a code point that is
/// not a scalar value.
pub fn parse_index(text: &str) -> Result<Vec<(u32, u32)>, String> {
    let mut out = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for (lineno, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |what: String| format!("line {}: {what}", lineno + 1);
        let mut fields = line.split('\t');
        let (Some(pointer), Some(code)) = (fields.next(), fields.next()) else {
            return Err(at("expected pointer and code point".into()));
        };
        let pointer: u32 = pointer
            .trim()
            .parse()
            .map_err(|e| at(format!("pointer: {e}")))?;
        let code = u32::from_str_radix(code.trim().trim_start_matches("0x"), 16)
            .map_err(|e| at(format!("code point: {e}")))?;
        if char::from_u32(code).is_none() {
            return Err(at(format!("U+{code:04X} is not a scalar value")));
        }
        if !seen.insert(pointer) {
            return Err(at(format!("pointer {pointer} given twice")));
        }
        out.push((pointer, code));
    }
    if out.is_empty() {
        return Err("no entries".into());
    }
    Ok(out)
}

/// Reads and parses `data/whatwg/index-<name>.txt`.
///
/// # Errors
/// If the file cannot be read or parsed.
pub fn read_index(root: &Path, name: &str) -> Result<Vec<(u32, u32)>, String> {
    let path = index_file(name);
    let text = std::fs::read_to_string(root.join(&path)).map_err(|e| format!("{path}: {e}"))?;
    parse_index(&text).map_err(|e| format!("{path}: {e}"))
}

/// The data file of an index, relative to the workspace root.
#[must_use]
pub fn index_file(name: &str) -> String {
    format!("data/whatwg/index-{name}.txt")
}

/// The "index pointer" of every code point: its first pointer among the
/// entries that `keep` accepts, or its last one for the code points in
/// `last`.
#[must_use]
pub fn index_pointers(
    entries: &[(u32, u32)],
    keep: impl Fn(u32) -> bool,
    last: &[u32],
) -> BTreeMap<u32, u32> {
    let mut sorted: Vec<(u32, u32)> = entries.iter().copied().filter(|&(p, _)| keep(p)).collect();
    sorted.sort_unstable();
    let mut map = BTreeMap::new();
    for (pointer, code) in sorted {
        if last.contains(&code) {
            map.insert(code, pointer);
        } else {
            map.entry(code).or_insert(pointer);
        }
    }
    map
}

/// A map from code points to pointers in the form the runtime reads
/// (`runtime/src/index.rs`): code points in pages of 4096 and blocks of 64.
/// `pages[cp >> 12]` is the row of the code point's page (row 0 is empty);
/// in row `r`, block `b = (cp >> 6) & 63` is entry `k = 64 r + b` of `bits`
/// (which of its 64 code points are mapped) and `base` (how many mapped
/// code points come before the block); the pointer is
/// `pointers[base[k] + the mapped code points before cp in its block]`.
#[derive(Debug, PartialEq, Eq)]
pub struct PointerMap {
    /// The row of each page, 0 for a page with no code point.
    pub pages: Vec<u8>,
    /// The mapped code points of each block, as a bit set.
    pub bits: Vec<u64>,
    /// The number of mapped code points before each block.
    pub base: Vec<u16>,
    /// The pointers, in code point order.
    pub pointers: Vec<u16>,
}

/// Builds the [`PointerMap`] of `map`.
///
/// # Errors
/// If a pointer or the number of entries does not fit in 16 bits, or there
/// are more than 255 pages.
pub fn pointer_map(map: &BTreeMap<u32, u32>) -> Result<PointerMap, String> {
    let top = map.keys().next_back().copied().unwrap_or(0);
    let mut m = PointerMap {
        pages: vec![0; (top >> 12) as usize + 1],
        bits: vec![0; 64],
        base: vec![0; 64],
        pointers: Vec::new(),
    };
    for (&code, &pointer) in map {
        let page = (code >> 12) as usize;
        if m.pages[page] == 0 {
            m.pages[page] = u8::try_from(m.bits.len() / 64).map_err(|_| "too many pages")?;
            let count = u16::try_from(m.pointers.len()).map_err(|_| "too many entries")?;
            m.bits.extend([0; 64]);
            m.base.extend([count; 64]);
        }
        let k = usize::from(m.pages[page]) * 64 + ((code >> 6) & 63) as usize;
        m.bits[k] |= 1 << (code & 63);
        // Every later block of the row starts after this entry.
        let row_end = (k / 64 + 1) * 64;
        for base in &mut m.base[k + 1..row_end] {
            *base += 1;
        }
        m.pointers
            .push(u16::try_from(pointer).map_err(|_| format!("pointer {pointer} too big"))?);
    }
    // Rows are made in code point order, so each row's bases start from
    // the count of every entry before its page.
    Ok(m)
}

/// The pointer of `code` in `m`, looked up the way the runtime does.
#[must_use]
pub fn lookup(m: &PointerMap, code: u32) -> Option<u16> {
    let row = usize::from(*m.pages.get((code >> 12) as usize)?);
    let k = row * 64 + ((code >> 6) & 63) as usize;
    let bit = 1u64 << (code & 63);
    if m.bits[k] & bit == 0 {
        return None;
    }
    let rank = (m.bits[k] & (bit - 1)).count_ones() as usize;
    Some(m.pointers[usize::from(m.base[k]) + rank])
}

/// The decode table of an index: the code point of each pointer below
/// `len` (0 where the index has none), with code points above U+FFFF
/// moved to a side table: such a pointer holds `0xD800 + k` (no index maps
/// to a surrogate) for entry `k` of the side table.
///
/// # Errors
/// An entry at or above `len`, or more than 2048 code points above U+FFFF.
pub fn decode_table(entries: &[(u32, u32)], len: usize) -> Result<(Vec<u16>, Vec<u32>), String> {
    let mut table = vec![0u16; len];
    let mut astral = Vec::new();
    let mut sorted = entries.to_vec();
    sorted.sort_unstable();
    for (pointer, code) in sorted {
        let slot = table
            .get_mut(pointer as usize)
            .ok_or_else(|| format!("pointer {pointer} beyond {len}"))?;
        *slot = if let Ok(bmp) = u16::try_from(code) {
            if bmp == 0 || (0xD800..0xE000).contains(&bmp) {
                return Err(format!("pointer {pointer}: U+{bmp:04X}"));
            }
            bmp
        } else {
            let k = u16::try_from(astral.len())
                .ok()
                .filter(|&k| k < 0x800)
                .ok_or("too many code points above U+FFFF")?;
            astral.push(code);
            0xD800 + k
        };
    }
    Ok((table, astral))
}

/// The pointers 8272..=8835 of index jis0208 (NEC's copies of IBM's
/// extensions), which the index Shift_JIS pointer skips.
pub const SHIFT_JIS_SKIPPED: std::ops::RangeInclusive<u32> = 8272..=8835;

/// The pointers below this are left out of the index Big5 pointer (the
/// Hong Kong extensions): `(0xA1 - 0x81) × 157`.
pub const BIG5_ENCODER_FIRST: u32 = (0xA1 - 0x81) * 157;

/// The code points whose index Big5 pointer is their last one.
pub const BIG5_LAST_POINTER: [u32; 6] = [0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345];

/// One generated index file: what it is made of.
struct IndexFile {
    /// The index, e.g. `"jis0208"`; the file is its name with `_`.
    name: &'static str,
    /// The first line of its docs.
    title: &'static str,
    /// The length of its decode table: every pointer a decoder can form.
    len: usize,
}

/// The indexes, in the order of the files.
const INDEX_FILES: &[IndexFile] = &[
    IndexFile {
        name: "jis0208",
        title: "index jis0208 (JIS X 0208 with the IBM and NEC extensions), for Shift_JIS, EUC-JP and ISO-2022-JP",
        // The last pointer of the index; Shift_JIS can form up to 11279,
        // which the decoder checks against the length.
        len: 11104,
    },
    IndexFile {
        name: "jis0212",
        title: "index jis0212 (JIS X 0212), which only the EUC-JP decoder reads",
        len: 94 * 94,
    },
    IndexFile {
        name: "iso-2022-jp-katakana",
        title: "index ISO-2022-JP katakana: the full-width katakana the ISO-2022-JP encoder writes for half-width ones",
        len: 63,
    },
    IndexFile {
        name: "gb18030",
        title: "index gb18030: the two-byte codes of GBK and gb18030",
        len: 126 * 190,
    },
    IndexFile {
        name: "gb18030-ranges",
        title: "index gb18030 ranges: the four-byte codes of gb18030",
        len: 0,
    },
    IndexFile {
        name: "big5",
        title: "index Big5 (Big5 with the Hong Kong Supplementary Character Set)",
        len: 126 * 157,
    },
    IndexFile {
        name: "euc-kr",
        title: "index EUC-KR (KS X 1001 with the Unified Hangul Code)",
        len: 126 * 190,
    },
];

/// The Rust name of an index: `"iso-2022-jp-katakana"` to
/// `"iso_2022_jp_katakana"`.
fn ident(name: &str) -> String {
    name.replace('-', "_")
}

fn header(s: &mut String, source: &str, title: &str) {
    writeln!(
        s,
        "// DO NOT EDIT, generated by `{GEN_COMMAND}` from {source}"
    )
    .unwrap();
    writeln!(s, "//! {title}.").unwrap();
}

fn u16_array(s: &mut String, name: &str, doc: &str, values: &[u16], hex: bool) {
    writeln!(s, "\n/// {doc}").unwrap();
    writeln!(s, "pub(crate) static {name}: [u16; {}] = [", values.len()).unwrap();
    for v in values {
        if hex {
            write!(s, "0x{v:04X}, ").unwrap();
        } else {
            write!(s, "{v}, ").unwrap();
        }
    }
    s.push_str("];\n");
}

/// The binary files of the index files: `(file name in runtime/src/tables,
/// contents)`.
type Binaries = Vec<(String, Vec<u8>)>;

/// A big table of `u16` (a decode table): written to the binary file `file`
/// (little-endian), and a static that takes it in with `include_bytes!`.
/// The compiler reads a binary file as one token, where an array of tens of
/// thousands of integer literals took some 60 ms of every build of the
/// runtime to parse, check and evaluate.
fn u16_table(s: &mut String, bins: &mut Binaries, name: &str, doc: &str, values: &[u16]) {
    let file = format!("{}.bin", name.to_lowercase());
    writeln!(
        s,
        "\n/// {doc} Little-endian, in `{file}` (generated with this file).\n\
         pub(crate) static {name}: &[[u8; 2]] = crate::index::table_bytes!(include_bytes!(\"{file}\")).as_chunks::<2>().0;"
    )
    .unwrap();
    bins.push((file, values.iter().flat_map(|v| v.to_le_bytes()).collect()));
}

/// A [`PointerMap`]: its pages in the source, its blocks and pointers in a
/// binary file (the bit sets, the bases, the pointers, little-endian).
fn pointer_map_static(s: &mut String, bins: &mut Binaries, name: &str, doc: &str, m: &PointerMap) {
    let file = format!("{}.bin", name.to_lowercase());
    writeln!(s, "\n/// {doc}").unwrap();
    writeln!(
        s,
        "pub(crate) static {name}: PointerMap = PointerMap::new(&{:?}, {}, crate::index::table_bytes!(include_bytes!(\"{file}\")));",
        m.pages,
        m.bits.len()
    )
    .unwrap();
    let mut bytes = Vec::new();
    bytes.extend(m.bits.iter().flat_map(|b| b.to_le_bytes()));
    bytes.extend(m.base.iter().flat_map(|b| b.to_le_bytes()));
    bytes.extend(m.pointers.iter().flat_map(|p| p.to_le_bytes()));
    bins.push((file, bytes));
}

/// The generated file of one index, and the binary files it takes in.
fn index_file_text(root: &Path, f: &IndexFile) -> Result<(String, Binaries), String> {
    let entries = read_index(root, f.name)?;
    let source = index_file(f.name);
    let mut s = String::new();
    let mut bins = Vec::new();
    header(&mut s, &source, f.title);
    match f.name {
        "gb18030-ranges" => ranges_file(&mut s, entries, &source)?,
        "iso-2022-jp-katakana" => {
            let table = bmp_table(&entries, f.len, &source)?;
            u16_array(&mut s, "ISO_2022_JP_KATAKANA", TABLE_DOC, &table, true);
        }
        "jis0212" => {
            let table = bmp_table(&entries, f.len, &source)?;
            u16_table(&mut s, &mut bins, "JIS0212", TABLE_DOC, &table);
        }
        "jis0208" => jis0208_file(&mut s, &mut bins, &entries, f.len, &source)?,
        "big5" => big5_file(&mut s, &mut bins, &entries, f.len)?,
        "gb18030" | "euc-kr" => {
            s.push_str("\nuse crate::index::PointerMap;\n");
            let upper = ident(f.name).to_uppercase();
            let table = bmp_table(&entries, f.len, &source)?;
            u16_table(&mut s, &mut bins, &upper, TABLE_DOC, &table);
            pointer_map_static(
                &mut s,
                &mut bins,
                &format!("{upper}_POINTERS"),
                "The index pointer (the first pointer) of each code point.",
                &pointer_map(&index_pointers(&entries, |_| true, &[]))?,
            );
        }
        other => return Err(format!("no generator for index {other}")),
    }
    utf8_table_static(&mut s, f.name);
    Ok((rustfmt(&s)?, bins))
}

/// The doc of a decode table.
const TABLE_DOC: &str = "The code point of each pointer; 0 where the index has none.";

/// A decode table of an index without code points above U+FFFF.
fn bmp_table(entries: &[(u32, u32)], len: usize, source: &str) -> Result<Vec<u16>, String> {
    let (table, astral) = decode_table(entries, len)?;
    if !astral.is_empty() {
        return Err(format!("{source}: code points above U+FFFF"));
    }
    Ok(table)
}

/// A decimal number with `_` between groups of three digits from 100,000 up.
fn decimal(n: u32) -> String {
    let digits = n.to_string();
    if digits.len() <= 5 {
        return digits;
    }
    let mut out = String::new();
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push('_');
        }
        out.push(c);
    }
    out
}

/// Index gb18030 ranges, as `(pointer, code point)` pairs.
fn ranges_file(s: &mut String, entries: Vec<(u32, u32)>, source: &str) -> Result<(), String> {
    s.push_str(
        "//!\n//! Each entry is a pointer and the code point it stands for; the \
         pointers up to the next entry stand for the code points that follow (see \
         `index gb18030 ranges code point` and `... pointer` in the standard).\n",
    );
    let mut sorted = entries;
    sorted.sort_unstable();
    if !sorted.windows(2).all(|w| w[0].1 < w[1].1) {
        return Err(format!("{source}: code points not in pointer order"));
    }
    writeln!(
        s,
        "\n/// `(pointer, code point)` of each range, in the order of both.\n\
         pub(crate) static GB18030_RANGES: [(u32, u32); {}] = [",
        sorted.len()
    )
    .unwrap();
    for (p, c) in sorted {
        write!(s, "({}, 0x{c:04X}), ", decimal(p)).unwrap();
    }
    s.push_str("];\n");
    Ok(())
}

/// Index jis0208: its table, the index pointers, and the Shift_JIS
/// pointers where they differ.
fn jis0208_file(
    s: &mut String,
    bins: &mut Binaries,
    entries: &[(u32, u32)],
    len: usize,
    source: &str,
) -> Result<(), String> {
    s.push_str("\nuse crate::index::PointerMap;\n");
    let table = bmp_table(entries, len, source)?;
    u16_table(s, bins, "JIS0208", TABLE_DOC, &table);
    let first = index_pointers(entries, |_| true, &[]);
    if first.values().any(|&p| p >= 8836) {
        return Err(format!("{source}: an index pointer at or above 8836"));
    }
    pointer_map_static(
        s,
        bins,
        "JIS0208_POINTERS",
        "The index pointer (the first pointer) of each code point, which the EUC-JP and \
         ISO-2022-JP encoders write and the Shift_JIS encoder too, but for the pointers of \
         `SHIFT_JIS_POINTERS`.",
        &pointer_map(&first)?,
    );
    let shift_jis = index_pointers(entries, |p| !SHIFT_JIS_SKIPPED.contains(&p), &[]);
    let mut fixed = Vec::new();
    for p in SHIFT_JIS_SKIPPED {
        let code = usize::try_from(p).ok().and_then(|p| table.get(p)).copied();
        let sjis = match code {
            Some(c) if c != 0 && first.get(&u32::from(c)) == Some(&p) => *shift_jis
                .get(&u32::from(c))
                .ok_or_else(|| format!("U+{c:04X} has no Shift_JIS pointer"))?,
            // Not a code point's index pointer: never looked up.
            _ => 0,
        };
        fixed.push(u16::try_from(sjis).map_err(|e| e.to_string())?);
    }
    u16_array(
        s,
        "SHIFT_JIS_POINTERS",
        "For each pointer 8272..=8835 (NEC's copies of IBM's extensions) that is the index \
         pointer of a code point: that code point's index Shift_JIS pointer, which skips \
         these pointers (0 for the others, which are never looked up).",
        &fixed,
        false,
    );
    Ok(())
}

/// Index Big5: its table (with the code points above U+FFFF on the side)
/// and the index Big5 pointers.
fn big5_file(
    s: &mut String,
    bins: &mut Binaries,
    entries: &[(u32, u32)],
    len: usize,
) -> Result<(), String> {
    s.push_str("\nuse crate::index::PointerMap;\n");
    let (table, astral) = decode_table(entries, len)?;
    u16_table(
        s,
        bins,
        "BIG5",
        "The code point of each pointer; 0 where the index has none, and \
         `0xD800 + k` for the code point above U+FFFF `BIG5_ASTRAL[k]`.",
        &table,
    );
    writeln!(
        s,
        "\n/// The code points above U+FFFF of the index.\n\
         pub(crate) static BIG5_ASTRAL: [u32; {}] = [",
        astral.len()
    )
    .unwrap();
    for c in &astral {
        write!(s, "0x{c:05X}, ").unwrap();
    }
    s.push_str("];\n");
    let pointers = index_pointers(entries, |p| p >= BIG5_ENCODER_FIRST, &BIG5_LAST_POINTER);
    pointer_map_static(
        s,
        bins,
        "BIG5_POINTERS",
        "The index Big5 pointer of each code point: its first pointer from \
         (0xA1 - 0x81) × 157 on (the Hong Kong extensions below are decoded, never \
         written), its last for U+2550, U+255E, U+2561, U+256A, U+5341 and U+5345.",
        &pointer_map(&pointers)?,
    );
    Ok(())
}

/// The registry of the multi-byte encodings: a macro that hands their list
/// to another macro, as `registry.rs` does for the single-byte ones.
///
/// # Errors
/// An encoding whose name is not in `encodings.json`.
pub fn registry(json: &[(String, Vec<String>)]) -> Result<String, String> {
    let mut s = String::new();
    writeln!(
        s,
        "// DO NOT EDIT, generated by `{GEN_COMMAND}` from xtask/src/pages.rs and {ENCODINGS_JSON}"
    )
    .unwrap();
    s.push_str(
        "//! The list of litenc's multi-byte (Chinese, Japanese, Korean) encodings, in one place.\n\
         //!\n\
         //! [`cjk_encodings!`] hands the list to another macro, after the tokens it\n\
         //! is given, as one bracketed group. An entry is:\n\
         //!\n\
         //! `Variant module \"name\" [labels] \"who uses it\" \"sample\" b\"sample bytes\"`\n\
         //!\n\
         //! where `Variant` names both the `Encoding` and its `Cjk` family.\n\n\
         /// Calls `$callback! { $($prefix)* [entries] }`.\n\
         macro_rules! cjk_encodings {\n\
         ($callback:ident $($prefix:tt)*) => {\n\
         $callback! {\n\
         $($prefix)*\n[\n",
    );
    for e in MULTI_BYTE {
        let MultiByte {
            variant,
            module,
            name,
            about,
            sample,
            bytes,
        } = *e;
        let (_, labels) = json
            .iter()
            .find(|(n, _)| n == name)
            .ok_or_else(|| format!("{name} is not in {ENCODINGS_JSON}"))?;
        let labels: Vec<String> = labels.iter().map(|l| format!("{l:?}")).collect();
        writeln!(
            s,
            "{variant} {module} {name:?} [{}] {about:?} {sample:?} b\"{bytes}\"",
            labels.join(", ")
        )
        .unwrap();
    }
    s.push_str("]\n}\n};\n}\n\npub(crate) use cjk_encodings;\n");
    rustfmt(&s)
}

/// The lines of `tables/mod.rs` for the index files.
#[must_use]
pub fn table_mods() -> String {
    let mut s = String::from("\n// The indexes of the multi-byte encodings.\n");
    for f in INDEX_FILES {
        let m = ident(f.name);
        writeln!(s, "#[cfg(feature = \"cjk\")]\npub(crate) mod {m};").unwrap();
    }
    s
}

/// Every generated file of the multi-byte encodings.
///
/// # Errors
/// If an index cannot be read or does not have the expected shape.
pub fn generated_files(
    root: &Path,
    json: &[(String, Vec<String>)],
) -> Result<Vec<(String, String)>, String> {
    let mut files = Vec::new();
    for f in INDEX_FILES {
        files.push((
            format!("runtime/src/tables/{}.rs", ident(f.name)),
            index_file_text(root, f)?.0,
        ));
    }
    files.push(("runtime/src/registry_cjk.rs".to_owned(), registry(json)?));
    Ok(files)
}

/// The binary files that the index files take in with `include_bytes!`:
/// their decode tables and pointer maps, and the UTF-8 tables of the
/// `fast` decoders (see [`utf8_tables`]).
///
/// # Errors
/// If an index cannot be read or does not have the expected shape.
pub fn binary_files(root: &Path) -> Result<Binaries, String> {
    let mut files = Vec::new();
    for f in INDEX_FILES {
        for (file, bytes) in index_file_text(root, f)?.1 {
            files.push((format!("runtime/src/tables/{file}"), bytes));
        }
    }
    files.extend(utf8_tables(root)?);
    Ok(files)
}

/// One UTF-8 table of the `fast` decoders: the index it is made from, its
/// file, and its length (one more than the pointers it covers).
struct Utf8Table {
    index: &'static str,
    file: &'static str,
    len: usize,
}

/// The UTF-8 tables. Shift_JIS's pointers reach 11279, past the end of index
/// jis0208; one table serves the three Japanese encodings (built with
/// Shift_JIS's rules): EUC-JP's and ISO-2022-JP's pointers stop at 8835,
/// below Shift_JIS's own characters.
const UTF8_TABLES: &[Utf8Table] = &[
    Utf8Table {
        index: "jis0208",
        file: "jis0208_utf8.bin",
        len: 11281,
    },
    Utf8Table {
        index: "gb18030",
        file: "gb18030_utf8.bin",
        len: 126 * 190 + 1,
    },
    Utf8Table {
        index: "big5",
        file: "big5_utf8.bin",
        len: 126 * 157 + 1,
    },
    Utf8Table {
        index: "euc-kr",
        file: "euc_kr_utf8.bin",
        len: 126 * 190 + 1,
    },
];

/// The UTF-8 tables of the `fast` decoders (`runtime/src/simd/cjk.rs`), as
/// binary files that the index files take in with `include_bytes!`: for
/// every pointer of the index, the UTF-8 of its code point (three bytes,
/// then a zero byte) if it is of the common case: from U+0800 up, so three
/// bytes, not above U+FFFF, not one of Big5's pointers of pairs of code
/// points (or their neighbours, `1133..=1166`); for Shift_JIS also the
/// end-user-defined characters of Windows (pointers `8836..=10715`, the
/// Private Use Area from U+E000). Else four zero bytes, and four at the end.
/// Generated rather than evaluated by `const fn`s when the runtime is
/// compiled, which took 1.5 s of every build with the feature `cjk`.
///
/// # Errors
/// If an index cannot be read.
pub fn utf8_tables(root: &Path) -> Result<Vec<(String, Vec<u8>)>, String> {
    let mut files = Vec::new();
    for t in UTF8_TABLES {
        let entries = read_index(root, t.index)?;
        let mut code = vec![0u32; t.len - 1];
        for &(pointer, cp) in &entries {
            if let Some(slot) = code.get_mut(pointer as usize) {
                *slot = cp;
            }
        }
        let mut out = Vec::with_capacity(4 * t.len);
        for (pointer, &cp) in code.iter().enumerate() {
            let cp = if t.index == "jis0208" && (8836..=10715).contains(&pointer) {
                0xE000 - 8836 + pointer as u32
            } else {
                cp
            };
            let big5_odd = t.index == "big5" && (1133..=1166).contains(&pointer);
            let common = (0x800..=0xFFFF).contains(&cp) && !big5_odd;
            let bytes = match char::from_u32(cp) {
                Some(ch) if common => {
                    let mut b = [0u8; 4];
                    ch.encode_utf8(&mut b);
                    b
                }
                _ => [0; 4],
            };
            out.extend_from_slice(&bytes);
        }
        out.extend_from_slice(&[0; 4]);
        files.push((format!("runtime/src/tables/{}", t.file), out));
    }
    Ok(files)
}

/// The lines of an index file that take in its UTF-8 table, if it has one.
fn utf8_table_static(s: &mut String, index: &str) {
    let Some(t) = UTF8_TABLES.iter().find(|t| t.index == index) else {
        return;
    };
    writeln!(
        s,
        "\n/// For every pointer, the UTF-8 of its code point (three bytes and a zero) \
         if the `fast` decoders take it in their common case, else four zero bytes; \
         four zero bytes at the end. Generated with this file (see `xtask/src/cjk.rs`).\n\
         pub(crate) static {}_UTF8: &[[u8; 4]] = crate::index::table_bytes!(include_bytes!(\"{}\")).as_chunks::<4>().0;",
        ident(index).to_uppercase(),
        t.file
    )
    .unwrap();
}
