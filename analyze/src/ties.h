/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Timestamps shared by events of different CPUs. The trace is read in
 * timestamp order, so the events of one timestamp (a tie group) arrive
 * one after the other. With the counter clock there are none: every event
 * has its own number. With a clock of time (global, local...) two CPUs'
 * events can carry the same timestamp, and then nothing tells which came
 * first: libtracecmd delivers them in some order, which the replay takes.
 * Nothing is reordered here; a violation of checks 1-3 whose offending
 * event ties with related events of other CPUs (the same page; the same
 * class and zone; another snapshot row) says so in its message, and so
 * does a check 2 violation on a page whose state came from two CPUs'
 * events of one timestamp.
 */
#ifndef TIES_H
#define TIES_H

#include <stdbool.h>
#include <stdint.h>

#include "ckrm_event.h"

/* Events of one group kept for comparison; a bigger group is counted, not kept. */
#define TIE_GROUP_KEEP 64

struct tie_member {
	int cpu;
	enum ckrm_kind kind;
	uint64_t pfn;
	int32_t node, zone, cls_a, cls_b;
};

struct ties {
	bool started;
	uint64_t ts;       /* the current group's timestamp */
	uint32_t n;        /* events in the group */
	int first_cpu;
	bool cross_cpu;    /* the group holds events of two or more CPUs */
	struct tie_member m[TIE_GROUP_KEEP];
	bool had_first[3];  /* checks 1-3 had their first violation before this event */
	/* The page event being fed: another CPU's event of its page has its timestamp. */
	bool page_tie;
	int page_tie_cpu;
	uint64_t cross_cpu_groups; /* timestamps shared by ckrm events of two or more CPUs */
};

struct analysis;

/* Around each event's dispatch (analysis_feed()). */
void ties_before(struct analysis *a, const struct ckrm_event *ev);
void ties_after(struct analysis *a, const struct ckrm_event *ev);
/* Appends the notes to the first violations, when the clock can tie. */
void ties_finish(struct analysis *a);

#endif
