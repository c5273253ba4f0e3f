/* measure_nodes.c - another cluster's nodes as a measure of GPUs, not the target: "two full Polaris
 * nodes' worth of GPUs, but on Perlmutter", "the same GPU count as one full Bridges-2 node (eight V100s),
 * but on Delta", "the equivalent of two Polaris nodes". The mention of that cluster is where the size
 * comes from, never where the job goes; the size is its GPUs in total (the count times that cluster's
 * GPUs per node). */
#include "cluster_mentions.h"
#include "reader.h"

#include <string.h>

/* The count before the mention at `at`, over "full"/"whole"/"entire": its token, or c->n when none. */
static size_t count_before(const struct ctx *c, size_t at)
{
	size_t k = at;
	if (k > 0 && (rd_is(c, k - 1, "full") || rd_is(c, k - 1, "whole") || rd_is(c, k - 1, "entire")))
		k--;
	if (k > 0 && c->t[k - 1].is_num && c->t[k - 1].num >= 1 && c->t[k - 1].num <= 4096 &&
	    (double)(int)c->t[k - 1].num == c->t[k - 1].num && !c->t[k - 1].trail)
		return k - 1;
	return c->n;
}

bool rd_measure_mention(const struct ctx *c, const struct cluster *cl, size_t at, size_t len, int *total, size_t *a,
			size_t *b)
{
	size_t after = at + len;
	if (!cl || after >= c->n || !is_node_unit(c->t[after].norm))
		return false;
	size_t n = count_before(c, at);
	if (n >= c->n)
		return false;
	/* "... nodes' worth", "... node's worth of GPUs" */
	bool worth = after + 1 < c->n && rd_is(c, after + 1, "worth");
	/* "the equivalent of 2 Polaris nodes", "the same GPU count as one full Bridges-2 node", "as many GPUs
	 * as 2 Polaris nodes" */
	bool like = false;
	if (n > 0 && rd_is(c, n - 1, "of") && n >= 2 && (rd_is(c, n - 2, "equivalent") || rd_is(c, n - 2, "worth")))
		like = true;
	if (n > 0 && rd_is(c, n - 1, "as"))
		for (size_t k = n - 1; k > 0 && n - k < 5 && !like; k--)
			like = rd_is(c, k - 1, "count") || rd_is(c, k - 1, "number") || rd_is(c, k - 1, "many") ||
			       rd_is(c, k - 1, "gpus") || rd_is(c, k - 1, "amount");
	if (!worth && !like)
		return false;
	const struct node_type *nt = cluster_node_type(cl, NULL, NULL, NULL);
	if (!nt || nt->hw.gpus_per_node <= 0)
		return false;
	*total = (int)c->t[n].num * nt->hw.gpus_per_node;
	*a = n;
	*b = worth ? after + 1 : after;
	return true;
}

/* Whether the text has what every measure needs (rd_measure_mention): a node word, and "worth", "equivalent"
 * or "as". Without them no mention can be a measure, and the mentions are not looked for again (they cost
 * about 4% of a request in generate --batch; rd_read_cluster has looked for them once already). */
static bool may_measure(const struct ctx *c)
{
	bool cue = false; /* the cue words first: three compares a token, where a node word is a look-up */
	for (size_t i = 0; i < c->n && !cue; i++)
		cue = rd_is(c, i, "worth") || rd_is(c, i, "equivalent") || rd_is(c, i, "as");
	for (size_t i = 0; i < c->n && cue; i++)
		if (is_node_unit(c->t[i].norm))
			return true;
	return false;
}

void rd_read_measure_nodes(struct ctx *c)
{
	if (!may_measure(c))
		return;
	struct mention m[32];
	size_t nm = rd_find_mentions(c, m, 32);
	for (size_t i = 0; i < nm; i++) {
		int total;
		size_t a, b;
		if (!rd_measure_mention(c, m[i].known, m[i].at, m[i].len, &total, &a, &b))
			continue;
		for (size_t k = a; k <= b && k < c->n; k++) {
			c->t[k].used = true;
			if (k >= m[i].at && k < m[i].at + m[i].len)
				c->t[k].source = true;
		}
		/* and what a bracket after it says of that cluster's node ("one full Bridges-2 node (eight V100s)") */
		if (b + 1 < c->n && c->text[c->t[b + 1].start] == '(')
			for (size_t k = b + 1; k < c->n; k++) {
				c->t[k].source = c->t[k].used = true;
				if (c->t[k].trail == ')' || memchr(c->text + c->t[k].start, ')', c->t[k].end - c->t[k].start))
					break;
			}
		rd_state_total(c, total, a, b, RK_PROSE);
	}
}
