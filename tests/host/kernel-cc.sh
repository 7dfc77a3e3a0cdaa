#!/bin/bash
# kernel/cc sends a source that .incbin's another file to gcc itself, and
# everything else through ccache; kernel/check-bzimage.sh fails when the
# bzImage does not carry the compressed kernel built beside it.
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Stand-ins that say which was called.
mkdir "$tmp/bin"
printf '#!/bin/sh\necho "ccache $*"\n' >"$tmp/bin/ccache"
printf '#!/bin/sh\necho "gcc $*"\n' >"$tmp/bin/gcc"
chmod +x "$tmp/bin/ccache" "$tmp/bin/gcc"
printf '.incbin "arch/x86/boot/compressed/vmlinux.bin.xz"\n' >"$tmp/piggy.S"
printf 'int x;\n' >"$tmp/plain.c"
cc_says() { (cd "$tmp" && PATH=$tmp/bin:$PATH "$TOP/kernel/cc" "$@"); }

check "kernel/cc: a source with .incbin is compiled by gcc, not ccache" \
	test "$(cc_says -c -o piggy.o piggy.S)" = "gcc -c -o piggy.o piggy.S"
check "kernel/cc: any other source goes through ccache" \
	test "$(cc_says -c -o plain.o plain.c)" = "ccache gcc -c -o plain.o plain.c"
check "kernel/cc: a call without a source (a version or option probe) goes through ccache" \
	test "$(cc_says --version)" = "ccache gcc --version"

obj=$tmp/obj
mkdir -p "$obj/arch/x86/boot/compressed"
head -c 8192 /dev/urandom >"$obj/arch/x86/boot/compressed/vmlinux.bin.xz"
{ head -c 512 /dev/zero; cat "$obj/arch/x86/boot/compressed/vmlinux.bin.xz"; } >"$obj/arch/x86/boot/bzImage"
check "check-bzimage: a bzImage carrying the compressed kernel passes" \
	"$TOP/kernel/check-bzimage.sh" "$obj"
head -c 8192 /dev/urandom >"$obj/arch/x86/boot/compressed/vmlinux.bin.xz"
expect_fail "check-bzimage: a bzImage carrying another build fails, naming it" \
	"does not carry .*vmlinux.bin.xz.*stale piggy.o" "$TOP/kernel/check-bzimage.sh" "$obj"
[ "$TAP_FAILURES" -eq 0 ]
