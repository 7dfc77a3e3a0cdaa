/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The part of QEMU's TCG plugin API (version 1, QEMU 5.2 to 8.1) that
 * insn-count.c uses, declared here because Debian ships the plugin loader
 * in qemu-system-x86 but not the header (include/qemu/qemu-plugin.h).
 */
#ifndef QEMU_PLUGIN_V1_H
#define QEMU_PLUGIN_V1_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define QEMU_PLUGIN_EXPORT __attribute__((visibility("default")))
#define QEMU_PLUGIN_VERSION 1

typedef uint64_t qemu_plugin_id_t;

typedef struct qemu_info_t {
	const char *target_name;
	struct {
		int min;
		int cur;
	} version;
	bool system_emulation;
	union {
		struct {
			int smp_vcpus;
			int max_vcpus;
		} system;
	};
} qemu_info_t;

struct qemu_plugin_tb;

enum qemu_plugin_op {
	QEMU_PLUGIN_INLINE_ADD_U64,
};

typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id,
					       struct qemu_plugin_tb *tb);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
					   qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
					      enum qemu_plugin_op op,
					      void *ptr, uint64_t imm);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
				    qemu_plugin_udata_cb_t cb, void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);

#endif /* QEMU_PLUGIN_V1_H */
