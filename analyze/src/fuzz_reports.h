/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What both libFuzzer harnesses do with an analysis: every report, written
 * to /dev/null and to a temporary plot directory removed at exit.
 */
#ifndef FUZZ_REPORTS_H
#define FUZZ_REPORTS_H

#include "analysis.h"

/* Opens /dev/null and makes the plot directory; exits naming @who if not. */
void fuzz_reports_init(const char *who);
void fuzz_reports_run(const struct analysis *a);

#endif
