/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Events the trace does not hold. Two sources: the per-CPU ring-buffer
 * statistics stored in trace.dat (entries left behind, overruns, dropped
 * events; a trace can be cut short with no overrun reported:
 * shared/design/tracing-pitfalls.md), and the lost-events markers on
 * records. Each loss taints the replay from a point in time: a violation
 * seen before it stands; anything after it cannot be told from the loss.
 */
#ifndef LOSSES_H
#define LOSSES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum loss_kind {
	LOSS_ENTRIES_LEFT,    /* left in the ring buffer, never recorded (the tail) */
	LOSS_OVERRUN,         /* overwritten before they were read */
	LOSS_COMMIT_OVERRUN,  /* lost to nested writers filling a page */
	LOSS_DROPPED,         /* dropped when the buffer was full */
	LOSS_MISSED_IN_DATA,  /* a lost-events marker on a record */
	LOSS_NO_STATS,        /* no statistics stored: losses cannot be ruled out */
	LOSS_NR
};

struct cpu_losses {
	uint64_t count[LOSS_NR]; /* events, where the source gives a number */
	bool seen[LOSS_NR];
	bool unknown_count; /* some source gave no number */
};

#define LOSSES_MAX_CPUS 4096

struct losses {
	int nr_cpus;
	struct cpu_losses *cpu; /* nr_cpus entries */
	bool any;
	uint64_t taint_ts; /* earliest point the replay may be missing events */
};

void losses_init(struct losses *l);
void losses_free(struct losses *l);

/*
 * count < 0: an unknown number. since: the earliest time the lost events
 * may belong to (0: from the start of the trace).
 */
void losses_note(struct losses *l, int cpu, enum loss_kind kind, int64_t count, uint64_t since);

/* "273843 events lost on CPU 0 (left in the ring buffer), ..." */
void losses_describe(const struct losses *l, char *buf, size_t len);
uint64_t losses_total_known(const struct losses *l);
const char *loss_kind_name(enum loss_kind kind);

#endif
