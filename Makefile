# CKRM on Linux 6.1: the one entry point. `make help` lists the targets.

TOP        := $(abspath .)
BUILD      := $(TOP)/build
TREE       := $(BUILD)/linux
KOBJ       := $(BUILD)/kernel-obj
GUEST      := $(BUILD)/guest
OUTDIR     := $(BUILD)/out
CACHE      := $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/ckrm
export CCACHE_DIR ?= $(CACHE)/ccache
# Depend mode: no extra preprocessor run on a cache miss (Kbuild passes -MMD).
export CCACHE_DEPEND ?= 1
# Relative paths in the hash: a fresh checkout elsewhere hits the same cache.
export CCACHE_BASEDIR ?= $(TOP)

# Config fragments merged over tinyconfig, in this order.
FRAGMENTS  := $(addprefix $(TOP)/kernel/config/,guest.config tracing.config debug.config ckrm.config)
BZIMAGE    := $(KOBJ)/arch/x86/boot/bzImage
# The bench kernel: the test kernel without debug.config (lockdep, DEBUG_VM,
# CKRM_MEM_DEBUG), so that make bench measures what a production kernel costs.
BENCH_KOBJ := $(BUILD)/kernel-bench-obj
BENCH_FRAGMENTS := $(filter-out %/debug.config,$(FRAGMENTS)) $(TOP)/kernel/config/bench.config
BENCH_BZIMAGE := $(BENCH_KOBJ)/arch/x86/boot/bzImage
# The KASAN kernel: the test kernel with generic inline KASAN and SLUB
# (kasan.config, merged last). Its modules and the guest programs built for
# it go to their own directory, which the runner shares as /ckrm/bin
# (GUEST_BIN): neither build/kernel-obj nor build/guest changes.
KASAN_KOBJ := $(BUILD)/kernel-kasan-obj
KASAN_FRAGMENTS := $(FRAGMENTS) $(TOP)/kernel/config/kasan.config
KASAN_BZIMAGE := $(KASAN_KOBJ)/arch/x86/boot/bzImage
KASAN_GUEST := $(BUILD)/kasan-guest
# What make test-kasan runs (tests/run-all GROUP/NAME), and its timeouts'
# multiplier: under KASAN and TCG a run takes about twice as long.
KASAN_TESTS := guest/ckrm-core guest/rbce guest/ckrm-mem scenarios/storm
KASAN_TIMEOUT_SCALE ?= 2
JOBS       ?= $(shell nproc)
# Its own -j, outside any jobserver of ours.
KMAKE_IN    = MAKEFLAGS= $(MAKE) -s -C $(TREE) -j$(JOBS) CC=$(TOP)/kernel/cc O=
KMAKE       = $(KMAKE_IN)$(KOBJ)

SCENARIO   ?= story
# SCENARIO is a name under scenarios/ or a path to a scenario directory.
SCENARIO_DIR = $(if $(wildcard $(SCENARIO)/run),$(abspath $(SCENARIO)),$(TOP)/scenarios/$(SCENARIO))

.PHONY: help deps deps-check kernel-tree kernel-export series-check kernel-config kernel \
	kernel-bench kernel-kasan rootfs guest parts analyzer run test test-kasan bench profile clean

help: ## list the targets
	@echo "CKRM on Linux 6.1. Targets:"
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | \
		awk -F':.*## ' '{ printf "  %-14s %s\n", $$1, $$2 }'
	@echo "Variables: SCENARIO=name-or-path (run), JOBS=N (kernel build), KASAN_TIMEOUT_SCALE (test-kasan), SERIES_CHECK_CONFIGS, SERIES_CHECK_FROM, SERIES_CHECK_TO (series-check)"

deps: ## install the host packages (apt-get; needs root)
	@$(TOP)/scripts/deps.sh

deps-check:
	@$(TOP)/scripts/deps.sh --check

kernel-tree: deps-check ## extract linux-source-6.1 into build/linux and apply kernel/patches
	@$(TOP)/kernel/tree.sh $(TREE) $(TOP)/kernel/patches

kernel-export: ## write build/linux's commits since the base back to kernel/patches (refuses unfolded fixup! commits)
	@$(TOP)/kernel/export.sh $(TREE) $(TOP)/kernel/patches

# Long (a kernel build per patch and configuration), so not part of test.
# SERIES_CHECK_CONFIGS, SERIES_CHECK_FROM, SERIES_CHECK_TO: see the script.
series-check: deps-check ## prove every prefix of kernel/patches builds (CKRM on, CKRM=n, CKRM_MEM=n), W=1 and checkpatch per patch
	@JOBS=$(JOBS) $(TOP)/kernel/series-check.sh $(TOP)/kernel/patches $(TREE)

# Reconfigure when a fragment changed; Kbuild itself follows Kconfig changes.
$(KOBJ)/.config: $(FRAGMENTS) $(TOP)/kernel/config.sh $(TOP)/kernel/check-config.sh | $(TREE)/.git
	@echo "  CONFIG tinyconfig + $(notdir $(FRAGMENTS))"
	@$(TOP)/kernel/config.sh $(TREE) $(KOBJ) $(FRAGMENTS)

$(BENCH_KOBJ)/.config: $(BENCH_FRAGMENTS) $(TOP)/kernel/config.sh $(TOP)/kernel/check-config.sh | $(TREE)/.git
	@echo "  CONFIG tinyconfig + $(notdir $(BENCH_FRAGMENTS)) (bench)"
	@$(TOP)/kernel/config.sh $(TREE) $(BENCH_KOBJ) $(BENCH_FRAGMENTS)

$(KASAN_KOBJ)/.config: $(KASAN_FRAGMENTS) $(TOP)/kernel/config.sh $(TOP)/kernel/check-config.sh | $(TREE)/.git
	@echo "  CONFIG tinyconfig + $(notdir $(KASAN_FRAGMENTS)) (KASAN)"
	@$(TOP)/kernel/config.sh $(TREE) $(KASAN_KOBJ) $(KASAN_FRAGMENTS)

$(TREE)/.git:
	@$(TOP)/kernel/tree.sh $(TREE) $(TOP)/kernel/patches

kernel-config: deps-check $(KOBJ)/.config ## configure the kernel (fails naming options kconfig dropped)

kernel: kernel-config ## build the test kernel and its modules (out of tree, ccache)
	@echo "  KERNEL $(BZIMAGE)"
	@$(KMAKE) bzImage modules
	@$(TOP)/kernel/check-bzimage.sh $(KOBJ)
	@rm -rf $(GUEST)/modules
	@$(KMAKE) modules_install INSTALL_MOD_PATH=$(GUEST)/modules INSTALL_MOD_STRIP=1 >/dev/null

rootfs: deps-check ## build (or reuse the cached) guest root filesystem image
	@$(TOP)/rootfs/build.sh >/dev/null

kernel-bench: deps-check $(BENCH_KOBJ)/.config ## build the bench kernel: the test kernel without its debug options, -O2 and SLUB
	@echo "  KERNEL $(BENCH_BZIMAGE)"
	@$(KMAKE_IN)$(BENCH_KOBJ) bzImage
	@$(TOP)/kernel/check-bzimage.sh $(BENCH_KOBJ)

kernel-kasan: deps-check $(KASAN_KOBJ)/.config ## build the KASAN kernel (the test kernel with generic inline KASAN, SLUB) and its modules
	@echo "  KERNEL $(KASAN_BZIMAGE)"
	@$(KMAKE_IN)$(KASAN_KOBJ) bzImage modules
	@$(TOP)/kernel/check-bzimage.sh $(KASAN_KOBJ)
	@rm -rf $(KASAN_GUEST)/modules
	@$(KMAKE_IN)$(KASAN_KOBJ) modules_install INSTALL_MOD_PATH=$(KASAN_GUEST)/modules INSTALL_MOD_STRIP=1 >/dev/null

guest: | $(TREE)/.git ## build the programs the guest runs (shared over 9p as /ckrm/bin)
	@mkdir -p $(GUEST)/selftests/ckrm
	@$(MAKE) -s -C $(TREE)/tools/testing/selftests/ckrm OUTPUT=$(GUEST)/selftests/ckrm
	@$(CC) -std=c11 -D_GNU_SOURCE -O2 -Wall -Wextra -Werror -o $(GUEST)/exec-loop $(TOP)/bench/exec-loop.c
	@$(CC) -std=c11 -D_GNU_SOURCE -O2 -Wall -Wextra -Werror -o $(GUEST)/membench $(TOP)/bench/membench.c
	@cp $(TOP)/scenarios/lib/guest.sh $(GUEST)/scenario-lib.sh
	@cp $(TOP)/bench/lib.sh $(GUEST)/bench-lib.sh
	@mkdir -p $(GUEST)/tracepoints && cp $(TOP)/tracepoints/*.bt $(TOP)/tracepoints/presets/[a-z]* $(GUEST)/tracepoints/

# The root filesystem (network and disk bound) builds while the kernel
# (CPU bound) does; the kernel's own make keeps its -j$(JOBS).
parts: deps-check
	@$(MAKE) --no-print-directory -j2 kernel rootfs guest

analyzer: deps-check ## build analyze/ckrm-analyze
	@$(MAKE) --no-print-directory -s -C $(TOP)/analyze ckrm-analyze

run: parts analyzer ## boot the kernel, run SCENARIO under trace-cmd, print the analysis
	@$(TOP)/runner/run $(SCENARIO_DIR) $(OUTDIR)/$(notdir $(SCENARIO_DIR))
	@$(TOP)/runner/report $(OUTDIR)/$(notdir $(SCENARIO_DIR))

test: parts ## run every test: host unit tests, guest tests, scenarios
	@$(TOP)/tests/run-all

# Long (the runs take twice as long under KASAN), so not part of test. Any
# KASAN report on a console fails its run (runner/console-check). Outputs
# in build/out/kasan-*; the guest programs are built again for the KASAN
# kernel's directory.
test-kasan: kernel-kasan rootfs analyzer ## run the CKRM, RBCE and memory selftests and the storm scenario on the KASAN kernel (build/out/kasan-*)
	@$(MAKE) --no-print-directory guest GUEST=$(KASAN_GUEST)
	@KERNEL=$(KASAN_BZIMAGE) GUEST_BIN=$(KASAN_GUEST) TIMEOUT_SCALE=$(KASAN_TIMEOUT_SCALE) \
		RUN_ALL_OUT=$(OUTDIR)/kasan- $(TOP)/tests/run-all $(KASAN_TESTS)

bench: parts analyzer kernel-bench ## measure side by side: memory controller (hot paths, reclaim, enforcement), RBCE's cost at exec, ckrm-analyze against trace-cmd report
	@$(TOP)/runner/run $(TOP)/bench/rbce $(OUTDIR)/bench-rbce
	@$(TOP)/bench/report $(OUTDIR)/bench-rbce $(BUILD)/bench/rbce.json
	@# Alternated boots; BENCH_ROUNDS, BENCH_REPS, BENCH_MODES: see bench/mem-boots.
	@KERNEL=$(BENCH_BZIMAGE) $(TOP)/bench/mem-boots $(OUTDIR)/bench-mem
	@$(TOP)/bench/mem-report $(OUTDIR)/bench-mem $(BUILD)/bench/mem.json
	@# rmdir of a class holding 64 MB, in 512 MB and 2 GB guests (the test kernel).
	@$(TOP)/bench/teardown-boots $(OUTDIR)/bench-teardown $(BUILD)/bench/teardown.json
	@# A trace of more than 1 M events (bench/analyzer-trace: about 2.6 M), recorded once.
	@[ -f $(OUTDIR)/analyzer-trace/trace.dat ] || $(TOP)/runner/run $(TOP)/bench/analyzer-trace $(OUTDIR)/analyzer-trace
	@$(TOP)/bench/analyzer/run $(OUTDIR)/analyzer-trace/trace.dat $(BUILD)/bench/analyzer.json
	@jq -s add $(BUILD)/bench/rbce.json $(BUILD)/bench/mem.json $(BUILD)/bench/teardown.json $(BUILD)/bench/analyzer.json >$(BUILD)/bench/results.json
	@echo "results: $(BUILD)/bench/results.json"

# The hot-path workload bench/profile/run counts instructions of.
WORK       ?= anon
profile: parts kernel-bench ## count, per kernel function, the instructions WORK (anon, read or exec) adds with CKRM and with memcg to ckrm=off
	@KERNEL=$(BENCH_BZIMAGE) $(TOP)/bench/profile/run $(WORK) $(OUTDIR)/profile-$(WORK)

clean: ## remove build output (keeps build/linux and the caches)
	rm -rf $(KOBJ) $(BENCH_KOBJ) $(KASAN_KOBJ) $(GUEST) $(KASAN_GUEST) $(OUTDIR)
