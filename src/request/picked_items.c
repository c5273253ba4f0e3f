/* picked_items.c - several runs, configs, commands or stages listed, and the writer's words that pick one:
 *     - name: smoke          - {nodes: 1, hours: 2}     [{"name": "tiny", "nodes": 2}, {"name": "big", ...}]
 *       nodes: 1             - {nodes: 2, hours: 8}     {"exp1": {"gpus": 16}, "exp2": {"gpus": 64}}
 *     - name: full           • 2 nodes, 4 h, regular    {"run": "s", "nodes": 4}     (JSON lines)
 *       nodes: 16            - B: 16 nodes, 10h         {"run": "m", "nodes": 16}
 *     1) python small.py     rule train:                prep: python prep.py (1 node, 1h)
 *     2) torchrun ... mid.py     shell: "torchrun ..."  train: python train.py (4 nodes, 8h)
 *     python train.py --seed 1                          sbatch prep.sh     # 1 node, 30 min
 *     python train.py --seed 2   (jobs.txt lines)       sbatch train.sh    # 8 nodes, 12 h
 * picked by its name ("run \"full\"", "as in B", "the train rule", "just the training step", "the stage-3
 * entry"), its place ("the second one", "the middle recipe", "the last command"), a size only it has ("the
 * 8-node row", "the experiment that uses 64 GPUs", "the 24-hour one"), the longest/shortest/biggest of
 * them, a word only it holds or lacks ("the variant that uses FSDP", "the option that does not use
 * DeepSpeed") or argument values only it holds ("the seed 2 line", "only the 3e-4 run"). With exactly one
 * item picked, the text is rewritten before the other layers read it: the other items are dropped, the
 * picked one is written as plain lines (a YAML or JSON item as "key: value" lines, a bullet or numbered
 * line without its marker and label) and the words that picked it are blanked, so that only its fields
 * and the writer's own words count. Without exactly one item picked the text is left as it is (NULL).
 * Items under a parent key ("services:\n  trainer:\n    command: ...") are read too: each item states a
 * size, names a program or holds a command, and two or more state the same thing.
 * The nouns that name a listed item ("row", "entry", "recipe") are data/lexicon's item_nouns. The picks by
 * place beyond these, by any field's value, by a property, by relation and by ZeRO stage are
 * picked_rules.c's; the items the writer sets aside ("not the smoke test") leave the one left picked, and
 * words that fit two or more items (not all) leave the choice open: the list is dropped, so that its
 * counts are asked back rather than taken from its first item. */
#include "reader.h"
#include "picked_items.h"
#include "lexicon.h"
#include "vocab.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- the pick ---- */

void pk_vote(struct pick *pk, int item, size_t a, size_t b)
{
	if (pk->item == -2)
		return;
	if (pk->item >= 0 && pk->item != item) {
		pk->item = -2;
		return;
	}
	pk->item = item;
	if (pk->nw < 4) {
		pk->a[pk->nw] = a;
		pk->b[pk->nw++] = b;
	}
}

void pk_exclude(struct pick *pk, int item, size_t a, size_t b)
{
	if (item < 0 || item >= 32)
		return;
	pk->excluded |= 1u << item;
	if (pk->nx < 4) {
		pk->xa[pk->nx] = a;
		pk->xb[pk->nx++] = b;
	}
}

/* The words of text[a, b) outside the group (the writer's words). */
static int prose_words(const char *s, size_t len, const struct group *g, struct word *w, int cap)
{
	int n = 0;
	size_t p = 0;
	while (p < len && n < cap) {
		if (p >= g->a && p < g->b) {
			p = g->b;
			continue;
		}
		if (!pk_wordch((unsigned char)s[p]) || s[p] == '.' || s[p] == '-') {
			p++;
			continue;
		}
		size_t q = p;
		while (q < len && pk_wordch((unsigned char)s[q]) && !(q >= g->a && q < g->b))
			q++;
		size_t e = q;
		while (e > p && (s[e - 1] == '.' || s[e - 1] == '-'))
			e--;
		/* "seed 1's" */
		if (e - p > 2 && s[e - 2] == '\'' && s[e - 1] == 's')
			e -= 2;
		w[n].a = p;
		w[n++].b = e;
		p = q;
	}
	return n;
}

bool pk_weq(const char *s, const struct word *w, const char *lit)
{
	size_t n = strlen(lit);
	return w->b - w->a == n && !strncasecmp(s + w->a, lit, n);
}

bool pk_item_noun(const char *s, const struct word *w)
{
	char buf[32];
	if (w->b - w->a >= sizeof(buf))
		return false;
	for (size_t i = 0; i < w->b - w->a; i++)
		buf[i] = (char)tolower((unsigned char)s[w->a + i]);
	buf[w->b - w->a] = 0;
	return vocab_in(VL_ITEM_NOUN, buf);
}

/* The place a word names, 1-based; -1 the last, -4 the one before it, -3 the middle, 0 none. */
static int place_word(const char *s, const struct word *w)
{
	static const char *const ord[] = {"first", "second", "third", "fourth", "fifth", "sixth", NULL};
	static const char *const nth[] = {"1st", "2nd", "3rd", "4th", "5th", "6th", NULL};
	for (int i = 0; ord[i]; i++)
		if (pk_weq(s, w, ord[i]) || pk_weq(s, w, nth[i]))
			return i + 1;
	if (pk_weq(s, w, "last") || pk_weq(s, w, "final") || pk_weq(s, w, "latter") || pk_weq(s, w, "bottom"))
		return -1;
	if (pk_weq(s, w, "top"))
		return 1;
	if (pk_weq(s, w, "penultimate") || pk_weq(s, w, "second-to-last") || pk_weq(s, w, "next-to-last"))
		return -4;
	if (pk_weq(s, w, "middle"))
		return -3;
	return 0;
}

static bool pick_cue_before(const char *s, const struct word *w, int i)
{
	if (i <= 0)
		return false;
	/* "only the eval", "run the b": the cue before "the" */
	if (i >= 2 && pk_weq(s, &w[i - 1], "the") && strspn(s + w[i - 1].b, " ") == w[i].a - w[i - 1].b &&
	    (pk_weq(s, &w[i - 2], "only") || pk_weq(s, &w[i - 2], "just")))
		return true;
	char buf[32];
	const struct word *p = &w[i - 1];
	if (p->b - p->a >= sizeof(buf))
		return false;
	/* the cue in the same clause: "script.\nprep" is no pick */
	for (size_t k = p->b; k < w[i].a; k++)
		if (!strchr(" \"'`", s[k]))
			return false;
	for (size_t k = 0; k < p->b - p->a; k++)
		buf[k] = (char)tolower((unsigned char)s[p->a + k]);
	buf[p->b - p->a] = 0;
	/* "go with b" */
	if (!strcmp(buf, "with") && i >= 2) {
		const struct word *v = &w[i - 2];
		return (v->b - v->a == 2 && !strncasecmp(s + v->a, "go", 2)) ||
		       (v->b - v->a == 5 && !strncasecmp(s + v->a, "going", 5)) ||
		       (v->b - v->a == 4 && !strncasecmp(s + v->a, "went", 4));
	}
	/* "run b", "as in B", "same as A", "just prep" */
	return vocab_in(VL_PICK_CUE, buf) || !strcmp(buf, "in") || !strcmp(buf, "like") || !strcmp(buf, "as") ||
	       !strcmp(buf, "just");
}

/* Does the item hold the token tok (a whole word; leading dashes of an option ignored)? */
bool pk_item_has_token(const char *s, const struct item *it, const char *tok, size_t n)
{
	for (size_t p = it->a; p + n <= it->b; p++) {
		if (strncasecmp(s + p, tok, n))
			continue;
		bool lb = p == it->a || !(isalnum((unsigned char)s[p - 1]) || s[p - 1] == '.' || s[p - 1] == '_');
		bool rb = p + n == it->b || !(isalnum((unsigned char)s[p + n]) || s[p + n] == '_' ||
					       (s[p + n] == '.' && p + n + 1 < it->b && isalnum((unsigned char)s[p + n + 1])));
		if (lb && rb)
			return true;
	}
	return false;
}

static void resolve(const char *s, size_t len, const struct group *g, const struct repo *repo, struct pick *pk)
{
	struct word w[512];
	int nw = prose_words(s, len, g, w, 512);
	memset(pk, 0, sizeof(*pk));
	pk->item = -1;
	for (int i = 0; i < nw; i++) {
		/* "neither of these", "none of them": every item set aside, the writer's words are the job */
		if ((pk_weq(s, &w[i], "neither") || pk_weq(s, &w[i], "none")) && i + 2 < nw && pk_weq(s, &w[i + 1], "of") &&
		    (pk_weq(s, &w[i + 2], "these") || pk_weq(s, &w[i + 2], "them") || pk_weq(s, &w[i + 2], "those"))) {
			pk->item = NONE_PICKED;
			return;
		}
		/* by place: "the second one", "the middle recipe", "last command" */
		int pl = place_word(s, &w[i]);
		if (pl && i + 1 < nw && (pk_item_noun(s, &w[i + 1]) || pk_weq(s, &w[i + 1], "of"))) {
			int k = pl > 0 ? pl - 1 : pl == -1 ? g->n - 1 : pl == -4 ? g->n - 2 : (g->n % 2 ? g->n / 2 : -1);
			size_t xf = 0;
			if (k >= 0 && k < g->n && pk_set_aside(s, w, i, &xf)) /* "not the first one" */
				pk_exclude(pk, k, xf, w[i + 1].b);
			else if (k >= 0 && k < g->n)
				pk_vote(pk, k, w[i].a, w[i + 1].b);
			continue;
		}
		/* by name: "run \"mid\"", "as in B", "the train rule", "the stage-3 entry", "just the training step" */
		char nm[40];
		size_t wl = w[i].b - w[i].a;
		if (wl < 40) {
			pk_norm_name(nm, sizeof(nm), s + w[i].a, wl);
			size_t join_b = w[i].b;
			/* "stage 3", "option B", "step two": the word and a number or a letter after it */
			int spelled = 0;
			if (i + 1 < nw && pk_item_noun(s, &w[i]) && w[i + 1].b - w[i + 1].a < 10) {
				char nw_[12];
				pk_norm_name(nw_, sizeof(nw_), s + w[i + 1].a, w[i + 1].b - w[i + 1].a);
				spelled = number_word(nw_);
			}
			if (i + 1 < nw && w[i + 1].a == w[i].b + 1 &&
			    (isdigit((unsigned char)s[w[i + 1].a]) || (pk_item_noun(s, &w[i]) && w[i + 1].b - w[i + 1].a == 1) ||
			     spelled > 0) &&
			    (w[i + 1].b - w[i + 1].a < 4 || spelled > 0) && strlen(nm) + 4 < sizeof(nm)) {
				char two[48];
				if (spelled > 0)
					snprintf(two, sizeof(two), "%s%d", nm, spelled);
				else
					pk_norm_name(two, sizeof(two), s + w[i].a, w[i + 1].b - w[i].a);
				for (int k = 0; k < g->n; k++)
					for (int m = 0; m < g->it[k].nnames; m++)
						if (!strcmp(g->it[k].names[m], two) && strlen(two) > 2) {
							str_copy(nm, sizeof(nm), two);
							join_b = w[i + 1].b;
						}
			}
			int hit = -1, hits = 0;
			for (int k = 0; k < g->n; k++)
				for (int m = 0; m < g->it[k].nnames; m++) {
					const char *n = g->it[k].names[m];
					size_t l = strlen(n);
					bool same = !strcmp(n, nm);
					/* "training" for "train", "evaluation" for "eval" */
					bool stem = !same && l >= 4 && !strncmp(n, nm, l) && strlen(nm) - l <= 6;
					for (size_t x = l; stem && nm[x]; x++)
						if (!isalpha((unsigned char)nm[x]))
							stem = false;
					if (same || stem) {
						if (hit != k)
							hits++;
						hit = k;
						break;
					}
				}
			if (hits == 1) {
				/* a name counts where it is picked: before an item noun ("the m one", "the train rule"),
				 * after a word that picks ("run b", "go with real", "as in B") or quoted ("run \"mid\"");
				 * "prep -> train -> eval" only lists them */
				bool named_one = i + 1 < nw && pk_item_noun(s, &w[i + 1]);
				bool quoted = w[i].a > 0 && (s[w[i].a - 1] == '"' || s[w[i].a - 1] == '`' || s[w[i].a - 1] == '\'');
				bool ok = named_one || quoted || pick_cue_before(s, w, i);
				/* "need a job", "I": words, not item names, unless quoted */
				if (pk_weq(s, &w[i], "i") && !quoted)
					ok = false;
				if (pk_weq(s, &w[i], "a") && !quoted && !(s[w[i].a] == 'A' && pick_cue_before(s, w, i)))
					ok = false;
				/* a name that is a plain number ("2" of "2) ...") only after an item noun or '#' ("recipe
				 * 2", "#2"), never a count ("2 nodes") */
				bool digits = true;
				for (const char *c = nm; *c; c++)
					digits &= isdigit((unsigned char)*c) != 0;
				bool word_only = (pk_weq(s, &w[i], "i") || pk_weq(s, &w[i], "a")) && !quoted && s[w[i].a] != 'A';
				/* ... in the same clause, and no count of a unit ("the zero-3 command, 1 node") */
				bool joined = i > 0 && strspn(s + w[i - 1].b, " #") >= w[i].a - w[i - 1].b;
				bool unit_after = i + 1 < nw && pk_unit_kind(s + w[i + 1].a, w[i + 1].b - w[i + 1].a);
				if (digits)
					ok = ((i > 0 && pk_item_noun(s, &w[i - 1]) && joined) || (w[i].a > 0 && s[w[i].a - 1] == '#')) &&
					     !unit_after;
				size_t xf = 0;
				/* "not the smoke test", "skip the smoke row", "anything but B" */
				if ((!digits || ok) && !word_only && pk_set_aside(s, w, i, &xf))
					pk_exclude(pk, hit, xf, join_b);
				else if (ok)
					pk_vote(pk, hit, w[i].a, join_b);
			}
		}
		/* by size: "the 8-node row", "the 24-hour one", "the experiment that uses 64 GPUs", "the one with 16 nodes" */
		if (isdigit((unsigned char)s[w[i].a])) {
			long v = 0;
			size_t d = w[i].a;
			while (d < w[i].b && isdigit((unsigned char)s[d]))
				v = v < 10000000 ? v * 10 + (s[d] - '0') : v, d++; /* past any size: no overflow */
			int uk = 0;
			size_t ue = w[i].b;
			if (d < w[i].b && s[d] == '-')
				uk = pk_unit_kind(s + d + 1, w[i].b - d - 1);
			else if (d == w[i].b && i + 1 < nw)
				uk = pk_unit_kind(s + w[i + 1].a, w[i + 1].b - w[i + 1].a), ue = w[i + 1].b;
			int after = d < w[i].b ? i + 1 : i + 2;
			bool noun_after = after < nw && pk_item_noun(s, &w[after]);
			bool uses_before = i >= 2 && (pk_weq(s, &w[i - 1], "uses") || pk_weq(s, &w[i - 1], "using") ||
						     pk_weq(s, &w[i - 1], "with") || pk_weq(s, &w[i - 1], "has")) &&
					   (pk_item_noun(s, &w[i - 2]) || (i >= 3 && pk_item_noun(s, &w[i - 3])));
			if (uk && (noun_after || uses_before)) {
				int hit = -1, hits = 0;
				for (int k = 0; k < g->n; k++) {
					const struct item *it = &g->it[k];
					int have = uk == 1 ? it->nodes : uk == 2 ? it->gpus : it->minutes;
					int want = uk == 3 ? (int)v * 60 : (int)v;
					if (have == want)
						hit = k, hits++;
				}
				size_t xf = 0;
				if (hits == 1 && pk_set_aside(s, w, i, &xf))
					pk_exclude(pk, hit, xf, noun_after ? w[after].b : ue);
				else if (hits == 1)
					pk_vote(pk, hit, w[i].a, noun_after ? w[after].b : ue);
			}
		}
		/* a word only it holds or lacks: "the variant that uses FSDP", "the option that does not use DeepSpeed" */
		/* ... or "the command without --compile" */
		bool without = i >= 2 && pk_weq(s, &w[i - 1], "without");
		if (i >= 2 && (pk_weq(s, &w[i - 1], "uses") || pk_weq(s, &w[i - 1], "use") || pk_weq(s, &w[i - 1], "using") || without) &&
		    !isdigit((unsigned char)s[w[i].a])) {
			bool neg = without || (pk_weq(s, &w[i - 2], "not") || pk_weq(s, &w[i - 2], "doesn't") || pk_weq(s, &w[i - 2], "don't")) ||
				   (i >= 3 && pk_weq(s, &w[i - 2], "not") && pk_weq(s, &w[i - 3], "does"));
			bool pick_ctx = false;
			size_t from = w[i].a;
			for (int k = i - 2; k >= 0 && k >= i - (without ? 3 : 5) && !pick_ctx; k--)
				if (pk_weq(s, &w[k], "that") || pk_weq(s, &w[k], "which") || pk_item_noun(s, &w[k]))
					pick_ctx = true, from = w[k].a;
			if (pick_ctx) {
				int hit = -1, hits = 0;
				for (int k = 0; k < g->n; k++) {
					bool has = pk_item_has_token(s, &g->it[k], s + w[i].a, w[i].b - w[i].a);
					if (has != neg)
						hit = k, hits++;
				}
				if (hits == 1)
					pk_vote(pk, hit, from, w[i].b);
			}
		}
		/* argument values only it holds: "the seed 2 line", "only the 3e-4 run", "the 1.3b one" */
		if ((pk_weq(s, &w[i], "the") || pk_weq(s, &w[i], "only") || pk_weq(s, &w[i], "just")) && i + 2 < nw) {
			for (int span = 1; span <= 2 && i + span + 1 < nw; span++) {
				if (!pk_item_noun(s, &w[i + span + 1]))
					continue;
				bool digit = false, all = true;
				for (int k = i + 1; k <= i + span; k++) {
					for (size_t c = w[k].a; c < w[k].b; c++)
						digit |= isdigit((unsigned char)s[c]);
				}
				/* a word that is no number ("the lion run", "the pile experiment") as one word that is
				 * no place and no superlative ("the second one", "the longest run" are read above) */
				if (!digit && (span > 1 || w[i + 1].b - w[i + 1].a < 2 || place_word(s, &w[i + 1]) ||
					       (w[i + 1].b - w[i + 1].a > 4 && !strncasecmp(s + w[i + 1].b - 3, "est", 3)) ||
					       pk_weq(s, &w[i + 1], "best") || pk_weq(s, &w[i + 1], "most")))
					continue;
				int hit = -1, hits = 0;
				for (int k = 0; k < g->n; k++) {
					all = true;
					for (int m = i + 1; m <= i + span; m++)
						all &= pk_item_has_token(s, &g->it[k], s + w[m].a, w[m].b - w[m].a);
					if (all)
						hit = k, hits++;
				}
				size_t xf = 0;
				if (hits == 1 && pk_set_aside(s, w, i + 1, &xf))
					pk_exclude(pk, hit, xf, w[i + span + 1].b);
				else if (hits == 1)
					pk_vote(pk, hit, w[i + 1].a, w[i + span + 1].b);
				else if (hits >= 2 && hits < g->n && digit)
					pk->several = true;
				break;
			}
		}
	}
	pk_resolve_more(s, len, g, w, nw, repo, pk);
	/* the items set aside: the one left is picked ("not the smoke test" of two); two or more left are
	 * an open choice; a pick of an item set aside is none */
	if (pk->item >= 0 && (pk->excluded >> pk->item & 1))
		pk->item = -2;
	else if (pk->item == -1 && pk->excluded) {
		int left = -1, nleft = 0;
		for (int k = 0; k < g->n; k++)
			if (!(pk->excluded >> k & 1))
				left = k, nleft++;
		if (nleft == 1)
			pk->item = left;
		else if (nleft >= 2)
			pk->several = true;
	}
	if (pk->item >= 0)
		for (int k = 0; k < pk->nx && pk->nw < 4; k++) {
			pk->a[pk->nw] = pk->xa[k];
			pk->b[pk->nw++] = pk->xb[k];
		}
	if (pk->item == -1 && pk->several)
		pk->item = SEVERAL_PICKED;
}

/* The sizes the writer changes of the picked item ("as in B except a 6-hour limit", "but with 2 nodes
 * instead of 3"): bit 0 nodes, 1 GPUs, 2 time. */
static int changed_sizes(const char *s, size_t len, const struct group *g)
{
	struct word w[512];
	int nw = prose_words(s, len, g, w, 512), mask = 0;
	for (int i = 0; i < nw; i++) {
		if (!pk_weq(s, &w[i], "except") && !pk_weq(s, &w[i], "but") && !pk_weq(s, &w[i], "instead"))
			continue;
		for (int k = i + 1; k < nw && k <= i + 6; k++) {
			if (!isdigit((unsigned char)s[w[k].a]))
				continue;
			size_t d = w[k].a;
			while (d < w[k].b && (isdigit((unsigned char)s[d]) || s[d] == '.'))
				d++;
			int uk = d < w[k].b ? pk_unit_kind(s + d + (s[d] == '-'), w[k].b - d - (s[d] == '-'))
					    : k + 1 < nw ? pk_unit_kind(s + w[k + 1].a, w[k + 1].b - w[k + 1].a) : 0;
			if (uk)
				mask |= 1 << (uk >= 3 ? 2 : uk - 1);
		}
	}
	return mask;
}

/* ---- the rewrite ---- */

/* A JSON or YAML flow object's pairs written as "key: value" lines. */
static void write_pairs(struct strbuf *out, const char *s, size_t a, size_t b)
{
	size_t p = a + 1, e = b - 1; /* inside the braces */
	while (p < e) {
		size_t q = p;
		int depth = 0;
		bool str = false;
		while (q < e && (str || depth || s[q] != ',')) {
			if (s[q] == '"')
				str = !str;
			else if (!str && (s[q] == '{' || s[q] == '['))
				depth++;
			else if (!str && (s[q] == '}' || s[q] == ']'))
				depth--;
			q++;
		}
		size_t x = p, y = q;
		while (x < y && isspace((unsigned char)s[x]))
			x++;
		while (y > x && isspace((unsigned char)s[y - 1]))
			y--;
		for (size_t k = x; k < y; k++)
			if (s[k] != '"')
				strbuf_addch(out, s[k] == '\n' ? ' ' : s[k]);
		strbuf_addch(out, '\n');
		p = q + 1;
	}
}

/* The start of the header line above a CSV group (the line that ends just before it). */
static size_t csv_header_start(const char *s, const struct group *g)
{
	size_t h = g->a > 0 ? g->a - 1 : 0;
	while (h > 0 && s[h - 1] != '\n')
		h--;
	return h;
}

/* A CSV row under its header written as "key: value" lines ("name: mid", "nodes: 4", "hours: 6"). */
static void write_csv_row(struct strbuf *out, const char *s, const struct group *g, const struct item *it)
{
	size_t h = csv_header_start(s, g), he = g->a > 0 ? g->a - 1 : 0;
	char sep = memchr(s + h, ',', he - h) ? ',' : memchr(s + h, '\t', he - h) ? '\t' : ';';
	size_t ha[16], hb[16], ca[16], cb[16];
	int nh = pk_csv_cells(s, h, he, sep, ha, hb, 16);
	int nc = pk_csv_cells(s, it->a, it->b, sep, ca, cb, 16);
	for (int k = 0; k < nh && k < nc; k++) {
		if (cb[k] == ca[k])
			continue;
		strbuf_add(out, s + ha[k], hb[k] - ha[k]);
		strbuf_adds(out, ": ");
		strbuf_add(out, s + ca[k], cb[k] - ca[k]);
		strbuf_addch(out, '\n');
	}
}

static void write_item(struct strbuf *out, const char *s, const struct group *g, const struct item *it)
{
	if (g->kind == IK_CSV) {
		write_csv_row(out, s, g, it);
		return;
	}
	if (g->kind == IK_JSON) {
		write_pairs(out, s, it->a, it->b);
		return;
	}
	size_t p = it->body, e = it->b;
	/* a heading's words say what the command does ("Variant 2: FSDP", "fully sharded"); one that states
	 * a size ("8-GPU server", "one node, 4 GPUs") describes the machine it was written for, not the
	 * ask, and is left out */
	if (it->lab_b > it->lab_a && !it->lab_sized) {
		strbuf_add(out, s + it->lab_a, it->lab_b - it->lab_a);
		strbuf_addch(out, '\n');
	}
	size_t ind = pk_indent_of(s, p, e);
	/* a flow item "- {nodes: 1, hours: 2}" */
	size_t ce = p + ind < e && s[p + ind] == '{' ? pk_json_close(s, p + ind, e) : 0;
	if (ce && pk_blank_line(s, ce, e)) {
		write_pairs(out, s, p + ind, ce);
		return;
	}
	/* the first line's rest, then the continuation lines without their indentation; a one-line
	 * description's parentheses dropped ("eval (ev.py, 1 node, 1h)": its sizes, not an aside) */
	bool one_line = !memchr(s + p, '\n', e - p) && g->kind != IK_COMMAND && !pk_command_line(s, p, e);
	while (p < e) {
		size_t le = pk_line_end(s, p, e);
		size_t li = pk_indent_of(s, p, le);
		for (size_t k = p + li; k < le; k++)
			strbuf_addch(out, one_line && (s[k] == '(' || s[k] == ')') ? ' ' : s[k]);
		strbuf_addch(out, '\n');
		p = le + 1;
	}
}

char *rd_pick_listed_item(const char *text, size_t len, const struct repo *repo, size_t *out_len)
{
	static int (*const finders[])(const char *, size_t, size_t, struct group *) = {pk_find_json, pk_find_csv, pk_find_labelled,
										      pk_find_commands, pk_find_prose};
	struct group *g = xcalloc(1, sizeof(*g));
	char *result = NULL;
	for (int f = -2; f < (int)(sizeof(finders) / sizeof(*finders)) && !result; f++) {
		size_t from = 0;
		for (;;) {
			int found = f == -2 ? pk_find_marked(text, len, from, g, false) :
				    f == -1 ? pk_find_marked(text, len, from, g, true) : finders[f](text, len, from, g);
			if (!found)
				break;
			pk_describe(text, g);
			/* runs, configs, commands: every item states a size or names a program, and two or more
			 * state the same thing (a bullet list of one job's fields, "- 2 nodes / - 6 hours", is
			 * no list of runs) */
			bool substance = true;
			int same[4] = {0};
			for (int k = 0; k < g->n; k++) {
				const struct item *it = &g->it[k];
				substance &= it->nodes || it->gpus || it->minutes || it->program || it->runs || g->kind == IK_COMMAND;
				same[0] += it->nodes > 0, same[1] += it->gpus > 0, same[2] += it->minutes > 0;
				same[3] += it->program || g->kind == IK_COMMAND;
			}
			substance &= same[0] >= 2 || same[1] >= 2 || same[2] >= 2 || same[3] >= 2;
			struct pick pk;
			memset(&pk, 0, sizeof(pk));
			pk.item = -1;
			if (substance)
				resolve(text, len, g, repo, &pk);
			/* "two jobs: a 2-node test and an 8-node run, both 1h": two runs of different sizes and no word
			 * that picks one - which to write is the writer's to say (asked back), never the first */
			if (substance && g->joined && pk.item == -1 && g->n == 2) {
				const struct item *l = &g->it[0], *r = &g->it[1];
				if ((l->nodes && r->nodes && l->nodes != r->nodes) || (l->gpus && r->gpus && l->gpus != r->gpus))
					pk.item = SEVERAL_PICKED;
			}
			if (pk.item == NONE_PICKED || pk.item == SEVERAL_PICKED) {
				struct strbuf out = STRBUF_INIT;
				strbuf_add(&out, text, g->a);
				strbuf_add(&out, text + g->b, len - g->b);
				*out_len = out.len;
				result = strbuf_detach(&out);
				break;
			}
			if (pk.item >= 0) {
				struct strbuf out = STRBUF_INIT;
				/* the picked item with the sizes the writer changes left out */
				char *m = xstrndup(text, len);
				struct item *it = &g->it[pk.item];
				int mask = changed_sizes(text, len, g);
				for (int k = 0; k < 3; k++)
					if ((mask >> k & 1) && it->span_b[k] > it->span_a[k])
						memset(m + it->span_a[k], ' ', it->span_b[k] - it->span_a[k]);
				size_t a = g->kind == IK_CSV ? csv_header_start(text, g) : g->a;
				/* the whole lines of a line-shaped group (a CSV group with its header) */
				strbuf_add(&out, text, a);
				write_item(&out, m, g, it);
				free(m);
				size_t tail = g->b;
				if (g->kind != IK_JSON && tail < len && text[tail] == '\n')
					tail++;
				size_t base = out.len;
				strbuf_add(&out, text + tail, len - tail);
				/* the words that picked it, blanked (they are in the text before or after the group) */
				for (int k = 0; k < pk.nw; k++) {
					size_t pa = pk.a[k], pb = pk.b[k];
					if (pa >= tail)
						memset(out.buf + base + (pa - tail), ' ', pb - pa);
					else if (pb <= a)
						memset(out.buf + pa, ' ', pb - pa);
				}
				*out_len = out.len;
				result = strbuf_detach(&out);
				break;
			}
			from = g->b < len ? g->b : len;
			if (from >= len)
				break;
		}
	}
	free(g);
	return result;
}
