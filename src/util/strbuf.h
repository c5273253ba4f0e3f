/* strbuf.h - growable NUL-terminated byte string (the one string builder maple uses). */
#ifndef MAPLE_STRBUF_H
#define MAPLE_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

struct strbuf {
	char *buf;    /* always NUL-terminated; never NULL after init */
	size_t len;   /* bytes used, not counting the NUL */
	size_t alloc; /* bytes allocated; 0 while buf points at the shared empty string */
};

#define STRBUF_INIT {strbuf_empty, 0, 0}
extern char strbuf_empty[];

void strbuf_init(struct strbuf *sb);
/* Frees the buffer and leaves sb empty and reusable. */
void strbuf_release(struct strbuf *sb);
/* Hands the buffer to the caller (free() it) and leaves sb empty. Never returns NULL. */
char *strbuf_detach(struct strbuf *sb);
void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_adds(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, int c);
/* s and a newline: strbuf_addf(sb, "%s\n", s) without the formatter. */
void strbuf_addln(struct strbuf *sb, const char *s);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
void strbuf_reset(struct strbuf *sb);
void strbuf_setlen(struct strbuf *sb, size_t len);

/* Copies at most n bytes of s (fewer at a NUL) into dst of cap bytes, cut to cap - 1 and always
 * NUL-terminated: what snprintf(dst, cap, "%.*s", (int)n, s) writes, without the formatter (hot paths). */
void str_copy_n(char *dst, size_t cap, const char *s, size_t n);
/* str_copy_n(dst, cap, s, SIZE_MAX): snprintf(dst, cap, "%s", s). */
void str_copy(char *dst, size_t cap, const char *s);
/* What snprintf(dst, cap, "%ld", v) writes. */
void str_int(char *dst, size_t cap, long v);

#endif
