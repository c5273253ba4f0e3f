/* bigbuf.h - large scratch buffers (megabytes: a cleaned copy of a job log) in a mapping of their own
 * that asks the kernel for transparent huge pages (madvise MADV_HUGEPAGE). Each 4 KiB page a process
 * touches for the first time costs a page fault; on the virtual machines maple is measured on that is
 * 10-50 us a fault, so a 4.5 MB copy cost ~1,100 faults and tens of milliseconds, and takes a few
 * faults in 2 MiB pages. Below 1 MiB, or where mmap fails, the buffer is an ordinary malloc block. */
#ifndef MAPLE_BIGBUF_H
#define MAPLE_BIGBUF_H

#include <stddef.h>

struct bigbuf {
	char *p;      /* the buffer (NULL before bigbuf_alloc and after bigbuf_free) */
	void *map;    /* its mapping, or NULL when p came from malloc */
	size_t maplen;
};

/* n bytes (n > 0), writable, not zeroed as far as the caller knows; aborts when memory is exhausted,
 * like xmalloc. The bigbuf owns them until bigbuf_free. */
char *bigbuf_alloc(struct bigbuf *b, size_t n);
void bigbuf_free(struct bigbuf *b);

#endif
