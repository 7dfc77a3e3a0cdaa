# Helpers for the test scripts: TAP lines that tests/run-all counts.
# shellcheck shell=bash
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export TOP

TAP_FAILURES=0
ok() { echo "ok - $*"; }
not_ok() { echo "not ok - $*"; TAP_FAILURES=$((TAP_FAILURES + 1)); }

# check NAME CMD...: one TAP line from a command's exit status; its output is
# shown (indented) only when it fails.
check() {
	local name=$1 log
	shift
	log=$(mktemp)
	if "$@" >"$log" 2>&1; then
		ok "$name"
	else
		not_ok "$name"
		sed 's/^/#   /' "$log" | tail -n 40
	fi
	rm -f "$log"
}

# expect_fail NAME PATTERN CMD...: the command must fail (non-zero exit) and
# say PATTERN (an extended regexp) in its output.
expect_fail() {
	local name=$1 pattern=$2 log rc
	shift 2
	log=$(mktemp)
	"$@" >"$log" 2>&1
	rc=$?
	if [ "$rc" -ne 0 ] && grep -qE -- "$pattern" "$log"; then
		ok "$name"
	else
		not_ok "$name (exit $rc, wanted non-zero and /$pattern/)"
		sed 's/^/#   /' "$log" | tail -n 40
	fi
	rm -f "$log"
}
