/* merge_args.c - hyperparameters from argparse/click options and dataclass fields, keyword
 * arguments of trainer calls, the command line on top, and the lists (model, datasets, outputs)
 * the hyperparameters name (merge_lists.c; the strategy and precision they name: merge_precision.c). */
#include "mctx.h"

#include "cmdline.h"
#include "configs.h"

#include "../util/strbuf.h"
#include "../util/strvec.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

/* Remembers how argparse reads an option: {dest, opts: [...], positional, flag, nargs}. */
static void add_spec(struct ctx *c, json_t *call, const char *dest)
{
	json_t *kw = json_object_get(call, "kw");
	json_t *spec = json_object();
	json_t *opts = json_array();
	bool positional = false;
	size_t i;
	json_t *a;
	json_array_foreach(json_object_get(call, "args"), i, a)
	{
		const char *s = json_string_value(a);
		if (!s)
			continue;
		if (s[0] == '-')
			json_array_append(opts, a);
		else if (i == 0)
			positional = true;
	}
	const char *action = json_string_value(json_object_get(kw, "action"));
	bool flag = (action && (!strcmp(action, "store_true") || !strcmp(action, "store_false") ||
				!strcmp(action, "store_const") || !strcmp(action, "count") || !strcmp(action, "help") ||
				!strcmp(action, "version"))) ||
		    json_is_true(json_object_get(kw, "is_flag"));
	json_object_set_new(spec, "dest", json_string(dest));
	json_object_set_new(spec, "opts", opts);
	json_object_set_new(spec, "positional", json_boolean(positional));
	json_object_set_new(spec, "flag", json_boolean(flag));
	json_object_set_new(spec, "store_false", json_boolean(action && !strcmp(action, "store_false")));
	json_object_set_new(spec, "append", json_boolean(action && (!strcmp(action, "append") || !strcmp(action, "extend"))));
	json_t *nargs = json_object_get(kw, "nargs");
	if (nargs)
		json_object_set(spec, "nargs", nargs);
	/* type=str keeps "4" a string (nnU-Net's dataset id); type=str2bool turns "1"/"yes" into true */
	json_t *ty = json_object_get(kw, "type");
	const char *tn = json_string_value(json_object_get(ty, "ref"));
	if (tn)
		json_object_set_new(spec, "type", json_string(strrchr(tn, '.') ? strrchr(tn, '.') + 1 : tn));
	if (json_is_string(json_object_get(kw, "help")))
		json_object_set(spec, "help", json_object_get(kw, "help"));
	/* choices drawn from a name or an expression (choices=list(GPT_models.keys()), choices=model_names) */
	json_t *ch = json_object_get(kw, "choices");
	const char *ct = json_string_value(json_object_get(ch, "ref"));
	if (!ct)
		ct = json_string_value(json_object_get(ch, "expr"));
	if (ct)
		json_object_set_new(spec, "choices_from", json_string(ct));
	json_object_set_new(spec, "line", json_object_get(call, "line") ? json_incref(json_object_get(call, "line")) : json_null());
	json_array_append_new(c->argspec, spec);
}

/* A word as the option's type= makes it: the literal reading (typed_arg) unless the type is str (the word
 * itself) or a function that reads booleans (str2bool, str_to_bool, strtobool, boolean_string: the usual
 * spellings of yes and no). */
static json_t *spec_typed(const json_t *spec, const char *w)
{
	const char *t = spec ? json_string_value(json_object_get(spec, "type")) : NULL;
	if (!t || !w)
		return typed_arg(w);
	if (!strcmp(t, "str"))
		return json_string(w);
	bool boolish = strstr(t, "2bool") || strstr(t, "to_bool") || strstr(t, "tobool") || !strcmp(t, "boolean_string") ||
		       !strcmp(t, "str_to_bool") || !strcmp(t, "bool_flag");
	if (boolish) {
		static const char *const yes[] = {"1", "true", "True", "TRUE", "yes", "Yes", "y", "t", "on", NULL};
		static const char *const no[] = {"0", "false", "False", "FALSE", "no", "No", "n", "f", "off", NULL};
		for (int i = 0; yes[i]; i++)
			if (!strcmp(w, yes[i]))
				return json_true();
		for (int i = 0; no[i]; i++)
			if (!strcmp(w, no[i]))
				return json_false();
	}
	return typed_arg(w);
}

/* The option spec whose dest is dest (NULL when none). */
static json_t *spec_for_dest(const struct ctx *c, const char *dest)
{
	size_t i;
	json_t *s;
	json_array_foreach(c->argspec, i, s)
	{
		const char *d = json_string_value(json_object_get(s, "dest"));
		if (d && !strcmp(d, dest))
			return s;
	}
	return NULL;
}

static json_t *spec_for_opt(const struct ctx *c, const char *opt)
{
	size_t i, k;
	json_t *s, *o;
	/* the entry's own parser first: another script of the scope (tools/eval.py's --data) does not
	 * read this command */
	json_t *exact = NULL;
	json_array_foreach(c->argspec, i, s)
	{
		json_array_foreach(json_object_get(s, "opts"), k, o)
		{
			if (strcmp(json_string_value(o), opt))
				continue;
			if (json_integer_value(json_object_get(s, "file")) == c->entry)
				return s;
			if (!exact)
				exact = s;
		}
	}
	/* argparse takes an unambiguous prefix of a long option (allow_abbrev, on by default): YOLOv6's
	 * README types --batch and --conf for --batch-size and --conf-file. The entry's own parser
	 * decides when it has the option (another script's parser in the scope, such as tools/eval.py's
	 * --conf-thres, does not read this command); two options that share the prefix: argparse
	 * refuses it, and so does maple (the option stays unknown). */
	size_t ol = strlen(opt);
	if (ol < 4 || strncmp(opt, "--", 2))
		return exact;
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1 && exact)
			return exact;
		json_t *hit = NULL;
		bool ambiguous = false;
		json_array_foreach(c->argspec, i, s)
		{
			if (pass == 0 && json_integer_value(json_object_get(s, "file")) != c->entry)
				continue;
			bool match = false;
			json_array_foreach(json_object_get(s, "opts"), k, o)
			{
				const char *os = json_string_value(o);
				match = match || (os && !strncmp(os, "--", 2) && !strncmp(os, opt, ol));
			}
			if (match && hit && hit != s &&
			    !json_equal(json_object_get(hit, "dest"), json_object_get(s, "dest"))) /* one option read twice */
				ambiguous = true;
			if (match && !hit)
				hit = s;
		}
		if (hit)
			return ambiguous ? NULL : hit;
	}
	return NULL;
}

static json_t *nth_positional(const struct ctx *c, size_t n)
{
	size_t i, seen = 0;
	json_t *s;
	json_array_foreach(c->argspec, i, s) if (json_is_true(json_object_get(s, "positional")) && seen++ == n) return s;
	return NULL;
}

/* nargs=argparse.REMAINDER (detectron2's trailing KEY VALUE opts): every word that is left */
static bool rest_nargs(json_t *nargs)
{
	const char *r = json_string_value(json_object_get(nargs, "ref"));
	const char *n = json_string_value(nargs);
	return (r && mg_ends_with(r, "REMAINDER")) || (n && !strcmp(n, "..."));
}

static bool many(json_t *nargs)
{
	const char *n = json_string_value(nargs);
	return (n && (!strcmp(n, "*") || !strcmp(n, "+"))) || (json_is_integer(nargs) && json_integer_value(nargs) > 1) ||
	       rest_nargs(nargs);
}

static bool option_word(const char *w)
{
	return w[0] == '-' && w[1] && !isdigit((unsigned char)w[1]) && w[1] != '.';
}

static char *plain_name(const char *w)
{
	while (*w == '-')
		w++;
	char *n = xstrdup(w);
	char *eq = strchr(n, '=');
	if (eq)
		*eq = '\0';
	for (char *p = n; *p; p++)
		if (*p == '-')
			*p = '_';
	return n;
}

/* An option given again (`--gin_file a.gin --gin_file b.gin`, absl's multi-string flags; argparse's
 * action="append"): the values collect in order in the first one's array, and true is returned.
 * False (the later value simply wins, as argparse has it) for other options and for an unknown
 * option unless both values are config files. */
static bool cmd_arg_again(struct ctx *c, const char *key, json_t *spec, json_t *v)
{
	size_t i;
	json_t *pair;
	json_array_foreach(c->cmd_args, i, pair)
	{
		const char *k = json_string_value(json_array_get(pair, 0));
		json_t *old = json_array_get(pair, 1);
		if (!k || strcmp(k, key))
			continue;
		bool append = spec && json_is_true(json_object_get(spec, "append"));
		bool configs = !spec && json_is_string(v) && config_format_of(json_string_value(v)) >= 0 &&
			       (json_is_array(old) || (json_is_string(old) && config_format_of(json_string_value(old)) >= 0));
		/* absl's multi-string flags of gin (--gin_bindings 'A.b = 1' --gin_bindings 'C.d = 2') */
		static const char *const gin_multi[] = {"gin_bindings", "gin_param", "gin_params", "gin_configs",
							"gin_file", "gin_files", NULL};
		bool gin = false;
		for (int q = 0; !spec && gin_multi[q] && !gin; q++)
			gin = !strcmp(key, gin_multi[q]);
		if (!append && !configs && !gin)
			return false;
		if (!json_is_array(old)) {
			json_t *arr = json_array();
			json_array_append(arr, old);
			json_array_set_new(pair, 1, arr);
			old = arr;
		}
		json_array_append_new(old, v);
		return true;
	}
	return false;
}

static void cmd_arg(struct ctx *c, const char *key, json_t *v)
{
	/* an option an argument file gave keeps the file's line; typed again later, the command's */
	if (c->cur_word_src) {
		if (!c->argfile_src)
			c->argfile_src = json_object();
		json_object_set_new(c->argfile_src, key, json_string(c->cur_word_src));
	} else if (c->argfile_src) {
		json_object_del(c->argfile_src, key);
	}
	json_t *pair = json_array();
	json_array_append_new(pair, json_string(key));
	json_array_append_new(pair, v);
	json_array_append_new(c->cmd_args, pair);
}

/* TensorFlow Model Garden's --params_override='a.b=1,c.d=x': each dotted key set from the command line,
 * over the experiment and its --config_file YAMLs (a comma inside brackets belongs to its value). */
static void params_override(struct ctx *c, const char *s)
{
	while (*s) {
		const char *p = s;
		int depth = 0;
		while (*p && !(*p == ',' && depth == 0)) {
			depth += (*p == '[' || *p == '{') - (*p == ']' || *p == '}');
			p++;
		}
		const char *eq = memchr(s, '=', (size_t)(p - s));
		if (eq && eq > s) {
			char *k = xstrndup(s, (size_t)(eq - s)), *val = xstrndup(eq + 1, (size_t)(p - eq - 1));
			cmd_arg(c, k, typed_arg(val));
			free(k);
			free(val);
		}
		s = *p ? p + 1 : p;
	}
}

/* Reads the script's words the way its argparse parser would: known options by their dest (short
 * options, store_true flags, nargs), positionals in order; unknown options by the usual shapes;
 * Hydra overrides (a=b, +a=b, ~a) and words nobody claims are kept for the config readers. */
void mg_parse_words(struct ctx *c)
{
	json_t *w = c->lc.words;
	size_t n = json_array_size(w), npos = 0;
	/* deepy.py train.py CONFIGS...: the launcher's parser read the script as its first positional
	 * (user_script), the words after it are the rest */
	json_t *first = c->launched_script ? nth_positional(c, 0) : NULL;
	const char *fdest = json_string_value(json_object_get(first, "dest"));
	if (fdest && strstr(fdest, "script")) {
		cmd_arg(c, fdest, json_string(c->launched_script));
		npos = 1;
	}
	for (size_t i = 0; i < n; i++) {
		const char *s = json_string_value(json_array_get(w, i));
		c->cur_word_src = json_string_value(json_array_get(c->word_src, i));
		if (!s)
			continue;
		if (!strcmp(s, "--")) {
			continue;
		}
		if (option_word(s)) {
			const char *eq = strchr(s, '=');
			char *opt = eq ? xstrndup(s, (size_t)(eq - s)) : xstrdup(s);
			json_t *spec = spec_for_opt(c, opt);
			char *key = spec ? xstrdup(json_string_value(json_object_get(spec, "dest"))) : plain_name(s);
			json_t *v = NULL;
			if (eq) {
				v = spec_typed(spec, eq + 1);
			} else if (spec && json_is_true(json_object_get(spec, "flag"))) {
				v = json_boolean(!json_is_true(json_object_get(spec, "store_false")));
			} else if (spec && many(json_object_get(spec, "nargs"))) {
				v = json_array();
				while (i + 1 < n && !option_word(json_string_value(json_array_get(w, i + 1))))
					json_array_append_new(v, spec_typed(spec, json_string_value(json_array_get(w, ++i))));
			} else if (i + 1 < n && !option_word(json_string_value(json_array_get(w, i + 1))) &&
				   !(spec && json_is_string(json_object_get(spec, "nargs")) &&
				     !strcmp(json_string_value(json_object_get(spec, "nargs")), "?") && 0)) {
				const char *next = json_string_value(json_array_get(w, i + 1));
				/* an unknown option before a Hydra override or a config file is a flag */
				if (!spec && (strchr(next, '=') && !strchr(next, '/') && next[0] != '.'))
					v = json_true();
				else
					v = spec_typed(spec, json_string_value(json_array_get(w, ++i)));
			} else {
				v = json_true();
			}
			if (!cmd_arg_again(c, key, spec, v))
				cmd_arg(c, key, v);
			if (!strcmp(key, "params_override") && json_is_string(v))
				params_override(c, json_string_value(v));
			free(key);
			free(opt);
			continue;
		}
		bool override = (strchr(s, '=') && s[0] != '/' && s[0] != '.') || s[0] == '~';
		json_t *spec = override ? NULL : nth_positional(c, npos);
		if (spec) {
			npos++;
			const char *dest = json_string_value(json_object_get(spec, "dest"));
			if (many(json_object_get(spec, "nargs"))) {
				json_t *arr = json_array();
				bool rest = rest_nargs(json_object_get(spec, "nargs"));
				json_array_append_new(arr, spec_typed(spec, s));
				while (i + 1 < n && (rest || !option_word(json_string_value(json_array_get(w, i + 1)))))
					json_array_append_new(arr, spec_typed(spec, json_string_value(json_array_get(w, ++i))));
				cmd_arg(c, dest, arr);
			} else {
				cmd_arg(c, dest, spec_typed(spec, s));
			}
			continue;
		}
		json_array_append_new(c->extra_pos, json_string(s));
	}
}

/* One option as argparse (or click, or typer) declares it: its spec and its default. */
static void argparse_option(struct ctx *c, int i, json_t *call)
{
	const char *rel = c->files[i].rel;
	json_int_t line = json_integer_value(json_object_get(call, "line"));
	json_t *kw = json_object_get(call, "kw");
	char *dest = arg_dest(call);
	if (!dest)
		return;
	add_spec(c, call, dest);
	json_t *spec = json_array_get(c->argspec, json_array_size(c->argspec) - 1);
	json_object_set_new(spec, "file", json_integer(i));
	/* click's type=bool reads 1/0, yes/no, true/false as booleans (EDM's --cond=1); argparse's bool("0")
	 * would be true, so only click's */
	const char *full = json_string_value(json_object_get(call, "full"));
	const char *ty = json_string_value(json_object_get(spec, "type"));
	if (full && !strncmp(full, "click.", 6) && ty && !strcmp(ty, "bool"))
		json_object_set_new(spec, "type", json_string("click2bool"));
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
	mg_hp_set_at(c, dest, v, HP_DEFAULT, rel, line);
	json_decref(v);
	free(dest);
}

/* absl's flags.DEFINE_<kind>("name", default, "help") (DEFINE_string, _integer, _float, _boolean/_bool, _enum,
 * _list, _multi_*): an option --name with its default, as argparse's add_argument would declare it; a boolean
 * one is a switch (--name, --noname, --name=false). https://abseil.io/docs/python/guides/flags */
static void absl_flag(struct ctx *c, int i, json_t *call, const char *kind)
{
	json_t *args = json_object_get(call, "args"), *kw = json_object_get(call, "kw");
	json_t *nm = json_array_get(args, 0);
	if (!json_is_string(nm))
		nm = json_object_get(kw, "name");
	json_t *def = json_array_size(args) > 1 ? json_array_get(args, 1) : json_object_get(kw, "default");
	if (!json_is_string(nm) || !*json_string_value(nm) || strchr(json_string_value(nm), ' '))
		return;
	if (!strcmp(kind, "flag") || !strncmp(kind, "alias", 5) || !strncmp(kind, "config", 6))
		return; /* DEFINE_flag, DEFINE_alias, ml_collections' DEFINE_config_file: not settings of their own */
	json_t *syn = json_object(), *sargs = json_array(), *skw = json_object();
	struct strbuf opt = STRBUF_INIT;
	strbuf_addf(&opt, "--%s", json_string_value(nm));
	json_array_append_new(sargs, json_string(opt.buf));
	strbuf_release(&opt);
	bool boolean = !strcmp(kind, "boolean") || !strcmp(kind, "bool");
	if (def && (json_is_string(def) || json_is_number(def) || json_is_boolean(def)))
		json_object_set(skw, "default", def);
	const char *ty = !strcmp(kind, "integer") ? "int" : !strcmp(kind, "float") ? "float" : boolean ? "str2bool" : NULL;
	if (ty) {
		json_t *t = json_object();
		json_object_set_new(t, "ref", json_string(ty));
		json_object_set_new(skw, "type", t);
	}
	if (boolean) /* --name alone is true; --name=false, --name=0 read as booleans */
		json_object_set_new(skw, "action", json_string("store_true"));
	else if (!strncmp(kind, "multi", 5)) /* DEFINE_multi_string: each --name adds one (t5x's --gin_file twice) */
		json_object_set_new(skw, "action", json_string("append"));
	json_object_set_new(syn, "name", json_string("add_argument"));
	json_object_set_new(syn, "full", json_string("absl.flags"));
	json_object_set(syn, "line", json_object_get(call, "line"));
	json_object_set_new(syn, "args", sargs);
	json_object_set_new(syn, "kw", skw);
	argparse_option(c, i, syn);
	if (boolean) { /* --noname: false, the default kept as declared */
		struct strbuf no = STRBUF_INIT;
		strbuf_addf(&no, "--no%s", json_string_value(nm));
		json_array_clear(sargs);
		json_array_append_new(sargs, json_string(no.buf));
		strbuf_release(&no);
		json_object_set_new(skw, "action", json_string("store_false"));
		json_object_set(skw, "dest", nm);
		json_object_del(skw, "type");
		if (!json_object_get(skw, "default"))
			json_object_set_new(skw, "default", json_false());
		argparse_option(c, i, syn);
	}
	json_decref(syn);
}

/* The parameters of a typer command (pyscan_typer.c) as the options they are: a positional in order or
 * `--flag`, a bool one a flag that sets true. */
void mg_typer_options(struct ctx *c, int i, json_t *params)
{
	size_t k;
	json_t *p;
	json_array_foreach(params, k, p)
	{
		bool positional = json_is_true(json_object_get(p, "positional"));
		json_t *call = json_object(), *args = json_array(), *kw = json_object();
		json_array_append(args, positional ? json_object_get(p, "name") : json_object_get(p, "flag"));
		json_t *def = json_object_get(p, "default");
		if (def && !json_is_null(def))
			json_object_set(kw, "default", def);
		if (!positional && json_is_true(json_object_get(p, "bool")))
			json_object_set_new(kw, "action", json_string("store_true"));
		if (!positional && json_is_string(json_object_get(p, "flag")) &&
		    strcmp(json_string_value(json_object_get(p, "flag")) + 2, json_string_value(json_object_get(p, "name"))))
			json_object_set(kw, "dest", json_object_get(p, "name")); /* --model-name: model_name */
		json_object_set_new(call, "name", json_string("add_argument"));
		json_object_set_new(call, "full", json_string("typer"));
		json_object_set(call, "line", json_object_get(p, "line"));
		json_object_set_new(call, "args", args);
		json_object_set_new(call, "kw", kw);
		argparse_option(c, i, call);
		json_decref(call);
	}
}

void mg_scan_args(struct ctx *c, int i)
{
	json_t *calls = json_object_get(mg_py(c, i), "calls");
	json_int_t main_line = c->entry >= 0 && i != c->entry ? json_integer_value(json_object_get(mg_py(c, i), "main")) : 0;
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
		/* another file's parser built under its own `if __name__ == "__main__":` runs only when that
		 * file is the program (llama2.c's tinystories.py and export.py, imported by train.py) */
		if (main_line > 0 && line > main_line)
			continue;
		if (!strcmp(name, "add_argument") || (!strcmp(name, "option") && is_click)) {
			argparse_option(c, i, call);
		} else if (!strncmp(name, "DEFINE_", 7) && full && (strstr(full, "flags.") || !strcmp(full, name))) {
			absl_flag(c, i, call, name + 7);
		} else if (!strcmp(name, "set_defaults")) {
			const char *key;
			json_t *v;
			json_object_foreach(kw, key, v) if (mg_literal(v)) mg_hp_set_at(c, key, v, HP_DEFAULT + 1, rel, line);
		}
	}
	size_t f;
	json_t *fld;
	json_t *fields = json_object_get(mg_py(c, i), "fields");
	json_array_foreach(fields, f, fld)
	{
		json_t *v = json_object_get(fld, "default");
		const char *fname = json_string_value(json_object_get(fld, "name"));
		struct strbuf key = STRBUF_INIT;
		const char *fcls = json_string_value(json_object_get(fld, "cls"));
		if (fname && fcls && json_is_true(json_object_get(fld, "gin")))
			strbuf_addf(&key, "%s.%s", fcls, fname); /* a @gin.configurable class: gin's Class.field */
		else if (fname && mg_section_of(fields, fcls, &key, 0))
			strbuf_addf(&key, ".%s", fname);
		if (mg_literal(v) && fname)
			mg_hp_set_at(c, key.len ? key.buf : fname, v, HP_DEFAULT, rel,
				     json_integer_value(json_object_get(fld, "line")));
		strbuf_release(&key);
		/* simple_parsing's field(positional=True): the next positional word of the command */
		if (fname && json_is_true(json_object_get(fld, "positional")) && !spec_for_dest(c, fname)) {
			json_t *spec = json_object();
			json_t *opts = json_array();
			json_array_append_new(opts, json_string(fname));
			json_object_set_new(spec, "dest", json_string(fname));
			json_object_set_new(spec, "opts", opts);
			json_object_set_new(spec, "positional", json_true());
			json_object_set_new(spec, "flag", json_false());
			json_object_set_new(spec, "store_false", json_false());
			json_object_set_new(spec, "line", json_incref(json_object_get(fld, "line")));
			json_array_append_new(c->argspec, spec);
		}
		/* a List[...] field is read by HfArgumentParser as --name with nargs="+" */
		if (fname && json_is_true(json_object_get(fld, "list"))) {
			struct strbuf ob = STRBUF_INIT;
			strbuf_addf(&ob, "--%s", fname);
			const char *opt = ob.buf;
			if (!spec_for_opt(c, opt)) {
				json_t *spec = json_object();
				json_t *opts = json_array();
				json_array_append_new(opts, json_string(opt));
				json_object_set_new(spec, "dest", json_string(fname));
				json_object_set_new(spec, "opts", opts);
				json_object_set_new(spec, "positional", json_false());
				json_object_set_new(spec, "flag", json_false());
				json_object_set_new(spec, "store_false", json_false());
				json_object_set_new(spec, "nargs", json_string("+"));
				json_object_set_new(spec, "line", json_incref(json_object_get(fld, "line")));
				json_array_append_new(c->argspec, spec);
			}
			strbuf_release(&ob);
		}
	}
}

/* Keyword arguments of TrainingArguments / Lightning Trainer as hyperparameters. */

void mg_call_kw_hp(struct ctx *c, json_t *call, const char *rel)
{
	json_int_t line = json_integer_value(json_object_get(call, "line"));
	const char *key;
	json_t *v;
	json_object_foreach(json_object_get(call, "kw"), key, v)
	{
		if (mg_literal(v)) {
			/* the keyword's own line when the call spans several */
			json_t *kl = json_object_get(json_object_get(call, "kw_lines"), key);
			mg_hp_set_at(c, key, v, HP_CALL, rel, kl ? json_integer_value(kl) : line);
		} else if (json_is_string(json_object_get(v, "ref"))) {
			/* learning_rate=args.lr: the value of lr, if known */
			const char *ref = json_string_value(json_object_get(v, "ref"));
			const char *dot = strrchr(ref, '.');
			const char *name = dot ? dot + 1 : ref;
			json_t *known = json_object_get(c->hp, name);
			if (known && !json_object_get(c->hp, key)) {
				const char *s = mg_hp_src(c, name);
				mg_hp_set(c, key, known, HP_CALL - 1, s ? s : rel);
			}
		}
	}
}


void mg_add_config_keys(struct ctx *c, int k, const char *prefix)
{
	mg_add_config_keys_at(c, k, prefix, HP_CONFIG);
}

void mg_add_config_keys_at(struct ctx *c, int k, const char *prefix, int prio)
{
	const char *key;
	json_t *a;
	if (!*prefix)
		mg_config_bases(c, k, 0);
	json_object_foreach(mg_cfg_keys(c, k), key, a)
	{
		json_t *v = json_array_get(a, 0);
		if (!*prefix && (!strcmp(key, "base_config") || !strcmp(key, "$include")))
			continue; /* the parent file mg_config_bases read first: no setting, and no config named again */
		struct strbuf name = STRBUF_INIT;
		strbuf_addf(&name, "%s%s", prefix, key);
		mg_hp_set_at(c, name.buf, v, prio, c->files[k].rel, json_integer_value(json_array_get(a, 1)));
		strbuf_release(&name);
	}
}


/* ---- command-line arguments --------------------------------------------------------------- */

void mg_apply_cmd(struct ctx *c)
{
	size_t i;
	json_t *pair;
	json_array_foreach(c->cmd_args, i, pair)
	{
		const char *k = json_string_value(json_array_get(pair, 0));
		json_t *v = json_array_get(pair, 1);
		if (k && v)
			mg_hp_set(c, k, v, HP_CMD, mg_cmd_src(c, k));
	}
	const char *l = c->lc.launcher;
	if (l && !strcmp(l, "accelerate")) {
		mg_evid(&c->fw, "accelerate", 90, "--cmd");
		json_t *o = c->lc.launch_opts;
		if (json_is_true(json_object_get(o, "use_fsdp")))
			mg_evid(&c->strategy, "fsdp", 95, "--cmd");
		if (json_is_true(json_object_get(o, "use_deepspeed"))) {
			json_t *zs = json_object_get(o, "zero_stage");
			/* without --zero_stage the stage is the --deepspeed_config_file's, else Accelerate's 2 */
			bool file = json_is_string(json_object_get(o, "deepspeed_config_file"));
			mg_evid(&c->strategy, json_is_integer(zs) ? mg_zero_name(json_integer_value(zs)) : "zero2",
				json_is_integer(zs) || !file ? 95 : 40, "--cmd");
		}
		if (json_is_true(json_object_get(o, "multi_gpu")))
			mg_evid(&c->strategy, "ddp", 50, "--cmd");
		/* no config file and no process count: accelerate launch starts one process per GPU and
		 * enables multi-GPU (DDP) when it finds several (huggingface/accelerate#1452); weakest evidence */
		json_t *np = json_object_get(o, "num_processes");
		if (!json_object_get(o, "config_file") && !np)
			mg_evid(&c->strategy, "ddp", 8, "--cmd");
		const char *mp = json_string_value(json_object_get(o, "mixed_precision"));
		if (mp)
			mg_evid(&c->precision, mp, 90, "--cmd");
	} else if (l && (!strcmp(l, "fabric") || !strcmp(l, "lightning"))) {
		/* `fabric run --strategy=fsdp --precision=bf16-mixed --devices=4 SCRIPT`: a Fabric() built
		 * without arguments takes these from the launcher
		 * (https://lightning.ai/docs/fabric/stable/fundamentals/launch.html) */
		json_t *o = c->lc.launch_opts;
		mg_evid(&c->fw, "lightning", 85, "--cmd");
		const char *st = json_string_value(json_object_get(o, "strategy"));
		const char *ls = st ? mg_lightning_strategy(st) : NULL;
		if (ls)
			mg_evid(&c->strategy, ls, 90, "--cmd");
		json_t *dv = json_object_get(o, "devices");
		if (!st && ((json_is_integer(dv) && json_integer_value(dv) > 1) ||
			    (json_is_string(dv) && strchr(json_string_value(dv), ','))))
			mg_evid(&c->strategy, "ddp", 30, "--cmd");
		json_t *pr = json_object_get(o, "precision");
		if (json_is_string(pr))
			mg_evid(&c->precision, json_string_value(pr), 90, "--cmd");
		else if (json_is_integer(pr))
			mg_evid(&c->precision, json_integer_value(pr) == 16 ? "fp16" : json_integer_value(pr) == 32 ? "fp32" : NULL, 90,
				"--cmd");
	} else if (l && !strcmp(l, "deepspeed")) {
		mg_evid(&c->fw, "deepspeed", 85, "--cmd");
	} else if (l && !strcmp(l, "fastai")) {
		/* python -m fastai.launch: one process per visible GPU, the Learner under DDP in
		 * learn.distrib_ctx() (https://docs.fast.ai/distributed.html) */
		mg_evid(&c->strategy, "ddp", 40, "--cmd");
	} else if (l && !strcmp(l, "composer")) {
		mg_evid(&c->fw, "composer", 80, "--cmd"); /* Composer's own launcher runs Composer trainers */
	} else if (l && !strcmp(l, "torchrun")) {
		/* several processes per node and nothing else said: data parallel */
		json_t *np = json_object_get(c->lc.launch_opts, "nproc_per_node");
		if ((json_is_integer(np) && json_integer_value(np) > 1) ||
		    (json_is_string(np) && strcmp(json_string_value(np), "1")))
			mg_evid(&c->strategy, "ddp", 12, "--cmd");
	}
	const char *ds = mg_hp_str(c, "deepspeed");
	if (!ds)
		ds = mg_hp_str(c, "deepspeed_config");
	if (ds && json_integer_value(json_object_get(c->hp_prio, mg_hp_str(c, "deepspeed") ? "deepspeed" : "deepspeed_config")) ==
			  HP_CMD && !mg_ds_untaken(c)) {
		mg_evid(&c->ds_config, ds, 95, "--cmd");
		mg_evid(&c->fw, "deepspeed", 70, "--cmd");
	}
	const char *fsdp = mg_hp_str(c, "fsdp");
	if (fsdp && *fsdp && json_integer_value(json_object_get(c->hp_prio, "fsdp")) == HP_CMD)
		mg_evid(&c->strategy, "fsdp", 95, "--cmd");
}

/* jsonargparse's add_argument("--config", action=ActionConfigFile): the file's values are applied where the
 * option stands, so an option typed before it is overridden by the file (one typed after it wins, as
 * mg_apply_cmd has it). */
void mg_config_file_order(struct ctx *c)
{
	if (c->entry < 0)
		return;
	size_t k;
	json_t *call;
	json_array_foreach(json_object_get(mg_py(c, c->entry), "calls"), k, call)
	{
		const char *n = json_string_value(json_object_get(call, "name"));
		json_t *act = json_object_get(json_object_get(call, "kw"), "action");
		const char *a = json_string_value(json_object_get(act, "ref"));
		const char *opt = json_string_value(json_array_get(json_object_get(call, "args"), 0));
		if (!n || strcmp(n, "add_argument") || !a || !mg_ends_with(a, "ActionConfigFile") || !opt)
			continue;
		size_t nw = json_array_size(c->lc.words), at = nw;
		const char *path = NULL;
		for (size_t w = 0; w < nw && at == nw; w++) {
			const char *s = json_string_value(json_array_get(c->lc.words, w));
			size_t ol = strlen(opt);
			if (s && !strncmp(s, opt, ol) && s[ol] == '=')
				at = w, path = s + ol + 1;
			else if (s && !strcmp(s, opt) && w + 1 < nw)
				at = w, path = json_string_value(json_array_get(c->lc.words, w + 1));
		}
		int f = path ? mg_resolve_path(c, path) : -1;
		if (f < 0)
			continue;
		for (size_t w = 0; w < at; w++) {
			const char *s = json_string_value(json_array_get(c->lc.words, w));
			if (!s || strncmp(s, "--", 2))
				continue;
			struct strbuf key = STRBUF_INIT;
			for (const char *p = s + 2; *p && *p != '='; p++)
				strbuf_addch(&key, *p == '-' ? '_' : *p);
			json_int_t line = 0;
			json_t *v = mg_cfg_get(c, f, key.buf, &line);
			if (v)
				mg_hp_set_at(c, key.buf, v, HP_CMD + 1, c->files[f].rel, line);
			strbuf_release(&key);
		}
	}
}
