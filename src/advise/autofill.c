/* autofill.c - inspect + advise -> request fields (autofill.h). */
#include "autofill.h"

#include "job.h"
#include "memory.h"
#include "models.h"

#include "../inspect/inspect.h"
#include "../util/strbuf.h"

#include <string.h>

static void set_from(struct request *req, enum req_field f, const char *why)
{
	request_set_from(req, f, why, strlen(why));
}

static const char *src_of(json_t *insp, const char *field)
{
	const char *s = json_string_value(json_object_get(json_object_get(insp, "sources"), field));
	return s ? s : "?";
}

int autofill_request(const struct repo *repo, const char *data_dir, const char *dir, struct request *req,
		     struct strvec *filled, struct strvec *notes, struct maple_error *err)
{
	/* the request's own script and arguments are the command the job runs */
	struct strbuf cmd = STRBUF_INIT;
	if (req->script) {
		strbuf_addf(&cmd, "python %s%s", req->script_is_module ? "-m " : "", req->script);
		for (size_t i = 0; i < req->args.nr; i++)
			strbuf_addf(&cmd, " %s", req->args.v[i].value);
	}
	struct inspect_opts io = {cmd.len ? cmd.buf : NULL, false, NULL};
	struct inspect_stats st;
	struct strvec warn = STRVEC_INIT;
	json_t *insp = inspect_run(dir, &io, &st, &warn, err);
	for (size_t i = 0; i < warn.nr; i++)
		strvec_push(notes, warn.v[i]);
	strvec_clear(&warn);
	strbuf_release(&cmd);
	if (!insp)
		return -1;
	struct strbuf why = STRBUF_INIT;
	/* the script */
	const char *entry = json_string_value(json_object_get(insp, "entry"));
	if (!req->script && entry) {
		request_set(&req->script, entry);
		strbuf_addf(&why, "--auto: the entry script (%s)", src_of(insp, "entry"));
		set_from(req, RF_SCRIPT, why.buf);
		strvec_pushf(filled, "script: %s (the job's entry script, %s)", entry, src_of(insp, "entry"));
	}
	/* framework and strategy as the job's code has them */
	const char *fw = json_string_value(json_object_get(insp, "framework"));
	const char *sname = json_string_value(json_object_get(insp, "strategy"));
	enum strategy ist = sname ? strategy_from_name(sname) : ST_NONE;
	if (req->framework == FW_NONE && fw) {
		enum framework f = framework_from_name(fw);
		const char *because = "the framework the job uses";
		if (!strcmp(fw, "lightning")) {
			f = ist >= ST_ZERO1 ? FW_DEEPSPEED : FW_PYTORCH;
			because = ist >= ST_ZERO1 ? "a Lightning job whose strategy is DeepSpeed" : "a Lightning job: PyTorch's "
												   "launcher starts it";
		}
		if (f != FW_NONE) {
			req->framework = f;
			strbuf_reset(&why);
			strbuf_addf(&why, "--auto: %s (%s)", fw, src_of(insp, "framework"));
			set_from(req, RF_FRAMEWORK, why.buf);
			strvec_pushf(filled, "framework: %s (%s, %s)", framework_name(f), because, src_of(insp, "framework"));
		} else if (!strcmp(fw, "jax") || !strcmp(fw, "paddle") || !strcmp(fw, "tensorflow")) {
			strvec_pushf(notes, "the job is a %s program (%s): maple prepares scripts for PyTorch jobs "
					    "(torchrun, DeepSpeed, Accelerate), so its framework is not filled",
				     !strcmp(fw, "jax") ? "JAX" : !strcmp(fw, "paddle") ? "PaddlePaddle" : "TensorFlow",
				     src_of(insp, "framework"));
		}
	}
	if (req->strategy == ST_NONE && ist != ST_NONE) {
		if (req->framework == FW_NONE || framework_allows(req->framework, ist)) {
			req->strategy = ist;
			strbuf_reset(&why);
			strbuf_addf(&why, "--auto: %s (%s)", sname, src_of(insp, "strategy"));
			set_from(req, RF_STRATEGY, why.buf);
			strvec_pushf(filled, "strategy: %s (the job's code or config selects it, %s)", sname,
				     src_of(insp, "strategy"));
		} else {
			strvec_pushf(notes, "the job's strategy %s (%s) is not one %s runs; strategy left to the rules", sname,
				     src_of(insp, "strategy"), framework_name(req->framework));
		}
	}
	/* the memory advice: strategy when the job has none, and the node count */
	const struct cluster *c = req->cluster ? repo_cluster(repo, req->cluster) : NULL;
	bool counts_missing = !req->nodes && !req->gpus_per_node && !req->total_gpus;
	if (!c && (counts_missing || req->strategy == ST_NONE)) {
		strvec_push(notes, "no cluster in the request: the node count and strategy are not advised (say \"on "
				   "perlmutter\" or use --cluster)");
	} else if (c && (counts_missing || req->strategy == ST_NONE)) {
		struct strvec dirs = STRVEC_INIT;
		repo_default_dirs(&dirs, data_dir);
		struct model_db *db = model_db_open(&dirs, err);
		strvec_clear(&dirs);
		if (!db) {
			json_decref(insp);
			strbuf_release(&why);
			return -1;
		}
		struct job_input ji = {NULL, 0, insp, NULL, NULL, 0, 0, NULL, NULL};
		if (req->framework != FW_NONE)
			ji.framework = framework_name(req->framework);
		struct advice_input ai;
		struct strbuf pfrom = STRBUF_INIT;
		struct maple_error e2;
		if (job_advice_input(db, &ji, &ai, &pfrom, &e2) < 0) {
			strvec_pushf(notes, "node count and strategy not advised: %s", e2.text);
		} else {
			ai.params_from = pfrom.buf;
			ai.gpu_mem_gib = c->hw.gpu_memory_gb;
			ai.gpu_model = c->hw.gpu_model;
			ai.gpus_per_node = c->hw.gpus_per_node;
			struct advice a;
			advise(&ai, &a);
			enum strategy use = req->strategy;
			if (use == ST_NONE && a.recommended != ST_NONE) {
				use = a.recommended;
				if (req->framework != FW_NONE && !framework_allows(req->framework, use))
					use = ST_NONE;
				if (use != ST_NONE) {
					req->strategy = use;
							set_from(req, RF_STRATEGY, "--auto: memory advice");
					strvec_pushf(filled,
						     "strategy: %s (the memory advice: the strategy that fits on the fewest %s "
						     "GPUs; `maple advise --dir` shows the arithmetic)",
						     strategy_name(use), c->hw.gpu_model);
				}
			}
			if (counts_missing && use != ST_NONE) {
				int g = a.min_gpus[use];
				enum strategy basis = use;
				if (!g && a.recommended != ST_NONE) {
					basis = a.recommended;
					g = a.min_gpus[basis];
					strvec_pushf(notes,
						     "the job's %s does not fit the model on %s GPUs at any count; the node count "
						     "is the one %s needs",
						     strategy_name(use), c->id, strategy_name(basis));
				}
				if (g) {
					int n = (g + c->hw.gpus_per_node - 1) / c->hw.gpus_per_node;
					struct mem_breakdown b;
					struct mem_input mi = ai.mem;
					mi.rc = a.recompute_used;
					mem_per_gpu(&mi, basis, g, &b);
					req->nodes = n;
					set_from(req, RF_NODES, "--auto: memory advice");
					strvec_pushf(filled,
						     "nodes: %d (the fewest whose GPUs hold the model under %s: %.4g parameters, "
						     "%.1f GiB per GPU at %d GPU%s of %.0f GiB usable%s%s%s)",
						     n, strategy_name(basis), ai.mem.params, b.total / GIB, g, g == 1 ? "" : "s",
						     a.usable_bytes / GIB, mi.rc != RC_NONE ? ", with " : "",
						     mi.rc != RC_NONE ? recompute_name(mi.rc) : "",
						     mi.rc != RC_NONE ? " activation recomputation" : "");
				} else {
					strvec_pushf(notes, "node count not advised: the model does not fit %s's GPUs "
							    "with any strategy maple launches",
						     c->id);
				}
			}
			advice_release(&a);
		}
		strbuf_release(&pfrom);
		model_db_destroy(db);
	}
	json_decref(insp);
	strbuf_release(&why);
	return 0;
}
