// SPDX-License-Identifier: GPL-2.0
/*
 * Zones named by node and zone index, and ckrm_class_reparent: a removed
 * class's LRU charges and counts become its parent's (its nearest live
 * ancestor's) from the event on; page ownership is not forwarded.
 */
#include <stdio.h>
#include <stdlib.h>

#include "contract.h"
#include "report.h"
#include "unit.h"
#include "unit_events.h"

enum { INACTIVE_ANON, ACTIVE_ANON, INACTIVE_FILE, ACTIVE_FILE, UNEVICTABLE };

static const struct class_rec *cls(const struct analysis *a, int32_t id)
{
	return &a->classes.recs[classes_find(&a->classes, id)];
}

/*
 * (node 0, zone 4) and (node 1, zone 0) are two zones. The old single
 * number, node * MAX_NR_ZONES + zone, made them one where MAX_NR_ZONES is
 * 4: the replay keys by the pair.
 */
TEST(zones_are_node_and_zone)
{
	struct analysis a;

	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"),
	       ev_add_at(MS(2), 0x10, 1, ACTIVE_ANON, 0, 4, 1),
	       ev_add_at(MS(3), 0x20, 2, ACTIVE_ANON, 1, 0, 1),
	       ev_stat_at(MS(4), 1, 1, 0, 4, 1, 0, 0, 1, 0, 0),
	       ev_stat_at(MS(4), 1, 1, 1, 0, 2, 0, 0, 2, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_PASS);
	EXPECT_INT(a.checks[CHECK_DRIFT].checked, 2);
	EXPECT_INT(STATUS(&a, CHECK_TOTALS), ST_PASS);
	EXPECT_INT(a.snapshots.zone_sums_checked, 2);
	EXPECT_INT(a.replay.nr_zones, 2);
	EXPECT_INT(cls(&a, 1)->pages, 3);
	analysis_free(&a);

	/* The kernel's counts the other way round: drift in both, named by node and zone. */
	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"),
	       ev_add_at(MS(2), 0x10, 1, ACTIVE_ANON, 0, 4, 1),
	       ev_add_at(MS(3), 0x20, 2, ACTIVE_ANON, 1, 0, 1),
	       ev_stat_at(MS(4), 1, 1, 0, 4, 2, 0, 0, 2, 0, 0),
	       ev_stat_at(MS(4), 1, 1, 1, 0, 1, 0, 0, 1, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_FAIL);
	EXPECT_INT(a.checks[CHECK_DRIFT].violations, 2);
	EXPECT_HAS(a.checks[CHECK_DRIFT].first.what,
		   "class /a node 0 zone 4 snapshot 1: replayed active=1 inactive=0 unevictable=0, kernel active=2");
	EXPECT_HAS(a.checks[CHECK_DRIFT].first.fields, "seq=1 cls=1 node=0 zone=4 active=2");
	analysis_free(&a);

	/* A page deleted in another node's zone of the same index is not where it went. */
	REPLAY(&a, ev_add_at(MS(2), 0x10, 1, ACTIVE_ANON, 0, 1, 0), ev_del_at(MS(3), 0x10, 1, ACTIVE_ANON, 1, 1, 0));
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_CHARGE].first.what,
		   "ckrm_lru_del of pfn 0x10 names active_anon node 1 zone 1 (1 pages), but it is on active_anon node 0 zone 1 (1 pages)");
	EXPECT_HAS(a.checks[CHECK_CHARGE].first.fields, "pfn=0x10 nr=1 lru=active_anon node=1 zone=1 cls=0");
	analysis_free(&a);

	/* Totals are per node and zone: node 1's rows are not summed with node 0's. */
	REPLAY(&a, ev_stat_at(MS(1), 1, 0, 0, 1, 5, 0, 0, 5, 0, 0), ev_stat_at(MS(1), 1, 0, 1, 1, 3, 0, 0, 4, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_TOTALS), ST_FAIL);
	EXPECT_INT(a.checks[CHECK_TOTALS].violations, 1);
	EXPECT_HAS(a.checks[CHECK_TOTALS].first.what, "snapshot 1 node 1 zone 1: the 1 classes add up to active=3");
	analysis_free(&a);
}

/* Check 1's tie note counts LRU events of the snapshot row's node and zone only. */
TEST(zones_tie_notes_name_node_and_zone)
{
	struct analysis a;

	REPLAY_CLOCK(&a, "global", ev_create(MS(1), 1, 0, "/a"),
		     on_cpu(ev_add_at(MS(2), 0x10, 1, ACTIVE_ANON, 0, 1, 1), 1),
		     on_cpu(ev_add_at(MS(2), 0x11, 1, ACTIVE_ANON, 1, 1, 1), 1), /* another node: unrelated */
		     ev_stat_at(MS(2), 1, 1, 0, 1, 0, 0, 0, 0, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_FAIL);
	EXPECT_INT(a.checks[CHECK_DRIFT].tie.others, 1);
	EXPECT_HAS(a.checks[CHECK_DRIFT].first.what, "-- note: 1 LRU event of this class and zone on other CPUs");
	analysis_free(&a);
}

/*
 * The kernel's story of a removed class with pages: /a (class 1) has 6
 * pages in node 0 zone 1 at snapshot 1; it is removed, and when its last
 * reference goes, ckrm_class_reparent hands its counts to the root. A page
 * that still carries its id is added and one of its own deleted, both
 * naming class 1: they count for the root. Snapshot 2 lists only the root,
 * with /a's pages in its counts.
 */
#define REPARENT_STORY                                                                                   \
	ev_create(MS(1), 1, 0, "/a"), ev_add(MS(2), 0x10, 4, ACTIVE_ANON, 1, 1),                         \
		ev_add(MS(2), 0x20, 2, INACTIVE_FILE, 1, 1),                                             \
		ev_stat(MS(3), 1, 0, 1, 10, 0, 0, 14, 2, 0), ev_stat(MS(3), 1, 1, 1, 4, 2, 0, 14, 2, 0), \
		ev_destroy(MS(4), 1, 0, "/a"), ev_reparent(MS(5), 1, 0),                                  \
		ev_add(MS(6), 0x30, 1, ACTIVE_ANON, 1, 1), ev_del(MS(7), 0x10, 4, ACTIVE_ANON, 1, 1),     \
		ev_stat(MS(8), 2, 0, 1, 11, 2, 0, 11, 2, 0)

TEST(reparent_merges_counts_into_the_parent)
{
	struct analysis a;

	REPLAY(&a, REPARENT_STORY);
	EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_PASS);
	EXPECT_INT(a.checks[CHECK_DRIFT].violations, 0);
	EXPECT_INT(a.checks[CHECK_DRIFT].checked, 2); /* /a at snapshot 1 (new in the trace), the root at 2 */
	EXPECT_INT(STATUS(&a, CHECK_TOTALS), ST_PASS);
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_PASS);
	EXPECT_INT(cls(&a, 1)->pages, 0);
	EXPECT_INT(cls(&a, 1)->peak, 6);
	EXPECT(cls(&a, 1)->reparented);
	EXPECT_INT(cls(&a, 1)->reparent_pages, 6);
	EXPECT_INT(cls(&a, 0)->pages, 13);
	EXPECT_INT(a.replay.reparents, 1);
	EXPECT_INT(a.replay.forwarded, 2);
	EXPECT_HAS(a.checks[CHECK_DRIFT].detail, "1 classes reparented, 6 known pages handed to a parent");
	/* No ckrm_page_class: the LRU events' owners are unknown, the owner check judges nothing. */
	EXPECT_INT(STATUS(&a, CHECK_OWNER), ST_UNVERIFIABLE);
	EXPECT_INT(analysis_exit_code(&a), 3);
	analysis_free(&a);
}

/*
 * Chains: /a/b (2) is reparented to /a (1), then /a to the root; or the
 * other way round, /a first, so that /a/b's parent is gone already when
 * /a/b goes. Either way, from then on class 2's counts and the events that
 * name it are the root's.
 */
TEST(reparent_chains_to_the_nearest_live_ancestor)
{
	const struct ckrm_event start[] = {
		ev_create(MS(1), 1, 0, "/a"), ev_create(MS(1), 2, 1, "/a/b"),
		ev_add(MS(2), 0x10, 3, ACTIVE_ANON, 1, 2), ev_add(MS(2), 0x20, 5, ACTIVE_FILE, 1, 1),
		ev_stat(MS(3), 1, 0, 1, 2, 0, 0, 10, 0, 0), ev_stat(MS(3), 1, 1, 1, 5, 0, 0, 10, 0, 0),
		ev_stat(MS(3), 1, 2, 1, 3, 0, 0, 10, 0, 0),
	};
	const struct ckrm_event orders[2][2] = {
		{ ev_reparent(MS(5), 2, 1), ev_reparent(MS(6), 1, 0) },
		{ ev_reparent(MS(5), 1, 0), ev_reparent(MS(6), 2, 1) },
	};
	const struct ckrm_event end[] = {
		ev_add(MS(7), 0x30, 1, ACTIVE_ANON, 1, 2), /* names /a/b: the root's */
		ev_del(MS(8), 0x10, 3, ACTIVE_ANON, 1, 2), /* /a/b's own page */
		ev_del(MS(8), 0x20, 5, ACTIVE_FILE, 1, 0), /* /a's page, named by the root */
		ev_stat(MS(9), 2, 0, 1, 3, 0, 0, 3, 0, 0),
	};
	int o;

	for (o = 0; o < 2; o++) {
		struct ckrm_event evs[16];
		struct analysis a;
		size_t n = 0, i;

		for (i = 0; i < sizeof(start) / sizeof(start[0]); i++)
			evs[n++] = start[i];
		evs[n++] = orders[o][0];
		evs[n++] = orders[o][1];
		for (i = 0; i < sizeof(end) / sizeof(end[0]); i++)
			evs[n++] = end[i];
		replay(&a, evs, n);
		printf("# order %d: %s\n", o, a.checks[CHECK_DRIFT].reason);
		EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_PASS);
		EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_PASS);
		EXPECT_INT(a.checks[CHECK_CHARGE].checked, 2); /* the deletions: each add is a page's first event */
		EXPECT_INT(classes_resolve(&a.classes, classes_find(&a.classes, 2)), classes_find(&a.classes, 0));
		EXPECT_INT(classes_resolve(&a.classes, classes_find(&a.classes, 1)), classes_find(&a.classes, 0));
		EXPECT_INT(cls(&a, 2)->pages, 0);
		EXPECT_INT(cls(&a, 1)->pages, 0);
		EXPECT_INT(cls(&a, 0)->pages, 3);
		/* /a/b hands over its 3 pages, /a its 5 and, if /a/b went first, those 3. */
		EXPECT_INT(cls(&a, 2)->reparent_pages, 3);
		EXPECT_INT(cls(&a, 1)->reparent_pages, o == 0 ? 8 : 5);
		analysis_free(&a);
	}
}

/*
 * An LRU event may name the reparented class after the event (pages that
 * still carry its id): check 2 takes it as the page's charge, whichever of
 * the two ids the page went on with; another class is still wrong.
 */
TEST(reparent_lru_del_names_the_reparented_class)
{
	struct analysis a;

	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_create(MS(1), 3, 0, "/c"),
	       ev_add(MS(2), 0x10, 1, ACTIVE_ANON, 1, 1), ev_add(MS(2), 0x20, 1, ACTIVE_ANON, 1, 1),
	       ev_add(MS(2), 0x40, 1, ACTIVE_ANON, 1, 1),
	       ev_reparent(MS(3), 1, 0),
	       ev_add(MS(4), 0x30, 1, ACTIVE_ANON, 1, 0),
	       ev_del(MS(5), 0x10, 1, ACTIVE_ANON, 1, 1),   /* on with /a, off naming /a */
	       ev_del(MS(5), 0x20, 1, ACTIVE_ANON, 1, 0),   /* on with /a, off naming the root */
	       ev_del(MS(5), 0x30, 1, ACTIVE_ANON, 1, 1),   /* on with the root, off naming /a */
	       ev_adjust(MS(6), 0x40, 1, ACTIVE_ANON, 1, 1, 0)); /* the kernel moving /a's list to the root */
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_PASS);
	EXPECT_INT(a.checks[CHECK_CHARGE].checked, 4); /* not the four adds of pages first seen */
	EXPECT_INT(a.checks[CHECK_CHARGE].violations, 0);
	analysis_free(&a);

	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_create(MS(1), 3, 0, "/c"),
	       ev_add(MS(2), 0x10, 1, ACTIVE_ANON, 1, 1), ev_reparent(MS(3), 1, 0),
	       ev_del(MS(5), 0x10, 1, ACTIVE_ANON, 1, 3));
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_CHARGE].first.what,
		   "pfn 0x10 deleted from class /c, but it is charged to class /a (reparented to /)");
	analysis_free(&a);
}

/* Ownership is not forwarded: the removed class's id stays the page's owner. */
TEST(reparent_does_not_alias_ownership)
{
	struct analysis a;

	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_page(MS(2), 0x10, 1, -1, 1, PR_CHARGE),
	       ev_page(MS(2), 0x20, 1, -1, 1, PR_CHARGE), ev_reparent(MS(3), 1, 0),
	       ev_page(MS(4), 0x10, 1, 1, -1, PR_UNCHARGE));
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_PASS);
	analysis_free(&a);

	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_page(MS(2), 0x20, 1, -1, 1, PR_CHARGE), ev_reparent(MS(3), 1, 0),
	       ev_page(MS(4), 0x20, 1, 0, -1, PR_UNCHARGE));
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_CHARGE].first.what, "ckrm_page_class moves pfn 0x20 from class /, but it belongs to class /a");
	analysis_free(&a);
}

/* What the contract rules out, each a violation of check 1. */
TEST(reparent_violations)
{
	struct analysis a;

	/* A snapshot after the event lists the class. */
	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_add(MS(2), 0x10, 1, ACTIVE_ANON, 1, 1),
	       ev_reparent(MS(3), 1, 0), ev_stat(MS(4), 1, 1, 1, 1, 0, 0, 1, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_DRIFT].first.what,
		   "snapshot 1 lists class /a (reparented to /) in node 0 zone 1, but it was reparented at 0.003000");
	EXPECT_INT(a.snapshots.reparented_rows, 1);
	analysis_free(&a);

	/* Twice; to itself; into a cycle. */
	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_create(MS(1), 2, 1, "/a/b"), ev_reparent(MS(3), 1, 0),
	       ev_reparent(MS(4), 1, 0), ev_reparent(MS(5), 2, 2));
	EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_FAIL);
	EXPECT_INT(a.checks[CHECK_DRIFT].violations, 2);
	EXPECT_HAS(a.checks[CHECK_DRIFT].first.what, "class /a reparented again (to /), after its reparenting at 0.003000");
	EXPECT_INT(a.replay.reparents, 1);
	analysis_free(&a);
	REPLAY(&a, ev_create(MS(1), 1, 0, "/a"), ev_create(MS(1), 2, 1, "/a/b"), ev_reparent(MS(3), 1, 2),
	       ev_reparent(MS(4), 2, 1));
	EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_FAIL);
	EXPECT_HAS(a.checks[CHECK_DRIFT].first.what,
		   "class /a/b reparented to /a (reparented to /a/b), whose counts are its own: no class would hold them");
	analysis_free(&a);
}

/* An id given to a new class after the old one's pages are gone: a class of its own. */
TEST(reparent_id_reused_is_a_new_class)
{
	struct analysis a;

	REPLAY(&a, ev_create(MS(1), 1, 0, "/old"), ev_add(MS(2), 0x10, 2, ACTIVE_ANON, 1, 1),
	       ev_reparent(MS(3), 1, 0), ev_del(MS(4), 0x10, 2, ACTIVE_ANON, 1, 1),
	       ev_create(MS(5), 1, 0, "/new"), ev_add(MS(6), 0x20, 3, ACTIVE_ANON, 1, 1),
	       ev_stat(MS(7), 1, 1, 1, 3, 0, 0, 3, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_PASS);
	EXPECT_INT(STATUS(&a, CHECK_CHARGE), ST_PASS);
	EXPECT_INT(cls(&a, 1)->pages, 3);
	EXPECT(!cls(&a, 1)->reparented);
	analysis_free(&a);
}

/*
 * A class from before the trace whose counts in a zone are unknown makes
 * its parent's unknown there: the next snapshot starts the parent again,
 * and nothing is compared against a guess.
 */
TEST(reparent_of_unknown_counts_makes_the_parent_unknown)
{
	struct analysis a;

	REPLAY(&a, ev_stat(MS(1), 1, 0, 1, 10, 0, 0, 10, 0, 0),
	       ev_add(MS(2), 0x10, 4, ACTIVE_ANON, 1, 5), /* class 5: from before the trace, not in the snapshot */
	       ev_reparent(MS(3), 5, 0),
	       ev_stat(MS(4), 2, 0, 1, 14, 0, 0, 14, 0, 0), ev_add(MS(5), 0x20, 1, ACTIVE_ANON, 1, 0),
	       ev_stat(MS(6), 3, 0, 1, 15, 0, 0, 15, 0, 0));
	EXPECT_INT(STATUS(&a, CHECK_DRIFT), ST_PASS);
	EXPECT_INT(a.snapshots.initialized, 2);
	EXPECT_INT(a.snapshots.comparisons, 1);
	EXPECT_INT(cls(&a, 0)->pages, 15);
	analysis_free(&a);
}

static char *report_of(const struct analysis *a, int (*report)(FILE *, const struct analysis *))
{
	FILE *f = tmpfile();
	char *buf;
	long n;

	if (!f || report(f, a))
		abort();
	fflush(f);
	n = ftell(f);
	rewind(f);
	buf = calloc(1, (size_t)n + 1);
	if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n)
		abort();
	fclose(f);
	return buf;
}

/* The reports name the reparenting; JSON carries it, each class's zones by node and zone, and pids. */
TEST(reparent_in_the_reports)
{
	struct analysis a;
	char buf[256];
	char *out;
	struct ckrm_event e = ev_reparent(MS(5), 1, 0);

	format_event_fields(&e, buf, sizeof(buf));
	EXPECT(!strcmp(buf, "cls=1 parent=0"));
	REPLAY(&a, REPARENT_STORY, ev_create(MS(9), 2, 0, "/b"), ev_add_at(MS(9), 0x50, 2, UNEVICTABLE, 1, 2, 2),
	       ev_add(MS(9), 0x60, 1, ACTIVE_FILE, 1, 2), ev_mm(MS(10), 812, 0, 2, 5, 3));
	EXPECT_INT(a.kind_count[CK_CLASS_REPARENT], 1);

	out = report_of(&a, report_text);
	EXPECT_HAS(out, "ckrm_class_reparent 1\n");
	EXPECT_HAS(out, "  reparented: 1 removed classes, their LRU charges and counts their parent's from then on\n"
			"    /a (id 1) to / at 0.005000, 6 known pages with it\n");
	EXPECT_HAS(out, "      0.010000 CPU 0 pid 812 / -> /b: walked 5, moved 3\n");
	free(out);

	out = report_of(&a, report_json);
	EXPECT_HAS(out, "\"schema_version\": 3,");
	EXPECT_HAS(out, "\"ckrm_class_reparent\": 1");
	EXPECT_HAS(out, "\"reparented_ns\": 5000000,\n      \"reparented_to\": {\n        \"id\": 0,");
	/* The root's known zone: node 0 zone 1, /a's pages in it. */
	EXPECT_HAS(out, "\"id\": 0,\n      \"path\": \"/\",");
	EXPECT_HAS(out, "\"zones\": [\n        {\n          \"node\": 0,\n          \"zone\": 1,\n"
			"          \"active\": 11,\n          \"inactive\": 2,\n          \"unevictable\": 0\n        }\n      ]");
	/* /b's, by node and zone: node 0 zone 1 before node 1 zone 2. */
	EXPECT_HAS(out, "\"zones\": [\n        {\n          \"node\": 0,\n          \"zone\": 1,\n"
			"          \"active\": 1,\n          \"inactive\": 0,\n          \"unevictable\": 0\n        },\n"
			"        {\n          \"node\": 1,\n          \"zone\": 2,\n          \"active\": 0,\n"
			"          \"inactive\": 0,\n          \"unevictable\": 2\n        }\n      ]");
	EXPECT_HAS(out, "\"pid\": 812,");
	EXPECT(!strstr(out, "\"mm\""));
	free(out);
	analysis_free(&a);
}
