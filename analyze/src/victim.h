/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The victim check: each reclaim pass's ckrm_victim_select events against
 * the kernel's rule (mm/ckrm_mem_reclaim.c, ckrm_mem_select_victims(); in
 * words in tracepoints/events.md):
 *
 * - not a fallback: a class is a victim iff usage > share; at most
 *   VICTIMS_MAX are, the heaviest by weight, a later class only replacing
 *   a strictly lighter one. A class's limit reclaim (not marked in the
 *   trace) selects that class alone: a class over its share left out of a
 *   pass with one victim is therefore not judged;
 * - a fallback (no class over its share, or priority 1): the heaviest
 *   class by weight alone, a tie to the class the kernel meets first (the
 *   root, then by id); at priority 0, every class.
 *
 * A pass is judged when it leaves the reclaim window (all its selection
 * events are in then: the kernel emits them together).
 */
#ifndef VICTIM_H
#define VICTIM_H

#include "reclaim.h"

/* The kernel's CKRM_MAX_VICTIMS. */
#define VICTIMS_MAX 8

struct analysis;

void victim_judge_pass(struct analysis *a, const struct pass *p);

#endif
