/* strvec.h - NULL-terminated vector of owned strings. */
#ifndef MAPLE_STRVEC_H
#define MAPLE_STRVEC_H

#include <stdbool.h>
#include <stddef.h>

struct strvec {
	char **v;  /* v[nr] == NULL; never NULL after init */
	size_t nr;
	size_t alloc;
};

#define STRVEC_INIT {strvec_empty, 0, 0}
extern char *strvec_empty[];

void strvec_init(struct strvec *sv);
/* Appends a copy of s. */
void strvec_push(struct strvec *sv, const char *s);
void strvec_pushf(struct strvec *sv, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends s and takes ownership of it. */
void strvec_push_nodup(struct strvec *sv, char *s);
void strvec_clear(struct strvec *sv);
/* Frees the vector's array but not its strings: for a vector whose strings all point into one block
 * that another owner frees (a jobscript's lines point into its line_block). */
void strvec_clear_shallow(struct strvec *sv);
void strvec_copy(struct strvec *dst, const struct strvec *src);
int strvec_find(const struct strvec *sv, const char *s);
/* Whether s is one of the n strings of v, sorted by strcmp: bsearch() with the first bytes compared
 * inline (most probes differ there). */
bool strs_sorted_has(const char *const *v, size_t n, const char *s);
/* Whether the NULL-terminated list l holds s (a linear search; first bytes compared inline). */
bool strs_has(const char *const *l, const char *s);

#endif
