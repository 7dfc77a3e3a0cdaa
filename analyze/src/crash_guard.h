/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whose code crashed. libtracecmd and libtraceevent trust the file and a
 * damaged one can crash them: that is the input's fault (exit 2). A
 * crash while the analyzer's own code runs (decoding a record, the
 * replay, the checks, the reports) is a bug in ckrm-analyze: one line
 * and exit 70 (EX_SOFTWARE), never blamed on the trace.
 */
#ifndef CRASH_GUARD_H
#define CRASH_GUARD_H

#include <signal.h>
#include <stdbool.h>

extern volatile sig_atomic_t crash_guard_own_code;

/* Marks the code that runs from here on: the analyzer's own, or the trace libraries'. */
static inline void crash_guard_own(bool own)
{
	crash_guard_own_code = own;
}

/* In the process that analyzes trace_path: fatal signals are classified. */
void crash_guard_install(const char *trace_path);

/*
 * Test builds only (-DCKRM_TEST_HOOKS): CKRM_TEST_HOOK=crash crashes at the
 * first ckrm event, in the analyzer's own code; =leak leaks an allocation
 * (LeakSanitizer must report it). No such knob in the shipped binary.
 */
void crash_guard_test_hook(void);

#endif
