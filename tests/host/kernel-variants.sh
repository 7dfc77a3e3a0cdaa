#!/bin/bash
# The series builds without the memory controller and without memcg: the
# test kernel's fragments with CONFIG_CKRM_MEM=n, then with CONFIG_MEMCG=n,
# each compiling every file the series touches that the variant builds
# (W=1, warnings fail). Objects only: a full build per variant would not
# fit the suite's time.
. "$(dirname "$0")/../lib.sh"
tree=$TOP/build/linux
frags=("$TOP"/kernel/config/{guest,tracing,debug,ckrm}.config)
export CCACHE_DIR=${CCACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ckrm/ccache}
export CCACHE_DEPEND=1 CCACHE_BASEDIR=$TOP

# The .c files of the series, as objects.
objs=$(cd "$tree" && git diff --name-only ckrm-base HEAD -- '*.c' |
	grep -v '^tools/' | sed 's/\.c$/.o/')

variant() { # name fragment-line
	local name=$1 line=$2 obj=$TOP/build/variant-$1 want=() o
	printf '%s\n' "$line" >"$TOP/build/variant-$name.config"
	check "variant $name: configures" \
		"$TOP/kernel/config.sh" "$tree" "$obj" "${frags[@]}" "$TOP/build/variant-$name.config"
	make -s -C "$tree" O="$obj" CC="ccache gcc" -j"$(nproc)" prepare >/dev/null 2>&1
	for o in $objs; do
		# Only what this configuration builds (Kbuild knows: ask it).
		grep -q "^CONFIG_CKRM_MEM=y" "$obj/.config" || case $o in mm/ckrm_mem*) continue ;; esac
		grep -q "^CONFIG_MEMCG=y" "$obj/.config" || case $o in mm/memcontrol.o) continue ;; esac
		want+=("$o")
	done
	check "variant $name: ${#want[@]} files of the series compile with W=1, no warnings" \
		bash -c 'out=$(make -s -C "$1" O="$2" CC="ccache gcc" W=1 -j"$(nproc)" "${@:3}" 2>&1); rc=$?; echo "$out"; [ $rc -eq 0 ] && ! grep -E "(warning|error):" <<<"$out" | grep -v "^$1/kernel/fork.c:.*warning: \(Function parameter\|Excess function\|bad line\|expecting prototype\)"' \
		_ "$tree" "$obj" "${want[@]}"
}

variant no-ckrm-mem '# CONFIG_CKRM_MEM is not set'
variant no-memcg '# CONFIG_MEMCG is not set'
[ "$TAP_FAILURES" -eq 0 ]
