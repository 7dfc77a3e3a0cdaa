#!/bin/bash
# Prove that every prefix of the series builds: apply the patches one by
# one with git am to a scratch copy of the pristine tree and, after each,
# build vmlinux (and the series' own modules' objects) in up to three
# configurations:
#   on      kernel/config/series-check.config over tinyconfig (a small
#           kernel that compiles every line of the series, NUMA included),
#           less the options no Kconfig of this prefix defines yet
#   ckrm-n  the same with CONFIG_CKRM off
#   mem-n   the same with CONFIG_CKRM_MEM off, once a Kconfig defines it
# then compile the C files the patch touches with W=1 in "on", counting the
# warnings the pristine sources do not have (tests/host/w1-upstream-warnings.txt),
# and run checkpatch --strict on the patch. Prints a table as it goes
# (also build/series-check/table.txt); logs in build/series-check/logs/.
# Fails when a patch does not apply (the check stops there), a build
# fails, or checkpatch reports an ERROR.
#
# usage: kernel/series-check.sh [PATCH_DIR [TREE]]
#   PATCH_DIR  the series (default kernel/patches; its series file gives the order)
#   TREE       a tree made by kernel/tree.sh whose tag ckrm-base is cloned
#              (default build/linux); without one, the tarball is extracted
# environment:
#   SERIES_CHECK_CONFIGS  the configurations to build (default "on ckrm-n mem-n")
#   SERIES_CHECK_FROM, SERIES_CHECK_TO
#                         patch numbers: build and check only these (those
#                         before FROM are applied, those after TO are not)
#   JOBS                  make -j (default: nproc)
#
# The scratch tree (build/series-check/linux) is made anew on every run;
# the object directories (build/series-check/obj-*) persist, and kernel/cc
# (ccache, with the Makefile's CCACHE_BASEDIR) makes a rerun cheap.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
patches=$(realpath -m "${1:-$top/kernel/patches}")
src=$(realpath -m "${2:-$top/build/linux}")
. "$top/kernel/base.conf"
out=$top/build/series-check
tree=$out/linux
logs=$out/logs
table=$out/table.txt
known=$top/tests/host/w1-upstream-warnings.txt
jobs=${JOBS:-$(nproc)}
configs=${SERIES_CHECK_CONFIGS:-on ckrm-n mem-n}
from=${SERIES_CHECK_FROM:-1}
to=${SERIES_CHECK_TO:-}
# Not the test kernel's fragments: a build of that per patch and
# configuration took hours here; this one takes about 3 minutes from
# scratch, and has NUMA, which the test kernel lacks.
fragments=(series-check)

die() { echo "series-check: $*" >&2; exit 2; }

# The same cache as the Makefile's builds: with CCACHE_BASEDIR=$top, the
# compiler's paths seen from build/series-check/obj-on (../linux/...) are
# those seen from build/kernel-obj.
export CCACHE_DIR=${CCACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ckrm/ccache}
export CCACHE_DEPEND=${CCACHE_DEPEND:-1} CCACHE_BASEDIR=${CCACHE_BASEDIR:-$top}
# Our own make -j, outside any jobserver of a calling make.
unset MAKEFLAGS MFLAGS MAKELEVEL
# Nothing from the user's git configuration; the commits of kernel/tree.sh.
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_COMMITTER_NAME="$BASE_IDENT_NAME" GIT_COMMITTER_EMAIL="$BASE_IDENT_EMAIL"
export GIT_COMMITTER_DATE="$BASE_DATE"

for c in $configs; do
	case $c in on|ckrm-n|mem-n) ;; *) die "unknown configuration '$c' in SERIES_CHECK_CONFIGS (on, ckrm-n, mem-n)" ;; esac
done
[[ $from =~ ^[0-9]+$ ]] || die "SERIES_CHECK_FROM=$from is not a patch number"
[[ -z $to || $to =~ ^[0-9]+$ ]] || die "SERIES_CHECK_TO=$to is not a patch number"
[ -f "$patches/series" ] || die "$patches/series not found"
mapfile -t series < <(sed -e 's/[[:space:]]*$//' -e '/^$/d' -e '/^#/d' "$patches/series")
[ "${#series[@]}" -gt 0 ] || die "$patches/series names no patch"
for p in "${series[@]}"; do
	[ -f "$patches/$p" ] || die "series names $p, which is not in $patches"
done
wants() { [[ " $configs " == *" $1 "* ]]; }

start=$SECONDS
mkdir -p "$out"
rm -rf "$tree" "$logs"
mkdir -p "$logs"

# The pristine tree: a clone of the base tag of TREE, or the tarball.
if git -C "$src" rev-parse -q --verify "refs/tags/$BASE_TAG" >/dev/null 2>&1; then
	echo "  CLONE $src $BASE_TAG -> $tree"
	git clone -q --no-checkout "$src" "$tree"
	git -C "$tree" fetch -q origin "+refs/tags/$BASE_TAG:refs/tags/$BASE_TAG"
	git -C "$tree" checkout -q -B master "$BASE_TAG"
else
	empty=$(mktemp -d)
	"$top/kernel/tree.sh" "$tree" "$empty"
	rmdir "$empty"
fi
git -C "$tree" config gc.auto 0

# Make rebuilds what is older than its sources, and the tree is new on
# every run: date its files back, before any object, then make newer than
# their objects the files whose content differs from the one an object
# directory to be built was last built from. $out/changed lists every file
# a patch changed in any run; $out/obj-CONFIG.built the content (blob ids)
# of these files in the last successful build in obj-CONFIG.
old_date=@946684800
git -C "$tree" ls-files -z | (cd "$tree" && xargs -0 touch -h -d "$old_date" --)
touch "$out/changed"
note_changed() {
	{ cat "$out/changed"; git -C "$tree" diff --name-only "$BASE_TAG" HEAD; } | sort -u >"$out/changed.new"
	mv "$out/changed.new" "$out/changed"
}
blobs() { # REV PATH...: "path blob" per path, blob - when REV has no such file
	local -A b=()
	local path blob
	while read -r _ _ blob path; do b[$path]=$blob; done < <(git -C "$tree" ls-tree -r "$1" -- "${@:2}")
	for path in "${@:2}"; do echo "$path ${b[$path]:--}"; done
}
# settle PATH...: each file the same in the tree as in every object
# directory's last build is dated back, any other is dated now.
settle() {
	[ $# -gt 0 ] || return 0
	local -A cur=() built=()
	local c path blob unknown=0 stale seen=()
	while read -r path blob; do cur[$path]=$blob; done < <(blobs HEAD "$@")
	# A file not in a .built list was not changed yet: the base's.
	while read -r path blob; do
		for c in $configs; do built[$c:$path]=$blob; done
	done < <(blobs "$BASE_TAG" "$@")
	for c in $configs; do
		if [ -f "$out/obj-$c.built" ]; then
			while read -r path blob; do built[$c:$path]=$blob; done <"$out/obj-$c.built"
			seen+=("$c")
		elif [ -d "$out/obj-$c" ]; then
			unknown=1	# a build that failed or was stopped
		fi		# else never built: no object to be stale
	done
	for path in "$@"; do
		[ -e "$tree/$path" ] || continue
		stale=$unknown
		for c in "${seen[@]}"; do
			[ "${built[$c:$path]}" = "${cur[$path]}" ] || stale=1
		done
		if [ "$stale" = 1 ]; then
			touch -h -- "$tree/$path"
		else
			touch -h -d "$old_date" -- "$tree/$path"
		fi
	done
}
mapfile -t paths <"$out/changed"
settle "${paths[@]}"

kmake() { # OBJ ARG...: the kernel's make, out of tree, through kernel/cc
	local obj=$1
	shift
	make -C "$tree" O="$obj" -j"$jobs" CC="$top/kernel/cc" "$@"
}

defined_symbols() { # every config symbol some Kconfig of the tree defines
	git -C "$tree" grep -hE '^[[:space:]]*(menu)?config[[:space:]]+[A-Za-z0-9_]+' -- '*Kconfig*' |
		awk '{ print $2 }' | sort -u
}

# The series-check configuration in obj-on, less the options of the
# fragment that no Kconfig of this prefix defines yet (kernel/config.sh
# would report them as dropped).
configure_on() {
	local obj=$out/obj-on frags=() f
	mkdir -p "$out/fragments"
	defined_symbols >"$out/symbols"
	: >"$out/fragments/left-out"
	for f in "${fragments[@]}"; do
		awk -v left="$out/fragments/left-out" '
		     NR == FNR { def["CONFIG_" $1] = 1; next }
		     /^CONFIG_[A-Za-z0-9_]+=/ { sym = substr($0, 1, index($0, "=") - 1) }
		     /^# CONFIG_[A-Za-z0-9_]+ is not set/ { sym = $2 }
		     sym != "" && !(sym in def) { print sym >>left; sym = ""; next }
		     { sym = ""; print }' "$out/symbols" "$top/kernel/config/$f.config" >"$out/fragments/$f.config"
		frags+=("$out/fragments/$f.config")
	done
	[ ! -s "$out/fragments/left-out" ] ||
		echo "series-check: in no Kconfig yet, left out: $(tr '\n' ' ' <"$out/fragments/left-out")"
	"$top/kernel/config.sh" "$tree" "$obj" "${frags[@]}"
}

# A variant: the "on" configuration with one option off.
configure_off() { # CONFIG OPTION
	local obj=$out/obj-$1
	mkdir -p "$obj" &&
		cp "$out/obj-on/.config" "$obj/.config" &&
		"$tree/scripts/config" --file "$obj/.config" --disable "$2" &&
		make -s -C "$tree" O="$obj" olddefconfig >/dev/null &&
		echo "series-check: $(grep -E "^(# )?CONFIG_$2[= ]" "$obj/.config")"
}

# The objects of the series' own C files that OBJ builds as modules
# (obj-$(CONFIG_X) += name.o with CONFIG_X=m): vmlinux does not build them.
module_objects() { # OBJ
	local f dir name sym mf
	git -C "$tree" diff --name-only --diff-filter=d "$BASE_TAG" HEAD -- '*.c' ':!tools/' |
	while IFS= read -r f; do
		dir=$(dirname "$f") name=$(basename "$f" .c)
		for mf in "$tree/$dir/Makefile" "$tree/$dir/Kbuild"; do
			[ -f "$mf" ] || continue
			sym=$(sed -n "s/^obj-\$(CONFIG_\([A-Za-z0-9_]*\))[[:space:]]*[+:]\?=.*\<$name\.o\>.*/\1/p" "$mf" | head -n 1)
			if [ -n "$sym" ] && grep -qx "CONFIG_$sym=m" "$1/.config"; then
				echo "${f%.c}.o"
				break
			fi
		done
	done
}

build() { # CONFIG LOG: configure, then build vmlinux and the series' module objects
	local cfg=$1 log=$2 obj=$out/obj-$1 mods paths
	note_changed
	# Until the build ends well, its objects may come from any content.
	rm -f "$obj.built"
	{
		case $cfg in
		on) configure_on ;;
		ckrm-n) configure_off ckrm-n CKRM ;;
		mem-n) configure_off mem-n CKRM_MEM ;;
		esac || return 1
		mapfile -t mods < <(module_objects "$obj")
		echo "series-check: make vmlinux ${mods[*]}"
		kmake "$obj" vmlinux "${mods[@]}"
	} >"$log" 2>&1 || return 1
	mapfile -t paths <"$out/changed"
	blobs HEAD "${paths[@]}" >"$obj.built"
}

# new_warnings W1LOG: the W=1 warnings (file: message, without the tree's
# path and line numbers) not in the list of the pristine sources' ones.
new_warnings() {
	grep -E 'warning:' "$1" |
		sed -E -e "s|^([^: ]*/)?series-check/linux/||" -e 's|^\.\./linux/||' \
			-e 's/^([^:]*):[0-9]+:([0-9]+:)? /\1: /' |
		grep -vxFf <(grep -v '^#' "$known") | sort -u || true
}

w1() { # NUM: compile the C files the patch touches, as "on" builds them, with W=1
	local num=$1 f objs=()
	while IFS= read -r f; do
		[ -f "$out/obj-on/${f%.c}.o" ] && objs+=("${f%.c}.o")
	done < <(git -C "$tree" diff --name-only --diff-filter=d HEAD~1 HEAD -- '*.c' ':!tools/')
	if [ "${#objs[@]}" -eq 0 ]; then
		echo "series-check: no C file of the patch is built in this configuration" >"$logs/$num-w1.log"
		echo 0
		return
	fi
	echo "series-check: make W=1 ${objs[*]}" >"$logs/$num-w1.log"
	kmake "$out/obj-on" W=1 "${objs[@]}" >>"$logs/$num-w1.log" 2>&1 || true
	new_warnings "$logs/$num-w1.log" >"$logs/$num-w1.new"
	wc -l <"$logs/$num-w1.new"
}

checkpatch() { # NUM PATCH: "errors/warnings/checks", or ? when checkpatch did not finish
	local log=$logs/$1-checkpatch.log rc=0 total
	(cd "$tree" && ./scripts/checkpatch.pl --strict --terse --show-types "$2") >"$log" 2>&1 || rc=$?
	total=$(sed -n 's/^total: \([0-9]*\) errors, \([0-9]*\) warnings, \([0-9]*\) checks.*/\1\/\2\/\3/p' "$log")
	# --terse prints no total for a clean patch.
	if [ -z "$total" ] && [ "$rc" -eq 0 ]; then
		total=0/0/0
	fi
	echo "${total:-?}"
}

row() { printf '%-4s  %-7s  %-4s  %-6s  %-10s  %-12s  %-17s  %s\n' "$@" | tee -a "$table"; }
: >"$table"
row NNNN applies on CKRM=n CKRM_MEM=n W=1-warnings "checkpatch(E/W/C)" subject

failures=()
checked=0
n=0
for p in "${series[@]}"; do
	n=$((n + 1))
	num=$(printf %04d "$n")
	[ -z "$to" ] || [ "$n" -le "$to" ] || break
	[ "$n" -lt "$from" ] || checked=$((checked + 1))
	subject=$(git mailinfo /dev/null /dev/null <"$patches/$p" | sed -n 's/^Subject: //p')
	if ! git -C "$tree" am -q --committer-date-is-author-date "$patches/$p" >"$logs/$num-am.log" 2>&1; then
		git -C "$tree" am --abort >/dev/null 2>&1 || true
		row "$num" no - - - - - "$subject"
		failures+=("$num does not apply (logs/$num-am.log): $p")
		break
	fi
	mapfile -t paths < <(git -C "$tree" diff --name-only HEAD~1 HEAD)
	settle "${paths[@]}"
	if [ "$n" -lt "$from" ]; then
		row "$num" yes - - - - - "$subject"
		continue
	fi
	declare -A res=([on]=- [ckrm-n]=- [mem-n]=-)
	defined_symbols >"$out/symbols"
	for c in on ckrm-n mem-n; do
		wants "$c" || continue
		case $c in
		ckrm-n) grep -qx CKRM "$out/symbols" || continue ;;
		mem-n) grep -qx CKRM_MEM "$out/symbols" || continue ;;
		esac
		# The variants start from "on"'s configuration.
		if [ "$c" != on ] && ! wants on && [ ! -f "$logs/$num-on.log" ]; then
			configure_on >"$logs/$num-on.log" 2>&1 || true
		fi
		if build "$c" "$logs/$num-$c.log"; then
			res[$c]=ok
		else
			res[$c]=FAIL
			failures+=("$num does not build in $c (logs/$num-$c.log)")
		fi
	done
	warn=-
	[ "${res[on]}" != ok ] || warn=$(w1 "$num")
	cp=$(checkpatch "$num" "$patches/$p")
	case $cp in
	'?') failures+=("$num: checkpatch did not finish (logs/$num-checkpatch.log)") ;;
	0/*) ;;
	*) failures+=("$num has checkpatch errors (logs/$num-checkpatch.log)") ;;
	esac
	row "$num" yes "${res[on]}" "${res[ckrm-n]}" "${res[mem-n]}" "$warn" "$cp" "$subject"
	unset res
done

elapsed=$((SECONDS - start))
time=$(printf '%d min %02d s' $((elapsed / 60)) $((elapsed % 60)))
range=""
[ "$checked" -eq "${#series[@]}" ] || range=" of ${#series[@]}"
for f in "${failures[@]}"; do
	echo "series-check: FAIL $f" | tee -a "$table"
done
if [ "${#failures[@]}" -eq 0 ]; then
	echo "series-check: $checked$range patches, all build ($configs), in $time" | tee -a "$table"
else
	echo "series-check: $checked$range patches checked, ${#failures[@]} failure(s), in $time; logs in $logs" | tee -a "$table"
	exit 1
fi
