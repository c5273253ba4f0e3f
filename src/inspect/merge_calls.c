/* merge_calls.c - calls in the scope: strategy (DDP, FSDP, ZeRO, Accelerate, Lightning), the
 * model (from_pretrained, create_model, constructors, configs), datasets and outputs. */
#include "mctx.h"

#include "cmdline.h"
#include "configs.h"

#include "../util/strbuf.h"
#include "../util/strvec.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- calls: strategy, model, datasets, outputs ------------------------------------------- */


const char *mg_lightning_strategy(const char *s)
{
	if (!strncasecmp(s, "fsdp", 4))
		return "fsdp";
	if (!strncasecmp(s, "deepspeed_stage_1", 17))
		return "zero1";
	if (!strncasecmp(s, "deepspeed_stage_2", 17) || !strcasecmp(s, "deepspeed"))
		return "zero2";
	if (!strncasecmp(s, "deepspeed_stage_3", 17))
		return "zero3";
	if (!strncasecmp(s, "ddp", 3))
		return "ddp";
	return NULL;
}


/* A value read through an option (args.X) while the calls are scanned: the model (when e is the
 * model's evidence and it took the value) or a dataset; mg_follow_refs gives them X's final value. */
/* A setting from the command whose value is "a=1,b=x" over names all among the keywords of kw (an HParams
 * string): each pair set as the command's, typed like the keyword's default. */
static bool hparams_pairs(json_t *kw, const char *s, json_t *pairs)
{
	while (*s) {
		while (*s == ' ')
			s++; /* "a=1, b=2" */
		size_t l = strcspn(s, ","), k = strcspn(s, "=");
		if (k >= l)
			return false;
		size_t vl = l - k - 1;
		while (vl && s[k + vl] == ' ')
			vl--;
		char *name = xstrndup(s, k), *val = xstrndup(s + k + 1, vl);
		json_t *old = json_object_get(kw, name);
		if (!old) {
			free(name);
			free(val);
			return false;
		}
		json_t *nv = json_is_boolean(old) ? json_boolean(!strcasecmp(val, "true") || !strcmp(val, "1")) : typed_arg(val);
		json_object_set_new(pairs, name, nv);
		free(name);
		free(val);
		s += l;
		if (*s)
			s++;
	}
	return json_object_size(pairs) > 0;
}

static void hparams_string(struct ctx *c, json_t *kw)
{
	const char *key;
	json_t *v, *pairs = NULL;
	json_object_foreach(c->hp, key, v)
	{
		const char *s = json_string_value(v), *src = mg_hp_src(c, key);
		if (!s || !strchr(s, '=') || !src || strcmp(src, "--cmd"))
			continue;
		pairs = json_object();
		if (hparams_pairs(kw, s, pairs))
			break;
		json_decref(pairs);
		pairs = NULL;
	}
	json_object_foreach(pairs, key, v) mg_hp_set(c, key, v, HP_CMD, "--cmd");
	json_decref(pairs);
}

/* The key of the setting an enabled= argument names (static storage; NULL when none). */
static const char *enabled_key(json_t *en)
{
	static char key[64];
	const char *eref = json_string_value(json_object_get(en, "ref"));
	if (eref) {
		const char *l = strrchr(eref, '.') ? strrchr(eref, '.') + 1 : eref;
		snprintf(key, sizeof(key), "%s", l);
		return key;
	}
	const char *ex = json_string_value(json_object_get(en, "expr"));
	const char *q = ex ? strchr(ex, '[') : NULL;
	if (q && (q[1] == '"' || q[1] == '\'') && strchr(q + 2, q[1])) {
		size_t n = (size_t)(strchr(q + 2, q[1]) - (q + 2));
		if (n < sizeof(key)) {
			memcpy(key, q + 2, n);
			key[n] = '\0';
			return key;
		}
	}
	return NULL;
}

/* The setting an enabled= argument names (args.use_amp, cfg.AMP, cfg["amp"]), or the literal itself;
 * NULL when it names nothing read. */
static json_t *enabled_setting(const struct ctx *c, json_t *en)
{
	const char *k = json_object_get(en, "ref") || json_object_get(en, "expr") ? enabled_key(en) : NULL;
	if (k)
		return json_object_get(c->hp, k);
	return json_object_get(en, "expr") ? NULL : en;
}

static void remember_ref(struct ctx *c, json_t *v, const char *val, const struct evidence *e)
{
	const char *ref = json_string_value(json_object_get(v, "ref"));
	if (!ref || !val)
		return;
	const char *x = strrchr(ref, '.') ? strrchr(ref, '.') + 1 : ref;
	if (!e) {
		json_t *pair = json_array();
		json_array_append_new(pair, json_string(x));
		json_array_append_new(pair, json_string(val));
		json_array_append_new(c->data_refs, pair);
	} else if (!c->model_ref && e->value && !strcmp(e->value, val)) {
		c->model_ref = xstrdup(ref); /* the whole reference: config.worker.actor.model.model_path */
		c->model_ref_val = xstrdup(val);
	}
}

static bool torchvision_ctor(const char *name)
{
	static const char *const p[] = {"resnet", "resnext", "wide_resnet", "vit_", "swin_", "convnext", "efficientnet",
					"mobilenet", "densenet", "vgg", "regnet", "alexnet", NULL};
	for (int i = 0; p[i]; i++)
		if (!strncmp(name, p[i], strlen(p[i])))
			return true;
	return false;
}

/* The depth a family constructor without a size in its name is given (resnet(depth=50), resnet(resnet_depth=
 * FLAGS.resnet_depth) with the setting resnet_depth): 0 when none or the name has its size already. */
static long long family_depth(const struct ctx *c, const char *name, json_t *kw)
{
	for (const char *p = name; *p; p++)
		if (isdigit((unsigned char)*p))
			return 0;
	const char *key;
	json_t *v;
	json_object_foreach(kw, key, v)
	{
		if (strcmp(key, "depth") && !mg_ends_with(key, "_depth") && strcmp(key, "num_layers"))
			continue;
		if (json_is_integer(v))
			return json_integer_value(v);
		const char *ref = json_string_value(json_object_get(v, "ref"));
		const char *dot = ref ? strrchr(ref, '.') : NULL;
		json_t *hv = ref ? json_object_get(c->hp, dot ? dot + 1 : ref) : NULL;
		if (json_is_integer(hv))
			return json_integer_value(hv);
	}
	return 0;
}

/* Whether the command's first word after the program is the subcommand v (`ns-train nerfacto`
 * choosing method_configs["nerfacto"] through tyro's subcommands). */
static bool subcommand_is(const struct ctx *c, const char *v)
{
	const char *w = json_string_value(json_array_get(c->lc.words, 0));
	return w && w[0] != '-' && !strcmp(w, v);
}

/* Whether a hyperparameter of the job has the string value v (--config 13b selecting
 * MODEL_CONFIGS["13b"]), or the command's subcommand is v. */
static bool hp_selects(const struct ctx *c, const char *v)
{
	const char *key;
	json_t *x;
	json_object_foreach(c->hp, key, x)
	if (json_is_string(x) && !strcmp(json_string_value(x), v))
		return true;
	return subcommand_is(c, v);
}

/* The keywords of the registry entry the job chose (method_configs["splatfacto"] = TrainerConfig(
 * max_num_iterations=15000, ...)): its settings, above the class's own field defaults and below
 * the command line, each sourced to its keyword's line. */
static void chosen_entry_hp(struct ctx *c, json_t *call, const char *rel)
{
	json_t *lines = json_object_get(call, "kw_lines");
	const char *key;
	json_t *v;
	json_object_foreach(json_object_get(call, "kw"), key, v)
	{
		json_t *l = json_object_get(lines, key);
		if (mg_literal(v) && !json_is_null(v))
			mg_hp_set_at(c, key, v, HP_CONFIG, rel,
				     l ? json_integer_value(l) : json_integer_value(json_object_get(call, "line")));
	}
}

/* Whether the entry imports file i by its module name (from finetune.wrapped_model import ...). */
static bool entry_imports(const struct ctx *c, int i)
{
	if (c->entry < 0)
		return false;
	if (c->targeted[i]) /* a class the job's config instantiates (Hydra _target_) */
		return true;
	const char *rel = c->files[i].rel;
	size_t rl = strlen(rel), k;
	json_t *imp;
	json_array_foreach(json_object_get(mg_py(c, c->entry), "imports"), k, imp)
	{
		const char *m = json_string_value(json_array_get(imp, 0));
		if (!m || *m == '.')
			continue;
		size_t ml = strlen(m);
		if (rl != ml + 3 && !(rl > ml + 3 && rel[rl - ml - 4] == '/'))
			continue;
		bool same = !strcmp(rel + rl - 3, ".py");
		for (size_t j = 0; same && j < ml; j++)
			same = rel[rl - 3 - ml + j] == (m[j] == '.' ? '/' : m[j]);
		if (same)
			return true;
	}
	return false;
}

/* The model a config class's from_name(arg) names: arg itself ("pythia-160m"), or for a bare size
 * ("7B", "1.3b") the class's family and the size ("LLaMAConfig" + "7B" = "llama-7b"); NULL when the
 * class says no family. */
static char *from_name_model(const char *full, const char *arg)
{
	size_t n = strlen(arg), i = 0;
	while (i < n && (isdigit((unsigned char)arg[i]) || arg[i] == '.'))
		i++;
	bool bare = i > 0 && i + 1 == n && strchr("bBmMkK", arg[i]);
	if (!n || (!bare && strlen(arg) < 3))
		return NULL;
	if (!bare)
		return xstrdup(arg);
	const char *end = strstr(full, ".from_name");
	if (!end)
		return NULL;
	const char *cls = end;
	while (cls > full && cls[-1] != '.')
		cls--;
	size_t cl = (size_t)(end - cls);
	if (cl <= 6 || strncmp(end - 6, "Config", 6))
		return NULL;
	struct strbuf m = STRBUF_INIT;
	for (const char *q = cls; q < end - 6; q++)
		if (isalnum((unsigned char)*q))
			strbuf_addch(&m, (char)tolower((unsigned char)*q));
	if (!m.len) {
		strbuf_release(&m);
		return NULL;
	}
	strbuf_addch(&m, '-');
	for (i = 0; i < n; i++)
		strbuf_addch(&m, (char)tolower((unsigned char)arg[i]));
	return strbuf_detach(&m);
}

/* Trainer(...)/SFTTrainer(...) is the Hugging Face one when imported from transformers/trl, named bare, or
 * taken from a module of a job that uses transformers; PaddleDetection's ppdet.engine.Trainer is not */
static bool hf_trainer_call(const struct ctx *c, const char *full)
{
	if (!strchr(full, '.') || mg_mod_is(full, "transformers") || mg_mod_is(full, "trl"))
		return true;
	return json_object_get(c->libraries, "transformers") || json_object_get(c->libraries, "trl");
}

void mg_scan_calls(struct ctx *c, int i)
{
	const char *rel = c->files[i].rel;
	size_t k;
	json_t *call;
	json_array_foreach(json_object_get(mg_py(c, i), "calls"), k, call)
	{
		if (!mg_branch_taken(c, call))
			continue;
		const char *name = json_string_value(json_object_get(call, "name"));
		const char *full = json_string_value(json_object_get(call, "full"));
		json_int_t line = json_integer_value(json_object_get(call, "line"));
		json_t *args = json_object_get(call, "args"), *kw = json_object_get(call, "kw");
		json_t *a0 = json_array_get(args, 0);
		if (!name || !full)
			continue;
		char *src = mg_src_str(rel, line);
		bool lightning = mg_mod_is(full, "lightning") || mg_mod_is(full, "pytorch_lightning") || !strncmp(full, "L.", 2) ||
				 !strncmp(full, "pl.", 3);
		/* a wrapper called by the entry decides; one deep in a library's code (a helper the
		 * entry may never reach) counts half */
		int own = i == c->entry ? 1 : 2;
		if (own == 1)
			mg_builders_by_keyword(c, kw);
		if (!strcmp(name, "DistributedDataParallel") || !strcmp(name, "DDP")) {
			mg_evid(&c->strategy, "ddp", 60 / own, src);
		} else if (!strcmp(name, "DistributedOptimizer") && mg_mod_is(full, "horovod")) {
			/* Horovod: a whole model per GPU, gradients averaged by allreduce, as DDP does
			 * (https://horovod.readthedocs.io/en/stable/pytorch.html) */
			mg_evid(&c->strategy, "ddp", 60 / own, src);
		} else if (!strcmp(name, "launch") && mg_mod_is(full, "detectron2")) {
			/* detectron2's launch(main, num_gpus_per_machine, ...) starts one process a GPU, and its
			 * DefaultTrainer wraps the model in DDP when there are several
			 * (https://detectron2.readthedocs.io/en/latest/modules/engine.html#detectron2.engine.launch) */
			json_t *g = json_array_get(args, 1);
			const char *ref = json_string_value(json_object_get(g, "ref"));
			const char *dot = ref ? strrchr(ref, '.') : NULL;
			json_t *n = json_is_integer(g) ? g : json_object_get(c->hp, dot ? dot + 1 : ref ? ref : "");
			if (json_is_integer(n) && json_integer_value(n) > 1)
				mg_evid(&c->strategy, "ddp", 40, src);
		} else if (!strcmp(name, "prepare_model") && mg_mod_is(full, "ray")) {
			/* Ray Train's prepare_model wraps the model in DDP unless parallel_strategy="fsdp"
			 * (https://docs.ray.io/en/latest/train/api/doc/ray.train.torch.prepare_model.html) */
			const char *ps = json_string_value(json_object_get(kw, "parallel_strategy"));
			mg_evid(&c->strategy, ps && !strcmp(ps, "fsdp") ? "fsdp" : "ddp", 60 / own, src);
		} else if (!strcmp(name, "from_data_mix") && own == 1) {
			/* OLMo-core: NumpyDatasetConfig.from_data_mix(DataMix.OLMoE_mix_0824, ...): the mix's
			 * name is the data set (its paths live in the library's mix lists) */
			json_t *m = json_array_get(json_object_get(call, "args"), 0);
			if (!m)
				m = json_object_get(kw, "mix");
			const char *ref = json_string_value(json_object_get(m, "ref"));
			const char *dot = ref ? strrchr(ref, '.') : NULL;
			if (dot && dot[1] && !strncmp(ref, "DataMix.", 8))
				mg_add_unique(c->datasets, dot + 1, c->sources, "datasets", src);
		} else if (!strcmp(name, "StreamingDataset") && mg_mod_is(full, "streaming")) {
			/* MosaicML streaming: the shards' remote location is the data set (local is a cache) */
			json_t *v = json_object_get(kw, "remote");
			if (!v)
				v = json_object_get(kw, "local");
			const char *d = mg_str_or_ref(c, v, NULL);
			mg_add_unique(c->datasets, d, c->sources, "datasets", src);
			remember_ref(c, v, d, NULL);
		} else if (!strcmp(name, "FullyShardedDataParallel") || !strcmp(name, "FSDP") || !strcmp(name, "fully_shard")) {
			/* libraries shard when asked to (torchtune, axolotl, open_clip all can): only the
			 * entry's own call says this job does, or (weaker) a module of the project the entry
			 * imports by name (mistral-finetune's finetune/wrapped_model.py) */
			if (own == 1)
				mg_evid(&c->strategy, "fsdp", 70, src);
			else if (entry_imports(c, i))
				mg_evid(&c->strategy, "fsdp", 45, src);
		} else if (i == c->entry && (strstr(name, "shard_model") || strstr(name, "fsdp") || strstr(name, "FSDP"))) {
			/* the entry calls a helper that shards (torchtune training.shard_model) */
			mg_evid(&c->strategy, "fsdp", 65, src);
		} else if (own == 1 && (strstr(name, "_ddp") || strstr(name, "ddp_"))) {
			/* the entry wraps its model through a DDP helper (detectron2's create_ddp_model) */
			mg_evid(&c->strategy, "ddp", 55, src);
		} else if (!strcmp(name, "ZeroRedundancyOptimizer")) {
			mg_evid(&c->strategy, "zero1", 65 / own, src);
		} else if (!strcmp(name, "init_process_group")) {
			if (own == 1) /* a library's helper that may never run says nothing */
				mg_evid(&c->strategy, "ddp", 20, src);
		} else if (own == 1 && !strcmp(name, "spawn") && json_object_get(kw, "nprocs") &&
			   (strstr(full, "multiprocessing") || !strncmp(full, "mp.", 3))) {
			/* torch.multiprocessing.spawn(fn, nprocs=num_gpus) in the entry: one data-parallel
			 * process per GPU (StyleGAN3, OpenNMT) */
			mg_evid(&c->strategy, "ddp", 22, src);
		} else if (!strcmp(name, "initialize") && mg_mod_is(full, "deepspeed")) {
			mg_evid(&c->fw, "deepspeed", own == 1 ? 75 : 25, src);
			const char *p = json_string_value(json_object_get(kw, "config"));
			if (!p)
				p = json_string_value(json_object_get(kw, "config_params"));
			if (p)
				mg_evid(&c->ds_config, p, 60, src);
		} else if (!strcmp(name, "Accelerator") && strchr(full, '.') && !mg_mod_is(full, "accelerate")) {
			/* another library's Accelerator: descript's audiotools ml.Accelerator wraps the model in
			 * DistributedDataParallel under torchrun; no Hugging Face Accelerate */
			if (mg_mod_is(full, "audiotools"))
				mg_evid(&c->strategy, "ddp", 25, src);
		} else if (!strcmp(name, "Accelerator")) {
			mg_evid(&c->fw, "accelerate", 80, src);
			mg_evid(&c->strategy, "ddp", 25, src);
			const char *mp = json_string_value(json_object_get(kw, "mixed_precision"));
			if (mp)
				mg_evid(&c->precision, mp, 50, src);
			/* Accelerator(mixed_precision=args.mixed_precision): a value the job's option gives wins over the
			 * accelerate config's (the config reaches the program only as the default of that argument);
			 * None leaves the config's */
			const char *ref = json_string_value(json_object_get(json_object_get(kw, "mixed_precision"), "ref"));
			const char *dot = ref ? strrchr(ref, '.') : NULL;
			const char *hv = ref ? mg_hp_str(c, dot ? dot + 1 : ref) : NULL;
			const char *hs = ref ? mg_hp_src(c, dot ? dot + 1 : ref) : NULL;
			/* only a value the job gives (the command or its wrapper): a parser's default, read before the
			 * configs are, may still be replaced by one (kohya's TOML) */
			if (hv && *hv &&
			    json_integer_value(json_object_get(c->hp_prio, dot ? dot + 1 : ref)) >= HP_CMD)
				mg_evid(&c->precision, hv, 60, hs ? hs : src);
		} else if (!strcmp(name, "FullyShardedDataParallelPlugin")) {
			mg_evid(&c->strategy, "fsdp", 75, src);
		} else if (!strcmp(name, "DeepSpeedPlugin")) {
			json_t *st = json_object_get(kw, "zero_stage");
			mg_evid(&c->strategy, json_is_integer(st) ? mg_zero_name(json_integer_value(st)) : "zero2", 75, src);
		} else if (!strcmp(name, "DDPStrategy")) {
			mg_evid(&c->strategy, "ddp", 80, src);
		} else if (!strcmp(name, "FSDPStrategy")) {
			mg_evid(&c->strategy, "fsdp", 80, src);
		} else if (!strcmp(name, "DeepSpeedStrategy")) {
			json_t *st = json_object_get(kw, "stage");
			mg_evid(&c->strategy, json_is_integer(st) ? mg_zero_name(json_integer_value(st)) : "zero2", 80, src);
			const char *p = json_string_value(json_object_get(kw, "config"));
			if (p)
				mg_evid(&c->ds_config, p, 60, src);
		} else if (!strcmp(name, "LightningCLI") || (!strcmp(name, "CLI") && lightning)) {
			mg_evid(&c->fw, "lightning", 70, src);
			mg_trainer_defaults(c, json_object_get(kw, "trainer_defaults"), src);
		} else if (strstr(name, "ds_config") || strstr(name, "deepspeed_config")) {
			/* get_train_ds_config(offload, stage=args.zero_stage): the stage is a flag */
			json_t *st = json_object_get(kw, "stage");
			if (!st)
				st = json_object_get(kw, "zero_stage");
			const char *ssrc = src;
			json_t *sv = st;
			if (json_is_string(json_object_get(st, "ref"))) {
				const char *ref = json_string_value(json_object_get(st, "ref"));
				const char *dot = strrchr(ref, '.');
				sv = json_object_get(c->hp, dot ? dot + 1 : ref);
				ssrc = mg_hp_src(c, dot ? dot + 1 : ref);
				if (!json_is_integer(sv) && !strncmp(ref, "self.", 5)) {
					/* stage=self.stage of a strategy object built from the flag (OpenRLHF) */
					sv = json_object_get(c->hp, "zero_stage");
					ssrc = mg_hp_src(c, "zero_stage");
				}
			}
			if (json_is_integer(sv))
				mg_evid(&c->strategy, mg_zero_name(json_integer_value(sv)), 85, ssrc ? ssrc : src);
		} else if (!strcmp(name, "HfArgumentParser")) {
			const char *e = json_string_value(json_object_get(a0, "expr"));
			if (!e)
				e = json_string_value(json_object_get(a0, "ref"));
			if (e && strstr(e, "TrainingArguments"))
				mg_hf_defaults(c);
		} else if (!strcmp(name, "Trainer") && mg_mod_is(full, "composer")) {
			/* Composer's Trainer: its keywords are the settings; without fsdp_config or
			 * parallelism_config it runs DDP over the processes its launcher started
			 * (https://docs.mosaicml.com/projects/composer/en/stable/notes/distributed_training.html) */
			mg_call_kw_hp(c, call, rel);
			json_t *prec = json_object_get(kw, "precision");
			if (json_is_string(prec))
				mg_evid(&c->precision, json_string_value(prec), 50, src);
			if (json_object_get(kw, "fsdp_config") || json_object_get(kw, "parallelism_config"))
				mg_evid(&c->strategy, "fsdp", 60, src);
			else
				mg_evid(&c->strategy, "ddp", 25, src);
		} else if (!strcmp(name, "Trainer") && (lightning || json_object_get(c->libraries, "lightning")) &&
			   !mg_mod_is(full, "transformers")) {
			mg_call_kw_hp(c, call, rel);
			const char *st = json_string_value(json_object_get(kw, "strategy"));
			const char *ls = st ? mg_lightning_strategy(st) : NULL;
			if (ls)
				mg_evid(&c->strategy, ls, 80, src);
			json_t *prec = json_object_get(kw, "precision");
			if (json_is_string(prec))
				mg_evid(&c->precision, json_string_value(prec), 50, src);
			else if (json_is_integer(prec))
				mg_evid(&c->precision, json_integer_value(prec) == 16 ? "fp16" : "fp32", 50, src);
		} else if ((!strcmp(name, "Trainer") || !strcmp(name, "SFTTrainer")) && hf_trainer_call(c, full)) {
			/* the HF Trainer runs DDP when launched on several GPUs; one `python` process is one (or
			 * nn.DataParallel over the GPUs it sees): no strategy of the job's */
			if (!(c->have_cmd && c->lc.launcher && !strcmp(c->lc.launcher, "python")))
				mg_evid(&c->strategy, "ddp", 30, src);
			mg_evid(&c->fw, "pytorch", 15, src);
		} else if (own == 1 && mg_ends_with(name, "Trainer") && !mg_mod_is(full, "lightning") &&
			   !mg_mod_is(full, "pytorch_lightning") && !mg_mod_is(full, "transformers") && !mg_mod_is(full, "trl")) {
			/* a project's own trainer class called by the entry with its settings as keywords
			 * (lucidrains' denoising-diffusion: Trainer(diffusion, 'path/to/images', train_batch_size=32,
			 * train_lr=8e-5, amp=True)); a path among its positional arguments is the data */
			mg_call_kw_hp(c, call, rel);
			size_t q;
			json_t *pa;
			json_array_foreach(args, q, pa)
			{
				const char *d = json_string_value(pa);
				if (q > 0 && d && strchr(d, '/') && !strchr(d, ' ') && config_format_of(d) < 0)
					mg_add_unique(c->datasets, d, c->sources, "datasets", src);
			}
		} else if (mg_ends_with(name, "TrainingArguments") || !strcmp(name, "SFTConfig")) {
			/* TrainingArguments and its subclasses (Seq2Seq..., SentenceTransformerTrainingArguments) */
			mg_call_kw_hp(c, call, rel);
			mg_hf_defaults(c);
			const char *fsdp = json_string_value(json_object_get(kw, "fsdp"));
			if (fsdp && *fsdp)
				mg_evid(&c->strategy, "fsdp", 80, src);
			const char *ds = json_string_value(json_object_get(kw, "deepspeed"));
			if (ds) {
				mg_evid(&c->ds_config, ds, 60, src);
				mg_evid(&c->fw, "deepspeed", 70, src);
			}
			const char *od = json_string_value(json_object_get(kw, "output_dir"));
			mg_add_unique(c->outputs, od, c->sources, "outputs", src);
		} else if (own == 1 && ((!strcmp(name, "setattr") && json_array_size(args) == 3 &&
					 json_is_object(json_array_get(args, 0)) && json_is_object(json_array_get(args, 1)) &&
					 strcmp(json_string_value(json_object_get(json_array_get(args, 0), "ref")) ?: "", "self")) ||
					(!strcmp(name, "update") && (strstr(full, "__dict__") || !strncmp(full, "vars()", 6))))) {
			/* for k, v in cfg.items(): setattr(args, k, v) / vars(args).update(cfg): the program
			 * writes its config over the parsed command line */
			c->config_over_cmd = true;
		} else if (!strcmp(name, "set_global_policy") && json_is_string(a0)) {
			/* Keras mixed precision: tf.keras.mixed_precision.set_global_policy("mixed_float16") */
			const char *pol = json_string_value(a0);
			if (!strcmp(pol, "mixed_float16") || !strcmp(pol, "mixed_bfloat16"))
				mg_evid(&c->precision, strstr(pol, "bfloat") ? "bf16" : "fp16", 40, src);
		} else if (!strcmp(name, "SentenceTransformer") && a0) {
			/* SentenceTransformer(model_name): a Hub model id or a local path */
			const char *msrc = src;
			const char *m = mg_str_or_ref(c, a0, &msrc);
			if (m && *m) {
				mg_evid(&c->model, m, json_is_string(a0) ? 70 : 75, msrc ? msrc : src);
				remember_ref(c, a0, m, &c->model);
			}
		} else if (!strcmp(name, "from_pretrained")) {
			const char *msrc = src;
			json_t *mv = a0;
			/* Unsloth's FastLanguageModel.from_pretrained(model_name=...), keyword spellings */
			if (!mv)
				mv = json_object_get(kw, "pretrained_model_name_or_path");
			if (!mv)
				mv = json_object_get(kw, "model_name");
			const char *m = mg_str_or_ref(c, mv, &msrc);
			bool model_class = !strstr(full, "Tokenizer") && !strstr(full, "Processor") &&
					   !strstr(full, "FeatureExtractor") && !strstr(full, "Config");
			if (!m && model_class && json_is_string(json_object_get(mv, "ref")) && !c->model_ref_late) {
				c->model_ref_late = json_incref(mv);
				c->model_ref_late_src = xstrdup(src);
			}
			if (m && model_class) {
				mg_evid(&c->model, m, json_is_string(mv) ? 70 : 75, msrc ? msrc : src);
				remember_ref(c, mv, m, &c->model);
			}
			if (model_class) {
				/* weights loaded in bfloat16/float16 are trained in it, unless the job says
				 * otherwise (weak: autocast, flags and configs decide first); also when the call
				 * names them by a list of files (DiffSynth's from_pretrained(torch_dtype=torch.bfloat16,
				 * model_configs=...)) */
				json_t *dt = json_object_get(kw, "torch_dtype");
				const char *dr = json_string_value(json_object_get(dt ? dt : json_object_get(kw, "dtype"), "ref"));
				if (dr && (!strcmp(dr, "torch.bfloat16") || !strcmp(dr, "torch.float16")))
					mg_evid(&c->precision, !strcmp(dr, "torch.bfloat16") ? "bf16" : "fp16", 20, src);
			}
		} else if (c->fire_kwargs && !json_array_size(args) && !json_object_size(kw) && mg_dataclass_defaults(c, name)) {
			/* train_config() filled by update_config(train_config, **kwargs) (llama-recipes) */
		} else if (own == 1 && mg_ends_with(name, "_config") && mg_builder_settings(c, name)) {
			/* settings read from the function's body (builder_settings) */
		} else if (strstr(name, "argparser") && json_array_size(args) == 2 &&
			   json_is_string(json_object_get(json_array_get(args, 1), "ref"))) {
			mg_dict_to_argparser(c, i, json_string_value(json_object_get(json_array_get(args, 1), "ref")));
		} else if (!strcmp(name, "from_name") && own == 1 && json_is_string(a0) && strlen(full) > 10) {
			/* LLaMAConfig.from_name("7B") (lit-llama), Config.from_name("pythia-160m") (lit-gpt): a
			 * bare size takes its family from the config class */
			char *m = from_name_model(full, json_string_value(a0));
			if (m)
				mg_evid(&c->model, m, 45, src);
			free(m);
		} else if (!strcmp(name, "Fabric") && json_is_string(json_object_get(kw, "precision"))) {
			/* L.Fabric(precision="bf16-true") (lit-llama, lit-gpt) */
			mg_evid(&c->precision, json_string_value(json_object_get(kw, "precision")), 50, src);
		} else if ((!strcmp(name, "bfloat16") || !strcmp(name, "half")) && full && !a0 &&
			   (strstr(full, "model") || mg_is_net_name(full))) {
			/* model = model.bfloat16() / model.half(), net = net.half().cuda() (cifar10-airbench): the
			 * weights themselves in 16 bits (weak) */
			mg_evid(&c->precision, name[0] == 'b' ? "bf16" : "fp16", 20, src);
		} else if (!strcmp(name, "to") && full && (strstr(full, "model") || strstr(full, "Model") || strstr(full, "ForCausalLM")) &&
			   json_is_string(json_object_get(a0, "ref")) && !json_array_get(args, 1)) {
			/* model.to(torch.bfloat16): the weights themselves in 16 bits (weak, as model.bfloat16()) */
			const char *r = json_string_value(json_object_get(a0, "ref"));
			if (!strcmp(r, "torch.bfloat16") || !strcmp(r, "torch.float16") || !strcmp(r, "torch.half"))
				mg_evid(&c->precision, !strcmp(r, "torch.bfloat16") ? "bf16" : "fp16", 20, src);
		} else if (!strcmp(name, "autocast") && full && mg_mod_is(full, "torch")) {
			/* torch.cuda.amp.autocast() / torch.autocast(dtype=torch.bfloat16): mixed precision the
			 * code asks for (weak: an enabled= flag that is off, or unknown, decides nothing) */
			json_t *en = json_object_get(kw, "enabled");
			json_t *ev = enabled_setting(c, en);
			bool on = !en || json_is_true(ev);
			json_t *dt = json_object_get(kw, "dtype");
			const char *dref = json_string_value(json_object_get(dt, "ref"));
			/* dtype=args.dtype (llm-baselines: --dtype default torch.bfloat16): the option's value */
			if (dref && !mg_mod_is(dref, "torch")) {
				const char *last = strrchr(dref, '.') ? strrchr(dref, '.') + 1 : dref;
				dref = json_string_value(json_object_get(c->hp, last));
				if (dref && !strstr(dref, "bfloat16") && !strstr(dref, "bf16") && !strstr(dref, "float16") &&
				    !strstr(dref, "half") && !strstr(dref, "fp16"))
					dref = NULL; /* float32 or a name maple cannot read: no evidence */
				if (!dref)
					on = false;
			}
			/* autocast(dtype=torch.bfloat16, enabled=cfg["amp"]): the switch turns on this dtype, which
			 * tells more than the switch's own name (an amp switch alone reads as float16) */
			if (on && (!dt || dref))
				mg_evid(&c->precision, dref && (strstr(dref, "bfloat16") || strstr(dref, "bf16")) ? "bf16" : "fp16",
					en && dref ? 60 : 25, src);
			else if (en && !ev && dref && mg_mod_is(dref, "torch") && enabled_key(en))
				json_array_append_new(c->gated_amp,
						      json_pack("[sss]", enabled_key(en), strstr(dref, "bfloat16") ? "bf16" : "fp16",
								src ? src : "?"));
		} else if (!strcmp(name, "GradScaler") && full && mg_mod_is(full, "torch")) {
			/* torch.cuda.amp.GradScaler(enabled=params.use_fp16): loss scaling exists for float16
			 * autocast (weak, like autocast). Only with an enabled= that is on: a scaler made
			 * unconditionally (ConvNeXt's NativeScaler) is used only when AMP is, which decides */
			json_t *en = json_object_get(kw, "enabled");
			const char *eref = json_string_value(json_object_get(en, "ref"));
			json_t *ev = eref ? json_object_get(c->hp, strrchr(eref, '.') ? strrchr(eref, '.') + 1 : eref) : en;
			if (en && json_is_true(ev))
				mg_evid(&c->precision, "fp16", 25, src);
		} else if ((!strcmp(name, "MixedPrecisionPolicy") || !strcmp(name, "MixedPrecision")) &&
			   mg_mod_is(full, "torch")) {
			/* FSDP's mixed precision: fully_shard(mp_policy=MixedPrecisionPolicy(param_dtype=
			 * torch.bfloat16)), FSDP(mixed_precision=MixedPrecision(param_dtype=...)) */
			const char *pd = json_string_value(json_object_get(json_object_get(kw, "param_dtype"), "ref"));
			if (pd && (strstr(pd, "bfloat16") || strstr(pd, "float16") || strstr(pd, "half")))
				mg_evid(&c->precision, strstr(pd, "bfloat16") ? "bf16" : "fp16", 50 / own, src);
		} else if ((!strcmp(name, "YOLO") || !strcmp(name, "RTDETR")) && json_is_string(a0)) {
			/* Ultralytics' Python API: YOLO("yolo11n.pt") */
			mg_evid(&c->model, json_string_value(a0), 70, src);
		} else if (!strcmp(name, "HParams")) {
			/* HParams(epochs=500, batch_size=64, ...) (tf.contrib.training, tensor2tensor, a project's copy):
			 * the keywords are the run's settings; a "name=value,..." string the command gives is parsed
			 * over them (hparams.parse(args.hparams)) */
			mg_call_kw_hp(c, call, rel);
			hparams_string(c, kw);
		} else if (!strcmp(name, "train") && (json_object_get(kw, "epochs") || json_object_get(kw, "data"))) {
			/* model.train(data="coco8.yaml", epochs=100, imgsz=640): the settings are the call's */
			mg_call_kw_hp(c, call, rel);
		} else if (!strcmp(name, "create_model")) {
			const char *msrc = NULL;
			const char *m = mg_str_or_ref(c, a0, &msrc);
			/* score_sde's mutils.create_model(config): a config object, its file no model name */
			if (m && (config_format_of(m) < 0 && !mg_ends_with(m, ".py"))) {
				/* create_model(cfg.MODEL): the line that gives the name decides */
				mg_evid(&c->model, m, 70, msrc ? msrc : src);
				remember_ref(c, a0, m, &c->model);
			}
		} else if (torchvision_ctor(name) && !strchr(name, 'W')) {
			/* {"resnet18": models.resnet18(), "resnet50": models.resnet50()}[name] (SimCLR's get_resnet): a
			 * table of choices; the entry a setting of the job names is the model, with that setting's source */
			const char *dk = json_string_value(json_object_get(call, "dict_key"));
			long long depth = family_depth(c, name, kw);
			if (!dk && depth > 0) {
				/* resnet.resnet(resnet_depth=FLAGS.resnet_depth, ...) (SimCLR TF2): the family and its depth,
				 * named as a backbone is (resnet-18) */
				struct strbuf m = STRBUF_INIT;
				strbuf_addf(&m, "%s-%lld", name, depth);
				mg_evid(&c->model, m.buf, 50, src);
				strbuf_release(&m);
			} else if (!dk)
				mg_evid(&c->model, name, 50, src);
			else
				json_array_append_new(c->model_choices, json_pack("[sss]", name, dk, src));
		} else if (mg_ends_with(name, "ForCausalLM") || mg_ends_with(name, "LMHeadModel") ||
			   mg_ends_with(name, "ForSequenceClassification") || mg_ends_with(name, "ForImageClassification") ||
			   mg_ends_with(name, "ForMaskedLM") || mg_ends_with(name, "ForConditionalGeneration") ||
			   mg_ends_with(name, "ForPreTraining")) {
			mg_evid(&c->model, name, 40, src);
		} else if (mg_ends_with(name, "Config") && strcmp(name, "SFTConfig") && strcmp(name, "AutoConfig") &&
			   !(!strcmp(name, "RunConfig") && mg_mod_is(full, "ray"))) {
			const char *key;
			json_t *v;
			const char *dk = json_string_value(json_object_get(call, "dict_key"));
			/* another entry of a dict of configs, or none chosen: no shape from it */
			bool chosen = (!dk || hp_selects(c, dk)) && !mg_converter_call(c, i, call);
			if (chosen)
				json_object_foreach(kw, key, v) mg_model_cfg_set(c, key, v, src);
			/* a recipe that builds its run's settings object in the entry from a dataclass of the
			 * project (Coqui TTS: config = GlowTTSConfig(batch_size=32, epochs=1000, ...)): the
			 * keywords are the settings, over the class's own defaults */
			if (chosen && own == 1 && mg_dataclass_defaults(c, name))
				mg_call_kw_hp(c, call, rel);
			/* a whole run's settings chosen by name (not a model class of Transformers) */
			if (dk && chosen && subcommand_is(c, dk) && !mg_mod_is(full, "transformers"))
				chosen_entry_hp(c, call, rel);
			/* a Transformers config class names the architecture (LlamaConfig: a gated MLP) */
			if (chosen && mg_mod_is(full, "transformers") && strlen(name) > 6 &&
			    !json_object_get(c->model_config, "model_type")) {
				char *mt = xstrndup(name, strlen(name) - 6);
				for (char *p = mt; *p; p++)
					*p = (char)tolower((unsigned char)*p);
				json_object_set_new(c->model_config, "model_type", json_string(mt));
				free(mt);
				/* the keys it leaves out keep the class's defaults (data/config_classes),
				 * unless **kwargs may pass any of them */
				if (!json_is_true(json_object_get(call, "splat")) &&
				    !json_object_get(c->model_config, "config_class")) {
					json_object_set_new(c->model_config, "config_class", json_string(name));
					json_object_set_new(c->sources, "model_config.config_class", json_string(src));
				}
			}
		} else if (!strcmp(name, "load_dataset") &&
			   !(full && strchr(full, '.') && !mg_mod_is(full, "datasets") && !mg_mod_is(full, "nlp"))) {
			/* Hugging Face's (a project's own datasets.load_dataset('train', dir, config), imported from
			 * a module of the tree, is not: multinerf's internal/datasets.py) */
			const char *dsrc = src;
			const char *d = mg_str_or_ref(c, a0, &dsrc);
			const char *sub = mg_str_or_ref(c, json_array_get(args, 1), NULL);
			/* load_dataset(path, name="sample-10BT"): the configuration given by keyword */
			if (!sub)
				sub = mg_str_or_ref(c, json_object_get(kw, "name"), NULL);
			/* load_dataset("json", data_files=...): a builder, not a dataset; the files are */
			static const char *const builders[] = {"json", "csv", "parquet", "text", "arrow", "imagefolder",
							       "audiofolder", "webdataset", "pandas", "generator", NULL};
			for (int b = 0; d && builders[b]; b++)
				if (!strcmp(d, builders[b])) {
					json_t *df = json_object_get(kw, "data_files");
					d = json_is_string(df) ? json_string_value(df) : NULL;
					sub = NULL;
					break;
				}
			if (d && sub) {
				struct strbuf sb = STRBUF_INIT;
				strbuf_addf(&sb, "%s/%s", d, sub);
				mg_add_unique(c->datasets, sb.buf, c->sources, "datasets", dsrc ? dsrc : src);
				strbuf_release(&sb);
			} else if (d) {
				mg_add_unique(c->datasets, d, c->sources, "datasets", dsrc ? dsrc : src);
			}
		} else if (!strcmp(name, "load_from_disk") || !strcmp(name, "ImageFolder") || !strcmp(name, "DatasetFolder")) {
			json_t *v = a0 ? a0 : json_object_get(kw, "root");
			const char *d = mg_str_or_ref(c, v, NULL);
			mg_add_unique(c->datasets, d, c->sources, "datasets", src);
			remember_ref(c, v, d, NULL);
		} else if ((!strcmp(name, "Adam") || !strcmp(name, "AdamW") || !strcmp(name, "SGD")) && mg_mod_is(full, "torch")) {
			/* torch.optim.Adam(model.parameters(), lr=0.003, weight_decay=5e-4) written in the code
			 * (DGL, PyG examples): the settings, when no option or config names them */
			static const char *const keys[] = {"lr", "weight_decay", "momentum", NULL};
			for (int q = 0; keys[q] && mg_optimizer_calls(c) == 1; q++)
				mg_literal_setting(c, call, keys[q], keys[q], rel);
		} else if (!strcmp(name, "DataLoader")) {
			/* DataLoader(dataset, batch_size=2048, ...) (torch, DGL, PyG): the first one, the training
			 * loader in the code's order, when no option or config names the batch size */
			mg_literal_setting(c, call, "batch_size", "batch_size", rel);
		} else if (mg_ends_with(name, "PropPredDataset") || !strcmp(name, "Planetoid") || !strcmp(name, "TUDataset")) {
			/* OGB's DglNodePropPredDataset('ogbn-products') / PygGraphPropPredDataset(name='ogbg-molhiv'),
			 * PyG's Planetoid(root, 'Cora') and TUDataset(root, name='MUTAG'): the set by its name */
			json_t *nv = json_object_get(kw, "name");
			if (!nv)
				nv = mg_ends_with(name, "PropPredDataset") ? a0 : json_array_get(args, 1);
			const char *d = mg_str_or_ref(c, nv, NULL);
			mg_add_unique(c->datasets, d, c->sources, "datasets", src);
		} else if (!strcmp(name, "CIFAR10") || !strcmp(name, "CIFAR100") || !strcmp(name, "MNIST") ||
			   !strcmp(name, "FashionMNIST") || !strcmp(name, "ImageNet") || !strcmp(name, "CocoDetection")) {
			json_t *root = json_object_get(kw, "root");
			const char *r = mg_str_or_ref(c, root ? root : a0, NULL);
			/* one branch of a choice the job makes (DeiT: data_set IMNET picks ImageFolder, not
			 * the CIFAR100 branch): skipped when the choice names another set */
			const char *pick = mg_hp_str(c, "data_set");
			if (!pick)
				pick = mg_hp_str(c, "dataset");
			size_t pl = pick ? strlen(pick) : 0, nl = strlen(name);
			if (pick && pl && strncasecmp(pick, name, pl < nl ? pl : nl)) {
				free(src);
				continue;
			}
			struct strbuf sb = STRBUF_INIT;
			strbuf_addf(&sb, "%s%s%s", name, r ? " at " : "", r ? r : "");
			mg_add_unique(c->datasets, sb.buf, c->sources, "datasets", src);
			/* root=cfg.data.root of a configuration composed later (Hydra): its final value */
			const char *rref = json_string_value(json_object_get(root ? root : a0, "ref"));
			const char *rdot = rref ? strchr(rref, '.') : NULL;
			if (!r && rdot && strchr(rdot + 1, '.')) {
				struct strbuf pre = STRBUF_INIT;
				strbuf_addf(&pre, "%s at ", name);
				json_array_append_new(c->data_refs, json_pack("[s,s,s]", rdot + 1, sb.buf, pre.buf));
				strbuf_release(&pre);
			}
			strbuf_release(&sb);
		} else if (!strcmp(name, "RunConfig") && mg_mod_is(full, "ray")) {
			/* Ray Train writes results and checkpoints under storage_path */
			const char *d = mg_str_or_ref(c, json_object_get(kw, "storage_path"), NULL);
			mg_add_unique(c->outputs, d, c->sources, "outputs", src);
		} else if (!strcmp(name, "ModelCheckpoint")) {
			const char *d = mg_str_or_ref(c, json_object_get(kw, "dirpath"), NULL);
			mg_add_unique(c->outputs, d, c->sources, "outputs", src);
		} else if ((!strcmp(name, "save") && mg_mod_is(full, "torch")) || !strcmp(name, "save_checkpoint") ||
			   !strcmp(name, "save_pretrained") || !strcmp(name, "save_model") || !strcmp(name, "save_state")) {
			json_t *p = !strcmp(name, "save") ? json_array_get(args, 1) : a0;
			if (!p)
				p = json_object_get(kw, !strcmp(name, "save") ? "f" : "save_dir");
			if (!p)
				p = json_object_get(kw, "output_dir");
			mg_add_unique(c->outputs, mg_str_or_ref(c, p, NULL), c->sources, "outputs", src);
		} else if (!strcmp(name, "GPT") || !strcmp(name, "Transformer")) {
			if (!mg_mod_is(full, "torch"))
				mg_evid(&c->model, name, 30, src);
		}
		free(src);
	}
	/* @dataclass model configs (nanoGPT's GPTConfig) */
	size_t f;
	json_t *fld;
	json_array_foreach(json_object_get(mg_py(c, i), "fields"), f, fld)
	{
		const char *cls = json_string_value(json_object_get(fld, "cls"));
		if (cls && strstr(cls, "Config") && !strstr(cls, "Train")) {
			char *s = mg_src_str(rel, json_integer_value(json_object_get(fld, "line")));
			mg_model_cfg_set(c, json_string_value(json_object_get(fld, "name")), json_object_get(fld, "default"), s);
			free(s);
		}
	}
}

/* A model or dataset read through an option (from_pretrained(args.model_name), ImageFolder(args.data))
 * when the calls were scanned is the option's final value: a config file merged later (a --config
 * whose keys the program writes over its arguments) may have changed it. */
void mg_follow_refs(struct ctx *c)
{
	size_t i, k;
	json_t *pair, *d;
	json_array_foreach(c->data_refs, i, pair)
	{
		const char *x = json_string_value(json_array_get(pair, 0)), *old = json_string_value(json_array_get(pair, 1));
		const char *v = mg_hp_str(c, x), *pre = json_string_value(json_array_get(pair, 2));
		if (!v || !*v || !strcmp(v, old))
			continue;
		json_array_foreach(c->datasets, k, d) if (json_is_string(d) && !strcmp(json_string_value(d), old))
		{
			struct strbuf nv = STRBUF_INIT;
			strbuf_addf(&nv, "%s%s", pre ? pre : "", v); /* "CIFAR10 at " + the composed root */
			json_array_set_new(c->datasets, k, json_string(nv.buf));
			strbuf_release(&nv);
			break;
		}
	}
	if (!c->model.value && c->model_ref_late) {
		const char *msrc = NULL;
		const char *m = mg_str_or_ref(c, c->model_ref_late, &msrc);
		if (m && *m)
			mg_evid(&c->model, m, 75, msrc ? msrc : c->model_ref_late_src);
	}
	if (!c->model_ref || !c->model.value || strcmp(c->model.value, c->model_ref_val))
		return;
	/* the reference's final value: its composed key (worker.actor.model.model_path), else its last name */
	json_t *r = json_pack("{ss}", "ref", c->model_ref);
	const char *s = NULL, *v = mg_str_or_ref(c, r, &s);
	json_decref(r);
	if (!v || !*v || !strcmp(v, c->model.value))
		return;
	free(c->model.value);
	free(c->model.src);
	c->model.value = xstrdup(v);
	c->model.src = xstrdup(s ? s : "?");
}
