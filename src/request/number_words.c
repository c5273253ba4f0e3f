/* number_words.c - numbers written in words across tokens, once the text is split: a number of tens and
 * a number of ones written apart ("forty eight hours", "twenty four nodes", "cuarenta y ocho horas",
 * "trinta e dois nós"; the joiners are data/lexicon's number_joiners), and the words that are numbers
 * only directly before a unit because they are other words too ("due ore" but "due to", Danish "to
 * noder", Hungarian "hat óra"; data/lexicon's unit_number_words). */
#include "lexicon.h"
#include "reader.h"
#include "vocab.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool is_unit(const char *w)
{
	return is_node_unit(w) || is_gpu_unit(w) || !strcmp(w, "gpu") || duration_unit(w) > 0;
}

static bool english_word(const char *w)
{
	for (const char *const *e = english_stopwords; *e; e++)
		if (!strcmp(*e, w))
			return true;
	return false;
}

/* A number written as a word (not digits, not the "a" of "a node"), of value lo..hi. */
static bool word_number(const struct tok *t, int lo, int hi)
{
	if (!t->is_num || t->num_word || isdigit((unsigned char)t->raw[0]) || t->raw[0] == '-' || t->raw[0] == '.')
		return false;
	int v = (int)t->num;
	return (double)v == t->num && v >= lo && v <= hi;
}

/* Whether t was split from the same word as the token after it ("eight-GPU" -> eight, GPU): such a
 * number belongs to that compound ("thirty eight-GPU nodes" is 30 nodes of 8 GPUs). */
static bool glued_to_next(const struct ctx *c, size_t k)
{
	return k + 1 < c->n && c->t[k + 1].start == c->t[k].start;
}

static void merge(struct ctx *c, size_t k, size_t last, int value)
{
	struct tok *t = &c->t[k];
	t->is_num = true;
	t->num_word = false;
	t->num = value;
	snprintf(t->norm, sizeof(t->norm), "%d", value);
	snprintf(t->raw, sizeof(t->raw), "%d", value);
	t->end = c->t[last].end;
	t->trail = c->t[last].trail;
	size_t gone = last - k;
	memmove(&c->t[k + 1], &c->t[last + 1], (c->n - last - 1) * sizeof(c->t[0]));
	c->n -= gone;
}

void rd_join_number_words(struct ctx *c)
{
	/* words that are numbers only before a unit; one that is an English word too ("to", "do") only before
	 * a unit that is not ("to timer", "do नोड"; not "move to GPUs") */
	for (size_t k = 0; k + 1 < c->n; k++) {
		struct tok *t = &c->t[k];
		if (t->is_num || t->trail || !is_unit(c->t[k + 1].norm))
			continue;
		int v = vocab_unit_number_word(t->norm);
		if (v && (!english_word(t->norm) || !english_word(c->t[k + 1].norm))) {
			t->is_num = t->num_word = true;
			t->num = v;
		}
	}
	for (size_t k = 0; k + 1 < c->n; k++) {
		const struct tok *t = &c->t[k];
		if (t->trail)
			continue;
		size_t j = k + 1;
		bool joined = vocab_in(VL_NUMBER_JOINER, c->t[j].norm) && !c->t[j].trail;
		if (joined)
			j++;
		if (j >= c->n || glued_to_next(c, j))
			continue;
		/* tens then ones ("forty eight", "cuarenta y ocho"), or ones, a joiner and tens ("acht und
		 * vierzig", "otte og fyrre") */
		if (word_number(t, 20, 90) && (int)t->num % 10 == 0 && word_number(&c->t[j], 1, 9))
			merge(c, k, j, (int)t->num + (int)c->t[j].num);
		else if (joined && word_number(t, 1, 9) && word_number(&c->t[j], 20, 90) && (int)c->t[j].num % 10 == 0)
			merge(c, k, j, (int)t->num + (int)c->t[j].num);
	}
	/* hundreds and dozens: "one hundred twenty eight", "two hundred and fifty six", "two dozen", "half a
	 * dozen" */
	for (size_t k = 0; k + 2 < c->n; k++)
		if (rd_is(c, k, "half") && rd_is(c, k + 1, "a") && rd_is(c, k + 2, "dozen") && !c->t[k].trail && !c->t[k + 1].trail)
			merge(c, k, k + 2, 6);
	for (size_t k = 0; k + 1 < c->n; k++) {
		struct tok *t = &c->t[k];
		bool one = rd_is(c, k, "a") || rd_is(c, k, "one");
		if (t->trail || !(one || word_number(t, 1, 9)))
			continue;
		int n = one ? 1 : (int)t->num;
		if (rd_is(c, k + 1, "dozen") && !glued_to_next(c, k + 1)) {
			merge(c, k, k + 1, 12 * n);
			continue;
		}
		if (!rd_is(c, k + 1, "hundred") || glued_to_next(c, k + 1))
			continue;
		size_t j = k + 1, last = j;
		int v = 100 * n;
		if (!c->t[j].trail) {
			size_t q = j + 1;
			if (rd_is(c, q, "and") && !c->t[q].trail)
				q++;
			/* (words, or tens and ones joined above: "twenty eight") */
			bool words = q < c->n && (word_number(&c->t[q], 1, 99) ||
						  (c->t[q].is_num && c->t[q].num >= 1 && c->t[q].num <= 99 &&
						   isalpha((unsigned char)c->text[c->t[q].start])));
			if (words && !glued_to_next(c, q))
				v += (int)c->t[q].num, last = q;
		}
		merge(c, k, last, v);
	}
}

/* Whether the clause after the unit at u leaves the count to what is free: "whatever is free", "whatever is
 * available", "as many as are free", "depending on the queue". */
static bool open_after(const struct ctx *c, size_t u)
{
	for (size_t k = u + 1; k < c->n && k <= u + 4; k++) {
		if (rd_sentence_end_after(c, k - 1) || rd_newline_between(c, k - 1, k))
			return false;
		if (rd_is(c, k, "whatever") || rd_is(c, k, "whichever") || rd_is(c, k, "depending") ||
		    (rd_is(c, k, "as") && rd_is(c, k + 1, "many")))
			return true;
	}
	return false;
}

/* A range at k ("3-4 nodes", "2 to 4 nodes", "one or two nodes", "between 16 and 32 nodes"): its bounds,
 * its last token and its unit's token; false when none. */
static bool range_at(const struct ctx *c, size_t k, int *lo, int *hi, size_t *last, size_t *unit)
{
	const struct tok *t = &c->t[k];
	const char *dash = strchr(t->norm, '-');
	if (!t->is_num && dash && dash != t->norm && isdigit((unsigned char)t->norm[0]) && isdigit((unsigned char)dash[1])) {
		char *e1, *e2;
		long a = strtol(t->norm, &e1, 10), b = strtol(dash + 1, &e2, 10);
		if (e1 != dash || *e2 || a <= 0 || b <= a || b > 100000)
			return false;
		*lo = (int)a, *hi = (int)b, *last = k;
	} else if (rd_is(c, k, "between") && k + 3 < c->n && c->t[k + 1].is_num && rd_is(c, k + 2, "and") && c->t[k + 3].is_num) {
		*lo = (int)c->t[k + 1].num, *hi = (int)c->t[k + 3].num, *last = k + 3;
	} else if (rd_is(c, k, "up") && rd_is(c, k + 1, "to") && k + 3 < c->n && c->t[k + 2].is_num && !c->t[k + 2].num_word &&
		   c->t[k + 2].num >= 2 && open_after(c, k + 3)) {
		/* "up to 16 GPUs, whatever is free": a bound the writer leaves open (a cap alone is the size asked) */
		*lo = 1, *hi = (int)c->t[k + 2].num, *last = k + 2;
	} else if (t->is_num && !t->num_word && k + 2 < c->n && (rd_is(c, k + 1, "or") || rd_is(c, k + 1, "to")) &&
		   c->t[k + 2].is_num && !t->trail && !c->t[k + 1].trail &&
		   /* "from 8 to 16 nodes" is a change, "up to 4" a limit */
		   !(k > 0 && (rd_is(c, k - 1, "from") || rd_is(c, k - 1, "up")))) {
		*lo = (int)t->num, *hi = (int)c->t[k + 2].num, *last = k + 2;
	} else {
		return false;
	}
	*unit = *last + 1;
	return *lo > 0 && *hi > *lo && *unit < c->n && (is_node_unit(c->t[*unit].norm) || is_gpu_unit(c->t[*unit].norm) ||
							 rd_is(c, *unit, "gpu") || duration_unit(c->t[*unit].norm) > 0);
}

/* A series of counts of one unit ("1, 2, 4 and 8 nodes", "2, 4, 8 nodes", "1, 2 or 4 GPUs"): a scaling sweep's
 * points, none of them the job's count unless the writer picks one in other words ("... write the 4-node one",
 * read as a count of its own). Its numbers are no counts: the count is asked back. */
static void unread_count_series(struct ctx *c)
{
	for (size_t k = 0; k < c->n; k++) {
		if (!c->t[k].is_num || c->t[k].num_word || c->t[k].trail != ',')
			continue;
		size_t j = k, n = 1;
		bool joined = false;
		while (j + 1 < c->n && n < 16) {
			if (c->t[j].trail == ',' && c->t[j + 1].is_num && !c->t[j + 1].num_word)
				j++, n++;
			else if (!c->t[j].trail && j + 2 < c->n && rd_is_any(c, j + 1, (const char *const[]){"and", "or", NULL}) &&
				 !c->t[j + 1].trail && c->t[j + 2].is_num && !c->t[j + 2].num_word && !joined)
				j += 2, n++, joined = true;
			else
				break;
		}
		size_t unit = j + 1;
		if (n < 3 && !joined)
			continue;
		if (n < 2 || c->t[j].trail || unit >= c->n ||
		    !(is_node_unit(c->t[unit].norm) || is_gpu_unit(c->t[unit].norm) || rd_is(c, unit, "gpu")))
			continue;
		for (size_t q = k; q <= j; q++)
			c->t[q].is_num = false;
		k = j;
	}
}

/* A range settled in the words after it ("3-4 nodes, let's say 4", "between 2 and 4 nodes -- go with 2",
 * "one or two nodes -- two", "24-32 nodes (I'll take 32)", "256-512 nodes: go with 512", "4-6 hours, call
 * it 5"): the range reads as the number chosen, which is no count of its own. A range left open stays
 * unread (the count is asked back). */
void rd_settle_ranges(struct ctx *c)
{
	unread_count_series(c);
	static const char *const cues[] = {"say", "with", "on", "take", "it", "put", "make", "pick", "choose", "use",
					   "final", "for", "settle", "ask", "do", "prefer", "preferably", "ideally", "ideal",
					   "prefered", NULL};
	/* (or after it: "between 2 and 4 nodes (4 preferred)", "4-8 nodes, 8 ideally") */
	static const char *const after[] = {"preferred", "prefered", "ideally", "preferably", "preferable", NULL};
	for (size_t k = 0; k < c->n; k++) {
		int lo, hi;
		size_t last, unit;
		if (!range_at(c, k, &lo, &hi, &last, &unit))
			continue;
		bool settled = false;
		for (size_t j = unit + 1; j < c->n && j <= unit + 10 && !settled; j++) {
			if (rd_newline_between(c, j - 1, j))
				break;
			const struct tok *n = &c->t[j];
			if (!n->is_num || n->num_word || n->num < lo || n->num > hi || (double)(int)n->num != n->num)
				continue;
			/* a cue word right before it, or a dash or bracket ("-- two", "(I'll take 32)") */
			const char *pr = c->t[j - 1].raw;
			bool cue = rd_is_any(c, j - 1, cues) || rd_is_any(c, j + 1, after) || !strcmp(pr, "-") || !strcmp(pr, "--") || !strcmp(pr, "\u2014") ||
				   !strcmp(pr, "\u2013");
			for (size_t q = c->t[j - 1].end; q < n->start && !cue; q++)
				cue = c->text[q] == '-' || c->text[q] == '(' || !strncmp(c->text + q, "\u2014", 3);
			/* its unit, when it has one, is the range's */
			if (!cue || (j + 1 < c->n && !c->t[j + 1].trail && (is_node_unit(c->t[j + 1].norm) || is_gpu_unit(c->t[j + 1].norm) ||
									 duration_unit(c->t[j + 1].norm) > 0) &&
				     (bool)duration_unit(c->t[j + 1].norm) != (bool)duration_unit(c->t[unit].norm)))
				break;
			int v = (int)n->num;
			c->t[j].is_num = false;
			c->t[j].used = true;
			merge(c, k, last, v);
			settled = true;
		}
		/* a time left as a range ("4 to 5 hours") asks for its longer end, which covers both; a count
		 * ("between 2 and 6 nodes, whatever is free") has none of its own: asked back, never the larger */
		if (!settled && duration_unit(c->t[unit].norm) > 0)
			merge(c, k, last, hi);
		else if (!settled && last > k) {
			c->t[k].is_num = false;
			c->t[last].is_num = false;
		}
	}
}
