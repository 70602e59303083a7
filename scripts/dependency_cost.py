#!/usr/bin/env python3
"""What depending on litenc costs a new crate's first build, against its peers.

Each consumer is a fresh binary crate that encodes two literals (one to UTF-16, one to
windows-1251 where the crate has both; see CONSUMERS below) and prints them. Every round
builds every consumer from an empty target folder, `cargo build` and `cargo build
--release`, one after the other, so that a change of load on the machine falls on all of
them alike. The figure of a consumer is the median over the rounds of the CPU seconds
(user + system of cargo and every rustc it runs, from `getrusage(RUSAGE_CHILDREN)`) of the
whole build, and the ratios are taken between those medians.

litenc and litenc-runtime are used from this checkout as path dependencies; the peers come
from crates.io (fetched once, before the first round, so that no download is timed).
`CARGO_INCREMENTAL=0`, as for a crate from a registry.

    python3 scripts/dependency_cost.py [--rounds 3] [--only litenc,encoded] [--no-release]
                                       [--keep DIR] [--write]

It ends by printing the goals of docs/compile-time.md and whether each is met; it exits 1
if a build fails, 0 otherwise. With `--write` (every consumer, both profiles) it also writes
the README's table, bench/results/cost.md, which the README holds between
`<!-- scripts/dependency_cost.py: cost begin -->` and `<!-- ... cost end -->`
(`python3 scripts/check_figures.py` checks that it does; `--fix` pastes it).
"""

import argparse
import datetime
import os
import pathlib
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Two literals in each: the words a firmware or a Windows program would carry.
TEXT16 = "Привет, мир"
TEXT1251 = "Съешь ещё этих мягких булок"

# name -> (dependency lines, main.rs)
CONSUMERS = {
    "litenc": (
        f'litenc = {{ path = "{ROOT}" }}',
        f"""static A: [u16; litenc::utf16!("{TEXT16}").len()] = litenc::utf16!("{TEXT16}");
static B: &[u8] = &litenc::windows1251!("{TEXT1251}");
fn main() {{ println!("{{:?}} {{:?}}", A, B); }}
""",
    ),
    "litenc-macros-only": (
        f'litenc = {{ path = "{ROOT}", default-features = false, features = ["macros"] }}',
        f"""static A: [u16; litenc::utf16!("{TEXT16}").len()] = litenc::utf16!("{TEXT16}");
static B: &[u8] = &litenc::windows1251!("{TEXT1251}");
fn main() {{ println!("{{:?}} {{:?}}", A, B); }}
""",
    ),
    "litenc-runtime": (
        f'litenc-runtime = {{ path = "{ROOT / "runtime"}", default-features = false }}',
        f"""use litenc_runtime::{{utf16, windows1251}};
const A: [u16; utf16::units_len("{TEXT16}")] = utf16::encode_units_array("{TEXT16}");
const B_LEN: usize = match windows1251::encoded_len("{TEXT1251}") {{
    Ok(n) => n,
    Err(e) => e.const_panic(),
}};
const B: [u8; B_LEN] = windows1251::encode_array("{TEXT1251}");
fn main() {{ println!("{{:?}} {{:?}}", A, B); }}
""",
    ),
    "encoded": (
        'encoded = "0.4"',
        # encoded has no UTF-16: two code-page literals.
        f"""static A: &[u8] = encoded::windows_1251!("{TEXT16}");
static B: &[u8] = encoded::windows_1251!("{TEXT1251}");
fn main() {{ println!("{{:?}} {{:?}}", A, B); }}
""",
    ),
    "wchar": (
        'wchar = "0.11"',
        # wchar has no code pages: two UTF-16 literals.
        f"""static A: &[u16] = wchar::wchz!(u16, "{TEXT16}");
static B: &[u16] = wchar::wchz!(u16, "{TEXT1251}");
fn main() {{ println!("{{:?}} {{:?}}", A, B); }}
""",
    ),
    "widestring": (
        'widestring = "1"',
        f"""static A: &widestring::U16Str = widestring::u16str!("{TEXT16}");
static B: &widestring::U16Str = widestring::u16str!("{TEXT1251}");
fn main() {{ println!("{{:?}} {{:?}}", A.as_slice(), B.as_slice()); }}
""",
    ),
    "const-str": (
        'const-str = "0.6"',
        f"""static A: &[u16] = const_str::encode!(utf16, "{TEXT16}");
static B: &[u16] = const_str::encode!(utf16, "{TEXT1251}");
fn main() {{ println!("{{:?}} {{:?}}", A, B); }}
""",
    ),
}

# How the README names each consumer, and the peer its ratios are over.
SHOWN = {
    "litenc": ("`litenc` (default features)", "encoded"),
    "litenc-macros-only": ("`litenc`, `macros` only", "wchar"),
    "litenc-runtime": ("`litenc-runtime` alone, no default features", None),
    "encoded": ("`encoded` 0.4", None),
    "wchar": ("`wchar` 0.11", None),
    "widestring": ("`widestring` 1", None),
    "const-str": ("`const-str` 0.6", None),
}
COST = ROOT / "bench" / "results" / "cost.md"

# (consumer, profile, against, profile, most) -- the goals of docs/compile-time.md.
GOALS = [
    ("litenc", "dev", "encoded", "dev", 2.5),
    ("litenc", "release", "encoded", "release", 4.0),
    ("litenc-macros-only", "dev", "wchar", "dev", 2.0),
]
# litenc-runtime alone, no default features: at most this many CPU seconds.
RUNTIME_ALONE_MAX = 1.5
# That goal is in seconds of the machine it was set on, where the crate on `wchar` built in
# this many (dev). Machines of the same kind differ by up to twice that from day to day, so the
# script also prints the runtime's time scaled by this machine's `wchar` build.
GOAL_MACHINE_WCHAR_DEV = 1.8


def make_crate(base: pathlib.Path, name: str) -> pathlib.Path:
    dep, main = CONSUMERS[name]
    path = base / name
    (path / "src").mkdir(parents=True)
    (path / "Cargo.toml").write_text(
        f'[package]\nname = "consumer"\nversion = "0.0.0"\nedition = "2021"\n'
        f"publish = false\n\n[dependencies]\n{dep}\n\n[workspace]\n"
    )
    (path / "src" / "main.rs").write_text(main)
    return path


def cpu_children() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def build(path: pathlib.Path, release: bool) -> float:
    target = path / "target"
    shutil.rmtree(target, ignore_errors=True)
    cmd = ["cargo", "build", "--offline", "-q"] + (["--release"] if release else [])
    env = dict(os.environ, CARGO_INCREMENTAL="0", CARGO_TARGET_DIR=str(target))
    env.pop("RUSTFLAGS", None)
    before = cpu_children()
    done = subprocess.run(cmd, cwd=path, env=env, capture_output=True, text=True)
    spent = cpu_children() - before
    if done.returncode != 0:
        sys.exit(f"{path.name}: cargo build failed:\n{done.stderr}")
    return spent


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--only", help="comma-separated consumers")
    ap.add_argument("--no-release", action="store_true")
    ap.add_argument("--keep", help="build the crates in this folder and keep them")
    ap.add_argument("--write", action="store_true",
                    help="write the README's table, bench/results/cost.md")
    args = ap.parse_args()
    if args.write and (args.only or args.no_release):
        sys.exit("--write needs every consumer in both profiles")
    names = args.only.split(",") if args.only else list(CONSUMERS)
    for n in names:
        if n not in CONSUMERS:
            sys.exit(f"unknown consumer {n}; known: {', '.join(CONSUMERS)}")
    profiles = ["dev"] + ([] if args.no_release else ["release"])
    base = pathlib.Path(args.keep or tempfile.mkdtemp(prefix="litenc-dependency-cost-"))
    base.mkdir(parents=True, exist_ok=True)
    crates = {}
    for n in names:
        shutil.rmtree(base / n, ignore_errors=True)
        crates[n] = make_crate(base, n)
        # Resolve and download once; the timed builds are offline.
        subprocess.run(["cargo", "fetch", "-q"], cwd=crates[n], check=True)
    print(f"machine: {os.cpu_count()} CPUs; rustc: "
          + subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip())
    times = {(n, p): [] for n in names for p in profiles}
    loads = []
    for r in range(args.rounds):
        for n in names:
            for p in profiles:
                t = build(crates[n], p == "release")
                times[(n, p)].append(t)
                print(f"  {n} {p}: {t:.1f} s", flush=True)
        load = os.getloadavg()[0]
        loads.append(load)
        print(f"round {r + 1}/{args.rounds} done (load {load:.1f})", flush=True)
    med = {k: statistics.median(v) for k, v in times.items()}

    print()
    print("| the crate depends on | `cargo build` | `cargo build --release` |")
    print("|---|---:|---:|")
    for n in names:
        cells = [f"{med[(n, p)]:.1f} s" if (n, p) in med else "" for p in ["dev", "release"]]
        print(f"| {n} | {cells[0]} | {cells[1]} |")
    print()
    print("CPU seconds (user + system) of the whole build from an empty target folder, "
          f"median of {args.rounds}; every round: " + ", ".join(
              f"{n} {p} " + "/".join(f"{t:.1f}" for t in times[(n, p)])
              for n in names for p in profiles))
    print()
    print("goals:")
    for a, pa, b, pb, most in GOALS:
        if (a, pa) in med and (b, pb) in med:
            ratio = med[(a, pa)] / med[(b, pb)]
            ok = "met" if ratio <= most else "NOT met"
            print(f"  {a} {pa} / {b} {pb} = {ratio:.2f} (at most {most}): {ok}")
    if ("litenc-runtime", "dev") in med:
        t = med[("litenc-runtime", "dev")]
        ok = "met" if t <= RUNTIME_ALONE_MAX else "NOT met"
        print(f"  litenc-runtime alone, no default features, dev: {t:.2f} s "
              f"(at most {RUNTIME_ALONE_MAX} s): {ok}")
        if ("wchar", "dev") in med:
            w = med[("wchar", "dev")]
            scaled = t * GOAL_MACHINE_WCHAR_DEV / w
            ok = "met" if scaled <= RUNTIME_ALONE_MAX else "NOT met"
            print(f"    on the goal's machine (wchar dev {GOAL_MACHINE_WCHAR_DEV} s there, "
                  f"{w:.1f} s here): {scaled:.2f} s: {ok}")
    if args.write:
        COST.parent.mkdir(parents=True, exist_ok=True)
        COST.write_text(cost_table(med, args.rounds, loads))
        print(f"wrote {COST}")
    if not args.keep:
        shutil.rmtree(base, ignore_errors=True)
    return 0


def machine_name() -> str:
    """The CPU's model name as lscpu gives it (a virtual machine's can be bare)."""
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
    except OSError:
        return "this machine"
    for line in out.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "Model name":
            return value.strip()
    return "this machine"


def cost_table(med, rounds, loads) -> str:
    """The README's table of what depending on each crate costs."""
    out = ["| the crate depends on | `cargo build` | `cargo build --release` | × the peer |",
           "|---|---:|---:|---|"]
    for n, (shown, peer) in SHOWN.items():
        dev, rel = med[(n, "dev")], med[(n, "release")]
        ratio = ""
        if peer == "encoded":
            ratio = (f"{dev / med[(peer, 'dev')]:.2f}× / "
                     f"{rel / med[(peer, 'release')]:.2f}× `{peer}`")
        elif peer:
            ratio = f"{dev / med[(peer, 'dev')]:.2f}× `{peer}`"
        out.append(f"| {shown} | {dev:.1f} s | {rel:.1f} s | {ratio} |")
    rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.split()
    version = rustc[1] if len(rustc) > 1 else "?"
    footer = (f"*Median of {rounds}; {machine_name()}, {os.cpu_count()} vCPUs, load "
              f"{min(loads):.1f} to {max(loads):.1f}, rustc {version}; "
              f"{datetime.date.today():%-d %b %Y}. Made by "
              "`python3 scripts/dependency_cost.py --write`.*")
    return "\n".join(out) + "\n\n" + footer + "\n"


if __name__ == "__main__":
    sys.exit(main())
