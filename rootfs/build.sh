#!/bin/bash
# Build the guest root filesystem: Debian bookworm minbase plus the packages
# in rootfs/packages and the files under rootfs/overlay, as an ext4 image made
# without loop mounts (mkfs.ext4 -d). The image is cached outside the
# checkout, keyed by a hash of this recipe, and rebuilt when the recipe
# changes. Prints the image's path on stdout.
#
# usage: rootfs/build.sh [--path-only]
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cache=${XDG_CACHE_HOME:-$HOME/.cache}/ckrm
suite=bookworm

die() { echo "rootfs: $*" >&2; exit 1; }

recipe_hash=$(cd "$here" && find build.sh packages overlay -type f -print0 | sort -z |
	xargs -0 sha256sum | sha256sum | cut -c1-16)
image=$cache/rootfs-$suite-$recipe_hash.ext4
if [ "${1:-}" = --path-only ] || [ -f "$image" ]; then
	echo "$image"
	exit 0
fi

[ "$(id -u)" = 0 ] || die "debootstrap needs root"
command -v debootstrap >/dev/null || die "debootstrap is not installed (make deps)"

# The mirror is whatever this host's apt uses for the suite, read at run
# time; with none found, debootstrap's own default.
mirror=$(apt-cache policy 2>/dev/null |
	awk -v s="$suite/main" '$3 == s && $4 ~ /amd64|all/ { print $2; exit }')

mkdir -p "$cache"
work=$(mktemp -d "$cache/rootfs-build.XXXXXX")
trap 'rm -rf "$work"' EXIT
dir=$work/root
includes=$(grep -v '^#' "$here/packages" | paste -sd, -)
echo "rootfs: debootstrap $suite (minbase + $includes) from ${mirror:-the default mirror of debootstrap}" >&2
debootstrap --variant=minbase --include="$includes" "$suite" "$dir" $mirror \
	>"$work/debootstrap.log" 2>&1 || { tail -n 20 "$work/debootstrap.log" >&2; die "debootstrap failed"; }

cp -a "$here/overlay/." "$dir/"
echo ckrm-guest >"$dir/etc/hostname"
# An unprivileged user for the permission tests.
chroot "$dir" useradd --uid 1000 --user-group --create-home ckrmuser
mkdir -p "$dir/rcfs" "$dir/ckrm"
chroot "$dir" apt-get clean
rm -rf "$dir/var/lib/apt/lists/"* "$dir/usr/share/doc/"* "$dir/usr/share/man/"*

size_mb=$(( $(du -sm "$dir" | cut -f1) * 13 / 10 + 256 ))
mkfs.ext4 -q -F -L ckrm-root -d "$dir" "$work/root.ext4" "${size_mb}M" ||
	die "mkfs.ext4 -d failed"
mv "$work/root.ext4" "$image"
# Older recipes' images are of no further use.
find "$cache" -maxdepth 1 -name "rootfs-$suite-*.ext4" ! -path "$image" -delete
echo "$image"
