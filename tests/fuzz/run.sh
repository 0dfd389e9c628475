#!/usr/bin/env bash
# Runs the libFuzzer targets of the fuzz preset, each for SECONDS, JOBS at a
# time, at the lowest CPU priority (the machine is shared). The committed
# seeds (corpus/NAME) start each run; what a run learns goes to
# build/fuzz/corpus/NAME, crashes to build/fuzz/artifacts/. Prints one line
# per target: executions, and crashes (any crash fails the script).
# usage: tests/fuzz/run.sh SECONDS [JOBS] [TARGET...]   (after cmake --preset fuzz
#        && cmake --build --preset fuzz)
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:?usage: tests/fuzz/run.sh SECONDS [JOBS] [TARGET...]}
jobs=${2:-1}
shift $(( $# < 2 ? $# : 2 ))
bin=build/fuzz/tests/fuzz
out=build/fuzz/runs
targets=("$@")
# Every target has a seed folder there (and the folder holds a README).
if [ ${#targets[@]} -eq 0 ]; then
  for seeds in tests/fuzz/corpus/*/; do targets+=("$(basename "$seeds")"); done
fi
mkdir -p "$out" build/fuzz/artifacts

run_one() {
  local name=$1
  [ -x "$bin/$name" ] || { echo "$name: not built ($bin/$name)"; return 1; }
  mkdir -p "build/fuzz/corpus/$name"
  # -timeout: an input that takes 10 s is a hang; -rss_limit_mb: a
  # decoder that allocates 2 GB for a small input is a finding too.
  local status=0
  nice -n 19 "$bin/$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="build/fuzz/artifacts/$name-" "build/fuzz/corpus/$name" "tests/fuzz/corpus/$name" \
    > "$out/$name.log" 2>&1 || status=$?
  local execs
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$name.log" | tail -1)
  if [ $status -eq 0 ]; then
    echo "$name: ${execs:-?} execs in ${seconds} s, 0 crashes"
  else
    echo "$name: CRASH after ${execs:-?} execs (exit $status): $(grep -m1 -E 'ERROR|runtime error|Test unit written' "$out/$name.log")"
    return 1
  fi
}

failed=0
running=0
for name in "${targets[@]}"; do
  run_one "$name" &
  running=$((running + 1))
  if [ $running -ge "$jobs" ]; then
    wait -n || failed=1
    running=$((running - 1))
  fi
done
while [ $running -gt 0 ]; do
  wait -n || failed=1
  running=$((running - 1))
done
exit $failed
