/* framework.c - what kind of training the main launch line runs: the framework (PyTorch, DeepSpeed,
 * Accelerate, Lightning ...), the parallel strategy (DDP, FSDP, the ZeRO stage read from the DeepSpeed or
 * Accelerate config the script writes or names, unknown where maple cannot read it) and the family beyond
 * data parallelism (MPI binaries, Horovod, Megatron tensor x pipeline, torchtitan, GPT-NeoX). The counts of
 * the launch are read in plan.c. */
#include "plan.h"
#include "hints.h"

#include "../util/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Whether a top-level `accelerate config default --config_file FILE` before command before writes file: the
 * config of the node it runs on (https://huggingface.co/docs/accelerate/package_reference/cli#accelerate-config-default). */
static bool acc_default_writes(const struct jobscript *js, const char *file, int before)
{
	for (int ci = 0; ci < before && (size_t)ci < js->ncmds; ci++) {
		const struct jcmd *c = &js->cmds[ci];
		size_t w = c->nassign_prefix;
		if (c->depth != 0 || w + 3 >= c->words.nr || strcmp(base_name(c->words.v[w].value), "accelerate") ||
		    strcmp(c->words.v[w + 1].value, "config") || strcmp(c->words.v[w + 2].value, "default"))
			continue;
		for (size_t k = w + 3; k < c->words.nr; k++) {
			const char *v = c->words.v[k].value;
			const char *f = !strcmp(v, "--config_file") || !strcmp(v, "--config-file")
						? (k + 1 < c->words.nr ? c->words.v[k + 1].value : NULL)
					: !strncmp(v, "--config_file=", 14) || !strncmp(v, "--config-file=", 14) ? v + 14
														     : NULL;
			if (f && !strcmp(base_name(f), base_name(file)))
				return true;
		}
	}
	return false;
}

static int stage_from_text(const char *t)
{
	const char *p = strstr(t, "\"stage\"");
	if (!p)
		p = strstr(t, "stage:");
	if (!p)
		return -1;
	p = strchr(p, ':');
	if (!p)
		return -1;
	p++;
	while (*p == ' ' || *p == '\t' || *p == '"')
		p++;
	return isdigit((unsigned char)*p) ? *p - '0' : -1;
}

/* The ZeRO stage a config text names, also through a script variable ("stage": $ZERO_STAGE). */
static int stage_in(const struct jobscript *js, const char *t)
{
	int st = stage_from_text(t);
	if (st >= 0)
		return st;
	const char *p = strstr(t, "\"stage\"");
	if (!p || !(p = strchr(p, ':')))
		return -1;
	p++;
	while (*p == ' ' || *p == '\t' || *p == '"')
		p++;
	if (*p != '$')
		return -1;
	size_t n = 1 + strspn(p + 1, "{ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_}");
	char buf[80];
	if (n >= sizeof(buf))
		return -1;
	memcpy(buf, p, n);
	buf[n] = '\0';
	long v;
	return js_eval_int(js, buf, (int)js->ncmds, NULL, &v) && v >= 0 && v <= 3 ? (int)v : -1;
}

/* The first 16 KiB of a config file the script names, looked up next to the script; NULL when
 * there is none or it cannot be read. */
static char *read_config(const char *script_dir, const char *name)
{
	if (!script_dir || strchr(name, '$'))
		return NULL;
	char path[4096];
	if (name[0] == '/')
		snprintf(path, sizeof(path), "%s", name);
	else
		snprintf(path, sizeof(path), "%s/%s", script_dir, name);
	FILE *f = fopen(path, "r");
	if (!f)
		return NULL;
	char *buf = xmalloc(16384);
	size_t r = fread(buf, 1, 16383, f);
	buf[r] = '\0';
	fclose(f);
	return buf;
}

static enum strategy zero(int stage)
{
	return stage == 1 ? ST_ZERO1 : stage == 2 ? ST_ZERO2 : stage == 3 ? ST_ZERO3 : ST_NONE;
}

/* The value of a program argument --NAME VALUE / --NAME=VALUE, evaluated to an integer (0 = absent). */
static long arg_int(const struct jobscript *js, const struct launch_plan *p, int from, const char *name, bool *present)
{
	const struct jcmd *c = &js->cmds[p->prog->cmd];
	size_t n = strlen(name);
	long v = 0;
	for (int i = from; i < p->prog->last; i++) {
		const char *w = c->words.v[i].value;
		const char *val = NULL;
		if (!strncmp(w, name, n) && w[n] == '=')
			val = w + n + 1;
		else if (!strcmp(w, name) && i + 1 < p->prog->last)
			val = c->words.v[i + 1].value;
		if (!val)
			continue;
		*present = true;
		if (!js_eval_int(js, val, p->prog->cmd, NULL, &v) || v < 1)
			v = 0;
	}
	return v;
}

/* A Hydra override of the program (NeMo: model.tensor_model_parallel_size=2, ++trainer.x=1) whose key
 * ends in .key, evaluated to an integer (0 = absent or not a number). */
static long hydra_int(const struct jobscript *js, const struct launch_plan *p, int from, const char *key, bool *present)
{
	const struct jcmd *c = &js->cmds[p->prog->cmd];
	size_t n = strlen(key);
	long v = 0;
	for (int i = from; i < p->prog->last; i++) {
		const char *w = c->words.v[i].value;
		w += strspn(w, "+~");
		const char *eq = strchr(w, '=');
		if (w[0] == '-' || !eq || (size_t)(eq - w) < n || strncmp(eq - n, key, n) ||
		    ((size_t)(eq - w) > n && eq[-(long)n - 1] != '.'))
			continue;
		*present = true;
		if (!js_eval_int(js, eq + 1, p->prog->cmd, NULL, &v) || v < 1)
			v = 0;
	}
	return v;
}

/* Whether the Python file the script runs (found next to the job script) imports name. */
static bool source_imports(const char *script_dir, const char *script, const char *name)
{
	char *t = read_config(script_dir, script);
	if (!t)
		return false;
	char a[64], b[64];
	snprintf(a, sizeof(a), "import %s", name);
	snprintf(b, sizeof(b), "from %s", name);
	bool yes = strstr(t, a) || strstr(t, b);
	free(t);
	return yes;
}

/* Whether a module the batch shell loads (module load / ml) names word. */
static bool loads_module(const struct jobscript *js, const char *word)
{
	for (size_t i = 0; i < js->ncmds; i++) {
		const struct jcmd *c = &js->cmds[i];
		if (c->depth > 0 || c->words.nr < 2)
			continue;
		const char *w0 = c->words.v[0].value;
		size_t k = !strcmp(w0, "ml") ? 1 : !strcmp(w0, "module") && !strcmp(c->words.v[1].value, "load") ? 2 : 0;
		for (; k && k < c->words.nr; k++)
			if (strstr(c->words.v[k].value, word))
				return true;
	}
	return false;
}

/* Whether a comment or a command of the script (not a directive) names Horovod: "horovod" in any case, or
 * "hvd" as a word of its own or a path part (hvd-torch, hvd_env). */
static bool says_horovod(const struct jobscript *js)
{
	for (size_t i = 0; i < js->lines.nr; i++) {
		const char *l = js->lines.v[i];
		if (!strncmp(l, "#SBATCH", 7) || !strncmp(l, "#PBS", 4) || !strncmp(l, "#!", 2))
			continue;
		/* (strcasestr costs hundreds of instructions a line: only a line with a 'v' can hold the word) */
		const char *hv = strpbrk(l, "vV") ? strcasestr(l, "horovod") : NULL;
		if (hv) {
			/* not a mention that denies it: "(no Horovod)", "not Horovod", "without Horovod", "instead of" */
			static const char *const neg[] = {"no ", "not ", "without ", "instead of ", "rather than ", NULL};
			bool denied = false;
			for (size_t k = 0; neg[k] && !denied; k++) {
				size_t n = strlen(neg[k]);
				denied = (size_t)(hv - l) >= n && !strncasecmp(hv - n, neg[k], n);
			}
			if (!denied)
				return true;
			continue;
		}
		for (const char *h = strstr(l, "hvd"); h; h = strstr(h + 1, "hvd"))
			if ((h == l || !isalnum((unsigned char)h[-1])) && !isalnum((unsigned char)h[3]))
				return true;
	}
	return false;
}

/* Whether the key of a KEY=VALUE override (v up to eq) names FSDP's own settings: a dotted component fsdp_config
 * (fsdp_config.sharding_strategy), or fsdp itself (model.fsdp, fsdp). */
static bool fsdp_override(const char *v, const char *eq)
{
	for (const char *p = v; p < eq;) {
		size_t n = strcspn(p, ".=");
		if ((n == 11 && !strncmp(p, "fsdp_config", 11)) || (n == 4 && !strncmp(p, "fsdp", 4)) ||
		    (n == 5 && !strncmp(p, "+fsdp", 5)))
			return true;
		p += n + (p[n] == '.');
		if (!n)
			break;
	}
	return false;
}

/* Horovod, Megatron (tensor x pipeline parallel) and torchtitan (FSDP2) jobs: what they are. */
static void js_family(const struct script_hints *h, const struct jobscript *js, const struct launch_plan *p,
		      const char *script_dir, struct fw_guess *g)
{
	const struct launch *l = &js->launches[p->launch];
	if (!p->prog || l->script_word < 0 || l->mpmd)
		return;
	const struct jcmd *c = &js->cmds[p->prog->cmd];
	const char *script = c->words.v[l->script_word].value;
	const char *b = base_name(script);
	bool tp_given = false, pp_given = false;
	long tp = arg_int(js, p, l->script_word + 1, "--tensor-model-parallel-size", &tp_given);
	long pp = arg_int(js, p, l->script_word + 1, "--pipeline-model-parallel-size", &pp_given);
	if (!tp_given)
		tp = hydra_int(js, p, l->script_word + 1, "tensor_model_parallel_size", &tp_given);
	if (!pp_given)
		pp = hydra_int(js, p, l->script_word + 1, "pipeline_model_parallel_size", &pp_given);
	bool cfg = false;
	for (int i = l->script_word + 1; i < p->prog->last && !cfg; i++)
		cfg = !strncmp(c->words.v[i].value, "--job.config_file", 17) ||
		      !strncmp(c->words.v[i].value, "--job.config-file", 17);
	if (strstr(script, "torchtitan") || (cfg && strstr(b, "train"))) {
		g->family = "torchtitan";
		if (g->framework == FW_PYTORCH && g->strategy == ST_DDP)
			g->strategy = ST_FSDP, g->strategy_why = "torchtitan shards the model with FSDP2";
		return;
	}
	if (tp_given || pp_given || strstr(script, "Megatron") || strstr(script, "megatron") ||
	    (!strncmp(b, "pretrain_", 9) && (strstr(b, "gpt") || strstr(b, "bert") || strstr(b, "t5") ||
					      strstr(b, "llama") || strstr(b, "mamba") || strstr(b, "retro")))) {
		g->family = "megatron";
		g->tp = tp_given ? (int)tp : 1;
		g->pp = pp_given ? (int)pp : 1;
		return;
	}
	bool hvd = (p->outer && p->outer->prog && !strcmp(p->outer->prog, "horovodrun")) || strstr(b, "horovod") ||
		   strstr(b, "hvd") || (!l->module && source_imports(script_dir, script, "horovod")) ||
		   (!p->spawner && loads_module(js, "horovod")) ||
		   /* the script's own words say so where the program is not beside it: a comment or an environment
		    * named for Horovod ("# Horovod: rank and size come from MPI", conda activate .../hvd-torch), with
		    * a launch of an MPI launcher and no spawner of PyTorch's */
		   (p->outer && !p->spawner && says_horovod(js));
	if (hvd)
		g->family = "horovod";
	/* a Ray cluster (ray start on the nodes, the driver on the batch node): Ray places the work */
	for (size_t i = 0; i < js->ncmds; i++) {
		const struct jcmd *rc = &js->cmds[i];
		for (size_t w = 0; w + 1 < rc->words.nr; w++)
			if (!strcmp(base_name(rc->words.v[w].value), "ray") && !strcmp(rc->words.v[w + 1].value, "start")) {
				g->family = "ray";
				g->framework = FW_NONE, g->why = "a Ray driver (ray start brings up the cluster)";
				g->strategy = ST_NONE, g->strategy_why = NULL;
				return;
			}
	}
	/* a program that starts the tasks itself (drivers.c: a libEnsemble manager, whose workers launch the
	 * simulations) */
	const struct runner_hint *run = js_runner(h, js, p->launch);
	if (run) {
		g->family = "runner";
		g->framework = FW_NONE, g->why = run->what;
		g->strategy = ST_NONE, g->strategy_why = NULL;
		return;
	}
	const struct driver_hint *drv = js_driver(h, js, p->launch);
	if (drv) {
		g->family = drv->family;
		g->framework = FW_NONE, g->why = drv->what;
		g->strategy = ST_NONE, g->strategy_why = NULL;
		return;
	}
	/* a TensorFlow/Keras program (no PyTorch launcher starts it): not a framework maple generates for */
	/* (or the job's container image is one: NERSC's #SBATCH --image=...tensorflow...) */
	const struct directive *img = NULL;
	for (size_t i = 0; i < js->ndirs; i++)
		if (js->dirs[i].kind == JS_SLURM && js->dirs[i].opt &&
		    (!strcmp(js->dirs[i].opt, "image") || !strcmp(js->dirs[i].opt, "--image")) && !js->dirs[i].ignored)
			img = &js->dirs[i];
	bool tf = !strncmp(b, "tf_", 3) || !strncmp(b, "tf2", 3) || strstr(b, "tensorflow") || strstr(b, "keras") ||
		  (loads_module(js, "tensorflow") && !loads_module(js, "torch")) ||
		  (img && img->value && strstr(img->value, "tensorflow") && !strstr(img->value, "torch"));
	if (tf && !p->spawner && !l->module && !source_imports(script_dir, script, "torch")) {
		g->framework = FW_NONE, g->why = "a TensorFlow/Keras program";
		g->strategy = ST_NONE, g->strategy_why = NULL;
		return;
	}
	/* a JAX/Flax program (jax.distributed.initialize reads the launcher's ranks itself): its name, a jax
	 * module, a JAX container image (NGC's nvcr.io/nvidia/jax) or the program's imports */
	bool jax = strstr(b, "jax") || strstr(b, "flax") || loads_module(js, "jax") ||
		   (img && img->value && strstr(img->value, "jax") && !strstr(img->value, "torch")) ||
		   (!l->module && source_imports(script_dir, script, "jax"));
	for (int i = 0; !jax && i < l->script_word; i++) /* a container image before the program (jax_24.04.sif) */
		jax = strstr(c->words.v[i].value, "jax") != NULL;
	if (jax && !p->spawner && !source_imports(script_dir, script, "torch")) {
		g->framework = FW_NONE, g->why = "a JAX program";
		g->strategy = ST_NONE, g->strategy_why = NULL;
	}
}

/* GPT-NeoX (deepy.py train.py configs/a.yml configs/b.yml): DeepSpeed, its ZeRO stage from the configs
 * maple can read (the last one that names it wins, as NeoX merges them in order); unknown otherwise. */
static void neox_reading(const struct jobscript *js, const struct launch_plan *p, const char *script_dir,
			 struct fw_guess *g)
{
	const struct launch *l = &js->launches[p->launch];
	const struct jcmd *c = &js->cmds[p->prog->cmd];
	g->framework = FW_DEEPSPEED, g->why = "GPT-NeoX's deepy.py (the DeepSpeed launcher wrapper)";
	g->family = "gpt-neox";
	int st = -1;
	const char *dir = NULL; /* -d/--conf_dir DIR: the configs' folder */
	for (int i = l->script_word + 1; i < p->prog->last; i++) {
		const char *v = c->words.v[i].value;
		size_t n = strlen(v);
		if ((!strcmp(v, "-d") || !strcmp(v, "--conf_dir")) && i + 1 < p->prog->last) {
			dir = c->words.v[++i].value;
			continue;
		}
		if (n < 5 || (strcmp(v + n - 4, ".yml") && strcmp(v + n - 5, ".yaml") && strcmp(v + n - 5, ".json")))
			continue;
		char path[512];
		snprintf(path, sizeof(path), "%s%s%s", dir && v[0] != '/' ? dir : "", dir && v[0] != '/' ? "/" : "", v);
		char *t = read_config(script_dir, path);
		int s = t && strstr(t, "zero_optimization") ? stage_from_text(strstr(t, "zero_optimization")) : -1;
		free(t);
		if (s >= 0)
			st = s;
	}
	if (zero(st) != ST_NONE)
		g->strategy = zero(st), g->strategy_why = "the ZeRO stage of the GPT-NeoX configs";
	else
		g->strategy_unknown = true, g->strategy_why = "the GPT-NeoX configs maple could not read";
}

/* A heterogeneous job whose components are replicas of one program (torchx writes one component per
 * replica and one srun with their commands joined by ':'): every part runs the same program with the
 * same words, so it is one distributed job over the components' nodes, read and ported as one. */
static bool het_replicas(const struct jobscript *js, const struct launch *l)
{
	if (!l->mpmd || l->multi_prog || js->het_span < 2 || l->nstages < 2 || l->stages[0].kind != SK_SRUN)
		return false;
	const struct jcmd *c = &js->cmds[l->cmd];
	size_t f = (size_t)l->stages[1].first, end = c->words.nr;
	if (l->stages[1].cmd != l->cmd || f >= end)
		return false;
	size_t first_end = f;
	while (first_end < end && !(c->words.v[first_end].raw && !strcmp(c->words.v[first_end].raw, ":")))
		first_end++;
	size_t n = first_end - f, parts = 1;
	for (size_t k = first_end; k < end;) { /* k at a ':' */
		size_t e = k + 1;
		while (e < end && !(c->words.v[e].raw && !strcmp(c->words.v[e].raw, ":")))
			e++;
		/* the part's own srun options, then the same program words */
		if (e - (k + 1) < n)
			return false;
		for (size_t w = 0; w < n; w++)
			if (strcmp(c->words.v[e - n + w].value, c->words.v[f + w].value))
				return false;
		parts++;
		k = e;
	}
	return parts == (size_t)js->het_span;
}

void js_framework(const struct script_hints *h, const struct jobscript *js, const struct launch_plan *p,
		  const char *script_dir, struct fw_guess *g)
{
	memset(g, 0, sizeof(*g));
	g->framework = FW_NONE;
	g->strategy = ST_NONE;
	if (p->launch < 0)
		return;
	const struct launch *l = &js->launches[p->launch];
	const struct stage *s = p->spawner;
	bool replicas = het_replicas(js, l);
	if (l->mpmd && !replicas) {
		g->family = "mpmd";
		g->why = "an MPMD launch (A : B): several programs started together by one launcher";
	}
	if (l->multi_prog) {
		g->why = "srun --multi-prog: the programs of each task rank are in a configuration file";
		return;
	}
	/* a heterogeneous Slurm job: `#SBATCH hetjob` (packjob before Slurm 20.02) separates components
	 * with their own resources (https://slurm.schedmd.com/heterogeneous_jobs.html) */
	for (size_t i = 0; i < js->ndirs && js->sched == JS_SLURM && !replicas; i++) {
		const char *o = js->dirs[i].spelled ? js->dirs[i].spelled : js->dirs[i].opt;
		if (!js->dirs[i].ignored && o && (!strcmp(o, "hetjob") || !strcmp(o, "packjob"))) {
			g->family = "hetjob";
			g->why = "a heterogeneous Slurm job (#SBATCH hetjob): components with their own resources, each "
				 "started with srun --het-group";
			break;
		}
	}
	if (!s && p->prog && !strcmp(p->prog->prog, "other")) {
		const char *b = base_name(js->cmds[p->prog->cmd].words.v[p->prog->first].value);
		size_t bl = strlen(b);
		bool shell = !strcmp(b, "bash") || !strcmp(b, "sh") || (bl > 3 && !strcmp(b + bl - 3, ".sh"));
		if (!shell) {
			g->family = "mpi";
			g->why = "a program that is not Python (an MPI/CUDA application)";
			return;
		}
	}
	if (s && s->kind == SK_DEEPSPEED)
		g->framework = FW_DEEPSPEED, g->why = "the deepspeed launcher";
	else if (s && s->kind == SK_ACCELERATE)
		g->framework = FW_ACCELERATE, g->why = "accelerate launch";
	if (s && s->kind == SK_ACCELERATE) {
		const struct lopt *zs = stage_opt(s, "zero-stage");
		if (stage_opt(s, "use-fsdp"))
			g->strategy = ST_FSDP, g->strategy_why = "--use_fsdp";
		else if (zs && zs->value && zero(atoi(zs->value)) != ST_NONE)
			g->strategy = zero(atoi(zs->value)), g->strategy_why = "--zero_stage";
		else if (stage_opt(s, "use-deepspeed") && stage_opt(s, "deepspeed-config-file")) {
			/* the stage is the DeepSpeed config's */
			const struct lopt *dc = stage_opt(s, "deepspeed-config-file");
			const struct heredoc *hd = dc->value ? js_heredoc_for(js, dc->value) : NULL;
			char *t = hd ? xstrdup(hd->body) : dc->value ? read_config(script_dir, dc->value) : NULL;
			int st = t ? stage_in(js, t) : -1;
			free(t);
			if (zero(st) != ST_NONE)
				g->strategy = zero(st), g->strategy_why = "the DeepSpeed config's ZeRO stage";
			else
				g->strategy_unknown = true, g->strategy_why = "the DeepSpeed config cannot be read";
		} else if (stage_opt(s, "use-deepspeed"))
			g->strategy = ST_ZERO2, g->strategy_why = "--use_deepspeed (stage not given; accelerate's default is 2)";
		else if (stage_opt(s, "multi-gpu"))
			/* accelerate reads the config's distributed_type only when no --multi_gpu/--use_* flag is given */
			g->strategy = ST_DDP, g->strategy_why = "--multi_gpu (accelerate then ignores the config's distributed_type)";
		const struct lopt *cf = stage_opt(s, "config-file");
		if (g->strategy == ST_NONE && cf && cf->value && acc_default_writes(js, cf->value, l->cmd))
			g->strategy = ST_DDP, g->strategy_why = "the config `accelerate config default` writes before the launch "
								"(distributed_type MULTI_GPU on a node of several GPUs)";
		if (g->strategy == ST_NONE && cf && cf->value) {
			const struct heredoc *hd = js_heredoc_for(js, cf->value);
			char *text = hd ? xstrdup(hd->body) : NULL;
			if (!text)
				text = read_config(script_dir, cf->value);
			if (text) {
				if (strstr(text, "distributed_type: FSDP"))
					g->strategy = ST_FSDP, g->strategy_why = "distributed_type: FSDP in the accelerate config";
				else if (strstr(text, "distributed_type: DEEPSPEED")) {
					const char *zl = strstr(text, "zero_stage:");
					int st = zl ? atoi(zl + 11) : 2;
					g->strategy = zero(st) != ST_NONE ? zero(st) : ST_ZERO2;
					g->strategy_why = "distributed_type: DEEPSPEED in the accelerate config";
				} else if (strstr(text, "distributed_type: MULTI_GPU"))
					g->strategy = ST_DDP, g->strategy_why = "distributed_type: MULTI_GPU";
				free(text);
			} else {
				/* a config maple cannot read: its stage is unknown, never guessed from its name */
				g->strategy_unknown = true;
				g->strategy_why = "the accelerate config cannot be read";
			}
		}
	}
	/* torchtune's `tune run`: its *_distributed recipes shard the model with FSDP2
	 * (https://pytorch.org/torchtune/stable/recipes/lora_finetune_distributed.html) */
	if (s && s->prog && !strcmp(s->prog, "tune")) {
		g->family = "torchtune";
		g->why = "torchtune's tune run (a torchrun of the recipe)";
		const char *rw = l->script_word >= 0 ? js->cmds[p->prog->cmd].words.v[l->script_word].value : "";
		if (strstr(rw, "distributed") && g->strategy == ST_NONE)
			g->strategy = ST_FSDP, g->strategy_why = "a torchtune *_distributed recipe (FSDP2)";
	}
	/* the program's own arguments */
	if (p->prog) {
		const struct jcmd *c = &js->cmds[p->prog->cmd];
		for (int i = l->script_word >= 0 ? l->script_word + 1 : p->prog->first; i < p->prog->last; i++) {
			const char *v = c->words.v[i].value;
			const char *next = i + 1 < p->prog->last ? c->words.v[i + 1].value : NULL;
			const char *eq = strchr(v, '=');
			size_t n = eq ? (size_t)(eq - v) : strlen(v);
			const char *val = eq ? eq + 1 : next;
			if ((n == 11 && !strncmp(v, "--deepspeed", 11)) || !strncmp(v, "--deepspeed_config", n > 18 ? n : 18) ||
			    !strncmp(v, "--deepspeed-config", n > 18 ? n : 18)) {
				if (g->framework == FW_NONE)
					g->framework = FW_DEEPSPEED, g->why = v;
				if (val && val[0] != '-' && g->strategy == ST_NONE) {
					const struct heredoc *hd = js_heredoc_for(js, val);
					int st = hd ? stage_in(js, hd->body) : -1;
					if (st < 0) {
						char *t = read_config(script_dir, val);
						if (t)
							st = stage_from_text(t);
						free(t);
					}
					if (zero(st) != ST_NONE)
						g->strategy = zero(st), g->strategy_why = "the DeepSpeed config's ZeRO stage";
				}
			} else if (!strncmp(v, "--fsdp", 6) || !strcmp(v, "--enable_fsdp") || !strcmp(v, "--use_fsdp") ||
				   !strcmp(v, "--enable-fsdp") || !strcmp(v, "--use-fsdp")) {
				if (g->strategy == ST_NONE)
					g->strategy = ST_FSDP, g->strategy_why = v;
			} else if (val && (!strncmp(v, "--strategy", n > 10 ? n : 10) || !strncmp(v, "--parallel", 10) ||
					   !strncmp(v, "--dist", 6) || !strncmp(v, "--sharding", 10)) &&
				   n < 24) {
				if (strstr(val, "fsdp") || strstr(val, "FSDP"))
					g->strategy = ST_FSDP, g->strategy_why = v;
				else if (strstr(val, "deepspeed")) {
					const char *st = strstr(val, "stage_");
					g->framework = FW_DEEPSPEED, g->why = v;
					g->strategy = st ? zero(atoi(st + 6)) : ST_ZERO2;
					g->strategy_why = v;
				} else if (strstr(val, "ddp"))
					g->strategy = ST_DDP, g->strategy_why = v;
			} else if (!strncmp(v, "--trainer.strategy", 18) && val) {
				/* Lightning's CLI */
				if (strstr(val, "fsdp") || strstr(val, "FSDP"))
					g->strategy = ST_FSDP, g->strategy_why = v;
				else if (strstr(val, "deepspeed")) {
					const char *st = strstr(val, "stage_");
					g->framework = FW_DEEPSPEED, g->why = v;
					g->strategy = st ? zero(atoi(st + 6)) : ST_NONE;
					g->strategy_why = v;
				} else if (strstr(val, "ddp"))
					g->strategy = ST_DDP, g->strategy_why = v;
			} else if (!strncmp(v, "strategy=", 9) || !strncmp(v, "trainer.strategy=", 17)) {
				if (strstr(v, "fsdp"))
					g->strategy = ST_FSDP, g->strategy_why = v;
			} else if (eq && v[0] != '-' && fsdp_override(v, eq)) {
				/* a config override of FSDP's own section (composer / llm-foundry fsdp_config.KEY=V, model.fsdp=true):
				 * NO_SHARD keeps whole replicas, which is DDP (torch.distributed.fsdp.ShardingStrategy) */
				bool off = !strcasecmp(eq + 1, "false") || !strcasecmp(eq + 1, "null") || !strcasecmp(eq + 1, "none") ||
					   !strcmp(eq + 1, "0") || !strcmp(eq + 1, "~");
				if (strstr(v, "sharding_strategy") && !strcasecmp(eq + 1, "NO_SHARD"))
					g->strategy = ST_DDP, g->strategy_why = v;
				else if (!off && g->strategy != ST_DDP)
					g->strategy = ST_FSDP, g->strategy_why = v;
				else if (off && !strstr(v, "fsdp_config") && g->strategy == ST_FSDP)
					g->strategy = ST_NONE, g->strategy_why = NULL;
			}
		}
		if (g->strategy == ST_NONE && l->script_word >= 0) {
			const char *sw = base_name(c->words.v[l->script_word].value);
			if (strstr(sw, "fsdp"))
				g->strategy = ST_FSDP, g->strategy_why = "the script's name";
		}
	}
	if (p->prog && l->script_word > 0 && js_neox_launcher(js->cmds[p->prog->cmd].words.v[l->script_word - 1].value,
							     js->cmds[p->prog->cmd].words.v[l->script_word].value))
		neox_reading(js, p, script_dir, g);
	if (g->framework == FW_NONE)
		g->framework = FW_PYTORCH, g->why = s ? stage_kind_name(s->kind) : "a python launch line";
	if (g->framework == FW_DEEPSPEED && g->strategy == ST_NONE) {
		for (size_t i = 0; i < js->nheredocs; i++) {
			int st = stage_in(js, js->heredocs[i].body);
			if (st >= 1 && strstr(js->heredocs[i].body, "zero_optimization")) {
				g->strategy = zero(st), g->strategy_why = "the ZeRO stage of the DeepSpeed config the script writes";
				break;
			}
		}
	}
	if (g->strategy == ST_NONE && (g->framework == FW_DEEPSPEED || g->strategy_unknown)) {
		/* the ZeRO stage is the config's, and maple could not read one */
		g->strategy_unknown = true;
		if (!g->strategy_why)
			g->strategy_why = "no DeepSpeed config maple can read";
	} else if (g->strategy == ST_NONE) {
		g->strategy = ST_DDP;
	}
	if (g->strategy != ST_NONE && !framework_allows(g->framework, g->strategy)) {
		if (g->framework == FW_PYTORCH && g->strategy >= ST_ZERO1)
			g->framework = FW_DEEPSPEED;
		else if (g->framework == FW_DEEPSPEED && g->strategy == ST_FSDP)
			g->strategy = ST_ZERO3;
		else
			g->strategy = g->framework == FW_DEEPSPEED ? ST_NONE : ST_DDP;
	}
	js_family(h, js, p, script_dir, g);
}
