/* proc.h - running a helper program (bash -n, shellcheck) and capturing what it prints. */
#ifndef MAPLE_PROC_H
#define MAPLE_PROC_H

#include <stdbool.h>

#include "strbuf.h"

/* How a helper program ended. */
enum proc_end { PROC_EXITED, PROC_NOT_STARTED, PROC_KILLED, PROC_TIMED_OUT };
struct proc_how {
	enum proc_end end;
	int sig; /* PROC_KILLED: the signal, when one */
};

/* Runs argv[0] (searched in PATH) with stdin from /dev/null, stdout and stderr into out (up to
 * max_bytes; the rest is read and discarded). Returns the exit status, or -1 when the program
 * cannot be started (not installed) or was killed. */
int run_capture(const char *const argv[], struct strbuf *out, size_t max_bytes);

/* The same, stopping the program (SIGKILL) when it runs past timeout_s seconds (0: no limit); how (may be
 * NULL) says how it ended. */
int run_capture_timed(const char *const argv[], struct strbuf *out, size_t max_bytes, unsigned timeout_s,
		      struct proc_how *how);

#endif
