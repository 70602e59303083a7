#!/usr/bin/env python3
"""Writes data/dos/index-cpNNN.txt, the DOS/OEM code pages as Python's codecs map them.

Python's `encodings.cpNNN` modules are generated (by Tools/unicode/gencodec.py) from the
Unicode Consortium's Microsoft PC tables, MAPPINGS/VENDORS/MICSFT/PC/CPNNN.TXT (`cp858` is
Python's `cp850` with 0xD5 = U+20AC, the euro sign IBM put there). This script asks the running Python for every byte
and writes the high half (bytes 0x80..0xFF) in the format of the WHATWG index files:
`pointer<TAB>0xCODE<TAB>character (NAME)`, pointer = byte - 0x80, no line for an undefined
byte. Bytes 0x00..0x7F are ASCII in every one of these pages (checked here).

Usage: python3 scripts/dos_indexes.py   (from the repository root; rewrites data/dos/)
"""

import pathlib
import platform
import unicodedata

PAGES = [437, 737, 775, 850, 852, 855, 857, 858, 860, 861, 862, 863, 865, 869]


def main():
    out_dir = pathlib.Path("data/dos")
    out_dir.mkdir(parents=True, exist_ok=True)
    for page in PAGES:
        codec = f"cp{page}"
        lines = [
            f"# The high half of {codec.upper()} as Python {platform.python_version()}'s codec `{codec}` decodes it",
            (
                "# (Lib/encodings/cp858.py: Python's cp850, from the Unicode Consortium's\n"
                "# MAPPINGS/VENDORS/MICSFT/PC/CP850.TXT, with 0xD5 = U+20AC)."
                if page == 858
                else f"# (Lib/encodings/{codec}.py, generated from the Unicode Consortium's\n"
                f"# MAPPINGS/VENDORS/MICSFT/PC/{codec.upper()}.TXT)."
            ),
            "# Written by scripts/dos_indexes.py: pointer = byte - 0x80; an undefined byte has no line.",
            "",
        ]
        for byte in range(256):
            try:
                text = bytes([byte]).decode(codec)
            except UnicodeDecodeError:
                continue
            assert len(text) == 1, (codec, byte, text)
            if byte < 0x80:
                assert text == chr(byte), (codec, byte, text)
                continue
            cp = ord(text)
            name = unicodedata.name(text, "<control>")
            lines.append(f"{byte - 0x80:3}\t0x{cp:04X}\t{text if cp >= 0xA0 else ''} ({name})")
        (out_dir / f"index-{codec}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote data/dos/index-{codec}.txt")


if __name__ == "__main__":
    main()
