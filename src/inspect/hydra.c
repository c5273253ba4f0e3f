/* hydra.c - Hydra's composition for an entry decorated with @hydra.main: the primary config
 * (config_path/config_name, or -cn/--config-name, -cp/--config-path, -cd/--config-dir), its defaults
 * list in order (groups, `_self_`, nested defaults of group options, `# @package` headers,
 * `override /group: option` from selected configs), then the command-line overrides in Hydra's
 * order: group=option choices first, then key=value, +key=value, ++key=value and ~key, and ${a.b}
 * interpolations. Every value keeps the file:line it came from ("--cmd" for overrides).
 * Learned from https://hydra.cc/docs/advanced/defaults_list/ and .../override_grammar/basic/. */
#include "mctx.h"

#include "cmdline.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <stdlib.h>
#include <string.h>

struct hy {
	struct ctx *c;
	json_t *dirs;	     /* search directories (rel), first wins */
	json_t *choices;     /* group -> option (null = none), from the command line */
	json_t *dl_choices;  /* group -> option, from `override` entries of selected configs */
	json_t *composed;    /* key -> [value, src] */
	int depth;
};

static char *str_join(const char *a, const char *b)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, "%s%s%s", a, *a && *b ? "/" : "", b);
	return strbuf_detach(&sb);
}

/* The config file of group/option in the search directories, or -1. */
static int find_cfg(struct hy *h, const char *group, const char *option)
{
	size_t i;
	json_t *d;
	json_array_foreach(h->dirs, i, d)
	{
		char *g = str_join(json_string_value(d), group);
		for (int e = 0; e < 3; e++) {
			static const char *const ext[] = {"", ".yaml", ".yml"};
			struct strbuf p = STRBUF_INIT;
			strbuf_addf(&p, "%s%s%s%s", g, *g ? "/" : "", option, ext[e]);
			char *norm = mg_join_norm("", p.buf);
			int k = norm ? mg_find_file(h->c, norm) : -1;
			free(norm);
			strbuf_release(&p);
			if (k >= 0 && h->c->files[k].kind == FK_CONFIG) {
				free(g);
				return k;
			}
		}
		free(g);
	}
	return -1;
}

/* Whether name is a config group (a directory with configs) in a search directory. */
static bool is_group(struct hy *h, const char *name)
{
	size_t i;
	json_t *d;
	json_array_foreach(h->dirs, i, d)
	{
		char *g = str_join(json_string_value(d), name);
		char *norm = mg_join_norm("", g);
		free(g);
		if (!norm)
			continue;
		size_t n = strlen(norm);
		for (size_t f = 0; f < h->c->n; f++)
			if (!strncmp(h->c->files[f].rel, norm, n) && h->c->files[f].rel[n] == '/' &&
			    h->c->files[f].kind == FK_CONFIG) {
				free(norm);
				return true;
			}
		free(norm);
	}
	return false;
}

/* The defaults list of config k: [[kind, group, option, line], ...] with kind "self", "item",
 * "override"; option null for `group: null`. */
static json_t *defaults_of(struct hy *h, int k)
{
	json_t *out = json_array();
	json_int_t aline = 0;
	json_t *arr = mg_cfg_get(h->c, k, "defaults", &aline);
	if (json_is_array(arr)) { /* a list of scalars is read as one value */
		size_t i;
		json_t *v;
		json_array_foreach(arr, i, v)
		{
			const char *s = json_string_value(v);
			if (!s)
				continue;
			bool self = !strcmp(s, "_self_");
			json_array_append_new(out, json_pack("[s,s,O,I]", self ? "self" : "item", "", self ? json_null() : v, aline));
		}
		return out;
	}
	for (int i = 0; i < 200; i++) {
		char key[48];
		snprintf(key, sizeof(key), "defaults.%d", i);
		json_int_t line = 0;
		json_t *v = mg_cfg_get(h->c, k, key, &line);
		json_t *e = NULL;
		if (json_is_string(v)) {
			const char *s = json_string_value(v);
			e = json_pack("[s,s,n,I]", !strcmp(s, "_self_") ? "self" : "item", !strcmp(s, "_self_") ? "" : "", line);
			if (strcmp(s, "_self_")) { /* a config of the same group */
				json_array_set_new(e, 2, json_string(s));
			}
		} else {
			/* a mapping of one key: defaults.i.GROUP */
			size_t plen = strlen(key);
			const char *kk;
			json_t *a;
			json_object_foreach(mg_cfg_keys(h->c, k), kk, a)
			{
				if (strncmp(kk, key, plen) || kk[plen] != '.')
					continue;
				const char *g = kk + plen + 1;
				bool ov = !strncmp(g, "override ", 9);
				if (ov)
					g += 9;
				if (!strncmp(g, "optional ", 9))
					g += 9;
				char *group = xstrdup(g);
				char *at = strchr(group, '@'); /* group@package: the package is not followed */
				if (at)
					*at = '\0';
				json_t *opt = json_array_get(a, 0);
				e = json_pack("[s,s,O,I]", ov ? "override" : "item", group, json_is_string(opt) ? opt : json_null(),
					      json_integer_value(json_array_get(a, 1)));
				free(group);
				break;
			}
			if (!e)
				break;
		}
		json_array_append_new(out, e);
	}
	return out;
}

static void put(struct hy *h, const char *key, json_t *v, const char *src)
{
	json_t *pair = json_array();
	json_array_append(pair, v);
	json_array_append_new(pair, json_string(src));
	/* a new value for a key replaces what was under it (a mapping replaced by a scalar) */
	json_object_set_new(h->composed, key, pair);
}

/* Hydra's Config Store (cs.store(group="model", name="r50", node=ResNet50Config)): the option a command's
 * `group=option` picks is that dataclass, whose fields are the group's keys (at their lines); false when no
 * store call of the scope registers it. */
static bool store_option(struct hy *h, const char *group, const char *option)
{
	struct ctx *c = h->c;
	for (size_t k = 0; k < c->n; k++) {
		if (!c->in_scope[k] || c->files[k].kind != FK_PYTHON)
			continue;
		size_t i;
		json_t *call;
		json_array_foreach(json_object_get(mg_py(c, (int)k), "calls"), i, call)
		{
			json_t *kw = json_object_get(call, "kw");
			const char *n = json_string_value(json_object_get(call, "name"));
			const char *g = json_string_value(json_object_get(kw, "group"));
			const char *o = json_string_value(json_object_get(kw, "name"));
			const char *node = json_string_value(json_object_get(json_object_get(kw, "node"), "ref"));
			if (!n || strcmp(n, "store") || !g || strcmp(g, group) || !o || strcmp(o, option) || !node)
				continue;
			const char *cls = strrchr(node, '.') ? strrchr(node, '.') + 1 : node;
			bool any = false;
			for (size_t f = 0; f < c->n; f++) {
				if (!c->in_scope[f] || c->files[f].kind != FK_PYTHON)
					continue;
				size_t j;
				json_t *fld;
				json_array_foreach(json_object_get(mg_py(c, (int)f), "fields"), j, fld)
				{
					const char *fn = json_string_value(json_object_get(fld, "name"));
					json_t *dv = json_object_get(fld, "default");
					if (strcmp(json_string_value(json_object_get(fld, "cls")) ?: "", cls) || !fn || !mg_literal(dv))
						continue;
					char *key = str_join(group, fn), *src = mg_src_str(c->files[f].rel,
											   json_integer_value(json_object_get(fld, "line")));
					for (char *q = key; *q; q++)
						if (*q == '/')
							*q = '.';
					put(h, key, dv, src);
					free(key);
					free(src);
					any = true;
				}
			}
			if (any) {
				json_object_set_new(h->choices, group, json_string(option));
				return true;
			}
		}
	}
	return false;
}

static void merge_self(struct hy *h, int k, const char *pkg)
{
	const char *key;
	json_t *a;
	json_object_foreach(mg_cfg_keys(h->c, k), key, a)
	{
		if (!strncmp(key, "defaults", 8) && (!key[8] || key[8] == '.'))
			continue;
		if (!strncmp(key, "hydra", 5) && (!key[5] || key[5] == '.'))
			continue;
		struct strbuf name = STRBUF_INIT;
		strbuf_addf(&name, "%s%s%s", pkg, *pkg ? "." : "", key);
		char *src = mg_src_str(h->c->files[k].rel, json_integer_value(json_array_get(a, 1)));
		put(h, name.buf, json_array_get(a, 0), src);
		free(src);
		strbuf_release(&name);
	}
}

static char *package_of(struct hy *h, int k, const char *group, bool primary)
{
	const char *p = json_string_value(json_object_get(json_object_get(h->c->files[k].facts, "config"), "package"));
	/* "__global__" as audiocraft's configs spell it (Hydra 1.0's double-underscore names) */
	if (primary || (p && (!strcmp(p, "_global_") || !strcmp(p, "__global__"))))
		return xstrdup("");
	if (p && strcmp(p, "_group_")) {
		if (!strncmp(p, "_global_.", 9))
			return xstrdup(p + 9);
		return xstrdup(p);
	}
	char *g = xstrdup(group);
	for (char *q = g; *q; q++)
		if (*q == '/')
			*q = '.';
	return g;
}

static const char *choice(struct hy *h, const char *group, json_t *dflt, bool *none)
{
	json_t *v = json_object_get(h->choices, group);
	if (!v)
		v = json_object_get(h->dl_choices, group);
	if (!v)
		v = dflt;
	*none = !json_is_string(v);
	return json_string_value(v);
}

/* Composes config k (of group gdir, in package pkg); collects `override` entries. */
static void compose(struct hy *h, int k, const char *gdir, const char *pkg, bool collect)
{
	if (++h->depth > 24) {
		h->depth--;
		return;
	}
	json_t *dl = defaults_of(h, k);
	bool self_done = false;
	size_t i;
	json_t *e;
	json_array_foreach(dl, i, e)
	{
		const char *kind = json_string_value(json_array_get(e, 0));
		const char *g = json_string_value(json_array_get(e, 1));
		json_t *opt = json_array_get(e, 2);
		if (!strcmp(kind, "self")) {
			if (!collect)
				merge_self(h, k, pkg);
			self_done = true;
			continue;
		}
		char *group = g[0] == '/' ? xstrdup(g + 1) : *g ? str_join(gdir, g) : xstrdup(gdir);
		if (!strcmp(kind, "override")) {
			if (collect && !json_object_get(h->choices, group))
				json_object_set(h->dl_choices, group, opt);
			free(group);
			continue;
		}
		bool none = false;
		const char *o = *g ? choice(h, group, opt, &none) : json_string_value(opt);
		if (!*g)
			none = !o;
		if (none || !o) {
			free(group);
			continue;
		}
		if (!*g && o[0] == '/' && strrchr(o, '/') > o) {
			/* `- /experiment/owt/base.yaml`: a config by its path from the search directory */
			free(group);
			group = xstrndup(o + 1, (size_t)(strrchr(o, '/') - o - 1));
			o = strrchr(o, '/') + 1;
		}
		int f = find_cfg(h, group, o);
		if (f >= 0) {
			char *sub = *g ? package_of(h, f, group, false) : xstrdup(pkg);
			/* a config of the same group (trainer/ddp.yaml: - default) shares its package */
			compose(h, f, group, sub, collect);
			free(sub);
		}
		free(group);
	}
	if (!self_done && !collect)
		merge_self(h, k, pkg);
	json_decref(dl);
	h->depth--;
}

/* A Hydra sweep value of a multirun (https://hydra.cc/docs/advanced/override_grammar/extended/):
 * a comma outside brackets and quotes (1,2,3), or range(...), choice(...), glob(...). */
static bool sweep_value(const char *v)
{
	if (!strncmp(v, "range(", 6) || !strncmp(v, "choice(", 7) || !strncmp(v, "glob(", 5) ||
	    !strncmp(v, "interval(", 9))
		return true;
	int depth = 0;
	char q = 0;
	for (const char *p = v; *p; p++) {
		if (q) {
			q = *p == q ? 0 : q;
		} else if (*p == '\'' || *p == '"') {
			q = *p;
		} else if (*p == '[' || *p == '{' || *p == '(') {
			depth++;
		} else if (*p == ']' || *p == '}' || *p == ')') {
			depth--;
		} else if (*p == ',' && depth == 0) {
			return true;
		}
	}
	return false;
}

static void del_key(json_t *composed, const char *key)
{
	size_t n = strlen(key);
	const char *k;
	json_t *v;
	void *tmp;
	json_object_foreach_safe(composed, tmp, k, v) if (!strncmp(k, key, n) && (!k[n] || k[n] == '.'))
		json_object_del(composed, k);
}

static json_t *composed_get(void *arg, const char *ref)
{
	return json_array_get(json_object_get((json_t *)arg, ref), 0);
}

/* ${a.b} in string values: the composed value of a.b (three rounds, for chains). */
static void interpolate(json_t *composed)
{
	for (int round = 0; round < 3; round++) {
		const char *k;
		json_t *pair;
		json_object_foreach(composed, k, pair)
		{
			const char *s = json_string_value(json_array_get(pair, 0));
			if (!s || !strstr(s, "${"))
				continue;
			bool missing;
			json_t *nv = mg_interpolate_at(s, k, composed_get, composed, &missing);
			if (nv)
				json_array_set(pair, 0, nv);
			json_decref(nv);
		}
	}
}

static const char *arg_of(const struct ctx *c, const char *const *keys)
{
	size_t i;
	json_t *pair;
	json_array_foreach(c->cmd_args, i, pair)
	{
		const char *k = json_string_value(json_array_get(pair, 0));
		for (int j = 0; keys[j]; j++)
			if (k && !strcmp(k, keys[j]))
				return json_string_value(json_array_get(pair, 1));
	}
	return NULL;
}

/* The string a decorator argument stands for: a literal, or os.path.join("..", "x"). */
static char *path_arg(json_t *v)
{
	if (json_is_string(v))
		return xstrdup(json_string_value(v));
	const char *e = json_string_value(json_object_get(v, "expr"));
	if (!e || !strstr(e, "join"))
		return NULL;
	struct strbuf sb = STRBUF_INIT;
	for (const char *p = strchr(e, '('); p && *p; p++) {
		if (*p != '"' && *p != '\'')
			continue;
		const char *q = strchr(p + 1, *p);
		if (!q)
			break;
		if (sb.len)
			strbuf_addch(&sb, '/');
		strbuf_add(&sb, p + 1, (size_t)(q - p - 1));
		p = q;
	}
	return strbuf_detach(&sb);
}

bool mg_hydra(struct ctx *c, json_t *out)
{
	if (c->entry < 0)
		return false;
	json_t *deco = NULL;
	size_t i;
	json_t *call;
	/* the entry's own decorator first: NeMo's @hydra_runner(config_path=..., config_name=...) wraps
	 * hydra.main in a library module whose call passes names, not the entry's config; then any
	 * file in scope (the decorated function's own file decides config_path) */
	for (size_t k = 0; k <= c->n && !deco; k++) {
		size_t f = k == 0 ? (size_t)c->entry : k - 1;
		if ((k > 0 && f == (size_t)c->entry) || !c->in_scope[f] || c->files[f].kind != FK_PYTHON)
			continue;
		json_array_foreach(json_object_get(mg_py(c, (int)f), "calls"), i, call)
		{
			const char *full = json_string_value(json_object_get(call, "full"));
			/* dora's hydra_main (audiocraft's train.py) composes as hydra.main does */
			if (full && (mg_ends_with(full, "hydra.main") ||
				     (k == 0 && (mg_ends_with(full, "hydra_runner") || mg_ends_with(full, "hydra_main"))))) {
				deco = call;
				break;
			}
		}
	}
	if (!deco)
		return false;
	struct hy h = {c, json_array(), json_object(), json_object(), json_object(), 0};
	json_t *kw = json_object_get(deco, "kw");
	static const char *const cn_keys[] = {"config_name", "cn", NULL};
	static const char *const cp_keys[] = {"config_path", "cp", NULL};
	static const char *const cd_keys[] = {"config_dir", "cd", NULL};
	const char *cd = arg_of(c, cd_keys);
	if (cd) {
		char *n = mg_join_norm("", cd);
		if (n)
			json_array_append_new(h.dirs, json_string(n));
		free(n);
	}
	char *cp = arg_of(c, cp_keys) ? xstrdup(arg_of(c, cp_keys)) : path_arg(json_object_get(kw, "config_path"));
	char *edir = mg_dir_of(c->files[c->entry].rel);
	/* the decorator's file: the entry, or the module of the scope that holds it */
	for (size_t f = 0; f < c->n; f++)
		if (c->in_scope[f] && json_array_size(json_object_get(mg_py(c, (int)f), "calls"))) {
			size_t k;
			json_t *cl;
			json_array_foreach(json_object_get(mg_py(c, (int)f), "calls"), k, cl) if (cl == deco)
			{
				free(edir);
				edir = mg_dir_of(c->files[f].rel);
			}
		}
	if (cp) {
		char *n = mg_join_norm(cp[0] == '/' ? "" : edir, cp);
		if (n)
			json_array_append_new(h.dirs, json_string(n));
		free(n);
	}
	free(cp);
	free(edir);
	const char *cn = arg_of(c, cn_keys);
	if (!cn)
		cn = json_string_value(json_object_get(kw, "config_name"));
	int primary = -1;
	if (cn) {
		char *name = xstrdup(cn);
		size_t l = strlen(name);
		if (l > 5 && !strcmp(name + l - 5, ".yaml"))
			name[l - 5] = '\0';
		primary = find_cfg(&h, "", name);
		free(name);
	}
	/* the command line: group choices, then values */
	bool multirun = false;
	json_array_foreach(c->lc.words, i, call)
	multirun = multirun || !strcmp(json_string_value(call) ?: "", "-m") ||
		   !strcmp(json_string_value(call) ?: "", "--multirun");
	json_t *values = json_array();
	json_array_foreach(c->extra_pos, i, call)
	{
		const char *s = json_string_value(call);
		if (!s)
			continue;
		const char *eq = strchr(s, '=');
		if (s[0] == '~') {
			json_array_append(values, call);
			continue;
		}
		if (!eq)
			continue;
		char *key = xstrndup(s, (size_t)(eq - s));
		if (key[0] != '+' && !strchr(key, '.') && is_group(&h, key)) {
			const char *o = eq + 1;
			json_object_set_new(h.choices, key, strcmp(o, "null") ? json_string(o) : json_null());
		} else {
			json_array_append(values, call);
		}
		free(key);
	}
	json_t *hy = json_object();
	if (primary >= 0) {
		compose(&h, primary, "", "", true); /* `override` entries of the selected configs */
		compose(&h, primary, "", "", true); /* ... and of those they select */
		compose(&h, primary, "", "", false);
		json_object_set_new(hy, "config", json_string(c->files[primary].rel));
	} else {
		json_array_append_new(c->notes, json_string("@hydra.main names a config that is not under the directory; only "
							    "the command-line overrides are read"));
	}
	json_array_foreach(values, i, call)
	{
		const char *s = json_string_value(call);
		if (s[0] == '~') {
			const char *eq = strchr(s, '=');
			char *key = eq ? xstrndup(s + 1, (size_t)(eq - s - 1)) : xstrdup(s + 1);
			del_key(h.composed, key);
			free(key);
			continue;
		}
		const char *eq = strchr(s, '=');
		const char *k = s;
		while (*k == '+')
			k++;
		char *key = xstrndup(k, (size_t)(eq - k));
		if (multirun && sweep_value(eq + 1)) {
			/* -m a=1,2,3: one job per value, none of them is the job's */
			del_key(h.composed, key);
			struct strbuf hk = STRBUF_INIT, why = STRBUF_INIT;
			strbuf_addf(&hk, "hyperparameters.%s", key);
			strbuf_addf(&why, "a multirun sweep (-m) over %s: one job per value", eq + 1);
			mg_unknown(c, hk.buf, why.buf);
			strbuf_release(&hk);
			strbuf_release(&why);
			free(key);
			continue;
		}
		/* group=option of a Config Store group: the option's dataclass, not a setting named group */
		if (!strchr(key, '.') && store_option(&h, key, eq + 1)) {
			free(key);
			continue;
		}
		json_t *v = typed_arg(eq + 1);
		del_key(h.composed, key);
		put(&h, key, v, "--cmd");
		json_decref(v);
		free(key);
	}
	json_decref(values);
	interpolate(h.composed);
	const char *key;
	json_t *pair;
	json_object_foreach(h.composed, key, pair)
	{
		json_t *v = json_array_get(pair, 0);
		const char *src = json_string_value(json_array_get(pair, 1));
		if (json_is_string(v) && !strcmp(json_string_value(v), "???"))
			continue;
		const char *last = strrchr(key, '.');
		last = last ? last + 1 : key;
		if (!strcmp(key, "model._target_") || !strcmp(key, "model._name")) {
			const char *t = json_string_value(v);
			const char *cls = t ? strrchr(t, '.') : NULL;
			mg_evid(&c->model, cls ? cls + 1 : t, key[6] == '_' && key[7] == 'n' ? 66 : 35, src);
		}
		if (!strcmp(key, "trainer._target_") && json_is_string(v) && strstr(json_string_value(v), "lightning"))
			mg_evid(&c->fw, "lightning", 65, src);
		/* a strategy section instantiated for the Lightning Trainer (MDLM's /strategy: ddp group,
		 * `_target_: lightning.pytorch.strategies.DDPStrategy`, passed as strategy=instantiate(...)) */
		if (!strcmp(last, "_target_") && json_is_string(v) && mg_ends_with(key, "strategy._target_")) {
			const char *t = strrchr(json_string_value(v), '.');
			t = t ? t + 1 : json_string_value(v);
			if (!strcmp(t, "DDPStrategy"))
				mg_evid(&c->strategy, "ddp", 60, src);
			else if (!strcmp(t, "FSDPStrategy"))
				mg_evid(&c->strategy, "fsdp", 60, src);
			else if (!strcmp(t, "DeepSpeedStrategy"))
				mg_evid(&c->strategy, "zero2", 50, src); /* its default stage */
		}
		if (!strcmp(last, "_target_") && json_is_string(v))
			json_array_append(c->targets, v);
		if (last[0] == '_' && last[strlen(last) - 1] == '_')
			continue; /* _target_, _partial_ ... */
		mg_hp_set(c, key, v, strcmp(src, "--cmd") ? HP_CONFIG : HP_CMD, src);
	}
	json_object_set(hy, "choices", h.choices);
	json_object_update_missing(json_object_get(hy, "choices"), h.dl_choices);
	json_object_set_new(out, "hydra", hy);
	c->composed = true;
	json_decref(h.dirs);
	json_decref(h.choices);
	json_decref(h.dl_choices);
	json_decref(h.composed);
	return true;
}
