#!/usr/bin/env python3
"""What litenc's literals cost to compile, against plain `&str` literals and wchar's `wchz!`.

Two workloads, each a library crate of `pub static` items, one crate per macro:

- **many**: 2,000 small literals (16 to 24 characters, 20 on average: Cyrillic and
  ASCII words, Japanese and ASCII for Shift_JIS), the strings of a firmware or a
  Windows program;
- **big**: one 1,000,000-character literal: Latin, Cyrillic, Greek, CJK, Arabic and
  emoji; Cyrillic and ASCII for the Cyrillic code pages, Japanese and ASCII for
  Shift_JIS (each against a plain `&str` of its own text). `usb_string!` takes at
  most 126 units, so it is in **many** only.

With `--peers`, litenc's `const_encode!(utf16, ...)` (the `const fn` codec in
the const evaluator) and the UTF-16 macros of const-str, utf16_lit and
widestring are measured too, against the same baselines.

The same texts go through every macro and through the baselines: a plain `&str`
literal (`static S: &str = "..."`, no macro: what having the text in the source
costs) and wchar's `wchz!(u16, ...)`, `wchz!(u32, ...)` and `wchz!("...")`
(`wchar_t`), a proc macro that emits an array of integer literals. The litenc rows
that give code units ask for the terminating zero (`nul`), so that they build the
very arrays `wchz!` builds.

Dependencies (litenc, a snapshot of this checkout, and wchar 0.11 from crates.io)
are built once, first. Then every round builds every crate in turn (`cargo build`
after touching its source, `CARGO_INCREMENTAL=0`, dev profile unless `--release`),
so that a change of load on the machine falls on all of them alike (every other
round in the reverse order); the figure of a crate is the median over the rounds, of
the wall time and of the CPU time (user + system of cargo and rustc, from
`getrusage(RUSAGE_CHILDREN)`). The machine's load average is printed for every round.

Ratios are also taken pair by pair: a litenc row against its `wchz!` row built in the
same round, and with `--before PATH` (another litenc checkout, e.g. a `git worktree` of
an older commit, whose rows are built in the same rounds, named "... before") each row
against its "before" row; the table gives the median of these per-round ratios and
their range (lowest to highest), which a shared machine's load moves less than the
ratio of two medians.

    python3 scripts/compile_time.py [--rounds 3] [--workload many|big|both]
                                    [--only utf16,wide] [--no-wchz] [--peers]
                                    [--literals 2000]
                                    [--chars 1000000] [--release]
                                    [--optimize-macros] [--litenc PATH]
                                    [--before PATH] [--keep]
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
CYRILLIC = (
    "Привет, мир! Съешь ещё этих мягких французских булок, да выпей же чаю. "
    "Широкая электрификация южных губерний даст мощный толчок подъёму сельского хозяйства. "
    "Ошибка 42: устройство не отвечает (код 0x1F). "
)
JAPANESE = (
    "こんにちは、世界！ 日本語のテキストです。 漢字とひらがなとカタカナ。 "
    "設定を保存しました。 エラーが発生しました（コード４２）。 "
    "Shift_JIS 2024 OK "
)
# The words of the small literals: menu items, messages, settings.
SMALL_WORDS = {
    "cyrillic": (
        "Файл Правка Вид Справка Открыть Сохранить Закрыть Отмена Ошибка чтения "
        "устройства Настройки Язык Громкость Яркость Сеть Подключено Отключено "
        "File Edit View Help Open Save Close Cancel Error device Settings "
        "Volume Network OK Retry USB v1.2 0x1F 42% 3.3V 25°C"
    ),
    "japanese": (
        "ファイル 編集 表示 ヘルプ 開く 保存 閉じる 取消 エラー 設定 音量 明るさ "
        "接続 切断 デバイス 言語 File Edit OK USB v1.2 0x1F 42% 3.3V"
    ),
}
BIG_TEXT = {"mixed": MIXED, "cyrillic": CYRILLIC, "japanese": JAPANESE}


def text_of(chars, alphabet, seed=3):
    """`chars` characters of words drawn from `alphabet`."""
    rng = random.Random(seed)
    words = alphabet.split(" ")
    out = []
    n = 0
    while n < chars:
        w = rng.choice(words) + " "
        out.append(w)
        n += len(w)
    return "".join(out)[:chars]


def small_texts(count, words, seed=7):
    """`count` literals of 16 to 24 characters (20 on average)."""
    rng = random.Random(seed)
    words = words.split(" ")
    out = []
    for _ in range(count):
        n = rng.randint(16, 24)
        s = ""
        while len(s) < n:
            s += rng.choice(words) + " "
        out.append(s[:n].strip() or "x")
    return out


def escape(s):
    return s.replace("\\", "\\\\").replace('"', '\\"')


# name: (static type, expression of {s}, dependency, text of "big", words of "many",
#        the wchz! row it is compared with)
# The dependency is "litenc", "wchar" or None; a text of None leaves the workload out.
L = "litenc"
VARIANTS = {
    "&str": ("&str", '"{s}"', None, "mixed", "cyrillic", None),
    "&str (Cyrillic)": ("&str", '"{s}"', None, "cyrillic", None, None),
    "&str (Japanese)": ("&str", '"{s}"', None, "japanese", "japanese", None),
    "wchz!(u16)": ("&[u16]", 'wchar::wchz!(u16, "{s}")', "wchar", "mixed", "cyrillic", None),
    "wchz!(u32)": ("&[u32]", 'wchar::wchz!(u32, "{s}")', "wchar", "mixed", "cyrillic", None),
    "wchz!(wchar_t)": ("&[wchar::wchar_t]", 'wchar::wchz!("{s}")', "wchar", "mixed", "cyrillic",
                       None),
    "utf8!": ("&[u8]", '&litenc::utf8!("{s}")', L, "mixed", "cyrillic", None),
    "utf16!(nul)": ("&[u16]", '&litenc::utf16!("{s}", nul)', L, "mixed", "cyrillic",
                    "wchz!(u16)"),
    "utf32!(nul)": ("&[u32]", '&litenc::utf32!("{s}", nul)', L, "mixed", "cyrillic",
                    "wchz!(u32)"),
    "wide!(nul)": ("&[litenc::WChar]", '&litenc::wide!("{s}", nul)', L, "mixed", "cyrillic",
                   "wchz!(wchar_t)"),
    "utf16le!": ("&[u8]", '&litenc::utf16le!("{s}")', L, "mixed", "cyrillic", None),
    "mutf8!": ("&[u8]", '&litenc::mutf8!("{s}")', L, "mixed", "cyrillic", None),
    "cesu8!": ("&[u8]", '&litenc::cesu8!("{s}")', L, "mixed", "cyrillic", None),
    "windows1251!": ("&[u8]", '&litenc::windows1251!("{s}")', L, "cyrillic", "cyrillic", None),
    'encode!("koi8-r")': ("&[u8]", '&litenc::encode!("koi8-r", "{s}")', L, "cyrillic",
                          "cyrillic", None),
    'encode!("shift_jis")': ("&[u8]", '&litenc::encode!("shift_jis", "{s}")', L, "japanese",
                             "japanese", None),
    "usb_string!": ("&[u8]", '&litenc::usb_string!("{s}")', L, None, "cyrillic", None),
}
# With --peers: the `const fn` codec and other crates' UTF-16 literals (slow: the
# big literal takes from half a minute to minutes through each of these).
PEERS = {
    "const_encode!(utf16)": ("&[u16]", '&litenc::const_encode!(utf16, "{s}")', L, "mixed",
                             "cyrillic", "wchz!(u16)"),
    "const-str encode!(utf16)": ("&[u16]", '&const_str::encode!(utf16, "{s}")', "const-str",
                                 "mixed", "cyrillic", "wchz!(u16)"),
    "utf16_lit utf16!": ("&[u16]", '&utf16_lit::utf16!("{s}")', "utf16_lit", "mixed",
                         "cyrillic", "wchz!(u16)"),
    "widestring u16str!": ("&widestring::U16Str", 'widestring::u16str!("{s}")', "widestring",
                           "mixed", "cyrillic", "wchz!(u16)"),
}
# The baseline of each row: the plain literal of the same text.
PLAIN_OF = {
    "big": {"mixed": "&str", "cyrillic": "&str (Cyrillic)", "japanese": "&str (Japanese)"},
    "many": {"cyrillic": "&str", "japanese": "&str (Japanese)"},
}


def text_kind(variant, workload):
    return VARIANTS[variant][3 if workload == "big" else 4]


def source(variant, workload, args):
    ty, expr, _, big, many, _ = VARIANTS[variant]
    lines = ["#![allow(missing_docs, long_running_const_eval)]"]
    if workload == "many":
        if many is None:
            return None
        for k, s in enumerate(small_texts(args.literals, SMALL_WORDS[many])):
            lines.append(f"pub static S{k}: {ty} = {expr.format(s=escape(s))};")
    else:
        if big is None:
            return None
        text = text_of(args.chars, BIG_TEXT[big])
        assert len(text) == args.chars
        lines.append(f"pub static BIG: {ty} = {expr.format(s=escape(text))};")
    return "\n".join(lines) + "\n"


def build(crate, release, env):
    """Wall time and CPU time (user + system, of cargo and rustc) of one build."""
    cmd = ["cargo", "build", "-q", "--offline"] + (["--release"] if release else [])
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    proc = subprocess.run(cmd, cwd=crate, env=env, capture_output=True, text=True)
    took = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(f"build of {crate} failed:\n{proc.stderr[-4000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return took, cpu


def manifest(name, dep, snapshots, optimize_macros):
    deps = {
        "litenc": f"litenc = {{ path = {str(snapshots['litenc'])!r} }}\n",
        "litenc-before": f"litenc = {{ path = {str(snapshots.get('litenc-before'))!r} }}\n",
        "wchar": 'wchar = "0.11"\n',
        "const-str": 'const-str = "0.6"\n',
        "utf16_lit": 'utf16_lit = "2"\n',
        "widestring": 'widestring = "1"\n',
        None: "",
    }[dep]
    text = (
        f'[package]\nname = "{name}"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n'
        f"[lib]\npath = \"src/lib.rs\"\n\n[dependencies]\n{deps}\n[workspace]\n"
    )
    if optimize_macros:
        text += (
            "\n[profile.dev.build-override]\nopt-level = 3\n"
            "\n[profile.release.build-override]\nopt-level = 3\n"
        )
    return text


def ratio(a, b):
    return f"{a / b:.2f}" if b else ""


def paired(rows, peers):
    """The median and the range of the round-by-round ratios `rows[r] / peers[r]`."""
    if not rows or not peers:
        return ""
    ratios = [a / b for a, b in zip(rows, peers) if b]
    return (f"{statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})"
            if ratios else "")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--workload", choices=["many", "big", "both"], default="both")
    ap.add_argument("--only", default="",
                    help="comma-separated substrings of the litenc rows to build "
                         "(the baselines are always built)")
    ap.add_argument("--no-wchz", action="store_true", help="leave out the wchz! rows")
    ap.add_argument("--peers", action="store_true",
                    help="also const_encode! and other crates' UTF-16 macros (slow)")
    ap.add_argument("--literals", type=int, default=2000)
    ap.add_argument("--chars", type=int, default=1_000_000)
    ap.add_argument("--release", action="store_true")
    ap.add_argument("--optimize-macros", action="store_true",
                    help="build proc macros optimised ([profile.*.build-override] opt-level = 3)")
    ap.add_argument("--litenc", default=str(ROOT),
                    help="the litenc checkout to measure (default: this one)")
    ap.add_argument("--before", default=None,
                    help="another litenc checkout whose rows are built in the same rounds, "
                         "each named '... before' (e.g. a `git worktree add` of an older commit)")
    ap.add_argument("--keep", action="store_true", help="keep the temporary crates")
    args = ap.parse_args()

    tmp = pathlib.Path(tempfile.mkdtemp(prefix="litenc-compile-time-"))
    # A snapshot of the checkout, so that edits made meanwhile rebuild nothing.
    snapshots = {"litenc": tmp / "litenc"}
    if args.before:
        snapshots["litenc-before"] = tmp / "litenc-before"
    for dep, snapshot in snapshots.items():
        source_tree = args.litenc if dep == "litenc" else args.before
        shutil.copytree(source_tree, snapshot, ignore=shutil.ignore_patterns(
            "target", ".git", "fuzz", "bench", "wip"))
    env = dict(os.environ, CARGO_INCREMENTAL="0", CARGO_TARGET_DIR=str(tmp / "target"))

    if args.peers:
        VARIANTS.update(PEERS)
    if args.before:
        for v, row in list(VARIANTS.items()):
            if row[2] == L:
                VARIANTS[f"{v} before"] = row[:2] + ("litenc-before",) + row[3:]
    workloads = ["many", "big"] if args.workload == "both" else [args.workload]
    wanted = [w for w in args.only.split(",") if w]
    names = [v for v in VARIANTS
             if (not wanted or VARIANTS[v][2] in (None, "wchar")
                 or any(w in v.removesuffix(" before") for w in wanted))
             and not (args.no_wchz and VARIANTS[v][2] == "wchar")]

    # One crate per (workload, variant), all in one target directory.
    crates = []
    for workload in workloads:
        for variant in names:
            src = source(variant, workload, args)
            if src is None:
                continue
            name = f"ct_{workload}_{len(crates)}"
            crate = tmp / name
            (crate / "src").mkdir(parents=True)
            (crate / "Cargo.toml").write_text(
                manifest(name, VARIANTS[variant][2], snapshots, args.optimize_macros))
            (crate / "src" / "lib.rs").write_text("")
            crates.append((workload, variant, crate, src))

    # Dependencies, once: an empty crate of each kind (and the lock files).
    print("building the dependencies...", file=sys.stderr, flush=True)
    seen = set()
    profile = ["--release"] if args.release else []
    for workload, variant, crate, src in crates:
        dep = VARIANTS[variant][2]
        cmd = ["cargo", "build", "-q"] + profile
        if dep in seen:
            cmd = ["cargo", "generate-lockfile", "-q", "--offline"]
        seen.add(dep)
        subprocess.run(cmd, cwd=crate, env=env, check=True)
    for workload, variant, crate, src in crates:
        (crate / "src" / "lib.rs").write_text(src, encoding="utf-8")

    walls = {(w, v): [] for w, v, _, _ in crates}
    cpus = {(w, v): [] for w, v, _, _ in crates}
    loads = []
    for r in range(args.rounds):
        load_before = os.getloadavg()[0]
        for workload, variant, crate, src in (crates if r % 2 == 0 else crates[::-1]):
            os.utime(crate / "src" / "lib.rs")
            wall, cpu = build(crate, args.release, env)
            walls[(workload, variant)].append(wall)
            cpus[(workload, variant)].append(cpu)
            print(f"round {r + 1}: {workload} {variant}: {wall:.2f} s ({cpu:.2f} s CPU)",
                  file=sys.stderr, flush=True)
        loads.append((load_before, os.getloadavg()[0]))

    rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
    print(f"{rustc}; {'release' if args.release else 'dev'} profile; proc macros "
          f"{'opt-level 3' if args.optimize_macros else 'unoptimised (cargo default)'}; "
          f"{os.cpu_count()} cores; median of {args.rounds} rounds, each building every crate "
          f"in turn.")
    print("Load average (1 min) at the start and the end of each round: "
          + ", ".join(f"{a:.1f}-{b:.1f}" for a, b in loads) + ".\n")
    titles = {
        "many": f"{args.literals:,} literals of 16 to 24 characters",
        "big": f"one literal of {args.chars:,} characters",
    }
    for workload in workloads:
        print(f"### {titles[workload]}\n")
        print("Seconds of `cargo build` of the crate alone, wall and CPU; ratios of the medians "
              "to the plain `&str` literal of the same text and to `wchz!`; then the median "
              "(lowest-highest) of the ratios of the rounds, to `wchz!`"
              + (" and to the row before" if args.before else "") + ", in CPU time.\n")
        extra = " | × `wchz!` CPU by round" + (" | × before CPU by round" if args.before else "")
        print("| literal | wall s | CPU s | × `&str` wall | × `&str` CPU "
              "| × `wchz!` wall | × `wchz!` CPU" + extra + " |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|" + ("---:|" if args.before else ""))
        med = {}
        for w, v, _, _ in crates:
            if w == workload:
                med[v] = (statistics.median(walls[(w, v)]), statistics.median(cpus[(w, v)]))
        for v, (wall, cpu) in med.items():
            plain = med.get(PLAIN_OF[workload][text_kind(v, workload)], (0, 0))
            peer = med.get(VARIANTS[v][5], (0, 0)) if VARIANTS[v][5] else (0, 0)
            label = v if v.startswith("&str") else f"`{v}`"
            peer_cpus = cpus.get((workload, VARIANTS[v][5]), []) if VARIANTS[v][5] else []
            line = (f"| {label} | {wall:.2f} | {cpu:.2f} | {ratio(wall, plain[0])} | "
                    f"{ratio(cpu, plain[1])} | {ratio(wall, peer[0])} | {ratio(cpu, peer[1])} | "
                    f"{paired(cpus[(workload, v)], peer_cpus)} |")
            if args.before:
                before = cpus.get((workload, f"{v} before"), [])
                line += f" {paired(cpus[(workload, v)], before)} |"
            print(line)
        print()
    sys.stdout.flush()
    if args.keep:
        print(f"kept {tmp}", file=sys.stderr)
    else:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
