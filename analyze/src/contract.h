/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracepoints/events.md as data: for each ckrm event, the fields the
 * analyzer reads and where each one lands in struct ckrm_event. The trace
 * input resolves these names against the trace's own format descriptions
 * once; the reports use the same table to print an event's fields.
 */
#ifndef CONTRACT_H
#define CONTRACT_H

#include "ckrm_event.h"

enum field_dest {
	FD_I32,  /* int, pid_t: any signed or unsigned integer of 1, 2 or 4 bytes */
	FD_U32,  /* u32 */
	FD_U64,  /* u64, unsigned long: 1 to 8 bytes */
	FD_BOOL, /* bool: 1 to 8 bytes, non-zero is true */
	FD_COMM, /* char[16]: a fixed array */
	FD_TEXT, /* __data_loc char[]: a dynamic string */
	FD_I32_ARRAY, /* __data_loc int[]: elements of 1, 2 or 4 bytes, into int32_t[CKRM_MAX_MAPPERS] */
	FD_U64_ARRAY, /* __data_loc unsigned long[]: elements of 1 to 8 bytes, into uint64_t[CKRM_MAX_MAPPERS] */
};

struct contract_field {
	const char *name;
	enum field_dest dest;
	size_t offset;       /* of the value inside struct ckrm_event */
	size_t count_offset; /* arrays: of the int32_t length (-1 when the format lacks the field) */
	bool optional;       /* a trace whose format lacks the field is still read (count -1) */
};

#define CONTRACT_MAX_FIELDS 12

struct contract_event {
	const char *name; /* without the "ckrm:" system */
	const struct contract_field *fields;
	int nr_fields;
};

extern const struct contract_event contract_events[CK_NR_KINDS];

const char *kind_name(enum ckrm_kind kind);
const char *classify_event_name(int32_t event);
const char *classify_how_name(int32_t how);
const char *page_class_reason_name(int32_t reason);
const char *lru_name(int32_t lru);

/*
 * "name=value ..." for every field of an event, as trace-cmd prints them.
 * Only called for reports and for the first violation of a check: never
 * on the per-event path.
 */
void format_event_fields(const struct ckrm_event *ev, char *buf, size_t len);

#endif
