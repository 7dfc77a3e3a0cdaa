/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Building in-memory ckrm event sequences for the unit tests: the same
 * struct the trace input decodes, so the memory-controller events can be
 * tested before the kernel emits them.
 */
#ifndef UNIT_EVENTS_H
#define UNIT_EVENTS_H

#include <string.h>

#include "analysis.h"

#define MS(x) ((uint64_t)(x) * 1000000u)

static inline struct ckrm_event ev_base(enum ckrm_kind kind, uint64_t ts, int cpu)
{
	struct ckrm_event e;

	memset(&e, 0, sizeof(e));
	e.kind = kind;
	e.ts = ts;
	e.cpu = cpu;
	return e;
}

static inline struct ckrm_event ev_create(uint64_t ts, int32_t id, int32_t parent, const char *path)
{
	struct ckrm_event e = ev_base(CK_CLASS_CREATE, ts, 0);

	e.u.class_change = (struct ev_class){ id, parent, { path, strlen(path) } };
	return e;
}

static inline struct ckrm_event ev_destroy(uint64_t ts, int32_t id, int32_t parent, const char *path)
{
	struct ckrm_event e = ev_create(ts, id, parent, path);

	e.kind = CK_CLASS_DESTROY;
	return e;
}

static inline struct ckrm_event ev_shares(uint64_t ts, int32_t id, const char *res, int32_t guarantee, int32_t limit)
{
	struct ckrm_event e = ev_base(CK_CLASS_SHARES, ts, 0);

	e.u.shares.id = id;
	e.u.shares.res = (struct text_ref){ res, strlen(res) };
	e.u.shares.old_guarantee = e.u.shares.old_limit = -2;
	e.u.shares.guarantee = guarantee;
	e.u.shares.limit = limit;
	e.u.shares.total_guarantee = e.u.shares.max_limit = 100;
	return e;
}

static inline struct ckrm_event ev_classify(uint64_t ts, int32_t event, int32_t pid, const char *comm, int32_t from,
					    int32_t to, int32_t how)
{
	struct ckrm_event e = ev_base(CK_CLASSIFY, ts, 0);

	e.u.classify.event = event;
	e.u.classify.pid = pid;
	strncpy(e.u.classify.comm, comm, CKRM_COMM_LEN);
	e.u.classify.from = from;
	e.u.classify.to = to;
	e.u.classify.how = how;
	return e;
}

/* A zone is (node, zone): the _at helpers name both, the others are node 0's zones. */
static inline struct ckrm_event ev_lru(enum ckrm_kind kind, uint64_t ts, uint64_t pfn, int32_t nr, int32_t lru,
				       int32_t node, int32_t zone, int32_t cls)
{
	struct ckrm_event e = ev_base(kind, ts, 0);

	e.u.lru = (struct ev_lru){ pfn, nr, lru, node, zone, cls };
	return e;
}

#define ev_add(ts, pfn, nr, lru, zone, cls) ev_lru(CK_LRU_ADD, ts, pfn, nr, lru, 0, zone, cls)
#define ev_del(ts, pfn, nr, lru, zone, cls) ev_lru(CK_LRU_DEL, ts, pfn, nr, lru, 0, zone, cls)
#define ev_add_at(ts, pfn, nr, lru, node, zone, cls) ev_lru(CK_LRU_ADD, ts, pfn, nr, lru, node, zone, cls)
#define ev_del_at(ts, pfn, nr, lru, node, zone, cls) ev_lru(CK_LRU_DEL, ts, pfn, nr, lru, node, zone, cls)

static inline struct ckrm_event ev_adjust_at(uint64_t ts, uint64_t pfn, int32_t nr, int32_t lru, int32_t node,
					     int32_t zone, int32_t from, int32_t to)
{
	struct ckrm_event e = ev_base(CK_LRU_ADJUST, ts, 0);

	e.u.lru_adjust = (struct ev_lru_adjust){ pfn, nr, lru, node, zone, from, to };
	return e;
}

#define ev_adjust(ts, pfn, nr, lru, zone, from, to) ev_adjust_at(ts, pfn, nr, lru, 0, zone, from, to)

/* A snapshot row whose zone totals are given explicitly. */
static inline struct ckrm_event ev_stat_at(uint64_t ts, uint64_t seq, int32_t cls, int32_t node, int32_t zone,
					   uint64_t active, uint64_t inactive, uint64_t unevictable,
					   uint64_t zone_active, uint64_t zone_inactive, uint64_t zone_unevictable)
{
	struct ckrm_event e = ev_base(CK_CLASS_STAT, ts, 0);

	e.u.class_stat = (struct ev_class_stat){ seq, cls, node, zone, active, inactive, unevictable,
						 zone_active, zone_inactive, zone_unevictable };
	return e;
}

#define ev_stat(ts, seq, cls, zone, ...) ev_stat_at(ts, seq, cls, 0, zone, __VA_ARGS__)

/* A removed class's LRU charges and counts go to its parent. */
static inline struct ckrm_event ev_reparent(uint64_t ts, int32_t cls, int32_t parent)
{
	struct ckrm_event e = ev_base(CK_CLASS_REPARENT, ts, 0);

	e.u.reparent = (struct ev_class_reparent){ cls, parent };
	return e;
}

static inline struct ckrm_event ev_page(uint64_t ts, uint64_t pfn, int32_t nr, int32_t from, int32_t to,
					int32_t reason)
{
	struct ckrm_event e = ev_base(CK_PAGE_CLASS, ts, 0);

	/* Empty candidate lists: the other fields stay zero, as in ev_base(). */
	e.u.page_class.pfn = pfn;
	e.u.page_class.nr = nr;
	e.u.page_class.from = from;
	e.u.page_class.to = to;
	e.u.page_class.reason = reason;
	return e;
}

/*
 * An rmap decision (PR_RMAP_ADD or PR_RMAP_REMOVE) among n candidates:
 * class cls[i] with share[i] pages. n < 0: a format without the arrays.
 */
static inline struct ckrm_event ev_rmap(uint64_t ts, uint64_t pfn, int32_t from, int32_t to, int32_t reason, int32_t n,
					const int32_t *cls, const uint64_t *share)
{
	struct ckrm_event e = ev_page(ts, pfn, 1, from, to, reason);
	int32_t i;

	e.u.page_class.nr_cls = e.u.page_class.nr_share = n;
	for (i = 0; i < n && i < CKRM_MAX_MAPPERS; i++) {
		e.u.page_class.mapper_cls[i] = cls[i];
		e.u.page_class.mapper_share[i] = share[i];
	}
	return e;
}

#define CLS(...) ((const int32_t[]){ __VA_ARGS__ })
#define SHARE(...) ((const uint64_t[]){ __VA_ARGS__ })

static inline struct ckrm_event ev_select(uint64_t ts, uint64_t pass, int32_t cls, uint64_t usage, uint64_t share,
					  uint64_t guarantee, bool selected, bool fallback)
{
	struct ckrm_event e = ev_base(CK_VICTIM_SELECT, ts, 0);

	e.u.victim.pass = pass;
	e.u.victim.priority = 12;
	e.u.victim.cls = cls;
	e.u.victim.usage = usage;
	e.u.victim.share = share;
	e.u.victim.guarantee = guarantee;
	e.u.victim.limit = 0;
	e.u.victim.weight = share < usage ? 500 : 0;
	e.u.victim.selected = selected;
	e.u.victim.fallback = fallback;
	e.u.victim.target = -1; /* as from a kernel before the field; tests set it */
	return e;
}

static inline struct ckrm_event ev_reclaim(uint64_t ts, uint64_t pass, int32_t cls, uint64_t scanned,
					   uint64_t reclaimed, bool fallback)
{
	struct ckrm_event e = ev_base(CK_RECLAIM, ts, 0);

	e.u.reclaim = (struct ev_reclaim){ pass, 0, cls, scanned, 0, reclaimed, fallback };
	return e;
}

static inline struct ckrm_event ev_mm(uint64_t ts, int32_t pid, int32_t from, int32_t to, uint64_t walked,
				      uint64_t moved)
{
	struct ckrm_event e = ev_base(CK_MM_CLASS, ts, 0);

	e.u.mm_class = (struct ev_mm_class){ pid, from, to, walked, moved };
	return e;
}

/*
 * Every sequence a test replays is also written as a seed for the event
 * fuzzer when UNIT_SEEDS names a directory (tests/unit_event_stream.c).
 */
void unit_seed(const char *clock, const struct ckrm_event *evs, size_t n);

/* Feeds a sequence to a fresh analysis and concludes it. */
static inline void replay(struct analysis *a, const struct ckrm_event *evs, size_t n)
{
	size_t i;

	unit_seed(NULL, evs, n);
	analysis_init(a);
	for (i = 0; i < n; i++)
		analysis_feed(a, &evs[i]);
	analysis_finish(a);
}

#define REPLAY(a, ...)                                                                  \
	do {                                                                            \
		const struct ckrm_event evs_[] = { __VA_ARGS__ };                       \
		replay((a), evs_, sizeof(evs_) / sizeof(evs_[0]));                      \
	} while (0)

/* The same event on another CPU. */
static inline struct ckrm_event on_cpu(struct ckrm_event e, int cpu)
{
	e.cpu = cpu;
	return e;
}

/* A sequence from a trace recorded with the named clock (NULL: none named). */
static inline void replay_clock(struct analysis *a, const char *clock, const struct ckrm_event *evs, size_t n)
{
	size_t i;

	unit_seed(clock, evs, n);
	analysis_init(a);
	analysis_set_clock(a, clock);
	for (i = 0; i < n; i++)
		analysis_feed(a, &evs[i]);
	analysis_finish(a);
}

#define REPLAY_CLOCK(a, clock, ...)                                                     \
	do {                                                                            \
		const struct ckrm_event evs_[] = { __VA_ARGS__ };                       \
		replay_clock((a), (clock), evs_, sizeof(evs_) / sizeof(evs_[0]));       \
	} while (0)

#define STATUS(a, id) ((a)->checks[id].status)

#endif
