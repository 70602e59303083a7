#!/usr/bin/env python3
"""Instructions per byte on aarch64, counted under qemu-user: litenc against its peers.

    python3 bench/arm/run.py             # build, check the counter, count every row, print the tables
    python3 bench/arm/run.py --write     # also write bench/results/arm.json, arm.md (the table of
                                         # docs/performance.md) and arm_summary.md (README's lines)
    python3 bench/arm/run.py utf8_to_utf16 man_   # only rows whose `operation/text` matches a regex
    python3 bench/arm/run.py --table-only         # rewrite arm.md and arm_summary.md from arm.json
    python3 bench/arm/run.py --jobs 4    # runs at a time (default 2)
    python3 bench/arm/run.py --build-only  # build and check the plugin and the harness only

What it does:

1. Builds the TCG plugin `insn_count.c` with gcc (`-shared -fPIC`) and checks it on
   `loop_test.c` (built with aarch64-linux-gnu-gcc): a loop of two instructions run N and 2N
   times must differ by exactly 2N instructions, and one program counted twice must give the
   same count.
2. Cross-builds the harness of this folder (`src/main.rs`) for `aarch64-unknown-linux-gnu` in
   release with `scripts/cross.sh` (Debian's rustc-web, `-Zbuild-std`), simdutf's C++ with
   `aarch64-linux-gnu-g++` (Debian's `g++-aarch64-linux-gnu`, installed if missing), twice:
   with the feature `nightly_peers` (encoding_rs's `simd-accel` and simd_cesu8's `nightly`, the
   SIMD of theirs that only nightly Rust compiles; kept as target/litenc-arm-nightly-peers,
   which runs the libraries `*_nightly`), and without (everything else). Then checks that
   litenc on one text counted with K = 1 and K = 2 differs by a plausible amount, and K = 1
   counts the same twice.
3. Makes the texts: the project's corpora (`bench/corpora/gen.py`, `man.py`, `code_pages.py`,
   as `bench/report` does), and real text of this machine the corpora do not hold (man pages in
   Ukrainian, Polish, Turkish, message catalogs in Vietnamese, Greek, Arabic, Hindi, Thai,
   Hebrew and Georgian), 100 KB each, under bench/arm/target/texts.
4. For each row (operation, text) and library, runs the harness under
   `qemu-aarch64 -plugin insn_count.so` with K = 1 and K = 6 calls: (count(6) - count(1)) / 5 is
   the instructions of one call, over the bytes of the UTF-8 text (the same count whatever the
   operation's own input is, as in bench/report's GB/s). Two runs at a time.
5. Prints one table per family of operations; the last column is the best peer's instructions
   per byte over litenc's: at least 1, litenc executes fewer.

These are counts of instructions, not time: see docs/performance.md ("aarch64: instructions
per byte under qemu") for what they cannot see. `litenc_runtime::fast::implementation()` of
the build is printed with the table (`portable`, or the name of the aarch64 kernels once
they are in).

Needs Debian's qemu-user 7.2 (`qemu-aarch64`), gcc, gcc/g++-aarch64-linux-gnu, and what
`scripts/cross.sh aarch64-unknown-linux-gnu` needs (`scripts/cross.sh --install`); Python 3,
standard library only.
"""

import concurrent.futures
import datetime
import hashlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CORPORA = HERE.parent / "corpora"
TARGET = Path(os.environ.get("LITENC_ARM_TARGET", HERE / "target"))
TRIPLE = "aarch64-unknown-linux-gnu"
HARNESS = TARGET / TRIPLE / "release" / "litenc-arm"
# The harness built with the peers' SIMD that only nightly Rust compiles (the feature
# `nightly_peers`: encoding_rs's `simd-accel`, simd_cesu8's `nightly`), for the libraries
# `encoding_rs_nightly` and `simd_cesu8_nightly`.
HARNESS_NIGHTLY = TARGET / "litenc-arm-nightly-peers"
PLUGIN = TARGET / "insn_count.so"
LOOP = TARGET / "loop_test"
TEXTS = TARGET / "texts"
SYSROOT = "/usr/aarch64-linux-gnu"
RESULTS = ROOT / "bench" / "results"
RESULTS_JSON = RESULTS / "arm.json"
TABLE = RESULTS / "arm.md"
SUMMARY = RESULTS / "arm_summary.md"
K_LOW, K_HIGH = 1, 6

# The project's corpora for the Unicode rows (as bench/report's UNICODE_TEXTS).
GEN = ["english", "russian", "chinese", "emoji", "ru_emoji", "zh_emoji", "emoji_only",
       "ru_letter_emoji"]
MAN = ["man_ja", "man_zh_CN", "man_zh_TW", "man_ko", "man_de", "man_es"]
# Real text of this machine that the corpora do not hold: (name, source, language). A
# language this machine lacks is left out (the script says so).
EXTRA = [("man_uk", "man", "uk"), ("man_pl", "man", "pl"), ("man_tr", "man", "tr"),
         ("mo_vi", "mo", "vi"), ("mo_el", "mo", "el"), ("mo_ar", "mo", "ar"),
         ("mo_hi", "mo", "hi"), ("mo_th", "mo", "th"), ("mo_he", "mo", "he"),
         ("mo_ka", "mo", "ka")]
TEXT_SIZE = 100_000

UNICODE_OPS = ["utf8_to_utf16", "utf16_to_utf8", "utf8_validate"]
CESU_OPS = ["mutf8_encode", "mutf8_decode", "cesu8_encode", "cesu8_decode"]
LIBS = {
    "utf8_to_utf16": ["litenc", "std", "std_collect", "encoding_rs", "encoding_rs_nightly",
                      "simdutf"],
    "utf16_to_utf8": ["litenc", "std", "encoding_rs", "encoding_rs_nightly", "simdutf"],
    "utf8_validate": ["litenc", "std", "encoding_rs", "encoding_rs_nightly", "simdutf",
                      "simdutf8"],
}
for _op in CESU_OPS:
    LIBS[_op] = ["litenc", "litenc_into", "cesu8", "simd_cesu8", "simd_cesu8_nightly"]
# The code pages on their real text (bench/corpora/code_pages/<module>.txt), and windows-1251
# on the Ukrainian man pages; the multi-byte encodings on the man pages of their language.
PAGES = [("koi8-r", "cp:koi8_r"), ("ibm866", "cp:ibm866"), ("windows-1251", "cp:windows1251"),
         ("windows-1251", "man_uk"), ("windows-1252", "cp:windows1252"),
         ("iso-8859-2", "cp:iso8859_2"), ("windows-1253", "cp:windows1253"),
         ("windows-874", "cp:windows874"), ("windows-1255", "cp:windows1255")]
CJK = [("shift_jis", "man_ja"), ("gbk", "man_zh_CN"), ("big5", "man_zh_TW"),
       ("euc-kr", "man_ko")]

# Which library of a row is litenc (the others are its peers), and each family's columns.
FAMILIES = [
    ("UTF-8 and UTF-16", UNICODE_OPS,
     ["litenc", "std", "std_collect", "encoding_rs", "encoding_rs_nightly", "simdutf",
      "simdutf8"]),
    ("Modified UTF-8 and CESU-8", CESU_OPS,
     ["litenc", "litenc_into", "cesu8", "simd_cesu8", "simd_cesu8_nightly"]),
    ("Code pages and CJK encodings", None, ["litenc", "encoding_rs", "encoding_rs_nightly"]),
]
# Columns that are litenc (not peers) in the ratio.
OURS = {"litenc", "litenc_into"}
COLUMN = {"litenc": "litenc", "litenc_into": "litenc `_into`", "std": "std",
          "std_collect": "std `collect`", "encoding_rs": "encoding_rs", "simdutf": "simdutf",
          "simdutf8": "simdutf8", "cesu8": "cesu8", "simd_cesu8": "simd_cesu8",
          "simd_cesu8_nightly": "simd_cesu8 `nightly`",
          "encoding_rs_nightly": "encoding_rs `simd-accel`"}


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def sh(cmd, **kw):
    log("+", " ".join(str(c) for c in cmd))
    return subprocess.run([str(c) for c in cmd], check=True, **kw)


def installed(pkg):
    r = subprocess.run(["dpkg-query", "-W", "-f=${Status}", pkg], capture_output=True, text=True)
    return "install ok installed" in r.stdout


def ensure_packages():
    missing = [p for p in ("g++-aarch64-linux-gnu", "qemu-user") if not installed(p)]
    if missing:
        log(f"installing {' '.join(missing)}")
        sh(["apt-get", "update", "-qq"])
        sh(["apt-get", "install", "-y", "-qq", "--no-install-recommends", *missing],
           env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))


def count(argv, out_dir):
    """The instructions qemu-aarch64 executes for `argv`, and the program's standard output."""
    fd, out = tempfile.mkstemp(dir=out_dir, suffix=".count")
    os.close(fd)
    # A fixed environment: the guest's start-up reads it, so it is the same in every run.
    r = subprocess.run(["qemu-aarch64", "-plugin", f"{PLUGIN},out={out}", "-L", SYSROOT,
                        *map(str, argv)], capture_output=True, text=True, env={"LC_ALL": "C"})
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, argv))}: exit {r.returncode}: {r.stderr.strip()}")
    text = Path(out).read_text()
    os.unlink(out)
    m = re.fullmatch(r"insns (\d+)\n", text)
    if not m:
        raise RuntimeError(f"{' '.join(map(str, argv))}: the plugin wrote {text!r}")
    return int(m.group(1)), r.stdout


def build():
    ensure_packages()
    TARGET.mkdir(parents=True, exist_ok=True)
    sh(["gcc", "-shared", "-fPIC", "-O2", "-Wall", "-Wextra", "-Werror", "-o", PLUGIN,
        HERE / "insn_count.c"])
    sh(["aarch64-linux-gnu-gcc", "-O2", "-static", "-o", LOOP, HERE / "loop_test.c"])
    check_plugin()
    env = dict(os.environ, CARGO_TARGET_DIR=str(TARGET))
    env["CXX_aarch64_unknown_linux_gnu"] = "aarch64-linux-gnu-g++"
    env["CC_aarch64_unknown_linux_gnu"] = "aarch64-linux-gnu-gcc"
    env["AR_aarch64_unknown_linux_gnu"] = "aarch64-linux-gnu-ar"
    cross = [ROOT / "scripts" / "cross.sh", TRIPLE, "build", "--release", "--locked",
             "--manifest-path", HERE / "Cargo.toml"]
    # With the peers' nightly SIMD first, kept under another name; then the build of
    # stable Rust's users, which mca.sh reads.
    sh(cross + ["--features", "nightly_peers"], env=env, stdout=sys.stderr)
    shutil.copy2(HARNESS, HARNESS_NIGHTLY)
    sh(cross, env=env, stdout=sys.stderr)


def check_plugin():
    """The plugin counts a known loop exactly, and the same program the same twice."""
    n = 1_000_000
    with tempfile.TemporaryDirectory() as d:
        one, _ = count([LOOP, n], d)
        two, _ = count([LOOP, 2 * n], d)
        again, _ = count([LOOP, 2 * n], d)
    if two - one != 2 * n or again != two:
        sys.exit(f"insn_count: the loop of 2 instructions run {n} and {2 * n} times counted "
                 f"{one}, {two} and {again} (want a difference of {2 * n}, twice the same)")
    log(f"insn_count: loop x{n}: {one}, x{2 * n}: {two} (difference {two - one} = 2 x {n}), "
        "the same twice")


def check_harness():
    """litenc with K = 1 and K = 2 on one text: one call's count is plausible, and the
    same twice."""
    text = CORPORA / "russian.txt"
    with tempfile.TemporaryDirectory() as d:
        one, out = count([HARNESS, "utf8_validate", "litenc", text, 1], d)
        again, _ = count([HARNESS, "utf8_validate", "litenc", text, 1], d)
        two, _ = count([HARNESS, "utf8_validate", "litenc", text, 2], d)
    nbytes = int(out.split()[1])
    per = (two - one) / nbytes
    if one != again or not 0.05 < per < 50:
        sys.exit(f"harness: utf8_validate litenc on russian.txt counted {one} and {again} "
                 f"(K=1), {two} (K=2): {per:.2f} instructions per byte")
    log(f"harness: one call of utf8_validate on russian.txt: {two - one} instructions, "
        f"{per:.3f} per byte; K=1 the same twice")


def load_module(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def make_corpora():
    """The project's corpora, made as bench/report makes them when they are missing."""
    if not all((CORPORA / f"{c}.txt").exists() for c in GEN):
        sh([sys.executable, CORPORA / "gen.py"], stdout=sys.stderr)
    if not all((CORPORA / f"{c}.txt").exists() for c in MAN):
        sh([sys.executable, CORPORA / "man.py"], stdout=sys.stderr)
    if not (CORPORA / "code_pages" / "windows1251.txt").exists():
        sh([sys.executable, CORPORA / "code_pages.py"], stdout=sys.stderr)


def cut(paragraphs):
    """The first TEXT_SIZE bytes of the paragraphs (again from the first if there are too
    few), cut on a character boundary."""
    out, n, i = [], 0, 0
    while n < TEXT_SIZE and paragraphs:
        piece = paragraphs[i % len(paragraphs)].strip() + "\n\n"
        out.append(piece)
        n += len(piece.encode())
        i += 1
    # The bytes of a character cut in two are dropped.
    return "".join(out).encode()[:TEXT_SIZE].decode("utf-8", errors="ignore")


def make_extra():
    """The texts of EXTRA under TEXTS: {name: path}, those this machine has."""
    cp = load_module(CORPORA / "code_pages.py", "code_pages")
    TEXTS.mkdir(parents=True, exist_ok=True)
    made = {}
    for name, source, lang in EXTRA:
        path = TEXTS / f"{name}.txt"
        if not path.exists():
            if source == "man":
                docs = cp.man_texts(lang) if (cp.MAN / lang).is_dir() else None
            else:
                docs = cp.mo_texts(lang)
            if not docs:
                log(f"{name}: no {source} text in {lang} on this machine, left out")
                continue
            paragraphs = [p for doc in docs for p in doc if p.strip()]
            path.write_text(cut(paragraphs))
        data = path.read_bytes()
        log(f"{name}: {len(data)} bytes, {sum(b < 0x80 for b in data) / len(data):.0%} ASCII, "
            f"sha256 {hashlib.sha256(data).hexdigest()[:16]}")
        made[name] = path
    return made


def text_path(name, extra):
    if name.startswith("cp:"):
        return CORPORA / "code_pages" / f"{name[3:]}.txt"
    if name in extra:
        return extra[name]
    return CORPORA / f"{name}.txt"


def rows(extra):
    """[(operation, text, [libraries])]."""
    out = []
    texts = GEN + MAN + list(extra)
    for op in UNICODE_OPS + CESU_OPS:
        out += [(op, t, LIBS[op]) for t in texts]
    for way in ("decode", "encode"):
        for label, text in PAGES + CJK:
            if text.startswith("cp:") or text in extra or text in MAN:
                if text_path(text, extra).exists():
                    out.append((f"{way}:{label}", text,
                                ["litenc", "encoding_rs", "encoding_rs_nightly"]))
    return out


def measure(selected, extra, jobs):
    """{(op, text): {"bytes": n, lib: [count(K_LOW), count(K_HIGH)]}}."""
    tasks = [(op, text, lib, k) for op, text, libs in selected for lib in libs
             for k in (K_LOW, K_HIGH)]
    results = {}
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as d, \
            concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(count, [HARNESS_NIGHTLY if lib.endswith("_nightly") else HARNESS,
                                       op, lib, text_path(text, extra), k], d):
                   (op, text, lib, k) for op, text, lib, k in tasks}
        for done, f in enumerate(concurrent.futures.as_completed(futures), 1):
            op, text, lib, k = futures[f]
            insns, out = f.result()
            row = results.setdefault(f"{op}/{text}", {})
            row["bytes"] = int(out.split()[1])
            row.setdefault(lib, [None, None])[0 if k == K_LOW else 1] = insns
            if done % 100 == 0 or done == len(tasks):
                log(f"{done}/{len(tasks)} runs, {time.monotonic() - started:.0f} s")
    return results


def per_byte(row, lib):
    low, high = row[lib]
    return (high - low) / (K_HIGH - K_LOW) / row["bytes"]


def text_name(text):
    if text.startswith("cp:"):
        return f"`{text[3:]}` corpus"
    return f"`{text}`"


def fmt(x):
    return f"{x:.2f}" if x < 10 else f"{x:.1f}"


def tables(data):
    """The markdown tables of the results (arm.md)."""
    res = data["rows"]
    out = []
    for title, ops, libs in FAMILIES:
        keys = [k for k in res if (k.split("/")[0] in ops if ops
                                   else k.split("/")[0].startswith(("decode:", "encode:")))]
        if not keys:
            continue
        keys.sort(key=lambda k: order(k, ops))
        libs = [lib for lib in libs if any(lib in res[k] for k in keys)]
        out.append(f"**{title}** (instructions per byte of UTF-8 text, one call)\n")
        out.append("| operation | text | " + " | ".join(COLUMN[lib] for lib in libs)
                   + " | best peer ÷ litenc |")
        out.append("|---|---|" + "---:|" * (len(libs) + 1))
        for k in keys:
            op, text = k.split("/", 1)
            row = res[k]
            ipb = {lib: per_byte(row, lib) for lib in libs if lib in row}
            peers = [v for lib, v in ipb.items() if lib not in OURS]
            ratio = f"{min(peers) / ipb['litenc']:.2f}" if peers and ipb.get("litenc") else ""
            if ratio and float(ratio) < 1:
                ratio = f"**{ratio}**"
            cells = [fmt(ipb[lib]) if lib in ipb else "" for lib in libs]
            out.append(f"| {op} | {text_name(text)} | " + " | ".join(cells) + f" | {ratio} |")
        out.append("")
    out.append(footer(data))
    return "\n".join(out) + "\n"


def order(key, ops):
    op, text = key.split("/", 1)
    if ops:
        texts = GEN + MAN + [n for n, _, _ in EXTRA]
        return (ops.index(op), texts.index(text) if text in texts else 99, text)
    way, label = op.split(":")
    labels = [lab for lab, _ in PAGES + CJK]
    return (way != "decode", labels.index(label) if label in labels else 99, text)


def footer(data):
    return (f"*qemu-aarch64 {data['qemu']} with bench/arm/insn_count.c; litenc's `fast` ran its "
            f"`{data['implementation']}` kernels; {data['rustc']}, release (opt-level 3, "
            f"thin LTO, one codegen unit), simdutf's C++ by {data['cxx']}; counted "
            f"{data['date']}. (count(K=6) - count(K=1)) / 5 / bytes of UTF-8 text. For MUTF-8 "
            "and CESU-8, `litenc` is `encode_cow` / `decode_cow` (what the peers' functions "
            "are), `litenc _into` the `fast` functions into a buffer; the ratio is the "
            "peers' against `litenc`. `encoding_rs simd-accel` and `simd_cesu8 nightly`: those "
            "peers with their SIMD features, which only nightly Rust compiles. Made by "
            "`python3 bench/arm/run.py --write`.*")


# README's lines: per family of operations, the worst and best ratio over the texts.
SUMMARY_ROWS = [
    ("UTF-8 → UTF-16", lambda op: op == "utf8_to_utf16"),
    ("UTF-16 → UTF-8", lambda op: op == "utf16_to_utf8"),
    ("UTF-8 validation", lambda op: op == "utf8_validate"),
    ("MUTF-8 / CESU-8 encode (`encode_cow`)", lambda op: op.endswith("8_encode")),
    ("MUTF-8 / CESU-8 decode (`decode_cow`)", lambda op: op.endswith("8_decode")),
    ("code pages, decode", lambda op: op.startswith("decode:") and op[7:] not in CJK_LABELS),
    ("code pages, encode", lambda op: op.startswith("encode:") and op[7:] not in CJK_LABELS),
    ("CJK encodings, decode", lambda op: op.startswith("decode:") and op[7:] in CJK_LABELS),
    ("CJK encodings, encode", lambda op: op.startswith("encode:") and op[7:] in CJK_LABELS),
]
CJK_LABELS = {label for label, _ in CJK}


def summary(data):
    """arm_summary.md: README's table of the ratios on aarch64."""
    res = data["rows"]
    out = ["| operation (aarch64) | best peer's instructions ÷ litenc's, worst to best text |",
           "|---|---|"]
    for name, pick in SUMMARY_ROWS:
        cells = []
        for k, row in res.items():
            op, text = k.split("/", 1)
            if not pick(op) or "litenc" not in row:
                continue
            peers = [per_byte(row, lib) for lib in row if lib not in OURS and lib != "bytes"]
            if peers:
                best = min(peers)
                cells.append((best / per_byte(row, "litenc"), text_name(text), best_name(row)))
        if not cells:
            continue
        lo, hi = min(cells), max(cells)
        low = f"{lo[0]:.2f}x ({lo[1]}, {lo[2]})"
        if lo[0] < 1:
            low = f"**{lo[0]:.2f}x** ({lo[1]}, {lo[2]})"
        out.append(f"| {name} | {low} to {hi[0]:.2f}x ({hi[1]}, {hi[2]}) |")
    out.append("")
    out.append(f"*Instructions executed under qemu-aarch64 (counts, not time), litenc's "
               f"`{data['implementation']}` kernels; {len(res)} rows, counted {data['date']}; "
               "the peers include encoding_rs's `simd-accel` and simd_cesu8's `nightly`, which "
               "only nightly Rust compiles; "
               "every figure in docs/performance.md. Made by `python3 bench/arm/run.py "
               "--write`.*")
    return "\n".join(out) + "\n"


def best_name(row):
    """The peer of the fewest instructions (of equals, the first by name), as its column says."""
    peers = sorted((per_byte(row, lib), lib) for lib in row if lib not in OURS and lib != "bytes")
    return COLUMN[peers[0][1]]


def versions():
    qemu = subprocess.run(["qemu-aarch64", "--version"], capture_output=True,
                          text=True).stdout.split("\n")[0].removeprefix("qemu-aarch64 version ")
    rustc = subprocess.run(["/usr/bin/rustc", "--version"], capture_output=True,
                           text=True).stdout.strip()
    cxx = subprocess.run(["aarch64-linux-gnu-g++", "-dumpfullversion"], capture_output=True,
                         text=True).stdout.strip()
    impl = subprocess.run(["qemu-aarch64", "-L", SYSROOT, str(HARNESS), "--implementation"],
                          capture_output=True, text=True, check=True).stdout.strip()
    return {"qemu": qemu, "rustc": rustc, "cxx": f"aarch64-linux-gnu-g++ {cxx}",
            "implementation": impl}


def main():
    args = sys.argv[1:]
    if "-h" in args or "--help" in args:
        print(__doc__)
        return
    jobs = 2
    if "--jobs" in args:
        at = args.index("--jobs")
        jobs = int(args[at + 1])
        del args[at:at + 2]
    if "--table-only" in args:
        data = json.loads(RESULTS_JSON.read_text())
        TABLE.write_text(tables(data))
        SUMMARY.write_text(summary(data))
        log(f"wrote {TABLE} and {SUMMARY}")
        return
    filters = [re.compile(a) for a in args if not a.startswith("--")]
    started = time.monotonic()
    build()
    if "--build-only" in args:
        return
    check_harness()
    make_corpora()
    extra = make_extra()
    selected = [r for r in rows(extra)
                if not filters or any(f.search(f"{r[0]}/{r[1]}") for f in filters)]
    results = measure(selected, extra, jobs)
    data = {**versions(), "date": f"{datetime.date.today():%-d %b %Y}", "rows": results}
    print(tables(data))
    print(summary(data))
    log(f"{len(selected)} rows in {time.monotonic() - started:.0f} s")
    if "--write" in args:
        if RESULTS_JSON.exists() and filters:
            # A filtered run replaces its own rows of the kept results.
            kept = json.loads(RESULTS_JSON.read_text())
            kept.update({k: v for k, v in data.items() if k != "rows"})
            kept["rows"].update(results)
            data = kept
        RESULTS_JSON.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        # From the file, as `--table-only` and scripts/check_figures.py make them.
        data = json.loads(RESULTS_JSON.read_text())
        TABLE.write_text(tables(data))
        SUMMARY.write_text(summary(data))
        log(f"wrote {RESULTS_JSON}, {TABLE} and {SUMMARY}")


if __name__ == "__main__":
    main()
