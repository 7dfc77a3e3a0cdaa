// SPDX-License-Identifier: GPL-2.0
#include "xalloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(size_t bytes)
{
	fprintf(stderr, "ckrm-analyze: out of memory (%zu bytes)\n", bytes);
	exit(2);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		out_of_memory(size);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		out_of_memory(n * size);
	return p;
}

void *xrealloc(void *p, size_t n, size_t size)
{
	size_t bytes;
	void *q;

	if (size && n > SIZE_MAX / size)
		out_of_memory(SIZE_MAX);
	bytes = n * size;
	q = realloc(p, bytes ? bytes : 1);
	if (!q)
		out_of_memory(bytes);
	return q;
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}
