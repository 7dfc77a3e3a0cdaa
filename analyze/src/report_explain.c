// SPDX-License-Identifier: GPL-2.0
/* --class: the explanation of one class's pages, as text and as the JSON "explain" object (SCHEMA.md). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contract.h"
#include "report_explain.h"
#include "xalloc.h"

static const char *name_of(const struct analysis *a, uint32_t index, char *buf, size_t len)
{
	char own[64];
	const char *tmp;
	size_t i;

	if (index == NO_CLASS_INDEX || index >= a->classes.n) {
		snprintf(buf, len, "(no class)");
		return buf;
	}
	tmp = class_label(&a->classes.recs[index], own, sizeof(own));
	/* A path from the trace may hold any byte. */
	for (i = 0; tmp[i] && i + 1 < len; i++)
		buf[i] = (tmp[i] >= 0x20 && tmp[i] < 0x7f) ? tmp[i] : '?';
	buf[i] = '\0';
	return buf;
}

static const char *reason_name(int32_t reason)
{
	const char *n = reason >= 0 ? page_class_reason_name(reason) : NULL;

	return n ? n : "unknown";
}

/* One cause in words; gained says which way the pages went. */
static void describe(const struct analysis *a, const struct xbucket *b, bool gained, char *buf, size_t len)
{
	char other[80];

	name_of(a, b->other, other, sizeof(other));
	switch (b->cause) {
	case XC_RECLAIM:
		snprintf(buf, len, "reclaim: deleted from its LRU in a reclaim pass that selected it, not put back");
		break;
	case XC_CHARGE:
		snprintf(buf, len, "charge: new pages charged to it (ckrm_page_class charge) went on its LRU");
		break;
	case XC_MOVE:
		if (b->reason == PR_MIGRATE)
			snprintf(buf, len, "task moved: owner changed %s %s (ckrm_page_class migrate: an address space's walk, ckrm_mm_class, or a removed class's pages)",
				 gained ? "from" : "to", other);
		else if (b->reason == PR_RMAP_ADD || b->reason == PR_RMAP_REMOVE)
			snprintf(buf, len, "shared page re-attributed %s %s (ckrm_page_class %s: %s)", gained ? "from" : "to",
				 other, reason_name(b->reason),
				 b->reason == PR_RMAP_ADD ? "a new mapping won" : "a mapping went, the largest share won");
		else
			snprintf(buf, len, "owner changed %s %s (ckrm_page_class %s)", gained ? "from" : "to", other,
				 reason_name(b->reason));
		break;
	case XC_OFFLRU_MOVE:
		snprintf(buf, len, "owner changed while off the LRU: left the LRU of %s, came back on %s (latest ckrm_page_class %s)",
			 gained ? other : "this class", gained ? "this class's" : other, reason_name(b->reason));
		break;
	case XC_FREED:
		snprintf(buf, len, "freed: left the LRU outside reclaim, then uncharged (ckrm_page_class uncharge)");
		break;
	case XC_LEFT:
		snprintf(buf, len, "left the LRU outside reclaim, not back or freed by the end of the trace (isolated: migration, compaction, ...)");
		break;
	case XC_UNSEEN_ADD:
		snprintf(buf, len, "went on its LRU, no earlier event of the page in the trace (off the LRU since before it)");
		break;
	case XC_REPARENT_IN:
		snprintf(buf, len, "reparenting: removed child %s's pages handed to it (ckrm_class_reparent)", other);
		break;
	case XC_REPARENT_OUT:
		snprintf(buf, len, "reparenting: the class was removed, its pages handed to %s (ckrm_class_reparent)", other);
		break;
	default:
		snprintf(buf, len, "%s", explain_cause_name(b->cause));
	}
}

static void example_text(const struct analysis *a, const struct ckrm_event *ev, char *buf, size_t len)
{
	const struct ev_page_class *e = &ev->u.page_class;
	char when[32], from[80], to[80];
	int n, i;

	format_time(ev->ts, a->trace.ts_unit, when, sizeof(when));
	n = snprintf(buf, len, "e.g. %s pfn 0x%" PRIx64 " %s -> %s, candidates:", when, e->pfn,
		     name_of(a, classes_find(&a->classes, e->from), from, sizeof(from)),
		     name_of(a, classes_find(&a->classes, e->to), to, sizeof(to)));
	for (i = 0; i < e->nr_cls && i < e->nr_share && i < CKRM_MAX_MAPPERS && n > 0 && (size_t)n < len; i++)
		n += snprintf(buf + n, len - (size_t)n, "%s %s %" PRIu64 " pages", i ? "," : "",
			      name_of(a, classes_find(&a->classes, e->mapper_cls[i]), from, sizeof(from)),
			      e->mapper_share[i]);
	if (e->nr_cls <= 0 && n > 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, " none listed");
}

/* The causes one way, the most pages first. */
static void causes_text(FILE *out, const struct analysis *a, bool gained)
{
	const struct explain *x = a->explain;
	char what[400], ex[400];
	uint32_t i, k, n = 0, *order = xcalloc(x->nr_buckets ? x->nr_buckets : 1, sizeof(*order));

	for (i = 0; i < x->nr_buckets; i++) {
		const struct xbucket *b = &x->buckets[i];
		struct xcount c = explain_window(b);

		if (b->cause == XC_PUTBACK || b->cause == XC_PENDING || !(gained ? c.gained : c.lost))
			continue;
		/* Insertion: a handful of causes. */
		for (k = n++; k > 0; k--) {
			struct xcount o = explain_window(&x->buckets[order[k - 1]]);

			if ((gained ? o.gained : o.lost) >= (gained ? c.gained : c.lost))
				break;
			order[k] = order[k - 1];
		}
		order[k] = i;
	}
	for (k = 0; k < n; k++) {
		const struct xbucket *b = &x->buckets[order[k]];
		struct xcount c = explain_window(b);

		describe(a, b, gained, what, sizeof(what));
		fprintf(out, "    %c%-8" PRId64 " %s (%" PRIu64 " event%s)\n", gained ? '+' : '-', gained ? c.gained : c.lost,
			what, c.events, c.events == 1 ? "" : "s");
		/* The example shows one direction: the one this line counts. */
		if (b->has_example[gained]) {
			example_text(a, &b->example[gained], ex, sizeof(ex));
			fprintf(out, "              %s\n", ex);
		}
	}
	free(order);
}

static void pass_text(FILE *out, const struct analysis *a, const struct xpass *xp)
{
	const struct explain *x = a->explain;
	char when[32], why[200], other[80];
	uint32_t i;
	bool first = true;

	format_time(xp->pass.ts, a->trace.ts_unit, when, sizeof(when));
	fprintf(out, "  pass %" PRIu64 " at %s CPU %d node %d priority %d: ", xp->pass.id, when, xp->pass.cpu,
		xp->pass.node, xp->pass.priority);
	if (xp->copied && xp->pass.target == 1)
		fprintf(out, "its own limit reclaim (target=1: over its limit, only it is reclaimed; usage %" PRIu64 ", share %" PRIu64 ")",
			xp->usage, xp->share);
	else if (xp->pass.fallback_select)
		fprintf(out, "selected as the fallback (usage %" PRIu64 ", share %" PRIu64 ", weight %d/1000)", xp->usage,
			xp->share, xp->weight);
	else if (xp->usage > xp->share)
		fprintf(out, "over its share by %" PRIu64 " pages (usage %" PRIu64 ", share %" PRIu64 ", weight %d/1000)",
			xp->usage - xp->share, xp->usage, xp->share, xp->weight);
	else
		fprintf(out, "selected within its share (usage %" PRIu64 ", share %" PRIu64 "): a class's limit reclaim", xp->usage,
			xp->share);
	fprintf(out, "; lost %" PRId64 " LRU pages, ckrm_reclaim reclaimed %" PRIu64 " of %" PRIu64 " scanned%s\n", xp->lost,
		xp->reclaimed, xp->scanned,
		x->ordinal >= 2 && (xp->ordinal == 0 || xp->ordinal >= x->ordinal) ? " (outside the snapshots' window)" : "");
	if (!xp->copied)
		return;
	for (i = 0; i < xp->pass.nr_classes; i++) {
		const struct pass_class *pc = &xp->pass.classes[i];

		if (pc->class_index == x->target || pc->selected)
			continue;
		fprintf(out, "%s%s %s", first ? (xp->pass.target == 1 ? "    not in its limit reclaim: " : "    spared: ") : "; ",
			name_of(a, pc->class_index, other, sizeof(other)), pass_class_why(&xp->pass, pc, why, sizeof(why)));
		first = false;
	}
	for (i = 0; i < xp->pass.nr_classes; i++) {
		const struct pass_class *pc = &xp->pass.classes[i];

		if (pc->class_index == x->target || !pc->selected)
			continue;
		fprintf(out, "%s%s", first ? "    also selected: " : "; also selected: ",
			name_of(a, pc->class_index, other, sizeof(other)));
		first = false;
	}
	if (!first)
		fprintf(out, "\n");
}

static void reclaim_text(FILE *out, const struct analysis *a)
{
	const struct explain *x = a->explain;
	const struct xpass *most = NULL;
	uint32_t i;

	if (!x->passes_considered) {
		fprintf(out, "reclaim: no reclaim pass considered it (no ckrm_victim_select of it)\n");
		return;
	}
	fprintf(out, "reclaim: a victim in %" PRIu64 " of the %" PRIu64 " passes that considered it (%" PRIu64 " of them fallbacks); ckrm_reclaim reclaimed %" PRIu64 " pages from it in them; it lost LRU pages in %" PRIu64 " passes, %" PRId64 " between its snapshots\n",
		x->passes_selected, x->passes_considered, x->fallback_selected, x->reclaimed, x->passes_lost,
		x->reclaim_lost);
	for (i = 0; i < x->nr_passes; i++)
		if (x->passes[i].lost > 0 && (!most || x->passes[i].lost > most->lost))
			most = &x->passes[i];
	if (x->list_passes) {
		for (i = 0; i < x->nr_passes; i++)
			if (x->passes[i].lost > 0 || x->passes[i].reclaimed > 0)
				pass_text(out, a, &x->passes[i]);
	} else if (most) {
		fprintf(out, "  the most in one pass:\n");
		pass_text(out, a, most);
		fprintf(out, "  (every pass in which it lost pages: --passes)\n");
	}
}

static void walks_text(FILE *out, const struct analysis *a)
{
	const struct explain *x = a->explain;
	char when[32], from[80], to[80];
	uint32_t i;

	if (!x->nr_walks)
		return;
	fprintf(out, "address-space moves (ckrm_mm_class) to or from it, and its LRU pages each moved:\n");
	for (i = 0; i < x->nr_walks; i++) {
		const struct xwalk *w = &x->walks[i];

		format_time(w->ts, a->trace.ts_unit, when, sizeof(when));
		fprintf(out, "  %s CPU %d pid %d %s -> %s: walked %" PRIu64 ", moved %" PRIu64 "; its LRU pages %+" PRId64 "\n",
			when, w->cpu, w->pid, name_of(a, w->from_index, from, sizeof(from)),
			name_of(a, w->to_index, to, sizeof(to)), w->walked, w->moved, wrap_add(w->gained, wrap_neg(w->lost)));
	}
}

void report_explain_text(FILE *out, const struct analysis *a)
{
	const struct explain *x = a->explain;
	char name[80], t0[32], t1[32];

	name_of(a, x->target, name, sizeof(name));
	fprintf(out, "\nclass %s (id %d): why it gained and lost pages\n", name, a->classes.recs[x->target].id);
	fprintf(out, "  pages: its LRU pages (active + inactive + unevictable, all zones), as ckrm_class_stat counts them and the drift check replays them\n");
	if (x->ordinal >= 1) {
		format_time(x->first_ts, a->trace.ts_unit, t0, sizeof(t0));
		format_time(x->last_ts, a->trace.ts_unit, t1, sizeof(t1));
		fprintf(out, "  from its first snapshot (seq %" PRIu64 ", %s): %" PRId64 " pages, to its last (seq %" PRIu64 ", %s): %" PRId64 " pages\n",
			x->first_seq, t0, x->first_pages, x->last_seq, t1, x->last_pages);
	}
	fprintf(out, "  gained +%" PRId64 ":\n", x->gained);
	causes_text(out, a, true);
	if (x->putback_net > 0)
		fprintf(out, "    +%-8" PRId64 " off its LRU at its first snapshot or while its first was taken, put back after\n",
			x->putback_net);
	fprintf(out, "  lost -%" PRId64 ":\n", x->lost);
	causes_text(out, a, false);
	if (x->putback_net < 0)
		fprintf(out, "    -%-8" PRId64 " off its LRU at its last snapshot (isolated), put back after it\n",
			wrap_neg(x->putback_net));
	fprintf(out, "  put back: %" PRIu64 " pages taken off its LRU and put back on it (rotation, activation, pages a reclaim scan kept): net %+" PRId64 "\n",
		x->putback_pages, x->putback_net);
	if (x->ordinal >= 2)
		fprintf(out, "  explained: +%" PRId64 " -%" PRId64 " = %+" PRId64 ", snapshots say %+" PRId64 ": %s\n", x->gained,
			x->lost, x->explained, x->snapshot_delta, x->status == ST_PASS ? "exact" : x->status == ST_FAIL ? "MISMATCH" : "not verified");
	reclaim_text(out, a);
	walks_text(out, a);
	fprintf(out, "explanation: %s (exit %d)\n", x->reason, explain_exit_code(x));
}

/* JSON: a class reference as the other sections write it. */
static void ref(struct json *j, const char *key, const struct analysis *a, uint32_t index)
{
	char buf[80];

	if (index == NO_CLASS_INDEX || index >= a->classes.n) {
		json_null(j, key);
		return;
	}
	json_object_begin(j, key);
	json_int(j, "id", a->classes.recs[index].id);
	json_uint(j, "index", index);
	json_string(j, "path", class_label(&a->classes.recs[index], buf, sizeof(buf)));
	json_object_end(j);
}

static void json_time(struct json *j, const struct analysis *a, uint64_t ts)
{
	char buf[32];

	json_uint(j, "ts_ns", ts);
	format_time(ts, a->trace.ts_unit, buf, sizeof(buf));
	json_string(j, "time", buf);
}

static void pass_json(struct json *j, const struct analysis *a, const struct xpass *xp)
{
	char why[200];
	uint32_t i;

	json_object_begin(j, NULL);
	json_uint(j, "pass", xp->pass.id);
	json_time(j, a, xp->pass.ts);
	json_int(j, "cpu", xp->pass.cpu);
	json_int(j, "node", xp->pass.node);
	json_int(j, "priority", xp->pass.priority);
	json_bool(j, "fallback", xp->pass.fallback_select);
	json_bool(j, "limit_reclaim", xp->copied && xp->pass.target == 1);
	json_uint(j, "usage", xp->usage);
	json_uint(j, "share", xp->share);
	json_int(j, "over_share", xp->usage > xp->share ? (int64_t)(xp->usage - xp->share) : 0);
	json_int(j, "weight", xp->weight);
	json_int(j, "lost", xp->lost);
	json_uint(j, "reclaimed", xp->reclaimed);
	json_uint(j, "scanned", xp->scanned);
	json_array_begin(j, "others");
	for (i = 0; xp->copied && i < xp->pass.nr_classes; i++) {
		const struct pass_class *pc = &xp->pass.classes[i];

		if (pc->class_index == a->explain->target)
			continue;
		json_object_begin(j, NULL);
		ref(j, "class", a, pc->class_index);
		json_bool(j, "selected", pc->selected);
		json_string(j, "why", pass_class_why(&xp->pass, pc, why, sizeof(why)));
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
}

void report_explain_json(struct json *j, const struct analysis *a)
{
	const struct explain *x = a->explain;
	uint32_t i;

	json_object_begin(j, "explain");
	ref(j, "class", a, x->target);
	json_string(j, "status", x->status == ST_PASS ? "exact" : x->status == ST_FAIL ? "mismatch" : "unverifiable");
	json_string(j, "reason", x->reason);
	json_int(j, "exit_code", explain_exit_code(x));
	if (x->ordinal >= 1) {
		json_object_begin(j, "first_snapshot");
		json_uint(j, "seq", x->first_seq);
		json_time(j, a, x->first_ts);
		json_int(j, "pages", x->first_pages);
		json_object_end(j);
		json_object_begin(j, "last_snapshot");
		json_uint(j, "seq", x->last_seq);
		json_time(j, a, x->last_ts);
		json_int(j, "pages", x->last_pages);
		json_object_end(j);
	} else {
		json_null(j, "first_snapshot");
		json_null(j, "last_snapshot");
	}
	json_int(j, "snapshots", x->ordinal);
	json_int(j, "gained", x->gained);
	json_int(j, "lost", x->lost);
	json_int(j, "explained_delta", x->explained);
	json_int(j, "snapshot_delta", x->snapshot_delta);
	json_uint(j, "put_back_pages", x->putback_pages);
	json_int(j, "put_back_net", x->putback_net);
	json_array_begin(j, "causes");
	for (i = 0; i < x->nr_buckets; i++) {
		const struct xbucket *b = &x->buckets[i];
		struct xcount c = explain_window(b);

		if (b->cause == XC_PENDING || (!c.gained && !c.lost))
			continue;
		json_object_begin(j, NULL);
		json_string(j, "cause", explain_cause_name(b->cause));
		if (b->reason >= 0)
			json_string(j, "reason", reason_name(b->reason));
		else
			json_null(j, "reason");
		ref(j, "other", a, b->other);
		json_int(j, "gained", c.gained);
		json_int(j, "lost", c.lost);
		json_uint(j, "events", c.events);
		json_object_end(j);
	}
	json_array_end(j);
	json_object_begin(j, "reclaim");
	json_uint(j, "passes_considered", x->passes_considered);
	json_uint(j, "passes_selected", x->passes_selected);
	json_uint(j, "fallback_passes", x->fallback_selected);
	json_uint(j, "passes_lost_pages", x->passes_lost);
	json_uint(j, "reclaimed", x->reclaimed);
	json_int(j, "lost_in_window", x->reclaim_lost);
	if (x->list_passes) {
		json_array_begin(j, "passes");
		for (i = 0; i < x->nr_passes; i++)
			if (x->passes[i].lost > 0 || x->passes[i].reclaimed > 0)
				pass_json(j, a, &x->passes[i]);
		json_array_end(j);
	} else {
		json_null(j, "passes");
	}
	json_object_end(j);
	json_array_begin(j, "migrations");
	for (i = 0; i < x->nr_walks; i++) {
		const struct xwalk *w = &x->walks[i];

		json_object_begin(j, NULL);
		json_time(j, a, w->ts);
		json_int(j, "cpu", w->cpu);
		json_int(j, "pid", w->pid);
		ref(j, "from", a, w->from_index);
		ref(j, "to", a, w->to_index);
		json_uint(j, "walked", w->walked);
		json_uint(j, "moved", w->moved);
		json_int(j, "class_pages", wrap_add(w->gained, wrap_neg(w->lost)));
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
}
