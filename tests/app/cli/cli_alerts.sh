#!/bin/sh
# hetsched alerts --connect against a real hetschedd: a rules file that
# fires at once, the table, --json, the rules read back, acknowledging
# (refused without an operator token; by id, unknown ids named, all),
# pushing rules (refused without an operator token, granted with one), and
# a bad rules file refused at start naming the field.
# usage: cli_alerts.sh HETSCHEDD HETSCHED WORKDIR
set -eux  # the trace is what ctest shows if a step fails
hetschedd=$1 hetsched=$2 dir=$3
rm -rf "$dir" && mkdir -p "$dir"
cat > "$dir/bad.json" <<'JSON'
{"rules": [{"name": "hot", "kind": "device_temperature", "above": 80, "priority_class": "high"}]}
JSON
if "$hetschedd" --listen 127.0.0.1:0 --metrics-listen none --alert-rules "$dir/bad.json" 2> "$dir/bad.txt"; then exit 1; fi
grep -q "alert-rules $dir/bad.json: rules\[0\].priority_class: only job_wait rules take a priority class" "$dir/bad.txt"
if "$hetschedd" --listen 127.0.0.1:0 --metrics-listen none --alert-rules "$dir/none.json" 2> "$dir/none.txt"; then exit 1; fi
grep -q "none.json" "$dir/none.txt"

cat > "$dir/rules.json" <<'JSON'
{"rules": [
  {"name": "warm", "kind": "device_temperature", "above": 1, "device_kind": "gpu", "severity": "critical"},
  {"name": "down", "kind": "node_down", "for_s": 60}
]}
JSON
: > "$dir/hetschedd.log"
"$hetschedd" --listen 127.0.0.1:0 --metrics-listen none --speed 10 --cpu-nodes 1 --gpu-nodes 2 --tpu-nodes 1 \
  --warmup 600 --alert-rules "$dir/rules.json" --token-out "$dir/token" > "$dir/hetschedd.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
address=
for _ in $(seq 300); do
  address=$(sed -n 's/^hetschedd: listening on \([^ ]*\) .*/\1/p' "$dir/hetschedd.log")
  [ -n "$address" ] && break
  sleep 0.1
done
[ -n "$address" ] || { echo "hetschedd did not start"; cat "$dir/hetschedd.log"; exit 1; }
grep -q "hetschedd: 2 alert rules (file $dir/rules.json)" "$dir/hetschedd.log"
"$hetsched" alerts --connect "$address" | tee "$dir/alerts.txt"
# (The simulated cluster fails a node now and then: counts are not pinned.)
grep -Eq "^[1-9][0-9]* firing, [0-9]+ pending, [0-9]+ resolved at cluster time .* \(2 rules, file $dir/rules.json; evaluated in" "$dir/alerts.txt"
grep -Eq "^[0-9]+ +firing +critical +warm +gpu-[0-9]+ +[0-9]+ C " "$dir/alerts.txt"
"$hetsched" alerts --connect "$address" --json > "$dir/alerts.json"
grep -q '"state": "firing"' "$dir/alerts.json"
grep -Eq '"firing": [1-9]' "$dir/alerts.json"
"$hetsched" alerts rules --connect "$address" > "$dir/rules-back.json"
grep -q '"name": "warm"' "$dir/rules-back.json"
grep -q '"for_s": 60' "$dir/rules-back.json"

# Acknowledging: on the gateway, an operator's token, by id or all.
id=$(sed -n 's/^\([0-9][0-9]*\) \{1,\}firing \{1,\}critical \{1,\}warm .*/\1/p' "$dir/alerts.txt" | head -1)
[ -n "$id" ]
if "$hetsched" alerts ack "$id" --connect "$address" 2> "$dir/ack-anon.txt"; then exit 1; fi
grep -q "hetsched alerts: AcknowledgeAlerts: .*(code 16)" "$dir/ack-anon.txt"
"$hetsched" alerts ack "$id" --connect "$address" --token-file "$dir/token" | tee "$dir/ack.txt"
grep -q "^1 of 1 alerts newly acknowledged$" "$dir/ack.txt"
"$hetsched" alerts --connect "$address" | tee "$dir/acked.txt"
grep -Eq "^$id +firing +critical +warm .* [a-z][a-z0-9_-]*$" "$dir/acked.txt"
"$hetsched" alerts --connect "$address" --json | grep -q '"acknowledged_by": "[a-z]'
# An id the gateway does not hold is named, and the status says so.
if "$hetsched" alerts ack "$id" 999999 --connect "$address" --token-file "$dir/token" > "$dir/ack-unknown.txt"; then exit 1; fi
grep -q "^0 of 2 alerts newly acknowledged; not on the gateway: 999999$" "$dir/ack-unknown.txt"
"$hetsched" alerts ack all --connect "$address" --token-file "$dir/token" | tee "$dir/ack-all.txt"
grep -Eq "^([0-9]+ of [0-9]+ alerts newly acknowledged|nothing to acknowledge: .*)$" "$dir/ack-all.txt"
if "$hetsched" alerts ack x1 --connect "$address" --token-file "$dir/token" 2> "$dir/ack-bad.txt"; then exit 1; fi
grep -q "'x1' is not an alert id" "$dir/ack-bad.txt"

# Pushing rules: an operator's token, and the gateway then runs them.
cat > "$dir/quiet.json" <<'JSON'
{"rules": [{"name": "down", "kind": "node_down", "for_s": 30}]}
JSON
if "$hetsched" alerts set "$dir/quiet.json" --connect "$address" 2> "$dir/anon.txt"; then exit 1; fi
grep -q "hetsched alerts: SetAlertRules: .*(code 16)" "$dir/anon.txt"
"$hetsched" alerts set "$dir/quiet.json" --connect "$address" --token-file "$dir/token" | tee "$dir/set.txt"
grep -q "the gateway now runs 1 alert rules" "$dir/set.txt"
"$hetsched" alerts --connect "$address" | tee "$dir/after.txt"
grep -Eq "^[0-9]+ firing, [0-9]+ pending, [1-9][0-9]* resolved .* \(1 rules, pushed by " "$dir/after.txt"
grep -Eq "^[0-9]+ +resolved +critical +warm " "$dir/after.txt"
if "$hetsched" alerts set "$dir/bad.json" --connect "$address" --token-file "$dir/token" 2> "$dir/setbad.txt"; then exit 1; fi
grep -q "rules\[0\].priority_class" "$dir/setbad.txt"
# Usage errors.
if "$hetsched" alerts --connect "$address" frobnicate 2> "$dir/usage.txt"; then exit 1; fi
grep -q "usage: hetsched alerts" "$dir/usage.txt"
