// SPDX-License-Identifier: GPL-2.0
/* The replay and the five checks on in-memory event sequences. */
#include <stdio.h>

#include "contract.h"
#include "unit.h"
#include "unit_events.h"

enum { INACTIVE_ANON, ACTIVE_ANON, INACTIVE_FILE, ACTIVE_FILE, UNEVICTABLE };

/* Class 1 made in the trace, pages added, two snapshots that agree. */
TEST(drift_pass_when_replay_matches_snapshots)
{
	struct analysis a;

	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_page(MS(1), 0x100, 1, -1, 1, PR_CHARGE),
	       ev_page(MS(1), 0x101, 2, -1, 1, PR_CHARGE), ev_page(MS(1), 0x103, 1, -1, 1, PR_CHARGE),
	       ev_add(MS(2), 0x100, 1, ACTIVE_ANON, 0, 1),
	       ev_add(MS(3), 0x101, 2, INACTIVE_FILE, 0, 1),
	       ev_stat(MS(4), 1, 1, 0, 1, 2, 0, 1, 2, 0),
	       ev_add(MS(5), 0x103, 1, UNEVICTABLE, 0, 1),
	       ev_del(MS(6), 0x100, 1, ACTIVE_ANON, 0, 1),
	       ev_stat(MS(7), 2, 1, 0, 0, 2, 1, 0, 2, 1));
	EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_PASS);
	EXPECT_INT(STATUS(&a, CHECK_TOTALS), ST_PASS);
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_PASS);
	EXPECT_INT(STATUS(&a, CHECK_OWNER), ST_PASS);
	EXPECT_INT(a.checks[CHECK_OWNER].checked, 4);
	EXPECT_INT(a.checks[CHECK_DRIFT].checked, 2);
	EXPECT_INT(a.classes.recs[classes_find(&a.classes, 1)].pages, 3);
	EXPECT_INT(a.classes.recs[classes_find(&a.classes, 1)].peak, 4);
	EXPECT_INT(analysis_exit_code(&a), 0);
	analysis_free(&a);
}

TEST(drift_fails_with_pages_and_first_event)
{
	struct analysis a;
	const struct class_rec *c;

	/* The kernel counts one page fewer than the events say. */
	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"),
	       ev_add(MS(2), 0x100, 1, ACTIVE_ANON, 0, 1),
	       ev_add(MS(3), 0x101, 1, ACTIVE_ANON, 0, 1),
	       ev_stat(MS(4), 1, 1, 0, 1, 0, 0, 1, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_FAIL);
	EXPECT_INT(a.checks[CHECK_DRIFT].violations, 1);
	EXPECT_INT(a.checks[CHECK_DRIFT].first.ts, MS(4));
	EXPECT_HAS(a.checks[CHECK_DRIFT].first.fields, "seq=1 cls=1 node=0 zone=0 active=1");
	EXPECT_HAS(a.checks[CHECK_DRIFT].first.what, "drift +1 pages");
	EXPECT_HAS(a.checks[CHECK_DRIFT].reason, "FAIL: 1 violation");
	c = &a.classes.recs[classes_find(&a.classes, 1)];
	EXPECT_INT(c->drift, 1);
	EXPECT_INT(analysis_exit_code(&a), 1);
	analysis_free(&a);
}

TEST(drift_starts_at_first_snapshot_for_older_classes)
{
	struct analysis a;

	/* The root existed before the trace: events before its first count are not replayed. */
	REPLAY(&a, ev_add(MS(1), 0x100, 7, ACTIVE_FILE, 0, 0),
	       ev_stat(MS(2), 1, 0, 0, 100, 50, 0, 100, 50, 0),
	       ev_add(MS(3), 0x200, 5, ACTIVE_FILE, 0, 0),
	       ev_del(MS(4), 0x300, 2, INACTIVE_ANON, 0, 0),
	       ev_stat(MS(5), 2, 0, 0, 105, 48, 0, 105, 48, 0));
	EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_PASS);
	EXPECT_INT(a.snapshots.initialized, 1);
	EXPECT_INT(a.snapshots.comparisons, 1);
	EXPECT_INT(a.classes.recs[classes_find(&a.classes, 0)].pages, 153);
	analysis_free(&a);
}

TEST(drift_unverifiable_with_one_snapshot_of_older_classes)
{
	struct analysis a;

	REPLAY(&a, ev_stat(MS(2), 1, 0, 0, 100, 50, 0, 100, 50, 0));
	EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_UNVERIFIABLE);
	EXPECT_HAS(a.checks[CHECK_DRIFT].reason, "unverifiable: nothing judged: no class and zone counted in a snapshot after its counts were known");
	EXPECT_INT(STATUS(&a, CHECK_TOTALS), ST_PASS);
	analysis_free(&a);
}

TEST(drift_lru_lists_map_to_active_inactive_unevictable)
{
	struct analysis a;

	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"),
	       ev_add(MS(2), 0x10, 1, INACTIVE_ANON, 0, 1), ev_add(MS(2), 0x11, 2, ACTIVE_ANON, 0, 1),
	       ev_add(MS(2), 0x13, 4, INACTIVE_FILE, 0, 1), ev_add(MS(2), 0x17, 8, ACTIVE_FILE, 0, 1),
	       ev_add(MS(2), 0x1f, 16, UNEVICTABLE, 0, 1),
	       ev_stat(MS(3), 1, 1, 0, 10, 5, 16, 10, 5, 16));
	EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_PASS);
	analysis_free(&a);
}

TEST(drift_adjust_moves_counts_between_classes)
{
	struct analysis a;

	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_create(MS(1), 2, 0, "/b"),
	       ev_add(MS(2), 0x10, 1, ACTIVE_ANON, 0, 1), ev_add(MS(2), 0x11, 1, ACTIVE_ANON, 0, 1),
	       ev_adjust(MS(3), 0x11, 1, ACTIVE_ANON, 0, 1, 2),
	       ev_stat(MS(4), 1, 1, 0, 1, 0, 0, 2, 0, 0), ev_stat(MS(4), 1, 2, 0, 1, 0, 0, 2, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_PASS);
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_PASS);
	EXPECT_INT(STATUS(&a, CHECK_TOTALS), ST_PASS);
	analysis_free(&a);
}

TEST(drift_per_zone)
{
	struct analysis a;

	/* Right total, wrong zone: still drift, in both zones. */
	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_add(MS(2), 0x10, 1, ACTIVE_ANON, 1, 1),
	       ev_stat(MS(3), 1, 1, 0, 1, 0, 0, 1, 0, 0), ev_stat(MS(3), 1, 1, 1, 0, 0, 0, 0, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_FAIL);
	EXPECT_INT(a.checks[CHECK_DRIFT].violations, 2);
	analysis_free(&a);
}

/* Lost events: never a false pass, never false drift. */
TEST(losses_make_later_drift_unverifiable)
{
	struct analysis a;
	const struct ckrm_event evs[] = {
		ev_create(MS(1), 1, 0, "/a"),
		ev_add(MS(2), 0x10, 1, ACTIVE_ANON, 0, 1),
		ev_stat(MS(5), 1, 1, 0, 0, 0, 0, 0, 0, 0), /* the add's del was lost */
	};

	analysis_init(&a);
	analysis_feed(&a, &evs[0]);
	analysis_feed(&a, &evs[1]);
	analysis_loss(&a, 1, LOSS_MISSED_IN_DATA, 3, MS(3));
	analysis_feed(&a, &evs[2]);
	analysis_finish(&a);
	EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_UNVERIFIABLE);
	EXPECT_HAS(a.checks[CHECK_DRIFT].reason, "unverifiable: 3 events lost on CPU 1");
	EXPECT_INT(analysis_exit_code(&a), 3);
	analysis_free(&a);
}

TEST(losses_keep_a_violation_seen_before_them)
{
	struct analysis a;
	const struct ckrm_event evs[] = {
		ev_create(MS(1), 1, 0, "/a"),
		ev_add(MS(2), 0x10, 1, ACTIVE_ANON, 0, 1),
		ev_add(MS(3), 0x10, 1, ACTIVE_ANON, 0, 1), /* added twice */
		ev_stat(MS(9), 1, 1, 0, 2, 0, 0, 2, 0, 0),
	};

	analysis_init(&a);
	analysis_feed(&a, &evs[0]);
	analysis_feed(&a, &evs[1]);
	analysis_feed(&a, &evs[2]);
	analysis_loss(&a, 0, LOSS_OVERRUN, 10, MS(5));
	analysis_feed(&a, &evs[3]);
	analysis_finish(&a);
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_CHARGE].reason, "events were lost later");
	EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_UNVERIFIABLE);
	analysis_free(&a);
}

TEST(losses_from_the_start_make_everything_unverifiable)
{
	struct analysis a;

	analysis_init(&a);
	a.kind_defined[CK_LRU_ADD] = true;
	analysis_loss(&a, 0, LOSS_ENTRIES_LEFT, 273843, 0);
	analysis_finish(&a);
	/* No memory events seen, but they are defined and events were lost. */
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_UNVERIFIABLE);
	EXPECT_HAS(a.checks[CHECK_CHARGE].reason, "273843 events lost on CPU 0 (left in the ring buffer: 273843)");
	/* ckrm_reclaim is not defined in this trace: nothing lost could be one. */
	EXPECT_INT(STATUS(&a, CHECK_RECLAIM), ST_NOT_APPLICABLE);
	analysis_free(&a);
}

TEST(unknown_loss_count_is_still_a_loss)
{
	struct analysis a;

	analysis_init(&a);
	analysis_feed(&a, (const struct ckrm_event[]){ ev_add(MS(1), 0x10, 1, ACTIVE_ANON, 0, 0) });
	analysis_feed(&a, (const struct ckrm_event[]){ ev_del(MS(2), 0x10, 1, ACTIVE_ANON, 0, 0) });
	analysis_loss(&a, 1, LOSS_MISSED_IN_DATA, -1, MS(1));
	analysis_finish(&a);
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_UNVERIFIABLE);
	EXPECT_HAS(a.checks[CHECK_CHARGE].reason, "an unknown number of events lost on CPU 1");
	analysis_free(&a);
}

TEST(charge_added_twice)
{
	struct analysis a;

	REPLAY(&a, ev_add(MS(1), 0x10, 1, ACTIVE_ANON, 0, 0), ev_add(MS(2), 0x10, 1, INACTIVE_ANON, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_CHARGE].first.what, "while already on active_anon");
	EXPECT_INT(a.checks[CHECK_CHARGE].first.ts, MS(2));
	analysis_free(&a);
}

TEST(charge_deleted_from_a_class_it_is_not_charged_to)
{
	struct analysis a;

	REPLAY(&a, ev_create(MS(1), 3, 0, "/x"), ev_add(MS(2), 0x10, 1, ACTIVE_ANON, 0, 0),
	       ev_del(MS(3), 0x10, 1, ACTIVE_ANON, 0, 3));
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_CHARGE].first.what, "deleted from class /x, but it is charged to class /");
	EXPECT_HAS(a.checks[CHECK_CHARGE].first.fields, "pfn=0x10 nr=1 lru=active_anon node=0 zone=0 cls=3");
	analysis_free(&a);
}

TEST(charge_adjusted_away_from_a_class_it_is_not_charged_to)
{
	struct analysis a;

	REPLAY(&a, ev_add(MS(2), 0x10, 1, ACTIVE_ANON, 0, 0), ev_adjust(MS(3), 0x10, 1, ACTIVE_ANON, 0, 5, 6));
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_CHARGE].first.what, "adjusted away from class (class 5)");
	analysis_free(&a);
}

TEST(charge_list_or_zone_mismatch)
{
	struct analysis a;

	REPLAY(&a, ev_add(MS(2), 0x10, 1, ACTIVE_ANON, 0, 0), ev_del(MS(3), 0x10, 1, INACTIVE_ANON, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_CHARGE].first.what, "names inactive_anon node 0 zone 0 (1 pages), but it is on active_anon node 0 zone 0");
	analysis_free(&a);
}

TEST(charge_pages_from_before_the_trace_are_not_judged)
{
	struct analysis a;

	REPLAY(&a, ev_del(MS(3), 0x10, 1, ACTIVE_ANON, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_UNVERIFIABLE);
	EXPECT_HAS(a.checks[CHECK_CHARGE].reason, "unverifiable: nothing judged: no page event could have failed it");
	EXPECT_INT(a.replay.del_untracked, 1);
	analysis_free(&a);

	/* Adjusted first, it is known from then on. */
	REPLAY(&a, ev_adjust(MS(2), 0x10, 1, ACTIVE_ANON, 0, 0, 4), ev_del(MS(3), 0x10, 1, ACTIVE_ANON, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_FAIL);
	analysis_free(&a);
}

TEST(charge_memory_follows_pages_in_use)
{
	struct analysis a;
	uint64_t pfn;

	analysis_init(&a);
	for (pfn = 0; pfn < 5000; pfn++) {
		struct ckrm_event add = ev_add(pfn, pfn, 1, ACTIVE_ANON, 0, 0);
		struct ckrm_event del = ev_del(pfn, pfn, 1, ACTIVE_ANON, 0, 0);

		analysis_feed(&a, &add);
		analysis_feed(&a, &del);
	}
	analysis_finish(&a);
	EXPECT_INT(a.replay.pages.count, 0);
	EXPECT_INT(a.replay.pages_peak, 1);
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_PASS);
	analysis_free(&a);
}

TEST(charge_invalid_lru)
{
	struct analysis a;

	REPLAY(&a, ev_add(MS(2), 0x10, 1, 9, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_CHARGE].first.what, "lru 9");
	analysis_free(&a);
}

TEST(charge_page_owner_chain)
{
	struct analysis a;

	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_create(MS(1), 2, 0, "/b"), ev_create(MS(1), 3, 0, "/c"),
	       ev_page(MS(2), 0x10, 1, -1, 1, PR_CHARGE), ev_page(MS(3), 0x10, 1, 1, 2, PR_RMAP_ADD),
	       ev_page(MS(4), 0x10, 1, 3, 1, PR_RMAP_REMOVE));
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_CHARGE].first.what, "from class /c, but it belongs to class /b");
	analysis_free(&a);
}

TEST(totals_must_add_up)
{
	struct analysis a;

	REPLAY(&a, ev_stat(MS(1), 1, 0, 0, 10, 10, 0, 15, 10, 0), ev_stat(MS(1), 1, 1, 0, 4, 0, 0, 15, 10, 0),
	       ev_stat(MS(2), 2, 0, 0, 10, 10, 0, 14, 10, 0), ev_stat(MS(2), 2, 1, 0, 4, 0, 0, 14, 10, 0));
	EXPECT_INT(STATUS(&a, CHECK_TOTALS), ST_FAIL);
	EXPECT_INT(a.checks[CHECK_TOTALS].checked, 2);
	EXPECT_INT(a.checks[CHECK_TOTALS].violations, 1);
	EXPECT_HAS(a.checks[CHECK_TOTALS].first.what, "snapshot 1 node 0 zone 0: the 2 classes add up to active=14");
	analysis_free(&a);
}

TEST(totals_pass_and_zone_totals_must_not_change_within_a_snapshot)
{
	struct analysis a;

	REPLAY(&a, ev_stat(MS(1), 1, 0, 0, 10, 10, 0, 14, 10, 0), ev_stat(MS(1), 1, 1, 0, 4, 0, 0, 14, 10, 0));
	EXPECT_INT(STATUS(&a, CHECK_TOTALS), ST_PASS);
	analysis_free(&a);
	REPLAY(&a, ev_stat(MS(1), 1, 0, 0, 10, 10, 0, 14, 10, 0), ev_stat(MS(1), 1, 1, 0, 4, 0, 0, 15, 10, 0));
	EXPECT_INT(STATUS(&a, CHECK_TOTALS), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_TOTALS].first.what, "change within the snapshot");
	analysis_free(&a);
}

TEST(reclaim_only_from_selected_classes)
{
	struct analysis a;

	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_create(MS(1), 2, 0, "/b"),
	       ev_select(MS(2), 7, 1, 100, 50, 0, true, false), ev_select(MS(2), 7, 2, 10, 50, 0, false, false),
	       ev_reclaim(MS(3), 7, 1, 32, 20, false), ev_reclaim(MS(3), 7, 2, 32, 5, false));
	EXPECT_INT(STATUS(&a, CHECK_RECLAIM), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_RECLAIM].first.what, "reclaimed 5 pages from class /b, which it did not select");
	EXPECT_INT(a.reclaim.passes, 1);
	EXPECT_INT(a.classes.recs[classes_find(&a.classes, 1)].reclaimed, 20);
	analysis_free(&a);
}

TEST(reclaim_fallback_may_go_under_guarantees)
{
	struct analysis a;

	/* Priority 0: every class selected, both taken under their guarantees. */
	REPLAY(&a, ev_select(MS(2), 7, 1, 100, 50, 90, true, true), ev_select(MS(2), 7, 2, 10, 50, 10, true, true),
	       ev_reclaim(MS(3), 7, 1, 32, 20, true), ev_reclaim(MS(3), 7, 2, 32, 5, true));
	EXPECT_INT(STATUS(&a, CHECK_RECLAIM), ST_PASS);
	EXPECT_INT(a.reclaim.fallback_passes, 1);
	analysis_free(&a);
	/* Fallback is decided at selection: a ckrm_reclaim's own flag excuses nothing, and must agree. */
	REPLAY(&a, ev_select(MS(2), 7, 1, 100, 50, 90, true, false), ev_select(MS(2), 7, 2, 10, 50, 0, false, false),
	       ev_reclaim(MS(3), 7, 1, 32, 20, true));
	EXPECT_INT(STATUS(&a, CHECK_RECLAIM), ST_FAIL);
	EXPECT_INT(a.checks[CHECK_RECLAIM].violations, 2);
	EXPECT_HAS(a.checks[CHECK_RECLAIM].first.what,
		   "pass 7's ckrm_reclaim of class (class 1) says fallback=1, but its selection (ckrm_victim_select) says fallback=0");
	analysis_free(&a);
	REPLAY(&a, ev_select(MS(2), 7, 1, 100, 50, 90, true, false), ev_reclaim(MS(3), 7, 1, 32, 0, true));
	EXPECT_INT(STATUS(&a, CHECK_RECLAIM), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_RECLAIM].first.what, "says fallback=1, but its selection");
	analysis_free(&a);
}

TEST(reclaim_fallback_takes_only_its_victims)
{
	struct analysis a;

	/* The heaviest class is the fallback's victim; the other is not. */
	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_create(MS(1), 2, 0, "/b"), ev_select(MS(2), 7, 1, 100, 50, 90, true, true), ev_select(MS(2), 7, 2, 10, 50, 40, false, true),
	       ev_reclaim(MS(3), 7, 1, 32, 20, true), ev_reclaim(MS(3), 7, 2, 32, 5, true));
	EXPECT_INT(STATUS(&a, CHECK_RECLAIM), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_RECLAIM].first.what, "reclaimed 5 pages from class /b, which it did not select");
	analysis_free(&a);
}

TEST(reclaim_never_below_guarantee)
{
	struct analysis a;

	REPLAY(&a, ev_select(MS(2), 7, 1, 100, 50, 90, true, false), ev_reclaim(MS(3), 7, 1, 32, 20, false));
	EXPECT_INT(STATUS(&a, CHECK_RECLAIM), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_RECLAIM].first.what, "below its guarantee: it had 100 pages, 20 were reclaimed, 90 are guaranteed");
	analysis_free(&a);
	REPLAY(&a, ev_select(MS(2), 7, 1, 100, 50, 80, true, false), ev_reclaim(MS(3), 7, 1, 32, 20, false));
	EXPECT_INT(STATUS(&a, CHECK_RECLAIM), ST_PASS);
	analysis_free(&a);
}

TEST(reclaim_pass_begun_before_the_trace_is_not_judged)
{
	struct analysis a;

	REPLAY(&a, ev_reclaim(MS(1), 6, 1, 32, 20, false), ev_select(MS(2), 7, 1, 100, 50, 0, true, false),
	       ev_reclaim(MS(3), 7, 1, 32, 20, false), ev_reclaim(MS(4), 5, 2, 32, 20, false));
	EXPECT_INT(STATUS(&a, CHECK_RECLAIM), ST_PASS);
	EXPECT_INT(a.reclaim.started_before_trace, 2);
	analysis_free(&a);
	/* A newer pass without any selection is a violation. */
	REPLAY(&a, ev_select(MS(2), 7, 1, 100, 50, 0, true, false), ev_reclaim(MS(3), 8, 1, 32, 20, false));
	EXPECT_INT(STATUS(&a, CHECK_RECLAIM), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_RECLAIM].first.what, "has no ckrm_victim_select");
	analysis_free(&a);
}

TEST(reclaim_many_passes_stay_bounded)
{
	struct analysis a;
	uint64_t p;

	analysis_init(&a);
	for (p = 1; p <= 5000; p++) {
		struct ckrm_event s = ev_select(p * 10, p, 1, 100, 50, 0, true, p % 100 == 0);
		struct ckrm_event r = ev_reclaim(p * 10 + 1, p, 1, 32, 1, p % 100 == 0);

		analysis_feed(&a, &s);
		analysis_feed(&a, &r);
	}
	analysis_finish(&a);
	EXPECT_INT(a.reclaim.passes, 5000);
	EXPECT_INT(a.reclaim.fallback_passes, 50);
	EXPECT_INT(a.reclaim.nr_shown, PASS_REPORT_MAX);
	EXPECT_INT(STATUS(&a, CHECK_RECLAIM), ST_PASS);
	analysis_free(&a);
}

/* The candidate with the largest share wins, ties to the lower id. */
TEST(attribution_largest_share_wins)
{
	struct analysis a;

	REPLAY(&a, ev_page(MS(1), 0x10, 1, -1, 1, PR_CHARGE),
	       ev_rmap(MS(2), 0x10, 1, 2, PR_RMAP_ADD, 2, CLS(2, 1), SHARE(20, 10)),
	       ev_rmap(MS(3), 0x10, 2, 3, PR_RMAP_REMOVE, 3, CLS(1, 3, 4), SHARE(10, 30, 29)),
	       ev_rmap(MS(4), 0x10, 3, 3, PR_RMAP_REMOVE, 2, CLS(4, 3), SHARE(7, 7)),
	       ev_rmap(MS(5), 0x10, 3, 1, PR_RMAP_REMOVE, 1, CLS(1), SHARE(0)),
	       ev_rmap(MS(6), 0x20, -1, 5, PR_RMAP_ADD, 1, CLS(5), SHARE(1)));
	EXPECT_INT(STATUS(&a, CHECK_ATTRIBUTION), ST_PASS);
	EXPECT_INT(a.checks[CHECK_ATTRIBUTION].checked, 5);
	EXPECT_INT(a.checks[CHECK_ATTRIBUTION].violations, 0);
	EXPECT_INT(a.attribution.contested, 3);
	EXPECT_INT(a.attribution.owner_kept, 1);
	EXPECT_INT(a.attribution.most_candidates, 3);
	EXPECT_HAS(a.checks[CHECK_ATTRIBUTION].reason, "pass (5 rmap decisions checked against their candidates: 2 rmap_add, 3 rmap_remove");
	EXPECT_INT(analysis_exit_code(&a), 0);
	analysis_free(&a);
}

TEST(attribution_fails_on_a_smaller_share)
{
	struct analysis a;

	REPLAY(&a, ev_rmap(MS(2), 0x10, 1, 1, PR_RMAP_REMOVE, 2, CLS(1, 2), SHARE(10, 11)),
	       ev_rmap(MS(3), 0x11, 1, 1, PR_RMAP_REMOVE, 2, CLS(1, 2), SHARE(10, 11)));
	EXPECT_INT(STATUS(&a, CHECK_ATTRIBUTION), ST_FAIL);
	EXPECT_INT(a.checks[CHECK_ATTRIBUTION].violations, 2);
	EXPECT_INT(a.checks[CHECK_ATTRIBUTION].checked, 2);
	EXPECT_INT(a.checks[CHECK_ATTRIBUTION].first.ts, MS(2));
	EXPECT_INT(a.checks[CHECK_ATTRIBUTION].first.kind, CK_PAGE_CLASS);
	EXPECT_HAS(a.checks[CHECK_ATTRIBUTION].first.fields,
		   "pfn=0x10 nr=1 from=1 to=1 reason=rmap_remove mapper_cls={1,2} mapper_share={10,11}");
	EXPECT_HAS(a.checks[CHECK_ATTRIBUTION].first.what,
		   "rmap_remove gives the page to class 1 (share 10 pages), but class 2 has the largest share (11 pages)");
	EXPECT_HAS(a.checks[CHECK_ATTRIBUTION].reason, "FAIL: 2 violations; first at 0.002000 on CPU 0");
	EXPECT_INT(analysis_exit_code(&a), 1);
	analysis_free(&a);
}

TEST(attribution_tie_goes_to_the_lower_id)
{
	struct analysis a;

	REPLAY(&a, ev_rmap(MS(2), 0x10, 1, 3, PR_RMAP_ADD, 2, CLS(1, 3), SHARE(8, 8)));
	EXPECT_INT(STATUS(&a, CHECK_ATTRIBUTION), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_ATTRIBUTION].first.what,
		   "gives the page to class 3 (share 8 pages), but class 1 has the largest share (8 pages; a tie goes to the lower id)");
	analysis_free(&a);
	REPLAY(&a, ev_rmap(MS(2), 0x10, 3, 1, PR_RMAP_ADD, 2, CLS(3, 1), SHARE(8, 8)));
	EXPECT_INT(STATUS(&a, CHECK_ATTRIBUTION), ST_PASS);
	analysis_free(&a);
}

/* What the contract says of the candidates and of from/to, event by event. */
TEST(attribution_candidates_follow_the_contract)
{
	const struct {
		struct ckrm_event ev;
		const char *what;
	} cases[] = {
		{ ev_rmap(MS(1), 0x10, 2, 2, PR_RMAP_ADD, 1, CLS(2), SHARE(5)), "rmap_add leaves the owner (class 2) unchanged" },
		{ ev_rmap(MS(1), 0x10, 3, 2, PR_RMAP_ADD, 2, CLS(1, 2), SHARE(1, 5)), "neither is from=3" },
		{ ev_rmap(MS(1), 0x10, 1, 2, PR_RMAP_ADD, 3, CLS(1, 2, 3), SHARE(1, 5, 0)), "rmap_add lists 3 candidates; the contract lists at most 2" },
		{ ev_rmap(MS(1), 0x10, 1, 7, PR_RMAP_REMOVE, 2, CLS(1, 2), SHARE(1, 5)), "gives the page to class 7, which is not among its 2 candidates" },
		{ ev_rmap(MS(1), 0x10, 1, -1, PR_RMAP_REMOVE, 1, CLS(1), SHARE(1)), "gives the page to class -1, which is not among" },
		{ ev_rmap(MS(1), 0x10, 1, 2, PR_RMAP_REMOVE, 2, CLS(2, 2), SHARE(5, 5)), "lists class 2 twice among its candidates" },
	};
	struct ckrm_event uneven = ev_rmap(MS(1), 0x10, 1, 2, PR_RMAP_REMOVE, 2, CLS(1, 2), SHARE(1, 5));
	struct ckrm_event many = ev_rmap(MS(1), 0x10, 1, 2, PR_RMAP_REMOVE, 1, CLS(2), SHARE(5));
	struct analysis a;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		REPLAY(&a, cases[i].ev);
		EXPECT_INT(STATUS(&a, CHECK_ATTRIBUTION), ST_FAIL);
		EXPECT_HAS(a.checks[CHECK_ATTRIBUTION].first.what, cases[i].what);
		analysis_free(&a);
	}
	uneven.u.page_class.nr_share = 1;
	REPLAY(&a, uneven);
	EXPECT_INT(STATUS(&a, CHECK_ATTRIBUTION), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_ATTRIBUTION].first.what, "lists 2 candidate classes (mapper_cls) but 1 shares");
	analysis_free(&a);
	/* More than the 16 the contract lists: kept are the first 16, shown with "...". */
	many.u.page_class.nr_cls = many.u.page_class.nr_share = 17;
	REPLAY(&a, many);
	EXPECT_INT(STATUS(&a, CHECK_ATTRIBUTION), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_ATTRIBUTION].first.what, "rmap_remove lists 17 candidates; the contract lists at most 16");
	EXPECT_HAS(a.checks[CHECK_ATTRIBUTION].first.fields, "mapper_cls={2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,...}");
	analysis_free(&a);
}

/* The contract fills the candidates of every rmap decision: empty lists are a violation. */
TEST(attribution_empty_candidates_are_a_violation)
{
	struct analysis a;

	REPLAY(&a, ev_page(MS(1), 0x10, 1, 1, 2, PR_RMAP_ADD), ev_page(MS(2), 0x10, 1, 2, 2, PR_RMAP_REMOVE));
	EXPECT_INT(STATUS(&a, CHECK_ATTRIBUTION), ST_FAIL);
	EXPECT_INT(a.checks[CHECK_ATTRIBUTION].violations, 2);
	EXPECT_INT(a.checks[CHECK_ATTRIBUTION].checked, 2);
	EXPECT_HAS(a.checks[CHECK_ATTRIBUTION].first.what,
		   "rmap_add lists no candidates (mapper_cls and mapper_share are empty); the contract gives every rmap decision its candidates");
	EXPECT_INT(analysis_exit_code(&a), 1);
	analysis_free(&a);
	/* Beside a right decision too. */
	REPLAY(&a, ev_page(MS(1), 0x10, 1, 1, 2, PR_RMAP_ADD),
	       ev_rmap(MS(2), 0x10, 2, 2, PR_RMAP_REMOVE, 1, CLS(2), SHARE(3)));
	EXPECT_INT(STATUS(&a, CHECK_ATTRIBUTION), ST_FAIL);
	EXPECT_INT(a.checks[CHECK_ATTRIBUTION].violations, 1);
	analysis_free(&a);
}

/* A kernel from before the arrays: the format lacks them (count -1). */
TEST(attribution_format_without_candidates_is_unverifiable)
{
	struct analysis a;
	char buf[256];
	struct ckrm_event e = ev_rmap(MS(2), 0x10, 1, 2, PR_RMAP_ADD, -1, NULL, NULL);

	REPLAY(&a, e, ev_rmap(MS(3), 0x10, 2, 1, PR_RMAP_REMOVE, -1, NULL, NULL));
	EXPECT_INT(STATUS(&a, CHECK_ATTRIBUTION), ST_UNVERIFIABLE);
	EXPECT_INT(a.checks[CHECK_ATTRIBUTION].skipped, 2);
	EXPECT_HAS(a.checks[CHECK_ATTRIBUTION].reason,
		   "not verifiable from this trace: this trace's ckrm_page_class format has no mapper_cls and mapper_share fields");
	EXPECT_INT(analysis_exit_code(&a), 3);
	analysis_free(&a);
	/* Its fields print without the arrays. */
	format_event_fields(&e, buf, sizeof(buf));
	EXPECT(!strcmp(buf, "pfn=0x10 nr=1 from=1 to=2 reason=rmap_add"));
	REPLAY(&a, ev_page(MS(2), 0x10, 1, -1, 1, PR_CHARGE));
	EXPECT_INT(STATUS(&a, CHECK_ATTRIBUTION), ST_NOT_APPLICABLE);
	EXPECT_HAS(a.checks[CHECK_ATTRIBUTION].reason, "not applicable (no rmap events");
	EXPECT_INT(analysis_exit_code(&a), 3); /* a page's first charge: nothing that could fail */
	analysis_free(&a);
}

/* Lost events: no pass, but a violation its own event shows still fails. */
TEST(attribution_with_lost_events)
{
	struct analysis a;
	const struct ckrm_event good = ev_rmap(MS(2), 0x10, 1, 2, PR_RMAP_ADD, 2, CLS(1, 2), SHARE(1, 2));
	const struct ckrm_event bad = ev_rmap(MS(3), 0x10, 2, 1, PR_RMAP_REMOVE, 2, CLS(1, 2), SHARE(1, 2));

	analysis_init(&a);
	analysis_loss(&a, 0, LOSS_NO_STATS, -1, 0);
	analysis_feed(&a, &good);
	analysis_finish(&a);
	EXPECT_INT(STATUS(&a, CHECK_ATTRIBUTION), ST_UNVERIFIABLE);
	EXPECT_HAS(a.checks[CHECK_ATTRIBUTION].reason, "unverifiable: an unknown number of events lost on CPU 0");
	analysis_free(&a);

	analysis_init(&a);
	analysis_loss(&a, 0, LOSS_NO_STATS, -1, 0);
	analysis_feed(&a, &good);
	analysis_feed(&a, &bad);
	analysis_finish(&a);
	EXPECT_INT(STATUS(&a, CHECK_ATTRIBUTION), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_ATTRIBUTION].reason, "FAIL: 1 violation; first at 0.003000 on CPU 0");
	EXPECT_HAS(a.checks[CHECK_ATTRIBUTION].reason, "events were also lost, which cannot explain");
	analysis_free(&a);
}

TEST(core_events_only_judge_nothing)
{
	struct analysis a;
	int i;

	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_classify(MS(2), CE_MANUAL, 42, "sh", 0, 1, CH_MANUAL),
	       ev_classify(MS(3), CE_EXIT, 42, "sh", 1, -1, CH_UNCHANGED), ev_destroy(MS(4), 1, 0, "/a"));
	for (i = 0; i < NR_CHECKS; i++)
		EXPECT_INT(a.checks[i].status, ST_NOT_APPLICABLE);
	EXPECT_INT(analysis_exit_code(&a), 3);
	EXPECT_INT(a.timeline.moves, 1);
	analysis_free(&a);
}

TEST(timeline_names_the_class_incarnation)
{
	struct analysis a;
	const struct move *m;

	/* Class ids are reused: a move names the class current at its time. */
	REPLAY(&a, ev_create(MS(1), 1, 0, "/old"), ev_destroy(MS(2), 1, 0, "/old"), ev_create(MS(3), 1, 0, "/new"),
	       ev_classify(MS(4), CE_FORK, 7, "x", 0, 0, CH_INHERIT),
	       ev_classify(MS(5), CE_EXEC, 7, "x", 0, 1, CH_ENGINE), ev_mm(MS(6), 7, 0, 1, 10, 4));
	EXPECT_INT(a.timeline.moves, 1);
	m = &a.timeline.move_list[0];
	EXPECT(!strcmp(a.classes.recs[m->to_index].path, "/new"));
	EXPECT_INT(a.timeline.by_event[CE_FORK], 1);
	EXPECT_INT(a.timeline.migrations, 1);
	EXPECT_INT(a.timeline.pages_moved, 4);
	analysis_free(&a);
}

TEST(usage_series_and_peak)
{
	struct analysis a;
	const struct class_rec *c;

	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_add(MS(2), 0x10, 4, ACTIVE_ANON, 0, 1),
	       ev_del(MS(3), 0x10, 4, ACTIVE_ANON, 0, 1), ev_add(MS(4), 0x20, 1, ACTIVE_ANON, 0, 1),
	       ev_classify(MS(9), CE_FORK, 1, "x", 0, 0, CH_INHERIT));
	c = &a.classes.recs[classes_find(&a.classes, 1)];
	EXPECT_INT(c->peak, 4);
	EXPECT_INT(c->pages, 1);
	/* created at 0, 4, 0, 1, then held to the end of the trace */
	EXPECT_INT(c->series.n, 5);
	EXPECT_INT(c->series.pts[0].ts, MS(1));
	EXPECT_INT(c->series.pts[4].ts, MS(9));
	EXPECT_INT(c->series.pts[4].pages, 1);
	analysis_free(&a);
}

/*
 * The global clock's tie that made check 2 fail on pfn 0xa000: CPU 1 put
 * the page on an LRU and CPU 0 took it off at one timestamp; read del
 * first, the replay keeps it on the LRU and fails the page's next add. Not
 * reordered: the violation stands, and says where its state came from.
 */
TEST(ties_charge_page_state_from_a_tie)
{
	const char *note = " -- note: this page's state comes from its events at 0.001000 on CPU 0 and CPU 1, "
			   "which share one timestamp; recorded with the 'global' clock their order is unknown: "
			   "record with -C counter";
	struct analysis a;

	REPLAY_CLOCK(&a, "global", ev_del(MS(1), 0xa000, 1, ACTIVE_ANON, 0, 0),
		     on_cpu(ev_add(MS(1), 0xa000, 1, ACTIVE_ANON, 0, 0), 1), ev_add(MS(2), 0xa000, 1, INACTIVE_ANON, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_FAIL);
	EXPECT_INT(a.checks[CHECK_CHARGE].first.ts, MS(2));
	EXPECT_HAS(a.checks[CHECK_CHARGE].first.what, "pfn 0xa000 added to inactive_anon of class / while already on active_anon");
	EXPECT_HAS(a.checks[CHECK_CHARGE].first.what, note);
	EXPECT_HAS(a.checks[CHECK_CHARGE].reason, note);
	EXPECT_INT(a.ties.cross_cpu_groups, 1);
	analysis_free(&a);

	/* No clock named: trace-cmd's default (local) does not order CPUs either. */
	REPLAY_CLOCK(&a, NULL, ev_del(MS(1), 0xa000, 1, ACTIVE_ANON, 0, 0),
		     on_cpu(ev_add(MS(1), 0xa000, 1, ACTIVE_ANON, 0, 0), 1), ev_add(MS(2), 0xa000, 1, INACTIVE_ANON, 0, 0));
	EXPECT_HAS(a.checks[CHECK_CHARGE].first.what, "the trace does not name its clock, so their order is unknown");
	analysis_free(&a);

	/* The counter clock orders CPUs: no note (it never gives one timestamp twice). */
	REPLAY_CLOCK(&a, "counter", ev_del(1, 0xa000, 1, ACTIVE_ANON, 0, 0),
		     on_cpu(ev_add(1, 0xa000, 1, ACTIVE_ANON, 0, 0), 1), ev_add(3, 0xa000, 1, INACTIVE_ANON, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_FAIL);
	EXPECT(!strstr(a.checks[CHECK_CHARGE].first.what, "note:"));
	EXPECT_HAS(a.checks[CHECK_CHARGE].reason, "FAIL: 1 violation; first at #3 on CPU 0: pfn 0xa000 added");
	analysis_free(&a);

	/* The same events a CPU apart in time: no tie, no note. */
	REPLAY_CLOCK(&a, "global", ev_del(MS(1), 0xa000, 1, ACTIVE_ANON, 0, 0),
		     on_cpu(ev_add(MS(1) + 1, 0xa000, 1, ACTIVE_ANON, 0, 0), 1), ev_add(MS(2), 0xa000, 1, INACTIVE_ANON, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_FAIL);
	EXPECT(!strstr(a.checks[CHECK_CHARGE].first.what, "note:"));
	EXPECT_INT(a.ties.cross_cpu_groups, 0);
	analysis_free(&a);
}

/* The offending event itself shares its timestamp with the page's events on other CPUs. */
TEST(ties_charge_offending_event_in_a_tie)
{
	struct analysis a;

	REPLAY_CLOCK(&a, "global", ev_add(MS(1), 0x10, 1, ACTIVE_ANON, 0, 0),
		     ev_add(MS(2), 0x99, 1, ACTIVE_ANON, 0, 0),              /* another page: unrelated */
		     on_cpu(ev_add(MS(2), 0x10, 1, INACTIVE_ANON, 0, 0), 1), /* the violation */
		     ev_del(MS(2), 0x10, 1, ACTIVE_ANON, 0, 0),              /* read after it, same page */
		     on_cpu(ev_del(MS(2), 0x99, 1, ACTIVE_ANON, 0, 0), 1),
		     ev_add(MS(3), 0x20, 1, ACTIVE_ANON, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_FAIL);
	EXPECT_INT(a.checks[CHECK_CHARGE].first.cpu, 1);
	EXPECT_INT(a.checks[CHECK_CHARGE].tie.others, 1);
	EXPECT_HAS(a.checks[CHECK_CHARGE].first.what,
		   "while already on active_anon of class / -- note: 1 event of this page on other CPUs shares this timestamp; "
		   "recorded with the 'global' clock their order is unknown: record with -C counter");
	analysis_free(&a);

	/* Ties on one CPU keep their order: nothing to say. */
	REPLAY_CLOCK(&a, "global", ev_add(MS(1), 0x10, 1, ACTIVE_ANON, 0, 0), ev_add(MS(1), 0x10, 1, ACTIVE_ANON, 0, 0),
		     ev_del(MS(1), 0x10, 1, ACTIVE_ANON, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_FAIL);
	EXPECT(!strstr(a.checks[CHECK_CHARGE].first.what, "note:"));
	EXPECT_INT(a.ties.cross_cpu_groups, 0);
	analysis_free(&a);
}

/* Check 1: a snapshot row and an LRU event of its class and zone on another CPU. */
TEST(ties_drift_snapshot_and_lru_event)
{
	struct analysis a;

	REPLAY_CLOCK(&a, "global", ev_create(MS(1), 1, 0, "/a"),
		     on_cpu(ev_add(MS(2), 0x10, 1, ACTIVE_ANON, 0, 1), 1),
		     on_cpu(ev_add(MS(2), 0x11, 1, ACTIVE_ANON, 1, 1), 1), /* another zone: unrelated */
		     ev_stat(MS(2), 1, 1, 0, 0, 0, 0, 0, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_DRIFT].first.what,
		   "(drift +1 pages) -- note: 1 LRU event of this class and zone on other CPUs shares this timestamp; "
		   "recorded with the 'global' clock their order is unknown");
	EXPECT_INT(STATUS(&a, CHECK_TOTALS), ST_PASS);
	analysis_free(&a);
}

/* Check 3: snapshot rows of two CPUs at one timestamp. */
TEST(ties_totals_snapshot_rows)
{
	struct analysis a;

	REPLAY_CLOCK(&a, "local", ev_stat(MS(1), 2, 0, 0, 1, 0, 0, 1, 0, 0),
		     on_cpu(ev_stat(MS(1), 1, 0, 0, 1, 0, 0, 1, 0, 0), 1));
	EXPECT_INT(STATUS(&a, CHECK_TOTALS), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_TOTALS].first.what,
		   "came after snapshot 2 began: snapshot 1 was summed without it -- note: 1 ckrm_class_stat event on other "
		   "CPUs shares this timestamp; recorded with the 'local' clock their order is unknown: record with -C counter");
	analysis_free(&a);
}

/* The contract gives charge, uncharge and migrate empty candidate arrays. */
TEST(attribution_other_reasons_list_no_candidates)
{
	const int32_t reasons[] = { PR_CHARGE, PR_UNCHARGE, PR_MIGRATE };
	const char *names[] = { "charge", "uncharge", "migrate" };
	struct analysis a;
	char want[160];
	size_t i;

	for (i = 0; i < 3; i++) {
		REPLAY(&a, ev_page(MS(1), 0x10, 1, -1, 1, PR_CHARGE),
		       ev_rmap(MS(2), 0x10, 1, 2, reasons[i], 1, CLS(2), SHARE(4)));
		EXPECT_INT(STATUS(&a, CHECK_ATTRIBUTION), ST_FAIL);
		EXPECT_INT(a.checks[CHECK_ATTRIBUTION].violations, 1);
		EXPECT_INT(a.checks[CHECK_ATTRIBUTION].first.ts, MS(2));
		snprintf(want, sizeof(want),
			 "%s lists 1 candidate classes (mapper_cls) and 1 shares (mapper_share); the contract gives this reason empty arrays",
			 names[i]);
		EXPECT_HAS(a.checks[CHECK_ATTRIBUTION].first.what, want);
		EXPECT_HAS(a.checks[CHECK_ATTRIBUTION].first.fields, "mapper_cls={2} mapper_share={4}");
		EXPECT_HAS(a.checks[CHECK_ATTRIBUTION].reason, "FAIL: 1 violation; first at 0.002000 on CPU 0");
		EXPECT_INT(analysis_exit_code(&a), 1);
		analysis_free(&a);
	}
	/* Beside rmap decisions; a share without a class counts too. */
	{
		struct ckrm_event shares_only = ev_page(MS(3), 0x10, 1, 1, -1, PR_UNCHARGE);

		shares_only.u.page_class.nr_share = 1;
		REPLAY(&a, ev_rmap(MS(2), 0x10, 1, 1, PR_RMAP_REMOVE, 1, CLS(1), SHARE(3)), shares_only);
		EXPECT_INT(STATUS(&a, CHECK_ATTRIBUTION), ST_FAIL);
		EXPECT_HAS(a.checks[CHECK_ATTRIBUTION].first.what, "uncharge lists 0 candidate classes (mapper_cls) and 1 shares");
		EXPECT_INT(a.checks[CHECK_ATTRIBUTION].checked, 1);
		analysis_free(&a);
	}
	/* Empty, as the contract says: checked, and alone not applicable. */
	REPLAY(&a, ev_page(MS(1), 0x10, 1, -1, 1, PR_CHARGE), ev_page(MS(2), 0x10, 1, 1, 2, PR_MIGRATE),
	       ev_page(MS(3), 0x10, 1, 2, -1, PR_UNCHARGE));
	EXPECT_INT(STATUS(&a, CHECK_ATTRIBUTION), ST_NOT_APPLICABLE);
	EXPECT_INT(a.attribution.others_checked, 3);
	analysis_free(&a);
	REPLAY(&a, ev_page(MS(1), 0x10, 1, -1, 1, PR_CHARGE), ev_rmap(MS(2), 0x10, 1, 1, PR_RMAP_REMOVE, 1, CLS(1), SHARE(3)));
	EXPECT_INT(STATUS(&a, CHECK_ATTRIBUTION), ST_PASS);
	EXPECT_HAS(a.checks[CHECK_ATTRIBUTION].reason, "1 charge, uncharge and migrate events checked for empty arrays");
	analysis_free(&a);
	/* A format without the arrays: nothing to check. */
	REPLAY(&a, ev_rmap(MS(2), 0x10, -1, 1, PR_CHARGE, -1, NULL, NULL));
	EXPECT_INT(STATUS(&a, CHECK_ATTRIBUTION), ST_NOT_APPLICABLE);
	EXPECT_INT(a.attribution.others_checked, 0);
	analysis_free(&a);
}
