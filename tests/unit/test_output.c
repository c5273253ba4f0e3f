/* test_output.c - util/output: atomic, link-safe writes (links of other users refused, modes kept,
 * no replacing without the flag, nothing left behind) and the final check of stdout. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "util/output.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* entries of dir other than . and .. */
static int entries(const char *dir)
{
	DIR *d = opendir(dir);
	assert_non_null(d);
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

static void writes_new_file_with_umask(void **state)
{
	(void)state;
	char *dir = tu_mkdtemp();
	char p[4096];
	tu_fmt(p, "%s/job.sh", dir);
	struct maple_error err;
	mode_t old = umask(027);
	assert_int_equal(output_write(p, "abc", 3, 0755, 0, &err), 0);
	umask(old);
	char *got = tu_read(p);
	assert_string_equal(got, "abc");
	free(got);
	struct stat st;
	assert_int_equal(stat(p, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0750);
	assert_int_equal(entries(dir), 1);
	tu_rm_rf(dir);
	free(dir);
}

static void refuses_existing_without_replace(void **state)
{
	(void)state;
	char *dir = tu_mkdtemp();
	char p[4096];
	tu_fmt(p, "%s/job.sh", dir);
	tu_write(dir, "job.sh", "precious");
	chmod(p, 0400);
	struct maple_error err;
	assert_int_equal(output_write(p, "new", 3, 0755, 0, &err), -1);
	assert_contains(err.text, "exists: not replaced");
	char *got = tu_read(p);
	assert_string_equal(got, "precious");
	free(got);
	/* replacing keeps the old mode (a read-only file stays read-only, never becomes 0755) */
	assert_int_equal(output_write(p, "new", 3, 0755, OUTPUT_REPLACE, &err), 0);
	got = tu_read(p);
	assert_string_equal(got, "new");
	free(got);
	struct stat st;
	assert_int_equal(stat(p, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0400);
	assert_int_equal(entries(dir), 1);
	/* exact mode when asked */
	assert_int_equal(output_write(p, "x", 1, 0700, OUTPUT_REPLACE | OUTPUT_EXACT_MODE, &err), 0);
	assert_int_equal(stat(p, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0700);
	tu_rm_rf(dir);
	free(dir);
}

/* OUTPUT_NO_SYNC (the scratch files of `verify --run`): no fsync, but the same write: whole, replacing,
 * the exact mode, no temporary left */
static void scratch_writes_are_whole(void **state)
{
	(void)state;
	char *dir = tu_mkdtemp();
	char p[4096];
	tu_fmt(p, "%s/maple_miniapp.py", dir);
	struct maple_error err;
	unsigned f = OUTPUT_REPLACE | OUTPUT_EXACT_MODE | OUTPUT_NO_SYNC;
	assert_int_equal(output_write(p, "first", 5, 0755, f, &err), 0);
	assert_int_equal(output_write(p, "second run", 10, 0700, f, &err), 0);
	char *got = tu_read(p);
	assert_string_equal(got, "second run");
	free(got);
	struct stat st;
	assert_int_equal(stat(p, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0700);
	assert_int_equal(entries(dir), 1);
	/* without OUTPUT_REPLACE an existing file is still refused */
	assert_int_equal(output_write(p, "x", 1, 0755, OUTPUT_NO_SYNC, &err), -1);
	assert_contains(err.text, "exists: not replaced");
	tu_rm_rf(dir);
	free(dir);
}

static void own_link_written_through_foreign_link_refused(void **state)
{
	(void)state;
	char *dir = tu_mkdtemp();
	char p[4096], target[4096], link2[4096];
	tu_fmt(target, "%s/real.sh", dir);
	tu_fmt(p, "%s/link.sh", dir);
	tu_fmt(link2, "%s/other.sh", dir);
	tu_write(dir, "real.sh", "old");
	chmod(target, 0600);
	assert_int_equal(symlink("real.sh", p), 0);
	struct maple_error err;
	/* our own link: its target is replaced, the link stays, the mode is kept */
	assert_int_equal(output_write(p, "new", 3, 0755, OUTPUT_REPLACE, &err), 0);
	struct stat st;
	assert_int_equal(lstat(p, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	char *got = tu_read(target);
	assert_string_equal(got, "new");
	free(got);
	assert_int_equal(stat(target, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0600);
	/* a link owned by someone else in a directory they do not own: refused, target untouched */
	assert_int_equal(symlink("real.sh", link2), 0);
	if (geteuid() == 0 && lchown(link2, 4242, 4242) == 0) {
		assert_int_equal(output_write(link2, "evil", 4, 0755, OUTPUT_REPLACE, &err), -1);
		assert_contains(err.text, "symbolic link owned by another user");
		got = tu_read(target);
		assert_string_equal(got, "new");
		free(got);
		assert_int_equal(lstat(link2, &st), 0);
		assert_true(S_ISLNK(st.st_mode));
		/* ... also when nothing may be replaced, and for a dangling link */
		unlink(link2);
		char dang[4096];
		tu_fmt(dang, "%s/nowhere", dir);
		assert_int_equal(symlink(dang, link2), 0);
		assert_int_equal(lchown(link2, 4242, 4242), 0);
		assert_int_equal(output_write(link2, "evil", 4, 0755, 0, &err), -1);
		assert_int_equal(access(dang, F_OK), -1);
		/* the link's owner owns the directory too: the kernel would follow it, so do we */
		assert_int_equal(chown(dir, 4242, 4242), 0);
		assert_int_equal(output_write(link2, "ok", 2, 0644, 0, &err), 0);
		got = tu_read(dang);
		assert_string_equal(got, "ok");
		free(got);
		assert_int_equal(chown(dir, 0, 0), 0);
	}
	/* a loop of links */
	char l1[4096], l2[4096];
	tu_fmt(l1, "%s/l1", dir);
	tu_fmt(l2, "%s/l2", dir);
	assert_int_equal(symlink("l2", l1), 0);
	assert_int_equal(symlink("l1", l2), 0);
	assert_int_equal(output_write(l1, "x", 1, 0644, OUTPUT_REPLACE, &err), -1);
	assert_contains(err.text, "too many levels");
	tu_rm_rf(dir);
	free(dir);
}

static void odd_targets(void **state)
{
	(void)state;
	char *dir = tu_mkdtemp();
	char p[4096];
	struct maple_error err;
	assert_int_equal(output_write(dir, "x", 1, 0644, OUTPUT_REPLACE, &err), -1);
	assert_contains(err.text, "directory");
	tu_fmt(p, "%s/", dir);
	assert_int_equal(output_write(p, "x", 1, 0644, OUTPUT_REPLACE, &err), -1);
	assert_int_equal(output_write("", "x", 1, 0644, 0, &err), -1);
	tu_fmt(p, "%s/missing/job.sh", dir);
	assert_int_equal(output_write(p, "x", 1, 0644, 0, &err), -1);
	assert_contains(err.text, "missing");
	/* a device is written into, never replaced */
	assert_int_equal(output_write("/dev/null", "x", 1, 0644, 0, &err), 0);
	struct stat st;
	assert_int_equal(stat("/dev/null", &st), 0);
	assert_true(S_ISCHR(st.st_mode));
	/* a full device: the error is reported */
	if (access("/dev/full", W_OK) == 0) {
		assert_int_equal(output_write("/dev/full", "x", 1, 0644, 0, &err), -1);
		assert_contains(err.text, "No space left");
	}
	/* an unwritable directory (not as root: root writes anyway) */
	if (geteuid() != 0) {
		tu_fmt(p, "%s/ro", dir);
		mkdir(p, 0500);
		tu_fmt(p, "%s/ro/job.sh", dir);
		assert_int_equal(output_write(p, "x", 1, 0644, 0, &err), -1);
	}
	tu_rm_rf(dir);
	free(dir);
}

/* A child blocked in the middle of a write (a FIFO would not do: the temp file is regular), killed
 * by each cleanup signal: no temporary file remains. The child writes a large buffer into a file
 * system while the parent signals it; whatever the timing, the directory holds the whole file or
 * nothing. */
static void signals_during_writes(const int *sigs, size_t nsigs)
{
	size_t big = 16u << 20;
	char *data = malloc(big);
	assert_non_null(data);
	memset(data, 'a', big);
	for (size_t k = 0; k < nsigs; k++) {
		for (int delay = 0; delay < 3; delay++) {
			char *dir = tu_mkdtemp();
			char p[4096];
			tu_fmt(p, "%s/out.sh", dir);
			pid_t pid = fork();
			assert_true(pid >= 0);
			if (pid == 0) {
				struct maple_error err;
				for (int i = 0; i < 4; i++)
					output_write(p, data, big, 0644, OUTPUT_REPLACE, &err);
				_exit(0);
			}
			usleep((useconds_t)(delay * 3000));
			kill(pid, sigs[k]);
			int st;
			waitpid(pid, &st, 0);
			int n = entries(dir);
			assert_true(n <= 1);
			if (n == 1) {
				struct stat sb;
				assert_int_equal(stat(p, &sb), 0);
				assert_int_equal((size_t)sb.st_size, big);
			}
			tu_rm_rf(dir);
			free(dir);
		}
	}
	free(data);
}

static void signals_leave_nothing_behind(void **state)
{
	(void)state;
	const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGKILL};
	signals_during_writes(sigs, 5);
}

static void catchable_signals_leave_nothing_behind(void **state)
{
	(void)state;
	const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
	signals_during_writes(sigs, 4);
}

static void stdout_full_is_an_error(void **state)
{
	(void)state;
	if (access("/dev/full", W_OK) != 0)
		skip();
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		int fd = open("/dev/full", O_WRONLY);
		dup2(fd, 1);
		printf("some output\n");
		struct maple_error err;
		_exit(output_close_stdout(&err) < 0 && strstr(err.text, "No space left") ? 7 : 0);
	}
	int st;
	waitpid(pid, &st, 0);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 7);
}

/* A warning that cannot reach stderr counts (output_stderr_failed); a note that only confirms what was done
 * (output_note) does not, before or after a lost warning. In a child: stderr is /dev/full there. */
static void stderr_lost_warning_counts_note_does_not(void **state)
{
	(void)state;
	if (access("/dev/full", W_OK) != 0)
		skip();
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		int fd = open("/dev/full", O_WRONLY);
		dup2(fd, 2);
		int bad = 0;
		output_note("maple: wrote %s\n", "job.sh");
		bad |= output_stderr_failed() ? 1 : 0; /* a lost note: not counted */
		fprintf(stderr, "maple: warning: %s\n", "kept as literal text");
		bad |= output_stderr_failed() ? 0 : 2; /* a lost warning: counted */
		output_note("maple: wrote %s\n", "job.sh");
		bad |= output_stderr_failed() ? 0 : 4; /* and still counted after a note */
		_exit(bad);
	}
	int st;
	waitpid(pid, &st, 0);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
}

/* A closed standard descriptor is held by /dev/null opened the other way: the next file opened is not fd 1,
 * and a write to fd 1 still fails with EBADF, as on a closed one. */
static void closed_stdout_stays_taken(void **state)
{
	(void)state;
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(1);
		output_init_process();
		int bad = 0;
		int fd = open("/dev/null", O_WRONLY);
		bad |= fd == 1 ? 1 : 0;
		errno = 0;
		bad |= write(1, "x", 1) < 0 && errno == EBADF ? 0 : 2;
		_exit(bad);
	}
	int st;
	waitpid(pid, &st, 0);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
}

/* ---- the temporary name of a replacement (--force): unpredictable, never a planted file or link,
 * removed on every failure ---- */
static unsigned long long fixed_next;
static unsigned long long fixed_random(void)
{
	return fixed_next++;
}

/* The first names a write to BASE would try are taken by files and links someone planted there: each is
 * skipped (O_EXCL|O_NOFOLLOW), none opened, followed, replaced or removed. */
static void planted_temp_names_skipped(void **state)
{
	(void)state;
	char *dir = tu_mkdtemp();
	char p[4096], victim[4096], n0[4096], n1[4096], n2[4096];
	tu_fmt(p, "%s/job.sh", dir);
	tu_fmt(victim, "%s/victim", dir);
	tu_write(dir, "victim", "victim");
	tu_write(dir, "job.sh", "old");
	tu_fmt(n0, "%s/.job.sh.maple-%016llx", dir, 1000ULL);
	tu_fmt(n1, "%s/.job.sh.maple-%016llx", dir, 1001ULL);
	tu_fmt(n2, "%s/.job.sh.maple-%016llx", dir, 1002ULL);
	assert_int_equal(symlink(victim, n0), 0);
	assert_int_equal(symlink("nowhere", n1), 0); /* a dangling link: nothing is created through it */
	tu_write(dir, ".job.sh.maple-00000000000003ea", "planted");
	output_set_random_source(fixed_random);
	for (int replace = 0; replace < 2; replace++) {
		fixed_next = 1000;
		struct maple_error err;
		const char *data = replace ? "replaced" : "new";
		if (!replace)
			unlink(p);
		assert_int_equal(output_write(p, data, strlen(data), 0644, replace ? OUTPUT_REPLACE : 0, &err), 0);
		char *got = tu_read(p);
		assert_string_equal(got, data);
		free(got);
		got = tu_read(victim);
		assert_string_equal(got, "victim");
		free(got);
		struct stat st;
		assert_int_equal(lstat(n0, &st), 0);
		assert_true(S_ISLNK(st.st_mode));
		assert_int_equal(lstat(n1, &st), 0);
		assert_true(S_ISLNK(st.st_mode));
		got = tu_read(n2);
		assert_string_equal(got, "planted");
		free(got);
		tu_fmt(n2, "%s/nowhere", dir);
		assert_int_equal(access(n2, F_OK), -1);
		tu_fmt(n2, "%s/.job.sh.maple-%016llx", dir, 1002ULL);
		/* job.sh, the victim and the three planted names: nothing else */
		assert_int_equal(entries(dir), 5);
	}
	output_set_random_source(NULL);
	tu_rm_rf(dir);
	free(dir);
}

/* A replacement whose rename fails (the target became a directory after the check): an error naming the
 * file, and the temporary name removed. The random source is the hook that swaps the target. */
static char swap_target[4096];
static unsigned long long swap_then_random(void)
{
	unlink(swap_target);
	mkdir(swap_target, 0755);
	return fixed_next++;
}

static void failed_rename_leaves_nothing(void **state)
{
	(void)state;
	char *dir = tu_mkdtemp();
	tu_fmt(swap_target, "%s/job.sh", dir);
	tu_write(dir, "job.sh", "old");
	output_set_random_source(swap_then_random);
	fixed_next = 7;
	struct maple_error err;
	assert_int_equal(output_write(swap_target, "new", 3, 0644, OUTPUT_REPLACE, &err), -1);
	assert_contains(err.text, "job.sh");
	output_set_random_source(NULL);
	assert_int_equal(entries(dir), 1); /* the directory that took job.sh's place, no temporary file */
	struct stat st;
	assert_int_equal(lstat(swap_target, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	tu_rm_rf(dir);
	free(dir);
}

/* A write past the file size limit (ulimit -f) is an error ("File too large"), not SIGXFSZ killing the
 * process: nothing is left behind, the old file is unchanged. */
static void file_size_limit_is_an_error(void **state)
{
	(void)state;
	char *dir = tu_mkdtemp();
	char p[4096];
	tu_fmt(p, "%s/job.sh", dir);
	tu_write(dir, "job.sh", "old");
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		output_init_process();
		struct rlimit rl = {4096, 4096};
		setrlimit(RLIMIT_FSIZE, &rl);
		static char big[65536];
		memset(big, 'a', sizeof(big));
		struct maple_error err;
		int bad = 0;
		for (unsigned f = 0; f < 2; f++)
			if (output_write(p, big, sizeof(big), 0644, f ? OUTPUT_REPLACE : 0, &err) != -1 ||
			    !strstr(err.text, f ? "File too large" : "exists"))
				bad = 1;
		char *kept = tu_read(p); /* the old file is unchanged */
		if (strcmp(kept, "old"))
			bad = 2;
		free(kept);
		unlink(p);
		if (output_write(p, big, sizeof(big), 0644, 0, &err) != -1 || !strstr(err.text, "File too large"))
			bad = 1;
		_exit(bad ? 3 : 0);
	}
	int st;
	waitpid(pid, &st, 0);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	assert_int_equal(entries(dir), 0);
	tu_rm_rf(dir);
	free(dir);
}

static int named_temp(void **state)
{
	(void)state;
	output_use_tmpfile(false);
	return 0;
}

static int unnamed_temp(void **state)
{
	(void)state;
	output_use_tmpfile(true);
	return 0;
}

/* Every case twice: with O_TMPFILE (nothing named until the end) and with a named temporary file (file
 * systems without O_TMPFILE), whose name the signal handler removes. SIGKILL cannot be handled: with a
 * named temporary it may leave one hidden file, so that case runs with O_TMPFILE only. */
#define BOTH(t) cmocka_unit_test_setup(t, unnamed_temp), cmocka_unit_test_setup(t, named_temp)

int main(void)
{
	const struct CMUnitTest tests[] = {
		BOTH(writes_new_file_with_umask),
		BOTH(refuses_existing_without_replace),
		BOTH(scratch_writes_are_whole),
		BOTH(own_link_written_through_foreign_link_refused),
		BOTH(odd_targets),
		BOTH(planted_temp_names_skipped),
		BOTH(failed_rename_leaves_nothing),
		BOTH(file_size_limit_is_an_error),
		cmocka_unit_test_setup(signals_leave_nothing_behind, unnamed_temp),
		cmocka_unit_test_setup(catchable_signals_leave_nothing_behind, named_temp),
		cmocka_unit_test(stdout_full_is_an_error),
		cmocka_unit_test(stderr_lost_warning_counts_note_does_not),
		cmocka_unit_test(closed_stdout_stays_taken),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
