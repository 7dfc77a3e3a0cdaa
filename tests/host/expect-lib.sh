#!/bin/bash
# The scenario expect helpers (scenarios/lib/expect.sh) fail, instead of
# passing vacuously, when the analyzer is missing, crashes or prints no
# JSON (jq -e succeeds on an empty file).
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect_with ANALYZER-SCRIPT JQ-EXPR: how many of analyze and holds fail
# with that stand-in for ckrm-analyze ("" for none at all).
expect_with() (
	rm -rf "$tmp/top" "$tmp/out"
	mkdir -p "$tmp/top/analyze" "$tmp/out"
	if [ -n "$1" ]; then
		printf '#!/bin/sh\n%s\n' "$1" >"$tmp/top/analyze/ckrm-analyze"
		chmod +x "$tmp/top/analyze/ckrm-analyze"
	fi
	. "$TOP/scenarios/lib/expect.sh"
	TOP=$tmp/top
	TAP_FAILURES=0
	analyze "$tmp/out" >/dev/null
	holds "expression" "$2" >/dev/null
	echo "$TAP_FAILURES"
)

check "expect.sh: a missing analyzer fails both" \
	test "$(expect_with "" '.x == 1')" -eq 2
check "expect.sh: an analyzer with no output fails both" \
	test "$(expect_with 'exit 0' '.x == 1')" -eq 2
check "expect.sh: an analyzer that crashes fails analyze" \
	test "$(expect_with 'echo "{\"x\": 1}"; exit 139' '.x == 1')" -ge 1
check "expect.sh: a false expression fails" \
	test "$(expect_with 'echo "{\"x\": 2}"' '.x == 1')" -eq 1
check "expect.sh: a verdict of fail (exit 1) is read, a true expression holds" \
	test "$(expect_with 'echo "{\"x\": 1}"; exit 1' '.x == 1')" -eq 0
check "expect.sh: a verdict of unverifiable (exit 3) is read, a true expression holds" \
	test "$(expect_with 'echo "{\"x\": 1}"; exit 3' '.x == 1')" -eq 0
check "expect.sh: an input error (exit 2) fails analyze" \
	test "$(expect_with 'echo "{\"x\": 1}"; exit 2' '.x == 1')" -ge 1
check "expect.sh: an analyzer bug (exit 70) fails analyze" \
	test "$(expect_with 'echo "{\"x\": 1}"; exit 70' '.x == 1')" -ge 1

# verdict_with ANALYZER-SCRIPT: what verdict_passes prints with that stand-in.
verdict_with() (
	rm -rf "$tmp/top" "$tmp/out"
	mkdir -p "$tmp/top/analyze" "$tmp/out"
	printf '#!/bin/sh\n%s\n' "$1" >"$tmp/top/analyze/ckrm-analyze"
	chmod +x "$tmp/top/analyze/ckrm-analyze"
	. "$TOP/scenarios/lib/expect.sh"
	TOP=$tmp/top
	analyze "$tmp/out" >/dev/null
	verdict_passes
	echo "exit $?"
)
fail_json='{"verdict": "fail", "checks": [{"id": "drift", "status": "pass", "reason": "pass (x)"},
 {"id": "reclaim", "status": "fail", "reason": "FAIL: 1 violation"},
 {"id": "attribution", "status": "unverifiable", "reason": "unverifiable: lost"}]}'
out=$(verdict_with "echo '$fail_json'; exit 1")
check "expect.sh: a failed verdict names each check that did not pass, with its reason" \
	grep -qz 'not ok - analyzer: verdict pass.*check reclaim: fail: FAIL: 1 violation.*check attribution: unverifiable: unverifiable: lost.*exit 1' <<<"$out"
check "expect.sh: a failed verdict does not list the checks that passed" \
	bash -c '! grep -q "check drift" <<<"$1"' _ "$out"
out=$(verdict_with "echo '{\"verdict\": \"pass\", \"checks\": []}'")
check "expect.sh: a passing verdict prints one ok line" \
	test "$out" = "$(printf 'ok - analyzer: verdict pass\nexit 0')"
[ "$TAP_FAILURES" -eq 0 ]
