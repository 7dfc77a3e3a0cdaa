// SPDX-License-Identifier: GPL-2.0
#include "trace_input.h"

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
 */
struct tracecmd_input *tracecmd_alloc_fd(int fd, int flags);
int tracecmd_read_headers(struct tracecmd_input *handle, int state);
const char *tracecmd_get_cpustats(struct tracecmd_input *handle);

#define MAX_EVENT_ID 65535
#define MAX_CPUS 4096
#define NO_KIND 0xff

struct resolved_field {
	int offset, size;
	bool is_signed, relative;
	enum field_dest dest;
	size_t dest_offset;
};

struct resolved_event {
	bool defined;
	const char *missing; /* a field the contract needs that the format lacks */
	char why[160];
	int min_size;        /* bytes a record needs for its fixed fields */
	struct resolved_field fields[CONTRACT_MAX_FIELDS];
	int nr_fields;
};

struct reader {
	struct tracecmd_input *handle;
	struct tep_handle *tep;
	struct analysis *a;
	int nr_cpus;
	int type_end; /* bytes needed to read common_type */
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
		return size == 4;
	}
	return false;
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
	if (common && common->offset >= 0 && common->size > 0 && common->offset + common->size > r->type_end)
		r->type_end = common->offset + common->size;
	for (i = 0; i < ce->nr_fields; i++) {
		const struct contract_field *cf = &ce->fields[i];
		struct tep_format_field *f = tep_find_field(ev, cf->name);
		struct resolved_field *rf = &re->fields[i];
		bool dynamic = f && (f->flags & TEP_FIELD_IS_DYNAMIC);
		bool array = f && (f->flags & TEP_FIELD_IS_ARRAY);

		if (!f) {
			re->missing = cf->name;
			snprintf(re->why, sizeof(re->why), "lack field '%s'", cf->name);
			return;
		}
		if (f->offset < 0 || f->size <= 0 || f->offset > 65535 || !size_fits(cf->dest, f->size) ||
		    (cf->dest == FD_TEXT) != dynamic || (cf->dest == FD_COMM && !array) ||
		    (cf->dest != FD_TEXT && cf->dest != FD_COMM && array)) {
			re->missing = cf->name;
			snprintf(re->why, sizeof(re->why), "have field '%s' as '%s' (%d bytes), not as tracepoints/events.md defines it",
				 cf->name, f->type ? f->type : "?", f->size);
			return;
		}
		rf->offset = f->offset;
		rf->size = f->size;
		rf->is_signed = f->flags & TEP_FIELD_IS_SIGNED;
		rf->relative = f->flags & TEP_FIELD_IS_RELATIVE;
		rf->dest = cf->dest;
		rf->dest_offset = cf->offset;
		if (f->offset + f->size > re->min_size)
			re->min_size = f->offset + f->size;
	}
	re->nr_fields = ce->nr_fields;
}

static uint64_t read_number(struct reader *r, const unsigned char *p, int size, bool is_signed)
{
	uint64_t v = tep_read_number(r->tep, p, size);

	if (is_signed && size < 8 && (v >> (size * 8 - 1)) & 1)
		v |= ~0ULL << (size * 8);
	return v;
}

static bool decode(struct reader *r, const struct tep_record *rec, enum ckrm_kind kind, struct ckrm_event *ev)
{
	const struct resolved_event *re = &r->events[kind];
	const unsigned char *data = rec->data;
	char *base = (char *)ev;
	int i;

	if (rec->size < re->min_size) {
		char ts[32];

		format_ts(rec->ts, ts, sizeof(ts));
		fail(r, "damaged trace: a %s record at %s on CPU %d has %d bytes, its format needs %d",
		     contract_events[kind].name, ts, rec->cpu, rec->size, re->min_size);
		return false;
	}
	ev->kind = kind;
	ev->ts = rec->ts;
	ev->cpu = rec->cpu;
	for (i = 0; i < re->nr_fields; i++) {
		const struct resolved_field *f = &re->fields[i];
		const unsigned char *p = data + f->offset;
		void *dst = base + f->dest_offset;
		uint64_t v;

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
			/* __data_loc: offset in the low 16 bits, length in the high. */
			uint32_t loc = (uint32_t)read_number(r, p, 4, false);
			uint32_t off = loc & 0xffff, len = loc >> 16;
			struct text_ref t;

			if (f->relative)
				off += (uint32_t)(f->offset + f->size);
			if ((uint64_t)off + len > (uint64_t)rec->size) {
				char ts[32];

				format_ts(rec->ts, ts, sizeof(ts));
				fail(r, "damaged trace: a %s record at %s on CPU %d has a string outside the record",
				     contract_events[kind].name, ts, rec->cpu);
				return false;
			}
			t.ptr = (const char *)data + off;
			t.len = strnlen(t.ptr, len);
			memcpy(dst, &t, sizeof(t));
			break;
		}
		}
	}
	return true;
}

static int on_record(struct tracecmd_input *handle, struct tep_record *rec, int cpu_arg, void *data)
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
	id = tep_data_type(r->tep, rec);
	if (id < 0 || id > MAX_EVENT_ID || (kind = r->kind_of_id[id]) == NO_KIND)
		return 0;
	if (r->events[kind].missing) {
		fail(r, "ckrm events %s in this trace %s", contract_events[kind].name, r->events[kind].why);
		return -1;
	}
	if (!decode(r, rec, (enum ckrm_kind)kind, &ev))
		return -1;
	analysis_feed(r->a, &ev);
	return 0;
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
	a->trace.records_per_cpu = xcalloc((size_t)r.nr_cpus, sizeof(uint64_t));
	r.last_ts = xcalloc((size_t)r.nr_cpus, sizeof(*r.last_ts));
	r.seen = xcalloc((size_t)r.nr_cpus, sizeof(*r.seen));
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
