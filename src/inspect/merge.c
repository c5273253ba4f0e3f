/* merge.c - the interpretation rules of merge.h. Each conclusion keeps the strongest evidence
 * (a priority) and the place it came from; the command line beats config files, which beat the
 * script's defaults. */
#include "mctx.h"

#include "cmdline.h"
#include "configs.h"

#include "../util/strbuf.h"
#include "../util/strvec.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void deps(struct ctx *c, json_t *out)
{
	json_t *d = json_object();
	for (size_t i = 0; i < c->n; i++) {
		json_t *list = json_object_get(c->files[i].facts, "deps");
		size_t k;
		json_t *e;
		json_array_foreach(list, k, e)
		{
			const char *name = json_string_value(json_array_get(e, 0));
			if (!name || json_object_get(d, name))
				continue;
			json_object_set(d, name, json_array_get(e, 1));
			char *s = mg_src_str(c->files[i].rel, json_integer_value(json_array_get(e, 2)));
			struct strbuf key = STRBUF_INIT;
			strbuf_addf(&key, "dependencies.%s", name);
			json_object_set_new(c->sources, key.buf, json_string(s));
			strbuf_release(&key);
			free(s);
		}
	}
	json_object_set_new(out, "dependencies", d);
}

static void set_evidence(struct ctx *c, json_t *out, const char *field, const struct evidence *e)
{
	json_object_set_new(out, field, e->value ? json_string(e->value) : json_null());
	if (e->value)
		json_object_set_new(c->sources, field, json_string(e->src));
}

/* Module-level literals: the entry's globals (nanoGPT's defaults), and in every file of the scope
 * the settings of a config object (yacs: _C.TRAIN.EPOCHS = 300 gives TRAIN.EPOCHS). */
static void module_assigns(struct ctx *c, int i)
{
	size_t k;
	json_t *a;
	json_array_foreach(json_object_get(mg_py(c, i), "assigns"), k, a)
	{
		const char *name = json_string_value(json_object_get(a, "name"));
		if (!name)
			continue;
		const char *dot = strchr(name, '.');
		if (dot) {
			size_t root = (size_t)(dot - name), letters = 0;
			for (const char *p = name; p < dot; p++)
				letters += *p != '_';
			bool cfg_obj = (letters <= 3 && letters > 0) || !strncmp(name, "cfg.", 4) || !strncmp(name, "config.", 7);
			if (!cfg_obj || root > 8)
				continue;
			name = dot + 1;
		} else if (i != c->entry) {
			continue;
		}
		/* the entry's own globals (nanoGPT, llama2.c) are the script's defaults: they beat the
		 * defaults of another file's dataclass (llama2.c's ModelArgs, a 7B model it never builds) */
		mg_hp_set_at(c, name, json_object_get(a, "value"), !dot ? HP_DEFAULT + 3 : HP_ASSIGN, c->files[i].rel,
			     json_integer_value(json_object_get(a, "line")));
		/* NAME = sys.argv[N] if ... else default: the command's N-th word when it has one */
		json_int_t n = json_integer_value(json_object_get(a, "argv"));
		const char *w = n > 0 && c->have_cmd ? json_string_value(json_array_get(c->lc.words, (size_t)(n - 1))) : NULL;
		if (w && *w != '-') {
			json_t *tv = typed_arg(w);
			mg_hp_set(c, name, tv, HP_CMD, "--cmd");
			json_decref(tv);
		}
		/* NAME = int(os.environ.get("VAR", default)): VAR=value before the command wins */
		const char *var = json_string_value(json_object_get(a, "env"));
		const char *ev = var && c->have_cmd ? json_string_value(json_object_get(c->lc.env, var)) : NULL;
		const char *esrc = "--cmd";
		/* EVAL_BS = getenv("EVAL_BS", BS): BS's variable when the command sets only that one */
		const char *var_else = json_string_value(json_object_get(a, "env_else"));
		if (var_else && c->have_cmd && !ev)
			ev = json_string_value(json_object_get(c->lc.env, var_else));
		if (var && c->have_cmd && !ev) {
			json_t *w = json_object_get(c->wrapper_env, var);
			ev = json_is_array(w) ? json_string_value(json_array_get(w, 0)) : json_string_value(w);
			if (json_is_array(w))
				esrc = json_string_value(json_array_get(w, 1)); /* export NAME=v in the wrapper */
		}
		/* load_dotenv(): the .env file's value, below the command's environment unless override=True */
		const char *dsrc = NULL;
		bool dover = false;
		const char *dv = var ? mg_dotenv(c, var, &dsrc, &dover) : NULL;
		if (dv && (dover || !ev)) {
			json_t *tv = typed_arg(dv);
			mg_hp_set(c, name, tv, dover ? HP_CMD : HP_CONFIG, dsrc);
			json_decref(tv);
			ev = NULL;
		}
		if (ev) {
			json_t *tv = typed_arg(ev);
			mg_hp_set(c, name, tv, HP_CMD, esrc);
			json_decref(tv);
		}
	}
}

/* fire.Fire(train) / jsonargparse CLI(setup) in the entry: the function's keyword defaults are the
 * program's options (alpaca-lora, TinyLlama); the command line, read later, wins. The function is
 * the entry's own or one of another file of the scope. */
static void cli_function_defaults(struct ctx *c)
{
	if (c->entry < 0)
		return;
	size_t k;
	json_t *call;
	json_array_foreach(json_object_get(mg_py(c, c->entry), "calls"), k, call)
	{
		const char *name = json_string_value(json_object_get(call, "name"));
		if (!name || (strcmp(name, "Fire") && strcmp(name, "CLI")))
			continue;
		const char *fn = json_string_value(json_object_get(json_array_get(json_object_get(call, "args"), 0), "ref"));
		if (!fn || strchr(fn, '.'))
			continue;
		int at = -1;
		json_t *sig = json_object_get(json_object_get(mg_py(c, c->entry), "sigs"), fn);
		if (sig)
			at = c->entry;
		for (size_t i = 0; !sig && i < c->n; i++)
			if (c->in_scope[i] && c->files[i].kind == FK_PYTHON &&
			    (sig = json_object_get(json_object_get(mg_py(c, (int)i), "sigs"), fn)) != NULL)
				at = (int)i;
		if (!sig && !strcmp(name, "Fire"))
			c->fire_kwargs = true; /* main(**kwargs): the settings objects it fills decide */
		size_t q;
		json_t *d;
		json_array_foreach(sig, q, d)
		mg_hp_set_at(c, json_string_value(json_object_get(d, "name")), json_object_get(d, "value"), HP_DEFAULT,
			     c->files[at].rel, json_integer_value(json_object_get(d, "line")));
	}
	/* main(name=name, **config) with config = OmegaConf.load(args.config) (AnimateDiff): the entry's
	 * function called with a mapping spread over its keywords; its keyword defaults are the settings
	 * the config leaves out (the config file, read later, wins) */
	json_array_foreach(json_object_get(mg_py(c, c->entry), "calls"), k, call)
	{
		const char *name = json_string_value(json_object_get(call, "name"));
		const char *full = json_string_value(json_object_get(call, "full"));
		if (!name || !full || strcmp(name, full) || !json_is_true(json_object_get(call, "splat")))
			continue;
		json_t *sig = json_object_get(json_object_get(mg_py(c, c->entry), "sigs"), name);
		size_t q;
		json_t *d;
		json_array_foreach(sig, q, d)
		mg_hp_set_at(c, json_string_value(json_object_get(d, "name")), json_object_get(d, "value"), HP_DEFAULT,
			     c->files[c->entry].rel, json_integer_value(json_object_get(d, "line")));
	}
	/* typer: @app.command() over a function of the entry, or typer.run(fn) (both in typer_cmds): its
	 * parameters are the options and positionals (pyscan_typer.c) */
	json_t *tf = json_object_get(mg_py(c, c->entry), "typer_fns");
	json_t *cmds = json_array();
	json_array_extend(cmds, json_object_get(mg_py(c, c->entry), "typer_cmds"));
	json_t *cmd;
	json_array_foreach(cmds, k, cmd)
	{
		json_t *params = json_object_get(tf, json_string_value(cmd));
		if (params) {
			mg_typer_options(c, c->entry, params);
			break; /* one command: a program of several subcommands names one on its command line */
		}
	}
	json_decref(cmds);
	/* @call_parse def main(lr: Param("...", float)=1e-2, ...) in the entry (fastai's scripts) */
	json_t *fn;
	json_array_foreach(json_object_get(mg_py(c, c->entry), "cli_fns"), k, fn)
	{
		size_t q;
		json_t *d;
		json_t *sig = json_object_get(json_object_get(mg_py(c, c->entry), "sigs"), json_string_value(fn));
		json_array_foreach(sig, q, d)
		mg_hp_set_at(c, json_string_value(json_object_get(d, "name")), json_object_get(d, "value"), HP_DEFAULT,
			     c->files[c->entry].rel, json_integer_value(json_object_get(d, "line")));
	}
}

/* A recipe object the entry builds (NeMo 2's `recipe = llm.llama3_8b.pretrain_recipe(...)`): the
 * module it comes from names the model, and the settings written over it are the job's
 * (https://docs.nvidia.com/nemo-framework/user-guide/latest/nemo-2.0/quickstart.html). */
static void recipe_settings(struct ctx *c)
{
	if (c->entry < 0)
		return;
	const char *var;
	json_t *r;
	const char *rel = c->files[c->entry].rel;
	json_object_foreach(json_object_get(mg_py(c, c->entry), "recipes"), var, r)
	{
		const char *from = json_string_value(json_object_get(r, "from"));
		const char *end = from ? strrchr(from, '.') : NULL;
		const char *start = end;
		while (start && start > from && start[-1] != '.')
			start--;
		if (start && end > start) {
			char *m = xstrndup(start, (size_t)(end - start));
			char *s = mg_src_str(rel, json_integer_value(json_object_get(r, "line")));
			mg_evid(&c->model, m, 55, s);
			free(s);
			free(m);
		}
		size_t i;
		json_t *e;
		json_array_foreach(json_object_get(r, "sets"), i, e)
		mg_hp_set_at(c, json_string_value(json_object_get(e, "name")), json_object_get(e, "value"), HP_CONFIG, rel,
			     json_integer_value(json_object_get(e, "line")));
	}
}

/* A recipe object whose strategy the script leaves alone: NeMo 2's pretrain_recipe builds its
 * MegatronStrategy (tensor, pipeline and context sizes chosen per model) inside the library, which is
 * not in the tree; said rather than guessed. */
static void recipe_strategy_unknown(struct ctx *c)
{
	if (c->entry < 0)
		return;
	const char *var;
	json_t *r;
	json_object_foreach(json_object_get(mg_py(c, c->entry), "recipes"), var, r)
	{
		const char *from = json_string_value(json_object_get(r, "from"));
		if (!from)
			continue;
		struct strbuf why = STRBUF_INIT;
		strbuf_addf(&why,
			    "the recipe %s(...) at %s:%lld builds its parallel strategy inside the library, outside this tree; "
			    "the script sets none of %s.trainer.strategy's sizes",
			    from, c->files[c->entry].rel, (long long)json_integer_value(json_object_get(r, "line")), var);
		mg_unknown(c, "strategy", why.buf);
		strbuf_release(&why);
		return;
	}
}

json_t *inspect_merge(const struct inspect_file *files, size_t n, const char *cmd)
{
	struct ctx c;
	memset(&c, 0, sizeof(c));
	c.files = files;
	c.n = n;
	c.in_scope = xcalloc(n + 1, sizeof(bool));
	c.targeted = xcalloc(n + 1, sizeof(bool));
	c.targets = json_array();
	c.hp = json_object();
	c.hp_prio = json_object();
	c.sources = json_object();
	c.datasets = json_array();
	c.outputs = json_array();
	c.notes = json_array();
	c.unknown = json_object();
	c.model_config = json_object();
	c.libraries = json_object();
	json_t *out = json_object();
	c.argspec = json_array();
	c.other_configs = json_array();
	c.cmd_args = json_array();
	c.data_refs = json_array();
	c.model_choices = json_array();
	c.extra_pos = json_array();
	c.gated_amp = json_array();
	c.have_cmd = cmd && *cmd;
	const char *typed_cmd = cmd;
	char *flat = c.have_cmd ? cmd_block_flatten(cmd, &c.cwd) : NULL;
	c.cmd_sourced = c.have_cmd ? cmd_block_sourced(cmd) : json_array();
	if (flat)
		cmd = flat;
	char *ecmd = c.have_cmd ? mg_effective_cmd(&c, cmd) : NULL;
	if (ecmd || flat)
		json_object_set_new(out, "runs", json_string(ecmd ? ecmd : flat));
	if (c.have_cmd) {
		if (c.typed_extra) {
			struct strbuf t = STRBUF_INIT;
			strbuf_addf(&t, "%s %s", cmd, c.typed_extra);
			c.typed = json_string(t.buf);
			strbuf_release(&t);
		} else {
			c.typed = json_string(cmd);
		}
		if (launch_cmd_parse(ecmd ? ecmd : cmd, &c.lc) < 0)
			json_array_append_new(c.notes, json_string("--cmd names no Python script (.py) or module (-m)"));
	} else {
		c.lc.launch_opts = json_object();
		c.lc.args = json_array();
		c.lc.words = json_array();
		c.lc.env = json_object();
	}
	free(ecmd);
	json_object_set_new(out, "command", c.have_cmd ? json_string(typed_cmd) : json_null());
	if (!json_object_get(out, "command"))
		json_object_set_new(out, "command", json_string("?"));
	mg_choose_entry(&c, out);
	mg_build_scope(&c);
	/* imports first (they decide what a bare Trainer is), then defaults, then calls */
	if (c.entry >= 0) /* the entry's own imports are the best sources */
		mg_scan_imports(&c, c.entry);
	for (size_t i = 0; i < n; i++)
		if (c.in_scope[i] && files[i].kind == FK_PYTHON && (int)i != c.entry)
			mg_scan_imports(&c, (int)i);
	for (size_t i = 0; i < n; i++)
		if (c.in_scope[i] && files[i].kind == FK_PYTHON)
			module_assigns(&c, (int)i);
	mg_sacred(&c);
	cli_function_defaults(&c);
	recipe_settings(&c);
	for (size_t i = 0; i < n; i++)
		if (c.in_scope[i] && files[i].kind == FK_PYTHON)
			mg_scan_args(&c, (int)i);
	mg_expand_argfiles(&c);
	mg_parse_words(&c);
	c.cur_word_src = NULL;
	mg_task_sets(&c); /* papermill's -p over the notebook's settings, before the calls read them */
	mg_program_configs(&c);
	mg_apply_cmd(&c); /* before the calls, so that refs see command-line values */
	for (size_t i = 0; i < n; i++)
		if (c.in_scope[i] && files[i].kind == FK_PYTHON)
			mg_scan_calls(&c, (int)i);
	mg_ds_untaken_fix(&c);
	bool hydra = mg_hydra(&c, out);
	json_t *launcher = json_object();
	json_object_set_new(launcher, "name", c.lc.launcher ? json_string(c.lc.launcher) : json_null());
	json_object_set(launcher, "options", c.lc.launch_opts);
	json_object_set_new(out, "launcher", launcher);
	mg_cmd_path_words(&c, hydra);
	mg_scan_configs(&c, out);
	mg_experiment_class(&c);
	mg_apply_cmd(&c); /* the command line beats config files */
	mg_cmd_overrides(&c, hydra);
	mg_task_sets(&c); /* DVC's -S over the params file's keys, now read */
	mg_gin_defaults(&c);
	mg_fsdp_untaken_fix(&c);
	mg_scope_targets(&c); /* classes the configs instantiate by _target_ */
	mg_arg_maps(&c);
	mg_config_file_order(&c);
	mg_arg_arith(&c);
	mg_follow_refs(&c);
	mg_model_choices(&c);
	mg_hp_lists(&c);
	mg_shape_from_hp(&c);
	mg_arch_presets(&c);
	mg_speech_shape(&c);
	mg_stale_shape(&c);
	mg_shape_from_named_config(&c);
	mg_precision_untaken_fix(&c);
	mg_precision_from_hp(&c);
	mg_unset_values(&c);
	mg_unknown_precision(&c);
	mg_default_precision(&c);
	mg_unknown_model_choice(&c);
	mg_loader_default_datasets(&c);
	mg_cli_data_option(&c);
	/* a Lightning project launched by accelerate/deepspeed stays lightning only without them */
	set_evidence(&c, out, "framework", &c.fw);
	if (c.fw.value && (!strcmp(c.fw.value, "jax") || !strcmp(c.fw.value, "paddle") || !strcmp(c.fw.value, "tensorflow"))) {
		struct strbuf n = STRBUF_INIT;
		strbuf_addf(&n, "a %s program: maple prepares job scripts for PyTorch jobs (torchrun, DeepSpeed, "
				"Accelerate); its strategy is not one of theirs",
			    !strcmp(c.fw.value, "jax") ? "JAX" : !strcmp(c.fw.value, "paddle") ? "PaddlePaddle" : "TensorFlow");
		json_array_append_new(c.notes, json_string(n.buf));
		strbuf_release(&n);
	}
	if (!c.strategy.value)
		recipe_strategy_unknown(&c);
	set_evidence(&c, out, "strategy", &c.strategy);
	set_evidence(&c, out, "model", &c.model);
	const char *prec = mg_norm_precision(c.precision.value);
	json_object_set_new(out, "precision", prec ? json_string(prec) : json_null());
	if (prec)
		json_object_set_new(c.sources, "precision", json_string(c.precision.src));
	json_object_set_new(out, "model_config", c.model_config);
	json_t *libs = json_array();
	const char *lk;
	json_t *lv;
	json_object_foreach(c.libraries, lk, lv)
	{
		json_array_append_new(libs, json_string(lk));
		struct strbuf k = STRBUF_INIT;
		strbuf_addf(&k, "libraries.%s", lk);
		json_object_set(c.sources, k.buf, lv);
		strbuf_release(&k);
	}
	json_object_set_new(out, "libraries", libs);
	json_object_del(c.hp, "");
	json_object_set_new(out, "hyperparameters", c.hp);
	json_object_set_new(out, "datasets", c.datasets);
	json_object_set_new(out, "outputs", c.outputs);
	deps(&c, out);
	json_t *scope = json_array();
	for (size_t i = 0; i < n; i++)
		if (c.in_scope[i] && c.entry >= 0)
			json_array_append_new(scope, json_string(files[i].rel));
	json_object_set_new(out, "scope", scope);
	json_object_set_new(out, "sources", c.sources);
	json_object_set_new(out, "notes", c.notes);
	json_object_set_new(out, "unknown", c.unknown);
	json_decref(c.hp_prio);
	json_decref(c.libraries);
	mg_evid_release(&c.fw);
	mg_evid_release(&c.strategy);
	mg_evid_release(&c.model);
	free(c.model_ref);
	json_decref(c.model_ref_late);
	free(c.model_ref_late_src);
	json_decref(c.data_refs);
	json_decref(c.model_choices);
	free(c.model_ref_val);
	mg_evid_release(&c.precision);
	mg_evid_release(&c.ds_config);
	mg_evid_release(&c.acc_config);
	launch_cmd_release(&c.lc);
	json_decref(c.typed);
	json_decref(c.argspec);
	json_decref(c.other_configs);
	json_decref(c.cmd_args);
	json_decref(c.extra_pos);
	json_decref(c.gated_amp);
	free(c.launch_src);
	json_decref(c.flag_src);
	json_decref(c.sourced_src);
	json_decref(c.wrapper_env);
	json_decref(c.recipe_lines);
	json_decref(c.param_sets);
	free(c.typed_extra);
	json_decref(c.dotenv);
	json_decref(c.global_sets);
	json_decref(c.argfile_src);
	json_decref(c.word_src);
	json_decref(c.cmd_sourced);
	json_decref(c.unset_vals);
	free(c.in_scope);
	free(c.targeted);
	json_decref(c.targets);
	free(c.cwd);
	free(c.launched_script);
	free(flat);
	return out;
}
