// SPDX-License-Identifier: GPL-2.0
#include "trace_input.h"
#include "crash_guard.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <trace-cmd.h>

#include "contract.h"
#include "cpustats.h"
#include "xalloc.h"

/*
 * libtracecmd (3.1.6) exports these but declares them only in its private
 * header. tracecmd_alloc_fd() and tracecmd_read_headers() are what
 * tracecmd_open() does before tracecmd_init_data(); calling them ourselves
 * lets us keep the file descriptor: when tracecmd_init_data() fails on a
 * damaged file, tracecmd_open() calls tracecmd_close() on a half-built
 * handle, which crashes (NULL dereference), so we never close such a handle.
 * tracecmd_get_trace_clock() gives the clock the trace was recorded with,
 * the selected one (in brackets) of the TRACECLOCK option the recorder
 * stored, or NULL without one; the string belongs to the handle.
 */
struct tracecmd_input *tracecmd_alloc_fd(int fd, int flags);
int tracecmd_read_headers(struct tracecmd_input *handle, int state);
const char *tracecmd_get_cpustats(struct tracecmd_input *handle);
const char *tracecmd_get_trace_clock(struct tracecmd_input *handle);

#define MAX_EVENT_ID 65535
#define MAX_CPUS 4096
#define NO_KIND 0xff

struct resolved_field {
	struct tep_format_field *field; /* libtraceevent's handle, for __data_loc fields */
	int offset, size;
	int elem_size;  /* arrays: bytes per element */
	bool is_signed, relative;
	bool absent;    /* an optional field this trace's format lacks */
	enum field_dest dest;
	size_t dest_offset, count_offset;
};

struct resolved_event {
	bool defined;
	const char *missing; /* a field the contract needs that the format lacks */
	char why[256];
	int min_size;        /* bytes a record needs for its fixed fields */
	struct resolved_field fields[CONTRACT_MAX_FIELDS];
	int nr_fields;
};

struct reader {
	struct tracecmd_input *handle;
	struct tep_handle *tep;
	struct analysis *a;
	int nr_cpus;
	int type_offset, type_size; /* common_type, the event id in every record */
	int type_end; /* bytes needed to read common_type */
	bool has_pid; /* common_pid: the task that emitted a record (--class follows a reclaimer by it) */
	int pid_offset, pid_size;
	bool swap;    /* the trace's byte order is not ours */
	uint8_t *kind_of_id; /* MAX_EVENT_ID + 1 entries */
	struct resolved_event events[CK_NR_KINDS];
	uint64_t *last_ts;   /* per CPU: where a lost-events marker starts */
	bool *seen;          /* per CPU: a record was read */
	char *err;
	size_t errlen;
	bool failed;
};

__attribute__((format(printf, 2, 3)))
static void fail(struct reader *r, const char *fmt, ...)
{
	va_list ap;

	if (r->failed)
		return;
	r->failed = true;
	va_start(ap, fmt);
	vsnprintf(r->err, r->errlen, fmt, ap);
	va_end(ap);
}

/*
 * libtracecmd prints its own diagnostics on a damaged file (perror, and
 * "Can not mmap file"); the user gets our one line instead.
 */
static int silence_stderr(void)
{
	int saved, null;

	fflush(stderr);
	saved = dup(STDERR_FILENO);
	null = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (null >= 0) {
		dup2(null, STDERR_FILENO);
		close(null);
	}
	return saved;
}

static void restore_stderr(int saved)
{
	if (saved < 0)
		return;
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
}

static bool size_fits(enum field_dest dest, int size)
{
	switch (dest) {
	case FD_I32:
	case FD_U32:
		return size == 1 || size == 2 || size == 4;
	case FD_U64:
	case FD_BOOL:
		return size == 1 || size == 2 || size == 4 || size == 8;
	case FD_COMM:
		return size >= 1;
	case FD_TEXT:
	case FD_I32_ARRAY:
	case FD_U64_ARRAY:
		return size == 4; /* the __data_loc word */
	}
	return false;
}

static bool is_dynamic_dest(enum field_dest dest)
{
	return dest == FD_TEXT || dest == FD_I32_ARRAY || dest == FD_U64_ARRAY;
}

/*
 * Bytes per element of a __data_loc array. libtraceevent gives the size
 * for char arrays only (elementsize) and flags longs (the trace's long
 * size); other element types are named in the field's type.
 */
static int array_element_size(struct tep_handle *tep, const struct tep_format_field *f)
{
	static const struct {
		const char *type;
		int size;
	} types[] = {
		{ "char", 1 },		{ "unsigned char", 1 },	     { "s8", 1 },  { "u8", 1 },
		{ "short", 2 },		{ "unsigned short", 2 },     { "s16", 2 }, { "u16", 2 },
		{ "int", 4 },		{ "unsigned int", 4 },	     { "s32", 4 }, { "u32", 4 },
		{ "long long", 8 },	{ "unsigned long long", 8 }, { "s64", 8 }, { "u64", 8 },
	};
	const char *t = f->type ? f->type : "";
	size_t n, i;

	if (f->elementsize > 0 && f->elementsize <= 8)
		return (int)f->elementsize;
	if (!strncmp(t, "__data_loc ", 11))
		t += 11;
	else if (!strncmp(t, "__rel_loc ", 10))
		t += 10;
	n = strlen(t);
	if (n < 2 || strcmp(t + n - 2, "[]"))
		return 0;
	n -= 2;
	if (f->flags & TEP_FIELD_IS_LONG || (n == 4 && !strncmp(t, "long", 4)) ||
	    (n == 13 && !strncmp(t, "unsigned long", 13)))
		return tep_get_long_size(tep);
	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (strlen(types[i].type) == n && !strncmp(t, types[i].type, n))
			return types[i].size;
	return 0;
}

static bool element_fits(enum field_dest dest, int elem_size)
{
	if (dest == FD_I32_ARRAY)
		return elem_size == 1 || elem_size == 2 || elem_size == 4;
	if (dest == FD_U64_ARRAY)
		return elem_size == 1 || elem_size == 2 || elem_size == 4 || elem_size == 8;
	return true;
}

static void resolve_event(struct reader *r, enum ckrm_kind kind)
{
	const struct contract_event *ce = &contract_events[kind];
	struct resolved_event *re = &r->events[kind];
	struct tep_event *ev = tep_find_event_by_name(r->tep, "ckrm", ce->name);
	struct tep_format_field *common;
	int i;

	if (!ev || ev->id < 0 || ev->id > MAX_EVENT_ID)
		return;
	re->defined = true;
	r->a->kind_defined[kind] = true;
	r->kind_of_id[ev->id] = (uint8_t)kind;
	common = tep_find_common_field(ev, "common_type");
	if (common && common->offset >= 0 && common->size > 0 && common->size <= 8 &&
	    common->offset + common->size > r->type_end) {
		r->type_offset = common->offset;
		r->type_size = common->size;
		r->type_end = common->offset + common->size;
	}
	common = tep_find_common_field(ev, "common_pid");
	if (!r->has_pid && common && common->offset >= 0 && common->size > 0 && common->size <= 8) {
		r->has_pid = true;
		r->pid_offset = common->offset;
		r->pid_size = common->size;
	}
	for (i = 0; i < ce->nr_fields; i++) {
		const struct contract_field *cf = &ce->fields[i];
		struct tep_format_field *f = tep_find_field(ev, cf->name);
		struct resolved_field *rf = &re->fields[i];
		bool dynamic = f && (f->flags & TEP_FIELD_IS_DYNAMIC);
		bool array = f && (f->flags & TEP_FIELD_IS_ARRAY);
		bool array_dest = cf->dest == FD_I32_ARRAY || cf->dest == FD_U64_ARRAY;

		rf->dest = cf->dest;
		rf->dest_offset = cf->offset;
		rf->count_offset = cf->count_offset;
		if (!f && cf->optional) {
			/* A kernel from before the field: the event says so (count -1). */
			rf->absent = true;
			continue;
		}
		if (!f) {
			re->missing = cf->name;
			if (!strcmp(cf->name, "node") && tep_find_field(ev, "zone"))
				snprintf(re->why, sizeof(re->why),
					 "have the old zone format ('zone' alone, node * MAX_NR_ZONES + zone; no 'node'), from a kernel before the node/zone split: not read by this ckrm-analyze");
			else if (!strcmp(cf->name, "pid") && kind == CK_MM_CLASS && tep_find_field(ev, "mm"))
				snprintf(re->why, sizeof(re->why),
					 "have the old format ('mm', a kernel pointer; no 'pid'), from a kernel before the pid field: not read by this ckrm-analyze");
			else
				snprintf(re->why, sizeof(re->why), "lack field '%s'", cf->name);
			return;
		}
		if (array_dest)
			rf->elem_size = array_element_size(r->tep, f);
		if (f->offset < 0 || f->size <= 0 || f->offset > 65535 || !size_fits(cf->dest, f->size) ||
		    is_dynamic_dest(cf->dest) != dynamic || (cf->dest == FD_COMM && !array) ||
		    (array_dest && (!array || !element_fits(cf->dest, rf->elem_size))) ||
		    (cf->dest != FD_TEXT && cf->dest != FD_COMM && !array_dest && array)) {
			re->missing = cf->name;
			snprintf(re->why, sizeof(re->why), "have field '%s' as '%s' (%d bytes), not as tracepoints/events.md defines it",
				 cf->name, f->type ? f->type : "?", f->size);
			return;
		}
		rf->field = f;
		rf->offset = f->offset;
		rf->size = f->size;
		rf->is_signed = f->flags & TEP_FIELD_IS_SIGNED;
		rf->relative = f->flags & TEP_FIELD_IS_RELATIVE;
		if (f->offset + f->size > re->min_size)
			re->min_size = f->offset + f->size;
	}
	re->nr_fields = ce->nr_fields;
}

/*
 * tep_read_number() without the call, for the trace's own byte order: a
 * million events have several million fields.
 */
static uint64_t read_unsigned(const struct reader *r, const unsigned char *p, int size)
{
	uint8_t v8;
	uint16_t v16;
	uint32_t v32;
	uint64_t v64;

	if (r->swap)
		return tep_read_number(r->tep, p, size);
	switch (size) {
	case 1:
		memcpy(&v8, p, 1);
		return v8;
	case 2:
		memcpy(&v16, p, 2);
		return v16;
	case 4:
		memcpy(&v32, p, 4);
		return v32;
	case 8:
		memcpy(&v64, p, 8);
		return v64;
	}
	return tep_read_number(r->tep, p, size);
}

static uint64_t read_number(struct reader *r, const unsigned char *p, int size, bool is_signed)
{
	uint64_t v = read_unsigned(r, p, size);

	if (is_signed && size < 8 && (v >> (size * 8 - 1)) & 1)
		v |= ~0ULL << (size * 8);
	return v;
}

/*
 * A __data_loc field's bytes inside the record. libtraceevent's encoding
 * (what tep_get_field_raw() decodes, without checking the bounds): the
 * field's word, read with tep_read_number_field(), holds the offset in its
 * low 16 bits and the length in its high 16; a relative (__rel_loc) offset
 * counts from the end of the word.
 */
static bool dynamic_data(struct reader *r, const struct tep_record *rec, enum ckrm_kind kind,
			 const struct resolved_field *f, const unsigned char **ptr, uint32_t *len)
{
	unsigned long long loc;
	uint32_t off;
	char ts[32];

	if (tep_read_number_field(f->field, rec->data, &loc) == 0) {
		off = (uint32_t)(loc & 0xffff);
		*len = (uint32_t)((loc >> 16) & 0xffff);
		if (f->relative)
			off += (uint32_t)(f->offset + f->size);
		if ((uint64_t)off + *len <= (uint64_t)rec->size) {
			*ptr = (const unsigned char *)rec->data + off;
			return true;
		}
	}
	format_time(rec->ts, r->a->trace.ts_unit, ts, sizeof(ts));
	fail(r, "damaged trace: a %s record at %s on CPU %d has %s outside the record", contract_events[kind].name, ts,
	     rec->cpu, f->dest == FD_TEXT ? "a string" : "an array");
	return false;
}

static bool decode(struct reader *r, const struct tep_record *rec, enum ckrm_kind kind, struct ckrm_event *ev)
{
	const struct resolved_event *re = &r->events[kind];
	const unsigned char *data = rec->data;
	char *base = (char *)ev;
	int i;

	if (rec->size < re->min_size) {
		char ts[32];

		format_time(rec->ts, r->a->trace.ts_unit, ts, sizeof(ts));
		fail(r, "damaged trace: a %s record at %s on CPU %d has %d bytes, its format needs %d",
		     contract_events[kind].name, ts, rec->cpu, rec->size, re->min_size);
		return false;
	}
	ev->kind = kind;
	ev->ts = rec->ts;
	ev->cpu = rec->cpu;
	ev->pid = -1;
	if (r->has_pid && r->pid_offset + r->pid_size <= rec->size)
		ev->pid = (int32_t)(uint32_t)read_number(r, data + r->pid_offset, r->pid_size, true);
	for (i = 0; i < re->nr_fields; i++) {
		const struct resolved_field *f = &re->fields[i];
		const unsigned char *p = data + f->offset;
		void *dst = base + f->dest_offset;
		uint64_t v;

		if (f->absent) {
			int32_t none = -1;

			memcpy(base + f->count_offset, &none, sizeof(none));
			continue;
		}
		switch (f->dest) {
		case FD_I32: {
			int32_t x = (int32_t)(uint32_t)read_number(r, p, f->size, f->is_signed);
			memcpy(dst, &x, sizeof(x));
			break;
		}
		case FD_U32: {
			uint32_t x = (uint32_t)read_number(r, p, f->size, false);
			memcpy(dst, &x, sizeof(x));
			break;
		}
		case FD_U64:
			v = read_number(r, p, f->size, f->is_signed);
			memcpy(dst, &v, sizeof(v));
			break;
		case FD_BOOL: {
			bool b = read_number(r, p, f->size, false) != 0;
			memcpy(dst, &b, sizeof(b));
			break;
		}
		case FD_COMM: {
			char *comm = dst;
			int n = f->size < CKRM_COMM_LEN ? f->size : CKRM_COMM_LEN;

			memcpy(comm, p, (size_t)n);
			comm[n] = '\0';
			break;
		}
		case FD_TEXT: {
			const unsigned char *s;
			uint32_t len;
			struct text_ref t;

			if (!dynamic_data(r, rec, kind, f, &s, &len))
				return false;
			t.ptr = (const char *)s;
			t.len = strnlen(t.ptr, len);
			memcpy(dst, &t, sizeof(t));
			break;
		}
		case FD_I32_ARRAY:
		case FD_U64_ARRAY: {
			const unsigned char *elems;
			uint32_t len, n, j;
			int32_t count;

			if (!dynamic_data(r, rec, kind, f, &elems, &len))
				return false;
			if (len % (uint32_t)f->elem_size) {
				char ts[32];

				format_time(rec->ts, r->a->trace.ts_unit, ts, sizeof(ts));
				fail(r, "damaged trace: a %s record at %s on CPU %d has an array of %" PRIu32 " bytes, not a multiple of its %d-byte elements",
				     contract_events[kind].name, ts, rec->cpu, len, f->elem_size);
				return false;
			}
			n = len / (uint32_t)f->elem_size;
			count = (int32_t)n;
			memcpy(base + f->count_offset, &count, sizeof(count));
			for (j = 0; j < n && j < CKRM_MAX_MAPPERS; j++) {
				v = read_number(r, elems + (size_t)j * (size_t)f->elem_size, f->elem_size, f->is_signed);
				if (f->dest == FD_I32_ARRAY) {
					int32_t x = (int32_t)(uint32_t)v;

					memcpy((char *)dst + j * sizeof(x), &x, sizeof(x));
				} else {
					memcpy((char *)dst + j * sizeof(v), &v, sizeof(v));
				}
			}
			break;
		}
		}
	}
	return true;
}

static int read_record(struct tracecmd_input *handle, struct tep_record *rec, int cpu_arg, void *data)
{
	struct reader *r = data;
	struct ckrm_event ev;
	int cpu = rec->cpu;
	int id, kind;

	(void)handle;
	(void)cpu_arg;
	if (cpu < 0 || cpu >= r->nr_cpus) {
		fail(r, "damaged trace: a record on CPU %d, but the trace has %d CPUs", cpu, r->nr_cpus);
		return -1;
	}
	if (rec->missed_events)
		analysis_loss(r->a, cpu, LOSS_MISSED_IN_DATA, rec->missed_events > 0 ? rec->missed_events : -1,
			      r->seen[cpu] ? r->last_ts[cpu] : 0);
	r->seen[cpu] = true;
	r->last_ts[cpu] = rec->ts;
	r->a->trace.records++;
	r->a->trace.records_per_cpu[cpu]++;
	if (!rec->data || rec->size < r->type_end || r->type_end <= 0)
		return 0;
	/* What tep_data_type() reads, from the offsets resolved at the start. */
	id = (int)read_unsigned(r, (const unsigned char *)rec->data + r->type_offset, r->type_size);
	if (id < 0 || id > MAX_EVENT_ID || (kind = r->kind_of_id[id]) == NO_KIND)
		return 0;
	if (r->events[kind].missing) {
		fail(r, "ckrm events %s in this trace %s", contract_events[kind].name, r->events[kind].why);
		return -1;
	}
	crash_guard_test_hook();
	if (!decode(r, rec, (enum ckrm_kind)kind, &ev))
		return -1;
	analysis_feed(r->a, &ev);
	return 0;
}

/* libtracecmd calls this for each record: from here to the return, the code is ours. */
static int on_record(struct tracecmd_input *handle, struct tep_record *rec, int cpu_arg, void *data)
{
	int ret;

	crash_guard_own(true);
	ret = read_record(handle, rec, cpu_arg, data);
	crash_guard_own(false);
	return ret;
}

/* Stored statistics: losses, and records the recorder wrote but we did not read. */
static void account_stats(struct reader *r)
{
	const char *text = tracecmd_get_cpustats(r->handle);
	struct cpu_stat *stats = xcalloc((size_t)r->nr_cpus, sizeof(*stats));
	struct analysis *a = r->a;
	int cpu;

	a->trace.has_cpustats = text != NULL;
	cpustats_parse(text, stats, r->nr_cpus);
	for (cpu = 0; cpu < r->nr_cpus; cpu++) {
		const struct cpu_stat *s = &stats[cpu];

		if (!s->present || !s->has_entries || !s->has_overrun) {
			analysis_loss(a, cpu, LOSS_NO_STATS, -1, 0);
			continue;
		}
		if (s->has_read && a->trace.records_per_cpu[cpu] < s->read) {
			fail(r, "damaged or truncated trace: CPU %d holds %" PRIu64 " of the %" PRIu64 " events recorded", cpu,
			     a->trace.records_per_cpu[cpu], s->read);
			break;
		}
		/* Entries never read are the newest: the replay is exact up to
		 * the last event recorded on that CPU. */
		analysis_loss(a, cpu, LOSS_ENTRIES_LEFT, (int64_t)(s->entries & INT64_MAX),
			      r->seen[cpu] ? r->last_ts[cpu] : 0);
		analysis_loss(a, cpu, LOSS_OVERRUN, (int64_t)(s->overrun & INT64_MAX), 0);
		if (s->has_commit_overrun)
			analysis_loss(a, cpu, LOSS_COMMIT_OVERRUN, (int64_t)(s->commit_overrun & INT64_MAX), 0);
		if (s->has_dropped)
			analysis_loss(a, cpu, LOSS_DROPPED, (int64_t)(s->dropped & INT64_MAX), 0);
	}
	free(stats);
}

static bool any_ckrm_defined(const struct reader *r)
{
	int k;

	for (k = 0; k < CK_NR_KINDS; k++)
		if (r->events[k].defined)
			return true;
	return false;
}

static int open_trace(struct reader *r, const char *path)
{
	struct stat st;
	int fd, quiet, ret;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		fail(r, "%s", strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) < 0) {
		fail(r, "%s", strerror(errno));
		close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		fail(r, "%s", S_ISDIR(st.st_mode) ? "is a directory, not a trace.dat" : "not a regular file");
		close(fd);
		return -1;
	}
	if (st.st_size == 0) {
		fail(r, "empty file, not a trace.dat");
		close(fd);
		return -1;
	}
	tracecmd_set_loglevel(TEP_LOG_NONE);
	quiet = silence_stderr();
	r->handle = tracecmd_alloc_fd(fd, TRACECMD_FL_LOAD_NO_PLUGINS);
	if (!r->handle) {
		restore_stderr(quiet);
		close(fd);
		fail(r, "not a trace-cmd data file (trace.dat)");
		return -1;
	}
	tep_set_loglevel(TEP_LOG_NONE);
	if (tracecmd_read_headers(r->handle, 0) < 0) {
		restore_stderr(quiet);
		tracecmd_close(r->handle); /* closes fd */
		r->handle = NULL;
		fail(r, "damaged or truncated trace.dat: its headers cannot be read");
		return -1;
	}
	ret = tracecmd_init_data(r->handle);
	restore_stderr(quiet);
	if (ret < 0) {
		/* See the declarations above: free what we can, never close. */
		tep_free(tracecmd_get_tep(r->handle));
		close(fd);
		r->handle = NULL;
		fail(r, "damaged or truncated trace.dat: its event data cannot be read");
		return -1;
	}
	r->tep = tracecmd_get_tep(r->handle);
	return 0;
}

int trace_input_read(const char *path, struct analysis *a, char *err, size_t errlen)
{
	struct reader r;
	int k;

	memset(&r, 0, sizeof(r));
	r.a = a;
	r.err = err;
	r.errlen = errlen;
	if (errlen)
		err[0] = '\0';
	a->trace.path = path;
	if (open_trace(&r, path) < 0)
		return -1;

	r.nr_cpus = tep_get_cpus(r.tep);
	if (r.nr_cpus <= 0 || r.nr_cpus > MAX_CPUS) {
		fail(&r, "damaged trace.dat: it claims %d CPUs", r.nr_cpus);
		goto out;
	}
	a->trace.nr_cpus = r.nr_cpus;
	/* Before any event: the clock says what the timestamps count. */
	analysis_set_clock(a, tracecmd_get_trace_clock(r.handle));
	a->trace.records_per_cpu = xcalloc((size_t)r.nr_cpus, sizeof(uint64_t));
	r.last_ts = xcalloc((size_t)r.nr_cpus, sizeof(*r.last_ts));
	r.seen = xcalloc((size_t)r.nr_cpus, sizeof(*r.seen));
	r.swap = tep_is_file_bigendian(r.tep) != tep_is_local_bigendian(r.tep);
	r.kind_of_id = xmalloc(MAX_EVENT_ID + 1);
	memset(r.kind_of_id, NO_KIND, MAX_EVENT_ID + 1);
	for (k = 0; k < CK_NR_KINDS; k++)
		resolve_event(&r, (enum ckrm_kind)k);
	if (!any_ckrm_defined(&r)) {
		fail(&r, "no ckrm events in this trace (its kernel has no ckrm tracepoints)");
		goto out;
	}

	tracecmd_iterate_events(r.handle, NULL, 0, on_record, &r);
	if (r.failed)
		goto out;
	account_stats(&r);
	if (r.failed)
		goto out;
	if (!a->ckrm_events)
		fail(&r, "no ckrm events in this trace (record with -e ckrm on a CKRM kernel)");
out:
	free(r.kind_of_id);
	free(r.last_ts);
	free(r.seen);
	tracecmd_close(r.handle);
	return r.failed ? -1 : 0;
}
