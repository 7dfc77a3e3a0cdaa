// SPDX-License-Identifier: GPL-2.0
#include "reclaim.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "victim.h"
#include "xalloc.h"

void reclaim_init(struct reclaim_state *r)
{
	memset(r, 0, sizeof(*r));
	u64map_init(&r->by_id, sizeof(uint32_t));
}

void reclaim_free(struct reclaim_state *r)
{
	uint32_t i;

	if (r->window)
		for (i = 0; i < PASS_WINDOW; i++)
			free(r->window[i].classes);
	free(r->window);
	for (i = 0; i < r->nr_shown; i++)
		free(r->shown[i].classes);
	free(r->shown);
	free(r->marks);
	u64map_free(&r->by_id);
	reclaim_init(r);
}

/* A pass leaves the window: judged, counted, and kept for the report if early. */
static void close_pass(struct analysis *a, struct pass *p)
{
	struct reclaim_state *r = &a->reclaim;
	uint64_t reclaimed = 0;
	uint32_t i;

	victim_judge_pass(a, p);
	r->passes++;
	for (i = 0; i < p->nr_classes; i++)
		reclaimed += p->classes[i].reclaimed;
	if (reclaimed) {
		if (r->nr_marks == r->cap_marks) {
			r->cap_marks = r->cap_marks ? r->cap_marks * 2 : 64;
			r->marks = xrealloc(r->marks, r->cap_marks, sizeof(*r->marks));
		}
		r->marks[r->nr_marks++] = (struct reclaim_mark){ p->ts, reclaimed };
	}
	if (pass_fallback(p))
		r->fallback_passes++;
	if (r->nr_shown < PASS_REPORT_MAX) {
		struct pass *copy;

		if (!r->shown)
			r->shown = xcalloc(PASS_REPORT_MAX, sizeof(*r->shown));
		copy = &r->shown[r->nr_shown++];
		*copy = *p;
		copy->classes = xcalloc(p->nr_classes, sizeof(*p->classes));
		memcpy(copy->classes, p->classes, p->nr_classes * sizeof(*p->classes));
		copy->cap = p->nr_classes;
	}
	u64map_del(&r->by_id, p->id);
}

static struct pass *find_pass(struct reclaim_state *r, uint64_t id)
{
	uint32_t *slot = u64map_get(&r->by_id, id);

	return slot ? &r->window[*slot] : NULL;
}

const struct pass *reclaim_find_pass(const struct reclaim_state *r, uint64_t id)
{
	uint32_t *slot = u64map_get(&r->by_id, id);

	return slot ? &r->window[*slot] : NULL;
}

static struct pass *open_pass(struct analysis *a, const struct ckrm_event *ev, uint64_t id, int32_t node)
{
	struct reclaim_state *r = &a->reclaim;
	uint32_t slot;
	struct pass *p;
	struct pass_class *keep;
	uint32_t keep_cap;

	if (!r->window)
		r->window = xcalloc(PASS_WINDOW, sizeof(*r->window));
	if (r->count == PASS_WINDOW) {
		/* The oldest pass is done with, in any reclaim seen so far. */
		struct pass *oldest = &r->window[r->head];

		r->evicted = true;
		if (oldest->id > r->newest_evicted)
			r->newest_evicted = oldest->id;
		close_pass(a, oldest);
		r->head = (r->head + 1) % PASS_WINDOW;
		r->count--;
	}
	slot = (r->head + r->count) % PASS_WINDOW;
	r->count++;
	p = &r->window[slot];
	keep = p->classes; /* reuse the array of the pass that was here */
	keep_cap = p->cap;
	memset(p, 0, sizeof(*p));
	p->classes = keep;
	p->cap = keep_cap;
	p->id = id;
	p->ts = ev->ts;
	p->cpu = ev->cpu;
	p->node = node;
	p->target = -1;
	*(uint32_t *)u64map_put(&r->by_id, id, NULL) = slot;
	return p;
}

static struct pass_class *pass_class(struct analysis *a, struct pass *p, int32_t cls)
{
	struct pass_class *pc;
	uint32_t i;

	for (i = 0; i < p->nr_classes; i++)
		if (p->classes[i].cls == cls)
			return &p->classes[i];
	if (p->nr_classes == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 8;
		p->classes = xrealloc(p->classes, p->cap, sizeof(*p->classes));
	}
	pc = &p->classes[p->nr_classes++];
	memset(pc, 0, sizeof(*pc));
	pc->cls = cls;
	pc->class_index = classes_lookup(&a->classes, cls);
	return pc;
}

void reclaim_select(struct analysis *a, const struct ckrm_event *ev)
{
	const struct ev_victim_select *e = &ev->u.victim;
	struct reclaim_state *r = &a->reclaim;
	struct pass *p = find_pass(r, e->pass);
	struct pass_class *pc;
	struct class_rec *c;

	if (!p)
		p = open_pass(a, ev, e->pass, e->node);
	if (!r->any_select || e->pass < r->oldest_selected)
		r->oldest_selected = e->pass;
	r->any_select = true;
	p->priority = e->priority;
	p->fallback_select |= e->fallback;
	if (e->target >= 0)
		p->target = p->target > 0 ? 1 : e->target;
	pc = pass_class(a, p, e->cls);
	pc->has_select = true;
	pc->selected = e->selected;
	pc->select_fallback = e->fallback;
	pc->select_ts = ev->ts;
	pc->select_cpu = ev->cpu;
	pc->usage = e->usage;
	pc->share = e->share;
	pc->guarantee = e->guarantee;
	pc->limit = e->limit;
	pc->weight = e->weight;

	c = class_at(&a->classes, pc->class_index);
	c->passes_considered++;
	c->passes_selected += e->selected;
	c->share_pages = (int64_t)e->share;
	if (c->guarantee_pages != (int64_t)e->guarantee || c->limit_pages != (int64_t)e->limit) {
		c->guarantee_pages = (int64_t)e->guarantee;
		c->limit_pages = (int64_t)e->limit;
		if (c->usage_known)
			series_note(&c->series, ev->ts, c->pages, c->guarantee_pages, c->limit_pages);
	}
}

/* A ckrm_reclaim whose pass has no selection in view. */
static void unmatched(struct analysis *a, const struct ckrm_event *ev)
{
	const struct ev_reclaim *e = &ev->u.reclaim;
	struct reclaim_state *r = &a->reclaim;
	struct check *c = &a->checks[CHECK_RECLAIM];
	char buf[80];

	if (!r->any_select || e->pass < r->oldest_selected) {
		r->started_before_trace++;
		c->skipped++;
		return;
	}
	if (r->evicted && e->pass <= r->newest_evicted) {
		r->out_of_window++;
		c->skipped++;
		return;
	}
	if (!e->reclaimed) {
		r->reclaimed_nothing++;
		c->skipped++;
		return;
	}
	/* Fallback or not, a pass selects first: its own flag excuses nothing. */
	c->checked++;
	check_violation(c, ev, "pass %" PRIu64 " reclaimed %" PRIu64 " pages from class %s, but the pass has no ckrm_victim_select",
			e->pass, e->reclaimed,
			class_label(class_at(&a->classes, classes_lookup(&a->classes, e->cls)), buf, sizeof(buf)));
}

void reclaim_done(struct analysis *a, const struct ckrm_event *ev)
{
	const struct ev_reclaim *e = &ev->u.reclaim;
	struct check *c = &a->checks[CHECK_RECLAIM];
	struct pass *p = find_pass(&a->reclaim, e->pass);
	struct pass_class *pc;
	struct class_rec *cr;
	char buf[80];
	const char *name;

	cr = class_at(&a->classes, classes_lookup(&a->classes, e->cls));
	cr->scanned += e->scanned;
	cr->skipped += e->skipped;
	cr->reclaimed += e->reclaimed;
	if (!p) {
		unmatched(a, ev);
		return;
	}
	pc = pass_class(a, p, e->cls);
	pc->has_reclaim = true;
	pc->scanned += e->scanned;
	pc->skipped += e->skipped;
	pc->reclaimed += e->reclaimed;
	name = class_label(class_at(&a->classes, pc->class_index), buf, sizeof(buf));

	/* events.md: fallback is decided at selection and repeated here. */
	if (e->fallback != p->fallback_select)
		check_violation(c, ev, "pass %" PRIu64 "'s ckrm_reclaim of class %s says fallback=%d, but its selection (ckrm_victim_select) says fallback=%d",
				e->pass, name, e->fallback, p->fallback_select);
	if (!e->reclaimed) {
		/* Nothing taken: no selection or guarantee it could have broken. */
		a->reclaim.reclaimed_nothing++;
		c->skipped++;
		return;
	}
	c->checked++;
	/*
	 * A fallback pass selects its victims too (every class at priority
	 * 0), but may take them below their guarantees.
	 */
	if (!pc->has_select)
		check_violation(c, ev, "pass %" PRIu64 " reclaimed %" PRIu64 " pages from class %s, which the pass did not consider (no ckrm_victim_select)",
				e->pass, e->reclaimed, name);
	else if (!pc->selected)
		check_violation(c, ev, "pass %" PRIu64 " reclaimed %" PRIu64 " pages from class %s, which it did not select",
				e->pass, e->reclaimed, name);
	else if (!pass_fallback(p) && pc->guarantee && (pc->usage < pc->reclaimed || pc->usage - pc->reclaimed < pc->guarantee))
		check_violation(c, ev, "pass %" PRIu64 " took class %s below its guarantee: it had %" PRIu64 " pages, %" PRIu64 " were reclaimed, %" PRIu64 " are guaranteed",
				e->pass, name, pc->usage, pc->reclaimed, pc->guarantee);
}

void reclaim_finish(struct analysis *a)
{
	struct reclaim_state *r = &a->reclaim;

	while (r->count) {
		close_pass(a, &r->window[r->head]);
		r->head = (r->head + 1) % PASS_WINDOW;
		r->count--;
	}
}

const char *pass_class_why(const struct pass *p, const struct pass_class *pc, char *buf, size_t len)
{
	if (!pc->has_select)
		snprintf(buf, len, "not considered by the pass (no ckrm_victim_select)");
	else if (pc->selected && pass_fallback(p))
		snprintf(buf, len, "selected in the fallback: uses %" PRIu64 " pages, its share allows %" PRIu64 " (weight %d/1000), may go under",
			 pc->usage, pc->share, pc->weight);
	else if (pc->selected)
		snprintf(buf, len, "selected: uses %" PRIu64 " pages, its share allows %" PRIu64 " (weight %d/1000)",
			 pc->usage, pc->share, pc->weight);
	else if (pass_fallback(p))
		snprintf(buf, len, "not selected in the fallback: a heavier class went first (weight %d/1000)", pc->weight);
	else if (pc->usage <= pc->share)
		snprintf(buf, len, "not selected: within its share (%" PRIu64 " of %" PRIu64 " pages)", pc->usage, pc->share);
	else if (pc->guarantee && pc->usage <= pc->guarantee)
		snprintf(buf, len, "not selected: within its guarantee (%" PRIu64 " of %" PRIu64 " pages)", pc->usage,
			 pc->guarantee);
	else
		snprintf(buf, len, "not selected: over its share (%" PRIu64 " of %" PRIu64 " pages, weight %d/1000) but others weighed more",
			 pc->usage, pc->share, pc->weight);
	return buf;
}
