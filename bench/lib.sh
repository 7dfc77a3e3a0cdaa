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

# JOIN_FILE and hold_child.
# shellcheck disable=SC1091
. /ckrm/bin/scenario-lib.sh

# join GROUP CMD...: CMD in GROUP.
join() {
	f=$(group_file "$1")
	shift
	sh -c "$JOIN_FILE" "$f" "$@"
}

# hold GROUP PAGES: a task in GROUP with PAGES anonymous pages faulted in,
# waiting to be killed; prints its pid once they are.
hold() {
	hold_child "$(group_file "$1")" anon "" "$2"
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
