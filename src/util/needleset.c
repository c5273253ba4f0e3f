/* needleset.c - one-pass presence test of a set of substrings (needleset.h). */
#include "needleset.h"

#include <string.h>

/* A guess at how common a byte is in log text (per mille-ish: English letter frequencies for lower
 * case, blanks and the punctuation of key=value and table logs high, capitals rare). Only the speed
 * depends on it: a needle is anchored on the pair with the lowest product. */
static unsigned weight(unsigned char c)
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

void needleset_init(struct needleset *ns, const char *const *needles, size_t count)
{
	memset(ns, 0, sizeof(*ns));
	if (count > NEEDLESET_MAX)
		count = NEEDLESET_MAX;
	ns->count = count;
	for (size_t i = 0; i < count; i++) {
		const unsigned char *w = (const unsigned char *)needles[i];
		size_t n = strlen(needles[i]);
		ns->needle[i] = needles[i];
		ns->len[i] = (uint16_t)n;
		if (n < 2) {
			ns->any_short = true;
			continue;
		}
		size_t best = 0;
		unsigned best_w = ~0u;
		for (size_t k = 0; k + 1 < n; k++) {
			unsigned wk = weight(w[k]) * weight(w[k + 1]);
			if (wk < best_w) {
				best_w = wk;
				best = k;
			}
		}
		unsigned a = (unsigned)w[best] << 8 | w[best + 1];
		ns->off[i] = (uint16_t)best;
		ns->anchor[i] = (uint16_t)a;
		ns->pairs[a >> 6] |= (uint64_t)1 << (a & 63);
		ns->next[i] = ns->head[a];
		ns->head[a] = (uint8_t)(i + 1);
	}
}

bool needleset_any(const struct needleset *ns, const char *s, size_t n)
{
	if (ns->any_short)
		return true;
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i + 1 < n; i++) {
		unsigned a = (unsigned)u[i] << 8 | u[i + 1];
		if (!((ns->pairs[a >> 6] >> (a & 63)) & 1))
			continue;
		for (unsigned j = ns->head[a]; j; j = ns->next[j - 1]) {
			size_t k = j - 1;
			if (i < ns->off[k])
				continue;
			size_t at = i - ns->off[k];
			if (at + ns->len[k] <= n && !memcmp(s + at, ns->needle[k], ns->len[k]))
				return true;
		}
	}
	return false;
}
