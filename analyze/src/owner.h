/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The owner check: an LRU event names the class that owns the page. The
 * kernel charges an LRU page to its owner's id as the page's record
 * carries it, or to the root when the page has no owner
 * (ckrm_rec_charged()), and names that class in ckrm_lru_add and
 * ckrm_lru_del. An owner change emits ckrm_page_class, then, for a page
 * on an LRU, ckrm_lru_adjust from the old owner to the new, under the
 * same lock: the adjust's `from` is the owner before the change, its `to`
 * the owner after. A reparented class and its live ancestor are one LRU
 * charge (replay_same_charge()); ownership itself is not forwarded. Pages
 * whose owner the trace did not show (owned since before it) are not
 * judged.
 */
#ifndef OWNER_H
#define OWNER_H

#include <stdint.h>

#include "ckrm_event.h"
#include "replay.h"

struct analysis;

/*
 * An LRU event of page p (its state before the event) names class cls as
 * the charge of the page's owner (after: the owner now; before: the owner
 * before its latest change, for ckrm_lru_adjust's `from`).
 */
void owner_check_lru(struct analysis *a, const struct ckrm_event *ev, uint64_t pfn, const struct page_state *p,
		     int32_t cls, bool before);

#endif
