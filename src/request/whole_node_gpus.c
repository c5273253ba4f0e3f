/* whole_node_gpus.c - "all GPUs on each node", "every GPU of each node in use", "all the GPUs per node":
 * each node's GPUs all used, said in words over a pasted script whose task count was its GPUs ("#SBATCH -N 4"
 * / "#SBATCH -n 4", one task per node for torchrun): the pasted GPUs per node and total give way, and the
 * node type gives the GPUs (rules.c). A count in the words ("all 4 GPUs on each node") is read by counts.c. */
#include "lexicon.h"
#include "reader.h"

#include <stdlib.h>

/* The end of "all (the|of the|its) GPUs" / "every GPU" at i, 0 when none there. */
static size_t all_gpus_at(const struct ctx *c, size_t i)
{
	size_t k = i + 1;
	if (rd_is(c, i, "all")) {
		if (rd_is(c, k, "of") && rd_is(c, k + 1, "the"))
			k += 2;
		else if (rd_is(c, k, "the") || rd_is(c, k, "its") || rd_is(c, k, "their"))
			k++;
	} else if (!rd_is(c, i, "every") && !rd_is(c, i, "each")) {
		return 0;
	}
	/* ("gpu" alone is a GPU here: "every GPU of each node") */
	if (k >= c->n || (!is_gpu_unit(c->t[k].norm) && !rd_is(c, k, "gpu")) || c->t[k].is_num)
		return 0;
	return k;
}

void rd_read_all_gpus_each_node(struct ctx *c)
{
	bool pasted_gpn = c->gpn_rank == RK_PASTED || c->gpn_rank == RK_COPIED;
	bool pasted_total = c->total_rank == RK_PASTED || c->total_rank == RK_COPIED;
	if ((!pasted_gpn && !pasted_total) || c->gpn_rank >= RK_PROSE)
		return;
	for (size_t i = 0; i + 3 < c->n; i++) {
		if (c->t[i].neg || c->t[i].source || rd_directive_line_at(c, c->t[i].start))
			continue;
		size_t k = all_gpus_at(c, i);
		if (!k)
			continue;
		/* "on each node", "of every node", "per node", "in the node"; or "all the GPUs each" */
		size_t p = k + 1;
		bool each = false;
		if (rd_is(c, p, "per") && is_node_unit(rd_norm_at(c, p + 1)))
			each = true;
		else if ((rd_is(c, p, "on") || rd_is(c, p, "of") || rd_is(c, p, "in")) &&
			 (rd_is(c, p + 1, "each") || rd_is(c, p + 1, "every") || rd_is(c, p + 1, "the") || rd_is(c, p + 1, "a")) &&
			 is_node_unit(rd_norm_at(c, p + 2)))
			each = true;
		else if (rd_is(c, p, "each") && !is_node_unit(rd_norm_at(c, p + 1)))
			each = true;
		if (!each)
			continue;
		if (pasted_gpn)
			rd_forget_count(c, RF_GPUS_PER_NODE);
		if (c->total_rank < RK_PROSE)
			rd_forget_count(c, RF_TOTAL_GPUS);
		return;
	}
}
