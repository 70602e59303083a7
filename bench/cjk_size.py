#!/usr/bin/env python3
"""What the multi-byte encodings cost: binary size and build time.

    python3 bench/cjk_size.py            # both (a few minutes)
    python3 bench/cjk_size.py size       # only the binary sizes
    python3 bench/cjk_size.py build      # only the build times

**Size.** One small program per encoding and library, built in release mode
with the settings of a size-conscious firmware or CLI build (`lto = "fat"`,
`codegen-units = 1`, `panic = "abort"`, stripped): it reads its input from
stdin, decodes it into a buffer and encodes the text back, and prints two
lengths. litenc is called through the `const fn`s of the encoding's module
(what a firmware build calls) and, separately, through its run-time twins in
`litenc_runtime::fast` (the SIMD kernels and their UTF-8 tables, built at
compile time); encoding_rs through its `Decoder`/`Encoder` of the
same encoding. Each size is the program's size minus that of the same
program that does nothing with the bytes, so it is what the encoding adds.
Also: a litenc program using only Windows-1251, built with and without the
`cjk` feature, which shows that a program that does not call the
multi-byte encodings links none of their tables.

**Build time.** `cargo build --release -p litenc-runtime` from scratch in a
fresh target directory, with the default features and with `cjk` left out,
three times each; the table gives the median wall time and CPU time (user +
system). On a shared machine the CPU time is the steadier figure.

Needs Rust (stable) and crates.io (for encoding_rs); Python 3, standard
library only. Everything is built under bench/target/cjk-size/.
"""

import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
WORK = HERE / "target" / "cjk-size"

ENCODINGS = [
    # (module, encoding_rs static, label)
    ("shift_jis", "SHIFT_JIS", "Shift_JIS"),
    ("euc_jp", "EUC_JP", "EUC-JP"),
    ("iso_2022_jp", "ISO_2022_JP", "ISO-2022-JP"),
    ("gbk", "GBK", "GBK"),
    ("gb18030", "GB18030", "gb18030"),
    ("big5", "BIG5", "Big5"),
    ("euc_kr", "EUC_KR", "EUC-KR"),
]

MAIN = """use std::io::Read;
fn main() {{
    let mut input = Vec::new();
    std::io::stdin().read_to_end(&mut input).unwrap();
    let mut out = vec![0u8; input.len() * 4 + 16];
    {body}
}}
"""

NOTHING = "out[0] = 1;\n    println!(\"{} {}\", input.len(), out.len());"

LITENC_CONST = """let n = litenc_runtime::{m}::decode_into(&input, &mut out).unwrap_or(0);
    let text = core::str::from_utf8(&out[..n]).unwrap_or("").to_owned();
    let mut back = vec![0u8; text.len() * 4 + 16];
    let k = litenc_runtime::{m}::encode_into(&text, &mut back).unwrap_or(0);
    println!("{{}} {{}}", n, k);"""

LITENC_FAST = LITENC_CONST.replace("litenc_runtime::{m}::", "litenc_runtime::fast::{m}::")

ENCODING_RS = """let mut d = encoding_rs::{e}.new_decoder_without_bom_handling();
    let (_, _, n) = d.decode_to_utf8_without_replacement(&input, &mut out, true);
    let text = core::str::from_utf8(&out[..n]).unwrap_or("").to_owned();
    let mut back = vec![0u8; text.len() * 4 + 16];
    let mut e = encoding_rs::{e}.new_encoder();
    let (_, _, k) = e.encode_from_utf8_without_replacement(&text, &mut back, true);
    println!("{{}} {{}}", n, k);"""

W1251 = LITENC_CONST.format(m="windows1251")


def cargo_toml(name, features):
    return f"""[package]
name = "{name}"
version = "0.0.0"
edition = "2021"
publish = false

[workspace]

[dependencies]
litenc-runtime = {{ path = "{ROOT / 'runtime'}", default-features = false, features = {features} }}
encoding_rs = "0.8"

[profile.release]
opt-level = 3
lto = "fat"
codegen-units = 1
panic = "abort"
strip = true
"""


def build_project(name, features, bins):
    """Writes a package with one binary per (name, body) and builds it."""
    d = WORK / name
    (d / "src" / "bin").mkdir(parents=True, exist_ok=True)
    (d / "Cargo.toml").write_text(cargo_toml(name, features))
    for bin_name, body in bins:
        (d / "src" / "bin" / f"{bin_name}.rs").write_text(MAIN.format(body=body))
    subprocess.run(["cargo", "build", "--release", "-q"], cwd=d, check=True)
    return {b: (d / "target" / "release" / b).stat().st_size for b, _ in bins}


def sizes():
    bins = [("nothing", NOTHING)]
    for m, e, _ in ENCODINGS:
        bins.append((f"litenc_{m}", LITENC_CONST.format(m=m)))
        bins.append((f"fast_{m}", LITENC_FAST.format(m=m)))
        bins.append((f"encoding_rs_{m}", ENCODING_RS.format(e=e)))
    bins.append(("litenc_windows1251", W1251))
    with_cjk = build_project("with-cjk", '["alloc", "cjk"]', bins)
    without = build_project(
        "without-cjk", '["alloc"]', [("nothing", NOTHING), ("litenc_windows1251", W1251)]
    )
    base = with_cjk["nothing"]
    kb = lambda n: f"{n / 1024:.1f} KB"
    print("Bytes each encoding adds to a stripped release binary (LTO, one codegen unit,")
    print(f"panic=abort) that decodes and encodes with it; the empty program is {kb(base)}.\n")
    print("| encoding | litenc `const fn`s | litenc `fast` | encoding_rs |")
    print("|---|---:|---:|---:|")
    for m, _, label in ENCODINGS:
        cells = [kb(with_cjk[f"{p}_{m}"] - base) for p in ("litenc", "fast", "encoding_rs")]
        print(f"| {label} | " + " | ".join(cells) + " |")
    w_with = with_cjk["litenc_windows1251"] - base
    w_without = without["litenc_windows1251"] - without["nothing"]
    print(
        f"\nWindows-1251 alone: {kb(w_with)} with the `cjk` feature, {kb(w_without)} "
        "without it (the same program)."
    )


def build_times():
    rows = []
    for label, args in [
        ("default features (`std`, `cjk`)", []),
        ("without `cjk` (`--no-default-features --features std`)", ["--no-default-features", "--features", "std"]),
    ]:
        walls, cpus = [], []
        for _ in range(3):
            target = WORK / "build-time"
            shutil.rmtree(target, ignore_errors=True)
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t = time.monotonic()
            subprocess.run(
                ["cargo", "build", "--release", "-q", "-p", "litenc-runtime", "--target-dir", str(target)]
                + args,
                cwd=ROOT,
                check=True,
            )
            walls.append(time.monotonic() - t)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        rows.append((label, statistics.median(walls), statistics.median(cpus)))
    print("\n`cargo build --release -p litenc-runtime` from scratch (median of 3):\n")
    print("| features | wall | CPU (user + system) |")
    print("|---|---:|---:|")
    for label, wall, cpu in rows:
        print(f"| {label} | {wall:.1f} s | {cpu:.1f} s |")
    print(f"\n`cjk` adds {rows[0][2] - rows[1][2]:.1f} s of CPU time.")


def main():
    what = sys.argv[1:] or ["size", "build"]
    rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
    print(f"{rustc}; {os.cpu_count()} logical CPUs.\n")
    if "size" in what:
        sizes()
    if "build" in what:
        build_times()


if __name__ == "__main__":
    main()
