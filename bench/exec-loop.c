// SPDX-License-Identifier: GPL-2.0
/*
 * exec-loop N PROGRAM: fork and exec PROGRAM N times, one after the other,
 * and print the mean nanoseconds per fork+exec+exit+wait. Built on the host
 * for the guest (make guest); used by make bench.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct timespec a, b;
	long n, i;

	if (argc != 3 || (n = atol(argv[1])) <= 0) {
		fprintf(stderr, "usage: exec-loop N PROGRAM\n");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < n; i++) {
		pid_t pid = fork();
		int status;

		if (pid < 0) {
			perror("exec-loop: fork");
			return 1;
		}
		if (pid == 0) {
			execl(argv[2], argv[2], (char *)NULL);
			_exit(127);
		}
		if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status)) {
			fprintf(stderr, "exec-loop: %s failed\n", argv[2]);
			return 1;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("%ld\n", ((b.tv_sec - a.tv_sec) * 1000000000L + (b.tv_nsec - a.tv_nsec)) / n);
	return 0;
}
