/* progcfg.c - configuration files the program reads itself because the command line names them as
 * positional words: Python files executed over the script's globals (nanoGPT's
 * `train.py config/train_gpt2.py`), and YAML/JSON lists merged in order, later files winning
 * (GPT-NeoX's `deepy.py train.py 125M.yml local_setup.yml`, also with `-d DIR`). */
#include "mctx.h"

#include "configs.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <stdlib.h>
#include <string.h>

static const char *cmd_value(const struct ctx *c, const char *key)
{
	size_t i;
	json_t *pair;
	json_array_foreach(c->cmd_args, i, pair) if (!strcmp(json_string_value(json_array_get(pair, 0)) ?: "", key)) return
		json_string_value(json_array_get(pair, 1));
	return NULL;
}

static void python_config(struct ctx *c, int k)
{
	size_t i;
	json_t *a;
	json_array_foreach(json_object_get(mg_py(c, k), "assigns"), i, a)
	{
		const char *name = json_string_value(json_object_get(a, "name"));
		if (name && !strchr(name, '.'))
			mg_hp_set_at(c, name, json_object_get(a, "value"), HP_CONFIG, c->files[k].rel,
				     json_integer_value(json_object_get(a, "line")));
	}
}

static void list_config(struct ctx *c, int k)
{
	const char *key;
	json_t *a;
	const char *rel = c->files[k].rel;
	json_object_foreach(mg_cfg_keys(c, k), key, a)
	{
		char *name = xstrdup(key);
		for (char *p = name; *p; p++)
			if (*p == '-')
				*p = '_'; /* NeoX accepts num-layers and num_layers */
		json_int_t line = json_integer_value(json_array_get(a, 1));
		json_t *v = json_array_get(a, 0);
		mg_hp_set_at(c, name, v, HP_CONFIG, rel, line);
		if (!strcmp(name, "zero_optimization.stage") && json_is_integer(v))
			mg_evid_at(&c->strategy, mg_zero_name(json_integer_value(v)), 90, rel, line);
		else if ((!strcmp(name, "fp16.enabled") || !strcmp(name, "bf16.enabled")) && json_is_true(v))
			mg_evid_at(&c->precision, name[0] == 'f' ? "fp16" : "bf16", 60, rel, line);
		free(name);
	}
}

void mg_program_configs(struct ctx *c)
{
	const char *dir = cmd_value(c, "d");
	if (!dir)
		dir = cmd_value(c, "conf_dir");
	size_t i;
	json_t *w;
	json_array_foreach(c->extra_pos, i, w)
	{
		const char *s = json_string_value(w);
		if (!s || strchr(s, '='))
			continue;
		int k = mg_resolve_path(c, s);
		if (k < 0 && dir) {
			struct strbuf p = STRBUF_INIT;
			strbuf_addf(&p, "%s/%s", dir, s);
			k = mg_resolve_path(c, p.buf);
			strbuf_release(&p);
		}
		if (k < 0 || k == c->entry)
			continue;
		if (c->files[k].kind == FK_PYTHON)
			python_config(c, k);
		else if (c->files[k].kind == FK_CONFIG)
			list_config(c, k);
		else
			continue;
		json_array_append_new(c->other_configs, json_string(c->files[k].rel));
	}
}
