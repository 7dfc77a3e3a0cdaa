/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Check 5, attribution of shared pages. The contract's ckrm_page_class
 * says where a page went on an rmap change, not which classes map it, so
 * "the largest-share mapper owns the page" cannot be proven from a trace.
 * What can be seen is recorded: changes between sibling classes whose mem
 * guarantees are known, and those that contradict "largest wins".
 */
#ifndef ATTRIBUTION_H
#define ATTRIBUTION_H

#include <stdint.h>

#include "ckrm_event.h"

struct attribution {
	uint64_t rmap_add, rmap_remove;
	uint64_t comparable;     /* between siblings with known guarantees */
	uint64_t contradictions; /* of those, against "largest guarantee wins" */
	char first_contradiction[400];
};

struct analysis;

void attribution_page_class(struct analysis *a, const struct ckrm_event *ev);
void attribution_finish(struct analysis *a);

#endif
