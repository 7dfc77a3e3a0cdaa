// SPDX-License-Identifier: GPL-2.0
#include "losses.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

void losses_init(struct losses *l)
{
	memset(l, 0, sizeof(*l));
	l->taint_ts = UINT64_MAX;
}

void losses_free(struct losses *l)
{
	free(l->cpu);
	losses_init(l);
}

const char *loss_kind_name(enum loss_kind kind)
{
	static const char *const names[LOSS_NR] = {
		[LOSS_ENTRIES_LEFT] = "left in the ring buffer",
		[LOSS_OVERRUN] = "overrun",
		[LOSS_COMMIT_OVERRUN] = "commit overrun",
		[LOSS_DROPPED] = "dropped",
		[LOSS_MISSED_IN_DATA] = "lost-events marker in the data",
		[LOSS_NO_STATS] = "no ring-buffer statistics stored",
	};
	return (unsigned)kind < LOSS_NR ? names[kind] : "?";
}

void losses_note(struct losses *l, int cpu, enum loss_kind kind, int64_t count, uint64_t since)
{
	struct cpu_losses *c;

	if (cpu < 0 || cpu >= LOSSES_MAX_CPUS || (unsigned)kind >= LOSS_NR || count == 0)
		return;
	if (cpu >= l->nr_cpus) {
		l->cpu = xrealloc(l->cpu, (size_t)cpu + 1, sizeof(*l->cpu));
		memset(l->cpu + l->nr_cpus, 0, ((size_t)cpu + 1 - (size_t)l->nr_cpus) * sizeof(*l->cpu));
		l->nr_cpus = cpu + 1;
	}
	c = &l->cpu[cpu];
	c->seen[kind] = true;
	if (count < 0)
		c->unknown_count = true;
	else
		c->count[kind] += (uint64_t)count;
	l->any = true;
	if (since < l->taint_ts)
		l->taint_ts = since;
}

static uint64_t cpu_total(const struct cpu_losses *c)
{
	uint64_t t = 0;
	int k;

	for (k = 0; k < LOSS_NR; k++)
		t += c->count[k];
	return t;
}

uint64_t losses_total_known(const struct losses *l)
{
	uint64_t t = 0;
	int cpu;

	for (cpu = 0; cpu < l->nr_cpus; cpu++)
		t += cpu_total(&l->cpu[cpu]);
	return t;
}

/* Appends to buf; false once it is full. */
__attribute__((format(printf, 4, 5)))
static bool append(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*used + 1 >= len)
		return false;
	va_start(ap, fmt);
	n = vsnprintf(buf + *used, len - *used, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= len - *used) {
		*used = len - 1;
		return false;
	}
	*used += (size_t)n;
	return true;
}

void losses_describe(const struct losses *l, char *buf, size_t len)
{
	size_t used = 0;
	int cpu, k;

	if (!len)
		return;
	buf[0] = '\0';
	for (cpu = 0; cpu < l->nr_cpus; cpu++) {
		const struct cpu_losses *c = &l->cpu[cpu];
		uint64_t total = cpu_total(c);
		bool first = true;

		if (!total && !c->unknown_count)
			continue;
		if (!total)
			append(buf, len, &used, "%san unknown number of events lost on CPU %d (",
			       used ? "; " : "", cpu);
		else
			append(buf, len, &used, "%s%" PRIu64 "%s events lost on CPU %d (", used ? "; " : "",
			       total, c->unknown_count ? " or more" : "", cpu);
		for (k = 0; k < LOSS_NR; k++) {
			if (!c->seen[k])
				continue;
			if (c->count[k])
				append(buf, len, &used, "%s%s: %" PRIu64, first ? "" : ", ", loss_kind_name(k),
				       c->count[k]);
			else
				append(buf, len, &used, "%s%s", first ? "" : ", ", loss_kind_name(k));
			first = false;
		}
		append(buf, len, &used, ")");
	}
}
