#!/usr/bin/env python3
"""How many bytes a code page adds to a program.

    python3 bench/size/run.py            # builds bench/size in release (a minute or two), prints a table
    python3 bench/size/run.py --symbols  # also where litenc's bytes go (a second, unstripped build)
    python3 bench/size/run.py --check    # fails if a program links more than its page (CI runs it)
    python3 bench/size/run.py --target thumbv7m-none-eabi --check   # the firmware programs (CI too)

Each program in bench/size/src/bin reads standard input, converts it, and
writes the result; `none` converts nothing, so every other program's size
less its size is what its conversions add. Release profile: opt-level 3,
fat LTO, one codegen unit, stripped (bench/size/Cargo.toml). Each program is
also run once on a short text, to check that it does what it says.

With `--symbols`, the programs are built once more without stripping, and
the bytes of litenc's named functions and statics (from `nm`) are summed
per module, which shows what a program links that it never runs. Unnamed
constants (a page's decoding table and reverse map) are not counted.

With `--target thumbv7m-none-eabi`, the bare-metal programs of
bench/size/thumb are built instead, for a Cortex-M3, by scripts/cross.sh
(Debian's rustc-web with `-Zbuild-std`), once per opt-level a firmware
uses ("s", "z" and 3, fat LTO), and the flash each takes is printed: the
bytes of its allocated sections that are stored in the image (`.text`,
`.rodata`, `.data`, `.ARM.exidx`), read from the ELF's section headers.
With `--check` it fails if a program takes more than 16 KiB: the call of a
page's run-time function once linked every encoder and the CJK tables there
(213 KB), and GSM 03.38 with a USB string descriptor the CJK encoders and
tables (175 KB). These programs are built, not run.
"""

import collections
import os
import platform
import shutil
import struct
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TARGET = Path(os.environ.get("CARGO_TARGET_DIR", HERE.parent / "target" / "size"))

RU = "Съешь же ещё этих мягких французских булок, да выпей чаю."
PL = "Zażółć gęślą jaźń."

# program, what it links, argument, input, expected output
PROGRAMS = [
    ("none", "nothing (input to output)", None, b"abc", b"abc\n"),
    ("koi8_r", "`litenc_runtime::koi8_r::{decode, encode}`", None,
     RU.encode("koi8_r"), (RU + "\n").encode() + RU.encode("koi8_r") + b"\n"),
    ("koi8_r_const", "`koi8_r::{decoded_len, decode_into, encode_into}` (`const fn`s, no SIMD)",
     None, RU.encode("koi8_r"), (RU + "\n").encode() + RU.encode("koi8_r") + b"\n"),
    ("two_pages", "`koi8_r` and `iso8859_2`, `decode` + `encode` each", "iso-8859-2",
     PL.encode("iso8859_2"), (PL + "\n").encode() + PL.encode("iso8859_2") + b"\n"),
    ("windows1251", "`litenc_runtime::windows1251::{decode, encode}` (the kernel every page shares)",
     None, RU.encode("cp1251"), (RU + "\n").encode() + RU.encode("cp1251") + b"\n"),
    ("for_label", "`Encoding::for_label` + `Encoding::{decode, encode}` (every encoding)",
     "koi8-r", RU.encode("koi8_r"), (RU + "\n").encode() + RU.encode("koi8_r") + b"\n"),
    ("encoding_rs_koi8_r_decode", "encoding_rs: `KOI8_R.decode_without_bom_handling`", None,
     RU.encode("koi8_r"), (RU + "\n").encode()),
    ("encoding_rs_koi8_r", "encoding_rs: `KOI8_R` decode + `encode`", None,
     RU.encode("koi8_r"), (RU + "\n").encode() + RU.encode("koi8_r") + b"\n"),
    ("encoding_rs_for_label", "encoding_rs: `Encoding::for_label` + decode + `encode`",
     "koi8-r", RU.encode("koi8_r"), (RU + "\n").encode() + RU.encode("koi8_r") + b"\n"),
]


def build(target, *args, **env):
    cmd = ["cargo", "build", "--release", "--bins", "--quiet", *args]
    print("+", " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, cwd=HERE, env=dict(os.environ, CARGO_TARGET_DIR=str(target), **env),
                   check=True)


def litenc_symbols(exe):
    """Bytes of litenc_runtime's symbols in `exe`, per module (two path levels)."""
    out = subprocess.run(["nm", "-S", "-C", str(exe)], capture_output=True, text=True,
                         check=True).stdout
    per = collections.Counter()
    for line in out.splitlines():
        f = line.split(None, 3)
        if len(f) == 4 and "litenc_runtime::" in f[3]:
            path = f[3][f[3].index("litenc_runtime::"):]
            key = "::".join(path.split("::")[1:3]).split("<")[0].split("{")[0].split("(")[0]
            per[key] += int(f[1], 16)
    return per


# With `--check`: the most a program of one or two pages may add. A page
# costs about 26 KB and a second one 10 KB; a program that links every kernel
# because a family stopped being a constant costs hundreds of KB, which is
# what this catches (a few KB of growth is for the table in the docs to show).
LIMITS = {"koi8_r": 40_000, "windows1251": 40_000, "two_pages": 55_000, "koi8_r_const": 16_000}


def check(sizes):
    over = [f"{n}: {sizes[n] - sizes['none']:+,} bytes, limit {limit:,}"
            for n, limit in LIMITS.items() if sizes[n] - sizes["none"] > limit]
    if over:
        sys.exit("a program links more than its code pages need:\n  " + "\n  ".join(over))
    print("\nEvery program of one or two pages is within its limit.")


# The bare-metal programs of bench/size/thumb: program, what it calls, the
# most flash it may take with `--check` (None: not checked).
THUMB = HERE / "thumb"
THUMB_PROGRAMS = [
    ("none", "nothing (copies its input)", None),
    ("const_encode", "`windows1251::encode_into` (the `const fn`)", None),
    ("fast_encode", "`fast::windows1251::encode_into`", 16_384),
    ("fast_encode_dyn", "`fast::encode_into(Encoding::Windows1251, ..)`", 16_384),
    ("fast_decode", "`fast::windows1251::decode_into`", 16_384),
    ("gsm_usb", "`fast::gsm0338::encode_into` and `usb_string::encode_into`", 16_384),
]
# Cargo profile of bench/size/thumb/Cargo.toml, its opt-level.
THUMB_PROFILES = [("release", "s"), ("release-z", "z"), ("release-o3", "3")]


def flash(elf):
    """Bytes of the sections of `elf` that the image stores: allocated, and
    not NOBITS (`.bss`, the stack)."""
    data = Path(elf).read_bytes()
    if data[:4] != b"\x7fELF":
        sys.exit(f"{elf}: not an ELF file")
    wide = data[4] == 2
    end = "<" if data[5] == 1 else ">"
    if wide:
        shoff, = struct.unpack_from(end + "Q", data, 0x28)
        shentsize, shnum = struct.unpack_from(end + "HH", data, 0x3A)
    else:
        shoff, = struct.unpack_from(end + "I", data, 0x20)
        shentsize, shnum = struct.unpack_from(end + "HH", data, 0x2E)
    total = 0
    for k in range(shnum):
        at = shoff + k * shentsize
        if wide:
            _, kind, flags = struct.unpack_from(end + "IIQ", data, at)
            size, = struct.unpack_from(end + "Q", data, at + 0x20)
        else:
            _, kind, flags = struct.unpack_from(end + "III", data, at)
            size, = struct.unpack_from(end + "I", data, at + 0x14)
        if flags & 0x2 and kind != 8:  # SHF_ALLOC, not SHT_NOBITS
            total += size
    return total


def largest_symbols(elf, n=12):
    """The `n` largest symbols of `elf`, or a note if no `nm` is here."""
    for tool in ("llvm-nm", "llvm-nm-22", "/usr/lib/llvm-22/bin/llvm-nm", "arm-none-eabi-nm", "nm"):
        if shutil.which(tool):
            out = subprocess.run([tool, "--size-sort", "-S", "-C", "-t", "d", str(elf)], capture_output=True,
                                 text=True, check=False).stdout
            return [line.split(None, 3)[1:] for line in out.splitlines()[-n:][::-1]]
    return [["?", "?", "no nm found"]]


def thumb(target_triple):
    if target_triple != "thumbv7m-none-eabi":
        sys.exit(f"--target: only thumbv7m-none-eabi has programs here, not {target_triple}")
    target = TARGET.with_name(TARGET.name + "-thumb")
    cross = HERE.parent.parent / "scripts" / "cross.sh"
    sizes = {}
    # scripts/cross.sh finds the linker (rustup's rust-lld where Debian's compiler has none).
    env = dict(os.environ, CARGO_TARGET_DIR=str(target))
    for profile, _ in THUMB_PROFILES:
        cmd = [str(cross), target_triple, "build", "--profile", profile, "--bins", "--quiet",
               "--manifest-path", str(THUMB / "Cargo.toml")]
        print("+", " ".join(cmd), file=sys.stderr)
        subprocess.run(cmd, env=env, check=True)
        for name, *_ in THUMB_PROGRAMS:
            elf = target / target_triple / profile / name
            sizes[profile, name] = (elf, flash(elf))

    rustc = subprocess.run(["/usr/bin/rustc", "--version"], capture_output=True,
                           text=True).stdout.strip()
    print(f"{rustc}, {target_triple}; fat LTO, codegen-units 1, panic abort, `core` built "
          "with the program. Bytes of flash (the ELF's stored sections).\n")
    levels = " | ".join(f"opt-level {level}" for _, level in THUMB_PROFILES)
    print(f"| program | calls | {levels} |")
    print("|---|---|" + "---:|" * len(THUMB_PROFILES))
    for name, calls, _ in THUMB_PROGRAMS:
        cells = " | ".join(f"{sizes[p, name][1]:,}" for p, _ in THUMB_PROFILES)
        print(f"| `{name}` | {calls} | {cells} |")

    if "--check" in sys.argv[1:]:
        over = []
        for name, _, limit in THUMB_PROGRAMS:
            for profile, level in THUMB_PROFILES:
                elf, size = sizes[profile, name]
                if limit is not None and size > limit:
                    over.append(f"{name} (opt-level {level}): {size:,} bytes of flash, "
                                f"limit {limit:,}; its largest symbols:")
                    over += [f"    {' '.join(s)}" for s in largest_symbols(elf)]
        if over:
            sys.exit("a firmware program links more than its calls need:\n  "
                     + "\n  ".join(over))
        print("\nEvery firmware program is within its limit "
              f"({THUMB_PROGRAMS[2][2]:,} bytes of flash).")


def main():
    args = sys.argv[1:]
    if "--target" in args:
        at = args.index("--target") + 1
        if at >= len(args):
            sys.exit("--target needs a target triple")
        thumb(args[at])
        return
    build(TARGET)
    sizes = {}
    for name, _, arg, stdin, expected in PROGRAMS:
        exe = TARGET / "release" / name
        got = subprocess.run([str(exe)] + ([arg] if arg else []), input=stdin,
                             capture_output=True, check=False)
        if got.returncode != 0 or got.stdout != expected:
            sys.exit(f"{name}: exit {got.returncode}, output {got.stdout!r}, expected {expected!r}")
        sizes[name] = exe.stat().st_size

    rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
    print(f"{rustc}, {platform.machine()}-{platform.system().lower()}; release, opt-level 3, "
          "fat LTO, codegen-units 1, stripped. Bytes of the executable.\n")
    print("| program | links | bytes | over `none` |")
    print("|---|---|---:|---:|")
    base = sizes["none"]
    for name, links, *_ in PROGRAMS:
        delta = sizes[name] - base
        print(f"| `{name}` | {links} | {sizes[name]:,} | {'' if name == 'none' else f'{delta:+,}'} |")
    print(f"\nThe second page (`two_pages` over `koi8_r`): "
          f"{sizes['two_pages'] - sizes['koi8_r']:+,} bytes.")
    if "--check" in sys.argv[1:]:
        check(sizes)

    # `for_label` again without the multi-byte encodings (litenc-runtime's `cjk` feature).
    no_cjk = TARGET.with_name(TARGET.name + "-no-cjk")
    build(no_cjk, "--no-default-features")
    small = {n: (no_cjk / "release" / n).stat().st_size for n in ("none", "for_label")}
    print(f"`for_label` without the `cjk` feature (the code pages and Unicode only): "
          f"{small['for_label']:,} bytes, {small['for_label'] - small['none']:+,} over `none`.")

    if "--symbols" in sys.argv[1:]:
        unstripped = TARGET.with_name(TARGET.name + "-symbols")
        build(unstripped, CARGO_PROFILE_RELEASE_STRIP="false")
        print("\nlitenc_runtime's named symbols (unstripped build, `nm -S`; unnamed constants, "
              "such as a page's decoding table, are not counted), bytes per module:\n")
        for name, *_ in PROGRAMS:
            if name == "none" or name.startswith("encoding_rs"):
                continue
            per = litenc_symbols(unstripped / "release" / name)
            top = ", ".join(f"{k} {v:,}" for k, v in per.most_common(8))
            print(f"- `{name}`: {sum(per.values()):,} in all; {top}")


if __name__ == "__main__":
    main()
