// SPDX-License-Identifier: GPL-2.0
#include "json.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

void json_init(struct json *j, FILE *out)
{
	memset(j, 0, sizeof(*j));
	j->out = out;
}

void json_free(struct json *j)
{
	free(j->has_items);
	j->has_items = NULL;
	j->cap = 0;
}

/*
 * The length of the valid UTF-8 sequence at s (at most n bytes), or 0:
 * no overlong forms, no surrogates, nothing above U+10FFFF (RFC 3629).
 */
static size_t utf8_sequence(const unsigned char *s, size_t n)
{
	size_t len, i;
	unsigned char lo = 0x80, hi = 0xbf;

	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4;
	else
		return 0;
	if (s[0] == 0xe0)
		lo = 0xa0; /* overlong */
	else if (s[0] == 0xed)
		hi = 0x9f; /* surrogates */
	else if (s[0] == 0xf0)
		lo = 0x90; /* overlong */
	else if (s[0] == 0xf4)
		hi = 0x8f; /* above U+10FFFF */
	if (len > n || s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < len; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return len;
}

void json_write_escaped(FILE *out, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i, len;

	for (len = 0; len < n && s[len]; len++)
		;
	fputc('"', out);
	for (i = 0; i < len; i++) {
		unsigned char c = u[i];
		size_t seq;

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", out);
		else if (c == '\t')
			fputs("\\t", out);
		else if (c < 0x20 || c == 0x7f)
			fprintf(out, "\\u%04x", c);
		else if (c < 0x80)
			fputc(c, out);
		else if ((seq = utf8_sequence(u + i, len - i))) {
			/* Valid UTF-8 (a path, a comm): unchanged. */
			fwrite(u + i, 1, seq, out);
			i += seq - 1;
		} else {
			/* Trace bytes are not promised to be UTF-8: one escape per invalid byte. */
			fprintf(out, "\\u%04x", c);
		}
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
	if (j->depth == j->cap) {
		j->cap = j->cap ? j->cap * 2 : 16;
		j->has_items = xrealloc(j->has_items, (size_t)j->cap, sizeof(*j->has_items));
	}
	j->has_items[j->depth] = false;
	j->depth++;
}

static void end(struct json *j, char close)
{
	int i;

	j->depth--;
	if (j->has_items[j->depth]) {
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
