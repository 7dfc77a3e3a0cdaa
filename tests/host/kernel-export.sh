#!/bin/bash
# kernel/export.sh refuses a tree with unfolded fixup!, squash! or amend!
# commits since the base tag, naming each and the rebase that folds them,
# and leaves the patch directory alone; once folded, the export succeeds.
# On a throwaway repository of a few files: no kernel tree needed.
. "$(dirname "$0")/../lib.sh"
. "$TOP/kernel/base.conf"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Nothing from the user's git configuration; a fixed identity.
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=Test GIT_AUTHOR_EMAIL=test@localhost
export GIT_COMMITTER_NAME=Test GIT_COMMITTER_EMAIL=test@localhost
# The rebase takes its todo list and combined messages as they are.
export GIT_SEQUENCE_EDITOR=true GIT_EDITOR=true

repo=$work/linux patches=$work/patches
git init -q -b master "$repo"
g() { git -C "$repo" "$@"; }
printf 'one\n' >"$repo/a.c"
printf 'two\n' >"$repo/b.c"
g add -A && g commit -q -m "Linux (pristine)" && g tag "$BASE_TAG"
printf 'one\nthree\n' >"$repo/a.c"
g commit -q -a -m "a: add three"
a=$(g rev-parse HEAD)
printf 'two\nfour\n' >"$repo/b.c"
g commit -q -a -m "b: add four"
b=$(g rev-parse HEAD)
printf 'one\nthree!\n' >"$repo/a.c"
g commit -q -a --fixup="$a"
fixup=$(g log -1 --format='%h %s')
printf 'two\nfour!\n' >"$repo/b.c"
g commit -q -a --squash="$b"
squash=$(g log -1 --format='%h %s')
g commit -q --allow-empty --fixup="amend:$a"
amend=$(g log -1 --format='%h %s')

# An earlier export the refusal must leave in place.
mkdir -p "$patches" && echo earlier >"$patches/0001-earlier.patch"

export_out=$work/export.out
"$TOP/kernel/export.sh" "$repo" "$patches" >"$export_out" 2>&1
rc=$?
check "kernel-export: refuses a tree with unfolded fixups" [ "$rc" -ne 0 ]
for c in "$fixup" "$squash" "$amend"; do
	check "kernel-export: names the unfolded commit '$c'" grep -qF -- "$c" "$export_out"
done
check "kernel-export: one line per unfolded commit" \
	test "$(grep -c '^kernel-export: unfolded ' "$export_out")" -eq 3
check "kernel-export: tells how to fold them" \
	grep -qF "git rebase -i --autosquash $BASE_TAG" "$export_out"
check "kernel-export: a refused export leaves the patch directory alone" \
	test "$(cat "$patches/0001-earlier.patch" 2>/dev/null)" = earlier
[ "$TAP_FAILURES" -eq 0 ] || sed 's/^/#   /' "$export_out"

fold_and_export() {
	g rebase -q -i --autosquash "$BASE_TAG" || return 1
	"$TOP/kernel/export.sh" "$repo" "$patches" || return 1
	ls "$patches"
	[ "$(grep -vc '^#' "$patches/series")" -eq 2 ] || return 1
	[ ! -e "$patches/0001-earlier.patch" ] || return 1
	grep -q '^+three!$' "$patches"/0001-*.patch &&
		grep -q '^+four!$' "$patches"/0002-*.patch &&
		! grep -qE '^Subject: .*(fixup|squash|amend)!' "$patches"/*.patch
}
check "kernel-export: after git rebase -i --autosquash, exports the folded series" fold_and_export
[ "$TAP_FAILURES" -eq 0 ]
