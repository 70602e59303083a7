#!/usr/bin/env python3
"""Compile-time cost of encoding literals: litenc against its peers.

    python3 bench/compile-time/run.py            # all cases (a few minutes)
    python3 bench/compile-time/run.py litenc     # cases whose name contains "litenc"

For each macro it builds two crates in debug mode: one static holding a
1,000,000-character literal (the Russian, Chinese and emoji corpora
repeated: 1 to 4 UTF-8 bytes a character, surrogate pairs included), and one
holding 2,000 small literals of 20 to 40 characters. Dependencies are built
first, so the time is that of compiling the crate itself: wall time of
`cargo build`, and the peak resident memory of the biggest process it ran
(rustc), from `getrusage(RUSAGE_CHILDREN)` in a process that runs only that
build. Cases that take longer than
TIMEOUT seconds are reported as such.

The cases, all giving UTF-16 code units:

- litenc `utf16!` (the proc macro, `litenc::utf16!("...")`),
- litenc `const_encode!(utf16, "...")` (the `const fn` codec),
- const-str `encode!(utf16, "...")`, utf16_lit `utf16!`, widestring
  `u16str!`, wchar `wch!`.
"""

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
WORK = HERE.parent / "target" / "compile-time"
TIMEOUT = 300

CASES = {
    # name: (dependency lines, expression for a literal, static type)
    "litenc utf16!": (
        f'litenc = {{ path = "{ROOT}" }}', 'litenc::utf16!("{s}")', "[u16]"),
    "litenc const_encode!": (
        f'litenc = {{ path = "{ROOT}", default-features = false }}',
        'litenc::const_encode!(utf16, "{s}")', "[u16]"),
    "const-str encode!": ('const-str = "0.6"', '*const_str::encode!(utf16, "{s}")', "[u16]"),
    "utf16_lit utf16!": ('utf16_lit = "2"', 'utf16_lit::utf16!("{s}")', "[u16]"),
    "widestring u16str!": ('widestring = "1"', '*widestring::u16str!("{s}")', "widestring::U16Str"),
    "wchar wch!": ('wchar = "0.11"', '*wchar::wch!(u16, "{s}")', "[u16]"),
}


def escape(s):
    return s.replace("\\", "\\\\").replace('"', '\\"')


def text(n_chars):
    corpora = HERE.parent / "corpora"
    if not (corpora / "russian.txt").exists():
        subprocess.run([sys.executable, str(corpora / "gen.py")], check=True)
    base = "".join((corpora / f"{c}.txt").read_text() for c in ("russian", "chinese", "emoji"))
    base = base.replace("\n", " ")
    out = (base * (n_chars // len(base) + 1))[:n_chars]
    return out


def sources(expr, ty):
    big = text(1_000_000)
    lines = ["#![allow(long_running_const_eval)]", "#![allow(missing_docs)]"]
    one = lines + [f"pub static BIG: &{ty} = &{expr.format(s=escape(big))};"]
    small = text(2_000 * 40)
    many = list(lines)
    at = 0
    for k in range(2_000):
        n = 20 + (k * 7919) % 21
        many.append(f"pub static S{k}: &{ty} = &{expr.format(s=escape(small[at:at + n]))};")
        at += n
    return {"1 literal of 1,000,000 chars": "\n".join(one) + "\n",
            "2,000 literals of 20-40 chars": "\n".join(many) + "\n"}


def measure(crate):
    """Runs in a fresh process, so that RUSAGE_CHILDREN sees only this build."""
    env = dict(os.environ, CARGO_TARGET_DIR=str(Path(crate) / "target"))
    t0 = time.monotonic()
    try:
        p = subprocess.run(["cargo", "build", "-q"], cwd=crate, env=env, timeout=TIMEOUT,
                           capture_output=True, text=True)
    except subprocess.TimeoutExpired:
        print(f"-\t-\ttimeout ({TIMEOUT} s)")
        return
    wall = time.monotonic() - t0
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if p.returncode != 0:
        last = (p.stderr.strip().splitlines() or ["failed"])
        err = next((l for l in last if l.startswith("error")), last[-1])[:150]
        print(f"-\t-\t{err}")
    else:
        print(f"{wall:.2f}\t{peak_kib / 1024:.0f}\t")


def one_case(name, workload):
    dep, expr, ty = CASES[name]
    crate = WORK / (name.replace(" ", "_").replace("!", "") + "_" + workload.split()[0].replace(",", ""))
    (crate / "src").mkdir(parents=True, exist_ok=True)
    (crate / "Cargo.toml").write_text(
        f'[package]\nname = "ct"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n'
        f"[workspace]\n\n[dependencies]\n{dep}\n")
    env = dict(os.environ, CARGO_TARGET_DIR=str(crate / "target"))
    # Dependencies first, with an empty crate.
    (crate / "src" / "lib.rs").write_text("")
    subprocess.run(["cargo", "build", "-q"], cwd=crate, env=env, check=True)
    (crate / "src" / "lib.rs").write_text(sources(expr, ty)[workload])
    p = subprocess.run([sys.executable, __file__, "--measure", str(crate)],
                       capture_output=True, text=True)
    print(f"{name}\t{workload}\t{p.stdout.strip()}")
    sys.stdout.flush()


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--one":
        one_case(sys.argv[2], sys.argv[3])
        return
    if len(sys.argv) > 2 and sys.argv[1] == "--measure":
        measure(sys.argv[2])
        return
    pattern = sys.argv[1] if len(sys.argv) > 1 else ""
    workloads = ["1 literal of 1,000,000 chars", "2,000 literals of 20-40 chars"]
    rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
    print(f"{rustc}; debug builds; wall time and peak RSS of compiling the crate alone.\n")
    print("| macro | workload | wall s | peak MiB | note |")
    print("|---|---|---:|---:|---|")
    for name in CASES:
        if pattern not in name:
            continue
        for workload in workloads:
            p = subprocess.run([sys.executable, __file__, "--one", name, workload],
                               capture_output=True, text=True)
            line = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else \
                f"{name}\t{workload}\t-\t-\terror: {p.stderr.strip().splitlines()[-1][:120] if p.stderr.strip() else '?'}"
            print("| " + " | ".join(line.split("\t")) + " |")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
