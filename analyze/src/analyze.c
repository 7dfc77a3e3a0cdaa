// SPDX-License-Identifier: GPL-2.0
#include "analyze.h"

#include "crash_guard.h"
#include "trace_input.h"

int analyze_trace(const char *path, struct analysis *a, char *err, size_t errlen)
{
	analysis_init(a);
	crash_guard_own(false); /* libtracecmd, but for the records' callback (trace_input.c) */
	if (trace_input_read(path, a, err, errlen) < 0) {
		crash_guard_own(true);
		return -1;
	}
	/* The checks and then the reports: ours alone. */
	crash_guard_own(true);
	analysis_finish(a);
	return 0;
}
