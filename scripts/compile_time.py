#!/usr/bin/env python3
"""Measures what a 1,000,000-character literal costs to compile (issue 3).

Generates a temporary crate that depends on litenc (a copy of this checkout),
then, for each encoding, times `cargo build` of a `static` initialised by the
macro with the 1,000,000-character literal, against the same crate holding the
same encoded bytes through `include_bytes!`. Dependencies are built once
first; each variant is then built RUNS times (touching its source) and the
best wall time and best CPU time (user + system) are reported: other work on
the machine only ever adds time. A third column builds the same text as a
plain `&str` literal, with no macro: the cost of merely having the literal in
the source, which no macro can go below.

    python3 scripts/compile_time.py [--runs 3] [--chars 1000000] [--release]
                                    [--optimize-macros] [--runtime-from-head]

The text mixes Latin, Cyrillic, Greek, CJK, Arabic and emoji; for
Windows-1251, which holds none of CJK, Greek, Arabic or emoji, it is ASCII,
Cyrillic and the code page's punctuation instead.
"""

import argparse
import os
import pathlib
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent

MIXED = (
    "Hello world, compile time! "
    "Привет, мир! Съешь ещё этих мягких булок. "
    "Γειά σου κόσμε. "
    "你好，世界。漢字とかなカナ。"
    "مرحبا بالعالم "
    "😀🚀👍🏽🎉 𝄞 "
)
CYRILLIC = "Привет, мир! Съешь ещё этих мягких французских булок, да выпей же чаю. №5 — «цитата» € "


def text_of(chars, alphabet, seed=3):
    rng = random.Random(seed)
    words = alphabet.split(" ")
    out = []
    n = 0
    while n < chars:
        w = rng.choice(words) + " "
        out.append(w)
        n += len(w)
    return "".join(out)[:chars]


def cesu(text, mutf):
    # Each supplementary character as its two surrogates, each as 3 bytes.
    units = text.encode("utf-16-le", "surrogatepass")
    pieces = []
    for i in range(0, len(units), 2):
        u = units[i] | units[i + 1] << 8
        if u == 0 and mutf:
            pieces.append(b"\xC0\x80")
        else:
            pieces.append(chr(u).encode("utf-8", "surrogatepass"))
    return b"".join(pieces)


# (name, macro, Rust element type, python encoder, alphabet)
VARIANTS = [
    ("utf8!", "utf8", "u8", lambda t: t.encode("utf-8"), MIXED),
    ("utf16! ([u16; N])", "utf16", "u16", lambda t: t.encode("utf-16-le"), MIXED),
    ("utf16le!", "utf16le", "u8", lambda t: t.encode("utf-16-le"), MIXED),
    ("utf16be!", "utf16be", "u8", lambda t: t.encode("utf-16-be"), MIXED),
    ("mutf8!", "mutf8", "u8", lambda t: cesu(t, True), MIXED),
    ("cesu8!", "cesu8", "u8", lambda t: cesu(t, False), MIXED),
    ("windows1251!", "windows1251", "u8", lambda t: t.encode("cp1251"), CYRILLIC),
]


def build(crate, release, env):
    """Wall time and CPU time (user + system, of cargo and rustc) of one build."""
    cmd = ["cargo", "build", "-q"] + (["--release"] if release else [])
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    proc = subprocess.run(cmd, cwd=crate, env=env, capture_output=True, text=True)
    took = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(f"build failed:\n{proc.stderr[-4000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return took, cpu


def timed(crate, source, release, runs, env):
    main = crate / "src" / "main.rs"
    main.write_text(source, encoding="utf-8")
    walls, cpus = [], []
    for _ in range(runs):
        os.utime(main)
        wall, cpu = build(crate, release, env)
        walls.append(wall)
        cpus.append(cpu)
    # The minimum: other work on the machine only ever adds time.
    return min(walls), min(cpus)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--chars", type=int, default=1_000_000)
    ap.add_argument("--release", action="store_true")
    ap.add_argument("--optimize-macros", action="store_true",
                    help="build proc macros optimised ([profile.*.build-override] opt-level = 3)")
    ap.add_argument("--runtime-from-head", action="store_true",
                    help="take runtime/ as committed (git HEAD), not as in the work tree")
    ap.add_argument("--keep", action="store_true", help="keep the temporary crate")
    args = ap.parse_args()

    tmp = pathlib.Path(tempfile.mkdtemp(prefix="litenc-compile-time-"))
    # A snapshot of the checkout, so that edits made meanwhile rebuild nothing.
    snapshot = tmp / "litenc"
    shutil.copytree(ROOT, snapshot, ignore=shutil.ignore_patterns(
        "target", ".git", "fuzz", "bench", "wip"))
    if args.runtime_from_head:
        shutil.rmtree(snapshot / "runtime")
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", "HEAD", "runtime"],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(snapshot)], input=archive, check=True)
    crate = tmp / "bigliteral"
    (crate / "src").mkdir(parents=True)
    (crate / "Cargo.toml").write_text(
        "[package]\nname = \"bigliteral\"\nversion = \"0.0.0\"\nedition = \"2021\"\n"
        "publish = false\n\n[dependencies]\n"
        f"litenc = {{ path = {str(snapshot)!r} }}\n\n[workspace]\n"
        + ("\n[profile.dev.build-override]\nopt-level = 3\n"
           "\n[profile.release.build-override]\nopt-level = 3\n" if args.optimize_macros else ""),
        encoding="utf-8",
    )
    env = dict(os.environ, CARGO_INCREMENTAL="0", CARGO_TARGET_DIR=str(tmp / "target"))
    (crate / "src" / "main.rs").write_text("fn main() {}\n")
    build(crate, args.release, env)  # dependencies, once

    rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
    print(f"{args.chars:,} characters, best of {args.runs} builds, "
          f"{'release' if args.release else 'dev'} profile, "
          f"proc macros {'optimised' if args.optimize_macros else 'unoptimised (cargo default)'}, "
          f"{rustc}, {os.cpu_count()} cores\n")
    print("Wall time (and CPU time) in seconds of `cargo build` of the one-file crate,\n"
          "dependencies already built; best of the runs.\n")
    print("| encoding | bytes | macro | `include_bytes!` | ratio (wall) | the text as a plain `&str` literal |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, mac, elem, encoder, alphabet in VARIANTS:
        text = text_of(args.chars, alphabet)
        assert len(text) == args.chars and '"' not in text and "\\" not in text
        data = encoder(text)
        (crate / "src" / "data.bin").write_bytes(data)
        units = len(data) // (2 if elem == "u16" else 1)
        macro_src = (
            f"static S: [{elem}; {units}] = litenc::{mac}!(\"{text}\");\n"
            "fn main() { println!(\"{}\", S[S.len() / 2]); }\n"
        )
        if elem == "u16":
            # The bytes as they are; the nearest `include_bytes!` gives.
            base_src = (
                f"static S: [u8; {len(data)}] = *include_bytes!(\"data.bin\");\n"
                "fn main() { println!(\"{}\", S[S.len() / 2]); }\n"
            )
        else:
            base_src = (
                f"static S: [u8; {units}] = *include_bytes!(\"data.bin\");\n"
                "fn main() { println!(\"{}\", S[S.len() / 2]); }\n"
            )
        # The floor: the same literal in the source, with no macro at all.
        str_src = (
            f"static S: &str = \"{text}\";\n"
            "fn main() { println!(\"{}\", S.len()); }\n"
        )
        m_wall, m_cpu = timed(crate, macro_src, args.release, args.runs, env)
        b_wall, b_cpu = timed(crate, base_src, args.release, args.runs, env)
        s_wall, s_cpu = timed(crate, str_src, args.release, args.runs, env)
        print(f"| `{name}` | {len(data):,} | {m_wall:.2f} ({m_cpu:.2f}) | {b_wall:.2f} ({b_cpu:.2f}) | "
              f"{m_wall / b_wall:.2f} | {s_wall:.2f} ({s_cpu:.2f}) |", flush=True)
    if args.keep:
        print(f"\nkept {tmp}")
    else:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
