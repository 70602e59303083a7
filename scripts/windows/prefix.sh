#!/usr/bin/env bash
# A Wine prefix for the Windows test programs: `scripts/windows/prefix.sh DIR MINGW`, where MINGW
# is x86_64-w64-mingw32 or i686-w64-mingw32. scripts/cross.sh calls it for the Windows targets.
#
# Makes DIR/prefix once (64-bit, so that it runs both targets' programs: i686 ones through its
# WoW64 half), without a display and without the questions of a first start (no Mono, no Gecko:
# WINEDLLOVERRIDES), then builds the stand-in for bcryptprimitives.dll (process_prng.c) with
# MINGW's gcc and puts it in the prefix's system directory for that target. Both are kept; a
# changed process_prng.c is built again.
set -euo pipefail
[ $# -eq 2 ] || { sed -n '2,3p' "$0" >&2; exit 2; }
mkdir -p "$1"
dir=$(cd "$1" && pwd)
mingw=$2
src="$(cd "$(dirname "$0")" && pwd)/process_prng.c"
export WINEPREFIX="$dir/prefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
unset DISPLAY WAYLAND_DISPLAY

if [ ! -f "$WINEPREFIX/system.reg" ] || [ ! -d "$WINEPREFIX/drive_c/windows/syswow64" ]; then
  echo "prefix.sh: making the Wine prefix $WINEPREFIX" >&2
  rm -rf "$WINEPREFIX"
  WINEARCH=win64 wineboot --init >"$dir/wineboot.log" 2>&1 ||
    { cat "$dir/wineboot.log" >&2; echo "prefix.sh: wineboot failed" >&2; exit 1; }
  # wineboot returns before the prefix is written out: wait for its wineserver to finish.
  wineserver -w
  [ -f "$WINEPREFIX/system.reg" ] || { echo "prefix.sh: no prefix made" >&2; exit 1; }
fi

case "$mingw" in
  x86_64-w64-mingw32) system=system32 ;;
  i686-w64-mingw32) system=syswow64 ;;
  *) echo "prefix.sh: no Windows target for $mingw" >&2; exit 2 ;;
esac
dll="$WINEPREFIX/drive_c/windows/$system/bcryptprimitives.dll"
if [ ! -f "$dll" ] || [ "$src" -nt "$dll" ]; then
  # --kill-at: the i686 export without its stdcall suffix. Static libgcc: the DLL needs no
  # other DLL than advapi32 and the C runtime.
  "$mingw-gcc" -shared -O2 -s -static-libgcc -Wl,--kill-at -o "$dir/$mingw-bcryptprimitives.dll" \
    "$src" -ladvapi32
  cp "$dir/$mingw-bcryptprimitives.dll" "$dll"
fi
