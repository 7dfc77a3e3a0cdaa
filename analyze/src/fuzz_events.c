// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness over decoded event streams (src/event_stream.h), run
 * for a bounded time by make test: arbitrary ckrm events (any kind, field
 * value, order, time) and losses go into the analysis, every check and
 * every report, the code below libtracecmd. Trace files as a whole are
 * fuzzed by src/fuzz_trace.c (make fuzz), which libtraceevent's own
 * crashes stop.
 */
#include <stdint.h>

#include "event_stream.h"
#include "fuzz_reports.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_reports_init("fuzz-events");
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct analysis a;

	/* No ckrm events: ckrm-analyze stops with exit 2 before any report. */
	if (event_stream_run(data, size, &a))
		fuzz_reports_run(&a);
	analysis_free(&a);
	return 0;
}
