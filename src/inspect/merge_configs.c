/* merge_configs.c - configuration files: DeepSpeed and Accelerate configs, model configs, and the
 * configs a job names (or that have a well-known name). */
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

/* ---- configs ------------------------------------------------------------------------------ */

bool mg_is_ds_config(const struct ctx *c, int k)
{
	/* train_batch_size alone is any trainer's setting (AnimateDiff's YAML): with it, a key only
	 * DeepSpeed's config has (https://www.deepspeed.ai/docs/config-json/) */
	return mg_cfg_get(c, k, "zero_optimization.stage", NULL) || mg_cfg_get(c, k, "train_micro_batch_size_per_gpu", NULL) ||
	       (mg_cfg_get(c, k, "train_batch_size", NULL) &&
		(mg_cfg_get(c, k, "zero_optimization", NULL) || mg_cfg_get(c, k, "fp16.enabled", NULL) ||
		 mg_cfg_get(c, k, "bf16.enabled", NULL) || mg_cfg_get(c, k, "steps_per_print", NULL) ||
		 mg_cfg_get(c, k, "gradient_clipping", NULL) || mg_cfg_get(c, k, "wall_clock_breakdown", NULL) ||
		 mg_cfg_get(c, k, "optimizer.params", NULL) || mg_cfg_get(c, k, "optimizer.type", NULL)));
}

bool mg_is_acc_config(const struct ctx *c, int k)
{
	return mg_cfg_get(c, k, "distributed_type", NULL) != NULL;
}

bool mg_is_model_config(const struct ctx *c, int k)
{
	return mg_cfg_get(c, k, "model_type", NULL) || mg_cfg_get(c, k, "n_embd", NULL) ||
	       (mg_cfg_get(c, k, "hidden_size", NULL) && mg_cfg_get(c, k, "num_hidden_layers", NULL));
}

void mg_note_missing(struct ctx *c, const char *what, const char *path, const char *src)
{
	struct strbuf n = STRBUF_INIT;
	strbuf_addf(&n, "%s '%s' (%s) is not a file under the directory; its settings are not read", what, path, src);
	json_array_append_new(c->notes, json_string(n.buf));
	strbuf_release(&n);
}

static void read_ds_config(struct ctx *c, int k, json_t *out)
{
	json_t *ds = json_object();
	const char *rel = c->files[k].rel;
	json_object_set_new(ds, "file", json_string(rel));
	json_int_t line = 0;
	json_t *st = mg_cfg_get(c, k, "zero_optimization.stage", &line);
	if (json_is_integer(st)) {
		json_object_set(ds, "zero_stage", st);
		mg_evid_at(&c->strategy, mg_zero_name(json_integer_value(st)), 90, rel, line);
	}
	static const char *const keys[] = {"train_batch_size", "train_micro_batch_size_per_gpu",
					   "gradient_accumulation_steps", NULL};
	for (int i = 0; keys[i]; i++) {
		json_t *v = mg_cfg_get(c, k, keys[i], &line);
		if (v && !(json_is_string(v) && !strcmp(json_string_value(v), "auto"))) {
			json_object_set(ds, keys[i], v);
			mg_hp_set_at(c, keys[i], v, HP_CONFIG, rel, line);
		}
	}
	json_t *lr = mg_cfg_get(c, k, "optimizer.params.lr", &line);
	if (lr && json_is_number(lr))
		mg_hp_set_at(c, "lr", lr, HP_CONFIG - 1, rel, line);
	if (json_is_true(mg_cfg_get(c, k, "bf16.enabled", &line)))
		mg_evid_at(&c->precision, "bf16", 60, rel, line);
	else if (json_is_true(mg_cfg_get(c, k, "fp16.enabled", &line)))
		mg_evid_at(&c->precision, "fp16", 60, rel, line);
	json_t *off = mg_cfg_get(c, k, "zero_optimization.offload_optimizer.device", NULL);
	if (json_is_string(off))
		json_object_set(ds, "offload_optimizer", off);
	json_object_set_new(out, "deepspeed", ds);
	/* Accelerate and Lightning drive DeepSpeed themselves: they stay the framework */
	if (!c->fw.value || (strcmp(c->fw.value, "accelerate") && strcmp(c->fw.value, "lightning")))
		mg_evid(&c->fw, "deepspeed", 70, c->ds_config.src ? c->ds_config.src : rel);
}

static void read_acc_config(struct ctx *c, int k, json_t *out)
{
	json_t *acc = json_object();
	const char *rel = c->files[k].rel;
	json_object_set_new(acc, "file", json_string(rel));
	json_int_t line = 0;
	json_t *dt = mg_cfg_get(c, k, "distributed_type", &line);
	const char *d = json_string_value(dt);
	if (d) {
		json_object_set(acc, "distributed_type", dt);
		if (!strcasecmp(d, "FSDP"))
			mg_evid_at(&c->strategy, "fsdp", 90, rel, line);
		else if (!strcasecmp(d, "MULTI_GPU"))
			mg_evid_at(&c->strategy, "ddp", 85, rel, line);
		else if (!strcasecmp(d, "DEEPSPEED")) {
			json_int_t l2 = line;
			json_t *zs = mg_cfg_get(c, k, "deepspeed_config.zero_stage", &l2);
			mg_evid_at(&c->strategy, json_is_integer(zs) ? mg_zero_name(json_integer_value(zs)) : "zero2", 90, rel, l2);
			const char *f = json_string_value(mg_cfg_get(c, k, "deepspeed_config.deepspeed_config_file", NULL));
			if (f)
				mg_evid_at(&c->ds_config, f, 70, rel, l2);
		}
	}
	static const char *const keys[] = {"mixed_precision", "num_processes", "num_machines", "fsdp_config.fsdp_sharding_strategy",
					   NULL};
	for (int i = 0; keys[i]; i++) {
		json_t *v = mg_cfg_get(c, k, keys[i], &line);
		if (v)
			json_object_set(acc, keys[i], v);
		if (v && !strcmp(keys[i], "mixed_precision") && json_is_string(v))
			mg_evid_at(&c->precision, json_string_value(v), 55, rel, line);
	}
	json_object_set_new(out, "accelerate", acc);
	mg_evid_at(&c->fw, "accelerate", 85, rel, 1);
}

/* Whether a file of the job's scope builds the name "default" + an extension (efficientvit's setup_exp_config) */
static bool scope_joins_default(const struct ctx *c)
{
	for (size_t i = 0; i < c->n; i++)
		if (c->in_scope[i] && c->files[i].kind == FK_PYTHON && json_is_true(json_object_get(mg_py(c, i), "default_join")))
			return true;
	return false;
}

/* efficientvit's setup_exp_config(recursive=True): the default.<ext> of every folder above config k, the
 * outermost first, under the config itself (configs/cls/default.yaml under configs/cls/imagenet/b1.yaml);
 * only for a program that builds that name. */
static void parent_defaults(struct ctx *c, int k, bool *used, json_t *configs)
{
	const char *rel = c->files[k].rel, *ext = strrchr(rel, '.');
	if (!ext || strchr(ext, '/') || !scope_joins_default(c))
		return;
	int found[16], nf = 0;
	char *dir = mg_dir_of(rel);
	while (nf < 16) {
		struct strbuf p = STRBUF_INIT;
		strbuf_addf(&p, "%s%sdefault%s", dir, *dir ? "/" : "", ext);
		int d = mg_find_file(c, p.buf);
		strbuf_release(&p);
		if (d >= 0 && d != k && c->files[d].kind == FK_CONFIG)
			found[nf++] = d;
		if (!*dir)
			break;
		char *up = mg_dir_of(dir);
		free(dir);
		dir = up;
	}
	free(dir);
	for (int q = nf - 1; q >= 0; q--) {
		if (used[found[q]])
			continue;
		used[found[q]] = true;
		mg_add_config_keys_at(c, found[q], "", HP_DEFAULT + 3);
		json_array_append_new(configs, json_string(c->files[found[q]].rel));
	}
}

static void read_model_config(struct ctx *c, int k)
{
	const char *key;
	json_t *a;
	json_object_foreach(mg_cfg_keys(c, k), key, a)
	{
		char *s = mg_src_str(c->files[k].rel, json_integer_value(json_array_get(a, 1)));
		mg_model_cfg_set(c, key, json_array_get(a, 0), s);
		free(s);
	}
}

/* default.yaml beside the entry that loads it (ultralytics/cfg/__init__.py + default.yaml): the
 * program's own defaults */
static bool beside_default(const struct ctx *c, const char *rel)
{
	const char *dir_end = strrchr(rel, '/'), *b = dir_end ? dir_end + 1 : rel;
	if (c->entry < 0 || !dir_end || (strncmp(b, "default.", 8) && strncmp(b, "defaults.", 9)))
		return false;
	const char *e = c->files[c->entry].rel, *es = strrchr(e, '/');
	return es && es - e == dir_end - rel && !strncmp(e, rel, (size_t)(es - e));
}

static bool generic_config_name(const struct ctx *c, const char *rel)
{
	const char *b = strrchr(rel, '/');
	const char *dir_end = b;
	b = b ? b + 1 : rel;
	bool top = !dir_end || !strncmp(rel, "config/", 7) || !strncmp(rel, "configs/", 8) || !strncmp(rel, "conf/", 5);
	/* default.yaml next to the entry that loads it (ultralytics/cfg/__init__.py + default.yaml) */
	bool beside = false;
	if (c->entry >= 0 && dir_end) {
		const char *e = c->files[c->entry].rel, *es = strrchr(e, '/');
		beside = es && es - e == dir_end - rel && !strncmp(e, rel, (size_t)(es - e));
	}
	if (beside && (!strncmp(b, "default.", 8) || !strncmp(b, "defaults.", 9)))
		return true;
	if (!top || strchr(b, '/'))
		return false;
	return !strncmp(b, "config.", 7) || !strncmp(b, "train", 5) || !strncmp(b, "hparams", 7) ||
	       !strncmp(b, "hyperparameters", 15) || !strncmp(b, "params.", 7);
}

/* A config found without being named decides only when it sits at the root or next to the entry:
 * configs under examples/ elsewhere in the tree belong to other jobs. */
/* a path with a tests/test_data/fixtures folder */
static bool in_test_folder(const char *rel)
{
	static const char *const names[] = {"test", "tests", "test_data", "testdata", "testing", "fixtures", NULL};
	for (const char *p = rel; p && *p;) {
		const char *slash = strchr(p, '/');
		if (!slash)
			break;
		for (int i = 0; names[i]; i++)
			if ((size_t)(slash - p) == strlen(names[i]) && !strncmp(p, names[i], (size_t)(slash - p)))
				return true;
		p = slash + 1;
	}
	return false;
}

/* a config in folder D fits a job whose model is named by a path or hub id only when that name is
 * D or ends with D ("./ckpt/my-model" and ckpt/my-model/config.json) */
static bool model_config_fits(const struct ctx *c, int k)
{
	const char *m = c->model.value;
	if (!m || !strchr(m, '/'))
		return true;
	char *d = mg_dir_of(c->files[k].rel);
	size_t dl = strlen(d), ml = strlen(m);
	while (ml && m[ml - 1] == '/')
		ml--;
	bool ok = dl && ml >= dl && !strncmp(m + ml - dl, d, dl) && (ml == dl || m[ml - dl - 1] == '/');
	free(d);
	return ok;
}

static bool near_entry(const struct ctx *c, int k)
{
	char *d = mg_dir_of(c->files[k].rel);
	bool ok = !*d;
	if (!ok && c->entry >= 0) {
		char *e = mg_dir_of(c->files[c->entry].rel);
		ok = !strcmp(d, e);
		free(e);
	}
	free(d);
	return ok;
}

/* TRL's `trl dpo --accelerate_config zero2` (https://huggingface.co/docs/trl/clis): the Accelerate
 * config is a path, or a name of one packaged in a folder of Accelerate configs
 * (trl/accelerate_configs/zero2.yaml); one match only, else nothing is chosen. */
static void named_acc_config(struct ctx *c)
{
	static const char *const keys[] = {"accelerate_config", "accelerate_config_file", NULL};
	const char *v = NULL, *key = NULL;
	for (int i = 0; keys[i] && !v; i++)
		if ((v = mg_hp_str(c, keys[i])))
			key = keys[i];
	if (!v || !*v || strchr(v, ' '))
		return;
	const char *src = mg_hp_src(c, key);
	if (mg_resolve_path(c, v) >= 0) {
		mg_evid(&c->acc_config, v, 90, src ? src : "?");
		return;
	}
	if (strchr(v, '/') || strchr(v, '.'))
		return;
	int found = -1, count = 0;
	size_t vl = strlen(v);
	for (size_t i = 0; i < c->n; i++) {
		const char *rel = c->files[i].rel, *slash = strrchr(rel, '/');
		if (c->files[i].kind != FK_CONFIG || !slash || strncmp(slash + 1, v, vl) ||
		    (strcmp(slash + 1 + vl, ".yaml") && strcmp(slash + 1 + vl, ".yml")))
			continue;
		char *dir = xstrndup(rel, (size_t)(slash - rel));
		if (strcasestr(dir, "accelerate"))
			found = (int)i, count++;
		free(dir);
	}
	if (count == 1)
		mg_evid(&c->acc_config, c->files[found].rel, 90, src ? src : "?");
}

/* `accelerate launch --multi_gpu --num_processes 4`: the command sets what a config would. */
static bool accelerate_opts(const struct ctx *c)
{
	json_t *o = c->lc.launch_opts;
	return json_object_get(o, "multi_gpu") || json_object_get(o, "num_processes") || json_object_get(o, "use_fsdp") ||
	       json_object_get(o, "use_deepspeed");
}

/* `ROOT/"data/x.yaml"` (how the scanner writes a pathlib join of a name and a literal): the
 * literal, or NULL. */
static char *root_joined(const char *v)
{
	const char *q = strstr(v, "/\"");
	if (!q || q == v || v[strlen(v) - 1] != '"')
		return NULL;
	for (const char *c = v; c < q; c++)
		if (!isalnum((unsigned char)*c) && *c != '_' && *c != ' ' && *c != '.')
			return NULL;
	size_t n = strlen(q + 2);
	return n > 1 ? xstrndup(q + 2, n - 1) : NULL;
}

/* The YAML config a config option names without its extension, searched as NAME.yaml/.yml
 * from the root and then as the end of a path under any folder (recipes/configs/NAME.yaml);
 * -1 when none or several. */
static int config_by_name(const struct ctx *c, const char *key, const char *name)
{
	if (strcmp(key, "config") && strcmp(key, "config_file") && strcmp(key, "cfg") && strcmp(key, "config_name"))
		return -1;
	if (!*name || strchr(name, ' ') || name[0] == '/' || strstr(name, ".."))
		return -1;
	static const char *const exts[] = {".yaml", ".yml", NULL};
	for (int e = 0; exts[e]; e++) {
		struct strbuf p = STRBUF_INIT;
		strbuf_addf(&p, "%s%s", name, exts[e]);
		int k = mg_resolve_path(c, p.buf);
		size_t pl = p.len;
		int found = -1, count = 0;
		for (size_t i = 0; i < c->n && k < 0; i++) {
			const char *rel = c->files[i].rel;
			size_t rl = strlen(rel);
			if (c->files[i].kind == FK_CONFIG && rl > pl && rel[rl - pl - 1] == '/' && !strcmp(rel + rl - pl, p.buf))
				found = (int)i, count++;
		}
		strbuf_release(&p);
		if (k >= 0)
			return k;
		if (count == 1)
			return found;
	}
	return -1;
}

static bool is_dest(const struct ctx *c, const char *name, size_t n)
{
	size_t i;
	json_t *s;
	json_array_foreach(c->argspec, i, s)
	{
		const char *d = json_string_value(json_object_get(s, "dest"));
		if (d && strlen(d) == n && !strncmp(d, name, n))
			return true;
	}
	return false;
}

/* A config file of sections whose keys are the program's own options ([training_arguments]
 * train_batch_size = 2 for --train_batch_size: kohya's sd-scripts read the sections flattened over
 * argparse): SECTION.KEY, SECTION no option and KEY one, is the option KEY as well. */
static void section_options(struct ctx *c, int k, int prio)
{
	size_t rl = strlen(c->files[k].rel);
	json_t *add = json_object();
	const char *key;
	json_t *v;
	json_object_foreach(c->hp, key, v)
	{
		const char *dot = strchr(key, '.');
		if (!dot || strchr(dot + 1, '.') || is_dest(c, key, (size_t)(dot - key)) ||
		    !is_dest(c, dot + 1, strlen(dot + 1)))
			continue;
		const char *s = mg_hp_src(c, key);
		if (!s || strncmp(s, c->files[k].rel, rl) || s[rl] != ':')
			continue;
		json_t *pair = json_pack("[O s]", v, s);
		if (pair)
			json_object_set_new(add, dot + 1, pair);
	}
	json_object_foreach(add, key, v)
	{
		json_int_t old = json_integer_value(json_object_get(c->hp_prio, key));
		if (old < prio)
			mg_hp_set(c, key, json_array_get(v, 0), prio, json_string_value(json_array_get(v, 1)));
	}
	json_decref(add);
}

/* The defaults YAML a config package merges every config of it over (DINOv2: dinov2/configs/__init__.py
 * runs `dinov2_default_config = load_config("ssl_default_config")`, and the training config is
 * OmegaConf.merge(default, file, cli)): a package __init__.py in the folder of config k or above it that
 * loads a YAML of its own folder by name, the name saying it is the default. -1 when none. */
static int package_defaults(const struct ctx *c, int k)
{
	char *dir = mg_dir_of(c->files[k].rel);
	int found = -1;
	for (int depth = 0; depth < 4 && found < 0; depth++) {
		struct strbuf init = STRBUF_INIT;
		strbuf_addf(&init, "%s%s__init__.py", dir, *dir ? "/" : "");
		int f = mg_resolve_path(c, init.buf);
		strbuf_release(&init);
		size_t i;
		json_t *call;
		json_array_foreach(f >= 0 && c->files[f].kind == FK_PYTHON ? json_object_get(mg_py(c, f), "calls") : NULL, i,
				   call)
		{
			const char *name = json_string_value(json_object_get(call, "name"));
			const char *arg = json_string_value(json_array_get(json_object_get(call, "args"), 0));
			if (!name || strcmp(name, "load_config") || !arg || !strstr(arg, "default") || strchr(arg, '/'))
				continue;
			struct strbuf p = STRBUF_INIT;
			strbuf_addf(&p, "%s%s%s%s", dir, *dir ? "/" : "", arg, config_format_of(arg) >= 0 ? "" : ".yaml");
			int d = mg_resolve_path(c, p.buf);
			strbuf_release(&p);
			if (d >= 0 && d != k && c->files[d].kind == FK_CONFIG) {
				found = d;
				break;
			}
		}
		if (!*dir)
			break;
		char *up = mg_dir_of(dir);
		free(dir);
		dir = up;
	}
	free(dir);
	return found;
}

/* A config path the program resolves inside a package, not from the working directory (SAM 2's
 * `-c configs/sam2.1_training/x.yaml` composed by Hydra from initialize_config_module("sam2")), or a
 * bare file name the program searches for (YOLOv5/v9's check_file looks under data/, models/ and
 * utils/ recursively: `--hyp hyp.scratch-high.yaml` is data/hyps/hyp.scratch-high.yaml): the one file
 * in the tree whose path ends with "/" + the given path, when exactly one such file exists; -1
 * otherwise. */
static int package_config(const struct ctx *c, const char *p)
{
	if (!p || p[0] == '/' || p[0] == '.' || config_format_of(p) < 0)
		return -1;
	size_t pl = strlen(p);
	int found = -1;
	for (size_t i = 0; i < c->n; i++) {
		const char *r = c->files[i].rel;
		size_t rl = strlen(r);
		if (rl > pl && r[rl - pl - 1] == '/' && !strcmp(r + rl - pl, p)) {
			if (found >= 0)
				return -1;
			found = (int)i;
		}
	}
	return found;
}

/* Whether config k holds a training run's settings (a learning rate, a batch size, a step or epoch
 * count) beside whatever else it has: a model config's shape keys alone do not make one. */
static bool run_settings(const struct ctx *c, int k)
{
	static const char *const keys[] = {"lr", "learning_rate", "batch_size", "train_batch_size", "max_steps",
					   "max_iters", "epochs", "num_epochs", "num_train_epochs", "weight_decay", NULL};
	for (int i = 0; keys[i]; i++)
		if (mg_cfg_get(c, k, keys[i], NULL))
			return true;
	/* or in a section of its own (Amphion's "train": {"batch_size": 16, ...}) */
	const char *key;
	json_t *kv;
	json_object_foreach(mg_cfg_keys(c, k), key, kv)
	{
		const char *dot = strrchr(key, '.');
		if (!dot || strchr(key, '.') != dot || strncmp(key, "train", 5))
			continue;
		for (int i = 0; keys[i]; i++)
			if (!strcmp(dot + 1, keys[i]))
				return true;
	}
	return false;
}

void mg_scan_configs(struct ctx *c, json_t *out)
{
	/* configs named by the command or by string hyperparameters */
	bool *used = xcalloc(c->n + 1, sizeof(bool));
	const char *key;
	json_t *v;
	json_t *configs = json_array();
	int named_model = -1; /* a model config the job names (GaLore's --model_config configs/llama_60m.json) */
	int named_prio = -1;
	json_array_extend(configs, c->other_configs);
	/* a program not in the tree (an installed console script: `fairseq2 lm instruction_finetune
	 * OUT --config-file x.yaml`): the config file its command names still describes the job */
	if (c->entry < 0 && c->have_cmd) {
		static const char *const opts[] = {"config_file", "config", "cfg", "config_path", NULL};
		for (int q = 0; opts[q]; q++) {
			const char *p = json_string_value(json_object_get(c->lc.launch_opts, opts[q]));
			int k = p && config_format_of(p) >= 0 ? mg_resolve_path(c, p) : -1;
			if (k < 0 || used[k] || c->files[k].kind != FK_CONFIG || mg_is_ds_config(c, k) || mg_is_acc_config(c, k))
				continue;
			used[k] = true;
			mg_add_config_keys(c, k, "");
			json_array_append_new(configs, json_string(c->files[k].rel));
		}
	}
	json_object_foreach(c->hp, key, v)
	{
		const char *p = json_string_value(v);
		int k = -1;
		char *joined = p ? root_joined(p) : NULL;
		if (joined) {
			/* default=ROOT / "data/hyps/hyp.scratch-low.yaml" (pathlib join on the repository root) */
			k = mg_resolve_path(c, joined);
			free(joined);
			if (k < 0)
				continue;
			p = c->files[k].rel;
		}
		if (k < 0 && p && config_format_of(p) < 0) {
			/* a settings file of another extension the walk read as one (configargparse's configs/lego.txt) */
			int r = mg_resolve_path(c, p);
			if (r >= 0 && c->files[r].kind == FK_CONFIG && mg_cfg_keys(c, r) && json_object_size(mg_cfg_keys(c, r)))
				k = r;
			/* `--config llama3_1/8B_full`: a config named without its extension (torchtune) */
			if (k < 0)
				k = config_by_name(c, key, p);
			if (k < 0)
				continue;
		}
		if (!p)
			continue;
		if (k < 0)
			k = mg_resolve_path(c, p);
		if (k < 0)
			k = package_config(c, p);
		const char *src = mg_hp_src(c, key);
		if (k < 0) {
			if (!strcmp(key, "deepspeed") || !strcmp(key, "deepspeed_config") || !strcmp(key, "ds_config") ||
			    !strcmp(key, "config") || !strcmp(key, "config_file"))
				mg_note_missing(c, key, p, src ? src : "?");
			continue;
		}
		if (mg_is_ds_config(c, k) && mg_ds_untaken(c)) {
			/* WeNet's --deepspeed_config beside --train_engine torch_ddp: the program starts
			 * DeepSpeed only in a branch this job does not take */
			struct strbuf n = STRBUF_INIT;
			strbuf_addf(&n, "%s names the DeepSpeed config %s, but the program starts DeepSpeed only in a branch "
					"this job does not take: not its strategy",
				    key, c->files[k].rel);
			json_array_append_new(c->notes, json_string(n.buf));
			strbuf_release(&n);
		} else if (mg_is_ds_config(c, k))
			mg_evid(&c->ds_config, c->files[k].rel, 80, src ? src : "?");
		else if (mg_is_acc_config(c, k))
			mg_evid(&c->acc_config, c->files[k].rel, 80, src ? src : "?");
		else if (mg_is_model_config(c, k) && !run_settings(c, k)) {
			int pr = (int)json_integer_value(json_object_get(c->hp_prio, key));
			if (pr > named_prio) {
				named_model = k;
				named_prio = pr;
			}
		} else if (!used[k]) {
			/* a run's settings with the model's shape among them (nanoGPT-style gpt2-medium.yaml:
			 * n_layer beside lr and max_steps): its keys are settings, and the shape the model's */
			if (mg_is_model_config(c, k)) {
				int pr = (int)json_integer_value(json_object_get(c->hp_prio, key));
				if (pr > named_prio) {
					named_model = k;
					named_prio = pr;
				}
			}
			used[k] = true;
			/* a program that writes the file over its parsed arguments (for k, v in cfg.items():
			 * setattr(args, k, v)) lets the file beat the command line */
			bool over = c->config_over_cmd && json_integer_value(json_object_get(c->hp_prio, key)) == HP_CMD;
			mg_add_config_keys_at(c, k, "", over ? HP_CMD + 1 : HP_CONFIG);
			section_options(c, k, over ? HP_CMD + 1 : HP_CONFIG);
			json_array_append_new(configs, json_string(c->files[k].rel));
			parent_defaults(c, k, used, configs);
			int d = package_defaults(c, k);
			if (d >= 0 && !used[d]) {
				used[d] = true;
				mg_add_config_keys_at(c, d, "", HP_DEFAULT);
				json_array_append_new(configs, json_string(c->files[d].rel));
			}
		}
	}
	/* a list of config files given on the command line, merged left to right (latent-diffusion's
	 * `main.py --base a.yaml b.yaml`, nargs="*") */
	json_object_foreach(c->hp, key, v)
	{
		size_t i;
		json_t *e;
		if (!json_is_array(v) || json_integer_value(json_object_get(c->hp_prio, key)) != HP_CMD)
			continue;
		json_array_foreach(v, i, e)
		{
			const char *p = json_string_value(e);
			int k = p && config_format_of(p) >= 0 ? mg_resolve_path(c, p) : -1;
			if (k < 0 || used[k] || c->files[k].kind != FK_CONFIG || mg_is_ds_config(c, k) ||
			    mg_is_acc_config(c, k) || mg_is_model_config(c, k))
				continue;
			used[k] = true;
			mg_add_config_keys(c, k, "");
			json_array_append_new(configs, json_string(c->files[k].rel));
		}
	}
	/* launcher config files */
	/* accelerate launch --config_file X; another program's --config-file is its own */
	const char *acc = c->lc.launcher && !strcmp(c->lc.launcher, "accelerate")
				  ? json_string_value(json_object_get(c->lc.launch_opts, "config_file"))
				  : NULL;
	if (acc)
		mg_evid(&c->acc_config, acc, 95, "--cmd");
	else
		named_acc_config(c);
	const char *dsc = json_string_value(json_object_get(c->lc.launch_opts, "deepspeed_config"));
	if (!dsc) /* accelerate launch --use_deepspeed --deepspeed_config_file X */
		dsc = json_string_value(json_object_get(c->lc.launch_opts, "deepspeed_config_file"));
	if (dsc)
		mg_evid(&c->ds_config, dsc, 95, "--cmd");
	/* the accelerate config names a DeepSpeed config */
	int ka = c->acc_config.value ? mg_resolve_path(c, c->acc_config.value) : -1;
	if (c->acc_config.value && ka < 0)
		mg_note_missing(c, "the Accelerate config", c->acc_config.value, c->acc_config.src);
	if (ka < 0 && !c->acc_config.value && c->fw.value && !strcmp(c->fw.value, "accelerate"))
		for (size_t i = 0; i < c->n && ka < 0 && !accelerate_opts(c); i++)
			if (c->files[i].kind == FK_CONFIG && near_entry(c, (int)i) && mg_is_acc_config(c, (int)i))
				ka = (int)i;
	if (ka >= 0)
		read_acc_config(c, ka, out);
	int kd = c->ds_config.value ? mg_resolve_path(c, c->ds_config.value) : -1;
	if (c->ds_config.value && kd < 0 && c->ds_config.prio < 80)
		mg_note_missing(c, "the DeepSpeed config", c->ds_config.value, c->ds_config.src);
	if (kd < 0 && (!c->ds_config.value || c->ds_config.prio < 80) && c->fw.value && !strcmp(c->fw.value, "deepspeed") &&
	    !json_array_size(c->other_configs))
		for (size_t i = 0; i < c->n && kd < 0; i++)
			if (c->files[i].kind == FK_CONFIG && near_entry(c, (int)i) && mg_is_ds_config(c, (int)i)) {
				kd = (int)i;
				if (!c->ds_config.value)
					mg_evid(&c->ds_config, c->files[i].rel, 10, "found in the directory");
			}
	if (kd >= 0)
		read_ds_config(c, kd, out);
	/* model configs: config.json next to the weights, or any with a model shape; not one of a test
	 * folder, nor one elsewhere when the job names its model by a path or hub id that is not that
	 * config's folder (open-instruct's test_data/tokenizer/config.json is no model of the job) */
	if (named_model >= 0 && !mg_is_ds_config(c, named_model)) {
		read_model_config(c, named_model); /* the one the job names, not the first in the tree */
		/* its model_type names the model when nothing better does (stable-audio-tools'
		 * --model-config x.json with "model_type": "diffusion_cond") */
		json_t *mt = json_object_get(mg_cfg_keys(c, named_model), "model_type");
		bool shape = mg_cfg_get(c, named_model, "hidden_size", NULL) || mg_cfg_get(c, named_model, "n_embd", NULL) ||
			     mg_cfg_get(c, named_model, "d_model", NULL);
		/* (a config with a shape is counted from it: gpt2_large.json's model_type gpt2 is no size) */
		if (!shape && json_is_string(json_array_get(mt, 0))) {
			char *s = mg_src_str(c->files[named_model].rel, json_integer_value(json_array_get(mt, 1)));
			mg_evid(&c->model, json_string_value(json_array_get(mt, 0)), 20, s);
			free(s);
		}
	} else {
		for (size_t i = 0; i < c->n; i++)
			if (c->files[i].kind == FK_CONFIG && mg_is_model_config(c, (int)i) && !mg_is_ds_config(c, (int)i) &&
			    !in_test_folder(c->files[i].rel) && model_config_fits(c, (int)i) &&
			    (c->entry >= 0 || !c->have_cmd)) {
				read_model_config(c, (int)i);
				break;
			}
	}
	/* well-known names when the job named none */
	if (!json_array_size(configs) && !c->composed) {
		for (size_t i = 0; i < c->n; i++) {
			int k = (int)i;
			if (c->files[i].kind != FK_CONFIG || !generic_config_name(c, c->files[i].rel) || mg_is_ds_config(c, k) ||
			    mg_is_acc_config(c, k) || mg_is_model_config(c, k))
				continue;
			mg_add_config_keys(c, k, "");
			json_array_append_new(configs, json_string(c->files[i].rel));
		}
	}
	/* a config the command names (`yolo cfg=custom.yaml`) replaces only the keys it has: the rest
	 * keep the program's defaults beside the entry */
	else if (!c->composed)
		for (size_t i = 0; i < c->n; i++) {
			int k = (int)i;
			if (c->files[i].kind != FK_CONFIG || !beside_default(c, c->files[i].rel) || mg_is_ds_config(c, k) ||
			    mg_is_acc_config(c, k) || mg_is_model_config(c, k))
				continue;
			bool named = false;
			size_t j;
			json_t *e;
			json_array_foreach(configs, j, e) named = named || !strcmp(json_string_value(e) ?: "", c->files[i].rel);
			if (named)
				continue;
			mg_add_config_keys_at(c, k, "", HP_DEFAULT);
			json_array_append_new(configs, json_string(c->files[i].rel));
		}
	json_object_set_new(out, "configs", configs);
	free(used);
}
