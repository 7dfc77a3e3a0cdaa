// SPDX-License-Identifier: GPL-2.0
/*
 * --plot-data DIR: DIR/ckrm-usage.dat (one block per class: time, pages,
 * guarantee, limit; time is the event number with the counter clock) and DIR/ckrm-usage.gp, a gnuplot script that draws each
 * class's pages over time against its guarantee and limit into
 * DIR/ckrm-usage.png. `gnuplot DIR/ckrm-usage.gp` from any directory.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "report.h"

/* Lines in one picture before it stops being readable. */
#define PLOT_CLASSES 12

/* A string inside a gnuplot single-quoted string: quotes doubled, only printable bytes. */
static void gp_text(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '\'')
			fputc('\'', out);
		fputc(*s >= 0x20 && *s < 0x7f ? *s : '?', out);
	}
}

static void value_or_nan(FILE *out, int64_t v)
{
	/* 0 is "none" for a guarantee or limit: nothing to draw. */
	if (v > 0)
		fprintf(out, " %" PRId64, v);
	else
		fprintf(out, " NaN");
}

/* The classes worth drawing: those with a series, biggest peak first. */
static uint32_t plotted(const struct analysis *a, uint32_t *index)
{
	uint32_t n = 0, i, j;

	for (i = 0; i < a->classes.n; i++)
		if (a->classes.recs[i].series.n)
			index[n++] = i;
	/* Insertion sort on the peak: n is the classes with pages, small. */
	for (i = 1; i < n; i++) {
		uint32_t v = index[i];

		for (j = i; j > 0 && a->classes.recs[index[j - 1]].peak < a->classes.recs[v].peak; j--)
			index[j] = index[j - 1];
		index[j] = v;
	}
	return n;
}

static int fail(char *err, size_t errlen, const char *what, const char *path)
{
	snprintf(err, errlen, "--plot-data: cannot %s %s: %s", what, path, strerror(errno));
	return -1;
}

int plot_write(const char *dir, const struct analysis *a, char *err, size_t errlen)
{
	char absdir[PATH_MAX], dat[PATH_MAX + 32], gp[PATH_MAX + 32], png[PATH_MAX + 32];
	bool events = a->trace.ts_unit == TS_EVENTS;
	uint32_t *index, n, i, shown, p;
	FILE *f;
	int bad;

	if (mkdir(dir, 0777) < 0 && errno != EEXIST)
		return fail(err, errlen, "create directory", dir);
	if (!realpath(dir, absdir))
		return fail(err, errlen, "find directory", dir);
	snprintf(dat, sizeof(dat), "%s/ckrm-usage.dat", absdir);
	snprintf(gp, sizeof(gp), "%s/ckrm-usage.gp", absdir);
	snprintf(png, sizeof(png), "%s/ckrm-usage.png", absdir);

	index = calloc(a->classes.n ? a->classes.n : 1, sizeof(*index));
	if (!index) {
		snprintf(err, errlen, "--plot-data: out of memory");
		return -1;
	}
	n = plotted(a, index);
	shown = n < PLOT_CLASSES ? n : PLOT_CLASSES;

	f = fopen(dat, "w");
	if (!f) {
		free(index);
		return fail(err, errlen, "write", dat);
	}
	fprintf(f, "# ckrm-analyze: per-class LRU pages of ");
	gp_text(f, a->trace.path ? a->trace.path : "(events)");
	fprintf(f, "\n");
	fprintf(f, "# one block per class (gnuplot index 0, 1, ...), biggest peak first\n");
	fprintf(f, "# columns: %s pages guarantee_pages limit_pages (NaN: none or unknown)\n",
		events ? "event (the counter clock's event number)" : "time_s");
	for (i = 0; i < n; i++) {
		const struct class_rec *c = &a->classes.recs[index[i]];
		char label[64];

		fprintf(f, "%s# class %" PRId32 " ", i ? "\n\n" : "", c->id);
		gp_text(f, class_label(c, label, sizeof(label)));
		fprintf(f, "\n");
		for (p = 0; p < c->series.n; p++) {
			const struct series_point *pt = &c->series.pts[p];
			char ts[32];

			if (events)
				snprintf(ts, sizeof(ts), "%" PRIu64, pt->ts);
			else
				format_ts(pt->ts, ts, sizeof(ts));
			fprintf(f, "%s %" PRId64, ts, pt->pages);
			value_or_nan(f, pt->guarantee);
			value_or_nan(f, pt->limit);
			fprintf(f, "\n");
		}
	}
	/* The last block: each pass that reclaimed pages, for the marks. */
	if (a->reclaim.nr_marks) {
		fprintf(f, "%s# reclaim passes: %s pages_reclaimed\n", n ? "\n\n" : "",
			events ? "event" : "time_s");
		for (p = 0; p < a->reclaim.nr_marks; p++) {
			const struct reclaim_mark *m = &a->reclaim.marks[p];
			char ts[32];

			if (events)
				snprintf(ts, sizeof(ts), "%" PRIu64, m->ts);
			else
				format_ts(m->ts, ts, sizeof(ts));
			fprintf(f, "%s %" PRIu64 "\n", ts, m->reclaimed);
		}
	}
	bad = ferror(f);
	if (fclose(f) || bad) {
		free(index);
		return fail(err, errlen, "write", dat);
	}

	f = fopen(gp, "w");
	if (!f) {
		free(index);
		return fail(err, errlen, "write", gp);
	}
	fprintf(f, "# gnuplot script written by ckrm-analyze: gnuplot %s\n", gp);
	fprintf(f, "set terminal pngcairo size 1200,700 noenhanced\nset output '");
	gp_text(f, png);
	fprintf(f, "'\nset title 'per-class LRU pages: ");
	gp_text(f, a->trace.path ? a->trace.path : "(events)");
	fprintf(f, "'\nset xlabel '%s'\nset ylabel 'pages'\nset key outside right top\nset grid\n",
		events ? "event number (counter clock)" : "trace time (s)");
	if (events)
		fprintf(f, "set format x '%%.0f'\n");
	fprintf(f, "data = '");
	gp_text(f, dat);
	fprintf(f, "'\n");
	if (!shown) {
		fprintf(f, "set label 1 'no per-class LRU page counts in this trace' at graph 0.5,0.5 center\n"
			   "set xrange [0:1]\nset yrange [0:1]\nplot 2 notitle\n");
	} else {
		if (n > shown)
			fprintf(f, "# %" PRIu32 " more classes are in the data file (index %" PRIu32 " on)\n", n - shown, shown);
		if (a->reclaim.nr_marks)
			fprintf(f, "set y2label 'pages reclaimed per pass'\nset y2tics\nset ytics nomirror\n");
		fprintf(f, "plot \\\n");
		for (i = 0; i < shown; i++) {
			const struct class_rec *c = &a->classes.recs[index[i]];
			bool has_g = false, has_l = false;
			const char *label;
			char buf[64];

			for (p = 0; p < c->series.n; p++) {
				has_g |= c->series.pts[p].guarantee > 0;
				has_l |= c->series.pts[p].limit > 0;
			}
			/* The path, or "(class N)" written into buf. */
			label = class_label(c, buf, sizeof(buf));
			fprintf(f, "  data index %" PRIu32 " using 1:2 with steps lw 2 lc %" PRIu32 " title '", i, i + 1);
			gp_text(f, label);
			fprintf(f, "'");
			if (has_g) {
				fprintf(f, ", \\\n  data index %" PRIu32 " using 1:3 with steps dt 2 lc %" PRIu32 " title '", i, i + 1);
				gp_text(f, label);
				fprintf(f, " guarantee'");
			}
			if (has_l) {
				fprintf(f, ", \\\n  data index %" PRIu32 " using 1:4 with steps dt 3 lc %" PRIu32 " title '", i, i + 1);
				gp_text(f, label);
				fprintf(f, " limit'");
			}
			fprintf(f, "%s\n", i + 1 < shown || a->reclaim.nr_marks ? ", \\" : "");
		}
		if (a->reclaim.nr_marks)
			fprintf(f, "  data index %" PRIu32 " using 1:2 axes x1y2 with impulses lc rgb 'gray50' title 'reclaim passes (pages reclaimed, right axis)'\n",
				n);
	}
	bad = ferror(f);
	free(index);
	if (fclose(f) || bad)
		return fail(err, errlen, "write", gp);
	return 0;
}
