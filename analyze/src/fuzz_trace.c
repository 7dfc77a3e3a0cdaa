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
#include <string.h>
#include <unistd.h>

#include "analyze.h"
#include "report.h"

static char trace_path[] = "/tmp/ckrm-fuzz-trace-XXXXXX";
static char plot_dir[] = "/tmp/ckrm-fuzz-plot-XXXXXX";
static int trace_fd = -1;
static FILE *null_out;

static void cleanup(void)
{
	char path[sizeof(plot_dir) + 32];

	unlink(trace_path);
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
	trace_fd = mkstemp(trace_path);
	if (trace_fd < 0 || !mkdtemp(plot_dir)) {
		perror("fuzz-trace: temporary file");
		exit(1);
	}
	null_out = fopen("/dev/null", "w");
	if (!null_out) {
		perror("fuzz-trace: /dev/null");
		exit(1);
	}
	atexit(cleanup);
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
	if (analyze_trace(trace_path, &a, err, sizeof(err)) == 0) {
		report_text(null_out, &a);
		report_json(null_out, &a);
		report_csv(null_out, &a);
		plot_write(plot_dir, &a, err, sizeof(err));
		analysis_exit_code(&a);
	}
	analysis_free(&a);
	return 0;
}
