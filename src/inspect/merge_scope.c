/* merge_scope.c - the entry script, the local modules it imports (the scope), and the libraries
 * and framework its imports show. */
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

/* ---- scope: the entry and the local modules it imports ----------------------------------- */

/* The file of dotted module m under folder dir ("" = the root): dir/a/b.py or dir/a/b/__init__.py; -1
 * when neither is in the tree. path is scratch space. */
static int module_file(const struct ctx *c, const char *dir, const char *m, struct strbuf *path)
{
	strbuf_reset(path);
	if (*dir)
		strbuf_addf(path, "%s/", dir);
	for (const char *p = m; *p; p++)
		strbuf_addch(path, *p == '.' ? '/' : *p);
	size_t l = path->len;
	strbuf_adds(path, ".py");
	int found = mg_find_file(c, path->buf);
	if (found < 0) {
		strbuf_setlen(path, l);
		strbuf_adds(path, "/__init__.py");
		found = mg_find_file(c, path->buf);
	}
	return found;
}

static int resolve_module(const struct ctx *c, int from, const char *mod)
{
	struct strbuf path = STRBUF_INIT;
	char *dir = mg_dir_of(c->files[from].rel);
	const char *m = mod;
	char *base = NULL;
	if (*m == '.') { /* relative import */
		base = xstrdup(dir);
		m++;
		while (*m == '.') {
			char *up = mg_dir_of(base);
			free(base);
			base = up;
			m++;
		}
	}
	int found = -1;
	/* a relative import from its package; an absolute one from the file's folder and then each
	 * folder above it, up to the root (the "src/" layout: src/pkg/main.py imports pkg.params) */
	char *cur = xstrdup(base ? base : dir);
	for (int b = 0; found < 0; b++) {
		if (b > 0) {
			if (base || !*cur)
				break;
			char *up = mg_dir_of(cur);
			free(cur);
			cur = up;
		}
		found = module_file(c, cur, m, &path);
	}
	if (found < 0 && !base) {
		/* the project's own package installed from a src/ layout, imported by a script outside
		 * it (recipes/finetuning/finetuning.py: from llama_cookbook.finetuning import main) */
		found = module_file(c, "src", m, &path);
	}
	free(cur);
	free(base);
	free(dir);
	strbuf_release(&path);
	return found;
}

static int module_file_at_root(const struct ctx *c, const char *m)
{
	struct strbuf path = STRBUF_INIT;
	int k = module_file(c, "", m, &path);
	strbuf_release(&path);
	return k;
}

void mg_build_scope(struct ctx *c)
{
	int *queue = xcalloc(c->n + 1, sizeof(int));
	size_t head = 0, tail = 0;
	if (c->entry >= 0) {
		c->in_scope[c->entry] = true;
		queue[tail++] = c->entry;
	} else if (!c->have_cmd) { /* a command whose script is not in the tree reads none of it */
		for (size_t i = 0; i < c->n; i++)
			c->in_scope[i] = c->files[i].kind == FK_PYTHON;
	}
	while (head < tail) {
		int f = queue[head++];
		size_t k;
		json_t *imp;
		json_array_foreach(json_object_get(mg_py(c, f), "imports"), k, imp)
		{
			const char *mod = json_string_value(json_array_get(imp, 0));
			if (!mod)
				continue;
			int t = resolve_module(c, f, mod);
			if (t >= 0 && !c->in_scope[t] && tail < c->n) {
				c->in_scope[t] = true;
				queue[tail++] = t;
			}
		}
	}
	free(queue);
}

/* A class a config the job reads instantiates by name (Hydra's trainer._target_:
 * training.trainer.Trainer in SAM 2, model._target_: pkg.models.Net): its module in the tree is part
 * of the job as if the entry imported it: its imports and calls are read (the strategy its trainer
 * wraps the model in, the framework it imports). */
void mg_scope_targets(struct ctx *c)
{
	if (c->entry < 0)
		return;
	const char *key;
	json_t *v;
	json_t *names = json_array();
	json_array_extend(names, c->targets);
	json_object_foreach(c->hp, key, v)
	{
		const char *last = strrchr(key, '.');
		last = last ? last + 1 : key;
		if (!strcmp(last, "_target_") && json_is_string(v))
			json_array_append(names, v);
	}
	size_t i;
	json_array_foreach(names, i, v)
	{
		const char *val = json_string_value(v);
		if (!val || strstr(val, "${") || !strrchr(val, '.'))
			continue;
		char *mod = xstrndup(val, (size_t)(strrchr(val, '.') - val));
		int t = resolve_module(c, c->entry, mod);
		if (t < 0) /* the package at the root (run from the repository root: training.trainer) */
			t = module_file_at_root(c, mod);
		free(mod);
		if (t < 0 || c->in_scope[t] || c->files[t].kind != FK_PYTHON)
			continue;
		c->in_scope[t] = true;
		c->targeted[t] = true;
		mg_scan_imports(c, t);
		mg_scan_calls(c, t);
	}
	json_decref(names);
}

/* ---- the entry script --------------------------------------------------------------------- */

static int entry_score(const char *rel)
{
	const char *b = strrchr(rel, '/');
	b = b ? b + 1 : rel;
	int depth = 0;
	for (const char *p = rel; *p; p++)
		depth += *p == '/';
	int s = 0;
	if (!strncmp(b, "train", 5))
		s = 30;
	else if (!strncmp(b, "finetune", 8) || !strncmp(b, "pretrain", 8) || !strncmp(b, "run_", 4))
		s = 25;
	else if (!strcmp(b, "main.py"))
		s = 20;
	if (!strncmp(rel, "test", 4) || strstr(rel, "/test") || !strncmp(b, "setup", 5) || !strncmp(b, "test_", 5))
		s -= 40;
	return s - 5 * depth;
}

/* A module or script the command names relative to where the package is installed from: the
 * "src/" layout of setuptools/pyproject (`-m open_clip_train.main` is src/open_clip_train/main.py)
 * or a folder the README says to cd into first. The file whose path ends with "/" + rel, the
 * shallowest when several; -1 when none or when two equally shallow ones compete. */
int mg_find_installed(const struct ctx *c, const char *rel)
{
	if (!rel || !*rel || rel[0] == '/' || !strncmp(rel, "../", 3))
		return -1;
	size_t rl = strlen(rel);
	int best = -1, best_depth = 1 << 30;
	bool tie = false;
	for (size_t i = 0; i < c->n; i++) {
		const char *f = c->files[i].rel;
		size_t fl = strlen(f);
		if (c->files[i].kind != FK_PYTHON || fl <= rl + 1 || f[fl - rl - 1] != '/' || strcmp(f + fl - rl, rel))
			continue;
		int depth = 0;
		for (const char *p = f; *p; p++)
			depth += *p == '/';
		if (depth < best_depth) {
			best = (int)i;
			best_depth = depth;
			tie = false;
		} else if (depth == best_depth) {
			tie = true;
		}
	}
	return tie ? -1 : best;
}

/* A submitit launcher (ConvNeXt V2's submitit_pretrain.py, DeiT's run_with_submit.py: `import main as
 * classification` ... `classification.main(self.args)` in the submitted callable): the file of the module
 * whose main() it submits; -1 when the script does not import submitit or calls no other module's main. */
static int submitted_main(const struct ctx *c, int k)
{
	json_t *py = mg_py(c, k);
	bool submitit = false;
	size_t i;
	json_t *e;
	json_array_foreach(json_object_get(py, "imports"), i, e)
	{
		const char *m = json_string_value(json_array_get(e, 0));
		submitit = submitit || (m && mg_mod_is(m, "submitit"));
	}
	if (!submitit)
		return -1;
	json_array_foreach(json_object_get(py, "calls"), i, e)
	{
		const char *name = json_string_value(json_object_get(e, "name"));
		const char *full = json_string_value(json_object_get(e, "full"));
		size_t fl = full ? strlen(full) : 0;
		if (!name || strcmp(name, "main") || fl <= 5 || strcmp(full + fl - 5, ".main"))
			continue;
		char *mod = xstrndup(full, fl - 5);
		int t = resolve_module(c, k, mod);
		free(mod);
		if (t >= 0 && t != k && c->files[t].kind == FK_PYTHON)
			return t;
	}
	return -1;
}

void mg_choose_entry(struct ctx *c, json_t *out)
{
	c->entry = -1;
	if (c->have_cmd && c->lc.entry) {
		int k = mg_resolve_path(c, c->lc.entry);
		if (k < 0)
			k = mg_find_installed(c, c->lc.entry);
		size_t el = strlen(c->lc.entry);
		if (k < 0 && el > 3 && !strcmp(c->lc.entry + el - 3, ".py")) {
			/* `-m pkg.sub` naming a package: python runs its __main__.py (`deepspeed --module
			 * safe_rlhf.finetune`) */
			struct strbuf m = STRBUF_INIT;
			strbuf_add(&m, c->lc.entry, el - 3);
			strbuf_adds(&m, "/__main__.py");
			k = mg_resolve_path(c, m.buf);
			strbuf_release(&m);
		}
		if (k < 0 && strchr(c->lc.entry, '/')) {
			/* a package that maps a subpackage onto a folder at the root (YOLOX's yolox.tools is
			 * tools/): the path without its package, when that is a script */
			int f = mg_resolve_path(c, strchr(c->lc.entry, '/') + 1);
			if (f >= 0 && c->files[f].kind == FK_PYTHON && json_object_get(mg_py(c, f), "main")) {
				struct strbuf n = STRBUF_INIT;
				strbuf_addf(&n, "'%s' is not in the tree; '%s' (the same path without its package) is the script",
					    c->lc.entry, c->files[f].rel);
				json_array_append_new(c->notes, json_string(n.buf));
				strbuf_release(&n);
				k = f;
			}
		}
		int sub = k >= 0 ? submitted_main(c, k) : -1;
		if (sub >= 0) {
			struct strbuf n = STRBUF_INIT;
			strbuf_addf(&n, "'%s' submits %s's main() to Slurm through submitit: that file is the training program "
					"(the job script runs it on every GPU)",
				    c->files[k].rel, c->files[sub].rel);
			json_array_append_new(c->notes, json_string(n.buf));
			strbuf_release(&n);
			k = sub;
		}
		if (k >= 0) {
			c->entry = k;
			json_object_set_new(c->sources, "entry", json_string("--cmd"));
			json_object_set_new(out, "entry", json_string(c->files[k].rel));
			return;
		} else {
			struct strbuf n = STRBUF_INIT;
			strbuf_addf(&n, "--cmd names '%s', which is not a Python file under the directory", c->lc.entry);
			json_array_append_new(c->notes, json_string(n.buf));
			strbuf_release(&n);
		}
		json_object_set_new(out, "entry", json_string(c->lc.entry));
		return;
	}
	if (c->have_cmd) { /* a command that names no script: no guess from the tree */
		json_object_set_new(out, "entry", json_null());
		return;
	}
	int best = -1, best_score = -1000;
	for (size_t i = 0; i < c->n; i++) {
		if (c->files[i].kind != FK_PYTHON || !json_object_get(mg_py(c, (int)i), "main"))
			continue;
		int s = entry_score(c->files[i].rel);
		if (s > best_score) {
			best = (int)i;
			best_score = s;
		}
	}
	c->entry = best;
	if (best >= 0) {
		json_object_set_new(out, "entry", json_string(c->files[best].rel));
		char *s = mg_src_str(c->files[best].rel, json_integer_value(json_object_get(mg_py(c, best), "main")));
		json_object_set_new(c->sources, "entry", json_string(s));
		free(s);
	} else {
		json_object_set_new(out, "entry", json_null());
	}
}

/* ---- imports: libraries and framework evidence ------------------------------------------- */

static const struct {
	const char *prefix, *lib;
} libs[] = {
	{"torch.distributed.fsdp", "torch.distributed.fsdp"},
	{"torch.distributed", "torch.distributed"},
	{"torch", "torch"},
	{"deepspeed", "deepspeed"},
	{"accelerate", "accelerate"},
	{"lightning", "lightning"},
	{"pytorch_lightning", "lightning"},
	{"transformers", "transformers"},
	{"timm", "timm"},
	{"torchvision", "torchvision"},
	{"datasets", "datasets"},
	{"peft", "peft"},
	{"trl", "trl"},
};


void mg_scan_imports(struct ctx *c, int i)
{
	const char *rel = c->files[i].rel;
	size_t k;
	json_t *imp;
	json_array_foreach(json_object_get(mg_py(c, i), "imports"), k, imp)
	{
		const char *mod = json_string_value(json_array_get(imp, 0));
		json_int_t line = json_integer_value(json_array_get(imp, 1));
		if (!mod)
			continue;
		for (size_t l = 0; l < sizeof(libs) / sizeof(libs[0]); l++)
			if (mg_mod_is(mod, libs[l].prefix)) {
				if (!json_object_get(c->libraries, libs[l].lib)) {
					char *s = mg_src_str(rel, line);
					json_object_set_new(c->libraries, libs[l].lib, json_string(s));
					free(s);
				}
				break;
			}
		/* a library's own modules import what it can use (LLaMA-Factory imports deepspeed for the
		 * jobs that ask for it): only the entry's imports say much about this job */
		int own = i == c->entry ? 1 : 3;
		/* JAX/Flax, TensorFlow/Keras and PaddlePaddle programs are what they are (maple writes scripts for PyTorch jobs):
		 * the entry's own imports decide; a helper module importing them says less than the entry's
		 * own torch import */
		if (mg_mod_is(mod, "paddle") || mg_mod_is(mod, "paddlenlp"))
			mg_evid_at(&c->fw, "paddle", own == 1 ? 70 : 12, rel, line);
		else if (mg_mod_is(mod, "jax") || mg_mod_is(mod, "flax"))
			mg_evid_at(&c->fw, "jax", own == 1 ? 70 : 12, rel, line);
		else if (mg_mod_is(mod, "tensorflow") || mg_mod_is(mod, "keras") || mg_mod_is(mod, "tf_keras"))
			/* one less than JAX's: a JAX program reads its data with tf.data (flax's examples, big_vision) */
			mg_evid_at(&c->fw, "tensorflow", own == 1 ? 69 : 11, rel, line);
		else if (mg_mod_is(mod, "lightning") || mg_mod_is(mod, "pytorch_lightning"))
			mg_evid_at(&c->fw, "lightning", own == 1 ? 60 : 25, rel, line);
		else if (mg_mod_is(mod, "nemo") || mg_mod_is(mod, "nemo_run"))
			/* NeMo trains through Lightning's Trainer (NeMo 2: nemo.lightning,
			 * https://docs.nvidia.com/nemo-framework/user-guide/latest/nemo-2.0/index.html) */
			mg_evid_at(&c->fw, "lightning", own == 1 ? 45 : 15, rel, line);
		else if (mg_mod_is(mod, "deepspeed"))
			mg_evid_at(&c->fw, "deepspeed", 50 / own, rel, line);
		else if (mg_mod_is(mod, "accelerate"))
			mg_evid_at(&c->fw, "accelerate", 30 / own, rel, line);
		else if (mg_mod_is(mod, "megatron"))
			mg_evid_at(&c->fw, "megatron", 40 / own, rel, line);
		else if (mg_mod_is(mod, "composer"))
			mg_evid_at(&c->fw, "composer", 55 / own, rel, line);
		else if (mg_mod_is(mod, "mmengine") || mg_mod_is(mod, "mmcv") || mg_mod_is(mod, "detectron2") ||
			 mg_mod_is(mod, "torchtune") || mg_mod_is(mod, "ultralytics") || mg_mod_is(mod, "timm") ||
			 mg_mod_is(mod, "sentence_transformers") || mg_mod_is(mod, "fastai"))
			mg_evid_at(&c->fw, "pytorch", 18, rel, line); /* libraries on plain PyTorch */
		else if (mg_mod_is(mod, "torch"))
			mg_evid_at(&c->fw, "pytorch", 20, rel, line);
		else if (mg_mod_is(mod, "transformers"))
			mg_evid_at(&c->fw, "pytorch", 10, rel, line);
	}
}
