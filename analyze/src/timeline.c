// SPDX-License-Identifier: GPL-2.0
#include "timeline.h"

#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "xalloc.h"

void timeline_free(struct timeline *t)
{
	free(t->move_list);
	free(t->migration_list);
	memset(t, 0, sizeof(*t));
}

void timeline_classify(struct analysis *a, const struct ckrm_event *ev)
{
	const struct ev_classify *e = &ev->u.classify;
	struct timeline *t = &a->timeline;
	struct move *m;

	t->classify_events++;
	t->by_event[e->event >= 0 && e->event < CE_NR ? e->event : CE_NR]++;
	t->by_how[e->how >= 0 && e->how < CH_NR ? e->how : CH_NR]++;
	/* A task leaving at exit is no move; looking and keeping the class neither. */
	if (e->from == e->to || e->to == -1)
		return;
	t->moves++;
	if (t->nr_moves == TIMELINE_MAX)
		return;
	if (t->nr_moves == t->moves_cap) {
		t->moves_cap = t->moves_cap ? t->moves_cap * 2 : 64;
		t->move_list = xrealloc(t->move_list, t->moves_cap, sizeof(*t->move_list));
	}
	m = &t->move_list[t->nr_moves++];
	m->ts = ev->ts;
	m->cpu = ev->cpu;
	m->event = e->event;
	m->pid = e->pid;
	m->how = e->how;
	m->uid = e->uid;
	m->from = e->from;
	m->to = e->to;
	m->from_index = classes_lookup(&a->classes, e->from);
	m->to_index = classes_lookup(&a->classes, e->to);
	memcpy(m->comm, e->comm, sizeof(m->comm));
}

void timeline_migration(struct analysis *a, const struct ckrm_event *ev)
{
	const struct ev_mm_class *e = &ev->u.mm_class;
	struct timeline *t = &a->timeline;
	struct migration *m;

	t->migrations++;
	t->pages_walked += e->walked;
	t->pages_moved += e->moved;
	if (t->nr_migrations == TIMELINE_MAX)
		return;
	if (t->nr_migrations == t->migrations_cap) {
		t->migrations_cap = t->migrations_cap ? t->migrations_cap * 2 : 64;
		t->migration_list = xrealloc(t->migration_list, t->migrations_cap, sizeof(*t->migration_list));
	}
	m = &t->migration_list[t->nr_migrations++];
	m->ts = ev->ts;
	m->cpu = ev->cpu;
	m->pid = e->pid;
	m->from = e->from;
	m->to = e->to;
	m->from_index = classes_lookup(&a->classes, e->from);
	m->to_index = classes_lookup(&a->classes, e->to);
	m->walked = e->walked;
	m->moved = e->moved;
}
