/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reclaim passes: the classes ckrm_victim_select offered and chose (the
 * victim check, victim.c, judges each pass as it closes), what
 * ckrm_reclaim then took from each (check 4), kept for the report. A
 * pass's fallback is its selection's; a ckrm_reclaim repeating another
 * flag is a violation. Reclaim that took nothing is not judged. Pass ids
 * are assumed to increase (a question for the kernel side, see README.md):
 * a ckrm_reclaim whose pass is older than every selection seen belongs to
 * a pass that started before the trace.
 */
#ifndef RECLAIM_H
#define RECLAIM_H

#include <stdbool.h>
#include <stdint.h>

#include "ckrm_event.h"
#include "u64map.h"

struct pass_class {
	uint32_t class_index;
	int32_t cls;
	bool has_select, selected;
	bool select_fallback; /* its ckrm_victim_select's flag */
	uint64_t select_ts;   /* its ckrm_victim_select, rebuilt for a violation */
	int select_cpu;
	uint64_t usage, share, guarantee, limit;
	int32_t weight;
	bool has_reclaim;
	uint64_t scanned, skipped, reclaimed;
};

struct pass {
	uint64_t id;
	uint64_t ts;
	int cpu;
	int32_t node, priority;
	bool fallback_select; /* the selection's flag: the pass's (events.md) */
	int32_t target;       /* 1: a class's limit reclaim; 0: not; -1: the trace does not say */
	struct pass_class *classes;
	uint32_t nr_classes, cap;
};

/* Passes checked at once: more than any reclaim keeps in flight. */
#define PASS_WINDOW 1024
/* Passes described in the report; the rest are counted. */
#define PASS_REPORT_MAX 100

/* The victim check's counts (victim.c). */
struct victim_stats {
	uint64_t passes, fallbacks, everyone;
	uint64_t limit_passes; /* marked a class's limit reclaim (target=1): one victim, shares aside */
	uint64_t maybe_limit; /* over their share, left out of a one-victim pass: not judged */
	uint64_t beyond_cap;  /* over their share, lighter than the kernel's VICTIMS_MAX victims */
};

/* A pass that reclaimed pages, for the plot's marks. */
struct reclaim_mark {
	uint64_t ts;        /* its first event */
	uint64_t reclaimed; /* pages, all classes */
};

struct reclaim_state {
	struct pass *window; /* ring of the newest passes */
	uint32_t head, count;
	struct u64map by_id; /* pass id -> window slot */
	struct pass *shown;  /* the first PASS_REPORT_MAX passes, closed */
	uint32_t nr_shown;
	uint64_t passes, fallback_passes;
	uint64_t oldest_selected; /* smallest pass id with a selection */
	bool any_select, evicted;
	uint64_t newest_evicted;
	uint64_t started_before_trace, out_of_window;
	uint64_t reclaimed_nothing; /* ckrm_reclaim events with reclaimed=0: not judged */
	struct victim_stats victim;
	struct reclaim_mark *marks; /* every pass that reclaimed pages */
	size_t nr_marks, cap_marks;
};

struct analysis;

void reclaim_init(struct reclaim_state *r);
void reclaim_free(struct reclaim_state *r);
void reclaim_select(struct analysis *a, const struct ckrm_event *ev);
void reclaim_done(struct analysis *a, const struct ckrm_event *ev);
void reclaim_finish(struct analysis *a);

/* The pass is a fallback: as its selection says (ckrm_victim_select). */
static inline bool pass_fallback(const struct pass *p)
{
	return p->fallback_select;
}

/* The pass with this id while it is in the window (not yet closed), or NULL. */
const struct pass *reclaim_find_pass(const struct reclaim_state *r, uint64_t id);

/* Why the pass chose, or did not choose, a class: for the report. */
const char *pass_class_why(const struct pass *p, const struct pass_class *pc, char *buf, size_t len);

#endif
