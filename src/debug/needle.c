/* needle.c - the literal text a regular expression requires, so that the log scanner can skip every
 * line that cannot match before running the regex (a needle per top-level alternative). Conservative:
 * anything not understood ends a literal run, and a pattern it cannot reason about gets no needle. */
#include "kb.h"

#include <ctype.h>
#include <string.h>

/* Skips a character class starting at p ('['); returns the position after its ']'. */
static const char *skip_class(const char *p)
{
	p++;
	if (*p == '^')
		p++;
	if (*p == ']')
		p++;
	while (*p && *p != ']') {
		if (*p == '\\' && p[1])
			p += 2;
		else if (*p == '[' && p[1] == ':') {
			const char *e = strstr(p + 2, ":]");
			p = e ? e + 2 : p + 1;
		} else
			p++;
	}
	return *p ? p + 1 : p;
}

/* Skips a group starting at p ('('); returns the position after its ')'. */
static const char *skip_group(const char *p)
{
	int depth = 0;
	while (*p) {
		if (*p == '\\' && p[1])
			p += 2;
		else if (*p == '[')
			p = skip_class(p);
		else if (*p == '(')
			depth++, p++;
		else if (*p == ')') {
			p++;
			if (--depth == 0)
				return p;
		} else
			p++;
	}
	return p;
}

/* A quantifier at p: 0 none, 1 makes the atom optional (* ? {0...}), 2 keeps it required (+ {n...}).
 * *len gets its length (lazy/possessive suffix included). */
static int quantifier(const char *p, size_t *len)
{
	int kind = 0;
	const char *q = p;
	if (*q == '*' || *q == '?')
		kind = 1, q++;
	else if (*q == '+')
		kind = 2, q++;
	else if (*q == '{' && isdigit((unsigned char)q[1])) {
		const char *r = q + 1;
		long n = 0;
		while (isdigit((unsigned char)*r))
			n = n * 10 + (*r++ - '0');
		if (*r == ',')
			for (r++; isdigit((unsigned char)*r);)
				r++;
		if (*r != '}')
			return 0;
		kind = n == 0 ? 1 : 2;
		q = r + 1;
	}
	if (kind && (*q == '?' || *q == '+'))
		q++;
	*len = (size_t)(q - p);
	return kind;
}

/* The longest required literal run of one alternative [p, end). */
static void best_run(const char *p, const char *end, char *best, size_t *bestlen, size_t cap)
{
	char run[256];
	size_t n = 0;
	*bestlen = 0;
#define FLUSH()                                                                                             \
	do {                                                                                                \
		if (n > *bestlen && n < cap) {                                                              \
			memcpy(best, run, n);                                                               \
			*bestlen = n;                                                                       \
		}                                                                                           \
		n = 0;                                                                                      \
	} while (0)
	while (p < end) {
		char lit = 0;
		bool is_lit = false;
		if (*p == '\\' && p + 1 < end) {
			char c = p[1];
			if (!isalnum((unsigned char)c)) {
				lit = c, is_lit = true;
				p += 2;
			} else {
				FLUSH();
				p += 2;
				if ((c == 'x' || c == 'p' || c == 'P' || c == 'g' || c == 'k' || c == 'o' || c == 'N') &&
				    p < end && (*p == '{' || *p == '<')) {
					char close = *p == '{' ? '}' : '>';
					while (p < end && *p != close)
						p++;
					if (p < end)
						p++;
				} else if (c == 'x') {
					for (int i = 0; i < 2 && p < end && isxdigit((unsigned char)*p); i++)
						p++;
				} else if (c == 'Q') {
					const char *e = strstr(p, "\\E");
					p = e && e < end ? e + 2 : end;
				} else if (c == 'p' || c == 'P') {
					if (p < end)
						p++;
				}
				size_t ql;
				if (quantifier(p, &ql))
					p += ql;
				continue;
			}
		} else if (*p == '[') {
			FLUSH();
			p = skip_class(p);
			size_t ql;
			if (quantifier(p, &ql))
				p += ql;
			continue;
		} else if (*p == '(') {
			FLUSH();
			p = skip_group(p);
			size_t ql;
			if (quantifier(p, &ql))
				p += ql;
			continue;
		} else if (*p == '.' || *p == '^' || *p == '$' || *p == ')' || *p == '*' || *p == '+' || *p == '?') {
			FLUSH();
			p++;
			continue;
		} else {
			lit = *p++, is_lit = true;
		}
		if (!is_lit)
			continue;
		size_t ql;
		int q = quantifier(p, &ql);
		if (q == 1) {
			FLUSH(); /* the character is optional: the run ends before it */
			p += ql;
			continue;
		}
		if (n + 1 < sizeof(run))
			run[n++] = lit;
		if (q == 2) {
			FLUSH(); /* one is required, how many more is not known */
			p += ql;
		}
	}
	FLUSH();
#undef FLUSH
}

/* Leading inline options: (?i) is understood (sets *icase), (?x) changes what a literal is (false);
 * inline options anywhere else make a needle unsafe (false). Moves *pp past the leading options. */
static bool read_options(const char **pp, bool *icase)
{
	const char *p = *pp;
	*icase = false;
	if (p[0] == '(' && p[1] == '?' && strspn(p + 2, "imsxnJU-") > 0 && p[2 + strspn(p + 2, "imsxnJU-")] == ')') {
		size_t n = strspn(p + 2, "imsxnJU-");
		const char *minus = memchr(p + 2, '-', n);
		for (const char *f = p + 2; f < p + 2 + n && (!minus || f < minus); f++) {
			if (*f == 'x')
				return false;
			if (*f == 'i')
				*icase = true;
		}
		p += 3 + n;
	}
	/* inline options anywhere else: give up (the needle could be wrong) */
	for (const char *q = p; (q = strstr(q, "(?")); q += 2) {
		if (q > p && q[-1] == '\\')
			continue;
		if (strchr("imsxJU-^", q[2]) && q[2] != '\0')
			return false;
	}
	*pp = p;
	return true;
}

size_t needle_derive(const char *pattern, size_t min_len, struct arena *a, const char **out, size_t max,
		     bool *icase)
{
	const char *p = pattern;
	if (!read_options(&p, icase))
		return 0;
	/* the top-level alternatives */
	const char *alts[64][2];
	size_t nalts = 0;
	const char *start = p;
	for (const char *q = p;;) {
		if (!*q || *q == '|') {
			if (nalts == sizeof(alts) / sizeof(alts[0]))
				return 0;
			alts[nalts][0] = start;
			alts[nalts][1] = q;
			nalts++;
			if (!*q)
				break;
			start = ++q;
		} else if (*q == '\\' && q[1]) {
			q += 2;
		} else if (*q == '[') {
			q = skip_class(q);
		} else if (*q == '(') {
			q = skip_group(q);
		} else {
			q++;
		}
	}
	if (nalts > max)
		return 0;
	for (size_t i = 0; i < nalts; i++) {
		char best[256];
		size_t bl;
		best_run(alts[i][0], alts[i][1], best, &bl, sizeof(best));
		if (bl < min_len)
			return 0;
		if (*icase)
			for (size_t k = 0; k < bl; k++)
				best[k] = (char)tolower((unsigned char)best[k]);
		out[i] = arena_strndup(a, best, bl);
	}
	return nalts;
}

size_t needle_derive_group(const char *pattern, size_t min_len, struct arena *a, const char **out, size_t max,
			   bool *icase)
{
	const char *p = pattern;
	if (!read_options(&p, icase))
		return 0;
	/* one top-level alternative only */
	for (const char *q = p; *q;) {
		if (*q == '|')
			return 0;
		if (*q == '\\' && q[1])
			q += 2;
		else if (*q == '[')
			q = skip_class(q);
		else if (*q == '(')
			q = skip_group(q);
		else
			q++;
	}
	/* its groups that must match: plain or (?:...) without an optional quantifier */
	for (const char *q = p; *q;) {
		if (*q == '\\' && q[1]) {
			q += 2;
			continue;
		}
		if (*q == '[') {
			q = skip_class(q);
			continue;
		}
		if (*q != '(') {
			q++;
			continue;
		}
		const char *end = skip_group(q);
		size_t ql;
		bool plain = q[1] != '?' || q[2] == ':';
		if (!plain || end[-1] != ')' || quantifier(end, &ql) == 1) {
			q = end;
			continue;
		}
		const char *in = q[1] == '?' ? q + 3 : q + 1;
		char inner[1024];
		size_t il = (size_t)(end - 1 - in);
		q = end;
		if (il >= sizeof(inner))
			continue;
		memcpy(inner, in, il);
		inner[il] = '\0';
		bool inner_icase;
		size_t n = needle_derive(inner, min_len, a, out, max, &inner_icase);
		if (!n || inner_icase)
			continue;
		if (*icase) /* folded like needle_derive's */
			for (size_t i = 0; i < n; i++) {
				char *low = arena_strndup(a, out[i], strlen(out[i]));
				for (char *c = low; *c; c++)
					*c = (char)tolower((unsigned char)*c);
				out[i] = low;
			}
		return n;
	}
	return 0;
}
