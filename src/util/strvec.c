/* strvec.c - vector of owned strings. */
#include "strvec.h"
#include "strbuf.h"
#include "xalloc.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

char *strvec_empty[1];

void strvec_init(struct strvec *sv)
{
	sv->v = strvec_empty;
	sv->nr = 0;
	sv->alloc = 0;
}

void strvec_push_nodup(struct strvec *sv, char *s)
{
	if (sv->nr + 2 > sv->alloc) {
		size_t n = sv->alloc ? sv->alloc * 2 : 8;
		if (sv->alloc) {
			sv->v = xrealloc(sv->v, n * sizeof(char *));
		} else {
			sv->v = xmalloc(n * sizeof(char *));
		}
		sv->alloc = n;
	}
	sv->v[sv->nr++] = s;
	sv->v[sv->nr] = NULL;
}

void strvec_push(struct strvec *sv, const char *s)
{
	strvec_push_nodup(sv, xstrdup(s));
}

void strvec_pushf(struct strvec *sv, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	strvec_push_nodup(sv, strbuf_detach(&sb));
}

void strvec_clear(struct strvec *sv)
{
	if (sv->alloc) {
		for (size_t i = 0; i < sv->nr; i++)
			free(sv->v[i]);
		free(sv->v);
	}
	strvec_init(sv);
}

void strvec_clear_shallow(struct strvec *sv)
{
	if (sv->alloc)
		free(sv->v);
	strvec_init(sv);
}

void strvec_copy(struct strvec *dst, const struct strvec *src)
{
	for (size_t i = 0; i < src->nr; i++)
		strvec_push(dst, src->v[i]);
}

bool strs_sorted_has(const char *const *v, size_t n, const char *s)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int d = (unsigned char)v[mid][0] - (unsigned char)s[0];
		if (!d)
			d = strcmp(v[mid], s);
		if (!d)
			return true;
		if (d < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

int strvec_find(const struct strvec *sv, const char *s)
{
	for (size_t i = 0; i < sv->nr; i++)
		if (!strcmp(sv->v[i], s))
			return (int)i;
	return -1;
}

bool strs_has(const char *const *l, const char *s)
{
	for (; *l; l++)
		if ((*l)[0] == s[0] && !strcmp(*l, s)) /* the first bytes inline: most words differ there */
			return true;
	return false;
}
