/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The whole analysis of one trace file, shared by ckrm-analyze and the fuzz
 * harness so that the fuzzer runs exactly the code users run.
 */
#ifndef ANALYZE_H
#define ANALYZE_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis.h"

/* 0: analysed (a is finished); -1: input error, one line in err. */
int analyze_trace(const char *path, struct analysis *a, char *err, size_t errlen);
/* The same, explaining the class named class_path too (--class; NULL: none). */
int analyze_trace_class(const char *path, const char *class_path, bool list_passes, struct analysis *a, char *err,
			size_t errlen);

#endif
