/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Everything the analyzer learns from a trace, fed one decoded event at a
 * time (analysis_feed), then concluded (analysis_finish). The reports read
 * this struct; nothing here knows about trace files.
 */
#ifndef ANALYSIS_H
#define ANALYSIS_H

#include <stdbool.h>
#include <stdint.h>

#include "attribution.h"
#include "check.h"
#include "ckrm_event.h"
#include "classes.h"
#include "explain.h"
#include "losses.h"
#include "reclaim.h"
#include "replay.h"
#include "snapshot.h"
#include "ties.h"
#include "timeline.h"
#include "verdict.h"

struct trace_facts {
	const char *path;
	int nr_cpus;
	uint64_t records;          /* every record, ckrm or not */
	uint64_t *records_per_cpu; /* nr_cpus */
	bool has_cpustats;
	/* The trace clock trace.dat names (analysis_set_clock()). */
	bool clock_known;
	char clock[32];         /* its name, printable bytes only */
	bool clock_orders_cpus; /* counter: no two events share a timestamp */
	enum ts_unit ts_unit;   /* what the timestamps count */
};

struct analysis {
	struct trace_facts trace;
	uint64_t kind_count[CK_NR_KINDS];
	bool kind_defined[CK_NR_KINDS]; /* the trace's formats have this event */
	uint64_t ckrm_events;
	uint64_t first_ts, last_ts;

	struct class_registry classes;
	struct replay replay;
	struct snapshots snapshots;
	struct reclaim_state reclaim;
	struct attribution attribution;
	struct ties ties;
	struct timeline timeline;
	struct losses losses;
	struct check checks[NR_CHECKS];
	struct verdict verdict; /* analysis_finish(): the one every report prints */
	struct explain *explain; /* --class: why one class gained and lost pages (NULL: not asked) */
	bool finished;
};

void analysis_init(struct analysis *a);
/*
 * The trace's clock, as trace.dat names it (NULL: it does not). The
 * counter clock's timestamps are event numbers, in one order across CPUs;
 * any other clock's are nanoseconds that two CPUs can share. Before the
 * first event.
 */
void analysis_set_clock(struct analysis *a, const char *name);
/* ckrm_lru_add, ckrm_lru_del or ckrm_lru_adjust events: the replay depends on their order. */
bool analysis_has_lru_events(const struct analysis *a);
void analysis_free(struct analysis *a);
void analysis_feed(struct analysis *a, const struct ckrm_event *ev);
void analysis_loss(struct analysis *a, int cpu, enum loss_kind kind, int64_t count, uint64_t since);
void analysis_finish(struct analysis *a);

/*
 * The process's exit code (verdict.h): 0 pass, 1 a violation, 3 not
 * verified; with --class the explanation's joins the verdict's (a mismatch
 * is a violation, an unverifiable explanation leaves it not verified).
 */
int analysis_exit_code(const struct analysis *a);

#endif
