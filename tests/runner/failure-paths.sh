#!/bin/bash
# The runner's failure paths, each booted for real: a WARN_ON, a panic, a
# hang, a CPU stuck in the kernel and a failing scenario must each fail the
# run with the right message and the console tail; a clean run that only
# prints "WARNING:" from user space must pass.
. "$(dirname "$0")/../lib.sh"
s=$TOP/tests/runner/scenarios
o=$TOP/build/out/runner-tests

check "runner: clean guest passes" "$TOP/runner/run" "$s/clean" "$o/clean"
expect_fail "runner: WARN_ON in the guest fails the run" \
	'kernel report on the console.*|WARNING: CPU' "$TOP/runner/run" "$s/warn" "$o/warn"
expect_fail "runner: guest panic fails the run and shows the console" \
	'Kernel panic' "$TOP/runner/run" "$s/panic" "$o/panic"
expect_fail "runner: hung guest is killed by the watchdog" \
	'did not finish within 60s' "$TOP/runner/run" "$s/hang" "$o/hang"
check "runner: a hung scenario's tasks are reported before the kill" \
	grep -qE '^task [0-9]+ \(run\) state S' "$o/hang/console.log"
# Whichever of the soft-lockup report, RCU's stall warning and the
# workqueue watchdog's (the stuck CPU's work waits) comes first.
"$TOP/runner/run" "$s/lockup" "$o/lockup" >"$o-lockup.log" 2>&1
check "runner: a CPU stuck in the kernel fails the run, named on the last line" \
	grep -qE 'FAIL lockup: kernel report on the console, first report: .*(BUG: soft lockup|self-detected stall|BUG: workqueue lockup)' \
	"$o-lockup.log"
check "runner: the stuck CPU's report names the function it loops in" \
	grep -q 'lkdtm_SOFTLOCKUP' "$o-lockup.log"
expect_fail "runner: failing scenario fails the run" \
	'exited with status 3' "$TOP/runner/run" "$s/fails" "$o/fails"
expect_fail "runner: missing scenario is a usage error" \
	'not found' "$TOP/runner/run" "$s/no-such-scenario" "$o/none"
