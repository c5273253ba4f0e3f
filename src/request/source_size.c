/* source_size.c - "the same number of GPUs (as now)", "the same total GPU count", "keep the node count":
 * the size of where the job ran before (recorded by the readers of pasted headers, of another system's
 * command and of prose said of it, in ctx's src_* fields) carried to the target, where the request
 * states no size of its own. */
#include "lexicon.h"
#include "reader.h"

#include <stdlib.h>
#include <string.h>

/* Where the text says the size carries from where the job ran before: "same number of GPUs (as now)",
 * "the same total", "same GPU count" (KEEP_TOTAL), "same node count", "keep the node count (the same)",
 * "same number of nodes" (KEEP_NODES); [*a, *b] its tokens. Only filler words may stand between "same" or
 * "keep" and the unit: "the same script on 4 nodes" keeps nothing. */
enum keep { KEEP_NONE, KEEP_NODES, KEEP_TOTAL };
static enum keep same_size_phrase(const struct ctx *c, size_t *a, size_t *b)
{
	static const char *const filler[] = {"the", "a", "number", "numbers", "of", "count", "amount", "overall", NULL};
	for (size_t i = 0; i < c->n; i++) {
		if ((!rd_is(c, i, "same") && !rd_is(c, i, "keep") && !rd_is(c, i, "identical")) || c->t[i].neg)
			continue;
		bool total = false;
		for (size_t k = i + 1; k < c->n && k <= i + 6; k++) {
			if (rd_sentence_end_after(c, k - 1) || (k > i + 1 && c->t[k - 1].trail == ','))
				break;
			if (rd_is(c, k, "total")) {
				total = true;
				continue;
			}
			if (is_node_unit(c->t[k].norm) && !total) {
				*a = i, *b = k;
				return KEEP_NODES;
			}
			if (is_gpu_unit(c->t[k].norm) || rd_is(c, k, "gpu")) {
				*a = i, *b = k;
				return KEEP_TOTAL;
			}
			if (!rd_is_any(c, k, filler)) {
				if (total) { /* "the same total as now" */
					*a = i, *b = k - 1;
					return KEEP_TOTAL;
				}
				break;
			}
		}
	}
	return KEEP_NONE;
}

void rd_keep_source_size(struct ctx *c)
{
	size_t a, b;
	enum keep k = same_size_phrase(c, &a, &b);
	if (k == KEEP_NONE)
		return;
	int nodes = c->src_nodes ? c->src_nodes : c->nodes_rank == RK_COPIED ? c->nodes : 0;
	/* a total stated as such, else nodes times GPUs per node, else a copied count (which may be tasks) */
	int total = c->src_total;
	if (!total && nodes > 0 && c->src_gpn > 0)
		total = nodes * c->src_gpn;
	if (!total && c->total_rank == RK_COPIED)
		total = c->total;
	bool own_size = c->nodes_rank > RK_COPIED || c->total_rank > RK_COPIED;
	if (own_size)
		return; /* the request states its own size: that one stands */
	if (k == KEEP_TOTAL && total > 0) {
		if (c->nodes_rank == RK_COPIED) {
			request_reject(c->req, RF_NODES, c->req->from[RF_NODES] ? c->req->from[RF_NODES] : "",
				       c->req->from[RF_NODES] ? strlen(c->req->from[RF_NODES]) : 0,
				       "the other system's node count; the request keeps its number of GPUs instead");
			c->nodes = 0;
			c->nodes_rank = RK_NONE;
			free(c->req->from[RF_NODES]);
			c->req->from[RF_NODES] = NULL;
		}
		c->total = total;
		c->total_rank = RK_PROSE;
		rd_set_from_toks(c, RF_TOTAL_GPUS, a, b);
		request_warn(c->req, "the same number of GPUs as where the job ran before: %d in total", total);
	} else if (k == KEEP_NODES && nodes > 0 && c->nodes_rank < RK_PROSE) {
		c->nodes = nodes;
		c->nodes_rank = RK_PROSE;
		rd_set_from_toks(c, RF_NODES, a, b);
	}
}
