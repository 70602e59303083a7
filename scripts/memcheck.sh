#!/usr/bin/env bash
# Runs the unit tests of every SIMD kernel (`cargo test -p litenc-runtime
# --lib simd::`) under a memory checker, and says which one it used.
#
# - Miri, if the nightly toolchain has it or can install it (`rustup
#   +nightly component add miri`). Under Miri `is_x86_feature_detected!`
#   says no, so the crate is built without its `std` feature and with AVX2
#   enabled at compile time (`-C target-feature=+avx2,+bmi1,+bmi2,+popcnt,
#   +lzcnt`), which makes the kernels run; the tests take a small sample of
#   their cases under `cfg(miri)` (`simd::test_support::MIRI`), since Miri
#   is some ten thousand times slower than a native test build. Each test
#   runs on its own, so that one Miri cannot run (an intrinsic it does not
#   implement) goes to valgrind instead, and the script names it.
# - Otherwise valgrind (memcheck) on the test binary built by the stable
#   toolchain, with its `std` feature: the kernels run after run-time
#   detection (valgrind implements AVX2, BMI1, BMI2, POPCNT and LZCNT, not
#   AVX-512, so the AVX-512 kernels do not run), on every case of every
#   test. The binary is optimized, with debug assertions and overflow checks
#   on (the kernels' bounds are `debug_assert!`ed), in its own target
#   directory; valgrind runs one test per process, as many processes at once
#   as there are CPUs (valgrind runs a process's threads one at a time). On
#   2 cores shared with other builds the 34 tests took 9.6 minutes that way
#   (576 s of CPU; the longest test 4 minutes); a debug build under one
#   valgrind for all took 27 minutes.
#
# Usage: scripts/memcheck.sh [--valgrind] [TEST_FILTER]   (default: simd::)
# Exit status 0 if every test passed without a memory error.
set -uo pipefail

cd "$(dirname "$0")/.."
force_valgrind=false
if [ "${1:-}" = "--valgrind" ]; then
    force_valgrind=true
    shift
fi
filter="${1:-simd::}"
start=$(date +%s)
miri_target=target/memcheck-miri
valgrind_target=target/memcheck-valgrind

elapsed() { echo "$(($(date +%s) - start)) s"; }

# The test binary of the stable build, for valgrind: optimized, with debug
# assertions and overflow checks.
valgrind_binary() {
    CARGO_PROFILE_RELEASE_DEBUG_ASSERTIONS=true CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS=true \
        cargo test --release -p litenc-runtime --lib --no-run --message-format=json \
        --target-dir "$valgrind_target" 2>/dev/null |
        grep '"executable":"[^"]*"' |
        grep '"name":"litenc_runtime"' |
        sed 's/.*"executable":"\([^"]*\)".*/\1/' | tail -n 1
}

# valgrind on the named tests (all of the filter if none are named).
run_valgrind() {
    if ! command -v valgrind >/dev/null; then
        echo "memcheck: valgrind is not installed" >&2
        return 2
    fi
    local bin
    bin=$(valgrind_binary)
    if [ -z "$bin" ]; then
        echo "memcheck: could not build the test binary" >&2
        return 2
    fi
    local tests=("$@")
    if [ ${#tests[@]} -eq 0 ]; then
        mapfile -t tests < <("$bin" --list --format=terse "$filter" | sed -n 's/: test$//p')
    fi
    if [ ${#tests[@]} -eq 0 ]; then
        echo "memcheck: no test matches '$filter'" >&2
        return 2
    fi
    echo "memcheck: ${#tests[@]} tests, $(nproc) at a time"
    # One valgrind per test; each prints its test's result line, or its
    # output and `FAILED <test>` if the test failed or valgrind found an error.
    export bin
    printf '%s\n' "${tests[@]}" | xargs -P "$(nproc)" -I{} bash -c '
        t0=$(date +%s)
        if log=$(valgrind --quiet --error-exitcode=101 "$bin" --exact "$1" --test-threads=1 2>&1); then
            echo "  ok     $1 ($(($(date +%s) - t0)) s)"
        else
            printf "%s\n" "$log" | sed "s/^/      /"
            echo "  FAILED $1"
            exit 1
        fi' _ {}
}

use_miri=false
if ! $force_valgrind; then
    # (The list is read whole: under pipefail, `| grep -q` could fail rustup with SIGPIPE.)
    components=$(rustup +nightly component list --installed 2>/dev/null || true)
    if [[ $'\n'$components == *$'\n'miri* ]] ||
        rustup +nightly component add miri >/dev/null 2>&1; then
        use_miri=true
    fi
fi

if ! $use_miri; then
    echo "memcheck: valgrind (memcheck) on the stable test binary, tests matching '$filter'"
    run_valgrind
    status=$?
    echo "memcheck: valgrind: $([ $status -eq 0 ] && echo passed || echo FAILED) in $(elapsed)"
    exit $status
fi

echo "memcheck: Miri (nightly), AVX2 enabled at compile time, tests matching '$filter'"
export RUSTFLAGS="-C target-feature=+avx2,+bmi1,+bmi2,+popcnt,+lzcnt"
miri=(cargo +nightly miri test -q -p litenc-runtime --lib --no-default-features
    --features alloc --target-dir "$miri_target")
mapfile -t tests < <("${miri[@]}" -- --list --format=terse "$filter" 2>/dev/null |
    sed -n 's/: test$//p')
if [ ${#tests[@]} -eq 0 ]; then
    echo "memcheck: Miri found no tests (or could not build them)" >&2
    exit 2
fi

passed=0
failed=()
unsupported=()
for t in "${tests[@]}"; do
    t0=$(date +%s)
    log=$("${miri[@]}" -- --exact "$t" 2>&1)
    code=$?
    if [ $code -eq 0 ]; then
        passed=$((passed + 1))
        echo "  ok          $t ($(($(date +%s) - t0)) s)"
    elif grep -q "unsupported operation" <<<"$log"; then
        what=$(grep -m 1 -o "unsupported operation: [^\`]*\`[^\`]*\`" <<<"$log")
        what=${what%%$'\n'*}
        unsupported+=("$t")
        echo "  unsupported $t: $what"
    else
        failed+=("$t")
        echo "  FAILED      $t"
        grep -m 5 -E "Undefined Behavior|error:|panicked" <<<"$log" | sed 's/^/      /'
    fi
done
echo "memcheck: Miri: ${passed} passed, ${#failed[@]} failed, ${#unsupported[@]} unsupported in $(elapsed)"

status=0
if [ ${#failed[@]} -gt 0 ]; then
    status=1
fi
if [ ${#unsupported[@]} -gt 0 ]; then
    echo "memcheck: valgrind (memcheck) on the tests Miri cannot run: ${unsupported[*]}"
    if run_valgrind "${unsupported[@]}"; then
        echo "memcheck: valgrind: passed"
    else
        echo "memcheck: valgrind: FAILED"
        status=1
    fi
fi
echo "memcheck: $([ $status -eq 0 ] && echo passed || echo FAILED) in $(elapsed)"
exit $status
