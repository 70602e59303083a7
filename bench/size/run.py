#!/usr/bin/env python3
"""How many bytes a code page adds to a program.

    python3 bench/size/run.py            # builds bench/size in release (a minute or two), prints a table
    python3 bench/size/run.py --symbols  # also where litenc's bytes go (a second, unstripped build)
    python3 bench/size/run.py --check    # fails if a program links more than its page (CI runs it)

Each program in bench/size/src/bin reads standard input, converts it, and
writes the result; `none` converts nothing, so every other program's size
less its size is what its conversions add. Release profile: opt-level 3,
fat LTO, one codegen unit, stripped (bench/size/Cargo.toml). Each program is
also run once on a short text, to check that it does what it says.

With `--symbols`, the programs are built once more without stripping, and
the bytes of litenc's named functions and statics (from `nm`) are summed
per module, which shows what a program links that it never runs. Unnamed
constants (a page's decoding table and reverse map) are not counted.
"""

import collections
import os
import platform
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


def main():
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
