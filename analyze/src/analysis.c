// SPDX-License-Identifier: GPL-2.0
#include "analysis.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contract.h"
#include "victim.h"

void analysis_init(struct analysis *a)
{
	int i;

	memset(a, 0, sizeof(*a));
	classes_init(&a->classes);
	replay_init(&a->replay);
	snapshots_init(&a->snapshots);
	reclaim_init(&a->reclaim);
	losses_init(&a->losses);
	for (i = 0; i < NR_CHECKS; i++)
		check_init(&a->checks[i], (enum check_id)i);
	/* An rmap event carries its candidates: it is judged on its own. */
	a->checks[CHECK_ATTRIBUTION].self_contained = true;
}

void analysis_set_clock(struct analysis *a, const char *name)
{
	struct trace_facts *t = &a->trace;
	size_t i;

	t->clock_known = name != NULL;
	t->clock[0] = '\0';
	for (i = 0; name && name[i] && i + 1 < sizeof(t->clock); i++)
		t->clock[i] = name[i] > 0x20 && name[i] < 0x7f ? name[i] : '?';
	t->clock[i] = '\0';
	t->clock_orders_cpus = name && !strcmp(name, "counter");
	t->ts_unit = t->clock_orders_cpus ? TS_EVENTS : TS_NANOSECONDS;
}

bool analysis_has_lru_events(const struct analysis *a)
{
	return a->kind_count[CK_LRU_ADD] || a->kind_count[CK_LRU_DEL] || a->kind_count[CK_LRU_ADJUST];
}

void analysis_free(struct analysis *a)
{
	explain_free(a);
	classes_free(&a->classes);
	replay_free(&a->replay);
	snapshots_free(&a->snapshots);
	reclaim_free(&a->reclaim);
	timeline_free(&a->timeline);
	losses_free(&a->losses);
	free(a->trace.records_per_cpu);
	a->trace.records_per_cpu = NULL;
}

static void class_shares(struct analysis *a, const struct ckrm_event *ev)
{
	const struct ev_shares *e = &ev->u.shares;
	struct class_rec *c;

	/* The memory controller's shares only. */
	if (e->res.len < 3 || memcmp(e->res.ptr, "mem", 3) || (e->res.len > 3 && e->res.ptr[3]))
		return;
	c = class_at(&a->classes, classes_lookup(&a->classes, e->id));
	c->shares_known = true;
	c->guarantee = e->guarantee;
	c->limit = e->limit;
	c->total_guarantee = e->total_guarantee;
	c->max_limit = e->max_limit;
}

void analysis_feed(struct analysis *a, const struct ckrm_event *ev)
{
	if ((unsigned)ev->kind >= CK_NR_KINDS)
		return;
	if (!a->ckrm_events++)
		a->first_ts = ev->ts;
	a->last_ts = ev->ts;
	a->kind_count[ev->kind]++;
	ties_before(a, ev);

	switch (ev->kind) {
	case CK_CLASSIFY:
		timeline_classify(a, ev);
		break;
	case CK_CLASS_CREATE:
		classes_create(&a->classes, ev->u.class_change.id, ev->u.class_change.parent,
			       ev->u.class_change.path.ptr, ev->u.class_change.path.len, ev->ts);
		break;
	case CK_CLASS_DESTROY:
		classes_destroy(&a->classes, ev->u.class_change.id, ev->u.class_change.path.ptr,
				ev->u.class_change.path.len, ev->ts);
		break;
	case CK_CLASS_SHARES:
		class_shares(a, ev);
		break;
	case CK_PAGE_CLASS:
		replay_page_class(a, ev);
		attribution_page_class(a, ev);
		break;
	case CK_MM_CLASS:
		timeline_migration(a, ev);
		break;
	case CK_LRU_ADD:
		replay_lru_add(a, ev);
		break;
	case CK_LRU_DEL:
		replay_lru_del(a, ev);
		break;
	case CK_LRU_ADJUST:
		replay_lru_adjust(a, ev);
		break;
	case CK_CLASS_STAT:
		snapshot_stat(a, ev);
		break;
	case CK_VICTIM_SELECT:
		reclaim_select(a, ev);
		break;
	case CK_RECLAIM:
		reclaim_done(a, ev);
		break;
	case CK_CLASS_REPARENT:
		replay_reparent(a, ev);
		break;
	case CK_NR_KINDS:
		break;
	}
	if (a->explain)
		explain_event(a, ev);
	ties_after(a, ev);
}

void analysis_loss(struct analysis *a, int cpu, enum loss_kind kind, int64_t count, uint64_t since)
{
	losses_note(&a->losses, cpu, kind, count, since);
}

static uint64_t count_of(const struct analysis *a, const enum ckrm_kind *kinds, int n)
{
	uint64_t t = 0;
	int i;

	for (i = 0; i < n; i++)
		t += a->kind_count[kinds[i]];
	return t;
}

static bool any_defined(const struct analysis *a, const enum ckrm_kind *kinds, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (a->kind_defined[kinds[i]])
			return true;
	return false;
}

#define N(x) ((int)(sizeof(x) / sizeof((x)[0])))

static void conclude_drift(struct analysis *a)
{
	/* The first three are the LRU events; a lost reparent event would change counts too. */
	static const enum ckrm_kind kinds[] = { CK_LRU_ADD, CK_LRU_DEL, CK_LRU_ADJUST, CK_CLASS_STAT, CK_CLASS_REPARENT };
	struct check *c = &a->checks[CHECK_DRIFT];
	const struct snapshots *s = &a->snapshots;
	const struct replay *r = &a->replay;
	int n;

	snprintf(c->not_applicable, sizeof(c->not_applicable), "no LRU events and no ckrm_class_stat snapshots");
	if (!a->kind_count[CK_CLASS_STAT])
		snprintf(c->unjudged, sizeof(c->unjudged),
			 "no ckrm_class_stat snapshot: the replayed counts of %" PRIu64 " LRU events were compared with nothing",
			 count_of(a, kinds, 3));
	else
		snprintf(c->unjudged, sizeof(c->unjudged),
			 "no class and zone counted in a snapshot after its counts were known: %" PRIu64 " snapshot(s) only gave starting points",
			 s->nr_snapshots);
	n = snprintf(c->detail, sizeof(c->detail),
		     "%" PRIu64 " class/zone counts in %" PRIu64 " snapshots compared with the replay of %" PRIu64 " LRU events; %" PRIu64 " taken as the starting point",
		     s->comparisons, s->nr_snapshots, count_of(a, kinds, 3), s->initialized);
	if (a->kind_count[CK_CLASS_REPARENT] && n > 0 && (size_t)n < sizeof(c->detail))
		snprintf(c->detail + n, sizeof(c->detail) - (size_t)n,
			 "; %" PRIu64 " classes reparented, %" PRIu64 " known pages handed to a parent, %" PRIu64 " LRU counts of a reparented class applied to its live ancestor",
			 r->reparents, r->reparent_pages, r->forwarded);
	check_conclude(c, count_of(a, kinds, 4) > 0, any_defined(a, kinds, N(kinds)), &a->losses, a->trace.ts_unit);
}

static void conclude_charge(struct analysis *a)
{
	static const enum ckrm_kind kinds[] = { CK_LRU_ADD, CK_LRU_DEL, CK_LRU_ADJUST, CK_PAGE_CLASS };
	struct check *c = &a->checks[CHECK_CHARGE];
	const struct replay *r = &a->replay;

	snprintf(c->not_applicable, sizeof(c->not_applicable),
		 "no ckrm_lru_add, ckrm_lru_del, ckrm_lru_adjust or ckrm_page_class events");
	snprintf(c->unjudged, sizeof(c->unjudged),
		 "no page event could have failed it: each concerns a page the trace had not yet shown on or off an LRU or owned (%" PRIu64 " additions of pages first seen, %" PRIu64 " deletions, %" PRIu64 " adjustments, %" PRIu64 " owner changes)",
		 r->add_unseen, r->del_untracked, r->adjust_untracked, r->owner_untracked);
	snprintf(c->detail, sizeof(c->detail),
		 "%" PRIu64 " page events checked against the page's charge; not judged, the page unknown until then: %" PRIu64 " additions, %" PRIu64 " deletions, %" PRIu64 " adjustments, %" PRIu64 " owner changes; at most %" PRIu64 " pages tracked at once",
		 c->checked, r->add_unseen, r->del_untracked, r->adjust_untracked, r->owner_untracked, r->pages_peak);
	check_conclude(c, count_of(a, kinds, N(kinds)) > 0, any_defined(a, kinds, N(kinds)), &a->losses, a->trace.ts_unit);
}

static void conclude_totals(struct analysis *a)
{
	static const enum ckrm_kind kinds[] = { CK_CLASS_STAT };
	struct check *c = &a->checks[CHECK_TOTALS];

	snprintf(c->not_applicable, sizeof(c->not_applicable), "no ckrm_class_stat snapshots");
	snprintf(c->detail, sizeof(c->detail), "%" PRIu64 " zone sums in %" PRIu64 " snapshots",
		 a->snapshots.zone_sums_checked, a->snapshots.nr_snapshots);
	check_conclude(c, a->kind_count[CK_CLASS_STAT] > 0, any_defined(a, kinds, N(kinds)), &a->losses, a->trace.ts_unit);
}

static void conclude_reclaim(struct analysis *a)
{
	static const enum ckrm_kind kinds[] = { CK_VICTIM_SELECT, CK_RECLAIM };
	struct check *c = &a->checks[CHECK_RECLAIM];
	const struct reclaim_state *r = &a->reclaim;

	snprintf(c->not_applicable, sizeof(c->not_applicable), "no ckrm_reclaim events");
	snprintf(c->unjudged, sizeof(c->unjudged),
		 "no ckrm_reclaim event took pages in a pass whose selection is in the trace (%" PRIu64 " reclaimed nothing; %" PRIu64 " of passes begun before the trace, %" PRIu64 " of passes older than the newest %d)",
		 r->reclaimed_nothing, r->started_before_trace, r->out_of_window, PASS_WINDOW);
	snprintf(c->detail, sizeof(c->detail),
		 "%" PRIu64 " ckrm_reclaim events that took pages judged in %" PRIu64 " passes (%" PRIu64 " fallback, as their selection says); not judged: %" PRIu64 " that reclaimed nothing, %" PRIu64 " of passes begun before the trace, %" PRIu64 " of passes older than the newest %d",
		 c->checked, r->passes, r->fallback_passes, r->reclaimed_nothing, r->started_before_trace, r->out_of_window,
		 PASS_WINDOW);
	check_conclude(c, a->kind_count[CK_RECLAIM] > 0, any_defined(a, kinds, N(kinds)), &a->losses, a->trace.ts_unit);
}

static void conclude_attribution(struct analysis *a)
{
	static const enum ckrm_kind kinds[] = { CK_PAGE_CLASS };
	struct check *c = &a->checks[CHECK_ATTRIBUTION];

	snprintf(c->not_applicable, sizeof(c->not_applicable),
		 "no rmap events: no ckrm_page_class with reason rmap_add or rmap_remove");
	attribution_finish(a);
	check_conclude(c, a->attribution.rmap_add + a->attribution.rmap_remove > 0, any_defined(a, kinds, N(kinds)),
		       &a->losses, a->trace.ts_unit);
}

static void conclude_victim(struct analysis *a)
{
	static const enum ckrm_kind kinds[] = { CK_VICTIM_SELECT };
	struct check *c = &a->checks[CHECK_VICTIM];
	const struct victim_stats *v = &a->reclaim.victim;

	snprintf(c->not_applicable, sizeof(c->not_applicable), "no ckrm_victim_select events");
	snprintf(c->unjudged, sizeof(c->unjudged),
		 "no selection could have been wrong: %" PRIu64 " event(s) of one-victim passes that may be a class's limit reclaim (the trace does not mark those)",
		 v->maybe_limit);
	snprintf(c->detail, sizeof(c->detail),
		 "%" PRIu64 " ckrm_victim_select events judged in %" PRIu64 " passes (%" PRIu64 " fallback, %" PRIu64 " of them at priority 0; %" PRIu64 " a class's limit reclaim, judged as one pass each); not judged: %" PRIu64 " of one-victim passes that may be a class's limit reclaim (its victim under its share, or classes over theirs left out: a trace without the target field does not mark those); %" PRIu64 " over their share and lighter than the kernel's %d victims",
		 c->checked, v->passes, v->fallbacks, v->everyone, v->limit_passes, v->maybe_limit, v->beyond_cap,
		 VICTIMS_MAX);
	check_conclude(c, a->kind_count[CK_VICTIM_SELECT] > 0, any_defined(a, kinds, N(kinds)), &a->losses,
		       a->trace.ts_unit);
}

static void conclude_owner(struct analysis *a)
{
	static const enum ckrm_kind kinds[] = { CK_LRU_ADD, CK_LRU_DEL, CK_LRU_ADJUST, CK_PAGE_CLASS };
	struct check *c = &a->checks[CHECK_OWNER];
	const struct replay *r = &a->replay;

	snprintf(c->not_applicable, sizeof(c->not_applicable), "no ckrm_lru_add, ckrm_lru_del or ckrm_lru_adjust events");
	snprintf(c->unjudged, sizeof(c->unjudged),
		 "no LRU event concerned a page whose owner the trace showed (%" PRIu64 " LRU events of pages owned since before the trace)",
		 r->owner_unknown);
	snprintf(c->detail, sizeof(c->detail),
		 "%" PRIu64 " LRU events compared with the page's owner from ckrm_page_class; not judged: %" PRIu64 " of pages whose owner the trace did not show",
		 c->checked, r->owner_unknown);
	check_conclude(c, count_of(a, kinds, 3) > 0, any_defined(a, kinds, N(kinds)), &a->losses, a->trace.ts_unit);
}

void analysis_finish(struct analysis *a)
{
	uint32_t i;

	if (a->finished)
		return;
	a->finished = true;
	snapshots_finish(a);
	explain_finish(a); /* before the passes close: it copies their selections */
	reclaim_finish(a);
	/* Every plotted series runs to the end of the trace. */
	for (i = 0; i < a->classes.n; i++) {
		struct class_rec *c = class_at(&a->classes, i);

		if (c->usage_known)
			series_end(&c->series, c->destroyed ? c->destroyed_ts : a->last_ts);
	}
	ties_finish(a);
	conclude_drift(a);
	conclude_charge(a);
	conclude_totals(a);
	conclude_reclaim(a);
	conclude_attribution(a);
	conclude_victim(a);
	conclude_owner(a);
	verdict_compute(&a->verdict, a->checks);
}

int analysis_exit_code(const struct analysis *a)
{
	int x;

	if (!a->explain || !a->explain->finished)
		return a->verdict.exit_code;
	x = explain_exit_code(a->explain);
	if (a->verdict.exit_code == EXIT_VIOLATION || x == EXIT_VIOLATION)
		return EXIT_VIOLATION;
	if (a->verdict.exit_code == EXIT_UNVERIFIED || x == EXIT_UNVERIFIED)
		return EXIT_UNVERIFIED;
	return EXIT_PASS;
}
