#!/bin/bash
# Install the host packages listed in scripts/host-packages with apt-get.
# With --check, install only when one of them is missing (what `make run`
# and `make test` call, so the README's two commands work on a fresh
# machine).
set -euo pipefail

list=$(dirname "$0")/host-packages
mapfile -t pkgs < <(grep -v '^#' "$list" | grep .)

missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed' ||
		missing+=("$p")
done
if [ "${1:-}" = --check ] && [ ${#missing[@]} -eq 0 ]; then
	exit 0
fi
[ "$(id -u)" = 0 ] || { echo "deps: missing ${missing[*]}; run 'make deps' as root" >&2; exit 1; }
echo "  DEPS apt-get install ${missing[*]:-(all present; refreshing)}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
apt-get install -y -q --no-install-recommends "${pkgs[@]}" >/dev/null
