/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The LRU replay: per-class, per-zone active/inactive/unevictable counts
 * rebuilt from ckrm_lru_add, ckrm_lru_del and ckrm_lru_adjust, and the
 * page-frame map that says which class each tracked page is charged to
 * (check 2, charge integrity). Counts of a class that existed before the
 * trace are unknown until a ckrm_class_stat snapshot gives them; a class
 * created in the trace starts at zero. A zone is a node and a zone index
 * in it; each pair seen gets a small number of its own (its zone id).
 *
 * ckrm_class_reparent: from that event on, a removed class's LRU charges
 * are its parent's. Its counts join the parent's at the event, and LRU
 * events that still name it count for the parent, or for the parent's
 * own parent once that is reparented too (classes_resolve()). Page
 * ownership (ckrm_page_class) is not forwarded: the removed class's id
 * stays a page's owner until the page is freed or moved.
 */
#ifndef REPLAY_H
#define REPLAY_H

#include <stdbool.h>
#include <stddef.h>
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
	int32_t cls, nr;      /* LRU charge, from ckrm_lru_add/adjust: the class id the event named */
	uint32_t zone;        /* its zone id (replay_zone_id()) */
	int8_t lru;
	bool on_lru;
	bool lru_known;       /* an LRU event of it was seen: on_lru is true */
	bool owner_known;     /* from ckrm_page_class */
	int32_t owner;
	bool prev_owner_known; /* the owner before its latest change (ckrm_lru_adjust's from) */
	int32_t prev_owner;
	/*
	 * Its state came from events of two CPUs with one timestamp (a clock
	 * that does not order CPUs: ties.h), at tie_ts on tie_cpu[].
	 */
	bool tied;
	int16_t tie_cpu[2];
	uint64_t tie_ts;
};

/* A zone as the events name it. */
struct zone_name {
	int32_t node, zone;
};

struct replay {
	struct u64map zones;    /* class index << 32 | zone id -> struct zone_counts */
	struct u64map zone_ids; /* (uint32_t)node << 32 | (uint32_t)zone -> uint32_t zone id */
	struct zone_name *zone_names; /* by zone id */
	uint32_t nr_zones, zones_cap;
	uint32_t last_zone;     /* the zone id replay_zone_id() gave last */
	struct u64map pages; /* pfn -> struct page_state */
	uint64_t pages_peak; /* most pages tracked at once: the memory bound */
	uint64_t add_unseen, del_untracked, adjust_untracked, owner_untracked;
	uint64_t owner_unknown; /* LRU events of pages whose owner the trace did not show */
	uint64_t reparents;     /* ckrm_class_reparent events applied */
	uint64_t reparent_pages; /* known pages they handed to a parent */
	uint64_t forwarded;     /* LRU counts of a reparented class applied to its live ancestor */
};

struct analysis;

void replay_init(struct replay *r);
void replay_free(struct replay *r);

/* -1 for an lru value that is not an LRU list. */
int lru_bucket(int32_t lru);

/* The zone id of (node, zone), made on first sight. */
uint32_t replay_zone_id(struct replay *r, int32_t node, int32_t zone);
static inline struct zone_name replay_zone_name(const struct replay *r, uint32_t zone_id)
{
	return r->zone_names[zone_id];
}

/* The counts of a class in a zone (by zone id), made (tracked if the class is new). */
struct zone_counts *replay_zone(struct analysis *a, uint32_t class_index, uint32_t zone_id);

/* A tracked class's pages changed: its total, peak and time series follow. */
void class_pages_changed(struct analysis *a, uint32_t class_index, int64_t delta, uint64_t ts);

void replay_lru_add(struct analysis *a, const struct ckrm_event *ev);
void replay_lru_del(struct analysis *a, const struct ckrm_event *ev);
void replay_lru_adjust(struct analysis *a, const struct ckrm_event *ev);
void replay_page_class(struct analysis *a, const struct ckrm_event *ev);
void replay_reparent(struct analysis *a, const struct ckrm_event *ev);

/*
 * "/a", or for a reparented class "/a (reparented to /)": for messages
 * about a class an event names by id.
 */
const char *replay_class_label(struct analysis *a, int32_t cls, char *buf, size_t len);

/*
 * Two class ids name one LRU charge: the same id, or a reparented class
 * and its live ancestor.
 */
bool replay_same_charge(const struct analysis *a, int32_t x, int32_t y);

/* Wrapping arithmetic: a damaged trace must not overflow a signed sum. */
static inline int64_t wrap_add(int64_t a, int64_t b)
{
	return (int64_t)((uint64_t)a + (uint64_t)b);
}

static inline int64_t wrap_neg(int64_t a)
{
	return (int64_t)(0 - (uint64_t)a);
}

#endif
