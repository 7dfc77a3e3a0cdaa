#!/bin/bash
# Check that every option the fragments ask for survived in CONFIG: kconfig
# drops an option without a word when its dependencies are not met.
#
# usage: kernel/check-config.sh CONFIG FRAGMENT...
set -euo pipefail

config=$1
shift
[ -r "$config" ] || { echo "check-config: $config not found" >&2; exit 2; }

dropped=0
for frag in "$@"; do
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=*)
			opt=${line%%=*}
			if ! grep -qxF -- "$line" "$config"; then
				got=$(grep -E "^$opt=|^# $opt is not set" "$config" || echo "absent")
				echo "check-config: $(basename "$frag") asks for $line, kconfig gave: $got" >&2
				dropped=$((dropped + 1))
			fi
			;;
		"# CONFIG_"*" is not set")
			opt=${line#\# }
			opt=${opt%% *}
			if grep -qE "^$opt=" "$config"; then
				echo "check-config: $(basename "$frag") asks for $opt off, kconfig gave: $(grep -E "^$opt=" "$config")" >&2
				dropped=$((dropped + 1))
			fi
			;;
		esac
	done <"$frag"
done
if [ "$dropped" -ne 0 ]; then
	echo "check-config: $dropped option(s) dropped by kconfig; fix their dependencies in the fragments" >&2
	exit 1
fi
