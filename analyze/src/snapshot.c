// SPDX-License-Identifier: GPL-2.0
#include "snapshot.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "xalloc.h"

void snapshots_init(struct snapshots *s)
{
	memset(s, 0, sizeof(*s));
}

void snapshots_free(struct snapshots *s)
{
	free(s->open);
	snapshots_init(s);
}

static void close_zone(struct analysis *a, const struct snapshot_zone *z)
{
	struct check *c = &a->checks[CHECK_TOTALS];

	c->checked++;
	a->snapshots.zone_sums_checked++;
	if (!memcmp(z->classes, z->zone_total, sizeof(z->classes)))
		return;
	check_violation(c, &z->last,
			"snapshot %" PRIu64 " node %" PRId32 " zone %" PRId32 ": the %" PRIu32 " classes add up to active=%" PRIu64 " inactive=%" PRIu64 " unevictable=%" PRIu64 ", the zone has active=%" PRIu64 " inactive=%" PRIu64 " unevictable=%" PRIu64,
			z->seq, z->node, z->zone, z->classes_seen, z->classes[0], z->classes[1], z->classes[2], z->zone_total[0],
			z->zone_total[1], z->zone_total[2]);
}

/* A newer snapshot began: the older ones are complete. */
static void close_older(struct analysis *a, uint64_t seq)
{
	struct snapshots *s = &a->snapshots;
	uint32_t r, w = 0;

	for (r = 0; r < s->nr_open; r++) {
		if (s->open[r].seq < seq)
			close_zone(a, &s->open[r]);
		else
			s->open[w++] = s->open[r];
	}
	s->nr_open = w;
}

static struct snapshot_zone *open_zone(struct snapshots *s, const struct ev_class_stat *e)
{
	struct snapshot_zone *z;
	uint32_t i;

	for (i = 0; i < s->nr_open; i++)
		if (s->open[i].seq == e->seq && s->open[i].node == e->node && s->open[i].zone == e->zone)
			return &s->open[i];
	if (s->nr_open == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 8;
		s->open = xrealloc(s->open, s->cap, sizeof(*s->open));
	}
	z = &s->open[s->nr_open++];
	memset(z, 0, sizeof(*z));
	z->seq = e->seq;
	z->node = e->node;
	z->zone = e->zone;
	z->zone_total[0] = e->zone_active;
	z->zone_total[1] = e->zone_inactive;
	z->zone_total[2] = e->zone_unevictable;
	return z;
}

static void add_to_totals(struct analysis *a, const struct ckrm_event *ev)
{
	const struct ev_class_stat *e = &ev->u.class_stat;
	struct snapshots *s = &a->snapshots;
	struct snapshot_zone *z;
	uint32_t i;

	if (!s->any || e->seq > s->newest_seq) {
		if (s->any)
			close_older(a, e->seq);
		s->any = true;
		s->newest_seq = e->seq;
		s->nr_snapshots++;
	} else if (e->seq < s->newest_seq) {
		bool still_open = false;

		for (i = 0; i < s->nr_open; i++)
			still_open |= s->open[i].seq == e->seq;
		if (!still_open) {
			check_violation(&a->checks[CHECK_TOTALS], ev,
					"ckrm_class_stat of snapshot %" PRIu64 " came after snapshot %" PRIu64 " began: snapshot %" PRIu64 " was summed without it",
					e->seq, s->newest_seq, e->seq);
			return;
		}
	}
	z = open_zone(s, e);
	if (z->zone_total[0] != e->zone_active || z->zone_total[1] != e->zone_inactive ||
	    z->zone_total[2] != e->zone_unevictable)
		check_violation(&a->checks[CHECK_TOTALS], ev,
				"snapshot %" PRIu64 " node %" PRId32 " zone %" PRId32 ": the zone's totals change within the snapshot (active=%" PRIu64 " inactive=%" PRIu64 " unevictable=%" PRIu64 " in an earlier event)",
				e->seq, e->node, e->zone, z->zone_total[0], z->zone_total[1], z->zone_total[2]);
	/* Unsigned sums wrap instead of overflowing on a damaged trace. */
	z->classes[0] += e->active;
	z->classes[1] += e->inactive;
	z->classes[2] += e->unevictable;
	z->classes_seen++;
	z->last = *ev;
}

static void compare_with_replay(struct analysis *a, const struct ckrm_event *ev)
{
	const struct ev_class_stat *e = &ev->u.class_stat;
	uint32_t index = classes_lookup(&a->classes, e->cls);
	const int64_t kernel[NR_BUCKETS] = { (int64_t)e->active, (int64_t)e->inactive, (int64_t)e->unevictable };
	struct zone_counts *z;
	struct class_rec *c = class_at(&a->classes, index);
	int64_t drift = 0, total = 0;
	int b;

	if (c->reparented) {
		/* Its counts are its parent's since the event: a snapshot lists it no more. */
		char buf[160], when[32];

		format_time(c->reparented_ts, a->trace.ts_unit, when, sizeof(when));
		a->snapshots.reparented_rows++;
		check_violation(&a->checks[CHECK_DRIFT], ev,
				"snapshot %" PRIu64 " lists class %s in node %" PRId32 " zone %" PRId32 ", but it was reparented at %s: its counts are its parent's since",
				e->seq, replay_class_label(a, e->cls, buf, sizeof(buf)), e->node, e->zone, when);
		return;
	}
	z = replay_zone(a, index, replay_zone_id(&a->replay, e->node, e->zone));

	if (!z->tracked) {
		/* The first count of a class from before the trace: start here. */
		for (b = 0; b < NR_BUCKETS; b++) {
			z->pages[b] = kernel[b];
			total = wrap_add(total, kernel[b]);
		}
		z->tracked = true;
		a->snapshots.initialized++;
		c = class_at(&a->classes, index);
		c->tracked_pairs++;
		c->usage_known = true;
		class_pages_changed(a, index, total, ev->ts);
		return;
	}
	a->snapshots.comparisons++;
	a->checks[CHECK_DRIFT].checked++;
	for (b = 0; b < NR_BUCKETS; b++)
		drift = wrap_add(drift, (int64_t)((uint64_t)z->pages[b] - (uint64_t)kernel[b]));
	c = class_at(&a->classes, index);
	c->snapshots_compared++;
	c->drift = wrap_add(c->drift, (int64_t)((uint64_t)drift - (uint64_t)z->last_drift));
	z->last_drift = drift;
	if (c->drift != INT64_MIN && llabs(c->drift) > c->drift_max_abs)
		c->drift_max_abs = llabs(c->drift);
	if (!memcmp(z->pages, kernel, sizeof(kernel)))
		return;
	{
		char buf[80];

		check_violation(&a->checks[CHECK_DRIFT], ev,
				"class %s node %" PRId32 " zone %" PRId32 " snapshot %" PRIu64 ": replayed active=%" PRId64 " inactive=%" PRId64 " unevictable=%" PRId64 ", kernel active=%" PRIu64 " inactive=%" PRIu64 " unevictable=%" PRIu64 " (drift %+" PRId64 " pages)",
				class_label(c, buf, sizeof(buf)), e->node, e->zone, e->seq, z->pages[0], z->pages[1], z->pages[2],
				e->active, e->inactive, e->unevictable, drift);
	}
}

void snapshot_stat(struct analysis *a, const struct ckrm_event *ev)
{
	compare_with_replay(a, ev);
	add_to_totals(a, ev);
}

void snapshots_finish(struct analysis *a)
{
	close_older(a, UINT64_MAX);
	/* close_older keeps seq == UINT64_MAX: close those too. */
	while (a->snapshots.nr_open)
		close_zone(a, &a->snapshots.open[--a->snapshots.nr_open]);
}
