#!/bin/bash
# ckrm-analyze's own tests (analyze/tests), built with ASan and UBSan: unit
# tests of the replay and checks, and trace-file tests on the committed
# fixtures and damaged copies of them. Their TAP lines are passed on.
. "$(dirname "$0")/../lib.sh"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
make -s -C "$TOP/analyze" test >"$log" 2>&1
rc=$?
grep -E '^(not )?ok ' "$log" | sed -E 's/^(not )?ok ([0-9]+ )?-? */&/; s/^((not )?ok) ([0-9]+ )?-? */\1 - analyze: /'
if [ $rc -ne 0 ] && ! grep -q '^not ok ' "$log"; then
	echo "not ok - analyze: make test failed"
	tail -n 20 "$log" | sed 's/^/#   /'
fi
exit $rc
