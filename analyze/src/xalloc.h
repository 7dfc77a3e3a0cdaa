/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Allocation that cannot return NULL: the analyzer's memory grows with the
 * classes and pages in a trace, and running out is reported as an input
 * problem (exit 2, one line) rather than handled at every call site.
 */
#ifndef XALLOC_H
#define XALLOC_H

#include <stddef.h>

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n, size_t size);
char *xstrndup(const char *s, size_t n);

#endif
