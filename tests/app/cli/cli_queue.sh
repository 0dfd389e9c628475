#!/bin/sh
# hetsched queue --connect against a real hetschedd with a queue: the table
# and --json name every waiting job with a predicted start and a reason.
# usage: cli_queue.sh HETSCHEDD HETSCHED WORKDIR
set -eux  # the trace is what ctest shows if a step fails
hetschedd=$1 hetsched=$2 dir=$3
mkdir -p "$dir"
: > "$dir/hetschedd.log"
"$hetschedd" --listen 127.0.0.1:0 --metrics-listen none --speed 0.01 --load 2.0 \
  --cpu-nodes 2 --gpu-nodes 2 --tpu-nodes 1 --warmup 1800 > "$dir/hetschedd.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
address=
for _ in $(seq 300); do
  address=$(sed -n 's/^hetschedd: listening on \([^ ]*\) .*/\1/p' "$dir/hetschedd.log")
  [ -n "$address" ] && break
  sleep 0.1
done
[ -n "$address" ] || { echo "hetschedd did not start"; cat "$dir/hetschedd.log"; exit 1; }
"$hetsched" queue --connect "$address" | tee "$dir/queue.txt"
grep -q "^[0-9]* waiting at cluster time " "$dir/queue.txt"
grep -q "PREDICTED START .* WHY IT WAITS" "$dir/queue.txt"
# At least one job waits, with a start and a reason.
grep -Eq "^1 +[0-9]+ .*(in [0-9hm]+).* (no (CPU|GPU|TPU) node has room|jobs? ahead|first in line)" "$dir/queue.txt"
"$hetsched" queue --connect "$address" --json --limit 3 > "$dir/queue.json"
grep -q '"predicted_start_ms"' "$dir/queue.json"
grep -q '"cause": "' "$dir/queue.json"
# Bad input: a clear usage error.
if "$hetsched" queue --connect "$address" --limit zero 2> "$dir/bad.txt"; then exit 1; fi
grep -q "limit takes a whole number" "$dir/bad.txt"
# No gateway there: a clear error.
if "$hetsched" queue --connect 127.0.0.1:1 2> "$dir/none.txt"; then exit 1; fi
grep -q "hetsched queue: GetPredictions" "$dir/none.txt"
