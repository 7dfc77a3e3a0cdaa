// SPDX-License-Identifier: GPL-2.0
#include "classes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

#define PATH_CHUNK 65536

void classes_init(struct class_registry *r)
{
	memset(r, 0, sizeof(*r));
	u64map_init(&r->by_id, sizeof(uint32_t));
}

void classes_free(struct class_registry *r)
{
	uint32_t i;

	for (i = 0; i < r->n; i++)
		series_free(&r->recs[i].series);
	free(r->recs);
	for (i = 0; i < r->nr_chunks; i++)
		free(r->chunks[i]);
	free(r->chunks);
	u64map_free(&r->by_id);
	classes_init(r);
}

static const char *keep_path(struct class_registry *r, const char *path, size_t len)
{
	char *p;

	if (len > PATH_CHUNK / 4)
		len = PATH_CHUNK / 4; /* longer than rcfs allows: keep its start */
	if (!r->nr_chunks || r->chunk_used + len + 1 > r->chunk_cap) {
		r->chunks = xrealloc(r->chunks, r->nr_chunks + 1, sizeof(*r->chunks));
		r->chunks[r->nr_chunks++] = xmalloc(PATH_CHUNK);
		r->chunk_used = 0;
		r->chunk_cap = PATH_CHUNK;
	}
	p = r->chunks[r->nr_chunks - 1] + r->chunk_used;
	memcpy(p, path, len);
	p[len] = '\0';
	r->chunk_used += len + 1;
	return p;
}

static uint32_t new_record(struct class_registry *r, int32_t id)
{
	struct class_rec *c;
	uint32_t *slot;

	if (r->n == r->cap) {
		r->cap = r->cap ? r->cap * 2 : 64;
		r->recs = xrealloc(r->recs, r->cap, sizeof(*r->recs));
	}
	c = &r->recs[r->n];
	memset(c, 0, sizeof(*c));
	c->id = id;
	c->parent_id = -1;
	c->guarantee_pages = c->limit_pages = c->share_pages = -1;
	c->forward = NO_CLASS_INDEX;
	slot = u64map_put(&r->by_id, (uint64_t)(int64_t)id, NULL);
	*slot = r->n;
	return r->n++;
}

uint32_t classes_find(const struct class_registry *r, int32_t id)
{
	const uint32_t *slot = u64map_get(&r->by_id, (uint64_t)(int64_t)id);

	return slot ? *slot : NO_CLASS_INDEX;
}

uint32_t classes_resolve(const struct class_registry *r, uint32_t index)
{
	uint32_t steps;

	/* At most one step per class: a bound even if a cycle slipped in. */
	for (steps = 0; index < r->n && r->recs[index].forward != NO_CLASS_INDEX && steps < r->n; steps++)
		index = r->recs[index].forward;
	return index;
}

uint32_t classes_lookup(struct class_registry *r, int32_t id)
{
	uint32_t index = classes_find(r, id);

	if (index != NO_CLASS_INDEX)
		return index;
	index = new_record(r, id);
	/* The contract names the root: id 0 is "/". */
	if (id == 0)
		r->recs[index].path = "/";
	return index;
}

uint32_t classes_create(struct class_registry *r, int32_t id, int32_t parent, const char *path, size_t len,
			uint64_t ts)
{
	uint32_t index = new_record(r, id);
	struct class_rec *c = &r->recs[index];

	c->parent_id = parent;
	c->path = keep_path(r, path, len);
	c->created_ts = ts;
	c->created_in_trace = true;
	/* A new class owns no pages: its counts are known from here on. */
	c->usage_known = true;
	return index;
}

void classes_destroy(struct class_registry *r, int32_t id, const char *path, size_t len, uint64_t ts)
{
	/* Look up first: a class unknown until now grows (moves) r->recs. */
	uint32_t index = classes_lookup(r, id);
	struct class_rec *c = &r->recs[index];

	c->destroyed = true;
	c->destroyed_ts = ts;
	if (!c->path)
		c->path = keep_path(r, path, len);
}

const char *class_label(const struct class_rec *c, char *buf, size_t len)
{
	if (c->path)
		return c->path;
	if (c->id == -1)
		snprintf(buf, len, "(no class)");
	else
		snprintf(buf, len, "(class %d)", c->id);
	return buf;
}
