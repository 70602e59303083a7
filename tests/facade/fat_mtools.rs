//! FAT short names against mtools and dosfstools: for each OEM page, an
//! image made by `mkfs.fat`, one empty file per name copied onto it by
//! `mcopy` (with that page as mtools' code page), and the 11-byte names of
//! the root directory's entries read back from the image and compared with
//! `litenc::fat::short_name` and, for a few, `fat_name!`. Names the function
//! refuses must be ones mtools cannot store as they are either: it writes a
//! long-name (VFAT) entry and a made-up short name (`ARCHIV~1`). Without
//! mtools or dosfstools (Debian: `apt-get install mtools dosfstools`) the
//! test says so and passes without comparing.

use std::path::Path;
use std::process::Command;

use litenc::fat::{short_name, FatNameError};
use litenc::Encoding;

fn have(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The root directory's entries of a 1440 KiB image: (name, attributes).
fn root_entries(img: &Path) -> Vec<([u8; 11], u8)> {
    let d = std::fs::read(img).unwrap();
    let bps = usize::from(u16::from_le_bytes([d[11], d[12]]));
    let reserved = usize::from(u16::from_le_bytes([d[14], d[15]]));
    let fats = usize::from(d[16]);
    let entries = usize::from(u16::from_le_bytes([d[17], d[18]]));
    let per_fat = usize::from(u16::from_le_bytes([d[22], d[23]]));
    let root = (reserved + fats * per_fat) * bps;
    (0..entries)
        .map(|i| &d[root + 32 * i..root + 32 * i + 32])
        .take_while(|e| e[0] != 0)
        .map(|e| (e[..11].try_into().unwrap(), e[11]))
        .collect()
}

/// Copies an empty file under each name onto a new image, with mtools'
/// code page `cp`; returns each name's short entry and whether a long-name
/// entry came before it.
fn mtools_names(cp: u32, names: &[&str]) -> Vec<([u8; 11], bool)> {
    let dir = std::env::temp_dir().join(format!("litenc-fat-{}-{cp}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let img = dir.join("img");
    let _ = std::fs::remove_file(&img);
    let rc = dir.join("mtoolsrc");
    std::fs::write(&rc, format!("default_codepage={cp}\n")).unwrap();
    let empty = dir.join("empty");
    std::fs::write(&empty, b"").unwrap();
    let out = Command::new("mkfs.fat")
        .args(["-C"])
        .arg(&img)
        .arg("1440")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "mkfs.fat: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    for name in names {
        let out = Command::new("mcopy")
            .env("MTOOLSRC", &rc)
            .env("MTOOLS_SKIP_CHECK", "1")
            .arg("-i")
            .arg(&img)
            .arg(&empty)
            .arg(format!("::{name}"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "mcopy {name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let mut result = Vec::new();
    let mut long = false;
    for (name, attr) in root_entries(&img) {
        if attr == 0x0F {
            long = true;
            continue;
        }
        result.push((name, long));
        long = false;
    }
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(result.len(), names.len());
    result
}

/// Names each page stores as they are, upper-cased (each a different
/// file): ASCII, the punctuation FAT allows, and letters of the page.
const VALID: &[&str] = &[
    "readme.txt",
    "README.TXT2",
    "a",
    "a.b",
    "x.",
    "12345678.123",
    "AUTOEXEC.BAT",
    "config.sys",
    "!#$%&().-@^",
    "_{}~`.!@#",
    "hello-1.c",
    "Q",
    "zz.z",
    "a1b2c3d4.e5f",
    "tilde~1.txt",
    "é.x",
    "naïve.doc",
    "ÉCOLE.TXT",
    "über.dat",
    "Ärger",
    "Ñandú.doc",
    "çà.b",
    "ÿ",
    "ñ.ñ",
];

#[test]
fn mtools_agrees() {
    if !(have("mcopy") && have("mkfs.fat")) {
        eprintln!(
            "SKIPPED: mtools or dosfstools missing (Debian: apt-get install mtools dosfstools); \
             FAT names were not compared"
        );
        return;
    }
    let mut compared = 0;
    for (cp, page) in [(437, Encoding::Ibm437), (850, Encoding::Ibm850)] {
        // The names this page holds in upper case, each file once.
        let mut seen = std::collections::HashSet::new();
        let names: Vec<&str> = VALID
            .iter()
            .copied()
            .filter(|n| short_name(page, n).is_ok_and(|s| seen.insert(s)))
            .collect();
        assert!(names.len() >= 15, "{cp}: {names:?}");
        for (name, (theirs, long)) in names.iter().zip(mtools_names(cp, &names)) {
            let ours = short_name(page, name).unwrap();
            assert_eq!(
                ours,
                theirs,
                "{name} in CP{cp}: ours {:?}, mtools {:?}",
                ours.escape_ascii().to_string(),
                theirs.escape_ascii().to_string()
            );
            // Only a mixed-case name needs a long name to keep its case.
            let mixed =
                name.chars().any(char::is_lowercase) && name.chars().any(char::is_uppercase);
            assert!(!long || mixed, "{name}: mtools wrote a long name");
            compared += 1;
        }
        // Names FAT forbids, or too long: mtools stores each as a long
        // name with a made-up short one.
        let refused = [
            "archive.tar.gz",
            "abcdefghi.txt",
            "a.html",
            "a b.c",
            "a+b.c",
            "a,b",
            "a;b",
            "a=b",
            "a[1].c",
            "a]b",
            ".profile",
        ];
        for name in refused {
            assert!(short_name(page, name).is_err(), "{name}");
        }
        for (name, (theirs, long)) in refused.iter().zip(mtools_names(cp, &refused)) {
            assert!(
                long,
                "{name} in CP{cp}: no long name, short {}",
                theirs.escape_ascii()
            );
            compared += 1;
        }
    }
    // The one difference (CONFORMANCE.md): a letter whose upper case is
    // not in the page is an error here; mtools drops its accent.
    assert!(matches!(
        short_name(Encoding::Ibm437, "menú.cfg"),
        Err(FatNameError::NotInPage {
            ch: 'ú',
            offset: 3,
            ..
        })
    ));
    assert_eq!(
        mtools_names(437, &["menú.cfg"])[0],
        (*b"MENU    CFG", false)
    );
    // And the apostrophe, which the FAT specification allows in a short
    // name and mtools does not: it writes a long name.
    assert_eq!(
        short_name(Encoding::Ibm437, "it's.txt"),
        Ok(*b"IT'S    TXT")
    );
    assert!(mtools_names(437, &["it's.txt"])[0].1);
    eprintln!("{compared} names compared with mtools");
}

#[test]
fn the_macro_is_the_function() {
    const README: [u8; 11] = litenc::fat_name!("readme.txt");
    const NANDU: [u8; 11] = litenc::fat_name!("cp850", "Ñandú.doc");
    const DELETED_MARK: [u8; 11] = litenc::fat_name!("cp850", "õ.txt");
    assert_eq!(&README, b"README  TXT");
    assert_eq!(Ok(NANDU), short_name(Encoding::Ibm850, "Ñandú.doc"));
    assert_eq!(&DELETED_MARK, b"\x05       TXT");
    assert_eq!(litenc::fat_name!("."), *b".          ");
    assert_eq!(
        short_name(Encoding::Ibm437, "a.b.c"),
        Err(FatNameError::TwoDots { offset: 3 })
    );
    assert_eq!(
        short_name(Encoding::Ibm437, ".x"),
        Err(FatNameError::EmptyBase)
    );
    assert_eq!(short_name(Encoding::Ibm437, ""), Err(FatNameError::Empty));
    assert_eq!(
        short_name(Encoding::Ibm437, "abcdefghi"),
        Err(FatNameError::BaseTooLong { len: 9 })
    );
    assert_eq!(
        short_name(Encoding::Ibm437, "a.html"),
        Err(FatNameError::ExtensionTooLong { len: 4 })
    );
    assert_eq!(
        short_name(Encoding::Ibm437, "a?b"),
        Err(FatNameError::Forbidden { ch: '?', offset: 1 })
    );
    assert_eq!(
        short_name(Encoding::Utf8, "a"),
        Err(FatNameError::NotACodePage(Encoding::Utf8))
    );
}
