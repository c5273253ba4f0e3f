/* fsutil.c - whole-file reads and atomic writes (temp file + fsync + rename). */
#include "fsutil.h"

#include "output.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
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

int filebytes_load(const char *path, size_t max_bytes, struct filebytes *fb, struct maple_error *err)
{
	memset(fb, 0, sizeof(*fb));
	strbuf_init(&fb->sb);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	long page = sysconf(_SC_PAGESIZE);
	if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (size_t)st.st_size <= max_bytes && page > 0 && st.st_size % page != 0) {
		void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (m != MAP_FAILED) {
			close(fd);
			fb->map = m;
			fb->maplen = (size_t)st.st_size;
			fb->buf = m;
			fb->len = fb->maplen;
			return 0;
		}
	}
	if (fd >= 0)
		close(fd);
	/* anything else (an error included) as read_file has it */
	int r = read_file(path, &fb->sb, max_bytes, err);
	fb->buf = fb->sb.buf;
	fb->len = fb->sb.len;
	return r;
}

void filebytes_release(struct filebytes *fb)
{
	if (fb->map)
		munmap(fb->map, fb->maplen);
	strbuf_release(&fb->sb);
	memset(fb, 0, sizeof(*fb));
	strbuf_init(&fb->sb);
	fb->buf = fb->sb.buf;
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
	int r = 0;
	bool done = false;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
		/* a regular file: a buffer of its size (and a byte more, to see its end without growing)
		 * instead of read_stream()'s 64 KiB steps, which make a small file cost a 128 KiB mapping */
		strbuf_grow(sb, (size_t)st.st_size + 1);
		while (!done && r == 0 && sb->alloc - sb->len > 1) {
			ssize_t n = read(fd, sb->buf + sb->len, sb->alloc - sb->len - 1);
			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0)
				r = errorf(&e2, "read error: %s", strerror(errno));
			else if (n == 0)
				done = true;
			else {
				sb->len += (size_t)n;
				sb->buf[sb->len] = '\0';
				if (sb->len > max_bytes)
					r = errorf(&e2, "input is larger than %zu bytes", max_bytes);
			}
		}
	}
	if (!done && r == 0)
		r = read_stream(fd, sb, max_bytes, &e2); /* not a regular file, or it grew */
	close(fd);
	if (r < 0)
		return errorf(err, "'%s': %s", path, e2.text);
	return 0;
}

int write_file_atomic(const char *path, const char *data, size_t len, int mode, struct maple_error *err)
{
	return output_write(path, data, len, mode, OUTPUT_REPLACE | OUTPUT_EXACT_MODE, err);
}

int write_file_scratch(const char *path, const char *data, size_t len, int mode, struct maple_error *err)
{
	return output_write(path, data, len, mode, OUTPUT_REPLACE | OUTPUT_EXACT_MODE | OUTPUT_NO_SYNC, err);
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
	else if (h && *h && !is_directory(h))
		/* never create a home directory (as root that would make /nonexistent/.local/...) */
		return errorf(err, "no place for maple's state: HOME '%s' is not a directory (set MAPLE_STATE_DIR to one)", h);
	else if (h && *h)
		strbuf_addf(out, "%s/.local/share/maple", h);
	else
		return errorf(err, "no place for maple's state: HOME is not set (set MAPLE_STATE_DIR to a directory)");
	return 0;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void list_dir_suffix(const char *dir, const char *suffix, struct strvec *out)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	size_t sl = strlen(suffix), first = out->nr;
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);
		if (e->d_name[0] != '.' && n > sl && !strcmp(e->d_name + n - sl, suffix))
			strvec_push(out, e->d_name);
	}
	closedir(d);
	if (out->nr > first)
		qsort(out->v + first, out->nr - first, sizeof(char *), cmp_name);
}
