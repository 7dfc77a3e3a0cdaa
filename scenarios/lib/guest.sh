# In-guest helpers for scenario run scripts.
# shellcheck shell=sh
TC=/rcfs/taskclass

# A snapshot of every class's counters into the trace (ckrm_class_stat).
snapshot() {
	echo res=mem,snapshot >"$TC/stats"
}

# stat CLASS KEY: a "res=mem,...,KEY=N" value of a class's stats.
stat() {
	sed -n "s/^res=mem,usage=.*[,]$2=\([0-9]*\).*/\1/p; s/^res=mem,$2=\([0-9]*\).*/\1/p" "$TC/$1/stats" | head -n1
}

# sh -c "$JOIN_EXEC" CLASSDIR CMD...: join the class, then exec CMD.
JOIN_EXEC='echo $$ >"$0/target" && exec "$@"'

# in_class CLASS CMD...: run CMD in CLASS.
in_class() {
	cls=$1
	shift
	sh -c "$JOIN_EXEC" "$TC/$cls" "$@"
}

# sh -c "$JOIN_FILE" FILE CMD...: write the pid to FILE (a class's target,
# a cgroup's cgroup.procs, /dev/null), then exec CMD, so that its address
# space starts out in that group.
# shellcheck disable=SC2016
JOIN_FILE='echo $$ >"$0" && exec "$@"'

# hold_child FILE MODE ARG PAGES: a mem_test child (MODE anon; map or
# mapfork with ARG the file) holding PAGES pages, joined through FILE,
# waiting to be killed; prints its pid once they are in. A simple command, not a
# function, in the background: dash keeps a function's saved stdout open
# in its subshell, which would hold the caller's $(...) open.
hold_child() {
	fifo=$(mktemp -u)
	mkfifo "$fifo"
	sh -c "$JOIN_FILE" "$1" env CKRM_MEM_CHILD="$2" CKRM_MEM_ARG="$3" CKRM_MEM_PAGES="$4" \
		/ckrm/bin/selftests/ckrm/mem_test 3>"$fifo" </dev/null >/dev/null 2>&1 &
	pid=$!
	head -c1 "$fifo" >/dev/null
	rm -f "$fifo"
	echo "$pid"
}

# hold_anon CLASS PAGES: a task in CLASS with PAGES anonymous pages.
hold_anon() {
	hold_child "$TC/$1/target" anon "" "$2"
}

# hold_map CLASS FILE PAGES: a task in CLASS mapping FILE, every page read.
hold_map() {
	hold_child "$TC/$1/target" map "$2" "$3"
}

# bt_start SCRIPT NAME: run bpftrace on SCRIPT in the background, output in
# $OUT/NAME.out and .err; returns once its probes are attached, which its
# BEGIN probe says ("Attaching N probes" comes before they are). bpftrace
# finds the kernel's headers in /sys/kernel/kheaders.tar.xz (no BTF here).
bt_start() {
	modprobe kheaders
	bpftrace "$1" >"$OUT/$2.out" 2>"$OUT/$2.err" &
	BT=$!
	i=0
	until grep -q 'Hit Ctrl-C' "$OUT/$2.out" 2>/dev/null; do
		if ! kill -0 "$BT" 2>/dev/null || [ $i -ge 1200 ]; then
			echo "bpftrace $1 did not start:"
			cat "$OUT/$2.err"
			return 1
		fi
		sleep 0.1
		i=$((i + 1))
	done
}

# bt_stop: SIGINT makes bpftrace print its maps and exit; one that has not
# within a minute is killed, and the scenario fails rather than hangs.
bt_stop() {
	kill -INT "$BT"
	i=0
	while kill -0 "$BT" 2>/dev/null; do
		if [ $i -ge 600 ]; then
			echo "bpftrace did not exit within 60 s of SIGINT"
			kill -KILL "$BT"
			wait "$BT" || true
			return 1
		fi
		sleep 0.1
		i=$((i + 1))
	done
	wait "$BT" || true
}

# story_workload: a short run that gives every check of ckrm-analyze
# something to judge. Three classes: gold (guarantee 50), silver
# (guarantee 10, limit 15) and bronze (guarantee 5). A 16 MB file read by
# silver, then mapped by all three, goes to gold, the largest share; when
# gold's mapper exits each page is weighed again between silver and
# bronze. Silver then runs into its limit and reclaims from itself. Gold
# holds a fifth of memory, under its guarantee, while bronze asks for
# nine tenths: global reclaim takes bronze's pages and spares gold's.
# Bronze's task then moves to gold, its pages with it. Snapshots between
# the steps; the classes are removed at the end. Leaves /var/tmp/story.
story_workload() {
	file=/var/tmp/story file_pages=4096
	total=$(stat . guarantee)
	[ -f "$file" ] || dd if=/dev/zero of="$file" bs=4096 count=$file_pages status=none
	sync
	echo 1 >/proc/sys/vm/drop_caches
	mkdir "$TC/gold" "$TC/silver" "$TC/bronze"
	echo res=mem,guarantee=50 >"$TC/gold/shares"
	echo res=mem,guarantee=10,limit=15 >"$TC/silver/shares"
	echo res=mem,guarantee=5 >"$TC/bronze/shares"
	snapshot
	in_class silver cat "$file" >/dev/null
	ms=$(hold_map silver "$file" $file_pages)
	mb=$(hold_map bronze "$file" $file_pages)
	mg=$(hold_map gold "$file" $file_pages)
	snapshot
	kill "$mg"
	wait "$mg" || true
	sleep 1
	snapshot
	sl=$(hold_anon silver $((total / 4)))
	snapshot
	kill "$sl"
	wait "$sl" || true
	g=$(hold_anon gold $((total / 5)))
	b=$(hold_anon bronze $((total * 9 / 10)))
	snapshot
	for c in gold silver bronze; do echo "  $c: $(head -n1 "$TC/$c/stats")"; done
	echo "$b" >"$TC/gold/target"
	sleep 1
	snapshot
	kill "$g" "$b" "$ms" "$mb"
	wait || true
	rmdir "$TC/gold" "$TC/silver" "$TC/bronze"
	snapshot
}
