// SPDX-License-Identifier: GPL-2.0
/*
 * --csv: per-class LRU pages over time, one row per sample, in time order:
 * time_s,class_id,class_path,pages, or event,class_id,class_path,pages with
 * the counter clock (its timestamps are event numbers, printed as plain
 * integers). Samples are the class's usage after a change, at most
 * SERIES_MAX per class (series.h), plus one at the end.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "report.h"
#include "xalloc.h"

struct row {
	uint64_t ts;
	uint32_t class_index, point;
};

static int by_time(const void *x, const void *y)
{
	const struct row *a = x, *b = y;

	if (a->ts != b->ts)
		return a->ts < b->ts ? -1 : 1;
	if (a->class_index != b->class_index)
		return a->class_index < b->class_index ? -1 : 1;
	return a->point < b->point ? -1 : a->point > b->point;
}

/* RFC 4180: quoted, with quotes doubled. */
static void csv_text(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

int report_csv(FILE *out, const struct analysis *a)
{
	bool events = a->trace.ts_unit == TS_EVENTS;
	struct row *rows;
	size_t n = 0, i;
	uint32_t c, p;

	for (c = 0; c < a->classes.n; c++)
		n += a->classes.recs[c].series.n;
	rows = xcalloc(n, sizeof(*rows));
	n = 0;
	for (c = 0; c < a->classes.n; c++)
		for (p = 0; p < a->classes.recs[c].series.n; p++)
			rows[n++] = (struct row){ a->classes.recs[c].series.pts[p].ts, c, p };
	qsort(rows, n, sizeof(*rows), by_time);

	fprintf(out, "%s,class_id,class_path,pages\n", events ? "event" : "time_s");
	for (i = 0; i < n; i++) {
		const struct class_rec *cr = &a->classes.recs[rows[i].class_index];
		const struct series_point *pt = &cr->series.pts[rows[i].point];
		char ts[32], label[64];

		if (events)
			snprintf(ts, sizeof(ts), "%" PRIu64, pt->ts);
		else
			format_ts(pt->ts, ts, sizeof(ts));
		fprintf(out, "%s,%" PRId32 ",", ts, cr->id);
		csv_text(out, class_label(cr, label, sizeof(label)));
		fprintf(out, ",%" PRId64 "\n", pt->pages);
	}
	free(rows);
	return ferror(out) ? -1 : 0;
}
