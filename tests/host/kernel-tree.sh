#!/bin/bash
# The kernel tree workflow on scratch clones of build/linux:
# - round trip: the series applied, a commit made, kernel-export, a fresh
#   tree from the exported series has the same commits (same patch ids),
#   and a second export of it is byte-identical;
# - a patch that does not apply stops the series, naming the patch and both
#   kernel versions.
. "$(dirname "$0")/../lib.sh"
. "$TOP/kernel/base.conf"
tree=$TOP/build/linux
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The directories the series touches, and what make kernelversion reads.
sparse_dirs=$(sed -n 's|^+++ b/\(.*\)/[^/]*$|/\1/|p' "$TOP"/kernel/patches/*.patch | sort -u)

# fresh_clone DIR: a clone of the pristine base, as kernel/tree.sh leaves
# it; checked out sparsely (top-level files and what the series touches):
# writing out all 80,000 files three times took most of this test's 5 min.
fresh_clone() {
	git clone -q --no-checkout "$tree" "$1" &&
		git -C "$1" fetch -q origin "refs/tags/$BASE_TAG:refs/tags/$BASE_TAG" &&
		git -C "$1" sparse-checkout set --no-cone '/*' '!/*/' /scripts/ '/arch/x86/Makefile*' $sparse_dirs &&
		git -C "$1" checkout -q -B master "$BASE_TAG"
}

patch_ids() { git -C "$1" log -p --reverse "$BASE_TAG..HEAD" | git patch-id --stable | cut -d' ' -f1; }

round_trip() {
	fresh_clone "$work/a" || return 1
	"$TOP/kernel/tree.sh" "$work/a" "$TOP/kernel/patches" || return 1
	echo "# round-trip test" >>"$work/a/README"
	git -C "$work/a" commit -q -a -s -m "README: round-trip test" || return 1
	"$TOP/kernel/export.sh" "$work/a" "$work/patches" || return 1
	fresh_clone "$work/b" || return 1
	"$TOP/kernel/tree.sh" "$work/b" "$work/patches" || return 1
	[ "$(patch_ids "$work/a")" = "$(patch_ids "$work/b")" ] ||
		{ echo "patch ids differ after the round trip"; return 1; }
	[ "$(git -C "$work/b" rev-list --count "$BASE_TAG..HEAD")" = \
	  "$(git -C "$work/a" rev-list --count "$BASE_TAG..HEAD")" ] || return 1
	"$TOP/kernel/export.sh" "$work/b" "$work/patches2" || return 1
	diff -r "$work/patches" "$work/patches2"
}
check "kernel-tree: export and re-apply give the same commits" round_trip

bad_patch() {
	mkdir -p "$work/badpatches"
	cat >"$work/badpatches/0001-does-not-apply.patch" <<'PATCH'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: Test <test@localhost>
Date: Thu, 1 Jan 2026 00:00:00 +0000
Subject: [PATCH] Makefile: a change against a line that is not there

---
 Makefile | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)

diff --git a/Makefile b/Makefile
--- a/Makefile
+++ b/Makefile
@@ -1,3 +1,3 @@
 # SPDX-License-Identifier: GPL-2.0
-VERSION = 5
+VERSION = 7
 PATCHLEVEL = 1
PATCH
	echo 0001-does-not-apply.patch >"$work/badpatches/series"
	rm -rf "$work/c"
	fresh_clone "$work/c" && "$TOP/kernel/tree.sh" "$work/c" "$work/badpatches"
}
expect_fail "kernel-tree: a patch that does not apply is named, with both versions" \
	"patch 0001-does-not-apply.patch does not apply to linux [0-9.]+ \(series made for linux $SERIES_KERNEL_VERSION\)" \
	bad_patch
