/* progcfg.c - configuration files the program reads itself because the command line names them as
 * positional words: Python files executed over the script's globals (nanoGPT's
 * `train.py config/train_gpt2.py`), and YAML/JSON lists merged in order, later files winning
 * (GPT-NeoX's `deepy.py train.py 125M.yml local_setup.yml`, also with `-d DIR`). */
#include "mctx.h"

#include "configs.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
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

/* The files a config inherits from, relative to its folder: MMEngine's `_base_ = [...]` (Python),
 * detectron2's `_BASE_: "../Base.yaml"` (YAML). */
static void base_files(struct ctx *c, int k, json_t *v, int *out, size_t *n, size_t max)
{
	if (json_is_string(v)) {
		char *d = mg_dir_of(c->files[k].rel);
		char *p = mg_join_norm(d, json_string_value(v));
		int f = p ? mg_find_file(c, p) : -1;
		if (f < 0) /* gin's include paths are from the root (its search path) */
			f = mg_find_file(c, json_string_value(v));
		if (f >= 0 && f != k && *n < max)
			out[(*n)++] = f;
		free(p);
		free(d);
	} else if (json_is_array(v)) {
		size_t i;
		json_t *e;
		json_array_foreach(v, i, e) base_files(c, k, e, out, n, max);
	}
}

/* A Python config executed over the script's globals (nanoGPT) or read by a config system
 * (MMEngine `Config.fromfile`): its `_base_` files first, then its own assignments, dicts as
 * dotted keys, later ones winning. */
/* The file of a relative import in a config ("..\_base_.models.x" from configs/y/z.py), or -1. */
static int relative_module(struct ctx *c, int k, const char *mod)
{
	char *dir = mg_dir_of(c->files[k].rel);
	const char *m = mod + 1;
	while (*m == '.') {
		char *up = mg_dir_of(dir);
		free(dir);
		dir = up;
		m++;
	}
	struct strbuf p = STRBUF_INIT;
	if (*dir)
		strbuf_addf(&p, "%s/", dir);
	for (; *m; m++)
		strbuf_addch(&p, *m == '.' ? '/' : *m);
	strbuf_adds(&p, ".py");
	int f = mg_find_file(c, p.buf);
	strbuf_release(&p);
	free(dir);
	return f;
}

/* The settings of file f rooted at name (name, name.x), set as local(.x). */
static void imported_settings(struct ctx *c, int f, const char *name, const char *local)
{
	size_t i, n = strlen(name);
	json_t *a;
	json_array_foreach(json_object_get(mg_py(c, f), "assigns"), i, a)
	{
		const char *an = json_string_value(json_object_get(a, "name"));
		if (!an || strncmp(an, name, n) || (an[n] && an[n] != '.'))
			continue;
		struct strbuf key = STRBUF_INIT;
		strbuf_addf(&key, "%s%s", local, an + n);
		mg_hp_set_at(c, key.buf, json_object_get(a, "value"), HP_CONFIG, c->files[f].rel,
			     json_integer_value(json_object_get(a, "line")));
		strbuf_release(&key);
	}
}

static void python_config(struct ctx *c, int k, int depth)
{
	size_t i;
	json_t *a;
	/* MMEngine's pure-Python configs: `with read_base(): from .._base_.x import *` inherit like
	 * _base_ (the relative imports of a file that imports read_base) */
	bool read_base = false;
	json_array_foreach(json_object_get(mg_py(c, k), "imports"), i, a)
	{
		const char *mod = json_string_value(json_array_get(a, 0));
		if (mod && mg_ends_with(mod, "read_base"))
			read_base = true;
	}
	if (read_base && depth <= 8)
		json_array_foreach(json_object_get(mg_py(c, k), "imports"), i, a)
		{
			const char *mod = json_string_value(json_array_get(a, 0));
			int f = mod && mod[0] == '.' ? relative_module(c, k, mod) : -1;
			if (f >= 0 && f != k && c->files[f].kind == FK_PYTHON)
				python_config(c, f, depth + 1);
		}
	/* ml_collections: get_config() starting from another module's function (config =
	 * get_default_configs(), imported from configs.default_cifar10_configs): that file's settings first */
	if (depth <= 8) {
		size_t b;
		json_t *bn;
		json_array_foreach(json_object_get(mg_py(c, k), "config_bases"), b, bn)
		{
			/* get_default_configs (imported: the module is its alias's less the function) or
			 * common.get_config (the module is the alias of common) */
			const char *bname = json_string_value(bn), *bdot = bname ? strchr(bname, '.') : NULL;
			char *first = bname ? xstrndup(bname, bdot ? (size_t)(bdot - bname) : strlen(bname)) : NULL;
			const char *full =
				first ? json_string_value(json_object_get(json_object_get(mg_py(c, k), "aliases"), first)) : NULL;
			free(first);
			const char *dot = full ? (bdot ? full + strlen(full) : strrchr(full, '.')) : NULL;
			if (!dot || full[0] == '.' || (bdot && strchr(bdot + 1, '.')))
				continue;
			struct strbuf mp = STRBUF_INIT;
			for (const char *q = full; q < dot; q++)
				strbuf_addch(&mp, *q == '.' ? '/' : *q);
			strbuf_adds(&mp, ".py");
			int f = mg_find_file(c, mp.buf);
			strbuf_release(&mp);
			if (f >= 0 && f != k && c->files[f].kind == FK_PYTHON) {
				python_config(c, f, depth + 1);
				json_array_append_new(c->other_configs, json_string(c->files[f].rel));
			}
		}
	}
	/* detectron2's lazy configs: `from ..common.train import train`, `from ..common.optim import SGD as
	 * optimizer`: the imported settings first, under the name the file gives them */
	if (!read_base && depth <= 8) {
		const char *local;
		json_t *full;
		json_object_foreach(json_object_get(mg_py(c, k), "aliases"), local, full)
		{
			const char *fs = json_string_value(full), *dot = fs ? strrchr(fs, '.') : NULL;
			if (!fs || fs[0] != '.' || !dot || dot == fs || dot[-1] == '.')
				continue;
			char *mod = xstrndup(fs, (size_t)(dot - fs));
			int f = relative_module(c, k, mod);
			free(mod);
			if (f >= 0 && f != k && c->files[f].kind == FK_PYTHON)
				imported_settings(c, f, dot + 1, local);
		}
	}
	json_array_foreach(json_object_get(mg_py(c, k), "assigns"), i, a)
	{
		const char *name = json_string_value(json_object_get(a, "name"));
		if (!name || strcmp(name, "_base_") || depth > 8)
			continue;
		int bases[16];
		size_t nb = 0;
		base_files(c, k, json_object_get(a, "value"), bases, &nb, 16);
		for (size_t b = 0; b < nb; b++)
			if (c->files[bases[b]].kind == FK_PYTHON)
				python_config(c, bases[b], depth + 1);
	}
	json_array_foreach(json_object_get(mg_py(c, k), "assigns"), i, a)
	{
		const char *name = json_string_value(json_object_get(a, "name"));
		if (name && strcmp(name, "_base_") && (!strchr(name, '.') || islower((unsigned char)name[0])))
			mg_hp_set_at(c, name, json_object_get(a, "value"), HP_CONFIG, c->files[k].rel,
				     json_integer_value(json_object_get(a, "line")));
	}
}

void mg_config_bases(struct ctx *c, int k, int depth)
{
	json_t *v = mg_cfg_get(c, k, "_BASE_", NULL);
	if (!v)
		v = mg_cfg_get(c, k, "_base_", NULL);
	if (!v) /* OCP/fairchem: `includes: [configs/s2ef/2M/base.yml]`, read first, the file wins */
		v = mg_cfg_get(c, k, "includes", NULL);
	if (!v) /* Amphion's JSON: "base_config": "config/vits.json" (from the root), parents merged key by key */
		v = mg_cfg_get(c, k, "base_config", NULL);
	if (!v) /* argbind's YAML: `$include: [conf/base.yml, ...]` (from the root), read first, the file wins */
		v = mg_cfg_get(c, k, "$include", NULL);
	if (!v || depth > 8)
		return;
	int bases[16];
	size_t nb = 0;
	base_files(c, k, v, bases, &nb, 16);
	for (size_t b = 0; b < nb; b++)
		if (c->files[bases[b]].kind == FK_CONFIG) {
			mg_config_bases(c, bases[b], depth + 1);
			const char *key;
			json_t *a;
			json_object_foreach(mg_cfg_keys(c, bases[b]), key, a)
			{
				if (strcmp(key, "_BASE_") && strcmp(key, "_base_") && strcmp(key, "includes") &&
				    strcmp(key, "base_config") && strcmp(key, "$include"))
					mg_hp_set_at(c, key, json_array_get(a, 0), HP_CONFIG, c->files[bases[b]].rel,
						     json_integer_value(json_array_get(a, 1)));
			}
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
		if (!strcmp(name, "zero_optimization.stage") && json_is_integer(v)) {
			mg_evid_at(&c->strategy, mg_zero_name(json_integer_value(v)), 90, rel, line);
			mg_evid_at(&c->fw, "deepspeed", 70, rel, line); /* GPT-NeoX: DeepSpeed settings in its YAML */
		}
		else if ((!strcmp(name, "fp16.enabled") || !strcmp(name, "bf16.enabled")) && json_is_true(v))
			mg_evid_at(&c->precision, name[0] == 'f' ? "fp16" : "bf16", 60, rel, line);
		free(name);
	}
}

/* The one Python file named NAME.py in the tree that is not a script (no __main__ block); -1 when
 * none or several. */
static int config_by_name(struct ctx *c, const char *name)
{
	int found = -1;
	size_t nl = strlen(name);
	for (size_t i = 0; i < c->n; i++) {
		const char *rel = c->files[i].rel, *b = strrchr(rel, '/');
		b = b ? b + 1 : rel;
		if (c->files[i].kind != FK_PYTHON || strncmp(b, name, nl) || strcmp(b + nl, ".py") ||
		    json_object_get(mg_py(c, (int)i), "main"))
			continue;
		if (found >= 0)
			return -1;
		found = (int)i;
	}
	return found;
}

/* A package config named after an option in a folder named as the option (RecBole: properties/model/NeuMF.yaml
 * for --model NeuMF, properties/dataset/ml-100k.yaml for --dataset ml-100k): its keys are settings, over
 * the defaults file beside that folder (properties/overall.yaml), read once */
static void package_option_config(struct ctx *c, int f)
{
	const char *key;
	json_t *kv;
	json_object_foreach(mg_cfg_keys(c, f), key, kv)
	mg_hp_set_at(c, key, json_array_get(kv, 0), HP_CONFIG, c->files[f].rel, json_integer_value(json_array_get(kv, 1)));
	json_array_append_new(c->other_configs, json_string(c->files[f].rel));
	char *dir = mg_dir_of(c->files[f].rel), *parent = mg_dir_of(dir);
	static const char *const defaults[] = {"overall.yaml", "default.yaml", "defaults.yaml", NULL};
	for (int d = 0; defaults[d]; d++) {
		char *p = mg_join_norm(parent, defaults[d]);
		int k = p ? mg_find_file(c, p) : -1;
		free(p);
		if (k < 0 || c->files[k].kind != FK_CONFIG)
			continue;
		bool seen = false;
		size_t q;
		json_t *o;
		json_array_foreach(c->other_configs, q, o) seen = seen || !strcmp(json_string_value(o), c->files[k].rel);
		if (seen)
			break;
		json_object_foreach(mg_cfg_keys(c, k), key, kv)
		mg_hp_set_at(c, key, json_array_get(kv, 0), HP_DEFAULT + 2, c->files[k].rel, json_integer_value(json_array_get(kv, 1)));
		json_array_append_new(c->other_configs, json_string(c->files[k].rel));
		break;
	}
	free(parent);
	free(dir);
}

/* --config.total_epochs=10 beside --config x.py (ml_collections config_flags): settings of the file
 * that option named, given on the command line */
static void option_overrides(struct ctx *c, const char *dest)
{
	size_t n = strlen(dest), i;
	json_t *pair;
	json_array_foreach(c->cmd_args, i, pair)
	{
		const char *d = json_string_value(json_array_get(pair, 0));
		json_t *v = json_array_get(pair, 1);
		if (d && !strncmp(d, dest, n) && d[n] == '.' && d[n + 1] && v && !json_is_array(v))
			mg_hp_set(c, d + n + 1, v, HP_CMD, mg_cmd_src(c, d));
	}
}

/* The entry imports prefigure (from prefigure.prefigure import get_all_args). */
static bool uses_prefigure(struct ctx *c)
{
	const char *local;
	json_t *q;
	json_object_foreach(json_object_get(mg_py(c, c->entry), "aliases"), local, q)
	{
		const char *full = json_string_value(q);
		if (full && !strncmp(full, "prefigure", 9) && (!full[9] || full[9] == '.'))
			return true;
	}
	return false;
}

/* prefigure's get_all_args: the options and their defaults are the keys of defaults.ini in the
 * directory the program runs from ([DEFAULTS] section); the command line (--batch-size, dashes for
 * underscores) wins (Stability-AI/stable-audio-tools). Read before the calls, so that the branches
 * they sit in (`if args.strategy == "deepspeed":`) see its values. */
static void prefigure_defaults(struct ctx *c)
{
	if (c->entry < 0 || !uses_prefigure(c))
		return;
	char *d = mg_dir_of(c->files[c->entry].rel);
	struct strbuf p = STRBUF_INIT;
	strbuf_addf(&p, "%s%sdefaults.ini", d, *d ? "/" : "");
	int k = mg_find_file(c, p.buf);
	if (k < 0)
		k = mg_find_file(c, "defaults.ini");
	if (k >= 0 && c->files[k].kind == FK_CONFIG) {
		mg_add_config_keys_at(c, k, "", HP_DEFAULT);
		json_array_append_new(c->other_configs, json_string(c->files[k].rel));
	}
	strbuf_release(&p);
	free(d);
}

/* Whether config k has a key under section name ("name.x") */
static bool has_section(const struct ctx *c, int k, const char *name, size_t nl)
{
	const char *key;
	json_t *a;
	json_object_foreach(mg_cfg_keys(c, k), key, a) if (!strncmp(key, name, nl) && key[nl] == '.') return true;
	return false;
}

/* The section names an option's value gives: its words, a word "a,b" split at commas (at most 16) */
static size_t section_names(json_t *v, const char **nm, size_t *nl, size_t max)
{
	size_t n = 0, i;
	json_t *w;
	json_t *tmp = json_is_string(v) ? json_pack("[O]", v) : json_incref(v);
	json_array_foreach(tmp, i, w)
	{
		const char *s = json_string_value(w);
		while (s && *s && n < max) {
			const char *comma = strchr(s, ',');
			size_t l = comma ? (size_t)(comma - s) : strlen(s);
			if (l) {
				nm[n] = s;
				nl[n++] = l;
			}
			s = comma ? comma + 1 : NULL;
		}
	}
	json_decref(tmp);
	return n;
}

/* Open-Assistant's `trainer_sft.py --configs defaults oasst_export_eu pythia-12b`: the words of one option are
 * top-level sections of one YAML in the tree; the program merges them in the order given (later sections win)
 * and their keys are its settings (below the command line's own options). Names are strings that the
 * `json_string_value` of the words keep alive (c->cmd_args owns them). */
static void named_sections(struct ctx *c)
{
	size_t i;
	json_t *pair;
	json_array_foreach(c->cmd_args, i, pair)
	{
		json_t *v = json_array_get(pair, 1);
		if (!json_is_array(v) || json_array_size(v) < 2)
			continue;
		const char *nm[16];
		size_t nl[16];
		size_t n = section_names(v, nm, nl, 16);
		if (n < 2)
			continue;
		for (size_t k = 0; k < c->n; k++) {
			if (c->files[k].kind != FK_CONFIG || config_format_of(c->files[k].rel) != CF_YAML)
				continue;
			bool all = true;
			for (size_t q = 0; q < n && all; q++)
				all = has_section(c, (int)k, nm[q], nl[q]);
			if (!all)
				continue;
			for (size_t q = 0; q < n; q++) {
				const char *key;
				json_t *a;
				json_object_foreach(mg_cfg_keys(c, (int)k), key, a)
				{
					if (strncmp(key, nm[q], nl[q]) || key[nl[q]] != '.')
						continue;
					mg_hp_set_at(c, key + nl[q] + 1, json_array_get(a, 0), HP_CONFIG, c->files[k].rel,
						     json_integer_value(json_array_get(a, 1)));
				}
			}
			json_array_append_new(c->other_configs, json_string(c->files[k].rel));
			return;
		}
	}
}

void mg_program_configs(struct ctx *c)
{
	prefigure_defaults(c);
	named_sections(c);
	const char *dir = cmd_value(c, "d");
	if (!dir)
		dir = cmd_value(c, "conf_dir");
	size_t i;
	json_t *w;
	json_array_foreach(c->extra_pos, i, w)
	{
		const char *s = json_string_value(w);
		/* config=FILE among a.b=v words (lingua: OmegaConf.from_cli(), then OmegaConf.load of its
		 * config): the file is the program's config, the other words override it */
		static const char *const cfg_words[] = {"config=", "cfg=", "config_file=", "config_path=", NULL};
		bool cfg_word = false;
		for (int q = 0; s && cfg_words[q] && !cfg_word; q++)
			if (!strncmp(s, cfg_words[q], strlen(cfg_words[q]))) {
				s = strchr(s, '=') + 1;
				cfg_word = true;
			}
		if (!s || (!cfg_word && strchr(s, '=')))
			continue;
		/* pydantic_config's `train.py @configs/150M/H100.toml` (PrimeIntellect prime): the file
		 * after '@' is the program's config */
		if (s[0] == '@' && s[1] && config_format_of(s + 1) >= 0)
			s++;
		int k = mg_resolve_path(c, s);
		if (cfg_word && (k < 0 || c->files[k].kind != FK_CONFIG))
			continue;
		if (k < 0 && dir) {
			struct strbuf p = STRBUF_INIT;
			strbuf_addf(&p, "%s/%s", dir, s);
			k = mg_resolve_path(c, p.buf);
			strbuf_release(&p);
		}
		if (k < 0 || k == c->entry)
			continue;
		if (c->files[k].kind == FK_PYTHON)
			python_config(c, k, 0);
		else if (c->files[k].kind == FK_CONFIG)
			list_config(c, k);
		else
			continue;
		json_array_append_new(c->other_configs, json_string(c->files[k].rel));
	}
	/* a YAML named after one option's value whose top-level section is named by another's: the RL
	 * Zoo's hyperparams/ppo.yml for --algo ppo, its CartPole-v1: section for --env CartPole-v1
	 * (ExperimentManager reads hyperparams/{algo}.yml and takes hyperparams_dict[env_id]) */
	for (size_t f = 0; f < c->n; f++) {
		if (c->files[f].kind != FK_CONFIG || config_format_of(c->files[f].rel) != CF_YAML)
			continue;
		const char *base = strrchr(c->files[f].rel, '/');
		base = base ? base + 1 : c->files[f].rel;
		const char *dot = strrchr(base, '.');
		size_t bl = dot ? (size_t)(dot - base) : strlen(base);
		json_t *p1, *p2;
		size_t a1, a2;
		bool named = false, in_dest_dir = false;
		json_array_foreach(c->cmd_args, a1, p1)
		{
			const char *v1 = json_string_value(json_array_get(p1, 1));
			const char *d1 = json_string_value(json_array_get(p1, 0));
			bool match = v1 && strlen(v1) == bl && !strncmp(v1, base, bl);
			named = named || match;
			/* RecBole's properties/model/NeuMF.yaml for --model NeuMF: a folder named as the option */
			size_t dl = d1 ? strlen(d1) : 0;
			const char *rel = c->files[f].rel;
			if (match && dl && (size_t)(base - rel) > dl && base[-1] == '/' && !strncmp(base - 1 - dl, d1, dl) &&
			    (base - 1 - dl == rel || base[-2 - (long)dl] == '/'))
				in_dest_dir = true;
		}
		if (!named)
			continue;
		if (in_dest_dir) {
			package_option_config(c, (int)f);
			continue;
		}
		json_array_foreach(c->cmd_args, a2, p2)
		{
			const char *sec = json_string_value(json_array_get(p2, 1));
			size_t sl = sec ? strlen(sec) : 0;
			if (!sl || (sl == bl && !strncmp(sec, base, bl)) || strchr(sec, '/'))
				continue;
			const char *key;
			json_t *kv;
			bool found = false;
			json_object_foreach(mg_cfg_keys(c, (int)f), key, kv)
			{
				if (strncmp(key, sec, sl) || key[sl] != '.' || !key[sl + 1])
					continue;
				found = true;
				mg_hp_set_at(c, key + sl + 1, json_array_get(kv, 0), HP_CONFIG, c->files[f].rel,
					     json_integer_value(json_array_get(kv, 1)));
			}
			if (found) {
				struct strbuf n = STRBUF_INIT;
				strbuf_addf(&n, "%s: the section '%s' of the file named by the option value '%.*s' is read as the "
						"settings",
					    c->files[f].rel, sec, (int)bl, base);
				json_array_append_new(c->notes, json_string(n.buf));
				strbuf_release(&n);
				json_array_append_new(c->other_configs, json_string(c->files[f].rel));
				break;
			}
		}
	}
	/* the config files a launcher's nargs='+' positional takes (GPT-NeoX's deepy.py conf_file, read
	 * under -d DIR when given), merged in order */
	json_t *cpair;
	json_array_foreach(c->cmd_args, i, cpair)
	{
		const char *dest = json_string_value(json_array_get(cpair, 0));
		json_t *vals = json_array_get(cpair, 1);
		if (!dest || !json_is_array(vals) || (strcmp(dest, "conf_file") && strcmp(dest, "conf_files") &&
						      strcmp(dest, "config_files") && strcmp(dest, "configs")))
			continue;
		size_t j;
		json_t *vv;
		json_array_foreach(vals, j, vv)
		{
			const char *s = json_string_value(vv);
			if (!s || config_format_of(s) < 0)
				continue;
			int k = mg_resolve_path(c, s);
			if (k < 0 && dir) {
				struct strbuf p = STRBUF_INIT;
				strbuf_addf(&p, "%s/%s", dir, s);
				k = mg_resolve_path(c, p.buf);
				strbuf_release(&p);
			}
			if (k < 0 || c->files[k].kind != FK_CONFIG)
				continue;
			list_config(c, k);
			json_array_append_new(c->other_configs, json_string(c->files[k].rel));
		}
	}
	/* a Python config named by an option or an argparse positional (`tools/train.py CONFIG.py`,
	 * `--config x.py`): a file that is not a module the program imports and runs nothing; a
	 * config positional given as a bare name (`xtuner train internlm2_chat_7b_qlora_oasst1_e3`):
	 * the one Python config file of that name in the tree */
	json_t *pair;
	json_array_foreach(c->cmd_args, i, pair)
	{
		const char *s = json_string_value(json_array_get(pair, 1));
		const char *dest = json_string_value(json_array_get(pair, 0));
		int k = -1;
		/* ml_collections config_flags: --config path/x.py:arg (the argument goes to get_config) */
		const char *colon = s ? strstr(s, ".py:") : NULL;
		char *path = colon ? xstrndup(s, (size_t)(colon + 3 - s)) : NULL;
		if (path)
			s = path;
		if (s && dest && (!strcmp(dest, "config") || !strcmp(dest, "cfg") || !strcmp(dest, "config_name")) &&
		    !strchr(s, '/') && !strchr(s, '.') && *s)
			k = config_by_name(c, s);
		else if (!s || !mg_ends_with(s, ".py")) {
			free(path);
			continue;
		}
		if (k < 0)
			k = mg_resolve_path(c, s);
		free(path);
		if (k < 0 || k == c->entry || c->in_scope[k] || c->files[k].kind != FK_PYTHON ||
		    json_object_get(mg_py(c, k), "main"))
			continue;
		python_config(c, k, 0);
		json_array_append_new(c->other_configs, json_string(c->files[k].rel));
		if (dest)
			option_overrides(c, dest);
	}
}

/* "a.b.c" of a dotlist word: letters, digits, '_' and '.', starting with a letter or '_'. */
static bool dotted_key(const char *k, size_t n)
{
	if (!n || !(isalpha((unsigned char)k[0]) || k[0] == '_'))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)k[i]) && k[i] != '_' && k[i] != '.')
			return false;
	return true;
}

static void set_dotlist_word(struct ctx *c, const char *w, const char *src)
{
	const char *eq = strchr(w, '=');
	if (!eq || !dotted_key(w, (size_t)(eq - w)))
		return;
	char *key = xstrndup(w, (size_t)(eq - w));
	json_t *v = typed_arg(eq + 1);
	mg_hp_set(c, key, v, HP_CMD, src);
	json_decref(v);
	free(key);
}

/* ${a.b} in string hyperparameters (OmegaConf interpolation): the value of a.b, typed when the
 * string is only the reference. Three rounds, for chains. */
static json_t *hp_get(void *arg, const char *ref)
{
	return json_object_get(((struct ctx *)arg)->hp, ref);
}

static void interpolate_hp(struct ctx *c)
{
	for (int round = 0; round < 3; round++) {
		const char *k;
		json_t *v;
		void *tmp;
		json_object_foreach_safe(c->hp, tmp, k, v)
		{
			const char *s = json_string_value(v);
			if (!s || !strstr(s, "${"))
				continue;
			bool missing;
			json_t *nv = mg_interpolate_at(s, k, hp_get, c, &missing);
			/* a typed whole value always; a string only once every reference resolved */
			if (nv && (!json_is_string(nv) || !missing))
				json_object_set(c->hp, k, nv);
			json_decref(nv);
		}
	}
}

/* a=PATH words naming a file of the tree (LLaMA-Factory's `x.yaml deepspeed=ds_z2.json`): set
 * before the configs are read, so that the file the command names is the one read, not the one
 * the YAML named; the other words wait for mg_cmd_overrides */
void mg_cmd_path_words(struct ctx *c, bool hydra)
{
	size_t i;
	json_t *w;
	if (hydra)
		return;
	json_array_foreach(c->extra_pos, i, w)
	{
		const char *s = json_string_value(w), *eq = s ? strchr(s, '=') : NULL;
		if (!eq || s[0] == '+' || s[0] == '~' || !dotted_key(s, (size_t)(eq - s)) || config_format_of(eq + 1) < 0 ||
		    mg_resolve_path(c, eq + 1) < 0)
			continue;
		static const char *const cfg_words[] = {"config=", "cfg=", "config_file=", "config_path=", NULL};
		bool cfg_word = false;
		for (int q = 0; cfg_words[q] && !cfg_word; q++)
			cfg_word = !strncmp(s, cfg_words[q], strlen(cfg_words[q]));
		if (!cfg_word)
			set_dotlist_word(c, s, "--cmd");
	}
}

/* "Class.field = value" of a gin binding given on the command line: the setting Class.field */
static void gin_binding_word(struct ctx *c, const char *w, const char *src)
{
	const char *eq = w ? strchr(w, '=') : NULL;
	if (!eq)
		return;
	const char *a = w, *b = eq;
	while (a < b && isspace((unsigned char)*a))
		a++;
	while (b > a && isspace((unsigned char)b[-1]))
		b--;
	const char *va = eq + 1, *vb = w + strlen(w);
	while (va < vb && isspace((unsigned char)*va))
		va++;
	while (vb > va && isspace((unsigned char)vb[-1]))
		vb--;
	if (a == b || !dotted_key(a, (size_t)(b - a)))
		return;
	json_t *v = config_gin_value(va, vb);
	if (!v)
		return;
	char *k = xstrndup(a, (size_t)(b - a));
	mg_hp_set(c, k, v, HP_CMD, src);
	free(k);
	json_decref(v);
}

void mg_cmd_overrides(struct ctx *c, bool hydra)
{
	size_t i;
	json_t *pair;
	json_array_foreach(c->cmd_args, i, pair)
	{
		const char *dest = json_string_value(json_array_get(pair, 0));
		json_t *v = json_array_get(pair, 1);
		size_t n = json_array_size(v);
		/* gin bindings on the command line: --gin.TRAIN_STEPS=20000, --gin.MODEL_DIR=\"/x\" (t5x) */
		if (dest && !strncmp(dest, "gin.", 4) && dest[4] && v && !json_is_array(v)) {
			const char *sv = json_string_value(v);
			size_t sl = sv ? strlen(sv) : 0;
			json_t *gv = sl >= 2 && (sv[0] == '"' || sv[0] == '\'') && sv[sl - 1] == sv[0]
					     ? json_stringn(sv + 1, sl - 2)
					     : json_incref(v);
			mg_hp_set(c, dest + 4, gv, HP_CMD, mg_cmd_src(c, dest));
			json_decref(gv);
			continue;
		}
		/* gin bindings as absl flags' strings: --gin_bindings="Config.batch_size = 8192" (repeated),
		 * --gin_param 'A.b = 1' (multinerf, ddsp) */
		if (dest && (!strcmp(dest, "gin_bindings") || !strcmp(dest, "gin_param") || !strcmp(dest, "gin_params")) &&
		    v) {
			for (size_t k = 0; k < (json_is_array(v) ? n : 1); k++)
				gin_binding_word(c, json_string_value(json_is_array(v) ? json_array_get(v, k) : v),
						 mg_cmd_src(c, dest));
			continue;
		}
		if (!dest || !n)
			continue;
		const char *src = mg_cmd_src(c, dest);
		/* --cfg-options a.b=1 c=2 (MMEngine DictAction), --opts a.b=1 */
		bool all_kv = true;
		for (size_t k = 0; k < n && all_kv; k++) {
			const char *s = json_string_value(json_array_get(v, k));
			all_kv = s && strchr(s, '=') && dotted_key(s, (size_t)(strchr(s, '=') - s));
		}
		if (all_kv) {
			for (size_t k = 0; k < n; k++)
				set_dotlist_word(c, json_string_value(json_array_get(v, k)), src);
			continue;
		}
		/* trailing KEY VALUE pairs (yacs merge_from_list: SOLVER.BASE_LR 0.02); a key without a dot
		 * counts when the config already has it (SlowFast's NUM_GPUS 2, pycls's OUT_DIR /tmp) */
		bool pairs = n % 2 == 0;
		for (size_t k = 0; k < n && pairs; k += 2) {
			const char *s = json_string_value(json_array_get(v, k));
			pairs = s && dotted_key(s, strlen(s)) && (strchr(s, '.') || mg_hp_src(c, s));
		}
		if (pairs)
			for (size_t k = 0; k < n; k += 2)
				mg_hp_set(c, json_string_value(json_array_get(v, k)), json_array_get(v, k + 1), HP_CMD, src);
	}
	/* a.b=v words the program merges over its config (OmegaConf.from_cli, torchtune, yolo); a Hydra
	 * app reads them itself */
	json_t *w;
	if (!hydra)
		json_array_foreach(c->extra_pos, i, w)
		{
			const char *s = json_string_value(w);
			if (s && s[0] != '+' && s[0] != '~')
				set_dotlist_word(c, s, "--cmd");
		}
	/* trailing KEY VALUE words that no parser in the tree claims, each KEY a dotted setting of the
	 * config read (GraphGPS: main.py --cfg X.yaml wandb.use False, the parser and its opts REMAINDER
	 * being torch_geometric.graphgym's, yacs' merge_from_list) */
	size_t ne = json_array_size(c->extra_pos);
	bool kv = !hydra && ne >= 2 && ne % 2 == 0;
	for (size_t k = 0; k < ne && kv; k += 2) {
		const char *s = json_string_value(json_array_get(c->extra_pos, k));
		const char *hs = s ? mg_hp_src(c, s) : NULL;
		kv = s && !strchr(s, '=') && strchr(s, '.') && dotted_key(s, strlen(s)) && hs && strcmp(hs, "--cmd");
	}
	for (size_t k = 0; kv && k < ne; k += 2) {
		json_t *tv = typed_arg(json_string_value(json_array_get(c->extra_pos, k + 1)) ?: "");
		mg_hp_set(c, json_string_value(json_array_get(c->extra_pos, k)), tv, HP_CMD, "--cmd");
		json_decref(tv);
	}
	interpolate_hp(c);
}

/* Options the program copies into its config object (Swin-Transformer's update_config: `if
 * _check_args('batch_size'): config.DATA.BATCH_SIZE = args.batch_size`, `config.TRAIN.USE_CHECKPOINT =
 * True` under `if args.use_checkpoint:`): an option the command gives (and not false or empty) sets
 * the config's key, which must already be one of the config's settings; the object's name is
 * dropped as module-level yacs settings drop `_C.` (a short name, cfg or config). */
void mg_arg_maps(struct ctx *c)
{
	if (!c->have_cmd)
		return;
	for (size_t i = 0; i < c->n; i++) {
		if (!c->in_scope[i] || c->files[i].kind != FK_PYTHON)
			continue;
		size_t k;
		json_t *m;
		json_array_foreach(json_object_get(mg_py(c, (int)i), "argmaps"), k, m)
		{
			const char *key = json_string_value(json_object_get(m, "key"));
			const char *dest = json_string_value(json_object_get(m, "dest"));
			const char *dot = key ? strchr(key, '.') : NULL;
			if (!dot || !dest)
				continue;
			size_t letters = 0;
			for (const char *p = key; p < dot; p++)
				letters += *p != '_';
			bool cfg_obj = (letters <= 3 && letters > 0) || !strncmp(key, "cfg.", 4) || !strncmp(key, "config.", 7);
			const char *name = dot + 1;
			if (!cfg_obj || !mg_hp_src(c, name))
				continue;
			json_t *v = NULL;
			size_t p;
			json_t *pair;
			json_array_foreach(c->cmd_args, p, pair) if (!strcmp(json_string_value(json_array_get(pair, 0)) ?: "", dest))
				v = json_array_get(pair, 1);
			if (!v || json_is_false(v) || json_is_null(v) || (json_is_integer(v) && !json_integer_value(v)) ||
			    (json_is_string(v) && !*json_string_value(v)))
				continue;
			json_t *lit = json_object_get(m, "value");
			mg_hp_set(c, name, lit ? lit : v, HP_CMD, mg_cmd_src(c, dest));
		}
	}
}
