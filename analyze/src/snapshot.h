/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ckrm_class_stat snapshots: each (class, zone) event is compared with the
 * replayed counts at that point of the trace (check 1, drift), and the
 * classes of one snapshot must add up to the zone's totals (check 3).
 */
#ifndef SNAPSHOT_H
#define SNAPSHOT_H

#include <stdbool.h>
#include <stdint.h>

#include "ckrm_event.h"

/* The running sums of one snapshot in one zone (node and zone index). */
struct snapshot_zone {
	uint64_t seq;
	int32_t node, zone;
	uint64_t classes[3];    /* active, inactive, unevictable summed over classes */
	uint64_t zone_total[3]; /* the zone's own totals */
	uint32_t classes_seen;
	struct ckrm_event last; /* reported if the sums do not match */
};

struct snapshots {
	struct snapshot_zone *open;
	uint32_t nr_open, cap;
	bool any;
	uint64_t newest_seq;
	uint64_t nr_snapshots; /* distinct seq values */
	uint64_t zone_sums_checked;
	uint64_t comparisons; /* (class, zone) counts compared with the replay */
	uint64_t initialized; /* (class, zone) counts taken from a snapshot */
	uint64_t reparented_rows; /* rows of a class after its ckrm_class_reparent (violations) */
};

struct analysis;

void snapshots_init(struct snapshots *s);
void snapshots_free(struct snapshots *s);
void snapshot_stat(struct analysis *a, const struct ckrm_event *ev);
/* End of trace: the open snapshots are complete. */
void snapshots_finish(struct analysis *a);

#endif
