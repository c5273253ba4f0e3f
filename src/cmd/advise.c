/* advise.c - `maple advise`: parameter count, per-GPU memory under DDP, FSDP and ZeRO-1/2/3, the
 * strategy and smallest GPU/node count for a cluster, and (with a log) the walltime to request. */
#include "cmd.h"

#include "../util/num.h"

#include "../advise/job.h"
#include "../advise/memory.h"
#include "../advise/models.h"
#include "../advise/offload.h"
#include "../advise/walltime.h"
#include "../inspect/inspect.h"
#include "../logs/logread.h"
#include "../request/extract.h"
#include "../util/strvec.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
	"maple advise [--json] [--cluster ID] (--model NAME | --params N | --dir DIR [--cmd CMD])\n"
	"             [--precision bf16|fp16|fp32] [--micro-batch N] [--seq N | --resolution PX] [--recompute none|selective|full]\n"
	"             [--attention flash|sdpa|eager] [--offload cpu|optimizer]\n"
	"             [--gpus N | --nodes N] [--log FILE [--log-gpus N]] [--queue NAME]\n"
	"       maple advise --list-models";
static const char about[] =
	"Estimates per-GPU memory for training a model (16 bytes per parameter for mixed-precision Adam,\n"
	"sharded as DDP, ZeRO-1/2/3 or FSDP, plus activations and a fixed overhead), compares it with the\n"
	"cluster's GPUs and recommends a strategy and the smallest GPU and node count, showing the\n"
	"arithmetic. With --log (a log of the same job) it estimates the wall time for the resources asked\n"
	"and suggests a walltime with margin within the queue's limit.\n"
	"Example: maple advise --model llama-2-7b --cluster perlmutter\n"
	"Exit status: 0 ok, 2 error (unknown model or cluster, unreadable log).";

static json_t *gib(double bytes)
{
	return json_real(round(bytes / GIB * 100) / 100);
}

static const char *const st_keys[ST_COUNT] = {"ddp", "fsdp", "zero1", "zero2", "zero3"};

static json_t *breakdown_json(const struct mem_breakdown *b)
{
	json_t *o = json_object();
	json_object_set_new(o, "weights", gib(b->weights));
	json_object_set_new(o, "gradients", gib(b->grads));
	json_object_set_new(o, "optimizer", gib(b->optim));
	json_object_set_new(o, "model_states", gib(b->model_states));
	json_object_set_new(o, "activations", gib(b->activations));
	json_object_set_new(o, "gathered_layers", gib(b->gathered));
	json_object_set_new(o, "overhead", gib(b->overhead));
	json_object_set_new(o, "total", gib(b->total));
	return o;
}

static int list_models(const struct model_db *db)
{
	printf("%-14s %-20s %14s  %s\n", "family", "id", "parameters", "source");
	for (size_t i = 0; i < model_db_count(db); i++) {
		const struct model_info *m = model_db_at(db, i);
		printf("%-14s %-20s %14.4g  %s\n", m->family, m->id, m->params, m->source);
	}
	return EXIT_OK;
}

int cmd_advise(int argc, char **argv)
{
	bool json = false, list = false;
	const char *cluster_id = NULL, *model = NULL, *params_s = NULL, *dir = NULL, *cmdline = NULL, *precision = NULL,
		   *mb_s = NULL, *seq_s = NULL, *res_s = NULL, *recompute = NULL, *attention = NULL, *gpus_s = NULL, *nodes_s = NULL, *log = NULL,
		   *log_gpus_s = NULL, *queue = NULL, *data_dir = NULL, *framework = NULL, *offload_s = NULL;
	const struct opt opts[] = {
		{0, "json", OPT_FLAG, NULL, "print one JSON object (params, memory_gib_per_gpu, recommended, explain ...)", &json},
		{0, "cluster", OPT_STRING, "ID", "the target cluster (its GPU memory and GPUs per node)", &cluster_id},
		{0, "model", OPT_STRING, "NAME", "a known model (llama-2-7b, gpt2-xl, bert-base ...; --list-models)", &model},
		{0, "params", OPT_STRING, "N", "the parameter count instead of a model (1.3B, 350M, 6738415616)", &params_s},
		{0, "dir", OPT_STRING, "DIR", "the job's directory: model, batch, precision, framework from `maple inspect`",
		 &dir},
		{0, "cmd", OPT_STRING, "CMD", "the launch command (with --dir)", &cmdline},
		{0, "framework", OPT_STRING, "NAME", "pytorch | deepspeed | accelerate (limits the strategies)", &framework},
		{0, "precision", OPT_STRING, "P", "bf16 | fp16 (mixed, the default) | fp32", &precision},
		{0, "micro-batch", OPT_STRING, "N", "samples per GPU per step (default: the job's, else 1)", &mb_s},
		{0, "seq", OPT_STRING, "N", "sequence length (default: the job's, else the model's, else 2048)", &seq_s},
		{0, "resolution", OPT_STRING, "PX", "image side in pixels of a vision or diffusion transformer (vit-l-16, dit-xl-2): its tokens are the sequence", &res_s},
		{0, "recompute", OPT_STRING, "R", "activation recomputation: none | selective | full (default: the level that needs the fewest nodes)", &recompute},
		{0, "offload", OPT_STRING, "WHAT", "ZeRO-3 with cpu (parameters and optimizer states) or optimizer (its states alone) in host memory: the nodes the host memory needs", &offload_s},
		{0, "attention", OPT_STRING, "A", "flash | sdpa (memory-efficient attention: no score matrices kept) | eager (default: the job's, else eager)", &attention},
		{0, "gpus", OPT_STRING, "N", "the GPU count to evaluate (default: one node)", &gpus_s},
		{0, "nodes", OPT_STRING, "N", "the node count to evaluate (x the cluster's GPUs per node)", &nodes_s},
		{0, "log", OPT_STRING, "FILE", "a log of the same job: estimate the wall time", &log},
		{0, "log-gpus", OPT_STRING, "N", "the GPUs the logged run used (default: the same as --gpus)", &log_gpus_s},
		{0, "queue", OPT_STRING, "NAME", "the queue whose walltime limit applies (default: the cluster's)", &queue},
		{0, "data-dir", OPT_STRING, "DIR", "extra data directory (clusters/, models/)", &data_dir},
		{0, "list-models", OPT_FLAG, NULL, "list the known models with their parameter counts and sources", &list},
		{0, NULL, OPT_FLAG, NULL, NULL, NULL},
	};
	struct strvec rest = STRVEC_INIT;
	int pr = opts_parse_files(argc, argv, opts, usage, about, &rest);
	if (pr) {
		strvec_clear(&rest);
		return pr > 0 ? EXIT_OK : EXIT_ERROR;
	}
	if (rest.nr) {
		fprintf(stderr, "maple advise: unexpected '%s' (usage: %s)\n", rest.v[0], usage);
		strvec_clear(&rest);
		return EXIT_ERROR;
	}
	strvec_clear(&rest);
	struct maple_error err;
	struct strvec dirs = STRVEC_INIT;
	repo_default_dirs(&dirs, data_dir);
	struct model_db *db = model_db_open(&dirs, &err);
	strvec_clear(&dirs);
	if (!db) {
		fprintf(stderr, "maple advise: invalid model data files:\n%s\n", err.text);
		data_error_hint(err.text);
		return EXIT_ERROR;
	}
	if (list) {
		int rc = list_models(db);
		model_db_destroy(db);
		return rc;
	}
	int rc = EXIT_ERROR;
	struct repo *repo = NULL;
	json_t *insp = NULL, *out = NULL;
	struct advice adv;
	bool have_adv = false;
	struct strbuf pfrom = STRBUF_INIT, seq_from = STRBUF_INIT;
	struct log_report lr;
	log_report_init(&lr);
	/* numbers */
	double params = 0;
	int mb = 0, seq = 0, gpus = 0, nodes = 0, log_gpus = 0, res = 0;
	struct {
		const char *s, *name;
		int *v;
	} ints[] = {{mb_s, "--micro-batch", &mb}, {seq_s, "--seq", &seq}, {gpus_s, "--gpus", &gpus}, {nodes_s, "--nodes", &nodes},
		    {log_gpus_s, "--log-gpus", &log_gpus}, {res_s, "--resolution", &res}};
	for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) {
		if (!ints[i].s)
			continue;
		struct maple_error nerr;
		if (num_parse_int(ints[i].s, 1, 10000000, ints[i].v, ints[i].name, &nerr) < 0) {
			fprintf(stderr, "maple advise: %s\n", nerr.text);
			goto done;
		}
	}
	if (params_s && (params = parse_param_count(params_s)) <= 0) {
		fprintf(stderr, "maple advise: --params '%s' is not a count (write 1.3B, 350M or 6738415616)\n", params_s);
		goto done;
	}
	/* the figures below are products of the count: past any model (1e15 is 500x the largest published),
	 * or under one parameter, they mean nothing (and 1e30 would overflow the JSON's integer) */
	if (params_s && (params < 1 || params > 1e15)) {
		fprintf(stderr, "maple advise: --params '%s' is out of range (1 to 1e15 parameters)\n", params_s);
		goto done;
	}
	if (precision && precision_from_name(precision) < 0) {
		fprintf(stderr, "maple advise: --precision '%s' is not bf16, fp16 or fp32\n", precision);
		goto done;
	}
	if (offload_s && offload_from_name(offload_s) < 0) {
		fprintf(stderr, "maple advise: --offload '%s' is not cpu, optimizer or none (cpu: the parameters and the "
				"optimizer states in host memory, DeepSpeed's offload_param and offload_optimizer)\n",
			offload_s);
		goto done;
	}
	if (recompute && recompute_from_name(recompute) < 0) {
		fprintf(stderr, "maple advise: --recompute '%s' is not none, selective or full\n", recompute);
		goto done;
	}
	if (framework && strcmp(framework, "pytorch") && strcmp(framework, "deepspeed") && strcmp(framework, "accelerate") &&
	    strcmp(framework, "lightning")) {
		fprintf(stderr, "maple advise: --framework '%s' is not pytorch, deepspeed, accelerate or lightning\n", framework);
		goto done;
	}
	const struct cluster *cl = NULL;
	if (cluster_id) {
		repo = open_repo(data_dir);
		if (!repo)
			goto done;
		/* ID:NODETYPE or ID:QUEUE: the cluster as that node type sees it; a --queue picks its node type */
		cl = strchr(cluster_id, ':') ? repo_cluster_view(repo, cluster_id) : match_cluster_name(repo, cluster_id);
		if (cl && queue && !strchr(cluster_id, ':')) {
			char spec[256];
			snprintf(spec, sizeof(spec), "%s:%s", cl->id, queue);
			const struct cluster *v = repo_cluster_view(repo, spec);
			if (v)
				cl = v;
		}
		if (!cl) {
			struct strbuf sb = STRBUF_INIT;
			strbuf_adds(&sb, "--cluster: ");
			unknown_cluster_message(repo, cluster_id, &sb);
			fprintf(stderr, "maple advise: %s\n", sb.buf);
			strbuf_release(&sb);
			goto done;
		}
	}
	if (dir) {
		struct inspect_opts io = {cmdline, false, NULL};
		struct inspect_stats st;
		struct strvec warn = STRVEC_INIT;
		insp = inspect_run(dir, &io, &st, &warn, &err);
		for (size_t i = 0; i < warn.nr; i++)
			fprintf(stderr, "maple advise: warning: %s\n", warn.v[i]);
		strvec_clear(&warn);
		if (!insp) {
			fprintf(stderr, "maple advise: %s\n", err.text);
			goto done;
		}
		/* the shape keys a job's XConfig(...) call leaves out are the class's defaults, as `maple
		 * inspect` reports them (a GemmaConfig's vocabulary is 256000, not an assumed GPT-2 one) */
		struct strvec cdirs = STRVEC_INIT;
		repo_default_dirs(&cdirs, data_dir);
		if (inspect_class_defaults(insp, &cdirs, &err) < 0)
			fprintf(stderr, "maple advise: warning: config-class defaults not used: %s\n", err.text);
		strvec_clear(&cdirs);
	}
	/* --resolution: the tokens of a vision or diffusion transformer at that image side are its sequence */
	if (res) {
		const struct model_info *mi = model ? model_db_find(db, model) : NULL;
		int side = mi ? mi->patch_size * (mi->latent_factor ? mi->latent_factor : 1) : 0;
		if (seq_s) {
			fprintf(stderr, "maple advise: --resolution and --seq both give the sequence: give one\n");
			goto done;
		}
		if (!mi || !mi->patch_size) {
			fprintf(stderr, "maple advise: --resolution needs --model with a patch size in data/models (vit-l-16, "
					"dit-xl-2 ...)%s%s%s\n", mi ? ": '" : "", mi ? mi->id : "", mi ? "' has none; give --seq (its tokens)" : "");
			goto done;
		}
		seq = model_tokens_at(mi, res);
		if (!seq) {
			fprintf(stderr, "maple advise: --resolution %d is no multiple of %s's %d-pixel tokens (try %d or %d)\n", res,
				mi->id, side, res >= side ? res / side * side : side, (res / side + 1) * side);
			goto done;
		}
		strbuf_addf(&seq_from, "%d tokens at %d x %d px: (%d / %d)^2 patches%s", seq, res, res, res, side,
			    seq > (res / side) * (res / side) ? " + the class token" : "");
		if (mi->latent_factor)
			strbuf_addf(&seq_from, " (patches of %d latent pixels, the latent %d times smaller than the image)",
				    mi->patch_size, mi->latent_factor);
	}
	struct job_input ji = {model, params, insp, precision, recompute, mb, seq, framework, attention};
	struct advice_input ai;
	if (job_advice_input(db, &ji, &ai, &pfrom, &err) < 0) {
		fprintf(stderr, "maple advise: %s\n", err.text);
		goto done;
	}
	ai.params_from = pfrom.buf;
	if (cl) {
		ai.gpu_mem_gib = cl->hw.gpu_memory_gb;
		ai.gpu_model = cl->hw.gpu_model;
		ai.gpus_per_node = cl->hw.gpus_per_node;
	}
	if (nodes && !cl) {
		fprintf(stderr, "maple advise: --nodes needs --cluster (to know the GPUs per node); or give --gpus\n");
		goto done;
	}
	ai.eval_gpus = gpus ? gpus : nodes ? nodes * ai.gpus_per_node : 0;
	ai.gpus_given = ai.eval_gpus > 0;
	advise(&ai, &adv);
	have_adv = true;
	enum offload off = offload_s ? (enum offload)offload_from_name(offload_s) : OFFLOAD_NONE;
	struct offload_advice oa = {0};
	if (off != OFFLOAD_NONE && cl) {
		/* ZeRO-3 offloaded: the host memory of the nodes decides; it replaces the GPU-only recommendation */
		offload_advise(&ai.mem, off, recompute != NULL, ai.gpu_mem_gib, ai.gpus_per_node, cl->hw.memory_gb_per_node,
			       &oa, &adv.explain);
		adv.recommended = oa.fits ? ST_ZERO3 : ST_NONE;
		adv.min_gpus_rec = oa.fits ? oa.gpus : 0;
		adv.min_nodes_rec = oa.fits ? oa.nodes : 0;
		if (oa.fits)
			adv.recompute_used = oa.rc;
		strbuf_addf(&adv.explain, "recommended: %s\n",
			    oa.fits ? "ZeRO-3 with CPU offload on the nodes above (slower than on the GPUs alone: every step "
				      "moves the states over PCIe)"
				    : "nothing fits with CPU offload either");
	}
	out = json_object();
	json_object_set_new(out, "params", json_integer((json_int_t)llround(ai.mem.params)));
	json_object_set_new(out, "params_from", json_string(pfrom.buf));
	double active = mem_active_params(&ai.mem);
	if (active > 0) {
		/* a mixture of experts: the total decides the memory, the active count the compute */
		json_object_set_new(out, "active_params", json_integer((json_int_t)llround(active)));
		json_object_set_new(out, "memory_from", json_string("total parameters (every expert is trained and held)"));
	}
	json_object_set_new(out, "precision", json_string(precision_name(ai.mem.prec)));
	json_object_set_new(out, "recompute", json_string(recompute_name(adv.recompute_used)));
	json_object_set_new(out, "micro_batch", ai.mem.micro_batch ? json_integer(ai.mem.micro_batch) : json_null());
	json_object_set_new(out, "seq", ai.mem.seq ? json_integer(ai.mem.seq) : json_null());
	if (seq_from.len) {
		json_object_set_new(out, "seq_from", json_string(seq_from.buf));
		strbuf_addf(&adv.explain, "sequence: %s\n", seq_from.buf);
	}
	json_t *shape = ai.mem.hidden ? json_pack("{s:i,s:i,s:i,s:b}", "hidden", ai.mem.hidden, "layers", ai.mem.layers,
						 "heads", ai.mem.heads, "flash_attention", ai.mem.flash)
				     : json_null();
	if (ai.mem.hidden && (ai.mem.intermediate || ai.mem.head_dim || ai.mem.gated || ai.mem.cross_layers)) {
		/* a T5-style shape: what the activations were computed with */
		json_object_set_new(shape, "intermediate",
				    json_integer(ai.mem.intermediate ? ai.mem.intermediate : 4 * ai.mem.hidden));
		json_object_set_new(shape, "head_dim",
				    json_integer(ai.mem.head_dim ? ai.mem.head_dim : ai.mem.hidden / ai.mem.heads));
		json_object_set_new(shape, "gated_mlp", json_boolean(ai.mem.gated));
		json_object_set_new(shape, "cross_attention_layers", json_integer(ai.mem.cross_layers));
	}
	if (ai.mem.hidden && ai.mem.moe.experts > 0) /* a mixture of experts: what its MLPs were computed with */
		json_object_set_new(shape, "moe",
				    json_pack("{s:i,s:i,s:i,s:i,s:i}", "experts", ai.mem.moe.experts, "experts_per_token",
					      ai.mem.moe.top_k, "shared_experts", ai.mem.moe.shared, "expert_intermediate",
					      ai.mem.moe.intermediate ? ai.mem.moe.intermediate
								      : ai.mem.intermediate ? ai.mem.intermediate : 4 * ai.mem.hidden,
					      "dense_layers", ai.mem.moe.dense_layers));
	json_object_set_new(out, "shape", shape);
	/* the job's own tensor/pipeline layout the figures are per GPU of (null: none) */
	json_object_set_new(out, "layout",
			    ai.job_tp > 1 || ai.job_pp > 1 || ai.job_ep > 1 || ai.job_cp > 1
				    ? json_pack("{s:i,s:i,s:i,s:i,s:s,s:s?}", "tp", ai.job_tp > 1 ? ai.job_tp : 1, "pp",
						ai.job_pp > 1 ? ai.job_pp : 1, "ep", ai.job_ep > 1 ? ai.job_ep : 1, "cp",
						ai.job_cp > 1 ? ai.job_cp : 1, "data_parallel", ai.job_fsdp ? "fsdp" : "ddp/zero1",
						"from", ai.layout_from)
				    : json_null());
	json_object_set_new(out, "cluster", cl ? json_string(cl->id) : json_null());
	json_object_set_new(out, "gpu_memory_gib", cl ? json_integer(cl->hw.gpu_memory_gb) : json_null());
	json_object_set_new(out, "usable_gib_per_gpu", cl ? gib(adv.usable_bytes) : json_null());
	json_object_set_new(out, "gpus", json_integer(adv.eval_gpus));
	json_t *mem = json_object(), *bd = json_object(), *ming = json_object();
	for (int s = 0; s < ST_COUNT; s++) {
		json_object_set_new(mem, st_keys[s], gib(adv.at[s].total));
		json_object_set_new(bd, st_keys[s], breakdown_json(&adv.at[s]));
		json_object_set_new(ming, st_keys[s], cl && adv.min_gpus[s] ? json_integer(adv.min_gpus[s]) : json_null());
	}
	json_object_set_new(out, "memory_gib_per_gpu", mem);
	json_object_set_new(out, "breakdown_gib", bd);
	json_object_set_new(out, "min_gpus", ming);
	json_t *rec = json_object();
	json_object_set_new(rec, "strategy", adv.recommended != ST_NONE ? json_string(st_keys[adv.recommended]) : json_null());
	json_object_set_new(rec, "min_gpus", adv.recommended != ST_NONE ? json_integer(adv.min_gpus_rec) : json_null());
	json_object_set_new(rec, "min_nodes", adv.recommended != ST_NONE && adv.min_nodes_rec ? json_integer(adv.min_nodes_rec)
											   : json_null());
	json_object_set_new(out, "recommended", rec);
	if (off != OFFLOAD_NONE && cl) {
		json_object_set_new(out, "offload", json_string(offload_name(off)));
		json_object_set_new(out, "host_memory_gib_per_node", oa.fits ? gib(oa.host_bytes_node) : json_null());
		json_object_set_new(out, "host_memory_gib_total", gib(oa.host_bytes_total));
		json_object_set_new(out, "host_usable_gib_per_node", gib(oa.host_usable_bytes));
		json_object_set_new(out, "offload_gib_per_gpu", oa.fits ? gib(oa.gpu_bytes) : json_null());
	}
	/* the cluster's other node types (Perlmutter's 80 GB A100s, Delta's 8-GPU and H200 nodes ...): the same
	 * job there, when the user named none; a node type that needs fewer nodes is said first */
	json_t *nts = json_array();
	if (cl && cl->nnode_types > 1 && !strchr(cluster_id, ':') && !queue && !ai.gpus_given && off == OFFLOAD_NONE) {
		bool header = false;
		for (size_t i = 0; i < cl->nnode_types; i++) {
			const struct node_type *nt = &cl->node_types[i];
			if (nt == cl->node_type || !nt->view)
				continue;
			struct advice_input a2 = ai;
			a2.gpu_mem_gib = nt->hw.gpu_memory_gb;
			a2.gpu_model = nt->hw.gpu_model;
			a2.gpus_per_node = nt->hw.gpus_per_node;
			struct advice o2;
			advise(&a2, &o2);
			bool fits = o2.recommended != ST_NONE;
			int maxn = 0; /* the most nodes a job may have on the queues that reach it */
			for (size_t k = 0; k < nt->nqueues; k++) {
				const struct queue *q = cluster_queue(cl, nt->queues[k]);
				if (q && q->max_nodes > maxn)
					maxn = q->max_nodes;
			}
			if (fits && maxn && o2.min_nodes_rec > maxn)
				fits = false;
			if (!header) {
				strbuf_addf(&adv.explain, "on %s's other node types (say --cluster %s:TYPE to see one in full):\n", cl->id,
					    cl->id);
				header = true;
			}
			if (fits)
				strbuf_addf(&adv.explain, "  %s (%dx %s, %d GB): %s, at least %d GPUs = %d node%s%s\n", nt->id,
					    nt->hw.gpus_per_node, nt->hw.gpu_model, nt->hw.gpu_memory_gb, advise_strategy_label(o2.recommended),
					    o2.min_gpus_rec, o2.min_nodes_rec, o2.min_nodes_rec == 1 ? "" : "s",
					    adv.recommended != ST_NONE && o2.min_nodes_rec < adv.min_nodes_rec ? " - fewer nodes than the default node type" : "");
			else if (o2.recommended != ST_NONE)
				strbuf_addf(&adv.explain, "  %s (%dx %s, %d GB): %s needs %d nodes, but its queues allow at most %d\n",
					    nt->id, nt->hw.gpus_per_node, nt->hw.gpu_model, nt->hw.gpu_memory_gb,
					    advise_strategy_label(o2.recommended), o2.min_nodes_rec, maxn);
			else
				strbuf_addf(&adv.explain, "  %s (%dx %s, %d GB): nothing fits\n", nt->id, nt->hw.gpus_per_node,
					    nt->hw.gpu_model, nt->hw.gpu_memory_gb);
			json_array_append_new(nts, json_pack("{s:s,s:i,s:i,s:o,s:o,s:o}", "node_type", nt->id, "gpu_memory_gib",
							     nt->hw.gpu_memory_gb, "gpus_per_node", nt->hw.gpus_per_node, "strategy",
							     fits ? json_string(st_keys[o2.recommended]) : json_null(), "min_gpus",
							     fits ? json_integer(o2.min_gpus_rec) : json_null(), "min_nodes",
							     fits && o2.min_nodes_rec ? json_integer(o2.min_nodes_rec) : json_null()));
			advice_release(&o2);
		}
	}
	json_object_set_new(out, "node_types", nts);
	json_object_set_new(out, "node_type", cl && cl->node_type ? json_string(cl->node_type->id) : json_null());
	if (log) {
		if (log_read_file(log, &lr, &err) < 0) {
			fprintf(stderr, "maple advise: %s\n", err.text);
			goto done;
		}
		int g = adv.eval_gpus;
		if (!ai.gpus_given && adv.recommended != ST_NONE)
			g = adv.min_nodes_rec ? adv.min_nodes_rec * ai.gpus_per_node : adv.min_gpus_rec;
		struct wall_advice wa;
		int nn = ai.gpus_per_node ? (g + ai.gpus_per_node - 1) / ai.gpus_per_node : 1;
		wall_advise(&lr, log_gpus ? log_gpus : g, g, cl, queue, nn, &wa);
		json_t *w = json_object();
		json_object_set_new(w, "log", json_string(log));
		json_object_set_new(w, "gpus", json_integer(g));
		json_object_set_new(w, "estimate_s", wa.ok ? json_integer((json_int_t)llround(wa.est_s)) : json_null());
		json_object_set_new(w, "suggested_minutes", wa.ok ? json_integer(wa.suggest_min) : json_null());
		json_object_set_new(w, "queue", wa.queue ? json_string(wa.queue) : json_null());
		json_object_set_new(w, "queue_limit_minutes", wa.limit_min ? json_integer(wa.limit_min) : json_null());
		json_object_set_new(w, "runs", wa.ok ? json_integer(wa.runs) : json_null());
		json_object_set_new(out, "walltime", w);
		strbuf_adds(&adv.explain, wa.explain.buf);
		wall_advice_release(&wa);
	}
	json_object_set_new(out, "explain", json_string(adv.explain.buf));
	if (insp) {
		json_t *from = json_object();
		static const char *const f[] = {"entry", "framework", "strategy", "model", "precision", NULL};
		for (int i = 0; f[i]; i++)
			json_object_set(from, f[i], json_object_get(insp, f[i]));
		json_object_set_new(out, "job", from);
	}
	if (json) {
		json_print_short(out, false);
	} else {
		fputs(adv.explain.buf, stdout);
	}
	rc = EXIT_OK;
done:
	if (have_adv)
		advice_release(&adv);
	log_report_release(&lr);
	strbuf_release(&pfrom);
	strbuf_release(&seq_from);
	json_decref(out);
	json_decref(insp);
	repo_destroy(repo);
	model_db_destroy(db);
	return rc;
}
