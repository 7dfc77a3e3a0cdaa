/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A compact byte encoding of what the trace input hands the analysis: the
 * clock, the CPUs, the decoded ckrm events (any kind, any field value, any
 * order, any timestamp) and the losses. The event fuzzer (src/fuzz_events.c,
 * in make test) feeds arbitrary bytes through it into the analysis, the
 * checks and every report: the layer right below libtracecmd, so that a
 * crash it finds is the analyzer's own, not the trace library's. The unit
 * tests encode their sequences as the fuzzer's seeds and replay the inputs
 * that once crashed (tests/data/fuzz-events/).
 *
 * Layout (every byte string decodes to something; a truncated item is
 * dropped):
 *   header:  clock (byte % 5: none, counter, global, local, "x-odd\t")
 *            cpus (1 + byte % 4), flags (bit 0: stored statistics; bit 1:
 *            ckrm_page_class without its arrays; bit 2: explain the root
 *            class too, as --class / --passes), defined kinds (2 bytes,
 *            bit k: kind k's format is in the trace; a kind that occurs
 *            is defined anyway)
 *   items:   op byte % 15: 0-12 an event of that kind (enum ckrm_kind;
 *            12 is ckrm_class_reparent), 13 a lost-events marker, 14 a
 *            stored statistic (applied after the last event, as the
 *            trace input does)
 *     event: time (byte < 0xf0: added to the previous time; else 8 raw
 *            bytes, any time at all), cpu (byte % cpus), then the
 *            contract's fields in order (src/contract.c), each a number
 *            (below), a bool (byte & 1), comm or text (length byte, then
 *            the bytes), or an array (count, then min(count, 16) numbers)
 *     marker: cpu, count (a number; 0: unknown)
 *     stat:   cpu, kind (byte % 5: entries left, overrun, commit overrun,
 *             dropped, no statistics), count
 *   number:  byte < 0xfc: that value (small values make equal pfns and
 *            class ids likely); 0xfc: 2 raw bytes; 0xfd: 4; 0xfe, 0xff: 8
 *            (little endian; a 32-bit field takes the low 32 bits, so -1
 *            is 0xfd ff ff ff ff)
 */
#ifndef EVENT_STREAM_H
#define EVENT_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "analysis.h"

#define EVENT_STREAM_HEADER 5
/* Bytes event_stream_encode_event() may write for one event. */
#define EVENT_STREAM_MAX_EVENT 1024

/*
 * Runs a stream: analysis_init(), the events and losses, analysis_finish().
 * Returns the number of ckrm events fed (0: the trace input would have
 * stopped with "no ckrm events", exit 2, and printed no report). Text
 * fields point into data, which must outlive the analysis.
 */
uint64_t event_stream_run(const uint8_t *data, size_t size, struct analysis *a);

/* Header bytes for a sequence of the named clock (NULL: none), all kinds defined. */
size_t event_stream_encode_header(const char *clock, int nr_cpus, uint8_t *out);
/* One event in the stream encoding (its time absolute); bytes written. */
size_t event_stream_encode_event(const struct ckrm_event *ev, uint8_t *out);

#endif
