#!/bin/bash
# bench/mem-report on made-up boot logs: medians per boot then over boots,
# ratios to ckrm=off, scanned per reclaimed, enforcement errors, targets;
# and bench/mem-boots' refusal of bad settings. No timing is measured.
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
b=$dir/base
mkdir -p "$b"
printf '%s\n' "rounds=2 reps=2 modes=wall icount icount=shift=0 items=hotpath reclaim enforce" \
	"date=2026-01-01T00:00:00Z host=h cpus=2" "cpu=test" "kernel=6.1 #1" "seconds=60" >"$b/info"
# hot paths: ckrm costs 1.02x off in the anon fault, memcg 1.05x
hot() { # dir variant anon...
	local d=$1 v=$2 rep=1
	shift 2
	for a in "$@"; do
		echo "variant=$v rep=$rep anon_ns=$a read_ns=2000 exec_ns=3000${EV:-}"
		rep=$((rep + 1))
	done >>"$b/$d/scenario.log"
}
for r in 1 2; do
	for m in wall icount; do
		mkdir -p "$b/hotpath-ckrm-$m-r$r" "$b/hotpath-off-$m-r$r"
		echo "sizes: mb=1 execs=10" >"$b/hotpath-ckrm-$m-r$r/scenario.log"
		hot "hotpath-ckrm-$m-r$r" ckrm 1020 1020
		EV=" events=500" hot "hotpath-ckrm-$m-r$r" ckrm-trace 1100 1100
		hot "hotpath-off-$m-r$r" off 1000 1000
		hot "hotpath-off-$m-r$r" memcg 1050 1050
	done
	mkdir -p "$b/reclaim-ckrm-wall-r$r" "$b/reclaim-off-wall-r$r" "$b/enforce-ckrm-wall-r$r" "$b/enforce-off-wall-r$r"
	echo "variant=ckrm scanned=1500 reclaimed=1000 swapped_out=0 refilled=0" >"$b/reclaim-ckrm-wall-r$r/scenario.log"
	echo "variant=off scanned=1300 reclaimed=1000 swapped_out=0 refilled=0" >"$b/reclaim-off-wall-r$r/scenario.log"
	for s in 1 2 3; do
		echo "variant=ckrm class=gold guarantee=600 sample=$s anon=612 ctl=610"
		echo "variant=ckrm class=bronze guarantee=200 sample=$s anon=198 ctl=199"
	done >"$b/enforce-ckrm-wall-r$r/scenario.log"
	for s in 1 2 3; do
		echo "variant=memcg class=gold guarantee=600 sample=$s anon=660 ctl=661"
		echo "variant=memcg class=bronze guarantee=200 sample=$s anon=190 ctl=191"
	done >"$b/enforce-off-wall-r$r/scenario.log"
done
j=$dir/mem.json
bench_report() { "$TOP/bench/mem-report" "$b" "$j" >"$dir/table"; }
check "mem-report: runs" bench_report
holds() { # name jq-expression; jq -e succeeds on an empty file
	check "$1" bash -c '[ -s "$2" ] && jq -e "$1" "$2"' _ "$2" "$j"
}
holds "hot path: ckrm anon ratio 1.02 (wall)" '.hotpath.wall.ckrm.anon_ratio == 1.02'
holds "hot path: memcg anon ratio 1.05 (icount)" '.hotpath.icount.memcg.anon_ratio == 1.05'
holds "hot path: ns per page from the sizes line" '.hotpath.wall.off.anon_ns_per_page == 1000 / 256'
holds "hot path: events of the traced variant" '.hotpath.wall["ckrm-trace"].events_per_rep == 500'
holds "hot path targets: 1.03x met, memcg met" '.targets.hotpath_ckrm_le_1_03_off.wall and .targets.hotpath_ckrm_le_memcg.icount'
holds "reclaim: 1.5 / 1.3" '.reclaim.ratio_ckrm_to_off == (1.5 / 1.3 * 10000 | round / 10000) and .targets.reclaim_le_1_2_off'
holds "enforce: ckrm gold +2 %, bronze -1 %" '.enforce.ckrm.gold.error_pct == 2 and .enforce.ckrm.bronze.error_pct == -1'
holds "enforce: memcg gold +10 %" '.enforce.memcg.gold.error_pct == 10'
holds "enforce targets: met" '.targets.enforce_within_5_pct and .targets.enforce_no_worse_than_memcg'
check "table: the CKRM / ckrm=off reclaim line" grep -q 'CKRM / ckrm=off: 1.154x' "$dir/table"
expect_fail "mem-report: no measurements" "no .*info" "$TOP/bench/mem-report" "$dir/none" "$j"
expect_fail "mem-boots: bad BENCH_ROUNDS" "BENCH_ROUNDS" env BENCH_ROUNDS=x "$TOP/bench/mem-boots" "$dir/x"
expect_fail "mem-boots: bad BENCH_MODES" "BENCH_MODES" env BENCH_MODES=fast "$TOP/bench/mem-boots" "$dir/x"
[ "$TAP_FAILURES" -eq 0 ]
