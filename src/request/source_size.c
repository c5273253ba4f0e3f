/* source_size.c - "the same number of GPUs (as now)", "the same total GPU count", "keep the node count":
 * the size of where the job ran before (recorded by the readers of pasted headers, of another system's
 * command and of prose said of it, in ctx's src_* fields) carried to the target, where the request
 * states no size of its own; "same as the job I ran yesterday (16 nodes)" carries it too, and a change
 * said relative to it ("we used 8 nodes last month; take half of that") applies to it. */
#include "lexicon.h"
#include "reader.h"

#include <stdlib.h>
#include <string.h>

/* Where the text says the size carries from where the job ran before: "same number of GPUs (as now)",
 * "the same total", "same GPU count" (KEEP_TOTAL), "same node count", "keep the node count (the same)",
 * "same number of nodes" (KEEP_NODES), "same shape", "same size", "same job" (its nodes where it states
 * them, else its GPUs); [*a, *b] its tokens. Only filler words may stand between "same" or
 * "keep" and the unit: "the same script on 4 nodes" keeps nothing. */
enum keep { KEEP_NONE, KEEP_NODES, KEEP_TOTAL };

/* Whether the words from k name an earlier run of the job: "the job I ran yesterday", "last week's
 * run", "my previous one", "before", "last time" (within a few words, in the same sentence). */
static bool same_as_run(const struct ctx *c, size_t k)
{
	static const char *const run[] = {"job", "run", "one", "before", "yesterday", "time", "submission", "jobs", "runs",
					  "setup", "config", "configuration", NULL};
	for (size_t q = k; q < c->n && q < k + 6; q++) {
		if (rd_is_any(c, q, run))
			return true;
		if (rd_sentence_end_after(c, q) || c->t[q].trail == ',')
			break;
	}
	return false;
}
static enum keep same_size_phrase(const struct ctx *c, size_t *a, size_t *b, bool *whole)
{
	*whole = false;
	/* (and the other things kept beside it: "same account and size", "same queue, time and node count") */
	static const char *const filler[] = {"the", "a", "number", "numbers", "of", "count", "amount", "overall", "and",
					     "account", "project", "queue", "partition", "qos", "walltime", "time", "script",
					     "&", NULL};
	static const char *const shape[] = {"shape", "size", "sizes", "layout", "geometry", "footprint", "resources",
					    "allocation", "job", "setup", NULL};
	for (size_t i = 0; i < c->n; i++) {
		if ((!rd_is(c, i, "same") && !rd_is(c, i, "keep") && !rd_is(c, i, "identical")) || c->t[i].neg)
			continue;
		bool total = false;
		for (size_t k = i + 1; k < c->n && k <= i + 6; k++) {
			/* (a comma between things kept: "same queue, time and node count") */
			if (rd_sentence_end_after(c, k - 1) ||
			    (k > i + 1 && c->t[k - 1].trail == ',' && !rd_is_any(c, k - 1, filler))) {
				if (total && rd_is(c, k - 1, "total")) { /* "I need the same total, ddp.py" */
					*a = i, *b = k - 1;
					return KEEP_TOTAL;
				}
				break;
			}
			if (rd_is(c, k, "total")) {
				total = true;
				continue;
			}
			if (is_node_unit(c->t[k].norm) && !total) {
				*a = i, *b = k;
				return KEEP_NODES;
			}
			/* "the same world size", "same world-size": the number of ranks, one per GPU */
			if ((rd_is(c, k, "world") && rd_is(c, k + 1, "size")) || rd_is(c, k, "world-size") ||
			    rd_is(c, k, "world_size")) {
				*a = i, *b = rd_is(c, k, "world") ? k + 1 : k;
				return KEEP_TOTAL;
			}
			if (is_gpu_unit(c->t[k].norm) || rd_is(c, k, "gpu")) {
				*a = i, *b = k;
				return KEEP_TOTAL;
			}
			/* "the same number of processes", "same ranks", "same slots (one GCD per slot)": one GPU each */
			if (rd_is_any(c, k, (const char *const[]){"processes", "ranks", "slots", "procs", NULL})) {
				*a = i, *b = k;
				return KEEP_TOTAL;
			}
			/* "same shape and time", "same size", "same job on Bridges-2 then", "keep the same layout":
			 * the whole size of where it ran before, its nodes where it states them */
			if (rd_is_any(c, k, shape) && rd_is(c, i, "same")) {
				*a = i, *b = k;
				*whole = true;
				return c->src_nodes || c->nodes_rank == RK_COPIED ? KEEP_NODES : KEEP_TOTAL;
			}
			/* "same as the Vista job I ran yesterday (16 nodes)", "same as last week's run" */
			if (rd_is(c, k, "as") && k == i + 1 && rd_is(c, i, "same") && same_as_run(c, k + 1)) {
				*a = i, *b = k;
				return c->src_nodes ? KEEP_NODES : KEEP_TOTAL;
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

/* "same shape and time", "same job on Bridges-2", "the same walltime": the text carries the time of where
 * the job ran (or was first asked) before, when it states none of its own. */
bool rd_same_time_said(const struct ctx *c)
{
	static const char *const carried[] = {"shape", "size", "layout", "job", "setup", "time", "times", "walltime",
					      "duration", "hours", "everything", "resources", "allocation", NULL};
	/* (and the other things kept beside it: "same queue, time and node count", "same account and time") */
	static const char *const filler[] = {"the", "a", "job's", "run's", "node", "nodes", "wall", "and", "queue",
					     "partition", "qos", "account", "project", "count", "&", NULL};
	for (size_t i = 0; i < c->n; i++) {
		if (!rd_is(c, i, "same") || c->t[i].neg)
			continue;
		for (size_t k = i + 1; k < c->n && k <= i + 6; k++) {
			/* not "at the same time" (at once) */
			if (rd_is(c, k, "time") && i >= 2 && rd_is(c, i - 1, "the") && rd_is(c, i - 2, "at"))
				break;
			if (rd_is_any(c, k, carried))
				return true;
			if (!rd_is_any(c, k, filler) || rd_sentence_end_after(c, k))
				break;
		}
	}
	return false;
}

/* "Port this DGX box command to Polaris and keep it on one node: torchrun --nproc_per_node 8 ...": the job
 * kept whole (its GPUs where it runs now) on the node count the words give; a total the request states
 * itself stands. */
static void keep_on_nodes(struct ctx *c)
{
	int total = c->src_total;
	if (!total && c->src_nodes > 0 && c->src_gpn > 0)
		total = c->src_nodes * c->src_gpn;
	if (!total && c->local_gpus > 0)
		total = c->local_gpus;
	if (total <= 0 || c->total_rank > RK_COPIED || c->gpn_rank > RK_COPIED || c->nodes_rank != RK_PROSE || c->nodes <= 0)
		return;
	static const char *const what[] = {"it", "this", "everything", "all", "that", "the", "job", "run", "everything", NULL};
	for (size_t i = 0; i + 3 < c->n; i++) {
		if (!rd_is(c, i, "keep") || c->t[i].neg || c->t[i].source)
			continue;
		size_t k = i + 1;
		while (k < c->n && k <= i + 3 && rd_is_any(c, k, what))
			k++;
		if (k == i + 1 || !rd_is(c, k, "on") || k + 2 >= c->n || !is_node_unit(rd_norm_at(c, k + 2)))
			continue;
		if (!(c->t[k + 1].is_num || rd_is(c, k + 1, "one") || rd_is(c, k + 1, "a") || rd_is(c, k + 1, "single")))
			continue;
		c->total = total;
		c->total_rank = RK_PROSE;
		rd_set_from_toks(c, RF_TOTAL_GPUS, i, k + 2);
		request_warn(c->req, "the job kept whole on %d node%s: the %d GPUs it runs on now", c->nodes, c->nodes == 1 ? "" : "s",
			     total);
		return;
	}
}

void rd_keep_source_size(struct ctx *c)
{
	keep_on_nodes(c);
	size_t a, b;
	bool whole; /* "same job", "same shape": the whole size, not a GPU or node count named */
	enum keep k = same_size_phrase(c, &a, &b, &whole);
	if (k == KEEP_NONE)
		return;
	int nodes = c->src_nodes ? c->src_nodes : c->nodes_rank == RK_COPIED ? c->nodes : 0;
	/* a total stated as such, else nodes times GPUs per node, else a copied count (which may be tasks) */
	int total = c->src_total;
	if (!total && nodes > 0 && c->src_gpn > 0)
		total = nodes * c->src_gpn;
	if (!total && c->total_rank == RK_COPIED)
		total = c->total;
	/* "torchrun --nnodes 1 --nproc_per_node 8 train.py\nsame number of GPUs on Vista": the size is only the
	 * command's or the pasted script's (written for another machine); the words keep its GPUs, which the
	 * target's nodes then hold (rules.c places them) */
	bool words_size = c->nodes_rank >= RK_PROSE && c->nodes_rank != RK_COMMAND;
	words_size = words_size || (c->total_rank >= RK_PROSE && c->total_rank != RK_COMMAND) ||
		     (c->gpn_rank >= RK_PROSE && c->gpn_rank != RK_COMMAND);
	bool cmd_nodes = c->nodes_rank == RK_COMMAND || c->nodes_rank == RK_PASTED;
	bool cmd_gpn = c->gpn_rank == RK_COMMAND || c->gpn_rank == RK_PASTED;
	bool cmd_total = c->total_rank == RK_COMMAND || c->total_rank == RK_PASTED;
	int cmd_size = cmd_nodes && cmd_gpn && c->nodes > 0 && c->gpn > 0 ? c->nodes * c->gpn
		       : cmd_total && c->total > 0 && (c->nodes_rank == RK_NONE || cmd_nodes) ? c->total : 0;
	/* "torchrun --nnodes 1 --nproc_per_node 8 ...\nsame number of nodes on Anvil": the command's node count
	 * on the target's nodes, whose GPUs per node it cannot exceed */
	if (k == KEEP_NODES && !words_size && cmd_gpn && c->cluster && c->gpn > cluster_max_gpus_per_node(c->cluster)) {
		request_warn(c->req, "the same nodes with %s's %d GPUs each (the command starts %d per node)", c->cluster->id,
			     cluster_max_gpus_per_node(c->cluster), c->gpn);
		c->gpn = 0;
		c->gpn_rank = RK_NONE;
		free(c->req->from[RF_GPUS_PER_NODE]), c->req->from[RF_GPUS_PER_NODE] = NULL;
		if (cmd_total)
			c->total = 0, c->total_rank = RK_NONE, (free(c->req->from[RF_TOTAL_GPUS]), c->req->from[RF_TOTAL_GPUS] = NULL);
		return;
	}
	/* "Same job as this one, just send it to gpuA40x4" over the target's own script (its directives rank as
	 * pasted, not as another system's): its size is the job's already */
	if (k == KEEP_TOTAL && whole && !total && !words_size && cmd_size > 0 && c->nodes_rank == RK_PASTED &&
	    c->gpn_rank == RK_PASTED && !c->src_nodes && !c->src_gpn && !c->src_total && c->cluster &&
	    c->gpn <= cluster_max_gpus_per_node(c->cluster))
		return;
	/* (and "2 x p4d.24xlarge ... torchrun --nnodes 2 --nproc_per_node 8 ...\nSame total GPU count on delta":
	 * the machines' GPUs in all, stated beside the command that ran on them) */
	if (k == KEEP_TOTAL && !words_size && (total ? cmd_nodes || cmd_gpn || cmd_total : cmd_size > 0)) {
		if (!total)
			total = cmd_size;
		c->nodes = c->gpn = 0;
		c->nodes_rank = c->gpn_rank = RK_NONE;
		free(c->req->from[RF_NODES]), c->req->from[RF_NODES] = NULL;
		free(c->req->from[RF_GPUS_PER_NODE]), c->req->from[RF_GPUS_PER_NODE] = NULL;
		c->total = total;
		c->total_rank = RK_PROSE;
		rd_set_from_toks(c, RF_TOTAL_GPUS, a, b);
		request_warn(c->req, "the same number of GPUs as the command or script runs: %d in total", total);
		return;
	}
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

/* "we used 8 nodes last month; take half of that", "same as yesterday's job (16 nodes) but with half
 * the nodes": a change of the node count whose base the request states only of an earlier run applies
 * to that run's count; one that does not divide it evenly leaves the node count to ask. */
void rd_relative_to_source(struct ctx *c)
{
	struct request *r = c->req;
	/* "the last run took 5 hours; give it twice that": the time of the earlier run, the duration said
	 * nearest before the change in what is fenced off as that run's */
	if (r->wall_mul && !r->walltime_min && !r->from[RF_WALLTIME] && c->rel_wall_base > 0) {
		/* "half the walltime of the 8h run": the base said after the change */
		r->walltime_min = c->rel_wall_base;
		request_set_from(r, RF_WALLTIME, c->text + c->t[c->rel_wall_at - 1].start, 1);
	}
	if (r->wall_mul && !r->walltime_min && !r->from[RF_WALLTIME] && c->rel_wall_at) {
		for (size_t k = c->rel_wall_at - 1; k > 0; k--) {
			const struct tok *t = &c->t[k - 1];
			int unit = k < c->n ? duration_unit(c->t[k].norm) : 0;
			if (!t->is_num || !t->source || !unit)
				continue;
			double m = t->num * unit;
			if (m >= 1 && m < 1e6) {
				r->walltime_min = (int)(m + 0.5);
				rd_set_from_toks(c, RF_WALLTIME, k - 1, c->rel_wall_at - 1);
			}
			break;
		}
	}
	/* "we ran on 8 GPUs on Delta; on Stampede3 twice that": the earlier run's GPU total, changed */
	int src_total = c->src_total > 0 ? c->src_total : c->src_nodes > 0 && c->src_gpn > 0 ? c->src_nodes * c->src_gpn : 0;
	if (r->gpus_mul && c->nodes_rank < RK_COPIED && !c->nodes && c->total_rank <= RK_COPIED && src_total > 0) {
		long v = (long)src_total * r->gpus_mul;
		if (v % r->gpus_div || v / r->gpus_div > 1000000 || v / r->gpus_div < 1) {
			request_warn(r, "%d GPUs of the earlier run cannot be halved evenly: the size is left to ask", src_total);
		} else {
			c->total = (int)(v / r->gpus_div);
			c->total_rank = RK_PROSE;
			request_warn(r, "%d GPUs: %s the %d of the earlier run", c->total,
				     r->gpus_div > 1 ? "half" : r->gpus_mul == 2 ? "twice" : "three times", src_total);
		}
		r->gpus_mul = r->gpus_div = 0;
	}
	/* "we used 4 nodes last time; 2 more nodes this time" */
	if (r->nodes_add && c->nodes_rank < RK_COPIED && !c->nodes && c->total_rank <= RK_COPIED && c->src_nodes > 0 &&
	    c->src_nodes + r->nodes_add >= 1) {
		c->nodes = c->src_nodes + r->nodes_add;
		c->nodes_rank = RK_PROSE;
		if (r->nodes_add < 0) /* "one node fewer" */
			request_warn(r, "%d nodes: the %d of the earlier run and %d fewer", c->nodes, c->src_nodes, -r->nodes_add);
		else
			request_warn(r, "%d nodes: the %d of the earlier run and %d more", c->nodes, c->src_nodes, r->nodes_add);
		r->nodes_add = 0;
	}
	if (!r->nodes_mul || c->nodes_rank >= RK_COPIED || c->nodes > 0 || c->total_rank > RK_COPIED || c->src_nodes <= 0)
		return;
	long v = (long)c->src_nodes * r->nodes_mul;
	if (v % r->nodes_div || v / r->nodes_div > 100000 || v / r->nodes_div < 1) {
		request_warn(r, "%d nodes of the earlier run cannot be %s evenly: the node count is left to ask", c->src_nodes,
			     r->nodes_div > 1 ? "halved" : "scaled");
	} else {
		c->nodes = (int)(v / r->nodes_div);
		c->nodes_rank = RK_PROSE;
		request_warn(r, "%d nodes: %s the %d of the earlier run", c->nodes,
			     r->nodes_div > 1 ? "half" : r->nodes_mul == 2 ? "twice" : "three times", c->src_nodes);
	}
	r->nodes_mul = r->nodes_div = 0;
}
