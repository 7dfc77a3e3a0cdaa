// SPDX-License-Identifier: GPL-2.0
#include "owner.h"

#include <inttypes.h>
#include <stdio.h>

#include "analysis.h"

/* The class the kernel charges an LRU page of this owner to: the root for none. */
static int32_t charge_of(int32_t owner)
{
	return owner < 0 ? 0 : owner;
}

void owner_check_lru(struct analysis *a, const struct ckrm_event *ev, uint64_t pfn, const struct page_state *p,
		     int32_t cls, bool before)
{
	struct check *c = &a->checks[CHECK_OWNER];
	bool known = p && (before ? p->prev_owner_known : p->owner_known);
	int32_t owner;
	char named_buf[160], owns_buf[160];
	const char *named, *owns;

	if (!known) {
		a->replay.owner_unknown++;
		c->skipped++;
		return;
	}
	owner = before ? p->prev_owner : p->owner;
	c->checked++;
	if (replay_same_charge(a, cls, charge_of(owner)))
		return;
	named = replay_class_label(a, cls, named_buf, sizeof(named_buf));
	owns = owner < 0 ? "no class (its LRU charge is the root's)" : replay_class_label(a, owner, owns_buf, sizeof(owns_buf));
	check_violation(c, ev, "pfn 0x%" PRIx64 " %s class %s, but its owner %s %s", pfn,
			ev->kind == CK_LRU_ADD   ? "added to the list of" :
			ev->kind == CK_LRU_DEL   ? "deleted from the list of" :
			before			 ? "adjusted away from" :
						   "adjusted to",
			named, before ? "before the change was" : "is", owns);
}
