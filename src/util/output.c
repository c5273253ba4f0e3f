/* output.c - atomic, link-safe file output (O_TMPFILE/openat + rename) and the final check of stdout. */
#include "output.h"

#include "strbuf.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAX_LINK_HOPS 8

/* ---- the temporary file a signal must remove ---- */
static volatile sig_atomic_t tmp_active;
static int tmp_dirfd = -1;
static char tmp_name[128];
static const int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
#define NSIG_CLEANUP (sizeof(cleanup_signals) / sizeof(cleanup_signals[0]))
static struct sigaction saved[NSIG_CLEANUP];

static void on_signal(int sig)
{
	if (tmp_active)
		unlinkat(tmp_dirfd, tmp_name, 0);
	tmp_active = 0;
	/* hand the signal to whoever had it before (logs --follow prints its report on SIGINT) */
	for (size_t i = 0; i < NSIG_CLEANUP; i++)
		if (cleanup_signals[i] == sig) {
			sigaction(sig, &saved[i], NULL);
			if (saved[i].sa_handler == SIG_IGN)
				return;
		}
	raise(sig);
}

/* Installs fn for sig (restarting interrupted calls, no signal blocked while it runs); the old action in
 * *old when old. */
static void install_handler(int sig, void (*fn)(int), struct sigaction *old)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	sigaction(sig, &sa, old);
}

void output_install_signal_cleanup(void)
{
	for (size_t i = 0; i < NSIG_CLEANUP; i++)
		install_handler(cleanup_signals[i], on_signal, &saved[i]);
}

static void restore_signals(void)
{
	for (size_t i = 0; i < NSIG_CLEANUP; i++)
		sigaction(cleanup_signals[i], &saved[i], NULL);
}

/* The cleanup signals are blocked while a temporary name is created, renamed or removed and while the
 * handler's record of it changes, so the handler never removes a name that is not (or no longer) this
 * process's file: a name taken by someone else (EEXIST), or the final file once the rename is done. A
 * signal that arrives meanwhile is delivered when they are unblocked, with the record right. */
static void block_cleanup(sigset_t *old)
{
	sigset_t s;
	sigemptyset(&s);
	for (size_t i = 0; i < NSIG_CLEANUP; i++)
		sigaddset(&s, cleanup_signals[i]);
	sigprocmask(SIG_BLOCK, &s, old);
}

static void unblock_cleanup(const sigset_t *old)
{
	sigprocmask(SIG_SETMASK, old, NULL);
}

/* Records (name) or forgets (NULL) the file the handler removes; call with the signals blocked. */
static void set_tmp(int dirfd, const char *name)
{
	if (name) {
		tmp_dirfd = dirfd;
		snprintf(tmp_name, sizeof(tmp_name), "%s", name);
		tmp_active = 1;
	} else {
		tmp_active = 0;
	}
}

static int write_all(int fd, const char *data, size_t len)
{
	size_t off = 0;
	while (off < len) {
		size_t chunk = len - off > (1u << 30) ? (1u << 30) : len - off;
		ssize_t n = write(fd, data + off, chunk);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (n == 0) {
			errno = ENOSPC;
			return -1;
		}
		off += (size_t)n;
	}
	return 0;
}

/* Splits path into its directory and last component (both owned by the caller). */
static int split_path(const char *path, char **dir, char **base, struct maple_error *err)
{
	size_t n = strlen(path);
	if (!n)
		return errorf(err, "cannot write '': no file name");
	if (path[n - 1] == '/')
		return errorf(err, "cannot write '%s': it names a directory", path);
	const char *slash = strrchr(path, '/');
	const char *b = slash ? slash + 1 : path;
	if (!strcmp(b, ".") || !strcmp(b, ".."))
		return errorf(err, "cannot write '%s': it names a directory", path);
	if (strlen(b) > NAME_MAX)
		return errorf(err, "cannot write '%s': the file name is longer than %d bytes", path, NAME_MAX);
	if (!slash)
		*dir = strdup(".");
	else if (slash == path)
		*dir = strdup("/");
	else
		*dir = strndup(path, (size_t)(slash - path));
	*base = strdup(b);
	if (!*dir || !*base) {
		free(*dir);
		free(*base);
		return errorf(err, "out of memory");
	}
	return 0;
}

static bool use_tmpfile = true;

void output_use_tmpfile(bool on)
{
	use_tmpfile = on;
}

static unsigned long long (*random_source)(void);

void output_set_random_source(unsigned long long (*fn)(void))
{
	random_source = fn;
}

/* 64 bits nobody can guess for a temporary name: getrandom(2), else /dev/urandom, else the clock, the
 * process id and a counter mixed (a guessed name costs a retry only: it is created O_EXCL|O_NOFOLLOW, so
 * a file or link planted there is never opened, followed or removed). */
static unsigned long long temp_random(void)
{
	if (random_source)
		return random_source();
	unsigned long long r = 0;
	if (getrandom(&r, sizeof(r), GRND_NONBLOCK) == (ssize_t)sizeof(r))
		return r;
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		ssize_t n = read(fd, &r, sizeof(r));
		close(fd);
		if (n == (ssize_t)sizeof(r))
			return r;
	}
	static unsigned long long counter;
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	r = (unsigned long long)ts.tv_nsec ^ ((unsigned long long)ts.tv_sec << 30) ^
	    ((unsigned long long)getpid() << 17) ^ (++counter * 0x9e3779b97f4a7c15ULL);
	r ^= r >> 33;
	r *= 0xff51afd7ed558ccdULL;
	return r ^ (r >> 33);
}

/* The hidden name of a temporary file for base: ".BASE.maple-" and 16 hex digits of temp_random(). */
static void temp_name(struct strbuf *name, const char *base)
{
	strbuf_reset(name);
	strbuf_addf(name, ".%.40s.maple-%016llx", base, temp_random());
}

/* Gives an unnamed temporary file (fd) the name `name` in dirfd; fails with EEXIST when taken. */
static int link_unnamed(int fd, int dirfd, const char *name)
{
	char proc[64];
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	return linkat(AT_FDCWD, proc, dirfd, name, AT_SYMLINK_FOLLOW);
}

/* Creates the next free temporary name in dirfd: a new file (fd < 0; its descriptor returned) or a name for
 * the unnamed file fd (0 returned). The name is recorded for the signal handler in the same step, with
 * the signals blocked. -1 with errno on failure (EEXIST after 100 names taken). */
static int create_temp_name(int dirfd, int fd, const char *base, struct strbuf *name)
{
	for (int tries = 0; tries < 100; tries++) {
		temp_name(name, base);
		sigset_t old;
		block_cleanup(&old);
		int rc = fd < 0 ? openat(dirfd, name->buf, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600)
				: link_unnamed(fd, dirfd, name->buf);
		int e = errno;
		if (rc >= 0)
			set_tmp(dirfd, name->buf);
		unblock_cleanup(&old);
		if (rc >= 0)
			return rc;
		if (e != EEXIST) {
			errno = e;
			return -1;
		}
	}
	errno = EEXIST;
	return -1;
}

/* Removes the temporary name after a failed write and forgets it, in one step for the signal handler. */
static void drop_temp_name(int dirfd, const char *name)
{
	sigset_t old;
	block_cleanup(&old);
	int e = errno;
	unlinkat(dirfd, name, 0);
	set_tmp(-1, NULL);
	errno = e;
	unblock_cleanup(&old);
}

/* Opens an unnamed temporary file in dirfd (O_TMPFILE), else a new hidden one whose name is kept in
 * the signal-cleanup slot. Sets *named. */
static int open_temp(int dirfd, const char *base, bool *named, struct strbuf *name)
{
#ifdef O_TMPFILE
	int fd = use_tmpfile ? openat(dirfd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600) : -1;
	if (!use_tmpfile)
		errno = EOPNOTSUPP;
	if (fd >= 0 && access("/proc/self/fd", X_OK) == 0) {
		*named = false;
		return fd;
	}
	if (fd >= 0)
		close(fd);
	else if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL && errno != ENOENT)
		return -1;
#endif
	*named = true;
	return create_temp_name(dirfd, -1, base, name);
}

/* Moves the named temporary file onto base without replacing anything there. */
static int rename_noreplace(int dirfd, const char *tmp, const char *base)
{
#ifdef RENAME_NOREPLACE
	if (renameat2(dirfd, tmp, dirfd, base, RENAME_NOREPLACE) == 0)
		return 0;
	if (errno != EINVAL && errno != ENOSYS && errno != EOPNOTSUPP)
		return -1;
#endif
	if (linkat(dirfd, tmp, dirfd, base, 0) < 0)
		return -1;
	unlinkat(dirfd, tmp, 0);
	return 0;
}

/* Writes into an existing FIFO, terminal or device at dirfd/base (never created, never followed). */
static int write_into(int dirfd, const char *base, const char *path, const char *data, size_t len, bool follow,
		      struct maple_error *err)
{
	int fd = openat(dirfd, base, O_WRONLY | (follow ? 0 : O_NOFOLLOW) | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return errorf(err, "cannot write '%s': %s", path, strerror(errno));
	int rc = write_all(fd, data, len);
	int e = errno;
	if (close(fd) < 0 && !rc) {
		rc = -1;
		e = errno;
	}
	return rc < 0 ? errorf(err, "cannot write '%s': %s", path, strerror(e)) : 0;
}

/* Puts the finished temporary file (fd, open; named: it has the hidden name `name`) at base: linked
 * there when nothing may be replaced, else renamed over the old file. Closes fd. The hidden name is gone
 * afterwards whatever happened: renamed, or removed on failure. -1 with errno on failure. */
static int put_in_place(int fd, int dirfd, const char *base, bool named, struct strbuf *name, bool replace)
{
	int rc = 0, e = 0;
	if (!named && !replace) {
		/* the unnamed file gets its final name at once (EEXIST when one appeared meanwhile) */
		rc = link_unnamed(fd, dirfd, base);
		e = errno;
	} else if (!named) {
		/* no link(2) replaces a name: a hidden one first, then renamed over the old file */
		rc = create_temp_name(dirfd, fd, base, name);
		e = errno;
		named = rc == 0;
	}
	if (close(fd) < 0 && !rc) {
		rc = -1;
		e = errno;
	}
	if (named) {
		/* the rename and forgetting the name are one step for the signal handler */
		sigset_t old;
		block_cleanup(&old);
		if (!rc) {
			rc = replace ? renameat(dirfd, name->buf, dirfd, base) : rename_noreplace(dirfd, name->buf, base);
			e = errno;
		}
		if (rc < 0)
			unlinkat(dirfd, name->buf, 0);
		set_tmp(-1, NULL);
		unblock_cleanup(&old);
	}
	errno = e;
	return rc;
}

static int write_in_dir(int dirfd, const char *base, const char *path, const char *data, size_t len, int mode,
			unsigned flags, const struct stat *old, struct maple_error *err)
{
	struct strbuf name = STRBUF_INIT;
	bool named = false;
	int fd = open_temp(dirfd, base, &named, &name);
	if (fd < 0) {
		int e = errno;
		strbuf_release(&name);
		return errorf(err, "cannot write '%s': %s", path, strerror(e));
	}
	mode_t m;
	if (flags & OUTPUT_EXACT_MODE) {
		m = (mode_t)mode & 07777;
	} else if (old) {
		m = old->st_mode & 07777;
	} else {
		mode_t mask = umask(0);
		umask(mask);
		m = (mode_t)mode & 07777 & ~mask;
	}
	int rc = 0, e = 0;
	const char *step = "";
	if (write_all(fd, data, len) < 0) {
		rc = -1;
	} else if (old && (old->st_uid != geteuid() || old->st_gid != getegid()) &&
		   fchown(fd, old->st_uid, old->st_gid) < 0 && fchown(fd, (uid_t)-1, old->st_gid) < 0) {
		/* not ours to give away: the new file is the caller's, like any file they write */
	}
	if (!rc && fchmod(fd, m) < 0) {
		step = "setting its mode: ";
		rc = -1;
	}
	if (!rc && !(flags & OUTPUT_NO_SYNC) && fsync(fd) < 0) {
		step = "";
		rc = -1;
	}
	e = errno;
	if (rc < 0) {
		close(fd);
		if (named)
			drop_temp_name(dirfd, name.buf);
	} else {
		rc = put_in_place(fd, dirfd, base, named, &name, (flags & OUTPUT_REPLACE) && old);
		e = errno;
	}
	strbuf_release(&name);
	if (rc < 0) {
		if (e == EEXIST)
			return errorf(err, "'%s' exists: not replaced (--force replaces it)", path);
		return errorf(err, "cannot write '%s': %s%s", path, step, strerror(e));
	}
	/* the new name is durable too (errors here are not worth failing a finished write for) */
	if (!(flags & OUTPUT_NO_SYNC))
		fsync(dirfd);
	return 0;
}

/* Opens the directory dir for writing into, walking it one component at a time without following a
 * link the kernel's protected_symlinks rule would refuse: a symbolic link on the way in a sticky
 * world-writable directory is followed only when the caller owns it or the directory holding it has the
 * link's owner, whatever the system's setting (another user's link planted
 * as "d" in a sticky /tmp had taken "-o /tmp/d/job.sh" into the directory it names). path is the file
 * being written, for messages. Returns the descriptor, or -1 with err set. */
static int open_dir_checked(const char *dir, const char *path, struct maple_error *err)
{
	struct strbuf todo = STRBUF_INIT; /* the components still to walk */
	strbuf_adds(&todo, dir);
	int fd = open(dir[0] == '/' ? "/" : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int hops = 0;
	size_t p = 0;
	while (fd >= 0) {
		while (todo.buf[p] == '/')
			p++;
		if (!todo.buf[p])
			break;
		size_t e = p;
		while (todo.buf[e] && todo.buf[e] != '/')
			e++;
		char comp[NAME_MAX + 1];
		if (e - p > NAME_MAX) {
			errno = ENAMETOOLONG;
			goto fail;
		}
		memcpy(comp, todo.buf + p, e - p);
		comp[e - p] = '\0';
		p = e;
		int nfd = openat(fd, comp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (nfd >= 0) {
			close(fd);
			fd = nfd;
			continue;
		}
		struct stat lst, dst;
		if ((errno != ELOOP && errno != ENOTDIR) || fstatat(fd, comp, &lst, AT_SYMLINK_NOFOLLOW) < 0 ||
		    !S_ISLNK(lst.st_mode))
			goto fail;
		if (fstat(fd, &dst) < 0)
			goto fail;
		/* (the kernel's rule: only in a sticky world-writable directory, so a colleague's link in a
		 * shared project directory is still followed) */
		if ((dst.st_mode & S_ISVTX) && (dst.st_mode & S_IWOTH) && lst.st_uid != geteuid() &&
		    lst.st_uid != dst.st_uid) {
			errorf(err,
			       "'%s': '%s' on its way is a symbolic link owned by another user (uid %ld) in a directory "
			       "they do not own: not written through it (remove the link or write elsewhere)",
			       path, comp, (long)lst.st_uid);
			close(fd);
			strbuf_release(&todo);
			return -1;
		}
		char target[PATH_MAX];
		ssize_t n = readlinkat(fd, comp, target, sizeof(target) - 1);
		if (n <= 0 || ++hops > 40) {
			errno = n < 0 ? errno : n == 0 ? ENOENT : ELOOP;
			goto fail;
		}
		target[n] = '\0';
		/* the link's target is walked next, then the rest of the path */
		struct strbuf next = STRBUF_INIT;
		strbuf_addf(&next, "%s/%s", target, todo.buf + p);
		strbuf_release(&todo);
		todo = next;
		p = 0;
		if (target[0] == '/') {
			close(fd);
			fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		}
	}
	if (fd < 0) {
	fail:;
		int e = errno;
		if (fd >= 0)
			close(fd);
		errorf(err, "cannot write '%s': %s: %s", path, dir, strerror(e));
		fd = -1;
	}
	strbuf_release(&todo);
	return fd;
}

int output_write(const char *path, const char *data, size_t len, int mode, unsigned flags,
		 struct maple_error *err)
{
	char *dir = NULL, *base = NULL;
	if (split_path(path, &dir, &base, err) < 0)
		return -1;
	int rc = -1;
	int dirfd = -1;
	for (int hop = 0;; hop++) {
		if (dirfd >= 0)
			close(dirfd);
		dirfd = open_dir_checked(dir, path, err);
		if (dirfd < 0) {
			rc = -1;
			break;
		}
		struct stat st, dst;
		if (fstatat(dirfd, base, &st, AT_SYMLINK_NOFOLLOW) < 0) {
			if (errno != ENOENT) {
				rc = errorf(err, "cannot write '%s': %s", path, strerror(errno));
				break;
			}
			if (flags & OUTPUT_CHECK_ONLY) {
				rc = 0;
				break;
			}
			output_install_signal_cleanup();
			rc = write_in_dir(dirfd, base, path, data, len, mode, flags, NULL, err);
			restore_signals();
			break;
		}
		if (S_ISLNK(st.st_mode)) {
			if (fstat(dirfd, &dst) < 0) {
				rc = errorf(err, "cannot write '%s': %s", path, strerror(errno));
				break;
			}
			if (st.st_uid != geteuid() && st.st_uid != dst.st_uid) {
				rc = errorf(err,
					    "'%s' is a symbolic link owned by another user (uid %ld) in a directory they do "
					    "not own: not written through it (remove the link or write elsewhere)",
					    path, (long)st.st_uid);
				break;
			}
			/* a link to a pipe, terminal or device (/dev/stdout -> /proc/self/fd/1 -> pipe:[...], a
			 * name no path reaches): written into through the kernel's own resolution */
			struct stat tst;
			if (fstatat(dirfd, base, &tst, 0) == 0 && !S_ISREG(tst.st_mode) && !S_ISDIR(tst.st_mode)) {
				rc = (flags & OUTPUT_CHECK_ONLY) ? 0 : write_into(dirfd, base, path, data, len, true, err);
				break;
			}
			if (hop >= MAX_LINK_HOPS) {
				rc = errorf(err, "cannot write '%s': too many levels of symbolic links", path);
				break;
			}
			char target[PATH_MAX];
			ssize_t n = readlinkat(dirfd, base, target, sizeof(target) - 1);
			if (n <= 0) {
				rc = errorf(err, "cannot write '%s': %s", path, n < 0 ? strerror(errno) : "empty link");
				break;
			}
			target[n] = '\0';
			struct strbuf next = STRBUF_INIT;
			if (target[0] != '/' && strcmp(dir, "."))
				strbuf_addf(&next, "%s/", dir);
			strbuf_adds(&next, target);
			free(dir);
			free(base);
			dir = base = NULL;
			struct maple_error e2;
			if (split_path(next.buf, &dir, &base, &e2) < 0) {
				strbuf_release(&next);
				rc = errorf(err, "cannot write '%s' (a link to '%s'): %s", path, target, e2.text);
				break;
			}
			strbuf_release(&next);
			continue;
		}
		if (S_ISDIR(st.st_mode)) {
			rc = errorf(err, "cannot write '%s': it is a directory", path);
			break;
		}
		if (!S_ISREG(st.st_mode)) {
			/* a terminal, pipe or device (/dev/null) is written into, never replaced */
			rc = (flags & OUTPUT_CHECK_ONLY) ? 0 : write_into(dirfd, base, path, data, len, false, err);
			break;
		}
		if (!(flags & OUTPUT_REPLACE)) {
			rc = errorf(err, "'%s' exists: not replaced (--force replaces it)", path);
			break;
		}
		if (flags & OUTPUT_CHECK_ONLY) {
			rc = 0;
			break;
		}
		output_install_signal_cleanup();
		rc = write_in_dir(dirfd, base, path, data, len, mode, flags, &st, err);
		restore_signals();
		break;
	}
	if (dirfd >= 0)
		close(dirfd);
	free(dir);
	free(base);
	return rc;
}

static void on_file_size_limit(int sig)
{
	(void)sig; /* the write that went past the limit fails with EFBIG and says so */
}

bool output_stderr_failed(void)
{
	return ferror(stderr) != 0;
}

void output_note(const char *fmt, ...)
{
	bool failed_before = ferror(stderr) != 0;
	va_list ap;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (!failed_before && ferror(stderr))
		clearerr(stderr);
}

void output_init_process(void)
{
	for (int fd = 0; fd <= 2; fd++) /* (in order: open() takes the lowest free descriptor) */
		if (fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
			int held = open("/dev/null", (fd == 0 ? O_WRONLY : O_RDONLY) | O_NOCTTY);
			if (held >= 0 && held != fd)
				close(held);
		}
	install_handler(SIGXFSZ, on_file_size_limit, NULL);
	/* stdout not a terminal is fully buffered in any case; a buffer of 1 MiB (not the device's 4 KiB block)
	 * holds a command's whole report, so a failed write happens at output_flush_stdout or
	 * output_close_stdout, where its errno is read (an implicit flush in the middle of printing lost it:
	 * "clusters ID" on a full disk said "Input/output error"); streaming commands flush where they must */
	static char stdout_buffer[1 << 20]; /* (glibc ignores a size given without a buffer) */
	if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, stdout_buffer, _IOFBF, sizeof(stdout_buffer));
}

/* the errno of the first failed flush of stdout before output_close_stdout (0: none) */
static int stdout_errno;

void output_flush_stdout(void)
{
	errno = 0;
	if (fflush(stdout) != 0 && !stdout_errno)
		stdout_errno = errno ? errno : EIO;
}

bool output_stdout_failed(void)
{
	if (!ferror(stdout))
		return false;
	if (!stdout_errno)
		stdout_errno = errno ? errno : EIO;
	return true;
}

int output_close_stdout(struct maple_error *err)
{
	int rc = 0, e = 0;
	errno = 0;
	if (fflush(stdout) != 0) {
		rc = -1;
		e = stdout_errno ? stdout_errno : errno;
	} else if (ferror(stdout)) {
		rc = -1;
		e = stdout_errno ? stdout_errno : EIO;
	}
	struct stat st;
	if (!rc && fstat(STDOUT_FILENO, &st) == 0 && S_ISREG(st.st_mode) && fsync(STDOUT_FILENO) < 0 &&
	    errno != EINVAL && errno != EROFS) {
		rc = -1;
		e = errno;
	}
	if (fclose(stdout) != 0 && !rc && errno != EBADF) {
		rc = -1;
		e = errno;
	}
	if (rc < 0)
		return errorf(err, "cannot write standard output: %s (the output is incomplete)", strerror(e ? e : EIO));
	return 0;
}
