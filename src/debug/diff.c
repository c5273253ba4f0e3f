/* diff.c - a unified diff of two texts by lines: common head and tail trimmed, then a longest
 * common subsequence over what is left (scripts are small; a huge middle is shown as replaced),
 * hunks with N lines of context in the layout of GNU diff -u. */
#include "patch.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct lines {
	const char **s;
	size_t *n; /* length without the newline */
	size_t nr;
	bool last_nl; /* the text ends with a newline */
};

static void split(const char *t, size_t len, struct lines *l)
{
	size_t cap = 16;
	l->s = xmalloc(cap * sizeof(*l->s));
	l->n = xmalloc(cap * sizeof(*l->n));
	l->nr = 0;
	l->last_nl = len == 0 || t[len - 1] == '\n';
	for (size_t pos = 0; pos < len;) {
		const char *nl = memchr(t + pos, '\n', len - pos);
		size_t e = nl ? (size_t)(nl - t) : len;
		if (l->nr == cap) {
			cap *= 2;
			l->s = xrealloc(l->s, cap * sizeof(*l->s));
			l->n = xrealloc(l->n, cap * sizeof(*l->n));
		}
		l->s[l->nr] = t + pos;
		l->n[l->nr++] = e - pos;
		pos = e + 1;
	}
}

static bool same(const struct lines *a, size_t i, const struct lines *b, size_t j)
{
	return a->n[i] == b->n[j] && !memcmp(a->s[i], b->s[j], a->n[i]);
}

/* One step of the edit script: ' ' both, '-' only in a, '+' only in b. */
struct step {
	char op;
	size_t ai, bi;
};

static void emit_line(struct strbuf *out, char op, const struct lines *l, size_t i)
{
	strbuf_addch(out, op);
	strbuf_add(out, l->s[i], l->n[i]);
	strbuf_addch(out, '\n');
	if (i + 1 == l->nr && !l->last_nl)
		strbuf_adds(out, "\\ No newline at end of file\n");
}

static void range(struct strbuf *out, char sign, size_t start, size_t count)
{
	/* GNU: an empty range names the line before it; a one-line range has no count */
	if (count == 0)
		strbuf_addf(out, "%c%zu,0", sign, start);
	else if (count == 1)
		strbuf_addf(out, "%c%zu", sign, start + 1);
	else
		strbuf_addf(out, "%c%zu,%zu", sign, start + 1, count);
}

void unified_diff(const char *a, size_t alen, const char *b, size_t blen, const char *name, int context,
		  struct strbuf *out)
{
	if (alen == blen && !memcmp(a, b, alen))
		return;
	struct lines A, B;
	split(a, alen, &A);
	split(b, blen, &B);
	size_t pre = 0;
	while (pre < A.nr && pre < B.nr && same(&A, pre, &B, pre) &&
	       (pre + 1 < A.nr || A.last_nl == B.last_nl) && (pre + 1 < B.nr || A.last_nl == B.last_nl))
		pre++;
	size_t suf = 0;
	while (suf < A.nr - pre && suf < B.nr - pre && same(&A, A.nr - 1 - suf, &B, B.nr - 1 - suf) &&
	       (suf > 0 || A.last_nl == B.last_nl))
		suf++;
	size_t n = A.nr - pre - suf, m = B.nr - pre - suf;
	struct step *steps = xmalloc((A.nr + B.nr + 1) * sizeof(*steps));
	size_t ns = 0;
	for (size_t i = 0; i < pre; i++)
		steps[ns++] = (struct step){' ', i, i};
	if ((uint64_t)(n + 1) * (m + 1) <= 16u * 1024 * 1024) {
		/* lcs[i][j] = LCS of A[pre+i..] and B[pre+j..] */
		uint32_t *lcs = xcalloc((n + 1) * (m + 1), sizeof(uint32_t));
#define L(i, j) lcs[(i) * (m + 1) + (j)]
		for (size_t i = n; i-- > 0;)
			for (size_t j = m; j-- > 0;)
				L(i, j) = same(&A, pre + i, &B, pre + j) ? L(i + 1, j + 1) + 1
				       : L(i + 1, j) >= L(i, j + 1)	 ? L(i + 1, j)
									 : L(i, j + 1);
		size_t i = 0, j = 0;
		while (i < n || j < m) {
			if (i < n && j < m && same(&A, pre + i, &B, pre + j)) {
				steps[ns++] = (struct step){' ', pre + i, pre + j};
				i++, j++;
			} else if (j < m && (i == n || L(i, j + 1) > L(i + 1, j))) {
				steps[ns++] = (struct step){'+', pre + i, pre + j};
				j++;
			} else {
				steps[ns++] = (struct step){'-', pre + i, pre + j};
				i++;
			}
		}
#undef L
		free(lcs);
	} else {
		for (size_t i = 0; i < n; i++)
			steps[ns++] = (struct step){'-', pre + i, pre};
		for (size_t j = 0; j < m; j++)
			steps[ns++] = (struct step){'+', pre + n, pre + j};
	}
	for (size_t k = 0; k < suf; k++)
		steps[ns++] = (struct step){' ', A.nr - suf + k, B.nr - suf + k};

	strbuf_addf(out, "--- a/%s\n+++ b/%s\n", name, name);
	size_t ctx = context < 0 ? 0 : (size_t)context;
	for (size_t k = 0; k < ns;) {
		if (steps[k].op == ' ') {
			k++;
			continue;
		}
		/* a hunk: from ctx lines before this change to ctx lines after the last change that is
		 * within 2*ctx lines of the previous one */
		size_t first = k > ctx ? k - ctx : 0;
		size_t last = k; /* last change */
		for (size_t q = k + 1; q < ns; q++) {
			if (steps[q].op != ' ') {
				last = q;
				continue;
			}
			if (q - last > 2 * ctx)
				break;
		}
		size_t end = last + ctx + 1 < ns ? last + ctx + 1 : ns;
		size_t a0 = steps[first].ai, b0 = steps[first].bi, ac = 0, bc = 0;
		for (size_t q = first; q < end; q++) {
			ac += steps[q].op != '+';
			bc += steps[q].op != '-';
		}
		strbuf_adds(out, "@@ ");
		range(out, '-', a0, ac);
		strbuf_addch(out, ' ');
		range(out, '+', b0, bc);
		strbuf_adds(out, " @@\n");
		for (size_t q = first; q < end; q++) {
			if (steps[q].op == '+')
				emit_line(out, '+', &B, steps[q].bi);
			else
				emit_line(out, steps[q].op, &A, steps[q].ai);
		}
		k = end;
	}
	free(steps);
	free(A.s);
	free(A.n);
	free(B.s);
	free(B.n);
}
