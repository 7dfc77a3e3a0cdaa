/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A hash table from 64-bit keys (page frames, pass ids, class ids) to
 * fixed-size values stored inline: open addressing, linear probing,
 * backward-shift deletion (no tombstones, so a map of pages that come and
 * go stays as small as the pages tracked at once).
 */
#ifndef U64MAP_H
#define U64MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct u64map {
	uint64_t *keys;
	uint8_t *used;
	unsigned char *vals;
	size_t val_size;
	size_t cap; /* a power of two, or 0 */
	size_t count;
};

void u64map_init(struct u64map *m, size_t val_size);
void u64map_free(struct u64map *m);

/* The value for key, or NULL. Valid until the next put or del. */
void *u64map_get(const struct u64map *m, uint64_t key);

/*
 * The value slot for key, inserted zero-filled if absent (*existed tells
 * which). Valid until the next put or del.
 */
void *u64map_put(struct u64map *m, uint64_t key, bool *existed);

bool u64map_del(struct u64map *m, uint64_t key);

/* Iteration: slots 0..cap-1; u64map_slot() is NULL for an empty one. */
void *u64map_slot(const struct u64map *m, size_t i, uint64_t *key);

#endif
