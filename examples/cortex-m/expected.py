#!/usr/bin/env python3
"""Writes src/expected.rs: the bytes the firmware must find, worked out here
without litenc, from Python's codecs and from the standards' own tables.

    python3 expected.py          # rewrite src/expected.rs
    python3 expected.py --check  # exit 1 if src/expected.rs is out of date

Sources:
- UTF-8, UTF-16, windows-1251, KOI8-R, CP850: Python's `codecs` (the
  characters used here map the same in the WHATWG Encoding Standard).
- HD44780 character ROM A00: the table "Correspondence between Character
  Codes and Character Patterns (ROM Code: A00)" of Hitachi's HD44780U
  datasheet (ADE-207-272); its half-width katakana A1..DF are those of
  JIS X 0201, taken here from Python's `shift_jis` codec.
- GSM 03.38: the default alphabet and its extension table of 3GPP TS 23.038
  §6.2.1 and §6.2.1.1, packed as §6.1.2.1.1 says (septet n in bits 7n to
  7n+6 of the octet stream, least significant bit first).
- FAT short names: Microsoft's "FAT32 File System Specification" (1.03),
  section "FAT Directory Structure": DIR_Name is the 8-byte base and the
  3-byte extension, upper case in the OEM code page, padded with spaces; a
  first byte E5 is stored as 05.
"""

import pathlib
import sys

OUT = pathlib.Path(__file__).resolve().parent / "src" / "expected.rs"

# The run-time texts: long enough to cross the portable kernels' blocks
# (8 and 16 bytes, 64-byte strides), with ASCII runs and non-ASCII text.
LONG_MIXED = (
    "Температура двигателя: 87 °C, давление масла в норме. "
    "Engine temperature 87 degrees, oil pressure normal. "
    "温度正常 ✓ — журнал № 1024 сохранён 👍 end"
)
LONG_CYRILLIC = (
    "Съешь же ещё этих мягких французских булок, да выпей чаю. "
    "The quick brown fox jumps over the lazy dog. "
    "«Журнал» № 1024 — 25 °C"
)
# Where the firmware breaks LONG_MIXED: the last byte of `温` (three bytes,
# past byte 128) becomes `A`, which leaves its first two bytes ill-formed.
BREAK_AT = LONG_MIXED.encode().index("温".encode()) + 2
BREAK_BYTE = ord("A")

# HD44780U datasheet, ROM code A00: the codes that are not ASCII.
HD44780_A00 = {
    "¥": 0x5C,
    "→": 0x7E,
    "←": 0x7F,
    "α": 0xE0,
    "β": 0xE2,
    "μ": 0xE4,
    "σ": 0xE5,
    "√": 0xE8,
    "∞": 0xF3,
    "Ω": 0xF4,
    "Σ": 0xF6,
    "π": 0xF7,
    "÷": 0xFD,
}


def hd44780_a00(text):
    out = bytearray()
    for ch in text:
        if ch in HD44780_A00:
            out.append(HD44780_A00[ch])
        elif "\uff61" <= ch <= "\uff9f":  # half-width katakana, JIS X 0201
            out += ch.encode("shift_jis")
        elif " " <= ch <= "}" and ch != "\\":
            out.append(ord(ch))
        else:
            raise ValueError(f"not in ROM A00: {ch!r}")
    return bytes(out)


# 3GPP TS 23.038 §6.2.1: the default alphabet, code by code.
GSM_DEFAULT = (
    "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\x1bÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?"
    "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
)
assert len(GSM_DEFAULT) == 128
# §6.2.1.1: the extension table, reached by the escape 1B.
GSM_EXTENSION = {"\f": 0x0A, "^": 0x14, "{": 0x28, "}": 0x29, "\\": 0x2F,
                 "[": 0x3C, "~": 0x3D, "]": 0x3E, "|": 0x40, "€": 0x65}


def gsm_septets(text):
    out = []
    for ch in text:
        if ch in GSM_EXTENSION:
            out += [0x1B, GSM_EXTENSION[ch]]
        else:
            out.append(GSM_DEFAULT.index(ch))
    return out


def gsm_packed(text):
    """§6.1.2.1.1: septet n occupies bits 7n..7n+6, LSB first."""
    septets = gsm_septets(text)
    bits = 0
    for n, s in enumerate(septets):
        bits |= s << (7 * n)
    return bits.to_bytes((7 * len(septets) + 7) // 8, "little")


def fat_name(page, name):
    base, _, ext = name.partition(".")
    raw = base.upper().encode(page).ljust(8, b" ") + ext.upper().encode(page).ljust(3, b" ")
    assert len(raw) == 11
    if raw[0] == 0xE5:
        raw = b"\x05" + raw[1:]
    return raw


def utf16_units(text):
    b = text.encode("utf-16-le")
    return [int.from_bytes(b[i:i + 2], "little") for i in range(0, len(b), 2)]


def usb_string(text):
    body = text.encode("utf-16-le")
    return bytes([2 + len(body), 3]) + body


def rust_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def rust_array(name, ty, values, doc):
    width = 2 if ty == "u8" else 4
    items = ", ".join(f"0x{v:0{width}X}" for v in values)
    return f"/// {doc}\npub const {name}: [{ty}; {len(values)}] = [{items}];\n"


def generate():
    mixed = LONG_MIXED.encode("utf-8")
    try:
        (mixed[:BREAK_AT] + bytes([BREAK_BYTE]) + mixed[BREAK_AT + 1:]).decode("utf-8")
        raise AssertionError("the broken text decoded")
    except UnicodeDecodeError as e:
        broken_at, broken_len = e.start, e.end - e.start
    items = [
        "//! Written by `expected.py` (Python's codecs and the standards' tables,",
        "//! not litenc): do not edit; run `python3 expected.py` after changing it.",
        "",
        f"/// A long text for the run-time codec ({len(mixed)} bytes of UTF-8).",
        f"pub const LONG_MIXED: &str = {rust_str(LONG_MIXED)};",
        f"/// A long text in windows-1251's repertoire ({len(LONG_CYRILLIC.encode())} bytes of UTF-8).",
        f"pub const LONG_CYRILLIC: &str = {rust_str(LONG_CYRILLIC)};",
        "/// Where the firmware writes `BREAK_BYTE` into `LONG_MIXED`.",
        f"pub const BREAK_AT: usize = {BREAK_AT};",
        "/// The byte that breaks `LONG_MIXED`.",
        f"pub const BREAK_BYTE: u8 = 0x{BREAK_BYTE:02X};",
        "/// Python's `UnicodeDecodeError.start` for that text.",
        f"pub const BROKEN_VALID_UP_TO: usize = {broken_at};",
        "/// Python's `UnicodeDecodeError.end - start` for that text.",
        f"pub const BROKEN_ERROR_LEN: usize = {broken_len};",
        "",
        rust_array("LONG_MIXED_UTF16", "u16", utf16_units(LONG_MIXED),
                   "`LONG_MIXED.encode('utf-16-le')`, as units."),
        rust_array("LONG_CYRILLIC_1251", "u8", LONG_CYRILLIC.encode("cp1251"),
                   "`LONG_CYRILLIC.encode('cp1251')`."),
        rust_array("UTF16_HELLO_NUL", "u16", utf16_units("Привет, мир! 👋\0"),
                   "`'Привет, мир! 👋\\0'.encode('utf-16-le')`, as units."),
        rust_array("CP1251_LABEL", "u8", "Температура: 25 °C, № 7".encode("cp1251"),
                   "`'Температура: 25 °C, № 7'.encode('cp1251')`."),
        rust_array("USB_PRODUCT", "u8", usb_string("Термометр"),
                   "USB 2.0 §9.6.7: `bLength`, 3, then `'Термометр'.encode('utf-16-le')`."),
        rust_array("HD44780_LINE", "u8", hd44780_a00("25ﾟC ｶﾀｶﾅ α→β ¥100 Ω÷π"),
                   "HD44780U datasheet, ROM A00, of `'25ﾟC ｶﾀｶﾅ α→β ¥100 Ω÷π'`."),
        rust_array("GSM_HELLO_PACKED", "u8", gsm_packed("hellohello"),
                   "3GPP TS 23.038 §6.1.2.1.1 of `'hellohello'` (the example of the standard)."),
        rust_array("GSM_PRICE_PACKED", "u8", gsm_packed("Grüße @ 5€ {Δ}"),
                   "3GPP TS 23.038 §6.2.1, §6.2.1.1 and §6.1.2.1.1 of `'Grüße @ 5€ {Δ}'`."),
        rust_array("FAT_README", "u8", fat_name("cp437", "readme.txt"),
                   "The FAT specification's 8.3 name of `readme.txt` (CP437)."),
        rust_array("FAT_MENU_850", "u8", fat_name("cp850", "menú.cfg"),
                   "The FAT specification's 8.3 name of `menú.cfg` in CP850."),
        rust_array("FAT_E5_850", "u8", fat_name("cp850", "õ.txt"),
                   "The FAT specification's 8.3 name of `õ.txt` in CP850: `Õ` is E5, stored as 05."),
        rust_array("CONST_UTF16", "u16", utf16_units("Ошибка №5 ✓"),
                   "`'Ошибка №5 ✓'.encode('utf-16-le')`, as units."),
        rust_array("CONST_KOI8_R", "u8", "Привет".encode("koi8_r"),
                   "`'Привет'.encode('koi8_r')`."),
        rust_array("CONST_CP1251", "u8", "Добрый день".encode("cp1251"),
                   "`'Добрый день'.encode('cp1251')`."),
    ]
    return "\n".join(items).rstrip("\n") + "\n"


def main():
    text = generate()
    if sys.argv[1:] == ["--check"]:
        if OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT} is out of date: run python3 expected.py", file=sys.stderr)
            sys.exit(1)
        return
    OUT.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
