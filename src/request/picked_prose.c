/* picked_prose.c - the stages of a pipeline told in prose, as items picked_items.c reads a pick from:
 *     sentences that open with a stage's label      "Step one runs prep.py on a single node. Step two runs
 *                                                    train.py on 4 nodes for 10 hours." ("step two")
 *                                                   "Stage A tokenizes with tok.py (2h). Stage B pretrains
 *                                                    with pt.py on 16 nodes (20h)." ("stage B")
 *     clauses of one sentence after "first", "then", "first prep.py on 1 node, then train.py on 8 nodes, and
 *     "next", "finally"                              finally eval.py" ("the training stage")
 *     two runs joined by "and" in one clause     "a quick 1-node debug (20 min) and a 128-node production run
 *                                                    for 6 hours" ("the production one")
 * Each item names a program or states a size (picked_items.c asks every item for one). A labelled
 * sentence's names are its label with a number word written in digits ("step2", "stageb"); a clause's is
 * its program's stem (pk_describe). */
#include "picked_items.h"
#include "lexicon.h"
#include "vocab.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* The end of the sentence from p: after a '.', '!' or '?' followed by a blank or the end ("prep.py" and
 * "1.5 h" go on), or at a blank line. */
static size_t sentence_end(const char *s, size_t p, size_t len)
{
	for (size_t q = p; q < len; q++) {
		if ((s[q] == '.' || s[q] == '!' || s[q] == '?') && (q + 1 == len || isspace((unsigned char)s[q + 1])))
			return q + 1;
		if (s[q] == '\n' && q + 1 < len && s[q + 1] == '\n')
			return q;
	}
	return len;
}

static size_t skip_blanks(const char *s, size_t p, size_t len)
{
	while (p < len && isspace((unsigned char)s[p]))
		p++;
	return p;
}

/* A stage label at p ("Step one", "Stage B", "Phase 2", "Job 3"): the noun's and token's ends, the
 * token's value written as a name part ("2", "b") in part; false when none. */
static bool stage_label(const char *s, size_t p, size_t len, size_t *end, char *noun, char *part)
{
	static const char *const nouns[] = {"step", "stage", "phase", "part", "job", NULL};
	size_t q = p;
	while (q < len && isalpha((unsigned char)s[q]))
		q++;
	if (q == p || q - p > 6 || q >= len || s[q] != ' ')
		return false;
	bool known = false;
	for (const char *const *n = nouns; *n && !known; n++)
		known = strlen(*n) == q - p && !strncasecmp(s + p, *n, q - p);
	if (!known)
		return false;
	for (size_t k = p; k < q; k++)
		noun[k - p] = (char)tolower((unsigned char)s[k]);
	noun[q - p] = 0;
	size_t t = q + 1, u = t;
	while (u < len && isalnum((unsigned char)s[u]))
		u++;
	if (u == t || u - t > 8 || (u < len && !(s[u] == ' ' || s[u] == ':' || s[u] == ',' || s[u] == '(')))
		return false;
	char tok[12];
	for (size_t k = t; k < u; k++)
		tok[k - t] = (char)tolower((unsigned char)s[k]);
	tok[u - t] = 0;
	if (isdigit((unsigned char)tok[0])) {
		for (const char *c = tok; *c; c++)
			if (!isdigit((unsigned char)*c))
				return false;
		snprintf(part, 12, "%s", tok);
	} else if (u - t == 1 && isupper((unsigned char)s[t])) {
		snprintf(part, 12, "%s", tok); /* "Stage B" */
	} else {
		int v = number_word(tok);
		if (v <= 0 || v > 20)
			return false;
		snprintf(part, 12, "%d", v);
	}
	*end = u;
	return true;
}

/* Sentences that each open with a label of one noun ("Step one ... Step two ..."). */
static int labelled_sentences(const char *s, size_t len, size_t from, struct group *g)
{
	for (size_t p = skip_blanks(s, from, len); p < len;) {
		size_t e = sentence_end(s, p, len), le;
		char noun[8], part[12];
		if (!stage_label(s, p, len, &le, noun, part)) {
			p = skip_blanks(s, e, len);
			continue;
		}
		g->n = 0;
		g->kind = IK_PROSE;
		g->a = p;
		size_t q = p;
		char first_noun[8];
		snprintf(first_noun, sizeof(first_noun), "%s", noun);
		while (q < len && g->n < MAX_ITEMS) {
			size_t qe = sentence_end(s, q, len), ql;
			if (!stage_label(s, q, len, &ql, noun, part) || strcmp(noun, first_noun))
				break;
			struct item *it = &g->it[g->n++];
			memset(it, 0, sizeof(*it));
			it->a = q;
			it->b = qe;
			it->body = q;
			char nm[24];
			snprintf(nm, sizeof(nm), "%s%s", noun, part);
			snprintf(it->names[it->nnames++], sizeof(it->names[0]), "%s", nm);
			q = skip_blanks(s, qe, len);
		}
		if (g->n >= 2) {
			g->b = g->it[g->n - 1].b;
			return 1;
		}
		p = skip_blanks(s, e, len);
	}
	return 0;
}

/* A clause marker at p ("first", "then", "next", "finally", "lastly", "after that") after the sentence's
 * start, a ',', ';', ':' or "and": its end, 0 when none. */
static size_t clause_marker(const char *s, size_t sa, size_t p, size_t e)
{
	static const char *const marks[] = {"first", "then", "next", "finally", "lastly", "after that", "afterwards", NULL};
	if (p > sa && isalnum((unsigned char)s[p - 1]))
		return 0;
	size_t b = p;
	while (b > sa && s[b - 1] == ' ')
		b--;
	bool lead = b == sa || strchr(",;:", s[b - 1]) || (b >= sa + 3 && !strncasecmp(s + b - 3, "and", 3) &&
							    (b == sa + 3 || !isalnum((unsigned char)s[b - 4])));
	if (!lead)
		return 0;
	for (const char *const *m = marks; *m; m++) {
		size_t n = strlen(*m);
		if (p + n < e && !strncasecmp(s + p, *m, n) && !isalnum((unsigned char)s[p + n]))
			return p + n;
	}
	return 0;
}

/* Does s[a, b) name a program file (".py", ".sh")? */
static bool names_program(const char *s, size_t a, size_t b)
{
	for (size_t p = a; p + 3 <= b; p++)
		if ((!strncmp(s + p, ".py", 3) || !strncmp(s + p, ".sh", 3)) && p > a && isalnum((unsigned char)s[p - 1]) &&
		    (p + 3 == b || !isalnum((unsigned char)s[p + 3])))
			return true;
	return false;
}

/* The clauses of one sentence after "first", "then", "finally" (the text before the first marker is a
 * clause of its own when it names a program). */
static int sequence_clauses(const char *s, size_t len, size_t from, struct group *g)
{
	for (size_t p = skip_blanks(s, from, len); p < len;) {
		size_t e = sentence_end(s, p, len);
		size_t starts[MAX_ITEMS + 1], bodies[MAX_ITEMS + 1];
		int n = 0;
		for (size_t q = p; q < e && n < MAX_ITEMS; q++) {
			size_t m = clause_marker(s, p, q, e);
			if (!m)
				continue;
			/* the clause starts at its "and" or ',' and its content after the marker */
			starts[n] = q;
			bodies[n++] = skip_blanks(s, m, e);
			q = m;
		}
		if (n >= 1 && (n >= 2 || names_program(s, p, starts[0]))) {
			g->n = 0;
			g->kind = IK_PROSE;
			/* the words before the first marker: a clause when they name a program ("Old array step:
			 * ... shard.py ..., then a train step: ...") */
			bool lead = names_program(s, p, starts[0]);
			int total = n + lead;
			bool ok = total >= 2;
			for (int k = 0; k < total && ok; k++) {
				size_t a = lead ? (k == 0 ? p : bodies[k - 1]) : bodies[k];
				size_t b = lead ? (k < n ? starts[k] : e) : (k + 1 < n ? starts[k + 1] : e);
				/* up to the clause's ", and" / ',' / '.' */
				while (b > a && (s[b - 1] == ' ' || s[b - 1] == ',' || s[b - 1] == '.' || s[b - 1] == ';'))
					b--;
				if (b >= a + 4 && !strncasecmp(s + b - 4, " and", 4))
					b -= 4;
				while (b > a && (s[b - 1] == ' ' || s[b - 1] == ','))
					b--;
				ok = names_program(s, a, b);
				struct item *it = &g->it[g->n++];
				memset(it, 0, sizeof(*it));
				it->a = it->body = a;
				it->b = b;
			}
			if (ok) {
				g->a = g->it[0].a;
				g->b = g->it[g->n - 1].b;
				return 1;
			}
		}
		p = skip_blanks(s, e, len);
	}
	return 0;
}

/* Whether a conjunct can start at p: an article, "one" or a digit ("a 2-node test", "an 8-node run", "6-GPU"). */
static bool conjunct_start(const char *s, size_t p, size_t e)
{
	if (p >= e)
		return false;
	if (isdigit((unsigned char)s[p]))
		return true;
	static const char *const arts[] = {"a ", "an ", "one ", NULL};
	for (const char *const *w = arts; *w; w++) {
		size_t n = strlen(*w);
		if (p + n < e && !strncasecmp(s + p, *w, n) && (p == 0 || !isalnum((unsigned char)s[p - 1])))
			return true;
	}
	return false;
}

/* Two runs joined by "and" in one clause, each with a size of its own: "both eventually: a quick 1-node debug (20
 * min) and a 128-node production run for 6 hours", "two jobs: a 2-node test and an 8-node run", "we benchmarked
 * 6-GPU and 24-GPU configs". The left one starts at the clause's first article or number (after the sentence's
 * start, a ':' or a ';'); the right one ends at a ',', ';', ':' or the sentence's end, or before "on"/"at" that
 * names no count ("... for 6 hours on Frontier": the place stays the request's). picked_items.c keeps them as
 * a list only when both state the same kind of size. */
static int joined_runs(const char *s, size_t len, size_t from, struct group *g)
{
	for (size_t p = skip_blanks(s, from, len); p < len;) {
		size_t e = sentence_end(s, p, len);
		for (size_t q = p; q + 5 < e; q++) {
			if (strncasecmp(s + q, " and ", 5))
				continue;
			size_t ca = q;
			while (ca > p && !strchr(":;\n", s[ca - 1]))
				ca--;
			size_t a = skip_blanks(s, ca, q);
			while (a < q && !conjunct_start(s, a, q)) {
				while (a < q && !isspace((unsigned char)s[a]))
					a++;
				a = skip_blanks(s, a, q);
			}
			size_t b = q + 5;
			if (a >= q || !conjunct_start(s, b, e))
				continue;
			size_t be = b;
			while (be < e && !strchr(",;:\n", s[be])) {
				if (be > b && s[be - 1] == ' ' && (!strncasecmp(s + be, "on ", 3) || !strncasecmp(s + be, "at ", 3)) &&
				    !conjunct_start(s, be + 3, e))
					break;
				be++;
			}
			while (be > b && (s[be - 1] == ' ' || s[be - 1] == '.' || s[be - 1] == '!' || s[be - 1] == '?'))
				be--;
			memset(g, 0, sizeof(*g));
			g->kind = IK_PROSE;
			struct item *l = &g->it[g->n++], *r = &g->it[g->n++];
			memset(l, 0, sizeof(*l));
			memset(r, 0, sizeof(*r));
			l->a = l->body = a;
			l->b = q;
			r->a = r->body = b;
			r->b = be;
			g->a = a;
			g->b = be;
			g->joined = true;
			return 1;
		}
		p = skip_blanks(s, e, len);
	}
	return 0;
}

int pk_find_prose(const char *s, size_t len, size_t from, struct group *g)
{
	/* the first of the three shapes from here on */
	static const struct group empty;
	struct group other = empty, joined = empty;
	g->joined = false;
	int a = labelled_sentences(s, len, from, g);
	int b = sequence_clauses(s, len, from, &other);
	int j = joined_runs(s, len, from, &joined);
	if (b && (!a || other.a < g->a)) {
		*g = other;
		a = 1;
	}
	if (j && (!a || joined.a < g->a)) {
		*g = joined;
		a = 1;
	}
	return a;
}
