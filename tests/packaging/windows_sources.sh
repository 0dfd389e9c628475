#!/bin/sh
# Syntax-checks the Windows-only sources (no Linux build compiles them) with
# MinGW-w64 as C++20 with warnings as errors: a change that breaks them fails
# here instead of first on the Windows workflow. MSVC may still disagree.
# usage: windows_sources.sh CXX SOURCE_DIR FILE...
set -u
cxx=$1 src=$2
shift 2
if [ $# -eq 0 ]; then
  echo "windows_sources: no *_windows.cpp found under $src"
  exit 1
fi
command -v "$cxx" > /dev/null 2>&1 || {
  echo "windows_sources: $cxx not found: run scripts/bootstrap (Debian's g++-mingw-w64-x86-64-posix)"
  exit 1
}
failed=0
for f in "$@"; do
  if "$cxx" -std=c++20 -fsyntax-only -Wall -Wextra -Werror -I"$(dirname "$f")" -I"$src/backend" "$f"; then
    echo "windows_sources: ${f#"$src"/} compiles"
  else
    echo "windows_sources: ${f#"$src"/} does not compile for Windows"
    failed=1
  fi
done
exit $failed
