# In-guest helpers for the memory benches (copied to /ckrm/bin/bench-lib.sh
# by make guest). A group is where a workload runs: "ckrm:CLASS" (a class
# under /rcfs/taskclass), "memcg:CGROUP" (a cgroup under /sys/fs/cgroup) or
# "-" (where the caller is).
# shellcheck shell=sh

# group_file GROUP: the file a task joins GROUP through (/dev/null for "-").
group_file() {
	case $1 in
	ckrm:*) echo "/rcfs/taskclass/${1#ckrm:}/target" ;;
	memcg:*) echo "/sys/fs/cgroup/${1#memcg:}/cgroup.procs" ;;
	-) echo /dev/null ;;
	*) echo "bench-lib: bad group $1" >&2; return 2 ;;
	esac
}

# sh -c "$JOIN" FILE CMD...: join through FILE, then exec CMD, so that its
# address space starts out in the group.
# shellcheck disable=SC2016
JOIN='echo $$ >"$0" && exec "$@"'

# join GROUP CMD...: CMD in GROUP.
join() {
	f=$(group_file "$1")
	shift
	sh -c "$JOIN" "$f" "$@"
}

# hold GROUP PAGES: a task in GROUP with PAGES anonymous pages faulted in
# (the ckrm selftest's mem_test, as scenarios/lib/guest.sh's hold_anon),
# waiting to be killed; prints its pid once they are. A simple command in
# the background, not a function (see hold_anon).
hold() {
	f=$(group_file "$1")
	fifo=$(mktemp -u)
	mkfifo "$fifo"
	sh -c "$JOIN" "$f" env CKRM_MEM_CHILD=anon CKRM_MEM_PAGES="$2" \
		/ckrm/bin/selftests/ckrm/mem_test 3>"$fifo" </dev/null >/dev/null 2>&1 &
	pid=$!
	head -c1 "$fifo" >/dev/null
	rm -f "$fifo"
	echo "$pid"
}

# free_lru_pages: free plus LRU pages, what CKRM takes shares of (the
# root's guarantee); the same figure with ckrm=off.
free_lru_pages() {
	awk '/^(MemFree|Active|Inactive|Unevictable):/ { kb += $2 } END { print int(kb / 4) }' /proc/meminfo
}

# vmstat_sum NAME...: the sum of these /proc/vmstat counters.
vmstat_sum() {
	for n in "$@"; do echo "$n"; done |
		awk 'NR == FNR { want[$1] = 1; next } ($1 in want) { s += $2 } END { print s + 0 }' - /proc/vmstat
}

# anon_pages PID: the task's resident anonymous pages.
anon_pages() {
	awk '/^RssAnon:/ { print int($2 / 4) }' "/proc/$1/status"
}
