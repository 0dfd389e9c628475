# Sourced by the CLI test scripts (they set $dir first).
# expect STATUS PATTERN COMMAND...: runs COMMAND, requires exit STATUS and
# PATTERN (grep -F) in its stderr; on a mismatch prints both and exits 1.
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
