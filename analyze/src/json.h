/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small streaming JSON writer: commas, indentation and string escaping.
 * Strings: valid UTF-8 passes through unchanged; each byte that is not
 * part of a valid UTF-8 sequence is written \u00XX (its value: a valid
 * character is never escaped, so \u0080 to \u00ff only ever stand for
 * such bytes); control characters (below 0x20, and 0x7f) are escaped.
 * Nesting has no depth limit.
 */
#ifndef JSON_H
#define JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct json {
	FILE *out;
	int depth;
	bool *has_items; /* by depth: the open container has an item (a comma before the next) */
	int cap;
};

void json_init(struct json *j, FILE *out);
void json_free(struct json *j);
/* key is NULL inside arrays and for the top-level value. */
void json_object_begin(struct json *j, const char *key);
void json_object_end(struct json *j);
void json_array_begin(struct json *j, const char *key);
void json_array_end(struct json *j);
void json_string(struct json *j, const char *key, const char *s); /* NULL: null */
void json_string_n(struct json *j, const char *key, const char *s, size_t n);
void json_int(struct json *j, const char *key, int64_t v);
void json_uint(struct json *j, const char *key, uint64_t v);
void json_bool(struct json *j, const char *key, bool v);
void json_null(struct json *j, const char *key);
/* Writes the JSON string for s (quotes included) to out. */
void json_write_escaped(FILE *out, const char *s, size_t n);

#endif
