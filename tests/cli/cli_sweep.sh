#!/bin/sh
# hetsched sweep and hetsched whatif --replicas end to end: a grid's CSV and
# JSON with its Pareto front, the replicas' table and JSON, and bad input
# refused with exit 2 and a message that names the problem.
# usage: cli_sweep.sh HETSCHED WORKDIR
set -eu
hetsched=$1 dir=$2
mkdir -p "$dir"

"$hetsched" sweep --nodes 8 --synthetic 200 --policy seed-score \
  --vary placement.priority_factor=0:2:0.5 --csv "$dir/sweep.csv" --json "$dir/sweep.json" > "$dir/sweep.txt"
[ "$(wc -l < "$dir/sweep.csv")" -eq 6 ] || { echo "FAILED: 5 points and a header expected"; cat "$dir/sweep.csv"; exit 1; }
grep -q '^placement.priority_factor,pareto,completed,' "$dir/sweep.csv" || { echo "FAILED: CSV header"; exit 1; }
grep -q '"pareto": true' "$dir/sweep.json" || { echo "FAILED: no point on the front"; exit 1; }
grep -q 'on the Pareto front of wait_avg_s and gpu_allocation_ratio' "$dir/sweep.txt" || { echo "FAILED: text"; exit 1; }
echo "ok: sweep of 5 points"

# A grid of two parameters: 3 x 2 points.
"$hetsched" sweep --nodes 8 --synthetic 200 --policy priority-aging --vary queue.backfill_depth=0,4,16 \
  --vary queue.aging_interval_s=30,300 --x jct_p99_s --y jain_teams --csv "$dir/grid.csv" > /dev/null
[ "$(wc -l < "$dir/grid.csv")" -eq 7 ] || { echo "FAILED: 6 points expected"; exit 1; }
echo "ok: grid of 6 points"

. "$(dirname "$0")/expect.sh"
expect 2 "PlacementRule has no field nope" \
  "$hetsched" sweep --nodes 4 --synthetic 20 --policy seed-score --vary placement.nope=0:1:1
expect 2 "at most two --vary" "$hetsched" sweep --nodes 4 --synthetic 20 --policy seed-score \
  --vary queue.backfill_depth=0,1 --vary queue.backfill_depth=0,1 --vary queue.backfill_depth=0,1
expect 2 "no_such is not a metric" "$hetsched" sweep --nodes 4 --synthetic 20 --policy seed-score \
  --vary queue.backfill_depth=0,1 --x no_such
expect 2 "takes whole numbers" "$hetsched" sweep --nodes 4 --synthetic 20 --policy seed-score \
  --vary queue.backfill_depth=0:1:0.5

# Replicas: each metric's interval, and the JSON beside the summaries.
"$hetsched" whatif --nodes 8 --synthetic 300 --policy fcfs --policy sjf --replicas 6 \
  --json "$dir/replicas.json" > "$dir/replicas.txt"
grep -q 'over 6 replicas' "$dir/replicas.txt" || { echo "FAILED: replica table"; cat "$dir/replicas.txt"; exit 1; }
grep -q 'difference from fcfs' "$dir/replicas.txt" || { echo "FAILED: differences"; exit 1; }
grep -q '"significant"' "$dir/replicas.json" || { echo "FAILED: replica JSON"; exit 1; }
echo "ok: replicas"
expect 2 "replicas" "$hetsched" whatif --nodes 4 --synthetic 20 --policy fcfs --replicas 1
