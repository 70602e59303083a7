#!/usr/bin/env bash
# Builds and tests litenc for another target, as CI does: `scripts/cross.sh TARGET CARGO-ARGS...`.
#
#   scripts/cross.sh s390x-unknown-linux-gnu test -p litenc-runtime --lib
#   scripts/cross.sh thumbv6m-none-eabi build -p litenc-runtime --no-default-features
#   scripts/cross.sh --install          # the Debian packages every target below needs
#
# rustup here has the x86_64 standard library only, so the cross steps use Debian's second Rust
# compiler (`rustc-web`, `cargo-web`) with the library's sources (`rust-web-src`) and build the
# standard library for the target (`-Zbuild-std`, which `RUSTC_BOOTSTRAP=1` allows on that stable
# compiler). Only these steps use it: the crates themselves build on stable Rust with no nightly
# feature. Linux targets link with the cross gcc and run under qemu-user with the target's glibc;
# the bare-metal ones (Cortex-M, RISC-V, MSP430, AVR) and wasm32-unknown-unknown are built, not
# run (the Cortex-M firmware in examples/cortex-m runs under qemu-system-arm). Every litenc crate
# builds with `-D warnings`: a warning on any target fails the step.
#
# Each target's standard library is built once into target/cross (CARGO_TARGET_DIR), and kept.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(rustc-web cargo-web rust-web-src qemu-user qemu-system-arm
  gcc-s390x-linux-gnu libc6-dev-s390x-cross gcc-aarch64-linux-gnu libc6-dev-arm64-cross
  gcc-i686-linux-gnu libc6-dev-i386-cross locales lld-22 wasi-libc rust-web-clippy)

install() {
  local missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "cross.sh: installing ${missing[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

if [ "${1:-}" = "--install" ]; then
  install
  exit 0
fi
[ $# -ge 2 ] || { sed -n '2,6p' "$0" >&2; exit 2; }
target=$1
shift
[ -x /usr/bin/rustc ] && /usr/bin/rustc --version 2>/dev/null | grep -q '^rustc 1\.9[6-9]' || install

# rustc links wasm32 and the bare-metal targets with `rust-lld`, which Debian's compiler may lack
# (its /usr/bin/rust-lld comes and goes with its lld package): then rustup's, at the end of PATH.
if ! [ -x "$(/usr/bin/rustc --print sysroot)/lib/rustlib/x86_64-unknown-linux-gnu/bin/rust-lld" ] &&
  ! [ -x "$(command -v rust-lld || true)" ]; then
  for d in "$(rustup run stable rustc --print sysroot 2>/dev/null)"/lib/rustlib/*/bin; do
    if [ -x "$d/rust-lld" ]; then
      PATH="$PATH:$d"
      break
    fi
  done
fi
# Debian's compiler, not rustup's proxies (which would pick the x86_64-only toolchain).
export PATH="/usr/bin:$PATH"
export RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target/cross}"
export CARGO_INCREMENTAL=0
unset RUSTUP_TOOLCHAIN
flags="-D warnings"
build_std="-Zbuild-std=core,alloc"
env_name=$(echo "$target" | tr 'a-z-' 'A-Z_')
case "$target" in
  *-linux-gnu)
    build_std="-Zbuild-std=std,panic_abort"
    # The target's gcc links; qemu-user runs, with the target's glibc (and locales: see below).
    gnu=$target
    case "$target" in
      i686-*) gnu=i686-linux-gnu; qemu=qemu-i386 ;;
      aarch64-*) gnu=aarch64-linux-gnu; qemu=qemu-aarch64 ;;
      s390x-*) gnu=s390x-linux-gnu; qemu=qemu-s390x ;;
      *) echo "cross.sh: no qemu-user for $target here" >&2; exit 2 ;;
    esac
    export "CARGO_TARGET_${env_name}_LINKER=$gnu-gcc"
    export "CARGO_TARGET_${env_name}_RUNNER=$qemu -L /usr/$gnu"
    # The tests' long sweeps take a sample of their cases under emulation.
    flags="$flags --cfg litenc_emulated"
    # glibc reads its compiled locales in its own byte order, so a big-endian target needs its
    # own C.UTF-8 (`localedef --big-endian`), found through LOCPATH; the little-endian ones read
    # the host's.
    if [ "${target%%-*}" = s390x ]; then
      loc="$CARGO_TARGET_DIR/locale-be"
      if [ ! -d "$loc/C.UTF-8" ]; then
        mkdir -p "$loc"
        localedef --big-endian -i C -f UTF-8 "$loc/C.UTF-8" 2>/dev/null ||
          [ -f "$loc/C.UTF-8/LC_CTYPE" ] || { echo "cross.sh: localedef failed" >&2; exit 1; }
      fi
      export LOCPATH="$loc"
    fi
    ;;
  avr-*) flags="$flags -C target-cpu=atmega328p" ;;
  wasm32-wasip1)
    # Debian's wasi-libc is the C library; Node's WASI runs the programs.
    build_std="-Zbuild-std=std,panic_abort"
    # (Its 2022 snapshot lacks two thread functions that std names but never calls there.)
    stubs="$CARGO_TARGET_DIR/wasi_pthread_stubs.o"
    mkdir -p "$CARGO_TARGET_DIR"
    # Any LLVM's `llc` (Debian's llvm-22, or the llvm of the release: llc-14 on bookworm).
    llc=$(command -v /usr/lib/llvm-22/bin/llc llc llc-22 llc-19 llc-16 llc-14 | head -n1) ||
      { echo "cross.sh: no llc (Debian: llvm)" >&2; exit 1; }
    "$llc" -filetype=obj -o "$stubs" scripts/wasi_pthread_stubs.ll
    flags="$flags -C link-self-contained=no -L native=/usr/lib/wasm32-wasi"
    flags="$flags -C link-arg=/usr/lib/wasm32-wasi/crt1-command.o -C link-arg=$stubs"
    export "CARGO_TARGET_${env_name}_RUNNER=node --no-warnings $PWD/scripts/wasi_run.mjs"
    # One thread under Node's WASI: the tests' long sweeps take a sample, as under qemu-user.
    flags="$flags --cfg litenc_emulated"
    ;;
esac
# The flags reach only the workspace's crates and the standard library being built; the
# registry's crates are linted with `--cap-lints allow` as always.
export "CARGO_TARGET_${env_name}_RUSTFLAGS=$flags ${LITENC_CROSS_RUSTFLAGS:-}"

cmd=$1
shift
exec cargo "$cmd" $build_std --target "$target" "$@"
