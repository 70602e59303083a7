#!/usr/bin/env bash
# llvm-mca's summary of a function's hot loop in the aarch64 release build of the harness.
#
#   bench/arm/mca.sh litenc_utf8_to_utf16          # the largest innermost loop of the function
#   bench/arm/mca.sh litenc_utf8_to_utf16 --list   # its loops (start, end, instructions)
#   bench/arm/mca.sh litenc_utf8_to_utf16 2        # the loop numbered 2 in that list
#   MCA_ARGS="-timeline" bench/arm/mca.sh simdutf_utf8_validate   # more of llvm-mca's views
#   MCA_CPUS="cortex-a55 apple-m1" bench/arm/mca.sh ...          # other models
#
# The function is a symbol of bench/arm/target/aarch64-unknown-linux-gnu/release/litenc-arm
# whose demangled name contains the first argument (the harness's `<library>_<operation>`
# functions, into which the compiler inlines the library's loops, or any other symbol: a
# kernel the compiler left out of line, a C++ function of simdutf). The harness is built by
# `python3 bench/arm/run.py --build-only` if it is missing. A loop is a backward branch within
# the function and its target; the instructions between them go to llvm-mca (branch targets
# become labels), once per CPU model, with the summary view only (`MCA_ARGS` adds views).
#
# Debian's llvm-mca (LLVM 14) has no scheduling model of its own for the Neoverse N1: with
# `-mcpu=neoverse-n1` it uses the Cortex-A57's (the same figures as `-mcpu=cortex-a57`), and
# `apple-a14` uses the one model LLVM 14 has for Apple's cores (Cyclone's, 6 wide). So read
# the figures as a static estimate of one iteration's throughput on such a core, with every
# load hitting L1 and every branch predicted, nothing more.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin="${LITENC_ARM_TARGET:-$here/target}/aarch64-unknown-linux-gnu/release/litenc-arm"
[ $# -ge 1 ] || { sed -n '2,9p' "$0" >&2; exit 2; }
[ -x "$bin" ] || python3 "$here/run.py" --build-only
mca=$(command -v llvm-mca || command -v llvm-mca-14) || { echo "mca.sh: no llvm-mca" >&2; exit 1; }
objdump=aarch64-linux-gnu-objdump

# The symbol: the shortest demangled name that contains the pattern (a function, not a
# closure inside it), and its mangled name for objdump.
pattern=$1
shift
line=$(paste <(aarch64-linux-gnu-nm --defined-only "$bin") <(aarch64-linux-gnu-nm -C --defined-only "$bin") |
  awk -F'\t' -v p="$pattern" '$1 ~ / [tT] / && index($2, p) { print length($2) "\t" $0 }' |
  sort -n | head -n1)
[ -n "$line" ] || { echo "mca.sh: no function whose name contains $pattern" >&2; exit 1; }
mangled=$(echo "$line" | cut -f2 | awk '{print $3}')
demangled=$(echo "$line" | cut -f3 | cut -d' ' -f3-)
echo "function: $demangled"

asm=$(mktemp --suffix=.s)
trap 'rm -f "$asm"' EXIT
"$objdump" -d --no-show-raw-insn --disassemble="$mangled" "$bin" |
  python3 -c '
import re, subprocess, sys
which, out = sys.argv[1], sys.argv[2]
insns = []  # (address, mnemonic, operands)
for line in sys.stdin:
    m = re.match(r"\s*([0-9a-f]+):\t(\S+)\s*(.*)", line)
    if m:
        insns.append((int(m.group(1), 16), m.group(2), m.group(3).split("//")[0].strip()))
if not insns:
    sys.exit("mca.sh: objdump gave no instructions")
lo, hi = insns[0][0], insns[-1][0]
# Backward branches within the function: loops (start, end).
loops = []
for addr, mn, ops in insns:
    t = re.search(r"\b([0-9a-f]+) <", ops)
    if t and (mn == "b" or mn.startswith(("b.", "cb", "tb"))):
        target = int(t.group(1), 16)
        if lo <= target <= addr:
            loops.append((target, addr))
loops = sorted(set(loops))
size = lambda l: sum(1 for a, _, _ in insns if l[0] <= a <= l[1])
inner = [l for l in loops if not any(o != l and l[0] <= o[0] and o[1] <= l[1] for o in loops)]
if not loops:
    calls = sorted({ops.split("<", 1)[1].rstrip(">") for _, mn, ops in insns
                    if mn in ("bl", "b") and "<" in ops})
    # Not the function itself (a jump within it); names demangled, as nm -C gives them.
    calls = [c for c in calls if "+0x" not in c]
    demangled = subprocess.run(["aarch64-linux-gnu-c++filt"], input="\n".join(calls),
                               capture_output=True, text=True).stdout.splitlines()
    sys.exit("mca.sh: the function has no loop; it calls (give one of these names instead):\n  "
             + "\n  ".join(re.sub(r"\[[0-9a-f]{16}\]", "", c) for c in demangled or calls))
if which == "--list":
    for i, l in enumerate(loops):
        kind = "innermost" if l in inner else "outer"
        print(f"loop {i}: {l[0]:#x}..{l[1]:#x}, {size(l)} instructions, {kind}")
    sys.exit(0)
loop = loops[int(which)] if which else max(inner, key=size)
print(f"loop {loops.index(loop)} of {len(loops)} (--list): {loop[0]:#x}..{loop[1]:#x}, "
      f"{size(loop)} instructions", file=sys.stderr)
with open(out, "w") as f:
    f.write(".Lloop:\n")
    for addr, mn, ops in insns:
        if loop[0] <= addr <= loop[1]:
            ops = re.sub(r"\b([0-9a-f]+) <[^>]*>",
                         lambda m: ".Lloop" if int(m.group(1), 16) == loop[0] else ".Lout", ops)
            f.write(f"\t{mn}\t{ops}\n")
    f.write(".Lout:\n")
' "${1:-}" "$asm"
[ "${1:-}" = --list ] && exit 0

for cpu in ${MCA_CPUS:-neoverse-n1 apple-a14}; do
  echo
  echo "== -mcpu=$cpu"
  # shellcheck disable=SC2086
  "$mca" -mtriple=aarch64-linux-gnu -mcpu="$cpu" -iterations=100 -resource-pressure=0 \
    -instruction-info=0 ${MCA_ARGS:-} "$asm" 2>&1 | sed -n '/^Iterations/,$p'
done
