// SPDX-License-Identifier: GPL-2.0
/*
 * --class: every change of a class's LRU pages goes to one cause, and the
 * causes add up to the change its snapshots show (explain.c).
 */
#include <stdio.h>
#include <stdlib.h>

#include "report.h"
#include "unit.h"
#include "unit_events.h"

enum { INACTIVE_ANON, ACTIVE_ANON };

static void replay_explain(struct analysis *a, const char *path, const struct ckrm_event *evs, size_t n, bool lossy)
{
	size_t i;

	unit_seed(NULL, evs, n);
	analysis_init(a);
	explain_start(a, path, true);
	if (lossy)
		analysis_loss(a, 0, LOSS_OVERRUN, 5, 0);
	for (i = 0; i < n; i++)
		analysis_feed(a, &evs[i]);
	analysis_finish(a);
}

#define EXPLAIN(a, path, lossy, ...)                                                    \
	do {                                                                            \
		const struct ckrm_event evs_[] = { __VA_ARGS__ };                       \
		replay_explain((a), (path), evs_, sizeof(evs_) / sizeof(evs_[0]), (lossy)); \
	} while (0)

/* The event from task pid on a CPU. */
static struct ckrm_event by(int32_t pid, int cpu, struct ckrm_event e)
{
	e.pid = pid;
	e.cpu = cpu;
	return e;
}

static struct ckrm_event sel(uint64_t ts, uint64_t pass, int32_t cls, uint64_t usage, uint64_t share, bool selected)
{
	return by(31, 0, ev_select(ts, pass, cls, usage, share, 0, selected, false));
}

/* The window's pages of one cause (any other class, any reason). */
static int64_t cause(const struct analysis *a, enum explain_cause c, bool gained)
{
	const struct explain *x = a->explain;
	int64_t t = 0;
	uint32_t i;

	for (i = 0; i < x->nr_buckets; i++) {
		struct xcount w = explain_window(&x->buckets[i]);

		if (x->buckets[i].cause == c)
			t += gained ? w.gained : w.lost;
	}
	return t;
}

static char *text_of(const struct analysis *a)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	report_text(f, a);
	fclose(f);
	return buf;
}

/*
 * Class /a (1) and /b (2). Five pages charged before /a's first snapshot
 * (outside the window); then a rotation, reclaim pass 7 by kswapd (pid
 * 31, moving from CPU 0 to 1) that frees one page and keeps another, pass
 * 8 during which another task frees a page (not reclaim), a task's move
 * to /b, a shared page /a wins (rmap_add), a page charged and then
 * isolated for good. /a: 5 pages, then 3.
 */
#define STORY(last_inactive, zone_inactive)                                                                    \
	ev_create(MS(1), 1, 0, "/a"), ev_create(MS(1), 2, 0, "/b"),                                            \
	ev_page(MS(2), 0x100, 1, -1, 1, PR_CHARGE), ev_add(MS(2), 0x100, 1, INACTIVE_ANON, 0, 1),              \
	ev_page(MS(2), 0x101, 1, -1, 1, PR_CHARGE), ev_add(MS(2), 0x101, 1, INACTIVE_ANON, 0, 1),              \
	ev_page(MS(2), 0x102, 1, -1, 1, PR_CHARGE), ev_add(MS(2), 0x102, 1, INACTIVE_ANON, 0, 1),              \
	ev_page(MS(2), 0x103, 1, -1, 1, PR_CHARGE), ev_add(MS(2), 0x103, 1, INACTIVE_ANON, 0, 1),              \
	ev_page(MS(2), 0x104, 1, -1, 1, PR_CHARGE), ev_add(MS(2), 0x104, 1, INACTIVE_ANON, 0, 1),              \
	ev_stat(MS(3), 1, 0, 0, 0, 0, 0, 0, 5, 0), ev_stat(MS(3), 1, 1, 0, 0, 5, 0, 0, 5, 0),                  \
	ev_stat(MS(3), 1, 2, 0, 0, 0, 0, 0, 5, 0),                                                             \
	by(10, 0, ev_del(MS(4), 0x100, 1, INACTIVE_ANON, 0, 1)), by(10, 0, ev_add(MS(4), 0x100, 1, ACTIVE_ANON, 0, 1)), \
	sel(MS(5), 7, 0, 0, 10, false), sel(MS(5), 7, 1, 5, 2, true), sel(MS(5), 7, 2, 0, 3, false),           \
	by(31, 1, ev_del(MS(5), 0x101, 1, INACTIVE_ANON, 0, 1)), by(31, 1, ev_page(MS(5), 0x101, 1, 1, -1, PR_UNCHARGE)), \
	by(31, 1, ev_del(MS(5), 0x102, 1, INACTIVE_ANON, 0, 1)), by(31, 1, ev_add(MS(5), 0x102, 1, INACTIVE_ANON, 0, 1)), \
	by(31, 1, ev_reclaim(MS(5), 7, 1, 2, 1, false)),                                                       \
	sel(MS(6), 8, 0, 0, 10, false), sel(MS(6), 8, 1, 4, 2, true), sel(MS(6), 8, 2, 0, 3, false),           \
	by(10, 0, ev_del(MS(6), 0x103, 1, INACTIVE_ANON, 0, 1)), by(10, 0, ev_page(MS(6), 0x103, 1, 1, -1, PR_UNCHARGE)), \
	by(31, 0, ev_reclaim(MS(6), 8, 1, 1, 0, false)),                                                       \
	by(10, 0, ev_page(MS(7), 0x104, 1, 1, 2, PR_MIGRATE)),                                                 \
	by(10, 0, ev_adjust(MS(7), 0x104, 1, INACTIVE_ANON, 0, 1, 2)), by(10, 0, ev_mm(MS(7), 10, 1, 2, 3, 1)), \
	ev_page(MS(8), 0x200, 1, -1, 2, PR_CHARGE), ev_add(MS(8), 0x200, 1, INACTIVE_ANON, 0, 2),              \
	ev_rmap(MS(8), 0x200, 2, 1, PR_RMAP_ADD, 2, CLS(1, 2), SHARE(30, 20)),                                 \
	ev_adjust(MS(8), 0x200, 1, INACTIVE_ANON, 0, 2, 1),                                                    \
	ev_page(MS(9), 0x300, 1, -1, 1, PR_CHARGE), ev_add(MS(9), 0x300, 1, INACTIVE_ANON, 0, 1),              \
	by(10, 0, ev_del(MS(9), 0x300, 1, INACTIVE_ANON, 0, 1)),                                               \
	ev_stat(MS(10), 2, 0, 0, 0, 0, 0, 1, zone_inactive, 0),                                                \
	ev_stat(MS(10), 2, 1, 0, 1, last_inactive, 0, 1, zone_inactive, 0),                                    \
	ev_stat(MS(10), 2, 2, 0, 0, 1, 0, 1, zone_inactive, 0)

TEST(explain_every_cause_adds_up_to_the_snapshots)
{
	struct analysis a;
	const struct explain *x;
	char *text;

	EXPLAIN(&a, "/a", false, STORY(2, 3));
	x = a.explain;
	EXPECT(x->found);
	EXPECT_INT(x->status, ST_PASS);
	EXPECT_INT(x->first_pages, 5);
	EXPECT_INT(x->last_pages, 3);
	EXPECT_INT(cause(&a, XC_CHARGE, true), 1);     /* 0x300; the five before the window are not in it */
	EXPECT_INT(cause(&a, XC_MOVE, true), 1);       /* 0x200 from /b, rmap_add */
	EXPECT_INT(cause(&a, XC_RECLAIM, false), 1);   /* 0x101, by kswapd on its second CPU */
	EXPECT_INT(cause(&a, XC_FREED, false), 1);     /* 0x103: another task, during pass 8 */
	EXPECT_INT(cause(&a, XC_MOVE, false), 1);      /* 0x104 to /b */
	EXPECT_INT(cause(&a, XC_LEFT, false), 1);      /* 0x300, never back */
	EXPECT_INT(x->putback_pages, 2);               /* 0x100 rotated, 0x102 kept by the scan */
	EXPECT_INT(x->putback_net, 0);
	EXPECT_INT(x->gained, 2);
	EXPECT_INT(x->lost, 4);
	EXPECT_INT(x->explained, -2);
	EXPECT_INT(x->snapshot_delta, -2);
	EXPECT_INT(x->passes_selected, 2);
	EXPECT_INT(x->passes_lost, 1);
	EXPECT_INT(x->reclaimed, 1);
	EXPECT_INT(x->nr_walks, 1);
	EXPECT_INT(x->walks[0].lost, 1);
	EXPECT_INT(analysis_exit_code(&a), 0);
	text = text_of(&a);
	EXPECT_HAS(text, "explained: +2 -4 = -2, snapshots say -2: exact");
	EXPECT_HAS(text, "pass 7 at 0.005000 CPU 0 node 0 priority 12: over its share by 3 pages (usage 5, share 2");
	EXPECT_HAS(text, "lost 1 LRU pages, ckrm_reclaim reclaimed 1 of 2 scanned");
	EXPECT_HAS(text, "spared: / not selected: within its share");
	EXPECT_HAS(text, "shared page re-attributed from /b (ckrm_page_class rmap_add");
	EXPECT_HAS(text, "candidates: /a 30 pages, /b 20 pages");
	EXPECT_HAS(text, "task moved: owner changed to /b");
	EXPECT_HAS(text, "pid 10 /a -> /b: walked 3, moved 1; its LRU pages -1");
	EXPECT_HAS(text, "explanation: exact (exit 0)");
	free(text);
	analysis_free(&a);
}

/* The kernel's last snapshot has a page the events never added: a mismatch, exit 1. */
TEST(explain_a_page_the_events_do_not_show_is_a_mismatch)
{
	struct analysis a;
	char *text;

	EXPLAIN(&a, "/a", false, STORY(3, 4));
	EXPECT_INT(a.explain->status, ST_FAIL);
	EXPECT_INT(a.explain->explained, -2);
	EXPECT_INT(a.explain->snapshot_delta, -1);
	EXPECT_INT(analysis_exit_code(&a), 1);
	text = text_of(&a);
	EXPECT_HAS(text, "explained: +2 -4 = -2, snapshots say -1: MISMATCH");
	EXPECT_HAS(text, "explanation: FAILED: the causes add up to -2, the snapshots say -1 (+1 pages unexplained) (exit 1)");
	free(text);
	analysis_free(&a);
}

/* Lost events: whatever the sums, the explanation is not verified (exit 3). */
TEST(explain_lost_events_are_unverifiable)
{
	struct analysis a;

	EXPLAIN(&a, "/a", true, STORY(2, 3));
	EXPECT_INT(a.explain->status, ST_UNVERIFIABLE);
	EXPECT_HAS(a.explain->reason, "unverifiable: 5 events lost on CPU 0");
	EXPECT_INT(analysis_exit_code(&a), 3);
	analysis_free(&a);
}

/* One snapshot: no change to compare the causes with. */
TEST(explain_one_snapshot_is_unverifiable)
{
	struct analysis a;

	EXPLAIN(&a, "/a", false, ev_create(MS(1), 1, 0, "/a"), ev_page(MS(2), 0x10, 1, -1, 1, PR_CHARGE),
		ev_add(MS(2), 0x10, 1, INACTIVE_ANON, 0, 1), ev_stat(MS(3), 1, 1, 0, 0, 1, 0, 0, 1, 0));
	EXPECT_INT(a.explain->status, ST_UNVERIFIABLE);
	EXPECT_HAS(a.explain->reason, "one snapshot");
	EXPECT_INT(analysis_exit_code(&a), 3);
	analysis_free(&a);
}

/*
 * A page off the LRU at the first snapshot and put back after it: the
 * put-back pair straddles the window, so it leaves a net of +1.
 */
TEST(explain_put_back_across_a_snapshot_leaves_a_net)
{
	struct analysis a;

	EXPLAIN(&a, "/a", false, ev_create(MS(1), 1, 0, "/a"), ev_page(MS(2), 0x10, 1, -1, 1, PR_CHARGE),
		ev_add(MS(2), 0x10, 1, INACTIVE_ANON, 0, 1), ev_del(MS(3), 0x10, 1, INACTIVE_ANON, 0, 1),
		ev_stat(MS(4), 1, 1, 0, 0, 0, 0, 0, 0, 0), ev_add(MS(5), 0x10, 1, ACTIVE_ANON, 0, 1),
		ev_stat(MS(6), 2, 1, 0, 1, 0, 0, 1, 0, 0));
	EXPECT_INT(a.explain->status, ST_PASS);
	EXPECT_INT(a.explain->putback_net, 1);
	EXPECT_INT(a.explain->explained, 1);
	analysis_free(&a);
}

/* A removed child's pages handed to the class count as reparenting. */
TEST(explain_reparenting_hands_a_child_s_pages_over)
{
	struct analysis a;

	EXPLAIN(&a, "/a", false, ev_create(MS(1), 1, 0, "/a"), ev_create(MS(1), 2, 1, "/a/c"),
		ev_page(MS(2), 0x10, 1, -1, 2, PR_CHARGE), ev_add(MS(2), 0x10, 1, INACTIVE_ANON, 0, 2),
		ev_stat(MS(3), 1, 1, 0, 0, 0, 0, 0, 1, 0), ev_stat(MS(3), 1, 2, 0, 0, 1, 0, 0, 1, 0),
		ev_destroy(MS(4), 2, 1, "/a/c"), ev_reparent(MS(5), 2, 1),
		ev_stat(MS(6), 2, 1, 0, 0, 1, 0, 0, 1, 0));
	EXPECT_INT(a.explain->status, ST_PASS);
	EXPECT_INT(cause(&a, XC_REPARENT_IN, true), 1);
	EXPECT_INT(a.explain->explained, 1);
	analysis_free(&a);
}

/* A path no class of the trace has is not found (ckrm-analyze: exit 2). */
TEST(explain_unknown_class_is_not_found)
{
	struct analysis a;

	EXPLAIN(&a, "/nope", false, ev_create(MS(1), 1, 0, "/a"), ev_stat(MS(3), 1, 1, 0, 0, 0, 0, 0, 0, 0));
	EXPECT(!a.explain->found);
	analysis_free(&a);
}

/*
 * Without pids (the fuzzer's streams) a pass is followed by CPU; a page
 * added with no earlier event, and one that left /b's LRU and came back
 * on /a's (its owner changed while it was off), have causes of their own.
 */
TEST(explain_unseen_additions_off_lru_moves_and_passes_by_cpu)
{
	struct analysis a;
	struct ckrm_event sel9 = ev_select(MS(5), 9, 1, 3, 1, 0, true, false);

	sel9.pid = -1;
	sel9.cpu = 1;
	EXPLAIN(&a, "/a", false, ev_create(MS(1), 1, 0, "/a"), ev_create(MS(1), 2, 0, "/b"),
		ev_page(MS(2), 0x60, 1, -1, 2, PR_CHARGE), ev_add(MS(2), 0x60, 1, INACTIVE_ANON, 0, 2),
		ev_page(MS(2), 0x70, 1, -1, 1, PR_CHARGE), ev_add(MS(2), 0x70, 1, INACTIVE_ANON, 0, 1),
		ev_stat(MS(3), 1, 1, 0, 0, 1, 0, 0, 2, 0), ev_stat(MS(3), 1, 2, 0, 0, 1, 0, 0, 2, 0),
		ev_add(MS(4), 0x50, 1, INACTIVE_ANON, 0, 1),
		ev_del(MS(4), 0x60, 1, INACTIVE_ANON, 0, 2), ev_page(MS(4), 0x60, 1, 2, 1, PR_MIGRATE),
		ev_add(MS(4), 0x60, 1, INACTIVE_ANON, 0, 1), sel9,
		by(-1, 1, ev_del(MS(5), 0x70, 1, INACTIVE_ANON, 0, 1)), by(-1, 1, ev_page(MS(5), 0x70, 1, 1, -1, PR_UNCHARGE)),
		by(-1, 1, ev_reclaim(MS(5), 9, 1, 1, 1, false)),
		ev_stat(MS(6), 2, 1, 0, 0, 2, 0, 0, 2, 0), ev_stat(MS(6), 2, 2, 0, 0, 0, 0, 0, 2, 0));
	EXPECT_INT(a.explain->status, ST_PASS);
	EXPECT_INT(cause(&a, XC_UNSEEN_ADD, true), 1);
	EXPECT_INT(cause(&a, XC_OFFLRU_MOVE, true), 1);
	EXPECT_INT(cause(&a, XC_RECLAIM, false), 1);
	EXPECT_INT(a.explain->explained, 1);
	EXPECT_INT(a.explain->snapshot_delta, 1);
	EXPECT_INT(analysis_exit_code(&a), 0);
	analysis_free(&a);
}
