// SPDX-License-Identifier: GPL-2.0
#include "analyze.h"

#include "crash_guard.h"
#include "trace_input.h"

int analyze_trace(const char *path, struct analysis *a, char *err, size_t errlen)
{
	return analyze_trace_class(path, NULL, false, a, err, errlen);
}

int analyze_trace_class(const char *path, const char *class_path, bool list_passes, struct analysis *a, char *err,
			size_t errlen)
{
	analysis_init(a);
	if (class_path)
		explain_start(a, class_path, list_passes);
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
