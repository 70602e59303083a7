#!/usr/bin/env bash
# Builds every fuzz target of litenc-runtime and runs each for SECONDS
# (default 10), one after the other. Exits non-zero as soon as a target
# finds a crash; the input is then in fuzz/artifacts/<target>/.
#
#   fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]
#
# The seed corpus under fuzz/corpus/<target>/ is only read; what the fuzzer
# learns goes to fuzz/work-corpus/<target>/ (ignored by git), so repeated
# runs build on each other. Needs `cargo install cargo-fuzz --locked`;
# libFuzzer needs nightly flags, so stable Rust runs with RUSTC_BOOTSTRAP=1.
set -euo pipefail

cd "$(dirname "$0")"
seconds="${1:-10}"
shift || true
if [ "$#" -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(RUSTC_BOOTSTRAP=1 cargo fuzz list)
fi

export RUSTC_BOOTSTRAP=1
# -a: debug assertions and overflow checks on, so that arithmetic overflow
# in the codec is a crash too.
cargo fuzz build -a

for t in "${targets[@]}"; do
    mkdir -p "work-corpus/$t"
    echo "== $t: ${seconds}s"
    # -rss_limit_mb and -max_len keep hostile inputs from looking like
    # leaks; -print_final_stats gives the execution count.
    cargo fuzz run -a "$t" "work-corpus/$t" "corpus/$t" -- \
        -max_total_time="$seconds" -max_len=4096 -rss_limit_mb=2048 \
        -print_final_stats=1
done
echo "== all ${#targets[@]} targets ran ${seconds}s each without a crash"
