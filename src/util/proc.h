/* proc.h - running a helper program (bash -n, shellcheck) and capturing what it prints. */
#ifndef MAPLE_PROC_H
#define MAPLE_PROC_H

#include "strbuf.h"

/* Runs argv[0] (searched in PATH) with stdin from /dev/null, stdout and stderr into out (up to
 * max_bytes; the rest is read and discarded). Returns the exit status, or -1 when the program
 * cannot be started (not installed) or was killed. */
int run_capture(const char *const argv[], struct strbuf *out, size_t max_bytes);

#endif
