// SPDX-License-Identifier: GPL-2.0
#include "crash_guard.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "verdict.h"

volatile sig_atomic_t crash_guard_own_code;
static const char *guarded_path = "";

static void say(const char *s)
{
	ssize_t n = write(STDERR_FILENO, s, strlen(s));

	(void)n;
}

static void on_fatal_signal(int sig)
{
	if (!crash_guard_own_code) {
		/* The libraries': the parent reports a damaged trace. */
		signal(sig, SIG_DFL);
		raise(sig);
		return;
	}
	/* Async-signal-safe: write() and _exit() only. */
	say("ckrm-analyze: ");
	say(guarded_path);
	say(": analyzer bug: ckrm-analyze's own code crashed (");
	say(sig == SIGSEGV ? "SIGSEGV" : sig == SIGBUS ? "SIGBUS" : sig == SIGFPE ? "SIGFPE" : sig == SIGILL ? "SIGILL" : "SIGABRT");
	say("), not the trace's fault: please report it with the trace\n");
	_exit(EXIT_ANALYZER_BUG);
}

void crash_guard_install(const char *trace_path)
{
	static const int sigs[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
	struct sigaction sa;
	size_t i;

	guarded_path = trace_path;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fatal_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
}

void crash_guard_test_hook(void)
{
#ifdef CKRM_TEST_HOOKS
	static bool done;
	const char *hook;

	if (done)
		return;
	done = true;
	hook = getenv("CKRM_TEST_HOOK");
	if (hook && !strcmp(hook, "crash"))
		raise(SIGSEGV);
	if (hook && !strcmp(hook, "leak")) {
		static char *volatile leaked;

		leaked = malloc(4242);
		leaked[0] = 1;
		leaked = NULL; /* no reference left: LeakSanitizer's to find */
	}
#endif
}
