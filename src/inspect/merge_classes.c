/* merge_classes.c - an experiment named on the command line by the dotted path of a class whose
 * UPPERCASE class attributes are the settings, inherited through its bases and overridden below them
 * (Pax: `paxml/main.py --exp=tasks.lm.params.c4.C4SpmdGpt3AdamOrgHP`, experiments registered with
 * @experiment_registry.register; https://github.com/google/paxml). The class is found in the file its
 * module path names, anywhere under the tree (paxml/tasks/lm/params/c4.py for tasks.lm.params.c4); its
 * bases by name in the same file, then the one class of that name in the tree. */
#include "mctx.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The Python file a module path names ("tasks.lm.params.c4" -> a file ending in
 * tasks/lm/params/c4.py); -1 when none or several. */
static int module_file(const struct ctx *c, const char *mod, size_t n)
{
	struct strbuf p = STRBUF_INIT;
	strbuf_add(&p, mod, n);
	for (size_t i = 0; i < p.len; i++)
		if (p.buf[i] == '.')
			p.buf[i] = '/';
	strbuf_adds(&p, ".py");
	int found = -1;
	for (size_t i = 0; i < c->n; i++) {
		const char *rel = c->files[i].rel;
		size_t rl = strlen(rel);
		if (c->files[i].kind != FK_PYTHON || rl < p.len || strcmp(rel + rl - p.len, p.buf) ||
		    (rl > p.len && rel[rl - p.len - 1] != '/'))
			continue;
		if (found >= 0) {
			found = -1;
			break;
		}
		found = (int)i;
	}
	strbuf_release(&p);
	return found;
}

static json_t *class_in(const struct ctx *c, int f, const char *name)
{
	return json_object_get(json_object_get(mg_py(c, f), "classes"), name);
}

/* A base class by (the last part of) its name: in file f, else the one class of that name in the
 * tree; *at is its file. */
static json_t *base_class(const struct ctx *c, int f, const char *name, int *at)
{
	const char *dot = strrchr(name, '.');
	name = dot ? dot + 1 : name;
	json_t *cd = class_in(c, f, name);
	if (cd) {
		*at = f;
		return cd;
	}
	for (size_t i = 0; i < c->n; i++) {
		json_t *d = c->files[i].kind == FK_PYTHON ? class_in(c, (int)i, name) : NULL;
		if (!d)
			continue;
		if (cd)
			return NULL; /* several: none chosen */
		cd = d;
		*at = (int)i;
	}
	return cd;
}

/* Settings of class cd in file f and of its bases, bases first: merged[NAME] = [value, rel, line]. */
static void collect(const struct ctx *c, int f, json_t *cd, json_t *merged, int depth, bool *jax)
{
	if (!cd || depth > 8)
		return;
	size_t i;
	json_t *b;
	json_array_foreach(json_object_get(cd, "bases"), i, b)
	{
		int at = -1;
		json_t *bd = base_class(c, f, json_string_value(b), &at);
		if (bd && bd != cd)
			collect(c, at, bd, merged, depth + 1, jax);
	}
	json_t *a;
	json_array_foreach(json_object_get(cd, "attrs"), i, a)
	{
		json_t *v = json_object_get(a, "value");
		const char *name = json_string_value(json_object_get(a, "name"));
		if (name && v)
			json_object_set_new(merged, name, json_pack("[O s I]", v, c->files[f].rel,
								    json_integer_value(json_object_get(a, "line"))));
	}
	json_t *imp;
	json_array_foreach(json_object_get(mg_py(c, f), "imports"), i, imp)
	{
		const char *m = json_string_value(json_array_get(imp, 0));
		if (m && (!strcmp(m, "jax") || !strncmp(m, "jax.", 4) || !strcmp(m, "flax") || !strncmp(m, "flax.", 5) ||
			  !strcmp(m, "praxis") || !strncmp(m, "praxis.", 7)))
			*jax = true;
	}
}

/* Pax's names of a transformer's shape (praxis LanguageModel experiments) -> maple's shape keys */
static const char *const pax_shape[][2] = {{"NUM_LAYERS", "num_layers"}, {"MODEL_DIMS", "hidden_size"},
					   {"HIDDEN_DIMS", "intermediate_size"}, {"NUM_HEADS", "num_heads"},
					   {"VOCAB_SIZE", "vocab_size"}, {"MAX_SEQ_LEN", "max_seq_len"}, {NULL, NULL}};

void mg_experiment_class(struct ctx *c)
{
	size_t i;
	json_t *pair;
	json_array_foreach(c->cmd_args, i, pair)
	{
		const char *v = json_string_value(json_array_get(pair, 1));
		const char *dot = v ? strrchr(v, '.') : NULL;
		if (!dot || !isupper((unsigned char)dot[1]) || strchr(v, '/') || strchr(v, '=') || dot == v)
			continue;
		int f = module_file(c, v, (size_t)(dot - v));
		json_t *cd = f >= 0 ? class_in(c, f, dot + 1) : NULL;
		if (!cd || !json_array_size(json_object_get(cd, "attrs")))
			continue;
		json_t *merged = json_object();
		bool jax = false;
		collect(c, f, cd, merged, 0, &jax);
		const char *key;
		json_t *e;
		json_object_foreach(merged, key, e)
		{
			const char *rel = json_string_value(json_array_get(e, 1));
			json_int_t line = json_integer_value(json_array_get(e, 2));
			json_t *val = json_array_get(e, 0);
			mg_hp_set_at(c, key, val, HP_CONFIG, rel, line);
			for (int k = 0; pax_shape[k][0]; k++)
				if (!strcmp(key, pax_shape[k][0]) && json_is_integer(val)) {
					struct strbuf s = STRBUF_INIT;
					strbuf_addf(&s, "%s:%lld", rel, (long long)line);
					mg_model_cfg_set(c, pax_shape[k][1], val, s.buf);
					strbuf_release(&s);
				}
		}
		json_decref(merged);
		mg_evid_at(&c->model, dot + 1, 50, c->files[f].rel, json_integer_value(json_object_get(cd, "line")));
		if (jax)
			mg_evid_at(&c->fw, "jax", 60, c->files[f].rel, json_integer_value(json_object_get(cd, "line")));
		return;
	}
}
