# Host-side helpers for scenario expect scripts: the analyzer's verdict on
# the recorded trace, and assertions on its JSON (jq), as TAP lines.
# shellcheck shell=bash
. "$(dirname "${BASH_SOURCE[0]}")/../../tests/lib.sh"

# analyze OUT: run ckrm-analyze on OUT/trace.dat; the text report goes to
# OUT/analysis.txt, the JSON to OUT/analysis.json. Sets ANALYSIS.
analyze() {
	local out=$1 rc
	ANALYSIS=$out/analysis.json
	"$TOP/analyze/ckrm-analyze" "$out/trace.dat" >"$out/analysis.txt" 2>&1
	"$TOP/analyze/ckrm-analyze" --json "$out/trace.dat" >"$ANALYSIS" 2>"$out/analysis.err"
	rc=$?
	# Exit 0 (pass), 1 (a check failed) or 3 (not everything could be
	# judged) with a JSON document; 2 is an input error, 70 an analyzer
	# bug. jq -e succeeds on an empty file, which a missing analyzer leaves.
	if { [ $rc -ne 0 ] && [ $rc -ne 1 ] && [ $rc -ne 3 ]; } || [ ! -s "$ANALYSIS" ] ||
		! jq -e . "$ANALYSIS" >/dev/null 2>&1; then
		not_ok "analyzer: reads the trace (exit $rc: $(head -n1 "$out/analysis.err"))"
		return 1
	fi
	ok "analyzer: reads the trace"
}

# holds NAME JQ-EXPR: the expression is true of the analysis.
holds() {
	local name=$1 expr=$2
	if [ -s "$ANALYSIS" ] && jq -e "$expr" "$ANALYSIS" >/dev/null 2>&1; then
		ok "$name"
	else
		not_ok "$name"
		echo "#   jq: $expr"
		return 1
	fi
}

# verdict_passes: the analyzer's verdict is "pass"; when it is not, the
# reason of every check that did not pass is printed, since a scenario that
# fails once in many runs leaves nothing else to go on.
verdict_passes() {
	holds "analyzer: verdict pass" '.verdict == "pass"' && return 0
	jq -r '.checks[]? | select(.status == "fail" or .status == "unverifiable")
		| "#   check \(.id): \(.status): \(.reason)"' "$ANALYSIS" 2>/dev/null
	return 1
}

# check_passes NAME...: these of the analyzer's checks passed (not merely
# "not applicable").
check_passes() {
	local c
	for c in "$@"; do
		holds "analyzer: check $c passes" \
			".checks[] | select(.id == \"$c\") | .status == \"pass\""
	done
}

# The class entry of PATH (its latest incarnation), for jq.
class() {
	printf '([.classes[] | select(.path == "%s")] | last)' "$1"
}

# zero_drift: every class compared against snapshots has drift 0.
zero_drift() {
	holds "analyzer: drift 0 in every class" \
		'[.classes[] | select(.drift != null) | .drift.pages == 0 and .drift.max_abs == 0] | all and length > 0'
}
