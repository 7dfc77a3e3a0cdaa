// SPDX-License-Identifier: GPL-2.0
/*
 * membench anon MB: fault in MB of anonymous memory, one write per 4 KB
 * page (MADV_NOHUGEPAGE: a fault per page, not one per 2 MB), and print
 * the nanoseconds the touching took.
 *
 * membench read FILE: evict FILE from the page cache, read it through the
 * page cache once (128 KB reads), evict it again, and print the
 * nanoseconds the reading took.
 *
 * Built on the host for the guest (make guest); used by make bench
 * (bench/hotpath). Timing is CLOCK_MONOTONIC around the work only.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define PAGE 4096L

static long long now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int anon(long mb)
{
	long pages = mb * (1024 * 1024 / PAGE);
	long long a, b;
	char *p;

	p = mmap(NULL, pages * PAGE, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		perror("membench: mmap");
		return 1;
	}
	if (madvise(p, pages * PAGE, MADV_NOHUGEPAGE)) {
		perror("membench: madvise");
		return 1;
	}
	a = now_ns();
	for (long i = 0; i < pages; i++)
		p[i * PAGE] = 1;
	b = now_ns();
	munmap(p, pages * PAGE);
	printf("%lld\n", b - a);
	return 0;
}

static int evict(int fd, const char *path)
{
	int err = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);

	if (err) {
		fprintf(stderr, "membench: fadvise %s: %s\n", path, strerror(err));
		return 1;
	}
	return 0;
}

static int readfile(const char *path)
{
	static char buf[128 * 1024];
	long long a, b;
	ssize_t n;
	int fd = open(path, O_RDONLY);

	if (fd < 0) {
		perror(path);
		return 1;
	}
	if (evict(fd, path))
		return 1;
	a = now_ns();
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		;
	b = now_ns();
	if (n < 0) {
		perror(path);
		return 1;
	}
	if (evict(fd, path))
		return 1;
	close(fd);
	printf("%lld\n", b - a);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "anon") && atol(argv[2]) > 0)
		return anon(atol(argv[2]));
	if (argc == 3 && !strcmp(argv[1], "read"))
		return readfile(argv[2]);
	fprintf(stderr, "usage: membench anon MB | membench read FILE\n");
	return 2;
}
