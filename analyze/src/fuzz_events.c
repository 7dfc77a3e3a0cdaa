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
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "event_stream.h"
#include "report.h"

static char plot_dir[] = "/tmp/ckrm-fuzz-events-plot-XXXXXX";
static FILE *null_out;

static void cleanup(void)
{
	char path[sizeof(plot_dir) + 32];

	snprintf(path, sizeof(path), "%s/ckrm-usage.dat", plot_dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/ckrm-usage.gp", plot_dir);
	unlink(path);
	rmdir(plot_dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	null_out = fopen("/dev/null", "w");
	if (!null_out || !mkdtemp(plot_dir)) {
		perror("fuzz-events: /dev/null or a temporary directory");
		exit(1);
	}
	atexit(cleanup);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct analysis a;
	char err[512];

	/* No ckrm events: ckrm-analyze stops with exit 2 before any report. */
	if (event_stream_run(data, size, &a)) {
		report_text(null_out, &a);
		report_json(null_out, &a);
		report_csv(null_out, &a);
		plot_write(plot_dir, &a, err, sizeof(err));
		analysis_exit_code(&a);
	}
	analysis_free(&a);
	return 0;
}
