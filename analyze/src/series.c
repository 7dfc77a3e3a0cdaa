// SPDX-License-Identifier: GPL-2.0
#include "series.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

static void thin_out(struct series *s)
{
	uint32_t r, w = 1;

	/* Keep the first point (where the class starts), then every second. */
	for (r = 2; r < s->n; r += 2)
		s->pts[w++] = s->pts[r];
	if (s->n % 2 == 0) /* the last point holds the latest value: keep it */
		s->pts[w++] = s->pts[s->n - 1];
	s->n = w;
	s->min_gap = s->min_gap ? s->min_gap * 2 : (s->pts[s->n - 1].ts - s->pts[0].ts) / SERIES_MAX + 1;
}

static void append(struct series *s, uint64_t ts, int64_t pages, int64_t guarantee, int64_t limit)
{
	if (s->n == SERIES_MAX)
		thin_out(s);
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 16;
		s->pts = xrealloc(s->pts, s->cap, sizeof(*s->pts));
	}
	s->pts[s->n++] = (struct series_point){ ts, pages, guarantee, limit };
}

void series_note(struct series *s, uint64_t ts, int64_t pages, int64_t guarantee, int64_t limit)
{
	struct series_point *last = s->n ? &s->pts[s->n - 1] : NULL;

	if (last && last->pages == pages && last->guarantee == guarantee && last->limit == limit)
		return;
	/* Within the spacing, the newest value replaces the last one. */
	if (last && s->n > 1 && ts - last->ts < s->min_gap) {
		last->pages = pages;
		last->guarantee = guarantee;
		last->limit = limit;
		return;
	}
	append(s, ts, pages, guarantee, limit);
}

void series_end(struct series *s, uint64_t ts)
{
	const struct series_point *last = s->n ? &s->pts[s->n - 1] : NULL;

	if (last && last->ts < ts)
		append(s, ts, last->pages, last->guarantee, last->limit);
}

void series_free(struct series *s)
{
	free(s->pts);
	memset(s, 0, sizeof(*s));
}
