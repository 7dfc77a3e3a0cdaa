// SPDX-License-Identifier: GPL-2.0
/* The default report: a summary a person reads in a terminal. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contract.h"
#include "report.h"
#include "report_explain.h"

/* Rows of the long tables; --json lists everything kept. */
#define TEXT_CLASSES 40
#define TEXT_MOVES 40
#define TEXT_PASSES 20

/* Seconds, or event numbers with the counter clock. */
static const char *ts_str(const struct analysis *a, uint64_t ts, char *buf, size_t len)
{
	format_time(ts, a->trace.ts_unit, buf, len);
	return buf;
}

/* Printable: a path or comm from the trace may hold any byte. */
static const char *printable(const char *s, char *buf, size_t len)
{
	size_t i;

	for (i = 0; s[i] && i + 1 < len; i++)
		buf[i] = (s[i] >= 0x20 && s[i] < 0x7f) ? s[i] : '?';
	buf[i] = '\0';
	return buf;
}

static const char *class_name(const struct analysis *a, uint32_t index, char *buf, size_t len)
{
	char tmp[64];

	return printable(class_label(&a->classes.recs[index], tmp, sizeof(tmp)), buf, len);
}

static void clock_lines(FILE *out, const struct analysis *a)
{
	const struct trace_facts *t = &a->trace;

	if (t->clock_orders_cpus)
		fprintf(out, "clock: %s (timestamps are event numbers across CPUs)\n", t->clock);
	else if (t->clock_known)
		fprintf(out, "clock: %s (timestamps are nanoseconds; events of two CPUs can share one)\n", t->clock);
	else
		fprintf(out, "clock: not named in the trace (timestamps read as nanoseconds; events of two CPUs can share one)\n");
	if (t->clock_orders_cpus || !analysis_has_lru_events(a))
		return;
	if (t->clock_known)
		fprintf(out, "warning: the '%s' clock does not order events of different CPUs", t->clock);
	else
		fprintf(out, "warning: the trace does not name its clock; trace-cmd's default (local) does not order events of different CPUs");
	fprintf(out, " (%" PRIu64 " timestamps here are shared by ckrm events of two or more CPUs), yet the LRU replay depends on their order: record with -C counter\n",
		a->ties.cross_cpu_groups);
}

static void header(FILE *out, const struct analysis *a)
{
	char t0[32], t1[32], lost[1024];
	bool first = true;
	int k;

	fprintf(out, "ckrm-analyze: %s\n", a->trace.path ? a->trace.path : "(events)");
	fprintf(out, "trace: %" PRIu64 " events on %d CPUs, %" PRIu64 " of them ckrm, from %s to %s%s\n",
		a->trace.records, a->trace.nr_cpus, a->ckrm_events, ts_str(a, a->first_ts, t0, sizeof(t0)),
		ts_str(a, a->last_ts, t1, sizeof(t1)), a->trace.ts_unit == TS_EVENTS ? "" : " s");
	clock_lines(out, a);
	if (a->losses.any) {
		losses_describe(&a->losses, lost, sizeof(lost));
		fprintf(out, "lost events: %s\n", lost);
	} else {
		fprintf(out, "lost events: none (the stored ring-buffer statistics show no entries left, overrun or drops)\n");
	}
	fprintf(out, "ckrm events:");
	for (k = 0; k < CK_NR_KINDS; k++) {
		if (!a->kind_count[k])
			continue;
		fprintf(out, "%s %s %" PRIu64, first ? "" : ",", kind_name((enum ckrm_kind)k), a->kind_count[k]);
		first = false;
	}
	fprintf(out, "\n");
}

static void checks(FILE *out, const struct analysis *a)
{
	char verdict[400];
	int i;

	fprintf(out, "\nchecks:\n");
	for (i = 0; i < NR_CHECKS; i++) {
		const struct check *c = &a->checks[i];

		fprintf(out, "  %d %-12s %s\n", i + 1, check_name(c->id), c->reason);
		if (c->first.set && c->status == ST_FAIL) {
			char ts[32];

			fprintf(out, "    first offending event: %s CPU %d %s: %s\n", ts_str(a, c->first.ts, ts, sizeof(ts)),
				c->first.cpu, c->first.kind < CK_NR_KINDS ? kind_name(c->first.kind) : "?",
				c->first.fields);
		}
		if (c->status != ST_NOT_APPLICABLE && c->status != ST_PASS && c->detail[0])
			fprintf(out, "    seen: %s\n", c->detail);
	}
	verdict_describe(&a->verdict, verdict, sizeof(verdict));
	fprintf(out, "verdict: %s\n", verdict);
}

static const char *pages_or_unknown(bool known, int64_t v, char *buf, size_t len)
{
	if (known)
		snprintf(buf, len, "%" PRId64, v);
	else
		snprintf(buf, len, "?");
	return buf;
}

/* Pages from reclaim events, else the share from ckrm_class_shares. */
static const char *limit_text(const struct class_rec *c, bool guarantee, char *buf, size_t len)
{
	int64_t pages = guarantee ? c->guarantee_pages : c->limit_pages;
	int32_t share = guarantee ? c->guarantee : c->limit;

	if (pages > 0)
		snprintf(buf, len, "%" PRId64, pages);
	else if (pages == 0)
		snprintf(buf, len, "none");
	else if (c->shares_known && share == -2)
		snprintf(buf, len, "-");
	else if (c->shares_known)
		snprintf(buf, len, "%" PRId32 "%%", share);
	else
		snprintf(buf, len, "?");
	return buf;
}

/* Which classes make the table: with pages first, then live, then the rest. */
static uint32_t pick_classes(const struct analysis *a, uint32_t *pick, uint32_t max)
{
	uint32_t n = 0, i;
	int pass;

	for (pass = 0; pass < 3 && n < max; pass++) {
		for (i = 0; i < a->classes.n && n < max; i++) {
			const struct class_rec *c = &a->classes.recs[i];
			bool has_pages = c->usage_known && (c->peak || c->pages);
			bool live = !c->destroyed;

			if ((pass == 0 && has_pages) || (pass == 1 && !has_pages && live) ||
			    (pass == 2 && !has_pages && !live))
				pick[n++] = i;
		}
	}
	return n;
}

/* ckrm_class_reparent: removed classes whose LRU charges and counts went to their parent. */
static void reparented(FILE *out, const struct analysis *a)
{
	uint32_t i, shown = 0;

	if (!a->replay.reparents)
		return;
	fprintf(out, "  reparented: %" PRIu64 " removed classes, their LRU charges and counts their parent's from then on\n",
		a->replay.reparents);
	for (i = 0; i < a->classes.n && shown < TEXT_CLASSES; i++) {
		const struct class_rec *c = &a->classes.recs[i];
		char name[64], to[64], ts[32];

		if (!c->reparented)
			continue;
		fprintf(out, "    %s (id %" PRId32 ") to %s at %s, %" PRId64 " known pages with it\n",
			class_name(a, i, name, sizeof(name)), c->id, class_name(a, c->forward, to, sizeof(to)),
			ts_str(a, c->reparented_ts, ts, sizeof(ts)), c->reparent_pages);
		shown++;
	}
	if (a->replay.reparents > shown)
		fprintf(out, "    (%" PRIu64 " more; --json lists all)\n", a->replay.reparents - shown);
}

static void classes(FILE *out, const struct analysis *a)
{
	uint32_t pick[TEXT_CLASSES], n, i, created = 0, destroyed = 0;

	for (i = 0; i < a->classes.n; i++) {
		created += a->classes.recs[i].created_in_trace;
		destroyed += a->classes.recs[i].destroyed;
	}
	n = pick_classes(a, pick, TEXT_CLASSES);
	fprintf(out, "\nclasses: %" PRIu32 " (%" PRIu32 " created in the trace, %" PRIu32 " removed)", a->classes.n, created,
		destroyed);
	if (n < a->classes.n)
		fprintf(out, "; showing %" PRIu32 ": with pages, then live, then the rest (--json lists all)", n);
	fprintf(out, "\n  %6s %-28s %9s %9s %10s %10s %8s %12s %12s\n", "id", "path", "pages", "peak", "guarantee",
		"limit", "drift", "created", "removed");
	for (i = 0; i < n; i++) {
		const struct class_rec *c = &a->classes.recs[pick[i]];
		char name[64], p[24], pk[24], g[24], l[24], d[24], t0[32], t1[32];

		if (c->snapshots_compared)
			snprintf(d, sizeof(d), "%+" PRId64, c->drift);
		else
			snprintf(d, sizeof(d), "-");
		fprintf(out, "  %6" PRId32 " %-28s %9s %9s %10s %10s %8s %12s %12s\n", c->id,
			class_name(a, pick[i], name, sizeof(name)), pages_or_unknown(c->usage_known, c->pages, p, sizeof(p)),
			pages_or_unknown(c->usage_known, c->peak, pk, sizeof(pk)), limit_text(c, true, g, sizeof(g)),
			limit_text(c, false, l, sizeof(l)), d,
			c->created_in_trace ? ts_str(a, c->created_ts, t0, sizeof(t0)) : "(before)",
			c->destroyed ? ts_str(a, c->destroyed_ts, t1, sizeof(t1)) : "-");
	}
	fprintf(out, "  (pages: LRU pages from the replay, ? until a snapshot or the class's creation; guarantee and\n"
		     "   limit in pages from ckrm_victim_select, else as a share of the parent's; drift: replayed minus\n"
		     "   kernel pages at the latest snapshot)\n");
	reparented(out, a);
}

static void reclaim(FILE *out, const struct analysis *a)
{
	const struct reclaim_state *r = &a->reclaim;
	uint32_t i, k;

	if (!a->kind_count[CK_VICTIM_SELECT] && !a->kind_count[CK_RECLAIM]) {
		fprintf(out, "\nreclaim: no ckrm_victim_select or ckrm_reclaim events\n");
		return;
	}
	fprintf(out, "\nreclaim: %" PRIu64 " passes, %" PRIu64 " of them fallbacks (victims may go under their guarantees)\n", r->passes,
		r->fallback_passes);
	fprintf(out, "  per class: %6s %-28s %9s %9s %9s %9s\n", "id", "path", "selected", "scanned", "skipped", "reclaimed");
	for (i = 0; i < a->classes.n; i++) {
		const struct class_rec *c = &a->classes.recs[i];
		char name[64], sel[32];

		if (!c->passes_considered && !c->scanned && !c->reclaimed && !c->skipped)
			continue;
		snprintf(sel, sizeof(sel), "%" PRIu64 "/%" PRIu64, c->passes_selected, c->passes_considered);
		fprintf(out, "             %6" PRId32 " %-28s %9s %9" PRIu64 " %9" PRIu64 " %9" PRIu64 "\n", c->id,
			class_name(a, i, name, sizeof(name)), sel, c->scanned, c->skipped, c->reclaimed);
	}
	for (i = 0; i < r->nr_shown && i < TEXT_PASSES; i++) {
		const struct pass *p = &r->shown[i];
		char ts[32];

		fprintf(out, "  pass %" PRIu64 " at %s CPU %d node %" PRId32 " priority %" PRId32 "%s\n", p->id,
			ts_str(a, p->ts, ts, sizeof(ts)), p->cpu, p->node, p->priority,
			pass_fallback(p) ? " FALLBACK" : "");
		for (k = 0; k < p->nr_classes; k++) {
			const struct pass_class *pc = &p->classes[k];
			char name[64], why[200];

			fprintf(out, "    %-24s %s; scanned %" PRIu64 " skipped %" PRIu64 " reclaimed %" PRIu64 "\n",
				class_name(a, pc->class_index, name, sizeof(name)), pass_class_why(p, pc, why, sizeof(why)),
				pc->scanned, pc->skipped, pc->reclaimed);
		}
	}
	if (r->passes > i)
		fprintf(out, "  (%" PRIu64 " more passes; --json lists the first %d)\n", r->passes - i, PASS_REPORT_MAX);
}

static void classification(FILE *out, const struct analysis *a)
{
	const struct timeline *t = &a->timeline;
	bool first = true;
	uint32_t i;
	int k;

	if (!t->classify_events) {
		fprintf(out, "\nclassification: no ckrm_classify events\n");
		return;
	}
	fprintf(out, "\nclassification: %" PRIu64 " ckrm_classify events (", t->classify_events);
	for (k = 0; k <= CE_NR; k++) {
		if (!t->by_event[k])
			continue;
		fprintf(out, "%s%s %" PRIu64, first ? "" : ", ", k < CE_NR ? classify_event_name(k) : "other", t->by_event[k]);
		first = false;
	}
	fprintf(out, "); %" PRIu64 " moved a task to another class", t->moves);
	if (t->moves > TEXT_MOVES)
		fprintf(out, ", the first %d:", TEXT_MOVES);
	fprintf(out, "\n");
	if (t->nr_moves)
		fprintf(out, "  %12s %3s %-10s %7s %-16s %-20s %-20s %s\n", "time", "cpu", "event", "pid", "comm", "from",
			"to", "how");
	for (i = 0; i < t->nr_moves && i < TEXT_MOVES; i++) {
		const struct move *m = &t->move_list[i];
		char ts[32], from[64], to[64], comm[CKRM_COMM_LEN + 1], ev[16], how[16];
		const char *evn = classify_event_name(m->event), *hown = classify_how_name(m->how);

		if (!evn)
			snprintf(ev, sizeof(ev), "%" PRId32, m->event);
		if (!hown)
			snprintf(how, sizeof(how), "%" PRId32, m->how);
		fprintf(out, "  %12s %3d %-10s %7" PRId32 " %-16s %-20s %-20s %s\n", ts_str(a, m->ts, ts, sizeof(ts)), m->cpu,
			evn ? evn : ev, m->pid, printable(m->comm, comm, sizeof(comm)),
			class_name(a, m->from_index, from, sizeof(from)), class_name(a, m->to_index, to, sizeof(to)),
			hown ? hown : how);
	}
}

static void migrations(FILE *out, const struct analysis *a)
{
	const struct timeline *t = &a->timeline;
	uint32_t i;

	if (!t->migrations) {
		fprintf(out, "\nmigrations: no ckrm_mm_class events\n");
		return;
	}
	fprintf(out, "\nmigrations: %" PRIu64 " address spaces changed class, %" PRIu64 " pages walked, %" PRIu64 " moved\n",
		t->migrations, t->pages_walked, t->pages_moved);
	for (i = 0; i < t->nr_migrations && i < TEXT_MOVES; i++) {
		const struct migration *m = &t->migration_list[i];
		char ts[32], from[64], to[64];

		fprintf(out, "  %12s CPU %d pid %" PRId32 " %s -> %s: walked %" PRIu64 ", moved %" PRIu64 "\n",
			ts_str(a, m->ts, ts, sizeof(ts)), m->cpu, m->pid, class_name(a, m->from_index, from, sizeof(from)),
			class_name(a, m->to_index, to, sizeof(to)), m->walked, m->moved);
	}
	if (t->migrations > i)
		fprintf(out, "  (%" PRIu64 " more)\n", t->migrations - i);
}

int report_text(FILE *out, const struct analysis *a)
{
	header(out, a);
	if (a->explain) {
		/* --class: the class's explanation, then the checks it rests on. */
		report_explain_text(out, a);
		checks(out, a);
		return ferror(out) ? -1 : 0;
	}
	checks(out, a);
	classes(out, a);
	reclaim(out, a);
	classification(out, a);
	migrations(out, a);
	return ferror(out) ? -1 : 0;
}
