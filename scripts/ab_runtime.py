#!/usr/bin/env python3
"""The runtime of the working tree against the runtime of another revision, in one program.

A change to a hot loop is a few per cent; the same program runs std's loops (the peers of
most goals) up to twice as fast or not when code moves in the binary, and the machine's
speed moves between runs too. So both runtimes are built into one harness (the other
revision's as a copy whose version is 99.0.0, which Cargo keeps apart from the working
tree's), with the peers, and each is timed in turn on the same input, round after round:
a run compares them under one load and one layout of the peers' code.

    python3 scripts/ab_runtime.py [--rev REV] [--simd | --avx2] [--unseen] [--keep DIR] [TEXT ...]

REV defaults to `HEAD` (the working tree's uncommitted change against the last commit). The
build has `--cfg litenc_portable`, the portable kernels that targets without AVX2 run,
unless `--simd` (the kernels this CPU has) or `--avx2` (`--cfg litenc_avx2`: at most the AVX2
ones, as a CPU without AVX-512 runs them). TEXT is a corpus name under `bench/corpora`, `man:LANG` (this machine's
manual pages under /usr/share/man/LANG, one after the other) or a path; the default is the
four generated corpora.

`--unseen` cuts each text into windows of `SIZE` bytes and gives each call the next one, so
that the CPU's branch predictor cannot learn the text: one window called again and again, as
in criterion's benches, it learns (on 28 Nov std's UTF-8 to UTF-16 loop ran a 100 KB window of
the emoji corpus at 0.62 to 1.45 GB/s and ten such windows in turn at 0.48 to 0.51, litenc's
portable kernel at 1.29 and 0.70). A corpus name then stands for the same generator's text of
ten windows. `SIZE` (bytes, 100000), `ROUNDS` (31) and `ROWS` (words: only the operations whose
first row holds one, as `ROWS=validate,decode_cow`) go to the harness, whose
rows are in `scripts/ab/main.rs`: UTF-8 validation against std's `from_utf8`, MUTF-8
`decode_cow` and `encode_cow` and CESU-8 `encode_cow` against the `cesu8` crate, UTF-8 to UTF-16 against std's
`encode_utf16`, UTF-16 to UTF-8 against std's `String::from_utf16`, and UTF-16LE bytes to
and from UTF-8 against the
new revision's kernels of native units (what the bytes cost), and UTF-8 to UTF-32 against
std's `chars`, and windows-1251 encoding against encoding_rs (`PAGE=iso8859_2`, or
another module of `fast` named in the harness's `page()`, encodes in that page instead;
the rows keep their names).
The two revisions of a row take turns going first, round by round: the first reads each window
after the peer's row and the other operations' buffers, which cost it up to half on texts whose
windows did not fit in L2 (`--unseen`, 29 Nov). Where they sit in the binary still matters: one
kernel ran Portuguese `decode_cow` at 64 GB/s as the working tree's side and 90 as the other
revision's; check a verdict on a few per cent with the sides swapped (the new code committed and
given as REV, the old one in the working tree). So does where the peer sits: std's `from_utf8`
ran the English corpus at 24.9 GB/s in one build of this harness and at 37.4 and 38.2 in two
others, with std and the peers unchanged (29 Nov): where the linker put it (docs/performance.md,
"Where the linker puts std's `from_utf8`").
The same revision as both sides gives the harness's own spread: on this project's 2-vCPU
machine (27 Nov 2026) within 3 % on most rows, 7 % on English's UTF-8 validation; on 28 Nov
within 3 % but for UTF-32 of the Korean man pages (by `chars`), 14 %. In busy hours the rows of
one function measured twice (`utf16 decode new` and `(units)`) differed by up to 40 %: run it
twice, and trust a change that both runs show.
"""

import argparse
import gzip
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent


def copy_runtime(rev, into):
    """The runtime crate of `rev`, as a package of its own with version 99.0.0."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "runtime"], check=True, capture_output=True
    ).stdout
    # `-m`: the files dated now, not at the commit, or Cargo would take an
    # older revision's copy for the build it already has of another.
    subprocess.run(["tar", "-x", "-m", "-C", str(into)], input=archive, check=True)
    manifest = into / "runtime" / "Cargo.toml"
    text = manifest.read_text()
    text = re.sub(r"^version\.workspace = true$", 'version = "99.0.0"', text, flags=re.M)
    # The workspace's keys and sections: the copy is a workspace of its own.
    text = re.sub(r"^[a-z-]+\.workspace = true\n", "", text, flags=re.M)
    text = re.sub(r"^\[dev-dependencies\]\n(?:[^\[].*\n|\n)*", "", text, flags=re.M)
    text = re.sub(r"^\[lints\]\n(?:[^\[].*\n|\n)*", "", text, flags=re.M)
    manifest.write_text(text + "\n[workspace]\n")
    return into / "runtime"


def text_path(name, unseen, work):
    """The file of TEXT `name`, written into `work` where it is made here."""
    if name.startswith("man:"):
        lang = name[4:]
        pages = sorted(pathlib.Path("/usr/share/man", lang).rglob("*.gz"))
        if not pages:
            sys.exit(f"no manual pages under /usr/share/man/{lang}")
        text = []
        for page in pages:
            try:
                text.append(gzip.decompress(page.read_bytes()).decode())
            except (OSError, UnicodeDecodeError):
                continue
        path = work / f"man_{lang}.txt"
        path.write_text("".join(text))
        return path
    if "/" in name:
        path = pathlib.Path(name)
    elif unseen:
        sys.path.insert(0, str(ROOT / "bench" / "corpora"))
        import gen

        if name not in gen.CORPORA:
            sys.exit(f"no corpus named {name}")
        path = work / f"{name}_unseen.txt"
        path.write_text(gen.generate(name, 10 * int(os.environ.get("SIZE", "100000"))))
    else:
        path = ROOT / "bench" / "corpora" / f"{name}.txt"
    if not path.is_file():
        sys.exit(f"no such text: {path}")
    return path.resolve()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("texts", nargs="*", default=["english", "russian", "chinese", "emoji"])
    parser.add_argument("--rev", default="HEAD")
    parser.add_argument("--simd", action="store_true")
    parser.add_argument("--avx2", action="store_true")
    parser.add_argument("--unseen", action="store_true")
    parser.add_argument("--keep", type=pathlib.Path)
    args = parser.parse_args()

    work = args.keep or pathlib.Path(tempfile.mkdtemp(prefix="litenc-ab-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        texts = [str(text_path(t, args.unseen, work)) for t in args.texts]
        old = work / "old"
        shutil.rmtree(old, ignore_errors=True)
        old.mkdir()
        old_runtime = copy_runtime(args.rev, old)
        harness = work / "harness"
        (harness / "src").mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "scripts" / "ab" / "main.rs", harness / "src" / "main.rs")
        shutil.copy(ROOT / "Cargo.lock", harness / "Cargo.lock")
        (harness / "Cargo.toml").write_text(
            '[package]\nname = "litenc-ab"\nversion = "0.0.0"\nedition = "2024"\npublish = false\n\n'
            "[dependencies]\n"
            f'new = {{ package = "litenc-runtime", path = "{ROOT / "runtime"}" }}\n'
            f'old = {{ package = "litenc-runtime", path = "{old_runtime}" }}\n'
            'cesu8 = "1"\nencoding_rs = "0.8"\n\n[workspace]\n'
        )
        env = dict(os.environ)
        if args.unseen:
            env["UNSEEN"] = "1"
        flags = "--check-cfg=cfg(litenc_portable) --check-cfg=cfg(litenc_avx2)"
        if args.avx2:
            flags = "--cfg litenc_avx2 " + flags
        elif not args.simd:
            flags = "--cfg litenc_portable " + flags
        env["RUSTFLAGS"] = (env.get("RUSTFLAGS", "") + " " + flags).strip()
        env["CARGO_TARGET_DIR"] = str(work / "target")
        subprocess.run(
            ["cargo", "build", "--release", "--quiet", "--manifest-path", str(harness / "Cargo.toml")],
            check=True,
            env=env,
        )
        build = "AVX2" if args.avx2 else "SIMD" if args.simd else "portable"
        print(f"new: the working tree; old: {args.rev}; {build} build")
        sys.stdout.flush()
        subprocess.run([str(work / "target" / "release" / "litenc-ab"), *texts], check=True, env=env)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
