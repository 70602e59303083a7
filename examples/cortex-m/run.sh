#!/usr/bin/env bash
# Builds the Cortex-M3 firmware of litenc (thumbv7m-none-eabi, release) and
# boots it on QEMU's Stellaris board (lm3s6965evb): exit status 0 only if
# every check of the firmware passed. Then builds it once more with one
# expected byte flipped (feature `self-test-failure`) and requires that run to
# fail, and prints the flash the firmware takes and the codec's share of it.
#
# Needs, and installs nothing:
# - a Rust compiler with the standard library's sources, to build `core` for
#   the target (`-Zbuild-std=core`, allowed on a stable compiler by
#   RUSTC_BOOTSTRAP=1; the crates themselves use stable Rust only). By default
#   Debian's `rustc-web`/`cargo-web` with `rust-web-src` (/usr/bin/cargo);
#   set CORTEX_M_CARGO to use another cargo (e.g. a nightly with `rust-src`).
# - an LLD: `rust-lld` on PATH, or the one of a rustup toolchain, or `ld.lld`
#   (set CORTEX_M_LINKER to choose).
# - qemu-system-arm (Debian: qemu-system-arm), timeout (coreutils).
# - for the sizes: llvm-size and llvm-nm (Debian: llvm), else
#   arm-none-eabi-size and arm-none-eabi-nm (Debian: binutils-arm-none-eabi).
# - optional: python3, to check that src/expected.rs is what expected.py makes.
#
# Environment: QEMU_TIMEOUT (seconds per run, default 60).

set -euo pipefail

cd "$(dirname "$0")"
here=$PWD
target=thumbv7m-none-eabi
export CARGO_TARGET_DIR="$here/target"
export RUSTC_BOOTSTRAP=1
timeout_s=${QEMU_TIMEOUT:-60}

die() {
    echo "run.sh: $*" >&2
    exit 2
}

# The cargo and rustc of the cross build.
cargo_bin=${CORTEX_M_CARGO:-/usr/bin/cargo}
[ -x "$cargo_bin" ] || die "no cargo at $cargo_bin (install Debian's cargo-web and rust-web-src, or set CORTEX_M_CARGO)"
cargo_dir=$(dirname "$cargo_bin")
export PATH="$cargo_dir:$PATH"
sysroot=$("$cargo_dir/rustc" --print sysroot)
[ -d "$sysroot/lib/rustlib/src/rust/library/core" ] \
    || die "no library sources in $sysroot (Debian: rust-web-src; rustup: rust-src)"

# A linker that exists: Debian's /usr/bin/rust-lld may be a link to an
# lld-NN package that is not installed.
find_linker() {
    local candidate
    if [ -n "${CORTEX_M_LINKER:-}" ]; then
        echo "$CORTEX_M_LINKER"
        return
    fi
    for candidate in "$sysroot/lib/rustlib/x86_64-unknown-linux-gnu/bin/rust-lld" \
        "$(command -v rust-lld || true)"; do
        if [ -n "$candidate" ] && [ -x "$(readlink -f "$candidate")" ]; then
            echo "$candidate"
            return
        fi
    done
    if command -v rustup >/dev/null; then
        for candidate in "$(rustup run stable rustc --print sysroot 2>/dev/null)"/lib/rustlib/*/bin/rust-lld; do
            if [ -x "$candidate" ]; then
                echo "$candidate"
                return
            fi
        done
    fi
    for candidate in ld.lld ld.lld-22 ld.lld-21 ld.lld-20 ld.lld-19 ld.lld-18; do
        if command -v "$candidate" >/dev/null; then
            command -v "$candidate"
            return
        fi
    done
    die "no LLD found (rust-lld of a rustup toolchain, or Debian's lld); set CORTEX_M_LINKER"
}
linker=$(find_linker)
export CARGO_TARGET_THUMBV7M_NONE_EABI_LINKER="$linker"

if command -v python3 >/dev/null; then
    python3 expected.py --check
else
    echo "run.sh: python3 not found: src/expected.rs not compared with expected.py"
fi

elf_dir="$CARGO_TARGET_DIR/$target/release"
build() { # build <copy-to> [cargo args...]
    local copy=$1
    shift
    # Not --locked: Cargo.lock pins the crates of crates.io, and cargo adds
    # to it on its own when litenc's own crates change.
    local log="$CARGO_TARGET_DIR/build.log"
    mkdir -p "$CARGO_TARGET_DIR"
    if ! "$cargo_bin" build -Zbuild-std=core --release "$@" 2>&1 | tee "$log"; then
        if grep -q "will not fit in region 'FLASH'" "$log"; then
            echo "run.sh: the firmware no longer fits the 256 KiB of flash of the LM3S6965 (see README.md, \"Flash\")" >&2
        fi
        exit 1
    fi
    cp "$elf_dir/litenc-cortex-m" "$copy"
}

run() { # run <elf>: prints the firmware's output, returns QEMU's status
    timeout "$timeout_s" qemu-system-arm -cpu cortex-m3 -machine lm3s6965evb -nographic \
        -semihosting-config enable=on,target=native -kernel "$1"
}

echo "== building (rustc $("$cargo_dir/rustc" --version | cut -d' ' -f2), linker $linker)"
start=$(date +%s)
pass_elf="$CARGO_TARGET_DIR/litenc-cortex-m.elf"
fail_elf="$CARGO_TARGET_DIR/litenc-cortex-m-self-test-failure.elf"
lit_elf="$CARGO_TARGET_DIR/litenc-cortex-m-literals-only.elf"
build "$pass_elf"
build "$fail_elf" --features self-test-failure
build "$lit_elf" --features literals-only
echo "== built in $(($(date +%s) - start)) s"

echo "== the firmware, on qemu-system-arm lm3s6965evb"
set +e
run "$pass_elf"
pass_status=$?
echo "== the firmware with one expected byte flipped (self-test-failure)"
# (Its tally is reworded, so that a log reader that looks for "N passed, N failed" does not take
# the failure this run must show for a failure of the firmware.)
run "$fail_elf" | sed -E 's/^([0-9]+) passed, ([0-9]+) failed/(self-test) \1 checks right, \2 wrong, as it must be/'
fail_status=${PIPESTATUS[0]}
echo "== the firmware without the run-time codec (literals-only)"
run "$lit_elf"
lit_status=$?
set -e
echo "qemu exit status: $pass_status (firmware), $fail_status (self-test-failure), $lit_status (literals-only)"

# ---- sizes ----
tool() { # tool size|nm: an LLVM tool, else the ARM binutils one
    local t
    for t in "llvm-$1" "llvm-$1-22" "llvm-$1-19" "llvm-$1-14" "arm-none-eabi-$1"; do
        if command -v "$t" >/dev/null; then
            echo "$t"
            return
        fi
    done
}
size_tool=$(tool size)
nm_tool=$(tool nm)
if [ -n "$size_tool" ] && [ -n "$nm_tool" ]; then
    echo "== flash of the firmware ($size_tool, $nm_tool)"
    sections() { # the sections in flash, then their sum
        "$size_tool" -A "$1" | awk '
            $1 == ".vector_table" || $1 == ".text" || $1 == ".rodata" || $1 == ".data" {
                printf "  %7d  %s\n", $2, $1; flash += $2 }
            END { printf "  %7d  flash in all\n", flash }'
    }
    sections "$pass_elf"
    flash=$(sections "$pass_elf" | awk 'END { print $1 }')
    # The codec: the symbols of litenc_runtime, the firmware's `codec::`
    # functions (the codec's code the compiler inlined into them), and the
    # anonymous constants of the size of one of the runtime's table files
    # (runtime/src/tables/*.bin, which it includes with `include_bytes!`).
    echo "== the codec's share of the flash ($nm_tool --size-sort -C)"
    {
        for f in ../../runtime*/src/tables/*.bin; do
            [ -f "$f" ] || continue
            echo "bin $(wc -c <"$f") $(basename "$f" .bin)"
        done
        "$nm_tool" --size-sort -S -C -t d "$pass_elf"
    } | awk -v flash="$flash" '
        $1 == "bin" { k = $2 + 0; table[k] = table[k] (table[k] == "" ? "" : "/") $3; next }
        function part(name) {
            if (name ~ /cjk|jis0|gb18030|big5|euc_kr|shift_jis|iso_2022/)
                return "CJK encoders (in the dispatch, not called)"
            if (name ~ /cesu|utf32|encode_utf16_bytes/)
                return "CESU-8, UTF-32, UTF-16 bytes (in the dispatch, not called)"
            if (name ~ /1251/) return "windows-1251: table, encode, decode"
            if (name ~ /[Hh][Dd]44780/) return "HD44780 A00: table, encode"
            if (name ~ /[Gg][Ss][Mm]/) return "GSM 03.38: encode, pack"
            if (name ~ /usb_string/) return "USB string descriptor"
            if (name ~ /utf16|UTF16/) return "UTF-16: portable kernels"
            if (name ~ /utf8|UTF8/) return "UTF-8 validation"
            return "shared: engine, single-byte, errors"
        }
        $3 ~ /^[TtRrDd]$/ {
            name = $0
            sub(/^[0-9]+ [0-9]+ . /, "", name)
            if (name ~ /^\.Lanon/ && (($2 + 0) in table)) {
                p = "CJK tables (in the dispatch, not used): " table[$2 + 0]
            } else if (name ~ /litenc_runtime::|litenc_cortex_m::codec::/) {
                p = part(name)
            } else next
            bytes[p] += $2; total += $2
        }
        END {
            for (p in bytes) printf "  %7d  %s\n", bytes[p], p | "sort -rn"
            close("sort -rn")
            printf "  %7d  the codec in all (%.1f%% of the flash)\n", total, 100 * total / flash
        }'
    echo "== the firmware without the run-time codec (literals-only): the literals cost their bytes"
    sections "$lit_elf" | tail -n 1
    "$nm_tool" -S -C -t d "$lit_elf" | awk '
        / litenc_runtime::/ { n += $2 }
        END { printf "  %7d  in symbols of litenc_runtime\n", n }'
else
    echo "run.sh: no llvm-size/llvm-nm nor arm-none-eabi-size/nm: sizes not reported"
fi

status=0
if [ "$pass_status" -eq 0 ]; then
    echo "verdict: PASS (every check of the firmware passed on the target)"
else
    echo "verdict: FAIL (qemu exit status $pass_status)"
    status=1
fi
if [ "$lit_status" -ne 0 ]; then
    echo "verdict: FAIL (the literals-only firmware: qemu exit status $lit_status)"
    status=1
fi
if [ "$fail_status" -eq 0 ] || [ "$fail_status" -eq 124 ]; then
    echo "verdict: FAIL (the flipped expectation was not reported: status $fail_status)"
    status=1
else
    echo "self-test: the flipped expectation failed the run, as it must (status $fail_status)"
fi
exit "$status"
