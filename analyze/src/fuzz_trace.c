// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness (make fuzz): each input is a whole trace.dat. libtracecmd
 * reads files, not memory, so the input goes to a temporary file first; then
 * exactly the code ckrm-analyze runs: open, resolve, iterate, replay, check,
 * and every report.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "analyze.h"
#include "fuzz_reports.h"

static char trace_path[] = "/tmp/ckrm-fuzz-trace-XXXXXX";
static int trace_fd = -1;

static void remove_trace(void)
{
	unlink(trace_path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	trace_fd = mkstemp(trace_path);
	if (trace_fd < 0) {
		perror("fuzz-trace: temporary file");
		exit(1);
	}
	atexit(remove_trace);
	fuzz_reports_init("fuzz-trace");
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct analysis a;
	char err[512];
	size_t done = 0;

	if (ftruncate(trace_fd, 0) < 0)
		abort();
	while (done < size) {
		ssize_t n = pwrite(trace_fd, data + done, size - done, (off_t)done);

		if (n <= 0)
			abort();
		done += (size_t)n;
	}
	if (analyze_trace(trace_path, &a, err, sizeof(err)) == 0)
		fuzz_reports_run(&a);
	analysis_free(&a);
	return 0;
}
