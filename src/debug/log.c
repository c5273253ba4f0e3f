/* log.c - reading a job log for the matcher: mapped (or read, for pipes), refused when binary or too
 * large, and cleaned of ANSI escape sequences and '\r' progress-bar rewrites (into a bigbuf: a
 * cleaned copy of megabytes sits on huge pages, see util/bigbuf.h). */
#include "debug.h"

#include "../util/fsutil.h"
#include "../util/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* The next ESC or '\r' at or after i (len when none), from two memchr scans kept between calls. */
struct next_special {
	size_t esc, cr;
};

static size_t next_special(const char *in, size_t len, size_t i, struct next_special *n)
{
	if (n->esc < i) {
		const char *p = memchr(in + i, 0x1b, len - i);
		n->esc = p ? (size_t)(p - in) : len;
	}
	if (n->cr < i) {
		const char *p = memchr(in + i, '\r', len - i);
		n->cr = p ? (size_t)(p - in) : len;
	}
	return n->esc < n->cr ? n->esc : n->cr;
}

size_t debug_log_clean(const char *in, size_t len, char *out)
{
	size_t o = 0;
	const char *e = memchr(in, 0x1b, len), *r = memchr(in, '\r', len);
	struct next_special ns = {e ? (size_t)(e - in) : len, r ? (size_t)(r - in) : len};
	for (size_t i = 0; i < len;) {
		size_t at = next_special(in, len, i, &ns);
		if (at > i) { /* plain text: copied as a block (out may be in: memmove) */
			memmove(out + o, in + i, at - i);
			o += at - i;
			i = at;
			if (i >= len)
				break;
		}
		unsigned char c = (unsigned char)in[i];
		if (c == '\r') {
			/* "\r\n" ends a line; a '\r' with more text after it rewrites the line */
			if (i + 1 < len && in[i + 1] != '\n' && in[i + 1] != '\r') {
				const char *nl = o ? memrchr(out, '\n', o) : NULL;
				o = nl ? (size_t)(nl - out) + 1 : 0;
			}
			i++;
			continue;
		}
		/* ESC */
		if (i + 1 >= len) {
			i++;
			continue;
		}
		unsigned char n = (unsigned char)in[i + 1];
		if (n == '[') { /* CSI: parameters and intermediates, then a final byte 0x40-0x7e */
			size_t q = i + 2;
			while (q < len && (unsigned char)in[q] >= 0x20 && (unsigned char)in[q] <= 0x3f)
				q++;
			while (q < len && (unsigned char)in[q] >= 0x20 && (unsigned char)in[q] <= 0x2f)
				q++;
			i = q < len && (unsigned char)in[q] >= 0x40 && (unsigned char)in[q] <= 0x7e ? q + 1 : q;
		} else if (n == ']') { /* OSC: up to BEL or ESC \ (never past the line) */
			size_t q = i + 2;
			while (q < len && in[q] != '\a' && in[q] != '\n' && !(in[q] == 0x1b && q + 1 < len && in[q + 1] == '\\'))
				q++;
			i = q < len && in[q] == '\a' ? q + 1 : q < len && in[q] == 0x1b ? q + 2 : q;
		} else {
			i += n >= 0x40 && n <= 0x5f ? 2 : 1; /* other two-byte escapes */
		}
	}
	return o;
}

static bool needs_cleaning(const char *s, size_t len)
{
	return memchr(s, 0x1b, len) || memchr(s, '\r', len);
}

void debug_log_from_memory(const char *text, size_t len, struct debug_log *log)
{
	memset(log, 0, sizeof(*log));
	if (len && needs_cleaning(text, len)) {
		char *out = bigbuf_alloc(&log->owned, len + 1);
		log->len = debug_log_clean(text, len, out);
		out[log->len] = '\0';
		log->text = out;
	} else {
		log->text = len ? text : "";
		log->len = len;
	}
}

static int check_binary(const char *path, const char *s, size_t len, struct maple_error *err)
{
	if (memchr(s, '\0', len < 65536 ? len : 65536))
		return errorf(err, "'%s' is a binary file, not a text log (give the job's output file: slurm-JOBID.out, "
				   "the .o/.e files of PBS)",
			      path);
	return 0;
}

int debug_log_read(const char *path, size_t max_bytes, struct debug_log *log, struct maple_error *err)
{
	memset(log, 0, sizeof(*log));
	log->text = "";
	if (!strcmp(path, "-")) {
		struct strbuf sb = STRBUF_INIT;
		if (read_stream(0, &sb, max_bytes, err) < 0) {
			strbuf_release(&sb);
			return -1;
		}
		if (check_binary("standard input", sb.buf, sb.len, err) < 0) {
			strbuf_release(&sb);
			return -1;
		}
		size_t len = sb.len;
		char *buf = strbuf_detach(&sb);
		if (needs_cleaning(buf, len))
			len = debug_log_clean(buf, len, buf); /* in place: cleaning never grows */
		buf[len] = '\0';
		log->owned.p = buf; /* a malloc block (owned.map NULL): bigbuf_free frees it */
		log->text = buf;
		log->len = len;
		return 0;
	}
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errorf(err, "cannot read the log '%s': %s", path, strerror(errno));
	struct stat st;
	if (fstat(fd, &st) < 0) {
		int e = errno;
		close(fd);
		return errorf(err, "cannot read the log '%s': %s", path, strerror(e));
	}
	if (S_ISDIR(st.st_mode)) {
		close(fd);
		return errorf(err, "the log '%s' is a directory; give the job's output file", path);
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		struct strbuf sb = STRBUF_INIT;
		if (read_file(path, &sb, max_bytes, err) < 0 || check_binary(path, sb.buf, sb.len, err) < 0) {
			strbuf_release(&sb);
			return -1;
		}
		size_t len = sb.len;
		char *buf = strbuf_detach(&sb);
		if (needs_cleaning(buf, len))
			len = debug_log_clean(buf, len, buf);
		buf[len] = '\0';
		log->owned.p = buf; /* a malloc block (owned.map NULL): bigbuf_free frees it */
		log->text = buf;
		log->len = len;
		return 0;
	}
	if ((size_t)st.st_size > max_bytes) {
		close(fd);
		return errorf(err, "the log '%s' is too large (%lld MiB; at most %zu MiB): give the last part of it "
				   "(tail -n 200000 %s > part.log)",
			      path, (long long)(st.st_size >> 20), max_bytes >> 20, path);
	}
	if (st.st_size == 0) {
		close(fd);
		return 0;
	}
	void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (m == MAP_FAILED)
		return errorf(err, "cannot map the log '%s': %s", path, strerror(errno));
	log->map = m;
	log->maplen = (size_t)st.st_size;
	if (check_binary(path, m, log->maplen, err) < 0) {
		debug_log_release(log);
		return -1;
	}
	if (needs_cleaning(m, log->maplen)) {
		char *out = bigbuf_alloc(&log->owned, log->maplen + 1);
		log->len = debug_log_clean(m, log->maplen, out);
		out[log->len] = '\0';
		log->text = out;
		munmap(log->map, log->maplen);
		log->map = NULL;
	} else {
		log->text = m;
		log->len = log->maplen;
	}
	return 0;
}

void debug_log_release(struct debug_log *log)
{
	if (log->map)
		munmap(log->map, log->maplen);
	bigbuf_free(&log->owned);
	memset(log, 0, sizeof(*log));
	log->text = "";
}
