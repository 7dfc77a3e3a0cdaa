#!/bin/bash
# Write the commits of build/linux since the base tag back to kernel/patches
# (git format-patch) together with the series file, so that the repository
# holds only the series and `make kernel-tree` reproduces the same commits.
#
# usage: kernel/export.sh [TREE] [PATCH_DIR]
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
tree=$(realpath -m "${1:-$top/build/linux}")
# Absolute: format-patch runs in the tree.
patches=$(realpath -m "${2:-$top/kernel/patches}")
. "$top/kernel/base.conf"

die() { echo "kernel-export: $*" >&2; exit 1; }

[ -d "$tree/.git" ] || die "$tree is not a kernel tree made by make kernel-tree"
git -C "$tree" rev-parse -q --verify "refs/tags/$BASE_TAG" >/dev/null ||
	die "$tree has no tag $BASE_TAG"
[ -z "$(git -C "$tree" status --porcelain --untracked-files=no)" ] ||
	die "$tree has uncommitted changes: commit them first"
# A fixup exported as a patch of its own would put a correction after the
# patch it corrects, and every prefix before it would carry the bug.
unfolded=$(git -C "$tree" log --reverse --format='%h %s' "$BASE_TAG..HEAD" |
	grep -E '^[0-9a-f]+ (fixup|squash|amend)! ' || true)
if [ -n "$unfolded" ]; then
	while read -r id subject; do
		echo "kernel-export: unfolded ${subject%%!*}: $id $subject" >&2
	done <<<"$unfolded"
	die "fold them into the patches they correct first: cd $tree && git rebase -i --autosquash $BASE_TAG"
fi

mkdir -p "$patches"
rm -f "$patches"/*.patch
git -C "$tree" format-patch -q --no-signature --zero-commit --no-numbered \
	--output-directory "$patches" "$BASE_TAG..HEAD"
{
	echo "# CKRM patch series for Linux $SERIES_KERNEL_VERSION (Debian linux-source-6.1),"
	echo "# applied in this order by kernel/tree.sh; written by kernel/export.sh."
	(cd "$patches" && ls -1 -- *.patch 2>/dev/null || true)
} >"$patches/series"
echo "  EXPORT $(grep -vc "^#" "$patches/series" || true) patches -> $patches"
