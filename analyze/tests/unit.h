/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A minimal unit-test harness: TEST() registers a function, EXPECT*()
 * records failures with their line, and the runner prints one TAP line per
 * test ("ok - name" / "not ok - name") for tests/run to count.
 */
#ifndef UNIT_H
#define UNIT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

typedef void (*unit_fn)(void);

void unit_register(const char *name, unit_fn fn);
bool unit_check(bool ok, const char *expr, const char *file, int line);
bool unit_check_int(int64_t got, int64_t want, const char *expr, const char *file, int line);
bool unit_check_str(const char *haystack, const char *needle, const char *expr, const char *file, int line);

#define TEST(name)                                                            \
	static void name(void);                                               \
	__attribute__((constructor)) static void register_##name(void)        \
	{                                                                     \
		unit_register(#name, name);                                   \
	}                                                                     \
	static void name(void)

#define EXPECT(cond) unit_check((cond), #cond, __FILE__, __LINE__)
#define EXPECT_INT(got, want) unit_check_int((int64_t)(got), (int64_t)(want), #got " == " #want, __FILE__, __LINE__)
/* haystack contains needle */
#define EXPECT_HAS(haystack, needle) unit_check_str((haystack), (needle), #haystack " has " #needle, __FILE__, __LINE__)

#endif
