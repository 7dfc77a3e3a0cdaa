#!/bin/bash
# What make test-kasan hands the runner, with nothing booted: a `timeout`
# stub first on PATH records the watchdog's arguments in place of QEMU's
# run (and a `flock` stub lets it by a guest that holds the swap image). runner/run's TIMEOUT_SCALE multiplies the scenario's TIMEOUT (and
# rejects what is not a positive number); tests/run-all runs one in-guest
# test or scenario by GROUP/NAME and writes under RUN_ALL_OUT, never to
# build/out's own directories.
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/stub" "$tmp/scn" "$tmp/bin"
cat >"$tmp/stub/timeout" <<'EOF'
#!/bin/sh
echo "$*" >>"$STUB_LOG"
EOF
chmod +x "$tmp/stub/timeout"
# No guest runs: no need to wait for one that holds the swap image.
printf '#!/bin/sh\nexit 0\n' >"$tmp/stub/flock"
chmod +x "$tmp/stub/flock"
printf '#!/bin/sh\nexit 0\n' >"$tmp/scn/run"
chmod +x "$tmp/scn/run"
touch "$tmp/bzImage" "$tmp/rootfs.img"
export PATH=$tmp/stub:$PATH STUB_LOG=$tmp/stub.log KERNEL=$tmp/bzImage \
	ROOTFS=$tmp/rootfs.img GUEST_BIN=$tmp/bin

# watchdog CONF-TIMEOUT SCALE: the seconds runner/run gives `timeout`.
watchdog() {
	rm -f "$STUB_LOG"
	if [ -n "$1" ]; then echo "TIMEOUT=$1" >"$tmp/scn/scenario.conf"; else rm -f "$tmp/scn/scenario.conf"; fi
	TIMEOUT_SCALE=$2 "$TOP/runner/run" "$tmp/scn" "$tmp/out" >/dev/null 2>&1
	awk '{ print $3; exit }' "$STUB_LOG" 2>/dev/null
}
check "runner: no TIMEOUT_SCALE keeps the scenario's TIMEOUT" test "$(watchdog 100 '')" = 100
check "runner: TIMEOUT_SCALE=2 doubles it" test "$(watchdog 100 2)" = 200
check "runner: TIMEOUT_SCALE scales the default TIMEOUT (300 s)" test "$(watchdog '' 2)" = 600
check "runner: a fractional TIMEOUT_SCALE rounds up" test "$(watchdog 101 1.5)" = 152
expect_fail "runner: TIMEOUT_SCALE must be a number" 'TIMEOUT_SCALE=2x is not a positive number' \
	env TIMEOUT_SCALE=2x "$TOP/runner/run" "$tmp/scn" "$tmp/out"
expect_fail "runner: TIMEOUT_SCALE must be positive" 'TIMEOUT_SCALE=0 is not a positive number' \
	env TIMEOUT_SCALE=0 "$TOP/runner/run" "$tmp/scn" "$tmp/out"

# run-all as make test-kasan calls it: one in-guest test, one scenario.
rm -f "$STUB_LOG"
RUN_ALL_OUT=$tmp/k- TIMEOUT_SCALE=2 "$TOP/tests/run-all" guest/rbce scenarios/storm >"$tmp/run-all.log" 2>&1
check "run-all: GROUP/NAME runs that one test and that one scenario" \
	test "$(grep -c '^# \(guest\|scenario\) ' "$tmp/run-all.log")" = 2
check "run-all: RUN_ALL_OUT prefixes the output directories" \
	test -f "$tmp/k-guest-rbce/elapsed-seconds" -a -f "$tmp/k-storm/elapsed-seconds"
check "run-all: the runner gets TIMEOUT_SCALE (rbce 900 s, storm 1200 s, doubled)" \
	test "$(awk '{ print $3 }' "$STUB_LOG" | tr '\n' ' ')" = "1800 2400 "
expect_fail "run-all: an unknown GROUP/NAME is an error before anything runs" \
	'no tests/guest/no-such/run' "$TOP/tests/run-all" guest/rbce guest/no-such
[ "$TAP_FAILURES" -eq 0 ]
