/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A class's page usage over time, in bounded memory: at most SERIES_MAX
 * points. When full, every other point goes and the minimum spacing
 * doubles, so a long trace keeps an even picture of the whole run instead
 * of its first minutes. The last point in a gap keeps the latest value.
 */
#ifndef SERIES_H
#define SERIES_H

#include <stdint.h>

#define SERIES_MAX 1024

struct series_point {
	uint64_t ts;
	int64_t pages;
	int64_t guarantee, limit; /* pages; -1 unknown */
};

struct series {
	struct series_point *pts;
	uint32_t n, cap;
	uint64_t min_gap; /* ns */
};

void series_note(struct series *s, uint64_t ts, int64_t pages, int64_t guarantee, int64_t limit);
/* The series runs to ts with its last value (for plots to reach the end). */
void series_end(struct series *s, uint64_t ts);
void series_free(struct series *s);

#endif
