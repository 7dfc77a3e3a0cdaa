// SPDX-License-Identifier: GPL-2.0
/* The replay and the five checks on in-memory event sequences. */
#include "unit.h"
#include "unit_events.h"

enum { INACTIVE_ANON, ACTIVE_ANON, INACTIVE_FILE, ACTIVE_FILE, UNEVICTABLE };

/* Class 1 made in the trace, pages added, two snapshots that agree. */
TEST(drift_pass_when_replay_matches_snapshots)
{
	struct analysis a;

	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"),
	       ev_add(MS(2), 0x100, 1, ACTIVE_ANON, 0, 1),
	       ev_add(MS(3), 0x101, 2, INACTIVE_FILE, 0, 1),
	       ev_stat(MS(4), 1, 1, 0, 1, 2, 0, 1, 2, 0),
	       ev_add(MS(5), 0x103, 1, UNEVICTABLE, 0, 1),
	       ev_del(MS(6), 0x100, 1, ACTIVE_ANON, 0, 1),
	       ev_stat(MS(7), 2, 1, 0, 0, 2, 1, 0, 2, 1));
	EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_PASS);
	EXPECT_INT(STATUS(&a, CHECK_TOTALS), ST_PASS);
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_PASS);
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
	EXPECT_HAS(a.checks[CHECK_DRIFT].first.fields, "seq=1 cls=1 zone=0 active=1");
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

TEST(drift_not_applicable_with_one_snapshot_of_older_classes)
{
	struct analysis a;

	REPLAY(&a, ev_stat(MS(2), 1, 0, 0, 100, 50, 0, 100, 50, 0));
	EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_NOT_APPLICABLE);
	EXPECT_HAS(a.checks[CHECK_DRIFT].reason, "nothing to compare");
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
	EXPECT_INT(analysis_exit_code(&a), 1);
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
	EXPECT_HAS(a.checks[CHECK_CHARGE].first.fields, "pfn=0x10 nr=1 lru=active_anon zone=0 cls=3");
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
	EXPECT_HAS(a.checks[CHECK_CHARGE].first.what, "but it is on active_anon zone 0");
	analysis_free(&a);
}

TEST(charge_pages_from_before_the_trace_are_not_judged)
{
	struct analysis a;

	REPLAY(&a, ev_del(MS(3), 0x10, 1, ACTIVE_ANON, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_NOT_APPLICABLE);
	EXPECT_HAS(a.checks[CHECK_CHARGE].reason, "charged before the trace");
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
	EXPECT_HAS(a.checks[CHECK_TOTALS].first.what, "snapshot 1 zone 0: the 2 classes add up to active=14");
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

TEST(reclaim_fallback_takes_from_everyone)
{
	struct analysis a;

	REPLAY(&a, ev_select(MS(2), 7, 1, 100, 50, 0, true, true), ev_select(MS(2), 7, 2, 10, 50, 0, false, true),
	       ev_reclaim(MS(3), 7, 1, 32, 20, true), ev_reclaim(MS(3), 7, 2, 32, 5, true));
	EXPECT_INT(STATUS(&a, CHECK_RECLAIM), ST_PASS);
	EXPECT_INT(a.reclaim.fallback_passes, 1);
	analysis_free(&a);
	/* A pass that turns into a fallback after selecting. */
	REPLAY(&a, ev_select(MS(2), 7, 1, 100, 50, 0, true, false), ev_select(MS(2), 7, 2, 10, 50, 0, false, false),
	       ev_reclaim(MS(3), 7, 1, 32, 20, true), ev_reclaim(MS(3), 7, 2, 32, 5, true));
	EXPECT_INT(STATUS(&a, CHECK_RECLAIM), ST_PASS);
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
		struct ckrm_event r = ev_reclaim(p * 10 + 1, p, 1, 32, 1, false);

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

TEST(attribution_is_not_verifiable_and_says_why)
{
	struct analysis a;

	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_create(MS(1), 2, 0, "/b"),
	       ev_shares(MS(1), 1, "mem", 60, -2), ev_shares(MS(1), 2, "mem", 20, -2),
	       ev_page(MS(2), 0x10, 1, -1, 1, PR_CHARGE), ev_page(MS(3), 0x10, 1, 1, 2, PR_RMAP_ADD));
	EXPECT_INT(STATUS(&a, CHECK_ATTRIBUTION), ST_UNVERIFIABLE);
	EXPECT_HAS(a.checks[CHECK_ATTRIBUTION].reason, "not verifiable from this trace");
	EXPECT_INT(a.attribution.comparable, 1);
	EXPECT_INT(a.attribution.contradictions, 1);
	EXPECT_HAS(a.checks[CHECK_ATTRIBUTION].reason, "went from /a (guarantee 60) to /b (guarantee 20)");
	EXPECT_INT(analysis_exit_code(&a), 1);
	analysis_free(&a);
	REPLAY(&a, ev_page(MS(2), 0x10, 1, -1, 1, PR_CHARGE));
	EXPECT_INT(STATUS(&a, CHECK_ATTRIBUTION), ST_NOT_APPLICABLE);
	analysis_free(&a);
}

TEST(core_events_only_exit_zero)
{
	struct analysis a;
	int i;

	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_classify(MS(2), CE_MANUAL, 42, "sh", 0, 1, CH_MANUAL),
	       ev_classify(MS(3), CE_EXIT, 42, "sh", 1, -1, CH_UNCHANGED), ev_destroy(MS(4), 1, 0, "/a"));
	for (i = 0; i < NR_CHECKS; i++)
		EXPECT_INT(a.checks[i].status, ST_NOT_APPLICABLE);
	EXPECT_INT(analysis_exit_code(&a), 0);
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
	       ev_classify(MS(5), CE_EXEC, 7, "x", 0, 1, CH_ENGINE), ev_mm(MS(6), 0xffff1234, 0, 1, 10, 4));
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
