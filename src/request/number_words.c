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
