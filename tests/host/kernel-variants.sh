#!/bin/bash
# The series builds without the memory controller, without its fault
# injection (the controller as shipped) and without memcg: the test
# kernel's fragments without CONFIG_CKRM_MEM, CONFIG_CKRM_MEM_FAULT_INJECT,
# then CONFIG_MEMCG, each compiling every file the series touches that the
# variant builds, with W=1: a warning that the pristine sources do not
# have (w1-upstream-warnings.txt) fails. Objects only: a full build per
# variant would not fit the suite's time.
. "$(dirname "$0")/../lib.sh"
tree=$TOP/build/linux
known=$TOP/tests/host/w1-upstream-warnings.txt
export CCACHE_DIR=${CCACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ckrm/ccache}
export CCACHE_DEPEND=1 CCACHE_BASEDIR=$TOP
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The .c files of the series, as objects.
objs=$(cd "$tree" && git diff --name-only ckrm-base HEAD -- '*.c' |
	grep -v '^tools/' | sed 's/\.c$/.o/')

# new_warnings OUTPUT: the W=1 warnings not in the known list.
new_warnings() {
	grep -E '(warning|error):' "$1" |
		sed -E "s|^([^:]*/)?build/linux/||" | sed "s/^\\([^:]*\\):[0-9]*:\\([0-9]*:\\)\\? /\\1: /" |
		grep -vxFf <(grep -v '^#' "$known") || true
}

variant() { # name, then the options it turns off
	local name=$1 obj=$TOP/build/variant-$1 frags=() f o want=()
	shift
	mkdir -p "$work/$name"
	for f in "$TOP"/kernel/config/{guest,tracing,debug,ckrm}.config; do
		grep -vE "^CONFIG_($(IFS='|'; echo "$*"))=" "$f" >"$work/$name/$(basename "$f")"
		frags+=("$work/$name/$(basename "$f")")
	done
	printf '# CONFIG_%s is not set\n' "$@" >"$work/$name/off.config"
	check "variant $name: configures" \
		"$TOP/kernel/config.sh" "$tree" "$obj" "${frags[@]}" "$work/$name/off.config"
	make -s -C "$tree" O="$obj" CC="$TOP/kernel/cc" -j"$(nproc)" prepare >/dev/null 2>&1
	for o in $objs; do
		grep -q "^CONFIG_CKRM_MEM=y" "$obj/.config" || case $o in mm/ckrm_mem*) continue ;; esac
		grep -q "^CONFIG_CKRM_MEM_FAULT_INJECT=y" "$obj/.config" || case $o in mm/ckrm_mem_fault.o) continue ;; esac
		grep -q "^CONFIG_MEMCG=y" "$obj/.config" || case $o in mm/memcontrol.o) continue ;; esac
		# The device-memory free path: only with ZONE_DEVICE, which no
		# test kernel has.
		grep -q "^CONFIG_ZONE_DEVICE=y" "$obj/.config" || case $o in mm/memremap.o) continue ;; esac
		want+=("$o")
	done
	make -s -C "$tree" O="$obj" CC="$TOP/kernel/cc" W=1 -j"$(nproc)" "${want[@]}" >"$work/$name.log" 2>&1
	check "variant $name: ${#want[@]} files of the series compile" [ $? -eq 0 ]
	new_warnings "$work/$name.log" >"$work/$name.new"
	check "variant $name: no W=1 warning the pristine sources lack" \
		bash -c 'cat "$1"; [ ! -s "$1" ]' _ "$work/$name.new"
}

variant no-ckrm-mem CKRM_MEM CKRM_MEM_DEBUG CKRM_MEM_FAULT_INJECT
# The memory controller as shipped: the fault hooks compiled out.
variant no-fault-inject CKRM_MEM_FAULT_INJECT
variant no-memcg MEMCG
[ "$TAP_FAILURES" -eq 0 ]
