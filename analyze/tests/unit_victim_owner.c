// SPDX-License-Identifier: GPL-2.0
/*
 * The victim check (each pass's selection against the kernel's rule) and
 * the owner check (an LRU event names the page's owner), and the reclaim
 * and attribution rules of issue 27: each fails on a violating sequence
 * and passes on a right one.
 */
#include "unit.h"
#include "unit_events.h"

enum { INACTIVE_ANON, ACTIVE_ANON };

static struct ckrm_event sel(uint64_t pass, int32_t prio, int32_t cls, uint64_t usage, uint64_t share, int32_t weight,
			     bool selected, bool fallback)
{
	struct ckrm_event e = ev_select(MS(1) + pass, pass, cls, usage, share, 0, selected, fallback);

	e.u.victim.priority = prio;
	e.u.victim.weight = weight;
	return e;
}

/* Outside a fallback: selected iff over its share. */
TEST(victim_over_share_is_selected)
{
	struct analysis a;

	REPLAY(&a, sel(1, 12, 0, 100, 200, -500, false, false), sel(1, 12, 1, 300, 100, 800, true, false),
	       sel(1, 12, 2, 250, 100, 600, true, false));
	EXPECT_INT(STATUS(&a, CHECK_VICTIM), ST_PASS);
	EXPECT_INT(a.checks[CHECK_VICTIM].checked, 3);
	EXPECT_INT(analysis_exit_code(&a), 0);
	analysis_free(&a);
	/* Two victims, one of them within its share: a violation naming it. */
	REPLAY(&a, ev_create(MS(1), 2, 0, "/b"), sel(1, 12, 0, 100, 200, -500, true, false),
	       sel(1, 12, 1, 300, 100, 800, true, false), sel(1, 12, 2, 50, 100, -300, false, false));
	EXPECT_INT(STATUS(&a, CHECK_VICTIM), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_VICTIM].first.what,
		   "pass 1 selected class /, which is within its share (usage 100 <= share 200), outside a fallback");
	EXPECT_HAS(a.checks[CHECK_VICTIM].first.fields, "pass=1 node=0 priority=12 cls=0 usage=100 share=200");
	EXPECT_INT(analysis_exit_code(&a), 1);
	analysis_free(&a);
	/* A class over its share left out of a pass with two victims. */
	REPLAY(&a, ev_create(MS(1), 2, 0, "/b"), sel(1, 12, 0, 300, 200, 100, true, false),
	       sel(1, 12, 1, 300, 100, 800, true, false), sel(1, 12, 2, 150, 100, 300, false, false));
	EXPECT_INT(STATUS(&a, CHECK_VICTIM), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_VICTIM].first.what,
		   "pass 1 did not select class /b, which is over its share (usage 150 > share 100), outside a fallback");
	analysis_free(&a);
}

/* One victim under its share, or classes over theirs left out: maybe a class's limit reclaim. */
TEST(victim_one_victim_may_be_a_limit_reclaim)
{
	struct analysis a;

	REPLAY(&a, sel(1, 0, 0, 100, 200, -500, false, false), sel(1, 0, 7, 0, 0, 0, true, false));
	EXPECT_INT(STATUS(&a, CHECK_VICTIM), ST_PASS); /* the root's "not selected" was judged */
	EXPECT_INT(a.reclaim.victim.maybe_limit, 1);
	analysis_free(&a);
	REPLAY(&a, sel(1, 12, 7, 0, 0, 0, true, false));
	EXPECT_INT(STATUS(&a, CHECK_VICTIM), ST_UNVERIFIABLE);
	EXPECT_HAS(a.checks[CHECK_VICTIM].reason, "unverifiable: nothing judged");
	EXPECT_INT(analysis_exit_code(&a), 3);
	analysis_free(&a);
}

static struct ckrm_event sel_target(uint64_t pass, int32_t cls, uint64_t usage, uint64_t share, bool selected,
				    int32_t target)
{
	struct ckrm_event e = sel(pass, 12, cls, usage, share, 0, selected, false);

	e.u.victim.target = target;
	return e;
}

/* With the target field, a limit reclaim is judged as one pass and every other by the shares. */
TEST(victim_target_marks_a_limit_reclaim)
{
	struct analysis a;

	/* A limit reclaim of a class under its share: one victim, right. */
	REPLAY(&a, sel_target(1, 0, 100, 200, false, 1), sel_target(1, 7, 50, 100, true, 1));
	EXPECT_INT(STATUS(&a, CHECK_VICTIM), ST_PASS);
	EXPECT_INT(a.reclaim.victim.limit_passes, 1);
	EXPECT_INT(a.reclaim.victim.maybe_limit, 0);
	EXPECT_INT(analysis_exit_code(&a), 0);
	analysis_free(&a);
	/* A limit reclaim that selected two classes. */
	REPLAY(&a, sel_target(1, 0, 100, 200, true, 1), sel_target(1, 7, 50, 100, true, 1));
	EXPECT_INT(STATUS(&a, CHECK_VICTIM), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_VICTIM].first.what,
		   "pass 1 is a class's limit reclaim (target=1), whose one victim is that class, but it selected 2 classes");
	EXPECT_HAS(a.checks[CHECK_VICTIM].first.fields, "fallback=0 target=1");
	analysis_free(&a);
	/* Not a limit reclaim (target=0): one victim under its share is a violation, not excused. */
	REPLAY(&a, sel_target(1, 0, 100, 200, false, 0), sel_target(1, 7, 50, 100, true, 0));
	EXPECT_INT(STATUS(&a, CHECK_VICTIM), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_VICTIM].first.what,
		   "pass 1 selected class (class 7), which is within its share (usage 50 <= share 100), outside a fallback");
	EXPECT_INT(a.reclaim.victim.maybe_limit, 0);
	EXPECT_INT(analysis_exit_code(&a), 1);
	analysis_free(&a);
}

/* The kernel keeps the 8 heaviest over their share; a lighter one left out is right. */
TEST(victim_at_most_eight)
{
	struct ckrm_event evs[10];
	struct analysis a;
	int i;

	for (i = 0; i < 9; i++)
		evs[i] = sel(1, 12, i + 1, 200, 100, 100 + i, i > 0, false);
	replay(&a, evs, 9);
	EXPECT_INT(STATUS(&a, CHECK_VICTIM), ST_PASS);
	EXPECT_INT(a.reclaim.victim.beyond_cap, 1);
	analysis_free(&a);
	evs[0] = sel(1, 12, 1, 200, 100, 900, false, false); /* the heaviest left out */
	replay(&a, evs, 9);
	EXPECT_INT(STATUS(&a, CHECK_VICTIM), ST_FAIL);
	analysis_free(&a);
}

/* A fallback's one victim is the heaviest by weight; priority 0 takes every class. */
TEST(victim_fallback_takes_the_heaviest)
{
	struct analysis a;

	REPLAY(&a, sel(1, 5, 0, 100, 200, -500, false, true), sel(1, 5, 1, 90, 100, -100, true, true),
	       sel(1, 5, 2, 50, 100, -300, false, true));
	EXPECT_INT(STATUS(&a, CHECK_VICTIM), ST_PASS);
	EXPECT_INT(a.reclaim.victim.fallbacks, 1);
	analysis_free(&a);
	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_create(MS(1), 2, 0, "/b"), sel(1, 5, 0, 100, 200, -500, false, true),
	       sel(1, 5, 1, 90, 100, -100, false, true), sel(1, 5, 2, 50, 100, -300, true, true));
	EXPECT_INT(STATUS(&a, CHECK_VICTIM), ST_FAIL);
	EXPECT_INT(a.checks[CHECK_VICTIM].violations, 2);
	EXPECT_HAS(a.checks[CHECK_VICTIM].first.what,
		   "pass 1 is a fallback but did not select class /a, the heaviest (weight -100), its one victim");
	analysis_free(&a);
	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_create(MS(1), 2, 0, "/b"), sel(1, 5, 2, 50, 100, -300, true, true),
	       sel(1, 5, 1, 90, 100, -100, false, true));
	EXPECT_HAS(a.checks[CHECK_VICTIM].first.what,
		   "pass 1 is a fallback and selected class /b (weight -300), but its one victim is the heaviest class, /a (weight -100)");
	analysis_free(&a);
	/* A tie goes to the class the kernel meets first: the root, then by id. */
	REPLAY(&a, sel(1, 1, 0, 100, 100, 0, true, true), sel(1, 1, 1, 100, 100, 0, false, true));
	EXPECT_INT(STATUS(&a, CHECK_VICTIM), ST_PASS);
	analysis_free(&a);
	/* A fallback at priority 5 while a class is over its share: not the kernel's rule. */
	REPLAY(&a, sel(1, 5, 0, 300, 200, 500, true, true), sel(1, 5, 1, 150, 100, 100, false, true));
	EXPECT_INT(STATUS(&a, CHECK_VICTIM), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_VICTIM].first.what, "a fallback needs no class over its share, or priority 1");
	analysis_free(&a);
	/* Priority 0: every class. */
	REPLAY(&a, sel(1, 0, 0, 100, 200, -500, true, true), sel(1, 0, 1, 90, 100, -100, true, true));
	EXPECT_INT(STATUS(&a, CHECK_VICTIM), ST_PASS);
	analysis_free(&a);
	REPLAY(&a, sel(1, 0, 0, 100, 200, -500, false, true), sel(1, 0, 1, 90, 100, -100, true, true));
	EXPECT_INT(STATUS(&a, CHECK_VICTIM), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_VICTIM].first.what, "is a fallback at priority 0, where every class is a victim, but class / is not selected");
	analysis_free(&a);
	/* The events of one pass disagree on fallback. */
	REPLAY(&a, sel(1, 5, 0, 100, 200, -500, false, false), sel(1, 5, 1, 90, 100, -100, true, true));
	EXPECT_INT(STATUS(&a, CHECK_VICTIM), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_VICTIM].first.what, "disagree on fallback");
	analysis_free(&a);
}

/* An LRU event names the page's owner (the root for none); unknown owners are not judged. */
TEST(owner_lru_events_name_the_owner)
{
	struct analysis a;

	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_page(MS(2), 0x10, 1, -1, 1, PR_CHARGE),
	       ev_add(MS(3), 0x10, 1, ACTIVE_ANON, 0, 1), ev_page(MS(4), 0x10, 1, 1, 0, PR_MIGRATE),
	       ev_adjust(MS(4), 0x10, 1, ACTIVE_ANON, 0, 1, 0), ev_del(MS(5), 0x10, 1, ACTIVE_ANON, 0, 0),
	       ev_page(MS(6), 0x10, 1, 0, -1, PR_UNCHARGE), ev_add(MS(7), 0x10, 1, ACTIVE_ANON, 0, 0),
	       ev_add(MS(8), 0x20, 1, ACTIVE_ANON, 0, 1));
	EXPECT_INT(STATUS(&a, CHECK_OWNER), ST_PASS);
	EXPECT_INT(a.checks[CHECK_OWNER].checked, 4); /* add, adjust's from and to, del */
	EXPECT_INT(a.checks[CHECK_OWNER].skipped, 2); /* freed 0x10 is forgotten; 0x20's owner never shown */
	analysis_free(&a);

	/* A page of /a added to the root's list. */
	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_page(MS(2), 0x10, 1, -1, 1, PR_CHARGE),
	       ev_add(MS(3), 0x10, 1, ACTIVE_ANON, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_OWNER), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_OWNER].first.what, "pfn 0x10 added to the list of class /, but its owner is /a");
	EXPECT_INT(analysis_exit_code(&a), 1);
	analysis_free(&a);

	/* An adjust whose `to` is not the new owner, and one whose `from` is not the old. */
	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_create(MS(1), 2, 0, "/b"), ev_page(MS(2), 0x10, 1, -1, 1, PR_CHARGE),
	       ev_add(MS(3), 0x10, 1, ACTIVE_ANON, 0, 1), ev_page(MS(4), 0x10, 1, 1, 2, PR_RMAP_ADD),
	       ev_adjust(MS(4), 0x10, 1, ACTIVE_ANON, 0, 1, 0));
	EXPECT_INT(STATUS(&a, CHECK_OWNER), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_OWNER].first.what, "pfn 0x10 adjusted to class /, but its owner is /b");
	analysis_free(&a);
	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_create(MS(1), 2, 0, "/b"), ev_page(MS(2), 0x10, 1, -1, 2, PR_CHARGE),
	       ev_page(MS(4), 0x10, 1, 2, 1, PR_MIGRATE), ev_adjust(MS(4), 0x10, 1, ACTIVE_ANON, 0, 0, 1));
	EXPECT_INT(STATUS(&a, CHECK_OWNER), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_OWNER].first.what, "pfn 0x10 adjusted away from class /, but its owner before the change was /b");
	analysis_free(&a);

	/* An unowned page is the root's: naming another class is wrong. */
	REPLAY(&a, ev_page(MS(1), 0x10, 1, -1, 3, PR_CHARGE), ev_add(MS(2), 0x10, 1, ACTIVE_ANON, 0, 3),
	       ev_page(MS(3), 0x10, 1, 3, -1, PR_UNCHARGE), ev_del(MS(4), 0x10, 1, ACTIVE_ANON, 0, 3));
	EXPECT_INT(STATUS(&a, CHECK_OWNER), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_OWNER].first.what, "its owner is no class (its LRU charge is the root's)");
	analysis_free(&a);
}

/* Reparenting: the class and its live ancestor are one charge; ownership is not forwarded. */
TEST(owner_reparented_class_is_its_ancestors_charge)
{
	struct analysis a;

	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_page(MS(2), 0x10, 1, -1, 1, PR_CHARGE),
	       ev_page(MS(2), 0x20, 1, -1, 1, PR_CHARGE), ev_add(MS(3), 0x10, 1, ACTIVE_ANON, 0, 1),
	       ev_destroy(MS(4), 1, 0, "/a"), ev_reparent(MS(5), 1, 0),
	       ev_del(MS(6), 0x10, 1, ACTIVE_ANON, 0, 0),  /* names the ancestor: one charge */
	       ev_add(MS(7), 0x20, 1, ACTIVE_ANON, 0, 1)); /* names the reparented owner itself */
	EXPECT_INT(STATUS(&a, CHECK_OWNER), ST_PASS);
	EXPECT_INT(a.checks[CHECK_OWNER].checked, 3);
	analysis_free(&a);
}

/* The owner check on lost events: as the others, never a false pass. */
TEST(owner_with_lost_events_is_unverifiable)
{
	struct analysis a;
	const struct ckrm_event evs[] = { ev_page(MS(1), 0x10, 1, -1, 0, PR_CHARGE), ev_add(MS(2), 0x10, 1, ACTIVE_ANON, 0, 0) };

	analysis_init(&a);
	analysis_loss(&a, 0, LOSS_NO_STATS, -1, 0);
	analysis_feed(&a, &evs[0]);
	analysis_feed(&a, &evs[1]);
	analysis_finish(&a);
	EXPECT_INT(STATUS(&a, CHECK_OWNER), ST_UNVERIFIABLE);
	EXPECT_INT(analysis_exit_code(&a), 3);
	analysis_free(&a);
}

/* Every report prints the one verdict. */
TEST(verdict_is_computed_once_and_printed_by_every_report)
{
	struct analysis a;
	char line[400];

	REPLAY(&a, sel(1, 12, 0, 100, 200, -500, true, false), sel(1, 12, 1, 300, 100, 800, true, false),
	       ev_add(MS(3), 0x10, 1, ACTIVE_ANON, 0, 0));
	EXPECT_INT(a.verdict.kind, VERDICT_FAIL);
	EXPECT_INT(a.verdict.exit_code, 1);
	verdict_describe(&a.verdict, line, sizeof(line));
	EXPECT(!strcmp(line, "FAILED: victim; NOT VERIFIED: drift charge owner (exit 1)"));
	analysis_free(&a);
}
