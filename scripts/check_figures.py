#!/usr/bin/env python3
"""Checks that the speed figures of the docs come from bench/report, not from hand.

- README.md and docs/performance.md hold, between `<!-- bench/report: summary begin -->` and
  `<!-- bench/report: summary end -->`, exactly bench/results/summary.md;
- docs/performance.md holds, between `<!-- bench/report: unicode begin -->` and
  `<!-- bench/report: unicode end -->`, exactly bench/results/unicode.md (its GB/s table);
- README.md holds, between `<!-- scripts/dependency_cost.py: cost begin -->` and
  `<!-- scripts/dependency_cost.py: cost end -->`, exactly bench/results/cost.md (written by
  `python3 scripts/dependency_cost.py --write`);
- bench/results/summary.md and unicode.md are exactly what `bench/report --summary-only`
  writes from bench/results/figures.json (kept by `bench/report --summary`);
- docs/performance.md holds, between `<!-- bench/arm/run.py: table begin -->` and
  `<!-- bench/arm/run.py: table end -->`, exactly bench/results/arm.md, and, between
  `<!-- bench/arm/run.py: summary begin -->` and `<!-- bench/arm/run.py: summary end -->`,
  exactly bench/results/arm_summary.md: the instructions per byte on aarch64, which are exactly
  what `python3 bench/arm/run.py --table-only` writes from bench/results/arm.json;
- README.md, docs/performance.md and docs/compile-time.md name no time of day outside code (a
  figure carries its machine and date, once, under its table).

    python3 scripts/check_figures.py

Exits 1 with a list of what differs, 0 otherwise. Python 3, standard library only. To bring
the docs in line after a run: `bench/report --summary-only`, then paste summary.md between
the markers (or run this script with `--fix`, which does the pasting).
"""

import difflib
import importlib.machinery
import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUMMARY = ROOT / "bench" / "results" / "summary.md"
FIGURES = ROOT / "bench" / "results" / "figures.json"
BEGIN = "<!-- bench/report: summary begin -->\n"
END = "<!-- bench/report: summary end -->"
HOLDERS = ["README.md", "docs/performance.md"]
# The docs that hold only other generated tables (BLOCKS).
OTHER_HOLDERS = ["docs/compile-time.md"]
# Other generated tables: (file, the doc that holds it, begin and end markers).
BLOCKS = [
    ("bench/results/unicode.md", "docs/performance.md",
     "<!-- bench/report: unicode begin -->\n", "<!-- bench/report: unicode end -->"),
    ("bench/results/arm.md", "docs/performance.md",
     "<!-- bench/arm/run.py: table begin -->\n", "<!-- bench/arm/run.py: table end -->"),
    ("bench/results/arm_summary.md", "docs/performance.md",
     "<!-- bench/arm/run.py: summary begin -->\n", "<!-- bench/arm/run.py: summary end -->"),
    ("bench/results/cost.md", "README.md",
     "<!-- scripts/dependency_cost.py: cost begin -->\n",
     "<!-- scripts/dependency_cost.py: cost end -->"),
    ("bench/results/cost.md", "docs/compile-time.md",
     "<!-- scripts/dependency_cost.py: cost begin -->\n",
     "<!-- scripts/dependency_cost.py: cost end -->"),
]
TIME_OF_DAY = re.compile(r"(?<![\d.:])([01]?\d|2[0-3]):[0-5]\d(?![\d:])")


def block(text, name, begin=BEGIN, end=END):
    """The text between the markers, or None."""
    i = text.find(begin)
    if i < 0:
        return None
    j = text.find(end, i)
    if j < 0:
        sys.exit(f"{name}: {begin.strip()} has no end")
    return text[i + len(begin):j]


def check_block(path, name, want, begin, end, fix, errors):
    """That `path` holds `want` between the markers; with `fix`, puts it there."""
    text = path.read_text(encoding="utf-8")
    got = block(text, name, begin, end)
    if got is None:
        errors.append(f"{name}: no `{begin.strip()}` ... `{end}` block")
    elif got != want:
        if fix:
            i = text.index(begin) + len(begin)
            path.write_text(text[:i] + want + text[text.index(end, i):], encoding="utf-8")
            print(f"check_figures: {name}: {begin.strip()} block replaced")
        else:
            errors.append(f"{name}: the block differs from its file:\n"
                          + diff(got, want, name, "file"))


def report_module(path=ROOT / "bench" / "report", name="bench_report"):
    loader = importlib.machinery.SourceFileLoader(name, str(path))
    spec = importlib.util.spec_from_loader(name, loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def prose_lines(text):
    """(line number, line with code spans removed) outside fenced code blocks."""
    fence = None
    for n, line in enumerate(text.splitlines(), 1):
        m = re.match(r"\s*(`{3,}|~{3,})", line)
        if fence:
            if m and m.group(1)[0] == fence[0]:
                fence = None
            continue
        if m:
            fence = m.group(1)
            continue
        yield n, re.sub(r"(`+)(?:(?!\1).)+\1", "", line)


def diff(a, b, a_name, b_name):
    return "".join(difflib.unified_diff(a.splitlines(True), b.splitlines(True), a_name, b_name))


def main():
    fix = "--fix" in sys.argv[1:]
    errors = []
    summary = SUMMARY.read_text(encoding="utf-8")
    if not FIGURES.exists():
        sys.exit("check_figures: no bench/results/figures.json: run "
                 "`bench/report --portable --rounds 3 --summary`")
    report = report_module()
    entries = __import__("json").loads(FIGURES.read_text(encoding="utf-8"))
    for made, path in ((report.summary_from_figures(entries), SUMMARY),
                       (report.unicode_gbs_from_figures(entries), report.UNICODE_GBS)):
        have = path.read_text(encoding="utf-8")
        if made != have:
            errors.append(f"{path.relative_to(ROOT)} is not what `bench/report --summary-only` "
                          "writes from figures.json:\n"
                          + diff(have, made, path.name, "from figures.json"))
    # The aarch64 counts (bench/arm/run.py): its table and the README's lines, from arm.json.
    arm = report_module(ROOT / "bench" / "arm" / "run.py", "bench_arm")
    if arm.RESULTS_JSON.exists():
        data = __import__("json").loads(arm.RESULTS_JSON.read_text(encoding="utf-8"))
        for made, path in ((arm.tables(data), arm.TABLE), (arm.summary(data), arm.SUMMARY)):
            have = path.read_text(encoding="utf-8")
            if made != have:
                errors.append(f"{path.relative_to(ROOT)} is not what `bench/arm/run.py "
                              "--table-only` writes from arm.json:\n"
                              + diff(have, made, path.name, "from arm.json"))
    for name in HOLDERS + OTHER_HOLDERS:
        path = ROOT / name
        if name in HOLDERS:
            check_block(path, name, summary, BEGIN, END, fix, errors)
        for source, holder, begin, end in BLOCKS:
            if holder == name:
                want = (ROOT / source).read_text(encoding="utf-8")
                check_block(path, name, want, begin, end, fix, errors)
        text = path.read_text(encoding="utf-8")
        for n, line in prose_lines(text):
            for m in TIME_OF_DAY.finditer(line):
                errors.append(f"{name}:{n}: a time of day, {m.group(0)!r}: give the date only")
    if errors:
        print("\n".join(errors))
        sys.exit(1)
    print(f"check_figures: the summary of {', '.join(HOLDERS)} is bench/results/summary.md; "
          + "; ".join(f"{holder}'s block {source}" for source, holder, _, _ in BLOCKS))


if __name__ == "__main__":
    main()
