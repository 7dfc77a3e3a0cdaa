#!/bin/sh
# check-bzimage.sh OBJ: the bzImage in OBJ carries the compressed kernel
# built last beside it (arch/x86/boot/compressed/vmlinux.bin.xz), and so
# boots the vmlinux whose System.map the profile and the reader use.
set -eu
obj=$1
payload=$obj/arch/x86/boot/compressed/vmlinux.bin.xz
image=$obj/arch/x86/boot/bzImage
python3 - "$payload" "$image" <<'PY' || exit 1
import sys
payload, image = (open(p, "rb").read() for p in sys.argv[1:3])
if payload not in image:
    sys.exit(f"check-bzimage: {sys.argv[2]} does not carry {sys.argv[1]}: "
             "it boots another build (a stale piggy.o)")
PY
