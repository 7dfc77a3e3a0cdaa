// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "unit.h"

#define MAX_TESTS 256

static struct {
	const char *name;
	unit_fn fn;
} tests[MAX_TESTS];
static int nr_tests;
static int failures_in_test;

void unit_register(const char *name, unit_fn fn)
{
	if (nr_tests == MAX_TESTS) {
		fprintf(stderr, "unit: more than %d tests\n", MAX_TESTS);
		exit(2);
	}
	tests[nr_tests].name = name;
	tests[nr_tests].fn = fn;
	nr_tests++;
}

bool unit_check(bool ok, const char *expr, const char *file, int line)
{
	if (!ok) {
		failures_in_test++;
		printf("#   %s:%d: expected %s\n", file, line, expr);
	}
	return ok;
}

bool unit_check_int(int64_t got, int64_t want, const char *expr, const char *file, int line)
{
	if (got != want) {
		failures_in_test++;
		printf("#   %s:%d: expected %s, got %" PRId64 " (want %" PRId64 ")\n", file, line, expr, got, want);
	}
	return got == want;
}

bool unit_check_str(const char *haystack, const char *needle, const char *expr, const char *file, int line)
{
	bool ok = haystack && strstr(haystack, needle);

	if (!ok) {
		failures_in_test++;
		printf("#   %s:%d: expected %s, got \"%s\"\n", file, line, expr, haystack ? haystack : "(null)");
	}
	return ok;
}

int main(int argc, char **argv)
{
	int i, failed = 0;

	for (i = 0; i < nr_tests; i++) {
		/* An argument runs only the tests whose name contains it. */
		if (argc > 1 && !strstr(tests[i].name, argv[1]))
			continue;
		failures_in_test = 0;
		tests[i].fn();
		printf("%s - unit: %s\n", failures_in_test ? "not ok" : "ok", tests[i].name);
		failed += failures_in_test != 0;
	}
	return failed ? 1 : 0;
}
