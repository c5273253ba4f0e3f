/* arena.c - bump allocator in 16 KiB blocks (bigger requests get their own block). */
#include "arena.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

struct arena_block {
	struct arena_block *next;
	size_t used, size;
	_Alignas(16) unsigned char data[];
};

#define BLOCK 16384

void arena_init(struct arena *a)
{
	a->head = NULL;
}

void arena_release(struct arena *a)
{
	struct arena_block *b = a->head;
	while (b) {
		struct arena_block *n = b->next;
		free(b);
		b = n;
	}
	a->head = NULL;
}

/* n bytes, not cleared */
static void *alloc_raw(struct arena *a, size_t n)
{
	n = (n + 15) & ~(size_t)15;
	if (!n)
		n = 16;
	struct arena_block *b = a->head;
	if (!b || b->size - b->used < n) {
		size_t size = n > BLOCK ? n : BLOCK;
		b = xmalloc(sizeof(*b) + size);
		b->used = 0;
		b->size = size;
		b->next = a->head;
		a->head = b;
	}
	void *p = b->data + b->used;
	b->used += n;
	return p;
}

void *arena_alloc(struct arena *a, size_t n)
{
	void *p = alloc_raw(a, n);
	memset(p, 0, n);
	return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	size_t len = strnlen(s, n);
	char *p = alloc_raw(a, len + 1);
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

char *arena_strdup(struct arena *a, const char *s)
{
	return s ? arena_strndup(a, s, strlen(s)) : NULL;
}
