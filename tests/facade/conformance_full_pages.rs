//! The pages of 256-byte tables against their peers, exhaustively: every
//! byte decoded and every scalar value encoded.
//!
//! - Python's codecs (one `python3` process): the 25 codecs the pages come
//!   from (and cp437 for CP437 with glyphs), each byte strictly, and every
//!   scalar value of the Basic Multilingual Plane and a sample of the others
//!   strictly, character by character.
//! - glibc's `iconv`: each byte of every page glibc converts (IBM037,
//!   IBM273, IBM424, IBM500, IBM875, IBM1026, IBM1140, IBM1047, IBM856,
//!   IBM864, RK1048, PT154, KOI8-T, HP-ROMAN8, MAC-IS, MAC-CENTRALEUROPE),
//!   one call per byte.
//! - Java (`javac`, `java`): each byte of the EBCDIC and Mac charsets the JDK
//!   has (Cp037, Cp1047, x-MacGreek, ...).
//!
//! Every difference must be one `CONFORMANCE.md` lists in its block
//! `text differences full-pages` (peer, encoding, byte or character, both
//! answers); an unlisted difference, or a listed one that is gone, fails.
//! Where two bytes of a table decode to one character, litenc encodes it to
//! the lower byte and Python to the higher: those are not listed one by one
//! but checked as that rule (`shared`); and CP437 with glyphs differs from
//! Python's cp437 in its 32 control codes by design, checked as the rule
//! `pc-glyphs`.

use std::collections::BTreeSet;
use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

use litenc::Encoding;

/// Each page, its Python codec, glibc converter and Java charset (`""`: none).
const PAGES: &[(Encoding, &str, &str, &str)] = &[
    (Encoding::Ibm037, "cp037", "IBM037", "IBM037"),
    (Encoding::Ibm273, "cp273", "IBM273", "IBM273"),
    (Encoding::Ibm424, "cp424", "IBM424", "IBM424"),
    (Encoding::Ibm500, "cp500", "IBM500", "IBM500"),
    (Encoding::Ibm875, "cp875", "IBM875", "x-IBM875"),
    (Encoding::Ibm1026, "cp1026", "IBM1026", "IBM1026"),
    (Encoding::Ibm1140, "cp1140", "IBM1140", "IBM01140"),
    (Encoding::Ibm1047, "", "IBM1047", "IBM1047"),
    (Encoding::Cp720, "cp720", "", ""),
    (Encoding::Ibm856, "cp856", "IBM856", "x-IBM856"),
    (Encoding::Ibm864, "cp864", "IBM864", "IBM864"),
    (Encoding::Ibm1006, "cp1006", "", "x-IBM1006"),
    (Encoding::Ibm1125, "cp1125", "", ""),
    (Encoding::Kz1048, "kz1048", "RK1048", ""),
    (Encoding::Ptcp154, "ptcp154", "PT154", ""),
    (Encoding::Koi8T, "koi8_t", "KOI8-T", ""),
    (Encoding::HpRoman8, "hp_roman8", "HP-ROMAN8", ""),
    (Encoding::PalmOs, "palmos", "", ""),
    (Encoding::MacArabic, "mac_arabic", "", "x-MacArabic"),
    (Encoding::MacCroatian, "mac_croatian", "", "x-MacCroatian"),
    (Encoding::MacFarsi, "mac_farsi", "", ""),
    (Encoding::MacGreek, "mac_greek", "", "x-MacGreek"),
    (
        Encoding::MacIceland,
        "mac_iceland",
        "MAC-IS",
        "x-MacIceland",
    ),
    (
        Encoding::MacLatin2,
        "mac_latin2",
        "MAC-CENTRALEUROPE",
        "x-MacCentralEurope",
    ),
    (Encoding::MacRomanian, "mac_romanian", "", "x-MacRomania"),
    (Encoding::MacTurkish, "mac_turkish", "", "x-MacTurkish"),
    (Encoding::Ibm437Graphic, "cp437", "", ""),
];

/// Our character of byte `b`.
fn ours(enc: Encoding, b: u8) -> Option<char> {
    enc.decode(&[b]).ok().and_then(|s| s.chars().next())
}

/// Whether byte `b` of `enc` is one of CP437's control codes that CP437
/// with glyphs shows as a glyph (`01..=1F`, `7F`).
fn pc_glyph(enc: Encoding, b: u8) -> bool {
    enc == Encoding::Ibm437Graphic && matches!(b, 0x01..=0x1F | 0x7F)
}

/// One difference: peer, encoding, what (`byte XX` / `U+XXXX`), ours, theirs.
type Diff = (String, String, String, String, String);

fn show_char(c: Option<char>) -> String {
    c.map_or("-".into(), |c| format!("U+{:04X}", c as u32))
}

fn show_byte(b: Option<u8>) -> String {
    b.map_or("-".into(), |b| format!("{b:02X}"))
}

/// The listed differences: the lines of the `text differences full-pages`
/// block of `CONFORMANCE.md`, `peer encoding what ours theirs`.
fn listed() -> BTreeSet<Diff> {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("CONFORMANCE.md"))
        .unwrap();
    let start = doc
        .find("```text differences full-pages\n")
        .expect("CONFORMANCE.md has the block `text differences full-pages`");
    let body = &doc[start..];
    let body = &body[body.find('\n').unwrap() + 1..];
    let body = &body[..body.find("```").unwrap()];
    body.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(f.len(), 6, "{l:?}");
            (
                f[0].to_owned(),
                f[1].to_owned(),
                format!("{} {}", f[2], f[3]),
                f[4].to_owned(),
                f[5].to_owned(),
            )
        })
        .collect()
}

fn check(peer: &str, found: &BTreeSet<Diff>) {
    let listed: BTreeSet<Diff> = listed().into_iter().filter(|d| d.0 == peer).collect();
    let extra: Vec<_> = found.difference(&listed).collect();
    let gone: Vec<_> = listed.difference(found).collect();
    if !extra.is_empty() || !gone.is_empty() {
        // What the block should hold for this peer, to compare by eye.
        for d in found {
            println!("LIST {} {} {} {} {}", d.0, d.1, d.2, d.3, d.4);
        }
    }
    assert!(
        extra.is_empty() && gone.is_empty(),
        "{peer}: {} differences not in CONFORMANCE.md (first: {:?}), {} listed that are gone \
         (first: {:?})",
        extra.len(),
        extra.iter().take(20).collect::<Vec<_>>(),
        gone.len(),
        gone.iter().take(5).collect::<Vec<_>>()
    );
}

/// Python: per page a line of 256 cells (the code point of each byte or
/// `-`), then a line of `U+XXXX=BB` for every character it encodes.
const PY: &str = r#"
import sys
for codec in sys.argv[1:]:
    cells = []
    for b in range(256):
        try:
            t = bytes([b]).decode(codec)
            cells.append("%x" % ord(t) if len(t) == 1 else "-")
        except UnicodeDecodeError:
            cells.append("-")
    print(" ".join(cells))
    enc = []
    for cp in list(range(0x10000)) + list(range(0x10000, 0x110000, 0x101)):
        if 0xD800 <= cp < 0xE000:
            continue
        try:
            out = chr(cp).encode(codec)
        except UnicodeEncodeError:
            continue
        enc.append("%x=%02x" % (cp, out[0]) if len(out) == 1 else "%x=-" % cp)
    print(" ".join(enc))
"#;

#[test]
fn python_decodes_and_encodes_like_litenc() {
    let pages: Vec<_> = PAGES.iter().filter(|p| !p.1.is_empty()).collect();
    let out = Command::new("python3")
        .arg("-c")
        .arg(PY)
        .args(pages.iter().map(|p| p.1))
        .output()
        .expect("python3 (Debian: apt-get install python3)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    let mut found = BTreeSet::new();
    let mut compared = 0usize;
    for &&(enc, codec, _, _) in &pages {
        let name = enc.name().to_owned();
        let cells: Vec<&str> = lines.next().unwrap().split(' ').collect();
        assert_eq!(cells.len(), 256, "{codec}");
        for (b, cell) in (0..=255u8).zip(&cells) {
            let theirs = u32::from_str_radix(cell, 16).ok().and_then(char::from_u32);
            compared += 1;
            if pc_glyph(enc, b) && theirs == Some(char::from(b)) {
                continue;
            }
            if ours(enc, b) != theirs {
                found.insert((
                    "python".into(),
                    name.clone(),
                    format!("byte {b:02X}"),
                    show_char(ours(enc, b)),
                    show_char(theirs),
                ));
            }
        }
        let mut theirs_enc = std::collections::HashMap::new();
        for item in lines.next().unwrap().split(' ').filter(|s| !s.is_empty()) {
            let (cp, b) = item.split_once('=').unwrap();
            let cp = char::from_u32(u32::from_str_radix(cp, 16).unwrap()).unwrap();
            theirs_enc.insert(cp, u8::from_str_radix(b, 16).ok());
        }
        let scalars = (0..0x1_0000u32)
            .chain((0x1_0000..0x11_0000).step_by(0x101))
            .filter_map(char::from_u32);
        for ch in scalars {
            compared += 1;
            let mine = enc.encode(ch.encode_utf8(&mut [0; 4])).ok().map(|v| v[0]);
            let theirs = theirs_enc.get(&ch).copied().flatten();
            if mine == theirs {
                continue;
            }
            // The rule `pc-glyphs`: a glyph ours, its control code Python's.
            let glyph = mine.is_some_and(|b| pc_glyph(enc, b));
            let control = u8::try_from(ch).is_ok_and(|b| pc_glyph(enc, b));
            if (glyph && theirs.is_none())
                || (control && mine.is_none() && theirs == Some(ch as u8))
            {
                continue;
            }
            // The rule `shared`: both bytes decode to the character, ours
            // is the lower.
            if let (Some(m), Some(t)) = (mine, theirs) {
                if m < t && ours(enc, t) == Some(ch) && ours(enc, m) == Some(ch) {
                    continue;
                }
            }
            found.insert((
                "python".into(),
                name.clone(),
                format!("U+{:04X} encode", ch as u32),
                show_byte(mine),
                show_byte(theirs),
            ));
        }
    }
    println!(
        "python: {compared} bytes and characters compared, {} differ",
        found.len()
    );
    check("python", &found);
}

#[test]
fn iconv_decodes_like_litenc() {
    let mut found = BTreeSet::new();
    let mut compared = 0usize;
    for &(enc, _, name, _) in PAGES.iter().filter(|p| !p.2.is_empty()) {
        for b in 0..=255u8 {
            let mut child = Command::new("iconv")
                .args(["-f", name, "-t", "UTF-32BE"])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("glibc's iconv (Debian: apt-get install libc-bin)");
            child.stdin.take().unwrap().write_all(&[b]).unwrap();
            let out = child.wait_with_output().unwrap();
            let theirs = (out.status.success() && out.stdout.len() == 4)
                .then(|| u32::from_be_bytes(out.stdout[..4].try_into().unwrap()))
                .and_then(char::from_u32);
            compared += 1;
            if ours(enc, b) != theirs {
                found.insert((
                    "glibc".into(),
                    enc.name().to_owned(),
                    format!("byte {b:02X}"),
                    show_char(ours(enc, b)),
                    show_char(theirs),
                ));
            }
        }
    }
    println!("iconv: {compared} bytes compared, {} differ", found.len());
    check("glibc", &found);
}

#[test]
fn java_decodes_like_litenc() {
    let dir = std::env::temp_dir().join(format!("litenc-fullpages-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance/FullPages.java");
    let ok = Command::new("javac")
        .arg("-d")
        .arg(&dir)
        .arg(&src)
        .status()
        .expect("javac (Debian: apt-get install openjdk-17-jdk-headless)");
    assert!(ok.success());
    let pages: Vec<_> = PAGES.iter().filter(|p| !p.3.is_empty()).collect();
    let out = Command::new("java")
        .arg("-cp")
        .arg(&dir)
        .arg("FullPages")
        .args(pages.iter().map(|p| p.3))
        .output()
        .expect("java");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut found = BTreeSet::new();
    let mut compared = 0usize;
    for (&&(enc, _, _, cs), line) in pages.iter().zip(text.lines()) {
        let cells: Vec<&str> = line.split(' ').collect();
        assert_eq!(cells[0], cs);
        for (b, cell) in (0..=255u8).zip(&cells[1..]) {
            let theirs = u32::from_str_radix(cell, 16).ok().and_then(char::from_u32);
            compared += 1;
            if ours(enc, b) != theirs {
                found.insert((
                    "java".into(),
                    enc.name().to_owned(),
                    format!("byte {b:02X}"),
                    show_char(ours(enc, b)),
                    show_char(theirs),
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    println!("java: {compared} bytes compared, {} differ", found.len());
    check("java", &found);
}
