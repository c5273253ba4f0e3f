/* table_rows.c - which row of a markdown table of runs is the job asked for: a row marked in its own
 * cells ("✅ chosen", "<- THIS one please"), named in the text around the table by a cell that only it
 * has ("go with option B", "the script for r2 only", "script the todo row", "pick the GPU partition
 * line"), by its place ("the second row", "use the last row", "row 3") or by its size ("only the 4-node
 * one", "the 8-GPU row", "the one with 16 nodes"); never a row set aside in its cells or in the text
 * ("rejected (too slow)", "r1 is done already", "not the 8-node one"). When no row stands out, none is
 * read: the counts are asked back rather than taken from the first row. */
#include "extract.h"
#include "reader.h"
#include "form.h"
#include "vocab.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Words in a row's own cells that mark it as the choice, or as set aside. */
static const char *const row_yes[] = {"chosen", "choose", "selected", "this one", "<-", "\xe2\x86\x90", "\xe2\x9c\x85",
				      "\xe2\x9c\x94", "\xe2\x9c\x93", "go with", "run this", "use this", "preferred", "picked",
				      "winner", "this row", NULL};
static const char *const row_no[] = {"rejected", "done", "finished", "completed", "dropped", "failed", "blocked",
				     "too slow", "too long", "too big", "\xe2\x9d\x8c", "\xe2\x9c\x97", "skip", "discarded",
				     "obsolete", "abandoned", "cancelled", "canceled", "no go", "not this", NULL};
/* Words in the clause naming a row that set it aside ("r1 is done already", "not option A", "big later"). */
static const char *const clause_no[] = {"done", "already", "finished", "completed", "rejected", "not", "skip", "ignore",
					"drop", "dropped", "failed", "instead of", "rather than", "except", "without", "later",
					"next time", NULL};
/* Words that introduce a row's short label ("option B", "row 2", "plan C"). */
static const char *const label_cue[] = {"option", "row", "plan", "variant", "choice", "config", "configuration",
					"setup", "line", "run", "case", "phase", "step", "tier", "size", "experiment", "exp", NULL};

static bool has_ci(const char *s, size_t a, size_t b, const char *w)
{
	size_t l = strlen(w);
	for (size_t i = a; i + l <= b; i++)
		if (!strncasecmp(s + i, w, l)) {
			bool alpha = isalpha((unsigned char)w[0]) != 0;
			/* words as words: "done" is not in "undone", "not" is not in "note" */
			if (alpha && ((i > a && isalpha((unsigned char)s[i - 1])) ||
				      (i + l < b && isalpha((unsigned char)s[i + l]))))
				continue;
			return true;
		}
	return false;
}

static bool any_ci(const char *s, size_t a, size_t b, const char *const *ws)
{
	for (const char *const *w = ws; *w; w++)
		if (has_ci(s, a, b, *w))
			return true;
	return false;
}

/* The clause around text[i]: from the last '.', ';', ',' or line break before it to the next one. */
static void clause_of(const char *s, size_t len, size_t i, size_t *a, size_t *b)
{
	size_t p = i;
	while (p > 0 && !strchr(".;,\n!?", s[p - 1]))
		p--;
	size_t e = i;
	while (e < len && !strchr(";,\n!?", s[e]) && !(s[e] == '.' && (e + 1 >= len || isspace((unsigned char)s[e + 1]))))
		e++;
	*a = p, *b = e;
}

/* How the text outside the table [ta, tb) speaks of the label: +3 for each clause naming it as the
 * choice, -3 for each clause setting it aside. A label of one or two characters ("B", "r2" stays as it
 * is) counts only after a cue word ("option B") unless it holds a digit. */
static int label_score(const char *s, size_t len, size_t ta, size_t tb, const char *label)
{
	size_t l = strlen(label);
	if (!l)
		return 0;
	bool numeric = strspn(label, "0123456789") == l; /* "plan 1", "row 2": a number counts only after a cue */
	bool short_label = (l <= 2 && !strpbrk(label, "0123456789")) || numeric;
	int score = 0;
	for (size_t i = 0; i + l <= len; i++) {
		if (i >= ta && i < tb) {
			i = tb - 1;
			continue;
		}
		if (strncasecmp(s + i, label, l) || (i > 0 && (isalnum((unsigned char)s[i - 1]) || s[i - 1] == '-' || s[i - 1] == '_')) ||
		    (i + l < len && (isalnum((unsigned char)s[i + l]) || s[i + l] == '-' || s[i + l] == '_')) ||
		    (i + l + 1 < len && s[i + l] == '.' && isalnum((unsigned char)s[i + l + 1]))) /* "main" in "main.py" */
			continue;
		if (short_label) {
			size_t p = i;
			if (p > 0 && s[p - 1] == '#') /* "row #2" */
				p--;
			while (p > 0 && s[p - 1] == ' ')
				p--;
			size_t w = p;
			while (w > 0 && isalpha((unsigned char)s[w - 1]))
				w--;
			char word[16];
			if (p - w == 0 || p - w >= sizeof(word))
				continue;
			snprintf(word, sizeof(word), "%.*s", (int)(p - w), s + w);
			bool cued = false;
			for (const char *const *q = label_cue; *q && !cued; q++)
				cued = !strcasecmp(word, *q);
			if (!cued)
				continue;
		}
		size_t a, b;
		clause_of(s, len, i, &a, &b);
		score += any_ci(s, a, b, clause_no) ? -3 : 3;
	}
	return score;
}

/* How the text outside the table [ta, tb) speaks of cluster cl by another of its names than the cell's
 * ("the LS6 line" of a row whose cell says "lonestar6", "the pm row" of "Perlmutter"): as label_score. */
static int cluster_alias_score(const struct ctx *c, size_t ta, size_t tb, const struct cluster *cl, const char *label)
{
	const char *s = c->text;
	int score = 0;
	for (size_t i = 0; i < c->len;) {
		if (i >= ta && i < tb) {
			i = tb;
			continue;
		}
		if (!isalnum((unsigned char)s[i]) || (i > 0 && (isalnum((unsigned char)s[i - 1]) || s[i - 1] == '-' || s[i - 1] == '_'))) {
			i++;
			continue;
		}
		size_t e = i;
		while (e < c->len && (isalnum((unsigned char)s[e]) || s[e] == '-' || s[e] == '_'))
			e++;
		char w[32];
		if (e - i < sizeof(w) && e - i >= 2 && !(e < c->len && s[e] == '.' && e + 1 < c->len && isalnum((unsigned char)s[e + 1]))) {
			snprintf(w, sizeof(w), "%.*s", (int)(e - i), s + i);
			if (strcasecmp(w, label) && match_cluster_name_exact(c->repo, w) == cl) {
				size_t a, b;
				clause_of(s, c->len, i, &a, &b);
				score += any_ci(s, a, b, clause_no) ? -3 : 3;
			}
		}
		i = e;
	}
	return score;
}

/* The words (4 characters or more) of a row's cell label that no other row has in column col, each scored as
 * a label of its own and, where it names a cluster, by that cluster's other names. */
static int cell_word_score(const struct ctx *c, const char *s, size_t ta, size_t tb, const size_t *row_a,
			   const size_t *row_b, size_t nrows, size_t r, int col, const char *label)
{
	int score = 0;
	for (const char *p = label; *p;) {
		while (*p && !isalnum((unsigned char)*p))
			p++;
		const char *w = p;
		while (*p && (isalnum((unsigned char)*p) || *p == '-' || *p == '_'))
			p++;
		size_t wl = (size_t)(p - w);
		if (wl < 4 || wl >= 32)
			continue;
		char word[32];
		snprintf(word, sizeof(word), "%.*s", (int)wl, w);
		bool other = false;
		for (size_t o = 0; o < nrows && !other; o++) {
			size_t oa, ob;
			other = o != r && form_row_cell(s, row_a[o], row_b[o], col, &oa, &ob) && has_ci(s, oa, ob, word);
		}
		if (other)
			continue;
		score += label_score(s, c->len, ta, tb, word);
		const struct cluster *cl = match_cluster_name_exact(c->repo, word);
		if (cl)
			score += cluster_alias_score(c, ta, tb, cl, word);
	}
	return score;
}

/* Words that name a row after its place or size ("the second row", "the 4-node one"). */
static const char *const row_nouns[] = {"row", "rows", "line", "entry", "option", "one", "config", "configuration", "setup",
					"variant", "choice", "version", "case", "job", "item", NULL};

static bool span_in(const char *s, size_t a, size_t b, const char *const *ws)
{
	for (const char *const *w = ws; *w; w++)
		if (b - a == strlen(*w) && !strncasecmp(s + a, *w, b - a))
			return true;
	return false;
}

/* The word after s[p] (blanks and '-' skipped) in [*a, *b); false at the end or before punctuation. */
static bool next_word(const char *s, size_t len, size_t p, size_t *a, size_t *b)
{
	while (p < len && (s[p] == ' ' || s[p] == '-'))
		p++;
	size_t e = p;
	while (e < len && isalnum((unsigned char)s[e]))
		e++;
	*a = p, *b = e;
	return e > p;
}

/* The row an ordinal word names (1-based; nrows for "last"), 0 for none. */
static size_t ordinal(const char *w, size_t l, size_t nrows)
{
	static const char *const words[] = {"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
					    "tenth", NULL};
	static const char *const nth[] = {"1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th", NULL};
	for (size_t k = 0; words[k]; k++)
		if ((l == strlen(words[k]) && !strncasecmp(w, words[k], l)) || (l == strlen(nth[k]) && !strncasecmp(w, nth[k], l)))
			return k + 1;
	if ((l == 4 && (!strncasecmp(w, "last", 4) || !strncasecmp(w, "lowest", 4))) || (l == 5 && !strncasecmp(w, "final", 5)) ||
	    (l == 6 && !strncasecmp(w, "bottom", 6)))
		return nrows;
	if (l == 3 && !strncasecmp(w, "top", 3))
		return 1;
	return 0;
}

/* Adds to score[] what the text outside the table [ta, tb) says of rows by their place: "the second row",
 * "use the last one", "row 3", "line #2" (+3 each, -3 in a clause that sets the row aside). A number after
 * "row" is a place only where the rows' first cells are not their numbers (label_score reads those). */
static void place_scores(const char *s, size_t len, size_t ta, size_t tb, size_t nrows, bool numbered, int *score)
{
	for (size_t i = 0; i < len; i++) {
		if (i >= ta && i < tb) {
			i = tb - 1;
			continue;
		}
		if (!isalnum((unsigned char)s[i]) || (i > 0 && isalnum((unsigned char)s[i - 1])))
			continue;
		size_t e = i;
		while (e < len && isalnum((unsigned char)s[e]))
			e++;
		size_t a, b, row = ordinal(s + i, e - i, nrows);
		if (row && !(next_word(s, len, e, &a, &b) && span_in(s, a, b, row_nouns)))
			row = 0; /* "the last time", "first of all" */
		if (!row && !numbered && span_in(s, i, e, (const char *const[]){"row", "line", "entry", NULL})) {
			size_t q = e;
			while (q < len && (s[q] == ' ' || s[q] == '#'))
				q++;
			size_t d = q;
			while (d < len && isdigit((unsigned char)s[d]))
				d++;
			if (d > q && d - q <= 2 && (d == len || !isalnum((unsigned char)s[d])))
				row = (size_t)atoi(s + q);
		}
		if (row >= 1 && row <= nrows) {
			size_t ca, cb;
			clause_of(s, len, i, &ca, &cb);
			score[row - 1] += any_ci(s, ca, cb, clause_no) ? -3 : 3;
		}
		i = e - 1;
	}
}

/* The whole number in cell col of row text[a, b); -1 when the cell is not one. */
static long cell_number(const char *s, size_t a, size_t b, int col)
{
	size_t ca, cb;
	if (col < 0 || !form_row_cell(s, a, b, col, &ca, &cb) || cb <= ca || cb - ca > 6 || strspn(s + ca, "0123456789") < cb - ca)
		return -1;
	return atol(s + ca);
}

/* Adds to score[] what the text outside the table says of a row by its size: "the 4-node one", "the
 * 8-GPU row", "the one with 16 nodes" (+3, -3 set aside) for the one row of that many nodes (or GPUs in
 * all); a size said of no row or of several names none. cols: the nodes, GPUs per node and total GPUs
 * columns (-1 when absent). */
static void size_scores(const char *s, size_t len, size_t ta, size_t tb, const size_t *row_a, const size_t *row_b,
			size_t nrows, const int *cols, int *score)
{
	static const char *const node_units[] = {"node", "nodes", NULL};
	static const char *const gpu_units[] = {"gpu", "gpus", "gcd", "gcds", "tile", "tiles", "card", "cards", NULL};
	for (size_t i = 0; i < len; i++) {
		if (i >= ta && i < tb) {
			i = tb - 1;
			continue;
		}
		if (!isdigit((unsigned char)s[i]) || (i > 0 && (isalnum((unsigned char)s[i - 1]) || s[i - 1] == '.')))
			continue;
		size_t e = i;
		while (e < len && isdigit((unsigned char)s[e]))
			e++;
		if (e - i > 5) {
			i = e - 1;
			continue;
		}
		long n = atol(s + i);
		size_t ua, ub, na, nb;
		if (!next_word(s, len, e, &ua, &ub) || ua - e > 1)
			continue;
		bool nodes = span_in(s, ua, ub, node_units), gpus = !nodes && span_in(s, ua, ub, gpu_units);
		if (!nodes && !gpus)
			continue;
		/* said of a row: "4-node" joined, "8 node one", or "(the one|row) with 16 nodes" */
		bool joined = ua == e + 1 && s[e] == '-';
		bool noun = next_word(s, len, ub, &na, &nb) && span_in(s, na, nb, row_nouns);
		bool with = false;
		size_t w = i;
		while (w > 0 && s[w - 1] == ' ')
			w--;
		if (w >= 4 && !strncasecmp(s + w - 4, "with", 4)) {
			size_t p = w - 4;
			while (p > 0 && s[p - 1] == ' ')
				p--;
			size_t pa = p;
			while (pa > 0 && isalpha((unsigned char)s[pa - 1]))
				pa--;
			with = span_in(s, pa, p, row_nouns);
		}
		i = ub - 1;
		if (!joined && !noun && !with)
			continue;
		int hit = -1, hits = 0;
		for (size_t r = 0; r < nrows; r++) {
			long v = -1;
			if (nodes) {
				v = cell_number(s, row_a[r], row_b[r], cols[0]);
			} else {
				v = cell_number(s, row_a[r], row_b[r], cols[2]);
				long nd = cell_number(s, row_a[r], row_b[r], cols[0]), g = cell_number(s, row_a[r], row_b[r], cols[1]);
				if (v < 0 && nd >= 0 && g >= 0)
					v = nd * g;
			}
			if (v == n)
				hit = (int)r, hits++;
		}
		if (hits == 1) {
			size_t ca, cb;
			clause_of(s, len, e, &ca, &cb);
			score[hit] += any_ci(s, ca, cb, clause_no) ? -3 : 3;
		}
	}
}

int rd_table_pick_row(const struct ctx *c, size_t ta, size_t tb, size_t ha, size_t hb, const size_t *row_a,
		      const size_t *row_b, size_t nrows, int status_col)
{
	if (nrows == 1)
		return 0;
	const char *s = c->nl;
	/* the header's fields: which columns are sizes, which name a row ("run", "queue", "cluster") */
	enum { MAX_COLS = 16 };
	enum vkey keys[MAX_COLS];
	int ncols = 0, cols[3] = {-1, -1, -1};
	for (; ncols < MAX_COLS; ncols++) {
		size_t a, b;
		char key[64];
		if (!form_row_cell(s, ha, hb, ncols, &a, &b) || a >= hb)
			break;
		snprintf(key, sizeof(key), "%.*s", (int)(b - a < sizeof(key) ? b - a : sizeof(key) - 1), s + a);
		keys[ncols] = b > a ? vocab_key(key) : VK_NONE;
		int *slot = keys[ncols] == VK_NODES ? &cols[0] : keys[ncols] == VK_GPUS_PER_NODE ? &cols[1]
							      : keys[ncols] == VK_TOTAL_GPUS	  ? &cols[2]
												  : NULL;
		if (slot && *slot < 0)
			*slot = ncols;
	}
	int score[32] = {0};
	if (nrows > sizeof(score) / sizeof(*score))
		return -1;
	/* the first cells as the rows' numbers ("| 1 | ...", "| 2 | ..."): "row 2" is the row numbered 2 */
	bool numbered = ncols > 0 && keys[0] != VK_NODES && keys[0] != VK_GPUS_PER_NODE && keys[0] != VK_TOTAL_GPUS &&
			keys[0] != VK_WALLTIME;
	for (size_t r = 0; r < nrows && numbered; r++)
		numbered = cell_number(s, row_a[r], row_b[r], 0) >= 0;
	place_scores(s, c->len, ta, tb, nrows, numbered, score);
	size_scores(s, c->len, ta, tb, row_a, row_b, nrows, cols, score);
	int best = -1, best_score = 0;
	bool tie = false;
	for (size_t r = 0; r < nrows; r++) {
		if (any_ci(s, row_a[r], row_b[r], row_yes))
			score[r] += 2;
		if (any_ci(s, row_a[r], row_b[r], row_no))
			score[r] -= 2;
		/* the row's labels: its first cell, its status cell ("todo") and its queue, cluster or other
		 * name cells, each when no other row has it */
		for (int col = 0; col < ncols; col++) {
			enum vkey k = keys[col];
			bool size = k == VK_NODES || k == VK_GPUS_PER_NODE || k == VK_TOTAL_GPUS || k == VK_WALLTIME;
			bool label_col = col == 0 ? !size
						  : col == status_col || k == VK_NONE || k == VK_QUEUE || k == VK_CLUSTER ||
							    k == VK_FRAMEWORK || k == VK_STRATEGY || k == VK_JOB_NAME;
			if (!label_col)
				continue; /* (a count, a time, a script: no row's name) */
			size_t a, b;
			char label[48];
			if (!form_row_cell(s, row_a[r], row_b[r], col, &a, &b) || b <= a || b - a >= sizeof(label))
				continue;
			snprintf(label, sizeof(label), "%.*s", (int)(b - a), s + a);
			bool named = false; /* a cell of rules or punctuation ("---") names no row */
			for (size_t k = 0; label[k] && !named; k++)
				named = isalnum((unsigned char)label[k]);
			if (!named)
				continue;
			bool numeric = col != 0 && strspn(label, "0123456789.:") == strlen(label);
			bool shared = false; /* a value several rows have ("todo" twice, "prod" in each) names none */
			for (size_t o = 0; o < nrows && !shared && col != 0; o++) {
				size_t oa, ob;
				shared = o != r && form_row_cell(s, row_a[o], row_b[o], col, &oa, &ob) && ob - oa == b - a &&
					 !strncasecmp(s + oa, label, b - a);
			}
			if (col == status_col && !shared) /* (a status said inside another row's cells is shared too) */
				for (size_t o = 0; o < nrows && !shared; o++)
					shared = o != r && has_ci(s, row_a[o], row_b[o], label);
			/* how many rows have it in this column (all of them: it names none) */
			size_t holders = 0;
			for (size_t o = 0; o < nrows; o++) {
				size_t oa, ob;
				holders += form_row_cell(s, row_a[o], row_b[o], col, &oa, &ob) && ob - oa == b - a &&
					   !strncasecmp(s + oa, label, b - a);
			}
			if (!numeric && !shared && holders <= 1) {
				score[r] += label_score(s, c->len, ta, tb, label);
				const struct cluster *cl = match_cluster_name_exact(c->repo, label);
				if (cl)
					score[r] += cluster_alias_score(c, ta, tb, cl, label);
			} else if (!numeric && holders < nrows) {
				/* a value some rows share ("perlmutter" twice, "debug" twice): a third of a name, so
				 * that two of them together pick a row ("the perlmutter debug one") */
				score[r] += label_score(s, c->len, ta, tb, label) / 3;
			}
			/* the words of a cell of several ("NERSC Perlmutter", "OLCF Frontier"): each that no other
			 * row has in this column names it ("the OLCF row", "the Frontier line") */
			if (!numeric && strchr(label, ' '))
				score[r] += cell_word_score(c, s, ta, tb, row_a, row_b, nrows, r, col, label);
		}
		if (score[r] > best_score) {
			best = (int)r, best_score = score[r], tie = false;
		} else if (score[r] == best_score && score[r] > 0) {
			tie = true;
		}
	}
	return tie ? -1 : best;
}
