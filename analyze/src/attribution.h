/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Check 5, attribution of shared pages. Every ckrm_page_class with reason
 * rmap_add or rmap_remove carries the candidates the kernel decided among
 * (mapper_cls, each once) and their shares in pages (mapper_share):
 * tracepoints/events.md. The new owner `to` must be the candidate with the
 * largest share, ties to the lower class id; an rmap_add changes the owner
 * and lists at most the new mapper's class and the previous owner; an
 * rmap_remove lists at most 16; an rmap decision listing no candidate is
 * a violation (the contract fills them). The other reasons (charge, uncharge,
 * migrate) must list no candidates. Each event is judged on its own, so a
 * violation is proven by its event even when other events were lost.
 */
#ifndef ATTRIBUTION_H
#define ATTRIBUTION_H

#include <stdint.h>

#include "ckrm_event.h"

struct attribution {
	uint64_t rmap_add, rmap_remove; /* events seen */
	uint64_t judged;     /* decisions checked: events of a format with candidates (empty lists are violations) */
	uint64_t unrecorded; /* events of a format without mapper_cls and mapper_share */
	uint64_t contested;  /* judged decisions among two or more candidates */
	uint64_t owner_kept; /* rmap_remove events that left the owner in place */
	int32_t most_candidates;
	uint64_t others_checked; /* charge, uncharge, migrate: arrays checked empty */
};

struct analysis;

void attribution_page_class(struct analysis *a, const struct ckrm_event *ev);
void attribution_finish(struct analysis *a);

#endif
