// SPDX-License-Identifier: GPL-2.0
#include "cpustats.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* "key: number" at the start of line; false for anything else. */
static bool field(const char *line, size_t len, const char *key, uint64_t *value)
{
	size_t k = strlen(key);
	char number[32];
	char *end;
	size_t i = k, n = 0;

	if (len <= k || memcmp(line, key, k) || line[k] != ':')
		return false;
	for (i = k + 1; i < len && line[i] == ' '; i++)
		;
	while (i < len && n + 1 < sizeof(number) && line[i] >= '0' && line[i] <= '9')
		number[n++] = line[i++];
	number[n] = '\0';
	if (!n)
		return false;
	errno = 0;
	*value = strtoull(number, &end, 10);
	return errno == 0;
}

int cpustats_parse(const char *text, struct cpu_stat *stats, int nr_cpus)
{
	struct cpu_stat *cur = NULL;
	int blocks = 0;

	memset(stats, 0, (size_t)(nr_cpus > 0 ? nr_cpus : 0) * sizeof(*stats));
	if (!text)
		return 0;
	while (*text) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text);
		uint64_t v;

		while (len && (*text == ' ' || *text == '\t')) {
			text++;
			len--;
		}
		if (field(text, len, "CPU", &v)) {
			cur = v < (uint64_t)nr_cpus ? &stats[v] : NULL;
			if (cur && !cur->present) {
				cur->present = true;
				blocks++;
			}
		} else if (cur) {
			if (field(text, len, "entries", &v)) {
				cur->has_entries = true;
				cur->entries = v;
			} else if (field(text, len, "overrun", &v)) {
				cur->has_overrun = true;
				cur->overrun = v;
			} else if (field(text, len, "commit overrun", &v)) {
				cur->has_commit_overrun = true;
				cur->commit_overrun = v;
			} else if (field(text, len, "dropped events", &v)) {
				cur->has_dropped = true;
				cur->dropped = v;
			} else if (field(text, len, "read events", &v)) {
				cur->has_read = true;
				cur->read = v;
			}
		}
		text += len;
		if (*text == '\n')
			text++;
	}
	return blocks;
}
