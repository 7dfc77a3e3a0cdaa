#!/bin/bash
# kernel/config.sh: the real fragments survive olddefconfig, and an option
# kconfig cannot honour (its dependency is off) fails the configuration,
# naming the option.
. "$(dirname "$0")/../lib.sh"
tree=$TOP/build/linux
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
frags=("$TOP"/kernel/config/{guest,tracing,debug,ckrm}.config)

check "config: the project's fragments survive olddefconfig" \
	"$TOP/kernel/config.sh" "$tree" "$work/good" "${frags[@]}"
# make kernel-bench: the same without debug.config.
check "config: the bench kernel's fragments (no debug.config) survive" \
	"$TOP/kernel/config.sh" "$tree" "$work/bench" "${frags[0]}" "${frags[1]}" "${frags[3]}"
# make kernel-kasan: the same with kasan.config merged last.
check "config: the KASAN kernel's fragments (kasan.config last) survive" \
	"$TOP/kernel/config.sh" "$tree" "$work/kasan" "${frags[@]}" "$TOP/kernel/config/kasan.config"

# KPROBE_EVENTS needs KPROBES: turning KPROBES off makes kconfig drop it.
cp "$TOP/kernel/config/tracing.config" "$work/tracing.config"
sed -i 's/^CONFIG_KPROBES=y/# CONFIG_KPROBES is not set/' "$work/tracing.config"
expect_fail "config: an option kconfig drops fails the build, named" \
	'asks for CONFIG_KPROBE_EVENTS=y' \
	"$TOP/kernel/config.sh" "$tree" "$work/bad" "${frags[0]}" "$work/tracing.config"

printf 'CONFIG_NO_SUCH_OPTION_CKRM=y\n' >"$work/bogus.config"
expect_fail "config: an option that does not exist fails, named" \
	'CONFIG_NO_SUCH_OPTION_CKRM=y' \
	"$TOP/kernel/check-config.sh" "$work/good/.config" "$work/bogus.config"
