/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The LRU replay: per-class, per-zone active/inactive/unevictable counts
 * rebuilt from ckrm_lru_add, ckrm_lru_del and ckrm_lru_adjust, and the
 * page-frame map that says which class each tracked page is charged to
 * (check 2, charge integrity). Counts of a class that existed before the
 * trace are unknown until a ckrm_class_stat snapshot gives them; a class
 * created in the trace starts at zero.
 */
#ifndef REPLAY_H
#define REPLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "ckrm_event.h"
#include "u64map.h"

enum lru_bucket { BUCKET_ACTIVE, BUCKET_INACTIVE, BUCKET_UNEVICTABLE, NR_BUCKETS };

/* One class in one zone. */
struct zone_counts {
	int64_t pages[NR_BUCKETS];
	bool tracked;       /* pages[] are exact from here on */
	int64_t last_drift; /* replayed minus kernel, at its latest snapshot */
};

/* One tracked page (the first frame of a folio). */
struct page_state {
	uint64_t since;       /* when it went on its LRU */
	int32_t cls, zone, nr; /* LRU charge, from ckrm_lru_add/adjust */
	int8_t lru;
	bool on_lru;
	bool owner_known;     /* from ckrm_page_class */
	int32_t owner;
	/*
	 * Its state came from events of two CPUs with one timestamp (a clock
	 * that does not order CPUs: ties.h), at tie_ts on tie_cpu[].
	 */
	bool tied;
	int16_t tie_cpu[2];
	uint64_t tie_ts;
};

struct replay {
	struct u64map zones; /* class index << 32 | zone -> struct zone_counts */
	struct u64map pages; /* pfn -> struct page_state */
	uint64_t pages_peak; /* most pages tracked at once: the memory bound */
	uint64_t del_untracked, adjust_untracked, owner_untracked;
};

struct analysis;

void replay_init(struct replay *r);
void replay_free(struct replay *r);

/* -1 for an lru value that is not an LRU list. */
int lru_bucket(int32_t lru);

/* The counts of a class in a zone, made (tracked if the class is new). */
struct zone_counts *replay_zone(struct analysis *a, uint32_t class_index, int32_t zone);

/* A tracked class's pages changed: its total, peak and time series follow. */
void class_pages_changed(struct analysis *a, uint32_t class_index, int64_t delta, uint64_t ts);

void replay_lru_add(struct analysis *a, const struct ckrm_event *ev);
void replay_lru_del(struct analysis *a, const struct ckrm_event *ev);
void replay_lru_adjust(struct analysis *a, const struct ckrm_event *ev);
void replay_page_class(struct analysis *a, const struct ckrm_event *ev);

/* Wrapping arithmetic: a damaged trace must not overflow a signed sum. */
static inline int64_t wrap_add(int64_t a, int64_t b)
{
	return (int64_t)((uint64_t)a + (uint64_t)b);
}

#endif
