// SPDX-License-Identifier: GPL-2.0
/*
 * ckrm-analyze: replay the ckrm events of a trace-cmd trace.dat, check the
 * per-class memory accounting and report. Exit codes (verdict.h): 0
 * something was judged and every check held or is not applicable; 1 a
 * check failed; 2 usage or input error (one line on stderr); 3 nothing
 * violated, but a check could not be judged, or nothing was; 70 the
 * analyzer's own code crashed (one line on stderr).
 */
#include <errno.h>
#include <getopt.h>
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "analyze.h"
#include "crash_guard.h"
#include "report.h"

enum format { FORMAT_TEXT, FORMAT_JSON, FORMAT_CSV };

struct options {
	enum format format;
	const char *plot_dir;
	const char *trace;
	const char *class_path; /* --class */
	bool passes;            /* --passes */
};

static const char usage_line[] =
	"usage: ckrm-analyze [--json|--csv] [--plot-data DIR] [--class PATH [--passes]] TRACE.DAT";

static void usage(FILE *out)
{
	fprintf(out, "%s\n", usage_line);
	if (out != stdout)
		return;
	fputs("\nReplays the ckrm events of a trace-cmd trace.dat and checks the per-class\n"
	      "memory accounting (drift, charge, totals, reclaim, attribution, victim, owner).\n\n"
	      "  --json            the report as JSON (analyze/SCHEMA.md)\n"
	      "  --csv             per-class page usage over time: time_s,class_id,class_path,pages\n"
	      "                    (event,... for a trace recorded with the counter clock)\n"
	      "  --plot-data DIR   also write DIR/ckrm-usage.dat and DIR/ckrm-usage.gp (gnuplot)\n"
	      "  --class PATH      why the class PATH (e.g. /bronze) gained and lost pages, by cause,\n"
	      "                    checked against its snapshots (a mismatch exits 1)\n"
	      "  --passes          with --class: every reclaim pass in which it lost pages\n"
	      "  -h, --help        this help\n\n"
	      "Exit: 0 checks judged and held (the others not applicable); 1 a check failed;\n"
	      "2 usage or input error; 3 nothing failed, but a check could not be judged\n"
	      "(events lost, the trace cannot tell, nothing that could fail) or nothing was;\n"
	      "70 a bug: the analyzer's own code crashed.\n",
	      out);
}

/* A usage error: one line, exit 2. */
static int usage_error(const char *what, const char *arg)
{
	if (arg)
		fprintf(stderr, "ckrm-analyze: %s '%s' (%s)\n", what, arg, usage_line);
	else
		fprintf(stderr, "ckrm-analyze: %s (%s)\n", what, usage_line);
	return 2;
}

static int parse_options(int argc, char **argv, struct options *o)
{
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "csv", no_argument, NULL, 'c' },
		{ "plot-data", required_argument, NULL, 'p' },
		{ "class", required_argument, NULL, 'C' },
		{ "passes", no_argument, NULL, 'P' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool json = false, csv = false;
	int opt;

	memset(o, 0, sizeof(*o));
	opterr = 0; /* our own one-line messages */
	while ((opt = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'j':
			json = true;
			break;
		case 'c':
			csv = true;
			break;
		case 'p':
			if (!optarg[0])
				return usage_error("--plot-data needs a directory", NULL);
			o->plot_dir = optarg;
			break;
		case 'C':
			if (optarg[0] != '/')
				return usage_error("--class needs a class path starting with /, not", optarg);
			o->class_path = optarg;
			break;
		case 'P':
			o->passes = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case ':':
			return usage_error("missing argument to", argv[optind - 1]);
		default:
			return usage_error("unknown option", argv[optind - 1]);
		}
	}
	if (json && csv)
		return usage_error("--json and --csv exclude each other", NULL);
	if (o->passes && !o->class_path)
		return usage_error("--passes needs --class", NULL);
	if (csv && o->class_path)
		return usage_error("--class and --csv exclude each other", NULL);
	o->format = json ? FORMAT_JSON : csv ? FORMAT_CSV : FORMAT_TEXT;
	if (optind == argc)
		return usage_error("no trace file given", NULL);
	if (argc - optind > 1)
		return usage_error("one trace file only, also given", argv[optind + 1]);
	o->trace = argv[optind];
	return -1; /* go on */
}

static int run(const struct options *opts)
{
	struct options o = *opts;
	struct analysis a;
	char err[512];
	int rc, written;

	if (analyze_trace_class(o.trace, o.class_path, o.passes, &a, err, sizeof(err)) < 0) {
		fprintf(stderr, "ckrm-analyze: %s: %s\n", o.trace, err);
		analysis_free(&a);
		return 2;
	}
	if (a.explain && !a.explain->found) {
		fprintf(stderr, "ckrm-analyze: %s: no class %s in this trace (no ckrm_class_create names it)\n", o.trace,
			o.class_path);
		analysis_free(&a);
		return 2;
	}
	rc = analysis_exit_code(&a);
	if (o.plot_dir && plot_write(o.plot_dir, &a, err, sizeof(err)) < 0) {
		fprintf(stderr, "ckrm-analyze: %s\n", err);
		analysis_free(&a);
		return 2;
	}
	switch (o.format) {
	case FORMAT_JSON:
		written = report_json(stdout, &a);
		break;
	case FORMAT_CSV:
		written = report_csv(stdout, &a);
		break;
	default:
		written = report_text(stdout, &a);
	}
	analysis_free(&a);
	if (written < 0 || fflush(stdout) == EOF || ferror(stdout)) {
		fprintf(stderr, "ckrm-analyze: cannot write the report to standard output\n");
		return 2;
	}
	return rc;
}

/*
 * libtraceevent and libtracecmd trust what a trace file says; a damaged
 * file can crash them (fuzzing found such files). The analysis runs in a
 * child, so that a crash there is one line and exit 2, never a core dump;
 * a crash in the analyzer's own code is one line and exit 70
 * (crash_guard.h).
 */
int main(int argc, char **argv)
{
	struct options o;
	int rc, status;
	pid_t pid;

	rc = parse_options(argc, argv, &o);
	if (rc >= 0)
		return rc;
	/*
	 * libtracecmd decompresses each chunk of a trace into a fresh buffer
	 * and frees it after; above glibc's mmap threshold each one is a new
	 * mapping whose every page faults in again (15 % fewer page faults on
	 * a 1 M event trace without). From the heap, and never trimmed, one
	 * buffer's pages serve the next.
	 */
	mallopt(M_MMAP_THRESHOLD, 64 << 20);
	mallopt(M_TRIM_THRESHOLD, 256 << 20);
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return run(&o);
	if (pid == 0) {
		crash_guard_install(o.trace);
		rc = run(&o);
		/*
		 * exit(), not _exit(): LeakSanitizer checks at exit in a
		 * sanitized build. Not after an input error: libtracecmd and
		 * libtraceevent leak on their error paths over a damaged file
		 * (and a handle whose tracecmd_init_data() failed is never
		 * closed: trace_input.c), and their leaks are not ours.
		 */
		if (rc == EXIT_INPUT)
			_exit(rc);
		exit(rc);
	}
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			fprintf(stderr, "ckrm-analyze: waitpid: %s\n", strerror(errno));
			return 2;
		}
	}
	if (WIFEXITED(status)) {
		switch (WEXITSTATUS(status)) {
		case EXIT_PASS:
		case EXIT_VIOLATION:
		case EXIT_INPUT:
		case EXIT_UNVERIFIED:
		case EXIT_ANALYZER_BUG: /* the child said so, in one line */
			return WEXITSTATUS(status);
		}
	}
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGPIPE) {
		/* The reader of the report went away (`| head`): not the trace's fault. */
		signal(SIGPIPE, SIG_DFL);
		raise(SIGPIPE);
		return 2;
	}
	if (WIFSIGNALED(status))
		fprintf(stderr, "ckrm-analyze: %s: damaged trace: reading it crashed the trace libraries (signal %d)\n",
			o.trace, WTERMSIG(status));
	else
		fprintf(stderr, "ckrm-analyze: %s: damaged trace: reading it failed (status %d)\n",
			o.trace, WEXITSTATUS(status));
	return 2;
}
