/* arena.h - bump allocator that owns everything loaded from data files; freed all at once. */
#ifndef MAPLE_ARENA_H
#define MAPLE_ARENA_H

#include <stddef.h>

struct arena_block;
struct arena {
	struct arena_block *head;
};

void arena_init(struct arena *a);
void arena_release(struct arena *a);
/* Zeroed, 16-byte aligned memory owned by the arena. */
void *arena_alloc(struct arena *a, size_t n);
char *arena_strdup(struct arena *a, const char *s);
char *arena_strndup(struct arena *a, const char *s, size_t n);

#endif
