#!/bin/bash
# runner/console-check on KASAN reports as 6.1's generic KASAN prints them
# (mm/kasan/report.c): each fails the log and is named on its last line,
# also when the header line is lost in user-space text on the same line;
# the KASAN kernel's clean boot, which names KASAN too, passes.
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
boot='[    0.000000] Linux version 6.1.0 (root@ckrm) (gcc (Debian 12.2.0-14) 12.2.0) #1 SMP PREEMPT_DYNAMIC
[    0.000000] Command line: console=ttyS0 root=/dev/vda rw rootfstype=ext4 init=/sbin/ckrm-init
[    0.250000] kasan: KernelAddressSanitizer initialized (generic)
[    1.117000] SLUB: HWalign=64, Order=0-3, MinObjects=0, CPUs=2, Nodes=1
[    2.088913] 9p: Installing v9fs 9p2000 file system support
[   20.660193] Adding 1048572k swap on /dev/vdb.  Priority:-2 extents:1 across:1048572k'
bar='=================================================================='

# report HEADER BODY-FIRST-LINE: a whole KASAN report, HEADER its "BUG:
# KASAN:" line as printed (timestamp included).
report() {
	cat <<EOF
[   42.118208] $bar
$1
[   42.119520] $2
[   42.120101] 
[   42.120283] CPU: 1 PID: 312 Comm: rcfs_test Not tainted 6.1.0 #1
[   42.120861] Hardware name: QEMU Standard PC (i440FX + PIIX, 1996), BIOS 1.16.2-debian-1.16.2-1 04/01/2014
[   42.121745] Call Trace:
[   42.121990]  <TASK>
[   42.122204]  dump_stack_lvl+0x5b/0x77
[   42.122563]  print_report+0x17f/0x47b
[   42.122910]  kasan_report+0xad/0x130
[   42.123257]  ckrm_class_put+0x2a/0x90
[   42.123600]  rcfs_rmdir+0x11c/0x1f0
[   42.123950]  vfs_rmdir+0x150/0x2b0
[   42.124300]  do_rmdir+0x1b6/0x240
[   42.124650]  __x64_sys_rmdir+0x3c/0x50
[   42.125000]  do_syscall_64+0x3a/0x90
[   42.125350]  entry_SYSCALL_64_after_hwframe+0x63/0xcd
[   42.125700]  </TASK>
[   42.125900] 
[   42.126100] Allocated by task 310:
[   42.126400]  kasan_save_stack+0x1e/0x40
[   42.126700]  kasan_set_track+0x21/0x30
[   42.127000]  __kasan_kmalloc+0x7e/0x90
[   42.127300]  ckrm_class_alloc+0x3d/0x1a0
[   42.127600] 
[   42.127800] Freed by task 311:
[   42.128100]  kasan_save_stack+0x1e/0x40
[   42.128400]  kasan_set_track+0x21/0x30
[   42.128700]  kasan_save_free_info+0x2a/0x40
[   42.129000]  ____kasan_slab_free+0x14a/0x1b0
[   42.129300]  __kmem_cache_free+0xb8/0x2e0
[   42.129600]  ckrm_class_release+0x52/0x70
[   42.129900] 
[   42.130100] The buggy address belongs to the object at ffff888004b1c000
[   42.130100]  which belongs to the cache kmalloc-256 of size 256
[   42.130400] The buggy address is located 208 bytes inside of
[   42.130400]  256-byte region [ffff888004b1c000, ffff888004b1c100)
[   42.130700] 
[   42.130900] The buggy address belongs to the physical page:
[   42.131200] page:000000004b3c0a1e refcount:1 mapcount:0 mapping:0000000000000000 index:0x0 pfn:0x4b1c
[   42.131500] flags: 0x100000000000200(slab|node=0|zone=1)
[   42.131800] page dumped because: kasan: bad access detected
[   42.132100] 
[   42.132300] Memory state around the buggy address:
[   42.132600]  ffff888004b1bf80: fc fc fc fc fc fc fc fc fc fc fc fc fc fc fc fc
[   42.132900]  ffff888004b1c000: fa fb fb fb fb fb fb fb fb fb fb fb fb fb fb fb
[   42.133200] >ffff888004b1c080: fb fb fb fb fb fb fb fb fb fb fb fb fb fb fb fb
[   42.133200]                                                  ^
[   42.133500]  ffff888004b1c100: fc fc fc fc fc fc fc fc fc fc fc fc fc fc fc fc
[   42.133800] $bar
[   42.134100] Disabling lock debugging due to kernel taint
EOF
}

# fails NAME FIRST: the log in $tmp/log fails, and the check's last line
# names FIRST as the first report.
fails() {
	local out rc
	out=$("$TOP/runner/console-check" "$tmp/log")
	rc=$?
	check "console-check: $1 fails the run" test "$rc" -eq 1
	check "console-check: $1 is named last" \
		test "$(echo "$out" | tail -n 1)" = "first report: $2"
}

uaf='[   42.118934] BUG: KASAN: use-after-free in ckrm_class_put+0x2a/0x90'
{ echo "$boot"; report "$uaf" 'Read of size 4 at addr ffff888004b1c0d0 by task rcfs_test/312'; } >"$tmp/log"
fails "a KASAN use-after-free report" "$uaf"

oob='[   42.118934] BUG: KASAN: slab-out-of-bounds in rbce_rule_match+0x91/0x1c0 [rbce]'
{ echo "$boot"; report "$oob" 'Write of size 8 at addr ffff888004b1c100 by task exec-loop/401'; } >"$tmp/log"
fails "a KASAN out-of-bounds write" "$oob"

df='[   42.118934] BUG: KASAN: double-free in ckrm_class_release+0x52/0x70'
{ echo "$boot"; report "$df" 'Free of addr ffff888004b1c000 by task rcfs_test/312'; } >"$tmp/log"
fails "a KASAN double-free report" "$df"

# A wild pointer: the general protection fault names KASAN's guess.
gpf='[   50.000000] general protection fault, probably for non-canonical address 0xdffffc0000000002: 0000 [#1] PREEMPT SMP KASAN'
printf '%s\n%s\n%s\n' "$boot" "$gpf" \
	'[   50.000100] KASAN: null-ptr-deref in range [0x0000000000000010-0x0000000000000017]' >"$tmp/log"
fails "a KASAN null-ptr-deref" "$gpf"

# The header lost in user-space text written to the console at the same
# moment: the report's next line still fails the log.
mangled="guest-init: scenario 'storm' on 2[   42.118934] BUG: KASAN: use-after-free in ckrm_class_put+0x2a/0x90"
{ echo "$boot"; report "$mangled" 'Read of size 4 at addr ffff888004b1c0d0 by task rcfs_test/312'; } >"$tmp/log"
fails "a KASAN report whose header line is mangled" \
	'[   42.119520] Read of size 4 at addr ffff888004b1c0d0 by task rcfs_test/312'

# The KASAN kernel's boot says "kasan:" and "KernelAddressSanitizer";
# user space may print what a report says.
printf '%s\n%s\n' "$boot" 'BUG: KASAN: use-after-free printed by a program, not the kernel' >"$tmp/log"
check "console-check: a clean KASAN boot and user-space text pass" \
	"$TOP/runner/console-check" "$tmp/log"
[ "$TAP_FAILURES" -eq 0 ]
