#!/usr/bin/env python3
"""Builds the benchmark corpora of litenc from the man pages on this machine, deterministically:
Japanese, Chinese (both sets) and Korean, and German and Spanish.

    python3 bench/corpora/man.py        # writes bench/corpora/man_{ja,zh_CN,zh_TW,ko,de,es}.txt

German and Spanish are text of ASCII with letters with accents between it, the one a letter in
a few hundred bytes, the other one in a few words: the two ends of the Latin-script languages,
which the scans of ASCII and 2-byte characters take differently.

Each corpus is the text of every page under /usr/share/man/<lang>/ (gzip'd
groff, in file name order): lines that start with `.` or `'` (requests and
comments) are dropped, and so are the font, size and special-character
escapes (`\\fB`, `\\s-1`, `\\(em`, `\\*(Tm`, ...); `\\-` and `\\e` become `-`
and `\\`. What is left is real prose in the language, with the ASCII of
option names, paths and commands between it, about 100 KB of UTF-8 (cut
on a line); a language with less is repeated up to that. Characters an
encoding lacks are dropped by the benchmark for that encoding (it reports
how many). The script prints each corpus' size, share of ASCII bytes and
SHA-256 prefix, so that runs on two machines can be compared.

Needs Python 3 (standard library only) and the manual pages of the
`manpages-ja`, `manpages-zh`, `manpages-ko`, `manpages-de` and
`manpages-es`-style packages (Debian ships some in `man-db`, `shadow` and
`dpkg` translations).
"""

import gzip
import hashlib
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET = 100_000
# The texts read once (`man_<lang>_once.txt`), in corpora of TARGET bytes.
WINDOWS = 10
LANGS = ["ja", "zh_CN", "zh_TW", "ko", "de", "es"]

ESCAPES = [
    (re.compile(r"\\f(\[[^\]]*\]|\(..|.)"), ""),  # fonts
    (re.compile(r"\\s[+-]?(\(..|\d+)"), ""),  # sizes
    (re.compile(r"\\\*(\[[^\]]*\]|\(..|.)"), ""),  # strings
    (re.compile(r"\\\((..)"), ""),  # special characters
    (re.compile(r"\\\[[^\]]*\]"), ""),  # special characters, long names
    (re.compile(r'\\".*'), ""),  # comments
    (re.compile(r"\\[-e]"), lambda m: "-" if m.group(0) == "\\-" else "\\"),
    (re.compile(r"\\[&|^%c0 /,]"), ""),  # zero-width and spacing escapes
    (re.compile(r"\\[hv]'[^']*'"), ""),  # motions
    (re.compile(r"\\n(\(..|.)"), ""),  # number registers
]


def page_text(raw):
    out = []
    for line in raw.splitlines():
        if line.startswith((".", "'")):
            continue
        for pattern, repl in ESCAPES:
            line = pattern.sub(repl, line)
        line = line.strip()
        if line:
            out.append(line)
    return out


def page_lines(lang):
    """The lines of text of every page under /usr/share/man/<lang>, in file name order."""
    root = f"/usr/share/man/{lang}"
    files = []
    for dirpath, _, names in os.walk(root):
        files += [os.path.join(dirpath, n) for n in names if n.endswith(".gz")]
    lines = []
    for path in sorted(files):
        with gzip.open(path, "rb") as f:
            raw = f.read().decode("utf-8", errors="replace")
        lines += page_text(raw)
    if not lines:
        sys.exit(f"no manual pages under {root}")
    return lines


def cut(lines, target, repeat):
    """The first lines of `lines` that fit in `target` bytes; the lines again
    from the first if `repeat` and there are too few."""
    out, n, k = [], 0, 0
    while k < len(lines) or repeat:
        line = lines[k % len(lines)] + "\n"
        size = len(line.encode())
        if n + size > target:
            break
        out.append(line)
        n += size
        k += 1
    return "".join(out)


def main():
    for lang in LANGS:
        lines = page_lines(lang)
        # The corpus, and the text read once: up to WINDOWS corpora's worth,
        # as much as the language has, not repeated.
        for path, text in ((f"man_{lang}.txt", cut(lines, TARGET, True)),
                           (f"man_{lang}_once.txt", cut(lines, WINDOWS * TARGET, False))):
            data = text.encode()
            with open(os.path.join(HERE, path), "wb") as f:
                f.write(data)
            ascii_share = sum(b < 0x80 for b in data) / len(data)
            digest = hashlib.sha256(data).hexdigest()[:16]
            print(f"{path}: {len(data)} bytes, {ascii_share:.0%} ASCII, sha256 {digest}")


if __name__ == "__main__":
    main()
