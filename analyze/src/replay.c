// SPDX-License-Identifier: GPL-2.0
#include "replay.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis.h"
#include "contract.h"
#include "owner.h"
#include "xalloc.h"

void replay_init(struct replay *r)
{
	u64map_init(&r->zones, sizeof(struct zone_counts));
	u64map_init(&r->zone_ids, sizeof(uint32_t));
	u64map_init(&r->pages, sizeof(struct page_state));
	r->zone_names = NULL;
	r->nr_zones = r->zones_cap = r->last_zone = 0;
	r->pages_peak = 0;
	r->add_unseen = r->del_untracked = r->adjust_untracked = r->owner_untracked = r->owner_unknown = 0;
	r->reparents = r->reparent_pages = r->forwarded = 0;
}

void replay_free(struct replay *r)
{
	u64map_free(&r->zones);
	u64map_free(&r->zone_ids);
	u64map_free(&r->pages);
	free(r->zone_names);
	r->zone_names = NULL;
	r->nr_zones = r->zones_cap = 0;
}

int lru_bucket(int32_t lru)
{
	switch (lru) {
	case LRU_ACTIVE_ANON:
	case LRU_ACTIVE_FILE:
		return BUCKET_ACTIVE;
	case LRU_INACTIVE_ANON:
	case LRU_INACTIVE_FILE:
		return BUCKET_INACTIVE;
	case LRU_UNEVICTABLE:
		return BUCKET_UNEVICTABLE;
	}
	return -1;
}

uint32_t replay_zone_id(struct replay *r, int32_t node, int32_t zone)
{
	bool existed;
	uint32_t *id;

	/* Nearly every event is in the zone of the one before. */
	if (r->nr_zones && r->zone_names[r->last_zone].node == node && r->zone_names[r->last_zone].zone == zone)
		return r->last_zone;
	id = u64map_put(&r->zone_ids, (uint64_t)(uint32_t)node << 32 | (uint32_t)zone, &existed);
	if (!existed) {
		if (r->nr_zones == r->zones_cap) {
			r->zones_cap = r->zones_cap ? r->zones_cap * 2 : 8;
			r->zone_names = xrealloc(r->zone_names, r->zones_cap, sizeof(*r->zone_names));
		}
		r->zone_names[r->nr_zones] = (struct zone_name){ node, zone };
		*id = r->nr_zones++;
	}
	r->last_zone = *id;
	return *id;
}

static uint64_t zone_key(uint32_t class_index, uint32_t zone_id)
{
	return (uint64_t)class_index << 32 | zone_id;
}

struct zone_counts *replay_zone(struct analysis *a, uint32_t class_index, uint32_t zone_id)
{
	bool existed;
	struct zone_counts *z = u64map_put(&a->replay.zones, zone_key(class_index, zone_id), &existed);

	if (!existed && class_at(&a->classes, class_index)->created_in_trace) {
		z->tracked = true;
		class_at(&a->classes, class_index)->tracked_pairs++;
	}
	return z;
}

void class_pages_changed(struct analysis *a, uint32_t class_index, int64_t delta, uint64_t ts)
{
	struct class_rec *c = class_at(&a->classes, class_index);

	c->pages = wrap_add(c->pages, delta);
	if (!c->usage_known)
		return;
	if (c->pages > c->peak)
		c->peak = c->pages;
	/* A class made in the trace had no pages from its creation on. */
	if (!c->series.n && c->created_in_trace && c->created_ts < ts)
		series_note(&c->series, c->created_ts, 0, c->guarantee_pages, c->limit_pages);
	series_note(&c->series, ts, c->pages, c->guarantee_pages, c->limit_pages);
}

/*
 * Applies nr pages of list lru in a zone to the class an event names, or
 * to its live ancestor once it was reparented, if the counts are known.
 */
static void count(struct analysis *a, int32_t cls, uint32_t zone_id, int bucket, int64_t nr, uint64_t ts)
{
	uint32_t named = classes_lookup(&a->classes, cls);
	uint32_t index = classes_resolve(&a->classes, named);
	struct zone_counts *z;

	if (index != named)
		a->replay.forwarded++;
	z = replay_zone(a, index, zone_id);

	if (!z->tracked)
		return;
	z->pages[bucket] = wrap_add(z->pages[bucket], nr);
	class_pages_changed(a, index, nr, ts);
}

const char *replay_class_label(struct analysis *a, int32_t cls, char *buf, size_t len)
{
	uint32_t index = classes_find(&a->classes, cls), live;
	char own[64], to[64];

	if (index == NO_CLASS_INDEX) {
		if (cls == 0)
			return "/"; /* the contract names the root */
		if (cls == -1)
			snprintf(buf, len, "(no class)");
		else
			snprintf(buf, len, "(class %d)", cls);
		return buf;
	}
	live = classes_resolve(&a->classes, index);
	if (live == index)
		return class_label(class_at(&a->classes, index), buf, len);
	snprintf(buf, len, "%s (reparented to %s)", class_label(class_at(&a->classes, index), own, sizeof(own)),
		 class_label(class_at(&a->classes, live), to, sizeof(to)));
	return buf;
}

bool replay_same_charge(const struct analysis *a, int32_t x, int32_t y)
{
	uint32_t ix, iy;

	if (x == y)
		return true;
	ix = classes_find(&a->classes, x);
	iy = classes_find(&a->classes, y);
	if (ix == NO_CLASS_INDEX || iy == NO_CLASS_INDEX)
		return false;
	return classes_resolve(&a->classes, ix) == classes_resolve(&a->classes, iy);
}

/* An event that names no real list or a page count below one. */
static bool malformed(struct analysis *a, const struct ckrm_event *ev, int32_t lru, int32_t nr)
{
	struct check *c = &a->checks[CHECK_CHARGE];

	if (lru_bucket(lru) < 0) {
		check_violation(c, ev, "%s names lru %" PRId32 ", which is not an LRU list (0-4)", kind_name(ev->kind), lru);
		return true;
	}
	if (nr <= 0) {
		check_violation(c, ev, "%s moves %" PRId32 " pages", kind_name(ev->kind), nr);
		return true;
	}
	return false;
}

static void note_pages_peak(struct replay *r)
{
	if (r->pages.count > r->pages_peak)
		r->pages_peak = r->pages.count;
}

/* This event and another CPU's event of the page share a timestamp (ties.h). */
static void note_tie(struct analysis *a, struct page_state *p, const struct ckrm_event *ev)
{
	if (!a->ties.page_tie)
		return;
	p->tied = true;
	p->tie_ts = ev->ts;
	p->tie_cpu[0] = (int16_t)a->ties.page_tie_cpu;
	p->tie_cpu[1] = (int16_t)ev->cpu;
}

/* Check 2's first violation is on a page whose state came from such a tie. */
static void violation_on(struct check *c, const struct page_state *p)
{
	if (c->violations != 1 || !p->tied)
		return;
	c->tie.page = true;
	c->tie.page_ts = p->tie_ts;
	c->tie.page_cpu[0] = p->tie_cpu[0];
	c->tie.page_cpu[1] = p->tie_cpu[1];
}

void replay_lru_add(struct analysis *a, const struct ckrm_event *ev)
{
	const struct ev_lru *e = &ev->u.lru;
	struct check *c = &a->checks[CHECK_CHARGE];
	struct page_state *p;
	uint32_t zone_id;
	bool existed;

	if (malformed(a, ev, e->lru, e->nr))
		return;
	zone_id = replay_zone_id(&a->replay, e->node, e->zone);
	count(a, e->cls, zone_id, lru_bucket(e->lru), e->nr, ev->ts);

	p = u64map_put(&a->replay.pages, e->pfn, &existed);
	owner_check_lru(a, ev, e->pfn, existed ? p : NULL, e->cls, false);
	/* Only a page whose place the trace showed could be on a list already. */
	if (!existed || !p->lru_known) {
		a->replay.add_unseen++;
		c->skipped++;
	} else {
		c->checked++;
	}
	if (existed && p->on_lru) {
		char was[160], now[160];

		check_violation(c, ev, "pfn 0x%" PRIx64 " added to %s of class %s while already on %s of class %s",
				e->pfn, lru_name(e->lru), replay_class_label(a, e->cls, now, sizeof(now)), lru_name(p->lru),
				replay_class_label(a, p->cls, was, sizeof(was)));
		violation_on(c, p);
	}
	note_tie(a, p, ev);
	p->on_lru = true;
	p->lru_known = true;
	p->since = ev->ts;
	p->cls = e->cls;
	p->zone = zone_id;
	p->nr = e->nr;
	p->lru = (int8_t)e->lru;
	note_pages_peak(&a->replay);
}

/* The page is where the event says: same list, zone and size. */
static void check_place(struct analysis *a, const struct ckrm_event *ev, const struct page_state *p, uint64_t pfn,
			int32_t lru, uint32_t zone_id, int32_t nr)
{
	struct zone_name named, on;

	if (p->lru == lru && p->zone == zone_id && p->nr == nr)
		return;
	named = replay_zone_name(&a->replay, zone_id);
	on = replay_zone_name(&a->replay, p->zone);
	check_violation(&a->checks[CHECK_CHARGE], ev,
			"%s of pfn 0x%" PRIx64 " names %s node %" PRId32 " zone %" PRId32 " (%" PRId32 " pages), but it is on %s node %" PRId32 " zone %" PRId32 " (%" PRId32 " pages)",
			kind_name(ev->kind), pfn, lru_name(lru), named.node, named.zone, nr, lru_name(p->lru), on.node, on.zone,
			p->nr);
	violation_on(&a->checks[CHECK_CHARGE], p);
}

static void forget_if_idle(struct replay *r, uint64_t pfn, const struct page_state *p)
{
	/* Keep memory to the pages in use: an unowned page off the LRU goes. */
	if (!p->on_lru && (!p->owner_known || p->owner == -1))
		u64map_del(&r->pages, pfn);
}

void replay_lru_del(struct analysis *a, const struct ckrm_event *ev)
{
	const struct ev_lru *e = &ev->u.lru;
	struct check *c = &a->checks[CHECK_CHARGE];
	struct page_state *p;
	uint32_t zone_id;

	if (malformed(a, ev, e->lru, e->nr))
		return;
	zone_id = replay_zone_id(&a->replay, e->node, e->zone);
	count(a, e->cls, zone_id, lru_bucket(e->lru), -(int64_t)e->nr, ev->ts);

	p = u64map_get(&a->replay.pages, e->pfn);
	owner_check_lru(a, ev, e->pfn, p, e->cls, false);
	if (!p || !p->on_lru) {
		/* Added before the trace began: nothing to compare with. */
		a->replay.del_untracked++;
		c->skipped++;
		if (p)
			note_tie(a, p, ev);
		return;
	}
	c->checked++;
	if (!replay_same_charge(a, p->cls, e->cls)) {
		char from[160], charged[160];

		check_violation(c, ev, "pfn 0x%" PRIx64 " deleted from class %s, but it is charged to class %s", e->pfn,
				replay_class_label(a, e->cls, from, sizeof(from)), replay_class_label(a, p->cls, charged, sizeof(charged)));
		violation_on(c, p);
	} else {
		check_place(a, ev, p, e->pfn, e->lru, zone_id, e->nr);
	}
	note_tie(a, p, ev);
	p->on_lru = false;
	p->lru_known = true;
	forget_if_idle(&a->replay, e->pfn, p);
}

void replay_lru_adjust(struct analysis *a, const struct ckrm_event *ev)
{
	const struct ev_lru_adjust *e = &ev->u.lru_adjust;
	struct check *c = &a->checks[CHECK_CHARGE];
	int bucket = lru_bucket(e->lru);
	struct page_state *p;
	uint32_t zone_id;
	bool existed;

	if (malformed(a, ev, e->lru, e->nr))
		return;
	zone_id = replay_zone_id(&a->replay, e->node, e->zone);
	count(a, e->from, zone_id, bucket, -(int64_t)e->nr, ev->ts);
	count(a, e->to, zone_id, bucket, e->nr, ev->ts);

	p = u64map_put(&a->replay.pages, e->pfn, &existed);
	/* Its ckrm_page_class came first: `to` is the owner now, `from` the one before. */
	owner_check_lru(a, ev, e->pfn, existed ? p : NULL, e->from, true);
	owner_check_lru(a, ev, e->pfn, existed ? p : NULL, e->to, false);
	if (!existed || !p->on_lru) {
		/* On an LRU since before the trace: from now on it is known. */
		a->replay.adjust_untracked++;
		c->skipped++;
		p->on_lru = true;
		p->since = ev->ts;
		p->zone = zone_id;
		p->nr = e->nr;
		p->lru = (int8_t)e->lru;
	} else {
		c->checked++;
		if (!replay_same_charge(a, p->cls, e->from)) {
			char from[160], charged[160];

			check_violation(c, ev, "pfn 0x%" PRIx64 " adjusted away from class %s, but it is charged to class %s",
					e->pfn, replay_class_label(a, e->from, from, sizeof(from)),
					replay_class_label(a, p->cls, charged, sizeof(charged)));
			violation_on(c, p);
		} else {
			check_place(a, ev, p, e->pfn, e->lru, zone_id, e->nr);
		}
	}
	note_tie(a, p, ev);
	p->cls = e->to;
	p->lru_known = true;
	note_pages_peak(&a->replay);
}

void replay_page_class(struct analysis *a, const struct ckrm_event *ev)
{
	const struct ev_page_class *e = &ev->u.page_class;
	struct check *c = &a->checks[CHECK_CHARGE];
	struct page_state *p;
	bool existed;

	p = u64map_put(&a->replay.pages, e->pfn, &existed);
	if (existed && p->owner_known) {
		c->checked++;
		/* Ownership is never forwarded: a reparented class's id stays a page's owner. */
		if (p->owner != e->from) {
			char from[160], owner[160];

			check_violation(c, ev, "ckrm_page_class moves pfn 0x%" PRIx64 " from class %s, but it belongs to class %s",
					e->pfn, replay_class_label(a, e->from, from, sizeof(from)),
					replay_class_label(a, p->owner, owner, sizeof(owner)));
			violation_on(c, p);
		}
	} else if (e->from != -1) {
		/* Owned since before the trace: nothing to compare with. */
		a->replay.owner_untracked++;
		c->skipped++;
	}
	note_tie(a, p, ev);
	/* The event names both: the owner before (its ckrm_lru_adjust's `from`) and after. */
	p->prev_owner_known = true;
	p->prev_owner = e->from;
	p->owner_known = true;
	p->owner = e->to;
	forget_if_idle(&a->replay, e->pfn, p);
	note_pages_peak(&a->replay);
}

/*
 * The counts of class `from` in every zone join those of class `to` (its
 * live ancestor), as the kernel adds a reparented class's counters to its
 * parent's. A zone where `from`'s counts are unknown (a class from before
 * the trace, not yet in a snapshot) makes `to`'s unknown there too, until
 * a snapshot gives them again.
 */
static int64_t merge_counts(struct analysis *a, uint32_t from, uint32_t to, uint64_t ts)
{
	struct replay *r = &a->replay;
	uint32_t *ids = NULL, n = 0, cap = 0, i;
	int64_t moved = 0, dropped = 0;
	size_t slot;

	/* Its zones first: replay_zone() below may grow (move) the map. */
	for (slot = 0; slot < r->zones.cap; slot++) {
		uint64_t key;

		if (!u64map_slot(&r->zones, slot, &key) || (uint32_t)(key >> 32) != from)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 8;
			ids = xrealloc(ids, cap, sizeof(*ids));
		}
		ids[n++] = (uint32_t)key;
	}
	for (i = 0; i < n; i++) {
		struct zone_counts zc = *(struct zone_counts *)u64map_get(&r->zones, zone_key(from, ids[i]));
		struct zone_counts *zp = replay_zone(a, to, ids[i]);
		int64_t here = 0;
		int b;

		for (b = 0; b < NR_BUCKETS; b++)
			here = wrap_add(here, zc.pages[b]);
		if (zc.tracked && zp->tracked) {
			for (b = 0; b < NR_BUCKETS; b++)
				zp->pages[b] = wrap_add(zp->pages[b], zc.pages[b]);
		} else if (zp->tracked) {
			struct class_rec *c = class_at(&a->classes, to);
			int64_t had = 0;

			for (b = 0; b < NR_BUCKETS; b++) {
				had = wrap_add(had, zp->pages[b]);
				zp->pages[b] = 0;
			}
			zp->tracked = false;
			c->tracked_pairs--;
			c->drift = wrap_add(c->drift, wrap_neg(zp->last_drift));
			zp->last_drift = 0;
			dropped = wrap_add(dropped, had);
		}
		if (zc.tracked) {
			struct zone_counts *z = u64map_get(&r->zones, zone_key(from, ids[i]));

			for (b = 0; b < NR_BUCKETS; b++)
				z->pages[b] = 0;
			moved = wrap_add(moved, here);
		}
	}
	free(ids);
	class_pages_changed(a, from, wrap_neg(moved), ts);
	if (class_at(&a->classes, to)->usage_known)
		class_pages_changed(a, to, wrap_add(moved, wrap_neg(dropped)), ts);
	return moved;
}

void replay_reparent(struct analysis *a, const struct ckrm_event *ev)
{
	const struct ev_class_reparent *e = &ev->u.reparent;
	struct check *c = &a->checks[CHECK_DRIFT];
	uint32_t child = classes_lookup(&a->classes, e->cls);
	uint32_t parent = classes_lookup(&a->classes, e->parent); /* may move the records: indexes only */
	uint32_t live = classes_resolve(&a->classes, parent);
	struct class_rec *cr = class_at(&a->classes, child);
	char name[160], to[160], when[32];

	if (cr->reparented) {
		format_time(cr->reparented_ts, a->trace.ts_unit, when, sizeof(when));
		check_violation(c, ev, "class %s reparented again (to %s), after its reparenting at %s",
				class_label(cr, name, sizeof(name)), replay_class_label(a, e->parent, to, sizeof(to)), when);
		return;
	}
	if (live == child) {
		check_violation(c, ev, "class %s reparented to %s, whose counts are its own: no class would hold them",
				class_label(cr, name, sizeof(name)), replay_class_label(a, e->parent, to, sizeof(to)));
		return;
	}
	cr->reparented = true;
	cr->reparented_ts = ev->ts;
	cr->forward = parent;
	a->replay.reparents++;
	cr->reparent_pages = merge_counts(a, child, live, ev->ts);
	a->replay.reparent_pages += (uint64_t)cr->reparent_pages;
}
