#!/usr/bin/env python3
"""Checks the links of the user-facing documents: every relative link resolves to a file or
folder of the repository, and every `#anchor` to a heading of its target (or of the same file),
as GitHub makes heading anchors. External http(s) and mailto links are only checked to be well
formed: nothing is fetched.

    python3 scripts/check_links.py            # README.md, docs/*.md, CONFORMANCE.md, ...
    python3 scripts/check_links.py FILE...    # only these

Exits 1 and lists every broken link, 0 when all hold. Python 3, standard library only.
"""

import re
import sys
import unicodedata
from pathlib import Path
from urllib.parse import unquote, urlparse

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ["README.md", "docs/*.md", "CONFORMANCE.md", "CHANGELOG.md", "macros/README.md",
           "runtime/README.md"]

FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})")
# [text](target "title"), ![alt](target), and reference definitions `[id]: target`.
INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFDEF = re.compile(r"^\s{0,3}\[([^\]]+)\]:\s*<?(\S+?)>?(?:\s+\"[^\"]*\")?\s*$")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ANCHOR = re.compile(r"<a\s+(?:name|id)=\"([^\"]+)\"", re.I)


def slug(heading):
    """The anchor GitHub gives a heading: markup dropped, lower case, punctuation other than
    `-` and `_` removed, spaces made `-` (one each)."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links: their text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    text = text.replace("`", "").lower()
    out = []
    for ch in text:
        cat = unicodedata.category(ch)
        if ch in " -_" or cat[0] in "LNM":
            out.append("-" if ch == " " else ch)
        # everything else (punctuation, symbols such as → or ×) is dropped
    return "".join(out)


def strip_code(line):
    """The line without its code spans, which hold no links."""
    return re.sub(r"(`+)(?:(?!\1).)+\1", "", line)


def scan(path):
    """(links as (line number, target), anchors of the file's headings and `<a id>`s)."""
    links, anchors, refs = [], set(), {}
    counts = {}
    fence = None
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        m = FENCE.match(line)
        if fence:
            if m and m.group(2)[0] == fence[0] and len(m.group(2)) >= len(fence):
                fence = None
            continue
        if m:
            fence = m.group(2)
            continue
        h = HEADING.match(line)
        if h:
            base = slug(h.group(2))
            k = counts.get(base, 0)
            counts[base] = k + 1
            anchors.add(base if k == 0 else f"{base}-{k}")
        for a in HTML_ANCHOR.findall(line):
            anchors.add(a)
        d = REFDEF.match(line)
        if d:
            refs[d.group(1).lower()] = (n, d.group(2))
            continue
        text = strip_code(line)
        for t in INLINE.findall(text):
            links.append((n, t))
    for _, (n, target) in refs.items():
        links.append((n, target))
    return links, anchors


def main():
    args = sys.argv[1:]
    files = []
    for pattern in args or DEFAULT:
        found = sorted(ROOT.glob(pattern)) if any(c in pattern for c in "*?[") else [ROOT / pattern]
        files += [f for f in found if f.is_file()]
    cache = {}

    def anchors_of(p):
        if p not in cache:
            cache[p] = scan(p)[1]
        return cache[p]

    errors = []
    checked = 0
    for f in files:
        rel = f.relative_to(ROOT)
        links, anchors = scan(f)
        cache[f] = anchors
        for n, target in links:
            checked += 1
            where = f"{rel}:{n}"
            url = urlparse(target)
            if url.scheme in ("http", "https"):
                if not url.netloc or " " in target:
                    errors.append(f"{where}: malformed URL {target!r}")
                continue
            if url.scheme == "mailto":
                if "@" not in url.path:
                    errors.append(f"{where}: malformed mailto {target!r}")
                continue
            if url.scheme:
                errors.append(f"{where}: unexpected scheme in {target!r}")
                continue
            path_part, _, frag = target.partition("#")
            dest = (f.parent / unquote(path_part)).resolve() if path_part else f
            try:
                dest.relative_to(ROOT)
            except ValueError:
                errors.append(f"{where}: {target!r} leaves the repository")
                continue
            if not dest.exists():
                errors.append(f"{where}: {target!r}: no such file {dest.relative_to(ROOT)}")
                continue
            if frag:
                if dest.is_dir() or dest.suffix.lower() not in (".md", ".markdown"):
                    if dest.suffix == ".rs" and re.fullmatch(r"L\d+(-L\d+)?", frag):
                        continue
                    errors.append(f"{where}: {target!r}: an anchor into a file that is not Markdown")
                    continue
                if unquote(frag) not in anchors_of(dest):
                    errors.append(f"{where}: {target!r}: no heading #{frag} in "
                                  f"{dest.relative_to(ROOT)}")
    if errors:
        print(f"{len(errors)} broken link(s) of {checked} in {len(files)} files:")
        for e in errors:
            print("  " + e)
        sys.exit(1)
    print(f"check_links: {checked} links in {len(files)} files resolve")


if __name__ == "__main__":
    main()
