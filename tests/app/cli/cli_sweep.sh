#!/bin/sh
# hetsched sweep and hetsched whatif --replicas end to end: a grid's CSV and
# JSON with its Pareto front, a list of policies (named, from a folder, a
# grid for each), intervals per point with --replicas, the replicas' table
# and JSON, and bad input refused with a message that names the problem.
# usage: cli_sweep.sh HETSCHED WORKDIR
set -eu
hetsched=$1 dir=$2
mkdir -p "$dir"
rm -f "$dir/small.hsnap"

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

# A list of policies: one point each, named by its policy.
"$hetsched" sweep --nodes 8 --synthetic 200 --policy fcfs --policy sjf --policy seed-score \
  --csv "$dir/list.csv" --json "$dir/list.json" > "$dir/list.txt"
[ "$(wc -l < "$dir/list.csv")" -eq 4 ] || { echo "FAILED: 3 points expected"; cat "$dir/list.csv"; exit 1; }
grep -q '^policy,pareto,completed,' "$dir/list.csv" || { echo "FAILED: list CSV header"; head -1 "$dir/list.csv"; exit 1; }
[ "$(cut -d, -f1 "$dir/list.csv" | tr '\n' ' ')" = "policy fcfs sjf seed-score " ] || { echo "FAILED: list order"; exit 1; }
grep -q '"policy": "sjf"' "$dir/list.json" || { echo "FAILED: list JSON names points"; exit 1; }
grep -q '^3 policies over 3 points' "$dir/list.txt" || { echo "FAILED: list text"; cat "$dir/list.txt"; exit 1; }
echo "ok: a list of 3 policies"

# Every policy JSON in a folder, after the named ones.
rm -rf "$dir/policies" && mkdir -p "$dir/policies"
policies=$(dirname "$0")/../../../resources/policies
cp "$policies/fcfs.json" "$policies/srtf.json" "$dir/policies/"
echo "not a policy" > "$dir/policies/README"
"$hetsched" sweep --nodes 8 --synthetic 200 --policy sjf --policies-dir "$dir/policies" --csv "$dir/dir.csv" > /dev/null
[ "$(cut -d, -f1 "$dir/dir.csv" | tr '\n' ' ')" = "policy sjf fcfs srtf " ] || { echo "FAILED: --policies-dir"; cat "$dir/dir.csv"; exit 1; }
echo "ok: --policies-dir"

# Several policies with --vary: the grid for each.
"$hetsched" sweep --nodes 8 --synthetic 200 --policy fcfs --policy sjf --vary queue.backfill_depth=0,4 \
  --csv "$dir/each.csv" > /dev/null
grep -q '^policy,queue.backfill_depth,pareto,' "$dir/each.csv" || { echo "FAILED: grid for each header"; exit 1; }
[ "$(wc -l < "$dir/each.csv")" -eq 5 ] || { echo "FAILED: 2 x 2 points expected"; cat "$dir/each.csv"; exit 1; }
echo "ok: the grid for each policy"

# The policy a snapshot recorded in force, in a list.
"$hetsched" snapshot make-sim "$dir/small.hsnap" --devices 40 --history-s 300 > /dev/null
"$hetsched" sweep --snapshot "$dir/small.hsnap" --policy in-force --policy sjf --csv "$dir/inforce.csv" > /dev/null
[ "$(wc -l < "$dir/inforce.csv")" -eq 3 ] || { echo "FAILED: in-force in a list"; cat "$dir/inforce.csv"; exit 1; }
echo "ok: in-force in a list"

# Replicas per point: the medians and their intervals.
"$hetsched" sweep --nodes 8 --synthetic 200 --policy fcfs --policy sjf --replicas 4 \
  --csv "$dir/rep.csv" --json "$dir/rep.json" > "$dir/rep.txt"
grep -q '^policy,pareto,completed,completed_lo,completed_hi,.*,wait_avg_s,wait_avg_s_lo,wait_avg_s_hi,' "$dir/rep.csv" \
  || { echo "FAILED: replica CSV columns"; head -1 "$dir/rep.csv"; exit 1; }
[ "$(head -1 "$dir/rep.csv" | tr ',' '\n' | wc -l)" -eq "$(sed -n 2p "$dir/rep.csv" | tr ',' '\n' | wc -l)" ] \
  || { echo "FAILED: replica CSV rows as wide as the header"; exit 1; }
grep -q '"intervals"' "$dir/rep.json" || { echo "FAILED: replica JSON"; exit 1; }
grep -q '"replicas": 4' "$dir/rep.json" || { echo "FAILED: replica count in JSON"; exit 1; }
grep -q 'x 4 replicas' "$dir/rep.txt" || { echo "FAILED: replica text"; cat "$dir/rep.txt"; exit 1; }
# The same seed, the same intervals.
"$hetsched" sweep --nodes 8 --synthetic 200 --policy fcfs --policy sjf --replicas 4 --threads 1 \
  --csv "$dir/rep1.csv" > /dev/null
cmp -s "$dir/rep.csv" "$dir/rep1.csv" || { echo "FAILED: replicas differ with the threads"; exit 1; }
echo "ok: intervals per point"

# A bad name in the list is named, and nothing runs (no CSV written).
rm -f "$dir/bad.csv"
expect 1 "no-such-policy" "$hetsched" sweep --nodes 8 --synthetic 200 --policy fcfs --policy no-such-policy \
  --policy sjf --csv "$dir/bad.csv"
[ ! -e "$dir/bad.csv" ] || { echo "FAILED: a sweep with a bad policy wrote its CSV"; exit 1; }
echo '{"name": "broken", ' > "$dir/policies/broken.json"
expect 1 "broken.json" "$hetsched" sweep --nodes 8 --synthetic 200 --policies-dir "$dir/policies"
mkdir -p "$dir/empty"
expect 1 "no policy (*.json) in it" "$hetsched" sweep --nodes 8 --synthetic 200 --policies-dir "$dir/empty"
expect 1 "in-force: only a --snapshot workload" "$hetsched" sweep --nodes 4 --synthetic 20 --policy in-force
expect 2 "no policy: give --policy" "$hetsched" sweep --nodes 4 --synthetic 20
expect 2 "replicas" "$hetsched" sweep --nodes 4 --synthetic 20 --policy fcfs --replicas 1

# Replicas: each metric's interval, and the JSON beside the summaries.
"$hetsched" whatif --nodes 8 --synthetic 300 --policy fcfs --policy sjf --replicas 6 \
  --json "$dir/replicas.json" > "$dir/replicas.txt"
grep -q 'over 6 replicas' "$dir/replicas.txt" || { echo "FAILED: replica table"; cat "$dir/replicas.txt"; exit 1; }
grep -q 'difference from fcfs' "$dir/replicas.txt" || { echo "FAILED: differences"; exit 1; }
grep -q '"significant"' "$dir/replicas.json" || { echo "FAILED: replica JSON"; exit 1; }
echo "ok: replicas"
expect 2 "replicas" "$hetsched" whatif --nodes 4 --synthetic 20 --policy fcfs --replicas 1
