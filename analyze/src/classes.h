/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The classes a trace names. Class ids are reused (allocated cyclically),
 * so each incarnation of an id is its own record, found by its index; the
 * id maps to the incarnation current at the event being handled. A class
 * the trace uses without creating it existed before the trace started.
 */
#ifndef CLASSES_H
#define CLASSES_H

#include <stdbool.h>
#include <stdint.h>

#include "series.h"
#include "u64map.h"

struct class_rec {
	int32_t id, parent_id;
	const char *path; /* below /rcfs/taskclass; NULL: unknown */
	uint64_t created_ts, destroyed_ts;
	bool created_in_trace, destroyed;

	/*
	 * ckrm_class_reparent: from reparented_ts on, its LRU charges are
	 * those of the class at index forward (the parent the event named),
	 * or of forward's own live ancestor (classes_resolve()).
	 */
	bool reparented;
	uint64_t reparented_ts;
	uint32_t forward; /* NO_CLASS_INDEX while not reparented */
	int64_t reparent_pages; /* its known pages at the event, handed to the parent */

	/* LRU pages, from the replay: known once the class is tracked. */
	bool usage_known;
	int64_t pages, peak;
	uint32_t tracked_pairs; /* zones whose counts are known */

	/* ckrm_class_shares for res=mem. */
	bool shares_known;
	int32_t guarantee, limit, total_guarantee, max_limit;
	/* In pages, from the latest ckrm_victim_select; -1 unknown. */
	int64_t guarantee_pages, limit_pages, share_pages;

	/* Drift: replayed minus kernel pages, summed over the class's zones. */
	uint64_t snapshots_compared;
	int64_t drift;
	int64_t drift_max_abs;

	/* Reclaim totals. */
	uint64_t passes_considered, passes_selected;
	uint64_t scanned, skipped, reclaimed;

	struct series series;
};

struct class_registry {
	struct class_rec *recs;
	uint32_t n, cap;
	struct u64map by_id; /* id -> uint32_t index of the current incarnation */
	/* Paths live in chunks that never move, so pointers stay valid. */
	char **chunks;
	uint32_t nr_chunks;
	size_t chunk_used, chunk_cap;
};

#define NO_CLASS_INDEX UINT32_MAX

void classes_init(struct class_registry *r);
void classes_free(struct class_registry *r);

/* The current incarnation of id; one that existed before the trace is made up. */
uint32_t classes_lookup(struct class_registry *r, int32_t id);
/* Like lookup, without making one up: NO_CLASS_INDEX when unknown. */
uint32_t classes_find(const struct class_registry *r, int32_t id);

/*
 * The class whose LRU counts a class's are: itself, or for a reparented
 * class its nearest ancestor not reparented. Reparenting never makes a
 * cycle (replay_reparent() refuses one), so the walk ends.
 */
uint32_t classes_resolve(const struct class_registry *r, uint32_t index);

uint32_t classes_create(struct class_registry *r, int32_t id, int32_t parent, const char *path, size_t len,
			uint64_t ts);
void classes_destroy(struct class_registry *r, int32_t id, const char *path, size_t len, uint64_t ts);

static inline struct class_rec *class_at(struct class_registry *r, uint32_t index)
{
	return &r->recs[index];
}

/* "/a/b", or "(class 7)" when the trace never named it. */
const char *class_label(const struct class_rec *c, char *buf, size_t len);

#endif
