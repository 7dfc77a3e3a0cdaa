// SPDX-License-Identifier: GPL-2.0
#include "ties.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "analysis.h"

/* Checks 1-3 replay events in order; 4 and 5 do not depend on it across CPUs. */
#define TIE_CHECKS 3
_Static_assert(CHECK_DRIFT < TIE_CHECKS && CHECK_CHARGE < TIE_CHECKS && CHECK_TOTALS < TIE_CHECKS, "checks 1-3");

static bool is_lru_kind(enum ckrm_kind k)
{
	return k == CK_LRU_ADD || k == CK_LRU_DEL || k == CK_LRU_ADJUST;
}

/* The events check 2 replays per page. */
static bool is_page_kind(enum ckrm_kind k)
{
	return is_lru_kind(k) || k == CK_PAGE_CLASS;
}

static struct tie_member member_of(const struct ckrm_event *ev)
{
	struct tie_member m = { ev->cpu, ev->kind, 0, -1, -1, -1, -1 };

	switch (ev->kind) {
	case CK_LRU_ADD:
	case CK_LRU_DEL:
		m.pfn = ev->u.lru.pfn;
		m.node = ev->u.lru.node;
		m.zone = ev->u.lru.zone;
		m.cls_a = m.cls_b = ev->u.lru.cls;
		break;
	case CK_LRU_ADJUST:
		m.pfn = ev->u.lru_adjust.pfn;
		m.node = ev->u.lru_adjust.node;
		m.zone = ev->u.lru_adjust.zone;
		m.cls_a = ev->u.lru_adjust.from;
		m.cls_b = ev->u.lru_adjust.to;
		break;
	case CK_PAGE_CLASS:
		m.pfn = ev->u.page_class.pfn;
		m.cls_a = ev->u.page_class.from;
		m.cls_b = ev->u.page_class.to;
		break;
	case CK_CLASS_STAT:
		m.node = ev->u.class_stat.node;
		m.zone = ev->u.class_stat.zone;
		m.cls_a = m.cls_b = ev->u.class_stat.cls;
		break;
	default:
		break;
	}
	return m;
}

/*
 * Another event whose order against the offending one decides the check:
 * drift (a snapshot row), an LRU event of its class and zone; charge, an
 * event of the same page; totals, another snapshot row.
 */
static bool related(int check, const struct tie_member *off, const struct tie_member *o)
{
	switch (check) {
	case CHECK_DRIFT:
		return off->kind == CK_CLASS_STAT && is_lru_kind(o->kind) && o->node == off->node && o->zone == off->zone &&
		       (o->cls_a == off->cls_a || o->cls_b == off->cls_a);
	case CHECK_CHARGE:
		return is_page_kind(off->kind) && is_page_kind(o->kind) && o->pfn == off->pfn;
	case CHECK_TOTALS:
		return off->kind == CK_CLASS_STAT && o->kind == CK_CLASS_STAT;
	}
	return false;
}

void ties_before(struct analysis *a, const struct ckrm_event *ev)
{
	struct ties *t = &a->ties;
	struct tie_member me = member_of(ev);
	uint32_t j, kept;
	int i;

	if (!t->started || ev->ts != t->ts) {
		t->started = true;
		t->ts = ev->ts;
		t->n = 0;
		t->first_cpu = ev->cpu;
		t->cross_cpu = false;
		for (i = 0; i < TIE_CHECKS; i++)
			a->checks[i].tie.watching = false;
	} else if (!t->cross_cpu && ev->cpu != t->first_cpu) {
		t->cross_cpu = true;
		t->cross_cpu_groups++;
	}
	for (i = 0; i < TIE_CHECKS; i++) {
		struct check *c = &a->checks[i];

		t->had_first[i] = c->first.set;
		if (c->tie.watching && ev->cpu != c->first.cpu) {
			struct tie_member off = member_of(&c->first.event);

			if (related(i, &off, &me))
				c->tie.others++;
		}
	}
	t->page_tie = false;
	if (!is_page_kind(ev->kind))
		return;
	kept = t->n < TIE_GROUP_KEEP ? t->n : TIE_GROUP_KEEP;
	for (j = 0; j < kept; j++) {
		if (t->m[j].cpu != ev->cpu && is_page_kind(t->m[j].kind) && t->m[j].pfn == me.pfn) {
			t->page_tie = true;
			t->page_tie_cpu = t->m[j].cpu;
			return;
		}
	}
}

void ties_after(struct analysis *a, const struct ckrm_event *ev)
{
	struct ties *t = &a->ties;
	uint32_t j, kept;
	int i;

	if (t->n < TIE_GROUP_KEEP)
		t->m[t->n] = member_of(ev);
	if (t->n < UINT32_MAX)
		t->n++;
	kept = t->n < TIE_GROUP_KEEP ? t->n : TIE_GROUP_KEEP;
	for (i = 0; i < TIE_CHECKS; i++) {
		struct check *c = &a->checks[i];
		struct tie_member off;

		/* A first violation at this timestamp: count its group so far. */
		if (t->had_first[i] || !c->first.set || c->first.cpu < 0 || c->first.ts != t->ts)
			continue;
		off = member_of(&c->first.event);
		c->tie.watching = true;
		for (j = 0; j < kept; j++)
			if (t->m[j].cpu != c->first.cpu && related(i, &off, &t->m[j]))
				c->tie.others++;
		c->tie.others_partial = t->n > TIE_GROUP_KEEP;
	}
}

void ties_finish(struct analysis *a)
{
	static const char *const what[TIE_CHECKS] = { "LRU event%s of this class and zone", "event%s of this page",
					     "ckrm_class_stat event%s" };
	int i;

	if (a->trace.clock_orders_cpus)
		return;
	for (i = 0; i < TIE_CHECKS; i++) {
		struct check *c = &a->checks[i];
		size_t used = strlen(c->first.what);
		char subject[64], when[32], order[160];
		int n;

		c->tie.watching = false;
		if (!c->first.set || (!c->tie.others && !c->tie.page))
			continue;
		if (a->trace.clock_known)
			snprintf(order, sizeof(order), "recorded with the '%s' clock their order is unknown: record with -C counter",
				 a->trace.clock);
		else
			snprintf(order, sizeof(order),
				 "the trace does not name its clock, so their order is unknown: record with -C counter");
		n = 0;
		if (c->tie.others) {
			snprintf(subject, sizeof(subject), what[i], c->tie.others == 1 ? "" : "s");
			n = snprintf(c->first.what + used, sizeof(c->first.what) - used,
				     " -- note: %" PRIu32 "%s %s on other CPUs share%s this timestamp", c->tie.others,
				     c->tie.others_partial ? " or more" : "", subject, c->tie.others == 1 ? "s" : "");
		}
		if (n >= 0 && (size_t)n < sizeof(c->first.what) - used)
			used += (size_t)n;
		else
			used = sizeof(c->first.what) - 1;
		if (c->tie.page) {
			format_time(c->tie.page_ts, a->trace.ts_unit, when, sizeof(when));
			n = snprintf(c->first.what + used, sizeof(c->first.what) - used,
				     "%s this page's state comes from its events at %s on CPU %d and CPU %d, which share one timestamp",
				     c->tie.others ? ";" : " -- note:", when, c->tie.page_cpu[0], c->tie.page_cpu[1]);
			if (n >= 0 && (size_t)n < sizeof(c->first.what) - used)
				used += (size_t)n;
			else
				used = sizeof(c->first.what) - 1;
		}
		snprintf(c->first.what + used, sizeof(c->first.what) - used, "; %s", order);
	}
}
