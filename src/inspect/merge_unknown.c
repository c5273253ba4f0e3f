/* merge_unknown.c - what the merge cannot read honestly, reported as `unknown: {field: why}` instead
 * of a value: a model shape whose settings the program computes after the command line changed
 * them (nanochat: num_layers = depth, then --depth=26), a precision handed over as a run-time value
 * (Fabric(precision=precision)), a model chosen by a built-in configuration name (click.Choice).
 * Generic reasons for the fields still empty are added by cmd/inspect.c once params are known. */
#include "mctx.h"

#include "pytok.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

void mg_unknown(struct ctx *c, const char *field, const char *why)
{
	if (!json_object_get(c->unknown, field))
		json_object_set_new(c->unknown, field, json_string(why));
}

/* the keyword names of a config class call that give a model's depth or width */
static bool shape_kw(const char *k)
{
	static const char *const keys[] = {"n_layer",  "n_layers",  "num_layers", "num_hidden_layers", "n_embd",
					   "hidden_size", "d_model", "dim",	   "n_head",	   "num_attention_heads",
					   "n_heads",  NULL};
	for (int i = 0; keys[i]; i++)
		if (!strcmp(k, keys[i]))
			return true;
	return false;
}

/* The value of a computed assignment's expression (`depth * 64`, or a plain `depth`) over env
 * ([{name, value}] of the file's assignments with their final values); NULL when it cannot be. */
static json_t *recompute(const char *expr, json_t *env)
{
	struct toks ts = {0};
	py_tokenize(expr, strlen(expr), &ts);
	size_t n = ts.n;
	while (n && ts.v[n - 1].t == T_NEWLINE)
		n--;
	json_t *v = NULL;
	double num;
	if (n == 1 && ts.v[0].t == T_NAME) {
		for (size_t k = json_array_size(env); k-- > 0 && !v;) {
			json_t *a = json_array_get(env, k);
			const char *nm = json_string_value(json_object_get(a, "name"));
			if (nm && strlen(nm) == ts.v[0].len && !memcmp(nm, ts.v[0].s, ts.v[0].len))
				v = json_incref(json_object_get(a, "value"));
		}
	} else if (n && py_eval_arith_in(ts.v, ts.v + n, env, &num)) {
		bool div = strchr(expr, '/') && !strstr(expr, "//");
		v = !div && num == (double)(long long)num && fabs(num) < 9e15 ? json_integer((json_int_t)num) : json_real(num);
	}
	free(ts.v);
	return v;
}

/* File i's module assignments with their final values: a literal the command line or a config
 * replaced takes the new value, and a computed one (num_layers = depth, model_dim = depth * 64) is
 * computed again from them; its hyperparameter is updated when it came from that line. A computed
 * value that cannot be recomputed although an input changed is left out of env and named in stale. */
static json_t *final_env(struct ctx *c, int i, struct strbuf *stale)
{
	json_t *env = json_array();
	size_t k;
	json_t *a;
	json_array_foreach(json_object_get(mg_py(c, i), "assigns"), k, a)
	{
		const char *name = json_string_value(json_object_get(a, "name"));
		json_t *val = json_object_get(a, "value");
		if (!name || strchr(name, '.'))
			continue;
		char *here = mg_src_str(c->files[i].rel, json_integer_value(json_object_get(a, "line")));
		const char *src = mg_hp_src(c, name);
		bool ours = src && !strcmp(src, here);
		json_t *v = NULL;
		const char *expr = json_string_value(json_object_get(a, "expr"));
		if (!expr) {
			json_t *now = json_object_get(c->hp, name);
			bool later = now && json_integer_value(json_object_get(c->hp_prio, name)) >= HP_CONFIG;
			v = json_incref(later ? now : val);
		} else if ((v = recompute(expr, env)) != NULL) {
			if (ours && !json_equal(v, json_object_get(c->hp, name)))
				json_object_set(c->hp, name, v);
		} else {
			/* not computable here: stale when one of its inputs has another value now */
			size_t q;
			json_t *f;
			bool changed = false;
			json_array_foreach(json_object_get(a, "from"), q, f)
			{
				json_t *now = json_object_get(c->hp, json_string_value(f));
				changed = changed || (now && !json_equal(now, val) && !json_equal(now, json_object_get(a, "value")));
			}
			if (changed)
				strbuf_addf(stale, "%s%s (line %lld)", stale->len ? ", " : "", name,
					    (long long)json_integer_value(json_object_get(a, "line")));
		}
		if (v) {
			json_t *e = json_object();
			json_object_set_new(e, "name", json_string(name));
			json_object_set_new(e, "value", v);
			json_object_set_new(e, "line", json_incref(json_object_get(a, "line")));
			json_array_append_new(env, e);
		}
		free(here);
	}
	return env;
}

static json_t *env_get(json_t *env, const char *name)
{
	for (size_t k = json_array_size(env); k-- > 0;) {
		json_t *a = json_array_get(env, k);
		if (!strcmp(json_string_value(json_object_get(a, "name")) ?: "", name))
			return a;
	}
	return NULL;
}

/* A config class called with shape keywords that name the file's own settings
 * (GPTConfig(n_layer=num_layers, n_embd=model_dim) with model_dim = depth * 64 and --depth=26):
 * the shape is those settings' final values, not the class's defaults. A keyword whose setting
 * maple cannot compute (num_heads = max(1, ...)) leaves that part of the shape unknown. */
void mg_stale_shape(struct ctx *c)
{
	for (size_t i = 0; i < c->n; i++) {
		if (!c->in_scope[i] || c->files[i].kind != FK_PYTHON)
			continue;
		json_t *env = NULL;
		struct strbuf stale = STRBUF_INIT;
		size_t k;
		json_t *call;
		json_array_foreach(json_object_get(mg_py(c, (int)i), "calls"), k, call)
		{
			const char *key;
			json_t *v;
			int shapes = 0;
			json_object_foreach(json_object_get(call, "kw"), key, v) shapes += shape_kw(key) &&
											    json_is_string(json_object_get(v, "ref"));
			if (shapes < 2)
				continue;
			if (!env)
				env = final_env(c, (int)i, &stale);
			const char *cname = json_string_value(json_object_get(call, "name")) ?: "?";
			long long cline = (long long)json_integer_value(json_object_get(call, "line"));
			json_object_foreach(json_object_get(call, "kw"), key, v)
			{
				const char *ref = json_string_value(json_object_get(v, "ref"));
				const char *mk = mg_shape_key(key);
				if (!ref || strchr(ref, '.') || !mk)
					continue;
				json_t *e = env_get(env, ref);
				struct strbuf sk = STRBUF_INIT;
				strbuf_addf(&sk, "model_config.%s", mk);
				if (e && json_is_integer(json_object_get(e, "value"))) {
					json_object_set(c->model_config, mk, json_object_get(e, "value"));
					char *at = mg_src_str(c->files[i].rel, json_integer_value(json_object_get(e, "line")));
					json_object_set_new(c->sources, sk.buf, json_string(at));
					free(at);
				} else if (!e && (int)i == c->entry && json_object_get(c->model_config, mk)) {
					/* (only the entry's: another file's call from a function's locals, such as
					 * llama2.c's export.py LlamaConfig(hidden_size=hidden_size), may never run) */
					/* the class default is not this job's value */
					json_object_del(c->model_config, mk);
					json_object_del(c->sources, sk.buf);
					struct strbuf why = STRBUF_INIT;
					strbuf_addf(&why, "%s(%s=%s) at %s:%lld: %s is computed by an expression maple does not evaluate",
						    cname, key, ref, c->files[i].rel, cline, ref);
					mg_unknown(c, sk.buf, why.buf);
					strbuf_release(&why);
				}
				strbuf_release(&sk);
			}
			if (stale.len) {
				/* a part of the shape was computed from a setting that changed: the size is unknown */
				json_object_clear(c->model_config);
				struct strbuf why = STRBUF_INIT;
				strbuf_addf(&why, "%s(...) at %s:%lld uses %s, computed from settings the command line or a "
						  "config changed; maple cannot compute it again",
					    cname, c->files[i].rel, cline, stale.buf);
				mg_unknown(c, "params", why.buf);
				strbuf_release(&why);
			}
		}
		json_decref(env);
		strbuf_release(&stale);
	}
}

/* A precision handed to the trainer as a value the program computes (Fabric(precision=precision)
 * with `precision = precision or "bf16-mixed"` inside the function), when nothing else decided it. */
void mg_unknown_precision(struct ctx *c)
{
	if (c->precision.value)
		return;
	for (size_t i = 0; i < c->n; i++) {
		if (!c->in_scope[i] || c->files[i].kind != FK_PYTHON)
			continue;
		size_t k;
		json_t *call;
		json_array_foreach(json_object_get(mg_py(c, (int)i), "calls"), k, call)
		{
			json_t *p = json_object_get(json_object_get(call, "kw"), "precision");
			const char *ref = json_string_value(json_object_get(p, "ref"));
			if (!ref || json_object_get(c->hp, ref))
				continue;
			struct strbuf why = STRBUF_INIT;
			strbuf_addf(&why, "%s(precision=%s) at %s:%lld takes a value the program sets at run time; not read",
				    json_string_value(json_object_get(call, "name")) ?: "?", ref, c->files[i].rel,
				    (long long)json_integer_value(json_object_get(call, "line")));
			mg_unknown(c, "precision", why.buf);
			strbuf_release(&why);
			return;
		}
	}
}

/* An option whose value is one of the program's own names (click.Choice / choices=[...]) and whose
 * help speaks of a configuration (StyleGAN3's --cfg=stylegan3-t, "Base configuration"): it may name
 * the architecture, but a configuration name is not read as the model. */
void mg_unknown_model_choice(struct ctx *c)
{
	if (c->model.value)
		return;
	for (size_t i = 0; i < c->n; i++) {
		if (!c->in_scope[i] || c->files[i].kind != FK_PYTHON)
			continue;
		size_t k;
		json_t *call;
		json_array_foreach(json_object_get(mg_py(c, (int)i), "calls"), k, call)
		{
			json_t *kw = json_object_get(call, "kw");
			const char *help = json_string_value(json_object_get(kw, "help"));
			const char *ty = json_string_value(json_object_get(json_object_get(kw, "type"), "expr"));
			if (!help || !ty || !strstr(ty, "Choice(") || !strcasestr(help, "config"))
				continue;
			/* the option's value on the command line, when it is one of the choices */
			const char *q = ty;
			size_t n;
			json_t *pair;
			json_array_foreach(c->cmd_args, n, pair)
			{
				const char *val = json_string_value(json_array_get(pair, 1));
				if (!val || !*val)
					continue;
				struct strbuf quoted = STRBUF_INIT;
				strbuf_addf(&quoted, "'%s'", val);
				bool in = strstr(q, quoted.buf) != NULL;
				strbuf_reset(&quoted);
				strbuf_addf(&quoted, "\"%s\"", val);
				in = in || strstr(q, quoted.buf) != NULL;
				strbuf_release(&quoted);
				if (!in)
					continue;
				struct strbuf why = STRBUF_INIT;
				strbuf_addf(&why, "--%s=%s is one of the program's configuration names (%s, help \"%s\" at %s:%lld); "
						  "it may name the architecture but is not read as the model",
					    json_string_value(json_array_get(pair, 0)) ?: "?", val, ty, help, c->files[i].rel,
					    (long long)json_integer_value(json_object_get(call, "line")));
				mg_unknown(c, "model", why.buf);
				strbuf_release(&why);
				return;
			}
		}
	}
}

/* When nothing else named a data set: a data-loading function of the project that the entry imports
 * (nanochat's tokenizing_distributed_data_loader) whose signature names it by default
 * (dataset="karpathy/fineweb-edu-100b-shuffle"). */
void mg_loader_default_datasets(struct ctx *c)
{
	if (json_array_size(c->datasets) || c->entry < 0)
		return;
	static const char *const names[] = {"dataset", "dataset_name", "dataset_path", "data_path", "data_dir", NULL};
	const char *local;
	json_t *q;
	json_object_foreach(json_object_get(mg_py(c, c->entry), "aliases"), local, q)
	{
		const char *full = json_string_value(q), *dot = full ? strrchr(full, '.') : NULL;
		if (!dot || (!strcasestr(dot + 1, "data") && !strcasestr(dot + 1, "loader")))
			continue;
		/* the module's file: a/b.c -> a/b.py (or a/b/__init__.py is not followed) */
		struct strbuf rel = STRBUF_INIT;
		for (const char *p = full; p < dot; p++)
			strbuf_addch(&rel, *p == '.' ? '/' : *p);
		strbuf_adds(&rel, ".py");
		int f = mg_find_file(c, rel.buf);
		if (f < 0)
			f = mg_find_installed(c, rel.buf);
		strbuf_release(&rel);
		if (f < 0)
			continue;
		size_t k;
		json_t *d;
		json_array_foreach(json_object_get(json_object_get(mg_py(c, f), "sigs"), dot + 1), k, d)
		{
			const char *pn = json_string_value(json_object_get(d, "name"));
			const char *val = json_string_value(json_object_get(d, "value"));
			bool named = false;
			for (int i = 0; pn && names[i] && !named; i++)
				named = !strcmp(pn, names[i]);
			if (!named || !val || !*val || strchr(val, ' '))
				continue;
			char *at = mg_src_str(c->files[f].rel, json_integer_value(json_object_get(d, "line")));
			mg_add_unique(c->datasets, val, c->sources, "datasets", at);
			free(at);
		}
	}
}

/* A model named by a config file's name (open_lm's --model open_lm_1b read from
 * model_configs/open_lm_1b.json): when no shape was read, the one file of the tree whose name is the
 * model's, holding a shape (layers and width), gives it. */
void mg_shape_from_named_config(struct ctx *c)
{
	const char *m = c->model.value;
	if (!m || strchr(m, '/') || json_object_get(c->model_config, "num_layers") ||
	    json_object_get(c->model_config, "hidden_size"))
		return;
	int found = -1;
	size_t ml = strlen(m);
	for (size_t i = 0; i < c->n; i++) {
		if (c->files[i].kind != FK_CONFIG)
			continue;
		const char *b = strrchr(c->files[i].rel, '/');
		b = b ? b + 1 : c->files[i].rel;
		if (strncmp(b, m, ml) || (strcmp(b + ml, ".json") && strcmp(b + ml, ".yaml") && strcmp(b + ml, ".yml")))
			continue;
		if (found >= 0)
			return; /* several: none decides */
		found = (int)i;
	}
	if (found < 0)
		return;
	json_t *keys = mg_cfg_keys(c, found);
	bool layers = false, width = false;
	const char *k;
	json_t *a;
	json_object_foreach(keys, k, a)
	{
		const char *mk = mg_shape_key(k);
		layers = layers || (mk && !strcmp(mk, "num_layers"));
		width = width || (mk && !strcmp(mk, "hidden_size")) || !strcmp(k, "hidden_dim");
	}
	if (!layers || !width)
		return;
	json_object_foreach(keys, k, a)
	{
		json_t *v = json_array_get(a, 0);
		char *src = mg_src_str(c->files[found].rel, json_integer_value(json_array_get(a, 1)));
		if (!strcmp(k, "hidden_dim"))
			mg_model_cfg_set(c, "hidden_size", v, src); /* open_lm, levanter: the model's width */
		else if (!strcmp(k, "seq_len"))
			mg_model_cfg_set(c, "max_seq_len", v, src);
		else if (!strcmp(k, "weight_tying") && json_is_false(v))
			json_object_set_new(c->model_config, "tie_word_embeddings", json_false());
		else
			mg_model_cfg_set(c, k, v, src);
		free(src);
	}
}
