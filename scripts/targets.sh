#!/usr/bin/env bash
# litenc on the targets other than x86_64, exactly as CI tests them:
#
#   scripts/targets.sh                  # every step below
#   scripts/targets.sh firmware wasm    # some of them
#   scripts/targets.sh linux:s390x      # one Linux target
#
# Steps (each target through scripts/cross.sh: Debian's rustc-web, -Zbuild-std, -D warnings):
#   firmware  litenc's firmware configuration (`default-features = false, features = ["macros"]`,
#             tests/firmware_consumer) and litenc-runtime alone, built for Cortex-M0 (thumbv6m, no
#             compare-and-swap), Cortex-M4F (thumbv7em), RISC-V (riscv32imac), the 16-bit MSP430 and
#             AVR, and wasm32-unknown-unknown; `cjk` on a 16-bit target is one error that names it;
#             the Cortex-M3 firmware of examples/cortex-m run under qemu-system-arm, its verdict
#             read from its semihosting exit code; the one-call firmware programs' flash sizes
#   wasm      wasm32-wasip1: the runtime's unit tests under Node's WASI
#   linux:T   T = s390x (big-endian), aarch64, i686 (32-bit usize), under qemu-user: the runtime's
#             unit tests, the `codec` tests that drive `fast` and compare with the peers, and the
#             facade's tests of what the macros expand to there (`wide!` against the C library)
#   windows:T T = x86_64, i686 (x86_64- and i686-pc-windows-gnu): linked by mingw-w64's gcc, run
#             under Wine (scripts/windows/): the runtime's unit tests, on x86_64 the `codec` tests that
#             drive `fast` and compare with the peers built in, the facade's tests of what the
#             macros expand to there (`wide!` as 16-bit units, tests/windows_wide.rs; `PCWSTR`
#             and `PCSTR` of windows-strings read back, tests/ffi_windows.rs), examples/windows_ffi.rs making its Win32 calls, and on
#             x86_64 every code page Windows shares with litenc against MultiByteToWideChar and
#             WideCharToMultiByte (`codec`'s windows_code_pages)
#   apple-android  cargo check with -D warnings of the libraries and their tests for
#             aarch64-apple-darwin and aarch64-linux-android (no SDK to link with here)
#   clippy    clippy with -D warnings on aarch64, on thumbv7em (no_std), and on x86_64-pc-windows-gnu
#             for the code built for Windows only (the code page test, windows_wide, ffi_windows,
#             the windows_ffi example)
set -euo pipefail
cd "$(dirname "$0")/.."

x=scripts/cross.sh
start=$(date +%s)
step() { echo; echo "=== targets: $* ($(($(date +%s) - start))s)"; }

firmware() {
  for t in thumbv6m-none-eabi thumbv7em-none-eabihf riscv32imac-unknown-none-elf \
    msp430-none-elf avr-none wasm32-unknown-unknown; do
    step "$t: the firmware configuration, and litenc-runtime alone"
    $x "$t" build --manifest-path tests/firmware_consumer/Cargo.toml
    # (AVR's compiler_builtins builds optimized only.)
    $x "$t" build -p litenc-runtime --no-default-features $([ "$t" = avr-none ] && echo --release)
  done

  step "msp430-none-elf: cjk is one error that names the feature, not a compiler crash"
  if out=$($x msp430-none-elf build -p litenc-runtime --no-default-features --features cjk 2>&1); then
    echo "cjk built for a 16-bit target" >&2
    exit 1
  fi
  errors=$(grep -c '^error' <<<"$out" || true)
  if ! grep -q 'the feature `cjk` cannot be built for a 16-bit target' <<<"$out" ||
    grep -q -i 'panicked\|internal compiler error' <<<"$out" || [ "$errors" -ne 2 ]; then
    echo "$out" >&2
    echo "expected the one error naming the feature (and cargo's 'could not compile')" >&2
    exit 1
  fi
  echo "ok: $(grep -m1 '^error' <<<"$out" | cut -c1-100)..."

  step "thumbv7m-none-eabi: the Cortex-M3 firmware under qemu-system-arm"
  examples/cortex-m/run.sh

  step "thumbv7m-none-eabi: one-call firmware programs stay small"
  python3 bench/size/run.py --target thumbv7m-none-eabi --check
}

wasm() {
  step "wasm32-wasip1: the runtime's unit tests under Node's WASI"
  $x wasm32-wasip1 test -p litenc-runtime --lib
}

linux() {
  local t=$1-unknown-linux-gnu
  step "$t: the runtime's unit tests (qemu-user)"
  $x "$t" test -p litenc-runtime --lib --test detect
  # The modules of the runtime's test program `codec` that drive `fast` and compare it with the
  # const fns and with the peers (std, encoding_rs, the C library's wchar_t); the rest of `codec`
  # tests the const engine, which has no code of its own per target, and takes most of an hour
  # under emulation (the exhaustive sweeps).
  step "$t: codec's fast, peer and target tests (qemu-user)"
  $x "$t" test -p litenc-runtime --test codec -- fast_api:: fast_paths:: cow:: utf16_peer:: \
    utf32_peer:: windows1251_peer:: wide_targets:: error_priority::
  step "$t: what the macros expand to there (qemu-user)"
  $x "$t" test -p litenc --test facade -- macros_width:: conformance_wchar::
}

windows() {
  local t=$1-pc-windows-gnu
  step "$t: the runtime's unit tests (Wine)"
  $x "$t" test -p litenc-runtime --lib --test detect
  # As on Linux, the modules of `codec` that drive `fast` and compare it with the const fns and
  # the peers built into the program (std, encoding_rs, cesu8); not those that start another
  # program (Python, iconv, Java, rustc). On x86_64 also Windows itself as the peer of every
  # code page both have (the tables are the same on both Windows targets).
  # (On i686 the kernels are the portable ones, whose `codec` tests run on i686 Linux: the
  # Windows step there keeps CI's time for the ABI's own tests.)
  if [ "$1" = x86_64 ]; then
    step "$t: codec's fast and peer tests, the code pages against Windows (Wine)"
    $x "$t" test -p litenc-runtime --test codec -- fast_api:: fast_paths:: cow:: utf16_peer:: \
      utf32_peer:: windows1251_peer:: error_priority:: wide_targets::wchar_is_libc_wchar_t_here \
      windows_code_pages::
  fi
  step "$t: what the macros expand to there, PCWSTR and PCSTR (Wine)"
  # (Two small programs, not the facade's `facade`, whose conformance modules make it the longest
  # build of the step and which needs its peers, Python, iconv and Java.)
  $x "$t" test -p litenc --features windows-strings --test windows_wide --test ffi_windows
  step "$t: examples/windows_ffi.rs, its Win32 calls (Wine)"
  $x "$t" run -q -p litenc-examples --example windows_ffi
}

apple_android() {
  local t
  for t in aarch64-apple-darwin aarch64-linux-android; do
    step "$t: cargo check of the libraries and their tests (-D warnings)"
    $x "$t" check -p litenc-runtime -p litenc --lib --tests
  done
}

clippy() {
  step "clippy on aarch64-unknown-linux-gnu and thumbv7em-none-eabihf"
  $x aarch64-unknown-linux-gnu clippy -p litenc-runtime -p litenc --lib --tests -- -D warnings
  $x thumbv7em-none-eabihf clippy -p litenc-runtime --no-default-features --lib -- -D warnings
  $x thumbv7em-none-eabihf clippy --manifest-path tests/firmware_consumer/Cargo.toml -- -D warnings
  step "clippy on x86_64-pc-windows-gnu: the code built for Windows only"
  $x x86_64-pc-windows-gnu clippy -p litenc-runtime --test codec -- -D warnings
  $x x86_64-pc-windows-gnu clippy -p litenc --features windows-strings --test windows_wide \
    --test ffi_windows -- -D warnings
  $x x86_64-pc-windows-gnu clippy -p litenc-examples --example windows_ffi -- -D warnings
}

$x --install
[ $# -gt 0 ] || set -- firmware wasm linux:s390x linux:aarch64 linux:i686 windows:x86_64 \
  windows:i686 apple-android clippy
for s in "$@"; do
  case "$s" in
    firmware | wasm | clippy) "$s" ;;
    linux:*) linux "${s#linux:}" ;;
    windows:*) windows "${s#windows:}" ;;
    apple-android) apple_android ;;
    *) echo "targets.sh: no step $s" >&2; exit 2 ;;
  esac
done
step "done"
