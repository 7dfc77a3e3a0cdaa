/* SPDX-License-Identifier: GPL-2.0 */
/* A small streaming JSON writer: commas, indentation and string escaping. */
#ifndef JSON_H
#define JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define JSON_MAX_DEPTH 32

struct json {
	FILE *out;
	int depth;
	bool has_items[JSON_MAX_DEPTH];
};

void json_init(struct json *j, FILE *out);
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
