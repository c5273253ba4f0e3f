/* picked_rules.c - the writer's words that pick one of several listed items beyond a name, a place and a
 * size (picked_items.c reads those):
 *     by place           "row 2", "config #3", "number two", "the second-to-last line", "the one in the middle"
 *     by any field       "the run with lr 3e-4", "the one where model is convnext", "the entry whose dataset
 *                        is imagenet", "the run with batch size 1024" (batch_size)
 *     by a property      "the single-node one", "the one with the most nodes", "the fewest GPUs", "the
 *                        quickest one", "the cheapest run" (node-hours), "the biggest one under 4 nodes",
 *                        "the longest one that is at most 24 hours"
 *     by relation        "the step after preprocessing", "the stage before eval", "whatever comes after
 *                        train", "the job between prep and eval"
 *     by ZeRO stage      "the ZeRO-3 one", "the stage 2 config" (an item's "zero3", "zero_stage: 3", "ds_zero3.json")
 * and the words that set one aside ("not the smoke test", "skip the smoke row": data/lexicon's
 * pick_exclusions). Words that fit two or more items, not all of them, mark the choice open. */
#include "picked_items.h"
#include "lexicon.h"
#include "vocab.h"
#include "../repo/repo.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Is there a clause break (',', '.', ';', ':', a line's end) between the words a and b? */
static bool clause_break(const char *s, const struct word *a, const struct word *b)
{
	for (size_t k = a->b; k < b->a; k++)
		if (strchr(",.;:!?\n()", s[k]))
			return true;
	return false;
}

static bool in_list(enum vlist l, const char *s, size_t a, size_t b)
{
	char buf[48];
	if (b - a >= sizeof(buf))
		return false;
	for (size_t k = a; k < b; k++)
		buf[k - a] = (char)tolower((unsigned char)s[k]);
	buf[b - a] = 0;
	return vocab_in(l, buf);
}

bool pk_set_aside(const char *s, const struct word *w, int i, size_t *from)
{
	int k = i - 1, skipped = 0;
	/* past "the", "one", "that", "is": "not the smoke test", "the one that is not the probe" */
	while (k >= 0 && skipped < 3 && !clause_break(s, &w[k], &w[k + 1]) &&
	       (pk_weq(s, &w[k], "the") || pk_weq(s, &w[k], "a") || pk_weq(s, &w[k], "an")))
		k--, skipped++;
	if (k < 0 || clause_break(s, &w[k], &w[k + 1]))
		return false;
	/* one word ("not", "skip") or two ("anything but", "other than") */
	if (in_list(VL_PICK_EXCLUSION, s, w[k].a, w[k].b)) {
		*from = w[k].a;
		return true;
	}
	if (k >= 1 && !clause_break(s, &w[k - 1], &w[k]) && in_list(VL_PICK_EXCLUSION, s, w[k - 1].a, w[k].b)) {
		*from = w[k - 1].a;
		return true;
	}
	return false;
}

/* The number a word states: digits, an English number word, "single"; 0 none. */
static int word_number(const char *s, size_t a, size_t b)
{
	if (a < b && isdigit((unsigned char)s[a])) {
		int v = 0;
		for (size_t k = a; k < b; k++) {
			if (!isdigit((unsigned char)s[k]) || v > 100000)
				return 0;
			v = v * 10 + (s[k] - '0');
		}
		return v;
	}
	char buf[24];
	if (b - a >= sizeof(buf))
		return 0;
	for (size_t k = a; k < b; k++)
		buf[k - a] = (char)tolower((unsigned char)s[k]);
	buf[b - a] = 0;
	if (!strcmp(buf, "single"))
		return 1;
	return number_word(buf);
}

/* The item's size of kind uk (1 nodes, 2 GPUs, 3 or 4 minutes). */
static int size_of(const struct item *it, int uk)
{
	return uk == 1 ? it->nodes : uk == 2 ? it->gpus : it->minutes;
}

/* Items whose names (or, failing them, a word only they hold) match the word w: the one, or -1. */
static int named_item(const char *s, const struct group *g, const struct word *w)
{
	char nm[40];
	size_t wl = w->b - w->a;
	if (wl >= sizeof(nm) || wl < 2)
		return -1;
	pk_norm_name(nm, sizeof(nm), s + w->a, wl);
	int hit = -1, hits = 0;
	for (int k = 0; k < g->n; k++)
		for (int m = 0; m < g->it[k].nnames; m++) {
			const char *n = g->it[k].names[m];
			size_t l = strlen(n);
			/* "preprocessing" for "preprocess", "training" for "train" */
			bool stem = l >= 4 && !strncmp(n, nm, l) && strlen(nm) - l <= 6;
			if (!strcmp(n, nm) || stem) {
				if (hit != k)
					hits++;
				hit = k;
				break;
			}
		}
	if (hits == 1)
		return hit;
	if (hits)
		return -1;
	for (int k = 0; k < g->n; k++)
		if (pk_item_has_token(s, &g->it[k], s + w->a, wl))
			hit = k, hits++;
	return hits == 1 ? hit : -1;
}

static bool runs_stage(const char *s, const struct item *it, int n);

/* ---- by place ---- */

static void by_place(const char *s, const struct group *g, const struct word *w, int nw, int i, struct pick *pk)
{
	/* "row 2", "config #3", "line 3": a noun and a number no item is named by ("recipe 2" of a numbered
	 * list is its name); never "run 2 nodes" */
	if (i + 1 < nw && pk_item_noun(s, &w[i]) && !pk_weq(s, &w[i], "run") && !pk_weq(s, &w[i], "one") &&
	    !pk_weq(s, &w[i], "ones") && !pk_weq(s, &w[i], "job") && !clause_break(s, &w[i], &w[i + 1]) &&
	    isdigit((unsigned char)s[w[i + 1].a])) {
		int v = word_number(s, w[i + 1].a, w[i + 1].b);
		bool unit_after = i + 2 < nw && pk_unit_kind(s + w[i + 2].a, w[i + 2].b - w[i + 2].a);
		char nb[16];
		snprintf(nb, sizeof(nb), "%d", v);
		bool named = false;
		for (int k = 0; k < g->n; k++)
			for (int m = 0; m < g->it[k].nnames; m++)
				named |= !strcmp(g->it[k].names[m], nb);
		/* "the stage 2 config" of items that run ZeRO stages is by_stage's */
		bool zero = false;
		for (int k = 0; k < g->n && pk_weq(s, &w[i], "stage"); k++)
			zero |= runs_stage(s, &g->it[k], v);
		if (v >= 1 && v <= g->n && !unit_after && !named && !zero)
			pk_vote(pk, v - 1, w[i].a, w[i + 1].b);
	}
	/* "number two" */
	if (i + 1 < nw && pk_weq(s, &w[i], "number") && !clause_break(s, &w[i], &w[i + 1])) {
		int v = word_number(s, w[i + 1].a, w[i + 1].b);
		bool unit_after = i + 2 < nw && pk_unit_kind(s + w[i + 2].a, w[i + 2].b - w[i + 2].a);
		if (v >= 1 && v <= g->n && !unit_after)
			pk_vote(pk, v - 1, w[i].a, w[i + 1].b);
	}
	/* "the second to last one" */
	if (i + 3 < nw && (pk_weq(s, &w[i], "second") || pk_weq(s, &w[i], "next")) && pk_weq(s, &w[i + 1], "to") &&
	    pk_weq(s, &w[i + 2], "last") && pk_item_noun(s, &w[i + 3]) && g->n >= 2)
		pk_vote(pk, g->n - 2, w[i].a, w[i + 3].b);
	/* "the one in the middle" */
	if (i + 3 < nw && pk_item_noun(s, &w[i]) && pk_weq(s, &w[i + 1], "in") && pk_weq(s, &w[i + 2], "the") &&
	    pk_weq(s, &w[i + 3], "middle") && g->n % 2)
		pk_vote(pk, g->n / 2, w[i].a, w[i + 3].b);
}

/* ---- by the value of any field ---- */

/* Items holding the token s[a, b) (or, with the next word, "batch size" as batch_size): a mask; *used
 * how many words it took (1 or 2). */
static unsigned holders(const char *s, const struct group *g, const struct word *w, int nw, int k, int *used)
{
	unsigned m = 0;
	*used = 1;
	for (int x = 0; x < g->n; x++)
		if (pk_item_has_token(s, &g->it[x], s + w[k].a, w[k].b - w[k].a))
			m |= 1u << x;
	if (m || k + 1 >= nw || clause_break(s, &w[k], &w[k + 1]))
		return m;
	char joined[64];
	int n = snprintf(joined, sizeof(joined), "%.*s_%.*s", (int)(w[k].b - w[k].a), s + w[k].a, (int)(w[k + 1].b - w[k + 1].a),
			 s + w[k + 1].a);
	if (n <= 0 || (size_t)n >= sizeof(joined))
		return 0;
	for (int x = 0; x < g->n; x++)
		if (pk_item_has_token(s, &g->it[x], joined, (size_t)n))
			m |= 1u << x;
	if (m)
		*used = 2;
	return m;
}

/* Items holding the token key and, right after it (past quotes, ':', '=', blanks), the token val
 * ("lr": "3e-4", "model: convnext", "batch_size: 1024"): a mask. */
static unsigned pair_holders(const char *s, const struct group *g, const char *key, size_t kn, const char *val, size_t vn)
{
	unsigned m = 0;
	for (int x = 0; x < g->n; x++) {
		const struct item *it = &g->it[x];
		for (size_t p = it->a; p + kn <= it->b; p++) {
			if (strncasecmp(s + p, key, kn) || (p > it->a && isalnum((unsigned char)s[p - 1])))
				continue;
			size_t q = p + kn;
			while (q < it->b && strchr("\"' :=", s[q]))
				q++;
			if (q > p + kn && q + vn <= it->b && !strncasecmp(s + q, val, vn) &&
			    (q + vn == it->b || !isalnum((unsigned char)s[q + vn]))) {
				m |= 1u << x;
				break;
			}
		}
	}
	return m;
}

static bool filler(const char *s, const struct word *w)
{
	static const char *const f[] = {"is", "are", "equal", "equals", "set", "to", "of", "the", "a", "an", "at", "its", NULL};
	for (int k = 0; f[k]; k++)
		if (pk_weq(s, w, f[k]))
			return true;
	return false;
}

static void by_field(const char *s, const struct group *g, const struct word *w, int nw, int i, struct pick *pk)
{
	/* "the run with lr 3e-4", "the one where model is convnext", "the entry whose dataset is imagenet" */
	if (!(pk_weq(s, &w[i], "with") || pk_weq(s, &w[i], "where") || pk_weq(s, &w[i], "whose") ||
	      pk_weq(s, &w[i], "having")) ||
	    i == 0 || !pk_item_noun(s, &w[i - 1]) || clause_break(s, &w[i - 1], &w[i]))
		return;
	/* "with 64 GPUs" is a size (picked_items.c) */
	if (i + 2 < nw && isdigit((unsigned char)s[w[i + 1].a]) && pk_unit_kind(s + w[i + 2].a, w[i + 2].b - w[i + 2].a))
		return;
	unsigned all = g->n >= 32 ? ~0u : (1u << g->n) - 1, cand = all;
	bool narrowed = false;
	size_t end = w[i].b;
	int prev = -1, prev_used = 0; /* the token taken before, a key its value must follow */
	for (int k = i + 1, taken = 0, unheld = 0; k < nw && taken < 4; k++) {
		if (clause_break(s, &w[k - 1], &w[k]))
			break;
		if (filler(s, &w[k]))
			continue;
		int used;
		unsigned m = holders(s, g, w, nw, k, &used) & cand;
		/* a column's name before its value ("dropout 0.1" of a CSV row, whose header holds the name) */
		if (!m && !taken && ++unheld <= 2)
			continue;
		/* "with NNODES=3": a value the writer sets, not one an item holds */
		if (!m && prev >= 0 && w[k].a > w[prev + prev_used - 1].b &&
		    memchr(s + w[prev + prev_used - 1].b, '=', w[k].a - w[prev + prev_used - 1].b))
			return;
		if (!m)
			break;
		/* a key and a value: the item holds them as a pair, or the writer sets the value ("the N-nodes
		 * command with NNODES=8" of "$((NNODES*12))"): no pick by them */
		if (prev >= 0) {
			char key[64];
			int kn = snprintf(key, sizeof(key), "%.*s", (int)(w[prev + prev_used - 1].b - w[prev].a), s + w[prev].a);
			for (int c = 0; c < kn; c++)
				if (key[c] == ' ')
					key[c] = '_'; /* "batch size" as batch_size */
			unsigned pm = kn > 0 && kn < (int)sizeof(key) ? pair_holders(s, g, key, (size_t)kn, s + w[k].a, w[k].b - w[k].a) : 0;
			if (!(pm & cand))
				return;
			m &= pm;
		}
		prev = k;
		prev_used = used;
		narrowed |= m != cand;
		cand = m;
		end = w[k + used - 1].b;
		k += used - 1;
		taken++;
	}
	if (!narrowed || cand == all)
		return;
	int n = 0, one = -1;
	for (int x = 0; x < g->n; x++)
		if (cand >> x & 1)
			n++, one = x;
	size_t xf = 0;
	if (n == 1 && pk_set_aside(s, w, i - 1, &xf))
		pk_exclude(pk, one, xf, end);
	else if (n == 1)
		pk_vote(pk, one, w[i - 1].a, end);
	else
		pk->several = true;
}

/* ---- by a property ---- */

/* A bound on one size after a superlative ("under 4 nodes", "that is at most 24 hours", "with more than
 * 8 GPUs"): kind (1 nodes, 2 GPUs, 3 minutes), op ('<', 'l' at most, '>', 'g' at least), value. */
struct bound {
	int kind, op, v;
};

static bool read_bound(const char *s, const struct word *w, int nw, int i, struct bound *bd)
{
	for (int k = i + 1; k < nw && k <= i + 6; k++) {
		if (clause_break(s, &w[k - 1], &w[k]))
			return false;
		int op = 0, at = k + 1;
		if (pk_weq(s, &w[k], "under") || pk_weq(s, &w[k], "below"))
			op = '<';
		else if (pk_weq(s, &w[k], "over") || pk_weq(s, &w[k], "above"))
			op = '>';
		else if (pk_weq(s, &w[k], "within"))
			op = 'l';
		else if (k + 1 < nw && (pk_weq(s, &w[k], "fewer") || pk_weq(s, &w[k], "less")) && pk_weq(s, &w[k + 1], "than"))
			op = '<', at = k + 2;
		else if (k + 1 < nw && pk_weq(s, &w[k], "more") && pk_weq(s, &w[k + 1], "than"))
			op = '>', at = k + 2;
		else if (k + 1 < nw && pk_weq(s, &w[k], "at") && pk_weq(s, &w[k + 1], "most"))
			op = 'l', at = k + 2;
		else if (k + 1 < nw && pk_weq(s, &w[k], "at") && pk_weq(s, &w[k + 1], "least"))
			op = 'g', at = k + 2;
		else if (k + 1 < nw && pk_weq(s, &w[k], "up") && pk_weq(s, &w[k + 1], "to"))
			op = 'l', at = k + 2;
		if (!op || at + 1 >= nw)
			continue;
		int v = word_number(s, w[at].a, w[at].b);
		int uk = pk_unit_kind(s + w[at + 1].a, w[at + 1].b - w[at + 1].a);
		if (v <= 0 || !uk)
			return false;
		bd->kind = uk >= 3 ? 3 : uk;
		bd->op = op;
		bd->v = uk == 3 ? v * 60 : v;
		return true;
	}
	return false;
}

/* The one cluster the text names (its id, name or an alias as a word), or NULL. */
static const struct cluster *named_cluster(const char *s, size_t len, const struct repo *repo)
{
	const struct cluster *found = NULL;
	for (size_t i = 0; repo && i < repo_cluster_count(repo); i++) {
		const struct cluster *cl = repo_cluster_at(repo, i);
		const char *names[34] = {cl->id, cl->name};
		size_t nn = 2;
		for (size_t a = 0; a < cl->naliases && nn < 34; a++)
			names[nn++] = cl->aliases[a];
		bool hit = false;
		for (size_t k = 0; k < nn && !hit; k++) {
			size_t n = names[k] ? strlen(names[k]) : 0;
			for (size_t p = 0; n && p + n <= len && !hit; p++)
				hit = !strncasecmp(s + p, names[k], n) && (p == 0 || !isalnum((unsigned char)s[p - 1])) &&
				      (p + n == len || !isalnum((unsigned char)s[p + n]));
		}
		if (hit && found && found != cl)
			return NULL;
		if (hit)
			found = cl;
	}
	return found;
}

/* "that fits in the debug queue", "fitting the regular QOS": the queue's node and time limits as two
 * bounds (the cluster the text names, its queue by name); false when the words or the queue are not
 * there. */
static bool fits_queue(const char *s, size_t len, const struct word *w, int nw, int i, const struct repo *repo,
		       struct bound *nodes, struct bound *time)
{
	for (int k = i + 1; k < nw && k <= i + 5; k++) {
		if (clause_break(s, &w[k - 1], &w[k]))
			return false;
		if (!(pk_weq(s, &w[k], "fits") || pk_weq(s, &w[k], "fit") || pk_weq(s, &w[k], "fitting")))
			continue;
		int q = k + 1;
		if (q < nw && (pk_weq(s, &w[q], "in") || pk_weq(s, &w[q], "into")))
			q++;
		if (q < nw && pk_weq(s, &w[q], "the"))
			q++;
		if (q >= nw)
			return false;
		const struct cluster *cl = named_cluster(s, len, repo);
		char qn[32];
		size_t n = w[q].b - w[q].a;
		if (!cl || n >= sizeof(qn))
			return false;
		memcpy(qn, s + w[q].a, n);
		qn[n] = 0;
		for (size_t x = 0; x < cl->nqueues; x++) {
			const struct queue *qu = &cl->queues[x];
			if (strcasecmp(qu->name, qn) || qu->cpu_only)
				continue;
			int maxn = qu->max_nodes, maxt = qu->max_walltime_min;
			for (size_t b = 0; b < qu->nbins; b++) {
				maxn = qu->bins[b].max_nodes > maxn ? qu->bins[b].max_nodes : maxn;
				maxt = qu->bins[b].max_walltime_min > maxt ? qu->bins[b].max_walltime_min : maxt;
			}
			if (maxn <= 0 || maxt <= 0)
				return false;
			*nodes = (struct bound){.kind = 1, .op = 'l', .v = maxn};
			*time = (struct bound){.kind = 3, .op = 'l', .v = maxt};
			return true;
		}
		return false;
	}
	return false;
}

static bool within(const struct item *it, const struct bound *bd)
{
	int have = size_of(it, bd->kind);
	if (!have)
		return false;
	return bd->op == '<' ? have < bd->v : bd->op == 'l' ? have <= bd->v : bd->op == '>' ? have > bd->v : have >= bd->v;
}

static void by_property(const char *s, size_t len, const struct group *g, const struct word *w, int nw, int i,
			const struct repo *repo, struct pick *pk)
{
	/* "the single-node one", "the one-node entry", "the four-GPU config" (digits are picked_items.c's) */
	const char *dash = memchr(s + w[i].a, '-', w[i].b - w[i].a);
	if (dash && !isdigit((unsigned char)s[w[i].a]) && i + 1 < nw && pk_item_noun(s, &w[i + 1])) {
		int v = word_number(s, w[i].a, (size_t)(dash - s));
		int uk = pk_unit_kind(dash + 1, (size_t)(s + w[i].b - dash - 1));
		if (v > 0 && uk) {
			int want = uk >= 3 ? v * (uk == 3 ? 60 : 1) : v, hit = -1, hits = 0;
			for (int k = 0; k < g->n; k++)
				if (size_of(&g->it[k], uk) == want)
					hit = k, hits++;
			if (hits == 1)
				pk_vote(pk, hit, w[i].a, w[i + 1].b);
		}
	}
	/* superlatives: the size each item is ranked by, and whether the most of it wins */
	int kind = 0; /* 1 nodes, 2 GPUs, 3 minutes, 5 nodes or GPUs, 6 node-hours */
	bool most = false;
	int from = i, to = i;
	if (i > 0 && pk_weq(s, &w[i - 1], "the")) {
		if (pk_weq(s, &w[i], "longest"))
			kind = 3, most = true;
		else if (pk_weq(s, &w[i], "shortest") || pk_weq(s, &w[i], "quickest") || pk_weq(s, &w[i], "fastest"))
			kind = 3;
		else if (pk_weq(s, &w[i], "biggest") || pk_weq(s, &w[i], "largest"))
			kind = 5, most = true;
		else if (pk_weq(s, &w[i], "smallest"))
			kind = 5;
		else if (pk_weq(s, &w[i], "cheapest"))
			kind = 6;
		/* of two: "the smaller one", "the shorter run" */
		else if (g->n == 2 && (pk_weq(s, &w[i], "longer") || pk_weq(s, &w[i], "shorter") || pk_weq(s, &w[i], "quicker")))
			kind = 3, most = pk_weq(s, &w[i], "longer");
		else if (g->n == 2 && (pk_weq(s, &w[i], "bigger") || pk_weq(s, &w[i], "larger") || pk_weq(s, &w[i], "smaller")))
			kind = 5, most = !pk_weq(s, &w[i], "smaller");
		else if (g->n == 2 && pk_weq(s, &w[i], "cheaper"))
			kind = 6;
		/* of two, the plain degree before an item's noun: "write the big one", "the small run", "the long job" */
		else if (g->n == 2 && i + 1 < nw && pk_item_noun(s, &w[i + 1]) &&
			 (pk_weq(s, &w[i], "big") || pk_weq(s, &w[i], "large") || pk_weq(s, &w[i], "small") ||
			  pk_weq(s, &w[i], "long") || pk_weq(s, &w[i], "short")))
			kind = pk_weq(s, &w[i], "long") || pk_weq(s, &w[i], "short") ? 3 : 5,
			most = pk_weq(s, &w[i], "big") || pk_weq(s, &w[i], "large") || pk_weq(s, &w[i], "long");
		from = i - 1;
	}
	/* "the most nodes", "the fewest GPUs", "the least time" */
	if (!kind && i > 0 && i + 1 < nw && pk_weq(s, &w[i - 1], "the") &&
	    (pk_weq(s, &w[i], "most") || pk_weq(s, &w[i], "fewest") || pk_weq(s, &w[i], "least"))) {
		int uk = pk_unit_kind(s + w[i + 1].a, w[i + 1].b - w[i + 1].a);
		if (pk_weq(s, &w[i + 1], "time"))
			uk = 3;
		if (uk) {
			kind = uk >= 3 ? 3 : uk;
			most = pk_weq(s, &w[i], "most");
			from = i - 1, to = i + 1;
		}
	}
	if (!kind)
		return;
	struct bound bd = {0}, bd2 = {0};
	bool bounded = read_bound(s, w, nw, to, &bd), fits = !bounded && fits_queue(s, len, w, nw, to, repo, &bd, &bd2);
	bounded |= fits;
	int best = -1;
	long bestv = 0;
	bool tie = false;
	for (int k = 0; k < g->n; k++) {
		const struct item *it = &g->it[k];
		long v = kind == 5 ? (it->nodes ? it->nodes : it->gpus) :
			 kind == 6 ? (long)(it->nodes ? it->nodes : it->gpus ? it->gpus : 1) * it->minutes :
				     size_of(it, kind);
		if (!v || (kind == 6 && !it->minutes))
			return; /* an item without the size: no ranking */
		if ((bounded && !within(it, &bd)) || (fits && !within(it, &bd2)))
			continue;
		if (best >= 0 && v == bestv)
			tie = true;
		else if (best < 0 || (most ? v > bestv : v < bestv))
			best = k, bestv = v, tie = false;
	}
	if (best >= 0 && !tie)
		pk_vote(pk, best, w[from].a, w[to].b);
}

/* ---- by relation ---- */

/* Is w[i] a word that relates to a listed item: after an item noun ("the step after"), or after "comes",
 * "right", "immediately", "just", "directly" with an item noun or "whatever" before them? */
static bool relation_context(const char *s, const struct word *w, int i)
{
	if (i == 0 || clause_break(s, &w[i - 1], &w[i]))
		return false;
	if (pk_item_noun(s, &w[i - 1]))
		return true;
	/* "the stage that follows tokenize" */
	if (i >= 2 && (pk_weq(s, &w[i - 1], "that") || pk_weq(s, &w[i - 1], "which")) && pk_item_noun(s, &w[i - 2]))
		return true;
	for (int k = i - 1; k >= 1 && k >= i - 2; k--) {
		if (!(pk_weq(s, &w[k], "comes") || pk_weq(s, &w[k], "right") || pk_weq(s, &w[k], "immediately") ||
		      pk_weq(s, &w[k], "just") || pk_weq(s, &w[k], "directly") || pk_weq(s, &w[k], "runs")))
			return false;
		if (pk_item_noun(s, &w[k - 1]) || pk_weq(s, &w[k - 1], "whatever") || pk_weq(s, &w[k - 1], "what"))
			return true;
	}
	return false;
}

static void by_relation(const char *s, const struct group *g, const struct word *w, int nw, int i, struct pick *pk)
{
	int dir = (pk_weq(s, &w[i], "after") || pk_weq(s, &w[i], "follows") || pk_weq(s, &w[i], "following")) ? 1 :
		  (pk_weq(s, &w[i], "before") || pk_weq(s, &w[i], "precedes") || pk_weq(s, &w[i], "preceding")) ? -1 :
		  pk_weq(s, &w[i], "between") ? 2 : 0;
	if (!dir || !relation_context(s, w, i))
		return;
	int t = i + 1;
	if (t < nw && pk_weq(s, &w[t], "the"))
		t++;
	if (t >= nw || clause_break(s, &w[t - 1], &w[t]))
		return;
	int k = named_item(s, g, &w[t]);
	if (k < 0)
		return;
	if (dir != 2) {
		if (k + dir >= 0 && k + dir < g->n)
			pk_vote(pk, k + dir, w[i].a, w[t].b);
		return;
	}
	/* "between prep and eval" */
	int u = t + 1;
	if (u + 1 >= nw || !pk_weq(s, &w[u], "and"))
		return;
	u++;
	if (pk_weq(s, &w[u], "the") && u + 1 < nw)
		u++;
	int k2 = named_item(s, g, &w[u]);
	if (k2 >= 0 && (k2 - k == 2 || k - k2 == 2))
		pk_vote(pk, (k + k2) / 2, w[i].a, w[u].b);
}

/* ---- by ZeRO stage ---- */

/* Does the item run ZeRO stage n ("zero3", "ds_zero3.json", "deepspeed zero-3", "zero_stage: 3", "stage: 3")? */
static bool runs_stage(const char *s, const struct item *it, int n)
{
	for (size_t p = it->a; p + 5 <= it->b; p++) {
		size_t q = 0;
		if (!strncasecmp(s + p, "zero", 4))
			q = p + 4;
		else if (!strncasecmp(s + p, "stage", 5) && (p == it->a || !isalpha((unsigned char)s[p - 1])))
			q = p + 5;
		if (!q)
			continue;
		if (q + 6 <= it->b && !strncasecmp(s + q, "_stage", 6)) /* "zero_stage: 3" */
			q += 6;
		while (q < it->b && (s[q] == '-' || s[q] == '_' || s[q] == ' ' || s[q] == ':' || s[q] == '=' || s[q] == '"'))
			q++;
		if (q < it->b && s[q] - '0' == n && (q + 1 == it->b || !isdigit((unsigned char)s[q + 1])))
			return true;
	}
	return false;
}

/* "the ZeRO-3 one", "the stage 2 config", "the zero-3 command", "the stage-1 entry": the one item that runs
 * that stage */
static void by_stage(const char *s, const struct group *g, const struct word *w, int nw, int i, struct pick *pk)
{
	size_t n = w[i].b - w[i].a;
	int stage = -1, last = i;
	bool zero = n >= 4 && !strncasecmp(s + w[i].a, "zero", 4), st = n >= 5 && !strncasecmp(s + w[i].a, "stage", 5);
	if (!zero && !st)
		return;
	size_t k = w[i].a + (zero ? 4 : 5);
	if (k < w[i].b && (s[k] == '-' || s[k] == '_'))
		k++;
	if (k + 1 == w[i].b && isdigit((unsigned char)s[k]))
		stage = s[k] - '0'; /* "zero-3", "stage-1", "zero3" */
	else if (k == w[i].b && i + 1 < nw && w[i + 1].b - w[i + 1].a == 1 && isdigit((unsigned char)s[w[i + 1].a]) &&
		 !clause_break(s, &w[i], &w[i + 1]))
		stage = s[w[i + 1].a] - '0', last = i + 1; /* "stage 2" */
	if (stage < 0 || stage > 3 || last + 1 >= nw || !pk_item_noun(s, &w[last + 1]))
		return;
	int hit = -1, hits = 0;
	for (int x = 0; x < g->n; x++)
		if (runs_stage(s, &g->it[x], stage))
			hit = x, hits++;
	if (hits == 1)
		pk_vote(pk, hit, w[i].a, w[last + 1].b);
}

/* "the non-smoke run": the item named after "non-" set aside */
static void by_non(const char *s, const struct group *g, const struct word *w, int nw, int i, struct pick *pk)
{
	if (w[i].b - w[i].a < 6 || strncasecmp(s + w[i].a, "non-", 4) || i + 1 >= nw || !pk_item_noun(s, &w[i + 1]))
		return;
	struct word rest = {w[i].a + 4, w[i].b};
	int k = named_item(s, g, &rest);
	if (k >= 0)
		pk_exclude(pk, k, w[i].a, w[i + 1].b);
}

void pk_resolve_more(const char *s, size_t len, const struct group *g, const struct word *w, int nw, const struct repo *repo,
		     struct pick *pk)
{
	for (int i = 0; i < nw; i++) {
		by_place(s, g, w, nw, i, pk);
		by_field(s, g, w, nw, i, pk);
		by_property(s, len, g, w, nw, i, repo, pk);
		by_relation(s, g, w, nw, i, pk);
		by_non(s, g, w, nw, i, pk);
		by_stage(s, g, w, nw, i, pk);
	}
}
