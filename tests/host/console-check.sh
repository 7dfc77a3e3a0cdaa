#!/bin/bash
# runner/console-check on console lines as 6.1 prints them: each kind of
# kernel report fails the log and is named on its last line; user-space
# text and a clean boot pass.
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
boot='[    0.000000] Linux version 6.1.0
[    2.088913] 9p: Installing v9fs 9p2000 file system support
[   20.660193] Adding 1048572k swap on /dev/vdb.  Priority:-2 extents:1 across:1048572k'

# reports NAME LINE: a log with LINE after a clean boot fails, and the
# check's last line names LINE.
reports() {
	printf '%s\n%s\n[   90.000000]  </TASK>\n' "$boot" "$2" >"$tmp/log"
	local out rc
	out=$("$TOP/runner/console-check" "$tmp/log")
	rc=$?
	check "console-check: $1 fails the run" test "$rc" -eq 1
	check "console-check: $1 is named last" \
		test "$(echo "$out" | tail -n 1)" = "first report: $2"
}

reports "a soft lockup" \
	'[   52.123456] watchdog: BUG: soft lockup - CPU#1 stuck for 22s! [mem_test:312]'
reports "an RCU stall seen by another CPU" \
	'[   73.000001] rcu: INFO: rcu_sched detected stalls on CPUs/tasks:'
reports "an RCU stall seen by the stalled CPU" \
	'[   73.000001] rcu: INFO: rcu_sched self-detected stall on CPU'
reports "a hung task" \
	'[  243.500000] INFO: task kworker/u4:2:97 blocked for more than 120 seconds.'
reports "a workqueue lockup" \
	'[   60.000000] BUG: workqueue lockup - pool cpus=1 node=0 flags=0x0 nice=0 stuck for 33s!'
reports "a lockdep report" \
	'[   30.000000] WARNING: possible circular locking dependency detected'
reports "a bad page" \
	'[   30.000000] BUG: Bad page state in process mem_test  pfn:1a2b3'

# A WARN starts with "cut here": the line after it names the report.
printf '%s\n%s\n%s\n' "$boot" \
	'[   40.000000] ------------[ cut here ]------------' \
	'[   40.000001] WARNING: CPU: 1 PID: 80 at mm/ckrm_mem.c:615 __ckrm_mem_free_page+0x1/0x2' \
	>"$tmp/log"
check "console-check: a WARN is named by its WARNING line" \
	bash -c '[ "$("$0" "$1" | tail -n 1)" = "first report: [   40.000001] WARNING: CPU: 1 PID: 80 at mm/ckrm_mem.c:615 __ckrm_mem_free_page+0x1/0x2" ]' \
	"$TOP/runner/console-check" "$tmp/log"

printf '%s\nWARNING: printed by a program, not the kernel\nrcu: INFO: rcu_sched detected stalls\n' \
	"$boot" >"$tmp/log"
check "console-check: a clean boot and user-space text pass" \
	"$TOP/runner/console-check" "$tmp/log"
expect_fail "console-check: a missing log is an error" 'not found' \
	"$TOP/runner/console-check" "$tmp/no-such-log"
[ "$TAP_FAILURES" -eq 0 ]
