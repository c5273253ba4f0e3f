/* merge.c - the interpretation rules of merge.h. Each conclusion keeps the strongest evidence
 * (a priority) and the place it came from; the command line beats config files, which beat the
 * script's defaults. */
#include "merge.h"

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

struct evidence {
	char *value;
	char *src;
	int prio;
};

struct ctx {
	const struct inspect_file *files;
	size_t n;
	bool *in_scope;
	int entry; /* index, -1 = none */
	struct launch_cmd lc;
	bool have_cmd;
	json_t *hp, *sources, *datasets, *outputs, *notes;
	json_t *hp_prio; /* name -> priority of the value kept */
	struct evidence fw, strategy, model, precision, ds_config, acc_config;
	json_t *model_config;
	json_t *libraries;
	json_t *other_configs;
};

/* priorities of hyperparameter sources */
enum { HP_ASSIGN = 10, HP_DEFAULT = 20, HP_CALL = 30, HP_CONFIG = 40, HP_CMD = 90 };

static char *src_str(const char *rel, json_int_t line)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, "%s:%lld", rel, (long long)line);
	return strbuf_detach(&sb);
}

static void evid(struct evidence *e, const char *value, int prio, const char *src)
{
	if (!value || prio <= e->prio)
		return;
	free(e->value);
	free(e->src);
	e->value = xstrdup(value);
	e->src = xstrdup(src);
	e->prio = prio;
}

static void evid_at(struct evidence *e, const char *value, int prio, const char *rel, json_int_t line)
{
	char *s = src_str(rel, line);
	evid(e, value, prio, s);
	free(s);
}

static void evid_release(struct evidence *e)
{
	free(e->value);
	free(e->src);
}

static int cmp_rel(const void *key, const void *elem)
{
	return strcmp((const char *)key, ((const struct inspect_file *)elem)->rel);
}

static int find_file(const struct ctx *c, const char *rel)
{
	const struct inspect_file *f = bsearch(rel, c->files, c->n, sizeof(*c->files), cmp_rel);
	return f ? (int)(f - c->files) : -1;
}

/* dir + "/" + path, with "." and ".." resolved; NULL when it leaves the root. */
static char *join_norm(const char *dir, const char *path)
{
	struct strvec parts = STRVEC_INIT;
	struct strbuf all = STRBUF_INIT;
	if (path[0] != '/' && dir && *dir)
		strbuf_addf(&all, "%s/", dir);
	strbuf_adds(&all, path[0] == '/' ? path + 1 : path);
	char *save = NULL;
	bool bad = false;
	for (char *tok = strtok_r(all.buf, "/", &save); tok; tok = strtok_r(NULL, "/", &save)) {
		if (!strcmp(tok, ".") || !*tok)
			continue;
		if (!strcmp(tok, "..")) {
			if (!parts.nr) {
				bad = true;
				break;
			}
			free(parts.v[--parts.nr]);
			parts.v[parts.nr] = NULL;
			continue;
		}
		strvec_push(&parts, tok);
	}
	struct strbuf out = STRBUF_INIT;
	for (size_t i = 0; i < parts.nr; i++)
		strbuf_addf(&out, "%s%s", i ? "/" : "", parts.v[i]);
	strvec_clear(&parts);
	strbuf_release(&all);
	if (bad) {
		strbuf_release(&out);
		return NULL;
	}
	return strbuf_detach(&out);
}

static char *dir_of(const char *rel)
{
	const char *slash = strrchr(rel, '/');
	return slash ? xstrndup(rel, (size_t)(slash - rel)) : xstrdup("");
}

/* A file a path refers to, relative to the entry's directory or the root; -1 when none. */
static int resolve_path(const struct ctx *c, const char *path)
{
	if (!path || !*path || path[0] == '/')
		return -1;
	if (c->entry >= 0) {
		char *d = dir_of(c->files[c->entry].rel);
		char *p = join_norm(d, path);
		free(d);
		int k = p ? find_file(c, p) : -1;
		free(p);
		if (k >= 0)
			return k;
	}
	char *p = join_norm("", path);
	int k = p ? find_file(c, p) : -1;
	free(p);
	return k;
}

static json_t *py(const struct ctx *c, int i)
{
	return json_object_get(c->files[i].facts, "py");
}

static json_t *cfg_keys(const struct ctx *c, int i)
{
	return json_object_get(json_object_get(c->files[i].facts, "config"), "keys");
}

/* [value, line] of a config key */
static json_t *cfg_get(const struct ctx *c, int i, const char *key, json_int_t *line)
{
	json_t *a = json_object_get(cfg_keys(c, i), key);
	if (!json_is_array(a) || json_array_size(a) < 2)
		return NULL;
	if (line)
		*line = json_integer_value(json_array_get(a, 1));
	return json_array_get(a, 0);
}

/* ---- hyperparameters ----------------------------------------------------------------------- */

static void hp_set(struct ctx *c, const char *name, json_t *v, int prio, const char *src)
{
	if (!name || !*name || !v)
		return;
	json_t *old = json_object_get(c->hp_prio, name);
	if (old && json_integer_value(old) > prio)
		return;
	json_object_set(c->hp, name, v);
	json_object_set_new(c->hp_prio, name, json_integer(prio));
	struct strbuf k = STRBUF_INIT;
	strbuf_addf(&k, "hyperparameters.%s", name);
	json_object_set_new(c->sources, k.buf, json_string(src));
	strbuf_release(&k);
}

static void hp_set_at(struct ctx *c, const char *name, json_t *v, int prio, const char *rel, json_int_t line)
{
	char *s = src_str(rel, line);
	hp_set(c, name, v, prio, s);
	free(s);
}

static const char *hp_str(const struct ctx *c, const char *name)
{
	return json_string_value(json_object_get(c->hp, name));
}

static const char *hp_src(const struct ctx *c, const char *name)
{
	struct strbuf k = STRBUF_INIT;
	strbuf_addf(&k, "hyperparameters.%s", name);
	const char *s = json_string_value(json_object_get(c->sources, k.buf));
	strbuf_release(&k);
	return s;
}

static bool literal(json_t *v)
{
	return v && !json_is_object(v);
}

/* The name argparse gives an option: dest=, else the first long flag, else the first flag. */
static char *arg_dest(json_t *call)
{
	json_t *dest = json_object_get(json_object_get(call, "kw"), "dest");
	if (json_is_string(dest))
		return xstrdup(json_string_value(dest));
	const char *best = NULL;
	size_t i;
	json_t *a;
	json_array_foreach(json_object_get(call, "args"), i, a)
	{
		const char *s = json_string_value(a);
		if (!s)
			continue;
		if (!strncmp(s, "--", 2)) {
			best = s;
			break;
		}
		if (!best)
			best = s;
	}
	if (!best)
		return NULL;
	while (*best == '-')
		best++;
	char *n = xstrdup(best);
	for (char *p = n; *p; p++)
		if (*p == '-')
			*p = '_';
	return n;
}

static void scan_args(struct ctx *c, int i)
{
	json_t *calls = json_object_get(py(c, i), "calls");
	const char *rel = c->files[i].rel;
	size_t k;
	json_t *call;
	json_array_foreach(calls, k, call)
	{
		const char *name = json_string_value(json_object_get(call, "name"));
		const char *full = json_string_value(json_object_get(call, "full"));
		json_int_t line = json_integer_value(json_object_get(call, "line"));
		json_t *kw = json_object_get(call, "kw");
		if (!name)
			continue;
		bool is_click = full && !strncmp(full, "click.", 6);
		if (!strcmp(name, "add_argument") || (!strcmp(name, "option") && is_click)) {
			char *dest = arg_dest(call);
			if (!dest)
				continue;
			json_t *def = json_object_get(kw, "default");
			const char *action = json_string_value(json_object_get(kw, "action"));
			json_t *v = NULL;
			if (def)
				v = json_incref(def);
			else if (action && !strcmp(action, "store_true"))
				v = json_false();
			else if (action && !strcmp(action, "store_false"))
				v = json_true();
			else if (json_is_true(json_object_get(kw, "is_flag")))
				v = json_false();
			else
				v = json_null();
			if (json_is_object(v)) { /* an expression: keep its text */
				json_t *t = json_object_get(v, "ref") ? json_object_get(v, "ref") : json_object_get(v, "expr");
				json_t *s = json_incref(t);
				json_decref(v);
				v = s;
			}
			hp_set_at(c, dest, v, HP_DEFAULT, rel, line);
			json_decref(v);
			free(dest);
		} else if (!strcmp(name, "set_defaults")) {
			const char *key;
			json_t *v;
			json_object_foreach(kw, key, v) if (literal(v)) hp_set_at(c, key, v, HP_DEFAULT + 1, rel, line);
		}
	}
	size_t f;
	json_t *fld;
	json_array_foreach(json_object_get(py(c, i), "fields"), f, fld)
	{
		json_t *v = json_object_get(fld, "default");
		if (literal(v))
			hp_set_at(c, json_string_value(json_object_get(fld, "name")), v, HP_DEFAULT, rel,
				  json_integer_value(json_object_get(fld, "line")));
	}
}

/* Keyword arguments of TrainingArguments / Lightning Trainer as hyperparameters. */
static void call_kw_hp(struct ctx *c, json_t *call, const char *rel)
{
	json_int_t line = json_integer_value(json_object_get(call, "line"));
	const char *key;
	json_t *v;
	json_object_foreach(json_object_get(call, "kw"), key, v)
	{
		if (literal(v)) {
			hp_set_at(c, key, v, HP_CALL, rel, line);
		} else if (json_is_string(json_object_get(v, "ref"))) {
			/* learning_rate=args.lr: the value of lr, if known */
			const char *ref = json_string_value(json_object_get(v, "ref"));
			const char *dot = strrchr(ref, '.');
			const char *name = dot ? dot + 1 : ref;
			json_t *known = json_object_get(c->hp, name);
			if (known && !json_object_get(c->hp, key)) {
				const char *s = hp_src(c, name);
				hp_set(c, key, known, HP_CALL - 1, s ? s : rel);
			}
		}
	}
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a >= b && !strcmp(s + a - b, suffix);
}

static void add_config_keys(struct ctx *c, int k, const char *prefix)
{
	const char *key;
	json_t *a;
	json_object_foreach(cfg_keys(c, k), key, a)
	{
		json_t *v = json_array_get(a, 0);
		struct strbuf name = STRBUF_INIT;
		strbuf_addf(&name, "%s%s", prefix, key);
		hp_set_at(c, name.buf, v, HP_CONFIG, c->files[k].rel, json_integer_value(json_array_get(a, 1)));
		strbuf_release(&name);
	}
}

/* ---- scope: the entry and the local modules it imports ----------------------------------- */

static int resolve_module(const struct ctx *c, int from, const char *mod)
{
	struct strbuf path = STRBUF_INIT;
	char *dir = dir_of(c->files[from].rel);
	const char *m = mod;
	char *base = NULL;
	if (*m == '.') { /* relative import */
		base = xstrdup(dir);
		m++;
		while (*m == '.') {
			char *up = dir_of(base);
			free(base);
			base = up;
			m++;
		}
	}
	int found = -1;
	const char *bases[3] = {base ? base : dir, base ? NULL : "", NULL};
	for (int b = 0; b < 2 && bases[b] && found < 0; b++) {
		strbuf_reset(&path);
		if (*bases[b])
			strbuf_addf(&path, "%s/", bases[b]);
		for (const char *p = m; *p; p++)
			strbuf_addch(&path, *p == '.' ? '/' : *p);
		size_t l = path.len;
		strbuf_adds(&path, ".py");
		found = find_file(c, path.buf);
		if (found < 0) {
			strbuf_setlen(&path, l);
			strbuf_adds(&path, "/__init__.py");
			found = find_file(c, path.buf);
		}
	}
	free(base);
	free(dir);
	strbuf_release(&path);
	return found;
}

static void build_scope(struct ctx *c)
{
	int *queue = xcalloc(c->n + 1, sizeof(int));
	size_t head = 0, tail = 0;
	if (c->entry >= 0) {
		c->in_scope[c->entry] = true;
		queue[tail++] = c->entry;
	} else {
		for (size_t i = 0; i < c->n; i++)
			c->in_scope[i] = c->files[i].kind == FK_PYTHON;
	}
	while (head < tail) {
		int f = queue[head++];
		size_t k;
		json_t *imp;
		json_array_foreach(json_object_get(py(c, f), "imports"), k, imp)
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

static void choose_entry(struct ctx *c, json_t *out)
{
	c->entry = -1;
	if (c->have_cmd && c->lc.entry) {
		int k = resolve_path(c, c->lc.entry);
		if (k >= 0) {
			c->entry = k;
			json_object_set_new(c->sources, "entry", json_string("--cmd"));
		} else {
			struct strbuf n = STRBUF_INIT;
			strbuf_addf(&n, "--cmd names '%s', which is not a Python file under the directory", c->lc.entry);
			json_array_append_new(c->notes, json_string(n.buf));
			strbuf_release(&n);
		}
		json_object_set_new(out, "entry", json_string(c->lc.entry));
		return;
	}
	int best = -1, best_score = -1000;
	for (size_t i = 0; i < c->n; i++) {
		if (c->files[i].kind != FK_PYTHON || !json_object_get(py(c, (int)i), "main"))
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
		char *s = src_str(c->files[best].rel, json_integer_value(json_object_get(py(c, best), "main")));
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

static bool mod_is(const char *mod, const char *prefix)
{
	size_t n = strlen(prefix);
	return !strncmp(mod, prefix, n) && (mod[n] == '\0' || mod[n] == '.');
}

static void scan_imports(struct ctx *c, int i)
{
	const char *rel = c->files[i].rel;
	size_t k;
	json_t *imp;
	json_array_foreach(json_object_get(py(c, i), "imports"), k, imp)
	{
		const char *mod = json_string_value(json_array_get(imp, 0));
		json_int_t line = json_integer_value(json_array_get(imp, 1));
		if (!mod)
			continue;
		for (size_t l = 0; l < sizeof(libs) / sizeof(libs[0]); l++)
			if (mod_is(mod, libs[l].prefix)) {
				if (!json_object_get(c->libraries, libs[l].lib)) {
					char *s = src_str(rel, line);
					json_object_set_new(c->libraries, libs[l].lib, json_string(s));
					free(s);
				}
				break;
			}
		if (mod_is(mod, "lightning") || mod_is(mod, "pytorch_lightning"))
			evid_at(&c->fw, "lightning", 60, rel, line);
		else if (mod_is(mod, "deepspeed"))
			evid_at(&c->fw, "deepspeed", 50, rel, line);
		else if (mod_is(mod, "accelerate"))
			evid_at(&c->fw, "accelerate", 30, rel, line);
		else if (mod_is(mod, "torch"))
			evid_at(&c->fw, "pytorch", 20, rel, line);
		else if (mod_is(mod, "transformers"))
			evid_at(&c->fw, "pytorch", 10, rel, line);
	}
}

/* ---- calls: strategy, model, datasets, outputs ------------------------------------------- */

static void add_unique(json_t *list, const char *value, json_t *sources, const char *field, const char *src)
{
	if (!value || !*value)
		return;
	size_t i;
	json_t *v;
	json_array_foreach(list, i, v) if (json_is_string(v) && !strcmp(json_string_value(v), value)) return;
	json_t *js = json_string(value);
	if (!js)
		return;
	struct strbuf k = STRBUF_INIT;
	strbuf_addf(&k, "%s[%zu]", field, json_array_size(list));
	json_array_append_new(list, js);
	json_object_set_new(sources, k.buf, json_string(src));
	strbuf_release(&k);
}

/* The string a value stands for: a literal, or a reference to a known hyperparameter. */
static const char *str_or_ref(const struct ctx *c, json_t *v, const char **src)
{
	if (json_is_string(v))
		return json_string_value(v);
	const char *ref = json_string_value(json_object_get(v, "ref"));
	if (!ref)
		return NULL;
	const char *dot = strrchr(ref, '.');
	const char *name = dot ? dot + 1 : ref;
	const char *s = hp_str(c, name);
	if (s && src)
		*src = hp_src(c, name);
	return s;
}

static const char *lightning_strategy(const char *s)
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

static const char *zero_name(json_int_t stage)
{
	static const char *const n[] = {"ddp", "zero1", "zero2", "zero3"};
	return stage >= 0 && stage <= 3 ? n[stage] : NULL;
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

static const char *const model_cfg_keys[][2] = {
	{"hidden_size", "hidden_size"}, {"n_embd", "hidden_size"}, {"d_model", "hidden_size"},
	{"num_hidden_layers", "num_layers"}, {"n_layer", "num_layers"}, {"num_layers", "num_layers"},
	{"num_attention_heads", "num_heads"}, {"n_head", "num_heads"}, {"num_heads", "num_heads"},
	{"num_key_value_heads", "num_kv_heads"}, {"vocab_size", "vocab_size"},
	{"max_position_embeddings", "max_seq"}, {"n_positions", "max_seq"}, {"block_size", "max_seq"},
	{"intermediate_size", "intermediate_size"}, {"n_inner", "intermediate_size"}, {"d_ff", "intermediate_size"},
	{"model_type", "model_type"}, {"hidden_act", "hidden_act"}, {"tie_word_embeddings", "tie_word_embeddings"},
	{NULL, NULL}};

static void model_cfg_set(struct ctx *c, const char *key, json_t *v, const char *src)
{
	for (int i = 0; model_cfg_keys[i][0]; i++)
		if (!strcmp(key, model_cfg_keys[i][0]) && literal(v) && !json_is_null(v) &&
		    !json_object_get(c->model_config, model_cfg_keys[i][1])) {
			json_object_set(c->model_config, model_cfg_keys[i][1], v);
			struct strbuf k = STRBUF_INIT;
			strbuf_addf(&k, "model_config.%s", model_cfg_keys[i][1]);
			json_object_set_new(c->sources, k.buf, json_string(src));
			strbuf_release(&k);
		}
}

static void scan_calls(struct ctx *c, int i)
{
	const char *rel = c->files[i].rel;
	size_t k;
	json_t *call;
	json_array_foreach(json_object_get(py(c, i), "calls"), k, call)
	{
		const char *name = json_string_value(json_object_get(call, "name"));
		const char *full = json_string_value(json_object_get(call, "full"));
		json_int_t line = json_integer_value(json_object_get(call, "line"));
		json_t *args = json_object_get(call, "args"), *kw = json_object_get(call, "kw");
		json_t *a0 = json_array_get(args, 0);
		if (!name || !full)
			continue;
		char *src = src_str(rel, line);
		bool lightning = mod_is(full, "lightning") || mod_is(full, "pytorch_lightning") || !strncmp(full, "L.", 2) ||
				 !strncmp(full, "pl.", 3);
		if (!strcmp(name, "DistributedDataParallel") || !strcmp(name, "DDP")) {
			evid(&c->strategy, "ddp", 60, src);
		} else if (!strcmp(name, "FullyShardedDataParallel") || !strcmp(name, "FSDP") || !strcmp(name, "fully_shard")) {
			evid(&c->strategy, "fsdp", 70, src);
		} else if (!strcmp(name, "ZeroRedundancyOptimizer")) {
			evid(&c->strategy, "zero1", 65, src);
		} else if (!strcmp(name, "init_process_group")) {
			evid(&c->strategy, "ddp", 20, src);
		} else if (!strcmp(name, "initialize") && mod_is(full, "deepspeed")) {
			evid(&c->fw, "deepspeed", 75, src);
			const char *p = json_string_value(json_object_get(kw, "config"));
			if (!p)
				p = json_string_value(json_object_get(kw, "config_params"));
			if (p)
				evid(&c->ds_config, p, 60, src);
		} else if (!strcmp(name, "Accelerator")) {
			evid(&c->fw, "accelerate", 80, src);
			evid(&c->strategy, "ddp", 25, src);
			const char *mp = json_string_value(json_object_get(kw, "mixed_precision"));
			if (mp)
				evid(&c->precision, mp, 50, src);
		} else if (!strcmp(name, "FullyShardedDataParallelPlugin")) {
			evid(&c->strategy, "fsdp", 75, src);
		} else if (!strcmp(name, "DeepSpeedPlugin")) {
			json_t *st = json_object_get(kw, "zero_stage");
			evid(&c->strategy, json_is_integer(st) ? zero_name(json_integer_value(st)) : "zero2", 75, src);
		} else if (!strcmp(name, "DDPStrategy")) {
			evid(&c->strategy, "ddp", 80, src);
		} else if (!strcmp(name, "FSDPStrategy")) {
			evid(&c->strategy, "fsdp", 80, src);
		} else if (!strcmp(name, "DeepSpeedStrategy")) {
			json_t *st = json_object_get(kw, "stage");
			evid(&c->strategy, json_is_integer(st) ? zero_name(json_integer_value(st)) : "zero2", 80, src);
			const char *p = json_string_value(json_object_get(kw, "config"));
			if (p)
				evid(&c->ds_config, p, 60, src);
		} else if (!strcmp(name, "Trainer") && (lightning || json_object_get(c->libraries, "lightning")) &&
			   !mod_is(full, "transformers")) {
			call_kw_hp(c, call, rel);
			const char *st = json_string_value(json_object_get(kw, "strategy"));
			const char *ls = st ? lightning_strategy(st) : NULL;
			if (ls)
				evid(&c->strategy, ls, 80, src);
			json_t *prec = json_object_get(kw, "precision");
			if (json_is_string(prec))
				evid(&c->precision, json_string_value(prec), 50, src);
			else if (json_is_integer(prec))
				evid(&c->precision, json_integer_value(prec) == 16 ? "fp16" : "fp32", 50, src);
		} else if (!strcmp(name, "Trainer") || !strcmp(name, "SFTTrainer")) {
			evid(&c->strategy, "ddp", 30, src); /* the HF Trainer runs DDP when launched on several GPUs */
			evid(&c->fw, "pytorch", 15, src);
		} else if (!strcmp(name, "TrainingArguments") || !strcmp(name, "Seq2SeqTrainingArguments") ||
			   !strcmp(name, "SFTConfig")) {
			call_kw_hp(c, call, rel);
			const char *fsdp = json_string_value(json_object_get(kw, "fsdp"));
			if (fsdp && *fsdp)
				evid(&c->strategy, "fsdp", 80, src);
			const char *ds = json_string_value(json_object_get(kw, "deepspeed"));
			if (ds) {
				evid(&c->ds_config, ds, 60, src);
				evid(&c->fw, "deepspeed", 70, src);
			}
			const char *od = json_string_value(json_object_get(kw, "output_dir"));
			add_unique(c->outputs, od, c->sources, "outputs", src);
		} else if (!strcmp(name, "from_pretrained")) {
			const char *msrc = src;
			const char *m = str_or_ref(c, a0, &msrc);
			bool model_class = !strstr(full, "Tokenizer") && !strstr(full, "Processor") &&
					   !strstr(full, "FeatureExtractor") && !strstr(full, "Config");
			if (m && model_class)
				evid(&c->model, m, json_is_string(a0) ? 70 : 75, msrc ? msrc : src);
		} else if (!strcmp(name, "create_model")) {
			const char *m = str_or_ref(c, a0, NULL);
			if (m)
				evid(&c->model, m, 70, src);
		} else if (torchvision_ctor(name) && !strchr(name, 'W')) {
			evid(&c->model, name, 50, src);
		} else if (ends_with(name, "ForCausalLM") || ends_with(name, "LMHeadModel") ||
			   ends_with(name, "ForSequenceClassification") || ends_with(name, "ForImageClassification") ||
			   ends_with(name, "ForMaskedLM") || ends_with(name, "ForConditionalGeneration")) {
			evid(&c->model, name, 40, src);
		} else if (ends_with(name, "Config") && strcmp(name, "SFTConfig") && strcmp(name, "AutoConfig")) {
			const char *key;
			json_t *v;
			json_object_foreach(kw, key, v) model_cfg_set(c, key, v, src);
		} else if (!strcmp(name, "load_dataset")) {
			const char *dsrc = src;
			const char *d = str_or_ref(c, a0, &dsrc);
			const char *sub = str_or_ref(c, json_array_get(args, 1), NULL);
			if (d && sub) {
				struct strbuf sb = STRBUF_INIT;
				strbuf_addf(&sb, "%s/%s", d, sub);
				add_unique(c->datasets, sb.buf, c->sources, "datasets", dsrc ? dsrc : src);
				strbuf_release(&sb);
			} else if (d) {
				add_unique(c->datasets, d, c->sources, "datasets", dsrc ? dsrc : src);
			}
		} else if (!strcmp(name, "load_from_disk") || !strcmp(name, "ImageFolder") || !strcmp(name, "DatasetFolder")) {
			json_t *v = a0 ? a0 : json_object_get(kw, "root");
			const char *d = str_or_ref(c, v, NULL);
			add_unique(c->datasets, d, c->sources, "datasets", src);
		} else if (!strcmp(name, "CIFAR10") || !strcmp(name, "CIFAR100") || !strcmp(name, "MNIST") ||
			   !strcmp(name, "FashionMNIST") || !strcmp(name, "ImageNet") || !strcmp(name, "CocoDetection")) {
			json_t *root = json_object_get(kw, "root");
			const char *r = str_or_ref(c, root ? root : a0, NULL);
			struct strbuf sb = STRBUF_INIT;
			strbuf_addf(&sb, "%s%s%s", name, r ? " at " : "", r ? r : "");
			add_unique(c->datasets, sb.buf, c->sources, "datasets", src);
			strbuf_release(&sb);
		} else if (!strcmp(name, "ModelCheckpoint")) {
			const char *d = str_or_ref(c, json_object_get(kw, "dirpath"), NULL);
			add_unique(c->outputs, d, c->sources, "outputs", src);
		} else if ((!strcmp(name, "save") && mod_is(full, "torch")) || !strcmp(name, "save_checkpoint") ||
			   !strcmp(name, "save_pretrained") || !strcmp(name, "save_model") || !strcmp(name, "save_state")) {
			json_t *p = !strcmp(name, "save") ? json_array_get(args, 1) : a0;
			if (!p)
				p = json_object_get(kw, !strcmp(name, "save") ? "f" : "save_dir");
			if (!p)
				p = json_object_get(kw, "output_dir");
			add_unique(c->outputs, str_or_ref(c, p, NULL), c->sources, "outputs", src);
		} else if (!strcmp(name, "GPT") || !strcmp(name, "Transformer")) {
			if (!mod_is(full, "torch"))
				evid(&c->model, name, 30, src);
		}
		free(src);
	}
	/* @dataclass model configs (nanoGPT's GPTConfig) */
	size_t f;
	json_t *fld;
	json_array_foreach(json_object_get(py(c, i), "fields"), f, fld)
	{
		const char *cls = json_string_value(json_object_get(fld, "cls"));
		if (cls && strstr(cls, "Config") && !strstr(cls, "Train")) {
			char *s = src_str(rel, json_integer_value(json_object_get(fld, "line")));
			model_cfg_set(c, json_string_value(json_object_get(fld, "name")), json_object_get(fld, "default"), s);
			free(s);
		}
	}
}

/* ---- configs ------------------------------------------------------------------------------ */

static bool is_ds_config(const struct ctx *c, int k)
{
	return cfg_get(c, k, "zero_optimization.stage", NULL) || cfg_get(c, k, "train_micro_batch_size_per_gpu", NULL) ||
	       cfg_get(c, k, "train_batch_size", NULL);
}

static bool is_acc_config(const struct ctx *c, int k)
{
	return cfg_get(c, k, "distributed_type", NULL) != NULL;
}

static bool is_model_config(const struct ctx *c, int k)
{
	return cfg_get(c, k, "model_type", NULL) || cfg_get(c, k, "n_embd", NULL) ||
	       (cfg_get(c, k, "hidden_size", NULL) && cfg_get(c, k, "num_hidden_layers", NULL));
}

static void note_missing(struct ctx *c, const char *what, const char *path, const char *src)
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
	json_t *st = cfg_get(c, k, "zero_optimization.stage", &line);
	if (json_is_integer(st)) {
		json_object_set(ds, "zero_stage", st);
		evid_at(&c->strategy, zero_name(json_integer_value(st)), 90, rel, line);
	}
	static const char *const keys[] = {"train_batch_size", "train_micro_batch_size_per_gpu",
					   "gradient_accumulation_steps", NULL};
	for (int i = 0; keys[i]; i++) {
		json_t *v = cfg_get(c, k, keys[i], &line);
		if (v && !(json_is_string(v) && !strcmp(json_string_value(v), "auto"))) {
			json_object_set(ds, keys[i], v);
			hp_set_at(c, keys[i], v, HP_CONFIG, rel, line);
		}
	}
	json_t *lr = cfg_get(c, k, "optimizer.params.lr", &line);
	if (lr && json_is_number(lr))
		hp_set_at(c, "lr", lr, HP_CONFIG - 1, rel, line);
	if (json_is_true(cfg_get(c, k, "bf16.enabled", &line)))
		evid_at(&c->precision, "bf16", 60, rel, line);
	else if (json_is_true(cfg_get(c, k, "fp16.enabled", &line)))
		evid_at(&c->precision, "fp16", 60, rel, line);
	json_t *off = cfg_get(c, k, "zero_optimization.offload_optimizer.device", NULL);
	if (json_is_string(off))
		json_object_set(ds, "offload_optimizer", off);
	json_object_set_new(out, "deepspeed", ds);
	/* Accelerate and Lightning drive DeepSpeed themselves: they stay the framework */
	if (!c->fw.value || (strcmp(c->fw.value, "accelerate") && strcmp(c->fw.value, "lightning")))
		evid(&c->fw, "deepspeed", 70, c->ds_config.src ? c->ds_config.src : rel);
}

static void read_acc_config(struct ctx *c, int k, json_t *out)
{
	json_t *acc = json_object();
	const char *rel = c->files[k].rel;
	json_object_set_new(acc, "file", json_string(rel));
	json_int_t line = 0;
	json_t *dt = cfg_get(c, k, "distributed_type", &line);
	const char *d = json_string_value(dt);
	if (d) {
		json_object_set(acc, "distributed_type", dt);
		if (!strcasecmp(d, "FSDP"))
			evid_at(&c->strategy, "fsdp", 90, rel, line);
		else if (!strcasecmp(d, "MULTI_GPU"))
			evid_at(&c->strategy, "ddp", 85, rel, line);
		else if (!strcasecmp(d, "DEEPSPEED")) {
			json_int_t l2 = line;
			json_t *zs = cfg_get(c, k, "deepspeed_config.zero_stage", &l2);
			evid_at(&c->strategy, json_is_integer(zs) ? zero_name(json_integer_value(zs)) : "zero2", 90, rel, l2);
			const char *f = json_string_value(cfg_get(c, k, "deepspeed_config.deepspeed_config_file", NULL));
			if (f)
				evid_at(&c->ds_config, f, 70, rel, l2);
		}
	}
	static const char *const keys[] = {"mixed_precision", "num_processes", "num_machines", "fsdp_config.fsdp_sharding_strategy",
					   NULL};
	for (int i = 0; keys[i]; i++) {
		json_t *v = cfg_get(c, k, keys[i], &line);
		if (v)
			json_object_set(acc, keys[i], v);
		if (v && !strcmp(keys[i], "mixed_precision") && json_is_string(v))
			evid_at(&c->precision, json_string_value(v), 55, rel, line);
	}
	json_object_set_new(out, "accelerate", acc);
	evid_at(&c->fw, "accelerate", 85, rel, 1);
}

static void read_model_config(struct ctx *c, int k)
{
	const char *key;
	json_t *a;
	json_object_foreach(cfg_keys(c, k), key, a)
	{
		char *s = src_str(c->files[k].rel, json_integer_value(json_array_get(a, 1)));
		model_cfg_set(c, key, json_array_get(a, 0), s);
		free(s);
	}
}

static bool generic_config_name(const char *rel)
{
	const char *b = strrchr(rel, '/');
	const char *dir_end = b;
	b = b ? b + 1 : rel;
	bool top = !dir_end || !strncmp(rel, "config/", 7) || !strncmp(rel, "configs/", 8) || !strncmp(rel, "conf/", 5);
	if (!top || strchr(b, '/'))
		return false;
	return !strncmp(b, "config.", 7) || !strncmp(b, "train", 5) || !strncmp(b, "hparams", 7) ||
	       !strncmp(b, "hyperparameters", 15) || !strncmp(b, "params.", 7);
}

static void scan_configs(struct ctx *c, json_t *out)
{
	/* configs named by the command or by string hyperparameters */
	bool *used = xcalloc(c->n + 1, sizeof(bool));
	const char *key;
	json_t *v;
	json_t *configs = json_array();
	json_object_foreach(c->hp, key, v)
	{
		const char *p = json_string_value(v);
		if (!p || config_format_of(p) < 0)
			continue;
		int k = resolve_path(c, p);
		const char *src = hp_src(c, key);
		if (k < 0) {
			if (!strcmp(key, "deepspeed") || !strcmp(key, "deepspeed_config") || !strcmp(key, "ds_config") ||
			    !strcmp(key, "config") || !strcmp(key, "config_file"))
				note_missing(c, key, p, src ? src : "?");
			continue;
		}
		if (is_ds_config(c, k))
			evid(&c->ds_config, c->files[k].rel, 80, src ? src : "?");
		else if (is_acc_config(c, k))
			evid(&c->acc_config, c->files[k].rel, 80, src ? src : "?");
		else if (!is_model_config(c, k) && !used[k]) {
			used[k] = true;
			add_config_keys(c, k, "");
			json_array_append_new(configs, json_string(c->files[k].rel));
		}
	}
	/* launcher config files */
	const char *acc = json_string_value(json_object_get(c->lc.launch_opts, "config_file"));
	if (acc)
		evid(&c->acc_config, acc, 95, "--cmd");
	const char *dsc = json_string_value(json_object_get(c->lc.launch_opts, "deepspeed_config"));
	if (dsc)
		evid(&c->ds_config, dsc, 95, "--cmd");
	/* the accelerate config names a DeepSpeed config */
	int ka = c->acc_config.value ? resolve_path(c, c->acc_config.value) : -1;
	if (c->acc_config.value && ka < 0)
		note_missing(c, "the Accelerate config", c->acc_config.value, c->acc_config.src);
	if (ka < 0 && !c->acc_config.value && c->fw.value && !strcmp(c->fw.value, "accelerate"))
		for (size_t i = 0; i < c->n && ka < 0; i++)
			if (c->files[i].kind == FK_CONFIG && is_acc_config(c, (int)i))
				ka = (int)i;
	if (ka >= 0)
		read_acc_config(c, ka, out);
	int kd = c->ds_config.value ? resolve_path(c, c->ds_config.value) : -1;
	if (c->ds_config.value && kd < 0 && c->ds_config.prio < 80)
		note_missing(c, "the DeepSpeed config", c->ds_config.value, c->ds_config.src);
	if (kd < 0 && (!c->ds_config.value || c->ds_config.prio < 80) && c->fw.value && !strcmp(c->fw.value, "deepspeed"))
		for (size_t i = 0; i < c->n && kd < 0; i++)
			if (c->files[i].kind == FK_CONFIG && is_ds_config(c, (int)i)) {
				kd = (int)i;
				if (!c->ds_config.value)
					evid(&c->ds_config, c->files[i].rel, 10, "found in the directory");
			}
	if (kd >= 0)
		read_ds_config(c, kd, out);
	/* model configs: config.json next to the weights, or any with a model shape */
	for (size_t i = 0; i < c->n; i++)
		if (c->files[i].kind == FK_CONFIG && is_model_config(c, (int)i) && !is_ds_config(c, (int)i)) {
			read_model_config(c, (int)i);
			break;
		}
	/* well-known names when the job named none */
	if (!json_array_size(configs))
		for (size_t i = 0; i < c->n; i++) {
			int k = (int)i;
			if (c->files[i].kind != FK_CONFIG || !generic_config_name(c->files[i].rel) || is_ds_config(c, k) ||
			    is_acc_config(c, k) || is_model_config(c, k))
				continue;
			add_config_keys(c, k, "");
			json_array_append_new(configs, json_string(c->files[i].rel));
		}
	json_object_set_new(out, "configs", configs);
	free(used);
}

/* ---- command-line arguments --------------------------------------------------------------- */

static void apply_cmd(struct ctx *c)
{
	size_t i;
	json_t *pair;
	json_array_foreach(c->lc.args, i, pair)
	{
		const char *k = json_string_value(json_array_get(pair, 0));
		json_t *v = json_array_get(pair, 1);
		if (k && v)
			hp_set(c, k, v, HP_CMD, "--cmd");
	}
	const char *l = c->lc.launcher;
	if (l && !strcmp(l, "accelerate")) {
		evid(&c->fw, "accelerate", 90, "--cmd");
		json_t *o = c->lc.launch_opts;
		if (json_is_true(json_object_get(o, "use_fsdp")))
			evid(&c->strategy, "fsdp", 95, "--cmd");
		if (json_is_true(json_object_get(o, "use_deepspeed"))) {
			json_t *zs = json_object_get(o, "zero_stage");
			evid(&c->strategy, json_is_integer(zs) ? zero_name(json_integer_value(zs)) : "zero2", 95, "--cmd");
		}
		if (json_is_true(json_object_get(o, "multi_gpu")))
			evid(&c->strategy, "ddp", 50, "--cmd");
		const char *mp = json_string_value(json_object_get(o, "mixed_precision"));
		if (mp)
			evid(&c->precision, mp, 90, "--cmd");
	} else if (l && !strcmp(l, "deepspeed")) {
		evid(&c->fw, "deepspeed", 85, "--cmd");
	}
	const char *ds = hp_str(c, "deepspeed");
	if (!ds)
		ds = hp_str(c, "deepspeed_config");
	if (ds && json_integer_value(json_object_get(c->hp_prio, hp_str(c, "deepspeed") ? "deepspeed" : "deepspeed_config")) ==
			  HP_CMD) {
		evid(&c->ds_config, ds, 95, "--cmd");
		evid(&c->fw, "deepspeed", 70, "--cmd");
	}
	const char *fsdp = hp_str(c, "fsdp");
	if (fsdp && *fsdp && json_integer_value(json_object_get(c->hp_prio, "fsdp")) == HP_CMD)
		evid(&c->strategy, "fsdp", 95, "--cmd");
}

static void precision_from_hp(struct ctx *c)
{
	static const char *const flags[][2] = {{"bf16", "bf16"}, {"fp16", "fp16"}, {NULL, NULL}};
	for (int i = 0; flags[i][0]; i++)
		if (json_is_true(json_object_get(c->hp, flags[i][0]))) {
			const char *s = hp_src(c, flags[i][0]);
			evid(&c->precision, flags[i][1], 45 + (s && !strcmp(s, "--cmd") ? 50 : 0), s ? s : "?");
		}
	const char *keys[] = {"mixed_precision", "precision", "dtype", NULL};
	for (int i = 0; keys[i]; i++) {
		json_t *v = json_object_get(c->hp, keys[i]);
		const char *s = hp_src(c, keys[i]);
		int prio = 40 + (s && !strcmp(s, "--cmd") ? 55 : 0);
		if (json_is_string(v))
			evid(&c->precision, json_string_value(v), prio, s ? s : "?");
		else if (json_is_integer(v))
			evid(&c->precision, json_integer_value(v) == 16 ? "fp16" : json_integer_value(v) == 32 ? "fp32" : NULL,
			     prio, s ? s : "?");
	}
}

/* "bf16-mixed" -> "bf16", "16-mixed" -> "fp16", "no" -> "fp32" */
static const char *norm_precision(const char *p)
{
	if (!p)
		return NULL;
	if (strstr(p, "bf16") || strstr(p, "bfloat16"))
		return "bf16";
	if (strstr(p, "fp16") || strstr(p, "float16") || !strncmp(p, "16", 2) || !strcmp(p, "half"))
		return "fp16";
	if (strstr(p, "32") || !strcmp(p, "no") || !strcmp(p, "float"))
		return "fp32";
	return NULL;
}

/* Whether an entry already says v: "wikitext/wikitext-2-raw-v1" covers "wikitext", "CIFAR10 at
 * ./data" covers "./data", "checkpoints/resnet50.pt" covers "checkpoints". */
static bool covered(json_t *list, const char *v)
{
	size_t i, n = strlen(v);
	json_t *e;
	json_array_foreach(list, i, e)
	{
		const char *s = json_string_value(e);
		size_t m = s ? strlen(s) : 0;
		if (!s || m <= n)
			continue;
		if (!strncmp(s, v, n) && s[n] == '/')
			return true;
		if (!strcmp(s + m - n, v) && m >= n + 4 && !strncmp(s + m - n - 4, " at ", 4))
			return true;
	}
	return false;
}

static void hp_lists(struct ctx *c)
{
	static const char *const model_keys[] = {"model_name_or_path", "pretrained_model_name_or_path", "model_name",
						 "model_id", "base_model", "model", "arch", "architecture", NULL};
	for (int i = 0; model_keys[i]; i++) {
		const char *v = hp_str(c, model_keys[i]);
		const char *s = hp_src(c, model_keys[i]);
		if (v && *v)
			evid(&c->model, v, s && !strcmp(s, "--cmd") ? 95 : 60 - i, s ? s : "?");
	}
	static const char *const data_keys[] = {"dataset_name", "dataset", "data_dir", "data_path", "train_file",
						"validation_file", "train_data", "data_root", "dataset_path", "data", NULL};
	for (int i = 0; data_keys[i]; i++) {
		const char *v = hp_str(c, data_keys[i]);
		const char *s = hp_src(c, data_keys[i]);
		if (v && *v && !covered(c->datasets, v))
			add_unique(c->datasets, v, c->sources, "datasets", s ? s : "?");
	}
	static const char *const out_keys[] = {"output_dir", "checkpoint_dir", "ckpt_dir", "save_dir", "out_dir",
					       "default_root_dir", "checkpoint_path", NULL};
	for (int i = 0; out_keys[i]; i++) {
		const char *v = hp_str(c, out_keys[i]);
		const char *s = hp_src(c, out_keys[i]);
		if (v && *v && !covered(c->outputs, v))
			add_unique(c->outputs, v, c->sources, "outputs", s ? s : "?");
	}
}

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
			char *s = src_str(c->files[i].rel, json_integer_value(json_array_get(e, 2)));
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

json_t *inspect_merge(const struct inspect_file *files, size_t n, const char *cmd)
{
	struct ctx c;
	memset(&c, 0, sizeof(c));
	c.files = files;
	c.n = n;
	c.in_scope = xcalloc(n + 1, sizeof(bool));
	c.hp = json_object();
	c.hp_prio = json_object();
	c.sources = json_object();
	c.datasets = json_array();
	c.outputs = json_array();
	c.notes = json_array();
	c.model_config = json_object();
	c.libraries = json_object();
	json_t *out = json_object();
	c.have_cmd = cmd && *cmd;
	if (c.have_cmd) {
		if (launch_cmd_parse(cmd, &c.lc) < 0)
			json_array_append_new(c.notes, json_string("--cmd names no Python script (.py) or module (-m)"));
	} else {
		c.lc.launch_opts = json_object();
		c.lc.args = json_array();
	}
	json_object_set_new(out, "command", c.have_cmd ? json_string(cmd) : json_null());
	if (!json_object_get(out, "command"))
		json_object_set_new(out, "command", json_string("?"));
	choose_entry(&c, out);
	build_scope(&c);
	/* imports first (they decide what a bare Trainer is), then defaults, then calls */
	if (c.entry >= 0) /* the entry's own imports are the best sources */
		scan_imports(&c, c.entry);
	for (size_t i = 0; i < n; i++)
		if (c.in_scope[i] && files[i].kind == FK_PYTHON && (int)i != c.entry)
			scan_imports(&c, (int)i);
	if (c.entry >= 0) {
		size_t k;
		json_t *a;
		json_array_foreach(json_object_get(py(&c, c.entry), "assigns"), k, a)
			hp_set_at(&c, json_string_value(json_object_get(a, "name")), json_object_get(a, "value"), HP_ASSIGN,
				  files[c.entry].rel, json_integer_value(json_object_get(a, "line")));
	}
	for (size_t i = 0; i < n; i++)
		if (c.in_scope[i] && files[i].kind == FK_PYTHON)
			scan_args(&c, (int)i);
	apply_cmd(&c); /* before the calls, so that refs see command-line values */
	for (size_t i = 0; i < n; i++)
		if (c.in_scope[i] && files[i].kind == FK_PYTHON)
			scan_calls(&c, (int)i);
	json_t *launcher = json_object();
	json_object_set_new(launcher, "name", c.lc.launcher ? json_string(c.lc.launcher) : json_null());
	json_object_set(launcher, "options", c.lc.launch_opts);
	json_object_set_new(out, "launcher", launcher);
	scan_configs(&c, out);
	apply_cmd(&c); /* the command line beats config files */
	hp_lists(&c);
	precision_from_hp(&c);
	/* a Lightning project launched by accelerate/deepspeed stays lightning only without them */
	set_evidence(&c, out, "framework", &c.fw);
	set_evidence(&c, out, "strategy", &c.strategy);
	set_evidence(&c, out, "model", &c.model);
	const char *prec = norm_precision(c.precision.value);
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
	json_decref(c.hp_prio);
	json_decref(c.libraries);
	evid_release(&c.fw);
	evid_release(&c.strategy);
	evid_release(&c.model);
	evid_release(&c.precision);
	evid_release(&c.ds_config);
	evid_release(&c.acc_config);
	launch_cmd_release(&c.lc);
	free(c.in_scope);
	return out;
}
