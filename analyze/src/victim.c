// SPDX-License-Identifier: GPL-2.0
#include "victim.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "analysis.h"

/* The class's ckrm_victim_select, rebuilt: the offense names its fields. */
static struct ckrm_event select_event(const struct pass *p, const struct pass_class *pc)
{
	struct ckrm_event e;

	memset(&e, 0, sizeof(e));
	e.kind = CK_VICTIM_SELECT;
	e.ts = pc->select_ts;
	e.cpu = pc->select_cpu;
	e.u.victim = (struct ev_victim_select){ p->id, p->node, p->priority, pc->cls, pc->usage, pc->share,
						pc->guarantee, pc->limit, pc->weight, pc->selected, pc->select_fallback,
						p->target };
	return e;
}

static const char *name(struct analysis *a, const struct pass_class *pc, char *buf, size_t len)
{
	return replay_class_label(a, pc->cls, buf, len);
}

static bool over_share(const struct pass_class *pc)
{
	return pc->usage > pc->share;
}

/* The fallback's victim: the largest weight, a tie to the class met first (root, then by id). */
static const struct pass_class *heaviest(const struct pass *p)
{
	const struct pass_class *h = NULL;
	uint32_t i;

	for (i = 0; i < p->nr_classes; i++) {
		const struct pass_class *pc = &p->classes[i];

		if (pc->has_select && (!h || pc->weight > h->weight || (pc->weight == h->weight && pc->cls < h->cls)))
			h = pc;
	}
	return h;
}

static void judge_fallback(struct analysis *a, const struct pass *p, const struct pass_class *pc,
			   const struct pass_class *h)
{
	struct check *c = &a->checks[CHECK_VICTIM];
	struct ckrm_event ev = select_event(p, pc);
	char n[160], hn[160];

	c->checked++;
	if (!p->priority) {
		if (!pc->selected)
			check_violation(c, &ev, "pass %" PRIu64 " is a fallback at priority 0, where every class is a victim, but class %s is not selected",
					p->id, name(a, pc, n, sizeof(n)));
		return;
	}
	if (pc->selected && pc != h)
		check_violation(c, &ev, "pass %" PRIu64 " is a fallback and selected class %s (weight %" PRId32 "), but its one victim is the heaviest class, %s (weight %" PRId32 ")",
				p->id, name(a, pc, n, sizeof(n)), pc->weight, name(a, h, hn, sizeof(hn)), h->weight);
	else if (!pc->selected && pc == h)
		check_violation(c, &ev, "pass %" PRIu64 " is a fallback but did not select class %s, the heaviest (weight %" PRId32 "), its one victim",
				p->id, name(a, pc, n, sizeof(n)), pc->weight);
	else if (p->priority > 1 && over_share(pc))
		check_violation(c, &ev, "pass %" PRIu64 " is a fallback at priority %" PRId32 ", but class %s is over its share (usage %" PRIu64 " > share %" PRIu64 "): a fallback needs no class over its share, or priority 1",
				p->id, p->priority, name(a, pc, n, sizeof(n)), pc->usage, pc->share);
}

/*
 * limit_like: one victim, and it is under its share or a class over its
 * share is left out. A class's limit reclaim looks so (its one victim,
 * whose usage the kernel reads again for the trace); a trace whose format
 * lacks the target field does not mark those, and then such a pass's
 * victim, and the classes over their share it leaves out, are not judged.
 */
static void judge_shares(struct analysis *a, const struct pass *p, const struct pass_class *pc, uint32_t selected,
			 uint32_t over, bool limit_like, int32_t lightest_victim)
{
	struct check *c = &a->checks[CHECK_VICTIM];
	struct victim_stats *v = &a->reclaim.victim;
	struct ckrm_event ev = select_event(p, pc);
	char n[160];

	if (limit_like && (pc->selected || over_share(pc))) {
		v->maybe_limit++;
		c->skipped++;
		return;
	}
	c->checked++;
	if (pc->selected && !over_share(pc)) {
		check_violation(c, &ev, "pass %" PRIu64 " selected class %s, which is within its share (usage %" PRIu64 " <= share %" PRIu64 "), outside a fallback",
				p->id, name(a, pc, n, sizeof(n)), pc->usage, pc->share);
	} else if (!pc->selected && over_share(pc)) {
		/* The kernel keeps the VICTIMS_MAX heaviest; a newcomer must weigh more. */
		if (over > VICTIMS_MAX && selected == VICTIMS_MAX && pc->weight <= lightest_victim) {
			v->beyond_cap++;
			return;
		}
		check_violation(c, &ev, "pass %" PRIu64 " did not select class %s, which is over its share (usage %" PRIu64 " > share %" PRIu64 "), outside a fallback",
				p->id, name(a, pc, n, sizeof(n)), pc->usage, pc->share);
	}
}

void victim_judge_pass(struct analysis *a, const struct pass *p)
{
	struct check *c = &a->checks[CHECK_VICTIM];
	struct victim_stats *v = &a->reclaim.victim;
	const struct pass_class *h = heaviest(p), *first = NULL;
	uint32_t i, considered = 0, selected = 0, over = 0, left_out = 0, victims_under = 0;
	int32_t lightest_victim = INT32_MAX;
	bool disagree = false;

	for (i = 0; i < p->nr_classes; i++) {
		const struct pass_class *pc = &p->classes[i];

		if (!pc->has_select)
			continue;
		if (!first)
			first = pc;
		considered++;
		disagree |= pc->select_fallback != p->fallback_select;
		over += over_share(pc);
		left_out += over_share(pc) && !pc->selected;
		if (pc->selected) {
			selected++;
			victims_under += !over_share(pc);
			if (pc->weight < lightest_victim)
				lightest_victim = pc->weight;
		}
	}
	if (!considered)
		return;
	v->passes++;
	if (p->target > 0) {
		/* A class's limit reclaim: the class alone, shares aside. */
		struct ckrm_event ev = select_event(p, first);

		v->limit_passes++;
		c->checked++;
		if (selected != 1 || p->fallback_select)
			check_violation(c, &ev, "pass %" PRIu64 " is a class's limit reclaim (target=1), whose one victim is that class, but it selected %" PRIu32 " classes%s",
					p->id, selected, p->fallback_select ? " and is a fallback" : "");
		return;
	}
	v->fallbacks += p->fallback_select;
	v->everyone += p->fallback_select && !p->priority;
	if (disagree) {
		struct ckrm_event ev = select_event(p, first);

		check_violation(c, &ev, "pass %" PRIu64 "'s ckrm_victim_select events disagree on fallback: it is decided once per pass", p->id);
	}
	if (!p->fallback_select && !selected) {
		struct ckrm_event ev = select_event(p, first);

		/* With no class over its share the pass falls back. */
		c->checked++;
		check_violation(c, &ev, "pass %" PRIu64 " selected no class and is not a fallback", p->id);
		return;
	}
	for (i = 0; i < p->nr_classes; i++) {
		const struct pass_class *pc = &p->classes[i];

		if (!pc->has_select)
			continue;
		if (p->fallback_select)
			judge_fallback(a, p, pc, h);
		else
			judge_shares(a, p, pc, selected, over,
				     p->target < 0 && selected == 1 && (left_out || victims_under),
				     lightest_victim);
	}
}
