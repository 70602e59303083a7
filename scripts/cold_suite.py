#!/usr/bin/env python3
"""What a cold `cargo test --workspace` costs, for trees of this repository taken in turns.

Each round clones every given revision afresh (from this checkout's repository) and runs
its `cargo test --workspace` from an empty target folder, one revision after the other,
so that a change of load on the machine falls on all of them alike. `CARGO_TARGET_DIR`
is set to the clone's own empty folder, so trybuild's cases (which trybuild builds under
the target folder `cargo metadata` names) are built from nothing too. The figure of a run
is the CPU seconds (user + system of cargo and of everything it runs: rustc, the test
programs and the peers they call, from `getrusage(RUSAGE_CHILDREN)`); a revision's
figure is the median over the rounds, and each is shown as a ratio to the first
revision's. Dependencies are fetched before the timed run (`cargo fetch`), so no download
is timed.

The machine's speed moves between runs by more than a small change of the suite does
(the same tree has taken 357 s and 401 s of CPU half an hour apart on this project's
2-vCPU machine), so a tree is compared with another measured in the same turns, not with
a figure of another day.

    python3 scripts/cold_suite.py [REV ...] [--rounds 2] [--keep DIR]

REV defaults to `9635bb5` (the tree when the goal "a cold `cargo test --workspace` under
362 s of CPU" was set; 362 s was its figure on the machine of that day) and `HEAD`. It
exits 1 if a suite fails, 0 otherwise.
"""

import argparse
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from dependency_cost import cpu_children  # noqa: E402 (the scripts' folder is on the path first)

# The tree when the goal of the cold suite was set.
GOAL_TREE = "9635bb5"


def run_suite(rev, work):
    """Clones `rev` into `work`, fetches its dependencies and runs its suite cold;
    returns (CPU seconds, wall seconds, passed)."""
    if work.exists():
        shutil.rmtree(work)
    subprocess.run(["git", "clone", "-q", str(ROOT), str(work)], check=True)
    subprocess.run(["git", "-C", str(work), "checkout", "-q", rev], check=True)
    env = dict(os.environ, CARGO_TARGET_DIR=str(work / "target"))
    subprocess.run(["cargo", "fetch", "-q"], cwd=work, env=env, check=True)
    log = work.parent / f"{work.name}.log"
    start_cpu, start_wall = cpu_children(), time.monotonic()
    with open(log, "w") as out:
        done = subprocess.run(
            ["cargo", "test", "--workspace", "--offline"],
            cwd=work,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    cpu, wall = cpu_children() - start_cpu, time.monotonic() - start_wall
    if done.returncode != 0:
        print(f"  {rev}: the suite failed, see {log}", file=sys.stderr)
    shutil.rmtree(work / "target", ignore_errors=True)
    return cpu, wall, done.returncode == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("revs", nargs="*", default=[GOAL_TREE, "HEAD"])
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--keep", help="work in DIR (kept) instead of a temporary folder")
    args = ap.parse_args()
    revs = [
        subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", r],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
        for r in args.revs
    ]
    base = pathlib.Path(args.keep or tempfile.mkdtemp(prefix="cold-suite-"))
    base.mkdir(parents=True, exist_ok=True)
    runs = {r: [] for r in revs}
    ok = True
    for round_ in range(args.rounds):
        for r in revs:
            cpu, wall, passed = run_suite(r, base / f"{r}-{round_}")
            ok &= passed
            runs[r].append(cpu)
            print(
                f"round {round_ + 1}, {r}: {cpu:.1f} s of CPU, {wall:.0f} s wall",
                flush=True,
            )
    first = statistics.median(runs[revs[0]])
    print()
    print("| tree | CPU of each round (s) | median (s) | ratio |")
    print("|---|---|---:|---:|")
    for r in revs:
        m = statistics.median(runs[r])
        each = ", ".join(f"{c:.1f}" for c in runs[r])
        print(f"| {r} | {each} | {m:.1f} | {m / first:.2f}x |")
    if not args.keep:
        shutil.rmtree(base, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
