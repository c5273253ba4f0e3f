/* whole_node_gpus.c - "all GPUs on each node", "every GPU of each node in use", "all the GPUs per node", "all the
 * GPUs it really has":
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

/* The end of "(it|the node|the nodes|each node|they) [really|actually] (has|have)" at i, 0 when none: what the
 * node holds. */
static size_t node_has_at(const struct ctx *c, size_t i)
{
	static const char *const really[] = {"really", "actually", "physically", "truly", "in", NULL};
	static const char *const has[] = {"has", "have", "holds", "hold", "offers", "provides", "carries", NULL};
	size_t k = i;
	if (rd_is(c, k, "it") || rd_is(c, k, "they"))
		k++;
	else if ((rd_is(c, k, "the") || rd_is(c, k, "each") || rd_is(c, k, "a") || rd_is(c, k, "every")) &&
		 is_node_unit(rd_norm_at(c, k + 1)))
		k += 2;
	else
		return 0;
	if (rd_is_any(c, k, really) && !rd_is(c, k, "in"))
		k++;
	return rd_is_any(c, k, has) ? k : 0;
}

/* "all the GPUs it really has", "every GPU each node actually has", "as many GPUs as the node has", "the real
 * number of GPUs", "whatever the nodes really have" (after a count of GPUs the text rejects): the node's own
 * count, over a count said before it (a header's --gres=gpu:8 that the scheduler refused). The GPUs per node
 * and the total are forgotten, and the node type gives them (rules.c). */
static void read_node_full_count(struct ctx *c)
{
	if (!c->gpn && !c->total)
		return;
	for (size_t i = 0; i + 2 < c->n; i++) {
		if (c->t[i].neg || c->t[i].source || rd_directive_line_at(c, c->t[i].start))
			continue;
		size_t k = all_gpus_at(c, i), e = 0;
		if (k)
			e = node_has_at(c, k + 1);
		/* "as many GPUs as the node has" */
		if (!e && rd_is(c, i, "as") && rd_is(c, i + 1, "many") && i + 3 < c->n &&
		    (is_gpu_unit(c->t[i + 2].norm) || rd_is(c, i + 2, "gpu")) && rd_is(c, i + 3, "as"))
			e = node_has_at(c, i + 4);
		/* "the real number of GPUs", "the actual GPU count" */
		if (!e && (rd_is(c, i, "real") || rd_is(c, i, "actual")) && i > 0 && rd_is(c, i - 1, "the")) {
			if (rd_is(c, i + 1, "number") && rd_is(c, i + 2, "of") && i + 3 < c->n &&
			    (is_gpu_unit(c->t[i + 3].norm) || rd_is(c, i + 3, "gpu")))
				e = i + 3;
			else if ((is_gpu_unit(c->t[i + 1].norm) || rd_is(c, i + 1, "gpu")) && rd_is(c, i + 2, "count"))
				e = i + 2;
		}
		/* "whatever the nodes really have" */
		if (!e && rd_is(c, i, "whatever"))
			e = node_has_at(c, i + 1);
		if (!e || c->gpn_corr > c->t[i].corr)
			continue;
		rd_forget_count(c, RF_GPUS_PER_NODE);
		rd_forget_count(c, RF_TOTAL_GPUS);
		for (size_t q = i; q <= e; q++)
			c->t[q].used = true;
		return;
	}
}

void rd_read_all_gpus_each_node(struct ctx *c)
{
	read_node_full_count(c);
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
