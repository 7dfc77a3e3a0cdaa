// SPDX-License-Identifier: GPL-2.0
/*
 * A check passes only if an event it judged could have failed it; with
 * events of its kind but none judged it is unverifiable (exit 3), never a
 * pass and never "not applicable". The probes of issue 27.
 */
#include "unit.h"
#include "unit_events.h"

enum { INACTIVE_ANON, ACTIVE_ANON };

/* Three pages never seen before go on an LRU: nothing could fail. */
TEST(judged_three_lone_adds_are_not_a_pass)
{
	struct analysis a;

	REPLAY(&a, ev_add(MS(1), 0x10, 1, ACTIVE_ANON, 0, 0), ev_add(MS(2), 0x11, 1, ACTIVE_ANON, 0, 0),
	       ev_add(MS(3), 0x12, 1, ACTIVE_ANON, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_UNVERIFIABLE);
	EXPECT_INT(a.checks[CHECK_CHARGE].checked, 0);
	EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_UNVERIFIABLE);
	EXPECT_INT(analysis_exit_code(&a), 3);
	EXPECT_INT(a.verdict.exit_code, 3);
	analysis_free(&a);
}

/* LRU events and a single snapshot: the snapshot is only a starting point. */
TEST(judged_one_snapshot_is_not_a_drift_check)
{
	struct analysis a;

	REPLAY(&a, ev_stat(MS(1), 1, 0, 0, 10, 0, 0, 10, 0, 0), ev_add(MS(2), 0x10, 1, ACTIVE_ANON, 0, 0),
	       ev_del(MS(3), 0x10, 1, ACTIVE_ANON, 0, 0), ev_add(MS(4), 0x10, 1, INACTIVE_ANON, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_UNVERIFIABLE);
	EXPECT_HAS(a.checks[CHECK_DRIFT].reason, "unverifiable: nothing judged");
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_PASS);
	EXPECT_INT(analysis_exit_code(&a), 3);
	analysis_free(&a);
}

/* Reclaim that took nothing cannot break a selection or a guarantee. */
TEST(judged_reclaim_of_nothing_is_not_judged)
{
	struct analysis a;

	REPLAY(&a, ev_select(MS(1), 7, 1, 10, 50, 0, false, false), ev_select(MS(1), 7, 2, 100, 50, 0, true, false),
	       ev_reclaim(MS(2), 7, 1, 32, 0, false), ev_reclaim(MS(2), 7, 2, 32, 0, false),
	       ev_reclaim(MS(3), 9, 1, 32, 0, false));
	EXPECT_INT(STATUS(&a, CHECK_RECLAIM), ST_UNVERIFIABLE);
	EXPECT_INT(a.checks[CHECK_RECLAIM].checked, 0);
	EXPECT_INT(STATUS(&a, CHECK_VICTIM), ST_PASS);
	EXPECT_INT(analysis_exit_code(&a), 3);
	analysis_free(&a);
}

/* Only classes and moves: every check not applicable, nothing judged. */
TEST(judged_nothing_at_all_exits_3)
{
	struct analysis a;
	int i;

	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_classify(MS(2), CE_MANUAL, 42, "sh", 0, 1, CH_MANUAL));
	for (i = 0; i < NR_CHECKS; i++)
		EXPECT_INT(a.checks[i].status, ST_NOT_APPLICABLE);
	EXPECT_INT(a.verdict.kind, VERDICT_UNVERIFIABLE);
	EXPECT_INT(analysis_exit_code(&a), 3);
	analysis_free(&a);
}
