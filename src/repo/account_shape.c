/* account_shape.c - the shape of a cluster's accounts (clusters/<id>.yaml `account_pattern:`), so that
 * a request's bare account ("perlmutter 2 nodes, m1234, ...") is read as one, and which of them charge
 * GPU jobs where a centre names CPU and GPU accounts apart (`gpu_jobs:`). The pattern is a PCRE2
 * expression, matched whole; it is compiled when the profile loads, into the repository's arena (one
 * owner: repo_destroy releases it with everything else). */
#include "load.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <string.h>

static const char *const shape_keys[] = {"pattern", "example", "gpu_jobs", "note", "source", "reliability", NULL};
static const char *const shape_req[] = {"pattern", "example", "source", NULL};

static void *arena_malloc(PCRE2_SIZE n, void *arena)
{
	return arena_alloc(arena, n);
}

static void arena_free(void *p, void *arena)
{
	(void)p;
	(void)arena; /* released with the arena */
}

/* pattern compiled, anchored at both ends, into the arena; NULL with a load error at key of map. */
static pcre2_code *compile_shape(struct ydoc *y, yaml_node_t *map, const char *key, const char *pattern)
{
	pcre2_general_context *gc = pcre2_general_context_create(arena_malloc, arena_free, y->arena);
	pcre2_compile_context *cc = gc ? pcre2_compile_context_create(gc) : NULL;
	int code = 0;
	PCRE2_SIZE off = 0;
	pcre2_code *re = cc ? pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, PCRE2_ANCHORED | PCRE2_ENDANCHORED,
					   &code, &off, cc)
			    : NULL;
	if (!re) {
		PCRE2_UCHAR msg[160] = "out of memory";
		if (cc)
			pcre2_get_error_message(code, msg, sizeof(msg));
		yerr(y, ymap_get(y, map, key), "account_pattern's %s '%s' is not a valid PCRE2 expression (at %zu: %s)", key,
		     pattern, (size_t)off, (const char *)msg);
	}
	return re;
}

static bool re_matches(const void *re, const char *word);

void rl_account_shape(struct ydoc *y, yaml_node_t *map, struct cluster *c)
{
	c->account_re = NULL;
	c->account_gpu_re = NULL;
	if (!map)
		return;
	if (!ymap_check(y, map, "account_pattern", shape_keys, shape_req))
		return;
	yget_str(y, map, "pattern", &c->account_pattern);
	yget_str(y, map, "example", &c->account_example);
	yget_str(y, map, "gpu_jobs", &c->account_gpu_pattern);
	rl_source(y, map, &c->account_src, true);
	if (!c->account_pattern || !(c->account_re = compile_shape(y, map, "pattern", c->account_pattern)))
		return;
	if (c->account_example && !account_shape_matches(c, c->account_example))
		yerr(y, ymap_get(y, map, "example"), "account_pattern's example '%s' does not match its pattern",
		     c->account_example);
	if (!c->account_gpu_pattern || !(c->account_gpu_re = compile_shape(y, map, "gpu_jobs", c->account_gpu_pattern)))
		return;
	/* the example is a GPU account (the shape of the accounts maple writes GPU jobs for) */
	if (c->account_example && !re_matches(c->account_gpu_re, c->account_example))
		yerr(y, ymap_get(y, map, "gpu_jobs"), "account_pattern's gpu_jobs '%s' does not match its example '%s'",
		     c->account_gpu_pattern, c->account_example ? c->account_example : "");
}

bool account_shape_matches(const struct cluster *c, const char *word)
{
	return re_matches(c->account_re, word);
}

int account_charges_gpu(const struct cluster *c, const char *word)
{
	if (!c->account_gpu_re || !account_shape_matches(c, word))
		return -1;
	return re_matches(c->account_gpu_re, word) ? 1 : 0;
}

static bool re_matches(const void *re, const char *word)
{
	if (!re || !word || !*word)
		return false;
	/* the match data, and the frames pcre2_match keeps in it, from malloc and freed here: made from the
	 * pattern, they came from its context, the repository's arena, which frees nothing before the
	 * repository goes (20 KB zeroed and kept per look-up: a --batch of 2,374 requests grew to 399 MB and
	 * spent 18% of its instructions in memset). One pair of offsets: only whether it matches is asked (a
	 * match with more groups than pairs returns 0) */
	pcre2_match_data *md = pcre2_match_data_create(1, NULL);
	if (!md)
		return false;
	int rc = pcre2_match(re, (PCRE2_SPTR)word, strlen(word), 0, 0, md, NULL);
	pcre2_match_data_free(md);
	return rc >= 0;
}
