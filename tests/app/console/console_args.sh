#!/bin/sh
# hetsched-console's command line without a display: --help and --version
# answer (they aborted with rc 134), a missing --open file and a bad option
# fail with rc 2 and a message naming them (it started the live cluster
# silently with rc 0).
# usage: console_args.sh HETSCHED_CONSOLE WORKDIR
set -eux
console=$1 dir=$2
headless() { env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$@"; }
headless "$console" --help > "$dir/help.txt"
grep -q "Usage: " "$dir/help.txt"
grep -q -- "--open <FILE>" "$dir/help.txt"
grep -q -- "--theme <NAME>" "$dir/help.txt"
headless "$console" --version > "$dir/version.txt"
grep -q "hetsched-console [0-9]" "$dir/version.txt"
# The checks that need the GUI run on the offscreen platform.
rc=0
QT_QPA_PLATFORM=offscreen "$console" --open "$dir/missing.hsnap" --screenshot "$dir/never.png" --after 1 \
  2> "$dir/open.txt" || rc=$?
[ "$rc" -eq 2 ]
grep -q "missing.hsnap does not exist" "$dir/open.txt"
[ ! -e "$dir/never.png" ]
rc=0
QT_QPA_PLATFORM=offscreen "$console" --theme purple 2> "$dir/theme.txt" || rc=$?
[ "$rc" -eq 2 ]
grep -q -- "--theme" "$dir/theme.txt"
# A file that exists but is no snapshot: the console says so and exits 2.
echo "not a snapshot" > "$dir/garbage.hsnap"
rc=0
QT_QPA_PLATFORM=offscreen "$console" --open "$dir/garbage.hsnap" --screenshot "$dir/never.png" --after 20 \
  2> "$dir/garbage.txt" || rc=$?
[ "$rc" -eq 2 ]
grep -q "cannot open .*garbage.hsnap" "$dir/garbage.txt"
[ ! -e "$dir/never.png" ]
# A normal run ends with rc 0 (it once crashed tearing the window down),
# and at a device pixel ratio of 2 the picture has twice the pixels: the
# layout is in device-independent units (high-DPI).
QT_QPA_PLATFORM=offscreen "$console" --size 1024x700 --screenshot "$dir/one.png" --after 1
QT_QPA_PLATFORM=offscreen QT_SCALE_FACTOR=2 "$console" --size 1024x700 --screenshot "$dir/two.png" --after 1
png_width() { od -An -tu1 -j16 -N4 "$1" | awk '{print $1*16777216 + $2*65536 + $3*256 + $4}'; }
[ "$(png_width "$dir/one.png")" -eq 1024 ]
[ "$(png_width "$dir/two.png")" -eq 2048 ]
