# Sanitizer settings for the tests and the fuzzer (sourced).
# - exit codes 86 (ASan, LSan) and 87 (UBSan) cannot be mistaken for the
#   analyzer's own 0, 1 and 2;
# - allocator_may_return_null: libtracecmd trusts sizes read from the file
#   and asks for terabytes on a damaged one; like glibc's malloc, return
#   NULL (which it checks) instead of aborting; and nothing above 512 MB
#   (no trace needs one such block), so a bogus size cannot eat the memory.
# shellcheck shell=bash
_here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export ASAN_OPTIONS="allocator_may_return_null=1:max_allocation_size_mb=512:exitcode=86:detect_leaks=1:${ASAN_OPTIONS:-}"
export LSAN_OPTIONS="exitcode=86:${LSAN_OPTIONS:-}"
export UBSAN_OPTIONS="halt_on_error=1:exitcode=87:print_stacktrace=1:${UBSAN_OPTIONS:-}"
