// SPDX-License-Identifier: GPL-2.0
#include "event_stream.h"

#include <stdbool.h>
#include <string.h>

#include "contract.h"
#include "xalloc.h"

#define NR_OPS 15
#define OP_MARKER 13
#define OP_STAT 14
_Static_assert(CK_NR_KINDS == OP_MARKER, "event kinds are the ops below the marker");
#define TS_RAW 0xf0
#define NUM_SMALL_END 0xfc
#define MAX_TEXT 64
#define MAX_CPUS 4
#define MAX_STATS 64
#define FLAG_CPUSTATS 1
#define FLAG_NO_MAPPER_ARRAYS 2
#define FLAG_EXPLAIN_ROOT 4 /* --class /: the explanation runs on the stream too */

static const char *const clocks[] = { NULL, "counter", "global", "local", "x-odd\t" };

struct cursor {
	const uint8_t *p, *end;
	bool short_read; /* the item ran past the end: drop it */
};

static uint8_t next_byte(struct cursor *c)
{
	if (c->p >= c->end) {
		c->short_read = true;
		return 0;
	}
	return *c->p++;
}

static uint64_t next_raw(struct cursor *c, int bytes)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < bytes; i++)
		v |= (uint64_t)next_byte(c) << (8 * i);
	return v;
}

/*
 * The number encoding: small values in one byte, anything in up to nine.
 * A small value is the byte itself, so that libFuzzer's comparison
 * feedback (a field compared with 5: put 5 where the field's value was)
 * lands on the field.
 */
static uint64_t next_number(struct cursor *c)
{
	uint8_t b = next_byte(c);

	if (b < NUM_SMALL_END)
		return b;
	if (b == 0xfc)
		return next_raw(c, 2);
	if (b == 0xfd)
		return next_raw(c, 4);
	return next_raw(c, 8);
}

/* What the trace input gives for each destination type (src/trace_input.c). */
static void next_field(struct cursor *c, const struct contract_field *f, bool arrays_absent, char *base)
{
	void *dst = base + f->offset;

	switch (f->dest) {
	case FD_I32: {
		int32_t x = (int32_t)(uint32_t)next_number(c);
		memcpy(dst, &x, sizeof(x));
		break;
	}
	case FD_U32: {
		uint32_t x = (uint32_t)next_number(c);
		memcpy(dst, &x, sizeof(x));
		break;
	}
	case FD_U64: {
		uint64_t x = next_number(c);
		memcpy(dst, &x, sizeof(x));
		break;
	}
	case FD_BOOL: {
		bool x = next_byte(c) & 1;
		memcpy(dst, &x, sizeof(x));
		break;
	}
	case FD_COMM: {
		size_t n = next_byte(c) % (CKRM_COMM_LEN + 1), i;
		char *comm = dst;

		for (i = 0; i < n; i++)
			comm[i] = (char)next_byte(c);
		comm[n] = '\0';
		break;
	}
	case FD_TEXT: {
		size_t n = next_byte(c) % (MAX_TEXT + 1);
		struct text_ref t;

		if ((size_t)(c->end - c->p) < n) {
			c->short_read = true;
			return;
		}
		t.ptr = (const char *)c->p;
		t.len = strnlen(t.ptr, n); /* the trace input stops at a NUL too */
		c->p += n;
		memcpy(dst, &t, sizeof(t));
		break;
	}
	case FD_I32_ARRAY:
	case FD_U64_ARRAY: {
		/* A record's array is at most 65535 bytes; only 16 elements are kept. */
		int32_t count = arrays_absent ? -1 : (int32_t)(next_number(c) & 0xffff);
		int32_t i;

		memcpy(base + f->count_offset, &count, sizeof(count));
		for (i = 0; i < count && i < CKRM_MAX_MAPPERS; i++) {
			if (f->dest == FD_I32_ARRAY) {
				int32_t x = (int32_t)(uint32_t)next_number(c);

				memcpy((char *)dst + (size_t)i * sizeof(x), &x, sizeof(x));
			} else {
				uint64_t x = next_number(c);

				memcpy((char *)dst + (size_t)i * sizeof(x), &x, sizeof(x));
			}
		}
		break;
	}
	}
}

struct pending_stat {
	int cpu;
	enum loss_kind kind;
	int64_t count;
};

struct stream {
	struct analysis *a;
	struct cursor c;
	int nr_cpus;
	uint8_t flags;
	uint64_t ts;
	uint64_t last_ts[MAX_CPUS];
	bool seen[MAX_CPUS];
	struct pending_stat stats[MAX_STATS];
	int nr_stats;
};

static void next_event(struct stream *s, enum ckrm_kind kind)
{
	const struct contract_event *ce = &contract_events[kind];
	struct ckrm_event ev;
	uint8_t t = next_byte(&s->c);
	int i;

	memset(&ev, 0, sizeof(ev));
	ev.kind = kind;
	ev.ts = t < TS_RAW ? s->ts + t : next_raw(&s->c, 8);
	ev.cpu = next_byte(&s->c) % s->nr_cpus;
	ev.pid = -1; /* not in the encoding: --class then follows a reclaimer by its CPU */
	for (i = 0; i < ce->nr_fields; i++)
		next_field(&s->c, &ce->fields[i], s->flags & FLAG_NO_MAPPER_ARRAYS, (char *)&ev);
	if (s->c.short_read)
		return;
	s->ts = ev.ts;
	s->a->kind_defined[kind] = true;
	s->a->trace.records++;
	s->a->trace.records_per_cpu[ev.cpu]++;
	s->seen[ev.cpu] = true;
	s->last_ts[ev.cpu] = ev.ts;
	analysis_feed(s->a, &ev);
}

/* As the trace input: the loss runs from the CPU's previous record. */
static void next_marker(struct stream *s)
{
	int cpu = next_byte(&s->c) % s->nr_cpus;
	int64_t count = (int64_t)(next_number(&s->c) & INT64_MAX);

	if (s->c.short_read)
		return;
	analysis_loss(s->a, cpu, LOSS_MISSED_IN_DATA, count > 0 ? count : -1, s->seen[cpu] ? s->last_ts[cpu] : 0);
}

static void next_stat(struct stream *s)
{
	static const enum loss_kind kinds[] = { LOSS_ENTRIES_LEFT, LOSS_OVERRUN, LOSS_COMMIT_OVERRUN, LOSS_DROPPED,
						LOSS_NO_STATS };
	struct pending_stat st;

	st.cpu = next_byte(&s->c) % s->nr_cpus;
	st.kind = kinds[next_byte(&s->c) % (sizeof(kinds) / sizeof(kinds[0]))];
	st.count = (int64_t)(next_number(&s->c) & INT64_MAX);
	if (s->c.short_read || s->nr_stats == MAX_STATS)
		return;
	if (st.kind == LOSS_NO_STATS)
		st.count = -1;
	s->stats[s->nr_stats++] = st;
}

/* After the last event, as the trace input reads the stored statistics. */
static void apply_stats(struct stream *s)
{
	int i;

	for (i = 0; i < s->nr_stats; i++) {
		const struct pending_stat *st = &s->stats[i];
		uint64_t since = st->kind == LOSS_ENTRIES_LEFT && s->seen[st->cpu] ? s->last_ts[st->cpu] : 0;

		analysis_loss(s->a, st->cpu, st->kind, st->count, since);
	}
}

uint64_t event_stream_run(const uint8_t *data, size_t size, struct analysis *a)
{
	struct stream s;
	uint16_t defined;
	int k;

	memset(&s, 0, sizeof(s));
	s.a = a;
	s.c.p = data;
	s.c.end = data + size;
	analysis_init(a);
	a->trace.path = "(event stream)";
	analysis_set_clock(a, clocks[next_byte(&s.c) % (sizeof(clocks) / sizeof(clocks[0]))]);
	s.nr_cpus = 1 + next_byte(&s.c) % MAX_CPUS;
	s.flags = next_byte(&s.c);
	defined = (uint16_t)next_raw(&s.c, 2);
	a->trace.nr_cpus = s.nr_cpus;
	a->trace.records_per_cpu = xcalloc((size_t)s.nr_cpus, sizeof(uint64_t));
	a->trace.has_cpustats = s.flags & FLAG_CPUSTATS;
	for (k = 0; k < CK_NR_KINDS; k++)
		a->kind_defined[k] = defined & (1u << k);
	if (s.flags & FLAG_EXPLAIN_ROOT)
		explain_start(a, "/", true);

	while (!s.c.short_read && s.c.p < s.c.end) {
		uint8_t op = next_byte(&s.c) % NR_OPS;

		if (op < OP_MARKER)
			next_event(&s, (enum ckrm_kind)op);
		else if (op == OP_MARKER)
			next_marker(&s);
		else
			next_stat(&s);
	}
	if (!(s.flags & FLAG_CPUSTATS))
		for (k = 0; k < s.nr_cpus; k++)
			analysis_loss(a, k, LOSS_NO_STATS, -1, 0);
	apply_stats(&s);
	analysis_finish(a);
	return a->ckrm_events;
}

size_t event_stream_encode_header(const char *clock, int nr_cpus, uint8_t *out)
{
	uint8_t c = 0;
	size_t i;

	for (i = 1; clock && i < sizeof(clocks) / sizeof(clocks[0]); i++)
		if (!strcmp(clock, clocks[i]))
			c = (uint8_t)i;
	out[0] = c;
	out[1] = (uint8_t)((nr_cpus > 0 ? nr_cpus - 1 : 0) % MAX_CPUS);
	out[2] = FLAG_CPUSTATS;
	out[3] = 0xff;
	out[4] = 0xff;
	return EVENT_STREAM_HEADER;
}

static size_t put_raw(uint8_t *out, uint64_t v, int bytes)
{
	int i;

	for (i = 0; i < bytes; i++)
		out[i] = (uint8_t)(v >> (8 * i));
	return (size_t)bytes;
}

static size_t put_number(uint8_t *out, uint64_t v, bool is_signed)
{
	if (v < NUM_SMALL_END) {
		out[0] = (uint8_t)v;
		return 1;
	}
	/* Signed 32-bit fields travel as their 32 bits. */
	if (is_signed)
		v = (uint32_t)v;
	out[0] = v <= 0xffff ? 0xfc : v <= 0xffffffffu ? 0xfd : 0xfe;
	return 1 + put_raw(out + 1, v, out[0] == 0xfc ? 2 : out[0] == 0xfd ? 4 : 8);
}

size_t event_stream_encode_event(const struct ckrm_event *ev, uint8_t *out)
{
	const struct contract_event *ce = &contract_events[ev->kind];
	const char *base = (const char *)ev;
	size_t n = 0;
	int i;

	out[n++] = (uint8_t)ev->kind; /* its op */
	out[n++] = TS_RAW;
	n += put_raw(out + n, ev->ts, 8);
	out[n++] = (uint8_t)ev->cpu;
	for (i = 0; i < ce->nr_fields; i++) {
		const struct contract_field *f = &ce->fields[i];
		const char *src = base + f->offset;

		switch (f->dest) {
		case FD_I32: {
			int32_t x;
			memcpy(&x, src, sizeof(x));
			n += put_number(out + n, (uint64_t)(int64_t)x, true);
			break;
		}
		case FD_U32: {
			uint32_t x;
			memcpy(&x, src, sizeof(x));
			n += put_number(out + n, x, false);
			break;
		}
		case FD_U64: {
			uint64_t x;
			memcpy(&x, src, sizeof(x));
			n += put_number(out + n, x, false);
			break;
		}
		case FD_BOOL: {
			bool x;
			memcpy(&x, src, sizeof(x));
			out[n++] = x;
			break;
		}
		case FD_COMM: {
			size_t len = strnlen(src, CKRM_COMM_LEN);

			out[n++] = (uint8_t)len;
			memcpy(out + n, src, len);
			n += len;
			break;
		}
		case FD_TEXT: {
			struct text_ref t;
			size_t len;

			memcpy(&t, src, sizeof(t));
			len = t.len < MAX_TEXT ? t.len : MAX_TEXT;
			out[n++] = (uint8_t)len;
			memcpy(out + n, t.ptr, len);
			n += len;
			break;
		}
		case FD_I32_ARRAY:
		case FD_U64_ARRAY: {
			int32_t count, j;

			memcpy(&count, base + f->count_offset, sizeof(count));
			if (count < 0)
				count = 0;
			n += put_number(out + n, (uint64_t)count, false);
			for (j = 0; j < count && j < CKRM_MAX_MAPPERS; j++) {
				if (f->dest == FD_I32_ARRAY) {
					int32_t x;

					memcpy(&x, src + (size_t)j * sizeof(x), sizeof(x));
					n += put_number(out + n, (uint64_t)(int64_t)x, true);
				} else {
					uint64_t x;

					memcpy(&x, src + (size_t)j * sizeof(x), sizeof(x));
					n += put_number(out + n, x, false);
				}
			}
			break;
		}
		}
	}
	return n;
}
