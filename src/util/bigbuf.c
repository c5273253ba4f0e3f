/* bigbuf.c - large scratch buffers on transparent huge pages (see bigbuf.h). */
#include "bigbuf.h"

#include "xalloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#define BIGBUF_MIN ((size_t)1 << 20)
#define HUGE_PAGE ((size_t)2 << 20)

char *bigbuf_alloc(struct bigbuf *b, size_t n)
{
	b->map = NULL;
	b->maplen = 0;
	if (n < BIGBUF_MIN || n > SIZE_MAX / 2) {
		b->p = xmalloc(n ? n : 1);
		return b->p;
	}
	/* one huge page more than needed, so that the buffer can start on a 2 MiB boundary */
	size_t body = (n + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1), len = body + HUGE_PAGE;
	void *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED) {
		b->p = xmalloc(n);
		return b->p;
	}
	b->map = m;
	b->maplen = len;
	b->p = (char *)(((uintptr_t)m + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
#ifdef MADV_HUGEPAGE
	madvise(b->p, body, MADV_HUGEPAGE); /* a hint: without huge pages the buffer works all the same */
#endif
	return b->p;
}

void bigbuf_free(struct bigbuf *b)
{
	if (b->map)
		munmap(b->map, b->maplen);
	else
		free(b->p);
	b->p = NULL;
	b->map = NULL;
	b->maplen = 0;
}
