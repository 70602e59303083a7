//! The lists of known differences in `CONFORMANCE.md`, which the peer tests
//! compare with what they find, so that the document cannot go stale.
//! Shared by `tests/conformance_*.rs` and `runtime/tests/codec/single_byte_peer.rs`.
//!
//! A list is a fenced block whose info string is `text differences PEER`;
//! each entry is
//!
//! ```text
//! ENCODING DIRECTION RULE: ITEM ITEM ...
//!     ITEM ...                      (continuation lines start with spaces)
//! ```
//!
//! `DIRECTION` is `decode` or `encode`, `RULE` the name of a rule the
//! document explains, and an item is
//!
//! - decoding: `BB:LITENC/PEER`, the byte in hex and what each side decodes
//!   it to (`U+XXXX`, several joined with `+`, or `-` for an error);
//! - encoding: `U+XXXX:LITENC/PEER`, the character and what each side
//!   encodes it to (bytes in hex, or `-` for "cannot encode").

#![allow(dead_code, reason = "each test binary uses a part")]

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

/// One difference: encoding name, direction, rule, item.
pub(crate) type Difference = (String, String, String, String);

/// What a side decodes a byte to, as an item shows it.
pub(crate) fn chars_item(chars: Option<&str>) -> String {
    match chars {
        None => "-".to_owned(),
        Some(s) => s
            .chars()
            .map(|c| format!("U+{:04X}", c as u32))
            .collect::<Vec<_>>()
            .join("+"),
    }
}

/// What a side encodes a character to, as an item shows it.
pub(crate) fn bytes_item(bytes: Option<&[u8]>) -> String {
    match bytes {
        None => "-".to_owned(),
        Some(b) => b.iter().fold(String::new(), |mut s, x| {
            let _ = write!(s, "{x:02X}");
            s
        }),
    }
}

/// The item of a byte that litenc decodes to `ours` and the peer to `peer`.
pub(crate) fn decode_item(byte: u8, ours: Option<&str>, peer: Option<&str>) -> String {
    format!("{byte:02X}:{}/{}", chars_item(ours), chars_item(peer))
}

/// The item of a character that litenc encodes to `ours` and the peer to
/// `peer`.
pub(crate) fn encode_item(ch: char, ours: Option<&[u8]>, peer: Option<&[u8]>) -> String {
    format!(
        "U+{:04X}:{}/{}",
        ch as u32,
        bytes_item(ours),
        bytes_item(peer)
    )
}

/// Every entry of the lists of `peer` in the document at `path`.
pub(crate) fn listed(path: &Path, peer: &str) -> BTreeSet<Difference> {
    let doc = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let fence = format!("```text differences {peer}");
    let mut out = BTreeSet::new();
    let mut blocks = 0;
    let mut lines = doc.lines();
    while let Some(line) = lines.next() {
        if line.trim_end() != fence {
            continue;
        }
        blocks += 1;
        let mut head: Option<(String, String, String)> = None;
        for line in lines.by_ref() {
            if line.starts_with("```") {
                break;
            }
            let items = if line.starts_with(' ') {
                line
            } else if let Some((h, items)) = line.split_once(':') {
                let mut parts = h.split_whitespace();
                let (Some(enc), Some(dir), Some(rule), None) =
                    (parts.next(), parts.next(), parts.next(), parts.next())
                else {
                    panic!("{}: bad entry {line:?}", path.display());
                };
                head = Some((enc.to_owned(), dir.to_owned(), rule.to_owned()));
                items
            } else {
                panic!("{}: bad entry {line:?}", path.display());
            };
            let (enc, dir, rule) = head
                .clone()
                .unwrap_or_else(|| panic!("continuation before an entry: {line:?}"));
            for item in items.split_whitespace() {
                let new = out.insert((enc.clone(), dir.clone(), rule.clone(), item.to_owned()));
                assert!(new, "{}: {enc} {item} listed twice", path.display());
            }
        }
    }
    assert!(
        blocks > 0,
        "{}: no block {fence:?} (the list of differences with {peer})",
        path.display()
    );
    out
}

/// The entries as the document writes them, a few items a line.
pub(crate) fn render(found: &BTreeSet<Difference>) -> String {
    let mut s = String::new();
    let mut last: Option<(&str, &str, &str)> = None;
    let mut on_line = 0;
    for (enc, dir, rule, item) in found {
        let head = (enc.as_str(), dir.as_str(), rule.as_str());
        if last != Some(head) {
            if last.is_some() {
                s.push('\n');
            }
            let _ = write!(s, "{enc} {dir} {rule}:");
            last = Some(head);
            on_line = 0;
        } else if on_line == 6 {
            s.push_str("\n   ");
            on_line = 0;
        }
        let _ = write!(s, " {item}");
        on_line += 1;
    }
    s.push('\n');
    s
}

/// Fails unless the document lists exactly `found` for `peer` in the
/// directions `dirs`, and prints what to write instead.
pub(crate) fn check(path: &Path, peer: &str, dirs: &[&str], found: &BTreeSet<Difference>) {
    let listed: BTreeSet<Difference> = listed(path, peer)
        .into_iter()
        .filter(|d| dirs.contains(&d.1.as_str()))
        .collect();
    let missing: Vec<&Difference> = found.difference(&listed).collect();
    let stale: Vec<&Difference> = listed.difference(found).collect();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "{}, list `differences {peer}` ({dirs:?}) is out of date: {} found but not listed \
         (the first: {:?}), {} listed but not found (the first: {:?}); the entries as found:\n{}",
        path.display(),
        missing.len(),
        &missing[..missing.len().min(5)],
        stale.len(),
        &stale[..stale.len().min(5)],
        render(found)
    );
    println!(
        "{peer} {dirs:?}: {} differences, as CONFORMANCE.md lists them",
        found.len()
    );
}
