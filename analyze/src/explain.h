/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --class PATH: why one class gained and lost pages. "Pages of the class"
 * are its LRU pages (active + inactive + unevictable over all zones), as
 * ckrm_class_stat snapshots count them and the drift check replays them.
 * Every LRU event that changes the class's count goes to exactly one
 * cause (enum explain_cause), so the causes partition the class's change
 * between its first and its last snapshot: the explanation is checked
 * against the snapshots themselves (exact, or a failure).
 *
 * A deletion's cause is known only from what the page does next: put back
 * (rotation, activation, a reclaim scan that kept it), freed (uncharge),
 * re-added to another class, or nothing until the end. So a deletion is
 * pending until then, and moved to its cause afterwards; the counts are
 * kept as of the first and the latest snapshot of the class, and a late
 * decision corrects both when the deletion came before them.
 */
#ifndef EXPLAIN_H
#define EXPLAIN_H

#include <stdbool.h>
#include <stdint.h>

#include "check.h"
#include "ckrm_event.h"
#include "reclaim.h"
#include "u64map.h"

enum explain_cause {
	XC_PENDING,      /* off the LRU, its cause not known yet (none at the end) */
	XC_RECLAIM,      /* deleted in a reclaim pass that selected the class, not put back */
	XC_PUTBACK,      /* taken off its LRU and put back on it: pairs net zero */
	XC_CHARGE,       /* a page newly charged to it (ckrm_page_class charge) went on its LRU */
	XC_MOVE,         /* ckrm_lru_adjust to/from another class; reason: its ckrm_page_class's */
	XC_OFFLRU_MOVE,  /* left one class's LRU and came back on the other's (owner changed while off) */
	XC_FREED,        /* left the LRU outside reclaim, then freed (uncharge) */
	XC_LEFT,         /* left the LRU outside reclaim, not back by the end of the trace */
	XC_UNSEEN_ADD,   /* went on its LRU, no earlier event of the page in the trace */
	XC_REPARENT_IN,  /* a removed child's counts joined the class's (ckrm_class_reparent) */
	XC_REPARENT_OUT, /* the class itself was reparented: its counts went to its parent */
	XC_NR
};

/* A page-count change: gained, lost, and how many events made it. */
struct xcount {
	int64_t gained, lost;
	uint64_t events;
};

/* One cause, with another class and an ownership reason where they apply. */
struct xbucket {
	enum explain_cause cause;
	uint32_t other;         /* class index, or NO_CLASS_INDEX */
	int32_t reason;         /* enum page_class_reason, -1 none or unknown */
	struct xcount run;      /* the whole trace so far */
	struct xcount at_first; /* as of the class's first snapshot */
	struct xcount at_last;  /* as of its latest snapshot */
	/* rmap moves: the first decision each way ([1]: to the class), with its candidates. */
	bool has_example[2];
	struct ckrm_event example[2];
};

/* A reclaim pass that selected the class. */
struct xpass {
	struct pass pass;    /* its selection, every class's (copied once it is complete) */
	bool copied;
	uint32_t ordinal;    /* snapshots of the class before the pass */
	uint64_t usage, share, reclaimed, scanned;
	int32_t weight;
	int64_t lost;        /* LRU pages deleted in it and not put back */
};

/* An address space's move (ckrm_mm_class) and the class's LRU pages it moved. */
struct xwalk {
	uint64_t ts;
	int cpu;
	int32_t pid, from, to;
	uint32_t from_index, to_index;
	uint64_t walked, moved;
	int64_t gained, lost;
};

/* Migrate adjusts not yet claimed by a walk, by the walk's from and to. */
struct xmig {
	int32_t from, to;
	int64_t gained, lost;
};

struct explain {
	const char *path;   /* as given */
	bool found;
	uint32_t target;    /* class index, once found */
	bool list_passes;   /* --passes */

	struct xbucket *buckets;
	uint32_t nr_buckets, cap_buckets;
	struct u64map pages; /* pfn -> struct xpage (explain.c) */

	/* Snapshots of the class: ordinal counts them (by seq). */
	uint32_t ordinal;
	uint64_t cur_seq;
	uint64_t first_seq, last_seq, first_ts, last_ts;
	int64_t first_pages, last_pages;

	/*
	 * The pass each reclaiming task has open (its victim_select seen, its
	 * ckrm_reclaim not yet): task key (explain.c) -> pass id. By task, not
	 * CPU: kswapd moves between CPUs within a pass.
	 */
	struct u64map open_pass;
	struct xpass *passes;
	uint32_t nr_passes, cap_passes;
	struct u64map pass_index; /* pass id -> uint32_t index in passes */
	uint64_t passes_considered, passes_selected, fallback_selected;

	struct xwalk *walks;
	uint32_t nr_walks, cap_walks;
	struct xmig *mig;
	uint32_t nr_mig, cap_mig;

	/* Concluded by explain_finish(). */
	bool finished;
	enum check_status status; /* ST_PASS: exact; ST_FAIL: mismatch; ST_UNVERIFIABLE */
	char reason[320];
	int64_t gained, lost, explained, snapshot_delta;
	int64_t putback_net;
	uint64_t putback_pages; /* pages taken off and put back in the window */
	uint64_t passes_lost;   /* passes in which it lost LRU pages */
	int64_t reclaim_lost;   /* in the window */
	uint64_t reclaimed;     /* ckrm_reclaim's sum over the passes that selected it */
};

struct analysis;

/* Before the first event: explain the class named path (a->explain). */
void explain_start(struct analysis *a, const char *path, bool list_passes);
void explain_free(struct analysis *a);
/* After the analysis handled the event. */
void explain_event(struct analysis *a, const struct ckrm_event *ev);
/* Before the reclaim passes close (analysis_finish()). */
void explain_finish(struct analysis *a);
/* Its exit code: 0 exact, 1 mismatch, 3 unverifiable. */
int explain_exit_code(const struct explain *x);

/* The window's count of a bucket: as of the last snapshot minus as of the first. */
struct xcount explain_window(const struct xbucket *b);
/* "reclaim", "charge", ...: the JSON cause names. */
const char *explain_cause_name(enum explain_cause c);

#endif
