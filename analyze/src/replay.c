// SPDX-License-Identifier: GPL-2.0
#include "replay.h"

#include <inttypes.h>
#include <stdio.h>

#include "analysis.h"
#include "contract.h"

void replay_init(struct replay *r)
{
	u64map_init(&r->zones, sizeof(struct zone_counts));
	u64map_init(&r->pages, sizeof(struct page_state));
	r->pages_peak = 0;
	r->del_untracked = r->adjust_untracked = r->owner_untracked = 0;
}

void replay_free(struct replay *r)
{
	u64map_free(&r->zones);
	u64map_free(&r->pages);
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

static uint64_t zone_key(uint32_t class_index, int32_t zone)
{
	return (uint64_t)class_index << 32 | (uint32_t)zone;
}

struct zone_counts *replay_zone(struct analysis *a, uint32_t class_index, int32_t zone)
{
	bool existed;
	struct zone_counts *z = u64map_put(&a->replay.zones, zone_key(class_index, zone), &existed);

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

/* Applies nr pages of list lru in zone to a class, if its counts are known. */
static void count(struct analysis *a, int32_t cls, int32_t zone, int bucket, int64_t nr, uint64_t ts)
{
	uint32_t index = classes_lookup(&a->classes, cls);
	struct zone_counts *z = replay_zone(a, index, zone);

	if (!z->tracked)
		return;
	z->pages[bucket] = wrap_add(z->pages[bucket], nr);
	class_pages_changed(a, index, nr, ts);
}

static const char *label(struct analysis *a, int32_t cls, char *buf, size_t len)
{
	uint32_t index = classes_find(&a->classes, cls);

	if (index == NO_CLASS_INDEX) {
		snprintf(buf, len, "(class %d)", cls);
		return buf;
	}
	return class_label(class_at(&a->classes, index), buf, len);
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
	bool existed;

	if (malformed(a, ev, e->lru, e->nr))
		return;
	count(a, e->cls, e->zone, lru_bucket(e->lru), e->nr, ev->ts);

	p = u64map_put(&a->replay.pages, e->pfn, &existed);
	c->checked++;
	if (existed && p->on_lru) {
		char was[80], now[80];

		check_violation(c, ev, "pfn 0x%" PRIx64 " added to %s of class %s while already on %s of class %s",
				e->pfn, lru_name(e->lru), label(a, e->cls, now, sizeof(now)), lru_name(p->lru),
				label(a, p->cls, was, sizeof(was)));
		violation_on(c, p);
	}
	note_tie(a, p, ev);
	p->on_lru = true;
	p->since = ev->ts;
	p->cls = e->cls;
	p->zone = e->zone;
	p->nr = e->nr;
	p->lru = (int8_t)e->lru;
	note_pages_peak(&a->replay);
}

/* The page is where the event says: same list, zone and size. */
static void check_place(struct analysis *a, const struct ckrm_event *ev, const struct page_state *p, uint64_t pfn,
			int32_t lru, int32_t zone, int32_t nr)
{
	if (p->lru == lru && p->zone == zone && p->nr == nr)
		return;
	check_violation(&a->checks[CHECK_CHARGE], ev,
			"%s of pfn 0x%" PRIx64 " names %s zone %" PRId32 " (%" PRId32 " pages), but it is on %s zone %" PRId32 " (%" PRId32 " pages)",
			kind_name(ev->kind), pfn, lru_name(lru), zone, nr, lru_name(p->lru), p->zone, p->nr);
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

	if (malformed(a, ev, e->lru, e->nr))
		return;
	count(a, e->cls, e->zone, lru_bucket(e->lru), -(int64_t)e->nr, ev->ts);

	p = u64map_get(&a->replay.pages, e->pfn);
	if (!p || !p->on_lru) {
		/* Added before the trace began: nothing to compare with. */
		a->replay.del_untracked++;
		c->skipped++;
		if (p)
			note_tie(a, p, ev);
		return;
	}
	c->checked++;
	if (p->cls != e->cls) {
		char from[80], charged[80];

		check_violation(c, ev, "pfn 0x%" PRIx64 " deleted from class %s, but it is charged to class %s", e->pfn,
				label(a, e->cls, from, sizeof(from)), label(a, p->cls, charged, sizeof(charged)));
		violation_on(c, p);
	} else {
		check_place(a, ev, p, e->pfn, e->lru, e->zone, e->nr);
	}
	note_tie(a, p, ev);
	p->on_lru = false;
	forget_if_idle(&a->replay, e->pfn, p);
}

void replay_lru_adjust(struct analysis *a, const struct ckrm_event *ev)
{
	const struct ev_lru_adjust *e = &ev->u.lru_adjust;
	struct check *c = &a->checks[CHECK_CHARGE];
	int bucket = lru_bucket(e->lru);
	struct page_state *p;
	bool existed;

	if (malformed(a, ev, e->lru, e->nr))
		return;
	count(a, e->from, e->zone, bucket, -(int64_t)e->nr, ev->ts);
	count(a, e->to, e->zone, bucket, e->nr, ev->ts);

	p = u64map_put(&a->replay.pages, e->pfn, &existed);
	if (!existed || !p->on_lru) {
		/* On an LRU since before the trace: from now on it is known. */
		a->replay.adjust_untracked++;
		c->skipped++;
		p->on_lru = true;
		p->since = ev->ts;
		p->zone = e->zone;
		p->nr = e->nr;
		p->lru = (int8_t)e->lru;
	} else {
		c->checked++;
		if (p->cls != e->from) {
			char from[80], charged[80];

			check_violation(c, ev, "pfn 0x%" PRIx64 " adjusted away from class %s, but it is charged to class %s",
					e->pfn, label(a, e->from, from, sizeof(from)),
					label(a, p->cls, charged, sizeof(charged)));
			violation_on(c, p);
		} else {
			check_place(a, ev, p, e->pfn, e->lru, e->zone, e->nr);
		}
	}
	note_tie(a, p, ev);
	p->cls = e->to;
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
		if (p->owner != e->from) {
			char from[80], owner[80];

			check_violation(c, ev, "ckrm_page_class moves pfn 0x%" PRIx64 " from class %s, but it belongs to class %s",
					e->pfn, label(a, e->from, from, sizeof(from)),
					label(a, p->owner, owner, sizeof(owner)));
			violation_on(c, p);
		}
	} else if (e->from != -1) {
		/* Owned since before the trace: nothing to compare with. */
		a->replay.owner_untracked++;
		c->skipped++;
	}
	note_tie(a, p, ev);
	p->owner_known = true;
	p->owner = e->to;
	forget_if_idle(&a->replay, e->pfn, p);
	note_pages_peak(&a->replay);
}
