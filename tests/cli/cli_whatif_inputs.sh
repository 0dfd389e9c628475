#!/bin/sh
# hetsched whatif against inputs it must refuse: each case checks the exit
# status (1: bad input, never a signal) and the message that names the problem.
# usage: cli_whatif_inputs.sh HETSCHED DATA_DIR WORKDIR
set -eu
hetsched=$1 data=$2 dir=$3
mkdir -p "$dir"
nodes=$data/alibaba/openb_node_list_gpu_node_excerpt.csv
pods=$data/alibaba/openb_pod_list_default_excerpt.csv

# expect STATUS PATTERN COMMAND...: runs COMMAND, requires exit STATUS and
# PATTERN (grep -F) in its stderr.
expect() {
  want=$1 pattern=$2
  shift 2
  status=0
  "$@" > "$dir/out.txt" 2> "$dir/err.txt" || status=$?
  if [ "$status" -ne "$want" ] || ! grep -qF -- "$pattern" "$dir/err.txt"; then
    echo "FAILED: $*"
    echo "  expected exit $want and '$pattern' on stderr; got exit $status:"
    sed 's/^/  | /' "$dir/err.txt"
    exit 1
  fi
  echo "ok: exit $status, '$pattern'"
}

# A route to a device kind the schema does not name once crashed the
# simulator (SIGSEGV): validation refuses it and names the field.
cat > "$dir/route77.json" <<'JSON'
{"name": "route77", "version": 1, "queue": {"kind": "FCFS"},
 "placement": {"kind": "TYPE_ROUTING", "routes": [{"job_kind": "JOB_KIND_TRAINING", "device_kind": 77}]}}
JSON
expect 1 "placement.routes[0].device_kind: 77 is not a device kind" \
  "$hetsched" whatif --cluster "$nodes" --jobs "$pods" --policy "$dir/route77.json"
