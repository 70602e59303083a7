#!/usr/bin/env python3
"""Builds the real-text corpora of the single-byte code-page benchmarks.

    python3 bench/corpora/code_pages.py     # writes bench/corpora/code_pages/<page>.txt

Nothing here is shipped with litenc: each corpus is cut, at bench time, from
translated documentation installed on this machine, in the languages the
page was made for:

| page (litenc module) | text |
|---|---|
| koi8_r, ibm866, windows1251 | Russian man pages, /usr/share/man/ru |
| windows1252, ibm437 | German and French man pages, /usr/share/man/{de,fr} |
| iso8859_2 | Polish, Czech and Hungarian man pages, /usr/share/man/{pl,cs,hu} |
| windows1253 | Greek message catalogs, /usr/share/locale/el/LC_MESSAGES/*.mo |
| windows874 (if Thai exists) | Thai message catalogs, /usr/share/locale/th/LC_MESSAGES/*.mo |
| windows1255 (if Hebrew exists) | Hebrew message catalogs, /usr/share/locale/he/LC_MESSAGES/*.mo |

The EBCDIC pages are measured on these corpora too (`ebcdic` in
`bench/benches/compare.rs`): windows1252's for the Latin ones, windows1253's
for IBM875 (Greek), windows1255's for IBM424 (Hebrew), with what a page
lacks dropped there.

Man pages (gzip'd groff) keep their prose: lines that start with `.` or `'`
(requests and macros) and tbl format lines are dropped, comments cut, and
escapes removed (`\\fB`, `\\s-1`, `\\*(..`, `\\h'..'`, ...) or, for
punctuation, replaced by the character they print (`\\-` is `-`, `\\(em` is
an em dash, `\\(Fo` a guillemet, `\\e` a backslash). Message catalogs give
their translations (msgstr, every plural form), the header entry left out.
Files are read in path order, duplicates (symbolic links, identical pages)
once; where a page takes several languages their paragraphs alternate, so
that every cut of the corpus mixes them.

Characters the page does not have (per litenc's own index, data/whatwg or
data/dos) are dropped; the script says which share that was. Each corpus is
the first 100,000 bytes of UTF-8 (cut on a character boundary); the
benchmarks also cut it to 4 KiB and 64 B. For each corpus the script prints
its size in UTF-8 and in the page, the share of non-ASCII characters, the
share dropped and the SHA-256 of the file, so that runs on different
machines can be told apart. A missing directory is an error, except Thai and
Hebrew, which are optional.
"""

import gzip
import hashlib
import re
import struct
import sys
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "code_pages"
DATA = HERE.parent.parent / "data"
MAN = Path("/usr/share/man")
LOCALE = Path("/usr/share/locale")
TARGET = 100_000

# page module -> (index under data/, sources, required)
PAGES = {
    "koi8_r": ("whatwg/index-koi8-r.txt", [("man", "ru")], True),
    "ibm866": ("whatwg/index-ibm866.txt", [("man", "ru")], True),
    "windows1251": ("whatwg/index-windows-1251.txt", [("man", "ru")], True),
    "windows1252": ("whatwg/index-windows-1252.txt", [("man", "de"), ("man", "fr")], True),
    "ibm437": ("dos/index-cp437.txt", [("man", "de"), ("man", "fr")], True),
    "iso8859_2": ("whatwg/index-iso-8859-2.txt",
                  [("man", "pl"), ("man", "cs"), ("man", "hu")], True),
    "windows1253": ("whatwg/index-windows-1253.txt", [("mo", "el")], True),
    "windows874": ("whatwg/index-windows-874.txt", [("mo", "th")], False),
    "windows1255": ("whatwg/index-windows-1255.txt", [("mo", "he")], False),
}

# Named characters (\(xx, \[xx], \*(xx) that print something in prose (from
# groff_char(7), and the strings that pod2man and DocBook pages define);
# accented letters are composed below; every other name is dropped.
NAMED = {
    "em": "\u2014", "en": "\u2013", "hy": "-", "mi": "-", "aq": "'", "dq": '"',
    "lq": "\u201c", "rq": "\u201d", "oq": "\u2018", "cq": "\u2019", "bq": "\u201a",
    "Bq": "\u201e", "Fo": "\u00ab", "Fc": "\u00bb", "fo": "\u2039", "fc": "\u203a",
    "bu": "\u2022", "co": "\u00a9", "rg": "\u00ae", "tm": "\u2122", "ti": "~", "ha": "^",
    "rs": "\\", "ga": "`", "aa": "\u00b4", "ul": "_", "sl": "/", "at": "@", "sh": "#",
    "Do": "$", "dg": "\u2020", "de": "\u00b0", "pl": "+", "eq": "=", "<=": "\u2264",
    ">=": "\u2265", "->": "\u2192", "<-": "\u2190", "mu": "\u00d7", "di": "\u00f7",
    "ss": "\u00df", "ae": "\u00e6", "AE": "\u00c6", "oe": "\u0153", "OE": "\u0152",
    "/o": "\u00f8", "/O": "\u00d8", "/l": "\u0142", "/L": "\u0141", "oa": "\u00e5",
    "oA": "\u00c5", "-D": "\u00d0", "Sd": "\u00f0", "TP": "\u00de", "Tp": "\u00fe",
    "r!": "\u00a1", "r?": "\u00bf", "char94": "^",
    # strings: DocBook's Aq, pod2man's quotes and dashes
    "Aq": "'", "AQ": "'", "L\"": "\u201c", "R\"": "\u201d", "C`": "'", "C'": "'",
    "--": "\u2014", "C+": "C++", "PI": "\u03c0", "R": "\u00ae", "Tm": "\u2122",
}
GREEK = dict(zip("abgdezyhiklmncoprstufxqw", "\u03b1\u03b2\u03b3\u03b4\u03b5\u03b6\u03b7\u03b8"
                 "\u03b9\u03ba\u03bb\u03bc\u03bd\u03be\u03bf\u03c0\u03c1\u03c3\u03c4\u03c5"
                 "\u03c6\u03c7\u03c8\u03c9"))
ACCENTS = {":": "\u0308", "'": "\u0301", "`": "\u0300", "^": "\u0302", "~": "\u0303",
           ",": "\u0327", "v": "\u030c", "o": "\u030a", '"': "\u030b"}


def named(name):
    """What the groff glyph or string `name` prints ("" if not prose)."""
    if name in NAMED:
        return NAMED[name]
    if len(name) == 2 and name[0] in ACCENTS and name[1].isalpha():
        return unicodedata.normalize("NFC", name[1] + ACCENTS[name[0]])
    if len(name) == 2 and name[0] == "*" and name[1].lower() in GREEK:
        g = GREEK[name[1].lower()]
        return g.upper() if name[1].isupper() else g
    m = re.fullmatch(r"u([0-9A-F]{4,6})((?:_[0-9A-F]{4,6})*)", name)
    if m:
        cps = [m.group(1)] + m.group(2).split("_")[1:]
        return unicodedata.normalize("NFC", "".join(chr(int(c, 16)) for c in cps))
    return ""


ESCAPE = re.compile(
    r"""\\(?:
        (?P<named>\((?P<n2>..)|\[(?P<nb>[^\]]*)\])      # \(xx  \[name]
      | \*(?:\((?P<s2>..)|\[(?P<sb>[^\]]*)\]|(?P<s1>.)) # \*(xx \*[name] \*x
      | [fFgkmMnVY](?:\(..|\[[^\]]*\]|.)                # font, register, ...
      | s[-+]?(?:\d\d?|\(..|\[[^\]]*\]|'[^']*')         # size
      | [hvwlLoXDZbxNRSCA]'[^']*'                       # \h'..' and the like
      | (?P<one>.)                                      # \- \e \& \| ...
    )""",
    re.VERBOSE,
)

ONE = {"-": "-", "e": "\\", "\\": "\\", " ": " ", "~": " ", "0": " ", "`": "`",
       "'": "'", ".": ".", "t": "\t"}
PARAGRAPH_MACROS = {"SH", "SS", "PP", "P", "LP", "TP", "IP", "HP", "sp", "TS", "EX", "nf",
                    "RS", "RE", "Sh", "Pp", "It", "Bl", "El"}


def die(msg):
    sys.exit(f"code_pages.py: {msg}")


def unescape(m):
    if m.group("named"):
        return named(m.group("n2") or m.group("nb"))
    for g in ("s2", "sb", "s1"):
        if m.group(g):
            return named(m.group(g))
    one = m.group("one")
    if one is not None:
        return ONE.get(one, "")
    return ""


def man_paragraphs(text):
    """The prose of one groff page, as a list of paragraphs."""
    paras, cur = [], []
    text = text.replace("\\\n", "")
    in_table_format = False

    def flush():
        if cur:
            paras.append("\n".join(cur))
            cur.clear()

    for line in text.split("\n"):
        if in_table_format:
            # tbl: options and format lines up to the one ending in '.'
            if line.rstrip().endswith("."):
                in_table_format = False
            continue
        if line.startswith((".", "'")):
            name = line[1:].split(maxsplit=1)[0] if line[1:].split() else ""
            if name in PARAGRAPH_MACROS:
                flush()
            if name == "TS":
                in_table_format = True
            continue
        cut = line.find('\\"')
        if cut >= 0:
            line = line[:cut]
        line = ESCAPE.sub(unescape, line).rstrip()
        if not line.strip():
            flush()
            continue
        cur.append(line)
    flush()
    return paras


def man_texts(lang):
    root = MAN / lang
    if not root.is_dir():
        die(f"{root} is missing: this corpus is cut from the {lang} man pages that "
            f"packages install there (and that no dpkg path-exclude leaves out)")
    seen_files, seen_text, out = set(), set(), []
    for path in sorted(root.rglob("*.gz")):
        real = path.resolve()
        if real in seen_files or not real.is_file():
            continue
        seen_files.add(real)
        try:
            text = gzip.decompress(real.read_bytes()).decode("utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        digest = hashlib.sha256(text.encode()).digest()
        if digest in seen_text:
            continue
        seen_text.add(digest)
        out.append(man_paragraphs(text))
    if not out:
        die(f"{root} has no readable gzip'd man page")
    return out


def mo_strings(path):
    """The translations of one GNU .mo catalog (every plural form), header left out."""
    data = path.read_bytes()
    if len(data) < 20:
        return []
    magic = struct.unpack("<I", data[:4])[0]
    if magic == 0x950412DE:
        e = "<"
    elif magic == 0xDE120495:
        e = ">"
    else:
        return []
    n, orig, trans = struct.unpack(e + "III", data[8:20])

    def entry(table, i):
        length, off = struct.unpack(e + "II", data[table + 8 * i:table + 8 * i + 8])
        return data[off:off + length]

    charset = "utf-8"
    out = []
    for i in range(n):
        msgid, msgstr = entry(orig, i), entry(trans, i)
        if not msgid:
            m = re.search(rb"charset=([-\w]+)", msgstr)
            if m:
                charset = m.group(1).decode()
            continue
        for form in msgstr.split(b"\0"):
            try:
                s = form.decode(charset)
            except (LookupError, UnicodeDecodeError):
                continue
            if s.strip():
                out.append(s)
    return out


def mo_texts(lang):
    root = LOCALE / lang / "LC_MESSAGES"
    if not root.is_dir():
        return None
    out = [mo_strings(p) for p in sorted(root.glob("*.mo"))]
    out = [x for x in out if x]
    return out or None


def interleave(streams):
    """Paragraphs of several languages, one of each in turn."""
    streams = [[p for doc in s for p in doc] for s in streams]
    out, i = [], 0
    while any(i < len(s) for s in streams):
        for s in streams:
            if i < len(s):
                out.append(s[i])
        i += 1
    return out


def page_chars(index):
    path = DATA / index
    if not path.is_file():
        die(f"{path} is missing (run from a litenc checkout)")
    chars = {chr(c) for c in range(0x80)}
    for line in path.read_text().split("\n"):
        f = line.split()
        if f and not line.startswith("#"):
            chars.add(chr(int(f[1], 16)))
    return chars


def build(paragraphs, chars):
    """The first TARGET bytes of the text, less what the page lacks."""
    out, n, total, dropped = [], 0, 0, 0
    for p in paragraphs:
        kept = "".join(c for c in p if c in chars)
        total += len(p)
        dropped += len(p) - len(kept)
        if not kept.strip():
            continue
        piece = kept + "\n\n"
        out.append(piece)
        n += len(piece.encode())
        if n >= TARGET:
            break
    text = "".join(out)
    data = text.encode()
    if len(data) < TARGET:
        die(f"only {len(data)} bytes of text, {TARGET} needed")
    cut = TARGET
    while cut > 0 and (data[cut] & 0xC0) == 0x80:
        cut -= 1
    return data[:cut].decode(), dropped / total


def main():
    OUT.mkdir(exist_ok=True)
    cache = {}
    for page, (index, sources, required) in PAGES.items():
        streams = []
        for kind, lang in sources:
            if (kind, lang) not in cache:
                cache[(kind, lang)] = man_texts(lang) if kind == "man" else mo_texts(lang)
            docs = cache[(kind, lang)]
            if docs is None:
                root = LOCALE / lang / "LC_MESSAGES"
                if required:
                    die(f"{root} is missing or has no message catalog with text: this "
                        f"corpus is cut from the {lang} translations that packages install")
                print(f"{page}: skipped, no {root}", file=sys.stderr)
                streams = None
                break
            streams.append(docs)
        if streams is None:
            (OUT / f"{page}.txt").unlink(missing_ok=True)
            continue
        text, dropped = build(interleave(streams), page_chars(index))
        data = text.encode()
        (OUT / f"{page}.txt").write_bytes(data)
        non_ascii = sum(ord(c) >= 0x80 for c in text) / len(text)
        langs = "+".join(lang for _, lang in sources)
        print(f"{page:12} {langs:9} {len(data):6} bytes UTF-8, {len(text):6} in the page, "
              f"{non_ascii:5.1%} non-ASCII, {dropped:6.3%} dropped, "
              f"sha256 {hashlib.sha256(data).hexdigest()}", file=sys.stderr)


if __name__ == "__main__":
    main()
