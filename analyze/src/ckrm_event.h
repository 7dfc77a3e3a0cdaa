/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One ckrm trace event, decoded. The replay and the checks consume only this
 * struct, never a trace record, so that they can be tested on in-memory
 * event sequences (tests/unit_*.c), including the memory-controller events
 * that the kernel does not emit yet. Field meanings: tracepoints/events.md.
 */
#ifndef CKRM_EVENT_H
#define CKRM_EVENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum ckrm_kind {
	CK_CLASSIFY,
	CK_CLASS_CREATE,
	CK_CLASS_DESTROY,
	CK_CLASS_SHARES,
	CK_PAGE_CLASS,
	CK_MM_CLASS,
	CK_LRU_ADD,
	CK_LRU_DEL,
	CK_LRU_ADJUST,
	CK_CLASS_STAT,
	CK_VICTIM_SELECT,
	CK_RECLAIM,
	/* Last, so that the other kinds keep their numbers in the fuzzer's streams. */
	CK_CLASS_REPARENT,
	CK_NR_KINDS
};

/* A string inside the trace record: valid only while the event is handled. */
struct text_ref {
	const char *ptr;
	size_t len;
};

#define CKRM_COMM_LEN 16

struct ev_classify {
	int32_t event; /* enum classify_event */
	int32_t pid;
	char comm[CKRM_COMM_LEN + 1];
	uint32_t uid;
	int32_t from, to;
	int32_t how; /* enum classify_how */
};

/* ckrm_class_create and ckrm_class_destroy share their fields. */
struct ev_class {
	int32_t id, parent;
	struct text_ref path;
};

struct ev_shares {
	int32_t id;
	struct text_ref res;
	int32_t old_guarantee, old_limit, old_total_guarantee, old_max_limit;
	int32_t guarantee, limit, total_guarantee, max_limit;
};

/*
 * The candidates of an rmap decision (mapper_cls, mapper_share): the
 * contract lists at most 16 (rmap_remove) or 2 (rmap_add). nr_cls and
 * nr_share are the lengths the event gives (-1: the trace's format has no
 * such field, a kernel from before the arrays); the first
 * CKRM_MAX_MAPPERS elements are kept.
 */
#define CKRM_MAX_MAPPERS 16

struct ev_page_class {
	uint64_t pfn;
	int32_t nr, from, to;
	int32_t reason; /* enum page_class_reason */
	int32_t nr_cls, nr_share;
	int32_t mapper_cls[CKRM_MAX_MAPPERS];
	uint64_t mapper_share[CKRM_MAX_MAPPERS];
};

/* The address space is named by the thread group using it (its tgid). */
struct ev_mm_class {
	int32_t pid;
	int32_t from, to;
	uint64_t walked, moved;
};

/*
 * A zone is its node and its index in the node (zone), as the kernel's
 * vmscan events name it. ckrm_lru_add and ckrm_lru_del share their fields.
 */
struct ev_lru {
	uint64_t pfn;
	int32_t nr, lru, node, zone, cls;
};

struct ev_lru_adjust {
	uint64_t pfn;
	int32_t nr, lru, node, zone, from, to;
};

struct ev_class_stat {
	uint64_t seq;
	int32_t cls, node, zone;
	uint64_t active, inactive, unevictable;
	uint64_t zone_active, zone_inactive, zone_unevictable;
};

struct ev_victim_select {
	uint64_t pass;
	int32_t node, priority, cls;
	uint64_t usage, share, guarantee, limit;
	int32_t weight;
	bool selected, fallback;
	/* 1: a class's limit reclaim, its one victim whatever the shares; -1: a format without the field */
	int32_t target;
};

struct ev_reclaim {
	uint64_t pass;
	int32_t node, cls;
	uint64_t scanned, skipped, reclaimed;
	bool fallback;
};

/* A removed class's LRU charges and counts became its parent's. */
struct ev_class_reparent {
	int32_t cls, parent;
};

struct ckrm_event {
	enum ckrm_kind kind;
	uint64_t ts; /* the trace's clock: nanoseconds, or event numbers (counter) */
	int cpu;
	int32_t pid; /* the task that emitted it (common_pid); -1 unknown (the fuzzer's streams) */
	union {
		struct ev_classify classify;
		struct ev_class class_change;
		struct ev_shares shares;
		struct ev_page_class page_class;
		struct ev_mm_class mm_class;
		struct ev_lru lru;
		struct ev_lru_adjust lru_adjust;
		struct ev_class_stat class_stat;
		struct ev_victim_select victim;
		struct ev_reclaim reclaim;
		struct ev_class_reparent reparent;
	} u;
};

/* Enumerations stored as integers in the events (tracepoints/events.md). */
enum classify_event { CE_FORK, CE_EXEC, CE_EXIT, CE_SETID, CE_USERADD, CE_USERDEL, CE_MANUAL, CE_RECLASSIFY, CE_NR };
enum classify_how { CH_UNCHANGED, CH_INHERIT, CH_ENGINE, CH_MANUAL, CH_PARENT, CH_NR };
enum page_class_reason { PR_CHARGE, PR_UNCHARGE, PR_RMAP_ADD, PR_RMAP_REMOVE, PR_MIGRATE, PR_NR };
enum lru_list_id { LRU_INACTIVE_ANON, LRU_ACTIVE_ANON, LRU_INACTIVE_FILE, LRU_ACTIVE_FILE, LRU_UNEVICTABLE, LRU_NR };

#endif
