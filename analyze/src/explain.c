// SPDX-License-Identifier: GPL-2.0
#include "explain.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "xalloc.h"

/* What the explanation remembers of a page (its first pfn). */
struct xpage {
	int32_t reason;       /* of its latest ckrm_page_class, -1 none seen */
	bool charged_fresh;   /* charged and not on an LRU since */
	bool pending;         /* deleted from an LRU, not back yet */
	bool in_pass;         /* deleted in a reclaim pass that selected the class */
	uint32_t del_class;   /* the class (index, resolved) it was deleted from */
	int32_t nr;
	uint32_t ordinal;     /* the class's snapshots before the deletion */
	uint64_t pass;
};

static const char *const cause_names[XC_NR] = {
	[XC_PENDING] = "pending",
	[XC_RECLAIM] = "reclaim",
	[XC_PUTBACK] = "put_back",
	[XC_CHARGE] = "charge",
	[XC_MOVE] = "owner_change",
	[XC_OFFLRU_MOVE] = "owner_change_off_lru",
	[XC_FREED] = "freed",
	[XC_LEFT] = "left_lru",
	[XC_UNSEEN_ADD] = "added_unseen",
	[XC_REPARENT_IN] = "reparent_in",
	[XC_REPARENT_OUT] = "reparent_out",
};

const char *explain_cause_name(enum explain_cause c)
{
	return (unsigned)c < XC_NR ? cause_names[c] : "?";
}

void explain_start(struct analysis *a, const char *path, bool list_passes)
{
	struct explain *x = xcalloc(1, sizeof(*x));

	x->path = path;
	x->list_passes = list_passes;
	x->target = NO_CLASS_INDEX;
	u64map_init(&x->pages, sizeof(struct xpage));
	u64map_init(&x->pass_index, sizeof(uint32_t));
	u64map_init(&x->open_pass, sizeof(uint64_t));
	a->explain = x;
}

void explain_free(struct analysis *a)
{
	struct explain *x = a->explain;
	uint32_t i;

	if (!x)
		return;
	for (i = 0; i < x->nr_passes; i++)
		free(x->passes[i].pass.classes);
	free(x->passes);
	free(x->buckets);
	free(x->walks);
	free(x->mig);
	u64map_free(&x->pages);
	u64map_free(&x->pass_index);
	u64map_free(&x->open_pass);
	free(x);
	a->explain = NULL;
}

/* The class whose counts an event's class id changes (classes_resolve()). */
static uint32_t charge_of(struct analysis *a, int32_t cls)
{
	return classes_resolve(&a->classes, classes_lookup(&a->classes, cls));
}

static struct xbucket *bucket(struct explain *x, enum explain_cause cause, uint32_t other, int32_t reason)
{
	struct xbucket *b;
	uint32_t i;

	for (i = 0; i < x->nr_buckets; i++) {
		b = &x->buckets[i];
		if (b->cause == cause && b->other == other && b->reason == reason)
			return b;
	}
	if (x->nr_buckets == x->cap_buckets) {
		x->cap_buckets = x->cap_buckets ? x->cap_buckets * 2 : 16;
		x->buckets = xrealloc(x->buckets, x->cap_buckets, sizeof(*x->buckets));
	}
	b = &x->buckets[x->nr_buckets++];
	memset(b, 0, sizeof(*b));
	b->cause = cause;
	b->other = other;
	b->reason = reason;
	return b;
}

static void gain(struct explain *x, struct xbucket *b, int64_t nr)
{
	(void)x;
	b->run.gained = wrap_add(b->run.gained, nr);
	b->run.events++;
}

static void lose(struct explain *x, struct xbucket *b, int64_t nr)
{
	(void)x;
	b->run.lost = wrap_add(b->run.lost, nr);
	b->run.events++;
}

/*
 * A pending deletion of nr pages, made after `ordinal` snapshots of the
 * class, now has its cause: move it out of XC_PENDING, also in the counts
 * kept as of the first and the latest snapshot if it came before them.
 */
static void decide(struct explain *x, const struct xpage *p, enum explain_cause cause, uint32_t other, int32_t reason)
{
	int64_t nr = p->nr;
	struct xbucket *to, *pend;

	bucket(x, cause, other, reason); /* made first: bucket() may move the array */
	pend = bucket(x, XC_PENDING, NO_CLASS_INDEX, -1);
	to = bucket(x, cause, other, reason);
	pend->run.lost = wrap_add(pend->run.lost, -nr);
	pend->run.events--;
	to->run.lost = wrap_add(to->run.lost, nr);
	to->run.events++;
	if (p->ordinal == 0 && x->ordinal >= 1) {
		pend->at_first.lost = wrap_add(pend->at_first.lost, -nr);
		pend->at_first.events--;
		to->at_first.lost = wrap_add(to->at_first.lost, nr);
		to->at_first.events++;
	}
	if (p->ordinal < x->ordinal) {
		pend->at_last.lost = wrap_add(pend->at_last.lost, -nr);
		pend->at_last.events--;
		to->at_last.lost = wrap_add(to->at_last.lost, nr);
		to->at_last.events++;
	}
}

static struct xpass *find_xpass(struct explain *x, uint64_t pass)
{
	uint32_t *i = u64map_get(&x->pass_index, pass);

	return i ? &x->passes[*i] : NULL;
}

/* A deletion that went nowhere else: reclaim if in a pass that selected the class. */
static void decide_gone(struct analysis *a, const struct xpage *p, enum explain_cause outside)
{
	struct explain *x = a->explain;

	if (p->in_pass) {
		struct xpass *xp = find_xpass(x, p->pass);

		if (xp)
			xp->lost = wrap_add(xp->lost, p->nr);
		decide(x, p, XC_RECLAIM, NO_CLASS_INDEX, -1);
	} else {
		decide(x, p, outside, NO_CLASS_INDEX, -1);
	}
}

static void checkpoint(struct explain *x, bool first)
{
	uint32_t i;

	for (i = 0; i < x->nr_buckets; i++) {
		if (first)
			x->buckets[i].at_first = x->buckets[i].run;
		x->buckets[i].at_last = x->buckets[i].run;
	}
}

static void on_stat(struct analysis *a, const struct ckrm_event *ev)
{
	struct explain *x = a->explain;
	const struct ev_class_stat *e = &ev->u.class_stat;
	int64_t pages;

	if (classes_lookup(&a->classes, e->cls) != x->target)
		return;
	if (!x->ordinal || e->seq != x->cur_seq) {
		/* A new snapshot: its rows come together, no LRU event between them. */
		x->ordinal++;
		x->cur_seq = e->seq;
		checkpoint(x, x->ordinal == 1);
		if (x->ordinal == 1) {
			x->first_seq = e->seq;
			x->first_ts = ev->ts;
		}
		x->last_seq = e->seq;
		x->last_ts = ev->ts;
		x->last_pages = 0;
	}
	pages = wrap_add(wrap_add((int64_t)e->active, (int64_t)e->inactive), (int64_t)e->unevictable);
	x->last_pages = wrap_add(x->last_pages, pages);
	if (x->ordinal == 1)
		x->first_pages = x->last_pages;
}

/*
 * The task an event came from: its pid, or its CPU when the trace does not
 * say (the fuzzer's streams). A pass runs in one task.
 */
static uint64_t task_key(const struct ckrm_event *ev)
{
	return ev->pid >= 0 ? (uint64_t)(uint32_t)ev->pid : (1ull << 40) | (uint32_t)ev->cpu;
}

/*
 * Keeps every class's row of the pass, for "spared and why": copied again
 * at each of its ckrm_victim_select events (the rows come together), and
 * once more at its end, so that a pass whose ckrm_reclaim never comes
 * (lost, or the pass scanned nothing) still has its selection.
 */
static void copy_pass(struct analysis *a, uint64_t id, bool again)
{
	struct xpass *xp = find_xpass(a->explain, id);
	const struct pass *p;

	if (!xp || (xp->copied && !again))
		return;
	p = reclaim_find_pass(&a->reclaim, id);
	if (!p)
		return;
	free(xp->pass.classes);
	xp->copied = true;
	xp->pass = *p;
	xp->pass.classes = xcalloc(p->nr_classes ? p->nr_classes : 1, sizeof(*p->classes));
	memcpy(xp->pass.classes, p->classes, p->nr_classes * sizeof(*p->classes));
	xp->pass.cap = p->nr_classes;
}

static void on_select(struct analysis *a, const struct ckrm_event *ev)
{
	struct explain *x = a->explain;
	const struct ev_victim_select *e = &ev->u.victim;
	struct xpass *xp;
	bool existed;
	uint32_t *slot;
	uint64_t *open = u64map_put(&x->open_pass, task_key(ev), &existed);

	/* The task's earlier pass ended without a ckrm_reclaim (it scanned nothing). */
	if (existed && *open != e->pass)
		copy_pass(a, *open, false);
	*open = e->pass;
	if (charge_of(a, e->cls) != x->target) {
		copy_pass(a, e->pass, true); /* a later row of a pass that selected it */
		return;
	}
	x->passes_considered++;
	if (!e->selected)
		return;
	x->passes_selected++;
	x->fallback_selected += e->fallback;
	slot = u64map_put(&x->pass_index, e->pass, &existed);
	if (existed)
		return; /* the class twice in one pass: the victim check's business */
	if (x->nr_passes == x->cap_passes) {
		x->cap_passes = x->cap_passes ? x->cap_passes * 2 : 64;
		x->passes = xrealloc(x->passes, x->cap_passes, sizeof(*x->passes));
	}
	*slot = x->nr_passes;
	xp = &x->passes[x->nr_passes++];
	memset(xp, 0, sizeof(*xp));
	xp->pass.id = e->pass;
	xp->pass.ts = ev->ts;
	xp->pass.cpu = ev->cpu;
	xp->pass.node = e->node;
	xp->pass.priority = e->priority;
	xp->pass.fallback_select = e->fallback;
	xp->ordinal = x->ordinal;
	xp->usage = e->usage;
	xp->share = e->share;
	xp->weight = e->weight;
	copy_pass(a, e->pass, true);
}

static void on_reclaim(struct analysis *a, const struct ckrm_event *ev)
{
	struct explain *x = a->explain;
	const struct ev_reclaim *e = &ev->u.reclaim;
	struct xpass *xp;
	uint64_t *open = u64map_get(&x->open_pass, task_key(ev));

	/* After the pass: what it took was deleted before this event. */
	if (open && *open == e->pass)
		u64map_del(&x->open_pass, task_key(ev));
	copy_pass(a, e->pass, false);
	if (charge_of(a, e->cls) != x->target)
		return;
	xp = find_xpass(x, e->pass);
	if (!xp)
		return;
	xp->reclaimed += e->reclaimed;
	xp->scanned += e->scanned;
}

/* The reclaim pass the event's task has open, if it selected the class. */
static bool in_pass(struct explain *x, const struct ckrm_event *ev, uint64_t *pass)
{
	uint64_t *open = u64map_get(&x->open_pass, task_key(ev));

	if (!open || !find_xpass(x, *open))
		return false;
	*pass = *open;
	return true;
}

/* The page's record, made on its first event: no ckrm_page_class reason seen yet. */
static struct xpage *page_of(struct explain *x, uint64_t pfn)
{
	bool existed;
	struct xpage *p = u64map_put(&x->pages, pfn, &existed);

	if (!existed)
		p->reason = -1;
	return p;
}

static void on_del(struct analysis *a, const struct ckrm_event *ev)
{
	struct explain *x = a->explain;
	const struct ev_lru *e = &ev->u.lru;
	uint32_t d = charge_of(a, e->cls);
	struct xpage *p;

	if (lru_bucket(e->lru) < 0 || e->nr <= 0)
		return; /* the replay counted nothing */
	p = page_of(x, e->pfn);
	if (p->pending && p->del_class == x->target)
		decide_gone(a, p, XC_LEFT); /* deleted twice: the charge check's business */
	p->pending = true;
	p->del_class = d;
	p->nr = e->nr;
	p->ordinal = x->ordinal;
	p->in_pass = false;
	if (d != x->target)
		return;
	p->in_pass = in_pass(x, ev, &p->pass);
	lose(x, bucket(x, XC_PENDING, NO_CLASS_INDEX, -1), e->nr);
}

static void on_add(struct analysis *a, const struct ckrm_event *ev)
{
	struct explain *x = a->explain;
	const struct ev_lru *e = &ev->u.lru;
	uint32_t to = charge_of(a, e->cls);
	struct xpage *p;

	if (lru_bucket(e->lru) < 0 || e->nr <= 0)
		return;
	p = page_of(x, e->pfn);
	if (p->pending) {
		if (p->del_class == x->target && to == x->target) {
			decide(x, p, XC_PUTBACK, NO_CLASS_INDEX, -1);
			gain(x, bucket(x, XC_PUTBACK, NO_CLASS_INDEX, -1), e->nr);
		} else if (p->del_class == x->target) {
			decide(x, p, XC_OFFLRU_MOVE, to, p->reason);
		} else if (to == x->target) {
			gain(x, bucket(x, XC_OFFLRU_MOVE, p->del_class, p->reason), e->nr);
		}
		p->pending = false;
	} else if (to == x->target) {
		gain(x, bucket(x, p->charged_fresh ? XC_CHARGE : XC_UNSEEN_ADD, NO_CLASS_INDEX, -1), e->nr);
	}
	p->charged_fresh = false;
}

/* Migrate adjusts wait for the ckrm_mm_class that ends their walk. */
static void note_migrate(struct explain *x, int32_t from, int32_t to, int64_t gained, int64_t lost)
{
	struct xmig *m;
	uint32_t i;

	for (i = 0; i < x->nr_mig; i++)
		if (x->mig[i].from == from && x->mig[i].to == to)
			break;
	if (i == x->nr_mig) {
		if (x->nr_mig == x->cap_mig) {
			x->cap_mig = x->cap_mig ? x->cap_mig * 2 : 4;
			x->mig = xrealloc(x->mig, x->cap_mig, sizeof(*x->mig));
		}
		x->mig[x->nr_mig++] = (struct xmig){ from, to, 0, 0 };
	}
	m = &x->mig[i];
	m->gained = wrap_add(m->gained, gained);
	m->lost = wrap_add(m->lost, lost);
}

static void on_adjust(struct analysis *a, const struct ckrm_event *ev)
{
	struct explain *x = a->explain;
	const struct ev_lru_adjust *e = &ev->u.lru_adjust;
	uint32_t from = charge_of(a, e->from), to = charge_of(a, e->to);
	struct xpage *p;
	struct xbucket *b;
	int32_t reason;

	if (lru_bucket(e->lru) < 0 || e->nr <= 0 || from == to || (from != x->target && to != x->target))
		return;
	p = u64map_get(&x->pages, e->pfn);
	/* Its ckrm_page_class came just before (events.md): that is why. */
	reason = p ? p->reason : -1;
	if (from == x->target) {
		b = bucket(x, XC_MOVE, to, reason);
		lose(x, b, e->nr);
	} else {
		b = bucket(x, XC_MOVE, from, reason);
		gain(x, b, e->nr);
	}
	if (reason == PR_MIGRATE)
		note_migrate(x, e->from, e->to, from == x->target ? 0 : e->nr, from == x->target ? e->nr : 0);
}

static void on_page_class(struct analysis *a, const struct ckrm_event *ev)
{
	struct explain *x = a->explain;
	const struct ev_page_class *e = &ev->u.page_class;
	struct xpage *p;

	p = page_of(x, e->pfn);
	p->reason = e->reason;
	if (e->reason == PR_CHARGE)
		p->charged_fresh = true;
	if (e->reason != PR_UNCHARGE)
		return;
	/* Freed: a deletion waiting for its cause has it now. */
	if (p->pending && p->del_class == x->target)
		decide_gone(a, p, XC_FREED);
	u64map_del(&x->pages, e->pfn);
}

/* The rmap decision behind the next adjust of its page: kept as the bucket's example. */
static void remember_rmap(struct analysis *a, const struct ckrm_event *ev)
{
	struct explain *x = a->explain;
	const struct ev_page_class *e = &ev->u.page_class;
	uint32_t from, to;
	struct xbucket *b;

	if (e->reason != PR_RMAP_ADD && e->reason != PR_RMAP_REMOVE)
		return;
	if (e->from < 0 || e->to < 0)
		return;
	from = charge_of(a, e->from);
	to = charge_of(a, e->to);
	if (from == to || (from != x->target && to != x->target))
		return;
	b = bucket(x, XC_MOVE, from == x->target ? to : from, e->reason);
	if (!b->has_example[to == x->target]) {
		b->has_example[to == x->target] = true;
		b->example[to == x->target] = *ev;
	}
}

static void on_mm(struct analysis *a, const struct ckrm_event *ev)
{
	struct explain *x = a->explain;
	const struct ev_mm_class *e = &ev->u.mm_class;
	uint32_t from = charge_of(a, e->from), to = charge_of(a, e->to);
	int64_t gained = 0, lost = 0;
	struct xwalk *w;
	uint32_t i;

	for (i = 0; i < x->nr_mig; i++) {
		if (x->mig[i].from == e->from && x->mig[i].to == e->to) {
			gained = x->mig[i].gained;
			lost = x->mig[i].lost;
			x->mig[i] = x->mig[--x->nr_mig];
			break;
		}
	}
	if (from != x->target && to != x->target && !gained && !lost)
		return;
	if (x->nr_walks == x->cap_walks) {
		x->cap_walks = x->cap_walks ? x->cap_walks * 2 : 8;
		x->walks = xrealloc(x->walks, x->cap_walks, sizeof(*x->walks));
	}
	w = &x->walks[x->nr_walks++];
	*w = (struct xwalk){ ev->ts, ev->cpu, e->pid, e->from, e->to, from, to, e->walked, e->moved, gained, lost };
}

static void on_reparent(struct analysis *a, const struct ckrm_event *ev)
{
	struct explain *x = a->explain;
	uint32_t child = classes_lookup(&a->classes, ev->u.reparent.cls);
	struct class_rec *c = class_at(&a->classes, child);

	if (!c->reparented || c->reparented_ts != ev->ts || c->reparent_pages <= 0)
		return; /* refused (a violation), or no known pages moved */
	if (child == x->target)
		lose(x, bucket(x, XC_REPARENT_OUT, classes_resolve(&a->classes, child), -1), c->reparent_pages);
	else if (classes_resolve(&a->classes, child) == x->target)
		gain(x, bucket(x, XC_REPARENT_IN, child, -1), c->reparent_pages);
}

static bool path_is(const struct class_rec *c, const char *path)
{
	return c->path && !strcmp(c->path, path);
}

void explain_event(struct analysis *a, const struct ckrm_event *ev)
{
	struct explain *x = a->explain;

	if (!x->found) {
		/* The root is always there; any other class from its creation on. */
		if (!strcmp(x->path, "/")) {
			x->target = classes_lookup(&a->classes, 0);
			x->found = true;
		} else if (ev->kind == CK_CLASS_CREATE) {
			uint32_t i = classes_find(&a->classes, ev->u.class_change.id);

			if (i != NO_CLASS_INDEX && path_is(class_at(&a->classes, i), x->path)) {
				x->target = i;
				x->found = true;
			}
		}
		if (!x->found)
			return;
	}
	switch (ev->kind) {
	case CK_CLASS_STAT:
		on_stat(a, ev);
		break;
	case CK_VICTIM_SELECT:
		on_select(a, ev);
		break;
	case CK_RECLAIM:
		on_reclaim(a, ev);
		break;
	case CK_LRU_DEL:
		on_del(a, ev);
		break;
	case CK_LRU_ADD:
		on_add(a, ev);
		break;
	case CK_LRU_ADJUST:
		on_adjust(a, ev);
		break;
	case CK_PAGE_CLASS:
		remember_rmap(a, ev);
		on_page_class(a, ev);
		break;
	case CK_MM_CLASS:
		on_mm(a, ev);
		break;
	case CK_CLASS_REPARENT:
		on_reparent(a, ev);
		break;
	default:
		break;
	}
}

struct xcount explain_window(const struct xbucket *b)
{
	struct xcount c;

	c.gained = wrap_add(b->at_last.gained, wrap_neg(b->at_first.gained));
	c.lost = wrap_add(b->at_last.lost, wrap_neg(b->at_first.lost));
	c.events = b->at_last.events - b->at_first.events;
	return c;
}

/* Deletions still waiting at the end: nothing put them back or freed them. */
static void decide_the_rest(struct analysis *a)
{
	struct explain *x = a->explain;
	size_t slot;

	for (slot = 0; slot < x->pages.cap; slot++) {
		struct xpage *p = u64map_slot(&x->pages, slot, NULL);

		if (p && p->pending && p->del_class == x->target) {
			struct xpage copy = *p;

			p->pending = false;
			decide_gone(a, &copy, XC_LEFT);
		}
	}
}

void explain_finish(struct analysis *a)
{
	struct explain *x = a->explain;
	uint32_t i;

	if (!x || x->finished)
		return;
	x->finished = true;
	for (i = 0; i < x->nr_passes; i++)
		copy_pass(a, x->passes[i].pass.id, false);
	decide_the_rest(a);
	for (i = 0; i < x->nr_passes; i++) {
		x->reclaimed += x->passes[i].reclaimed;
		x->passes_lost += x->passes[i].lost > 0;
	}
	x->gained = x->lost = x->putback_net = 0;
	x->putback_pages = 0;
	x->reclaim_lost = 0;
	for (i = 0; i < x->nr_buckets; i++) {
		const struct xbucket *b = &x->buckets[i];
		struct xcount c = explain_window(b);

		if (b->cause == XC_PUTBACK) {
			/* Pairs net zero; pages off across a snapshot leave a net. */
			x->putback_net = wrap_add(c.gained, wrap_neg(c.lost));
			x->putback_pages = (uint64_t)c.lost;
			if (x->putback_net > 0)
				x->gained = wrap_add(x->gained, x->putback_net);
			else
				x->lost = wrap_add(x->lost, wrap_neg(x->putback_net));
			continue;
		}
		if (b->cause == XC_RECLAIM)
			x->reclaim_lost = c.lost;
		x->gained = wrap_add(x->gained, c.gained);
		x->lost = wrap_add(x->lost, c.lost);
	}
	x->explained = wrap_add(x->gained, wrap_neg(x->lost));
	x->snapshot_delta = wrap_add(x->last_pages, wrap_neg(x->first_pages));

	if (a->losses.any) {
		char lost[200];

		/* verdict.c's rule: what lost events could have changed is not judged. */
		losses_describe(&a->losses, lost, sizeof(lost));
		x->status = ST_UNVERIFIABLE;
		snprintf(x->reason, sizeof(x->reason), "unverifiable: %s: lost events may have changed the class", lost);
	} else if (x->ordinal < 2) {
		x->status = ST_UNVERIFIABLE;
		snprintf(x->reason, sizeof(x->reason),
			 "unverifiable: %s snapshot of the class (ckrm_class_stat): no change to compare with",
			 x->ordinal ? "one" : "no");
	} else if (x->explained != x->snapshot_delta) {
		x->status = ST_FAIL;
		snprintf(x->reason, sizeof(x->reason),
			 "FAILED: the causes add up to %+" PRId64 ", the snapshots say %+" PRId64 " (%+" PRId64 " pages unexplained)",
			 x->explained, x->snapshot_delta, wrap_add(x->snapshot_delta, wrap_neg(x->explained)));
	} else {
		x->status = ST_PASS;
		snprintf(x->reason, sizeof(x->reason), "exact");
	}
}

int explain_exit_code(const struct explain *x)
{
	switch (x->status) {
	case ST_PASS:
		return EXIT_PASS;
	case ST_FAIL:
		return EXIT_VIOLATION;
	default:
		return EXIT_UNVERIFIED;
	}
}
