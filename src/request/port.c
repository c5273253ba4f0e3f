/* port.c - porting: an old script's request re-aimed at another cluster. */
#include "port.h"

#include "rules.h"

#include <stdlib.h>
#include <string.h>

/* Removes --deepspeed / --deepspeed_config FILE / --deepspeed FILE.json from the arguments: the
 * target's template passes the config maple writes. Returns the removed text (or NULL). */
static void drop_ds_args(struct request *r)
{
	struct shwords kept;
	shwords_init(&kept);
	struct strbuf removed = STRBUF_INIT;
	for (size_t i = 0; i < r->args.nr; i++) {
		struct shword *w = &r->args.v[i];
		const char *v = w->value;
		bool cfg = !strcmp(v, "--deepspeed_config") || !strcmp(v, "--deepspeed-config") ||
			   !strcmp(v, "--deepspeed_config_file");
		bool flag = !strcmp(v, "--deepspeed");
		bool eq = !strncmp(v, "--deepspeed=", 12) || !strncmp(v, "--deepspeed_config=", 19);
		if (cfg || flag || eq) {
			strbuf_addf(&removed, "%s%s", removed.len ? " " : "", v);
			bool takes = cfg || (flag && i + 1 < r->args.nr && r->args.v[i + 1].value[0] != '-' &&
					     (strstr(r->args.v[i + 1].value, ".json") || strstr(r->args.v[i + 1].value, "$")));
			if (takes && i + 1 < r->args.nr) {
				strbuf_addf(&removed, " %s", r->args.v[i + 1].value);
				shword_release(&r->args.v[i + 1]);
				shword_release(w);
				i++;
				continue;
			}
			shword_release(w);
			continue;
		}
		shwords_push(&kept, w);
	}
	free(r->args.v);
	r->args = kept;
	if (removed.len)
		request_warn(r, "`%s` replaced: the target's template passes the DeepSpeed config maple writes for %s "
				"(copy any settings you need from the old config into it)",
			     removed.buf, strategy_name(r->strategy));
	strbuf_release(&removed);
}

void port_request(struct script_reading *sr, const struct cluster *target, struct request *req)
{
	script_to_request(sr, req);
	for (size_t i = 0; i < sr->dropped.nr; i++)
		request_warn(req, "%s", sr->dropped.v[i]);
	request_set(&req->cluster, target->id);
	request_set_from(req, RF_CLUSTER, "--to", 4);
	/* GPUs per node: the port uses whole target nodes (say "N GPUs per node" to use fewer) */
	int T = target->hw.gpus_per_node, G = req->gpus_per_node;
	if (T > 0 && G != T) {
		int n = req->nodes > 0 ? req->nodes : 1;
		if (G > 0)
			request_warn(req,
				     "%d GPU workers per node on the old cluster, %d GPUs per node on %s: the job now runs %d x "
				     "%d = %d workers instead of %d; scale the batch size or learning rate if they depend on "
				     "the world size (or say \"%d GPUs per node\")",
				     G, T, target->name, n, T, n * T, n * G, G);
		req->gpus_per_node = T;
	}
	req->total_gpus = 0;
	/* walltime: kept when a queue allows it */
	if (req->walltime_min > 0) {
		int max = cluster_max_walltime(target, req->nodes > 0 ? req->nodes : 1);
		if (max > 0 && req->walltime_min > max) {
			char a[32], b[32];
			format_walltime(req->walltime_min, a, sizeof(a));
			format_walltime(max, b, sizeof(b));
			request_warn(req, "walltime %s is more than %s allows for %d nodes: using %s (split the run and resume "
					  "from a checkpoint)",
				     a, target->name, req->nodes > 0 ? req->nodes : 1, b);
			req->walltime_min = max;
		}
	}
	if (req->framework == FW_DEEPSPEED)
		drop_ds_args(req);
	/* scheduler variables in the arguments do not exist under the other scheduler */
	for (size_t i = 0; i < req->args.nr; i++) {
		const struct shword *w = &req->args.v[i];
		for (size_t k = 0; k < w->nsegs; k++) {
			const char *v = w->segs[k].kind == SEG_VAR ? w->segs[k].text : NULL;
			if (!v)
				continue;
			bool slurm = !strncmp(v, "SLURM_", 6), pbs = !strncmp(v, "PBS_", 4);
			if ((slurm && target->scheduler != SCHED_SLURM) || (pbs && target->scheduler != SCHED_PBS))
				request_warn(req, "argument %s uses $%s, which %s does not set on %s", w->value, v,
					     target->scheduler == SCHED_PBS ? "PBS" : "Slurm", target->name);
		}
	}
}
