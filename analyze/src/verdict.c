// SPDX-License-Identifier: GPL-2.0
#include "verdict.h"

#include <stdio.h>
#include <string.h>

void verdict_compute(struct verdict *v, const struct check *checks)
{
	int i;

	memset(v, 0, sizeof(*v));
	for (i = 0; i < NR_CHECKS; i++) {
		switch (checks[i].status) {
		case ST_FAIL:
			v->failed[v->nr_failed++] = checks[i].id;
			break;
		case ST_UNVERIFIABLE:
			v->unverified[v->nr_unverified++] = checks[i].id;
			break;
		case ST_PASS:
			v->nr_passed++;
			break;
		case ST_NOT_APPLICABLE:
			break;
		}
	}
	if (v->nr_failed) {
		v->kind = VERDICT_FAIL;
		v->exit_code = EXIT_VIOLATION;
	} else if (v->nr_unverified || !v->nr_passed) {
		/* "Nothing was judged" is no more a pass than "could not be judged". */
		v->kind = VERDICT_UNVERIFIABLE;
		v->exit_code = EXIT_UNVERIFIED;
	} else {
		v->kind = VERDICT_PASS;
		v->exit_code = EXIT_PASS;
	}
}

const char *verdict_name(enum verdict_kind kind)
{
	switch (kind) {
	case VERDICT_PASS:
		return "pass";
	case VERDICT_FAIL:
		return "fail";
	case VERDICT_UNVERIFIABLE:
		return "unverifiable";
	}
	return "?";
}

static size_t list(char *buf, size_t len, size_t at, const char *label, const enum check_id *ids, int n)
{
	int i;

	if (at < len)
		at += (size_t)snprintf(buf + at, len - at, "%s", label);
	for (i = 0; i < n && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, " %s", check_name(ids[i]));
	return at;
}

void verdict_describe(const struct verdict *v, char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = '\0';
	if (v->kind == VERDICT_PASS) {
		snprintf(buf, len, "pass: every check judged holds, the others are not applicable (exit %d)", v->exit_code);
		return;
	}
	if (v->nr_failed)
		at = list(buf, len, at, "FAILED:", v->failed, v->nr_failed);
	if (v->nr_failed && v->nr_unverified && at < len)
		at += (size_t)snprintf(buf + at, len - at, ";");
	if (v->nr_unverified)
		at = list(buf, len, at, v->nr_failed ? " NOT VERIFIED:" : "NOT VERIFIED:", v->unverified, v->nr_unverified);
	if (!v->nr_failed && !v->nr_unverified && at < len)
		at += (size_t)snprintf(buf + at, len - at, "NOT VERIFIED: nothing judged (every check not applicable)");
	if (at < len)
		snprintf(buf + at, len - at, " (exit %d)", v->exit_code);
}
