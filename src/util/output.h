/* output.h - the one way maple writes a file: atomic, link-safe, mode-keeping, cleaned up on signals. */
#ifndef MAPLE_OUTPUT_H
#define MAPLE_OUTPUT_H

#include "error.h"

#include <stdbool.h>
#include <stddef.h>

/* Flags of output_write(). */
enum {
	/* An existing regular file at path may be replaced (--force, or the file maple is patching).
	 * Without it an existing file is an error, checked atomically (a file that appears between the
	 * check and the write is not replaced either). */
	OUTPUT_REPLACE = 1 << 0,
	/* Apply mode exactly (not masked by the umask, and to a replaced file too): copies in maple's
	 * own work directories, backups. By default a new file gets mode & ~umask and a replaced file
	 * keeps its mode. */
	OUTPUT_EXACT_MODE = 1 << 1,
	/* Only check that the write could happen (the directory exists, no foreign link, no existing file
	 * unless OUTPUT_REPLACE): for a command to fail before its work. Writes nothing. */
	OUTPUT_CHECK_ONLY = 1 << 2,
	/* No fsync of the file or its directory: scratch files a later step rewrites anyway (the work
	 * directory of `verify --run`: the mini-app, the launcher stand-ins, the verification copy), whose
	 * loss in a crash loses a run, not work. Still atomic: readers see the old file or the whole new one. */
	OUTPUT_NO_SYNC = 1 << 3,
};

/* Writes len bytes of data to path so that readers see the old file or the whole new one:
 * a temporary file in the same directory (unnamed with O_TMPFILE where the file system has it, so
 * that even SIGKILL leaves nothing behind; otherwise a hidden name removed on SIGINT, SIGTERM,
 * SIGHUP and SIGQUIT), every write checked, fsync, then link/rename over path, then fsync of the
 * directory. A replacement (OUTPUT_REPLACE onto an existing file) needs a name to rename: the unnamed
 * file is linked as ".BASE.maple-" and 16 hex digits of getrandom(2) just before the rename. Every
 * hidden name is created O_EXCL|O_NOFOLLOW (a file or link planted there is skipped, never opened or
 * removed), recorded for the signal handler in the same step with the signals blocked, and removed on
 * every failure; only SIGKILL in the microseconds between that link and the rename can leave it.
 *
 * path's last component is never followed blindly: a symbolic link is written through (its target
 * replaced, the link kept) only when the caller owns it or the owner of its directory does (the
 * kernel's protected_symlinks rule, applied whatever the sysctl says); any other link is refused.
 * An existing FIFO, terminal or device (/dev/stdout) is written into, never replaced; a directory
 * is an error. Returns 0, or -1 with a message naming path; on failure nothing is left behind and
 * an existing file is unchanged. */
int output_write(const char *path, const char *data, size_t len, int mode, unsigned flags,
		 struct maple_error *err);

/* Checks everything written to stdout so far reached its destination: flushes, fsyncs when stdout
 * is a regular file, closes it. Returns 0, or -1 with a message ("standard output: No space left on
 * device"). Call once, at exit. */
int output_close_stdout(struct maple_error *err);

/* fflush(stdout) for a command that must flush before it goes on (a child process, a patch applied
 * after the report): the cause of a failure (ENOSPC) is kept for output_close_stdout, whose own
 * flush then has nothing left to write and would only see the stream's error flag. */
void output_flush_stdout(void);

/* Whether a write to stdout has failed (its error flag). The first time it is seen, errno is kept as the
 * cause for output_close_stdout: call it right after the fwrite/printf that may have failed. stdio
 * empties its buffer when a write fails, so a flush after that has nothing to write and would only
 * see the flag ("Input/output error" instead of "No space left on device"). */
bool output_stdout_failed(void);

/* Whether a message to stderr could not be written (a full disk, a closed descriptor): a warning or an
 * error the user never saw. main turns an exit status of 0 into 2 then (as coreutils' close_stdout does):
 * nothing maple had to say is lost without a sign. */
bool output_stderr_failed(void);

/* A note to stderr that only confirms what was done ("wrote job.sh"): its loss, unlike a warning's, leaves
 * the result and the exit status as they are (output_stderr_failed does not count it). */
void output_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Call once, first thing in main: a standard descriptor that is closed (`>&-`, `2>&-`, `<&-`) is held by
 * /dev/null opened the other way, so a read or write on it still fails with EBADF (reported as before) and
 * no file maple opens later (a temporary script, a database) becomes fd 0, 1 or 2 and receives the report.
 * Also: a write past the file size limit (ulimit -f, RLIMIT_FSIZE) fails with
 * "File too large" and is reported like a full disk, instead of SIGXFSZ killing maple without a word and
 * leaving a truncated file. A handler, not SIG_IGN: children (bash -n, sbatch, the job) get the default
 * back at exec. */
void output_init_process(void);

/* Installs the signal handlers that remove a half-written temporary file (idempotent; output_write
 * calls it). Exposed for tests. */
void output_install_signal_cleanup(void);
/* Whether to try O_TMPFILE first (default true); false takes the named-temporary way that file systems
 * without O_TMPFILE get. For tests. */
void output_use_tmpfile(bool on);
/* Replaces the random source of temporary names (getrandom(2)) with fn, NULL restores it. For tests: a
 * known name lets a test plant a file or link there first. */
void output_set_random_source(unsigned long long (*fn)(void));

#endif
