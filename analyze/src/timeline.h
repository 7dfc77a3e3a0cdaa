/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the report tells about tasks and address spaces: the classification
 * timeline (every ckrm_classify that moved a task to another class, with
 * what triggered it) and the migrations of ckrm_mm_class. Bounded: the
 * first TIMELINE_MAX entries are kept, the rest counted.
 */
#ifndef TIMELINE_H
#define TIMELINE_H

#include <stdint.h>

#include "ckrm_event.h"

#define TIMELINE_MAX 10000

struct move {
	uint64_t ts;
	int32_t cpu;
	int32_t event, pid, how;
	uint32_t uid;
	int32_t from, to;             /* class ids */
	uint32_t from_index, to_index; /* their incarnations */
	char comm[CKRM_COMM_LEN + 1];
};

struct migration {
	uint64_t ts;
	int32_t cpu;
	int32_t pid; /* the thread group using the address space */
	int32_t from, to;
	uint32_t from_index, to_index;
	uint64_t walked, moved;
};

struct timeline {
	uint64_t classify_events;
	uint64_t by_event[CE_NR + 1]; /* last: values outside the contract */
	uint64_t by_how[CH_NR + 1];
	uint64_t moves; /* task changed class (exits excluded) */
	struct move *move_list;
	uint32_t nr_moves, moves_cap;
	uint64_t migrations, pages_walked, pages_moved;
	struct migration *migration_list;
	uint32_t nr_migrations, migrations_cap;
};

struct analysis;

void timeline_free(struct timeline *t);
void timeline_classify(struct analysis *a, const struct ckrm_event *ev);
void timeline_migration(struct analysis *a, const struct ckrm_event *ev);

#endif
