// SPDX-License-Identifier: GPL-2.0
#include "attribution.h"

#include <inttypes.h>
#include <stdio.h>

#include "analysis.h"
#include "contract.h"

/* tracepoints/events.md, ckrm_page_class: the most candidates an event lists. */
#define RMAP_ADD_MAX_CANDIDATES 2
#define RMAP_REMOVE_MAX_CANDIDATES 16

_Static_assert(RMAP_REMOVE_MAX_CANDIDATES <= CKRM_MAX_MAPPERS, "every listed candidate is kept");

/* The candidate that wins: the largest share, ties to the lower class id. */
static int32_t best_candidate(const struct ev_page_class *e)
{
	int32_t i, best = 0;

	for (i = 1; i < e->nr_cls; i++)
		if (e->mapper_share[i] > e->mapper_share[best] ||
		    (e->mapper_share[i] == e->mapper_share[best] && e->mapper_cls[i] < e->mapper_cls[best]))
			best = i;
	return best;
}

static int32_t index_of(const struct ev_page_class *e, int32_t cls)
{
	int32_t i;

	for (i = 0; i < e->nr_cls; i++)
		if (e->mapper_cls[i] == cls)
			return i;
	return -1;
}

/* Another candidate with the best one's share: the tie the lower id won. */
static bool tied(const struct ev_page_class *e, int32_t best)
{
	int32_t i;

	for (i = 0; i < e->nr_cls; i++)
		if (i != best && e->mapper_share[i] == e->mapper_share[best])
			return true;
	return false;
}

/* Judges one decision; formats only for a check's first violation. */
static void judge(struct check *c, const struct ckrm_event *ev, bool add)
{
	const struct ev_page_class *e = &ev->u.page_class;
	const char *why = add ? "rmap_add" : "rmap_remove";
	int32_t max = add ? RMAP_ADD_MAX_CANDIDATES : RMAP_REMOVE_MAX_CANDIDATES;
	int32_t i, j, best, to;

	if (e->nr_cls != e->nr_share) {
		check_violation(c, ev, "%s lists %" PRId32 " candidate classes (mapper_cls) but %" PRId32 " shares (mapper_share)",
				why, e->nr_cls, e->nr_share);
		return;
	}
	if (!e->nr_cls) {
		/* The contract fills them for these reasons: a decision among no one. */
		check_violation(c, ev, "%s lists no candidates (mapper_cls and mapper_share are empty); the contract gives every rmap decision its candidates",
				why);
		return;
	}
	if (e->nr_cls > max) {
		check_violation(c, ev, "%s lists %" PRId32 " candidates; the contract lists at most %" PRId32, why, e->nr_cls,
				max);
		return;
	}
	for (i = 0; i < e->nr_cls; i++)
		for (j = i + 1; j < e->nr_cls; j++)
			if (e->mapper_cls[i] == e->mapper_cls[j]) {
				check_violation(c, ev, "%s lists class %" PRId32 " twice among its candidates", why,
						e->mapper_cls[i]);
				return;
			}
	if (add && e->from == e->to) {
		check_violation(c, ev,
				"rmap_add leaves the owner (class %" PRId32 ") unchanged: it is emitted only when a new mapping changes the owner",
				e->to);
		return;
	}
	if (add && e->nr_cls == 2 && index_of(e, e->from) < 0) {
		check_violation(c, ev,
				"rmap_add's two candidates are the new mapper's class and the previous owner, but neither is from=%" PRId32,
				e->from);
		return;
	}
	to = index_of(e, e->to);
	if (to < 0) {
		check_violation(c, ev, "%s gives the page to class %" PRId32 ", which is not among its %" PRId32 " candidates",
				why, e->to, e->nr_cls);
		return;
	}
	best = best_candidate(e);
	if (best != to)
		check_violation(c, ev,
				"%s gives the page to class %" PRId32 " (share %" PRIu64 " pages), but class %" PRId32 " has the largest share (%" PRIu64 " pages%s)",
				why, e->to, e->mapper_share[to], e->mapper_cls[best], e->mapper_share[best],
				tied(e, best) ? "; a tie goes to the lower id" : "");
}

/*
 * charge, uncharge and migrate decide among no candidates: the contract
 * gives them empty arrays. A listed candidate there is a violation its
 * own event shows. Other reasons are outside the contract: not judged.
 */
static void other_reason(struct attribution *t, struct check *c, const struct ckrm_event *ev)
{
	const struct ev_page_class *e = &ev->u.page_class;

	if (e->reason != PR_CHARGE && e->reason != PR_UNCHARGE && e->reason != PR_MIGRATE)
		return;
	if (e->nr_cls < 0 || e->nr_share < 0)
		return; /* a format without the arrays */
	t->others_checked++;
	if (!e->nr_cls && !e->nr_share)
		return;
	check_violation(c, ev, "%s lists %" PRId32 " candidate classes (mapper_cls) and %" PRId32 " shares (mapper_share); the contract gives this reason empty arrays",
			page_class_reason_name(e->reason), e->nr_cls, e->nr_share);
}

void attribution_page_class(struct analysis *a, const struct ckrm_event *ev)
{
	const struct ev_page_class *e = &ev->u.page_class;
	struct attribution *t = &a->attribution;
	struct check *c = &a->checks[CHECK_ATTRIBUTION];
	bool add = e->reason == PR_RMAP_ADD;

	if (add)
		t->rmap_add++;
	else if (e->reason == PR_RMAP_REMOVE)
		t->rmap_remove++;
	else {
		other_reason(t, c, ev);
		return;
	}
	if (e->nr_cls < 0 || e->nr_share < 0) {
		t->unrecorded++;
		c->skipped++;
		return;
	}
	t->judged++;
	c->checked++;
	if (e->nr_cls > 1)
		t->contested++;
	if (e->nr_cls > t->most_candidates)
		t->most_candidates = e->nr_cls;
	if (!add && e->from == e->to)
		t->owner_kept++;
	judge(c, ev, add);
}

void attribution_finish(struct analysis *a)
{
	struct attribution *t = &a->attribution;
	struct check *c = &a->checks[CHECK_ATTRIBUTION];
	uint64_t rmap = t->rmap_add + t->rmap_remove;

	if (!rmap) {
		if (c->violations)
			snprintf(c->detail, sizeof(c->detail),
				 "no rmap decisions; %" PRIu64 " charge, uncharge and migrate events checked for empty arrays",
				 t->others_checked);
		return;
	}
	snprintf(c->detail, sizeof(c->detail),
		 "%" PRIu64 " rmap decisions checked against their candidates: %" PRIu64 " rmap_add, %" PRIu64 " rmap_remove "
		 "of which %" PRIu64 " kept the owner; %" PRIu64 " among two or more candidates, at most %" PRId32 " listed; "
		 "not judged: %" PRIu64 " from a format without them; "
		 "%" PRIu64 " charge, uncharge and migrate events checked for empty arrays",
		 t->judged, t->rmap_add, t->rmap_remove, t->owner_kept, t->contested, t->most_candidates,
		 t->unrecorded, t->others_checked);
	if (t->judged)
		return;
	/* rmap events of a format without candidates: never a pass. */
	if (t->unrecorded)
		snprintf(c->limitation, sizeof(c->limitation),
			 "this trace's ckrm_page_class format has no mapper_cls and mapper_share fields (a kernel from before them), "
			 "so the candidates of its %" PRIu64 " rmap events (%" PRIu64 " rmap_add, %" PRIu64 " rmap_remove) are not recorded",
			 rmap, t->rmap_add, t->rmap_remove);
}
