// SPDX-License-Identifier: GPL-2.0
#include "attribution.h"

#include <inttypes.h>
#include <stdio.h>

#include "analysis.h"

/* Both classes' mem guarantees are known and are fractions of one parent. */
static bool comparable(const struct class_rec *x, const struct class_rec *y)
{
	return x->shares_known && y->shares_known && x->guarantee >= 0 && y->guarantee >= 0 &&
	       x->parent_id == y->parent_id && x->created_in_trace && y->created_in_trace;
}

/* x would own a page that y maps too. */
static bool beats(const struct class_rec *x, const struct class_rec *y)
{
	return x->guarantee > y->guarantee || (x->guarantee == y->guarantee && x->id < y->id);
}

void attribution_page_class(struct analysis *a, const struct ckrm_event *ev)
{
	const struct ev_page_class *e = &ev->u.page_class;
	struct attribution *t = &a->attribution;
	const struct class_rec *from, *to;
	bool contradiction;
	uint32_t fi, ti;

	if (e->reason == PR_RMAP_ADD)
		t->rmap_add++;
	else if (e->reason == PR_RMAP_REMOVE)
		t->rmap_remove++;
	else
		return;
	fi = classes_find(&a->classes, e->from);
	ti = classes_find(&a->classes, e->to);
	if (fi == NO_CLASS_INDEX || ti == NO_CLASS_INDEX)
		return;
	from = class_at(&a->classes, fi);
	to = class_at(&a->classes, ti);
	if (!comparable(from, to))
		return;
	t->comparable++;
	/*
	 * docs/design-mem.md: the largest share wins, ties go to the lower id.
	 * A new mapper takes the page only if it beats the owner; when the
	 * owner unmaps, the next owner cannot have beaten it.
	 */
	if (e->reason == PR_RMAP_ADD)
		contradiction = !beats(to, from);
	else
		contradiction = beats(to, from);
	if (!contradiction)
		return;
	if (!t->contradictions++) {
		char ts[32];

		format_ts(ev->ts, ts, sizeof(ts));
		snprintf(t->first_contradiction, sizeof(t->first_contradiction),
			 "at %s on CPU %d pfn 0x%" PRIx64 " went from %s (guarantee %" PRId32 ") to %s (guarantee %" PRId32 ") on %s",
			 ts, ev->cpu, e->pfn, from->path ? from->path : "?", from->guarantee, to->path ? to->path : "?",
			 to->guarantee, e->reason == PR_RMAP_ADD ? "rmap_add" : "rmap_remove");
	}
}

void attribution_finish(struct analysis *a)
{
	struct attribution *t = &a->attribution;
	struct check *c = &a->checks[CHECK_ATTRIBUTION];
	uint64_t rmap = t->rmap_add + t->rmap_remove;

	if (!rmap)
		return;
	c->checked = rmap;
	/* Long on purpose: it is the report's explanation. Truncation is harmless. */
	(void)!snprintf(c->limitation, sizeof(c->limitation),
		 "ckrm_page_class gives a page's old and new owner on an rmap change (%" PRIu64 " rmap_add, %" PRIu64 " rmap_remove), "
		 "but no event names the classes that map the page (a mapping that leaves the owner unchanged emits nothing, and "
		 "ckrm_mm_class names an mm, not its pages), and ckrm_class_shares values are fractions of the parent's, "
		 "so the largest-share mapper cannot be known. Seen: %" PRIu64 " changes between sibling classes with known mem guarantees, "
		 "%" PRIu64 " of them against 'largest guarantee wins, ties to the lower id'%s%s",
		 t->rmap_add, t->rmap_remove, t->comparable, t->contradictions, t->contradictions ? ", first " : "",
		 t->contradictions ? t->first_contradiction : "");
}
