// SPDX-License-Identifier: GPL-2.0
#include "contract.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#define F(ev, member, field, dest) { #field, dest, offsetof(struct ckrm_event, u.member.field), 0, false }
/* A dynamic array that older kernels' formats lack: its length goes to count. */
#define FA(member, field, count, dest)                                                             \
	{ #field, dest, offsetof(struct ckrm_event, u.member.field), offsetof(struct ckrm_event, u.member.count), \
	  true }

/* A scalar that older kernels' formats lack: -1 when absent. */
#define FO(member, field, dest)                                                                    \
	{ #field, dest, offsetof(struct ckrm_event, u.member.field), offsetof(struct ckrm_event, u.member.field), \
	  true }

static const struct contract_field classify_fields[] = {
	F(classify, classify, event, FD_I32), F(classify, classify, pid, FD_I32),
	F(classify, classify, comm, FD_COMM), F(classify, classify, uid, FD_U32),
	F(classify, classify, from, FD_I32), F(classify, classify, to, FD_I32),
	F(classify, classify, how, FD_I32),
};
static const struct contract_field class_fields[] = {
	F(class, class_change, id, FD_I32), F(class, class_change, parent, FD_I32),
	F(class, class_change, path, FD_TEXT),
};
static const struct contract_field shares_fields[] = {
	F(shares, shares, id, FD_I32), F(shares, shares, res, FD_TEXT),
	F(shares, shares, old_guarantee, FD_I32), F(shares, shares, old_limit, FD_I32),
	F(shares, shares, old_total_guarantee, FD_I32), F(shares, shares, old_max_limit, FD_I32),
	F(shares, shares, guarantee, FD_I32), F(shares, shares, limit, FD_I32),
	F(shares, shares, total_guarantee, FD_I32), F(shares, shares, max_limit, FD_I32),
};
static const struct contract_field page_class_fields[] = {
	F(pc, page_class, pfn, FD_U64), F(pc, page_class, nr, FD_I32),
	F(pc, page_class, from, FD_I32), F(pc, page_class, to, FD_I32),
	F(pc, page_class, reason, FD_I32),
	FA(page_class, mapper_cls, nr_cls, FD_I32_ARRAY),
	FA(page_class, mapper_share, nr_share, FD_U64_ARRAY),
};
static const struct contract_field mm_class_fields[] = {
	F(mm, mm_class, pid, FD_I32), F(mm, mm_class, from, FD_I32),
	F(mm, mm_class, to, FD_I32), F(mm, mm_class, walked, FD_U64),
	F(mm, mm_class, moved, FD_U64),
};
static const struct contract_field lru_fields[] = {
	F(lru, lru, pfn, FD_U64), F(lru, lru, nr, FD_I32), F(lru, lru, lru, FD_I32),
	F(lru, lru, node, FD_I32), F(lru, lru, zone, FD_I32), F(lru, lru, cls, FD_I32),
};
static const struct contract_field lru_adjust_fields[] = {
	F(adj, lru_adjust, pfn, FD_U64), F(adj, lru_adjust, nr, FD_I32),
	F(adj, lru_adjust, lru, FD_I32), F(adj, lru_adjust, node, FD_I32), F(adj, lru_adjust, zone, FD_I32),
	F(adj, lru_adjust, from, FD_I32), F(adj, lru_adjust, to, FD_I32),
};
static const struct contract_field class_stat_fields[] = {
	F(st, class_stat, seq, FD_U64), F(st, class_stat, cls, FD_I32),
	F(st, class_stat, node, FD_I32), F(st, class_stat, zone, FD_I32), F(st, class_stat, active, FD_U64),
	F(st, class_stat, inactive, FD_U64), F(st, class_stat, unevictable, FD_U64),
	F(st, class_stat, zone_active, FD_U64), F(st, class_stat, zone_inactive, FD_U64),
	F(st, class_stat, zone_unevictable, FD_U64),
};
static const struct contract_field victim_fields[] = {
	F(v, victim, pass, FD_U64), F(v, victim, node, FD_I32),
	F(v, victim, priority, FD_I32), F(v, victim, cls, FD_I32),
	F(v, victim, usage, FD_U64), F(v, victim, share, FD_U64),
	F(v, victim, guarantee, FD_U64), F(v, victim, limit, FD_U64),
	F(v, victim, weight, FD_I32), F(v, victim, selected, FD_BOOL),
	F(v, victim, fallback, FD_BOOL), FO(victim, target, FD_I32),
};
static const struct contract_field reclaim_fields[] = {
	F(r, reclaim, pass, FD_U64), F(r, reclaim, node, FD_I32),
	F(r, reclaim, cls, FD_I32), F(r, reclaim, scanned, FD_U64),
	F(r, reclaim, skipped, FD_U64), F(r, reclaim, reclaimed, FD_U64),
	F(r, reclaim, fallback, FD_BOOL),
};
static const struct contract_field reparent_fields[] = {
	F(rp, reparent, cls, FD_I32), F(rp, reparent, parent, FD_I32),
};

#define EV(name, fields) { name, fields, (int)(sizeof(fields) / sizeof(fields[0])) }

const struct contract_event contract_events[CK_NR_KINDS] = {
	[CK_CLASSIFY] = EV("ckrm_classify", classify_fields),
	[CK_CLASS_CREATE] = EV("ckrm_class_create", class_fields),
	[CK_CLASS_DESTROY] = EV("ckrm_class_destroy", class_fields),
	[CK_CLASS_SHARES] = EV("ckrm_class_shares", shares_fields),
	[CK_PAGE_CLASS] = EV("ckrm_page_class", page_class_fields),
	[CK_MM_CLASS] = EV("ckrm_mm_class", mm_class_fields),
	[CK_LRU_ADD] = EV("ckrm_lru_add", lru_fields),
	[CK_LRU_DEL] = EV("ckrm_lru_del", lru_fields),
	[CK_LRU_ADJUST] = EV("ckrm_lru_adjust", lru_adjust_fields),
	[CK_CLASS_STAT] = EV("ckrm_class_stat", class_stat_fields),
	[CK_VICTIM_SELECT] = EV("ckrm_victim_select", victim_fields),
	[CK_RECLAIM] = EV("ckrm_reclaim", reclaim_fields),
	[CK_CLASS_REPARENT] = EV("ckrm_class_reparent", reparent_fields),
};

const char *kind_name(enum ckrm_kind kind)
{
	return (unsigned)kind < CK_NR_KINDS ? contract_events[kind].name : "?";
}

static const char *name_of(const char *const *names, int n, int32_t value)
{
	return value >= 0 && value < n ? names[value] : NULL;
}

const char *classify_event_name(int32_t event)
{
	static const char *const names[CE_NR] = { "fork", "exec", "exit", "setid", "useradd",
						  "userdel", "manual", "reclassify" };
	return name_of(names, CE_NR, event);
}

const char *classify_how_name(int32_t how)
{
	static const char *const names[CH_NR] = { "unchanged", "inherit", "engine", "manual", "parent" };
	return name_of(names, CH_NR, how);
}

const char *page_class_reason_name(int32_t reason)
{
	static const char *const names[PR_NR] = { "charge", "uncharge", "rmap_add", "rmap_remove", "migrate" };
	return name_of(names, PR_NR, reason);
}

const char *lru_name(int32_t lru)
{
	static const char *const names[LRU_NR] = { "inactive_anon", "active_anon", "inactive_file",
						   "active_file", "unevictable" };
	return name_of(names, LRU_NR, lru);
}

/* The symbolic name of an enumerated field, as trace-cmd prints it. */
static const char *symbol_for(enum ckrm_kind kind, const char *field, int32_t v)
{
	if (kind == CK_CLASSIFY && !strcmp(field, "event"))
		return classify_event_name(v);
	if (kind == CK_CLASSIFY && !strcmp(field, "how"))
		return classify_how_name(v);
	if (kind == CK_PAGE_CLASS && !strcmp(field, "reason"))
		return page_class_reason_name(v);
	if ((kind == CK_LRU_ADD || kind == CK_LRU_DEL || kind == CK_LRU_ADJUST) && !strcmp(field, "lru"))
		return lru_name(v);
	return NULL;
}

/* Printable text: control and non-ASCII bytes become '?'. */
static size_t put_text(char *buf, size_t len, const char *s, size_t n)
{
	size_t i, w = 0;

	for (i = 0; i < n && s[i] && w + 1 < len; i++)
		buf[w++] = (s[i] >= 0x20 && s[i] < 0x7f) ? s[i] : '?';
	if (len)
		buf[w] = '\0';
	return w;
}

/* "{3,1}": the elements kept, then "..." for those beyond CKRM_MAX_MAPPERS. */
static void format_array(char *buf, size_t len, enum field_dest dest, const void *p, int32_t count)
{
	int32_t i, kept = count < CKRM_MAX_MAPPERS ? count : CKRM_MAX_MAPPERS;
	size_t used = 0;
	int n;

	n = snprintf(buf, len, "{");
	used = n > 0 ? (size_t)n : 0;
	for (i = 0; i < kept && used + 1 < len; i++) {
		if (dest == FD_I32_ARRAY) {
			int32_t v;

			memcpy(&v, (const char *)p + (size_t)i * sizeof(v), sizeof(v));
			n = snprintf(buf + used, len - used, "%s%" PRId32, i ? "," : "", v);
		} else {
			uint64_t v;

			memcpy(&v, (const char *)p + (size_t)i * sizeof(v), sizeof(v));
			n = snprintf(buf + used, len - used, "%s%" PRIu64, i ? "," : "", v);
		}
		if (n < 0)
			break;
		used += (size_t)n;
	}
	if (used + 1 < len)
		snprintf(buf + used, len - used, "%s}", count > kept ? ",..." : "");
}

void format_event_fields(const struct ckrm_event *ev, char *buf, size_t len)
{
	const struct contract_event *ce;
	const char *base = (const char *)ev;
	size_t used = 0;
	int i;

	if (!len)
		return;
	buf[0] = '\0';
	if ((unsigned)ev->kind >= CK_NR_KINDS)
		return;
	ce = &contract_events[ev->kind];
	for (i = 0; i < ce->nr_fields && used + 1 < len; i++) {
		const struct contract_field *f = &ce->fields[i];
		const void *p = base + f->offset;
		char value[400];
		int32_t i32;
		uint32_t u32;
		uint64_t u64;
		bool b;
		const char *sym;
		struct text_ref t;

		switch (f->dest) {
		case FD_I32:
			memcpy(&i32, p, sizeof(i32));
			if (f->optional && i32 < 0)
				continue; /* not in this trace's format */
			sym = symbol_for(ev->kind, f->name, i32);
			if (sym)
				snprintf(value, sizeof(value), "%s", sym);
			else
				snprintf(value, sizeof(value), "%" PRId32, i32);
			break;
		case FD_U32:
			memcpy(&u32, p, sizeof(u32));
			snprintf(value, sizeof(value), "%" PRIu32, u32);
			break;
		case FD_U64:
			memcpy(&u64, p, sizeof(u64));
			if (!strcmp(f->name, "pfn"))
				snprintf(value, sizeof(value), "0x%" PRIx64, u64);
			else
				snprintf(value, sizeof(value), "%" PRIu64, u64);
			break;
		case FD_BOOL:
			memcpy(&b, p, sizeof(b));
			snprintf(value, sizeof(value), "%d", b ? 1 : 0);
			break;
		case FD_COMM:
			put_text(value, sizeof(value), p, CKRM_COMM_LEN);
			break;
		case FD_TEXT:
			memcpy(&t, p, sizeof(t));
			put_text(value, sizeof(value), t.ptr ? t.ptr : "", t.ptr ? t.len : 0);
			break;
		case FD_I32_ARRAY:
		case FD_U64_ARRAY:
			memcpy(&i32, base + f->count_offset, sizeof(i32));
			if (i32 < 0)
				continue; /* not in this trace's format */
			format_array(value, sizeof(value), f->dest, p, i32);
			break;
		default:
			value[0] = '\0';
		}
		int n = snprintf(buf + used, len - used, "%s%s=%s", used ? " " : "", f->name, value);
		if (n < 0)
			break;
		used += (size_t)n;
		if (used >= len)
			used = len - 1;
	}
}
