/* proc.c - posix_spawn based runner for helper programs. */
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int run_capture(const char *const argv[], struct strbuf *out, size_t max_bytes)
{
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
	char buf[8192];
	ssize_t n;
	while ((n = read(fds[0], buf, sizeof(buf))) != 0) {
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
	if (!WIFEXITED(status))
		return -1;
	/* posix_spawnp of a missing program may also surface as exit 127 */
	return WEXITSTATUS(status);
}
