/* merge_util.c - helpers the merge rules share: evidence with priorities, paths inside the tree,
 * per-file facts, the hyperparameter table with a source per value. */
#include "mctx.h"
#include "shscan.h"

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

char *mg_src_str(const char *rel, json_int_t line)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, "%s:%lld", rel, (long long)line);
	return strbuf_detach(&sb);
}

void mg_evid(struct evidence *e, const char *value, int prio, const char *src)
{
	if (!value || prio <= e->prio)
		return;
	free(e->value);
	free(e->src);
	e->value = xstrdup(value);
	e->src = xstrdup(src);
	e->prio = prio;
}

void mg_evid_at(struct evidence *e, const char *value, int prio, const char *rel, json_int_t line)
{
	char *s = mg_src_str(rel, line);
	mg_evid(e, value, prio, s);
	free(s);
}

void mg_evid_release(struct evidence *e)
{
	free(e->value);
	free(e->src);
}

static int cmp_rel(const void *key, const void *elem)
{
	return strcmp((const char *)key, ((const struct inspect_file *)elem)->rel);
}

int mg_find_file(const struct ctx *c, const char *rel)
{
	const struct inspect_file *f = bsearch(rel, c->files, c->n, sizeof(*c->files), cmp_rel);
	return f ? (int)(f - c->files) : -1;
}

/* dir + "/" + path, with "." and ".." resolved; NULL when it leaves the root. */
char *mg_join_norm(const char *dir, const char *path)
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

char *mg_dir_of(const char *rel)
{
	const char *slash = strrchr(rel, '/');
	return slash ? xstrndup(rel, (size_t)(slash - rel)) : xstrdup("");
}

/* A file a path refers to, relative to the entry's directory or the root; -1 when none. */
int mg_resolve_path(const struct ctx *c, const char *path)
{
	if (!path || !*path || path[0] == '/')
		return -1;
	if (c->cwd) { /* `cd DIR && python x.py cfg.yaml`: paths are the folder's */
		char *p = mg_join_norm(c->cwd, path);
		int k = p ? mg_find_file(c, p) : -1;
		free(p);
		if (k >= 0)
			return k;
	}
	if (c->entry >= 0) {
		char *d = mg_dir_of(c->files[c->entry].rel);
		char *p = mg_join_norm(d, path);
		free(d);
		int k = p ? mg_find_file(c, p) : -1;
		free(p);
		if (k >= 0)
			return k;
	}
	char *p = mg_join_norm("", path);
	int k = p ? mg_find_file(c, p) : -1;
	free(p);
	return k;
}

json_t *mg_py(const struct ctx *c, int i)
{
	return json_object_get(c->files[i].facts, "py");
}

json_t *mg_cfg_keys(const struct ctx *c, int i)
{
	return json_object_get(json_object_get(c->files[i].facts, "config"), "keys");
}

/* [value, line] of a config key */
json_t *mg_cfg_get(const struct ctx *c, int i, const char *key, json_int_t *line)
{
	json_t *a = json_object_get(mg_cfg_keys(c, i), key);
	if (!json_is_array(a) || json_array_size(a) < 2)
		return NULL;
	if (line)
		*line = json_integer_value(json_array_get(a, 1));
	return json_array_get(a, 0);
}

/* ---- hyperparameters ----------------------------------------------------------------------- */

void mg_hp_set(struct ctx *c, const char *name, json_t *v, int prio, const char *src)
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

void mg_hp_set_at(struct ctx *c, const char *name, json_t *v, int prio, const char *rel, json_int_t line)
{
	char *s = mg_src_str(rel, line);
	mg_hp_set(c, name, v, prio, s);
	free(s);
}

const char *mg_hp_str(const struct ctx *c, const char *name)
{
	return json_string_value(json_object_get(c->hp, name));
}

const char *mg_hp_src(const struct ctx *c, const char *name)
{
	struct strbuf k = STRBUF_INIT;
	strbuf_addf(&k, "hyperparameters.%s", name);
	const char *s = json_string_value(json_object_get(c->sources, k.buf));
	strbuf_release(&k);
	return s;
}

bool mg_literal(json_t *v)
{
	return v && !json_is_object(v);
}


bool mg_ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a >= b && !strcmp(s + a - b, suffix);
}


void mg_add_unique(json_t *list, const char *value, json_t *sources, const char *field, const char *src)
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
const char *mg_str_or_ref(const struct ctx *c, json_t *v, const char **src)
{
	if (json_is_string(v))
		return json_string_value(v);
	const char *ref = json_string_value(json_object_get(v, "ref"));
	if (!ref)
		return NULL;
	/* config.model.name_or_path (a Hydra or OmegaConf config object): the composed key model.name_or_path
	 * first, then shorter tails down to the last name (args.model_name_or_path) */
	const char *first = strchr(ref, '.');
	for (const char *p = first ? strchr(first + 1, '.') : NULL; p; p = strchr(p + 1, '.')) {
		const char *key = first + 1;
		const char *s = mg_hp_str(c, key);
		if (!s) {
			first = p;
			continue;
		}
		if (src)
			*src = mg_hp_src(c, key);
		return s;
	}
	const char *dot = strrchr(ref, '.');
	const char *name = dot ? dot + 1 : ref;
	const char *s = mg_hp_str(c, name);
	if (s && src)
		*src = mg_hp_src(c, name);
	return s;
}


const char *mg_zero_name(json_int_t stage)
{
	static const char *const n[] = {"ddp", "zero1", "zero2", "zero3"};
	return stage >= 0 && stage <= 3 ? n[stage] : NULL;
}


bool mg_mod_is(const char *mod, const char *prefix)
{
	size_t n = strlen(prefix);
	return !strncmp(mod, prefix, n) && (mod[n] == '\0' || mod[n] == '.');
}

/* Where spelling stands as a whole option word in text (followed by a blank, '=', a quote or the
 * end); -1 when it does not. */
static long word_at(const char *text, const char *spelling)
{
	size_t n = strlen(spelling);
	for (const char *h = strstr(text, spelling); h; h = strstr(h + 1, spelling))
		if ((h == text || strchr(" \t\"'(", h[-1])) && (!h[n] || strchr(" \t=\"'", h[n])))
			return (long)(h - text);
	return -1;
}

/* Where the value of the option written at text[at] was decided when it is a variable of the script
 * (`--lr $LR`, `--data "${DATA}"`): the variable's one assignment before the launch line (LR=2e-5,
 * EPOCHS=${EPOCHS:-3}), or the command when that assignment takes one of the user's words
 * (train_batch_size=${1:-8192} with a first word given: *user is set). 0 when the value is no
 * variable, or the variable is assigned on several lines (if/else branches) or not at all. */
/* Whether a line's first word is an assignment (NAME=...). */
static bool cmd_first_is_assignment(const char *l)
{
	const char *e = l;
	while (isalnum((unsigned char)*e) || *e == '_')
		e++;
	return e > l && *e == '=' && !isdigit((unsigned char)*l);
}

static long long value_line(const struct ctx *c, const char *text, long at, bool *user, const char **other,
			    char **unset)
{
	*user = false;
	*other = NULL;
	*unset = NULL;
	const char *p = text + at;
	while (*p && *p != ' ' && *p != '\t' && *p != '=')
		p++;
	while (*p == '=' || *p == ' ' || *p == '\t' || *p == '"')
		p++;
	if (*p != '$')
		return 0;
	p += p[1] == '{' ? 2 : 1;
	size_t n = 0;
	while (p[n] == '_' || isalnum((unsigned char)p[n]))
		n++;
	if (!n || isdigit((unsigned char)p[0]))
		return 0;
	long long found = 0;
	bool from_user = false;
	size_t i;
	json_t *pair;
	json_array_foreach(c->launch_lines, i, pair)
	{
		long long ln = json_integer_value(json_array_get(pair, 0));
		if (ln >= c->launch_line)
			break;
		const char *l = json_string_value(json_array_get(pair, 1));
		while (l && (!strncmp(l, "export ", 7) || !strncmp(l, "local ", 6) || !strncmp(l, "declare ", 8) ||
			     !strncmp(l, "readonly ", 9)))
			l = strchr(l, ' ') + 1;
		if (l && !strncmp(l, p, n) && l[n] == '+' && l[n + 1] == '=')
			return 0; /* appended to: the flag's line stands */
		if (l && !strncmp(l, "for ", 4) && !strncmp(l + 4, p, n) && l[4 + n] == ' ')
			return 0; /* a loop's variable */
		/* NAME=v at the line's start, or among the assignments of a line of several (a just recipe's
		 * parameters `size="${1:-small}" steps="${2:-20000}"`) */
		const char *hit = l && !strncmp(l, p, n) && l[n] == '=' ? l : NULL;
		if (l && !hit && cmd_first_is_assignment(l))
			for (const char *q = strchr(l, ' '); q && !hit; q = strchr(q + 1, ' '))
				if (!strncmp(q + 1, p, n) && q[1 + n] == '=')
					hit = q + 1;
		if (!hit)
			continue;
		if (found)
			return 0; /* assigned more than once: the flag's line stands */
		found = ln;
		const char *v = hit + n + 1;
		if (*v == '"')
			v++;
		if (*v++ != '$')
			continue;
		if (*v == '{')
			v++;
		if (isdigit((unsigned char)*v)) {
			int k = atoi(v);
			from_user = k >= 1 && k <= c->launch_argc;
		}
	}
	*user = from_user;
	if (!found) {
		char *nm = xstrndup(p, n);
		/* set by a settings file the script sources */
		*other = c->sourced_src ? json_string_value(json_object_get(c->sourced_src, nm)) : NULL;
		/* or nowhere maple can see: the caller's environment (LR=3e-4 bash launch.sh is typed) */
		struct strbuf as = STRBUF_INIT;
		strbuf_addf(&as, "%s=", nm);
		const char *typed = json_string_value(c->typed), *h = typed ? strstr(typed, as.buf) : NULL;
		bool in_typed = h && (h == typed || strchr(" \t;&(", h[-1]));
		strbuf_release(&as);
		if (!*other && !in_typed)
			*unset = nm;
		else
			free(nm);
		/* the command gave it (`LR=3e-4 bash launch.sh`, `make train EPOCHS=2000`): the user typed it */
		*user = !*other && in_typed;
	}
	return found;
}

/* The line of the wrapper script that writes the option (a continuation line of the launch command,
 * a VAR="--lr 2e-5" line, an array's line): the script's only line up to the launch that holds one of
 * its spellings; NULL when none or several do. Kept in c->flag_src. */
static const char *flag_line(const struct ctx *c, const char *key)
{
	if (!c->launch_lines)
		return NULL;
	json_t *known = c->flag_src ? json_object_get(c->flag_src, key) : NULL;
	if (known)
		return json_string_value(known);
	json_t *sp = json_array();
	size_t i, k;
	json_t *s, *o;
	json_array_foreach(c->argspec, i, s)
	{
		if (strcmp(json_string_value(json_object_get(s, "dest")) ?: "", key))
			continue;
		json_array_foreach(json_object_get(s, "opts"), k, o) if (json_string_value(o)) json_array_append(sp, o);
	}
	struct strbuf d = STRBUF_INIT;
	strbuf_addf(&d, "--%s", key);
	json_array_append_new(sp, json_string(d.buf));
	for (char *p = d.buf + 2; *p; p++)
		if (*p == '_')
			*p = '-';
	json_array_append_new(sp, json_string(d.buf));
	strbuf_release(&d);
	long long found = 0;
	long long vline = 0;
	const char *other = NULL;
	char *unset = NULL;
	bool several = false, user = false;
	json_t *pair;
	json_array_foreach(c->launch_lines, i, pair)
	{
		if (json_integer_value(json_array_get(pair, 0)) > c->launch_line)
			break;
		const char *text = json_string_value(json_array_get(pair, 1));
		if (!text || !strncmp(text, "echo ", 5) || json_is_false(json_array_get(pair, 2)))
			continue; /* a here-document's lines are not known apart: the launch line stands */
		json_array_foreach(sp, k, o)
		{
			long at = word_at(text, json_string_value(o));
			if (at < 0)
				continue;
			long long l = sh_line_at(pair, (size_t)at);
			several = several || (found && found != l);
			found = l;
			free(unset);
			vline = value_line(c, text, at, &user, &other, &unset);
			break;
		}
	}
	json_decref(sp);
	if (!found || several) {
		free(unset);
		return NULL;
	}
	char *src = user ? xstrdup("--cmd") : other ? xstrdup(other) : mg_src_str(c->launch_rel, vline ? vline : found);
	struct ctx *mc = (struct ctx *)c; /* the cache of answers only */
	if (!mc->flag_src)
		mc->flag_src = json_object();
	json_object_set_new(mc->flag_src, key, json_string(src));
	free(src);
	if (unset && !user) {
		if (!mc->unset_vals)
			mc->unset_vals = json_object();
		json_object_set_new(mc->unset_vals, key, json_string(unset));
	}
	free(unset);
	return json_string_value(json_object_get(c->flag_src, key));
}

const char *mg_cmd_src(const struct ctx *c, const char *key)
{
	const char *af = json_string_value(json_object_get(c->argfile_src, key));
	if (af) /* an argument file's line (merge_argfiles.c) */
		return af;
	if (!c->launch_src)
		return "--cmd";
	/* typed by the user: one of the option's spellings is in the command as given */
	const char *typed = json_string_value(c->typed);
	size_t i, k;
	json_t *s, *o;
	json_array_foreach(c->argspec, i, s)
	{
		if (strcmp(json_string_value(json_object_get(s, "dest")) ?: "", key))
			continue;
		json_array_foreach(json_object_get(s, "opts"), k, o)
		{
			const char *opt = json_string_value(o);
			const char *hit = typed && opt ? strstr(typed, opt) : NULL;
			if (hit && (hit == typed || hit[-1] == ' ') && (!hit[strlen(opt)] || strchr(" =", hit[strlen(opt)])))
				return "--cmd";
		}
	}
	struct strbuf dash = STRBUF_INIT;
	strbuf_addf(&dash, "--%s", key);
	for (char *p = dash.buf + 2; *p; p++)
		if (*p == '_')
			*p = '-';
	bool found = typed && (strstr(typed, dash.buf) || (strbuf_reset(&dash), strbuf_addf(&dash, "--%s", key), strstr(typed, dash.buf)));
	strbuf_release(&dash);
	if (found)
		return "--cmd";
	const char *line = flag_line(c, key);
	return line ? line : c->launch_src;
}

json_t *mg_interpolate(const char *s, json_t *(*get)(void *arg, const char *ref), void *arg, bool *missing)
{
	return mg_interpolate_at(s, NULL, get, arg, missing);
}

/* OmegaConf's relative interpolation: ${.x} is x beside the key (in its node), ${..x} one node up (NeMo's
 * trainer.max_epochs: ${.sft.max_epochs} is trainer.sft.max_epochs). A new string, or NULL when ref is not
 * relative or goes above the root. */
static char *absolute_ref(const char *ref, const char *at)
{
	if (ref[0] != '.' || !at)
		return NULL;
	size_t d = 0;
	while (ref[d] == '.')
		d++;
	size_t n = strlen(at);
	for (size_t up = 0; up < d; up++) {
		while (n && at[n - 1] != '.')
			n--;
		if (!n && up + 1 < d)
			return NULL;
		if (n)
			n--; /* the '.' */
	}
	struct strbuf b = STRBUF_INIT;
	strbuf_add(&b, at, n);
	if (n && ref[d])
		strbuf_addch(&b, '.');
	strbuf_adds(&b, ref + d);
	return strbuf_detach(&b);
}

json_t *mg_interpolate_at(const char *s, const char *at, json_t *(*get)(void *arg, const char *ref), void *arg,
			  bool *missing)
{
	*missing = false;
	struct strbuf out = STRBUF_INIT;
	const char *p = s, *open;
	json_t *whole = NULL;
	while ((open = strstr(p, "${"))) {
		const char *close = strchr(open, '}');
		if (!close)
			break;
		strbuf_add(&out, p, (size_t)(open - p));
		char *ref = xstrndup(open + 2, (size_t)(close - open - 2));
		char *abs = absolute_ref(ref, at);
		if (abs) {
			free(ref);
			ref = abs;
		}
		json_t *rv = strchr(ref, ':') ? NULL : get(arg, ref);
		if (open == s && !close[1] && rv && !json_is_string(rv) && !json_is_null(rv))
			whole = rv;
		if (json_is_string(rv) && !strstr(json_string_value(rv), "${"))
			strbuf_adds(&out, json_string_value(rv));
		else if (json_is_integer(rv))
			strbuf_addf(&out, "%lld", (long long)json_integer_value(rv));
		else if (json_is_real(rv))
			strbuf_addf(&out, "%g", json_real_value(rv));
		else
			*missing = true, strbuf_add(&out, open, (size_t)(close - open + 1));
		free(ref);
		p = close + 1;
	}
	strbuf_adds(&out, p);
	json_t *r = whole ? json_incref(whole) : strcmp(out.buf, s) ? json_string(out.buf) : NULL;
	strbuf_release(&out);
	return r;
}

void mg_unset_values(struct ctx *c)
{
	const char *key;
	json_t *name;
	void *tmp;
	json_object_foreach_safe(c->unset_vals, tmp, key, name)
	{
		const char *src = mg_hp_src(c, key);
		size_t rl = c->launch_rel ? strlen(c->launch_rel) : 0;
		/* only while the wrapper's line still decides (a config or the command may have set it since) */
		if (!json_object_get(c->hp, key) || !src || !rl || strncmp(src, c->launch_rel, rl) || src[rl] != ':')
			continue;
		struct strbuf k = STRBUF_INIT, why = STRBUF_INIT;
		strbuf_addf(&why, "$%s is set neither in %s nor in the command (the caller's environment, at %s)",
			    json_string_value(name), c->launch_rel, src);
		strbuf_addf(&k, "hyperparameters.%s", key);
		json_object_del(c->sources, k.buf);
		json_object_del(c->hp, key);
		json_object_del(c->hp_prio, key);
		mg_unknown(c, k.buf, why.buf);
		strbuf_release(&k);
		strbuf_release(&why);
	}
}

/* A config class built, outside the entry, from a function's local variables (llama2.c's export.py:
 * LlamaConfig(hidden_size=hidden_size, num_hidden_layers=num_hidden_layers, ...) read off a model it
 * converts): it says nothing about the job's shape, nor which class's defaults apply. */
bool mg_converter_call(const struct ctx *c, int i, json_t *call)
{
	if (i == c->entry || c->entry < 0)
		return false;
	json_t *assigns = json_object_get(mg_py(c, i), "assigns");
	int locals = 0;
	const char *key;
	json_t *v;
	json_object_foreach(json_object_get(call, "kw"), key, v)
	{
		const char *ref = json_string_value(json_object_get(v, "ref"));
		if (!ref || strchr(ref, '.') || !mg_shape_key(key))
			continue;
		bool global = false;
		size_t k;
		json_t *a;
		json_array_foreach(assigns, k, a) global = global || !strcmp(json_string_value(json_object_get(a, "name")) ?: "", ref);
		locals += !global;
	}
	return locals >= 2;
}

/* The section a dataclass's fields sit under when another dataclass of the same file holds it as
 * a field(default_factory=CLS) (torchtitan's JobConfig: parallelism: Parallelism, so Parallelism's
 * tensor_parallel_degree is parallelism.tensor_parallel_degree, as its TOML and --a.b flags name
 * it); nested sections join with '.'. False for a top-level class. */
bool mg_section_of(json_t *fields, const char *cls, struct strbuf *out, int depth)
{
	size_t i;
	json_t *f;
	if (!cls || depth > 8)
		return false;
	json_array_foreach(fields, i, f)
	{
		const char *fac = json_string_value(json_object_get(f, "factory"));
		const char *name = json_string_value(json_object_get(f, "name"));
		const char *holder = json_string_value(json_object_get(f, "cls"));
		if (fac && name && holder && !strcmp(fac, cls) && strcmp(cls, holder)) {
			if (mg_section_of(fields, holder, out, depth + 1))
				strbuf_addch(out, '.');
			strbuf_adds(out, name);
			return true;
		}
	}
	return false;
}

/* Whether the receiver of a call ("net.half", "self.network.bfloat16") is a network by its name: net, network */
bool mg_is_net_name(const char *full)
{
	const char *dot = strrchr(full, '.');
	size_t n = dot ? (size_t)(dot - full) : strlen(full);
	const char *b = full;
	for (const char *p = full; p < full + n; p++)
		if (*p == '.')
			b = p + 1;
	size_t k = (size_t)(full + n - b);
	return (k == 3 && !strncmp(b, "net", 3)) || (k == 7 && !strncmp(b, "network", 7));
}

/* The source of the setting whose string value is v (NULL when none has it) */
static const char *selecting_src(const struct ctx *c, const char *v)
{
	const char *key;
	json_t *x;
	json_object_foreach(c->hp, key, x) if (json_is_string(x) && !strcmp(json_string_value(x), v)) return mg_hp_src(c, key);
	return NULL;
}

void mg_model_choices(struct ctx *c)
{
	size_t i;
	json_t *ch;
	json_array_foreach(c->model_choices, i, ch)
	{
		const char *by = selecting_src(c, json_string_value(json_array_get(ch, 1)));
		if (by)
			mg_evid(&c->model, json_string_value(json_array_get(ch, 0)), 52, by);
	}
}
