/* table_rows.c - which row of a markdown table of runs is the job asked for: a row marked in its own
 * cells ("✅ chosen", "<- THIS one please") or named in the text around the table ("go with option B",
 * "the script for r2 only", "script the todo row"), never a row set aside in its cells or in the text
 * ("rejected (too slow)", "r1 is done already"). When no row stands out, none is read: the counts are
 * asked back rather than taken from the first row. */
#include "reader.h"
#include "form.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Words in a row's own cells that mark it as the choice, or as set aside. */
static const char *const row_yes[] = {"chosen", "choose", "selected", "this one", "<-", "\xe2\x86\x90", "\xe2\x9c\x85",
				      "\xe2\x9c\x94", "\xe2\x9c\x93", "go with", "run this", "use this", "preferred", "picked",
				      "winner", "this row", NULL};
static const char *const row_no[] = {"rejected", "done", "finished", "completed", "dropped", "failed", "blocked",
				     "too slow", "too long", "too big", "\xe2\x9d\x8c", "\xe2\x9c\x97", "skip", "discarded",
				     "obsolete", "abandoned", "cancelled", "canceled", "no go", "not this", NULL};
/* Words in the clause naming a row that set it aside ("r1 is done already", "not option A"). */
static const char *const clause_no[] = {"done", "already", "finished", "completed", "rejected", "not", "skip", "ignore",
					"drop", "dropped", "failed", "instead of", "rather than", "except", "without", NULL};
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

int rd_table_pick_row(const struct ctx *c, size_t ta, size_t tb, const size_t *row_a, const size_t *row_b, size_t nrows,
		      int status_col)
{
	if (nrows == 1)
		return 0;
	const char *s = c->nl;
	int best = -1, best_score = 0;
	bool tie = false;
	for (size_t r = 0; r < nrows; r++) {
		int score = 0;
		if (any_ci(s, row_a[r], row_b[r], row_yes))
			score += 2;
		if (any_ci(s, row_a[r], row_b[r], row_no))
			score -= 2;
		/* the row's labels: its first cell, and its status cell ("todo") when no other row has it */
		for (int col = 0; col < 2; col++) {
			int want = col == 0 ? 0 : status_col;
			if (want < 0 || (col == 1 && want == 0))
				continue;
			size_t a, b;
			char label[48];
			if (!form_row_cell(s, row_a[r], row_b[r], want, &a, &b) || b <= a || b - a >= sizeof(label))
				continue;
			snprintf(label, sizeof(label), "%.*s", (int)(b - a), s + a);
			bool named = false; /* a cell of rules or punctuation ("---") names no row */
			for (size_t k = 0; label[k] && !named; k++)
				named = isalnum((unsigned char)label[k]);
			if (!named)
				continue;
			bool numeric = col == 1 && strspn(label, "0123456789.:") == strlen(label);
			bool shared = false; /* a status several rows have ("todo" twice) names none of them */
			for (size_t o = 0; o < nrows && !shared && col == 1; o++)
				shared = o != r && has_ci(s, row_a[o], row_b[o], label);
			if (!numeric && !shared)
				score += label_score(s, c->len, ta, tb, label);
		}
		if (score > best_score) {
			best = (int)r, best_score = score, tie = false;
		} else if (score == best_score && score > 0) {
			tie = true;
		}
	}
	return tie ? -1 : best;
}
