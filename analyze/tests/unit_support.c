// SPDX-License-Identifier: GPL-2.0
/* The building blocks: hash map, stored statistics, series, loss text, JSON, reports. */
#include <stdio.h>
#include <stdlib.h>

#include "contract.h"
#include "cpustats.h"
#include "json.h"
#include "report.h"
#include "series.h"
#include "u64map.h"
#include "unit.h"
#include "unit_events.h"

TEST(u64map_matches_a_reference_under_churn)
{
	enum { KEYS = 4096 };
	static bool present[KEYS];
	static uint32_t value[KEYS];
	struct u64map m;
	uint32_t seed = 1, i;
	bool ok = true;

	memset(present, 0, sizeof(present));
	u64map_init(&m, sizeof(uint32_t));
	for (i = 0; i < 200000; i++) {
		uint32_t k, *v;

		seed = seed * 1103515245u + 12345u;
		k = (seed >> 8) % KEYS;
		if ((seed >> 4) & 1) {
			v = u64map_put(&m, k * 4096ull, NULL); /* page-frame-like keys */
			*v = value[k] = i;
			present[k] = true;
		} else {
			ok &= u64map_del(&m, k * 4096ull) == present[k];
			present[k] = false;
		}
	}
	for (i = 0; i < KEYS; i++) {
		uint32_t *v = u64map_get(&m, i * 4096ull);

		ok &= present[i] ? (v && *v == value[i]) : !v;
	}
	EXPECT(ok);
	u64map_free(&m);
}

TEST(cpustats_parse_as_trace_cmd_stores_them)
{
	const char *text = "CPU: 0\nentries: 0\noverrun: 0\ncommit overrun: 0\nbytes: 0\n"
			   "oldest event ts:   110.484303\nnow ts:   112.296951\ndropped events: 0\n"
			   "read events: 41017\n\nCPU: 1\nentries: 273843\noverrun: 12\ncommit overrun: 3\n"
			   "dropped events: 4\nread events: 28170\n";
	struct cpu_stat s[3];

	EXPECT_INT(cpustats_parse(text, s, 3), 2);
	EXPECT(s[0].present && s[0].has_read && s[0].read == 41017 && s[0].entries == 0);
	EXPECT(s[1].entries == 273843 && s[1].overrun == 12 && s[1].commit_overrun == 3 && s[1].dropped == 4);
	EXPECT(!s[2].present);
	EXPECT_INT(cpustats_parse("garbage\nCPU: x\nentries: 5\nCPU: 99\n", s, 3), 0);
	EXPECT_INT(cpustats_parse(NULL, s, 3), 0);
}

TEST(series_stays_bounded_and_keeps_both_ends)
{
	struct series s;
	uint64_t t;

	memset(&s, 0, sizeof(s));
	for (t = 1; t <= 200000; t++)
		series_note(&s, t * 1000, (int64_t)(t % 97), -1, -1);
	series_end(&s, 300000000);
	EXPECT(s.n <= SERIES_MAX + 1);
	EXPECT_INT(s.pts[0].ts, 1000);
	EXPECT_INT(s.pts[s.n - 1].ts, 300000000);
	EXPECT_INT(s.pts[s.n - 1].pages, 200000 % 97);
	series_free(&s);
}

TEST(loss_description)
{
	struct losses l;
	char buf[512];

	losses_init(&l);
	losses_note(&l, 0, LOSS_ENTRIES_LEFT, 273843, 5);
	losses_note(&l, 2, LOSS_OVERRUN, 10, 0);
	losses_note(&l, 2, LOSS_MISSED_IN_DATA, -1, 0);
	losses_describe(&l, buf, sizeof(buf));
	EXPECT_HAS(buf, "273843 events lost on CPU 0 (left in the ring buffer: 273843)");
	EXPECT_HAS(buf, "10 or more events lost on CPU 2 (overrun: 10, lost-events marker in the data)");
	EXPECT_INT(l.taint_ts, 0);
	EXPECT_INT(losses_total_known(&l), 273853);
	losses_free(&l);
}

static char *read_all(FILE *f)
{
	long n;
	char *buf;

	fflush(f);
	n = ftell(f);
	rewind(f);
	buf = calloc(1, (size_t)n + 1);
	if (fread(buf, 1, (size_t)n, f) != (size_t)n)
		buf[0] = '\0';
	return buf;
}

TEST(json_escapes_what_the_trace_may_hold)
{
	FILE *f = tmpfile();
	struct json j;
	char *out;

	json_init(&j, f);
	json_object_begin(&j, NULL);
	json_string(&j, "s", "a\"b\\c\n\x01\xff\x7f");
	json_array_begin(&j, "empty");
	json_array_end(&j);
	json_object_end(&j);
	json_free(&j);
	out = read_all(f);
	EXPECT_HAS(out, "\"s\": \"a\\\"b\\\\c\\n\\u0001\\u00ff\\u007f\"");
	EXPECT_HAS(out, "\"empty\": []");
	free(out);
	fclose(f);
}

TEST(event_fields_print_like_trace_cmd)
{
	struct ckrm_event e = ev_add(1, 0x1234, 2, 3, 1, 5);
	struct ckrm_event c = ev_classify(1, CE_EXEC, 9, "probe", 0, 3, CH_ENGINE);
	char buf[256];

	format_event_fields(&e, buf, sizeof(buf));
	EXPECT(!strcmp(buf, "pfn=0x1234 nr=2 lru=active_file node=0 zone=1 cls=5"));
	format_event_fields(&c, buf, sizeof(buf));
	EXPECT(!strcmp(buf, "event=exec pid=9 comm=probe uid=0 from=0 to=3 how=engine"));
}

/* A full synthetic analysis through every report: no crash, sane output. */
TEST(reports_of_a_synthetic_memory_trace)
{
	struct analysis a;
	FILE *f;
	char *out;
	const char *dir = getenv("UNIT_OUT");
	char err[256], path[512];

	REPLAY(&a, ev_create(MS(1), 1, 0, "/a,\"b\""), ev_add(MS(2), 0x10, 4, 1, 0, 1),
	       ev_stat(MS(3), 1, 1, 0, 4, 0, 0, 4, 0, 0), ev_select(MS(4), 1, 1, 4, 2, 1, true, false),
	       ev_reclaim(MS(5), 1, 1, 4, 2, false), ev_del(MS(5), 0x10, 4, 1, 0, 1),
	       ev_add(MS(5), 0x10, 2, 1, 0, 1), ev_page(MS(6), 0x10, 2, -1, 1, PR_CHARGE),
	       ev_rmap(MS(6), 0x10, 1, 0, PR_RMAP_ADD, 2, CLS(0, 1), SHARE(9, 4)), ev_mm(MS(7), 812, 0, 1, 8, 2),
	       ev_classify(MS(8), CE_MANUAL, 5, "sh", 0, 1, CH_MANUAL));
	f = tmpfile();
	EXPECT_INT(report_text(f, &a), 0);
	out = read_all(f);
	EXPECT_HAS(out, "5 attribution  pass (1 rmap decisions checked against their candidates: 1 rmap_add, 0 rmap_remove");
	EXPECT_HAS(out, "pass 1 at 0.004000 CPU 0 node 0 priority 12");
	free(out);
	fclose(f);

	f = tmpfile();
	EXPECT_INT(report_csv(f, &a), 0);
	out = read_all(f);
	EXPECT_HAS(out, "time_s,class_id,class_path,pages\n0.001000,1,\"/a,\"\"b\"\"\",0\n0.002000,1,");
	free(out);
	fclose(f);

	/* The JSON goes where tests/run validates it with a real parser. */
	if (dir) {
		snprintf(path, sizeof(path), "%s/synthetic.json", dir);
		f = fopen(path, "w");
	} else {
		f = tmpfile();
	}
	EXPECT(f != NULL);
	if (f) {
		EXPECT_INT(report_json(f, &a), 0);
		fclose(f);
	}
	if (dir) {
		snprintf(path, sizeof(path), "%s/synthetic-plot", dir);
		EXPECT_INT(plot_write(path, &a, err, sizeof(err)), 0);
	}
	analysis_free(&a);
}

TEST(time_format_seconds_or_event_numbers)
{
	char buf[32];

	format_time(1234567890, TS_NANOSECONDS, buf, sizeof(buf));
	EXPECT(!strcmp(buf, "1.234568"));
	format_time(499, TS_NANOSECONDS, buf, sizeof(buf));
	EXPECT(!strcmp(buf, "0.000000"));
	format_time(15940238000ull, TS_NANOSECONDS, buf, sizeof(buf));
	EXPECT(!strcmp(buf, "15.940238"));
	format_time(123456, TS_EVENTS, buf, sizeof(buf));
	EXPECT(!strcmp(buf, "#123456"));
	format_time(0, TS_EVENTS, buf, sizeof(buf));
	EXPECT(!strcmp(buf, "#0"));
	format_time(UINT64_MAX, TS_EVENTS, buf, sizeof(buf));
	EXPECT(!strcmp(buf, "#18446744073709551615"));
}

TEST(clock_names_what_timestamps_count)
{
	struct analysis a;

	analysis_init(&a);
	EXPECT(!a.trace.clock_known && !a.trace.clock_orders_cpus && a.trace.ts_unit == TS_NANOSECONDS);
	analysis_set_clock(&a, "counter");
	EXPECT(a.trace.clock_known && a.trace.clock_orders_cpus && a.trace.ts_unit == TS_EVENTS);
	EXPECT(!strcmp(a.trace.clock, "counter"));
	analysis_set_clock(&a, "global");
	EXPECT(a.trace.clock_known && !a.trace.clock_orders_cpus && a.trace.ts_unit == TS_NANOSECONDS);
	analysis_set_clock(&a, "counterfeit");
	EXPECT(!a.trace.clock_orders_cpus);
	/* A damaged name stays printable and bounded. */
	analysis_set_clock(&a, "x\n\x01y0123456789012345678901234567890123456789");
	EXPECT(!strncmp(a.trace.clock, "x??y0123", 8) && strlen(a.trace.clock) == sizeof(a.trace.clock) - 1);
	analysis_set_clock(&a, NULL);
	EXPECT(!a.trace.clock_known && a.trace.ts_unit == TS_NANOSECONDS);
	analysis_free(&a);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *out;

	if (!f)
		return calloc(1, 1);
	fseek(f, 0, SEEK_END);
	out = read_all(f);
	fclose(f);
	return out;
}

/* Every report of a counter-clock trace gives event numbers, not seconds. */
TEST(reports_with_the_counter_clock)
{
	const struct ckrm_event evs[] = {
		ev_create(10, 1, 0, "/a"), ev_add(11, 0x10, 4, 1, 0, 1), ev_add(12, 0x20, 2, 1, 0, 1),
		ev_del(13, 0x10, 4, 1, 0, 1), ev_add(14, 0x20, 2, 1, 0, 1), /* added twice: check 2 fails at #14 */
		ev_classify(15, CE_MANUAL, 5, "sh", 0, 1, CH_MANUAL),
	};
	const char *dir = getenv("UNIT_OUT");
	char err[256], path[600];
	struct analysis a;
	FILE *f;
	char *out;

	replay_clock(&a, "counter", evs, sizeof(evs) / sizeof(evs[0]));
	f = tmpfile();
	EXPECT_INT(report_text(f, &a), 0);
	out = read_all(f);
	EXPECT_HAS(out, "of them ckrm, from #10 to #15\nclock: counter (timestamps are event numbers across CPUs)\nlost events:");
	EXPECT_HAS(out, "FAIL: 1 violation; first at #14 on CPU 0: pfn 0x20 added");
	EXPECT_HAS(out, "    first offending event: #14 CPU 0 ckrm_lru_add: pfn=0x20");
	EXPECT_HAS(out, "          #15   0 manual");
	EXPECT(!strstr(out, "warning:"));
	EXPECT(!strstr(out, "0.000"));
	free(out);
	fclose(f);

	f = tmpfile();
	EXPECT_INT(report_csv(f, &a), 0);
	out = read_all(f);
	EXPECT_HAS(out, "event,class_id,class_path,pages\n10,1,\"/a\",0\n11,1,\"/a\",4\n12,1,\"/a\",6\n");
	free(out);
	fclose(f);

	f = tmpfile();
	EXPECT_INT(report_json(f, &a), 0);
	out = read_all(f);
	EXPECT_HAS(out, "\"clock\": \"counter\",\n    \"ts_unit\": \"event\",\n    \"clock_orders_cpus\": true,\n"
			"    \"clock_warning\": false,\n    \"cross_cpu_ties\": 0,");
	EXPECT_HAS(out, "\"ts_ns\": 14,\n        \"time\": \"#14\",");
	EXPECT_HAS(out, "\"first_ts_ns\": 10,");
	free(out);
	fclose(f);

	if (dir) {
		snprintf(path, sizeof(path), "%s/counter-plot", dir);
		EXPECT_INT(plot_write(path, &a, err, sizeof(err)), 0);
		snprintf(path, sizeof(path), "%s/counter-plot/ckrm-usage.gp", dir);
		out = slurp(path);
		EXPECT_HAS(out, "set xlabel 'event number (counter clock)'\n");
		EXPECT_HAS(out, "data index 0 using 1:2 with steps lw 2 lc 1 title '/a'\n");
		EXPECT_HAS(out, "set format x '%.0f'\n");
		free(out);
		snprintf(path, sizeof(path), "%s/counter-plot/ckrm-usage.dat", dir);
		out = slurp(path);
		EXPECT_HAS(out, "# columns: event (the counter clock's event number) pages guarantee_pages limit_pages");
		EXPECT_HAS(out, "\n10 0 NaN NaN\n11 4 NaN NaN\n");
		free(out);
	}
	analysis_free(&a);

	/* The global clock: seconds, and a warning (LRU events, CPUs not ordered). */
	replay_clock(&a, "global", evs, sizeof(evs) / sizeof(evs[0]));
	f = tmpfile();
	EXPECT_INT(report_text(f, &a), 0);
	out = read_all(f);
	EXPECT_HAS(out, "from 0.000000 to 0.000000 s\nclock: global (timestamps are nanoseconds; events of two CPUs can share one)\n"
			"warning: the 'global' clock does not order events of different CPUs (0 timestamps here are shared by "
			"ckrm events of two or more CPUs), yet the LRU replay depends on their order: record with -C counter\n");
	free(out);
	fclose(f);
	f = tmpfile();
	EXPECT_INT(report_csv(f, &a), 0);
	out = read_all(f);
	EXPECT_HAS(out, "time_s,class_id,class_path,pages\n0.000000,1,");
	free(out);
	fclose(f);
	f = tmpfile();
	EXPECT_INT(report_json(f, &a), 0);
	out = read_all(f);
	EXPECT_HAS(out, "\"clock\": \"global\",\n    \"ts_unit\": \"ns\",\n    \"clock_orders_cpus\": false,\n"
			"    \"clock_warning\": true,");
	EXPECT_HAS(out, "\"time\": \"0.000000\"");
	free(out);
	fclose(f);
	if (dir) {
		snprintf(path, sizeof(path), "%s/global-plot", dir);
		EXPECT_INT(plot_write(path, &a, err, sizeof(err)), 0);
		snprintf(path, sizeof(path), "%s/global-plot/ckrm-usage.gp", dir);
		out = slurp(path);
		EXPECT_HAS(out, "set xlabel 'trace time (s)'\n");
		free(out);
	}
	analysis_free(&a);

	/* No clock named, no LRU events: the clock line, no warning; JSON clock null. */
	REPLAY(&a, ev_classify(MS(1), CE_MANUAL, 5, "sh", 0, 1, CH_MANUAL));
	f = tmpfile();
	EXPECT_INT(report_text(f, &a), 0);
	out = read_all(f);
	EXPECT_HAS(out, "clock: not named in the trace (timestamps read as nanoseconds");
	EXPECT(!strstr(out, "warning:"));
	free(out);
	fclose(f);
	f = tmpfile();
	EXPECT_INT(report_json(f, &a), 0);
	out = read_all(f);
	EXPECT_HAS(out, "\"clock\": null,");
	free(out);
	fclose(f);
	analysis_free(&a);
	/* ... with LRU events: the warning, for trace-cmd's default clock. */
	REPLAY(&a, ev_add(MS(1), 0x10, 1, 1, 0, 0), on_cpu(ev_del(MS(1), 0x10, 1, 1, 0, 0), 1));
	f = tmpfile();
	EXPECT_INT(report_text(f, &a), 0);
	out = read_all(f);
	EXPECT_HAS(out, "\nwarning: the trace does not name its clock; trace-cmd's default (local) does not order events of "
			"different CPUs (1 timestamps here are shared by ckrm events of two or more CPUs), yet the LRU replay "
			"depends on their order: record with -C counter\n");
	free(out);
	fclose(f);
	analysis_free(&a);
}

/* Valid UTF-8 passes through; each invalid byte is \u00XX; control characters are escaped. */
TEST(json_keeps_utf8_and_escapes_invalid_bytes)
{
	const struct {
		const char *in, *out;
	} cases[] = {
		{ "/caf\xc3\xa9", "\"/caf\xc3\xa9\"" },                  /* 2 bytes */
		{ "\xe2\x82\xac \xf0\x9f\x90\xa7", "\"\xe2\x82\xac \xf0\x9f\x90\xa7\"" }, /* 3 and 4 bytes */
		{ "a\xc3", "\"a\\u00c3\"" },                              /* truncated */
		{ "\xc0\xaf", "\"\\u00c0\\u00af\"" },                      /* overlong '/' */
		{ "\xed\xa0\x80", "\"\\u00ed\\u00a0\\u0080\"" },           /* a surrogate */
		{ "\xf4\x90\x80\x80", "\"\\u00f4\\u0090\\u0080\\u0080\"" }, /* above U+10FFFF */
		{ "\xe2\x82x", "\"\\u00e2\\u0082x\"" },                     /* a bad continuation */
		{ "tab\there\x1f", "\"tab\\there\\u001f\"" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		FILE *f = tmpfile();
		char *out;

		json_write_escaped(f, cases[i].in, strlen(cases[i].in));
		out = read_all(f);
		EXPECT(!strcmp(out, cases[i].out));
		if (strcmp(out, cases[i].out))
			printf("#   case %zu: got %s\n", i, out);
		free(out);
		fclose(f);
	}
}

/* No depth limit: every comma is there however deep (the old writer lost them past 32). */
TEST(json_nests_without_a_limit)
{
	FILE *f = tmpfile();
	struct json j;
	char *out;
	int i, commas = 0;

	json_init(&j, f);
	for (i = 0; i < 100; i++) {
		json_array_begin(&j, NULL);
		json_int(&j, NULL, i);
	}
	for (i = 0; i < 100; i++)
		json_array_end(&j);
	json_free(&j);
	out = read_all(f);
	for (i = 0; out[i]; i++)
		commas += out[i] == ',';
	EXPECT_INT(commas, 99);
	EXPECT_HAS(out, "99\n");
	EXPECT(out[strlen(out) - 2] == ']');
	free(out);
	fclose(f);
}
