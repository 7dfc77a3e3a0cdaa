#!/bin/bash
# Configure the out-of-tree kernel build: tinyconfig as the minimal base, the
# fragments merged over it with merge_config.sh, then olddefconfig. Fails,
# naming them, when kconfig silently dropped options the fragments ask for.
#
# usage: kernel/config.sh TREE OBJ FRAGMENT...
set -euo pipefail

tree=$1 obj=$2
shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
# Serial and quick: not a job of the calling make's jobserver, whose
# descriptors this script does not get ("jobserver unavailable").
unset MAKEFLAGS MFLAGS

mkdir -p "$obj"
make -s -C "$tree" O="$obj" tinyconfig >/dev/null
cp "$obj/.config" "$obj/tinyconfig.base"
(cd "$obj" && "$tree/scripts/kconfig/merge_config.sh" -m -O "$obj" \
	"$obj/tinyconfig.base" "$@" >"$obj/merge_config.log")
make -s -C "$tree" O="$obj" olddefconfig >/dev/null
"$top/kernel/check-config.sh" "$obj/.config" "$@"
