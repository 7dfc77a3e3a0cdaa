#!/bin/bash
# bench/profile's QEMU plugin: it builds with -Werror, refuses bad
# arguments, and attributes a booted kernel's instructions to the
# functions of its System.map (the test kernel, booted until it panics for
# want of a root filesystem). bench/profile/run's own argument checks.
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
plugin=$dir/insn-count.so

check "plugin builds with -Wall -Wextra -Werror" \
	make -s -C "$TOP/bench/profile" OUT="$dir"

qemu() { timeout -k 5 120 qemu-system-x86_64 -accel tcg -nodefaults -display none \
	-monitor none -no-reboot -m 256M "$@"; }
printf 'ffffffff81000000 T _stext\n' >"$dir/one.map"

expect_fail "plugin refuses an unknown argument" "unknown argument bogus=1" \
	qemu -plugin "$plugin,map=$dir/one.map,out=$dir/x,bogus=1"
expect_fail "plugin needs map= and out=" "needs map=System.map and out=FILE" \
	qemu -plugin "$plugin,out=$dir/x"
expect_fail "plugin names a System.map it cannot open" "cannot open $dir/none" \
	qemu -plugin "$plugin,map=$dir/none,out=$dir/x"

kernel=$TOP/build/kernel-obj/arch/x86/boot/bzImage map=$TOP/build/kernel-obj/System.map
if [ -f "$kernel" ] && [ -f "$map" ]; then
	qemu -kernel "$kernel" -append "panic=-1 console=ttyS0" -serial "file:$dir/console" \
		-plugin "$plugin,map=$map,out=$dir/boot.counts" >/dev/null 2>&1
	count() { awk -v f="$1" '$2 == f { print $1 }' "$dir/boot.counts"; }
	check "a boot's counts name kernel functions: start_kernel ran" \
		test "$(count start_kernel)" -gt 0
	check "user space and firmware are counted apart" \
		test "$(count '[user]')" -gt 0
	check "counts are sorted, largest first" \
		sh -c "tail -n +3 '$dir/boot.counts' | sort -s -k1,1 -n -r -c"
else
	not_ok "no test kernel at $kernel to boot (make kernel)"
fi

expect_fail "run refuses an unknown workload" "unknown workload fork" \
	"$TOP/bench/profile/run" fork "$dir/out"
expect_fail "run needs a workload and an output directory" "usage: bench/profile/run" \
	"$TOP/bench/profile/run" anon
KERNEL=$dir/none expect_fail "run names a missing kernel" "no kernel at $dir/none" \
	"$TOP/bench/profile/run" anon "$dir/out"
exit "$TAP_FAILURES"
