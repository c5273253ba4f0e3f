/* xalloc.h - allocation wrappers that abort with a message instead of returning NULL. */
#ifndef MAPLE_XALLOC_H
#define MAPLE_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

#endif
