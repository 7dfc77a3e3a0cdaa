/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The checks and their outcome. A check counts the events it judged (each
 * one could have failed it) and its violations, keeps the first offending
 * event, and is concluded once the whole trace was read: not applicable
 * (none of its events in the trace), pass (something judged, nothing
 * wrong), fail, or unverifiable (events were lost, the trace cannot tell,
 * or its events were there but none could have failed it).
 */
#ifndef CHECK_H
#define CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ckrm_event.h"
#include "losses.h"

/* Appended only: ids and names are read by scripts (JSON checks[].id, number). */
enum check_id {
	CHECK_DRIFT,
	CHECK_CHARGE,
	CHECK_TOTALS,
	CHECK_RECLAIM,
	CHECK_ATTRIBUTION,
	CHECK_VICTIM,
	CHECK_OWNER,
	NR_CHECKS
};

enum check_status { ST_NOT_APPLICABLE, ST_PASS, ST_FAIL, ST_UNVERIFIABLE };

/* What the trace's timestamps count (analysis_set_clock()). */
enum ts_unit {
	TS_NANOSECONDS, /* global, local and the other clocks of time */
	TS_EVENTS,      /* counter: one number per event, across all CPUs */
};

struct offense {
	bool set;
	uint64_t ts;
	int cpu;
	enum ckrm_kind kind;
	struct ckrm_event event; /* a copy (its text fields not to be read): which events tie with it */
	char fields[640];
	char what[640];
};

/*
 * Events of other CPUs with the first offending event's timestamp (checks
 * 1-3, ties.c): with a clock that does not order CPUs, the replay cannot
 * know which came first, and its message says so.
 */
struct tie_note {
	bool watching;        /* the offending event's tie group is still being read */
	uint32_t others;      /* related events of other CPUs with its timestamp */
	bool others_partial;  /* the group had more events than ties.c keeps: at least that many */
	bool page;            /* check 2: the page's state came from a tie of its own events */
	uint64_t page_ts;
	int page_cpu[2];
};

struct check {
	enum check_id id;
	uint64_t checked;    /* comparisons or events judged: each could have failed the check */
	uint64_t violations;
	uint64_t skipped;    /* could not be judged (e.g. pages added before the trace) */
	/*
	 * Each violation is proven by its own event (check 5): lost events
	 * cannot explain it, so it fails the check whenever it was seen.
	 */
	bool self_contained;
	struct offense first;
	struct tie_note tie;
	/* Set when the trace cannot prove the property at all (check 5: no candidates recorded). */
	char limitation[512];
	/* What was verified, in words, for the report ("42 snapshots compared"). */
	char detail[400];
	/* Why the check is not applicable: none of its events in the trace. */
	char not_applicable[160];
	/* Why nothing was judged although its events are in the trace. */
	char unjudged[400];
	/* Filled by check_conclude(). */
	enum check_status status;
	char reason[1600];
};

void check_init(struct check *c, enum check_id id);

/* Counts a violation; the first one is described (ev may be NULL). */
void check_violation(struct check *c, const struct ckrm_event *ev, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * present: the trace holds events of this check's kind (so it is never
 * "not applicable"). kinds_defined: the trace's formats define them, so
 * lost events might have been some.
 */
void check_conclude(struct check *c, bool present, bool kinds_defined, const struct losses *l, enum ts_unit unit);

const char *check_name(enum check_id id);  /* "drift" */
const char *check_title(enum check_id id); /* one line: what it proves */
const char *check_status_name(enum check_status st);

/* "123.456789": seconds and microseconds, as trace-cmd prints time. */
void format_ts(uint64_t ns, char *buf, size_t len);

/*
 * A timestamp as the reports print it: seconds (format_ts) for a clock of
 * nanoseconds, "#123456" for the counter clock, whose timestamps are
 * event numbers.
 */
void format_time(uint64_t ts, enum ts_unit unit, char *buf, size_t len);

#endif
