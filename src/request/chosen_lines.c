/* chosen_lines.c - prose that lists several candidate jobs and says which one to run:
 *     1) Perlmutter 2 nodes 4h              - ablation-a: LS6, 1 node, 2 h
 *     2) Perlmutter 8 nodes 12h             - full: LS6, 6 nodes, 30 h
 *     Let's go with the second one.         Please write the script for the last one only.
 *     Option A: Bridges-2, one node ...     small (Aurora, 16 nodes, 12h), medium (Aurora, 64 nodes, 1h)
 *     Option B: Bridges-2, 4 nodes ...      ... Start with medium.
 *     Reviewer said B.                      ❌ Frontier 8 nodes 1h / ✅ Frontier 200 nodes 10h
 * The items are lines that open with a marker ("1)", "2.", "#3", "- name:", "A)", "Option B:", a check or
 * cross mark) or, within a line, named groups in parentheses ("exp-7 (...) and exp-8 (...)") and "A) ...
 * B) ..." runs. An item is chosen by its place ("the second one", "the last one", "#3", "go with 2)"), its
 * letter or name after a word that picks ("Reviewer said B", "going with A", "start with medium", "only
 * exp-8"), or a check mark among crosses. The items not chosen are blanked from the reader's working copy
 * before anything else reads it; without exactly one item chosen nothing changes. */
#include "reader.h"
#include "vocab.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define MAX_CANDS 12

struct cand {
	size_t a, b;	 /* the item: text[a, b) */
	char label[32];	 /* its number, letter or name ("2", "b", "exp-8"); lower case */
	int mark;	 /* +1 a check mark in it, -1 a cross, 0 none */
	size_t me;	 /* the end of its marker ("2)", "Option B:", "A)"): text[a, me) once the indentation is past */
};

static size_t line_end(const char *s, size_t a, size_t len)
{
	const char *nl = memchr(s + a, '\n', len - a);
	return nl ? (size_t)(nl - s) : len;
}

static bool starts(const char *s, size_t p, size_t e, const char *w)
{
	size_t l = strlen(w);
	return p + l <= e && !memcmp(s + p, w, l);
}

static const char *const checks[] = {"\xe2\x9c\x85", "\xe2\x9c\x94", "\xe2\x9c\x93", "\xe2\x98\x91", NULL};  /* ✅ ✔ ✓ ☑ */
static const char *const crosses[] = {"\xe2\x9d\x8c", "\xe2\x9c\x97", "\xe2\x9c\x98", "\xe2\x9d\x8e", NULL}; /* ❌ ✗ ✘ ❎ */

static int mark_in(const char *s, size_t a, size_t b)
{
	for (size_t p = a; p < b; p++) {
		for (size_t k = 0; checks[k]; k++)
			if (starts(s, p, b, checks[k]))
				return 1;
		for (size_t k = 0; crosses[k]; k++)
			if (starts(s, p, b, crosses[k]))
				return -1;
	}
	return 0;
}

static bool has_digit(const char *s, size_t a, size_t b)
{
	for (size_t p = a; p < b; p++)
		if (isdigit((unsigned char)s[p]))
			return true;
	return false;
}

static void set_label(struct cand *c, const char *s, size_t a, size_t b)
{
	size_t n = b - a < sizeof(c->label) - 1 ? b - a : sizeof(c->label) - 1;
	for (size_t i = 0; i < n; i++)
		c->label[i] = (char)tolower((unsigned char)s[a + i]);
	c->label[n] = '\0';
}

/* The kind of marker a line opens with at p (its label into lab), 0 when none: 1 a number ("1)", "2.",
 * "#3"), 2 a letter ("A)", "(b)", "Option B:"), 3 a bullet ("- name: ..."), 4 a check or cross mark. */
static int line_marker(const char *s, size_t p, size_t e, struct cand *c)
{
	size_t q = p;
	c->label[0] = '\0';
	if (q < e && s[q] == '#')
		q++;
	bool paren = q < e && s[q] == '(';
	if (paren)
		q++;
	size_t d = q;
	while (d < e && isdigit((unsigned char)s[d]))
		d++;
	if (d > q && d - q <= 2 && d < e && (s[d] == ')' || s[d] == '.' || s[d] == ':' || (s[p] == '#' && s[d] == ' '))) {
		set_label(c, s, q, d);
		c->me = d + 1;
		return 1;
	}
	if (q < e && isalpha((unsigned char)s[q]) && q + 1 < e && (s[q + 1] == ')' || (!paren && (s[q + 1] == ':' || s[q + 1] == '.'))) &&
	    q + 2 < e && s[q + 2] == ' ' && strchr("ABCDEFGHabcdefgh", s[q])) {
		set_label(c, s, q, q + 1);
		c->me = q + 2;
		return 2;
	}
	static const char *const words[] = {"option", "plan", "variant", "choice", "config", "setup", "candidate", NULL};
	for (size_t k = 0; words[k]; k++) {
		size_t l = strlen(words[k]);
		if (p + l + 2 < e && !strncasecmp(s + p, words[k], l) && s[p + l] == ' ') {
			size_t v = p + l + 1, w = v;
			while (w < e && isalnum((unsigned char)s[w]))
				w++;
			if (w > v && w - v <= 2 && w < e && strchr(":)-.", s[w])) {
				set_label(c, s, v, w);
				c->me = w + 1;
				return 2;
			}
		}
	}
	if ((s[p] == '-' || s[p] == '*') && p + 1 < e && s[p + 1] == ' ') {
		/* "- ablation-a: LS6, ...": the name before the colon */
		size_t v = p + 2, w = v;
		while (w < e && (isalnum((unsigned char)s[w]) || s[w] == '-' || s[w] == '_' || s[w] == '.'))
			w++;
		if (w > v && w < e && s[w] == ':' && w - v < sizeof(c->label))
			set_label(c, s, v, w);
		return 3;
	}
	for (size_t k = 0; checks[k]; k++)
		if (starts(s, p, e, checks[k]))
			return 4;
	for (size_t k = 0; crosses[k]; k++)
		if (starts(s, p, e, crosses[k]))
			return 4;
	return 0;
}

/* Runs of two or more lines that open with the same kind of marker and hold a number each (blank lines
 * between them allowed); *gb: the end of the last. */
static size_t line_items(const char *s, size_t len, size_t from, struct cand *it, size_t *gb)
{
	size_t n = 0;
	int kind = 0;
	for (size_t p = from; p < len && n < MAX_CANDS;) {
		size_t e = line_end(s, p, len);
		size_t q = p;
		while (q < e && (s[q] == ' ' || s[q] == '\t' || s[q] == '>'))
			q++;
		if (q == e && n) { /* a blank line inside a run */
			p = e < len ? e + 1 : len;
			continue;
		}
		struct cand c = {.a = p, .b = e};
		int k = q < e && s[q] != '|' ? line_marker(s, q, e, &c) : 0;
		if (!k || (kind && k != kind) || !has_digit(s, q, e))
			break;
		kind = k;
		c.mark = mark_in(s, q, e);
		it[n++] = c;
		*gb = e;
		p = e < len ? e + 1 : len;
	}
	return n >= 2 ? n : 0;
}

/* Within the line [a, b): named groups in parentheses ("small (Aurora, 16 nodes, 12h), medium (...)",
 * "exp-7 (...) and exp-8 (...)") or letters with ')' ("A) Expanse ..., 12h   B) Delta ..."). */
static size_t inline_items(const char *s, size_t a, size_t b, struct cand *it)
{
	size_t n = 0;
	for (size_t p = a; p < b && n < MAX_CANDS; p++) {
		if (s[p] != '(' || p < a + 2 || s[p - 1] != ' ')
			continue;
		size_t w = p - 1, v = w;
		while (v > a && (isalnum((unsigned char)s[v - 1]) || s[v - 1] == '-' || s[v - 1] == '_'))
			v--;
		const char *close = memchr(s + p, ')', b - p);
		if (v == w || !close || !has_digit(s, p, (size_t)(close - s)) || !memchr(s + p, ',', (size_t)(close - s) - p))
			continue;
		struct cand c = {.a = v, .b = (size_t)(close - s) + 1};
		set_label(&c, s, v, w);
		it[n++] = c;
		p = c.b - 1;
	}
	if (n >= 2)
		return n;
	/* "A) Expanse ..., B) Delta ...", "(a) 16 nodes for 2h, (b) 32 nodes for 1.5h", "1) ... 2) ...",
	 * "Option A: ..., option B: ...": letters or numbers in sequence, the first "a", "A" or "1" */
	n = 0;
	char base = 0;
	for (size_t p = a; p + 2 < b && n < MAX_CANDS; p++) {
		if (p > a && s[p - 1] != ' ')
			continue;
		size_t lp = p, me = 0; /* the label's byte and the marker's end */
		if (s[p] == '(' && p + 3 < b && s[p + 2] == ')' && s[p + 3] == ' ')
			lp = p + 1, me = p + 3;
		else if (s[p + 1] == ')' && s[p + 2] == ' ')
			me = p + 2;
		else if (p + 8 < b && (!strncasecmp(s + p, "option ", 7) || !strncasecmp(s + p, "plan ", 5))) {
			lp = p + (tolower((unsigned char)s[p]) == 'o' ? 7 : 5);
			me = lp + 1;
			if (me < b && s[me] == ':')
				me++;
			if (me >= b || s[me] != ' ' || (s[lp + 1] != ' ' && s[lp + 1] != ':'))
				continue;
		} else
			continue;
		char l = s[lp];
		if (!n) {
			if (l != 'a' && l != 'A' && l != '1')
				continue;
			base = l;
		} else if (l != base + (char)n)
			continue;
		if (n)
			it[n - 1].b = p;
		/* the last one ends with its sentence ("B) Delta, 4 nodes, 12h. Going with A.") */
		size_t end = b;
		for (size_t q = me; q + 1 < b; q++)
			if (s[q] == '.' && s[q + 1] == ' ' && !isdigit((unsigned char)s[q - 1])) {
				end = q + 1;
				break;
			}
		it[n] = (struct cand){.a = p, .b = end, .me = me};
		set_label(&it[n], s, lp, lp + 1);
		n++;
		p = me - 1;
	}
	return n >= 2 ? n : 0;
}

static bool word_is(const char *s, size_t p, size_t e, const char *w)
{
	size_t l = strlen(w);
	return p + l <= e && !strncasecmp(s + p, w, l) && (p + l == e || !isalnum((unsigned char)s[p + l]));
}

/* The start of the word after the one at p (its letters, then spaces). */
static size_t next_word(const char *s, size_t p, size_t e)
{
	while (p < e && isalpha((unsigned char)s[p]))
		p++;
	while (p < e && s[p] == ' ')
		p++;
	return p;
}

/* The item a place word names ("first", "second", "last"), 1-based; 0 when none. */
static int place_word(const char *s, size_t p, size_t e, size_t n)
{
	static const char *const ord[] = {"first", "second", "third", "fourth", "fifth", "sixth", NULL};
	for (int k = 0; ord[k]; k++)
		if (word_is(s, p, e, ord[k]))
			return k + 1;
	if (word_is(s, p, e, "last") || word_is(s, p, e, "latter") || word_is(s, p, e, "final"))
		return (int)n;
	if (word_is(s, p, e, "former"))
		return 1;
	return 0;
}

/* Whether a word that picks ends right before p ("go with the", "said", "start with", "only", "pick"). */
static bool picked_before(const char *s, size_t lo, size_t p)
{
	/* data/lexicon's pick_cues: "go with", "pick", "vote for", "winner:" */
	const char *const *picks;
	size_t npicks = vocab_list(VL_PICK_CUE, &picks);
	static const char *const skip[] = {"the", "only", NULL}; /* "go with the", "for the last one only" */
	size_t q = p;
	for (int round = 0; round < 3; round++) {
		while (q > lo && s[q - 1] == ' ')
			q--;
		for (size_t k = 0; k < npicks; k++) {
			size_t l = strlen(picks[k]);
			if (q >= lo + l && !strncasecmp(s + q - l, picks[k], l) && (q == lo + l || !isalnum((unsigned char)s[q - l - 1])))
				return true;
		}
		bool stripped = false;
		for (size_t k = 0; skip[k] && !stripped; k++) {
			size_t l = strlen(skip[k]);
			if (q >= lo + l && !strncasecmp(s + q - l, skip[k], l) && (q == lo + l || !isalnum((unsigned char)s[q - l - 1])))
				q -= l, stripped = true;
		}
		if (!stripped)
			return false;
	}
	return false;
}

/* Whether a word that sets aside comes within the few words before p ("not the second one", "skip B"). */
static bool set_aside_before(const char *s, size_t lo, size_t p)
{
	size_t a = p > lo + 24 ? p - 24 : lo; /* within its clause */
	for (size_t q = p; q > a; q--)
		if (strchr(",.;\n", s[q - 1])) {
			a = q;
			break;
		}
	static const char *const no[] = {"not ", "skip ", "drop ", "except ", "instead of ", "rather than ", "n't ", NULL};
	for (size_t k = 0; no[k]; k++) {
		size_t l = strlen(no[k]);
		for (size_t q = a; q + l <= p; q++)
			if (!strncasecmp(s + q, no[k], l))
				return true;
	}
	return false;
}

/* The item the text outside [ga, gb) chooses, 0-based; -1 when none or more than one. */
static int chosen(const struct ctx *c, const struct cand *it, size_t n, size_t ga, size_t gb, size_t *ra, size_t *rb)
{
	const char *s = c->nl;
	int pick = -1;
	bool two = false;
	size_t e = 0; /* the end of p's line, found once a line (once per position was quadratic in a line) */
	for (size_t p = 0; p < c->len; p++) {
		if (p == ga) {
			p = gb;
			if (p >= c->len)
				break;
		}
		if (p > 0 && isalnum((unsigned char)s[p - 1]))
			continue;
		if (p >= e)
			e = line_end(s, p, c->len);
		int k = -1;
		int place = place_word(s, p, e, n);
		if (place) {
			/* "the second one", "the last option", "go with the second" */
			size_t w = next_word(s, p, e);
			bool noun = word_is(s, w, e, "one") || word_is(s, w, e, "option") || word_is(s, w, e, "run") ||
				    word_is(s, w, e, "job") || word_is(s, w, e, "plan") || word_is(s, w, e, "config") ||
				    word_is(s, w, e, "row") || word_is(s, w, e, "line") || word_is(s, w, e, "entry");
			/* (or "the second one please") */
			bool please = false;
			if (noun)
				please = word_is(s, next_word(s, w, e), e, "please");
			if ((picked_before(s, 0, p) || please) && (noun || w >= e || !isalpha((unsigned char)s[w])))
				k = place - 1;
		}
		for (size_t i = 0; k < 0 && i < n; i++) {
			size_t l = strlen(it[i].label);
			if (!l || p + l > e || strncasecmp(s + p, it[i].label, l) || (p + l < e && (isalnum((unsigned char)s[p + l]) || s[p + l] == '-')))
				continue;
			/* "#3", "option B", "pick 3", "go with 2)", "Reviewer said B", "start with medium", "only exp-8" */
			bool hash = p > 0 && s[p - 1] == '#';
			bool opt = p >= 7 && (!strncasecmp(s + p - 7, "option ", 7) || !strncasecmp(s + p - 5, "plan ", 5) ||
					      !strncasecmp(s + p - 7, "number ", 7) || !strncasecmp(s + p - 6, "phase ", 6));
			bool short_label = l <= 2;
			/* "(b)": a letter in brackets is the item's, whatever its case */
			bool bracketed = p > 0 && s[p - 1] == '(' && p + l < e && s[p + l] == ')';
			/* a bare number is a count when a word follows it ("need 2 nodes"), not a pick */
			if (!hash && !opt && isdigit((unsigned char)s[p])) {
				size_t w = p + l;
				while (w < e && s[w] == ' ')
					w++;
				if (w < e && isalpha((unsigned char)s[w]) && s[p + l] == ' ')
					continue;
			}
			if (hash || opt ||
			    (picked_before(s, 0, hash || bracketed ? p - 1 : p) &&
			     (!short_label || bracketed || !islower((unsigned char)s[p]) || isdigit((unsigned char)s[p]))))
				k = (int)i;
		}
		if (k < 0 || (size_t)k >= n || set_aside_before(s, 0, p))
			continue;
		if (pick >= 0 && pick != k)
			two = true;
		pick = k;
		if (!place) /* the label said ("go with 2)", "said B"): not a count or a word of the request */
			*ra = p, *rb = p + strlen(it[k].label) + (p + strlen(it[k].label) < c->len && s[p + strlen(it[k].label)] == ')');
	}
	if (two)
		pick = -1;
	if (pick < 0) {
		/* a check mark among crosses (or the one item without a cross) */
		int yes = -1, no = 0, nyes = 0;
		for (size_t i = 0; i < n; i++) {
			if (it[i].mark > 0)
				yes = (int)i, nyes++;
			no += it[i].mark < 0;
		}
		if (nyes == 1)
			pick = yes;
		else if (!nyes && (size_t)no == n - 1)
			for (size_t i = 0; i < n; i++)
				if (!it[i].mark)
					pick = (int)i;
	}
	return pick;
}

/* Blanks the items not chosen, the chosen one's marker ("2)", "A)": not a count, not a word before a
 * name that would lead its line) and the label that chose it. */
static void keep_one(struct ctx *c, const struct cand *it, size_t n, int k, size_t ra, size_t rb)
{
	for (size_t o = 0; o < n; o++)
		if ((int)o != k)
			rd_blank(c, it[o].a, it[o].b);
	if (it[k].me > it[k].a)
		rd_blank(c, it[k].a, it[k].me);
	if (rb > ra)
		rd_blank(c, ra, rb);
}

void rd_blank_unchosen_lines(struct ctx *c)
{

	const char *s = c->nl;
	struct cand it[MAX_CANDS];
	/* each group of items is looked for a choice in the whole text: a few groups are a request's options,
	 * thousands (a pasted list of 3,000 lines) made it quadratic (9 s for 64 KiB); past MAX_GROUPS none
	 * is chosen */
	enum { MAX_GROUPS = 32 };
	size_t groups = 0;
	for (size_t la = 0; la < c->len && groups < MAX_GROUPS;) {
		size_t gb = la;
		size_t n = line_items(s, c->len, la, it, &gb);
		if (n) {
			groups++;
			size_t ra = 0, rb = 0;
			int k = chosen(c, it, n, it[0].a, gb, &ra, &rb);
			if (k >= 0)
				keep_one(c, it, n, k, ra, rb);
			la = gb < c->len ? gb + 1 : c->len;
			continue;
		}
		size_t e = line_end(s, la, c->len);
		n = inline_items(s, la, e, it);
		if (n) {
			groups++;
			size_t ra = 0, rb = 0;
			int k = chosen(c, it, n, it[0].a, it[n - 1].b, &ra, &rb);
			if (k >= 0)
				keep_one(c, it, n, k, ra, rb);
		}
		la = e < c->len ? e + 1 : c->len;
	}
}
