/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one verdict of an analysis and its exit code, computed once from the
 * checks' outcomes (analysis_finish()); every report prints this verdict.
 */
#ifndef VERDICT_H
#define VERDICT_H

#include <stddef.h>

#include "check.h"

/* ckrm-analyze's exit codes (README.md, SCHEMA.md). */
enum {
	EXIT_PASS = 0,         /* something was judged, nothing violated, nothing left unverified */
	EXIT_VIOLATION = 1,    /* a check failed */
	EXIT_INPUT = 2,        /* usage or input error: one line on stderr */
	EXIT_UNVERIFIED = 3,   /* nothing violated, but a check could not be judged, or nothing was */
	EXIT_ANALYZER_BUG = 70 /* the analyzer's own code crashed (EX_SOFTWARE) */
};

enum verdict_kind { VERDICT_PASS, VERDICT_FAIL, VERDICT_UNVERIFIABLE };

struct verdict {
	enum verdict_kind kind;
	int exit_code;
	int nr_failed, nr_unverified, nr_passed;
	enum check_id failed[NR_CHECKS], unverified[NR_CHECKS];
};

void verdict_compute(struct verdict *v, const struct check *checks);

/* "pass", "fail", "unverifiable": the JSON verdict. */
const char *verdict_name(enum verdict_kind kind);

/* One line, e.g. "FAILED: victim; NOT VERIFIED: drift (exit 1)". */
void verdict_describe(const struct verdict *v, char *buf, size_t len);

#endif
