/* chosen_items.c - a form that lists several candidate jobs and says which one to run:
 *     candidates:                       jobs:
 *       - cluster: delta                  pretrain: {cluster: frontier, nodes: 64}
 *         nodes: 4                        finetune: {cluster: polaris, nodes: 2}
 *       - cluster: anvil                submit only `finetune` now
 *         nodes: 2
 *     chosen: anvil
 * The items not chosen are blanked from the reader's working copy before the form layer reads it, so
 * that only the chosen one's fields count. An item is chosen by a "chosen:", "selected:", "pick:" or
 * "use:" line naming it (its key, or a value only it holds), or by prose naming it ("submit only
 * `finetune`", "run the finetune one"). Without exactly one item chosen nothing changes. */
#include "reader.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>
#include <strings.h>

#define MAX_ITEMS 16

struct item {
	size_t a, b;	  /* the item's lines: text[a, b) */
	size_t ka, kb;	  /* its name: the mapping key ("finetune"), or nothing for a list item (ka == kb) */
};

static size_t indent_of(const char *s, size_t a, size_t len)
{
	size_t p = a;
	while (p < len && (s[p] == ' ' || s[p] == '\t'))
		p++;
	return p - a;
}

static size_t next_line(const char *s, size_t a, size_t len)
{
	const char *nl = memchr(s + a, '\n', len - a);
	return nl ? (size_t)(nl - s) + 1 : len;
}

/* Whether the word w (length n) stands in text[a, b) as a whole word, any case. */
static bool word_at(const char *s, size_t a, size_t b, const char *w, size_t n)
{
	for (size_t p = a; p + n <= b; p++)
		if (!strncasecmp(s + p, w, n) && (p == a || !isalnum((unsigned char)s[p - 1])) &&
		    (p + n == b || !isalnum((unsigned char)s[p + n])))
			return true;
	return false;
}

/* The sibling items that start at line la: list items ("- ...") or named entries ("name: {...}" / "name:"
 * with deeper lines), at one indentation; how many (0 when fewer than two). */
static size_t sibling_items(const char *s, size_t len, size_t la, struct item *it, size_t max)
{
	size_t ind = indent_of(s, la, len), n = 0;
	bool list = s[la + ind] == '-' && la + ind + 1 < len && s[la + ind + 1] == ' ';
	size_t p = la;
	while (p < len && n < max) {
		size_t i = indent_of(s, p, len);
		size_t e = next_line(s, p, len);
		if (i != ind || p + i >= e - 1)
			break;
		const char *q = s + p + i;
		size_t ka = 0, kb = 0;
		if (list) {
			if (!(q[0] == '-' && q[1] == ' '))
				break;
		} else {
			size_t k = 0;
			while (p + i + k < e && (isalnum((unsigned char)q[k]) || q[k] == '_' || q[k] == '-'))
				k++;
			if (!k || q[k] != ':')
				break;
			/* a job of its own: a flow object after the name, or nothing (its fields on deeper lines) */
			size_t v = p + i + k + 1;
			while (v < e && (s[v] == ' ' || s[v] == '\t'))
				v++;
			if (!(v < e && s[v] == '{') && !(v >= e - 1 && e < len && indent_of(s, e, len) > ind))
				break;
			ka = p + i, kb = p + i + k;
		}
		size_t b = e; /* the item's deeper lines */
		while (b < len && indent_of(s, b, len) > ind && s[b + indent_of(s, b, len)] != '\n')
			b = next_line(s, b, len);
		it[n++] = (struct item){.a = p, .b = b, .ka = ka, .kb = kb};
		p = b;
	}
	return n >= 2 ? n : 0;
}

/* Whether the name (length n) stands right after one of the cue words in text[a, b) ("submit only
 * `finetune`", "chosen: anvil", "run the finetune one"; not "pretrain next week" in the same line). */
static bool name_after_cue(const char *s, size_t a, size_t b, const char *const *cues, const char *name, size_t n)
{
	for (size_t q = 0; cues[q]; q++) {
		size_t l = strlen(cues[q]);
		for (size_t p = a; p + l <= b; p++) {
			if (strncasecmp(s + p, cues[q], l) || (p > a && isalnum((unsigned char)s[p - 1])) ||
			    (p + l < b && isalnum((unsigned char)s[p + l])))
				continue;
			size_t v = p + l;
			for (int skip = 0; skip < 3; skip++) {
				while (v < b && strchr(" :`'\"=", s[v]))
					v++;
				if (v + 4 <= b && !strncasecmp(s + v, "the ", 4))
					v += 4;
				else if (v + 5 <= b && !strncasecmp(s + v, "only ", 5))
					v += 5;
			}
			if (v + n <= b && !strncasecmp(s + v, name, n) && (v + n == b || !isalnum((unsigned char)s[v + n])))
				return true;
		}
	}
	return false;
}

/* The item the text chooses outside the items [ga, gb): its index, or -1. */
static int chosen(const struct ctx *c, const struct item *it, size_t n, size_t ga, size_t gb)
{
	const char *s = c->nl;
	int pick = -1;
	for (size_t k = 0; k < n; k++) {
		bool named = false;
		for (size_t p = 0; p < c->len && !named; p = next_line(s, p, c->len)) {
			size_t e = next_line(s, p, c->len);
			if (p >= ga && p < gb)
				continue;
			/* "chosen: anvil", "selected: finetune", "submit only `finetune`", "run the finetune one" */
			static const char *const cues[] = {"chosen", "selected", "pick", "use", "only", "submit", "run", NULL};
			bool cue = false;
			for (size_t q = 0; cues[q] && !cue; q++)
				cue = word_at(s, p, e, cues[q], strlen(cues[q]));
			if (!cue)
				continue;
			if (it[k].kb > it[k].ka) {
				named = name_after_cue(s, p, e, cues, s + it[k].ka, it[k].kb - it[k].ka);
				continue;
			}
			/* a list item: a value only it holds ("cluster: anvil" of one item, "chosen: anvil") */
			for (size_t v = it[k].a; v < it[k].b && !named;) {
				const char *colon = memchr(s + v, ':', next_line(s, v, c->len) - v);
				size_t ve = next_line(s, v, c->len);
				if (colon) {
					size_t a = (size_t)(colon - s) + 1;
					while (a < ve && (s[a] == ' ' || s[a] == '"' || s[a] == '\''))
						a++;
					size_t b = a;
					while (b < ve && (isalnum((unsigned char)s[b]) || s[b] == '-' || s[b] == '_'))
						b++;
					bool alone = b - a >= 3 && !isdigit((unsigned char)s[a]);
					for (size_t o = 0; o < n && alone; o++)
						alone = o == k || !word_at(s, it[o].a, it[o].b, s + a, b - a);
					named = alone && name_after_cue(s, p, e, cues, s + a, b - a);
				}
				v = ve;
			}
		}
		if (named) {
			if (pick >= 0)
				return -1; /* two chosen: nothing is */
			pick = (int)k;
		}
	}
	return pick;
}

void rd_blank_unchosen_items(struct ctx *c)
{
	const char *s = c->nl;
	for (size_t la = 0; la < c->len;) {
		struct item it[MAX_ITEMS];
		size_t n = sibling_items(s, c->len, la, it, MAX_ITEMS);
		if (!n) {
			la = next_line(s, la, c->len);
			continue;
		}
		int k = chosen(c, it, n, it[0].a, it[n - 1].b);
		if (k >= 0)
			for (size_t o = 0; o < n; o++)
				if ((int)o != k)
					rd_blank(c, it[o].a, it[o].b);
		la = it[n - 1].b;
	}
}
