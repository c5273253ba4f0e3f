/* strbuf.c - growable string implementation; allocation failure aborts the process. */
#include "strbuf.h"
#include "xalloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char strbuf_empty[1];

void strbuf_init(struct strbuf *sb)
{
	sb->buf = strbuf_empty;
	sb->len = 0;
	sb->alloc = 0;
}

void strbuf_release(struct strbuf *sb)
{
	if (sb->alloc)
		free(sb->buf);
	strbuf_init(sb);
}

char *strbuf_detach(struct strbuf *sb)
{
	char *r = sb->alloc ? sb->buf : xstrdup("");
	strbuf_init(sb);
	return r;
}

void strbuf_grow(struct strbuf *sb, size_t extra)
{
	size_t need = sb->len + extra + 1;
	if (need <= sb->alloc)
		return;
	size_t n = sb->alloc ? sb->alloc : 64;
	while (n < need)
		n *= 2;
	if (sb->alloc) {
		sb->buf = xrealloc(sb->buf, n);
	} else {
		sb->buf = xmalloc(n);
		sb->buf[0] = '\0';
	}
	sb->alloc = n;
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	if (!len)
		return;
	strbuf_grow(sb, len);
	memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void strbuf_adds(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addch(struct strbuf *sb, int c)
{
	strbuf_grow(sb, 1);
	sb->buf[sb->len++] = (char)c;
	sb->buf[sb->len] = '\0';
}

void strbuf_addln(struct strbuf *sb, const char *s)
{
	size_t l = strlen(s);
	strbuf_grow(sb, l + 1);
	memcpy(sb->buf + sb->len, s, l);
	sb->len += l;
	sb->buf[sb->len++] = '\n';
	sb->buf[sb->len] = '\0';
}

void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	strbuf_grow(sb, 128);
	va_copy(cp, ap);
	int n = vsnprintf(sb->buf + sb->len, sb->alloc - sb->len, fmt, cp);
	va_end(cp);
	if (n < 0) {
		sb->buf[sb->len] = '\0';
		return;
	}
	if ((size_t)n >= sb->alloc - sb->len) {
		strbuf_grow(sb, (size_t)n);
		vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	}
	sb->len += (size_t)n;
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

void strbuf_reset(struct strbuf *sb)
{
	strbuf_setlen(sb, 0);
}

void str_copy_n(char *dst, size_t cap, const char *s, size_t n)
{
	if (!cap)
		return;
	size_t l = strnlen(s, n < cap - 1 ? n : cap - 1);
	memcpy(dst, s, l);
	dst[l] = '\0';
}

void str_copy(char *dst, size_t cap, const char *s)
{
	str_copy_n(dst, cap, s, SIZE_MAX);
}

void str_int(char *dst, size_t cap, long v)
{
	char digits[24]; /* backwards */
	size_t n = 0;
	unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
	do {
		digits[n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		digits[n++] = '-';
	size_t k = 0;
	while (n && k + 1 < cap)
		dst[k++] = digits[--n];
	if (cap)
		dst[k] = '\0';
}

void strbuf_setlen(struct strbuf *sb, size_t len)
{
	if (!sb->alloc)
		return;
	if (len > sb->len)
		len = sb->len;
	sb->len = len;
	sb->buf[len] = '\0';
}
