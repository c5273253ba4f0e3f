/* chosen_configs.c - two or more pasted configuration blocks or tables, each under a heading line of its
 * own, and the writer's words that pick one of them:
 *     configs/small.yaml:          Table 1 (from the proposal):       debug.yaml:
 *       nodes: 2                     | stage | nodes | hours |          nodes: 1
 *     configs/big.yaml:              | pre   |   8   |  48   |        full.yaml:
 *       nodes: 32                  Table 2 (current plan):              nodes: 12
 *                                    | pre   |   4   |   8   |
 *     "the big config"             "Table 2 holds."                   "full.yaml is the one that holds"
 * A block is a heading ending in ':' (a file name, "Table 2 (...)", a short label) and the indented
 * lines under it (or a table's bar rows, indented or not). A pick names a block's file ("big.yaml"), its
 * stem followed by a word that makes it a choice ("the big config", "the full one"), or its label and
 * number ("table 2", "option B", "plan A"), outside every block.
 * With exactly one block picked, the others (heading and lines) are blanked from the reader's working
 * copy; otherwise nothing changes. */
#include "reader.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>
#include <strings.h>

#define MAX_BLOCKS 8

struct block {
	size_t a, b;	/* heading's start, last line's end */
	size_t ha, hb;	/* the heading's text before its ':' */
	char stem[32];	/* "big" of "configs/big.yaml", "table 2" of "Table 2 (...)" */
	char file[48];	/* "big.yaml"; empty for a table */
	bool table;
};

static size_t line_end(const char *s, size_t i, size_t n)
{
	const char *nl = memchr(s + i, '\n', n - i);
	return nl ? (size_t)(nl - s) : n;
}

/* Whether line s[a, b) is a heading: "NAME:" or "Table N (...):", short, nothing after the colon. */
static bool heading(const char *s, size_t a, size_t b, struct block *bl)
{
	if (a < b && (s[a] == ' ' || s[a] == '\t'))
		return false; /* (a heading starts its line) */
	while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\r'))
		b--;
	if (b - a < 2 || b - a > 64 || s[b - 1] != ':')
		return false;
	bl->ha = a, bl->hb = b - 1;
	bl->stem[0] = bl->file[0] = '\0';
	bl->table = false;
	/* "Table 2 (current plan):", "Option B:", "Plan A - quick:": a label word and its number or letter */
	static const char *const labels[] = {"table ", "option ", "plan ", "variant ", "setup ", "config ", NULL};
	for (size_t k = 0; labels[k]; k++) {
		size_t ln = strlen(labels[k]);
		if (b - a <= ln || strncasecmp(s + a, labels[k], ln) || !isalnum((unsigned char)s[a + ln]))
			continue;
		size_t e = a + ln;
		while (e < b && isalnum((unsigned char)s[e]) && e - a - ln < 3)
			e++;
		if (e < b - 1 && isalnum((unsigned char)s[e]))
			return false;
		memcpy(bl->stem, s + a, e - a); /* "table 2" */
		bl->stem[e - a] = '\0';
		bl->table = true;
		return true;
	}
	/* a file name: the heading is one word with a '.' ("configs/full.yaml") */
	size_t e = bl->hb, w = e;
	while (w > a && !isspace((unsigned char)s[w - 1]))
		w--;
	if (w != a)
		return false;
	const char *dot = memchr(s + w, '.', e - w);
	const char *slash = NULL;
	for (size_t q = w; q < e; q++)
		if (s[q] == '/')
			slash = s + q;
	size_t fa = slash ? (size_t)(slash - s) + 1 : w;
	if (!dot || e - fa >= sizeof(bl->file))
		return false;
	dot = memchr(s + fa, '.', e - fa);
	if (!dot || dot == s + fa)
		return false;
	memcpy(bl->file, s + fa, e - fa);
	bl->file[e - fa] = '\0';
	size_t sn = (size_t)(dot - (s + fa));
	if (sn >= sizeof(bl->stem))
		return false;
	memcpy(bl->stem, s + fa, sn);
	bl->stem[sn] = '\0';
	return true;
}

/* The blocks of s[0, n): each heading with at least one indented line (or bar row) under it. */
static size_t find_blocks(const char *s, size_t n, struct block *v)
{
	size_t nb = 0;
	for (size_t la = 0; la < n && nb < MAX_BLOCKS;) {
		size_t lb = line_end(s, la, n);
		if (!heading(s, la, lb, &v[nb])) {
			la = lb + 1;
			continue;
		}
		size_t end = lb, p = lb + 1;
		while (p < n) {
			size_t pe = line_end(s, p, n);
			if (pe == p || !(s[p] == ' ' || s[p] == '\t' || s[p] == '|'))
				break;
			end = pe;
			p = pe + 1;
		}
		if (end > lb) {
			v[nb].a = la, v[nb].b = end;
			nb++;
		}
		la = end + 1;
	}
	return nb;
}

static bool in_blocks(const struct block *v, size_t nb, size_t p)
{
	for (size_t i = 0; i < nb; i++)
		if (p >= v[i].a && p < v[i].b)
			return true;
	return false;
}

/* Whether the word w (case-insensitive) occurs in s[0, n) outside the blocks, at word boundaries: anywhere
 * when bare or a label with its number ("table 2"), else followed by a word of choice ("config", "one"). */
static bool mentioned(const char *s, size_t n, const struct block *v, size_t nb, const char *w, bool table, bool bare)
{
	static const char *const choice[] = {"config", "configs", "configuration", "one", "file", "yaml", "setup",
					     "settings", "variant", "version", "preset", NULL};
	size_t wn = strlen(w);
	if (!wn)
		return false;
	for (size_t p = 0; p + wn <= n; p++) {
		if (strncasecmp(s + p, w, wn) || in_blocks(v, nb, p))
			continue;
		if ((p > 0 && (isalnum((unsigned char)s[p - 1]) || s[p - 1] == '_')) ||
		    (p + wn < n && (isalnum((unsigned char)s[p + wn]) || s[p + wn] == '_')))
			continue;
		if (bare)
			return true;
		if (table)
			return true; /* ("table 2", "option B": the label and its number together) */
		size_t q = p + wn;
		while (q < n && (s[q] == ' ' || s[q] == '-'))
			q++;
		for (size_t k = 0; choice[k]; k++) {
			size_t cn = strlen(choice[k]);
			if (q + cn <= n && !strncasecmp(s + q, choice[k], cn) && (q + cn == n || !isalnum((unsigned char)s[q + cn])))
				return true;
		}
	}
	return false;
}

void rd_blank_unchosen_configs(struct ctx *c)
{
	struct block v[MAX_BLOCKS];
	size_t nb = find_blocks(c->nl, c->len, v);
	if (nb < 2)
		return;
	int pick = -1;
	for (size_t i = 0; i < nb; i++) {
		/* (two blocks with one name cannot be told apart) */
		for (size_t k = 0; k < i; k++)
			if (!strcasecmp(v[k].stem, v[i].stem))
				return;
		bool named = v[i].table ? mentioned(c->nl, c->len, v, nb, v[i].stem, true, false)
					: (v[i].file[0] && mentioned(c->nl, c->len, v, nb, v[i].file, false, true)) ||
						  mentioned(c->nl, c->len, v, nb, v[i].stem, false, false);
		if (!named)
			continue;
		if (pick >= 0)
			return; /* two picked: nothing is */
		pick = (int)i;
	}
	if (pick < 0)
		return;
	for (size_t i = 0; i < nb; i++)
		if ((int)i != pick)
			for (size_t q = v[i].a; q < v[i].b; q++)
				if (c->nl[q] != '\n')
					c->nl[q] = ' ';
}
