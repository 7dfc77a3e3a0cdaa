// SPDX-License-Identifier: GPL-2.0
#include "analyze.h"

#include "trace_input.h"

int analyze_trace(const char *path, struct analysis *a, char *err, size_t errlen)
{
	analysis_init(a);
	if (trace_input_read(path, a, err, errlen) < 0)
		return -1;
	analysis_finish(a);
	return 0;
}
