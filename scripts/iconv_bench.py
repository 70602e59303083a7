#!/usr/bin/env python3
"""examples/iconv.rs against glibc's iconv on 100 MB of real text.

    python3 scripts/iconv_bench.py [--mb 100] [--runs 3] [--work /tmp/litenc-iconv-bench]

The text is the Russian and Ukrainian man pages of this machine
(/usr/share/man/{ru,uk}, gzip'd groff: decompressed, requests and font
escapes stripped), repeated to the size asked for. For the code pages it is
first reduced to the characters the page has (as `iconv -c` would), so that
both tools convert all of it. Each direction is run `--runs` times per tool,
alternating, both reading the file named on the command line and writing to
/dev/null; the outputs are compared byte for byte once. Reported: wall time
and CPU time (user + system, from `wait4`), median of the runs, and peak
resident memory, the largest of the runs, as `/usr/bin/time` reports it (a
child of this script would report at least this script's own size: Linux
carries the high-water mark over `fork`).
"""

import argparse
import glob
import gzip
import hashlib
import os
import re
import statistics
import subprocess
import time
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXE = os.path.join(ROOT, "target", "release", "examples", "iconv")

# (glibc name, litenc label, Python codec for the character filter)
UTF16 = ("UTF-16LE", "utf-16le", None)
CP1251 = ("CP1251", "windows-1251", "cp1251")
KOI8R = ("KOI8-R", "koi8-r", "koi8_r")
UTF8 = ("UTF-8", "utf-8", None)


def man_text():
    """The stripped text of every Russian and Ukrainian man page."""
    parts = []
    files = sorted(glob.glob("/usr/share/man/ru/**/*.gz", recursive=True))
    files += sorted(glob.glob("/usr/share/man/uk/**/*.gz", recursive=True))
    for path in files:
        try:
            text = gzip.open(path).read().decode("utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        lines = []
        for line in text.splitlines():
            if line.startswith((".", "'")):
                continue  # a groff request
            line = re.sub(r"\\f(\[[^\]]*\]|\(..|.)", "", line)  # font changes
            line = re.sub(r"\\\(..", " ", line)  # special characters
            line = line.replace("\\-", "-").replace("\\&", "").replace("\\e", "\\")
            lines.append(line)
        parts.append("\n".join(lines) + "\n")
    if not parts:
        sys.exit("no man pages under /usr/share/man/ru or /usr/share/man/uk "
                 "(apt-get install manpages-ru? or any package with Russian man pages)")
    return "".join(parts), len(files)


def repeated(text, size):
    """`text` repeated to `size` bytes of UTF-8, cut at a line end."""
    data = text.encode("utf-8")
    data = data * (size // len(data) + 1)
    return data[: data.rindex(b"\n", 0, size) + 1]


def corpus(work, size):
    """The inputs: UTF-8 text for each target, and each target's bytes."""
    os.makedirs(work, exist_ok=True)
    stamp = os.path.join(work, f"corpus-{size}")
    text, pages = man_text()
    files = {}
    for glibc, _, codec in (UTF16, CP1251, KOI8R):
        t = text if codec is None else text.encode(codec, "ignore").decode(codec)
        files[glibc] = (os.path.join(work, f"utf8-for-{glibc}.txt"),
                        os.path.join(work, f"{glibc}.txt"))
        if not os.path.exists(stamp):
            with open(files[glibc][0], "wb") as f:
                f.write(repeated(t, size))
            with open(files[glibc][1], "wb") as f:
                subprocess.run(["iconv", "-f", "UTF-8", "-t", glibc, files[glibc][0]],
                               stdout=f, check=True)
    open(stamp, "w").close()
    return files, pages, len(text.encode("utf-8"))


def run(cmd):
    """Wall seconds, CPU seconds and peak RSS (KiB) of one run: the times
    from `wait4` (microseconds; `/usr/bin/time` prints hundredths), the
    memory from `/usr/bin/time`."""
    start = time.perf_counter()
    proc = subprocess.Popen(["/usr/bin/time", "-f", "%M"] + cmd,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{cmd} failed: {err}")
    return wall, usage.ru_utime + usage.ru_stime, int(err.split()[-1])


def digest(cmd):
    out = subprocess.run(cmd, stdout=subprocess.PIPE, check=True).stdout
    return hashlib.sha256(out).hexdigest(), len(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=int, default=100, help="input size in MB (10^6 bytes)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--work", default="/tmp/litenc-iconv-bench")
    args = ap.parse_args()

    if not os.access("/usr/bin/time", os.X_OK):
        sys.exit("needs /usr/bin/time (apt-get install time)")
    subprocess.run(["cargo", "build", "--release", "--example", "iconv", "-q"],
                   cwd=ROOT, check=True)
    files, pages, base = corpus(args.work, args.mb * 1000 * 1000)
    print(f"text: {pages} man pages, {base:,} bytes of UTF-8, repeated to {args.mb} MB; "
          f"{args.runs} runs each; {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
    glibc_version = subprocess.run(["ldd", "--version"], stdout=subprocess.PIPE,
                                   text=True).stdout.splitlines()[0]
    print(f"glibc: {glibc_version}")
    print()
    print("| direction | input | glibc wall | litenc wall | wall ratio | glibc CPU | litenc CPU "
          "| CPU ratio | glibc peak RSS | litenc peak RSS |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for target in (UTF16, CP1251, KOI8R):
        utf8_file, encoded_file = files[target[0]]
        for src, dst, path in ((UTF8, target, utf8_file), (target, UTF8, encoded_file)):
            glibc = ["iconv", "-f", src[0], "-t", dst[0], path]
            ours = [EXE, "-f", src[1], "-t", dst[1], path]
            if digest(glibc) != digest(ours):
                sys.exit(f"outputs differ: {glibc} / {ours}")
            results = {"glibc": [], "litenc": []}
            for _ in range(args.runs):
                results["glibc"].append(run(glibc))
                results["litenc"].append(run(ours))
            g, l = results["glibc"], results["litenc"]
            gw, lw = statistics.median(r[0] for r in g), statistics.median(r[0] for r in l)
            gc, lc = statistics.median(r[1] for r in g), statistics.median(r[1] for r in l)
            gm, lm = max(r[2] for r in g), max(r[2] for r in l)
            size = os.path.getsize(path) / 1e6
            print(f"| {src[0]} → {dst[0]} | {size:.0f} MB | {gw:.3f} s | {lw:.3f} s | "
                  f"{gw / lw:.1f}× | {gc:.3f} s | {lc:.3f} s | {gc / lc:.1f}× | "
                  f"{gm / 1024:.1f} MiB | {lm / 1024:.1f} MiB |")


if __name__ == "__main__":
    main()
