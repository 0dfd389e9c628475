#!/bin/sh
# The command line against inputs it must refuse: each case checks the exit
# status (1: bad input, never a signal) and the message that names the
# problem (a file error names the file and the system's reason).
# usage: cli_whatif_inputs.sh HETSCHED DATA_DIR WORKDIR
set -eu
hetsched=$1 data=$2 dir=$3
mkdir -p "$dir"
nodes=$data/alibaba/openb_node_list_gpu_node_excerpt.csv
pods=$data/alibaba/openb_pod_list_default_excerpt.csv

. "$(dirname "$0")/expect.sh"

# A route to a device kind the schema does not name once crashed the
# simulator (SIGSEGV): validation refuses it and names the field.
cat > "$dir/route77.json" <<'JSON'
{"name": "route77", "version": 1, "queue": {"kind": "FCFS"},
 "placement": {"kind": "TYPE_ROUTING", "routes": [{"job_kind": "JOB_KIND_TRAINING", "device_kind": 77}]}}
JSON
expect 1 "placement.routes[0].device_kind: 77 is not a device kind" \
  "$hetsched" whatif --cluster "$nodes" --jobs "$pods" --policy "$dir/route77.json"

# Every row rejected: nothing to simulate is an error, not an empty result.
head -1 "$pods" > "$dir/all-bad.csv"
printf 'p1,abc,1,0,0,,LS,Running,0,10,0\np2,1000,1,0,0,,XX,Running,0,10,0\n' >> "$dir/all-bad.csv"
expect 1 "all-bad.csv: no usable rows" "$hetsched" whatif --cluster "$nodes" --jobs "$dir/all-bad.csv" --policy sjf
expect 1 "all-bad.csv: 2 of 2 rows rejected" "$hetsched" whatif --cluster "$nodes" --jobs "$dir/all-bad.csv" --policy sjf
head -1 "$pods" > "$dir/header-only.csv"
expect 1 "header-only.csv: no rows after the header" \
  "$hetsched" whatif --cluster "$nodes" --jobs "$dir/header-only.csv" --policy sjf

# Some rows rejected: said, and left out; --strict makes it an error.
{ cat "$pods"; echo "bad,row"; } > "$dir/one-bad.csv"
rows=$(($(wc -l < "$pods") - 1 + 1))
expect 0 "one-bad.csv: 1 of $rows rows rejected" "$hetsched" whatif --cluster "$nodes" --jobs "$dir/one-bad.csv" --policy sjf
expect 1 "one-bad.csv: rejected rows are errors in strict mode" \
  "$hetsched" whatif --cluster "$nodes" --jobs "$dir/one-bad.csv" --policy sjf --strict
expect 1 "rejected rows are errors in strict mode" \
  "$hetsched" train-hybrid --cluster "$nodes" --jobs "$dir/one-bad.csv" --out "$dir/w.txt" --generations 1 --strict

# File errors name the file and the system's reason.
expect 1 "$dir: cannot open file: is a directory, not a file" \
  "$hetsched" whatif --cluster "$nodes" --jobs "$dir" --policy sjf
expect 1 "$dir/missing.csv: cannot open file: No such file or directory" \
  "$hetsched" whatif --cluster "$dir/missing.csv" --jobs "$pods" --policy sjf
expect 1 "/nonexistent: No such file or directory" \
  "$hetsched" whatif --cluster "$nodes" --jobs "$pods" --policy /nonexistent
expect 1 "$dir: is a directory, not a file" "$hetsched" whatif --cluster "$nodes" --jobs "$pods" --policy "$dir"
expect 1 "cannot write $dir/missing/out.json: No such file or directory" \
  "$hetsched" whatif --cluster "$nodes" --jobs "$pods" --policy sjf --json "$dir/missing/out.json"
expect 2 "$dir/missing.json: No such file or directory" \
  "$hetsched" snapshot make-sim "$dir/s.hsnap" --cluster "$dir/missing.json"
expect 1 "$dir: a directory, not a snapshot file" "$hetsched" snapshot info "$dir"
expect 1 "$dir/missing.hsnap: no such file" "$hetsched" snapshot info "$dir/missing.hsnap"

# A pod list without arrival times (the five-column multi-GPU lists) is
# refused, naming the columns and the options that stand in for them; with
# them it runs (never silent all-zero metrics).
multi=$data/alibaba/openb_pod_list_multigpu20_excerpt.csv
expect 1 "no creation_time (when a pod arrives; --arrival-rate" \
  "$hetsched" whatif --cluster "$nodes" --jobs "$multi" --policy sjf
expect 1 "deletion_time, scheduled_time (how long a pod runs; --runtime-mean" \
  "$hetsched" whatif --cluster "$nodes" --jobs "$multi" --policy sjf --arrival-rate 0.01
expect 1 "no creation_time" "$hetsched" train-hybrid --cluster "$nodes" --jobs "$multi" --out "$dir/w.txt" --generations 1
expect 2 "--runtime-mean goes with --arrival-rate" \
  "$hetsched" whatif --cluster "$nodes" --jobs "$multi" --policy sjf --runtime-mean 600
expect 2 "arrival-rate" "$hetsched" whatif --cluster "$nodes" --jobs "$multi" --policy sjf --arrival-rate -1
"$hetsched" whatif --cluster "$nodes" --jobs "$multi" --policy sjf --arrival-rate 0.01 --runtime-mean 3600 \
  --json "$dir/multi.json" > "$dir/out.txt"
grep -q '"completed": 60' "$dir/multi.json" || { echo "FAILED: Poisson replay of $multi"; cat "$dir/multi.json"; exit 1; }
echo "ok: $multi replayed with Poisson arrivals"

# experiment hybrid: a clone without the Alibaba lists is told where they
# come from; on the shipped excerpts (two lists with arrival times, the
# multi-GPU one left out and said so) it runs end to end.
expect 1 "no such directory. The experiment needs Alibaba" \
  "$hetsched" experiment hybrid --cluster "$nodes" --traces "$dir/no-traces"
expect 0 "openb_pod_list_multigpu20_excerpt.csv left out" \
  "$hetsched" experiment hybrid --cluster "$nodes" --traces "$data/alibaba" --seeds 1 --generations 1 --population 2 \
  --episode-jobs 40 --validation-jobs 40 --arrival-scale 0.01 --markdown "$dir/hybrid.md"
grep -q "^## Summary (2 runs" "$dir/hybrid.md" || { echo "FAILED: experiment hybrid on the excerpts"; cat "$dir/hybrid.md"; exit 1; }
# The training's deep-queue episodes and model ties are in its setup line;
# a share outside [0, 1] is refused, naming the option.
grep -q "at each arrival scale and at 0.003 (a deep queue), 0.1 of the one-GPU" "$dir/hybrid.md" ||
  { echo "FAILED: experiment hybrid's setup line"; head -12 "$dir/hybrid.md"; exit 1; }
expect 2 "--model-tie-share: must be between" \
  "$hetsched" train-hybrid --cluster "$nodes" --jobs "$pods" --out "$dir/w.txt" --model-tie-share 2
echo "ok: experiment hybrid on the excerpts"
