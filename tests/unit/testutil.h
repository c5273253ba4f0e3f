/* testutil.h - small helpers shared by the unit tests (temporary data dirs, file I/O, substring
 * assertions). Included after <cmocka.h>; everything is static so each test links on its own. */
#ifndef MAPLE_TESTUTIL_H
#define MAPLE_TESTUTIL_H

#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <spawn.h>
#include <sys/wait.h>

#include "repo/repo.h"
#include "util/strbuf.h"
#include "util/strvec.h"

/* snprintf into a char array, failing the test on truncation (and keeping -Wformat-truncation quiet). */
#define tu_fmt(buf, ...)                                                                                    \
	do {                                                                                                \
		if (snprintf((buf), sizeof(buf), __VA_ARGS__) >= (int)sizeof(buf))                          \
			fail_msg("path too long");                                                          \
	} while (0)

/* Fails the test (showing both strings) unless needle occurs in hay. */
#define assert_contains(hay, needle)                                                                        \
	do {                                                                                                \
		const char *h_ = (hay), *n_ = (needle);                                                     \
		if (!h_ || !strstr(h_, n_))                                                                 \
			fail_msg("expected to find\n  [%s]\nin\n  [%s]", n_, h_ ? h_ : "(null)");          \
	} while (0)

#define assert_not_contains(hay, needle)                                                                    \
	do {                                                                                                \
		const char *h_ = (hay), *n_ = (needle);                                                     \
		if (h_ && strstr(h_, n_))                                                                   \
			fail_msg("did not expect to find\n  [%s]\nin\n  [%s]", n_, h_);                     \
	} while (0)

static inline struct repo *tu_open_repo_dirs(const char *d1, const char *d2, struct maple_error *err)
{
	struct strvec dirs = STRVEC_INIT;
	if (d1)
		strvec_push(&dirs, d1);
	if (d2)
		strvec_push(&dirs, d2);
	struct repo *r = repo_open(&dirs, err);
	strvec_clear(&dirs);
	return r;
}

static inline struct repo *tu_open_real_repo(void)
{
	struct maple_error err;
	struct repo *r = tu_open_repo_dirs(MAPLE_SOURCE_DIR "/data", NULL, &err);
	if (!r)
		fprintf(stderr, "cannot open data/: %s\n", err.text);
	return r;
}

/* A fresh temporary directory (free() the result). */
static inline char *tu_mkdtemp(void)
{
	const char *base = getenv("TMPDIR");
	char buf[4096];
	tu_fmt(buf, "%s/maple-test-XXXXXX", base && *base ? base : "/tmp");
	char *d = mkdtemp(buf);
	assert_non_null(d);
	return strdup(d);
}

static inline void tu_mkdir_p(const char *path)
{
	char buf[4096];
	tu_fmt(buf, "%s", path);
	for (char *p = buf + 1; *p; p++) {
		if (*p == '/') {
			*p = '\0';
			mkdir(buf, 0755);
			*p = '/';
		}
	}
	mkdir(buf, 0755);
}

/* Writes text to dir/rel, creating parent directories. */
static inline void tu_write(const char *dir, const char *rel, const char *text)
{
	char path[4096];
	tu_fmt(path, "%s/%s", dir, rel);
	char *slash = strrchr(path, '/');
	*slash = '\0';
	tu_mkdir_p(path);
	*slash = '/';
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* The whole file (free() it), or NULL. */
static inline char *tu_read(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return NULL;
	size_t cap = 4096, len = 0;
	char *buf = malloc(cap);
	size_t n;
	while ((n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += n;
		if (cap - len < 2) {
			cap *= 2;
			buf = realloc(buf, cap);
		}
	}
	buf[len] = '\0';
	fclose(f);
	return buf;
}

static inline char *tu_read_data(const char *rel)
{
	char path[4096];
	tu_fmt(path, "%s/data/%s", MAPLE_SOURCE_DIR, rel);
	char *s = tu_read(path);
	assert_non_null(s);
	return s;
}

/* s with the first occurrence of from replaced by to (free() the result; from must occur). */
static inline char *tu_replace(const char *s, const char *from, const char *to)
{
	const char *p = strstr(s, from);
	if (!p)
		fail_msg("tu_replace: '%s' not found", from);
	size_t a = (size_t)(p - s), lf = strlen(from), lt = strlen(to), ls = strlen(s);
	char *out = malloc(ls - lf + lt + 1);
	memcpy(out, s, a);
	memcpy(out + a, to, lt);
	memcpy(out + a + lt, p + lf, ls - a - lf + 1);
	return out;
}

/* 1-based line of the nth (1-based) occurrence of needle in text; 0 when absent. */
static inline int tu_line_of_nth(const char *text, const char *needle, int nth)
{
	const char *p = text;
	for (int i = 0; i < nth; i++) {
		p = strstr(i ? p + 1 : p, needle);
		if (!p)
			return 0;
	}
	int line = 1;
	for (const char *q = text; q < p; q++)
		line += *q == '\n';
	return line;
}

static inline int tu_line_of(const char *text, const char *needle)
{
	return tu_line_of_nth(text, needle, 1);
}

/* Line n (from 1) of s, malloc'd ("" past its end); that it is want; how many newlines s holds. */
static inline char *tu_line_text(const char *s, int n)
{
	for (int i = 1; i < n && s; i++) {
		s = strchr(s, '\n');
		s = s ? s + 1 : NULL;
	}
	if (!s)
		return strdup("");
	const char *e = strchr(s, '\n');
	return strndup(s, e ? (size_t)(e - s) : strlen(s));
}

static inline void tu_expect_line(const char *script, int n, const char *want)
{
	char *l = tu_line_text(script, n);
	assert_string_equal(l, want);
	free(l);
}

static inline int tu_count_lines(const char *s)
{
	int n = 0;
	for (; *s; s++)
		n += *s == '\n';
	return n;
}

static inline int tu_rm_cb(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	chmod(path, 0700);
	return remove(path);
}

static inline void tu_rm_rf(const char *path)
{
	nftw(path, tu_rm_cb, 16, FTW_DEPTH | FTW_PHYS);
}

extern char **environ;

/* Runs /bin/bash -c script in cwd and returns its stdout (free() it); fails the test unless bash exits 0. */
static inline char *tu_run_bash(const char *script, const char *cwd)
{
	int fds[2];
	assert_int_equal(pipe(fds), 0);
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
	posix_spawn_file_actions_addclose(&fa, fds[0]);
	posix_spawn_file_actions_addclose(&fa, fds[1]);
	char *argv[] = {"/bin/bash", "--norc", "--noprofile", "-c", (char *)script, NULL};
	char old[4096];
	assert_non_null(getcwd(old, sizeof(old)));
	assert_int_equal(chdir(cwd), 0);
	pid_t pid;
	int rc = posix_spawn(&pid, "/bin/bash", &fa, NULL, argv, environ);
	assert_int_equal(chdir(old), 0);
	posix_spawn_file_actions_destroy(&fa);
	close(fds[1]);
	assert_int_equal(rc, 0);
	struct strbuf out = STRBUF_INIT;
	char buf[4096];
	ssize_t n;
	while ((n = read(fds[0], buf, sizeof(buf))) > 0)
		strbuf_add(&out, buf, (size_t)n);
	close(fds[0]);
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		fail_msg("bash failed (%d):\n%s", status, script);
	return strbuf_detach(&out);
}

#endif
