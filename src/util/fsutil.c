/* fsutil.c - whole-file reads and atomic writes (temp file + fsync + rename). */
#include "fsutil.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int read_stream(int fd, struct strbuf *sb, size_t max_bytes, struct maple_error *err)
{
	for (;;) {
		strbuf_grow(sb, 65536);
		ssize_t n = read(fd, sb->buf + sb->len, 65536);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return errorf(err, "read error: %s", strerror(errno));
		}
		if (n == 0)
			break;
		sb->len += (size_t)n;
		sb->buf[sb->len] = '\0';
		if (sb->len > max_bytes)
			return errorf(err, "input is larger than %zu bytes", max_bytes);
	}
	return 0;
}

int read_file(const char *path, struct strbuf *sb, size_t max_bytes, struct maple_error *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errorf(err, "cannot read '%s': %s", path, strerror(errno));
	struct stat st;
	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		close(fd);
		return errorf(err, "cannot read '%s': it is a directory", path);
	}
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (size_t)st.st_size > max_bytes) {
		close(fd);
		return errorf(err, "'%s' is too large (%lld bytes; the limit is %zu)", path,
			      (long long)st.st_size, max_bytes);
	}
	struct maple_error e2;
	int r = read_stream(fd, sb, max_bytes, &e2);
	close(fd);
	if (r < 0)
		return errorf(err, "'%s': %s", path, e2.text);
	return 0;
}

static int write_all(int fd, const char *data, size_t len)
{
	size_t off = 0;
	while (off < len) {
		ssize_t n = write(fd, data + off, len - off);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		off += (size_t)n;
	}
	return 0;
}

int write_file_atomic(const char *path, const char *data, size_t len, int mode, struct maple_error *err)
{
	struct stat st;
	char real[PATH_MAX];
	/* a symlink is written through: the file it points to is replaced, the link stays */
	if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode) && realpath(path, real))
		path = real;
	/* a terminal, pipe or device (/dev/stdout) is written into, never replaced */
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		if (S_ISDIR(st.st_mode))
			return errorf(err, "cannot write '%s': it is a directory", path);
		int fd = open(path, O_WRONLY | O_CLOEXEC);
		if (fd < 0)
			return errorf(err, "cannot write '%s': %s", path, strerror(errno));
		int rc = write_all(fd, data, len);
		int e = errno;
		close(fd);
		return rc < 0 ? errorf(err, "cannot write '%s': %s", path, strerror(e)) : 0;
	}
	size_t plen = strlen(path);
	char *tmp = malloc(plen + 32);
	if (!tmp)
		return errorf(err, "out of memory");
	snprintf(tmp, plen + 32, "%s.tmp.%ld", path, (long)getpid());
	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
	if (fd < 0) {
		int e = errno;
		free(tmp);
		return errorf(err, "cannot write '%s': %s", path, strerror(e));
	}
	if (write_all(fd, data, len) < 0) {
		int e = errno;
		close(fd);
		unlink(tmp);
		free(tmp);
		return errorf(err, "cannot write '%s': %s", path, strerror(e));
	}
	if (fchmod(fd, (mode_t)mode) < 0 || fsync(fd) < 0 || close(fd) < 0) {
		int e = errno;
		unlink(tmp);
		free(tmp);
		return errorf(err, "cannot write '%s': %s", path, strerror(e));
	}
	if (rename(tmp, path) < 0) {
		int e = errno;
		unlink(tmp);
		free(tmp);
		return errorf(err, "cannot write '%s': %s", path, strerror(e));
	}
	free(tmp);
	return 0;
}

int is_directory(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int make_dirs(const char *path, int mode)
{
	struct strbuf d = STRBUF_INIT;
	strbuf_adds(&d, path);
	int rc = 0;
	for (size_t i = 1; i <= d.len && rc == 0; i++) {
		if (i < d.len && d.buf[i] != '/')
			continue;
		char save = d.buf[i];
		d.buf[i] = '\0';
		if (mkdir(d.buf, (mode_t)mode) < 0 && errno != EEXIST)
			rc = -1;
		d.buf[i] = save;
	}
	int e = errno;
	strbuf_release(&d);
	errno = e;
	return rc;
}

int maple_state_dir(struct strbuf *out, struct maple_error *err)
{
	const char *s = getenv("MAPLE_STATE_DIR"), *x = getenv("XDG_DATA_HOME"), *h = getenv("HOME");
	if (s && *s)
		strbuf_adds(out, s);
	else if (x && x[0] == '/')
		strbuf_addf(out, "%s/maple", x);
	else if (h && *h)
		strbuf_addf(out, "%s/.local/share/maple", h);
	else
		return errorf(err, "no place for maple's state: HOME is not set (set MAPLE_STATE_DIR to a directory)");
	return 0;
}
