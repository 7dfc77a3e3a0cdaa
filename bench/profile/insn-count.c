// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A QEMU TCG plugin: how many guest instructions each kernel function
 * executed, by System.map. Every translated block adds its length to a
 * counter of its own each time it runs (an inline add, no callback), and
 * at exit the counters are summed by the function their block starts in.
 *
 *   -plugin bench/profile/insn-count.so,map=System.map,out=FILE
 *
 * FILE gets "count function" lines, largest first, with user space as
 * "[user]" and blocks in no text symbol as "[unknown]".
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qemu-plugin-v1.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define KERNEL_START 0xffff800000000000ULL
#define SLOTS_PER_CHUNK 65536

struct slot {
	uint64_t vaddr;
	uint64_t count;
};

struct chunk {
	struct chunk *next;
	size_t used;
	struct slot slots[SLOTS_PER_CHUNK];
};

struct symbol {
	uint64_t addr;
	char *name;
	uint64_t count;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct chunk *chunks;
static uint64_t user_count;
static struct symbol *symbols;
static size_t nr_symbols;
static char *out_path;

/* A counter a block keeps for as long as QEMU runs. */
static struct slot *slot_new(uint64_t vaddr)
{
	struct slot *s = NULL;

	pthread_mutex_lock(&lock);
	if (!chunks || chunks->used == SLOTS_PER_CHUNK) {
		struct chunk *c = calloc(1, sizeof(*c));

		if (c) {
			c->next = chunks;
			chunks = c;
		}
	}
	if (chunks && chunks->used < SLOTS_PER_CHUNK) {
		s = &chunks->slots[chunks->used++];
		s->vaddr = vaddr;
	}
	pthread_mutex_unlock(&lock);
	return s;
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	uint64_t vaddr = qemu_plugin_tb_vaddr(tb);
	size_t n = qemu_plugin_tb_n_insns(tb);
	struct slot *s;

	(void)id;
	if (vaddr < KERNEL_START) {
		qemu_plugin_register_vcpu_tb_exec_inline(tb,
			QEMU_PLUGIN_INLINE_ADD_U64, &user_count, n);
		return;
	}
	s = slot_new(vaddr);
	if (s)
		qemu_plugin_register_vcpu_tb_exec_inline(tb,
			QEMU_PLUGIN_INLINE_ADD_U64, &s->count, n);
}

static int by_addr(const void *a, const void *b)
{
	const struct symbol *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static int by_count(const void *a, const void *b)
{
	const struct symbol *x = a, *y = b;

	return x->count > y->count ? -1 : x->count < y->count;
}

/* The text symbols of a System.map ("addr type name"), sorted. */
static int load_map(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[512], name[448], type;
	size_t cap = 0;
	uint64_t addr;

	if (!f) {
		fprintf(stderr, "insn-count: cannot open %s: %s\n", path,
			strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%" SCNx64 " %c %447s", &addr, &type, name) != 3)
			continue;
		if (type != 't' && type != 'T' && type != 'w' && type != 'W')
			continue;
		if (nr_symbols == cap) {
			struct symbol *bigger;

			cap = cap ? cap * 2 : 4096;
			bigger = realloc(symbols, cap * sizeof(*symbols));
			if (!bigger)
				break;
			symbols = bigger;
		}
		symbols[nr_symbols].addr = addr;
		symbols[nr_symbols].name = strdup(name);
		symbols[nr_symbols].count = 0;
		if (!symbols[nr_symbols].name)
			break;
		nr_symbols++;
	}
	/* A partial table would credit functions with their neighbours'. */
	if (!feof(f)) {
		fprintf(stderr, "insn-count: could not read all of %s (out of memory or a read error)\n", path);
		fclose(f);
		return -1;
	}
	fclose(f);
	qsort(symbols, nr_symbols, sizeof(*symbols), by_addr);
	return 0;
}

/* The symbol @vaddr lies in: the last one starting at or below it. */
static struct symbol *symbol_of(uint64_t vaddr)
{
	size_t lo = 0, hi = nr_symbols;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (symbols[mid].addr <= vaddr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? &symbols[lo - 1] : NULL;
}

static void report(qemu_plugin_id_t id, void *userdata)
{
	uint64_t unknown = 0;
	struct chunk *c;
	FILE *f;
	size_t i;

	(void)id;
	(void)userdata;
	for (c = chunks; c; c = c->next) {
		for (i = 0; i < c->used; i++) {
			struct symbol *sym = symbol_of(c->slots[i].vaddr);

			if (sym)
				sym->count += c->slots[i].count;
			else
				unknown += c->slots[i].count;
		}
	}
	qsort(symbols, nr_symbols, sizeof(*symbols), by_count);
	f = fopen(out_path, "w");
	if (!f) {
		fprintf(stderr, "insn-count: cannot write %s: %s\n", out_path,
			strerror(errno));
		return;
	}
	fprintf(f, "%" PRIu64 " [user]\n", user_count);
	fprintf(f, "%" PRIu64 " [unknown]\n", unknown);
	for (i = 0; i < nr_symbols && symbols[i].count; i++)
		fprintf(f, "%" PRIu64 " %s\n", symbols[i].count,
			symbols[i].name);
	fclose(f);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					   const qemu_info_t *info,
					   int argc, char **argv)
{
	const char *map = NULL;
	int i;

	if (info->version.min > QEMU_PLUGIN_VERSION) {
		fprintf(stderr, "insn-count: QEMU's plugin API %d is newer than %d\n",
			info->version.min, QEMU_PLUGIN_VERSION);
		return -1;
	}
	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "map=", 4))
			map = argv[i] + 4;
		else if (!strncmp(argv[i], "out=", 4))
			out_path = strdup(argv[i] + 4);
		else {
			fprintf(stderr, "insn-count: unknown argument %s\n", argv[i]);
			return -1;
		}
	}
	if (!map || !out_path) {
		fprintf(stderr, "insn-count: needs map=System.map and out=FILE\n");
		return -1;
	}
	if (load_map(map))
		return -1;
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	qemu_plugin_register_atexit_cb(id, report, NULL);
	return 0;
}
