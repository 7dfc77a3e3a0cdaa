/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading trace.dat through libtracecmd: open the file, resolve each ckrm
 * event's fields from the trace's own format descriptions once, then
 * decode every ckrm record into a struct ckrm_event for the analysis, and
 * report lost events (stored ring-buffer statistics and lost-event markers).
 */
#ifndef TRACE_INPUT_H
#define TRACE_INPUT_H

#include <stddef.h>

#include "analysis.h"

/*
 * Reads path into a (initialized by the caller), including the lost-event
 * notes. 0 on success; -1 on an input error, with a one-line message in
 * err (not a trace file, damaged, no ckrm events, a field missing...).
 */
int trace_input_read(const char *path, struct analysis *a, char *err, size_t errlen);

#endif
