// SPDX-License-Identifier: GPL-2.0
#include "u64map.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* splitmix64's finalizer: page frames and ids are dense, spread them. */
static size_t hash(uint64_t k)
{
	k ^= k >> 30;
	k *= 0xbf58476d1ce4e5b9ULL;
	k ^= k >> 27;
	k *= 0x94d049bb133111ebULL;
	k ^= k >> 31;
	return (size_t)k;
}

void u64map_init(struct u64map *m, size_t val_size)
{
	memset(m, 0, sizeof(*m));
	m->val_size = val_size;
}

void u64map_free(struct u64map *m)
{
	free(m->keys);
	free(m->used);
	free(m->vals);
	u64map_init(m, m->val_size);
}

static size_t find(const struct u64map *m, uint64_t key, bool *found)
{
	size_t mask = m->cap - 1, i = hash(key) & mask;

	while (m->used[i]) {
		if (m->keys[i] == key) {
			*found = true;
			return i;
		}
		i = (i + 1) & mask;
	}
	*found = false;
	return i;
}

void *u64map_get(const struct u64map *m, uint64_t key)
{
	bool found;
	size_t i;

	if (!m->cap)
		return NULL;
	i = find(m, key, &found);
	return found ? m->vals + i * m->val_size : NULL;
}

static void grow(struct u64map *m)
{
	struct u64map bigger;
	size_t i;

	u64map_init(&bigger, m->val_size);
	bigger.cap = m->cap ? m->cap * 2 : 64;
	bigger.keys = xcalloc(bigger.cap, sizeof(*bigger.keys));
	bigger.used = xcalloc(bigger.cap, sizeof(*bigger.used));
	bigger.vals = xcalloc(bigger.cap, m->val_size);
	for (i = 0; i < m->cap; i++) {
		bool found;
		size_t j;

		if (!m->used[i])
			continue;
		j = find(&bigger, m->keys[i], &found);
		bigger.used[j] = 1;
		bigger.keys[j] = m->keys[i];
		memcpy(bigger.vals + j * m->val_size, m->vals + i * m->val_size, m->val_size);
		bigger.count++;
	}
	u64map_free(m);
	*m = bigger;
}

void *u64map_put(struct u64map *m, uint64_t key, bool *existed)
{
	bool found;
	size_t i;

	/* Keep the load under 70%: probes stay short. */
	if ((m->count + 1) * 10 > m->cap * 7)
		grow(m);
	i = find(m, key, &found);
	if (existed)
		*existed = found;
	if (!found) {
		m->used[i] = 1;
		m->keys[i] = key;
		memset(m->vals + i * m->val_size, 0, m->val_size);
		m->count++;
	}
	return m->vals + i * m->val_size;
}

bool u64map_del(struct u64map *m, uint64_t key)
{
	size_t mask, i, j;
	bool found;

	if (!m->cap)
		return false;
	i = find(m, key, &found);
	if (!found)
		return false;
	mask = m->cap - 1;
	/*
	 * Backward shift: move later members of the probe run into the hole
	 * when their home slot does not lie (cyclically) after the hole.
	 */
	j = i;
	for (;;) {
		size_t home;

		j = (j + 1) & mask;
		if (!m->used[j])
			break;
		home = hash(m->keys[j]) & mask;
		if (i <= j ? (i < home && home <= j) : (i < home || home <= j))
			continue;
		m->keys[i] = m->keys[j];
		memcpy(m->vals + i * m->val_size, m->vals + j * m->val_size, m->val_size);
		i = j;
	}
	m->used[i] = 0;
	m->count--;
	return true;
}

void *u64map_slot(const struct u64map *m, size_t i, uint64_t *key)
{
	if (i >= m->cap || !m->used[i])
		return NULL;
	if (key)
		*key = m->keys[i];
	return m->vals + i * m->val_size;
}
