/* needleset.c - one-pass presence test of a set of substrings (needleset.h). */
#include "needleset.h"

#include <stddef.h>
#include <string.h>
#include <strings.h>

/* A guess at how common a byte is in log text (per mille-ish: English letter frequencies for lower
 * case, blanks and the punctuation of key=value and table logs high, capitals rare). Only the speed
 * depends on it: a needle is anchored on the pair with the lowest product. */
unsigned needleset_byte_weight(unsigned char c)
{
	static const unsigned char lower[26] = {8, 2, 3, 4, 12, 2, 2, 6, 7, 1, 1, 4, 2, 7, 8, 2, 1, 6, 6, 9, 3, 1, 2, 1, 2, 1};
	if (c >= 'a' && c <= 'z')
		return lower[c - 'a'];
	if (c == ' ')
		return 14;
	if (c >= '0' && c <= '9')
		return 8;
	if (c >= 'A' && c <= 'Z')
		return 2;
	if (c && strchr(":,.|=", c))
		return 9;
	if (c && strchr("[]()_/-'\"", c))
		return 5;
	return 2;
}

static unsigned char fold_tab[256];

/* Words on most lines of a training or failure log (progress, ranks, NCCL chatter, warnings): a needle
 * anchored on one of their byte pairs ("an" of "rank") would be compared on nearly every line, so the
 * default weight anchors it elsewhere when it can. Compared ASCII-folded; only speed depends on it. */
static const char *const log_words[] = {"rank", "samples", "step", "epoch", "loss", "process", "info", "time",
					"data", "python", "site-packages", "torch", "worker", "warning", "import", "nccl"};
static uint64_t log_pairs[65536 / 64]; /* [a | b << 8] of the folded pairs of log_words */

static void init_fold(void)
{
	for (int i = 0; i < 256; i++)
		fold_tab[i] = (unsigned char)(i >= 'A' && i <= 'Z' ? i + 32 : i);
	for (size_t i = 0; i < sizeof(log_words) / sizeof(*log_words); i++)
		for (const char *c = log_words[i]; c[0] && c[1]; c++) {
			unsigned p = (unsigned)(unsigned char)c[0] | (unsigned)(unsigned char)c[1] << 8;
			log_pairs[p / 64] |= (uint64_t)1 << (p % 64);
		}
}

/* The default guess of how common the pair a b is in log text (see log_words). */
static unsigned default_pair_weight(unsigned char a, unsigned char b)
{
	unsigned p = (unsigned)fold_tab[a] | (unsigned)fold_tab[b] << 8;
	return needleset_byte_weight(a) * needleset_byte_weight(b) + (log_pairs[p / 64] >> (p % 64) & 1 ? 1000 : 0);
}

/* The chain of needles anchored on pair a (a | b << 8) followed by byte c. */
static inline unsigned head3_of(unsigned a, unsigned c)
{
	return ((a ^ c << 16) * 2654435761u) >> (32 - 12); /* 12 bits: NEEDLESET_HEAD3 */
}

static void init_set(struct needleset *ns, const char *const *needles, const size_t *lens, const bool *icase,
		     size_t count, unsigned (*pair_weight)(unsigned char a, unsigned char b))
{
	memset(ns, 0, offsetof(struct needleset, headf));
	if (!fold_tab['A'])
		init_fold();
	if (count > NEEDLESET_MAX) {
		ns->full = true;
		count = NEEDLESET_MAX;
	}
	ns->count = count;
	for (size_t i = 0; icase && i < count; i++)
		ns->fold = ns->fold || icase[i];
	for (size_t i = 0; i < count; i++) {
		const unsigned char *w = (const unsigned char *)needles[i];
		size_t n = lens ? lens[i] : strlen(needles[i]);
		ns->needle[i] = needles[i];
		ns->icase[i] = icase && icase[i];
		if (n < 2 || n > UINT16_MAX) {
			ns->any_short = true;
			continue;
		}
		ns->len[i] = (uint16_t)n;
		size_t best = 0;
		unsigned best_w = ~0u;
		for (size_t k = 0; k + 1 < n; k++) {
			/* a set that folds looks pairs up folded: "CU" of "CUDA" is as common as every "cu" and "Cu" */
			unsigned char a = ns->fold ? fold_tab[w[k]] : w[k], b = ns->fold ? fold_tab[w[k + 1]] : w[k + 1];
			unsigned wk = pair_weight ? pair_weight(a, b) : default_pair_weight(a, b);
			if (wk < best_w) {
				best_w = wk;
				best = k;
			}
		}
		if (n >= 3 && best + 2 >= n)
			best = n - 3; /* a pair with a byte after it in the needle: the third byte narrows the chain */
		unsigned a = ns->fold ? (unsigned)fold_tab[w[best]] | (unsigned)fold_tab[w[best + 1]] << 8
				      : (unsigned)w[best] | (unsigned)w[best + 1] << 8;
		ns->off[i] = (uint16_t)best;
		ns->next[i] = ns->head[a];
		ns->head[a] = (uint16_t)(i + 1);
		if (n == 2) {
			ns->two[ns->ntwo++] = (uint16_t)i;
			ns->pair2[a / 64] |= (uint64_t)1 << (a % 64);
			continue;
		}
		unsigned h = head3_of(a, ns->fold ? fold_tab[w[best + 2]] : w[best + 2]);
		ns->next3[i] = ns->head3[h];
		ns->head3[h] = (uint16_t)(i + 1);
	}
	if (!ns->fold)
		return;
	/* headf: each anchor pair's chain under every case spelling of the pair (head[] is final now) */
	memset(ns->headf, 0, sizeof(ns->headf));
	for (size_t i = 0; i < count; i++) {
		if (!ns->len[i])
			continue;
		const unsigned char *w = (const unsigned char *)needles[i] + ns->off[i];
		unsigned fa = fold_tab[w[0]], fb = fold_tab[w[1]];
		unsigned va[2] = {fa, fa >= 'a' && fa <= 'z' ? fa - 32 : fa}, vb[2] = {fb, fb >= 'a' && fb <= 'z' ? fb - 32 : fb};
		for (int x = 0; x < 2; x++)
			for (int y = 0; y < 2; y++)
				ns->headf[va[x] | vb[y] << 8] = ns->head[fa | fb << 8];
	}
}

void needleset_init_ex(struct needleset *ns, const char *const *needles, const size_t *lens, const bool *icase,
		       size_t count)
{
	init_set(ns, needles, lens, icase, count, NULL);
}

void needleset_init_pairs(struct needleset *ns, const char *const *needles, size_t count,
			  unsigned (*pair_weight)(unsigned char a, unsigned char b))
{
	init_set(ns, needles, NULL, NULL, count, pair_weight);
}

void needleset_init(struct needleset *ns, const char *const *needles, size_t count)
{
	needleset_init_ex(ns, needles, NULL, NULL, count);
}

/* Whether needle k's first and last bytes are at t (a cheap no before the full compare). */
static inline bool ends_match(const struct needleset *ns, size_t k, const char *t)
{
	const unsigned char *w = (const unsigned char *)ns->needle[k], *u = (const unsigned char *)t;
	size_t l = ns->len[k] - 1;
	if (ns->icase[k])
		return fold_tab[u[0]] == fold_tab[w[0]] && fold_tab[u[l]] == fold_tab[w[l]];
	return u[0] == w[0] && u[l] == w[l];
}

/* Whether needle k, anchored on the pair at s[i], occurs there. */
static inline __attribute__((always_inline)) bool hit_one(const struct needleset *ns, const char *s, size_t n, size_t i, size_t k)
{
	if (i < ns->off[k])
		return false;
	size_t at = i - ns->off[k];
	if (at + ns->len[k] > n || !ends_match(ns, k, s + at))
		return false;
	return ns->icase[k] ? !strncasecmp(s + at, ns->needle[k], ns->len[k]) : !memcmp(s + at, ns->needle[k], ns->len[k]);
}

/* hit() at the end of the text, where no third byte follows: the whole chain of the pair. */
static bool __attribute__((noinline)) hit_chain(const struct needleset *ns, const char *s, size_t n, size_t i, unsigned j)
{
	for (; j; j = ns->next[j - 1])
		if (hit_one(ns, s, n, i, j - 1))
			return true;
	return false;
}

/* hit() for a pair that anchors a needle of 2 bytes. */
static bool __attribute__((noinline)) hit_two(const struct needleset *ns, const char *s, size_t n, size_t i)
{
	for (size_t t = 0; t < ns->ntwo; t++)
		if (hit_one(ns, s, n, i, ns->two[t]))
			return true;
	return false;
}

/* Whether a needle anchored on the pair at u[i] (with u[i + 1]; j: the head of its chain) occurs around
 * it: with a byte after the pair, only the needles of that pair and third byte, and those of 2 bytes. */
static inline __attribute__((always_inline)) bool hit(const struct needleset *ns, const char *s, size_t n, size_t i, unsigned j)
{
	if (i + 2 >= n)
		return hit_chain(ns, s, n, i, j);
	const unsigned char *u = (const unsigned char *)s + i;
	unsigned a = ns->fold ? (unsigned)fold_tab[u[0]] | (unsigned)fold_tab[u[1]] << 8 : (unsigned)u[0] | (unsigned)u[1] << 8;
	for (j = ns->head3[head3_of(a, ns->fold ? fold_tab[u[2]] : u[2])]; j; j = ns->next3[j - 1])
		if (hit_one(ns, s, n, i, j - 1))
			return true;
	return ns->ntwo && (ns->pair2[a / 64] >> (a % 64) & 1) && hit_two(ns, s, n, i);
}

/* The pair s[0] s[1] as the table indexes it (s[0] | s[1] << 8): one 16-bit load on a little-endian machine. */
static inline unsigned pair_at(const unsigned char *s)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint16_t v;
	memcpy(&v, s, 2);
	return v;
#else
	return (unsigned)s[0] | (unsigned)s[1] << 8;
#endif
}

/* The first anchor hit in s[0, n) of a set that folds, looking pairs up in headf (the chains of head, so
 * hit() reads them alike). */
static size_t find_folded(const struct needleset *ns, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	const uint16_t *tab = ns->headf;
	size_t i = 0;
	/* four pairs a step: one test for all four in the common case of no anchor (the anchors of a large
	 * case-insensitive set are dense in logs: a wider step would mostly redo its lookups) */
	for (; i + 4 < n; i += 4) {
		const unsigned char *q = u + i;
		unsigned h0 = tab[pair_at(q)], h1 = tab[pair_at(q + 1)], h2 = tab[pair_at(q + 2)], h3 = tab[pair_at(q + 3)];
		if (!(h0 | h1 | h2 | h3))
			continue;
		if (h0 && hit(ns, s, n, i, h0))
			return i;
		if (h1 && hit(ns, s, n, i + 1, h1))
			return i + 1;
		if (h2 && hit(ns, s, n, i + 2, h2))
			return i + 2;
		if (h3 && hit(ns, s, n, i + 3, h3))
			return i + 3;
	}
	for (; i + 1 < n; i++) {
		unsigned h = tab[pair_at(u + i)];
		if (h && hit(ns, s, n, i, h))
			return i;
	}
	return n;
}

size_t needleset_find(const struct needleset *ns, const char *s, size_t n)
{
	if (ns->any_short || ns->full)
		return 0;
	if (ns->fold)
		return find_folded(ns, s, n);
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;
	/* eight pairs a step: one test for all eight in the common case of no anchor */
	for (; i + 8 < n; i += 8) {
		const unsigned char *q = u + i;
		if (!(ns->head[pair_at(q)] | ns->head[pair_at(q + 1)] | ns->head[pair_at(q + 2)] | ns->head[pair_at(q + 3)] |
		      ns->head[pair_at(q + 4)] | ns->head[pair_at(q + 5)] | ns->head[pair_at(q + 6)] | ns->head[pair_at(q + 7)]))
			continue;
		for (size_t k = i; k < i + 8; k++) {
			unsigned h = ns->head[pair_at(u + k)];
			if (h && hit(ns, s, n, k, h))
				return k;
		}
	}
	for (; i + 1 < n; i++) {
		unsigned h = ns->head[pair_at(u + i)];
		if (h && hit(ns, s, n, i, h))
			return i;
	}
	return n;
}

bool needleset_any(const struct needleset *ns, const char *s, size_t n)
{
	if (ns->any_short || ns->full)
		return true;
	return needleset_find(ns, s, n) < n;
}

/* needleset_mark() for needle k anchored at s[i]. */
static inline void mark_one(const struct needleset *ns, const char *s, size_t n, size_t i, size_t k, uint64_t *bits)
{
	if (!(bits[k / 64] >> (k % 64) & 1) && hit_one(ns, s, n, i, k))
		bits[k / 64] |= (uint64_t)1 << (k % 64);
}

bool needleset_mark(const struct needleset *ns, const char *s, size_t n, uint64_t *bits)
{
	if (ns->any_short || ns->full)
		return false;
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i + 1 < n; i++) {
		unsigned j = ns->fold ? ns->headf[pair_at(u + i)] : ns->head[pair_at(u + i)];
		if (!j)
			continue;
		unsigned a = ns->fold ? (unsigned)fold_tab[u[i]] | (unsigned)fold_tab[u[i + 1]] << 8 : (unsigned)u[i] | (unsigned)u[i + 1] << 8;
		if (i + 2 >= n) { /* no third byte: the whole chain of the pair */
			for (; j; j = ns->next[j - 1])
				mark_one(ns, s, n, i, j - 1, bits);
			continue;
		}
		for (j = ns->head3[head3_of(a, ns->fold ? fold_tab[u[i + 2]] : u[i + 2])]; j; j = ns->next3[j - 1])
			mark_one(ns, s, n, i, j - 1, bits);
		if (ns->ntwo && (ns->pair2[a / 64] >> (a % 64) & 1))
			for (size_t t = 0; t < ns->ntwo; t++)
				mark_one(ns, s, n, i, ns->two[t], bits);
	}
	return true;
}
