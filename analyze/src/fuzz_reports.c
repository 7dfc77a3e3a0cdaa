// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "fuzz_reports.h"
#include "report.h"

static char plot_dir[] = "/tmp/ckrm-fuzz-plot-XXXXXX";
static FILE *null_out;

static void remove_plot_dir(void)
{
	static const char *const files[] = { "ckrm-usage.dat", "ckrm-usage.gp" };
	char path[sizeof(plot_dir) + 32];

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", plot_dir, files[i]);
		unlink(path);
	}
	rmdir(plot_dir);
}

void fuzz_reports_init(const char *who)
{
	null_out = fopen("/dev/null", "w");
	if (!null_out || !mkdtemp(plot_dir)) {
		fprintf(stderr, "%s: cannot open /dev/null or make a temporary directory\n", who);
		exit(1);
	}
	atexit(remove_plot_dir);
}

void fuzz_reports_run(const struct analysis *a)
{
	char err[512];

	report_text(null_out, a);
	report_json(null_out, a);
	report_csv(null_out, a);
	plot_write(plot_dir, a, err, sizeof(err));
	analysis_exit_code(a);
}
