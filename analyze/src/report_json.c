// SPDX-License-Identifier: GPL-2.0
/* The --json report. Its schema is SCHEMA.md: keep the two in step. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "contract.h"
#include "json.h"
#include "report.h"
#include "report_explain.h"
#include "xalloc.h"

/*
 * 2: migrations name the thread group (pid), not the mm's address.
 * 3: seven checks (victim, owner); "pass" needs something judged; exit
 * codes 3 (not verified) and 70 (an analyzer bug); verdict_line.
 */
#define SCHEMA_VERSION 3

/* ts_ns is the raw timestamp: an event number with the counter clock, as time says ("#123"). */
static void time_fields(struct json *j, const struct analysis *a, uint64_t ts)
{
	char buf[32];

	json_uint(j, "ts_ns", ts);
	format_time(ts, a->trace.ts_unit, buf, sizeof(buf));
	json_string(j, "time", buf);
}

/* A class reference as {"id", "index", "path"}. */
static void class_ref(struct json *j, const char *key, const struct analysis *a, int32_t id, uint32_t index)
{
	char buf[64];

	json_object_begin(j, key);
	json_int(j, "id", id);
	json_uint(j, "index", index);
	json_string(j, "path", class_label(&a->classes.recs[index], buf, sizeof(buf)));
	json_object_end(j);
}

static void enum_name(struct json *j, const char *key, const char *name, int32_t value)
{
	char buf[16];

	if (!name) {
		snprintf(buf, sizeof(buf), "%" PRId32, value);
		name = buf;
	}
	json_string(j, key, name);
}

static void trace_section(struct json *j, const struct analysis *a)
{
	int k, cpu;

	json_object_begin(j, "trace");
	json_string(j, "path", a->trace.path);
	json_int(j, "cpus", a->trace.nr_cpus);
	json_uint(j, "records", a->trace.records);
	json_array_begin(j, "records_per_cpu");
	for (cpu = 0; cpu < a->trace.nr_cpus; cpu++)
		json_uint(j, NULL, a->trace.records_per_cpu[cpu]);
	json_array_end(j);
	json_bool(j, "ring_buffer_stats", a->trace.has_cpustats);
	json_string(j, "clock", a->trace.clock_known ? a->trace.clock : NULL);
	json_string(j, "ts_unit", a->trace.ts_unit == TS_EVENTS ? "event" : "ns");
	json_bool(j, "clock_orders_cpus", a->trace.clock_orders_cpus);
	json_bool(j, "clock_warning", !a->trace.clock_orders_cpus && analysis_has_lru_events(a));
	json_uint(j, "cross_cpu_ties", a->ties.cross_cpu_groups);
	json_uint(j, "ckrm_events", a->ckrm_events);
	json_uint(j, "first_ts_ns", a->first_ts);
	json_uint(j, "last_ts_ns", a->last_ts);
	json_object_begin(j, "events");
	for (k = 0; k < CK_NR_KINDS; k++)
		json_uint(j, kind_name((enum ckrm_kind)k), a->kind_count[k]);
	json_object_end(j);
	json_array_begin(j, "events_defined");
	for (k = 0; k < CK_NR_KINDS; k++)
		if (a->kind_defined[k])
			json_string(j, NULL, kind_name((enum ckrm_kind)k));
	json_array_end(j);
	json_object_end(j);
}

static void losses_section(struct json *j, const struct analysis *a)
{
	const struct losses *l = &a->losses;
	char text[1024];
	bool unknown = false;
	int cpu;

	losses_describe(l, text, sizeof(text));
	json_object_begin(j, "lost_events");
	json_bool(j, "any", l->any);
	json_uint(j, "known_count", losses_total_known(l));
	for (cpu = 0; cpu < l->nr_cpus; cpu++)
		unknown |= l->cpu[cpu].unknown_count;
	json_bool(j, "unknown_count", unknown);
	if (l->any)
		json_uint(j, "since_ns", l->taint_ts);
	else
		json_null(j, "since_ns");
	json_string(j, "description", text);
	json_array_begin(j, "per_cpu");
	for (cpu = 0; cpu < l->nr_cpus; cpu++) {
		const struct cpu_losses *c = &l->cpu[cpu];

		if (!c->unknown_count && !c->seen[LOSS_ENTRIES_LEFT] && !c->seen[LOSS_OVERRUN] &&
		    !c->seen[LOSS_COMMIT_OVERRUN] && !c->seen[LOSS_DROPPED] && !c->seen[LOSS_MISSED_IN_DATA] &&
		    !c->seen[LOSS_NO_STATS])
			continue;
		json_object_begin(j, NULL);
		json_int(j, "cpu", cpu);
		json_uint(j, "entries_left", c->count[LOSS_ENTRIES_LEFT]);
		json_uint(j, "overrun", c->count[LOSS_OVERRUN]);
		json_uint(j, "commit_overrun", c->count[LOSS_COMMIT_OVERRUN]);
		json_uint(j, "dropped", c->count[LOSS_DROPPED]);
		json_uint(j, "missed_in_data", c->count[LOSS_MISSED_IN_DATA]);
		json_bool(j, "no_stats", c->seen[LOSS_NO_STATS]);
		json_bool(j, "unknown_count", c->unknown_count);
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
}

static void checks_section(struct json *j, const struct analysis *a)
{
	int i;

	json_array_begin(j, "checks");
	for (i = 0; i < NR_CHECKS; i++) {
		const struct check *c = &a->checks[i];

		json_object_begin(j, NULL);
		json_string(j, "id", check_name(c->id));
		json_int(j, "number", i + 1);
		json_string(j, "title", check_title(c->id));
		json_string(j, "status", check_status_name(c->status));
		json_string(j, "reason", c->reason);
		json_string(j, "detail", c->detail);
		json_uint(j, "checked", c->checked);
		json_uint(j, "violations", c->violations);
		json_uint(j, "not_judged", c->skipped);
		if (c->first.set) {
			json_object_begin(j, "first_violation");
			time_fields(j, a, c->first.ts);
			json_int(j, "cpu", c->first.cpu);
			json_string(j, "event", c->first.kind < CK_NR_KINDS ? kind_name(c->first.kind) : NULL);
			json_string(j, "fields", c->first.fields);
			json_string(j, "message", c->first.what);
			json_object_end(j);
		} else {
			json_null(j, "first_violation");
		}
		json_object_end(j);
	}
	json_array_end(j);
}

static void optional_int(struct json *j, const char *key, bool known, int64_t v)
{
	if (known)
		json_int(j, key, v);
	else
		json_null(j, key);
}

/* A class's zone whose counts the replay knows. */
struct zone_row {
	uint32_t index;
	struct zone_name name;
	const struct zone_counts *z;
};

static int zone_row_cmp(const void *x, const void *y)
{
	const struct zone_row *p = x, *q = y;

	if (p->index != q->index)
		return p->index < q->index ? -1 : 1;
	if (p->name.node != q->name.node)
		return p->name.node < q->name.node ? -1 : 1;
	if (p->name.zone != q->name.zone)
		return p->name.zone < q->name.zone ? -1 : 1;
	return 0;
}

/* Every class's known zones, by class index, node and zone. */
static struct zone_row *zone_rows(const struct analysis *a, size_t *n)
{
	const struct u64map *m = &a->replay.zones;
	struct zone_row *rows = xcalloc(m->count ? m->count : 1, sizeof(*rows));
	size_t slot;

	*n = 0;
	for (slot = 0; slot < m->cap; slot++) {
		uint64_t key;
		const struct zone_counts *z = u64map_slot(m, slot, &key);

		if (!z || !z->tracked)
			continue;
		rows[*n].index = (uint32_t)(key >> 32);
		rows[*n].name = replay_zone_name(&a->replay, (uint32_t)key);
		rows[*n].z = z;
		(*n)++;
	}
	qsort(rows, *n, sizeof(*rows), zone_row_cmp);
	return rows;
}

static void classes_section(struct json *j, const struct analysis *a)
{
	size_t nr_rows, r = 0;
	struct zone_row *rows = zone_rows(a, &nr_rows);
	uint32_t i;

	json_array_begin(j, "classes");
	for (i = 0; i < a->classes.n; i++) {
		const struct class_rec *c = &a->classes.recs[i];

		json_object_begin(j, NULL);
		json_uint(j, "index", i);
		json_int(j, "id", c->id);
		json_string(j, "path", c->path);
		optional_int(j, "parent", c->created_in_trace, c->parent_id);
		optional_int(j, "created_ns", c->created_in_trace, (int64_t)c->created_ts);
		optional_int(j, "destroyed_ns", c->destroyed, (int64_t)c->destroyed_ts);
		optional_int(j, "reparented_ns", c->reparented, (int64_t)c->reparented_ts);
		if (c->reparented)
			class_ref(j, "reparented_to", a, a->classes.recs[c->forward].id, c->forward);
		else
			json_null(j, "reparented_to");
		optional_int(j, "pages", c->usage_known, c->pages);
		optional_int(j, "peak", c->usage_known, c->peak);
		optional_int(j, "guarantee_pages", c->guarantee_pages >= 0, c->guarantee_pages);
		optional_int(j, "limit_pages", c->limit_pages >= 0, c->limit_pages);
		optional_int(j, "share_pages", c->share_pages >= 0, c->share_pages);
		if (c->shares_known) {
			json_object_begin(j, "shares");
			json_int(j, "guarantee", c->guarantee);
			json_int(j, "limit", c->limit);
			json_int(j, "total_guarantee", c->total_guarantee);
			json_int(j, "max_limit", c->max_limit);
			json_object_end(j);
		} else {
			json_null(j, "shares");
		}
		if (c->snapshots_compared) {
			json_object_begin(j, "drift");
			json_int(j, "pages", c->drift);
			json_int(j, "max_abs", c->drift_max_abs);
			json_uint(j, "snapshots_compared", c->snapshots_compared);
			json_object_end(j);
		} else {
			json_null(j, "drift");
		}
		json_object_begin(j, "reclaim");
		json_uint(j, "passes_considered", c->passes_considered);
		json_uint(j, "passes_selected", c->passes_selected);
		json_uint(j, "scanned", c->scanned);
		json_uint(j, "skipped", c->skipped);
		json_uint(j, "reclaimed", c->reclaimed);
		json_object_end(j);
		json_array_begin(j, "zones");
		for (; r < nr_rows && rows[r].index == i; r++) {
			json_object_begin(j, NULL);
			json_int(j, "node", rows[r].name.node);
			json_int(j, "zone", rows[r].name.zone);
			json_int(j, "active", rows[r].z->pages[BUCKET_ACTIVE]);
			json_int(j, "inactive", rows[r].z->pages[BUCKET_INACTIVE]);
			json_int(j, "unevictable", rows[r].z->pages[BUCKET_UNEVICTABLE]);
			json_object_end(j);
		}
		json_array_end(j);
		json_object_end(j);
	}
	json_array_end(j);
	free(rows);
}

static void reclaim_section(struct json *j, const struct analysis *a)
{
	const struct reclaim_state *r = &a->reclaim;
	char why[200];
	uint32_t i, k;

	json_object_begin(j, "reclaim");
	json_uint(j, "passes", r->passes);
	json_uint(j, "fallback_passes", r->fallback_passes);
	json_uint(j, "started_before_trace", r->started_before_trace);
	json_uint(j, "out_of_window", r->out_of_window);
	json_uint(j, "passes_listed", r->nr_shown);
	json_array_begin(j, "pass_list");
	for (i = 0; i < r->nr_shown; i++) {
		const struct pass *p = &r->shown[i];

		json_object_begin(j, NULL);
		json_uint(j, "pass", p->id);
		time_fields(j, a, p->ts);
		json_int(j, "cpu", p->cpu);
		json_int(j, "node", p->node);
		json_int(j, "priority", p->priority);
		json_bool(j, "fallback", pass_fallback(p));
		json_array_begin(j, "classes");
		for (k = 0; k < p->nr_classes; k++) {
			const struct pass_class *pc = &p->classes[k];

			json_object_begin(j, NULL);
			class_ref(j, "class", a, pc->cls, pc->class_index);
			json_bool(j, "considered", pc->has_select);
			json_bool(j, "selected", pc->selected);
			json_string(j, "why", pass_class_why(p, pc, why, sizeof(why)));
			json_uint(j, "usage", pc->usage);
			json_uint(j, "share", pc->share);
			json_uint(j, "guarantee", pc->guarantee);
			json_uint(j, "limit", pc->limit);
			json_int(j, "weight", pc->weight);
			json_uint(j, "scanned", pc->scanned);
			json_uint(j, "skipped", pc->skipped);
			json_uint(j, "reclaimed", pc->reclaimed);
			json_object_end(j);
		}
		json_array_end(j);
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
}

static void classification_section(struct json *j, const struct analysis *a)
{
	const struct timeline *t = &a->timeline;
	uint32_t i;
	int k;

	json_object_begin(j, "classification");
	json_uint(j, "events", t->classify_events);
	json_object_begin(j, "by_event");
	for (k = 0; k < CE_NR; k++)
		json_uint(j, classify_event_name(k), t->by_event[k]);
	json_uint(j, "other", t->by_event[CE_NR]);
	json_object_end(j);
	json_object_begin(j, "by_how");
	for (k = 0; k < CH_NR; k++)
		json_uint(j, classify_how_name(k), t->by_how[k]);
	json_uint(j, "other", t->by_how[CH_NR]);
	json_object_end(j);
	json_uint(j, "moves", t->moves);
	json_uint(j, "moves_listed", t->nr_moves);
	json_array_begin(j, "timeline");
	for (i = 0; i < t->nr_moves; i++) {
		const struct move *m = &t->move_list[i];

		json_object_begin(j, NULL);
		time_fields(j, a, m->ts);
		json_int(j, "cpu", m->cpu);
		enum_name(j, "event", classify_event_name(m->event), m->event);
		json_int(j, "pid", m->pid);
		json_string(j, "comm", m->comm);
		json_uint(j, "uid", m->uid);
		class_ref(j, "from", a, m->from, m->from_index);
		class_ref(j, "to", a, m->to, m->to_index);
		enum_name(j, "how", classify_how_name(m->how), m->how);
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
}

static void migrations_section(struct json *j, const struct analysis *a)
{
	const struct timeline *t = &a->timeline;
	uint32_t i;

	json_object_begin(j, "migrations");
	json_uint(j, "events", t->migrations);
	json_uint(j, "pages_walked", t->pages_walked);
	json_uint(j, "pages_moved", t->pages_moved);
	json_uint(j, "listed", t->nr_migrations);
	json_array_begin(j, "list");
	for (i = 0; i < t->nr_migrations; i++) {
		const struct migration *m = &t->migration_list[i];

		json_object_begin(j, NULL);
		time_fields(j, a, m->ts);
		json_int(j, "cpu", m->cpu);
		json_int(j, "pid", m->pid);
		class_ref(j, "from", a, m->from, m->from_index);
		class_ref(j, "to", a, m->to, m->to_index);
		json_uint(j, "walked", m->walked);
		json_uint(j, "moved", m->moved);
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
}

int report_json(FILE *out, const struct analysis *a)
{
	struct json j;
	char line[400];

	json_init(&j, out);
	json_object_begin(&j, NULL);
	json_string(&j, "schema", "ckrm-analyze");
	json_int(&j, "schema_version", SCHEMA_VERSION);
	json_string(&j, "verdict", verdict_name(a->verdict.kind));
	json_int(&j, "exit_code", analysis_exit_code(a)); /* with --class, the explanation's joins it */
	verdict_describe(&a->verdict, line, sizeof(line));
	json_string(&j, "verdict_line", line);
	trace_section(&j, a);
	losses_section(&j, a);
	checks_section(&j, a);
	classes_section(&j, a);
	reclaim_section(&j, a);
	classification_section(&j, a);
	migrations_section(&j, a);
	if (a->explain)
		report_explain_json(&j, a);
	json_object_end(&j);
	json_free(&j);
	return ferror(out) ? -1 : 0;
}
