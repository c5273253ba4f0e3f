/* command_counts.c - node and GPU counts a typed launch command states as options ("srun --nodes 2",
 * "torchrun --nproc_per_node=4", "mpiexec -np 8 --ppn 4", "-l select=2:ngpus=4"), and the command's GPUs per
 * node dropped when it runs on another cluster than the target. */
#include "lexicon.h"
#include "reader.h"
#include "../util/byteset.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The count after a flag; NO_FLAG_VALUE when none follows. A number past the reader's range (or not
 * whole) is -999999, said like any count: rules_apply names it in an error. */
#define NO_FLAG_VALUE (-1000000000)
static int flag_value(const struct ctx *c, size_t i, size_t *vi)
{
	if (i + 1 < c->n && c->t[i + 1].is_num && !c->t[i + 1].num_word) {
		*vi = i + 1;
		return rd_as_count(c->t[i + 1].num);
	}
	return NO_FLAG_VALUE;
}

/* Whether the MPI launch line after token v runs a shell script ("./run.sh", "bash run.sh"): 0 no, 1 yes,
 * 2 yes with one task per node ("--map-by ppr:1:node", "--ppn 1", "-npernode 1"). */
static int wrapper_script_after(const struct ctx *c, size_t v)
{
	bool one = false;
	for (size_t k = v + 1; k < c->n && !rd_newline_between(c, k - 1, k); k++) {
		const char *w = c->t[k].norm;
		size_t l = strlen(w);
		if (!strncmp(w, "ppr:1:node", 10) || ((!strcmp(w, "--ppn") || !strcmp(w, "-ppn") || !strcmp(w, "-npernode") ||
						      !strcmp(w, "--npernode")) && rd_is(c, k + 1, "1")))
			one = true;
		if (l > 3 && !strcmp(w + l - 3, ".sh"))
			return one ? 2 : 1;
		if (l > 3 && !strcmp(w + l - 3, ".py"))
			return 0;
	}
	return 0;
}

/* Whether text offset pos lies on a "#COBALT" directive line. */
static bool cobalt_line(const struct ctx *c, size_t pos)
{
	size_t a = pos;
	while (a > 0 && c->text[a - 1] != '\n')
		a--;
	while (a < pos && (c->text[a] == ' ' || c->text[a] == '\t'))
		a++;
	return pos - a >= 7 && !strncmp(c->text + a, "#COBALT", 7);
}

/* Whether the option at text offset pos belongs to a text tool, not a launcher: the first word of its
 * command (back to the line's start or a '|', ';', '&', '(' or '`' before it) is one ("$(scontrol show
 * hostnames $SLURM_NODELIST | head -n 1)", "tail -n 50 log", "seq -s ' ' 4"). */
static bool text_tool_option(const struct ctx *c, size_t pos)
{
	static const char *const tools[] = {"head", "tail", "sort", "uniq", "grep", "cut", "wc", "tr", "sed", "awk",
					    "xargs", "seq", "echo", "printf", "ls", "find", "cat", "read", "shuf",
					    "fold", "tee", "date", "sleep", "nl", "paste", "column", "split", NULL};
	size_t a = pos;
	while (a > 0 && !strchr("\n|;&(`", c->text[a - 1]))
		a--;
	while (a < pos && (c->text[a] == ' ' || c->text[a] == '\t'))
		a++;
	size_t w = 0;
	while (a + w < pos && (isalnum((unsigned char)c->text[a + w]) || c->text[a + w] == '_'))
		w++;
	for (size_t k = 0; tools[k]; k++)
		if (strlen(tools[k]) == w && !strncmp(c->text + a, tools[k], w) &&
		    (a + w >= c->len || c->text[a + w] == ' ' || c->text[a + w] == '\t'))
			return true;
	return false;
}

/* Whether the rest of the logical line from text offset pos (continued lines joined) starts a per-node
 * launcher: "srun --ntasks-per-node=1 bash -c \"torchrun --nproc_per_node=4 ...\"" runs one torchrun per
 * node, so its 1 is tasks per node, not GPUs. */
static bool per_node_launcher_after(const struct ctx *c, size_t pos)
{
	static const char *const launchers[] = {"torchrun", "torch.distributed.run", "torch.distributed.launch",
						"accelerate launch", "deepspeed ", NULL};
	size_t e = pos;
	while (e < c->len && !(c->text[e] == '\n' && (e == 0 || c->text[e - 1] != '\\')))
		e++;
	for (size_t k = 0; launchers[k]; k++)
		if (mem_find(c->text + pos, e - pos, launchers[k], strlen(launchers[k])))
			return true;
	return false;
}

/* Counts given as a launcher's or scheduler's options: "--nodes 2", "--nproc_per_node=4", "-np 8", "-N2",
 * "--gres gpu:4", "select=2:ngpus=4", "--gpus=v100-32:16". */
void rd_read_count_flags(struct ctx *c)
{
	static const char *const node_flags[] = {"--nodes", "--nnodes", "--num_nodes", "--num-nodes", "--num_machines",
						 "-nnodes" /* LSF bsub (Summit) */,
						 "--num-machines", "--node", "nnodes", "num_nodes", "--nodes_count",
						 NULL};
	static const char *const gpn_flags[] = {"--nproc_per_node", "--nproc-per-node", "--gpus-per-node",
						"--gpus_per_node",  "--ntasks-per-node", "--ntasks_per_node",
						"--num_gpus",	    "--num-gpus",	 "--ngpus", "ppn", "--ppn", "nproc_per_node",
						"gpus_per_node",    "ngpus", "--gpus-per-task-node", "--tasks-per-node",
						"--npernode", "-npernode", "gpus-per-node", NULL};
	static const char *const total_flags[] = {"--ntasks", "-np", "--np", "--num_processes", "--num-processes",
						  "--gpus", "--world_size", "--world-size", "world_size", "--total_gpus",
						  NULL};
	for (size_t i = 0; i < c->n; i++) {
		struct tok *t = &c->t[i];
		size_t vi = 0;
		int v;
		if (t->raw[0] == '-' && text_tool_option(c, t->start))
			continue;
		/* Cobalt's "-n" is its node count ("#COBALT -n 2 -t 60 -q full-node", ALCF's Theta/ThetaGPU) */
		bool cobalt_nodes = !strcmp(t->raw, "-n") && cobalt_line(c, t->start);
		if (rd_in_list(t->norm, node_flags) || !strcmp(t->raw, "-N") || cobalt_nodes) {
			if ((v = flag_value(c, i, &vi)) != NO_FLAG_VALUE) {
				rd_say_nodes(c, v, i, vi);
				c->t[i].used = c->t[vi].used = true;
			}
		} else if (rd_in_list(t->norm, gpn_flags)) {
			if ((v = flag_value(c, i, &vi)) != NO_FLAG_VALUE && v == 1 && t->norm[0] == '-' &&
			    (strstr(t->norm, "tasks") || strstr(t->norm, "ppn") || strstr(t->norm, "pernode")) &&
			    per_node_launcher_after(c, c->t[vi].end)) {
				/* one launcher per node: the launcher's own count says the GPUs */
				c->t[i].used = c->t[vi].used = true;
			} else if (v != NO_FLAG_VALUE) {
				rd_say_gpn(c, v, i, vi);
				c->t[i].used = c->t[vi].used = true;
			}
		} else if ((!strcmp(t->norm, "--gpus") || !strcmp(t->raw, "-G")) && i + 1 < c->n &&
			   strchr(c->t[i + 1].norm, ':') && isdigit((unsigned char)strrchr(c->t[i + 1].norm, ':')[1])) {
			/* "--gpus=v100-32:16", "-G a100:8": a GPU type and the job's total */
			rd_say_total(c, rd_as_count(strtod(strrchr(c->t[i + 1].norm, ':') + 1, NULL)), i, i + 1);
			c->t[i].used = c->t[i + 1].used = true;
		} else if (rd_in_list(t->norm, total_flags) || !strcmp(t->raw, "-n") || !strcmp(t->raw, "-G")) {
			if ((v = flag_value(c, i, &vi)) != NO_FLAG_VALUE) {
				/* "ibrun -np 2 ./run.sh" where run.sh runs "torchrun --nnodes=2 --nproc_per_node=3": one
				 * task per node, each starting its node's processes */
				bool mpi_n = !strcmp(t->raw, "-np") || !strcmp(t->raw, "-n") || !strcmp(t->norm, "--np");
				int wrap = mpi_n ? wrapper_script_after(c, vi) : 0;
				if (mpi_n && (c->nodes_rank == RK_COMMAND || c->nodes_rank == RK_PASTED) && c->nodes == v &&
				    (((c->gpn_rank == RK_COMMAND || c->gpn_rank == RK_PASTED) && c->gpn > 1) ||
				     ((c->total_rank == RK_COMMAND || c->total_rank == RK_PASTED) && c->total > v)))
					rd_say_nodes(c, v, i, vi);
				else if (wrap == 2) /* "mpirun -np 2 --map-by ppr:1:node ./acc.sh" */
					rd_say_nodes(c, v, i, vi);
				else if (wrap == 1) /* "ibrun -np 8 ./run.sh": tasks of a script, not GPUs */
					rd_reject_span(c, RF_TOTAL_GPUS, i, vi, RK_PROSE, "tasks that start a shell script, not training processes");
				else
					rd_say_total(c, v, i, vi);
				c->t[i].used = c->t[vi].used = true;
			}
		} else if (!strncmp(t->raw, "-N", 2) && isdigit((unsigned char)t->raw[2])) {
			rd_say_nodes(c, atoi(t->raw + 2), i, i);
			t->used = true;
		} else if (!strncmp(t->raw, "-n", 2) && isdigit((unsigned char)t->raw[2]) && !strchr(t->raw, 'x')) {
			rd_say_total(c, atoi(t->raw + 2), i, i);
			t->used = true;
		} else if (!strcmp(t->norm, "--gres") && i + 1 < c->n) {
			/* gpu:4 or gpu:a100:4 */
			const char *g = c->t[i + 1].norm;
			const char *last = strrchr(g, ':');
			if (!strncmp(g, "gpu", 3) && last && isdigit((unsigned char)last[1])) {
				rd_say_gpn(c, atoi(last + 1), i, i + 1);
				c->t[i].used = c->t[i + 1].used = true;
			}
		} else if (!strncmp(t->norm, "select=", 7)) {
			/* PBS: select=2:ngpus=4:system=polaris */
			rd_say_nodes(c, atoi(t->norm + 7), i, i);
			const char *g = strstr(t->norm, "ngpus=");
			if (g)
				rd_say_gpn(c, atoi(g + 6), i, i);
			t->used = true;
		}
	}
}

/* The typed command's GPUs per node dropped: they are those of the cluster (name) it runs or ran on; its
 * node and GPU counts become that cluster's too, standing only where the request states none ("Moving
 * this from Delta: srun --nodes=2 ... On Bridges-2 I'd like a single node": one node). */
static void drop_command_gpn(struct ctx *c, const char *name, const char *verb)
{
	if (!c->src_gpn)
		c->src_gpn = c->gpn;
	if (c->nodes_rank == RK_COMMAND || c->nodes_rank == RK_PASTED)
		c->nodes_rank = RK_COPIED;
	if (c->total_rank == RK_COMMAND || c->total_rank == RK_PASTED)
		c->total_rank = RK_COPIED;
	const char *from = c->req->from[RF_GPUS_PER_NODE];
	request_reject(c->req, RF_GPUS_PER_NODE, from ? from : "", from ? strlen(from) : 0,
		       "the command's GPUs per node are those of the cluster it ran on");
	request_warn(c->req, "the command %s on %s; its %d GPUs per node are not carried over", verb, name, c->gpn);
	free(c->req->from[RF_GPUS_PER_NODE]);
	c->req->from[RF_GPUS_PER_NODE] = NULL;
	c->gpn = 0;
	c->gpn_rank = RK_NONE;
}

/* The cluster a name token at k is part of: its word joined with the word after or before it first
 * ("Delta AI", "Lonestar 6": DeltaAI, not Delta), else its own word. */
static const struct cluster *cluster_named_at(const struct ctx *c, size_t k)
{
	if (!c->t[k].cluster)
		return NULL;
	char joined[96];
	for (int side = 0; side < 2; side++) {
		size_t a = side ? k - 1 : k, b = side ? k : k + 1;
		if ((side && k == 0) || b >= c->n || !c->t[a].cluster || !c->t[b].cluster)
			continue;
		if ((size_t)snprintf(joined, sizeof joined, "%s %s", c->t[a].norm, c->t[b].norm) >= sizeof joined)
			continue;
		const struct cluster *cl = match_cluster_name(c->repo, joined);
		if (cl)
			return cl;
	}
	return match_cluster_name(c->repo, c->t[k].norm);
}

/* "`torchrun --nproc_per_node=4 train.py` works on Polaris. I need it on Bridges-2": the command's GPUs
 * per node are those of the cluster it ran on, not the target's. */
void rd_fence_source_command(struct ctx *c)
{
	if (!c->cmd_end || (c->gpn_rank != RK_COMMAND && c->gpn_rank != RK_PASTED))
		return;
	/* "This is what I run on Lonestar6:\n torchrun --nproc_per_node=3 ...": another cluster named in the
	 * lines that lead to the command (its own, up to three before it, no paragraph break) is where it runs */
	size_t first = 0;
	while (first < c->n && c->t[first].start < c->cmd_start)
		first++;
	for (size_t k = first, lines = 0; k > 0 && first - k < 40; k--) {
		if (rd_newline_between(c, k - 1, k) &&
		    (++lines > 3 || memmem(c->text + c->t[k - 1].end, c->t[k].start - c->t[k - 1].end, "\n\n", 2)))
			break;
		const struct cluster *named = cluster_named_at(c, k - 1);
		if (named && c->cluster && named != c->cluster && !c->t[k - 1].neg) {
			drop_command_gpn(c, c->t[k - 1].raw, "runs");
			return;
		}
		if (named)
			break; /* the target named nearest before it */
	}
	for (size_t i = 0; i < c->n; i++) {
		if (c->t[i].start < c->cmd_end)
			continue;
		const struct cluster *named = cluster_named_at(c, i);
		if (named && c->cluster && named != c->cluster) {
			drop_command_gpn(c, c->t[i].raw, "ran");
			return;
		}
		if (rd_sentence_end_after(c, i))
			return;
	}
}

