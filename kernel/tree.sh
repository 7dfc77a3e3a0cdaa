#!/bin/bash
# Make build/linux: the pristine linux-source-6.1 tree as a git repository
# (first commit tagged $BASE_TAG), then the series in kernel/patches applied
# with git am in series order.
#
# usage: kernel/tree.sh [TREE] [PATCH_DIR]
#
# Every commit is made with a fixed identity and date so that a fresh
# extraction reproduces the same commit ids.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
tree=${1:-$top/build/linux}
patches=${2:-$top/kernel/patches}
tarball=${KERNEL_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
. "$top/kernel/base.conf"

die() { echo "kernel-tree: $*" >&2; exit 1; }

# Deterministic commits: same base id on every machine, same ids after git am.
export GIT_AUTHOR_NAME="$BASE_IDENT_NAME" GIT_AUTHOR_EMAIL="$BASE_IDENT_EMAIL"
export GIT_COMMITTER_NAME="$BASE_IDENT_NAME" GIT_COMMITTER_EMAIL="$BASE_IDENT_EMAIL"
export GIT_AUTHOR_DATE="$BASE_DATE" GIT_COMMITTER_DATE="$BASE_DATE"

# Debian's .gitignore ignores every top-level path ("/*"), which would hide
# new files from git status and git add. Drop that block from the working
# copy only: skip-worktree keeps the change out of every commit.
unhide_new_files() {
	sed -i '/^# Debian packaging: ignore everything at the top level/,/^!\/debian\/$/d' "$1/.gitignore"
	git -C "$1" update-index --skip-worktree .gitignore
}

tree_version() {
	make -s -C "$1" kernelversion 2>/dev/null || echo unknown
}

if [ ! -d "$tree/.git" ]; then
	[ -r "$tarball" ] || die "$tarball not found (install linux-source-6.1: make deps)"
	rm -rf "$tree.tmp"
	mkdir -p "$tree.tmp"
	echo "  EXTRACT $tarball -> $tree"
	tar -xf "$tarball" -C "$tree.tmp" --strip-components=1
	git -C "$tree.tmp" init -q -b master
	git -C "$tree.tmp" config core.autocrlf false
	git -C "$tree.tmp" config gc.auto 0
	git -C "$tree.tmp" add -A -f
	git -C "$tree.tmp" commit -q --no-verify \
		-m "Linux $(tree_version "$tree.tmp") (pristine $(basename "$tarball"))"
	git -C "$tree.tmp" tag "$BASE_TAG"
	mv "$tree.tmp" "$tree"
	unhide_new_files "$tree"
fi

git -C "$tree" rev-parse -q --verify "refs/tags/$BASE_TAG" >/dev/null ||
	die "$tree has no tag $BASE_TAG: not made by this script (remove it and retry)"

found=$(tree_version "$tree")
series=$patches/series
[ -f "$series" ] || { echo "  SERIES empty ($series missing)"; exit 0; }

# The tree must be at the base (plus possibly the series already applied).
head=$(git -C "$tree" rev-parse HEAD)
base=$(git -C "$tree" rev-parse "$BASE_TAG^{commit}")
if [ "$head" != "$base" ]; then
	echo "  TREE $tree already has commits past $BASE_TAG; not re-applying the series"
	echo "       (to start over: rm -rf $tree && make kernel-tree)"
	exit 0
fi

[ "$found" = "$SERIES_KERNEL_VERSION" ] ||
	echo "kernel-tree: warning: tree is linux $found, series made for $SERIES_KERNEL_VERSION" >&2

# git am takes author and date from each patch; the committer stays fixed.
unset GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_AUTHOR_DATE
while read -r p; do
	case "$p" in ''|'#'*) continue ;; esac
	[ -f "$patches/$p" ] || die "series names $p, which is not in $patches"
	if ! git -C "$tree" am -q --committer-date-is-author-date "$patches/$p" >/dev/null 2>&1; then
		git -C "$tree" am --abort >/dev/null 2>&1 || true
		die "patch $p does not apply to linux $found (series made for linux $SERIES_KERNEL_VERSION)"
	fi
	echo "  APPLY $p"
done <"$series"
