/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The per-CPU ring-buffer statistics trace-cmd stores in trace.dat, as the
 * text `trace-cmd report --stat` prints:
 *
 *   CPU: 0
 *   entries: 0
 *   overrun: 0
 *   commit overrun: 0
 *   ...
 *   dropped events: 0
 *   read events: 41017
 */
#ifndef CPUSTATS_H
#define CPUSTATS_H

#include <stdbool.h>
#include <stdint.h>

struct cpu_stat {
	bool present; /* a "CPU: N" block */
	bool has_entries, has_overrun, has_commit_overrun, has_dropped, has_read;
	uint64_t entries, overrun, commit_overrun, dropped, read;
};

/* Fills stats[0..nr_cpus-1]; returns the number of CPU blocks found. */
int cpustats_parse(const char *text, struct cpu_stat *stats, int nr_cpus);

#endif
