#!/usr/bin/env bash
# Builds and tests litenc for another target, as CI does: `scripts/cross.sh TARGET CARGO-ARGS...`.
#
#   scripts/cross.sh s390x-unknown-linux-gnu test -p litenc-runtime --lib
#   scripts/cross.sh thumbv6m-none-eabi build -p litenc-runtime --no-default-features
#   scripts/cross.sh x86_64-pc-windows-gnu test -p litenc-runtime --lib
#   scripts/cross.sh aarch64-apple-darwin check -p litenc-runtime --lib
#   scripts/cross.sh --install          # the Debian packages every target below needs
#
# rustup here has the x86_64 standard library only, so the cross steps use Debian's second Rust
# compiler (`rustc-web`, `cargo-web`) with the library's sources (`rust-web-src`) and build the
# standard library for the target (`-Zbuild-std`, which `RUSTC_BOOTSTRAP=1` allows on that stable
# compiler). Only these steps use it: the crates themselves build on stable Rust with no nightly
# feature. Linux targets link with the cross gcc and run under qemu-user with the target's glibc;
# the bare-metal ones (Cortex-M, RISC-V, MSP430, AVR) and wasm32-unknown-unknown are built, not
# run (the Cortex-M firmware in examples/cortex-m runs under qemu-system-arm). The Windows targets
# (x86_64- and i686-pc-windows-gnu) link with Debian's mingw-w64 gcc and run under Wine, in a Wine
# prefix of their own under target/cross/wine (scripts/windows/README.md). aarch64-apple-darwin and
# aarch64-linux-android are checked (`cargo check`, `cargo clippy`), not linked: there is no SDK
# for them here. Every litenc crate builds with `-D warnings`: a warning on any target fails the
# step.
#
# Each target's standard library is built once into target/cross (CARGO_TARGET_DIR), and kept.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(rustc-web cargo-web rust-web-src qemu-user qemu-system-arm
  gcc-s390x-linux-gnu libc6-dev-s390x-cross gcc-aarch64-linux-gnu libc6-dev-arm64-cross
  gcc-i686-linux-gnu libc6-dev-i386-cross locales lld-22 wasi-libc rust-web-clippy
  gcc-mingw-w64-x86-64 gcc-mingw-w64-i686 wine wine64 wine32:i386)

# Whether the Debian package $1 is installed. (The status is read whole, not piped into
# `grep -q`: under pipefail a reader that stops early can fail the writer with SIGPIPE.)
installed() {
  local status
  status=$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null) || return 1
  [ "$status" = "install ok installed" ]
}

# The first of the commands named that exists, as a path (a loop, not `command -v ... | head`:
# see `installed`).
first_command() {
  local c
  for c in "$@"; do
    command -v "$c" && return 0
  done
  return 1
}

install() {
  local missing=()
  for p in "${packages[@]}"; do
    installed "$p" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "cross.sh: installing ${missing[*]}" >&2
  # Wine's 32-bit half (which runs the i686 Windows programs) is a package of the i386
  # architecture.
  case " ${missing[*]} " in
    *:i386*)
      if [ "$(dpkg --print-architecture)" != i386 ] &&
        ! [[ $'\n'"$(dpkg --print-foreign-architectures)"$'\n' == *$'\n'i386$'\n'* ]]; then
        dpkg --add-architecture i386
      fi
      ;;
  esac
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
version=$(/usr/bin/rustc --version 2>/dev/null || true)
[[ $version == "rustc 1.9"[6-9]* ]] || install

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
    # The guest's dynamic loader reads the host's /etc/ld.so.cache, which on a machine with
    # Debian's i386 architecture (Wine's 32-bit half) names the i386 libraries: an i686 program
    # then loaded the host's libgcc_s to unwind a panic, next to the cross glibc, and hung. The
    # target's own libraries come first.
    export "CARGO_TARGET_${env_name}_RUNNER=$qemu -L /usr/$gnu -E LD_LIBRARY_PATH=/usr/$gnu/lib"
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
    llc=$(first_command /usr/lib/llvm-22/bin/llc llc llc-22 llc-19 llc-16 llc-14) ||
      { echo "cross.sh: no llc (Debian: llvm)" >&2; exit 1; }
    "$llc" -filetype=obj -o "$stubs" scripts/wasi_pthread_stubs.ll
    flags="$flags -C link-self-contained=no -L native=/usr/lib/wasm32-wasi"
    flags="$flags -C link-arg=/usr/lib/wasm32-wasi/crt1-command.o -C link-arg=$stubs"
    export "CARGO_TARGET_${env_name}_RUNNER=node --no-warnings $PWD/scripts/wasi_run.mjs"
    # One thread under Node's WASI: the tests' long sweeps take a sample, as under qemu-user.
    flags="$flags --cfg litenc_emulated"
    ;;
  x86_64-pc-windows-gnu | i686-pc-windows-gnu)
    build_std="-Zbuild-std=std,panic_abort"
    mingw=${target%%-*}-w64-mingw32
    [ "$mingw" = i686-w64-mingw32 ] || mingw=x86_64-w64-mingw32
    { command -v "$mingw-gcc" && command -v wine && command -v wineboot; } >/dev/null || install
    export "CARGO_TARGET_${env_name}_LINKER=$mingw-gcc"
    # rustc links i686 Windows programs between its startup objects rsbegin.o and rsend.o (they
    # register the DWARF unwind tables), which a distribution's compiler without that target's
    # library lacks: built from the library's sources (library/rtstartup), found through -L.
    if [ "$mingw" = i686-w64-mingw32 ]; then
      rt="$CARGO_TARGET_DIR/rtstartup-$target"
      mkdir -p "$rt"
      for o in rsbegin rsend; do
        src="$(/usr/bin/rustc --print sysroot)/lib/rustlib/src/rust/library/rtstartup/$o.rs"
        if [ ! -f "$rt/$o.o" ] || [ "$src" -nt "$rt/$o.o" ]; then
          RUSTC_BOOTSTRAP=1 /usr/bin/rustc --target "$target" --emit=obj -C panic=abort -O \
            -o "$rt/$o.o" "$src"
        fi
      done
      flags="$flags -L native=$rt"
      # Under Wine 8 a panic that unwinds in an i686 program crashes in the unwinder (a page
      # fault in Wine's 32-bit half; x86_64's table-based unwinding works): panics abort there,
      # and the test harness runs each test in a process of its own (-Zpanic-abort-tests), so
      # a panicking test fails alone. The two tests that expect a panic are ignored, as on wasm.
      flags="$flags -C panic=abort -Zpanic-abort-tests"
    fi
    # Wine runs the programs, in a prefix of its own (made once, without a display or a
    # question), with the stand-in for bcryptprimitives.dll that Wine 8 lacks.
    scripts/windows/prefix.sh "$CARGO_TARGET_DIR/wine" "$mingw"
    export WINEPREFIX="$CARGO_TARGET_DIR/wine/prefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
    unset DISPLAY WAYLAND_DISPLAY
    export "CARGO_TARGET_${env_name}_RUNNER=wine"
    # The programs run natively, but the x86_64 SIMD kernels they test are those of the Linux
    # steps: the tests' long sweeps take a sample here too (the runtime's unit tests: 146 s in
    # full under Wine), which keeps both Windows steps within a few minutes.
    flags="$flags --cfg litenc_emulated"
    ;;
  aarch64-apple-darwin | aarch64-linux-android)
    # Checked only (no SDK, no NDK here to link with): `cargo check` or `cargo clippy`.
    build_std="-Zbuild-std=std,panic_abort"
    ;;
esac
# The flags reach only the workspace's crates and the standard library being built; the
# registry's crates are linted with `--cap-lints allow` as always.
export "CARGO_TARGET_${env_name}_RUSTFLAGS=$flags ${LITENC_CROSS_RUSTFLAGS:-}"

cmd=$1
shift
exec cargo "$cmd" $build_std --target "$target" "$@"
