#!/bin/bash
# runner/report's first screen on the story-small fixture: the verdict,
# then each class's biggest losses by cause with its account's status.
. "$(dirname "$0")/../lib.sh"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
make -s -C "$TOP/analyze" ckrm-analyze >/dev/null 2>&1
cp "$TOP/analyze/fixtures/story-small.dat" "$out/trace.dat"
echo 0 >"$out/status"
"$TOP/runner/report" "$out" >"$out/report.txt" 2>&1
check "report: exits 0 on a trace whose checks pass" [ $? -eq 0 ]
first=$(sed -n '1,/^ckrm-analyze:/p' "$out/report.txt")
check "report: the first screen says whether the accounting is exact" \
	grep -q '^is the accounting exact? pass: every check judged holds' <<<"$first"
check "report: the first screen says why /silver lost pages (its limit reclaim), account exact" \
	grep -qE '^  /silver +lost -[0-9]+:.* -[0-9]+ reclaim[;( ].*\(account exact\)$' <<<"$first"
check "report: one line per class (4)" [ "$(grep -c '^  /.* lost ' <<<"$first")" -eq 4 ]
[ "$TAP_FAILURES" -eq 0 ]
