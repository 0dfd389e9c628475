#!/bin/sh
# hetsched validate on a fresh simulated-cluster snapshot: an exact
# reproduction, in the table and in --json; bad input named.
# usage: cli_validate.sh HETSCHED WORKDIR
set -eux  # the trace is what ctest shows if a step fails
hetsched=$1 dir=$2
mkdir -p "$dir"
file=$dir/fresh.hsnap
rm -f "$file" "$file-wal" "$file-shm"
"$hetsched" snapshot make-sim "$file" --warmup 0 --history-s 900 --cpu-nodes 6 --gpu-nodes 6 --tpu-nodes 3
"$hetsched" validate --snapshot "$file" --json "$dir/report.json" | tee "$dir/report.txt"
grep -q "^exact reproduction" "$dir/report.txt"
grep -Eq "^  all +[0-9]+ +100.0 % +100.0 %" "$dir/report.txt"
grep -q '"exact": true' "$dir/report.json"
"$hetsched" validate --snapshot "$file" --snapshot-id 1 --json - | grep -q '"same_node_share": 1.0'
# Bad input: named.
if "$hetsched" validate --snapshot "$dir/none.hsnap" 2> "$dir/none.txt"; then exit 1; fi
grep -q "none.hsnap" "$dir/none.txt"
if "$hetsched" validate --snapshot "$file" --snapshot-id 7 2> "$dir/id.txt"; then exit 1; fi
cat "$dir/id.txt"
if "$hetsched" validate --snapshot "$file" --snapshot-id x 2> "$dir/usage.txt"; then exit 1; fi
grep -q "snapshot-id takes a snapshot number" "$dir/usage.txt"
