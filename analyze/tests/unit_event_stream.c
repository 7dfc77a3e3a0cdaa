// SPDX-License-Identifier: GPL-2.0
/*
 * The event fuzzer's encoding (src/event_stream.h): it gives the analysis
 * exactly the events encoded, the unit tests' sequences become its seeds,
 * and the inputs it once crashed on are replayed here.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>

#include "event_stream.h"
#include "report.h"
#include "unit.h"
#include "unit_events.h"

#define MAX_SEQ 64

static uint8_t *encode(const char *clock, const struct ckrm_event *evs, size_t n, size_t *len, size_t *ends)
{
	uint8_t *buf = malloc(EVENT_STREAM_HEADER + n * EVENT_STREAM_MAX_EVENT);
	int nr_cpus = 1;
	size_t i, at;

	if (!buf)
		abort();
	for (i = 0; i < n; i++)
		if (evs[i].cpu + 1 > nr_cpus)
			nr_cpus = evs[i].cpu + 1;
	at = event_stream_encode_header(clock, nr_cpus, buf);
	for (i = 0; i < n; i++) {
		at += event_stream_encode_event(&evs[i], buf + at);
		if (ends)
			ends[i] = at;
	}
	*len = at;
	return buf;
}

void unit_seed(const char *clock, const struct ckrm_event *evs, size_t n)
{
	static int seeds;
	const char *dir = getenv("UNIT_SEEDS");
	char path[512];
	uint8_t *buf;
	size_t len;
	FILE *f;

	if (!dir || !n)
		return;
	buf = encode(clock, evs, n, &len, NULL);
	snprintf(path, sizeof(path), "%s/seed-%03d.bin", dir, seeds++);
	f = fopen(path, "wb");
	if (f) {
		fwrite(buf, 1, len, f);
		fclose(f);
	}
	free(buf);
}

/* Every kind, negative and 64-bit values, arrays, strings, two CPUs. */
static size_t every_kind(struct ckrm_event *evs)
{
	size_t n = 0;

	evs[n++] = ev_create(10, 1, 0, "/gold");
	evs[n++] = ev_shares(11, 1, "mem", 40, -2);
	evs[n++] = on_cpu(ev_add(12, 0x10, 4, 1, 0, 1), 1);
	evs[n++] = ev_add(13, 0xffffffffff000ull, 1, 2, 1, 1);
	evs[n++] = ev_stat(14, 1, 1, 0, 4, 0, 0, 4, 0, 0);
	evs[n++] = ev_stat(15, 2, 1, 0, 3, 0, 0, 4, 0, 0); /* drift: 4 replayed, 3 in the kernel */
	evs[n++] = ev_select(16, 7, 1, 4, 2, 1, true, false);
	evs[n++] = ev_reclaim(17, 7, 1, 4, 2, false);
	evs[n++] = ev_del(18, 0x10, 4, 1, 0, 1);
	evs[n++] = ev_page(19, 0x20, 2, -1, 1, PR_CHARGE);
	evs[n++] = ev_rmap(20, 0x20, 1, 0, PR_RMAP_ADD, 2, CLS(0, 1), SHARE(9, 1ull << 40));
	evs[n++] = ev_mm(21, 4242, 0, 1, 8, 2);
	evs[n++] = ev_classify(22, CE_MANUAL, 5, "sh", 0, 1, CH_MANUAL);
	evs[n++] = ev_destroy(23, 1, 0, "/gold");
	evs[n++] = on_cpu(ev_add_at(24, 0x30, 2, 4, 1, 2, 1), 1); /* node 1 */
	evs[n++] = ev_reparent(25, 1, 0);
	evs[n++] = ev_del_at(26, 0x30, 2, 4, 1, 2, 1); /* names the reparented class */
	evs[n++] = ev_stat_at(27, 3, 0, 1, 2, 0, 0, 2, 0, 0, 2);
	return n;
}

static void replay_defined(struct analysis *a, const char *clock, const struct ckrm_event *evs, size_t n)
{
	size_t i;

	analysis_init(a);
	analysis_set_clock(a, clock);
	for (i = 0; i < CK_NR_KINDS; i++)
		a->kind_defined[i] = true;
	for (i = 0; i < n; i++)
		analysis_feed(a, &evs[i]);
	analysis_finish(a);
}

TEST(event_stream_gives_the_analysis_the_events_encoded)
{
	struct ckrm_event evs[MAX_SEQ];
	struct analysis direct, streamed;
	size_t n = every_kind(evs), len;
	uint8_t *buf = encode("counter", evs, n, &len, NULL);
	int i;

	replay_defined(&direct, "counter", evs, n);
	EXPECT_INT(event_stream_run(buf, len, &streamed), n);
	for (i = 0; i < CK_NR_KINDS; i++)
		EXPECT_INT(streamed.kind_count[i], direct.kind_count[i]);
	EXPECT_INT(streamed.last_ts, 27);
	EXPECT_INT(streamed.kind_count[CK_CLASS_REPARENT], 1);
	EXPECT_INT(streamed.replay.reparents, 1);
	EXPECT_INT(streamed.replay.nr_zones, 3);
	EXPECT(streamed.trace.clock_orders_cpus);
	EXPECT_INT(streamed.trace.records_per_cpu[1], 2);
	for (i = 0; i < NR_CHECKS; i++) {
		EXPECT_INT(streamed.checks[i].status, direct.checks[i].status);
		EXPECT_INT(streamed.checks[i].checked, direct.checks[i].checked);
		EXPECT_INT(streamed.checks[i].violations, direct.checks[i].violations);
		EXPECT(!strcmp(streamed.checks[i].reason, direct.checks[i].reason));
		EXPECT(!strcmp(streamed.checks[i].detail, direct.checks[i].detail));
	}
	EXPECT_INT(streamed.checks[CHECK_DRIFT].violations, 1);
	EXPECT_INT(streamed.classes.n, direct.classes.n);
	EXPECT_INT(streamed.timeline.moves, direct.timeline.moves);
	analysis_free(&direct);
	analysis_free(&streamed);
	free(buf);
}

/* A stream cut anywhere gives the whole events before the cut, nothing more. */
TEST(event_stream_cut_anywhere_drops_only_the_cut_event)
{
	struct ckrm_event evs[MAX_SEQ];
	size_t ends[MAX_SEQ];
	size_t n = every_kind(evs), len, cut, whole;
	uint8_t *buf = encode(NULL, evs, n, &len, ends);
	bool ok = true;

	for (cut = 0; cut <= len; cut++) {
		struct analysis a;
		uint8_t *copy = malloc(cut ? cut : 1); /* exact size: ASan sees a read past the cut */

		memcpy(copy, buf, cut);
		for (whole = 0; whole < n && ends[whole] <= cut; whole++)
			;
		if (event_stream_run(copy, cut, &a) != whole && ok) {
			ok = false;
			EXPECT_INT(a.ckrm_events, whole);
		}
		analysis_free(&a);
		free(copy);
	}
	EXPECT(ok);
	free(buf);
}

static size_t replay_file(const char *path, FILE *out, int *exit_code)
{
	struct analysis a;
	uint8_t *data;
	long size;
	size_t fed = 0;
	FILE *f = fopen(path, "rb");

	*exit_code = -1;
	if (!f)
		return 0;
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	rewind(f);
	data = malloc(size > 0 ? (size_t)size : 1);
	if (size >= 0 && fread(data, 1, (size_t)size, f) == (size_t)size) {
		fed = event_stream_run(data, (size_t)size, &a);
		if (fed && !report_text(out, &a) && !report_json(out, &a) && !report_csv(out, &a))
			*exit_code = analysis_exit_code(&a);
		analysis_free(&a);
	}
	free(data);
	fclose(f);
	return fed;
}

/*
 * Each input the event fuzzer crashed on (make test keeps them in
 * tests/data/fuzz-events/) runs through the analysis and every report.
 */
TEST(fuzz_regressions_replay)
{
	const char *dir = getenv("UNIT_FUZZ_REGRESSIONS");
	char path[1024];
	struct dirent *d;
	int files = 0, exit_code;
	FILE *out = fopen("/dev/null", "w");
	DIR *dp;

	if (!EXPECT(dir != NULL) || !EXPECT(out != NULL))
		return;
	dp = opendir(dir);
	if (!EXPECT(dp != NULL)) {
		fclose(out);
		return;
	}
	while ((d = readdir(dp))) {
		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, d->d_name);
		files++;
		printf("# replaying %s\n", path);
		fflush(stdout);
		if (replay_file(path, out, &exit_code))
			EXPECT(exit_code == 0 || exit_code == 1 || exit_code == 3);
	}
	closedir(dp);
	fclose(out);
	EXPECT(files > 0);
}
