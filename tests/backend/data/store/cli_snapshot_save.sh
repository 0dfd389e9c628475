#!/bin/sh
# hetsched snapshot save --connect against a real hetschedd, then info; a
# text file given as FILE is refused and left as it was.
# usage: cli_snapshot_save.sh HETSCHEDD HETSCHED WORKDIR
set -eux  # the trace is what ctest shows if a step fails
hetschedd=$1 hetsched=$2 dir=$3
file=$dir/cli_save.hsnap
rm -f "$file" "$file-wal" "$file-shm"
# The log exists before the gateway's shell opens it: sed on a missing file
# failed the script under set -e when the loop ran first (seen under ctest -j2).
: > "$dir/hetschedd.log"
"$hetschedd" --listen 127.0.0.1:0 --metrics-listen none --speed 300 --history-frames 30 \
  --cpu-nodes 2 --gpu-nodes 2 --tpu-nodes 1 --warmup 300 > "$dir/hetschedd.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
address=
for _ in $(seq 100); do
  # The log may not exist yet: the gateway has not opened it (ctest -j2 under load).
  address=$(sed -n 's/^hetschedd: listening on \([^ ]*\) .*/\1/p' "$dir/hetschedd.log" 2>/dev/null || true)
  [ -n "$address" ] && break
  sleep 0.1
done
[ -n "$address" ] || { echo "hetschedd did not start"; cat "$dir/hetschedd.log"; exit 1; }
sleep 1  # 30 frames into the ring at 10 ms each
"$hetsched" snapshot save --connect "$address" "$file" --name from-gateway | tee "$dir/saved.txt"
grep -q "saved snapshot 1 'from-gateway' from $address (.* devices, [0-9]* jobs, 30 frames, .*)" "$dir/saved.txt"
"$hetsched" snapshot info "$file" | tee "$dir/info.txt"
grep -q "1 snapshot," "$dir/info.txt"
grep -q "from-gateway .* 30 " "$dir/info.txt"
# The job embedder the console's first map would train, unless too few jobs.
if grep -q "job embedder trained and saved" "$dir/saved.txt"; then
  grep -q "from-gateway .* [0-9]*-128-64 " "$dir/info.txt"
else
  grep -q "from-gateway .* none " "$dir/info.txt"
fi
# A file that is not a snapshot store: refused, untouched.
echo "not a snapshot" > "$dir/text.hsnap"
if "$hetsched" snapshot save --connect "$address" "$dir/text.hsnap" 2> "$dir/refused.txt"; then exit 1; fi
cat "$dir/refused.txt"
grep -q "not an SQLite database" "$dir/refused.txt"
[ "$(cat "$dir/text.hsnap")" = "not a snapshot" ]
# No gateway there: a clear error, no file made.
if "$hetsched" snapshot save --connect 127.0.0.1:1 "$dir/none.hsnap" 2> "$dir/unreachable.txt"; then exit 1; fi
cat "$dir/unreachable.txt"
grep -q "cannot take a snapshot from 127.0.0.1:1" "$dir/unreachable.txt"
[ ! -e "$dir/none.hsnap" ]
