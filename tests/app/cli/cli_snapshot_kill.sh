#!/bin/sh
# hetsched snapshot make-sim killed with SIGKILL at random moments: the path
# is absent or a readable snapshot file, with no journal beside it once read,
# and a new save to it works. (A kill early in a save once left a zero-byte
# file and a journal, and the next save to the path was refused.)
# usage: cli_snapshot_kill.sh HETSCHED WORKDIR [TRIALS]
set -eu
hetsched=$1 dir=$2 trials=${3:-10}
rm -rf "$dir"
mkdir -p "$dir"
file=$dir/killed.hsnap
make() {
  exec "$hetsched" snapshot make-sim "$file" --history-s 300 --warmup 60 --cpu-nodes 4 --gpu-nodes 4 --tpu-nodes 2 \
    --name "trial $1" > /dev/null
}
start=$(date +%s%N)
(make probe)
span_ms=$(( ($(date +%s%N) - start) / 1000000 + 1 ))
rm -f "$file"
absent=0 present=0
for trial in $(seq "$trials"); do
  (make "$trial") &
  pid=$!  # the subshell execs hetsched: the kill reaches it
  sleep "$(awk -v s="$span_ms" -v seed="$trial" 'BEGIN { srand(seed); printf "%.3f", rand() * s / 1000 }')"
  kill -9 "$pid" 2> /dev/null || true
  wait "$pid" 2> /dev/null || true
  if [ -e "$file" ]; then
    "$hetsched" snapshot info "$file" > "$dir/info.txt" || { echo "trial $trial: $file unreadable"; exit 1; }
    present=$((present + 1))
  else
    absent=$((absent + 1))
  fi
  for side in -journal -wal -shm; do
    [ ! -e "$file$side" ] || { echo "trial $trial: $file$side left behind"; ls -la "$dir"; exit 1; }
  done
  (make "again $trial") || { echo "trial $trial: a new save to $file was refused"; exit 1; }
  [ -z "$(find "$dir" -name '*.saving*')" ] || { echo "trial $trial: temporary files left"; ls -la "$dir"; exit 1; }
  rm -f "$file"
done
echo "$trials kills in a ${span_ms} ms make-sim: $absent paths absent, $present readable, 0 lost"
