// SPDX-License-Identifier: GPL-2.0
#include "json.h"

#include <inttypes.h>
#include <string.h>

void json_init(struct json *j, FILE *out)
{
	memset(j, 0, sizeof(*j));
	j->out = out;
}

void json_write_escaped(FILE *out, const char *s, size_t n)
{
	size_t i;

	fputc('"', out);
	for (i = 0; i < n && s[i]; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", out);
		else if (c == '\t')
			fputs("\\t", out);
		else if (c < 0x20 || c >= 0x7f)
			/* Trace bytes are not promised to be UTF-8: escape them. */
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

/* Comma, newline and indentation before an item, then its key. */
static void item(struct json *j, const char *key)
{
	int i;

	if (j->depth > 0) {
		if (j->has_items[j->depth - 1])
			fputc(',', j->out);
		fputc('\n', j->out);
		j->has_items[j->depth - 1] = true;
		for (i = 0; i < j->depth; i++)
			fputs("  ", j->out);
	}
	if (key) {
		json_write_escaped(j->out, key, strlen(key));
		fputs(": ", j->out);
	}
}

static void begin(struct json *j, const char *key, char open)
{
	item(j, key);
	fputc(open, j->out);
	if (j->depth < JSON_MAX_DEPTH)
		j->has_items[j->depth] = false;
	j->depth++;
}

static void end(struct json *j, char close)
{
	int i;

	j->depth--;
	if (j->depth < JSON_MAX_DEPTH && j->has_items[j->depth]) {
		fputc('\n', j->out);
		for (i = 0; i < j->depth; i++)
			fputs("  ", j->out);
	}
	fputc(close, j->out);
	if (!j->depth)
		fputc('\n', j->out);
}

void json_object_begin(struct json *j, const char *key)
{
	begin(j, key, '{');
}

void json_object_end(struct json *j)
{
	end(j, '}');
}

void json_array_begin(struct json *j, const char *key)
{
	begin(j, key, '[');
}

void json_array_end(struct json *j)
{
	end(j, ']');
}

void json_string(struct json *j, const char *key, const char *s)
{
	if (!s) {
		json_null(j, key);
		return;
	}
	item(j, key);
	json_write_escaped(j->out, s, strlen(s));
}

void json_string_n(struct json *j, const char *key, const char *s, size_t n)
{
	item(j, key);
	json_write_escaped(j->out, s ? s : "", s ? n : 0);
}

void json_int(struct json *j, const char *key, int64_t v)
{
	item(j, key);
	fprintf(j->out, "%" PRId64, v);
}

void json_uint(struct json *j, const char *key, uint64_t v)
{
	item(j, key);
	fprintf(j->out, "%" PRIu64, v);
}

void json_bool(struct json *j, const char *key, bool v)
{
	item(j, key);
	fputs(v ? "true" : "false", j->out);
}

void json_null(struct json *j, const char *key)
{
	item(j, key);
	fputs("null", j->out);
}
