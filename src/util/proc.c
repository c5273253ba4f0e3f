/* proc.c - posix_spawn based runner for helper programs, with an optional time limit. */
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int run_capture_timed(const char *const argv[], struct strbuf *out, size_t max_bytes, unsigned timeout_s,
		      struct proc_how *how)
{
	struct proc_how dummy;
	if (!how)
		how = &dummy;
	how->end = PROC_NOT_STARTED;
	how->sig = 0;
	int fds[2];
	if (pipe2(fds, O_CLOEXEC) < 0)
		return -1;
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
	posix_spawn_file_actions_adddup2(&fa, fds[1], 2);
	pid_t pid;
	int rc = posix_spawnp(&pid, argv[0], &fa, NULL, (char *const *)argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(fds[1]);
	if (rc != 0) {
		close(fds[0]);
		return -1;
	}
	long long deadline = timeout_s ? now_ms() + (long long)timeout_s * 1000 : 0;
	bool timed_out = false;
	char buf[8192];
	for (;;) {
		if (deadline) {
			long long left = deadline - now_ms();
			struct pollfd p = {fds[0], POLLIN, 0};
			int pr = left > 0 ? poll(&p, 1, left > 60000 ? 60000 : (int)left) : 0;
			if (pr < 0 && errno == EINTR)
				continue;
			if (pr == 0 && now_ms() >= deadline) {
				/* past its time: the program is stopped, and the caller says the check did not run */
				kill(pid, SIGKILL);
				timed_out = true;
				break;
			}
			if (pr <= 0)
				continue;
		}
		ssize_t n = read(fds[0], buf, sizeof(buf));
		if (n == 0)
			break;
		if (n < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (out->len < max_bytes)
			strbuf_add(out, buf, out->len + (size_t)n > max_bytes ? max_bytes - out->len : (size_t)n);
	}
	close(fds[0]);
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (timed_out) {
		how->end = PROC_TIMED_OUT;
		return -1;
	}
	if (!WIFEXITED(status)) {
		how->end = PROC_KILLED;
		how->sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
		return -1;
	}
	how->end = PROC_EXITED;
	/* posix_spawnp of a missing program may also surface as exit 127 */
	return WEXITSTATUS(status);
}

int run_capture(const char *const argv[], struct strbuf *out, size_t max_bytes)
{
	return run_capture_timed(argv, out, max_bytes, 0, NULL);
}
