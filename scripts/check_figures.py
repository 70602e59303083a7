#!/usr/bin/env python3
"""Checks that the speed figures of the docs come from bench/report, not from hand.

- README.md and docs/performance.md hold, between `<!-- bench/report: summary begin -->` and
  `<!-- bench/report: summary end -->`, exactly bench/results/summary.md;
- if bench/results/figures.json exists (kept by `bench/report --summary`), summary.md is exactly
  what `bench/report --summary-only` writes from it;
- README.md and docs/performance.md name no time of day outside code (a figure carries its
  machine and date, once, under its table).

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
TIME_OF_DAY = re.compile(r"(?<![\d.:])([01]?\d|2[0-3]):[0-5]\d(?![\d:])")


def block(text, name):
    """The text between the markers, or None."""
    i = text.find(BEGIN)
    if i < 0:
        return None
    j = text.find(END, i)
    if j < 0:
        sys.exit(f"{name}: summary begins but does not end")
    return text[i + len(BEGIN):j]


def report_module():
    loader = importlib.machinery.SourceFileLoader("bench_report", str(ROOT / "bench" / "report"))
    spec = importlib.util.spec_from_loader("bench_report", loader)
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
    if FIGURES.exists():
        made = report_module().summary_from_figures(
            __import__("json").loads(FIGURES.read_text(encoding="utf-8")))
        if made != summary:
            errors.append("bench/results/summary.md is not what `bench/report --summary-only` "
                          "writes from figures.json:\n"
                          + diff(summary, made, "summary.md", "from figures.json"))
    else:
        print("check_figures: note: no bench/results/figures.json yet; summary.md was written "
              "without it (its first line says how)")
    for name in HOLDERS:
        path = ROOT / name
        text = path.read_text(encoding="utf-8")
        got = block(text, name)
        if got is None:
            errors.append(f"{name}: no `{BEGIN.strip()}` ... `{END}` block")
        elif got != summary:
            if fix:
                i = text.index(BEGIN) + len(BEGIN)
                path.write_text(text[:i] + summary + text[text.index(END, i):], encoding="utf-8")
                print(f"check_figures: {name}: summary replaced")
            else:
                errors.append(f"{name}: the summary differs from bench/results/summary.md:\n"
                              + diff(got, summary, name, "summary.md"))
        for n, line in prose_lines(text):
            for m in TIME_OF_DAY.finditer(line):
                errors.append(f"{name}:{n}: a time of day, {m.group(0)!r}: give the date only")
    if errors:
        print("\n".join(errors))
        sys.exit(1)
    print(f"check_figures: the summary of {', '.join(HOLDERS)} is bench/results/summary.md")


if __name__ == "__main__":
    main()
