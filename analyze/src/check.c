// SPDX-License-Identifier: GPL-2.0
#include "check.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "contract.h"

void check_init(struct check *c, enum check_id id)
{
	memset(c, 0, sizeof(*c));
	c->id = id;
}

void check_violation(struct check *c, const struct ckrm_event *ev, const char *fmt, ...)
{
	va_list ap;

	c->violations++;
	if (c->first.set)
		return;
	/* Formatting happens once per check, never per event. */
	c->first.set = true;
	if (ev) {
		c->first.ts = ev->ts;
		c->first.cpu = ev->cpu;
		c->first.kind = ev->kind;
		c->first.event = *ev;
		format_event_fields(ev, c->first.fields, sizeof(c->first.fields));
	} else {
		c->first.cpu = -1;
		c->first.kind = CK_NR_KINDS;
	}
	va_start(ap, fmt);
	vsnprintf(c->first.what, sizeof(c->first.what), fmt, ap);
	va_end(ap);
}

const char *check_name(enum check_id id)
{
	static const char *const names[NR_CHECKS] = { "drift", "charge", "totals", "reclaim", "attribution", "victim", "owner" };
	return (unsigned)id < NR_CHECKS ? names[id] : "?";
}

const char *check_title(enum check_id id)
{
	static const char *const titles[NR_CHECKS] = {
		"per-class, per-zone LRU counts replayed from the LRU events equal every ckrm_class_stat snapshot",
		"no page is deleted from, adjusted away from, or moved off a class it is not charged to, nor added twice",
		"in each snapshot the classes' pages add up to the zone's LRU totals",
		"reclaim takes pages only from the pass's selected classes (unless fallback) and never below a guarantee",
		"every rmap decision gives the page to its candidate with the largest share (ties to the lower id)",
		"each reclaim pass selects the victims the kernel's rule picks: the classes over their share, or in a fallback the heaviest class (every class at priority 0)",
		"every LRU add, delete and adjust names the class that owns the page (ckrm_page_class), or the root for a page without owner",
	};
	return (unsigned)id < NR_CHECKS ? titles[id] : "?";
}

const char *check_status_name(enum check_status st)
{
	switch (st) {
	case ST_NOT_APPLICABLE:
		return "not_applicable";
	case ST_PASS:
		return "pass";
	case ST_FAIL:
		return "fail";
	case ST_UNVERIFIABLE:
		return "unverifiable";
	}
	return "?";
}

void format_ts(uint64_t ns, char *buf, size_t len)
{
	/* Rounded to the microsecond, as trace-cmd report prints it. */
	uint64_t us = ns / 1000u + (ns % 1000u >= 500u);

	snprintf(buf, len, "%" PRIu64 ".%06" PRIu64, us / 1000000u, us % 1000000u);
}

void format_time(uint64_t ts, enum ts_unit unit, char *buf, size_t len)
{
	if (unit == TS_EVENTS)
		snprintf(buf, len, "#%" PRIu64, ts);
	else
		format_ts(ts, buf, len);
}

void check_conclude(struct check *c, bool present, bool kinds_defined, const struct losses *l, enum ts_unit unit)
{
	char lost[600];

	lost[0] = '\0';
	if (l->any)
		losses_describe(l, lost, sizeof(lost));

	if (!present && !c->violations) {
		/*
		 * Nothing to check; but when events were lost and the trace
		 * defines this check's events, the lost ones may have been
		 * exactly those: that is not "not applicable".
		 */
		if (l->any && kinds_defined) {
			c->status = ST_UNVERIFIABLE;
			snprintf(c->reason, sizeof(c->reason), "unverifiable: %s; none of its events were recorded (%s) and the lost events may have been some",
				 lost, c->not_applicable);
		} else {
			c->status = ST_NOT_APPLICABLE;
			snprintf(c->reason, sizeof(c->reason), "not applicable (%s)", c->not_applicable);
		}
		return;
	}
	/*
	 * A violation seen before any event could have been lost stands, and
	 * so does one its own event proves.
	 */
	if (c->violations && (!l->any || c->first.ts < l->taint_ts || c->self_contained)) {
		char ts[32];
		const char *also = c->self_contained ? "; events were also lost, which cannot explain a violation its own event shows: "
						     : "; events were lost later: ";

		format_time(c->first.ts, unit, ts, sizeof(ts));
		c->status = ST_FAIL;
		snprintf(c->reason, sizeof(c->reason), "FAIL: %" PRIu64 " violation%s; first at %s on CPU %d: %s%s%s", c->violations,
			 c->violations == 1 ? "" : "s", ts, c->first.cpu, c->first.what, l->any ? also : "",
			 l->any ? lost : "");
		return;
	}
	/* The trace cannot tell, whatever else was lost. */
	if (c->limitation[0]) {
		c->status = ST_UNVERIFIABLE;
		snprintf(c->reason, sizeof(c->reason), "unverifiable: not verifiable from this trace: %s%s%s", c->limitation,
			 l->any ? "; also " : "", l->any ? lost : "");
		return;
	}
	if (l->any) {
		c->status = ST_UNVERIFIABLE;
		if (c->violations)
			snprintf(c->reason, sizeof(c->reason),
				 "unverifiable: %s (%" PRIu64 " apparent violation%s after events may have been lost: not counted as a failure)",
				 lost, c->violations, c->violations == 1 ? "" : "s");
		else
			snprintf(c->reason, sizeof(c->reason), "unverifiable: %s", lost);
		return;
	}
	/* Its events are here, but none could have failed it: not a pass. */
	if (!c->checked) {
		c->status = ST_UNVERIFIABLE;
		snprintf(c->reason, sizeof(c->reason), "unverifiable: nothing judged: %s",
			 c->unjudged[0] ? c->unjudged : "no event of its kind could have failed it");
		return;
	}
	c->status = ST_PASS;
	if (c->detail[0])
		snprintf(c->reason, sizeof(c->reason), "pass (%s)", c->detail);
	else
		snprintf(c->reason, sizeof(c->reason), "pass (%" PRIu64 " checked)", c->checked);
}
